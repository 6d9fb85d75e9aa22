"""The host's session (`HostSession`) in memory, with a fake clock: every rule of a table (hello and proof,
seating and its refusals, the lobby, rejoin at each stage, away and back, abort, leave, spectators, waiters,
the series, sequencing and a lying peer) as messages in and typed actions out: no socket, no sleep, no
wall clock. The real-socket tests (test_sit_again, test_rejoin, test_watch_host, test_series...) check
that `Host` carries these actions out."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from p2pshithead.net import (
    PROTOCOL_VERSION,
    AwayCause,
    Head,
    Identity,
    Limits,
    LocalProtocolError,
    Progress,
    RemoteProtocolError,
    SeatSigner,
    Transcript,
)
from p2pshithead.net._events import Away, Back, Dropped, LeftLobby, LobbySeats, Seated, Stopped
from p2pshithead.net._lobby import Occupant
from p2pshithead.net._messages import (
    FROM_PEER,
    Bye,
    Goodbye,
    Hello,
    TableInfo,
    Welcome,
    check_message,
    peer_message,
    rejoin_bytes,
)
from p2pshithead.net._session import (
    REJOIN_CLOCK_SKEW_MS,
    Action,
    Admit,
    Announce,
    Appended,
    Apply,
    CatchUp,
    Close,
    HostSession,
    Keep,
    Notify,
    Relay,
    Rename,
    Send,
    TableConfig,
)
from p2pshithead.net._transcript import app_body, author_message, authored_to_wire
from p2pshithead.wire import WireError

from ..profiles import examples
from ..speaking import speaking
from .countdown import APPS, COUNTDOWN
from .prove import hello, proof

HOST, ANN, BOB, CAT, DAN = (Identity.generate(n) for n in ("host", "ann", "bob", "cat", "dan"))
TABLE = bytes(range(16))
WALL = 1_800_000_000.0  # the fake clock's `now` 0 is this many seconds since the epoch
LIMITS = Limits(keepalive_s=1.0, silent_s=5.0, watchers=2)


class Table:
    """A `HostSession` of the countdown game on a fake clock: links are ids, what the session asks is
    recorded, and an `Apply` is handed back at once, as the driver does."""

    def __init__(self, seats: int = 3, away: int = 120, limits: Limits = LIMITS) -> None:
        config = TableConfig("t", COUNTDOWN, "short", seats, "127.0.0.1", announce=False, away_time=away)
        counter = itertools.count()
        self.now = 100.0
        self.session = HostSession(HOST, config, table_id=TABLE, secret=b"", limits=limits,
                                   random=lambda n: next(counter).to_bytes(n, "big"), wall_offset=WALL)  # fmt: skip
        self.peers: dict[int, Identity] = {}

    def run(self, actions: Sequence[Action]) -> list[Action]:
        done: list[Action] = []
        for action in actions:
            done.append(action)
            if isinstance(action, Apply):
                done += self.run(self.session.apply(action.entry))
        return done

    def open(self) -> int:
        return self.session.connect("127.0.0.1:5", self.now)

    def send(self, link: int, message: dict[str, Any]) -> list[Action]:
        """`message` on `link` now: the link is heard, the message checked as `Connection` checks it."""
        self.session.hear(link, self.now)
        return self.run(self.session.receive(link, peer_message(check_message(message, FROM_PEER, "test")), self.now))

    def hello(self, who: Identity, ready: bool = False, link: int | None = None) -> tuple[int, list[Action]]:
        """`who` says hello on a new link (or `link`) and proves its key: the link, the session's answer."""
        link = self.open() if link is None else link
        (challenge,) = sent(self.send(link, hello(who, ready)), link)
        self.peers[link] = who
        return link, self.send(link, proof(who, who.public, challenge))

    def tick(self, after: float = 0.0) -> list[Action]:
        self.now += after
        return self.run(self.session.tick(self.now))

    def lost(self, link: int, why: str = "connection closed") -> list[Action]:
        return self.run(self.session.lost(link, why, self.now))

    def start(self) -> tuple[Transcript, list[Action]]:
        assert self.session.can_start()
        transcript = self.session.start()
        return transcript, self.run([*self.session.renames(), *self.session.genesis()])


