"""The networked game as one peer's pure state machine: the rules engine driven by the deck.

Every identity the engine learns comes through a reveal of the deck protocol. Stages, in order:
KEYS (each seat's proven key share, any order), SHUFFLE (seat 0, 1, ... each re-encrypts and
permutes, with a proof), DEAL (each seat sends its shares of every face-up card and of the other
seats' hands), then PLAY. In PLAY, three obligations come before any decision, in this order:
1. shares owed: a card drawn into a hand is revealed to its owner (every other seat sends its
   share); a face-down card being flipped is revealed to all (every seat sends its share);
2. an out-of-turn window (rules with interrupt or turbo): after each play every active seat but
   the one to act answers claim or pass; the first claimant in seat order after the last player
   then plays; arrival order at the relay never matters;
3. the awaited decision: the engine's player to act (or any seat not ready, in the swap phase).
Before all of these, a seat that is out of the game publishes its key share (checked against its
public share), so the others finish without it; the cards still hidden stay protected by theirs.
Invariants: `who_may_act()` is a function of the transcript alone, identical at every peer;
`apply` raises `GameFault` naming the author of anything refused; cards made public by a move
(hand plays, swaps, shows) carry the mover's own shares, so a card played from a hand is opened
by its owner's share, proving it is the card dealt there. No clock, no global randomness: the
local seat's secrets come from the injected `rand`.
"""

from __future__ import annotations

import enum
import hashlib
from typing import Callable

from p2pshithead.crypto import KeyRelease, KeyShare, Message, RemoteDeckError, Reveal, Shuffle, TableDeck, TableParams
from p2pshithead.engine import (
    EngineError,
    Flip,
    Game,
    Move,
    Phase,
    Play,
    Ruleset,
    card_at,
    deck_size,
    made_public,
)
from p2pshithead.game._errors import GameFault
from p2pshithead.game._payloads import DeckPayload, MovePayload, Payload, WindowPayload, parse_payload

__all__ = ["Stage", "CardGame"]


class Stage(enum.Enum):
    """Where the networked game stands."""

    KEYS = "keys"
    """Seats publish proven key shares."""
    SHUFFLE = "shuffle"
    """Seats shuffle the encrypted deck in seat order."""
    DEAL = "deal"
    """Seats send the shares that open face-up cards and each owner's hand."""
    PLAY = "play"
    """The rules engine runs; reveals follow the moves."""
    OVER = "over"
    """The game has a finish order."""


