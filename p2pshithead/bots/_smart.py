"""The `smart` bot: determinized Monte Carlo search over the engine, from its own view only.

Invariants: `decide` reads nothing but the views it is given (which hold public cards and its
own hand; `Beliefs` remembers earlier ones, as a player remembers what it saw) and the injected
`rng` and `clock`; hidden identities are sampled (`sample_world`, following the beliefs), never
looked up. In each sampled world every candidate still in the race is played, then the game is
played out by greedy players; greedy's own choice stands unless another move does better by a
clear margin over the same worlds (a paired comparison of average results); in one world every
candidate's playout draws the same random numbers, so the comparison is not drowned in noise; a
candidate clearly worse than greedy's choice leaves the race, so the playouts left go to the
others; once every one has left, the budget left goes to the one likeliest to come back (the
search always spends its whole budget). The endgame (stock gone, two or three seats left: `tree_seats`)
is searched as a tree instead (`tree_search`: the bot's own later moves planned; with three seats the
opponents' replies taken to be greedy's, with two searched but for the share of walks that the
opponent's replies so far make it likely to play greedy's: `Habits`). Once the stock is gone a seat
picks up the pile by choice at most `BY_CHOICE` times (`Patience`): no game is dragged out for ever.
A playout of a last-standing game stops after `HORIZON`
moves and is scored by the fitted chance of ending the Shithead (`shithead_chances`). With a
playout budget (and a seeded rng) the choice is deterministic; with a time budget it depends on speed.
"""

from __future__ import annotations

import contextlib
import gc
import math
import random
import time
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from p2pshithead.bots._arrange import arrangements, swaps_to
from p2pshithead.bots._beliefs import Beliefs
from p2pshithead.bots._budget import Budget, Deadline
from p2pshithead.bots._endgame import TREE_SEATS, Tree, in_endgame, tree_search
from p2pshithead.bots._evaluate import shithead_chances
from p2pshithead.bots._greedy import GreedyBot
from p2pshithead.bots._habits import Habits
from p2pshithead.bots._patience import Patience, by_choice
from p2pshithead.bots._table import ask
from p2pshithead.bots._worlds import Unseen, sample_world
from p2pshithead.engine import MAX_PLAYERS, Card, End, Flip, Game, Move, Phase, PickUp, Play, Ready, Ruleset, Swap

__all__ = ["DEFAULT_BUDGET", "SmartBot", "Thinking"]

ROLLOUT_LIMIT = 500
"""Moves after which a playout stops and is scored by the cards each player still holds."""

HORIZON = 30
"""Moves after which a playout of a last-standing game stops and is scored by `shithead_chances` (a
fit to greedy self-play): about seven rounds at four players. Playing on to the end costs more moves,
and the end of a long game is mostly noise to the choice at hand; 12 moves judged worse, 45 no better
(docs/bots.md)."""

MARGIN = 1.0
"""Standard errors by which a move must beat greedy's choice, over the same sampled worlds, to
be preferred: with a few dozen noisy playouts, the best-looking move is often just lucky."""

DROP = 2.0
"""Standard errors by which a move must trail greedy's choice to leave the race early."""

RACE_WORLDS = 6
"""Worlds played before any move may leave the race (fewer give no usable spread)."""

_GREEDY = GreedyBot(wander=0)  # the choice to beat, and the swap and show phases
_NO_RNG = random.Random(0)  # for `_GREEDY`, which draws nothing
_PLAYOUT_PLAYERS = (GreedyBot(),) * MAX_PLAYERS  # playouts wander, as a table of greedy players does

Line = tuple[Move, ...]
"""What a playout tries first: one move, the swaps of an arrangement and Ready, or nothing (a pass)."""