def sent(actions: Sequence[Action], link: int) -> list[dict[str, Any]]:
    """Every map sent on `link`, in order (a catch-up's first message and its entries too)."""
    out: list[dict[str, Any]] = []
    for action in actions:
        if isinstance(action, Send) and action.link == link:
            out.append(action.message.to_wire())
        elif isinstance(action, CatchUp) and action.link == link:
            out += [action.first.to_wire(), *(e.to_wire() for e in action.entries)]
        elif isinstance(action, Relay) and link in action.links:
            out.append(action.entry.to_wire())
    return out


def told(actions: Sequence[Action]) -> list[object]:
    return [a.event for a in actions if isinstance(a, Notify)]


def kinds(actions: Sequence[Action], link: int) -> list[str]:
    return [m.get("t", "entry") for m in sent(actions, link)]


def closed(actions: Sequence[Action]) -> set[int]:
    return {a.link for a in actions if isinstance(a, Close)}


def rejoin(who: Identity, have: int, at_ms: int, table: bytes = TABLE, v: int = PROTOCOL_VERSION) -> dict[str, Any]:
    sig = who.sign(rejoin_bytes(table, who.public, have, at_ms))
    return {"t": "rejoin", "v": v, "key": who.public, "table": table, "have": have, "time": at_ms, "sig": sig}


def wall_ms(table: Table) -> int:
    return int((table.now + WALL) * 1000)


def playing(seats: int = 2, **kw: Any) -> tuple[Table, list[int], Transcript]:
    """A table whose game has started with ANN (and BOB, ...) seated: the table, the joiners' links."""
    table = Table(seats, **kw)
    links = [table.hello(who)[0] for who in (ANN, BOB, CAT)[: seats - 1]]
    transcript, _ = table.start()
    return table, links, transcript


def submit(table: Table, link: int, msg: Any) -> list[Action]:
    return table.send(link, authored_to_wire(msg))


# --- hello, proof and the lobby ---


def test_a_proven_hello_takes_the_lowest_free_seat_and_everyone_is_told() -> None:
    table = Table()
    link = table.open()
    (challenge,) = sent(table.send(link, hello(ANN)), link)
    assert challenge == {"t": "challenge", "table": TABLE, "host": HOST.public, "nonce": bytes(31) + b"\x00"}
    assert table.session.expects(link) == "proof"
    actions = table.send(link, proof(ANN, ANN.public, challenge))
    assert actions[0] == Admit(link, "ann (seat 1)")
    assert sent(actions, link)[0] == Welcome(TableInfo(PROTOCOL_VERSION, "t", "countdown", "short", 60, 120),
                                             1).to_wire()  # fmt: skip
    assert told(actions) == [Seated(1, "ann"), LobbySeats((("host", False), ("ann", False), None))]
    assert Announce() in actions and kinds(actions, link) == ["welcome", "lobby"]
    assert table.session.expects(link) is None and table.session.peer(link) == "ann (seat 1)"


def test_every_link_must_say_hello_first_and_prove_its_key_next() -> None:
    table = Table()
    link = table.open()
    assert table.session.expects(link) == "hello"
    with pytest.raises(RemoteProtocolError, match="sent 'ready' before hello"):
        table.send(link, {"t": "ready", "ready": True})
    link = table.open()
    table.send(link, hello(ANN))
    with pytest.raises(RemoteProtocolError, match="sent 'ready' instead of proving its key"):
        table.send(link, {"t": "ready", "ready": True})


@pytest.mark.parametrize("case", ["version", "other key", "host key", "full", "replayed"])
def test_a_hello_refused_is_told_why_and_closed(case: str) -> None:
    table = Table(seats=2)
    link = table.open()
    if case == "version":
        actions = table.send(link, {**hello(ANN), "v": PROTOCOL_VERSION + 1})
        reason = {"why": "version", "n": PROTOCOL_VERSION}
    elif case == "replayed":  # a proof of another link's challenge proves nothing here
        other = table.open()
        (old,) = sent(table.send(other, hello(ANN)), other)
        table.send(link, hello(ANN))
        actions, reason = table.send(link, proof(ANN, ANN.public, old)), {"why": "proof", "n": 0}
    else:
        who = HOST if case == "host key" else ANN
        if case == "full":
            table.hello(BOB)
        (challenge,) = sent(table.send(link, hello(who)), link)
        signer = BOB if case == "other key" else who
        actions = table.send(link, proof(signer, who.public, challenge))
        reason = {"why": {"other key": "proof", "host key": "seated", "full": "full"}[case], "n": 0}
    ((message,),) = [sent(actions, link)]
    assert message == {"t": "reject", **reason}
    assert closed(actions) == {link} and not table.session.holds(link)
    assert table.session.receive(link, Bye(Goodbye.STOOD_UP), table.now) == []  # forgotten: nothing counts


