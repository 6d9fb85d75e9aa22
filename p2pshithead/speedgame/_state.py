# Networked Speed as one state every peer and an observer hold alike: the Speed position driven by the
# mental-poker deck, one transcript entry at a time (docs/speed.md, "On the network"). Stages: KEYS
# (each seat's proven key share, any order), SHUFFLE (seat 0, then 1, each proven; the proofs are
# checked at the last shuffle), PLAY, OVER. In PLAY both seats may send at any moment: a card being
# turned (a face-down top, a stock card onto a pile) is opened by every seat's decryption share, which
# each seat's program sends unasked (`owed`); a play, slap or burn is judged by the rules on the
# position the transcript has reached: legal, late (legal on the pile top or round its author saw,
# beaten by another entry: refused, nothing moves, a `Late` event), or a `Fault` naming its author.
# A seat may leave at any stage (a signed `leave`): the other wins, and only it signs the game off.
# Invariants: no secret and no notion of a local seat here; every card stays hidden from everyone until
# every seat has shared it, and a seat shares only cards being turned (or turned before: a share
# overtaken by the end of a round is not a fault); `apply` raises `Fault` and leaves the state as it was,
# or returns the same events at every peer. No clock, no randomness.
"""`SpeedTable`, `SpeedStage` and the deck events."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from p2pshithead.crypto import KeyShare, Message, RemoteDeckError, Reveal, Shuffle, TableDeck, TableParams
from p2pshithead.errors import Fault
from p2pshithead.speed import PLAYERS, Event, IllegalActionError, Speed, SpeedRules
from p2pshithead.speedgame._payloads import DeckPayload, DonePayload, ResignPayload, parse_speed_payload

__all__ = ["DeckStep", "SpeedTable", "SpeedStage"]


class SpeedStage(enum.Enum):
    """Where networked Speed stands."""

    KEYS = "keys"
    """Seats publish proven key shares."""
    SHUFFLE = "shuffle"
    """Seats shuffle the encrypted deck in seat order."""
    PLAY = "play"
    """Real time: both seats play; cards are turned by everyone's shares."""
    ENDING = "ending"
    """The game has a winner; each seat says it saw the end (`done`), so that a play it sent before
    seeing it is still judged late, not refused by the transport after the finish."""
    OVER = "over"
    """Both seats saw the end: the transcript is signed off."""


@dataclass(frozen=True, slots=True)
class DeckStep:
    """`seat` sent a step its program makes unasked: `kind` is 'key', 'shuffle', 'shares' (of `slots`),
    or 'done' (it saw the end); or 'left' (its person left the game)."""

    seat: int
    kind: str
    slots: tuple[int, ...] = ()


def _unproven(message: Message) -> bool:
    return False


