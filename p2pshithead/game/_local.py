"""This peer's part of a networked game, beside the shared `TableState`: its seat, its deck key and
what it intends to send; and `SeatedTable`, the two composed for the transport.

Invariants: `LocalSeat` only reads the state; the state changes only through `apply`, the same for
every seat's entries (this seat's own deck messages go in as `proven`, made here, so each proof is
verified once per process; its own key share must be this key's, else `WrongKeyError` before it is applied:
a wrong secret never opens a card). The seat's own hand identities are known here alone and reported as
`Revealed(to=seat)`; `view()` is the public engine position plus them. A card given to this seat in the
French exchange opens with the giver's share sealed for it (`crypto.open_share`), kept to be forwarded
when this seat plays the card. The pending payload is made
once and offered unchanged until it is applied; the deal's is made as soon as every shuffle is checked,
before this seat's turn (it depends on nothing the earlier deal shares carry). No clock; the secrets
come from the injected `rand`.
"""

from __future__ import annotations

from collections.abc import Callable

from p2pshithead.crypto import (
    DeckKey,
    DecryptionShare,
    KeyShare,
    Message,
    Reveal,
    WrongKeyError,
    card_with,
    dispute_key,
    open_share,
    seal_share,
)
from p2pshithead.engine import Card, Game, Give, Move, Ruleset, card_at
from p2pshithead.game._events import Event, Revealed
from p2pshithead.game._payloads import (
    DeckPayload,
    DisputePayload,
    GivePayload,
    LeavePayload,
    MovePayload,
    Payload,
    WindowPayload,
)
from p2pshithead.game._state import Stage, TableState, _unproven

__all__ = ["LocalSeat", "SeatedTable"]


class LocalSeat:
    """Seat `seat` of the table whose shared state is `state`: its key (secrets from `rand`), its own
    hand's identities, its pending deck step and its out-of-turn intent."""

    def __init__(self, state: TableState, seat: int, rand: Callable[[int], bytes], seed: bytes | None = None) -> None:
        """`seed`: 64 bytes the key share is drawn from, for a peer that keeps it to come back after a
        crash (None: drawn from `rand`)."""
        self.state = state
        self.seat = seat
        self.key = DeckKey(state.deck.params, seat, rand, seed)
        self._hand: dict[int, Card] = {}  # identities of this seat's hand, learned from the others' shares
        self._given: dict[int, DecryptionShare] = {}  # slot given to this seat -> the giver's share of it
        self._unopened: int | None = None  # a slot given to this seat whose sealed share does not open
        self._outbox: Payload | None = None  # the pending payload, until applied
        self._intent: Move | None = None  # the out-of-turn play, once this seat claims

    def __repr__(self) -> str:
        return f"LocalSeat(seat={self.seat}, stage={self.state.stage})"

    def view(self) -> Game:
        """The engine position as this seat may know it: public cards and its own hand.

        Raises:
            ValueError: the game is not dealt yet.
        """
        game = self.state.game
        if game is None:
            raise ValueError("the game is not dealt yet")
        view = game.view(self.seat)
        for slot in game.hand(self.seat):
            if slot in self._hand and view.card(slot) is None:
                view.reveal(slot, self._hand[slot])
        return view

    def made(self, message: Message) -> bool:
        """Whether this seat's key made `message`, one of this seat's deck messages as the transcript
        carries it (the state then skips its proofs).

        Raises:
            WrongKeyError: `message` is this seat's key share and not this key's: the secret this process
                holds is not the one the seat committed to (a journal of another game, a lost key), so no
                card it opened and no share it sent would hold. Raised before the share is applied.
        """
        if isinstance(message, KeyShare) and message.public != self.key.public:
            raise WrongKeyError(f"this process's secret does not match the key share seat {self.seat} committed to "
                                 "in the game")  # fmt: skip
        return self.key.made(message)

    def pending(self) -> dict[str, object] | None:
        """A payload this seat must send now without a decision (deck steps, owed shares, passing a
        window it cannot use, the play it claimed), else None. The same payload until it is applied."""
        if self.seat not in self.state.who_may_act():
            return None
        if self._outbox is None:
            self._outbox = self._make_pending()
        return None if self._outbox is None else self._outbox.to_wire()

    def _make_pending(self) -> Payload | None:
        state, me, deck = self.state, self.seat, self.state.deck
        stage = state.stage
        if stage is Stage.KEYS:
            return DeckPayload(self.key.key_share_message())
        if stage is Stage.SHUFFLE:
            return DeckPayload(self.key.shuffle_message(deck))
        if stage is Stage.DEAL:
            return DeckPayload(self.key.reveal_message(deck, state.deal_slots(me), draw=True))
        if stage is Stage.AUDIT:
            return DeckPayload(self.key.reveal_message(deck, state.audit_slots()))
        if self._unopened is not None:
            point, proof = dispute_key(self.key, deck, state.gifts[self._unopened])
            return DisputePayload(self._unopened, point, proof)
        game = self.view()
        if me in game.finished:
            slots = state.release_slots(me)
            message = self.key.release_message(deck) if slots is None else self.key.reveal_message(deck, slots)
            return DeckPayload(message)
        owed = state.owed(me)
        if owed:
            if state.flip is not None and state.flip.player == me:
                return None  # the flipper's share travels with its Flip move
            return DeckPayload(self.key.reveal_message(deck, owed))
        if state.window_open_to(me) and not game.moves_for(me):
            return WindowPayload(False)
        if state.claimant == me and self._intent is not None:
            return self._move(self._intent)
        return None

    def prepare_deal(self) -> None:
        """Make this seat's deal payload now, before its turn: it needs the final, checked deck and this
        seat's key alone, nothing the earlier seats' deal shares carry, so at its turn this seat only checks
        theirs and sends (the deal stays in seat order). A no-op once made or sent."""
        state = self.state
        if (self._outbox is None and state.stage is Stage.DEAL and not state.deck.unchecked
                and self.seat >= min(state.who_may_act())):
            self._outbox = self._make_pending()

    def move_payload(self, move: Move) -> dict[str, object]:
        """The payload for this seat's `move`, with its shares of the cards the move opens."""
        return self._move(move).to_wire()

    def _move(self, move: Move) -> MovePayload | GivePayload:
        state = self.state
        if isinstance(move, Give):
            exchange = state._game().exchange
            assert exchange is not None and exchange.giver == self.seat, "a card is given in the exchange"
            return GivePayload(move, seal_share(self.key, state.deck, move.slot, exchange.receiver))
        opened = state.opened(move)
        reveal: Reveal | None = self.key.reveal_message(state.deck, opened) if opened else None
        passed_on = state.forwarded(move)
        forwarded = Reveal(tuple(self._given[slot] for slot in passed_on)) if passed_on else None
        return MovePayload(move, reveal, forwarded)

    def leave_payload(self) -> dict[str, object]:
        """The payload that takes this seat out of the game for good: its shares, with proofs, of every
        hidden card not its own that it has not shared yet (`TableState.leave_slots`); never its key share,
        never a share of its own cards. Send it any time in play, even out of turn, once this seat's last
        payload is applied (the transport keeps one in flight): only this seat's entries change its slots.

        Raises:
            ValueError: this seat may not leave now (setup, game over, out or left already).
        """
        state = self.state
        if not state.may_leave(self.seat):
            raise ValueError(f"seat {self.seat} may leave only while it is in a game in play")
        slots = state.leave_slots(self.seat)
        reveal = self.key.reveal_message(state.deck, slots) if slots else None
        return LeavePayload(reveal).to_wire()

    def window_open(self) -> bool:
        """Whether this seat is to answer an out-of-turn window now (claim or pass)."""
        return self.state.window_open_to(self.seat)

    def window_payload(self, move: Move | None) -> dict[str, object]:
        """This seat's answer to an out-of-turn window: claim it to play `move`, or pass (None).
        A claim that wins is followed by `move` as a pending payload."""
        self._intent = move
        return WindowPayload(move is not None).to_wire()

    def after(self, seat: int) -> list[Event]:
        """Take note that `seat`'s entry was applied; returns what this seat alone learned by it."""
        if seat == self.seat:
            self._outbox = None
        game = self.state.game
        if game is None:
            return []
        fresh = []
        for slot in game.hand(self.seat):
            if slot in self._hand or game.card(slot) is not None:
                continue
            index = self.key.card(self.state.deck, slot)
            if index is None and slot in self.state.gifts:
                index = self._open_gift(slot)
            if index is not None:
                self._hand[slot] = card_at(index, game.decks, game.rules.jokers)
                fresh.append((slot, self._hand[slot]))
        return [Revealed(tuple(fresh), to=self.seat)] if fresh else []


    def _open_gift(self, slot: int) -> int | None:
        """The card given to this seat at `slot`, from the giver's sealed share (None if it does not open)."""
        state, giver = self.state, self.state.gifts[slot]
        share = self._given.get(slot) or open_share(self.key, state.deck, state.sealed[slot], giver, slot)
        if share is None:
            self._unopened = slot  # disputed as soon as this seat may speak
            return None
        self._given[slot] = share
        return card_with(self.key, state.deck, slot, giver, share)


