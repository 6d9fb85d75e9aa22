"""The signed, hash-chained transcript: whole games agree; forgery, reordering and forks are named."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from p2pshithead.net import (
    SEQUENCER,
    Head,
    LocalProtocolError,
    Progress,
    RemoteProtocolError,
    Transcript,
    app_body,
    author_message,
    seal,
)

from ..profiles import examples
from .fake_link import APPS, Group, make_group


@examples(15)
@given(seed=st.integers(0, 2**32), n=st.integers(2, 5))
def test_bot_games_end_with_one_chain_everywhere(seed: int, n: int) -> None:
    g = make_group(n)
    g.play_bots(random.Random(seed))
    heads = {s.transcript.head for s in g.seats}
    assert len(heads) == 1
    assert all(s.transcript.phase is Progress.DONE for s in g.seats)
    order = g.seats[0].transcript.app.finish_order()
    assert order is not None and sorted(order) == list(range(n))


def test_illegal_move_is_appended_and_names_its_author(group: Group) -> None:
    mover = group.seats[0]
    entry = group.sequencer.sequence(mover.move({"take": 9}), "host")
    group.deliver(entry)
    verdicts = {s.transcript.verdict for s in group.seats}
    assert len(verdicts) == 1
    (verdict,) = verdicts
    assert verdict is not None and verdict.seat == 0 and "cannot take 9" in verdict.reason


def test_out_of_turn_move_names_its_author(group: Group) -> None:
    group.deliver(group.sequencer.sequence(group.seats[2].move({"take": 1}), "seat 2"))
    verdict = group.seats[1].transcript.verdict
    assert verdict is not None and verdict.seat == 2


def test_sequencer_refuses_bad_signature_naming_the_peer(group: Group) -> None:
    msg = group.seats[0].move({"take": 1})
    forged = replace(msg, body=msg.body.replace(b"\x01", b"\x02"))
    with pytest.raises(RemoteProtocolError, match="seat 0's signature"):
        group.sequencer.sequence(forged, "alice")


def test_forged_entry_names_the_sequencer(group: Group) -> None:
    g = group
    msg = g.seats[0].move({"take": 1})
    entry = seal(g.ids[0], 1, g.sequencer.transcript.head.digest, replace(msg, body=msg.body.replace(b"\x01", b"\x02")))
    g.seats[1].transcript.append(entry)
    verdict = g.seats[1].transcript.verdict
    assert verdict is not None and verdict.seat == SEQUENCER and "signature" in verdict.reason


def test_entry_not_sealed_by_the_host_names_the_sequencer(group: Group) -> None:
    g = group
    entry = seal(g.ids[1], 1, g.sequencer.transcript.head.digest, g.seats[0].move({"take": 1}))
    g.seats[2].transcript.append(entry)
    verdict = g.seats[2].transcript.verdict
    assert verdict is not None and verdict.reason.endswith("seal does not hold")


def test_reordering_is_caught(group: Group) -> None:
    g = group
    first = g.sequencer.sequence(g.seats[0].move({"take": 1}), "host")
    g.deliver(first)
    second = g.sequencer.sequence(g.seats[1].move({"take": 1}), "seat 1")
    late = make_group_copy(g)  # a peer that never got entry 1
    late.append(second)
    verdict = late.verdict
    assert verdict is not None and verdict.seat == SEQUENCER


def make_group_copy(g: Group) -> Transcript:
    return Transcript.start(g.sequencer.transcript.entries[0], 2, APPS)


def test_fork_shown_to_two_peers_is_caught_when_they_cross(group: Group) -> None:
    """The host shows seat 1 one move and seat 2 another; seat 1's next message exposes it at seat 2."""
    g = group
    t = g.sequencer.transcript
    genesis_digest = t.head.digest
    take1 = g.seats[0].move({"take": 1})
    take2 = author_message(g.ids[0], t.setup.table_id, 0, 1, Head(0, genesis_digest), {"k": "app", "p": {"take": 2}})
    g.seats[1].transcript.append(seal(g.ids[0], 1, genesis_digest, take1))
    g.seats[2].transcript.append(seal(g.ids[0], 1, genesis_digest, take2))
    g.seats[1].observe(g.seats[1].transcript.entries[1])
    reply = g.seats[1].move({"take": 1})  # seat 1 signs the head it saw: history with take1
    forged_next = seal(g.ids[0], 2, g.seats[2].transcript.head.digest, reply)
    g.seats[2].transcript.append(forged_next)
    verdict = g.seats[2].transcript.verdict
    assert verdict is not None and verdict.seat == SEQUENCER and "forked" in verdict.reason


def test_fork_of_card_game_entries_is_caught_when_they_cross() -> None:
    """The host (seat 0) signs two different key shares and shows one to each peer; seat 1's key share,
    bound to the history it saw, exposes the fork at seat 2."""
    g = make_group(3, "classic", "shithead")
    t = g.sequencer.transcript
    genesis_digest = t.head.digest
    share_x = g.seats[0].move(t.app.pending())
    other = APPS["shithead"].make(t.setup, 0, b"")  # the same seat with fresh secrets: a second key share
    share_y = author_message(g.ids[0], t.setup.table_id, 0, 1, Head(0, genesis_digest), app_body(other.pending()))
    assert share_x.body != share_y.body
    g.seats[1].transcript.append(seal(g.ids[0], 1, genesis_digest, share_x))
    g.seats[2].transcript.append(seal(g.ids[0], 1, genesis_digest, share_y))
    assert g.seats[1].transcript.verdict is None and g.seats[2].transcript.verdict is None  # each history is valid
    g.seats[1].observe(g.seats[1].transcript.entries[1])
    reply = g.seats[1].move(g.seats[1].transcript.app.pending())
    g.seats[2].transcript.append(seal(g.ids[0], 2, g.seats[2].transcript.head.digest, reply))
    verdict = g.seats[2].transcript.verdict
    assert verdict is not None and verdict.seat == SEQUENCER and "forked" in verdict.reason


def test_bot_card_game_ends_with_one_chain_everywhere() -> None:
    g = make_group(3, "classic", "shithead")
    g.play_bots(random.Random(5), limit=2000)
    assert len({s.transcript.head for s in g.seats}) == 1
    assert all(s.transcript.phase is Progress.DONE for s in g.seats)


def test_abort_stops_everyone_with_the_same_unproven_verdict(group: Group) -> None:
    group.deliver(group.sequencer.abort(2, "dropped"))
    verdicts = {s.transcript.verdict for s in group.seats}
    assert len(verdicts) == 1
    (verdict,) = verdicts
    assert verdict is not None and verdict.seat == 2 and not verdict.proven


def test_nothing_is_sequenced_after_a_verdict(group: Group) -> None:
    group.deliver(group.sequencer.abort(1, "dropped"))
    with pytest.raises(LocalProtocolError, match="stopped"):
        group.sequencer.sequence(group.seats[1].move({"take": 1}), "seat 1")