def test_nicknames_at_one_table_are_told_apart() -> None:
    table = Table()
    table.hello(ANN)
    _, actions = table.hello(Identity.generate("ann"))
    assert Seated(2, "ann 2") in told(actions)


def test_a_lobby_seat_moves_to_a_new_link_only_once_the_old_one_is_silent() -> None:
    table = Table()
    old, _ = table.hello(ANN, ready=True)
    table.now += 1.5  # within two pings: live, the same identity in another window
    link, actions = table.hello(ANN)
    assert sent(actions, link)[0] == {"t": "reject", "why": "live", "n": 0}
    table.now += 1.0
    link, actions = table.hello(ANN)
    assert kinds(actions, link) == ["welcome", "lobby"] and closed(actions) == {old}
    assert told(actions) == [Back(1, "ann")]  # nobody else is told: the seat is kept as it was (ready)
    assert table.session.lobby.occupants[1] == Occupant(ANN.public, "ann", True)
    assert table.lost(old) == []  # its drop frees nothing


def test_a_joiner_that_leaves_the_lobby_frees_its_seat() -> None:
    table = Table()
    ann, _ = table.hello(ANN)
    bob, _ = table.hello(BOB)
    actions = table.lost(ann)
    assert told(actions) == [LeftLobby(1, "ann"), LobbySeats((("host", False), None, ("bob", False)))]
    assert kinds(actions, bob) == ["lobby"]
    cat, actions = table.hello(CAT)
    assert actions[0] == Admit(cat, "cat (seat 1)")  # in the seat freed


def test_ready_flags_start_a_table_of_two_or_more_when_all_are_ready() -> None:
    table = Table(seats=4)
    ann, _ = table.hello(ANN, ready=True)
    assert not table.session.can_start()
    actions = table.run(table.session.host_ready())
    assert told(actions)[-1] == LobbySeats((("host", True), ("ann", True), None, None))
    assert table.session.can_start()
    table.send(ann, {"t": "ready", "ready": False})
    assert not table.session.can_start()


def test_a_ready_that_crossed_the_start_of_a_full_table_is_taken_as_nothing() -> None:
    """A full table starts at once; a seat's "ready", sent as it was seated (Speed's at once), then comes
    after the start. It dropped the link ("sent 'ready' out of place"): "bob is away", "bob is back"."""
    table, (ann,), _ = playing(2)
    assert table.send(ann, {"t": "ready", "ready": True}) == []


def test_a_silent_lobby_link_is_closed_which_frees_the_seat() -> None:
    table = Table()
    ann, _ = table.hello(ANN)
    assert table.tick(5.0) == []
    assert closed(table.tick(0.1)) == {ann}  # its reader then reports it lost
    assert LeftLobby(1, "ann") in told(table.lost(ann))


# --- the game: start, sequencing, a lying peer ---


def test_the_genesis_is_journaled_before_it_is_relayed_to_every_seat() -> None:
    table = Table(seats=3)
    ann, _ = table.hello(ANN)
    bob, _ = table.hello(BOB)
    transcript, actions = table.start()
    assert actions[:2] == [Rename(ann, "ann (seat 1)"), Rename(bob, "bob (seat 2)")]
    assert [type(a) for a in actions[2:]] == [Keep, Relay, Appended]
    assert actions[3] == Relay(transcript.entries[0], (ann, bob))
    assert table.session.game_links() == {1: ann, 2: bob}


def test_a_move_is_journaled_relayed_then_applied_and_sent_again_is_nothing() -> None:
    table, (ann,), transcript = playing()
    host = SeatSigner(HOST, transcript)
    msg = host.move({"take": 3})
    actions = table.run(table.session.submit(msg, "host"))
    assert [type(a) for a in actions] == [Keep, Relay, Apply, Appended]
    assert len(transcript.entries) == 2
    joiner = SeatSigner(ANN, replica(transcript))
    move = joiner.move({"take": 3})
    assert [type(a) for a in submit(table, ann, move)] == [Keep, Relay, Apply, Appended]
    assert submit(table, ann, move) == []  # sent again after a reconnection: in the chain already


