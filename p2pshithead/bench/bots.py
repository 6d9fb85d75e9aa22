"""The bots benchmark: the smart bot against three greedy ones under unusual house rules.

Invariants: each ruleset is played as a seeded match (`bots.play_match`: game `g` dealt from
`random.Random(f"{seed}:{g}")`, seats rotating), the same deals for every ruleset; a thinking
budget counts `clock` (CPU time of this process by default, fair on a busy machine).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from p2pshithead.bots import GreedyBot, SmartBot, make_player, play_match, wilson
from p2pshithead.engine import Ruleset, preset

__all__ = ["RULESETS", "bench_bots"]

RULESETS: dict[str, Ruleset] = {
    "jokers": preset("classic").with_settings({"jokers": "2"}),
    "eight_under": preset("classic").with_settings({"eight": "under"}),
    "ten_not_on_eight": preset("pagat").with_settings({"ten_not_on_eight": "true"}),
    "pickup_goes_back": preset("classic").with_settings({"pickup_goes_back": "true"}),
    "hebrew_interrupts": preset("hebrew"),
    "karma": preset("karma").with_settings({"eight": "under", "jokers": "2"}),
}
"""Unusual rulesets the bots must follow: a house rule or two on top of a preset each."""


def bench_bots(
    games: int = 8, bot: str = "smart:50ms", seed: int = 0, players: int = 4,
    clock: Callable[[], float] = time.process_time,
) -> dict[str, object]:
    """Play `games` games per ruleset of `RULESETS`: `bot` in one seat, greedy in the others.

    Returns:
        per ruleset `<name>.loss_rate` (how often `bot` was the Shithead, fair share 1/players) and
        `<name>.ci95` (its Wilson 95% interval), `<name>.greedy_loss_rate` (the greedy seats' mean);
        `loss_rate` and `ci95` over all rulesets; games, bot, seconds (of `clock`); for a searching
        bot, its playouts and seconds per searched decision.

    Raises:
        ValueError: a bad bot spec, or fewer than one game.
    """
    smart = make_player(bot, clock)
    figures: dict[str, object] = {"bot": bot, "games_per_ruleset": games, "fair_share": 1 / players}
    losses = finished = 0
    start = clock()
    for name, rules in RULESETS.items():
        result = play_match(rules, [smart, *[GreedyBot()] * (players - 1)], games, seed)
        mine, *others = result.results
        figures[f"{name}.loss_rate"] = mine.loss_rate
        figures[f"{name}.ci95"] = [round(x, 4) for x in mine.ci95]
        figures[f"{name}.greedy_loss_rate"] = sum(t.loss_rate for t in others) / len(others)
        losses += mine.losses
        finished += mine.games
    figures["loss_rate"] = losses / finished if finished else 0.0
    figures["ci95"] = [round(x, 4) for x in wilson(losses, finished)]
    figures["seconds"] = clock() - start
    if isinstance(smart, SmartBot):
        figures["playouts_per_decision"] = smart.thinking.playouts_per_search
        figures["seconds_per_decision"] = smart.thinking.seconds_per_search
    return figures
