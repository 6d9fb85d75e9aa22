"""The bots benchmark: a bot against three greedy ones under unusual house rules, and against three
copies of each stronger opponent under classic rules.

Invariants: each table is played as a seeded match (`bots.play_match`: game `g` dealt from
`random.Random(f"{seed}:{g}")`, seats rotating), the same deals for every ruleset and opponent; a
thinking budget counts `clock` (CPU time of this process by default, fair on a busy machine). The
stronger opponents are made from the bot's own budget (`opponents`): `smart` at four times it, and
`truecards` at it (the same search shown every card: an upper bound, for measuring only).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from p2pshithead.bots import Budget, GreedyBot, SmartBot, measuring_player, play_match, wilson
from p2pshithead.engine import Ruleset, preset

__all__ = ["RULESETS", "bench_bots", "opponents"]

RULESETS: dict[str, Ruleset] = {
    "jokers": preset("classic").with_settings({"jokers": "2"}),
    "eight_under": preset("classic").with_settings({"eight": "under"}),
    "ten_not_on_eight": preset("pagat").with_settings({"ten_not_on_eight": "true"}),
    "pickup_goes_back": preset("classic").with_settings({"pickup_goes_back": "true"}),
    "hebrew_interrupts": preset("hebrew"),
    "karma": preset("karma").with_settings({"eight": "under", "jokers": "2"}),
}
"""Unusual rulesets the bots must follow: a house rule or two on top of a preset each."""

STRONGER = 4
"""How many times the bot's budget the stronger `smart` opponent thinks (`smart:100ms` meets `smart:400ms`)."""


def opponents(bot: str) -> list[str]:
    """The specs `bot` meets three at a time under classic rules: greedy, then `smart` at `STRONGER`
    times the bot's budget and `truecards` at it (a bot without one: `smart`'s default budget)."""
    player = measuring_player(bot)
    budget = player.budget if isinstance(player, SmartBot) else SmartBot().budget
    if budget.playouts is not None:
        stronger = Budget(playouts=budget.playouts * STRONGER)
    else:
        assert budget.seconds is not None
        stronger = Budget(seconds=min(60.0, budget.seconds * STRONGER))
    return ["greedy", f"smart:{stronger.text()}", f"truecards:{budget.text()}"]


def bench_bots(
    games: int = 8, bot: str = "smart:50ms", seed: int = 0, players: int = 4,
    clock: Callable[[], float] = time.process_time,
) -> dict[str, object]:
    """Play `games` games per ruleset of `RULESETS` (`bot` in one seat, greedy in the others), then
    `games` classic games against three of each of `opponents(bot)`.

    Returns:
        per ruleset `<name>.loss_rate` (how often `bot` was the Shithead, fair share 1/players) and
        `<name>.ci95` (its Wilson 95% interval), `<name>.greedy_loss_rate` (the greedy seats' mean);
        `loss_rate` and `ci95` over all rulesets; per opponent `against.<spec>.loss_rate` and
        `against.<spec>.ci95`; games, bot, seconds (of `clock`); for a searching bot, its playouts
        and seconds per searched decision, and its p95 and longest searched decision (all tables).

    Raises:
        ValueError: a bad bot spec, or fewer than one game.
    """
    me = measuring_player(bot, clock)
    figures: dict[str, object] = {"bot": bot, "games_per_ruleset": games, "fair_share": 1 / players}
    losses = finished = 0
    start = clock()
    for name, rules in RULESETS.items():
        result = play_match(rules, [me, *[GreedyBot()] * (players - 1)], games, seed)
        mine, *others = result.results
        figures[f"{name}.loss_rate"] = mine.loss_rate
        figures[f"{name}.ci95"] = [round(x, 4) for x in mine.ci95]
        figures[f"{name}.greedy_loss_rate"] = sum(t.loss_rate for t in others) / len(others)
        losses += mine.losses
        finished += mine.games
    figures["loss_rate"] = losses / finished if finished else 0.0
    figures["ci95"] = [round(x, 4) for x in wilson(losses, finished)]
    for spec in opponents(bot):
        them = [measuring_player(spec, clock) for _ in range(players - 1)]
        mine = play_match(preset("classic"), [me, *them], games, seed).results[0]
        figures[f"against.{spec}.loss_rate"] = mine.loss_rate
        figures[f"against.{spec}.ci95"] = [round(x, 4) for x in mine.ci95]
    figures["seconds"] = clock() - start
    if isinstance(me, SmartBot):
        figures.update(me.thinking.figures())
    return figures
