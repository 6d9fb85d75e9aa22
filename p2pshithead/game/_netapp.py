"""The card game as the network layer's application (`SHITHEAD`): `CardGame` behind `AppSpec`.

Invariants: the network layer sees only plain payloads and `Fault`s naming a seat; each peer's
secrets come from `os.urandom`; an observer (no seat, e.g. `verify`) holds no secret and checks
every proof and every rule from the transcript alone.
"""

from __future__ import annotations

import os
import random

import click

from p2pshithead.bots import make_player
from p2pshithead.cli.prompt import Command, interpret
from p2pshithead.cli.render import Look, can_encode, narrate, screen
from p2pshithead.engine import PRESETS, EngineError, preset
from p2pshithead.game._decide import next_payload
from p2pshithead.game._errors import GameFault
from p2pshithead.game._protocol import CardGame, Stage
from p2pshithead.net._app import AppSpec, TableSetup
from p2pshithead.net._errors import Fault

__all__ = ["SHITHEAD", "NetCardGame"]

LEVELS = ("random", "greedy", "smart")


class NetCardGame:
    """`CardGame` for one peer of a networked table, with names and narrated events for people."""

    def __init__(self, setup: TableSetup, local_seat: int | None) -> None:
        rules = preset(setup.rules)
        if bytes.fromhex(rules.digest()) != setup.ruleset_hash:
            raise ValueError(f"the table's ruleset hash does not match preset {setup.rules!r}")
        rand = os.urandom if local_seat is not None else None
        self.core = CardGame(rules, setup.table_id, len(setup.seats), local_seat, rand)
        self.names = [s.nick for s in setup.seats]
        self.events: list[str] = []
        self.look = Look(unicode=can_encode(getattr(click.get_text_stream("stdout"), "encoding", None)))

    def who_may_act(self) -> frozenset[int]:
        return self.core.who_may_act()

    def apply(self, seat: int, payload: object) -> None:
        game = self.core.game
        before = game.copy() if game is not None else None
        moves = len(game.move_stack) if game is not None else 0
        try:
            self.core.apply(seat, payload)
        except GameFault as exc:
            raise Fault(exc.seat, exc.reason) from None
        after = self.core.game
        if before is not None and after is not None and len(after.move_stack) > moves:
            me = self.core.seat if self.core.seat is not None else -1
            self.events += narrate(before, after.move_stack[-1], after, me, self.names, self.look)

    def pending(self) -> object | None:
        return self.core.pending()

    def finish_order(self) -> tuple[int, ...] | None:
        return self.core.finish_order()

    def status(self, seat: int | None) -> str:
        core = self.core
        stage = core.stage
        if stage is Stage.KEYS:
            return "setting up: exchanging proven key shares"
        if stage is Stage.SHUFFLE:
            return f"shuffling: {self.names[min(core.who_may_act())]} encrypts and shuffles the deck"
        if stage is Stage.DEAL:
            return "dealing: opening face-up cards and each hand to its owner"
        game = core.game
        assert game is not None
        me = seat if seat is not None else 0
        return screen(game.view(me), me, self.names, self.events, self.look)


def _ruleset_hash(name: str) -> bytes:
    return bytes.fromhex(preset(name).digest())


def _describe(name: str) -> str:
    return "; ".join(preset(name).describe())


def _bot(app: object, seat: int, rng: random.Random, level: int) -> object:
    assert isinstance(app, NetCardGame)
    player = make_player(LEVELS[max(0, min(level, len(LEVELS) - 1))])
    return next_payload(app.core, player, rng)


def _parse(app: object, seat: int, text: str) -> object:
    assert isinstance(app, NetCardGame)
    core = app.core
    pending = core.pending()
    if pending is not None:
        return pending
    game = core.game
    if game is None:
        raise ValueError("the deck is being set up; wait a moment")
    view = game.view(seat)
    if core.window_open_to(seat):
        answer = text.strip().lower()
        if answer in ("", "n", "no", "-", "pass"):
            return core.window_payload(None)
        text = answer.removeprefix("y").strip() or answer
    try:
        move = interpret(text, view, seat, app.names)
    except EngineError as exc:
        raise ValueError(exc.reason) from None
    if isinstance(move, Command):
        raise ValueError("\n".join(game.rules.describe()) if move is Command.RULES else "type a move: 7, 7 7, pick, fd 2 ...")
    if core.window_open_to(seat):
        return core.window_payload(move)
    return core.move_payload(move)


SHITHEAD = AppSpec(
    name="shithead",
    presets=tuple(PRESETS),
    make=NetCardGame,
    ruleset_hash=_ruleset_hash,
    describe=_describe,
    bot=_bot,
    parse=_parse,
)

