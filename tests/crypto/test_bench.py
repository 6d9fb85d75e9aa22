"""The deck benchmark: the game's setup in virtual time, its figures, and the thin `p2pshithead bench deck`."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from p2pshithead.bench.deck import bench_deck, clocked_setup, ruleset_for
from p2pshithead.cli.bench import bench
from p2pshithead.engine import Ruleset

FIGURES = {"cards", "prove_ms", "verify_ms", "reveal_ms", "bytes_per_peer", "cpu_s", "keys_s", "shuffled_s",
           "setup_s", "setup_s_serial"}  # fmt: skip


def test_bench_deck_reports_every_figure() -> None:
    figures = bench_deck(Ruleset(), 2, 1)
    assert set(figures) == FIGURES
    assert all(value > 0 for value in figures.values())
    assert figures["setup_s"] > 2 * figures["prove_ms"] / 1e3  # two shuffles in sequence
    assert figures["keys_s"] < figures["shuffled_s"] < figures["setup_s"]


@pytest.mark.parametrize("players", [2, 4])
def test_with_free_work_the_setup_is_its_hops(players: int) -> None:
    """With work that costs nothing, setup is the protocol's messages in sequence, each one hop to the host
    (none from the host itself) and one back: the keys at once, then each shuffle and each deal share in
    seat order, seat 0 the host."""
    figures = clocked_setup(Ruleset(), players, 0, latency=1.0, cpu_clock=lambda: 0.0)
    assert figures["keys_s"] == 2
    assert figures["shuffled_s"] == 2 * players
    assert figures["setup_s"] == 4 * players - 2
    assert figures["cpu_s"] == 0


def test_a_seat_works_on_its_own_clock() -> None:
    """Each seat is a machine of its own: the table takes less than the sum of its work and more than any
    one seat's share of it; every shuffle is checked before the last seat holds its cards."""
    figures = clocked_setup(Ruleset(), 3, 0, latency=0.0)
    assert figures["cpu_s"] / 3 < figures["setup_s"] < figures["cpu_s"]


@pytest.mark.parametrize("cards", [52, 54, 104, 108])
def test_a_deck_size_is_a_ruleset(cards: int) -> None:
    assert ruleset_for(cards).deck_size(4) == cards


def test_no_packs_make_an_odd_deck() -> None:
    with pytest.raises(ValueError, match="53 cards"):
        ruleset_for(53)


def test_the_command_prints_one_json_object() -> None:
    result = CliRunner().invoke(bench, ["deck", "--players", "2", "--json"])
    assert result.exit_code == 0, result.output
    assert set(json.loads(result.output)) == FIGURES


def test_the_command_prints_text() -> None:
    result = CliRunner().invoke(bench, ["deck", "--players", "2", "--cards", "54", "--hop-ms", "0"])
    assert result.exit_code == 0, result.output
    assert "setup_s_serial" in result.output


def test_the_deck_has_the_packs_the_game_would_use() -> None:
    """One pack up to five players, two from six (RULES.md 1); --cards overrides."""
    result = CliRunner().invoke(bench, ["deck", "--players", "6", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["cards"] == Ruleset().deck_size(6) == 104


def test_a_deck_too_small_for_the_deal_is_a_usage_error() -> None:
    result = CliRunner().invoke(bench, ["deck", "--players", "11", "--cards", "52"])
    assert result.exit_code == 2
    assert "11 players need more than 52 cards" in result.output
