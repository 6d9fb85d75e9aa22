"""The deck benchmark: its figures, and the thin `p2pshithead bench deck` command."""

from __future__ import annotations

import json

from click.testing import CliRunner

from p2pshithead.bench.deck import bench_deck
from p2pshithead.cli.bench import bench
from p2pshithead.engine import Ruleset
from p2pshithead.game import opening_deal

FIGURES = {"cards", "prove_ms", "verify_ms", "reveal_ms", "bytes_per_peer", "cpu_s", "setup_s"}


def test_bench_deck_reports_every_figure() -> None:
    figures = bench_deck(2, 52, 1, opening_deal(Ruleset(), 2))
    assert set(figures) == FIGURES
    assert all(value > 0 for value in figures.values())
    assert figures["setup_s"] > 2 * figures["prove_ms"] / 1e3  # two shuffles in sequence


def test_the_command_prints_one_json_object() -> None:
    result = CliRunner().invoke(bench, ["deck", "--players", "2", "--json"])
    assert result.exit_code == 0, result.output
    assert set(json.loads(result.output)) == FIGURES


def test_the_command_prints_text() -> None:
    result = CliRunner().invoke(bench, ["deck", "--players", "2", "--cards", "54"])
    assert result.exit_code == 0, result.output
    assert "setup_s" in result.output


def test_the_deck_has_the_packs_the_game_would_use() -> None:
    """One pack up to five players, two from six (RULES.md 1); --cards overrides."""
    result = CliRunner().invoke(bench, ["deck", "--players", "6", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["cards"] == Ruleset().deck_size(6) == 104


def test_a_deck_too_small_for_the_deal_is_a_usage_error() -> None:
    result = CliRunner().invoke(bench, ["deck", "--players", "11", "--cards", "52"])
    assert result.exit_code == 2
    assert "99 cards" in result.output