def replica(transcript: Transcript) -> Transcript:
    copy = Transcript.start(transcript.entries[0], None, APPS)
    for entry in transcript.entries[1:]:
        copy.append(entry)
    return copy


def test_a_seat_signing_two_messages_for_one_place_is_sealed_as_an_equivocation() -> None:
    table, (ann,), transcript = playing()
    table.run(table.session.submit(SeatSigner(HOST, transcript).move({"take": 1}), "host"))
    seat = SeatSigner(ANN, replica(transcript))
    first = seat.move({"take": 1})
    submit(table, ann, first)
    other = author_message(ANN, TABLE, 1, first.counter, first.seen, app_body({"take": 2}))
    actions = submit(table, ann, other)
    assert [type(a) for a in actions] == [Keep, Relay, Appended, Notify]
    (verdict,) = told(actions)
    assert isinstance(verdict, Stopped) and verdict.verdict.seat == 1 and verdict.verdict.proven
    assert transcript.phase is Progress.STOPPED and table.session.finished
    assert submit(table, ann, other) == []  # the game is over


def test_a_lying_peer_is_named() -> None:
    table, (ann,), transcript = playing()
    table.run(table.session.submit(SeatSigner(HOST, transcript).move({"take": 1}), "host"))
    first = SeatSigner(ANN, replica(transcript)).move({"take": 1})
    submit(table, ann, first)
    forged = author_message(BOB, TABLE, 1, first.counter, first.seen, app_body({"take": 2}))
    with pytest.raises(RemoteProtocolError, match=r"^ann \(seat 1\): sent seat 1's message 0 again"):
        submit(table, ann, forged)
    with pytest.raises(RemoteProtocolError, match=r"^ann \(seat 1\): sent 'submit' out of place"):
        submit(table, ann, replace(first, seat=0))  # another seat's message on this seat's link
    with pytest.raises(RemoteProtocolError, match=r"ann \(seat 1\): seat 1 counter 5, expected 1"):
        submit(table, ann, author_message(ANN, TABLE, 1, 5, transcript.head, app_body({"take": 1})))
    with pytest.raises(RemoteProtocolError, match=r"^ann \(seat 1\): sent 'ready' out of place"):
        table.send(ann, {"t": "ready", "ready": True})
    with pytest.raises(RemoteProtocolError, match=r"^ann \(seat 1\): left \(stood up\)"):
        table.send(ann, {"t": "bye", "why": "stood up", "n": 0})


def test_a_move_before_the_game_is_out_of_place() -> None:
    table = Table()
    ann, _ = table.hello(ANN)
    with pytest.raises(RemoteProtocolError, match="sent 'submit' out of place"):
        submit(table, ann, author_message(ANN, TABLE, 1, 0, Head(-1, bytes(32)), app_body({"take": 1})))


# --- away, back and abort, on the fake clock ---


def test_a_lost_link_is_away_then_aborts_the_game_when_its_time_is_up() -> None:
    table, (ann, bob), transcript = playing(seats=3, away=30)
    actions = table.lost(ann, "reset by peer")
    assert told(actions) == [Dropped("ann (seat 1)", "reset by peer"), Away(1, "ann", 30.0)]
    assert sent(actions, bob) == [{"t": "away", "seat": 1, "left": 30}] and Announce() in actions
    assert table.session.ad(("127.0.0.1",), 1).away == ("ann",)
    table.session.hear(bob, table.now + 29.0)
    assert table.tick(29.0) == []
    actions = table.tick(1.0)
    (stopped,) = told(actions)
    assert isinstance(stopped, Stopped) and stopped.verdict.seat == 1 and not stopped.verdict.proven
    assert "away for more than 30 s: connection lost; it sent nothing" in stopped.verdict.reason
    away = stopped.verdict.away
    assert away is not None and (away.limit, away.cause, away.last, away.seen) == (30, AwayCause.LOST, -1, -1)
    assert transcript.phase is Progress.STOPPED and table.tick(100.0) == []


