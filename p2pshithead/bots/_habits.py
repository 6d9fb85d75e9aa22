"""How each opponent plays the two-seat endgame: greedy's move, or its own (the tree's model of its replies).

Invariants: `Habits` reads nothing but the views it is given and the moves its own seat made, in
order; each seat's memory is its own and lasts one two-seat endgame (a view outside one forgets it).
An opponent's reply is read only where it is certain: the view before this seat's move showed every
card but the face-down ones (`worlds_alike`), and of the opponent's moves after it exactly one choice
(by `key`) leads to the view now; it counts only if the opponent had more than one choice worth
trying (`choices`). Its weight is the posterior chance that the opponent plays greedy's move, from
`PRIOR`, where a greedy player agrees with greedy's move but for its wander (`SLIP`) and a searching one
in `SEARCHER_AGREES` of its choices.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from p2pshithead.bots._endgame import in_endgame, worlds_alike
from p2pshithead.engine import Flip, Game, Move

__all__ = ["Habits"]

PRIOR = 0.2
"""The chance, before an opponent's first reply is read, that it plays greedy's move."""

SLIP = 0.05
"""How often a player who plays greedy's move plays another (greedy's own wander)."""

SEARCHER_AGREES = 0.55
"""How often a player who searches plays greedy's move where it had a choice (`truecards:100ms` in two-seat
endgames: 53%)."""

Key = Callable[[Game, "Move | None"], tuple[object, ...]]
Choices = Callable[[Game, int], list[Move]]
Model = Callable[[Game, int], "Move | None"]


class Habits:
    """One bot's memory per seat of the two-seat endgame in play: the position before its last move,
    that move, and per opponent how many of its replies were greedy's move and how many were not."""

    def __init__(self, key: Key, choices: Choices, model: Model) -> None:
        self._key, self._choices, self._model = key, choices, model
        self._before: dict[int, tuple[Game, Move | None]] = {}
        self._tally: dict[int, dict[int, list[int]]] = {}

    def observe(self, view: Game, me: int) -> Mapping[int, float]:
        """Learn from `view`, seat `me`'s view after its last move (`moved`); the chance that each
        opponent plays greedy's move (none outside a two-seat endgame)."""
        before = self._before.pop(me, None)
        tally = self._tally.setdefault(me, {})
        if not in_endgame(view, 2):
            tally.clear()
            return {}
        if before is not None:
            read = self._reply(*before, view, me)
            if read is not None:
                seat, agreed = read
                tally.setdefault(seat, [0, 0])[0 if agreed else 1] += 1
        return {seat: trust(*tally.get(seat, (0, 0))) for seat in view.active() if seat != me}

    def moved(self, view: Game, me: int, move: Move | None) -> None:
        """Seat `me` plays `move` from `view`: kept where the reply to it can be read."""
        if in_endgame(view, 2) and worlds_alike(view) and not isinstance(move, Flip):
            self._before[me] = (view.copy(), move)  # a copy: a table may push on `view`

    def _reply(self, last: Game, mine: Move | None, view: Game, me: int) -> tuple[int, bool] | None:
        """The opponent who replied to `mine` (played from `last`) and whether it played greedy's move,
        if `view` shows which choice it made and it had more than one."""
        game = last.copy()
        if mine is not None:
            game.push(mine)
        awaited = game.awaited()
        if game.is_over() or len(awaited) != 1 or awaited[0] == me:
            return None
        seat, key = awaited[0], self._key
        if len({key(game, m) for m in self._choices(game, seat)}) < 2:
            return None
        target = view.to_text()
        made = set()
        for move in game.moves_for(seat):
            if not isinstance(move, Flip):
                after = game.copy()
                after.push(move)
                if after.to_text() == target:
                    made.add(key(game, move))
        if len(made) != 1:
            return None
        return seat, key(game, self._model(game, seat)) in made


def trust(agreed: int, differed: int) -> float:
    """The posterior chance that a player whose replies were greedy's move `agreed` times and another
    `differed` times plays greedy's move (`PRIOR`, `SLIP`, `SEARCHER_AGREES`)."""
    log_odds = (math.log(PRIOR / (1 - PRIOR)) + agreed * math.log((1 - SLIP) / SEARCHER_AGREES)
                + differed * math.log(SLIP / (1 - SEARCHER_AGREES)))  # fmt: skip
    # the odds themselves overflowed a float after some 1,300 agreements (a long endgame): the logistic of
    # the log-odds, taken on the side where the exponential cannot overflow
    if log_odds >= 0:
        return 1 / (1 + math.exp(-log_odds))
    return math.exp(log_odds) / (1 + math.exp(log_odds))