class SeatedTable:
    """What the transport drives for one seated peer: the shared `state` and this peer's `local` part.
    (An observer drives a bare `TableState`.)"""

    def __init__(self, state: TableState, local: LocalSeat) -> None:
        if local.state is not state:
            raise ValueError("the local seat must read the state it is seated at")
        self.state = state
        self.local = local

    @classmethod
    def join(
        cls, rules: Ruleset, table_id: bytes, players: int, seat: int, rand: Callable[[int], bytes]
    ) -> SeatedTable:
        """A new table of `players` seats, seated at `seat` with secrets from `rand`."""
        state = TableState(rules, table_id, players)
        return cls(state, LocalSeat(state, seat, rand))

    def __repr__(self) -> str:
        return f"SeatedTable(seat={self.local.seat}, stage={self.state.stage})"

    @property
    def seat(self) -> int:
        return self.local.seat

    def who_may_act(self) -> frozenset[int]:
        return self.state.who_may_act()

    def finish_order(self) -> tuple[int, ...] | None:
        return self.state.finish_order()

    def in_setup(self) -> bool:
        return self.state.in_setup()

    def pending(self) -> dict[str, object] | None:
        return self.local.pending()

    def apply(self, seat: int, obj: object) -> list[Event]:
        """Apply `seat`'s payload to the shared state; the events, plus what this seat alone learned.

        Raises:
            Fault: as `TableState.apply`.
            WrongKeyError: `seat` is this seat and its key share is not this key's (`LocalSeat.made`); never
                a `Fault`: the local secret is wrong, no seat misbehaved.
        """
        local = self.local
        events = self.state.apply(seat, obj, local.made if seat == local.seat else _unproven)
        events += local.after(seat)
        stage = self.state.stage
        if stage is Stage.SHUFFLE and self.state.deck.next_shuffler != local.seat:
            local.key.prepare_shuffle(self.state.deck)  # the deck-free half of this seat's shuffle, once
            self.state.verify_shuffles()  # check while waiting; the next shuffler shuffles first
        elif stage is Stage.DEAL:
            local.prepare_deal()
        return events