def test_a_silent_seat_is_away_from_when_it_was_last_heard_and_back_once_heard() -> None:
    table, (ann, bob), _ = playing(seats=3, away=60)
    table.session.hear(bob, table.now + 7.0)
    actions = table.tick(7.0)
    assert told(actions) == [Away(1, "ann", 53.0)]  # silent for 7 s: 53 s left
    assert sent(actions, bob) == [{"t": "away", "seat": 1, "left": 53}]
    table.session.hear(ann, table.now)
    actions = table.tick(0.5)
    assert told(actions) == [Back(1, "ann")] and sent(actions, bob) == [{"t": "away", "seat": 1, "left": 0}]


# --- rejoin, at each stage ---


def test_a_rejoin_before_the_game_is_refused() -> None:
    table = Table()
    link = table.open()
    actions = table.send(link, rejoin(ANN, 1, wall_ms(table)))
    assert sent(actions, link) == [{"t": "reject", "why": "not started", "n": 0}]


@pytest.mark.parametrize("case, reason", [
    ("table", "no seat"), ("host", "no seat"), ("version", "version"), ("signature", "unsigned"), ("old", "stale"),
    ("ahead", "stale"), ("have", "ahead"),
])  # fmt: skip
def test_a_rejoin_refused(case: str, reason: str) -> None:
    table, (ann,), transcript = playing()
    table.lost(ann)
    now = wall_ms(table)
    message = {"table": rejoin(ANN, 1, now, table=bytes(16)), "host": rejoin(HOST, 1, now),
               "version": rejoin(ANN, 1, now, v=PROTOCOL_VERSION - 1),
               "signature": {**rejoin(ANN, 1, now), "sig": BOB.sign(b"x")},
               "old": rejoin(ANN, 1, now - REJOIN_CLOCK_SKEW_MS - 1),
               "ahead": rejoin(ANN, 1, now + REJOIN_CLOCK_SKEW_MS + 1),
               "have": rejoin(ANN, len(transcript.entries) + 1, now)}[case]  # fmt: skip
    link = table.open()
    actions = table.send(link, message)
    assert sent(actions, link)[0]["why"] == reason and closed(actions) == {link}


def test_a_rejoin_is_timed_by_the_wall_clock_the_driver_measured_last() -> None:
    table, (ann,), _ = playing()
    table.lost(ann)
    slept = wall_ms(table) + 3600_000  # the host's machine slept an hour: its monotonic clock stood still
    link = table.open()
    assert sent(table.send(link, rejoin(ANN, 1, slept)), link)[0]["why"] == "stale"
    table.session.set_wall(WALL + 3600)
    link = table.open()
    assert sent(table.send(link, rejoin(ANN, 1, slept)), link)[0]["t"] == "challenge"


def test_a_rejoin_proves_its_key_and_gets_the_entries_it_lacks_before_any_new_one() -> None:
    table, (ann, bob), transcript = playing(seats=3, away=60)
    table.run(table.session.submit(SeatSigner(HOST, transcript).move({"take": 1}), "host"))
    table.lost(ann)
    table.now += 10
    link = table.open()
    (challenge,) = sent(table.send(link, rejoin(ANN, 1, wall_ms(table))), link)
    assert challenge["t"] == "challenge" and table.session.expects(link) == "proof"
    actions = table.send(link, proof(ANN, ANN.public, challenge, nick=""))
    assert actions[0] == Admit(link, "ann (seat 1)")
    catch_up = [a for a in actions if isinstance(a, CatchUp)]
    assert [len(c.entries) for c in catch_up] == [1]  # it holds the genesis: entry 1 follows
    assert sent(actions, link)[0]["t"] == "resumed" and sent(actions, link)[0]["entries"] == 2
    assert told(actions) == [Back(1, "ann")] and sent(actions, bob)[-1] == {"t": "away", "seat": 1, "left": 0}
    assert table.session.game_links()[1] == link


def test_a_rejoin_after_the_game_gets_what_it_lacks_and_one_in_the_next_lobby_is_refused() -> None:
    table, (ann,), transcript = playing()
    play_out(table, transcript, {1: ann})
    table.now += 3
    link = table.open()
    (challenge,) = sent(table.send(link, rejoin(ANN, 2, wall_ms(table))), link)
    actions = table.send(link, proof(ANN, ANN.public, challenge, nick=""))
    assert kinds(actions, link) == ["resumed", *["entry"] * (len(transcript.entries) - 2)]
    table.run(table.session.next_game(bytes(16), b""))
    late = table.open()
    assert sent(table.send(late, rejoin(ANN, 2, wall_ms(table))), late) == [
        {"t": "reject", "why": "not started", "n": 0}]


