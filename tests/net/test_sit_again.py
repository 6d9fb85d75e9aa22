"""Sitting again on a new link: what a hello gets (`seating`), and the host's challenge over real sockets on
127.0.0.1. Every hello and rejoin proves its key by signing a fresh nonce: another key's signature and a
proof (or a rejoin) replayed are refused; a key that has a place gets it back on a new link only when its
old link is silent, so a second program with the same identity is refused and the first plays on."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from functools import partial
from typing import Any

import pytest

from p2pshithead.net import (
    PROTOCOL_VERSION,
    Entry,
    Host,
    Identity,
    Joiner,
    Limits,
    Progress,
    RemoteProtocolError,
    TableConfig,
    TableEvent,
    Transcript,
    Welcomed,
    _join,
)
from p2pshithead.net._connection import Connection
from p2pshithead.net._events import Back, LeftLobby
from p2pshithead.net._joining import Refused
from p2pshithead.net._lobby import Seating, seating
from p2pshithead.net._messages import FROM_HOST, FROM_PEER, Refusal, Reject, check_message, rejoin_bytes
from p2pshithead.net._transcript import setup_from_genesis

from .countdown import APPS, COUNTDOWN, CountdownBot, countdown_bots
from .cutlink import CutLink
from .prove import hello, proof

H, A, B = bytes([0]) * 32, bytes([1]) * 32, bytes([2]) * 32
HOST = Identity.generate("host")
DEFAULTS = Limits()


def test_what_a_proven_hello_gets() -> None:
    in_lobby = partial(seating, host=H, lobby=[H, A], game=None, waiting=[])
    assert in_lobby(A) is Seating.LOBBY
    assert in_lobby(B) is Seating.SIT
    playing = partial(seating, host=H, lobby=[H, B], game=[H, A], waiting=[B])  # the lobby is over in a game
    assert playing(A) is Seating.GAME
    assert playing(B) is Seating.WAITING
    assert playing(bytes([3]) * 32) is Seating.WAIT
    assert in_lobby(H) is playing(H) is Seating.REFUSE  # nobody takes the host's seat


def test_a_challenge_and_its_proof_are_checked_field_by_field() -> None:
    check_message({"t": "challenge", "table": bytes(16), "host": bytes(32), "nonce": bytes(32)}, FROM_HOST, "host")
    with pytest.raises(RemoteProtocolError, match="^host: field nonce: 31 bytes"):
        check_message({"t": "challenge", "table": bytes(16), "host": bytes(32), "nonce": bytes(31)}, FROM_HOST, "host")
    with pytest.raises(RemoteProtocolError, match="^host: field host: 31 bytes"):
        check_message({"t": "challenge", "table": bytes(16), "host": bytes(31), "nonce": bytes(32)}, FROM_HOST, "host")
    with pytest.raises(RemoteProtocolError, match="^ann: field sig: 63 bytes"):
        check_message({"t": "prove", "sig": bytes(63)}, FROM_PEER, "ann")


@contextlib.asynccontextmanager
async def _table(seats: int, events: list[TableEvent], limits: Limits = DEFAULTS,
                 name: str = "again") -> AsyncIterator[tuple[Host, asyncio.Task[Transcript]]]:  # fmt: skip
    """A host of the countdown game, running: it and its `async_run` task."""
    config = TableConfig(name, COUNTDOWN, "short", seats, "127.0.0.1", announce=False)
    async with Host(HOST, config, CountdownBot(random.Random(0)), table_id=os.urandom(16), secret=b"",
                    host_ready=False, notify=events.append, clock=time.monotonic, limits=limits) as host:  # fmt: skip
        run = asyncio.get_running_loop().create_task(host.async_run())
        try:
            yield host, run
        finally:
            run.cancel()


async def _hello(port: int, who: Identity) -> tuple[Connection, dict[str, Any]]:
    """A new link that says hello as `who`; the host's first answer: its challenge."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    conn = Connection(reader, writer, FROM_HOST, "host")
    await conn.async_send(hello(who))
    challenge = await conn.async_recv()
    assert challenge["t"] == "challenge", challenge
    return conn, challenge


