"""A stand-in person for interactive tests: reads the screen as printed, types a legal input.

It plays the lowest playable rank the screen offers ("Type: 7  77  p"), picks up only when
nothing else is offered, names a player still in the game for an ace ("A>N"), answers
out-of-turn offers and, now and then, asks for help, the rules or types nonsense.
"""

from __future__ import annotations

import random
import re

SEAT = re.compile(r"^[ >\u25b6]\[(\d+)\] .* hand ", re.M)


def hint_words(screen: str) -> list[str]:
    lines = [line for line in screen.splitlines() if line.startswith("Type: ")]
    if not lines:
        return []
    return [w.strip() for w in lines[-1][6:].replace("(? help)", "").split("  ") if w.strip()]


def choose(screen: str, rng: random.Random, mischief: float = 0.0) -> str:
    """What to type at a "> " prompt, given everything printed since the last prompt."""
    if "out of turn? y, Enter to pass" in " ".join(screen.split()):  # the question, wrapped or not
        return rng.choice(["y", "", "n"])
    if rng.random() < mischief:
        return rng.choice(["?", "rules", "zz", "8x9"])
    words = hint_words(screen)
    if not words:
        raise AssertionError(f"no hint on the screen:\n{screen}")
    if "r" in words:
        return "swap #1 #2" if rng.random() < 0.3 and "swap H U" in words else "r"
    shows = [w for w in words if w.startswith("show")]
    if shows:
        return rng.choice(shows)
    plays = [w for w in words if not w.startswith("p")]
    word = plays[0] if plays else words[0]
    if word.startswith("fd 1-"):
        return f"fd {rng.randint(1, int(word[5:]))}"
    if word.endswith(">N"):
        seats = [int(s) for s in SEAT.findall(screen) if s != "0"]
        return word.replace(">N", f">{rng.choice(seats)}")
    return word