def test_an_abort_names_what_the_host_last_saw_of_the_seat() -> None:
    table, (ann,), transcript = playing(away=10)
    table.run(table.session.submit(SeatSigner(HOST, transcript).move({"take": 1}), "host"))
    submit(table, ann, SeatSigner(ANN, replica(transcript)).move({"take": 1}))
    table.lost(ann)
    (stopped,) = told(table.tick(10.0))
    assert isinstance(stopped, Stopped)
    assert "its last message is entry 2, when it had seen entry 1; the table holds 3 entries" in stopped.verdict.reason


def test_a_seat_whose_old_link_is_live_is_not_taken_by_a_rejoin_nor_a_hello() -> None:
    table, (ann,), _ = playing()
    link = table.open()
    (challenge,) = sent(table.send(link, rejoin(ANN, 1, wall_ms(table))), link)
    actions = table.send(link, proof(ANN, ANN.public, challenge, nick=""))
    assert sent(actions, link)[0] == {"t": "reject", "why": "live", "n": 0}
    link, actions = table.hello(ANN)
    assert sent(actions, link)[0] == {"t": "reject", "why": "live", "n": 0}
    assert table.session.game_links() == {1: ann}


def test_a_hello_from_a_seat_of_the_game_takes_it_back_from_the_genesis() -> None:
    table, (ann,), transcript = playing()
    table.now += 3  # the old link is silent: a lost link its peer has not noticed yet
    link, actions = table.hello(ANN)
    assert closed(actions) == {ann} and not table.session.holds(ann)
    assert [m.get("t", "entry") for m in sent(actions, link)] == ["resumed", "entry"]
    assert table.lost(ann) == []  # the old link's drop: nobody's loss
    assert submit(table, ann, SeatSigner(ANN, replica(transcript)).move({"take": 1})) == []  # its last words


def test_a_resumed_host_waits_for_every_joiner_to_come_back() -> None:
    table, (ann,), transcript = playing()
    table.run(table.session.submit(SeatSigner(HOST, transcript).move({"take": 1}), "host"))
    resumed = Table(seats=2)
    resumed.session.resume(transcript.entries)
    actions = resumed.run(resumed.session.resume_away(resumed.now))
    assert told(actions) == [Away(1, "ann", 120.0)]
    link = resumed.open()
    (challenge,) = sent(resumed.send(link, rejoin(ANN, 2, wall_ms(resumed))), link)
    actions = resumed.send(link, proof(ANN, ANN.public, challenge, nick=""))
    assert kinds(actions, link) == ["resumed"] and told(actions) == [Back(1, "ann")]


# --- spectators and waiters ---


def test_a_spectator_gets_the_lobby_then_every_entry_and_may_only_say_bye() -> None:
    table = Table(seats=2)
    watcher = table.open()
    actions = table.send(watcher, {"t": "watch", "v": PROTOCOL_VERSION})
    assert actions[0] == Admit(watcher, "spectator 1") and kinds(actions, watcher) == ["watching", "lobby"]
    assert table.session.ad(("127.0.0.1",), 1).watching == 1
    _, actions = table.hello(ANN)
    assert kinds(actions, watcher) == ["lobby"]
    _, actions = table.start()
    assert kinds(actions, watcher) == ["entry"]
    with pytest.raises(RemoteProtocolError, match="sent 'ready' while it only watches or waits"):
        table.send(watcher, {"t": "ready", "ready": True})
    assert table.lost(watcher) == [Announce()] and table.session.ad(("127.0.0.1",), 1).watching == 0


def test_a_spectator_in_play_catches_up_from_the_genesis_and_the_cap_refuses_more() -> None:
    table, _, transcript = playing()
    table.run(table.session.submit(SeatSigner(HOST, transcript).move({"take": 1}), "host"))
    first, second, third = table.open(), table.open(), table.open()
    assert kinds(table.send(first, {"t": "watch", "v": PROTOCOL_VERSION}), first) == ["watching", "entry", "entry"]
    table.send(second, {"t": "watch", "v": PROTOCOL_VERSION})
    actions = table.send(third, {"t": "watch", "v": PROTOCOL_VERSION})
    assert sent(actions, third)[0] == {"t": "reject", "why": "watchers", "n": 2}
    late = table.open()
    assert sent(table.send(late, {"t": "watch", "v": 1}), late)[0] == {"t": "reject", "why": "version",
                                                                      "n": PROTOCOL_VERSION}


