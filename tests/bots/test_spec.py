"""Bot specs and thinking budgets as typed on a command line."""

from __future__ import annotations

import pytest

from p2pshithead import lang
from p2pshithead.bots import DEFAULT_BUDGET, Budget, GreedyBot, RandomBot, SmartBot, make_player


@pytest.mark.parametrize(
    "spec, kind, name",
    [
        ("random", RandomBot, "random"),
        ("greedy", GreedyBot, "greedy"),
        (" Greedy ", GreedyBot, "greedy"),
        ("smart", SmartBot, f"smart:{DEFAULT_BUDGET.text()}"),
        ("smart:200ms", SmartBot, "smart:200ms"),
        ("smart:1.5s", SmartBot, "smart:1.5s"),
        ("smart:64p", SmartBot, "smart:64p"),
    ],
)
def test_make_player(spec, kind, name):
    player = make_player(spec)
    assert isinstance(player, kind) and player.name == name


BAD_SPECS = ["", "clever", "greedy:3", "smart:", "smart:fast", "smart:0ms", "smart:2.5p", "smart:-5ms"]


@pytest.mark.parametrize("spec", BAD_SPECS)
def test_bad_specs_say_what_is_accepted(spec):
    with pytest.raises(ValueError, match="bad bot"):
        make_player(spec)


def test_budget_round_trips_and_checks():
    for text in ("200ms", "50ms", "1s", "2.5s", "64p"):
        assert Budget.from_text(text).text() == text
    assert Budget.from_text("200ms") == Budget(seconds=0.2)
    with pytest.raises(ValueError):
        Budget()
    with pytest.raises(ValueError):
        Budget(seconds=1.0, playouts=3)
    assert DEFAULT_BUDGET.seconds is not None and DEFAULT_BUDGET.seconds < 1


def test_make_player_hands_the_clock_to_thinking_bots():
    clock = lambda: 0.0  # noqa: E731
    bot = make_player("smart:50ms", clock)
    assert isinstance(bot, SmartBot) and bot.clock is clock and bot.budget == Budget(seconds=0.05)


def test_a_bad_spec_is_said_in_the_language_in_use() -> None:
    lang.use("fr")
    try:
        with pytest.raises(ValueError, match=r"^bot invalide 'smart:5x' : pas un budget de réflexion : '5x'"):
            make_player("smart:5x")
    finally:
        lang.use("en")
