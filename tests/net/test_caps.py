"""Caps a hostile peer or host could otherwise abuse: spectators and waiting peers (so a seat's rejoin has
room), pongs matched to their pings, a real-time host's fair wait, and an `away` naming no seat."""

from __future__ import annotations

import asyncio
import os
import random
import socket
import time
from typing import Any

import pytest

from p2pshithead.net import (
    PROTOCOL_VERSION,
    FrameDecoder,
    Host,
    Identity,
    Joiner,
    Limits,
    Progress,
    RemoteProtocolError,
    TableConfig,
    encode_frame,
)
from p2pshithead.net._connection import Connection
from p2pshithead.net._events import Away, Back, away_event
from p2pshithead.net._host import OWN_DELAY_MAX_S, fair_wait
from p2pshithead.net._messages import FROM_HOST, FROM_PEER, Refusal

from .countdown import APPS, COUNTDOWN, CountdownBot, countdown_bots
from .prove import async_seated

CONFIG = TableConfig("caps", COUNTDOWN, "short", 4, "127.0.0.1", announce=False)
LIMITS = Limits(connections=8, watchers=2, keepalive_s=0.05)


def _host() -> Host:
    return Host(Identity.generate("host"), CONFIG, CountdownBot(random.Random(0)), table_id=os.urandom(16), secret=b"",
                host_ready=False, notify=lambda event: None, clock=time.monotonic, limits=LIMITS)  # fmt: skip


async def _first_answer(port: int, message: dict[str, Any]) -> tuple[dict[str, Any], asyncio.StreamWriter]:
    """Open a raw connection, send `message`, return the host's first answer (and the open writer)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(encode_frame(message))
    decoder = FrameDecoder("host")
    async with asyncio.timeout(5):
        while not (got := decoder.feed(await reader.read(65536))):
            pass
    assert isinstance(got[0], dict)
    return got[0], writer


async def _seat_answer(port: int, i: int) -> tuple[dict[str, Any], Connection]:
    """Open a link, say hello as a new peer and prove its key; the host's answer (and the open link)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    conn = Connection(reader, writer, FROM_HOST, "host")
    return await asyncio.wait_for(async_seated(conn, Identity.generate(f"p{i}"), ready=True), 5), conn


def test_spectators_past_the_cap_are_refused_in_words_and_a_seat_still_has_room() -> None:
    async def run() -> list[dict[str, Any]]:
        async with _host() as host:
            watch = {"t": "watch", "v": PROTOCOL_VERSION}
            answers = [await _first_answer(host.port, watch) for _ in range(3)]
            seated, conn = await _seat_answer(host.port, 1)
            for _, writer in answers:
                writer.close()
            await conn.async_close()
            return [a for a, _ in answers] + [seated]

    answers = asyncio.run(run())
    assert [a["t"] for a in answers] == ["watching", "watching", "reject", "welcome"]
    assert answers[2] == {"t": "reject", "why": "watchers", "n": 2}


def test_peers_waiting_for_the_next_game_are_capped_at_the_seats_it_could_give() -> None:
    async def run() -> list[dict[str, Any]]:
        async with _host() as host:
            run_host = asyncio.ensure_future(host.async_run())
            joiners = [Joiner(Identity.generate(f"j{i}"), ["127.0.0.1"], host.port, APPS, countdown_bots(i + 1),
                              bot=True, bind="127.0.0.1", notify=lambda e: None, clock=time.monotonic, limits=LIMITS)
                       for i in range(3)]  # fmt: skip
            for joiner in joiners:
                await joiner.__aenter__()
            try:
                results = await asyncio.wait_for(asyncio.gather(run_host, *(j.async_run() for j in joiners)), 10)
                assert results[0].phase is Progress.DONE  # the table stays open, in its last game, until the next
                answers = [await _seat_answer(host.port, i) for i in range(10, 14)]
            finally:
                for joiner in joiners:
                    await joiner.async_close()
            for _, conn in answers:
                await conn.async_close()
            return [a for a, _ in answers]

    answers = asyncio.run(run())
    assert [a["t"] for a in answers] == ["wait", "wait", "wait", "reject"]  # four seats: three could sit
    assert answers[3] == {"t": "reject", "why": Refusal.WAITERS, "n": 3}  # as checked: the code typed


def test_a_pong_counts_only_for_its_own_ping() -> None:
    async def run() -> int:
        ours, theirs = socket.socketpair()
        reader, writer = await asyncio.open_connection(sock=ours)
        raw_reader, raw_writer = await asyncio.open_connection(sock=theirs)
        async with Connection(reader, writer, FROM_PEER, "peer") as conn:
            conn.start_keepalive(0.3)
            recv = asyncio.ensure_future(conn.async_recv())
            decoder = FrameDecoder("conn")
            async with asyncio.timeout(5):
                while not (pings := decoder.feed(await raw_reader.read(65536))):
                    pass
            number = pings[0]["n"]  # type: ignore[index]
            for n in (number + 1, number - 1, number, number):  # not its ping, twice its ping, then a message
                raw_writer.write(encode_frame({"t": "pong", "n": n}))
            raw_writer.write(encode_frame({"t": "bye", "why": "stood up", "n": 0}))
            assert (await asyncio.wait_for(recv, 5))["t"] == "bye"
            raw_writer.close()
            return len(conn.round_trips)

    assert asyncio.run(run()) == 1


def test_a_late_answering_joiner_cannot_stretch_the_hosts_fair_wait() -> None:
    assert fair_wait([]) == 0
    assert fair_wait([0.004, 0.001, 0.003, 0.002, 0.005]) == pytest.approx(0.002)  # the lower quartile
    assert fair_wait([0.9] * 32) == OWN_DELAY_MAX_S == 0.15


def test_an_away_naming_no_seat_is_the_hosts_protocol_error() -> None:
    assert away_event("host", {"seat": 1, "left": 30}, ["ann", "bob"]) == Away(1, "bob", 30)
    assert away_event("host", {"seat": 0, "left": 0}, ["ann", "bob"]) == Back(0, "ann")
    with pytest.raises(RemoteProtocolError, match="seat 2 is away, but the game has 2 seats") as caught:
        away_event("host", {"seat": 2, "left": 30}, ["ann", "bob"])
    assert caught.value.peer == "host"
