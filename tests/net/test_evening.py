"""A series over real sockets on 127.0.0.1 with the countdown application, in one event loop: a peer
that comes while a game is in play waits and takes a free seat at the next game; one that stands up
frees its seat; every game links to the last."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from p2pshithead.cli.agents import BotAgent
from p2pshithead.net import (
    Host,
    Identity,
    Joiner,
    Journal,
    Started,
    TableConfig,
    TableEvent,
    Transcript,
    Waiting,
    link_problem,
)

from .countdown import APPS, COUNTDOWN, CountdownBot

CONFIG = TableConfig("evening", COUNTDOWN, "short", 3, "127.0.0.1", announce=False)


async def _stand_up() -> bool:
    return False


async def _evening() -> tuple[list[Transcript], Transcript, Transcript | None, Transcript]:
    waiting = asyncio.Event()

    def notify(event: TableEvent) -> None:
        if isinstance(event, Waiting):
            waiting.set()

    me = Identity.generate("host")
    async with Host(me, CONFIG, CountdownBot(random.Random(0)), table_id=os.urandom(16), secret=b"", host_ready=True,
                    notify=lambda event: None, clock=time.monotonic) as host:  # fmt: skip
        def joiner(name: str, agent: BotAgent, notice: Callable[[TableEvent], None] = lambda event: None) -> Joiner:
            return Joiner(Identity.generate(name), ("127.0.0.1",), host.port, APPS, lambda app: agent, bot=True,
                          bind="127.0.0.1", notify=notice, clock=time.monotonic)

        first = joiner("ann", CountdownBot(random.Random(1)))
        late = joiner("bob", CountdownBot(random.Random(2)), notify)
        async with first, late:
            playing = asyncio.ensure_future(host.async_run())
            ann_game = asyncio.ensure_future(first.async_run())
            while not host.ad.playing:
                await asyncio.sleep(0.01)
            bob_game = asyncio.ensure_future(late.async_run())  # comes while game one is in play
            await asyncio.wait_for(waiting.wait(), 5)
            games = [await asyncio.wait_for(playing, 10)]
            ann_first = await ann_game
            ann_next = asyncio.ensure_future(first.async_next(b"", _stand_up))  # stands up when offered
            games.append(await asyncio.wait_for(host.async_next(os.urandom(16), b"", None), 10))
            return games, ann_first, await ann_next, await asyncio.wait_for(bob_game, 10)


def test_a_late_peer_takes_the_free_seat_and_one_that_stands_up_frees_its_own() -> None:
    games, ann_first, ann_next, bob_first = asyncio.run(_evening())
    one, two = games
    assert [s.nick for s in one.setup.seats] == ["host", "ann"]  # bob came too late for game one
    assert ann_first.head == one.head and ann_next is None  # ann stood up
    assert [s.nick for s in two.setup.seats] == ["host", "bob"]  # bob took a free seat at game two
    assert bob_first.head == two.head and link_problem(one, two.setup) is None


class _Killed(Exception):
    """The host's process, killed."""


def test_a_host_killed_as_its_game_begins_leaves_the_game_in_its_journal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game's genesis is journaled with its record, with no await between them: a host killed as the game
    begins (here, while it announces the game) leaves a game that `host --resume` takes up."""
    started = asyncio.Event()

    async def announce(host: Host) -> None:
        if started.is_set():
            raise _Killed

    def notify(event: TableEvent) -> None:
        if isinstance(event, Started):
            started.set()

    monkeypatch.setattr(Host, "_async_announce", announce)
    journal = Journal(tmp_path / "table")

    async def scenario() -> None:
        async with Host(Identity.generate("host"), CONFIG, CountdownBot(random.Random(0)), table_id=os.urandom(16),
                        secret=b"", host_ready=True, notify=notify, clock=time.monotonic,
                        journal=journal) as host:  # fmt: skip
            ann = Joiner(Identity.generate("ann"), ("127.0.0.1",), host.port, APPS,
                         lambda app: CountdownBot(random.Random(1)), bot=True, bind="127.0.0.1",
                         notify=lambda event: None, clock=time.monotonic)  # fmt: skip
            async with ann:
                playing = asyncio.ensure_future(ann.async_run())
                with pytest.raises(_Killed):
                    await asyncio.wait_for(host.async_run(), 10)
                playing.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await playing  # (it once went on: `wait_for` in 3.11 may swallow a cancellation)

    asyncio.run(scenario())
    assert journal.record() is not None
    assert [e.index for e in journal.entries()] == [0]  # the genesis, with the record
