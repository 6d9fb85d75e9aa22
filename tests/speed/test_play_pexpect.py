"""`p2pshithead play --game speed` in a pseudo-terminal, played as a person plays it: read the screen,
press one key a card; Ctrl-C leaves with the terminal restored."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

PROGRAM = str(Path(sys.executable).with_name("p2pshithead"))
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}
ENV = {**os.environ, "TERM": "xterm-256color"}


def rank(text: str) -> int | None:
    """'10h' -> 10; '--', '??' -> None (the ASCII look)."""
    match = re.match(r"(10|[2-9AJQK])[cdhs]", text)
    return RANKS[match.group(1)] if match else None


def fits(card: int, top: int | None) -> bool:
    return top is None or abs(card - top) in (1, 12)


def key_for(screen: str) -> str | None:
    """The key a quick person presses on this screen (None: nothing to do)."""
    if "SLAP a pile" in screen:
        left, right = (int(n) for n in re.findall(r"(?:LEFT|RIGHT) \S+ \((\d+)\)", screen))
        return "z" if left <= right else "x"
    tops = [rank(t) if t != "--" else None for t in re.findall(r"(?:LEFT|RIGHT) (\S+) \(", screen)]
    row = next(line for line in screen.splitlines() if line.startswith("   1:"))
    mine = re.findall(r"([1-6]):(\S+)", row)
    for key, text in mine:
        card = rank(text)
        for pile, top in enumerate(tops):
            if card is not None and fits(card, top):
                return key if pile == 0 else "qwerty"[int(key) - 1]
    return None


def test_a_whole_game_of_speed_played_with_single_keys() -> None:
    child = pexpect.spawn(PROGRAM, ["play", "--game", "speed", "--ascii", "--seed", "5", "--level", "smart:250ms",
                                    "--rules", "chinese"], dimensions=(30, 110), timeout=10,
                          encoding="utf-8", env=ENV)  # fmt: skip
    screens, pressed = 0, 0
    while True:
        which = child.expect([r"Ctrl-C leave", r"Game over\. Press any key\."])
        screen = ANSI.sub("", child.before)
        if which == 1:
            break
        screens += 1
        assert screens < 3000, "no end"
        key = key_for(screen.split("Speed (")[-1])
        if key is not None and "Ctrl-C leave" not in child.buffer:  # only on the latest screen
            child.send(key)
            pressed += 1
    assert "win" in screen and pressed > 5
    for _ in range(20):  # a key in the game-over screen's first half second is taken for the race's: again
        child.send(" ")
        if child.expect(["Bye!", pexpect.TIMEOUT], timeout=0.25) == 0:
            break
    else:
        pytest.fail("the game-over screen took no key")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_ctrl_c_leaves_and_restores_the_terminal() -> None:
    shell = f"stty -a; {PROGRAM} play --game speed --ascii --seed 1 --level greedy; echo code=$?; stty -a"
    child = pexpect.spawn("/bin/sh", ["-c", shell], dimensions=(30, 110), timeout=10, encoding="utf-8", env=ENV)
    child.expect("Ctrl-C leave")
    child.send("\x03")
    child.expect(r"code=(\d+)")
    assert child.match.group(1) == "130"
    child.expect(pexpect.EOF)
    after = child.before
    assert re.search(r"(?<!-)icanon", after) and re.search(r"(?<!-)echo\b", after)  # cooked again
