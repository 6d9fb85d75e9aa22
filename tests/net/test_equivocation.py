"""Equivocation: two different messages one seat signed for one place (table, seat, counter) are a proof
against that seat. The sequencer seals both in one entry and every peer, an observer and `verify` reach the
same proven verdict; an entry that proves nothing names the sequencer; the same message sent again is
nothing; a peer holding both apart from such an entry names the seat too."""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from p2pshithead.cli.main import main
from p2pshithead.net import (
    SEQUENCER,
    Application,
    Authored,
    Entry,
    Host,
    Identity,
    Joiner,
    Journal,
    LocalProtocolError,
    Progress,
    SeatSigner,
    TableConfig,
    Transcript,
    app_body,
    author_message,
    decode_object,
    load_entries,
    replay,
    save_entries,
    seal,
)
from p2pshithead.net._framing import pack
from p2pshithead.net._transcript import authored_to_wire, evidence_to_wire, genesis_body

from .countdown import COUNTDOWN, Countdown, CountdownBot, countdown_bots
from .cutlink import CutLink
from .fake_link import APPS, Group, make_group
from .test_watch_host import until


def _second(g: Group, msg: Authored, body: object) -> Authored:
    """Another message its seat signs for the place of `msg`."""
    return author_message(g.ids[msg.seat], g.sequencer.transcript.setup.table_id, msg.seat, msg.counter, msg.seen,
                          body)  # fmt: skip


def _placed_move(g: Group) -> Authored:
    """Seat 0 takes 1, then seat 1 takes 1: seat 1's message, in the chain at every seat."""
    g.deliver(g.sequencer.sequence(g.seats[0].move({"take": 1}), "host"))
    msg = g.seats[1].move({"take": 1})
    g.deliver(g.sequencer.sequence(msg, "seat 1"))
    return msg


def _observer(g: Group) -> Transcript:
    """A spectator that checks every entry of the host's chain afresh."""
    entries = g.sequencer.transcript.entries
    t = Transcript.start(entries[0], None, APPS)
    for entry in entries[1:]:
        t.append(entry)
    return t


def _by_host(g: Group, body: object) -> Entry:
    """An entry the sequencer authors and seals at the end of its chain, whatever its body."""
    t = g.sequencer.transcript
    msg = author_message(g.ids[0], t.setup.table_id, SEQUENCER, t.next_counter(SEQUENCER), t.head, body)
    return seal(g.ids[0], len(t.entries), t.head.digest, msg)


def test_two_messages_for_one_place_stop_every_peer_with_a_proven_verdict_naming_the_seat(group: Group) -> None:
    g = group
    placed = _placed_move(g)
    assert {s.transcript.verdict for s in g.seats} == {None}  # control: one message is a move like any
    other = _second(g, placed, app_body({"take": 2}))
    g.deliver(g.sequencer.equivocation(placed, other))
    verdicts = {s.transcript.verdict for s in g.seats} | {_observer(g).verdict}
    assert len(verdicts) == 1
    (verdict,) = verdicts
    assert verdict is not None and verdict.proven and verdict.seat == 1 and verdict.nick == "p1"
    assert verdict.reason == "signed two different messages as its message 0 (they differ in body)"
    assert all(s.transcript.phase is Progress.STOPPED for s in g.seats)


def test_a_second_message_with_another_seen_head_is_named_too(group: Group) -> None:
    g = group
    placed = _placed_move(g)
    other = author_message(g.ids[1], g.sequencer.transcript.setup.table_id, 1, placed.counter,
                           g.sequencer.transcript.head, app_body({"take": 1}))  # fmt: skip
    g.deliver(g.sequencer.equivocation(placed, other))
    verdict = _observer(g).verdict
    assert verdict is not None and verdict.seat == 1 and verdict.reason.endswith("(they differ in seen head)")


