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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, TypeVar

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
_SWAP, _SHOW, _PLAY = Phase.SWAP, Phase.SHOW, Phase.PLAY  # `Phase.X` takes ~0.1 us in 3.11
_C = TypeVar("_C")


def keep_value(table: Mapping[Rank, Power], card: Card) -> int:
    """How much a card is worth keeping for later: its rank, above every rank for power cards."""
    return _keep(table[card.rank], int(card.rank))


def _keep(power: Power, rank: int) -> int:
    if power.burn:
        return 40
    if power.anything:
        return 30 + power.reset + power.transparent
    return rank


def _keeps(table: Mapping[Rank, Power]) -> tuple[int, ...]:
    """`keep_value` by rank number (0 for no rank)."""
    return _tables(table)[3]


_Trait = tuple[bool, bool, tuple[int, ...] | None]
"""What `_play_key` reads of a rank's power: (played on anything, may make a four of a kind, its key
when played alone and neither a four nor a burn: a power card's; else None)."""


_Tables = tuple[Mapping[Rank, Power], tuple[Power | None, ...], tuple[_Trait, ...], tuple[int, ...]]


def _tables(table: Mapping[Rank, Power]) -> _Tables:
    """(`table`, `table` indexed by rank number (None for no rank: ints hash faster than `Rank`
    members), each rank's `_Trait`, `_keeps(table)`), kept per table in use."""
    cached = _RANKED.get(id(table))
    if cached is None or cached[0] is not table:
        if len(_RANKED) >= 64:  # as many as `powers` keeps: tables of rulesets no longer in use go
            _RANKED.clear()
        by_rank = tuple(table.get(Rank(r)) if r in _RANKS else None for r in range(16))
        traits = tuple(
            (False, False, None) if power is None else (
                power.anything,
                not (power.burn or power.transparent),
                (2, 1 if power.transparent else 2, 1, 0) if power.anything and not power.burn else None,
            )
            for power in by_rank
        )
        keeps = tuple(0 if power is None else _keep(power, r) for r, power in enumerate(by_rank))
        cached = _RANKED[id(table)] = (table, by_rank, traits, keeps)
    return cached


_RANKS = frozenset(int(r) for r in Rank)
_RANKED: dict[int, _Tables] = {}  # by id


def _pile(game: Game) -> tuple[int, int, int]:
    """What greedy reads of the pile, once a decision: its size, and (with `four_burns`) the rank on
    top and how many of it lie there (`top_run`: transparent and unknown cards skipped), else (0, 0)."""
    rank, run = game.top_run() if game.rules.four_burns else (0, 0)
    return len(game.pile), rank, run


def _holding(game: Game, player: int) -> int:
    return len(game.hand(player)) + len(game.face_up(player)) + len(game.face_down(player))


def _play_key(
    game: Game, power: Power, rank: int, count: int, target: int, pile: tuple[int, int, int]
) -> tuple[int, ...]:
    """The `_key` of a play of `count` cards of `rank` (its `power`; `target`: how much its taker
    holds) on `pile`."""
    size, top, run = pile
    if not power.burn and game.rules.four_burns and not power.transparent and count + (run if rank == top else 0) >= 4:
        return (0, -count, target)  # four of a kind: the pile burns and the turn comes back
    if not power.anything:
        return (1, rank, -count, target)
    if power.burn:
        order = 0 if size >= BIG_PILE else 3
    else:
        order = 1 if power.transparent else 2
    return (2, order, count, target)


def _key(game: Game, table: Mapping[Rank, Power], move: Move, pile: tuple[int, int, int]) -> tuple[int, ...]:
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
    target = 0 if move.target is None else _holding(game, move.target)  # give the pile to the leader
    return _play_key(game, table[card.rank], int(card.rank), len(move.slots), target, pile)


def _pick(
    keys: Sequence[tuple[int, ...]],
    choices: Sequence[_C],
    accepted: Sequence[bool] | None,
    rng: random.Random,
    wander: float,
) -> _C | None:
    """The preferred choice among `choices` (`choices[i]` of order `keys[i]`) that is accepted
    (`accepted[i]`; None: every one), or None; equal keys are ordered by one draw of `rng` each, in
    order (then by index). Now and then (`wander`) a plain play (key 1...) is drawn at random
    instead, from the accepted plain plays in that order (`_wander`)."""
    rand = rng.random
    draws = [rand() for _ in keys]  # one draw a key, in order
    ok = accepted or [True] * len(keys)
    best: tuple[tuple[int, ...], float, int] | None = None
    for i, key in enumerate(keys):  # the least (key, draw, index) accepted: no sort on the hot path
        if ok[i] and (best is None or (key, draws[i]) < best[:2]):
            best = key, draws[i], i
    if best is None:
        return None
    if best[0][0] == 1 and rand() < wander:
        return _wander(list(zip(keys, draws, choices, ok, strict=True)), rng)
    return choices[best[2]]


def _wander(weighed: list[tuple[tuple[int, ...], float, _C, bool]], rng: random.Random) -> _C:
    """A random accepted plain play among `weighed` (key, draw, choice, accepted), drawn in the order
    of (key, draw, then index: the sort is stable)."""
    weighed.sort(key=lambda w: w[:2])
    return rng.choice([choice for key, _, choice, ok in weighed if key[0] == 1 and ok])


