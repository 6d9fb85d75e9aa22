"""Sitting again on a new link: what a hello gets (`seating`), and the host's challenge over real sockets on
127.0.0.1. A key that has a place at the table gets it back only by signing a fresh nonce: another key's
signature and a proof replayed from an earlier challenge are refused, and the place stays where it was."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import time
from collections.abc import AsyncIterator, Callable
from functools import partial
from typing import Any

import pytest

from p2pshithead.net import (
    PROTOCOL_VERSION,
    Host,
    Identity,
    Joiner,
    Limits,
    Phase,
    RemoteProtocolError,
    TableConfig,
    TableEvent,
    Transcript,
    Welcomed,
)
from p2pshithead.net._connection import Connection
from p2pshithead.net._events import Back, LeftLobby
from p2pshithead.net._lobby import Seating, seating
from p2pshithead.net._messages import FROM_HOST, FROM_PEER, check_message, sit_again_bytes

from .countdown import APPS, COUNTDOWN, CountdownBot, countdown_bots
from .cutlink import CutLink

H, A, B = bytes([0]) * 32, bytes([1]) * 32, bytes([2]) * 32
HOST = Identity.generate("host")
DEFAULTS = Limits()


def test_a_place_held_by_a_key_goes_back_to_that_key_only_once_proven() -> None:
    in_lobby = partial(seating, host=H, lobby=[H, A], game=None, waiting=[])
    assert in_lobby(A, False) is Seating.CHALLENGE
    assert in_lobby(A, True) is Seating.LOBBY
    assert in_lobby(B, False) is Seating.SIT
    playing = partial(seating, host=H, lobby=[H, B], game=[H, A], waiting=[B])  # the lobby is over in a game
    assert playing(A, False) is Seating.CHALLENGE
    assert playing(A, True) is Seating.GAME
    assert playing(B, False) is Seating.CHALLENGE
    assert playing(B, True) is Seating.WAITING
    assert playing(bytes([3]) * 32, True) is Seating.WAIT
    assert in_lobby(H, True) is playing(H, True) is Seating.REFUSE  # nobody takes the host's seat


def test_a_challenge_and_its_proof_are_checked_field_by_field() -> None:
    check_message({"t": "challenge", "table": bytes(16), "nonce": bytes(32)}, FROM_HOST, "host")
    with pytest.raises(RemoteProtocolError, match="^host: field nonce: 31 bytes"):
        check_message({"t": "challenge", "table": bytes(16), "nonce": bytes(31)}, FROM_HOST, "host")
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
    """A new link that says hello as `who`; the host's first answer."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    conn = Connection(reader, writer, FROM_HOST, "host")
    await conn.async_send({"t": "hello", "v": PROTOCOL_VERSION, "key": who.public, "nick": who.nick, "ready": False})
    return conn, await conn.async_recv()


def _proof(signer: Identity, key: bytes, challenge: dict[str, Any]) -> dict[str, Any]:
    return {"t": "prove", "sig": signer.sign(sit_again_bytes(challenge["table"], key, challenge["nonce"]))}


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


def test_a_lobby_seat_moves_to_a_new_link_only_for_its_key_and_a_fresh_proof() -> None:
    ann, eve = Identity.generate("ann"), Identity.generate("eve")

    async def scenario() -> None:
        events: list[TableEvent] = []
        async with _table(3, events) as (host, _):
            first, welcome = await _hello(host.port, ann)
            assert welcome["t"] == "welcome" and welcome["seat"] == 1
            thief, challenge = await _hello(host.port, ann)  # eve says hello with ann's key, signs with her own
            assert challenge["t"] == "challenge"
            await thief.async_send(_proof(eve, ann.public, challenge))
            refused = await thief.async_recv()
            assert refused["t"] == "reject" and "not its signature" in refused["reason"], refused
            second, challenge = await _hello(host.port, ann)  # ann on a new link, her old one still open
            proof = _proof(ann, ann.public, challenge)
            await second.async_send(proof)
            again = await second.async_recv()
            assert again["t"] == "welcome" and again["seat"] == 1, again
            assert (await second.async_recv())["seats"][1] == {"nick": "ann", "ready": False}
            assert await _closed(first)
            replay, fresh = await _hello(host.port, ann)  # ann's proof, replayed on another link
            assert fresh["t"] == "challenge" and fresh["nonce"] != challenge["nonce"]
            await replay.async_send(proof)
            assert (await replay.async_recv())["t"] == "reject"
            impostor, refused = await _hello(host.port, HOST)  # the host's own key is never given a seat
            assert refused == {"t": "reject", "reason": "this key already sits at the table"}, refused
            await second.async_send({"t": "ready", "ready": True})  # the seat is still the second link's
            assert (await second.async_recv())["seats"][1] == {"nick": "ann", "ready": True}
            assert Back(1, "ann") in events and not any(isinstance(e, LeftLobby) for e in events), events
            for conn in (first, thief, second, replay, impostor):
                await conn.async_close()

    asyncio.run(scenario())


def test_a_seat_of_a_game_begun_on_a_lost_link_comes_back_from_the_genesis_and_a_waiting_peer_waits_on() -> None:
    ann, bob = Identity.generate("ann"), Identity.generate("bob")

    async def scenario() -> None:
        async with _table(2, []) as (host, _):
            first, welcome = await _hello(host.port, ann)  # the table is full: the game begins on this link
            assert welcome["t"] == "welcome"
            while (genesis := await first.async_recv())["t"] != "entry":
                pass
            second, challenge = await _hello(host.port, ann)  # ann never saw the genesis: she holds no entry
            await second.async_send(_proof(ann, ann.public, challenge))
            resumed = await second.async_recv()
            assert resumed["t"] == "resumed" and resumed["seat"] == 1, resumed
            entries = [await second.async_recv() for _ in range(resumed["entries"])]
            assert [e["i"] for e in entries] == list(range(resumed["entries"])) and entries[0] == genesis
            assert await _closed(first)
            stale, challenge = await _hello(host.port, ann)  # a proof of another nonce answers nothing
            await stale.async_send(_proof(ann, ann.public, {**challenge, "nonce": os.urandom(32)}))
            assert (await stale.async_recv())["t"] == "reject"
            waits, told = await _hello(host.port, bob)  # a newcomer waits for the next game...
            assert told["t"] == "wait"
            waits_again, challenge = await _hello(host.port, bob)  # ...and keeps its place on a new link
            await waits_again.async_send(_proof(bob, bob.public, challenge))
            assert (await waits_again.async_recv())["t"] == "wait"
            assert await _closed(waits)
            for conn in (first, second, stale, waits, waits_again):
                await conn.async_close()

    asyncio.run(scenario())


@pytest.mark.parametrize("direction", ["up", "down"])
def test_a_lobby_link_that_passes_one_way_only_is_let_go_and_the_joiner_sits_again_and_plays(direction: str) -> None:
    limits = Limits(keepalive_s=0.1, silent_s=0.6)  # "up": the host hears nothing; "down": the joiner does not

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
            assert link.links == 2
            return {t.head.digest for t in done if t.phase is Phase.DONE}

    assert len(asyncio.run(scenario())) == 1
