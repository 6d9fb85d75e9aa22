# Networked Speed as the transport runs it: `SpeedApp` is one peer's application (the shared
# `SpeedTable` beside this seat's deck key and its pending step), `SPEED` its registry entry. Invariants:
# the pending payload (a key share, a shuffle, the shares of the cards being turned, 'done' once the game
# is won) is made once and
# offered unchanged until it is applied; this seat's own deck messages go in as `proven` (made here), so
# each proof is verified once per process; an observer (no seat) holds no secret.
"""`SpeedApp` and `SPEED` (the `AppSpec`)."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

from p2pshithead.crypto import DeckKey, Message
from p2pshithead.net import AppSpec, TableSetup
from p2pshithead.speed import PLAYERS, PRESETS, Action, Speed, SpeedRules
from p2pshithead.speedgame._payloads import DeckPayload, DonePayload, ResignPayload, action_wire
from p2pshithead.speedgame._state import SpeedStage, SpeedTable

__all__ = ["SPEED", "SpeedApp"]


class SpeedApp:
    """One peer's networked Speed at the table `setup`, seated at `seat` (None: an observer), its
    deck key drawn from `secret` (64 bytes kept to come back after a crash) or from `rand`."""

    def __init__(self, setup: TableSetup, seat: int | None, secret: bytes = b"",
                 rand: Callable[[int], bytes] = os.urandom) -> None:  # fmt: skip
        rules = SpeedRules.from_text(setup.rules)
        if rules.digest() != setup.ruleset_hash:
            raise ValueError(f"the table's ruleset hash does not match its rules {setup.rules!r}")
        self.state = SpeedTable(rules, setup.table_id)
        self.seat = seat
        self.names = tuple(s.nick for s in setup.seats)
        self.key = None if seat is None else DeckKey(self.state.deck.params, seat, rand, secret or None)
        self._outbox: DeckPayload | DonePayload | None = None

    @property
    def game(self) -> Speed:
        """The Speed position (public: in Speed every card a player may know is known to all)."""
        return self.state.game

    def who_may_act(self) -> frozenset[int]:
        return self.state.who_may_act()

    def finish_order(self) -> tuple[int, ...] | None:
        return self.state.finish_order()

    def in_setup(self) -> bool:
        return self.state.in_setup()

    def present(self) -> frozenset[int]:
        return frozenset(range(PLAYERS)) - self.state.left

    def apply(self, seat: int, payload: object) -> Sequence[object]:
        """Apply `seat`'s payload; `Fault` (from the state) names `seat`."""
        events = self.state.apply(seat, payload, self._made if seat == self.seat else _unproven)
        if seat == self.seat:
            self._outbox = None
        return events

    def _made(self, message: Message) -> bool:
        return self.key is not None and self.key.made(message)

    def pending(self) -> dict[str, object] | None:
        """This seat's deck step due now (sent by the program, unasked), else None; the same until applied."""
        if self.key is None or self.seat not in self.state.who_may_act():
            return None
        if self._outbox is None:
            self._outbox = self._make_pending(self.key, self.seat)
        return None if self._outbox is None else self._outbox.to_wire()

    def _make_pending(self, key: DeckKey, seat: int) -> DeckPayload | DonePayload | None:
        state = self.state
        if state.stage is SpeedStage.ENDING:
            return DonePayload()
        if state.stage is SpeedStage.KEYS:
            return DeckPayload(key.key_share_message())
        if state.stage is SpeedStage.SHUFFLE:
            return DeckPayload(key.shuffle_message(state.deck))
        owed = state.owed(seat)
        return DeckPayload(key.reveal_message(state.deck, owed)) if owed else None

    def action_payload(self, action: Action) -> dict[str, object]:
        """The payload of this seat's play, slap or burn."""
        return action_wire(action)

    def leave_payload(self) -> dict[str, object]:
        """The payload of this seat's leaving the game (the other wins)."""
        return ResignPayload().to_wire()


def _unproven(message: Message) -> bool:
    return False


def _check_rules(text: str) -> None:
    SpeedRules.from_text(text)


SPEED = AppSpec(name="speed", presets=tuple(PRESETS), check_rules=_check_rules, make=SpeedApp,
                ruleset_hash=lambda text: SpeedRules.from_text(text).digest(), seats=(PLAYERS, PLAYERS), secret_size=64,
                realtime=True, kept=False)  # fmt: skip
"""Speed in the transport's registry: two seats, real time (the host's own entries wait a round trip), one
game kept by nobody (a program that ended never comes back to it)."""
