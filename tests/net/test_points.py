"""Malformed points through the whole wire path: a seat signs a body whose payload spells a point wrong
(every family of tests/crypto/ristretto.py, in every point field of every payload a game sends), the
sequencer seals it, and every follower's transcript and an observer's reach one proven verdict naming
that seat as malformed, never the sequencer, never a crash; the honest entry is then taken as before.
And whatever else the application raises on a seat's payload is that seat's verdict, not a crash."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from p2pshithead.game import TableState
from p2pshithead.game._payloads import PAYLOAD_SCHEMA
from p2pshithead.net import Transcript, Verdict, decode_object
from p2pshithead.net._transcript import app_body, author_message, seal

from ..crypto.ristretto import kinds_of_path, malformed_points, point_paths, replaced
from .fake_link import APPS, BOTS, Group, make_group

MALFORMED = malformed_points()


def _verdicts(group: Group, observer: Transcript, seat: int, payload: object) -> list[Verdict | None]:
    """The verdict each follower's transcript copy and the observer's reach on `payload`, signed by
    `seat` as its next message and sealed by the sequencer."""
    host = group.sequencer.transcript
    msg = author_message(group.ids[seat], host.setup.table_id, seat, host.next_counter(seat), host.head,
                         app_body(payload))  # fmt: skip
    entry = seal(group.ids[0], len(host.entries), host.head.digest, msg)
    out = []
    for transcript in [*(s.transcript for s in group.seats[1:]), observer]:
        copied = copy.deepcopy(transcript)
        copied.append(entry)
        out.append(copied.verdict)
    return out


def test_every_point_field_refuses_every_malformed_encoding_through_the_transcript() -> None:
    group = make_group(3, "classic", "shithead")
    observer = Transcript.start(group.sequencer.transcript.entries[0], None, APPS)
    bots = [BOTS["shithead"]() for _ in group.seats]
    rng, covered = random.Random(1), set()
    for _ in range(3000):
        seat = next((s for s in group.seats if s.may_move()), None)
        if seat is None:
            break
        msg = seat.move(bots[seat.seat](seat.transcript.app, seat.seat, rng))
        payload: Any = decode_object(msg.body, "test")["p"]  # type: ignore[index]
        for path in point_paths(PAYLOAD_SCHEMA, payload):
            field = (payload["t"], *kinds_of_path(path))
            if field in covered:
                continue
            covered.add(field)
            for family, bad in MALFORMED:
                for verdict in _verdicts(group, observer, seat.seat, replaced(payload, path, bad)):
                    assert verdict is not None and verdict.seat == seat.seat and verdict.proven, (family, field)
                    assert "malformed" in verdict.reason, (family, field, verdict)
        entry = group.sequencer.sequence(msg, f"seat {seat.seat}")  # positive control: the honest entry
        group.deliver(entry)
        observer.append(entry)
        assert observer.verdict is None
    assert {("deck", "m", "public"), ("deck", "m", "deck"), ("deck", "m", "commitments"), ("deck", "m", "chain"),
            ("deck", "m", "shares"), ("deck", "m", "draw"), ("move", "r", "shares")} <= covered, covered  # fmt: skip
    assert observer.app.finish_order() is not None


@pytest.mark.parametrize("error", [RuntimeError("input cannot be larger than the size of the group"),
                                   KeyError(b"\x01"), IndexError("slot"), ValueError("no"), TypeError("bytes")])
def test_any_error_the_application_raises_on_a_payload_is_its_authors_verdict(
    error: Exception, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As when a binding raises inside a proof check: every peer names the author, none crashes."""
    group = make_group(3, "classic", "shithead")
    observer = Transcript.start(group.sequencer.transcript.entries[0], None, APPS)
    first = group.seats[0]
    msg = first.move(BOTS["shithead"]()(first.transcript.app, 0, random.Random(0)))
    entry = group.sequencer.sequence(msg, "seat 0")  # the host's own transcript takes it before the fault
    group.deliver(entry)
    observer.append(entry)
    author = next(s for s in group.seats if s.may_move())
    made = author.move(BOTS["shithead"]()(author.transcript.app, author.seat, random.Random(0)))
    payload = decode_object(made.body, "test")["p"]  # type: ignore[index]

    def raising(self: TableState, seat: int, obj: object, proven: object = None) -> list[object]:
        raise error

    monkeypatch.setattr(TableState, "apply", raising)
    verdicts = _verdicts(group, observer, author.seat, payload)
    assert None not in verdicts
    assert {(v.seat, v.reason, v.proven) for v in verdicts if v is not None} == {
        (author.seat, f"sent a payload that could not be checked ({type(error).__name__})", True)}
