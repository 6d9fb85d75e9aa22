"""The rules engine: a `Game` judges and applies moves on a position of slots (RULES.md 1-6).

Invariants:
- No card is created or lost: the zones always partition the deck's slots (see `_state`).
- A move is judged only on identities this engine knows (`known`); a move that makes a card
  public (play, flip, show, swap, place) cannot be pushed before its identity is revealed.
- Knowledge is `_code`: one byte per slot, the card's code (`_cards`), 0 while unrevealed here.
  A view's `_code` is the game's, masked by what its player may see (public slots and their hand).
- `push` then `pop` restores the position exactly; reveals are knowledge, kept across `pop`.
- Make/unmake: a play, flip, pick-up, swap, place, show or ready (but the last) changes the state
  in place and leaves an undo record of what it changed (`_record`); the other moves (the ready that
  ends the swap phase, a give, a leave: few per game) leave the old state itself and go on with a
  copy. After `drop_undo` every move changes the state in place and leaves `(move,)` alone.
  A `State` held by more than one game (a view or a copy shares it: `State.shares`) or by an
  undo record is never changed in place: a game copies it first (`_own`), so views and copies stand
  still however the game moves.
- `legal_moves` and `is_legal` agree on the choices of play: every generated move is legal, and a
  move that is not generated is illegal (up to the order of a play's slots, which only decides the
  top card). A `Leave` is the one exception: legal whenever its player is still in, never listed
  (docs/rules.md, "Leaving": it is not a choice of play, so no bot, hint or search offers it).
  The turn's moves are built without re-judging each one; `moves_for` remembers them (`_judged`)
  until the next change, as `is_legal` does a move it accepts, so `push` does not judge them
  twice. The property tests check both. `rank_groups` keeps what it read with the `_judged` it
  read it under (`_grouped`), so `rank_play` judges a play of one of its groups without reading
  the position again. A view's `is_legal` and `moves_for` also remember the moves of its own
  player that they accept in the game it was made from (`_up`, that game's `_judged`), as long as
  neither has changed (a move, an undo, a reveal gives a game a fresh `_judged` and cuts `_up`):
  those moves depend only on that player's hand, the public cards and the position, which the view
  knows exactly as the game does, so the game's `push` may trust them.
- A lens (`lens(p)`, `_lens`) is a view that reads this game's state object itself and holds no
  share of it: the game hands each state object it takes to its lenses (`_take`, the one place
  `_state` changes after the deal).
- Deterministic: no clock, no randomness; the deal order is given by the caller.
- Choices where RULES.md is silent are in docs/rules.md.
"""

from __future__ import annotations

import itertools
import weakref
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from types import MappingProxyType
from typing import TypeVar

from p2pshithead.engine._cards import CARD_OF, Card, Rank, card_at, code_of
from p2pshithead.engine._errors import (
    IllegalMoveError,
    InvalidMoveError,
    RevealConflictError,
    UnrevealedCardError,
)
from p2pshithead.engine._moves import Flip, Give, Leave, Move, PickUp, Place, Play, Ready, Show, Swap
from p2pshithead.engine._powers import Power, demand_text_in, strength, tables
from p2pshithead.engine._rules import End, FaceupPickup, Ruleset, Start
from p2pshithead.engine._state import Exchange, Phase, Seat, State, Window
from p2pshithead.lang import _, ngettext

__all__ = ["Game", "Outcome", "LegalMoves", "Source"]

TITLES = ("Masta", "Vice-Masta")
_M = TypeVar("_M", Play, Flip, PickUp, Swap, Place, Ready)
_L = TypeVar("_L", bound=Move)


class _Invalid(str):
    """A reason that makes a move invalid (it names what does not fit), not merely illegal."""


_ACE, _JOKER = int(Rank.ACE), int(Rank.JOKER)
# Enum members as constants: looking one up (`Phase.PLAY`) takes ~0.1 us in CPython 3.11
_SWAP, _SHOW, _PLAY, _OVER = Phase.SWAP, Phase.SHOW, Phase.PLAY, Phase.OVER
_FIRST_OUT, _LAST_STANDING, _LOWEST_SHOWN = End.FIRST_OUT, End.LAST_STANDING, Start.LOWEST_SHOWN
_ALWAYS_WITH_CARD, _WITH_CARD = FaceupPickup.ALWAYS_WITH_CARD, FaceupPickup.WITH_CARD
_window = partial(tuple.__new__, Window)  # `Window(*fields)` without a Python frame: one is made per play
_Undo = tuple  # (move, player, hand, up, down, pile, burned, finished, stock, stock tail, turn, direction,
# window, pile_last, phase, slots made public, shows): what a move that keeps to one seat changed (see `push`);
# (move,) alone once the game keeps no undo records (`drop_undo`)


@dataclass(frozen=True, slots=True)
class _Snapshot:
    """The undo record of a rare move: the whole state before it (never changed afterwards)."""

    move: Move
    state: State


