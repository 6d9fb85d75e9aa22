"""The endgame searched as a tree: information-set Monte Carlo tree search over sampled worlds.

Invariants: `tree_search` reads only the view, the beliefs, the injected `rng` and `clock`; each
iteration samples one world consistent with the view (`sample_world`), walks the one tree from its
root, a node per sequence of moves as the player sees them (`signature`), choosing among the moves
legal in that world by UCB1 (a child's chances counted from the iterations in which it was legal:
the availability count of information-set MCTS), adds one node, then plays on with greedy players
(`play_on`) and credits every node on the path with the result for the seat that moved into it (each
seat's own: `play_on` scores every seat left). A position where more than one seat may act (an
out-of-turn chance) is not branched: greedy players resolve it, as chance. An opponent believed to play
greedy's move (`trust`: that chance, per seat) plays it at each of its nodes in that share of the iterations
(drawn as each begins; the model's move is the first `candidates` lists), and by UCB1 in the rest. The
root's moves are the candidates `smart` chose (its own, whatever the world); the one played most often is
returned. With a playout budget (and a seeded rng) the choice is deterministic. Where every card the view has not
seen lies face down (`worlds_alike`: the usual endgame, picked-up piles being public), every world is
one position until a card is turned, so a node's moves are listed once and kept; and the next
decision of the same seat goes on with the node of the tree before at its position (`_reused`), so
its walks count again. Either reads only what the view shows. There, too, a walk goes through positions
of the tree kept unrevealed (`shadows`: the view with the line's moves pushed, made once a search) and
reveals its world (`sample_deal`, drawn first as ever) only where its fixed moves end: the same draws,
listings and walks as pushing the line in every world, for less.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field

from p2pshithead.bots._budget import Deadline
from p2pshithead.bots._worlds import Unseen, reveal, sample_deal
from p2pshithead.engine import Card, End, Flip, Game, Move, Phase

__all__ = ["EXPLORE", "TREE_SEATS", "Tree", "in_endgame", "tree_search", "worlds_alike"]

TREE_SEATS = 3
"""The endgame searched as a tree: the stock gone and two to this many seats left. From three, with the
opponents' replies searched, it reached the final two more often against greedy (docs/bots.md, fifth
round); with them taken to be greedy's there (`SmartBot._trust`), it avoided the Shithead 8.3% a game
more (se 3.1%) in three-seat endgames against greedy (sixth round)."""

EXPLORE = 0.7
"""UCB1's exploration weight (results run from 0 to about 1: sqrt(2)/2)."""

SHADOWS = 500
"""Unrevealed positions kept a search at most (`tree_search`'s `shadows`): the walks' most walked
positions come first; thousands left the next decision to free them and the collector to scan them."""

Line = tuple[Move, ...]
Key = Callable[[Game, Move], tuple[object, ...]]
Candidates = Callable[[Game, int, random.Random], list[Move]]
PlayOn = Callable[[Game, int, Sequence[int], random.Random, "int | None"], Mapping[int, float]]
"""Plays a world on in place for seat `me` (greedy players, `passed`: a seat not asked at the first
out-of-turn chance) and scores it for each of the seats given (those active at the tree's root)."""


def in_endgame(view: Game, seats: int = TREE_SEATS) -> bool:
    """Whether `view` is a last-standing game's play phase with the stock gone and two to `seats` seats left."""
    rules = view.rules
    return (view.phase is Phase.PLAY and not view.stock and 2 <= len(view.active()) <= seats
            and rules.end is End.LAST_STANDING)  # fmt: skip


@dataclass(slots=True)
class _Node:
    """A sequence of moves from the root: how often it was walked and the results of the seat that moved into it."""

    visits: int = 0
    total: float = 0.0
    available: int = 0  # iterations in which the move leading here was legal, when its parent was walked
    children: dict[tuple[object, ...], _Node] = field(default_factory=dict)
    # where every world is alike (`worlds_alike`): the moves of the i-th position walked from here (after
    # i forced moves) and the children they lead to, listed once
    moves: list[_Listed] = field(default_factory=list)


_Listed = tuple[list[Move], list[_Node]]
"""The moves of a position in the tree and the children they lead to (none for a lone move)."""


@dataclass(frozen=True, slots=True)
class Tree:
    """A search's tree, kept for the next decision of the same endgame: the view searched (a copy of its
    own), its options and their nodes; and its unrevealed positions (`tree_search`'s `shadows`), kept
    only so that they are freed in the next decision's time, as the rest of the tree is, not after the
    search (thousands of games: freed there, they took the decision past its budget)."""

    view: Game
    options: Sequence[Line]
    roots: list[_Node]
    shadows: dict[tuple[int, int], Game]


