# Networked Shithead as the transport runs it: `ShitheadApp` is one peer's application (the shared
# `TableState`, with this seat's `LocalSeat` beside it as a `SeatedTable`), `SHITHEAD` its registry entry,
# beside Speed's `SpeedApp`/`SPEED`. Invariants: the transport sees only plain payloads, typed events and
# `Fault`s naming a seat; each seat's secrets come from the injected `rand` (or the kept `secret`); an
# observer (no seat, e.g. `verify`) holds no secret and checks every proof and rule from the transcript
# alone; every batch of events applied is kept in `applied`, in order, for whoever tells them (cli).
# Nothing here prints, words or keeps time.
"""`ShitheadApp`, `SHITHEAD` (the `AppSpec`), `auto_move`."""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence

from p2pshithead.engine import MAX_PLAYERS, MIN_PLAYERS, PRESETS, Game, Move, Phase
from p2pshithead.game._decide import Decider
from p2pshithead.game._events import Event, KeyShared, Shared
from p2pshithead.game._local import LocalSeat, SeatedTable
from p2pshithead.game._rules import ruleset_of
from p2pshithead.game._state import Stage, TableState
from p2pshithead.net import AppSpec, TableSetup

__all__ = ["SHITHEAD", "ShitheadApp", "auto_move"]


class ShitheadApp:
    """One peer of a networked Shithead table (`table`: the state with this seat's key beside it; an
    observer's is the bare state), built from `setup` at `local_seat` (None: an observer)."""

    def __init__(self, setup: TableSetup, local_seat: int | None, secret: bytes = b"",
                 rand: Callable[[int], bytes] = os.urandom) -> None:  # fmt: skip
        rules = ruleset_of(setup.rules)
        if bytes.fromhex(rules.digest()) != setup.ruleset_hash:
            raise ValueError(f"the table's ruleset hash does not match its rules {setup.rules!r}")
        last = 0 if setup.previous is None else len(setup.previous.order)
        self.state = TableState(rules, setup.table_id, len(setup.seats), previous_order(setup), last)
        self.local = None if local_seat is None else LocalSeat(self.state, local_seat, rand, secret or None)
        self.table = self.state if self.local is None else SeatedTable(self.state, self.local)
        self.names = tuple(s.nick for s in setup.seats)
        self.number = setup.game  # which game of the evening at this table (1, 2, ...)
        self.applied: list[Sequence[Event]] = []  # every batch of events, in the order applied
        self.keys_in = 0  # proven key shares so far
        self.dealt_in = 0  # seats whose shares opened the deal

    @property
    def seat(self) -> int | None:
        """The local seat (None: an observer)."""
        return None if self.local is None else self.local.seat

    def who_may_act(self) -> frozenset[int]:
        return self.state.who_may_act()

    def apply(self, seat: int, payload: object) -> Sequence[Event]:
        """Apply `seat`'s payload to the table; `Fault` (from the game) names `seat`."""
        events = self.table.apply(seat, payload)
        for event in events:
            if isinstance(event, KeyShared):
                self.keys_in += 1
            elif isinstance(event, Shared) and self.state.stage is not Stage.PLAY and event.slots:
                self.dealt_in += 1
        self.applied.append(events)
        return events

    def pending(self) -> object | None:
        return None if self.local is None else self.local.pending()

    def finish_order(self) -> tuple[int, ...] | None:
        return self.state.finish_order()

    def in_setup(self) -> bool:
        return self.state.in_setup()

    def present(self) -> frozenset[int]:
        """Every seat but those that left the game for good."""
        left = self.state.game.left if self.state.game is not None else ()
        return frozenset(range(self.state.players)) - set(left)

    def view(self, seat: int | None) -> Game:
        """The game as `seat` sees it; a bystander's (None): the table's own position, public cards only."""
        game = self.state.game
        assert game is not None, "the game is dealt"
        if self.local is not None and seat == self.local.seat:
            return self.local.view()
        return game if seat is None else game.view(seat)

    def thinking(self) -> int | None:
        """The seat whose own decision the table awaits on a turn of play (None: setup, the swap and show
        phases, an out-of-turn window, cards being opened)."""
        game, core = self.state.game, self.state
        if game is None or core.stage is not Stage.PLAY or game.phase is not Phase.PLAY:
            return None
        mine = None if self.local is None or self.pending() is None else self.local.seat  # sent without asking
        if sorted(core.who_may_act() - {mine}) != [game.turn]:
            return None
        return None if game.window is not None and core.window_open_to(game.turn) else game.turn


def auto_move(app: ShitheadApp, decider: Decider) -> tuple[object, Move | None]:
    """What the local seat's own program sends when its time is up, and the move (None: its pending
    shares, or a pass of an out-of-turn window): it passes a window, else sends `decider`'s move (the
    composition root's stand-in, `bots.stand_in()`: smart's search at a playout budget). Only this
    program decides it, from this seat's own view (its hand too), as the person would have; the others
    check it as any move. Its rng is seeded by that view, so a position gets the same move every time."""
    local = app.local
    assert local is not None, "an observer has no time limit"
    pending = local.pending()
    if pending is not None:
        return pending, None
    if local.window_open():
        return local.window_payload(None), None
    view = local.view()
    choice = decider.decide(view, local.seat, random.Random(view.to_text()))
    if choice is None:
        raise RuntimeError(f"{decider!r} gave no move for seat {local.seat} when its time was up")
    return local.move_payload(choice), choice


def previous_order(setup: TableSetup) -> tuple[int, ...]:
    """The last game's finish order (a series) as seats of this table: those who sit here again."""
    if setup.previous is None:
        return ()
    keys = [s.key for s in setup.seats]
    return tuple(keys.index(key) for key in setup.previous.order if key in keys)


def _check_rules(text: str) -> None:
    ruleset_of(text)


SHITHEAD = AppSpec(name="shithead", presets=tuple(PRESETS), check_rules=_check_rules, make=ShitheadApp,
                   ruleset_hash=lambda text: bytes.fromhex(ruleset_of(text).digest()),
                   seats=(MIN_PLAYERS, MAX_PLAYERS), secret_size=64)  # fmt: skip
"""Shithead in the transport's registry: 2..10 seats, turn by turn."""