@contextlib.contextmanager
def _uncollected() -> Iterator[None]:
    """Within the block the cyclic garbage collector does not run (it is on again after, if it was before). A
    search's positions, worlds and tree form no reference cycles: they are freed as they go out of use, and a
    collection in the middle of a search only walked them, every one alive, for up to 50 ms of CPU (the whole
    heap, at generation 2), so a decision overran its budget; once the search is over, what is left to walk
    is small (docs/bots.md, "Garbage collection")."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _plain_swaps(rules: Ruleset) -> bool:
    """Whether the swap phase is only swaps between hand and face-up row (no six-card deal, no stacks)."""
    return rules.swap and not (rules.deal_six or rules.stack_faceup)


DEFAULT_BUDGET = Budget(seconds=0.2)
"""What `smart` alone means: decides in about a fifth of a second on one core."""


@dataclass(slots=True)
class Thinking:
    """What a searching bot did, summed over its decisions: for reports ("playouts per decision")."""

    decisions: int = 0  # every call of decide
    searches: int = 0  # decisions with more than one move worth a playout
    playouts: int = 0
    worlds: int = 0
    seconds: float = 0.0  # by the bot's clock, in searches
    times: list[float] = field(default_factory=list)  # each searched decision's seconds, whole, in order

    def add(self, other: Thinking) -> None:
        """Count `other`'s decisions too (the parts of a match played apart)."""
        self.decisions += other.decisions
        self.searches += other.searches
        self.playouts += other.playouts
        self.worlds += other.worlds
        self.seconds += other.seconds
        self.times += other.times

    def figures(self) -> dict[str, float]:
        """For reports: searched decisions, playouts and seconds per searched decision, and the seconds
        of the p95 and the longest searched decision."""
        return {"searched_decisions": self.searches, "playouts_per_decision": self.playouts_per_search,
                "seconds_per_decision": self.seconds_per_search, "p95_seconds": self.slowest(0.95),
                "max_seconds": self.slowest()}  # fmt: skip

    def slowest(self, share: float = 1.0) -> float:
        """The seconds within which the fastest `share` of the searches ended (1: the longest; 0.95: the p95)."""
        if not self.times:
            return 0.0
        ordered = sorted(self.times)
        return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]

    @property
    def playouts_per_search(self) -> float:
        return self.playouts / self.searches if self.searches else 0.0

    @property
    def seconds_per_search(self) -> float:
        return self.seconds / self.searches if self.searches else 0.0


