"""The Speed screen fits the terminal: whole bot games drawn at random sizes from `SMALLEST` up, with
every stack of both layouts, both piles, the status and the keys always on it."""

from __future__ import annotations

import random
import re

import pytest

from p2pshithead.cli.render import SMALLEST
from p2pshithead.cli.speedplay import speed_rules
from p2pshithead.cli.speedscreen import LEFT_KEYS, narrate, speed_screen
from p2pshithead.speed import Speed, choose, open_all


@pytest.mark.parametrize("rules_text", ["speed", "chinese"])
def test_every_screen_of_a_game_fits_every_size(rules_text: str) -> None:
    rules = speed_rules(rules_text)
    rng = random.Random(rules_text)
    deal = list(range(rules.size))
    rng.shuffle(deal)
    game = Speed(rules)
    open_all(game, deal)
    names, lines = ["You", "Bot"], ["New game"]
    for step in range(400):
        if game.is_over():
            break
        for seat in (step % 2, 1 - step % 2):  # the seats take turns where both could act
            action = choose(game, seat)
            if action is not None:
                break
        else:
            break
        events = game.push(seat, action) + open_all(game, deal)
        lines += narrate(events, game, 0, names, unicode=False)
        width, height = rng.randint(SMALLEST[0], 140), rng.randint(SMALLEST[1], 50)
        text = speed_screen(game, 0, names, lines, unicode=False, status="! a status line", size=(width, height))
        shown = text.split("\n")
        assert len(shown) <= height - 1 and max(map(len, shown)) <= width, (width, height, text)
        assert all(f"{k}:" in text for k in LEFT_KEYS[: rules.stacks])
        assert re.search(r"LEFT \S+ \(\d+\) +RIGHT \S+ \(\d+\)", text) and "! a status line" in text
        assert shown[-1].strip().endswith("leave")
    assert game.is_over()