class SpeedTable:
    """The state of a networked game of Speed at table `table_id`, as every peer holds it."""

    def __init__(self, rules: SpeedRules, table_id: bytes) -> None:
        self.rules = rules
        self.deck = TableDeck(TableParams(table_id, PLAYERS, rules.size))
        self.game = Speed(rules)
        self._keys: set[int] = set()
        self._shuffles = 0
        self._shared: dict[int, set[int]] = {}  # slot -> seats whose share of it the transcript holds
        self._turned: set[int] = set(self.game.awaiting)  # every slot ever being turned
        self._done: set[int] = set()  # seats that saw the game end
        self._left: set[int] = set()  # seats that left it (they saw the end, and sign nothing off)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SpeedTable) and self._public() == other._public()

    __hash__ = None  # type: ignore[assignment]

    def _public(self) -> tuple[object, ...]:
        shared = {slot: frozenset(seats) for slot, seats in self._shared.items()}
        return (self.rules, self.deck.params, self.deck.deck, self.game.key(), self._keys, self._shuffles, shared,
                self._turned, self._done, self._left)  # fmt: skip

    @property
    def stage(self) -> SpeedStage:
        if not self._left:  # (a seat that left ended the game, at whatever stage)
            if len(self._keys) < PLAYERS:
                return SpeedStage.KEYS
            if self._shuffles < PLAYERS:
                return SpeedStage.SHUFFLE
            if not self.game.is_over():
                return SpeedStage.PLAY
        return SpeedStage.OVER if len(self._done) == PLAYERS else SpeedStage.ENDING

    @property
    def left(self) -> frozenset[int]:
        """The seats that left the game."""
        return frozenset(self._left)

    def in_setup(self) -> bool:
        return self.stage in (SpeedStage.KEYS, SpeedStage.SHUFFLE)

    def who_may_act(self) -> frozenset[int]:
        """Keys: seats without one; shuffle: the next shuffler; play: both seats, at any moment; ending:
        the seats yet to say they saw the end."""
        stage = self.stage
        if stage is SpeedStage.KEYS:
            return frozenset(p for p in range(PLAYERS) if p not in self._keys)
        if stage is SpeedStage.SHUFFLE:
            return frozenset({self._shuffles})
        if stage is SpeedStage.ENDING:
            return frozenset(p for p in range(PLAYERS) if p not in self._done)
        return frozenset(range(PLAYERS)) if stage is SpeedStage.PLAY else frozenset()

    def finish_order(self) -> tuple[int, ...] | None:
        """Winner first, once both seats saw the end."""
        return self.game.order if self.stage is SpeedStage.OVER else None

    def saw_end(self, seat: int) -> bool:
        return seat in self._done

    def owed(self, seat: int) -> list[int]:
        """Slots being turned whose share `seat` has not sent."""
        if self.stage is not SpeedStage.PLAY:
            return []
        return [slot for slot in self.game.awaiting if seat not in self._shared.get(slot, ())]

    def apply(self, seat: int, obj: object, proven: Callable[[Message], bool] = _unproven) -> list[Event | DeckStep]:
        """Apply `seat`'s payload `obj` (plain msgpack data) and say what happened.

        Raises:
            Fault: naming `seat`, for anything malformed, out of turn or never legal (at the last
                shuffle: naming the first seat whose shuffle proof fails).
            ValueError: `seat` is not a seat of this table (the caller's mistake).
        """
        if type(seat) is not int or not 0 <= seat < PLAYERS:
            raise ValueError(f"seats are 0 and 1, not {seat!r}")
        payload = parse_speed_payload(seat, obj)
        if isinstance(payload, ResignPayload):
            return self._leave(seat)
        if seat not in self.who_may_act():
            raise Fault(seat, f"sent a message during the {self.stage.value} stage, when only seats "
                              f"{sorted(self.who_may_act())} may")  # fmt: skip
        if isinstance(payload, DeckPayload):
            return self._apply_deck(seat, payload.message, proven)
        if isinstance(payload, DonePayload):
            if self.stage is not SpeedStage.ENDING:
                raise Fault(seat, "said the game was over while it was not")
            self._done.add(seat)
            return [DeckStep(seat, "done")]
        if self.stage not in (SpeedStage.PLAY, SpeedStage.ENDING):
            raise Fault(seat, f"played during the {self.stage.value} stage")
        try:
            return list(self.game.push(seat, payload.action))
        except IllegalActionError as exc:
            raise Fault(seat, exc.reason) from None
        finally:
            self._turned |= set(self.game.awaiting)

    def _leave(self, seat: int) -> list[Event | DeckStep]:
        """`seat` leaves: the game ends, the other first (one already won stays as it ended)."""
        if seat in self._done:
            raise Fault(seat, "left a game it had seen end")
        self._left.add(seat)
        self._done.add(seat)
        return [*self.game.resign(seat), DeckStep(seat, "left")]

    def _apply_deck(self, seat: int, message: Message, proven: Callable[[Message], bool]) -> list[Event | DeckStep]:
        stage = self.stage
        expected: type[Message] = {SpeedStage.KEYS: KeyShare, SpeedStage.SHUFFLE: Shuffle}.get(stage, Reveal)
        if not isinstance(message, expected):
            raise Fault(seat, f"sent a {message.kind} during the {stage.value} stage")
        if isinstance(message, Shuffle):
            try:
                self.deck.defer_shuffle(seat, message, proven(message))
                if self._shuffles + 1 == PLAYERS:
                    self.deck.check_shuffles()
            except RemoteDeckError as exc:
                raise Fault(exc.peer, exc.reason) from None
            self._shuffles += 1
            return [DeckStep(seat, "shuffle")]
        if isinstance(message, Reveal):
            slots = [share.slot for share in message.shares]
            bad = [s for s in slots if s not in self._turned or seat in self._shared.get(s, ())]
            if bad or message.draw is not None:
                raise Fault(seat, f"sent shares of slots {sorted(bad)} that are not being turned (or twice)")
        try:
            self.deck.receive(seat, message, proven(message))
        except RemoteDeckError as exc:
            raise Fault(seat, exc.reason) from None
        if isinstance(message, KeyShare):
            self._keys.add(seat)
            return [DeckStep(seat, "key")]
        events: list[Event | DeckStep] = [DeckStep(seat, "shares", tuple(slots))]
        for slot in slots:
            self._shared.setdefault(slot, set()).add(seat)
            card = self.deck.card(slot)
            if card is not None:
                events += self.game.reveal(slot, card)
        self._turned |= set(self.game.awaiting)
        return events