def test_a_hello_during_the_game_waits_for_the_next_one_and_may_only_say_bye() -> None:
    table, (ann, bob), _ = playing(seats=3)
    dan, actions = table.hello(DAN)
    assert actions[0] == Admit(dan, "dan (waiting)") and kinds(actions, dan) == ["wait"]
    table.now += 3
    again, actions = table.hello(DAN)  # its old link is silent: its place moves
    assert closed(actions) == {dan} and kinds(actions, again) == ["wait"]
    cat, actions = table.hello(CAT)
    assert kinds(actions, cat) == ["wait"]
    link, actions = table.hello(Identity.generate("eve"))
    assert sent(actions, link)[0] == {"t": "reject", "why": "waiters", "n": 2}
    with pytest.raises(RemoteProtocolError, match="while it only watches or waits"):
        table.send(again, {"t": "ready", "ready": True})
    assert table.lost(again) == []
    table.session.hear(ann, table.now + 5)
    table.session.hear(bob, table.now + 5)
    assert closed(table.tick(5.5)) == {cat}  # a waiting peer's silent link is closed


# --- the series ---


def play_out(table: Table, transcript: Transcript, links: dict[int, int]) -> None:
    """Play the countdown game out: each seat takes three (or what is left), then all sign off."""
    seats = {0: SeatSigner(HOST, transcript)} | {s: SeatSigner(p, replica(transcript)) for s, p in
                                                ((s, table.peers[link]) for s, link in links.items())}  # fmt: skip
    while not table.session.finished:
        for seat, local in seats.items():
            if local.may_move():
                msg = local.move({"take": min(3, transcript.app.chips)})  # type: ignore[attr-defined]
            elif local.must_sign_off():
                msg = local.sign_off()
            else:
                continue
            actions = table.run(table.session.submit(msg, "host")) if seat == 0 else submit(table, links[seat], msg)
            for action in actions:
                if isinstance(action, Relay):
                    for other in seats.values():
                        if other.transcript is not transcript:
                            other.transcript.append(action.entry)
                        other.observe(action.entry)
            break


def test_a_series_keeps_the_seats_asks_everyone_again_and_seats_those_who_waited() -> None:
    table = Table(seats=3)  # three seats, two playing: one left free for the next game
    ann, _ = table.hello(ANN, ready=True)
    table.run(table.session.host_ready())
    transcript, _ = table.start()
    dan, _ = table.hello(DAN)
    play_out(table, transcript, {1: ann})
    assert transcript.phase is Progress.DONE and table.tick(100.0) == []
    actions = table.run(table.session.next_game(bytes(16), b""))
    assert Rename(dan, "dan (seat 2)") in actions and kinds(actions, dan)[0] == "welcome"
    assert Seated(2, "dan") in told(actions)
    assert told(actions)[-1] == LobbySeats((("host", True), ("ann", False), ("dan", False)))
    assert kinds(actions, ann) == ["lobby"]
    assert not table.session.can_start()
    table.send(ann, {"t": "ready", "ready": True})
    table.send(dan, {"t": "ready", "ready": True})
    second, actions = table.start()
    assert second.setup.previous is not None and second.setup.previous.head == transcript.head.digest
    assert [s.nick for s in second.setup.seats] == ["host", "ann", "dan"] and table.session.table_id == bytes(16)


def test_a_link_lost_after_the_game_keeps_its_seat_for_the_next_lobby() -> None:
    table, (ann,), transcript = playing()
    play_out(table, transcript, {1: ann})
    assert table.lost(ann) == [] and table.session.holds(ann)  # nobody waits on a finished game
    actions = table.run(table.session.next_game(bytes(16), b""))
    assert told(actions)[-1] == LobbySeats((("host", True), ("ann", False)))


def test_a_next_game_follows_a_game() -> None:
    with pytest.raises(LocalProtocolError, match="a next game follows a game"):
        Table().session.next_game(bytes(16), b"")


# --- closing, and the messages ---


