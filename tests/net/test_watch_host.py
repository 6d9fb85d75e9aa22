"""A joiner watches its host's silence from its first game on: a host it stops hearing mid-game (the link
holds back everything from the host) is shown away, then back once heard again, and the game goes on; a
link that stops carrying anything to the host (its pings unanswered) is let go and the joiner comes back."""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import Awaitable, Callable, Sequence

from p2pshithead.net import (
    SEQUENCER,
    Application,
    Away,
    Back,
    Host,
    Identity,
    Joiner,
    Limits,
    Progress,
    TableConfig,
    TableEvent,
)

from .countdown import APPS, COUNTDOWN, CountdownBot
from .cutlink import CutLink


class GatedBot:
    """A countdown bot whose first move waits until `gate` is set (`asked` is set meanwhile)."""

    is_bot = True

    def __init__(self) -> None:
        self.bot, self.gate, self.asked = CountdownBot(random.Random(1)), asyncio.Event(), asyncio.Event()

    async def async_choose(self, app: Application, seat: int) -> object:
        self.asked.set()
        await self.gate.wait()
        return await self.bot.async_choose(app, seat)

    async def async_wait_ready(self) -> None:
        await self.bot.async_wait_ready()

    def observe(self, app: Application, seat: int, events: Sequence[object]) -> None:
        self.bot.observe(app, seat, events)

    def tick(self) -> None:
        self.bot.tick()


LIMITS = Limits(keepalive_s=0.1, silent_s=0.6, frame_s=1.0)  # a link deaf for 1.6 s is let go
CONFIG = TableConfig("quiet", COUNTDOWN, "short", 2, "127.0.0.1", announce=False, away_time=30)


async def until(done: Callable[[], bool]) -> None:
    async with asyncio.timeout(10):
        while not done():
            await asyncio.sleep(0.02)


def heard(events: list[TableEvent], kind: type[Away] | type[Back]) -> Callable[[], bool]:
    return lambda: any(isinstance(e, kind) and e.seat == SEQUENCER for e in events)


async def _waiting_for_ann(
    cut: Callable[[CutLink, GatedBot, list[TableEvent]], Awaitable[None]],
) -> tuple[set[bytes], int]:
    """A first game between the host and ann (through a `CutLink`) that waits for ann's first move: `cut`
    does its harm there (ann's events: what she was told). The digests the game ends with, and how many
    links ann opened."""
    agent, events = GatedBot(), list[TableEvent]()
    async with Host(Identity.generate("host"), CONFIG, CountdownBot(random.Random(0)), table_id=os.urandom(16),
                    secret=b"", host_ready=False, notify=lambda e: None, clock=time.monotonic,
                    limits=LIMITS) as host:  # fmt: skip
        run_host = asyncio.get_running_loop().create_task(host.async_run())
        with CutLink(host.port) as link:
            async with Joiner(Identity.generate("ann"), ("127.0.0.1",), link.port, APPS, lambda app: agent,
                              bot=True, bind="127.0.0.1", notify=events.append, clock=time.monotonic,
                              limits=LIMITS) as ann:  # fmt: skip
                run_ann = asyncio.get_running_loop().create_task(ann.async_run())
                await until(agent.asked.is_set)  # the game is on and waits for ann
                await cut(link, agent, events)
                agent.gate.set()
                done = await asyncio.wait_for(asyncio.gather(run_host, run_ann), 10)
            links = link.links
    return {t.head.digest for t in done if t.phase is Progress.DONE}, links


def test_a_host_gone_silent_in_a_first_game_is_away_then_back_and_the_game_goes_on() -> None:
    async def cut(link: CutLink, agent: GatedBot, events: list[TableEvent]) -> None:
        link.one_way("down")
        await until(heard(events, Away))
        link.both_ways()
        await until(heard(events, Back))

    digests, _ = asyncio.run(_waiting_for_ann(cut))
    assert len(digests) == 1


def test_a_host_gone_silent_in_the_next_game_of_an_evening_is_away_then_back() -> None:
    """The watch goes on into the next game: a joiner bot whose host falls silent in game two shows it away,
    then back, and plays on (the last game's watch, cancelled, once hid that nobody watched)."""
    async def play_on() -> bool:
        return True

    async def scenario() -> list[TableEvent]:
        agent, events = GatedBot(), list[TableEvent]()
        agent.gate.set()  # game one flows
        async with Host(Identity.generate("host"), CONFIG, CountdownBot(random.Random(0)), table_id=os.urandom(16),
                        secret=b"", host_ready=True, notify=lambda e: None, clock=time.monotonic,
                        limits=LIMITS) as host:  # fmt: skip
            with CutLink(host.port) as link:
                async with Joiner(Identity.generate("ann"), ("127.0.0.1",), link.port, APPS, lambda app: agent,
                                  bot=True, bind="127.0.0.1", notify=events.append, clock=time.monotonic,
                                  limits=LIMITS) as ann:  # fmt: skip
                    await asyncio.wait_for(asyncio.gather(host.async_run(), ann.async_run()), 10)
                    agent.gate.clear()
                    agent.asked.clear()
                    events.clear()
                    run_host = asyncio.get_running_loop().create_task(host.async_next(os.urandom(16), b"", None))
                    await asyncio.sleep(0.3)  # the next game's lobby is offered before ann asks: she reads it at once
                    run_ann = asyncio.get_running_loop().create_task(ann.async_next(b"", play_on))
                    await until(agent.asked.is_set)  # game two is on and waits for ann
                    link.one_way("down")
                    await until(lambda: any(isinstance(e, Away) and e.seat == SEQUENCER for e in events))
                    link.both_ways()
                    await until(lambda: any(isinstance(e, Back) and e.seat == SEQUENCER for e in events))
                    agent.gate.set()
                    await asyncio.wait_for(asyncio.gather(run_host, run_ann), 10)
        return events

    asyncio.run(scenario())


def test_a_link_that_carries_nothing_to_the_host_mid_game_is_let_go_and_the_joiner_comes_back() -> None:
    """The other way round: the link holds back everything from ann, so her host waits for her while she
    still hears it. Her pings go unanswered past `silent_s + frame_s`: she drops the link and comes back on a
    new one, well inside the away limit (30 s), and the game goes on."""
    async def cut(link: CutLink, agent: GatedBot, events: list[TableEvent]) -> None:
        link.one_way("up")
        agent.gate.set()  # her move goes up the deaf link
        await until(heard(events, Back))

    digests, links = asyncio.run(_waiting_for_ann(cut))
    assert len(digests) == 1 and links == 2