@dataclass(frozen=True, slots=True)
class SmartBot:
    """Chooses by playing each candidate out in sampled worlds (see the module docstring)."""

    budget: Budget = DEFAULT_BUDGET
    clock: Callable[[], float] = field(default=time.perf_counter, compare=False)
    beliefs: Beliefs = field(default_factory=Beliefs, compare=False, repr=False)
    thinking: Thinking = field(default_factory=Thinking, compare=False, repr=False)
    rows: dict[int, frozenset[Card]] = field(default_factory=dict, compare=False, repr=False)  # seat -> face-up row
    trees: dict[int, Tree] = field(default_factory=dict, compare=False, repr=False)  # seat -> its last endgame tree
    quick: bool = True  # the endgame tree lists a position's moves once where worlds are alike, and goes on
    # with the tree of the decision before (`tree_search`'s `quick` and `kept`)
    horizon: int = HORIZON  # play-phase playout length before the evaluation scores it (`HORIZON`)
    tree: bool = True  # the endgame searched as a tree (`tree_search`); else as the rest
    tree_seats: int = TREE_SEATS  # the endgame: the stock gone and at most this many seats left (`in_endgame`)
    trust: int | None = None  # percent of the tree's walks in which an opponent plays greedy's move; None: the
    # chance its replies so far give (`Habits`)
    habits: Habits = field(default_factory=lambda: Habits(_signature, _choices, _usual), compare=False, repr=False)
    patience: Patience = field(default_factory=Patience, compare=False, repr=False)  # pick-ups by choice, bounded

    @property
    def name(self) -> str:
        return f"smart:{self.budget.text()}"

    def decide(self, view: Game, me: int, rng: random.Random) -> Move | None:
        """A move for seat `me` (see `Player.decide`); the show phase, and which face-down card to
        turn, are left to greedy: the search cannot tell those apart. A searched decision's time, all
        of it, is kept in `thinking.times`. No cyclic garbage collection runs within it (`_uncollected`)."""
        with _uncollected():
            start, searches = self.clock(), self.thinking.searches
            trust = self.habits.observe(view, me)
            move = self._decide(view, me, rng, Deadline(self.budget.seconds, self.clock, start), trust)
            self.habits.moved(view, me, move)
            self.patience.moved(view, me, move)
            if self.thinking.searches > searches:
                self.thinking.times.append(self.clock() - start)
        return move

    def _decide(self, view: Game, me: int, rng: random.Random, stop: Deadline,
                trust: Mapping[int, float]) -> Move | None:  # fmt: skip
        self.thinking.decisions += 1
        avoid = self.beliefs.observe(view, me)
        usual = _GREEDY.decide(view, me, rng)
        if view.phase is Phase.SWAP and isinstance(usual, (Swap, Ready)) and _plain_swaps(view.rules):
            return self._arrange(view, me, rng, avoid, stop)
        if view.phase is not Phase.PLAY or isinstance(usual, Flip):
            return usual
        options: dict[tuple[object, ...], Line] = {_signature(view, usual): () if usual is None else (usual,)}
        spent = self.patience.spent(view, me)
        for move in _worth_trying(view, view.moves_for(me)):
            if not (spent and by_choice(view, me, move)):
                options.setdefault(_signature(view, move), (move,))
        if me != view.turn:
            options.setdefault(_signature(view, None), ())
        if len(options) <= 1:
            return usual
        if self.tree and in_endgame(view, self.tree_seats):
            line = self._tree(view, me, list(options.values()), rng, avoid, stop, trust)
        else:
            line = self._search(view, me, list(options.values()), rng, avoid, stop)
        return line[0] if line else None

    def _tree(self, view: Game, me: int, options: list[Line], rng: random.Random,
              avoid: Mapping[int, Collection[Card]], stop: Deadline, trust: Mapping[int, float]) -> Line:  # fmt: skip
        """The endgame's choice: a tree search over sampled worlds (`tree_search`), going on
        with the walks of the tree of this seat's decision before that reached this position."""
        start = self.clock()
        horizon = self.horizon
        line, iterations, self.trees[me] = tree_search(
            view, me, options, rng, avoid, self.budget.playouts, stop, _signature, _branches,
            lambda game, seat, seats, prng, passed: _scores(game, seat, seats, prng, passed, horizon),
            self.trees.pop(me, None) if self.quick else None, self.quick,
            self._trust(view, trust),
        )  # fmt: skip
        self.thinking.searches += 1
        self.thinking.playouts += iterations
        self.thinking.seconds += self.clock() - start
        return line

    def _trust(self, view: Game, read: Mapping[int, float]) -> Mapping[int, float]:
        """Per seat, the share of the tree's walks in which it plays greedy's move: `trust` if set, else
        what its replies say (`read`, two seats left), else all (more seats: replies are not read, and
        the opponents taken to play greedy's move, as the search before the tree takes them)."""
        if self.trust is not None:
            return dict.fromkeys(view.active(), self.trust / 100)
        return read if len(view.active()) == 2 else dict.fromkeys(view.active(), 1.0)

    def _arrange(self, view: Game, me: int, rng: random.Random, avoid: Mapping[int, Collection[Card]],
                 stop: Deadline) -> Move:  # fmt: skip
        """The next swap towards the face-up row chosen for this deal: the first time, the row
        whose playouts do best (greedy's unless another beats it clearly). A bot that did not choose
        the row of a seat that has swapped already (made afresh for each move) leaves it to greedy."""
        mine = {view.card(s) for s in (*view.hand(me), *view.face_up(me))}
        row = self.rows.get(me)
        if row is None or not row <= mine:  # a new deal, or this bot came in after a swap
            if any(s in view.public for s in view.hand(me)):  # swapped already: greedy's steps end
                return _GREEDY.decide(view, me, rng) or Ready(me)
            rows = arrangements(view, me)
            lines = [swaps_to(view, me, r) for r in rows]
            row = rows[lines.index(self._search(view, me, lines, rng, avoid, stop))] if len(rows) > 1 else rows[0]
            self.rows[me] = row
        return swaps_to(view, me, row)[0]

    def _search(self, view: Game, me: int, options: list[Line], rng: random.Random,
                avoid: Mapping[int, Collection[Card]], stop: Deadline) -> Line:  # fmt: skip
        """Greedy's choice (`options[0]`) unless another beats it in the same sampled worlds by
        more than `MARGIN` standard errors of the paired difference."""
        budget, clock, thinking = self.budget, self.clock, self.thinking
        start = clock()
        k = len(options)
        gain, gain_sq, worlds = [0.0] * k, [0.0] * k, [0] * k
        racing = list(range(k))
        played = 0
        unseen = Unseen.of(view)
        while budget.playouts is None or played < budget.playouts:
            world = sample_world(view, rng, avoid, unseen)
            seed = rng.getrandbits(64)  # common random numbers: every option's playout draws alike
            results: list[float] = []
            for i in racing:
                if stop.late(played + len(results)):
                    break
                results.append(_playout(world, me, options[i], random.Random(seed), self.horizon))
            played += len(results)
            if len(results) < len(racing):
                break  # out of time: a world not played out for every option is dropped
            thinking.worlds += 1
            for i, result in zip(racing[1:], results[1:], strict=True):
                d = result - results[0]
                gain[i] += d
                gain_sq[i] += d * d
                worlds[i] += 1
            hope = [_score(gain[i], gain_sq[i], worlds[i], -DROP) for i in range(k)]  # [0]: unused
            racing = [0, *(i for i in range(1, k) if hope[i] > 0)]
            if len(racing) == 1:  # every rival has left: the budget left goes to the likeliest upset
                racing.append(max(range(1, k), key=hope.__getitem__))
        thinking.searches += 1
        thinking.playouts += played
        thinking.seconds += clock() - start
        best, best_score = 0, 0.0
        for i in racing[1:]:
            score = _score(gain[i], gain_sq[i], worlds[i], MARGIN)
            if score > best_score:
                best, best_score = i, score
        return options[best]