def test_closing_says_bye_to_every_link_that_holds_a_place() -> None:
    table = Table()
    ann, _ = table.hello(ANN)
    greeting = table.open()
    actions = table.session.close()
    assert actions == [Send(ann, Bye(Goodbye.CLOSED)), Close(ann)] and table.session.holds(greeting)


def test_a_session_message_is_checked_by_its_schema_before_it_leaves() -> None:
    info = TableInfo(PROTOCOL_VERSION, "t", "countdown", "short", 60, 120)
    assert Welcome(info, 3).to_wire()["seat"] == 3
    with pytest.raises(WireError):
        Welcome(replace(info, away=0), 1).to_wire()


def test_a_peers_session_message_is_read_into_its_type() -> None:
    message = check_message(hello(ANN, True), FROM_PEER, "ann")
    assert peer_message(message) == Hello(PROTOCOL_VERSION, ANN.public, "ann", True)
    assert peer_message(check_message({"t": "bye", "why": "stood up", "n": 0}, FROM_PEER, "ann")) == Bye(
        Goodbye.STOOD_UP)
    with pytest.raises(ValueError, match="'ping' is not a session message"):
        peer_message({"t": "ping", "n": 1})


# --- a property: whatever comes and goes, one seat has one link ---

PEOPLE = (ANN, BOB, CAT, DAN)


@examples(60)
@given(st.lists(st.tuples(st.sampled_from(["hello", "lost", "tick", "ready", "watch"]), st.integers(0, 7),
                          st.floats(0, 6)), max_size=30))  # fmt: skip
def test_whatever_comes_and_goes_in_the_lobby_a_seat_has_one_link(ops: list[tuple[str, int, float]]) -> None:
    table = Table(seats=4)
    seat_of: dict[int, int] = {}  # link -> the lobby seat it was welcomed to, while the session holds it
    opened: list[int] = []
    for op, pick, dt in ops:
        actions: list[Action] = []
        if op == "hello":
            link, actions = table.hello(PEOPLE[pick % len(PEOPLE)])
            opened.append(link)
        elif op == "watch":
            link = table.open()
            actions = table.send(link, {"t": "watch", "v": PROTOCOL_VERSION})
            opened.append(link)
        elif opened and op == "lost":
            actions = table.lost(opened[pick % len(opened)])
        elif op == "tick":
            actions = table.tick(dt)
        elif seat_of and op == "ready":
            link = sorted(seat_of)[pick % len(seat_of)]
            table.now += dt
            actions = table.send(link, {"t": "ready", "ready": pick % 2 == 0})
        for link in closed(actions):  # a closed link's reader reports it lost
            table.lost(link)
        for action in actions:
            if isinstance(action, Send) and isinstance(action.message, Welcome):
                seat_of[action.link] = action.message.seat
        seat_of = {link: seat for link, seat in seat_of.items() if table.session.holds(link)}
        assert len(set(seat_of.values())) == len(seat_of)  # no seat on two links
        occupants = table.session.lobby.occupants
        assert {s for s in range(1, 4) if occupants[s] is not None} == set(seat_of.values())
        keys = [o.key for o in occupants if o is not None]
        assert len(set(keys)) == len(keys)
        if table.session.can_start():
            return


def test_a_link_is_named_in_the_host_persons_language_and_no_word_of_it_goes_on_the_wire() -> None:
    """The names the host's messages give links ("ann (seat 1)", "spectator 1", "dan (waiting)") are
    words for the host's person; what is sent is the same in every language."""
    wires: list[list[list[dict[str, Any]]]] = []
    for code, names in [("en", ["ann (seat 1)", "spectator 1", "dan (waiting)"]),
                        ("fr", ["ann (place 1)", "spectateur 1", "dan (en attente)"])]:  # fmt: skip
        with speaking(code):
            table = Table(seats=3)
            ann, joined = table.hello(ANN)
            watcher = table.open()
            watching = table.send(watcher, {"t": "watch", "v": PROTOCOL_VERSION})
            table.hello(BOB)
            table.start()
            dan, waiting = table.hello(DAN)
            assert [joined[0], watching[0], waiting[0]] == [Admit(ann, names[0]), Admit(watcher, names[1]),
                                                            Admit(dan, names[2])]  # fmt: skip
            wires.append([sent(joined, ann), sent(watching, watcher), sent(waiting, dan)])
    assert wires[0] == wires[1]
