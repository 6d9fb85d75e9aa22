"""A French evening in `play`, as a person plays it: three games, the card exchange between them
(RULES.md 6) asked in words at the prompt, and the scoreboard after each game."""

from __future__ import annotations

import random
import re

import pexpect

from .driver import choose
from .test_play_pexpect import ANSI, ENV, PROGRAM, PROMPTS


def test_french_series_with_exchange_and_scoreboard() -> None:
    seed = 3
    child = pexpect.spawn(PROGRAM, ["play", "--rules", "french", "--bots", "3", "--delay", "0", "--ascii",
                                    "--seed", str(seed), "--name", "Ann"],
                          dimensions=(24, 80), timeout=20, encoding="utf-8", env=ENV)  # fmt: skip
    rng = random.Random(seed)
    screens: list[str] = []
    games = 0
    for _ in range(3000):
        which = child.expect(PROMPTS)
        screen = ANSI.sub("", child.before).replace("\r", "")
        screens.append(screen)
        if which == 0:
            games += 1
            assert f"Scoreboard, {games} game{'s' if games > 1 else ''} played" in screen, screen
            child.sendline("y" if games < 3 else "n")
            if games == 3:
                break
            child.expect("New game")  # past the answered question, which prompt_toolkit draws again
            continue
        if which == 1:
            child.sendline("")
            continue
        child.sendline(choose(screen, rng))
    child.expect("Bye!")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and games == 3
    text = "\n".join(screens)
    assert text.count("Card exchange: ") >= 2  # games two and three open with the exchange
    assert "- game 2 " in text and "- game 3 " in text  # the header says which game of the evening it is
    asked = re.findall(r"You are the (Shithead|Masta): give (.+?) \((?:Masta|Shithead)\)", text)
    assert asked, "the person gives a card in the exchange at least once with this seed"
    last = screens[-1]
    board = last[last.index("Scoreboard, 3 games played"):]
    counts = re.findall(r"^  (Ann|Bot \d) +(\d+) +(\d+)$", board, re.M)
    assert len(counts) == 4 and sum(int(m) for _, m, _ in counts) == 3 and sum(int(s) for _, _, s in counts) == 3
    assert len(re.findall(r"^  Game \d: Masta .+, Vice-Masta .+, Shithead .+$", board, re.M)) == 3