async def _seated(port: int, who: Identity) -> tuple[Connection, dict[str, Any]]:
    """A new link that says hello as `who` and proves it; the host's answer."""
    conn, challenge = await _hello(port, who)
    await conn.async_send(proof(who, who.public, challenge))
    return conn, await conn.async_recv()


async def _closed(conn: Connection) -> bool:
    """Whether the host closes `conn` (within 2 s; what it sent before is read and dropped)."""
    try:
        async with asyncio.timeout(2):
            while True:
                await conn.async_recv()
    except RemoteProtocolError as exc:
        return "connection closed" in str(exc)
    except TimeoutError:
        return False
    except ConnectionError:  # closed while a ping it sent was being answered
        return True


FAST_PINGS = Limits(keepalive_s=0.1)  # a link that answers no ping is silent past two of them in 0.3 s


def test_a_lobby_seat_moves_to_a_new_link_only_for_its_key_a_fresh_proof_and_off_a_silent_link() -> None:
    ann, eve = Identity.generate("ann"), Identity.generate("eve")

    async def scenario() -> None:
        events: list[TableEvent] = []
        async with _table(3, events, FAST_PINGS) as (host, _):
            first, welcome = await _seated(host.port, ann)
            assert welcome["t"] == "welcome" and welcome["seat"] == 1
            thief, challenge = await _hello(host.port, ann)  # eve says hello with ann's key, signs with her own
            await thief.async_send(proof(eve, ann.public, challenge))
            refused = await thief.async_recv()
            assert refused == {"t": "reject", "why": Refusal.PROOF, "n": 0}, refused
            twin, live = await _seated(host.port, ann)  # ann's key again while her link is live: another window
            assert live == {"t": "reject", "why": Refusal.LIVE, "n": 0}, live
            await asyncio.sleep(0.4)  # the first link answers no ping: it is silent now, as a lost link is
            second, challenge = await _hello(host.port, ann)
            answer = proof(ann, ann.public, challenge)
            await second.async_send(answer)
            again = await second.async_recv()
            assert again["t"] == "welcome" and again["seat"] == 1, again
            assert (await second.async_recv())["seats"][1] == {"nick": "ann", "ready": False}
            assert await _closed(first)
            replay, fresh = await _hello(host.port, ann)  # ann's proof, replayed on another link
            assert fresh["nonce"] != challenge["nonce"]
            await replay.async_send(answer)
            assert (await replay.async_recv())["t"] == "reject"
            impostor, refused = await _seated(host.port, HOST)  # the host's own key is never given a seat
            assert refused == {"t": "reject", "why": Refusal.SEATED, "n": 0}, refused
            await second.async_send({"t": "ready", "ready": True})  # the seat is still the second link's
            while (lobby := await second.async_recv())["t"] != "lobby":
                pass
            assert lobby["seats"][1] == {"nick": "ann", "ready": True}
            assert Back(1, "ann") in events and not any(isinstance(e, LeftLobby) for e in events), events
            for conn in (first, thief, twin, second, replay, impostor):
                await conn.async_close()

    asyncio.run(scenario())