def tree_search(
    view: Game, me: int, options: Sequence[Line], rng: random.Random, avoid: Mapping[int, Collection[Card]],
    playouts: int | None, stop: Deadline, key: Key, candidates: Candidates, play_on: PlayOn,
    kept: Tree | None = None, quick: bool = True, trust: Mapping[int, float] | None = None,
) -> tuple[Line, int, Tree]:
    """The option of `options` (lines seat `me` may play from `view`) played most often by the search,
    the iterations run, and the tree. `key` tells moves apart as a player does; `candidates` lists a
    seat's moves worth a branch in a world; `play_on` plays a world on from where the tree ends and
    scores it for `me`; `playouts` (iterations) or `stop` ends the search, after one iteration at least.
    `kept`: the tree of `me`'s decision before, whose walks through this position go on (`_reused`).
    `quick`: where every world is alike (`worlds_alike`), a position's moves are listed once. `trust`: per
    opponent seat, the chance that it plays greedy's move (`candidates`' first), in as many iterations."""
    alike = quick and worlds_alike(view)
    found = _reused(kept, view, me) if alike and kept is not None else {}
    kept = None  # the rest of the tree before is freed here, early in the decision's time, not after the search
    roots = [(found.get(line[0]) if line else None) or _Node() for line in options]
    unseen = Unseen.of(view)
    seats = view.active()
    # where worlds are alike: the position after f forced moves from a node, by (id(node), f), the
    # unseen cards not revealed (`_after`); a walk reveals its world only where its fixed moves end
    shadows: dict[tuple[int, int], Game] = {}
    iterations = 0
    while playouts is None or iterations < playouts:
        if iterations and stop.late(iterations):
            break
        iterations += 1
        deal = sample_deal(view, rng, avoid, unseen)
        play_rng = random.Random(rng.getrandbits(64))
        for root in roots:
            root.available += 1
        modelled = {s for s, p in trust.items() if s != me and p and rng.random() < p} if trust else ()  # greedy's
        i = _choose(roots, rng)
        path = [(roots[i], me)]
        node, forced, fixed = roots[i], 0, alike
        shadowed = fixed  # `game` is a position of `shadows`, not yet the world
        if shadowed:
            game = _after(shadows, (id(node), 0), view, options[i])
        else:
            game = reveal(view.copy(), deal)
            game.drop_undo()
            for move in options[i]:
                game.push(move)
        passed = None if options[i] else me  # a pass of an out-of-turn chance: not asked again
        while not (game.is_over() or me in game.finished or node.visits == 0):
            awaited = game.awaited()
            if len(awaited) != 1:
                break  # an out-of-turn chance: greedy players resolve it in the playout
            seat = awaited[0]
            if fixed and forced < len(node.moves):
                moves, kids = node.moves[forced]
            else:
                branches = {key(game, m): m for m in candidates(game, seat, rng)}
                moves = list(branches.values())
                kids = [node.children.setdefault(k, _Node()) for k in branches] if len(moves) > 1 else []
                if fixed:
                    node.moves.append((moves, kids))
            if kids:
                for kid in kids:
                    kid.available += 1
                j = 0 if seat in modelled else _choose(kids, rng)  # the model's move is listed first
                move, node, passed, forced = moves[j], kids[j], None, 0
                path.append((node, seat))
            else:
                move, forced = moves[0], forced + 1
            fixed = fixed and not isinstance(move, Flip)
            at = (id(node), forced)
            if shadowed and (not fixed or node.visits == 0 or (len(shadows) >= SHADOWS and at not in shadows)):
                # a card is turned, the walk ends (a new node: its position is kept once walked again), or
                # enough positions are kept: the world is revealed, and walked in alone
                game, shadowed = reveal(game.copy(), deal), False
            if shadowed:
                game = _after(shadows, at, game, (move,))
            else:
                game.push(move)
        if shadowed:
            game = reveal(game.copy(), deal)
        scores = play_on(game, me, seats, play_rng, passed)
        for walked, mover in path:
            walked.visits += 1
            walked.total += scores[mover]
    best = max(range(len(roots)), key=lambda i: (roots[i].visits, -i))
    return options[best], iterations, Tree(view.copy(), options, roots, shadows)  # a copy: a table may push on `view`


def _after(shadows: dict[tuple[int, int], Game], at: tuple[int, int], game: Game, line: Line) -> Game:
    """The position `at` in `shadows`, made the first time by pushing `line` on a copy of `game`."""
    found = shadows.get(at)
    if found is None:
        found = shadows[at] = game.copy()
        found.drop_undo()
        for move in line:
            found.push(move)
    return found


def _reused(kept: Tree, view: Game, me: int) -> dict[Move, _Node]:
    """The children, by the very move listed, of the node of `kept` at `view` (`me` to move), found by
    replaying the moves listed in it (`_Node.moves`) from `kept.view` through the other seats' turns up
    to `me`'s next ones; none if no such node is listed (a card was turned, or the line was walked too
    seldom). By move, not by key: moves alike to a player may differ (a pick-up of the ace of clubs
    or of diamonds from the face-up cards), and a child's listings hold only after its own."""
    target = view.to_text()
    for line, root in zip(kept.options, kept.roots, strict=True):
        game = kept.view.copy()
        for move in line:
            game.push(move)
        walks: list[tuple[Game, _Node, int]] = [(game, root, 0)]
        while walks:
            game, node, forced = walks.pop()
            awaited = game.awaited()
            if game.is_over() or len(awaited) != 1 or forced >= len(node.moves):
                continue
            moves, kids = node.moves[forced]
            if awaited[0] == me:
                if kids and game.to_text() == target:
                    return dict(zip(moves, kids, strict=True))
                continue  # another position of mine: the search goes no further than the next one
            for j, move in enumerate(moves):
                if not isinstance(move, Flip):
                    after = game.copy()
                    after.push(move)
                    walks.append((after, kids[j], 0) if kids else (after, node, forced + 1))
    return {}


def worlds_alike(view: Game) -> bool:
    """Whether every card `view` has not seen lies face down: then, until a face-down card is turned, each
    sequence of moves leads to one position in every world, and a node's moves are listed once."""
    return not view.stock and all(
        view.card(slot) is not None for p in view.active() for slot in (*view.hand(p), *view.face_up(p))
    )


def _choose(nodes: Sequence[_Node], rng: random.Random) -> int:
    """The index of a node never walked (at random among them), else of the first of highest UCB1."""
    best, top = 0, -math.inf
    fresh: list[int] = []
    for i, node in enumerate(nodes):
        visits = node.visits
        if not visits:
            fresh.append(i)
        elif not fresh:
            value = node.total / visits + EXPLORE * math.sqrt(math.log(node.available) / visits)
            if value > top:
                best, top = i, value
    return rng.choice(fresh) if fresh else best