@lru_cache(maxsize=16)
def _deck_codes(decks: int, jokers: int, size: int) -> tuple[int, ...]:
    return tuple(code_of(card_at(i, decks, jokers)) for i in range(size))


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: players in finish order, first out first (section 6)."""

    order: tuple[int, ...]
    first_out_wins: bool = False

    @property
    def shithead(self) -> int | None:
        """The last player holding cards; none when the first out wins."""
        return None if self.first_out_wins else self.order[-1]

    def title(self, player: int) -> str:
        """Masta, Vice-Masta, Shithead, or the place as an ordinal."""
        place = self.order.index(player)
        if self.first_out_wins:
            return "Winner" if place == 0 else ""
        if place == len(self.order) - 1:
            return "Shithead"
        return TITLES[place] if place < len(TITLES) else f"#{place + 1}"

    @property
    def next_dealer(self) -> int:
        """Who deals the next game of a series: the Shithead (or, when the first out wins, the
        last player of the finish order)."""
        return self.order[-1]


class Source:
    """Names of the zone a player plays from (section 3)."""

    HAND = "hand"
    UP = "face-up"
    DOWN = "face-down"


class LegalMoves:
    """A live view of the legal moves: iterate it, take its len, or test `move in legal_moves`.
    It holds the choices of play; a `Leave` is never in it (push it when a player leaves)."""

    __slots__ = ("_game",)

    def __init__(self, game: Game) -> None:
        self._game = game

    def __iter__(self) -> Iterator[Move]:
        return self._game._generate()

    def __contains__(self, move: object) -> bool:
        return not isinstance(move, Leave) and self._game.is_legal(move)  # type: ignore[arg-type]

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def __repr__(self) -> str:
        return f"<LegalMoves: {', '.join(m.text() for m in self)}>"


class Game:
    """A game of Shithead between `players` seats; see the module invariants."""

    def __init__(
        self,
        rules: Ruleset | None = None,
        players: int = 4,
        dealer: int = 0,
        known: Mapping[int, Card] | None = None,
    ) -> None:
        """Deal a new game. Slots are dealt in order: face-down rows, face-up rows, hands, stock.

        Args:
            rules: the ruleset (classic by default).
            players: MIN_PLAYERS to MAX_PLAYERS seats.
            dealer: the dealer's seat; the player to their left acts first.
            known: identities this engine already knows, by slot.

        Raises:
            ValueError: a bad player count or dealer, or too few cards for the deal.
        """
        self.rules = rules or Ruleset()
        self.rules.check_table(players)
        if not 0 <= dealer < players:
            raise ValueError(f"dealer: a seat from 0 to {players - 1}")
        self.players = players
        self.dealer = dealer
        self._order = tuple((dealer + 1 + i) % players for i in range(players))  # seat order from the dealer's left
        self.decks = self.rules.decks_for(players)
        self.size = self.rules.deck_size(players)
        self._powers, self._turbo, self._barred, self._tab = tables(self.rules)
        self._can = self._tab.can
        self._code = bytearray(self.size)
        self._stack: list[_Undo | _Snapshot] = []
        self._undo = True  # False: moves are pushed without an undo record (`drop_undo`)
        self._judged: dict[int, Move] = {}  # by id: built by moves_for or accepted by is_legal; legal until a change
        self._up: dict[int, Move] | None = None  # a view's link to its game's `_judged` (module invariants)
        self._owner = -1  # a view's player
        # `rank_groups`' last read in turn (the `_judged` it was read under, the player, the groups, the blocked)
        self._grouped: tuple[dict[int, Move], int, Mapping[int, tuple[int, ...]], frozenset[int]] | None = None
        self._lenses: list[weakref.ref[Game]] = []  # its lenses, told when the state object changes (`_take`)
        self._state = self._deal()
        for slot, card in (known or {}).items():
            self.reveal(slot, card)

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def deal_known(
        cls, rules: Ruleset | None, players: int, dealer: int, order: Sequence[int]
    ) -> Game:
        """A game with every identity known (local play): `order[slot]` is the deck index there."""
        game = cls(rules, players, dealer)
        if sorted(order) != list(range(game.size)):
            raise ValueError(f"order must be a permutation of the {game.size} deck indices")
        deck = _deck_codes(game.decks, game.rules.jokers, game.size)
        game._code = bytearray(map(deck.__getitem__, order))
        return game

    def __del__(self) -> None:
        state = self.__dict__.get("_state")  # none if construction failed before the deal
        if state is not None:
            state.shares -= 1  # this game no longer holds its state (module invariants)

    def _deal(self) -> State:
        r, n = self.rules, self.players
        up_count = 0 if r.deal_six else r.face_up
        hand_count = r.hand_size + (r.face_up if r.deal_six else 0)  # enough cards: rules.check_table
        seats = [Seat() for _ in range(n)]
        cursor = 0
        for attr, count in (("down", r.face_down), ("up", up_count), ("hand", hand_count)):
            for p in range(n):
                getattr(seats[p], attr).extend(range(cursor, cursor + count))
                cursor += count
        state = State(_PLAY, seats, list(range(self.size - 1, cursor - 1, -1)), vis=bytearray(self.size))
        for seat in seats:
            for slot in seat.up:
                state.show(slot)
        state.turn = self._left_of_dealer()
        if r.swap or r.deal_six or r.stack_faceup or r.card_exchange:  # the exchange precedes swaps
            state.phase = _SWAP
        else:
            self._begin_start(state)
        return state

    # -- knowledge ----------------------------------------------------------------------------

    @property
    def known(self) -> Mapping[int, Card]:
        """Identities this engine knows, by slot (a fresh dict)."""
        return {slot: CARD_OF[code] for slot, code in enumerate(self._code) if code}  # type: ignore[misc]

    def card(self, slot: int) -> Card | None:
        """The identity at `slot`, or None while it is unrevealed here (or no such slot)."""
        if type(slot) is int and 0 <= slot < self.size:
            return CARD_OF[self._code[slot]]
        return None

    def cards(self, slots: Sequence[int]) -> list[Card | None]:
        """`card(slot)` for each of `slots` (slots of this deal), at once."""
        return list(map(CARD_OF.__getitem__, map(self._code.__getitem__, slots)))  # no Python frame per slot

    def codes(self, slots: Sequence[int]) -> list[int]:
        """The card code of each of `slots` (slots of this deal): `rank << 3 | suit` (`_cards`), 0 while
        unrevealed here; what `cards` tells, as small ints for a bot's inner loops."""
        return list(map(self._code.__getitem__, slots))

    def legal_play(self, player: int, slots: tuple[int, ...]) -> Play | None:
        """`Play(player, slots)` when it is legal now, else None: `is_legal` of that play (remembered
        as it remembers, so `push` trusts it) without building a fresh move for each candidate.

        Raises:
            ValueError: `player` or `slots` is not well formed (as `Play` raises).
        """
        key = (Play, player, slots, None)
        move = _MADE.get(key)
        if type(move) is not Play:
            move = _kept(key, Play(player, slots))  # checked once, then kept
        try:
            legal = self._plain_play(move)  # as is_legal, the common play judged inline
        except UnrevealedCardError:
            return None
        if legal is None:
            return move if self.is_legal(move) else None
        return self._remember(move) if legal else None

    def rank_play(self, player: int, rank: int, count: int) -> Play | None:
        """The play of `player`'s first `count` cards of `rank` in their source zone (hand, else
        face-up cards; in zone order) when it is legal now, else None: `legal_play` of those slots,
        judged at once when `rank_groups(player)` read this very position and found every card of
        that rank playable.

        Raises:
            ValueError: no such player.
        """
        grouped = self._grouped
        if grouped is not None and grouped[0] is self._judged and grouped[1] == player:
            group = grouped[2].get(rank)
            if group is not None and rank not in grouped[3] and 0 < count <= len(group):
                slots = group[:count]
                move = _MADE.get((Play, player, slots, None))  # `_trusted`'s lookup, inline
                return self._remember(move if type(move) is Play else _trusted(Play, player, slots, None))
        self._check_player(player)
        seat, code = self._state.seats[player], self._code
        slots = tuple([x for x in seat.hand or seat.up if code[x] and code[x] >> 3 == rank][:count])
        return self.legal_play(player, slots) if 0 < count == len(slots) else None

    def reveal(self, slot: int, card: Card) -> None:
        """Learn the identity at `slot` (from the deck protocol, or all at once in local play).

        Raises:
            ValueError: no such slot.
            RevealConflictError: a different identity is already known there.
        """
        if not 0 <= slot < self.size:
            raise ValueError(f"slot {slot} outside a deck of {self.size}")
        old = self.card(slot)
        if old is not None and old != card:
            raise RevealConflictError(f"slot {slot} is {old.text()}, not {card.text()}")
        self._code[slot] = code_of(card)
        self._judged, self._up = {}, None

    def view(self, player: int) -> Game:
        """What `player` may know: public cards and their own hand, nothing else; no history.
        Cheap: it shares the state (copied on write) and masks the card codes with what it may see."""
        if not 0 <= player < self.players:
            self._check_player(player)  # raises
        view = self._clone(with_history=False, code=self._seen_by(player))
        view._up, view._owner = self._judged, player
        return view

    def lens(self, player: int) -> Game:
        """A live view for `player`: what `view(player)` shows at each moment, without a copy per
        look, for as long as this game lasts. Read-only (push on this game instead); its `copy()`
        and `view()` are detached views. For a decision-maker that keeps no reference to what it is
        shown after deciding (a table may show it the lens instead of a fresh view).

        Raises:
            ValueError: no such player.
        """
        from p2pshithead.engine._lens import Lens

        lens = Lens(self, player)
        self._lenses = [ref for ref in self._lenses if ref() is not None]  # those dropped are forgotten
        self._lenses.append(weakref.ref(lens))
        return lens

    def _take(self, state: State) -> State:
        """Make `state` this game's position, and its lenses' (a lens reads it as its own)."""
        self._state = state
        for ref in self._lenses:
            lens = ref()
            if lens is not None:
                lens.__dict__["_state"] = state
        return state

    def _seen_by(self, player: int) -> bytearray:
        """`_code` masked by what `player` may see: the public slots and their hand (module invariants)."""
        state = self._state
        mask = state.vis[:]
        for slot in state.seats[player].hand:
            mask[slot] = 255
        seen = int.from_bytes(self._code, "little") & int.from_bytes(mask, "little")
        return bytearray(seen.to_bytes(self.size, "little"))

    def top_code(self) -> int:
        """The code (`_cards`) of the card the next play must beat, transparent cards looked through
        (`effective_top()`, as a small int); 0 for an empty pile or transparent cards only.

        Raises:
            UnrevealedCardError: a pile card that decides it has not been revealed here.
        """
        return self._top(self._state.pile)

    def top_run(self) -> tuple[int, int]:
        """(rank, count): the rank of the top card of the pile that is not transparent, and how many
        cards of that rank lie on top, transparent and unrevealed cards skipped (what a four of a
        kind counts, section 4, read as a player reads the pile); (0, 0) for none."""
        code, transparent = self._code, self._tab.transparent
        rank = count = 0
        for slot in reversed(self._state.pile):
            card = code[slot]
            if not card or transparent[card]:
                continue
            if not rank:
                rank = card >> 3
            elif card >> 3 != rank:
                break
            count += 1
        return rank, count

    def rank_groups(self, player: int) -> tuple[int, Mapping[int, tuple[int, ...]], frozenset[int]] | None:
        """`player`'s source zone (hand, else face-up cards) by rank, in one read: (`top_code()`,
        the known slots of each rank in zone order, the ranks with a card that `playable_codes`
        refuses on that top); None when hand and face-up cards are empty (no top is read then).

        Raises:
            UnrevealedCardError: as `top_code()`.
        """
        s = self._state
        seat = s.seats[player]
        zone = seat.hand or seat.up
        if not zone:
            return None
        code = self._code
        pile = s.pile
        top = code[pile[-1]] if pile else 0
        if not top or self._tab.transparent[top]:
            top = self._top(pile)  # looks through transparent cards; raises for an unknown card
        can = self._can[top]
        groups: dict[int, tuple[int, ...]] = {}
        blocked: set[int] = set()
        for slot in zone:  # plain loops: a bot's decision reads this every turn
            card = code[slot]
            if card:
                rank = card >> 3
                if rank in groups:
                    groups[rank] += (slot,)
                else:
                    groups[rank] = (slot,)
                if not can[card]:
                    blocked.add(rank)
        read = top, MappingProxyType(groups), frozenset(blocked)  # nothing a caller can change: `rank_play` trusts it
        if s.phase is _PLAY and player == s.turn and not self.rules.ace_gives_pile:  # for `rank_play`
            self._grouped = self._judged, player, read[1], read[2]
        return read

    def playable_codes(self, top: int) -> bytes:
        """Which cards may be played on effective top `top` (a code from `top_code()`): `row[code]`
        is 1 for a card code that may, 0 for one that may not and for 0 (unknown). In turn, a play
        of one rank from the player's hand (or face-up cards once it is empty), no ace naming a
        taker, is legal exactly when every card of it may be played on `top_code()`."""
        return self._can[top]

    @property
    def power_table(self) -> Mapping[Rank, Power]:
        """What each rank does under these rules: `powers(game.rules)`, without hashing the ruleset."""
        return self._powers

    def begin_exchange(self, previous: Outcome) -> None:
        """Open the French card exchange of a series (section 6) on a fresh deal: before any swap,
        the Shithead of `previous` gives their best hand card to its Masta (`Give`), who then gives
        back a hand card of their choice. Not a move: part of setting up the game, like the deal.

        Raises:
            ValueError: `card_exchange` is off, a move was made already, or `previous` names no
                Shithead and Masta of this table.
        """
        s = self._state
        if not self.rules.card_exchange:
            raise ValueError("card_exchange is off in these rules")
        if s.phase is not _SWAP or s.ready or self._stack or s.exchange is not None:
            raise ValueError("the exchange opens a fresh deal, before any swap")
        order = previous.order
        if previous.first_out_wins or sorted(order) != list(range(self.players)):
            raise ValueError("the previous game must have a full finish order at this table")
        s = self._own()
        s.exchange = Exchange(order[-1], order[0], True)
        self._judged, self._up = {}, None

    # -- reading the position -----------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._state.phase

    @property
    def turn(self) -> int:
        """The player to act (in the show phase: to show)."""
        return self._state.turn

    @property
    def direction(self) -> int:
        """+1 clockwise (seat order), -1 reversed."""
        return self._state.direction

    @property
    def public(self) -> frozenset[int]:
        return frozenset(self._state.public)

    @property
    def ready(self) -> frozenset[int]:
        return frozenset(self._state.ready)

    def leading_show(self) -> tuple[int, Rank] | None:
        """The show that leads so far (section 2): the lowest rank that claims the lead (`claims_lead`)
        shown by a player still in, the earliest shown on a tie; (player, rank), or None."""
        return self._leading(self._state)

    @property
    def exchange(self) -> Exchange | None:
        """The card gift due before the swap phase, if any (French card exchange, section 6)."""
        return self._state.exchange

    @property
    def window(self) -> Window | None:
        """The last play while out-of-turn answers to it are open (section 5)."""
        return self._state.window

    def hand(self, player: int) -> tuple[int, ...]:
        return tuple(self._state.seats[player].hand)

    def face_up(self, player: int) -> tuple[int, ...]:
        return tuple(self._state.seats[player].up)

    def face_down(self, player: int) -> tuple[int, ...]:
        return tuple(self._state.seats[player].down)

    @property
    def stock(self) -> tuple[int, ...]:
        """Stock slots, next draw first."""
        return tuple(reversed(self._state.stock))

    @property
    def pile(self) -> tuple[int, ...]:
        """Pile slots, bottom first."""
        return tuple(self._state.pile)

    @property
    def burned(self) -> tuple[int, ...]:
        return tuple(self._state.burned)

    @property
    def gone(self) -> tuple[int, ...]:
        """Slots that left play with the players who left, never revealed by the table."""
        return tuple(self._state.gone)

    @property
    def finished(self) -> tuple[int, ...]:
        """Players no longer in the game, in the order they went out or left (`outcome()` ranks them)."""
        return tuple(self._state.finished)

    @property
    def left(self) -> tuple[int, ...]:
        """Players who left the game (`Leave`), in the order they left; each is in `finished` too."""
        return tuple(self._state.left)

    def active(self) -> list[int]:
        """Players still in the game, in seat order."""
        done = self._state.finished
        return [p for p in range(self.players) if p not in done]

    def source(self, player: int) -> str:
        """The zone `player` plays from now (section 3)."""
        seat = self._state.seats[player]
        return Source.HAND if seat.hand else Source.UP if seat.up else Source.DOWN

    def effective_top(self) -> Card | None:
        """The card the next play must beat: the top, looking through transparent cards."""
        return CARD_OF[self._top(self._state.pile)]

    def demand(self) -> str:
        """What the pile demands, in words."""
        return demand_text_in(self._powers, self.effective_top())

    def outcome(self) -> Outcome | None:
        """The finish order once the game is over, else None. Players who left rank last, the first
        to leave lowest (docs/rules.md, "Leaving")."""
        s = self._state
        if s.phase is not _OVER:
            return None
        order = [p for p in s.finished if p not in s.left] + s.left[::-1]
        return Outcome(tuple(order), self.rules.end is _FIRST_OUT)

    def is_over(self) -> bool:
        return self._state.phase is _OVER

    @property
    def move_stack(self) -> tuple[Move, ...]:
        return tuple(r.move if isinstance(r, _Snapshot) else r[0] for r in self._stack)

    @property
    def legal_moves(self) -> LegalMoves:
        return LegalMoves(self)

    def moves_for(self, player: int) -> list[Move]:
        """The legal moves of one player now (their turn, swap-phase moves, or out of turn)."""
        s = self._state
        if s.phase is _SWAP:
            if s.exchange is not None:
                return list(self._gifts()) if player == s.exchange.giver else []
            if player in s.ready or player in s.finished:
                return []
            moves = self._swap_moves(player)
            self._judged.update({id(m): m for m in moves})  # push need not judge these again
            return moves
        if s.phase is _SHOW:
            return list(self._generate()) if player == s.turn else []
        if s.phase is not _PLAY or player in s.finished:
            return []
        if player == s.turn:
            moves = self._turn_moves(player)
            judged = {id(m): m for m in moves}  # push need not judge these again
            self._judged.update(judged)
            if self._up is not None and player == self._owner:
                self._up.update(judged)
            return moves
        if self._answers_open(s):
            return list(self._out_of_turn_moves(player))
        return []

    def _interrupts(self, s: State) -> bool:
        """Whether `interrupt` plays are open: only with three or more players still in (the Hebrew
        seed: "relevant only when playing with more than two players"; docs/rules.md, section 5)."""
        return self.rules.interrupt and len(s.seats) - len(s.finished) >= 3

    def _answers_open(self, s: State) -> bool:
        """Whether players other than the one to act may answer the last play now (section 5)."""
        return s.window is not None and (self.rules.turbo or self._interrupts(s))

    def awaited(self) -> tuple[int, ...]:
        """Players whose decision may change the position now, in the order a table asks them:
        out-of-turn players first (seat order after the last player), then the player to act.
        In the swap phase, every player not yet ready."""
        s = self._state
        if s.phase is _PLAY and (s.window is None or not (self.rules.turbo or self.rules.interrupt)):
            return (s.turn,)  # nobody answers out of turn: the common case first
        if s.phase is _SWAP:
            if s.exchange is not None:
                return (s.exchange.giver,)
            return tuple(p for p in self._seat_order() if p not in s.ready and p not in s.finished)
        if s.phase is _SHOW:
            return (s.turn,)
        if s.phase is not _PLAY:
            return ()
        assert s.window is not None  # the play phase with a window open to answers (the first return took the rest)
        others: list[int] = []
        if self._answers_open(s):
            n = self.players
            order = [(s.window.player + i) % n for i in range(n)]
            others = [p for p in order if p != s.turn and p not in s.finished]
        return (*others, s.turn)

    # -- judging ------------------------------------------------------------------------------

    def is_legal(self, move: Move) -> bool:
        """True when `move` may be pushed now, judged on what this engine knows."""
        try:
            legal = self._plain_play(move) if type(move) is Play else None
            if legal is None:
                legal = self.why_illegal(move) is None
        except UnrevealedCardError:
            return False
        if legal:
            self._remember(move)
        return legal

    def _remember(self, move: _L) -> _L:
        """Note legal `move` as judged: push need not judge it again until the next change."""
        self._judged[id(move)] = move
        if self._up is not None and move.player == self._owner:
            self._up[id(move)] = move
        return move

    def _plain_play(self, move: Play) -> bool | None:
        """`why_illegal(move) is None` for the commonest move, decided without words: a play in turn,
        in the play phase, of cards of one rank all from the player's source, no ace to aim. None
        for any other play (then `why_illegal` judges it).

        Raises:
            UnrevealedCardError: as `why_illegal` does.
        """
        s = self._state
        if s.phase is not _PLAY or move.player != s.turn or move.target is not None or self.rules.ace_gives_pile:
            return None
        seat = s.seats[move.player]
        zone = seat.hand or seat.up
        if not zone:
            return None
        code = self._code
        rank = -1
        for slot in move.slots:  # plain loops: this runs for every candidate a bot weighs
            if slot not in zone or (rank >= 0 and code[slot] >> 3 != rank):
                return None
            rank = code[slot] >> 3
        pile, transparent = s.pile, self._tab.transparent
        top = code[pile[-1]] if pile else 0
        if not top or transparent[top]:
            top = self._top(pile)  # looks through transparent cards; raises for an unknown card
        if not rank:
            self._need(move.slots[0], move.player)  # raises
        can = self._can[top]
        for slot in move.slots:  # noqa: SIM110 (a loop, not all(): no generator frame on the hot path)
            if not can[code[slot]]:
                return False
        return True

    def why_illegal(self, move: Move) -> str | None:
        """None for a legal move, else the reason in words.

        Raises:
            UnrevealedCardError: the judgement needs an identity not revealed here.
        """
        s = self._state
        p = getattr(move, "player", None)
        if not isinstance(p, int) or not 0 <= p < self.players:
            return _Invalid(f"no player {p!r} at this table")
        if s.phase is _OVER:
            return _("the game is over")
        if p in s.finished:
            return _("you are out of the game")
        if isinstance(move, Leave):
            return None  # any time a player is still in (docs/rules.md, "Leaving")
        if type(move) is Play and s.phase is _PLAY:  # the common case first
            return self._why_play(move)
        if isinstance(move, Give):
            return self._why_give(move)
        if isinstance(move, (Swap, Place, Ready)):
            if s.exchange is not None and s.phase is _SWAP:
                return _("the card exchange comes first: player {seat} gives a card").format(seat=s.exchange.giver)
            return self._why_swap_phase(move)
        if isinstance(move, Show):
            return self._why_show(move)
        if isinstance(move, (Play, Flip, PickUp)):
            if s.phase is not _PLAY:
                return _("this is the swap phase") if s.phase is _SWAP else _("this is the show phase")
            if isinstance(move, Play):
                return self._why_play(move)
            if p != s.turn:
                return _("it is player {seat}'s turn").format(seat=s.turn)
            return self._why_flip(move) if isinstance(move, Flip) else self._why_pickup(move)
        return f"not a move: {move!r}"

    def _why_swap_phase(self, move: Swap | Place | Ready) -> str | None:
        s, r = self._state, self.rules
        if s.phase is not _SWAP:
            return _("the swap phase is over")
        p = move.player
        seat = s.seats[p]
        if p in s.ready:
            return _("you are ready already")
        if isinstance(move, Ready):
            if r.deal_six and len(seat.up) < r.face_up:
                missing = r.face_up - len(seat.up)
                return ngettext("lay {count} more card face up first", "lay {count} more cards face up first",
                                missing).format(count=missing)
            return None
        if move.hand not in seat.hand:
            return _Invalid(f"slot {move.hand} is not in your hand")
        if isinstance(move, Swap):
            if not (r.swap or r.deal_six):
                return _("swapping is off in these rules")
            if move.up not in seat.up:
                return _Invalid(f"slot {move.up} is not one of your face-up cards")
            return None
        if r.deal_six and len(seat.up) < r.face_up:
            return None
        if r.stack_faceup:
            rank = self._need(move.hand, p) >> 3
            if any(self._need(u, p) >> 3 == rank for u in seat.up):
                return None
            return _("you may only stack a card on a face-up card of the same rank")
        return _("your face-up row is full")

    def _why_give(self, move: Give) -> str | None:
        x = self._state.exchange
        if x is None or self._state.phase is not _SWAP:
            return _("cards are given only in the exchange before a game of a series")
        if move.player != x.giver:
            return _("player {seat} gives a card now").format(seat=x.giver)
        hand = self._state.seats[move.player].hand
        if move.slot not in hand:
            return _Invalid(f"slot {move.slot} is not in your hand")
        code = self._code
        if x.best and all(code[h] for h in hand):  # a hidden hand is judged by the audit
            best = max(strength(self.rules, CARD_OF[code[h]]) for h in hand)  # type: ignore[arg-type]
            if strength(self.rules, CARD_OF[self._need(move.slot, move.player)]) != best:  # type: ignore[arg-type]
                return _("give your best card to the Masta")
        return None

    def _why_show(self, move: Show) -> str | None:
        s = self._state
        if s.phase is not _SHOW:
            return _("cards are shown only before the first turn")
        if move.player != s.turn:
            return _("player {seat} shows now").format(seat=s.turn)
        if move.slot is not None and move.slot not in s.seats[move.player].hand:
            return _Invalid(f"slot {move.slot} is not in your hand")
        return None

    def _why_play(self, move: Play) -> str | None:
        s = self._state
        p = move.player
        seat = s.seats[p]
        if p != s.turn:
            return self._why_out_of_turn(move)
        zone = seat.hand or seat.up
        if not zone:
            return _("your hand and face-up cards are empty: flip a face-down card")
        extra = [x for x in move.slots if x not in zone]
        if extra:
            source = Source.HAND if seat.hand else Source.UP
            if source != Source.HAND or any(x not in seat.up for x in extra):
                return _Invalid(f"slot(s) {', '.join(map(str, extra))} not in your {source} cards")
            if len({self._need(x, p) >> 3 for x in move.slots}) > 1:
                return _("a run is played from one zone: your hand, or your face-up cards")
            if s.stock or set(move.slots) - set(extra) != set(seat.hand):
                return _("face-up cards join a play only with the last of your hand, once the stock is empty")
        return self._why_cards(move, self._top(s.pile))

    def _why_cards(self, move: Play, top: int) -> str | None:
        """Same rank (or a run), playable on effective top `top`, and an ace's target when one is due."""
        slots = self._ordered(move.slots)
        cards = [self._need(x, move.player) for x in slots]
        if len(cards) == 1 and move.target is None and not self.rules.ace_gives_pile:  # the common case
            return None if self._can[top][cards[0]] else self.demand()
        rank = cards[0] >> 3
        if any(c >> 3 != rank for c in cards):
            if not self.rules.runs:
                return _("cards played together must be of one rank")
            reason = self._why_run(slots, cards, top)
            if reason is not None:
                return reason
        else:
            can = self._can[top]
            if not all(can[card] for card in cards):  # one rank: differ only by suit (9)
                return self.demand()
        needs_target = (self.rules.ace_gives_pile and self._gives_pile(cards[-1], self._beneath_last(cards, top))
                        and not self._burns(slots))
        if move.target is None:
            return _("name who takes the pile (ace)") if needs_target else None
        if not needs_target:
            return _("only an ace names who takes the pile")
        if move.target >= self.players:
            return _Invalid(f"no player {move.target} at this table")
        if move.target == move.player or move.target in self._state.finished:
            return _("name another player still in the game")
        return None

    def _why_run(self, slots: Sequence[int], cards: list[int], top: int) -> str | None:
        """A run (`runs`, Jane, Pagat seed 49), `slots` and their `cards` (codes) ascending: consecutive
        ranks of one suit (a code 8 above the last), each card playable on the effective top left by
        the cards before it; a card that burns the pile (a 10, or four of a kind) ends the run."""
        if not cards[0] & 7 or any(b != a + 8 for a, b in itertools.pairwise(cards)):
            return _("cards played together must be of one rank, or a run of one suit (5h 6h 7h)")
        can, transparent = self._can, self._tab.transparent
        for i, card in enumerate(cards):
            text = _text(card)
            if not can[top][card]:
                return _("{card} may not follow in the run: {demand}").format(
                    card=text, demand=demand_text_in(self._powers, CARD_OF[top]))
            if i < len(cards) - 1 and self._burns(slots[: i + 1]):
                return _("the run ends where it burns the pile, with {card}").format(card=text)
            if not transparent[card]:
                top = card
        return None

    def _ordered(self, slots: tuple[int, ...]) -> tuple[int, ...]:
        """The slots of a play in the order they go onto the pile: as named, except a run, which is
        laid ascending whatever order names it (`runs`)."""
        if not self.rules.runs or len(slots) < 2:
            return slots
        code = self._code
        ranks = [code[x] >> 3 for x in slots]
        if len(set(ranks)) == 1:
            return slots
        return tuple(x for _, x in sorted(zip(ranks, slots, strict=True)))

    def _beneath_last(self, cards: Sequence[int], top: int) -> int:
        """The effective top the last of `cards` (codes) lands on, the others played before it onto `top`."""
        transparent = self._tab.transparent
        for card in cards[:-1]:
            if not transparent[card]:
                top = card
        return top

    def _why_out_of_turn(self, move: Play) -> str | None:
        s, r = self._state, self.rules
        w = s.window
        if w is None or not self._answers_open(s):
            return _("it is player {seat}'s turn").format(seat=s.turn)
        seat = s.seats[move.player]
        zone = seat.hand or seat.up
        if any(x not in zone for x in move.slots):
            return _Invalid("out of turn you play from your hand (or face-up cards once it is empty)")
        cards = [self._need(x, move.player) for x in move.slots]
        rank = cards[0] >> 3
        if any(c >> 3 != rank for c in cards):
            return _("cards played together must be of one rank")
        top = self._top(s.pile)
        interrupts = self._interrupts(s)
        if interrupts:
            if move.player != w.player and top and top >> 3 == rank and self._run_after(move.slots) >= 4:
                # completes four of a kind: the pile burns, so no ace is left in force to aim
                return None if move.target is None else _("only an ace names who takes the pile")
            if move.player == w.player and rank == w.rank and all(x in w.drawn for x in move.slots):
                return self._why_cards(move, top)  # a freshly drawn card of the rank just played
        if r.turbo and move.player != w.player and rank == w.rank and rank in self._turbo:
            return self._why_cards(move, top)
        if interrupts:
            return _("it is player {seat}'s turn; out of turn you may only complete four of a kind").format(
                seat=s.turn)
        return _("it is player {seat}'s turn; out of turn you may only play the rank just played ({rank})").format(
            seat=s.turn, rank=Rank(w.rank).symbol)

    def _why_flip(self, move: Flip) -> str | None:
        if self.source(move.player) != Source.DOWN:
            return _("play your hand and face-up cards before the face-down ones")
        if move.slot not in self._state.seats[move.player].down:
            return _Invalid(f"slot {move.slot} is not one of your face-down cards")
        return None

    def _why_pickup(self, move: PickUp) -> str | None:
        s, r = self._state, self.rules
        p = move.player
        if not s.pile:
            return _("the pile is empty: play any card")
        source = self.source(p)
        if source == Source.DOWN:
            return _("flip a face-down card: you pick up only if it cannot be played")
        stuck = not self._can_play(p)
        if not stuck and not r.pickup_voluntary:
            return _("you can play, and picking up by choice is off in these rules")
        takes_card = self._takes_card(source == Source.HAND, stuck)
        if move.up is not None:
            if not takes_card:
                return _("you take a face-up card only when none of them can be played")
            if move.up not in s.seats[p].up:
                return _Invalid(f"slot {move.up} is not one of your face-up cards")
            return None
        if takes_card:
            if stuck:
                return _("no face-up card can be played: choose one to take with the pile")
            return _("choose one to take with the pile")
        return None

    def _takes_card(self, from_hand: bool, stuck: bool) -> bool:
        """Whether a pick-up takes one face-up card with the pile (section 6, `faceup_pickup`)."""
        rule = self.rules.faceup_pickup
        return not from_hand and (rule is _ALWAYS_WITH_CARD or (stuck and rule is _WITH_CARD))

    def _can_play(self, player: int) -> bool:
        """Whether `player` provably holds a legal play from their source. Face-up cards are public
        and must be known; unknown hand cards prove nothing, so a peer accepts a pick-up from a
        hidden hand (docs/rules.md: the end-of-game audit judges it)."""
        s = self._state
        seat = s.seats[player]
        can = self._can[self._top(s.pile)]
        if seat.hand:
            code = self._code
            return any(can[code[h]] for h in seat.hand)  # can[0] is 0: unknown cards prove nothing
        return any(can[self._need(u, player)] for u in seat.up)

    def _need(self, slot: int, player: int | None) -> int:
        """The code at `slot`, which must be known here."""
        code = self._code[slot] if slot < self.size else 0
        if not code:
            raise UnrevealedCardError(f"slot {slot} has not been revealed", (slot,), player)
        return code

    # -- generating ---------------------------------------------------------------------------

    def _generate(self) -> Iterator[Move]:
        s = self._state
        if s.phase is _SWAP and s.exchange is not None:
            yield from self._gifts()
        elif s.phase is _SWAP:
            for p in range(self.players):
                if p not in s.ready and p not in s.finished:
                    yield from self._swap_moves(p)
        elif s.phase is _SHOW:
            yield Show(s.turn, None)
            for slot in s.seats[s.turn].hand:
                yield Show(s.turn, slot)
        elif s.phase is _PLAY:
            yield from self._turn_moves(s.turn)
            if self._answers_open(s):
                for p in self.active():
                    if p != s.turn:
                        yield from self._out_of_turn_moves(p)

    def _gifts(self) -> Iterator[Move]:
        x = self._state.exchange
        assert x is not None
        for slot in self._state.seats[x.giver].hand:
            if self._code[slot] and self.is_legal(Give(x.giver, slot)):
                yield Give(x.giver, slot)

    def _swap_moves(self, p: int) -> list[Move]:
        """The swap-phase moves of `p` (not ready, still in), built without re-judging each one as
        `_why_swap_phase` would: ready, each known hand card laid face up, each swap of a known hand card."""
        seat, r, code = self._state.seats[p], self.rules, self._code
        short = r.deal_six and len(seat.up) < r.face_up
        moves: list[Move] = [] if short else [_trusted(Ready, p)]
        known = [h for h in seat.hand if code[h]]
        for h in known:
            if short or (r.stack_faceup and self._stacks(h, seat.up)):
                moves.append(_trusted(Place, p, h))
        if r.swap or r.deal_six:
            moves += [_trusted(Swap, p, h, u) for h in known for u in seat.up]
        return moves

    def _stacks(self, hand: int, up: Sequence[int]) -> bool:
        """Whether a face-up card of the rank at `hand` lies in `up`, judged as `_why_swap_phase` does:
        up to the first match, every face-up card must be known (else that judgement raises)."""
        code, rank = self._code, self._code[hand] >> 3
        for u in up:
            if not code[u]:
                return False
            if code[u] >> 3 == rank:
                return True
        return False

    def _turn_moves(self, p: int) -> list[Move]:
        """The moves of the player to act; built without re-judging each one (the property
        tests check that every move built here is legal and that no other move is)."""
        s = self._state
        seat = s.seats[p]
        if not (seat.hand or seat.up):
            return [_trusted(Flip, p, slot) for slot in seat.down]
        from_hand = bool(seat.hand)
        top = self._top(s.pile)
        zone = seat.hand if from_hand else seat.up
        moves = self._plays(p, zone, top)
        if self.rules.runs:
            self._runs(p, zone, top, moves)
        played = bool(moves)
        if from_hand and not s.stock and played:
            self._hand_and_up_plays(p, seat, top, moves)
        if not s.pile:
            return moves
        if from_hand or all(self._code[u] for u in seat.up):
            stuck = not played  # unknown hand cards prove nothing: see _can_play
        else:
            stuck = not self._can_play(p)  # raises: face-up cards are public, they must be known
        if not (stuck or self.rules.pickup_voluntary):
            return moves
        if self._takes_card(from_hand, stuck):
            moves += [_trusted(PickUp, p, up) for up in seat.up]
        else:
            moves.append(_trusted(PickUp, p, None))
        return moves

    def _hand_and_up_plays(self, p: int, seat: Seat, top: int, out: list[Move]) -> None:
        """The whole hand (one rank) with same-rank face-up cards added (section 6), onto `out`."""
        code, can = self._code, self._can[top]
        ranks = {code[h] >> 3 for h in seat.hand}
        if len(ranks) != 1 or 0 in ranks:
            return
        rank = ranks.pop()
        if not all(can[code[h]] for h in seat.hand):  # they differ by suit only
            return
        ups = [u for u in seat.up if code[u] >> 3 == rank and can[code[u]]]
        hand = tuple(seat.hand)
        for k in range(1, len(ups) + 1):
            for extra in itertools.combinations(ups, k):
                self._with_targets(p, hand + extra, top, out)

    def _plays(self, p: int, zone: Sequence[int], top: int) -> list[Move]:
        """Every set of one playable rank from `zone`, in zone order."""
        by_rank: dict[int, list[int]] = {}
        code, can = self._code, self._can[top]
        for slot in zone:
            card = code[slot]
            if can[card]:  # 0 for an unknown card
                by_rank.setdefault(card >> 3, []).append(slot)
        out: list[Move] = []
        if self.rules.ace_gives_pile:
            for slots in by_rank.values():
                for k in range(1, len(slots) + 1):
                    for combo in itertools.combinations(slots, k):
                        self._with_targets(p, combo, top, out)
            return out
        made = _MADE.get
        for slots in by_rank.values():  # no ace names a taker: one play per set of cards
            for k in range(1, len(slots) + 1):
                for combo in itertools.combinations(slots, k):
                    out.append(made((Play, p, combo, None)) or _trusted(Play, p, combo, None))
        return out

    def _runs(self, p: int, zone: Sequence[int], top: int, out: list[Move]) -> None:
        """Every run (`runs`, see `_why_run`) of two or more cards from `zone`, ascending, onto `out`."""
        code, can, transparent = self._code, self._can, self._tab.transparent
        cells: dict[int, list[int]] = {}  # by code; the next card of a run is 8 codes up
        for slot in zone:
            if code[slot] & 7:  # a suit: known, and no joker
                cells.setdefault(code[slot], []).append(slot)

        def extend(run: tuple[int, ...], beneath: int) -> None:
            """`beneath`: the effective top the card after `run` lands on."""
            if len(run) > 1:
                self._with_targets(p, run, top, out)
            if self._burns(run):
                return
            for slot in cells.get(code[run[-1]] + 8, ()):
                card = code[slot]
                if can[beneath][card]:
                    extend(run + (slot,), beneath if transparent[card] else card)

        for slot in zone:
            card = code[slot]
            if card & 7 and can[top][card]:
                extend((slot,), top if transparent[card] else card)

    def _with_targets(self, p: int, slots: tuple[int, ...], top: int, out: list[Move]) -> None:
        """The play of `slots` (one playable rank, or a run) onto `out`, once per taker when it leaves
        an ace in force."""
        code = self._code
        if (not self.rules.ace_gives_pile or self._burns(slots)
                or not self._gives_pile(code[slots[-1]], self._beneath_last([code[x] for x in slots], top))):
            out.append(_trusted(Play, p, slots, None))
            return
        for target in self.active():
            if target != p:
                out.append(_trusted(Play, p, slots, target))

    def _out_of_turn_moves(self, p: int) -> Iterator[Move]:
        """Out-of-turn plays of `p` (section 5): rare, so each candidate is judged in full. Candidates are
        cards of the rank just played (turbo, a drawn card added) and, for an interrupt, of the rank on top
        of the pile, which differs when a mirror was just played onto three of a kind."""
        s = self._state
        seat = s.seats[p]
        zone = seat.hand or seat.up
        w = s.window
        assert w is not None
        code = self._code
        ranks = [w.rank]
        if self._interrupts(s) and (top := self._top(s.pile)) and top >> 3 != w.rank:
            ranks.append(top >> 3)
        targets = [None, *self.active()] if self.rules.ace_gives_pile else [None]
        for rank in ranks:
            same = [x for x in zone if code[x] and code[x] >> 3 == rank]
            for k in range(1, len(same) + 1):
                for combo in itertools.combinations(same, k):
                    for target in targets:
                        play = Play(p, combo, target)
                        if self.is_legal(play):
                            yield play

    # -- applying -----------------------------------------------------------------------------

    def push(self, move: Move) -> None:
        """Apply a legal move.

        Raises:
            IllegalMoveError: the rules forbid it now (the message says why).
            InvalidMoveError: it names a player or slot that does not fit.
            UnrevealedCardError: an identity it needs is not revealed here.
        """
        judged = self._judged
        if judged.get(id(move)) is not move and move not in judged.values():
            reason = self.why_illegal(move)
            if reason is not None:
                p = getattr(move, "player", None)
                kind = InvalidMoveError if isinstance(reason, _Invalid) else IllegalMoveError
                raise kind(f"{move.text() if hasattr(move, 'text') else repr(move)}: {reason}", p)
        self._judged, self._up = {}, None
        if isinstance(move, Play):  # judging a play needed every identity it shows (`_why_cards`)
            self._apply_play(self._record(move, move.slots), move)
        elif isinstance(move, Flip):
            self._need(move.slot, move.player)
            self._apply_flip(self._record(move, (move.slot,)), move)
        elif isinstance(move, PickUp):
            self._apply_pickup(self._record(move, ()), move)
        elif isinstance(move, (Swap, Place, Show)) or (isinstance(move, Ready) and not self._ends_swaps(move)):
            made = made_public(move)  # one seat's cards change, and the shows, the ready seats, the turn
            for slot in made:
                self._need(slot, move.player)
            self._record(move, made)
            self._apply(move)
        else:
            for slot in made_public(move):
                self._need(slot, move.player)
            if self._undo:
                self._stack.append(_Snapshot(move, self._state))  # the record holds it now: never changed again
                self._take(self._state.copy())
            else:
                self._stack.append((move,))
                self._own()
            self._apply(move)

    def drop_undo(self) -> None:
        """Push every later move without an undo record, for a game nobody will `pop` (a table's, a
        playout's): cheaper pushes. `move_stack` still lists every move; `pop` refuses those moves.
        Its `copy()` keeps no records either; its views (no history) keep theirs."""
        self._undo = False

    def _ends_swaps(self, move: Ready) -> bool:
        """Whether `move` makes every player still in ready: it ends the swap phase (`_apply`)."""
        s = self._state
        return s.ready.union((move.player,)).issuperset(self._in_game(s))

    def _record(self, move: Move, made: tuple[int, ...]) -> State:
        """Leave the undo record of a move that changes one seat's cards (and the pile, the stock, the
        shows, its own readiness, the turn...), which makes the slots `made` public; the state to change
        in place. Zones are kept as tuples: the collector stops tracking a tuple of
        ints, so a long game's records cost no garbage-collection time."""
        s = self._state
        if s.shares > 1:
            s = self._own()
        if not self._undo:
            self._stack.append((move,))
            return s
        seat, stock, public = s.seats[move.player], s.stock, s.public
        shown: tuple[int, ...]  # the slots `made` public by this move
        if len(made) == 1:  # the common case, without a loop
            shown = () if made[0] in public else made
        else:
            shown = tuple([x for x in made if x not in public])
        self._stack.append((
            move, move.player, tuple(seat.hand), tuple(seat.up), tuple(seat.down), tuple(s.pile), len(s.burned),
            len(s.finished), len(stock), tuple(stock[-self.rules.hand_size:]) if stock else (), s.turn, s.direction,
            s.window, s.pile_last, s.phase, shown, len(s.shows),
        ))
        return s

    def pop(self) -> Move:
        """Undo the last move and return it.

        Raises:
            IndexError: no move to undo, or it was pushed without an undo record (`drop_undo`).
        """
        record = self._stack[-1]
        if type(record) is tuple and len(record) == 1:  # pushed by a game that keeps no undo records
            raise IndexError(f"{record[0].text()} was pushed without an undo record: it cannot be undone")
        self._stack.pop()
        self._judged, self._up = {}, None
        if isinstance(record, _Snapshot):
            self._state.shares -= 1
            self._take(record.state.copy())  # the record's state may be another copy's record too
            return record.move
        (move, p, hand, up, down, pile, burned, finished, stock, tail, turn, direction, window, pile_last, phase,
         shown, shows) = record
        s = self._own()
        seat = s.seats[p]
        seat.hand[:], seat.up[:], seat.down[:], s.pile[:] = hand, up, down, pile
        del s.burned[burned:], s.finished[finished:], s.stock[stock - len(tail):], s.shows[shows:]
        s.stock += tail
        s.turn, s.direction, s.window, s.pile_last, s.phase = turn, direction, window, pile_last, phase
        for slot in shown:
            s.hide(slot)
        if isinstance(move, Ready):
            s.ready.discard(p)
        return move

    def _own(self) -> State:
        """The state, copied first if another game or an undo record holds it too (copy on write)."""
        s = self._state
        if s.shares > 1:
            s.shares -= 1
            s = self._take(s.copy())
        return s

    def _apply(self, move: Move) -> None:
        s = self._state
        seat = s.seats[move.player]
        if isinstance(move, Swap):
            i, j = seat.hand.index(move.hand), seat.up.index(move.up)
            seat.hand[i], seat.up[j] = move.up, move.hand
            s.show(move.hand)
        elif isinstance(move, Place):
            seat.hand.remove(move.hand)
            seat.up.append(move.hand)
            s.show(move.hand)
        elif isinstance(move, Ready):
            ends = self._ends_swaps(move)
            s.ready.add(move.player)
            if ends:
                self._end_swap_phase(s)
        elif isinstance(move, Show):
            self._apply_show(s, move)
        elif isinstance(move, Give):
            x = s.exchange
            assert x is not None
            seat.hand.remove(move.slot)
            s.seats[x.receiver].hand.append(move.slot)
            s.exchange = Exchange(x.receiver, x.giver, False) if x.best else None
        else:
            assert isinstance(move, Leave)
            self._apply_leave(s, move.player)

    def _end_swap_phase(self, s: State) -> None:
        for p in self._in_game(s):
            self._refill(s, p)
        self._begin_start(s)

    def _begin_start(self, s: State) -> None:
        s.turn = self._in_game(s)[0]
        s.phase = _SHOW if self.rules.start is _LOWEST_SHOWN else _PLAY

    def _apply_show(self, s: State, move: Show) -> None:
        s.shows.append((move.player, move.slot))
        if move.slot is not None:
            s.show(move.slot)
        self._next_show(s)

    def _next_show(self, s: State) -> None:
        """The next player still in who has not shown shows; once all have, the lowest shown rank
        in the order leads (section 2), else the first player still in from the dealer's left."""
        shown = {p for p, _ in s.shows}
        waiting = [p for p in self._in_game(s) if p not in shown]
        if waiting:
            s.turn = waiting[0]
            return
        best = self._leading(s)
        s.turn = best[0] if best else self._in_game(s)[0]
        s.phase = _PLAY

    def _leading(self, s: State) -> tuple[int, Rank] | None:
        """The show that leads in `s` so far (see `leading_show`)."""
        best: tuple[int, int] | None = None
        for p, slot in s.shows:  # shows are in seat order from the dealer's left: ties go to the earliest
            if slot is None or p in s.finished:
                continue
            rank = self._code[slot] >> 3
            if self.claims_lead(rank) and (best is None or rank < best[1]):
                best = (p, rank)
        return None if best is None else (best[0], Rank(best[1]))

    def _apply_leave(self, s: State, p: int) -> None:
        """`p`'s cards leave play unseen; the turn, the swap and show phases and the card exchange go
        on as if `p` were out; an out-of-turn window stays open to the others (docs/rules.md, "Leaving")."""
        seat = s.seats[p]
        s.gone += [*seat.hand, *seat.up, *seat.down]
        s.seats[p] = Seat()
        s.finished.append(p)
        s.left.append(p)
        s.ready.discard(p)
        if s.exchange is not None and p in (s.exchange.giver, s.exchange.receiver):
            s.exchange = None
        if self._end_if_decided(s, won=False):
            return
        if s.turn == p:  # in the swap phase too: a position never names a player out as the one to act
            if s.phase is _SHOW:
                self._next_show(s)
            else:
                s.turn = self._next_seat(s, p, 1)
        if s.phase is _SWAP and s.exchange is None and s.ready.issuperset(self._in_game(s)):
            self._end_swap_phase(s)

    def _apply_play(self, s: State, move: Play) -> None:
        p, slots = move.player, move.slots
        seat = s.seats[p]
        in_turn, prior, rules, code = p == s.turn, s.window, self.rules, self._code
        if len(slots) == 1:  # the common case
            cards = [code[slots[0]]]
        else:
            if rules.runs:
                slots = self._ordered(slots)
            cards = [code[x] for x in slots]
        adds = prior is not None and prior.player == p and self._joins(s, prior, slots, cards)
        hand, pile, public, vis = seat.hand, s.pile, s.public, s.vis
        for x in slots:
            (hand if x in hand else seat.up).remove(x)
            pile.append(x)
            public.add(x)  # State.show, inline
            vis[x] = 255
        drawn = self._refill(s, p) if s.stock and len(hand) < rules.hand_size else ()
        s.pile_last = p
        tab = self._tab
        burn = tab.burn[cards[0]] if len(cards) == 1 else self._burn_rank(cards)
        if not burn and rules.four_burns and len(pile) >= 4:  # four of a kind (section 4)
            top, under = code[pile[-1]], code[pile[-2]]
            if tab.transparent[top] or tab.transparent[under] or top >> 3 == under >> 3:
                burn = self._run(pile) >= 4  # else two different ranks on top: no four of a kind
        if not (hand or seat.up or seat.down) and self._finish_if_out(s, p):
            return
        if burn:
            s.burned += pile
            pile.clear()
            s.window = None
            s.turn = p if p not in s.finished else self._next_seat(s, p, 1)
            return
        card = cards[-1]
        s.window = _window((p, card >> 3, drawn))
        if move.target is not None:
            s.turn = move.target
        elif adds:
            self._advance_after_add(s, p, cards)
        elif in_turn:
            if len(cards) == 1 or cards[0] >> 3 != card >> 3:  # of a run, only its top card acts (docs/rules.md)
                turns, skips = tab.reverse[card], tab.skip[card]
            else:
                turns, skips = sum(map(tab.reverse.__getitem__, cards)), sum(map(tab.skip.__getitem__, cards))
            if turns % 2:
                s.direction = -s.direction
            if not skips and not s.finished:  # the next seat, nobody out to pass over
                s.turn = (p + s.direction) % self.players
            else:
                s.turn = self._next_seat(s, p, 1 + skips)
        # else: a turbo play by another player leaves the turn where it was (section 5)

    def _joins(self, s: State, prior: Window, slots: Sequence[int], cards: list[int]) -> bool:
        """Whether a play by the last player adds freshly drawn cards of the rank just played to
        their play (interrupt, section 5), also when its skips came back round to them: it counts
        with that play (docs/rules.md, section 5)."""
        return (self._interrupts(s) and all(c >> 3 == prior.rank for c in cards)
                and all(x in prior.drawn for x in slots))

    def _advance_after_add(self, s: State, p: int, cards: list[int]) -> None:
        """A drawn card added to the play just made (interrupt, section 5) counts as played with it:
        each added 8 skips one more player, each added reverse turns the direction again."""
        tab = self._tab
        if tab.reverse[cards[0]]:
            if len(cards) % 2:
                s.direction = -s.direction
            s.turn = self._next_seat(s, p, 1)
        elif tab.skip[cards[0]]:
            s.turn = self._next_seat(s, s.turn, len(cards))

    def _apply_flip(self, s: State, move: Flip) -> None:
        card = self._code[move.slot]
        s.show(move.slot)
        top = self._top(s.pile)
        if self._can[top][card]:
            seat = s.seats[move.player]
            seat.down.remove(move.slot)
            seat.hand.append(move.slot)  # passes through the hand onto the pile
            # a flipped ace cannot be aimed before it is seen: it gives the pile to the next player
            target = self._next_seat(s, move.player, 1) if self._gives_pile(card, top) else None
            self._apply_play(s, _trusted(Play, move.player, (move.slot,), target))
            return
        s.seats[move.player].down.remove(move.slot)
        s.pile.append(move.slot)
        self._apply_pickup(s, PickUp(move.player))

    def _apply_pickup(self, s: State, move: PickUp) -> None:
        p = move.player
        seat = s.seats[p]
        if move.up is not None:
            seat.up.remove(move.up)
            seat.hand.append(move.up)
        seat.hand.extend(s.pile)
        s.pile.clear()
        s.window = None
        leader = s.pile_last if self.rules.pickup_returns else None
        s.pile_last = None
        if leader is not None and leader != p and leader not in s.finished:
            s.turn = leader
        elif self.rules.pickup_goes_back:  # Jane (Pagat seed 50); with two players still in, the same seat
            s.turn = self._next_seat(s, p, -1)
        else:
            s.turn = self._next_seat(s, p, 1)

    def _refill(self, s: State, p: int) -> tuple[int, ...]:
        """Draw `p`'s hand up to `hand_size` while the stock lasts; the slots drawn, in draw order."""
        hand, stock = s.seats[p].hand, s.stock
        count = min(self.rules.hand_size - len(hand), len(stock))
        if count <= 0:
            return ()
        drawn = tuple(stock[: -count - 1 : -1])  # the next `count` draws, in draw order
        del stock[-count:]
        hand += drawn
        return drawn

    def _finish_if_out(self, s: State, p: int) -> bool:
        """Record `p` as out if they hold nothing; True when that ends the game."""
        if not s.seats[p].empty() or p in s.finished:
            return False
        s.finished.append(p)
        return self._end_if_decided(s, won=self.rules.end is _FIRST_OUT)

    def _end_if_decided(self, s: State, won: bool) -> bool:
        """End the game when a player went out under `first_out` (`won`) or fewer than two are still
        in; True when it ends. The last player still in is listed, except after a `first_out` win."""
        remaining = self._in_game(s)
        if not won and len(remaining) > 1:
            return False
        if not won or self.rules.end is _LAST_STANDING:
            s.finished.extend(remaining)
        s.phase = _OVER
        s.window = None
        return True

    # -- helpers ------------------------------------------------------------------------------

    def _top(self, pile: Sequence[int]) -> int:
        """The code of the effective top of `pile`, transparent cards looked through; 0 for none."""
        code, transparent = self._code, self._tab.transparent
        for slot in reversed(pile):
            card = code[slot]
            if not card:
                raise UnrevealedCardError(f"pile slot {slot} has not been revealed", (slot,))
            if not transparent[card]:
                return card
        return 0

    def claims_lead(self, rank: int) -> bool:
        """Whether `rank` is in the rank order, not a power card played on anything (sections 1, 2):
        only such a rank can claim the lead in the show phase (7 and 8 do; 2, 3, 10, jokers do not)."""
        return not self._powers[Rank(rank)].anything and rank != _JOKER

    def _gives_pile(self, card: int, top: int) -> bool:
        """Whether playing `card` on effective top `top` (codes) leaves an ace in force that names a taker."""
        if not self.rules.ace_gives_pile:
            return False
        if card >> 3 == _ACE:
            return True
        return bool(self._tab.transparent[card]) and top >> 3 == _ACE

    def _burns(self, slots: Sequence[int]) -> bool:
        code = self._code
        return self._burn_rank([code[x] for x in slots]) or self._run_after(slots) >= 4

    def _burn_rank(self, cards: list[int]) -> bool:
        burn = self._tab.burn
        return bool(burn[cards[0]]) if len(cards) == 1 else any(map(burn.__getitem__, cards))

    def _run_after(self, slots: Sequence[int]) -> int:
        """Length of the same-rank run on top if `slots` were added to the pile."""
        if not self.rules.four_burns:
            return 0
        return self._run(list(self._state.pile) + list(slots))

    def _run(self, pile: Sequence[int]) -> int:
        """How many cards of one rank lie on top, transparent cards skipped (section 4). Mirrors on
        top of mirrors count as themselves: four 3s on top (or played at once) burn too."""
        if not pile:
            return 0
        code, transparent = self._code, self._tab.transparent
        bare = 0  # a plain top is counted below, with the mirrors between
        if transparent[code[pile[-1]]]:
            top = code[pile[-1]] >> 3
            bare = next((depth for depth, slot in enumerate(reversed(pile)) if code[slot] >> 3 != top), len(pile))
        rank, count = -1, 0
        for slot in reversed(pile):
            card = code[slot]
            if transparent[card]:
                continue
            if rank < 0:
                rank = card >> 3
            elif card >> 3 != rank:
                break
            count += 1
        return max(bare, count)

    def _left_of_dealer(self) -> int:
        return (self.dealer + 1) % self.players

    def _seat_order(self) -> tuple[int, ...]:
        return self._order

    def _in_game(self, s: State) -> list[int]:
        """Players still in the game, in seat order from the dealer's left."""
        return [p for p in self._seat_order() if p not in s.finished]

    def _next_seat(self, s: State, p: int, steps: int) -> int:
        """The active player `steps` places after `p` in the current direction (before it, if negative)."""
        q, way = p, s.direction if steps >= 0 else -s.direction
        for _step in range(abs(steps)):
            for _seat in range(self.players):
                q = (q + way) % self.players
                if q not in s.finished:
                    break
        return q

    def _check_player(self, player: int) -> None:
        if not 0 <= player < self.players:
            raise ValueError(f"no player {player} at this table")

    def _clone(self, with_history: bool, code: bytearray | None = None) -> Game:
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._code = self._code[:] if code is None else code
        other._stack = self._stack[:] if with_history else []
        other._undo = self._undo or not with_history  # a view starts a history of its own
        other._judged, other._up, other._lenses = {}, None, []
        self._state.shares += 1  # shared, copied on write (module invariants)
        return other

    def _load(self, state: State, known: Mapping[int, Card]) -> None:
        """Take `state` and the identities `known` as this game's position (notation)."""
        self._state.shares -= 1
        state.vis = bytearray(self.size)
        for slot in state.public:
            state.vis[slot] = 255
        self._take(state)
        self._code = bytearray(self.size)
        for slot, card in known.items():
            self._code[slot] = code_of(card)
        self._judged, self._up = {}, None

    def copy(self) -> Game:
        """An independent copy, history included."""
        return self._clone(with_history=True)

    def __repr__(self) -> str:
        return f"Game.from_text({self.to_text()!r}, {self.rules!r})"

    # notation lives in _notation; bound here so the API reads game.to_text()
    def to_text(self) -> str:
        """The position in one line (docs/notation.md)."""
        from p2pshithead.engine._notation import position_to_text

        return position_to_text(self)

    @classmethod
    def from_text(cls, text: str, rules: Ruleset | None = None) -> Game:
        """Inverse of `to_text()` (the ruleset travels separately, by name or hash)."""
        from p2pshithead.engine._notation import position_from_text

        return position_from_text(text, rules or Ruleset())

    # short notation lives in _short (what a person types: "7", "77", "p", "fd 2", "a>2")
    def parse_short(self, text: str, player: int | None = None, names: Sequence[str] | None = None) -> Move:
        """Read what a person types ("7", "77", "7h", "p", "p K", "fd 2", "swap 3 K", "place 7",
        "show -", "r", "a>2", "a>bob"; docs/notation.md) as a legal move of `player`.

        Args:
            text: the typed text (case and spacing do not matter).
            player: whose move; by default the player to act (`turn`).
            names: seat names, so that an ace may name its taker by name ("a>bob").

        Returns:
            A move in `moves_for(player)`.

        Raises:
            InvalidMoveError: not understood, or names cards or players that are not there.
            IllegalMoveError: understood, but the rules forbid it now (the message says why).
            AmbiguousMoveError: fits several different moves (the message says how to choose).
        """
        from p2pshithead.engine._short import parse_short

        return parse_short(self, text, self.turn if player is None else player, names)

    def short(self, move: Move) -> str:
        """The shortest text `parse_short` reads back as `move`, or as a move that differs from it
        only in which card of a rank it uses ("77", "fd 2", "p K", "A>2").

        Raises:
            ValueError: for a `Leave`, which is not typed as a move.
        """
        from p2pshithead.engine._short import short

        return short(self, move)

    def short_hints(self, player: int | None = None) -> list[str]:
        """What `player` (by default the player to act) may type now, short and without repeats,
        plain ranks low to high first ("7", "77", "9", "p"; "fd 1-3", "A>N", "swap H U")."""
        from p2pshithead.engine._short import short_hints

        return short_hints(self, self.turn if player is None else player)