class CardGame:
    """One peer's view of a networked game of `players` seats (`seat` None: an observer/auditor)."""

    def __init__(
        self,
        rules: Ruleset,
        table_id: bytes,
        players: int,
        seat: int | None,
        rand: Callable[[int], bytes] | None,
    ) -> None:
        self.rules = rules
        self.players = players
        self.seat = seat
        decks = rules.decks_for(players)
        self.size = deck_size(decks, rules.jokers)
        self._decks, self._jokers = decks, rules.jokers
        self.deck = TableDeck(TableParams(table_id, players, self.size), seat, rand)
        self.game: Game | None = None
        self._keys: set[int] = set()  # seats whose key share the transcript holds
        self._shuffles = 0  # shuffles the transcript holds (seat order)
        self._shuffle_fault: GameFault | None = None  # the first failed shuffle proof, told at the last shuffle
        self._dealt: set[int] = set()  # seats whose deal shares the transcript holds
        self._shared: dict[int, set[int]] = {}  # slot -> seats whose share of it the transcript holds
        self._released: set[int] = set()  # seats out of the game that published their key share
        self._flip: Flip | None = None  # a face-down card being opened
        self._answers: dict[int, bool] = {}  # out-of-turn window answers
        self._claimant: int | None = None
        self._window_done = -1  # move count at which the current window closed unclaimed
        self._outbox: Payload | None = None  # the local seat's pending payload, until applied
        self._intent: Move | None = None  # the local seat's out-of-turn play, once it claims
        self.events: list[str] = []

    # -- what the transcript expects ------------------------------------------------------------

    @property
    def stage(self) -> Stage:
        if len(self._keys) < self.players:
            return Stage.KEYS
        if self._shuffles < self.players:
            return Stage.SHUFFLE
        if self.game is None:
            return Stage.DEAL
        return Stage.OVER if self.game.is_over() else Stage.PLAY

    def who_may_act(self) -> frozenset[int]:
        """Seats whose next payload the protocol expects now (empty once the game is over)."""
        stage = self.stage
        if stage is Stage.KEYS:
            return frozenset(p for p in range(self.players) if p not in self._keys)
        if stage is Stage.SHUFFLE:
            return frozenset({self._shuffles})
        if stage is Stage.DEAL:
            return frozenset(p for p in range(self.players) if p not in self._dealt)
        if stage is Stage.OVER:
            return frozenset()
        leaving = [p for p in self._game().finished if p not in self._released]
        if leaving:
            return frozenset(leaving)
        owing = [p for p in range(self.players) if self._owed_slots(p)]
        if owing:
            return frozenset(owing)
        if self._claimant is not None:
            return frozenset({self._claimant})
        pending = self._window_pending()
        if pending:
            return frozenset(pending)
        game = self._game()
        return frozenset(game.awaited()) if game.phase is Phase.SWAP else frozenset({game.turn})

    def finish_order(self) -> tuple[int, ...] | None:
        """Seats from first out to the Shithead, once the game is over."""
        outcome = self.game.outcome() if self.game is not None else None
        return None if outcome is None else outcome.order

    def _game(self) -> Game:
        if self.game is None:
            raise GameFault(-1, "the game has not been dealt yet")
        return self.game

    # -- obligations ------------------------------------------------------------------------------

    def _owed_slots(self, p: int) -> list[int]:
        """Slots whose share seat `p` owes: cards drawn into others' hands, a card being flipped.
        A seat that released its key share owes none: anyone can compute its shares."""
        game = self._game()
        if p in self._released:
            return []
        owed = [
            slot
            for owner in range(self.players)
            if owner != p
            for slot in game.hand(owner)
            if slot not in game.public and p not in self._shared.get(slot, ())
        ]
        if self._flip is not None and p not in self._shared.get(self._flip.slot, ()):
            owed.append(self._flip.slot)
        return owed

    def _window_pending(self) -> list[int]:
        """Seats yet to answer the open out-of-turn window, in the order claims are ranked."""
        game = self._game()
        window = game.window
        if (
            window is None
            or not (self.rules.turbo or self.rules.interrupt)
            or self._window_done == len(game.move_stack)
        ):
            return []
        order = [(window.player + i) % self.players for i in range(self.players)]
        return [p for p in order if p != game.turn and p not in game.finished and p not in self._answers]

    # -- what this peer sends ---------------------------------------------------------------------

    def pending(self) -> dict[str, object] | None:
        """A payload the local seat must send now without a decision (deck steps, owed shares,
        passing a window it cannot use), else None. The same payload until it is applied."""
        if self.seat is None or self.seat not in self.who_may_act():
            return None
        if self._outbox is None:
            self._outbox = self._make_pending(self.seat)
        return None if self._outbox is None else self._outbox.to_wire()

    def _make_pending(self, me: int) -> Payload | None:
        stage = self.stage
        if stage is Stage.KEYS:
            return DeckPayload(self.deck.key_share_message())
        if stage is Stage.SHUFFLE:
            return DeckPayload(self.deck.shuffle_message())
        if stage is Stage.DEAL:
            return DeckPayload(self.deck.reveal_message(self._deal_slots(me)))
        if me in self._game().finished and me not in self._released:
            return DeckPayload(self.deck.release_message())
        owed = self._owed_slots(me)
        if owed:
            if self._flip is not None and self._flip.player == me:
                return None  # the flipper's share travels with its Flip move
            return DeckPayload(self.deck.reveal_message(owed))
        if self._claimant is None and me in self._window_pending() and not self._game().moves_for(me):
            return WindowPayload(False)
        if self._claimant == me and self._intent is not None:
            return MovePayload(self._intent, self._reveal(self._opened(self._intent)))
        return None

    def _deal_slots(self, me: int) -> list[int]:
        """Every face-up card, and the hands of the other seats (shares that open them to owners)."""
        layout = Game(self.rules, self.players, 0)
        slots = [s for p in range(self.players) for s in layout.face_up(p)]
        return slots + [s for p in range(self.players) if p != me for s in layout.hand(p)]

    def move_payload(self, move: Move) -> dict[str, object]:
        """The payload for the local seat's `move`, with its shares of the cards the move opens."""
        return MovePayload(move, self._reveal(self._opened(move))).to_wire()

    def _reveal(self, slots: list[int]) -> Reveal | None:
        return self.deck.reveal_message(slots) if slots else None

    def window_open_to(self, seat: int) -> bool:
        """Whether `seat` is to answer an out-of-turn window now (claim or pass)."""
        return self.stage is Stage.PLAY and self._claimant is None and seat in self._window_pending()

    def window_payload(self, move: Move | None) -> dict[str, object]:
        """The local seat's answer to an out-of-turn window: claim it to play `move`, or pass (None).
        A claim that wins is followed by `move` as a pending payload."""
        self._intent = move
        return WindowPayload(move is not None).to_wire()

    def _opened(self, move: Move) -> list[int]:
        """Slots the mover must open with its own share: hand cards made public, a flipped card."""
        if isinstance(move, Flip):
            return [move.slot]
        public = self._game().public
        return [s for s in made_public(move) if s not in public]

    # -- applying what the transcript carries --------------------------------------------------------

    def apply(self, seat: int, obj: object) -> None:
        """Apply `seat`'s payload.

        Raises:
            GameFault: naming `seat` for anything malformed, out of turn or against the rules.
        """
        if not isinstance(seat, int) or seat not in self.who_may_act():
            raise GameFault(seat, f"sent a message out of turn (expected seats {sorted(self.who_may_act())})")
        payload = parse_payload(seat, obj)
        if self.game is None and not isinstance(payload, DeckPayload):
            raise GameFault(seat, "sent a move or an out-of-turn answer before the deal")
        if isinstance(payload, DeckPayload):
            self._apply_deck(seat, payload)
        elif isinstance(payload, WindowPayload):
            self._apply_window(seat, payload)
        else:
            self._apply_move(seat, payload)
        if seat == self.seat:
            self._outbox = None
        self._learn()

    def _receive(self, seat: int, message: Message) -> None:
        if isinstance(message, Reveal):
            for share in message.shares:
                self._shared.setdefault(share.slot, set()).add(seat)
        if seat == self.seat:
            return  # this peer's own messages were applied to its deck when made
        try:
            self.deck.receive(seat, message)
        except RemoteDeckError as exc:
            raise GameFault(seat, exc.reason) from None

    def _apply_deck(self, seat: int, payload: DeckPayload) -> None:
        message, stage = payload.message, self.stage
        expected = {Stage.KEYS: KeyShare, Stage.SHUFFLE: Shuffle}.get(stage, Reveal)
        if stage is Stage.PLAY and seat in self._game().finished and seat not in self._released:
            expected = KeyRelease
        if not isinstance(message, expected):
            raise GameFault(seat, f"sent a {message.kind} during the {stage.value} stage")
        if isinstance(message, Reveal):
            got = sorted(share.slot for share in message.shares)
            want = sorted(self._deal_slots(seat) if stage is Stage.DEAL else self._owed_slots(seat))
            if got != want:
                raise GameFault(seat, f"sent shares of slots {got}, owed {want}")
        if stage is Stage.SHUFFLE:
            self._take_shuffle(seat, message)  # type: ignore[arg-type]
            return
        self._receive(seat, message)
        if isinstance(message, KeyRelease):
            self._released.add(seat)
        if stage is Stage.KEYS:
            self._keys.add(seat)
        elif stage is Stage.DEAL:
            self._dealt.add(seat)
            if len(self._dealt) == self.players:
                self._start_game()
        else:
            self._finish_flip()

    def _take_shuffle(self, seat: int, message: Shuffle) -> None:
        """Take a shuffle; its proof is verified now, or later by the seat that shuffles next (so it
        can shuffle at once). Every peer reports a failed proof at the same entry, the last shuffle,
        naming the first seat in seat order whose proof fails; no card is opened before that."""
        if seat != self.seat:
            try:
                self.deck.defer_shuffle(seat, message)
            except RemoteDeckError as exc:
                raise GameFault(seat, exc.reason) from None
        self._shuffles += 1
        last = self._shuffles == self.players
        if self._shuffle_fault is None and (last or self.seat != self._shuffles):
            try:
                self.deck.check_shuffles()
            except RemoteDeckError as exc:
                self._shuffle_fault = GameFault(exc.peer, exc.reason)
        if last and self._shuffle_fault is not None:
            raise self._shuffle_fault

    def _start_game(self) -> None:
        """Deal: the dealer is drawn from the final deck, which no single seat chose."""
        digest = hashlib.sha256(b"p2pshithead/dealer")
        for ct in self.deck.deck:
            digest.update(ct.c1 + ct.c2)
        dealer = int.from_bytes(digest.digest()[:8], "big") % self.players
        self.game = Game(self.rules, self.players, dealer)
        self.events.append(f"dealt; seat {dealer} deals")

    def _finish_flip(self) -> None:
        """Once every seat's share of a flipped card is in, the flip is played."""
        flip = self._flip
        if flip is not None and len(self._shared.get(flip.slot, set()) | self._released) == self.players:
            self._flip = None
            self._learn((flip.slot,))
            self._push(flip.player, flip)

    def _apply_window(self, seat: int, payload: WindowPayload) -> None:
        if self._claimant is not None or seat not in self._window_pending():
            raise GameFault(seat, "answered an out-of-turn window that is not open to it")
        self._answers[seat] = payload.claim
        if self._window_pending():
            return
        order = [(self._game().window.player + i) % self.players for i in range(self.players)]  # type: ignore[union-attr]
        claimants = [p for p in order if self._answers.get(p)]
        if claimants:
            self._claimant = claimants[0]
        else:
            self._window_done = len(self._game().move_stack)
        self._answers.clear()

    def _apply_move(self, seat: int, payload: MovePayload) -> None:
        move, game = payload.move, self._game()
        if self._claimant is not None and (seat != self._claimant or not isinstance(move, Play)):
            raise GameFault(seat, "the out-of-turn claimant must play now")
        if self._claimant is None and self._window_pending():
            raise GameFault(seat, "moved before the out-of-turn window was answered")
        want = sorted(self._opened(move))
        got = sorted(share.slot for share in payload.reveal.shares) if payload.reveal else []
        if got != want:
            raise GameFault(seat, f"{move.text()} must carry the mover's shares of exactly {want}")
        reason = _judge(game, move)
        if reason is not None:
            raise GameFault(seat, reason)
        if payload.reveal is not None:
            self._receive(seat, payload.reveal)
        if isinstance(move, Flip):
            self._flip = move
            self._finish_flip()
            return
        self._learn(tuple(want))
        self._push(seat, move)

    def _push(self, seat: int, move: Move) -> None:
        try:
            self._game().push(move)
        except EngineError as exc:
            raise GameFault(seat, exc.reason) from None
        self._claimant = None
        self._answers.clear()
        self.events.append(f"seat {seat}: {move.text()}")

    def _learn(self, opening: tuple[int, ...] = ()) -> None:
        """Tell the engine the identities the rules let this peer know: public cards, its own
        hand, and the cards a move being applied opens. (The last seat to share a card about to
        be opened may decrypt it a moment early; the engine is not told until it is public.)"""
        game = self.game
        if game is None:
            return
        mine = set(game.hand(self.seat)) if self.seat is not None else set()
        for slot in {*game.public, *mine, *opening}:
            if game.card(slot) is None and (index := self.deck.card(slot)) is not None:
                game.reveal(slot, card_at(index, self._decks, self._jokers))


def _judge(game: Game, move: Move) -> str | None:
    """Why the engine refuses `move` before its cards are opened, when it can tell already."""
    try:
        return game.why_illegal(move)
    except EngineError:
        return None  # it needs identities the attached shares open; `push` judges then