def _score(total: float, total_sq: float, n: int, margin: float) -> float:
    """The mean paired gain less `margin` standard errors (a negative margin adds them). Too few
    worlds to judge by: a winning 1 for a negative margin (fewer than `RACE_WORLDS`: too early to
    leave the race), a losing -1 otherwise (fewer than 2: no spread)."""
    if n < (RACE_WORLDS if margin < 0 else 2):
        return 1.0 if margin < 0 else -1.0
    mean = total / n
    spread = math.sqrt(max(0.0, total_sq / n - mean * mean) / n)
    return mean - margin * spread


def _worth_trying(view: Game, moves: list[Move]) -> list[Move]:
    """The moves worth a playout: of each rank (and target, and zone), a power card one at a time,
    a plain card with every copy at once and one alone (keeping the rest for later); other splits,
    or spending two 2s at once, are seldom better and would thin the playouts left for the rest."""
    table = view.power_table
    others: list[Move] = []
    most: dict[tuple[object, ...], Play] = {}
    fewest: dict[tuple[object, ...], Play] = {}
    for move in moves:
        if not isinstance(move, Play):
            others.append(move)
            continue
        card = view.card(move.slots[0])
        assert card is not None  # a legal move names cards its player can see
        group = (card.rank, move.target, any(s in view.hand(move.player) for s in move.slots))
        if group not in fewest or len(move.slots) < len(fewest[group].slots):
            fewest[group] = move
        if not table[card.rank].anything and (group not in most or len(move.slots) > len(most[group].slots)):
            most[group] = move
    return [*most.values(), *fewest.values(), *others]


def _branches(game: Game, seat: int, rng: random.Random) -> list[Move]:
    """The moves of `seat` worth a branch of the endgame's tree in a world: greedy's, then `_worth_trying`."""
    usual = _GREEDY.decide(game, seat, rng)
    return [*(() if usual is None else (usual,)), *_worth_trying(game, game.moves_for(seat))]


def _choices(game: Game, seat: int) -> list[Move]:
    """The moves of `seat` worth trying (`_worth_trying`)."""
    return _worth_trying(game, game.moves_for(seat))


def _usual(game: Game, seat: int) -> Move | None:
    """Greedy's move for `seat` (it draws nothing at random: no wander)."""
    return _GREEDY.decide(game, seat, _NO_RNG)


def _signature(view: Game, move: Move | None) -> tuple[object, ...]:
    """What tells moves apart for the player: a play by its rank, how many cards from the hand,
    how many in all and its target (which copy of a rank is played does not matter); a face-up
    pick-up by the rank taken; flips are all alike to it."""
    if isinstance(move, Play):
        card = view.card(move.slots[0])
        from_hand = sum(s in view.hand(move.player) for s in move.slots)
        return ("play", card.rank if card else None, from_hand, len(move.slots), move.target)
    if isinstance(move, PickUp):
        card = view.card(move.up) if move.up is not None else None
        return ("pick", card.rank if card else None)
    if isinstance(move, Flip):
        return ("flip",)
    return (move,)


