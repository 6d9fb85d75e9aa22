"""The `greedy` bot: a table player's rules of thumb, one move at a time.

Invariants: it reads only the cards its view shows (its own hand, public cards); it returns a
move from `view.moves_for(me)` (or None out of turn); equal choices are broken by the injected
`rng`, and now and then (`WANDER`) a plain play is picked at random, so greedy tables do not
repeat one line of play forever.

Rules of thumb: keep the power cards (2, 3, 10, jokers) for when nothing plain can be played;
play the lowest playable plain rank, every copy at once; burn a big pile with a 10, and always
complete a four of a kind; pick up only when nothing can be played. Swap the best cards (power
cards, high ranks) face up; show the lowest plain card; take out-of-turn chances that burn or
shed a plain card (section 5). A face-down card is turned at random (nobody knows them).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from p2pshithead.engine import (
    Card,
    Flip,
    Game,
    Give,
    Move,
    Phase,
    PickUp,
    Place,
    Play,
    Power,
    Rank,
    Ready,
    Show,
    Swap,
)

__all__ = ["GreedyBot", "keep_value"]

BIG_PILE = 6
"""A pile of this many cards is worth burning with a 10 rather than resetting with a 2 or 3."""

WANDER = 0.05
"""How often a plain play is chosen at random among the plain plays: without it, greedy tables
can pass the same cards round forever (each leads its 7, the next cannot answer and picks up)."""

_LAST = 99


def keep_value(table: Mapping[Rank, Power], card: Card) -> int:
    """How much a card is worth keeping for later: its rank, above every rank for power cards."""
    power = table[card.rank]
    if power.burn:
        return 40
    if power.anything:
        return 30 + power.reset + power.transparent
    return int(card.rank)


def _run_after(game: Game, table: Mapping[Rank, Power], rank: Rank, count: int) -> int:
    """Cards of `rank` on top of the pile if `count` more were played (transparent skipped)."""
    if not game.rules.four_burns or table[rank].transparent:
        return 0
    run = count
    for slot in reversed(game.pile):
        card = game.card(slot)
        if card is None or table[card.rank].transparent:
            continue
        if card.rank != rank:
            break
        run += 1
    return run


def _holding(game: Game, player: int) -> int:
    return len(game.hand(player)) + len(game.face_up(player)) + len(game.face_down(player))


def _key(game: Game, table: Mapping[Rank, Power], move: Move) -> tuple[int, ...]:
    """Order of preference among moves, lowest first (see the module docstring); the first
    number is the kind: 0 a four of a kind, 1 a plain play, 2 a power card, 5 a flip, 9 a pick-up."""
    if isinstance(move, Flip):
        return (5,)
    if isinstance(move, PickUp):
        card = game.card(move.up) if move.up is not None else None
        return (9, keep_value(table, card) if card else _LAST)  # leave the playable high cards out
    if not isinstance(move, Play):
        return (_LAST,)
    card = game.card(move.slots[0])
    assert card is not None  # a legal play names cards its player can see
    power = table[card.rank]
    count = len(move.slots)
    target = 0 if move.target is None else _holding(game, move.target)  # give the pile to the leader
    if not power.burn and _run_after(game, table, card.rank, count) >= 4:
        return (0, -count, target)  # four of a kind: the pile burns and the turn comes back
    if not power.anything:
        return (1, int(card.rank), -count, target)
    if power.burn:
        order = 0 if len(game.pile) >= BIG_PILE else 3
    else:
        order = 1 if power.transparent else 2
    return (2, order, count, target)


def _best(
    game: Game,
    table: Mapping[Rank, Power],
    moves: Sequence[Move],
    rng: random.Random,
    wander: float,
    legal: Callable[[Move], bool] = lambda move: True,
) -> Move | None:
    """The preferred move among those `legal` accepts (asked lazily, best first), or None."""
    ranked = sorted((_key(game, table, m), rng.random(), i) for i, m in enumerate(moves))
    for key, _, i in ranked:
        if legal(moves[i]):
            if key[0] == 1 and rng.random() < wander:
                return rng.choice([moves[j] for k, _, j in ranked if k[0] == 1 and legal(moves[j])])
            return moves[i]
    return None


def _candidates(view: Game, me: int, table: Mapping[Rank, Power]) -> list[Move]:
    """The plays greedy would consider on its turn, not yet checked: every copy of a plain rank,
    one card of a power rank, the last hand cards with face-up cards of their rank, or the
    face-down cards. Empty when aces name takers: then the full move list decides."""
    if view.rules.ace_gives_pile:
        return []
    hand = view.hand(me)
    zone = hand or view.face_up(me)
    if not zone:
        return [Flip(me, slot) for slot in view.face_down(me)]
    by_rank: dict[Rank, list[int]] = {}
    for slot in zone:
        card = view.card(slot)
        if card is not None:
            by_rank.setdefault(card.rank, []).append(slot)
    plays: list[Move] = [Play(me, (slots[0],) if table[r].anything else tuple(slots)) for r, slots in by_rank.items()]
    if hand and not view.stock and len(by_rank) == 1:
        (rank,) = by_rank
        ups = tuple(u for u in view.face_up(me) if (c := view.card(u)) and c.rank is rank)
        if ups:
            plays.append(Play(me, hand + ups))
    return plays


@dataclass(frozen=True, slots=True)
class GreedyBot:
    """Plays by the rules of thumb in the module docstring; `wander` is the chance of a random
    plain play instead of the lowest (0 for a fully predictable bot, as in tests)."""

    wander: float = WANDER

    def __post_init__(self) -> None:
        if not 0 <= self.wander <= 1:
            raise ValueError("wander: a probability, 0 to 1")

    @property
    def name(self) -> str:
        return "greedy"

    def decide(self, view: Game, me: int, rng: random.Random) -> Move | None:
        """A move for seat `me` (see `Player.decide`)."""
        table = view.power_table
        if view.phase is Phase.SWAP:
            return _arrange(view, me, table)
        if view.phase is Phase.SHOW:
            return _show(view, me, table)
        if me != view.turn:
            return _chance(view, table, view.moves_for(me), rng, self.wander)
        move = _best(view, table, _candidates(view, me, table), rng, self.wander, view.is_legal)
        return move or _best(view, table, view.moves_for(me), rng, self.wander)


def _arrange(view: Game, me: int, table: Mapping[Rank, Power]) -> Move:
    """One swap-phase step: the French card exchange first (the legal gifts are the Shithead's best
    cards; the Masta gives back its least worth keeping), then lay the best cards face up, one
    exchange at a time, then Ready."""
    rules, hand, up = view.rules, view.hand(me), view.face_up(me)

    def value(slot: int) -> int:
        card = view.card(slot)
        return keep_value(table, card) if card else 0

    if view.exchange is not None:
        gifts = [m for m in view.moves_for(me) if isinstance(m, Give)]
        return min(gifts, key=lambda m: value(m.slot))

    if rules.deal_six and len(up) < rules.face_up and hand:
        return Place(me, max(hand, key=value))
    if hand and up and (rules.swap or rules.deal_six):
        best, worst = max(hand, key=value), min(up, key=value)
        if value(best) > value(worst):
            return Swap(me, best, worst)
    return Ready(me)


def _show(view: Game, me: int, table: Mapping[Rank, Power]) -> Move:
    """Show the lowest plain card in hand (the lowest shown leads), or nothing."""
    plain = {s: c.rank for s in view.hand(me)
             if (c := view.card(s)) and table[c.rank].plain and c.rank is not Rank.JOKER}
    return Show(me, min(plain, key=plain.__getitem__) if plain else None)


def _chance(
    view: Game, table: Mapping[Rank, Power], moves: list[Move], rng: random.Random, wander: float
) -> Move | None:
    """Take an out-of-turn play that burns or sheds plain cards; let power cards stay."""
    move = _best(view, table, moves, rng, wander)
    return move if move is not None and _key(view, table, move)[0] < 2 else None