def test_the_same_message_twice_proves_nothing(group: Group) -> None:
    g = group
    placed = _placed_move(g)
    with pytest.raises(LocalProtocolError, match="the same message of seat 1 twice"):
        g.sequencer.equivocation(placed, replace(placed))
    assert g.sequencer.transcript.witness(replace(placed)) is None
    assert g.sequencer.transcript.verdict is None


def _forged(g: Group, placed: Authored, other: Authored) -> Transcript:
    """Seat 2's copy given the sequencer's equivocation entry of `placed` and `other`, unchecked by the host."""
    g.seats[2].transcript.append(_by_host(g, {"k": "equivocation", "a": evidence_to_wire(placed),
                                              "b": evidence_to_wire(other)}))  # fmt: skip
    return g.seats[2].transcript


def test_an_equivocation_entry_with_a_good_pair_names_the_seat_sealed_by_hand(group: Group) -> None:
    """Control for the forgeries below: the same entry, built by hand, with a good pair."""
    g = group
    placed = _placed_move(g)
    verdict = _forged(g, placed, _second(g, placed, app_body({"take": 3}))).verdict
    assert verdict is not None and verdict.proven and verdict.seat == 1


@pytest.mark.parametrize(
    ("forge", "reason"),
    [
        (lambda g, m: replace(_second(g, m, app_body({"take": 3})), body=pack(app_body({"take": 2}))),
         "a signature that is not seat 1's"),
        (lambda g, m: replace(m, sig=bytes(64)), "the same message of seat 1 twice"),
        (lambda g, m: _second(g, replace(m, counter=m.counter + 1), app_body({"take": 3})), "not of one place"),
        (lambda g, m: author_message(g.ids[2], g.sequencer.transcript.setup.table_id, 2, 0, m.seen,
                                     app_body({"take": 3})), "not of one place"),
    ],
    ids=["signature-fails", "same-message", "other-counter", "other-seat"],
)
def test_an_equivocation_entry_that_proves_nothing_names_the_sequencer(group: Group, forge, reason: str) -> None:
    g = group
    placed = _placed_move(g)
    verdict = _forged(g, placed, forge(g, placed)).verdict
    assert verdict is not None and verdict.proven and verdict.seat == SEQUENCER
    assert verdict.reason.startswith("an equivocation entry that proves nothing") and reason in verdict.reason


def test_a_malformed_equivocation_entry_names_the_sequencer(group: Group) -> None:
    g = group
    placed = _placed_move(g)
    g.seats[2].transcript.append(_by_host(g, {"k": "equivocation", "a": evidence_to_wire(placed)}))
    verdict = g.seats[2].transcript.verdict
    assert verdict is not None and verdict.seat == SEQUENCER and "malformed body" in verdict.reason


def test_an_equivocation_entry_by_another_seat_names_its_author(group: Group) -> None:
    g = group
    placed = _placed_move(g)
    other = _second(g, placed, app_body({"take": 3}))
    t = g.sequencer.transcript
    msg = author_message(g.ids[2], t.setup.table_id, 2, t.next_counter(2), t.head,
                         {"k": "equivocation", "a": evidence_to_wire(placed), "b": evidence_to_wire(other)})
    g.seats[1].transcript.append(seal(g.ids[0], len(t.entries), t.head.digest, msg))
    verdict = g.seats[1].transcript.verdict
    assert verdict is not None and verdict.seat == 2 and "not allowed" in verdict.reason


def test_a_copy_that_takes_a_place_held_already_names_the_seat_if_it_signed_both(group: Group) -> None:
    """A peer holds seat 1's message; the host seals another of seat 1's for the same place further on (a
    catch-up after a rejoin, say): the peer names seat 1. Control: the same message sealed again at a new
    place is the host's doing, and names it."""
    g = group
    placed = _placed_move(g)
    t = g.sequencer.transcript
    again = seal(g.ids[0], len(t.entries), t.head.digest, placed)
    g.seats[2].transcript.append(again)
    verdict = g.seats[2].transcript.verdict
    assert verdict is not None and verdict.seat == SEQUENCER and "counter 0, expected 1" in verdict.reason
    other = seal(g.ids[0], len(t.entries), t.head.digest, _second(g, placed, app_body({"take": 2})))
    g.seats[1].transcript.append(other)
    verdict = g.seats[1].transcript.verdict
    assert verdict is not None and verdict.proven and verdict.seat == 1 and "two different messages" in verdict.reason


