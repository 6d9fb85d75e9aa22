"""A whole game of `play --lang X` per language at a real terminal (pexpect), as a person types it: a
stand-in reads the commands offered on the screen (typed the same in every language) and types one, to
the end of the game and the replay offer; the screen says the language's own words (Hebrew in visual
order, cli/visual.py), and none of the English ones."""

from __future__ import annotations

import os
import random
import re
import sys
from pathlib import Path

import pexpect
import pytest

from p2pshithead import lang
from p2pshithead.cli.visual import visual
from p2pshithead.lang import _

from .driver import choose

PROGRAM = str(Path(sys.executable).with_name("p2pshithead"))
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
ESC = r"(?:\x1b\[[0-9;?]*[A-Za-z])*"
PROMPT = rf"\n{ESC}>\x08?(?:\x1b\[\d*C| )"  # the move prompt (as tests/cli/test_play_pexpect.py reads it)
ENV = {**os.environ, "TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1"}
COMMAND = re.compile(r"^(?:r|p|-|swap|show|fd|give|[2-9AKQJ]|10|[HU#]\d*|\d+(?:-\d+)?|[2-9AKQJ0]+(?:x\d)?|A>N)$")
"""A word of a command the screen offers (the words around them are the language's)."""
SEEN = ["Game over. Finish order:", "Bye!"]
"""Messages shown in every game: in the language chosen, never in English."""


def offered(screen: str) -> str:
    """The commands offered before the prompt, in the form the stand-in reads ("Type: r  swap Q 3"): the
    lines from the last one with a label (a colon, on either side in Hebrew's visual order) to the end."""
    lines = [line for line in screen.split("\n") if line.strip()]
    start = max(i for i, line in enumerate(lines) if re.search(r"\s:|:\s", line))
    pieces = re.split(r"\s{2,}", re.sub(r"\([^()]*\)", "", "  ".join(lines[start:])))
    commands = [" ".join(w for w in piece.split() if COMMAND.match(w)) for piece in pieces]
    return "Type: " + "  ".join(c for c in commands if c)


def drawn(text: str, code: str) -> str:
    """A pattern of `text` as a prompt shows it: in visual order in Hebrew, escape sequences (a style)
    between any two characters, a no-break space drawn as a space."""
    shown = visual(text, True) if code in lang.RIGHT_TO_LEFT else text
    return ESC.join("[ \u00a0]" if char == "\u00a0" else re.escape(char) for char in shown)


def words_of(message: str, code: str) -> list[str]:
    """The words of `message` in `code` as they appear on a screen (Hebrew ones in visual order)."""
    lang.use(code)
    words = re.findall(r"\w{3,}", _(message))
    return [visual(w, True) if code in lang.RIGHT_TO_LEFT else w for w in words]


@pytest.mark.parametrize("code,seed", [("en", 21), ("he", 22), ("pt", 23), ("fr", 24)])
def test_a_whole_game_in_each_language(tmp_path: Path, code: str, seed: int) -> None:
    lang.use(code)
    again = drawn(_("Play again? [Y/n] ").strip(), code)
    child = pexpect.spawn(PROGRAM, ["play", "--bots", "2", "--delay", "0", "--seed", str(seed), "--lang", code],
                          dimensions=(24, 80), timeout=20, encoding="utf-8",
                          env={**ENV, "P2PSHITHEAD_HOME": str(tmp_path)})  # fmt: skip
    rng, seen = random.Random(seed), ""
    for _move in range(3000):
        which = child.expect([PROMPT, again])
        screen = ANSI.sub("", child.before).replace("\r", "")
        seen += screen
        if which == 1:
            break
        child.sendline(choose(offered(screen), rng))
    else:
        raise AssertionError("no end after many moves")
    child.sendline("n")
    child.expect(pexpect.EOF)
    seen += ANSI.sub("", child.before)
    child.close()
    assert child.exitstatus == 0
    for message in SEEN:
        assert all(word in seen for word in words_of(message, code)), (message, seen[-2000:])
        if code != "en":
            assert message not in seen
