"""Shared positions for bot tests: mid-game positions of every preset, from seeded greedy tables."""

from __future__ import annotations

import random

import pytest

from p2pshithead.bots import GreedyBot, LocalTable
from p2pshithead.engine import PRESETS, Game


def positions(rules_name: str, games: int = 3, every: int = 7) -> list[Game]:
    """Copies of the positions of a few seeded greedy games, one every `every` moves."""
    out = []
    for g in range(games):
        table = LocalTable(PRESETS[rules_name], [GreedyBot()] * (3 + g % 3), random.Random(f"pos:{rules_name}:{g}"))
        for i, _ in enumerate(table.moves(2_000)):
            if i % every == 0 and not table.game.is_over():
                out.append(table.game.copy())
    return out


@pytest.fixture(scope="session")
def preset_positions() -> dict[str, list[Game]]:
    return {name: positions(name) for name in PRESETS}
