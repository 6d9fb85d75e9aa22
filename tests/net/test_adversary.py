"""A cheating peer over real sockets (127.0.0.1, one event loop): every honest peer and `verify` name it.

The cheat is a joiner whose own messages are rewritten after its honest player made them and signed
again with its own key, so they are well-signed and pass the relay's checks: only the rules and the
deck's proofs can refuse them. Each case plays the card game until the cheat acts, then checks that
the host, every honest joiner and a replay of the saved transcript stop with one verdict naming it.
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from p2pshithead.cli.agents import BotAgent
from p2pshithead.cli.main import main
from p2pshithead.cli.seating import APPS
from p2pshithead.cli.shithead import ShitheadBot
from p2pshithead.engine import Phase, Play
from p2pshithead.game import SHITHEAD, ShitheadApp, Stage
from p2pshithead.net import (
    Authored,
    Away,
    Dropped,
    Host,
    Identity,
    Joiner,
    Progress,
    RemoteProtocolError,
    TableConfig,
    Transcript,
    app_body,
    author_message,
    decode_object,
    load_entries,
    replay,
    save_entries,
)  # fmt: skip

CONFIG = TableConfig("cheats", SHITHEAD, "classic", 3, "127.0.0.1", announce=False)
Tamper = Callable[[dict, ShitheadApp], "dict | None"]


class Cheat(Joiner):
    """A joiner that rewrites the first of its payloads that `tamper` changes, and signs it again."""

    def __init__(self, identity: Identity, port: int, tamper: Tamper) -> None:
        super().__init__(identity, ("127.0.0.1",), port, APPS, lambda app: BotAgent(ShitheadBot(), random.Random(7)),
                         bot=True, bind="127.0.0.1", notify=lambda event: None, clock=time.monotonic)  # fmt: skip
        self._me, self._tamper, self.cheated = identity, tamper, False

    async def _async_submit(self, msg: Authored) -> None:
        body = decode_object(msg.body, "self")
        t = self.transcript
        if not self.cheated and t is not None and isinstance(body, dict) and body.get("k") == "app":
            assert isinstance(t.app, ShitheadApp)
            payload = self._tamper(body["p"], t.app)
            if payload is not None:
                self.cheated = True
                msg = author_message(self._me, t.setup.table_id, msg.seat, msg.counter, msg.seen, app_body(payload))
        await super()._async_submit(msg)


async def _table(tamper: Tamper) -> tuple[Transcript, list[Transcript], int]:
    async with Host(Identity.generate("host"), CONFIG, BotAgent(ShitheadBot(), random.Random(0)),
                    table_id=os.urandom(16), secret=b"", host_ready=False, notify=lambda event: None,
                    clock=time.monotonic) as host:  # fmt: skip
        run = asyncio.ensure_future(host.async_run())
        cheat_id = Identity.generate("cheat")
        honest = Joiner(Identity.generate("honest"), ("127.0.0.1",), host.port, APPS,
                        lambda app: BotAgent(ShitheadBot(), random.Random(1)), bot=True, bind="127.0.0.1",
                        notify=lambda event: None, clock=time.monotonic)  # fmt: skip
        cheat = Cheat(cheat_id, host.port, tamper)
        async with honest, cheat:
            cheating = asyncio.ensure_future(cheat.async_run())  # its own copy never checks its own lies
            results = await asyncio.wait_for(asyncio.gather(run, honest.async_run()), 20)
            cheating.cancel()
        assert cheat.cheated, "the cheat never got its chance"
    seat = [s.key for s in results[0].setup.seats].index(cheat_id.public)
    return results[0], [results[1]], seat


def _card_not_in_hand(payload: dict, app: ShitheadApp) -> dict | None:
    """On its first turn of play: a card from another seat's hand, with its own (valid) share of it."""
    core, game = app.local, app.state.game
    assert core is not None, "the cheat holds a seat"
    if payload.get("t") != "move" or game is None or game.phase is not Phase.PLAY or game.turn != core.seat:
        return None
    other = next(p for p in range(app.state.players) if p != core.seat and game.hand(p))
    return core.move_payload(Play(core.seat, (game.hand(other)[0],)))


