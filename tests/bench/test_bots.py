"""`bench bots`: the smart bot's loss rate under each unusual ruleset and against stronger opponents,
with its interval."""

from __future__ import annotations

import json

from click.testing import CliRunner

from p2pshithead.bench.bots import RULESETS, opponents
from p2pshithead.cli.main import main


def test_bench_bots_gives_a_loss_rate_and_interval_per_unusual_ruleset() -> None:
    result = CliRunner().invoke(main, ["bench", "bots", "--games", "2", "--bot", "smart:2p", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert len(RULESETS) >= 4 and figures["games_per_ruleset"] == 2
    for name in RULESETS:
        low, high = figures[f"{name}.ci95"]
        assert 0 <= low <= figures[f"{name}.loss_rate"] <= high <= 1
    assert len({rules.digest() for rules in RULESETS.values()}) == len(RULESETS)
    for spec in ("greedy", "smart:8p", "truecards:2p"):  # the stronger at 4x the bot's budget; the true cards at it
        low, high = figures[f"against.{spec}.ci95"]
        assert 0 <= low <= figures[f"against.{spec}.loss_rate"] <= high <= 1
    assert 2 <= figures["playouts_per_decision"] < 8 and figures["seconds_per_decision"] > 0  # 2p: one world
    assert 0 < figures["p95_seconds"] <= figures["max_seconds"]


def test_the_stronger_opponents_are_made_from_the_bots_budget() -> None:
    assert opponents("smart:100ms") == ["greedy", "smart:400ms", "truecards:100ms"]
    assert opponents("smart:20s") == ["greedy", "smart:60s", "truecards:20s"]  # a budget is at most 60 s
    assert opponents("greedy") == ["greedy", "smart:800ms", "truecards:200ms"]  # smart's default budget


def test_bench_bots_refuses_a_bad_bot_in_words() -> None:
    result = CliRunner().invoke(main, ["bench", "bots", "--bot", "smart:fast"])
    assert result.exit_code == 2 and "bad bot 'smart:fast'" in result.output
