"""The networked card game as one state every peer and an observer hold alike: the rules engine driven
by the deck, one transcript entry at a time.

Every identity the engine learns comes through a reveal of the deck protocol. Stages, in order:
KEYS (each seat's proven key share, any order), SHUFFLE (seat 0, 1, ... each re-encrypts and
permutes, with a proof), DEAL (seat 0, 1, ... each sends its shares of every face-up card and of the
other seats' hands, and its draw share: the dealer is drawn from every seat's draw share, fixed by its
key share, so no shuffle and no single seat chooses it; seat 0, the sequencer, sends first, so the
one seat that sees its hand before sending is never the host), then PLAY (docs/protocol.md, "Fair
setup"). In PLAY, three obligations come before any decision, in this order:
1. shares owed: a card drawn into a hand is revealed to its owner (every other seat sends its
   share); a face-down card being flipped is revealed to all (every seat sends its share);
2. an out-of-turn window (rules with interrupt or turbo): after each play every active seat but
   the one to act answers claim or pass; the first claimant in `claim_order` then plays; arrival
   order at the relay never matters;
3. the awaited decision: the engine's player to act (or any seat not ready, in the swap phase).
Before all of these, a seat that is out of the game publishes its key share (checked against its
public share), so the others finish without it; the cards still hidden stay protected by theirs.
Beside them, at any time in PLAY, a seat still in may leave: its payload carries its shares of every
hidden card that is not its own and that it has not shared yet; its own cards leave play unopened and
nothing waits on it from then on (docs/protocol.md, "Leaving").
The French exchange (a series, RULES.md 6): before the swap the last game's Shithead gives a hand card
to its Masta and the Masta one back (`GivePayload`); the giver's share of that card, the one share the
receiver lacks, goes sealed to the receiver alone, so the table learns which slot moved and never the
card. Nobody else's share of a given card is ever asked for (not as owed, not in a leave, and a seat
that is out and gave a card still hidden shares every other hidden card instead of releasing its key);
the receiver opens it when it plays it by forwarding the giver's proven share ("f"). "The best card" is
checked by a deferred audit (stage AUDIT): once the game is over, the Shithead's hand at the moment it
gave is opened to all (its shares of what is still hidden and still in play) and a card that was not its
best is a `Fault` naming it; there is no audit when the giver left, or when the card given left play
unseen with a receiver who left: the audit never opens a card in the engine's `gone`. A sealed share
that does not open to the receiver is disputed (`DisputePayload`): the receiver publishes its proven
Diffie-Hellman point with the giver, everyone opens the sealed share, and the verdict names the giver
(it does not open) or the receiver (it does, or the proof fails).
Invariants: a `TableState` holds no secret and knows nothing of which seat is local (h11's rule:
the same rules for every party): built from the same entries it is equal everywhere, and `apply`
returns the same events everywhere. Its deck is keyless and its engine knows public identities only;
a seat's secret and its own hand live in `LocalSeat`. `apply` raises `Fault` naming the true author
of anything refused, leaving the state unchanged (one exception: a shuffle proof that fails is named
at the last shuffle, after it is taken, so that every peer names it at the same entry). Cards made
public by a move (hand plays, swaps, shows) carry the mover's own shares, so a card played from a
hand is opened by its owner's share, proving it is the card dealt there. No clock, no randomness.
"""

from __future__ import annotations

import enum
from collections.abc import Callable

from p2pshithead.crypto import (
    Deal,
    KeyRelease,
    KeyShare,
    Message,
    RemoteDeckError,
    Reveal,
    Shuffle,
    TableDeck,
    TableParams,
    judge_dispute,
)
from p2pshithead.engine import (
    EngineError,
    Flip,
    Game,
    Give,
    Leave,
    Move,
    Outcome,
    Phase,
    Play,
    Ruleset,
    card_at,
    deck_size,
    made_public,
    strength,
)
from p2pshithead.errors import Fault
from p2pshithead.game._events import (
    Audited,
    Dealt,
    Event,
    Finished,
    Flipped,
    KeyShared,
    Left,
    Out,
    Released,
    Revealed,
    Shared,
    Shuffled,
    WindowAnswered,
    WindowClosed,
    WindowOpened,
)
from p2pshithead.game._payloads import (
    DeckPayload,
    DisputePayload,
    GivePayload,
    LeavePayload,
    MovePayload,
    WindowPayload,
    parse_payload,
)
from p2pshithead.game._pushed import pushed