def test_a_seat_of_a_game_begun_on_a_lost_link_comes_back_from_the_genesis_and_a_waiting_peer_waits_on() -> None:
    ann, bob = Identity.generate("ann"), Identity.generate("bob")

    async def scenario() -> None:
        async with _table(2, [], FAST_PINGS) as (host, _):
            first, welcome = await _seated(host.port, ann)  # the table is full: the game begins on this link
            assert welcome["t"] == "welcome"
            while (genesis := await first.async_recv())["t"] != "entry":
                pass
            await asyncio.sleep(0.4)  # the link goes silent (it answers no ping)
            second, resumed = await _seated(host.port, ann)  # ann never saw the genesis: she holds no entry
            assert resumed["t"] == "resumed" and resumed["seat"] == 1, resumed
            entries = [await second.async_recv() for _ in range(resumed["entries"])]
            assert [e["i"] for e in entries] == list(range(resumed["entries"])) and entries[0] == genesis
            assert await _closed(first)
            stale, challenge = await _hello(host.port, ann)  # a proof of another nonce answers nothing
            await stale.async_send(proof(ann, ann.public, {**challenge, "nonce": os.urandom(32)}))
            assert (await stale.async_recv())["t"] == "reject"
            waits, told = await _seated(host.port, bob)  # a newcomer waits for the next game...
            assert told["t"] == "wait"
            await asyncio.sleep(0.4)
            waits_again, told = await _seated(host.port, bob)  # ...and keeps its place on a new link
            assert told["t"] == "wait"
            assert await _closed(waits)
            for conn in (first, second, stale, waits, waits_again):
                await conn.async_close()

    asyncio.run(scenario())


@pytest.mark.parametrize("direction", ["up", "down"])
def test_a_lobby_link_that_passes_one_way_only_is_let_go_and_the_joiner_sits_again_and_plays(direction: str) -> None:
    limits = Limits(keepalive_s=0.2, silent_s=1.5)  # "up": the host hears nothing; "down": the joiner does not

    async def until(test: Callable[[], bool]) -> None:
        async with asyncio.timeout(10):
            while not test():
                await asyncio.sleep(0.02)

    def joiner(name: str, port: int, events: list[TableEvent]) -> Joiner:
        return Joiner(Identity.generate(name), ("127.0.0.1",), port, APPS, countdown_bots(len(name)), bot=True,
                      bind="127.0.0.1", notify=events.append, clock=time.monotonic, limits=limits)  # fmt: skip

    async def scenario() -> set[bytes]:
        async with _table(3, [], limits, "one way") as (host, run_host):
            events: list[TableEvent] = []
            with CutLink(host.port) as link:
                async with joiner("a", link.port, events) as a, joiner("bb", host.port, []) as b:
                    run_a = asyncio.get_running_loop().create_task(a.async_run())
                    await until(lambda: any(isinstance(e, Welcomed) for e in events))
                    link.one_way(direction)
                    await until(lambda: sum(isinstance(e, Welcomed) for e in events) == 2)
                    done = await asyncio.wait_for(asyncio.gather(run_host, run_a, b.async_run()), 20)
            assert link.links >= 2  # the cut link let go, and a new one (more only if a loaded machine stalled one)
            return {t.head.digest for t in done if t.phase is Progress.DONE}

    assert len(asyncio.run(scenario())) == 1


def test_a_rejoin_seen_on_the_air_and_replayed_takes_no_seat() -> None:
    """A rejoin is signed by the seat's key but holds no fresh nonce: the host challenges it, and only the
    key's holder can answer, so a replay (by anyone who saw it on the shared Wi-Fi) is refused."""
    ann, eve = Identity.generate("ann"), Identity.generate("eve")

    async def scenario() -> None:
        async with _table(2, [], FAST_PINGS) as (host, _):
            first, welcome = await _seated(host.port, ann)
            while (genesis := await first.async_recv())["t"] != "entry":
                pass
            await asyncio.sleep(0.4)  # ann's link is silent: a rejoin would be welcome
            table = setup_from_genesis(Entry.from_wire("host", genesis), "host", APPS).table_id
            now = int(time.time() * 1000)
            rejoin = {"t": "rejoin", "v": PROTOCOL_VERSION, "key": ann.public, "table": table, "have": 1,
                      "time": now, "sig": ann.sign(rejoin_bytes(table, ann.public, 1, now))}  # fmt: skip
            reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
            replay = Connection(reader, writer, FROM_HOST, "host")
            await replay.async_send(rejoin)
            challenge = await replay.async_recv()
            assert challenge["t"] == "challenge"
            await replay.async_send(proof(eve, ann.public, challenge))  # eve cannot sign for ann
            refused = await replay.async_recv()
            assert refused == {"t": "reject", "why": Refusal.PROOF, "n": 0}, refused
            assert not await _closed(first)  # ann's seat stays on her link
            for conn in (first, replay):
                await conn.async_close()

    asyncio.run(scenario())


