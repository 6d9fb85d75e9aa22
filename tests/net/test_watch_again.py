"""Peers whose host misbehaves, against a fake host on a real loopback socket: a spectator whose link was
lost takes the game in play up again, but after a game whose end it missed it takes only a later game of
the same host's evening (another host's game is refused, naming the host); a joiner whose hello gets no
answer says so in words."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Sequence

import pytest

from p2pshithead.net import (
    PROTOCOL_VERSION,
    Entry,
    Identity,
    Joiner,
    Limits,
    Previous,
    RemoteProtocolError,
    SeatInfo,
    TableSetup,
    Transcript,
    Watcher,
    encode_frame,
    make_genesis,
)

from .fake_link import APPS, make_group


def _game_of(host: Identity, game: int) -> Entry:
    """The genesis of game `game` of an evening hosted by `host` (a countdown game)."""
    seats = (SeatInfo(host.public, host.nick), SeatInfo(Identity.generate("p1").public, "p1"))
    previous = Previous(game, bytes(32), (seats[1].key, seats[0].key)) if game > 1 else None
    setup = TableSetup(bytes([game]) * 16, "t", "countdown", "short", APPS["countdown"].ruleset_hash("short"),
                       seats, previous)  # fmt: skip
    return make_genesis(host, setup)


async def _watch_twice(first: Sequence[Entry], second: Sequence[Entry]) -> list[Transcript]:
    """Serve `first` to the spectator's first link, then drop it; serve `second` to its next link."""
    links: list[Sequence[Entry]] = [first, second]

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        entries = links.pop(0)
        await reader.read(64)  # its `watch`
        writer.write(encode_frame({"t": "watching", "v": PROTOCOL_VERSION, "name": "t", "app": "countdown",
                                   "rules": "short", "turn": 0, "away": 60}))  # fmt: skip
        for entry in entries:
            writer.write(encode_frame(entry.to_wire()))
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    games: list[Transcript] = []
    try:
        for _ in range(2):
            watcher = Watcher(("127.0.0.1",), port, APPS, bind="127.0.0.1", notify=lambda event: None,
                              observe=lambda transcript, events: None, clock=lambda: 0.0, games=games)  # fmt: skip
            async with watcher:
                games = await asyncio.wait_for(watcher.async_run(), 10)
            assert not watcher.closed
    finally:
        server.close()
    return games


def _played() -> list[Entry]:
    group = make_group(2)
    group.play_bots(random.Random(1))
    return group.sequencer.transcript.entries


def test_the_game_in_play_is_taken_up_again_from_its_genesis() -> None:
    entries = _played()
    games = asyncio.run(_watch_twice(entries[:5], entries))
    assert len(games) == 1 and games[0].head.digest == entries[-1].digest


def test_after_a_missed_end_only_a_later_game_of_the_same_host_is_taken() -> None:
    group = make_group(2)
    group.play_bots(random.Random(2))
    cut = group.sequencer.transcript.entries[:5]  # the spectator misses the end of this game
    host = group.ids[0]
    games = asyncio.run(_watch_twice(cut, [_game_of(host, 2)]))
    assert [g.setup.game for g in games] == [1, 2]
    with pytest.raises(RemoteProtocolError, match="another host's game"):
        asyncio.run(_watch_twice(cut, [_game_of(Identity.generate("mallory"), 2)]))


def test_a_host_that_takes_a_hello_and_never_answers_is_named_in_words() -> None:
    async def run() -> None:
        async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await reader.read(1024)  # the hello, never answered
            await asyncio.sleep(30)

        server = await asyncio.start_server(silent, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        joiner = Joiner(Identity.generate("ann"), ("127.0.0.1",), port, APPS, lambda app: None,  # type: ignore[arg-type,return-value]
                        bot=True, bind="127.0.0.1", notify=lambda event: None, clock=time.monotonic,
                        limits=Limits(hello_s=0.5))  # fmt: skip
        try:
            async with joiner:
                await asyncio.wait_for(joiner.async_run(), 10)
        finally:
            server.close()

    with pytest.raises(RemoteProtocolError, match="did not answer the hello within 0.5 s"):
        asyncio.run(run())


def test_a_spectator_lets_a_silent_host_go_as_a_lost_link() -> None:
    """A link that died with no error (the host's pings stop, its pongs never come): the watch ends as at a
    lost link, with the game seen so far, so `join --watch` dials again."""
    entries = _played()

    async def run() -> tuple[list[Transcript], bool]:
        async def mute(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await reader.read(64)  # its `watch`
            writer.write(encode_frame({"t": "watching", "v": PROTOCOL_VERSION, "name": "t", "app": "countdown",
                                       "rules": "short", "turn": 0, "away": 60}))  # fmt: skip
            for entry in entries[:5]:
                writer.write(encode_frame(entry.to_wire()))
            await writer.drain()
            await asyncio.sleep(30)  # then nothing, not even a pong

        server = await asyncio.start_server(mute, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        watcher = Watcher(("127.0.0.1",), port, APPS, bind="127.0.0.1", notify=lambda event: None,
                          observe=lambda transcript, events: None, clock=time.monotonic,
                          limits=Limits(keepalive_s=0.1, silent_s=0.5))  # fmt: skip
        try:
            async with watcher:  # the host stays mute for 30 s: it ends by its own silence limit, well before
                games = await asyncio.wait_for(watcher.async_run(), 10)
            return games, watcher.closed
        finally:
            server.close()

    games, closed = asyncio.run(run())
    assert [len(g.entries) for g in games] == [5] and not closed


def test_a_spectator_who_picked_a_table_watches_no_game_sealed_by_another_host() -> None:
    """Picked from the listing, the table's host key is known: a host at that address that serves another
    host's game (passed on) is left at once, in words."""
    async def scenario() -> None:
        genesis = _game_of(Identity.generate("mallory"), 1)

        async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await reader.read(64)  # its `watch`
            writer.write(encode_frame({"t": "watching", "v": PROTOCOL_VERSION, "name": "t", "app": "countdown",
                                       "rules": "short", "turn": 0, "away": 60}))  # fmt: skip
            writer.write(encode_frame(genesis.to_wire()))
            await writer.drain()
            await asyncio.sleep(5)
            writer.close()

        server = await asyncio.start_server(serve, "127.0.0.1", 0)
        async with server:
            watcher = Watcher(("127.0.0.1",), server.sockets[0].getsockname()[1], APPS, bind="127.0.0.1",
                              notify=lambda event: None, observe=lambda transcript, events: None,
                              clock=time.monotonic, host_key=Identity.generate("harry").public)  # fmt: skip
            async with watcher:
                with pytest.raises(RemoteProtocolError, match="sealed by another key than the host of the table"):
                    async with asyncio.timeout(5):
                        await watcher.async_run()

    asyncio.run(scenario())