def test_a_message_held_apart_is_a_witness_against_its_seat(group: Group) -> None:
    g = group
    placed = _placed_move(g)
    t = g.seats[2].transcript
    assert t.witness(author_message(g.ids[1], t.setup.table_id, 1, placed.counter + 1, t.head, {"k": "end"})) is None
    bad = replace(_second(g, placed, app_body({"take": 2})), body=pack(app_body({"take": 3})))
    assert t.witness(bad) is None and t.verdict is None  # not signed by seat 1: proves nothing
    verdict = t.witness(_second(g, placed, app_body({"take": 2})))
    assert verdict is not None and verdict.seat == 1 and t.verdict == verdict and t.phase is Progress.STOPPED


def test_a_seat_given_its_message_in_flight_signs_no_other_until_it_is_back(group: Group) -> None:
    """A seat that comes back after a crash is given the message it had sent (its journal's): it does not
    move while that message is out, whatever entries of its own come first (the catch-up). Control: a
    seat given none moves at once."""
    g = group
    g.deliver(g.sequencer.sequence(g.seats[0].move({"take": 1}), "host"))
    sent = g.seats[1].move({"take": 1})
    ids, t = g.ids[1], g.seats[1].transcript
    assert not SeatSigner(ids, t, sent).may_move() and SeatSigner(ids, t, sent).in_flight == sent
    assert SeatSigner(ids, t).may_move()
    back = SeatSigner(ids, t, sent)
    back.observe(t.entries[0])  # not its message
    assert not back.may_move()
    g.deliver(g.sequencer.sequence(sent, "seat 1"))
    back.observe(t.entries[-1])
    assert back.in_flight is None
    assert SeatSigner(ids, t, sent).in_flight is None  # placed already: nothing in flight


def test_an_equivocation_entry_in_a_transcript_of_version_4_names_the_sequencer() -> None:
    """A game of version 4 could hold no such entry: read as that program read it, its author's fault."""
    g = make_group()
    t = g.sequencer.transcript
    body = {**genesis_body(t.setup), "v": 4}
    genesis = seal(g.ids[0], 0, bytes(32), author_message(g.ids[0], t.setup.table_id, 0, 0, t.entries[0].msg.seen,
                                                          body))  # fmt: skip
    old = Transcript.start(genesis, None, APPS)
    assert old.version == 4
    first = author_message(g.ids[0], t.setup.table_id, 0, 1, old.head, app_body({"take": 1}))
    old.append(seal(g.ids[0], 1, old.head.digest, first))
    second = author_message(g.ids[0], t.setup.table_id, 0, 1, first.seen, app_body({"take": 2}))
    proof = author_message(g.ids[0], t.setup.table_id, 0, 2, old.head,
                           {"k": "equivocation", "a": evidence_to_wire(first), "b": evidence_to_wire(second)})
    old.append(seal(g.ids[0], 2, old.head.digest, proof))
    assert old.verdict is not None and old.verdict.seat == SEQUENCER and "not allowed" in old.verdict.reason