__all__ = ["Stage", "TableState", "claim_order", "opening_deal"]


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
    AUDIT = "audit"
    """The game is over; the exchange's giver opens the hand it gave its best card from."""
    OVER = "over"
    """The game has a finish order."""


SETUP = (Stage.KEYS, Stage.SHUFFLE, Stage.DEAL)


def opening_deal(rules: Ruleset, players: int) -> Deal:
    """The engine's deal as the deck opens it: face-up cards to all, each hand to its owner.

    Raises:
        ValueError: a bad player count, or too few cards for the deal.
    """
    layout = Game(rules, players, 0)
    public = tuple(s for p in range(players) for s in layout.face_up(p))
    return Deal(public, {p: layout.hand(p) for p in range(players)})


def claim_order(game: Game) -> list[int]:
    """Seats in the order out-of-turn claims are ranked: from the seat that opened the window round the
    table (RULES.md 5); empty when no window is open."""
    window = game.window
    if window is None:
        return []
    return [(window.player + i) % game.players for i in range(game.players)]


def _unproven(message: Message) -> bool:
    return False


class TableState:
    """The state of a networked game of `players` seats, as every peer and an observer hold it."""

    def __init__(self, rules: Ruleset, table_id: bytes, players: int, previous: tuple[int, ...] = (),
                 last_players: int = 0) -> None:
        """`previous`: in a series, the last game's finish order as seats of this table (the players who
        sit here again, first out first; empty for a first game): it chooses the dealer (section 6).
        `last_players`: how many played the last game; the card exchange opens only when they are
        exactly the players here (nobody stood up, nobody sat down)."""
        self.rules = rules
        self.players = players
        if len(set(previous)) != len(previous) or not all(0 <= p < players for p in previous):
            raise ValueError(f"a previous finish order names seats 0 to {players - 1} once each, not {previous}")
        self.previous = previous
        self.same_players = len(previous) == players == last_players
        decks = rules.decks_for(players)
        self.size = deck_size(decks, rules.jokers)
        self._decks, self._jokers = decks, rules.jokers
        self.deal = opening_deal(rules, players)
        self.deck = TableDeck(TableParams(table_id, players, self.size))
        self.game: Game | None = None  # the engine position, public identities only
        self._keys: set[int] = set()  # seats whose key share the transcript holds
        self._shuffles = 0  # shuffles the transcript holds (seat order)
        self._shuffle_fault: Fault | None = None  # the first failed shuffle proof, told at the last shuffle
        self._dealt = 0  # deal shares the transcript holds (seat order)
        self._shared: dict[int, set[int]] = {}  # slot -> seats whose share of it the transcript holds
        self._released: set[int] = set()  # seats out of the game that published their key share
        self._left: set[int] = set()  # seats that left, their shares of every hidden card not theirs given
        self.flip: Flip | None = None  # a face-down card being opened
        self._answers: dict[int, bool] = {}  # out-of-turn window answers
        self.claimant: int | None = None  # the seat that won the window, to play now
        self._window_done = -1  # move count at which the current window closed unclaimed
        self.gifts: dict[int, int] = {}  # slot -> the seat that gave it in the exchange (its share is private)
        self.sealed: dict[int, bytes] = {}  # slot -> the giver's share of it, sealed for the receiver
        self.audit: tuple[int, tuple[int, ...], int] | None = None  # (giver, its hand then, the slot given)
        self._audited = False

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TableState) and self._public() == other._public()

    __hash__ = None  # type: ignore[assignment]

    def _public(self) -> tuple[object, ...]:
        """Everything this state holds, for comparison; how far the deferred shuffle proofs are verified
        is work (each peer spreads it as it waits), not state: a failure is told at the same entry."""
        game = None if self.game is None else (self.game.to_text(), self.game.known)
        shared = {slot: frozenset(seats) for slot, seats in self._shared.items()}
        return (self.rules, self.players, self.deck.params, self.deck.deck, game, self._keys, self._shuffles,
                self._dealt, shared,
                self._released, self._left, self.flip, self._answers, self.claimant, self._window_done,
                self.gifts, self.sealed, self.audit, self._audited)  # fmt: skip

    # -- what the transcript expects ------------------------------------------------------------

    @property
    def stage(self) -> Stage:
        if len(self._keys) < self.players:
            return Stage.KEYS
        if self._shuffles < self.players:
            return Stage.SHUFFLE
        if self.game is None:
            return Stage.DEAL
        if not self.game.is_over():
            return Stage.PLAY
        return Stage.AUDIT if self.audit_slots() else Stage.OVER

    def in_setup(self) -> bool:
        """Whether the deck is still being set up (keys, shuffles, deal)."""
        return self.stage in SETUP

    @property
    def dealer(self) -> int | None:
        """The dealer, drawn from every seat's draw share, once dealt."""
        return None if self.game is None else self.game.dealer

    def who_may_act(self) -> frozenset[int]:
        """Seats whose next payload the protocol expects now (empty once the game is over)."""
        stage = self.stage
        if stage is Stage.KEYS:
            return frozenset(p for p in range(self.players) if p not in self._keys)
        if stage is Stage.SHUFFLE:
            return frozenset({self._shuffles})
        if stage is Stage.DEAL:
            return frozenset({self._dealt})
        if stage is Stage.OVER:
            return frozenset()
        if stage is Stage.AUDIT:
            assert self.audit is not None
            return frozenset({self.audit[0]})
        game = self._game()
        leaving = [p for p in game.finished if p not in self._released and p not in self._left
                   and (self._hidden_unshared(p) or not self._gave_hidden(p))]  # fmt: skip
        if leaving:
            return frozenset(leaving)
        owing = [p for p in range(self.players) if self.owed(p)]
        if owing:
            return frozenset(owing)
        if self.claimant is not None:
            return frozenset({self.claimant})
        pending = self.window_pending()
        if pending:
            return frozenset(pending)
        return frozenset(game.awaited()) if game.phase is Phase.SWAP else frozenset({game.turn})

    def finish_order(self) -> tuple[int, ...] | None:
        """Seats from first out to the Shithead, once the game is over (and the exchange audited)."""
        outcome = self.game.outcome() if self.game is not None else None
        return None if outcome is None or self.stage is not Stage.OVER else outcome.order

    def audit_slots(self) -> list[int]:
        """Once the game is over: the slots of the exchange giver's hand (when it gave its best card) that
        are still hidden and still in play, whose shares it owes for the audit; empty when there is nothing
        to audit (`_auditable`), or once they are open. A card that left play (`gone`) is never opened."""
        game = self.game
        if not self._auditable() or game is None or not game.is_over():
            return []
        assert self.audit is not None
        return [slot for slot in self.audit[1] if self.deck.card(slot) is None and slot not in game.gone]

    def _auditable(self) -> bool:
        """Whether the gift is still to be judged: not when the giver left (its cards left play unseen),
        nor when the card given left play unseen with the receiver (it cannot be compared without opening
        it), nor once judged. A function of the transcript alone, so every peer and `verify` skip alike."""
        game = self.game
        if self.audit is None or self._audited or game is None:
            return False
        giver, _, given = self.audit
        return giver not in game.left and not (given in game.gone and self.deck.card(given) is None)

    def release_slots(self, seat: int) -> list[int] | None:
        """What `seat`, out of the game, gives so that the others finish without it: None for its key share;
        when a card it gave in the exchange is still hidden (its key would open it to all), its shares of
        every other hidden card that is not its own."""
        return self._hidden_unshared(seat) if self._gave_hidden(seat) else None

    def _gave_hidden(self, seat: int) -> bool:
        """Whether a card `seat` gave in the exchange is still hidden (its share of it is private)."""
        public = self._game().public
        return any(giver == seat and slot not in public for slot, giver in self.gifts.items())

    def _game(self) -> Game:
        assert self.game is not None, "the game is dealt in the PLAY and OVER stages"
        return self.game

    # -- obligations ------------------------------------------------------------------------------

    def deal_slots(self, seat: int) -> list[int]:
        """The slots whose shares `seat` sends in the deal: every face-up card, the other seats' hands."""
        deal = self.deal
        return [*deal.public, *(s for p, hand in deal.private.items() if p != seat for s in hand)]

    def may_leave(self, seat: int) -> bool:
        """Whether `seat` may leave now: the game is in play and `seat` is still in it."""
        return self.stage is Stage.PLAY and seat not in self._left and seat not in self._game().finished

    def leave_slots(self, seat: int) -> list[int]:
        """The slots whose shares `seat` gives when it leaves now: `_hidden_unshared(seat)` while the game
        goes on without it; none when its leave ends the game (one other seat still in): nothing is left
        to open, and its shares would let that seat open its own face-down cards and the stock, and so
        narrow down, by elimination, the cards the leaver takes away."""
        return [] if self._leave_ends(seat) else self._hidden_unshared(seat)

    def _leave_ends(self, seat: int) -> bool:
        """Whether `seat` leaving now ends the game: at most one other seat is still in."""
        return len(self._game().active()) <= 2

    def _hidden_unshared(self, seat: int) -> list[int]:
        """Every card still hidden (not public) that is not `seat`'s own and whose share from `seat` the
        transcript lacks: the stock, the others' face-down cards, hand cards drawn but not yet shared, and
        the unshared cards of seats that left before. Only `seat`'s own entries change this set, so a leave
        made with these shares fits whenever it is applied, even after another seat's leave."""
        game = self._game()
        own = {*game.hand(seat), *game.face_up(seat), *game.face_down(seat)}
        return [
            slot
            for slot in range(self.size)
            if slot not in game.public and slot not in own and seat not in self._shared.get(slot, ())
            and self.gifts.get(slot) != seat
        ]

    def owed(self, seat: int) -> list[int]:
        """Slots whose share `seat` owes: cards drawn into others' hands, a card being flipped.
        A seat that released its key share owes none: anyone can compute its shares; nor does a seat
        that left: its shares of every card still hidden and not its own are out already."""
        game = self._game()
        if seat in self._released or seat in self._left:
            return []
        owed = [
            slot
            for owner in range(self.players)
            if owner != seat
            for slot in game.hand(owner)
            if slot not in game.public and seat not in self._shared.get(slot, ()) and self.gifts.get(slot) != seat
        ]
        if self.flip is not None and seat not in self._shared.get(self.flip.slot, ()):
            owed.append(self.flip.slot)
        return owed

    def window_pending(self) -> list[int]:
        """Seats yet to answer the open out-of-turn window, in `claim_order`."""
        game = self._game()
        if not (self.rules.turbo or self.rules.interrupt) or self._window_done == len(game.move_stack):
            return []
        return [p for p in claim_order(game) if p != game.turn and p not in game.finished and p not in self._answers]

    def window_open_to(self, seat: int) -> bool:
        """Whether `seat` is to answer an out-of-turn window now (claim or pass)."""
        return self.stage is Stage.PLAY and self.claimant is None and seat in self.window_pending()

    def opened(self, move: Move) -> list[int]:
        """Slots the mover must open with its own share: hand cards made public, a flipped card (not a
        card given to it in the exchange: its share of that is out already)."""
        if isinstance(move, Flip):
            return [move.slot]
        public = self._game().public
        return [s for s in made_public(move) if s not in public and move.player not in self._shared.get(s, ())]

    def forwarded(self, move: Move) -> list[int]:
        """Slots the move makes public that were given to the mover in the exchange: the mover forwards
        the giver's share of each, which it was handed privately."""
        public = self._game().public
        return [s for s in made_public(move) if s not in public and s in self.gifts
                and self.gifts[s] not in self._shared.get(s, ())]  # fmt: skip

    # -- applying what the transcript carries --------------------------------------------------------

    def apply(self, seat: int, obj: object, proven: Callable[[Message], bool] = _unproven) -> list[Event]:
        """Apply `seat`'s payload `obj` (a plain msgpack value) and say what happened.

        Args:
            proven: tells a deck message this process made itself (its proofs need no second check).

        Raises:
            Fault: naming `seat` for anything malformed, out of turn or against the rules (or, at the
                last shuffle, naming the first seat whose shuffle proof fails).
            ValueError: `seat` is not a seat of this table (the caller's mistake).
        """
        if type(seat) is not int or not 0 <= seat < self.players:
            raise ValueError(f"seats are 0 to {self.players - 1}, not {seat!r}")
        expected = seat in self.who_may_act()
        if not expected and not self.may_leave(seat):
            raise Fault(seat, f"sent a message out of turn (expected seats {sorted(self.who_may_act())})")
        payload = parse_payload(seat, obj)
        if isinstance(payload, LeavePayload):
            return self._apply_leave(seat, payload, proven) + self._learn()
        if not expected:
            raise Fault(seat, f"sent a message out of turn (expected seats {sorted(self.who_may_act())})")
        if not isinstance(payload, DeckPayload) and self.stage is not Stage.PLAY:
            kind = "window answer" if isinstance(payload, WindowPayload) else "move"
            raise Fault(seat, f"sent a {kind} during the {self.stage.value} stage")
        if isinstance(payload, DeckPayload):
            events = self._apply_deck(seat, payload.message, proven)
        elif isinstance(payload, WindowPayload):
            events = self._apply_window(seat, payload)
        elif isinstance(payload, GivePayload):
            events = self._apply_give(seat, payload)
        elif isinstance(payload, DisputePayload):
            raise self._dispute(seat, payload)
        else:
            events = self._apply_move(seat, payload, proven)
        return events + self._learn()

    def verify_shuffles(self) -> None:
        """Verify the shuffle proofs taken so far, now (a peer that is not the next shuffler spreads
        the work so); a failure is remembered and named at the last shuffle, as by every peer."""
        if self._shuffle_fault is None and self.deck.unchecked:
            try:
                self.deck.check_shuffles()
            except RemoteDeckError as exc:
                self._shuffle_fault = Fault(exc.peer, exc.reason)

    def _receive(self, seat: int, message: Message, proven: Callable[[Message], bool]) -> None:
        try:
            self.deck.receive(seat, message, proven(message))
        except RemoteDeckError as exc:
            raise Fault(seat, exc.reason) from None
        if isinstance(message, Reveal):
            for share in message.shares:
                self._shared.setdefault(share.slot, set()).add(seat)

    def _apply_deck(self, seat: int, message: Message, proven: Callable[[Message], bool]) -> list[Event]:
        stage = self.stage
        expected: type[Message] = {Stage.KEYS: KeyShare, Stage.SHUFFLE: Shuffle}.get(stage, Reveal)
        sharing_out = False  # out, having given a card still hidden: shares every other hidden card instead
        if stage is Stage.PLAY and seat in self._game().finished and seat not in self._released:
            sharing_out = self.release_slots(seat) is not None
            expected = Reveal if sharing_out else KeyRelease
        if not isinstance(message, expected):
            raise Fault(seat, f"sent a {message.kind} during the {stage.value} stage")
        if isinstance(message, Reveal):
            got = sorted(share.slot for share in message.shares)
            owed = {Stage.DEAL: self.deal_slots, Stage.AUDIT: lambda p: self.audit_slots()}.get(stage, self.owed)
            want = sorted(self._hidden_unshared(seat) if sharing_out else owed(seat))
            if got != want:
                raise Fault(seat, f"sent shares of slots {got}, owed {want}")
            if (message.draw is not None) != (stage is Stage.DEAL):
                raise Fault(seat, "a draw share goes with the deal's shares, and with no other")
        if isinstance(message, Shuffle):
            return self._take_shuffle(seat, message, proven)
        self._receive(seat, message, proven)
        if isinstance(message, KeyShare):
            self._keys.add(seat)
            return [KeyShared(seat)]
        if isinstance(message, KeyRelease):
            self._released.add(seat)
            return [Released(seat), *self._finish_flip()]
        events: list[Event] = [Shared(seat, tuple(share.slot for share in message.shares))]
        if sharing_out:
            self._released.add(seat)  # nothing more is asked of it: the cards it gave open by forwarding
        if stage is Stage.AUDIT:
            return events + self._judge_gift()
        if stage is Stage.DEAL:
            self._dealt += 1
            if self._dealt == self.players:
                events += self._start_game()
            return events
        return events + self._finish_flip()

    def _take_shuffle(self, seat: int, message: Shuffle, proven: Callable[[Message], bool]) -> list[Event]:
        """Take a shuffle; its proof is verified by `verify_shuffles` or at the last shuffle (so the next
        seat can shuffle at once). Every peer reports a failed proof at the same entry, the last shuffle,
        naming the first seat in seat order whose proof fails; no card is opened before that."""
        try:
            self.deck.defer_shuffle(seat, message, proven(message))
        except RemoteDeckError as exc:
            raise Fault(seat, exc.reason) from None
        self._shuffles += 1
        if self._shuffles == self.players:
            self.verify_shuffles()
            if self._shuffle_fault is not None:
                raise self._shuffle_fault
        return [Shuffled(seat, self._shuffles)]

    def _judge_gift(self) -> list[Event]:
        """The audit of "the Shithead gives their best card" (RULES.md 6), once the giver's hand at that
        moment is open to all: `Audited`, then the finish order; a lesser card is a `Fault` naming it."""
        assert self.audit is not None
        giver, hand, given = self.audit
        self._audited = True
        cards = {slot: card_at(index, self._decks, self._jokers) for slot in hand
                 if (index := self.deck.card(slot)) is not None}  # fmt: skip
        best = max(cards.values(), key=lambda card: strength(self.rules, card))
        if strength(self.rules, cards[given]) != strength(self.rules, best):
            raise Fault(giver, f"gave {cards[given]} in the exchange, not its best card (it held {best})")
        return [Audited(giver, tuple(sorted(cards.items()))), *self._finished()]

    def _finished(self) -> list[Event]:
        order = self.finish_order()
        return [] if order is None else [Finished(order)]

    def _start_game(self) -> list[Event]:
        """Deal: in a series the last game's Shithead deals (`Outcome.next_dealer`, section 6: the last
        of the previous finish order who sits here again); else the dealer is drawn from the table's coin
        (every seat's draw share, fixed by its key)."""
        coin = self.deck.coin
        assert coin is not None, "every seat's deal shares carry its draw share"
        if self.previous:
            dealer = Outcome(self.previous).next_dealer
        else:
            dealer = int.from_bytes(coin[:8], "big") % self.players
        self.game = Game(self.rules, self.players, dealer)
        if self.rules.card_exchange and self.same_players:
            self.game.begin_exchange(Outcome(self.previous))  # the same players as last game: RULES.md 6
        return [Dealt(dealer)]

    def _finish_flip(self) -> list[Event]:
        """Once every seat's share of a flipped card is in, the flip is played (and then the flipper's
        leave, if it left while the card was being opened)."""
        flip = self.flip
        if flip is None or len(self._shared.get(flip.slot, set()) | self._released) < self.players:
            return []
        self.flip = None
        events = self._learn((flip.slot,)) + self._push(flip.player, flip)
        if flip.player in self._left and flip.player not in self._game().finished:
            events += self._leave_now(flip.player)
        return events

    def _apply_leave(self, seat: int, payload: LeavePayload, proven: Callable[[Message], bool]) -> list[Event]:
        """`seat` leaves, with its shares of exactly `_hidden_unshared(seat)`, or of none when that ends the
        game (`leave_slots`; the full set is still taken then, from a leave made before another seat's).
        A flip it made that is still being opened is played first: the flip came before the leave. Then
        as `_leave_now`."""
        if not self.may_leave(seat):
            raise Fault(seat, f"left when it may not (stage {self.stage.value}, or out of the game already)")
        want = self._hidden_unshared(seat)
        got = sorted(share.slot for share in payload.reveal.shares) if payload.reveal else []
        if got != want and (got or not self._leave_ends(seat)):
            raise Fault(seat, f"a leave must carry its shares of exactly slots {want}, not {got}")
        if payload.reveal is not None:
            self._receive(seat, payload.reveal, proven)
        self._left.add(seat)
        events: list[Event] = [Shared(seat, tuple(got))] if got else []
        events.append(Left(seat))
        if self.flip is not None and self.flip.player == seat:
            return events
        return events + self._leave_now(seat) + self._finish_flip()

    def _leave_now(self, seat: int) -> list[Event]:
        """The engine takes `seat`'s leave. The out-of-turn window goes on without it: its answer is
        dropped; if it had won the window, the others answer again; if it was the last to answer, the
        window closes on the answers in; a claimant that the leave makes the seat to act just plays its
        turn. A game that ends so ends every pending step."""
        game = self._game()
        closed = self._window_done == len(game.move_stack)
        finished = len(game.finished)
        game.push(Leave(seat))
        if closed:
            self._window_done = len(game.move_stack)
        self._answers.pop(seat, None)
        if self.claimant == seat:
            self.claimant = None
            self._answers.clear()
        elif self.claimant is not None and self.claimant == game.turn:
            self.claimant = None
            self._window_done = len(game.move_stack)
        events: list[Event] = [Out(p) for p in game.finished[finished:] if p != seat]
        if game.is_over():
            self.flip, self.claimant = None, None
            return [*events, *self._end()]
        return events + self._close_window()

    def _apply_window(self, seat: int, payload: WindowPayload) -> list[Event]:
        if self.claimant is not None or seat not in self.window_pending():
            raise Fault(seat, "answered an out-of-turn window that is not open to it")
        self._answers[seat] = payload.claim
        return [WindowAnswered(seat, payload.claim), *self._close_window()]

    def _close_window(self) -> list[Event]:
        """Once the last answer to an open window is in, the first claimant in `claim_order` (still in,
        and not the seat to act) plays now, else the window closes unclaimed."""
        game = self._game()
        if not self._answers or self.window_pending():
            return []
        eligible = [p for p in claim_order(game) if p != game.turn and p not in game.finished]
        claimants = [p for p in eligible if self._answers.get(p)]
        if claimants:
            self.claimant = claimants[0]
        else:
            self._window_done = len(game.move_stack)
        self._answers.clear()
        return [WindowClosed(self.claimant)]

    def _end(self) -> list[Event]:
        """The game is over: the audit now when the giver's hand is open already, else once it opens it;
        none when the gift cannot be judged (`_auditable`), the finish order at once."""
        if not self._auditable():
            return self._finished()
        return [] if self.audit_slots() else self._judge_gift()

    def _apply_give(self, seat: int, payload: GivePayload) -> list[Event]:
        """A card given in the exchange: the engine judges the gift (its "best" only where it sees the whole
        hand: for the table, the audit does); the sealed share is kept for the receiver."""
        move, game = payload.move, self._game()
        exchange = game.exchange
        reason = _judge(game, move)
        if reason is not None or exchange is None:
            raise Fault(seat, reason or "no card is given now")
        hand = game.hand(seat)
        events = self._push(seat, move)
        self.gifts[move.slot], self.sealed[move.slot] = seat, payload.sealed
        if exchange.best:
            self.audit = (seat, hand, move.slot)
        return events

    def _dispute(self, seat: int, payload: DisputePayload) -> Fault:
        """The verdict of `seat`'s dispute of a card given to it: the game stops either way."""
        slot = payload.slot
        if slot not in self.gifts or slot not in self._game().hand(seat) or self.gifts[slot] == seat:
            return Fault(seat, f"disputed slot {slot}, which is no card given to it")
        giver = self.gifts[slot]
        fault = judge_dispute(self.deck, giver, seat, slot, self.sealed[slot], payload.point, payload.proof)
        if fault == giver:
            return Fault(giver, f"sealed a share of the card it gave (slot {slot}) that does not open to seat {seat}")
        return Fault(seat, f"disputed the card given to it at slot {slot}, which opens (or its proof fails)")

    def _apply_move(self, seat: int, payload: MovePayload, proven: Callable[[Message], bool]) -> list[Event]:
        move, game = payload.move, self._game()
        if isinstance(move, Give):
            raise Fault(seat, "a card given in the exchange goes with its sealed share (a give payload)")
        if self.claimant is not None and (seat != self.claimant or not isinstance(move, Play)):
            raise Fault(seat, "the out-of-turn claimant must play now")
        if self.claimant is None and self.window_pending():
            raise Fault(seat, "moved before the out-of-turn window was answered")
        want = sorted(self.opened(move))
        got = sorted(share.slot for share in payload.reveal.shares) if payload.reveal else []
        if got != want:
            raise Fault(seat, f"{move.text()} must carry the mover's shares of exactly {want}")
        passed_on = sorted(self.forwarded(move))
        got = sorted(share.slot for share in payload.forwarded.shares) if payload.forwarded else []
        if got != passed_on or len({self.gifts[slot] for slot in passed_on}) > 1:
            raise Fault(seat, f"{move.text()} must forward the giver's shares of exactly {passed_on}")
        reason = _judge(game, move)
        if reason is not None:
            raise Fault(seat, reason)
        if payload.forwarded is not None:
            try:
                self._receive(self.gifts[passed_on[0]], payload.forwarded, _unproven)
            except Fault as fault:
                raise Fault(seat, f"forwarded a share that does not hold ({fault.reason})") from None
        if payload.reveal is not None:
            self._receive(seat, payload.reveal, proven)
        if isinstance(move, Flip):
            self.flip = move
            return [Flipped(seat, move.slot), *self._finish_flip()]
        return self._learn((*want, *passed_on)) + self._push(seat, move)

    def _push(self, seat: int, move: Move) -> list[Event]:
        try:
            events = pushed(self._game(), move)
        except EngineError as exc:
            raise Fault(seat, exc.reason) from None
        self.claimant = None
        self._answers.clear()
        if self._game().is_over():
            events += self._end()
        elif self.window_pending():
            events.append(WindowOpened(tuple(self.window_pending())))
        return events

    def _learn(self, opening: tuple[int, ...] = ()) -> list[Event]:
        """Tell the engine the identities every holder of the transcript knows: the public cards, and
        the cards a move being applied opens."""
        game = self.game
        if game is None:
            return []
        cards = []
        for slot in sorted({*game.public, *opening}):
            if game.card(slot) is None and (index := self.deck.card(slot)) is not None:
                card = card_at(index, self._decks, self._jokers)
                game.reveal(slot, card)
                cards.append((slot, card))
        return [Revealed(tuple(cards))] if cards else []


def _judge(game: Game, move: Move) -> str | None:
    """Why the engine refuses `move` before its cards are opened, when it can tell already."""
    try:
        return game.why_illegal(move)
    except EngineError:
        return None  # it needs identities the attached shares open; `push` judges then