def test_a_second_program_with_one_identity_is_refused_and_the_first_keeps_its_seat() -> None:
    ann = Identity.generate("ann")

    async def scenario() -> None:
        events: list[TableEvent] = []
        async with _table(3, events) as (host, _):
            seen: list[TableEvent] = []
            first = Joiner(ann, ("127.0.0.1",), host.port, APPS, countdown_bots(1), bot=False, bind="127.0.0.1",
                           notify=seen.append, clock=time.monotonic)  # fmt: skip
            twin = Joiner(ann, ("127.0.0.1",), host.port, APPS, countdown_bots(1), bot=False, bind="127.0.0.1",
                          notify=lambda event: None, clock=time.monotonic)  # fmt: skip
            async with first:
                playing = asyncio.get_running_loop().create_task(first.async_run())
                async with asyncio.timeout(5):
                    while not any(isinstance(e, Welcomed) for e in seen):
                        await asyncio.sleep(0.02)
                with pytest.raises(Refused, match=r"reject \(live\)") as refused:
                    async with twin:
                        await asyncio.wait_for(twin.async_run(), 5)
                assert refused.value.answer == Reject(Refusal.LIVE)
                await asyncio.sleep(1.5)  # long enough for a fight over the seat to show
                assert not playing.done() and sum(isinstance(e, Welcomed) for e in seen) == 1
                assert not any(isinstance(e, Back) for e in events), events
                playing.cancel()

    asyncio.run(scenario())


def test_a_proof_is_good_only_at_the_host_it_names() -> None:
    """A peer signs the host's key with the nonce: a host that passes its own key's challenge off as
    another's (to sit in the peer's name elsewhere) gets a proof that this host refuses."""
    ann = Identity.generate("ann")

    async def scenario() -> None:
        async with _table(2, []) as (host, _):
            conn, challenge = await _hello(host.port, ann)
            assert challenge["host"] == HOST.public
            elsewhere = {**challenge, "host": Identity.generate("mallory").public}  # what ann signed for mallory
            await conn.async_send(proof(ann, ann.public, elsewhere))
            refused = await conn.async_recv()
            assert refused == {"t": "reject", "why": Refusal.PROOF, "n": 0}, refused
            await conn.async_close()

    asyncio.run(scenario())


async def _stopped_by(serve: Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]], who: Identity,
                      reason: str, host_key: bytes | None = None) -> None:  # fmt: skip
    """A joiner bot as `who` (that picked a table announced by `host_key`), at a host played by `serve` on
    127.0.0.1, stops within 10 s, saying `reason`."""
    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    async with server:
        joiner = Joiner(who, ("127.0.0.1",), server.sockets[0].getsockname()[1], APPS, countdown_bots(1), bot=True,
                        bind="127.0.0.1", notify=lambda event: None, clock=time.monotonic,
                        host_key=host_key)  # fmt: skip
        async with joiner:
            with pytest.raises(RemoteProtocolError, match=reason):
                async with asyncio.timeout(10):
                    await joiner.async_run()


