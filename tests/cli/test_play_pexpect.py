"""The real program in a pseudo-terminal, played as a person would: read the screen, type.

Whole games to the outcome and the replay offer, for several presets; Ctrl-C and Ctrl-D.
"""

from __future__ import annotations

import os
import random
import re
import sys
import time
from pathlib import Path

import pexpect
import pytest

from .driver import choose, hint_words

PROGRAM = str(Path(sys.executable).with_name("p2pshithead"))
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
ESC = r"(?:\x1b\[[0-9;?]*[A-Za-z])*"  # what prompt_toolkit writes around its prompt on a terminal
PROMPT = rf"\n{ESC}>\x08?(?:\x1b\[\d*C| )"  # the prompt, not the ">" that marks the player to act
PROMPTS = [r"Play again\? \[Y/n\]", r"\(Enter to go back\)", PROMPT]
# a real terminal type: input goes through prompt_toolkit (pexpect does not answer cursor-position requests)
ENV = {**os.environ, "TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1"}


def spawn(*args: str) -> pexpect.spawn:
    return pexpect.spawn(PROGRAM, ["play", "--bots", "3", "--delay", "0", "--ascii", *args],
                         dimensions=(24, 80), timeout=20, encoding="utf-8", env=ENV)


def play_to_the_end(child: pexpect.spawn, rng: random.Random, limit: int = 3000) -> str:
    """Answer prompts until the replay offer; return the last screen (the outcome)."""
    for _ in range(limit):
        which = child.expect(PROMPTS)
        screen = ANSI.sub("", child.before).replace("\r", "")
        if which == 0:
            return screen
        if which == 1:
            child.sendline("")
            continue
        assert "! " not in screen.split("Hand:")[-1], screen  # the driver only types legal input
        child.sendline(choose(screen, rng))
    raise AssertionError("no end after many moves")


@pytest.mark.parametrize("rules,seed", [("classic", 11), ("french", 12), ("hebrew", 13)])
def test_whole_game(rules: str, seed: int) -> None:
    child = spawn("--seed", str(seed), "--rules", rules)
    outcome = play_to_the_end(child, random.Random(seed))
    assert "Game over. Finish order:" in outcome and "Shithead" in outcome and "<- you" in outcome
    child.sendline("n")
    child.expect("Bye!")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_play_again_then_ctrl_c() -> None:
    child = spawn("--seed", "21", "--rules", "pagat")
    play_to_the_end(child, random.Random(21))
    child.sendline("")  # Enter: yes, another
    child.expect("New game")
    child.expect(PROMPT)
    child.sendintr()  # Ctrl-C at the prompt asks first, as `quit` does (and as at a LAN table)
    child.expect("Quit\\? This game ends")
    child.sendline("")  # Enter: play on
    child.expect("you play on")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("Quit\\? This game ends")
    child.sendintr()  # Ctrl-C again: gone
    child.expect("Bye!")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert "Traceback" not in child.before


def test_ctrl_c_while_bots_play() -> None:
    child = pexpect.spawn(PROGRAM, ["play", "--seed", "4", "--delay", "5", "--ascii"], dimensions=(24, 80),
                          timeout=20, encoding="utf-8", env=ENV)
    child.expect(PROMPT)
    child.sendline("r")
    child.expect("Bot \\d (shows|is ready|plays)")  # a bot move is on screen, the delay is running
    child.sendintr()
    child.expect("Bye!")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


def test_ctrl_d_leaves() -> None:
    child = spawn("--seed", "5")
    child.expect(PROMPT)
    child.sendeof()
    child.expect("Bye!")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("rules,seed", [("french", 31), ("classic", 32)])
def test_every_hint_is_taken_as_typed(rules: str, seed: int) -> None:
    """A person who types only words of the `Type:` line, exactly as shown (the ace naming a player, a
    face-down card, a swap), is never refused, to the end of the game."""
    child = spawn("--seed", str(seed), "--rules", rules)
    rng = random.Random(seed)
    for _ in range(3000):
        which = child.expect(PROMPTS)
        screen = ANSI.sub("", child.before).replace("\r", "")
        if which == 0:
            break
        assert "! " not in screen.split("Hand:")[-1], screen  # the last input was taken as typed
        if which == 1 or "out of turn? y, Enter to pass" in " ".join(screen.split()):
            child.sendline("y" if which == 2 and rng.random() < 0.5 else "")
            continue
        words = hint_words(screen)
        assert words and all("N" not in w and "-" not in w.removeprefix("show -") for w in words), screen
        child.sendline(rng.choice(words))
    else:
        pytest.fail("no end after many moves")
    child.sendline("n")
    child.expect(pexpect.EOF)


def test_a_resized_terminal_is_drawn_again_at_once_keeping_what_was_typed() -> None:
    """No key pressed after the resize: the screen comes again at the new width (SIGWINCH, as a
    terminal sends it), the prompt below it with the half-typed input, which then reads as one."""
    child = spawn("--seed", "3")
    child.expect(PROMPT)
    child.send("sw")
    child.expect("sw")
    child.setwinsize(30, 50)
    deadline = time.monotonic() + 5  # at once, no key pressed; a screen made before the resize may still
    # be on its way
    while True:
        child.expect(r"\x1b\[2J", timeout=max(0.1, deadline - time.monotonic()))  # cleared, drawn again
        child.expect(r"Type: [^\r\n]*\r\n", timeout=3)
        screen = ANSI.sub("", child.before)
        if "Hand:" in screen and max(len(line) for line in screen.splitlines()) <= 50:
            break
        assert time.monotonic() < deadline, screen
    child.expect("> sw", timeout=3)  # the prompt again, what was typed kept
    child.sendline("ap 3 K")  # ... and the whole line is "swap 3 K" (this deal has no K face up)
    child.expect("you have no K in your face-up cards")
    child.kill(9)