def test_verify_names_the_seat_that_signed_two_key_shares(tmp_path: Path) -> None:
    """The card game: seat 1 signs a second key share for its first message; the saved file verifies to the
    proven verdict naming it. Control: the file saved before the proof verifies as a game in play."""
    g = make_group(3, "classic", "shithead")
    for seat in g.seats[:2]:
        g.deliver(g.sequencer.sequence(seat.move(seat.transcript.app.pending()), f"seat {seat.seat}"))
    placed = g.sequencer.transcript.entries[2].msg
    fresh = APPS["shithead"].make(g.sequencer.transcript.setup, 1, b"")  # the same seat, fresh secrets
    other = _second(g, placed, app_body(fresh.pending()))
    before = tmp_path / "before.p2ps"
    save_entries(before, g.sequencer.transcript.entries)
    g.deliver(g.sequencer.equivocation(placed, other))
    saved = tmp_path / "game.p2ps"
    save_entries(saved, g.sequencer.transcript.entries)
    assert replay(load_entries(saved), str(saved), APPS).verdict == g.seats[2].transcript.verdict
    result = CliRunner().invoke(main, ["verify", str(before)])
    assert result.exit_code == 1 and "incomplete" in result.output and "fault" not in result.output, result.output
    result = CliRunner().invoke(main, ["verify", str(saved)])
    assert result.exit_code == 1, result.output
    assert "fault: seat 1 (p1) at fault: signed two different messages as its message 0 (they differ in body)" \
        in result.output
    assert "seat 1 (p1) is at fault (proven by the transcript)" in result.output


# Over real sockets (127.0.0.1, one event loop): the host seals the proof, and a seat that crashed with a
# message in flight sends that very message again when it comes back.

CONFIG = TableConfig("twice", COUNTDOWN, "short", 3, "127.0.0.1", announce=False, away_time=30)


class Twice(Joiner):
    """A joiner that sends each of its moves a second time: the same message (`same`), or, once, another one
    signed for the same place (its take changed)."""

    def __init__(self, identity: Identity, port: int, same: bool, seed: int) -> None:
        super().__init__(identity, ("127.0.0.1",), port, APPS, countdown_bots(seed), bot=True, bind="127.0.0.1",
                         notify=lambda event: None, clock=time.monotonic)  # fmt: skip
        self._me, self._same = identity, same
        self.second: Authored | None = None

    async def _async_submit(self, msg: Authored) -> None:
        await super()._async_submit(msg)
        body = decode_object(msg.body, "self")
        if self._conn is None or self.transcript is None or not isinstance(body, dict) or body.get("k") != "app":
            return
        if not self._same and self.second is None:
            take = 2 if body["p"]["take"] == 1 else 1
            self.second = author_message(self._me, self.transcript.setup.table_id, msg.seat, msg.counter, msg.seen,
                                         app_body({"take": take}))  # fmt: skip
            await self._conn.async_send(authored_to_wire(self.second))
        elif self._same:
            await self._conn.async_send(authored_to_wire(msg))


async def _twice(same: bool) -> tuple[Transcript, Transcript, Transcript, int]:
    async with Host(Identity.generate("host"), CONFIG, CountdownBot(random.Random(0)), table_id=os.urandom(16),
                    secret=b"", host_ready=False, notify=lambda event: None, clock=time.monotonic) as host:  # fmt: skip
        run = asyncio.ensure_future(host.async_run())
        two = Identity.generate("two")
        honest = Joiner(Identity.generate("honest"), ("127.0.0.1",), host.port, APPS, countdown_bots(1), bot=True,
                        bind="127.0.0.1", notify=lambda event: None, clock=time.monotonic)  # fmt: skip
        twice = Twice(two, host.port, same, 2)
        async with honest, twice:
            done = await asyncio.wait_for(asyncio.gather(run, honest.async_run(), twice.async_run()), 20)
        assert same or twice.second is not None
    return *done, [s.key for s in done[0].setup.seats].index(two.public)


def test_a_seat_that_sends_two_messages_for_one_place_is_named_by_every_peer_and_by_the_saved_file() -> None:
    host, honest, twice, seat = asyncio.run(_twice(same=False))
    proof = decode_object(host.entries[-1].msg.body, "host")
    assert isinstance(proof, dict) and proof["k"] == "equivocation" and host.entries[-1].msg.seat == SEQUENCER
    verdicts = {t.verdict for t in (host, honest, twice)}
    assert len(verdicts) == 1
    (verdict,) = verdicts
    assert verdict is not None and verdict.proven and verdict.seat == seat and verdict.nick == "two"
    assert "signed two different messages" in verdict.reason
    assert honest.head == host.head == twice.head
    assert replay(host.entries, "saved", APPS).verdict == verdict