def _trusted(kind: type[_M], *fields: object) -> _M:
    """The move `kind(*fields)` for the generator, whose fields are well formed by construction:
    skips the checks of `__post_init__` (the hot path of move generation). Moves are values: one
    object per move is kept (`_MADE`) and handed out again."""
    key = (kind, *fields)
    move = _MADE.get(key)
    if move is None:
        move = object.__new__(kind)
        for name, value in zip(kind.__slots__, fields, strict=True):
            _set(move, name, value)
        _kept(key, move)
    return move  # type: ignore[return-value]


def _kept(key: tuple[object, ...], move: _L) -> _L:
    """Keep `move` as the one object of its value (`_MADE`, by `key`: its kind and fields)."""
    if len(_MADE) >= _MADE_MAX:
        _MADE.clear()
    _MADE[key] = move
    return move


_set = object.__setattr__
_MADE: dict[tuple[object, ...], Move] = {}
_MADE_MAX = 20_000  # about 4 MB at most


def _text(code: int) -> str:
    card = CARD_OF[code]
    assert card is not None
    return card.text()


def made_public(move: Move) -> tuple[int, ...]:
    """Slots `move` puts in everyone's sight: the engine needs their identities to push it."""
    if isinstance(move, (Swap, Place)):
        return (move.hand,)
    if isinstance(move, Show):
        return () if move.slot is None else (move.slot,)
    if isinstance(move, Play):
        return move.slots
    return ()