def _playout(world: Game, me: int, line: Line, rng: random.Random, horizon: int = HORIZON) -> float:
    """Play `line` (empty: let the out-of-turn chance pass) in a copy of `world`, then `_play_on`."""
    game = world.copy()
    game.drop_undo()  # a playout is never taken back: moves are applied in place, with no undo record
    for move in line:
        game.push(move)
    return _play_on(game, me, rng, None if line else me, horizon)


def _play_on(game: Game, me: int, rng: random.Random, passed: int | None = None, horizon: int = HORIZON) -> float:
    """Play greedy players in `game` (in place; `passed`: a seat not asked at the first out-of-turn
    chance) until `me` is out or the game is over, or `horizon` moves in a last-standing game; the
    result for `me`, or one less its chance of ending the Shithead after the horizon."""
    return _scored(game, me, _roll(game, me, rng, passed, horizon))[me]


def _scores(game: Game, me: int, seats: Sequence[int], rng: random.Random, passed: int | None = None,
            horizon: int = HORIZON) -> dict[int, float]:  # fmt: skip
    """`_play_on`, scored for `me` and every seat of `seats` (the endgame tree's playouts)."""
    return _scored(game, me, _roll(game, me, rng, passed, horizon), seats)


def _roll(game: Game, me: int, rng: random.Random, passed: int | None, horizon: int) -> bool:
    """Play greedy players in `game` as `_play_on` says; whether it stopped at the horizon, not at the
    end of `me`'s game (nor at `ROLLOUT_LIMIT`, where a game not last-standing is scored as it lies)."""
    limit = horizon if game.rules.end is End.LAST_STANDING else ROLLOUT_LIMIT
    for _ in range(limit):
        if game.is_over() or me in game.finished:  # once out, my place is settled: play no further
            return False
        game.push(ask(game, _PLAYOUT_PLAYERS, rng, see=_whole, passed=passed))
        passed = None
    return limit < ROLLOUT_LIMIT and not (game.is_over() or me in game.finished)


def _scored(game: Game, me: int, cut: bool, seats: Sequence[int] = ()) -> dict[int, float]:
    """The results of `me` and of `seats` in a played-out `game` (`cut`: stopped at the horizon): of two
    seats, one's gain is the other's loss; else a seat still playing scores one less its fitted chance of
    ending the Shithead (`shithead_chances`), as `me` does at the horizon."""
    if cut:
        odds = shithead_chances(game)
        mine = 1.0 - odds[me]
    else:
        odds, mine = {}, _result(game, me)
    scores = {me: mine}
    others = [s for s in seats if s != me]
    if len(others) == 1:
        scores[others[0]] = 1.0 - mine
        return scores
    for seat in others:
        if game.is_over() or seat in game.finished:
            scores[seat] = _result(game, seat)
        else:
            odds = odds or shithead_chances(game)
            scores[seat] = 1.0 - odds[seat]
    return scores


def _whole(world: Game, seat: int) -> Game:
    """A sampled world shown whole: greedy reads only its own hand and public cards anyway."""
    return world


def _result(game: Game, me: int) -> float:
    """1 for not being the Shithead (or for winning under first-out), a little more the earlier
    one finishes; an unfinished playout scores by the share of players holding more cards."""
    n = game.players
    if not game.is_over() and me in game.finished:  # out while others play on (never under first-out)
        place = [p for p in game.finished if p not in game.left].index(me)
        return 1.0 + 0.1 * (n - 1 - place) / (n - 1)
    outcome = game.outcome()
    if outcome is None:
        held = [len(game.hand(p)) + len(game.face_up(p)) + len(game.face_down(p)) for p in game.active()]
        mine = len(game.hand(me)) + len(game.face_up(me)) + len(game.face_down(me))
        return sum(h > mine for h in held) / max(1, len(held) - 1)
    place = outcome.order.index(me)
    if outcome.first_out_wins:
        return 1.0 if place == 0 else 0.0
    if outcome.shithead == me:
        return 0.0
    return 1.0 + 0.1 * (n - 1 - place) / (n - 1)