def test_a_joiner_takes_no_game_sealed_by_another_host_than_the_one_it_proved_its_key_to() -> None:
    """A host that challenged in its own key's name and then serves another host's game (its welcome and
    genesis, passed on) is left at once, in words naming it."""
    ann, mallory = Identity.generate("ann"), Identity.generate("mallory")

    async def scenario() -> None:
        async with _table(2, []) as (host, _):  # a real game's welcome and genesis, sealed by HOST
            first, welcome = await _seated(host.port, ann)
            while (genesis := await first.async_recv())["t"] != "entry":
                pass
            await first.async_close()

        async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            conn = Connection(reader, writer, FROM_PEER, "ann")
            assert (await conn.async_recv())["t"] == "hello"
            await conn.async_send({"t": "challenge", "table": os.urandom(16), "host": mallory.public,
                                   "nonce": os.urandom(32)})  # fmt: skip
            assert (await conn.async_recv())["t"] == "prove"  # good for mallory's table only
            await conn.async_send(welcome)
            await conn.async_send(genesis)
            await asyncio.sleep(10)

        await _stopped_by(serve, ann, "sealed by another key than the host this peer proved")

    asyncio.run(scenario())


def test_a_joiner_proves_its_key_on_a_new_link_only_to_the_host_it_proved_it_to_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first challenge pins the host's key: a later link whose challenge names another key (a table
    passed on, or another program now at that address) gets no proof, and the joiner looks on."""
    monkeypatch.setattr(_join, "SIT_AGAIN_S", 3.0)
    ann, keys = Identity.generate("ann"), [Identity.generate("one").public, Identity.generate("two").public]
    answers: list[str] = []

    async def scenario() -> None:
        async with _table(2, []) as (host, _):
            conn, welcome = await _seated(host.port, ann)  # a real welcome, to pass on
            await conn.async_close()

        async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            conn = Connection(reader, writer, FROM_PEER, "ann")
            first = not answers
            try:
                assert (await conn.async_recv())["t"] == "hello"
                await conn.async_send({"t": "challenge", "table": bytes(16), "host": keys[0 if first else 1],
                                       "nonce": os.urandom(32)})  # fmt: skip
                answers.append((await conn.async_recv())["t"])
                await conn.async_send(welcome)  # then the link drops: the joiner sits again
            except (RemoteProtocolError, ConnectionError):
                answers.append("closed")
            await conn.async_close()

        await _stopped_by(serve, ann, "another host's key than the table's it chose")

    asyncio.run(scenario())
    assert answers[0] == "prove" and len(answers) >= 2 and set(answers[1:]) == {"closed"}, answers


def test_a_hello_renamed_on_the_way_is_refused() -> None:
    """The proof covers the hello's nickname: a relay that renames the peer gets no seat for it."""
    ann = Identity.generate("ann")

    async def scenario() -> None:
        async with _table(2, []) as (host, _):
            reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
            conn = Connection(reader, writer, FROM_HOST, "host")
            await conn.async_send({**hello(ann), "nick": "ann-the-quitter"})
            await conn.async_send(proof(ann, ann.public, await conn.async_recv()))  # signed as "ann"
            refused = await conn.async_recv()
            assert refused == {"t": "reject", "why": Refusal.PROOF, "n": 0}, refused
            await conn.async_close()

    asyncio.run(scenario())


def test_a_joiner_proves_itself_only_to_the_host_that_signed_the_table_it_picked() -> None:
    """Picked from the listing, a table's signed announcement names its host's key: a host at that address
    that challenges in another key's name (passing on another table's challenge) gets no proof at all."""
    ann, harry, mallory = Identity.generate("ann"), Identity.generate("harry"), Identity.generate("mallory")
    answers: list[str] = []

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Connection(reader, writer, FROM_PEER, "ann")
        try:
            assert (await conn.async_recv())["t"] == "hello"
            await conn.async_send({"t": "challenge", "table": bytes(16), "host": harry.public, "nonce": os.urandom(32)})
            answers.append((await conn.async_recv())["t"])
        except (RemoteProtocolError, ConnectionError):
            answers.append("closed")
        await conn.async_close()

    asyncio.run(_stopped_by(serve, ann, "another host's key than the table's it chose", mallory.public))
    assert answers == ["closed"]
