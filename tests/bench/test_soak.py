"""A short soak: bot tables of real processes on loopback with random kills; nothing diverges or is lost."""

from __future__ import annotations

from p2pshithead.bench.soak import soak


def test_a_short_soak_completes_every_game_with_kills_and_comebacks() -> None:
    figures = soak(games=4, seed=7, budget_s=240)
    assert figures["games"] == 4
    assert isinstance(figures["kills"], int) and figures["kills"] >= 2  # seed 7 kills in most games
    assert figures["completed"] == 4 and figures["divergences"] == 0 and figures["lost_transcripts"] == 0, figures