def _share_with_wrong_proof(payload: dict, app: ShitheadApp) -> dict | None:
    """Its deal shares, one proof's response changed by one bit."""
    if payload.get("t") != "deck" or app.state.stage is not Stage.DEAL:
        return None
    shares = [list(s) for s in payload["m"]["shares"]]
    response = bytearray(shares[0][3])
    response[-1] ^= 1
    shares[0][3] = bytes(response)
    return {"t": "deck", "m": {**payload["m"], "shares": shares}}


def _malformed(payload: dict, app: ShitheadApp) -> dict | None:
    """A move whose notation is a number."""
    return {"t": "move", "m": 7, "r": None, "f": None} if payload.get("t") == "move" else None


@pytest.mark.parametrize(
    ("tamper", "reason"),
    [
        (_card_not_in_hand, "hand"),
        (_share_with_wrong_proof, "proof"),
        (_malformed, "field m: expected str"),
    ],
    ids=["card-not-in-hand", "share-with-wrong-proof", "malformed-payload"],
)
def test_every_honest_peer_and_verify_name_the_cheat(tamper: Tamper, reason: str, tmp_path: Path) -> None:
    host, honest, seat = asyncio.run(_table(tamper))
    verdicts = {t.verdict for t in [host, *honest]}
    assert len(verdicts) == 1
    (verdict,) = verdicts
    assert verdict is not None and verdict.proven and verdict.seat == seat and verdict.nick == "cheat"
    assert reason in verdict.reason
    assert all(t.phase is Progress.STOPPED and t.head == host.head for t in honest)
    saved = tmp_path / "host.p2ps"
    save_entries(saved, host.entries)
    assert replay(load_entries(saved), str(saved), APPS).verdict == verdict
    result = CliRunner().invoke(main, ["verify", str(saved)])
    assert result.exit_code == 1 and f"fault: seat {seat} (cheat) at fault: {verdict.reason}" in result.output


class Dropper(Joiner):
    """A joiner that vanishes on its first turn of play and never comes back (a crash, a lost laptop)."""

    async def _async_submit(self, msg: Authored) -> None:
        t = self.transcript
        if t is not None and not t.app.in_setup() and self._conn is not None:
            conn, self._conn = self._conn, None
            await conn.async_close()
            return
        await super()._async_submit(msg)

    async def _async_come_back(self, exc: BaseException) -> None:
        raise RemoteProtocolError("dropper", "gone for good")


def test_a_peer_gone_past_the_away_limit_stops_the_table_with_a_report_naming_it() -> None:
    async def table() -> tuple[Transcript, Transcript, int]:
        said: list[object] = []
        async with Host(Identity.generate("host"), replace(CONFIG, away_time=1),
                        BotAgent(ShitheadBot(), random.Random(0)), table_id=os.urandom(16), secret=b"",
                        host_ready=False, notify=said.append, clock=time.monotonic) as host:  # fmt: skip
            run = asyncio.ensure_future(host.async_run())
            gone = Identity.generate("gone")
            honest = Joiner(Identity.generate("honest"), ("127.0.0.1",), host.port, APPS,
                            lambda app: BotAgent(ShitheadBot(), random.Random(1)), bot=True, bind="127.0.0.1",
                            notify=lambda event: None, clock=time.monotonic)  # fmt: skip
            dropper = Dropper(gone, ("127.0.0.1",), host.port, APPS,
                              lambda app: BotAgent(ShitheadBot(), random.Random(2)), bot=True, bind="127.0.0.1",
                              notify=lambda event: None, clock=time.monotonic)  # fmt: skip
            async with honest, dropper:
                dropping = asyncio.ensure_future(dropper.async_run())
                results = await asyncio.wait_for(asyncio.gather(run, honest.async_run()), 20)
                dropping.cancel()
        assert any(isinstance(e, Dropped) and "gone" in e.peer for e in said)  # the host says who dropped
        assert any(isinstance(e, Away) and e.nick == "gone" for e in said)  # ... and that it may come back
        return results[0], results[1], [s.key for s in results[0].setup.seats].index(gone.public)

    host, honest, seat = asyncio.run(table())
    assert host.verdict == honest.verdict
    assert host.verdict is not None and host.verdict.seat == seat and not host.verdict.proven
    assert "away for more than 1 s: connection lost" in host.verdict.reason