def test_the_same_message_sent_twice_is_harmless() -> None:
    host, honest, twice, seat = asyncio.run(_twice(same=True))
    assert all(t.phase is Progress.DONE and t.verdict is None for t in (host, honest, twice))
    assert honest.head == host.head == twice.head


class Choosing:
    """A countdown player that takes `take` chips (fewer when fewer remain); its first move waits for `gate`."""

    is_bot = True

    def __init__(self, take: int) -> None:
        self.take, self.gate, self.asked = take, asyncio.Event(), asyncio.Event()

    async def async_choose(self, app: Application, seat: int) -> object:
        self.asked.set()
        await self.gate.wait()
        assert isinstance(app, Countdown)
        return {"take": min(self.take, app.chips)}

    async def async_wait_ready(self) -> None:
        return None

    def observe(self, app: Application, seat: int, events: Sequence[object]) -> None:
        return None

    def tick(self) -> None:
        return None


def test_a_seat_killed_with_a_message_in_flight_sends_that_very_message_again(tmp_path: Path) -> None:
    """Ann signs her first move (take 1) and sends it into a link that holds it back, and is killed. Her
    program, run again from her journal with a player that would take 2, sends the move she signed before
    and signs nothing else for its place: an honest seat never signs two messages for one place (had the
    host held the first, the second would prove her a cheat)."""
    ann = Identity.generate("ann")

    def keep(table_id: bytes) -> Journal:
        return Journal(tmp_path / table_id.hex())

    async def scenario() -> tuple[Transcript, Transcript, Path]:
        config = replace(CONFIG, seats=2)
        async with Host(Identity.generate("host"), config, CountdownBot(random.Random(0)), table_id=os.urandom(16),
                        secret=b"", host_ready=False, notify=lambda event: None, clock=time.monotonic) as host:
            run = asyncio.ensure_future(host.async_run())
            with CutLink(host.port) as link:
                first = Choosing(1)
                killed = Joiner(ann, ("127.0.0.1",), link.port, APPS, lambda app: first, bot=True, bind="127.0.0.1",
                                notify=lambda event: None, clock=time.monotonic, keep=keep)  # fmt: skip
                async with killed:
                    playing = asyncio.ensure_future(killed.async_run())
                    async with asyncio.timeout(10):
                        await first.asked.wait()
                    link.one_way("up")  # what ann sends now never reaches the host
                    first.gate.set()
                    await until(lambda: any(Journal(f).sent() is not None for f in tmp_path.iterdir()))  # kept
                    playing.cancel()  # kill -9: the process is gone, its journal stays
                    link.cut()
                (folder,) = tmp_path.iterdir()
                journal = Journal(folder)
                record = journal.record()
                assert record is not None
                second = Choosing(2)
                second.gate.set()
                async with Joiner(ann, record.addresses, record.port, APPS, lambda app: second, bot=True,
                                  bind="127.0.0.1", notify=lambda event: None, clock=time.monotonic, keep=keep,
                                  resume=(journal, record)) as again:  # fmt: skip
                    done = await asyncio.wait_for(asyncio.gather(run, again.async_run()), 20)
        return done[0], done[1], folder

    host, again, folder = asyncio.run(scenario())
    assert host.phase is Progress.DONE and host.verdict is None and again.head == host.head
    seat = [s.key for s in host.setup.seats].index(ann.public)
    (placed,) = [e.msg for e in host.entries if e.msg.seat == seat and e.msg.counter == 0]
    assert decode_object(placed.body, "host") == app_body({"take": 1})  # not take 2
    kept = Journal(folder).sent()
    assert kept is not None and kept.seat == seat  # her last message, kept before it was sent