def _best(
    game: Game,
    table: Mapping[Rank, Power],
    moves: Sequence[Move],
    rng: random.Random,
    wander: float,
) -> Move | None:
    """The preferred move among `moves`, or None."""
    pile = _pile(game)
    keys = [_key(game, table, m, pile) for m in moves]
    return _pick(keys, moves, None, rng, wander)


def _turn(view: Game, me: int, table: Mapping[Rank, Power], rng: random.Random, wander: float) -> Move | None:
    """The preferred play (in the play phase) among those greedy considers on its turn: every copy
    of a plain rank, one card of a power rank, the last hand cards with face-up cards of their rank,
    or the face-down cards. None when none is legal, or when aces name takers: then the full move
    list decides. A play of one rank from the zone is judged by `rank_groups` and taken through
    `rank_play` (what `legal_play` finds; so `push` trusts it), the rare play with face-up cards
    added through `legal_play`. Keys as `_play_key` gives them, computed inline from per-rank
    traits, and `_pick` inline: one draw a key in order, the least (key, draw) accepted (the
    differential test holds the two to the same moves)."""
    rules = view.rules
    if rules.ace_gives_pile:
        return None
    read = view.rank_groups(me)
    if read is None:  # the legal moves are a flip of each face-down card, all of one key
        flips = view.moves_for(me)
        return _pick([(5,)] * len(flips), flips, None, rng, wander)
    top, slots_of, blocked = read
    tables = _RANKED.get(id(table))  # `_tables(table)`, its lookup inline
    _, ranked, traits, _ = tables if tables is not None and tables[0] is table else _tables(table)
    four, top, size = rules.four_burns, top >> 3, -1  # size: the pile's, once a 10 needs it
    run = view.top_run()[1] if four and top in slots_of else 0
    rand = rng.random
    weighed: list[tuple[tuple[int, ...], float, int | Play | None, bool]] = []  # choice: a rank, or a play
    best: tuple[tuple[int, ...], float] | None = None
    chosen: int | Play | None = None
    for rank, slots in slots_of.items():  # plain loops: the hot path of every greedy table
        anything, fourable, key = traits[rank]  # as `_play_key` gives it, inline
        count = 1 if anything else len(slots)  # one card of a power rank, every copy of a plain one
        if four and fourable and (count + run if rank == top else count) >= 4:
            key = (0, -count, 0)  # four of a kind: the pile burns and the turn comes back
        elif not anything:
            key = (1, rank, -count, 0)
        elif key is None:  # a burn
            if size < 0:
                size = len(view.pile)
            key = (2, 0 if size >= BIG_PILE else 3, 1, 0)
        draw = rand()
        ok = rank not in blocked  # a card played on anything may be or not whatever its suit
        weighed.append((key, draw, rank, ok))
        if ok and (best is None or (key, draw) < best):
            best, chosen = (key, draw), rank
    if len(weighed) == 1 and not view.stock and (hand := view.hand(me)):
        rank = next(iter(slots_of))
        up = view.face_up(me)
        ups = tuple(u for u, code in zip(up, view.codes(up), strict=True) if code >> 3 == rank)
        if ups:
            play = hand + ups
            key = _play_key(view, ranked[rank], rank, len(play), 0, (len(view.pile), top, run))  # type: ignore[arg-type]
            made = view.legal_play(me, play)
            draw = rand()
            weighed.append((key, draw, made, made is not None))
            if made is not None and (best is None or (key, draw) < best):
                best, chosen = (key, draw), made
    if best is None:
        return None
    if best[0][0] == 1 and rand() < wander:
        chosen = _wander(weighed, rng)
    if isinstance(chosen, int):
        return view.rank_play(me, chosen, 1 if traits[chosen][0] else len(slots_of[chosen]))
    return chosen


@dataclass(frozen=True, slots=True)
class GreedyBot:
    """Plays by the rules of thumb in the module docstring; `wander` is the chance of a random
    plain play instead of the lowest (0 for a fully predictable bot, as in tests)."""

    wander: float = WANDER
    live_view: ClassVar[bool] = True  # keeps nothing it is shown: a table may show it a lens (`shown_live`)

    def __post_init__(self) -> None:
        if not 0 <= self.wander <= 1:
            raise ValueError("wander: a probability, 0 to 1")

    @property
    def name(self) -> str:
        return "greedy"

    def decide(self, view: Game, me: int, rng: random.Random) -> Move | None:
        """A move for seat `me` (see `Player.decide`)."""
        table, phase = view.power_table, view.phase
        if phase is _PLAY:
            if me != view.turn:
                return _chance(view, table, view.moves_for(me), rng, self.wander)
            move = _turn(view, me, table, rng, self.wander)
            return move or _best(view, table, view.moves_for(me), rng, self.wander)
        if phase is _SWAP:
            return _arrange(view, me, table)
        if phase is _SHOW:
            return _show(view, me, table)
        return None  # the game is over


def _arrange(view: Game, me: int, table: Mapping[Rank, Power]) -> Move:
    """One swap-phase step: the French card exchange first (the legal gifts are the Shithead's best
    cards; the Masta gives back its least worth keeping), then lay the best cards face up, one
    exchange at a time, then Ready."""
    rules, hand, up, keeps = view.rules, view.hand(me), view.face_up(me), _keeps(table)
    mine = hand + up
    value = dict(zip(mine, [keeps[code >> 3] for code in view.codes(mine)], strict=True)).__getitem__  # 0: unknown

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
    return move if move is not None and _key(view, table, move, _pile(view))[0] < 2 else None
