"""A host offers a table (its welcome: application, rules, name, which the person is told as it sits down)
and then begins a game whose genesis states it: a game of other rules than offered is refused naming the
host, by a seat as by a spectator, so nobody plays (or watches) rules it was not told. The decision in
memory (`offer_problem`), then a bait-and-switch host over loopback sockets."""

from __future__ import annotations

import asyncio
import os
import random
import time
from dataclasses import replace

import pytest

from p2pshithead.net import Host, Identity, Joiner, RemoteProtocolError, SeatInfo, TableConfig, TableSetup
from p2pshithead.net._joining import offer_problem
from p2pshithead.net._messages import TableInfo

from .countdown import APPS, COUNTDOWN, CountdownBot, countdown_bots

HOST = Identity.generate("host")
OFFERED = TableInfo(7, "kitchen", "countdown", "short", 60, 120)


def _setup(name: str = "kitchen", rules: str = "short") -> TableSetup:
    seats = tuple(SeatInfo(i.public, i.nick) for i in (HOST, Identity.generate("ann")))
    return TableSetup(bytes(16), name, "countdown", rules, COUNTDOWN.ruleset_hash(rules), seats)


def test_the_game_of_the_table_offered_is_played() -> None:
    assert offer_problem(OFFERED, _setup()) is None


@pytest.mark.parametrize(("setup", "said"), [
    (_setup(rules="long"), "rules 'short'"), (_setup(name="elsewhere"), "table name 'kitchen'"),
    (replace(_setup(), app="speed"), "application 'countdown'"),
], ids=["rules", "name", "application"])  # fmt: skip
def test_a_game_other_than_the_table_offered_is_named(setup: TableSetup, said: str) -> None:
    problem = offer_problem(OFFERED, setup)
    assert problem is not None and said in problem


@pytest.mark.e2e
def test_a_host_that_offers_one_rules_and_begins_another_is_named_by_its_joiner() -> None:
    async def table() -> None:
        config = TableConfig("kitchen", COUNTDOWN, "long", 2, "127.0.0.1", announce=False)
        async with Host(HOST, config, CountdownBot(random.Random(0)), table_id=os.urandom(16),
                        secret=b"", host_ready=True, notify=lambda event: None, clock=time.monotonic) as host:
            session = host._session  # the bait: what it tells a peer sitting down
            session._info = replace(session._info, rules="short")
            run = asyncio.ensure_future(host.async_run())
            joiner = Joiner(Identity.generate("ann"), ("127.0.0.1",), host.port, APPS, countdown_bots(1), bot=True,
                            bind="127.0.0.1", notify=lambda event: None, clock=time.monotonic)  # fmt: skip
            try:
                async with joiner:
                    with pytest.raises(RemoteProtocolError, match="not the table it offered: it offered rules 'short'"):
                        await asyncio.wait_for(joiner.async_run(), 10)
            finally:
                run.cancel()

    asyncio.run(table())
