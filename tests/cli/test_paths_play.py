"""`play` after trouble, at a real terminal (pexpect): the keys a person presses at the help or the
rules mean there what they mean at the move prompt."""

from __future__ import annotations

import time
from pathlib import Path

import pexpect
import pytest

from .test_play_pexpect import ANSI, PROGRAM, PROMPT, spawn
from .tmux import Pane


def _at_the_help() -> pexpect.spawn:
    child = spawn("--seed", "5")
    child.expect(PROMPT)
    child.sendline("?")
    child.expect(r"\(Enter to go back\)")
    return child


def test_ctrl_d_at_the_help_leaves_as_at_the_move_prompt() -> None:
    """Ctrl-D is the end of input everywhere in `play`: at the move prompt it leaves; at the help it
    left nothing, and the person was back at the table wondering why the key did nothing."""
    child = _at_the_help()
    child.sendeof()
    child.expect("Bye!")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in child.before


def test_ctrl_c_at_the_help_asks_as_at_the_move_prompt() -> None:
    """Ctrl-C at the move prompt asks before the game ends; at the help it ended the program at once."""
    child = _at_the_help()
    child.sendintr()
    child.expect("Quit\\? This game ends")
    child.sendline("")  # Enter: play on
    child.expect("you play on")
    child.expect(PROMPT)
    child.sendeof()
    child.expect("Bye!")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_a_line_typed_while_the_bots_play_waits_in_the_prompt_for_enter() -> None:
    """A line typed while it is not the person's turn (the bots play) is shown in the next prompt, to be
    sent with Enter: it was taken at once as typed, before the person saw the screen it answered."""
    child = spawn("--seed", "5", "--delay", "1.5")
    child.expect(PROMPT)
    child.sendline("r")
    child.expect(r"Bot \d (is ready|shows|plays)")  # the bots' moves, one by one: no prompt is up
    child.sendline("?")
    child.expect(PROMPT, timeout=30)
    with pytest.raises(pexpect.TIMEOUT):
        child.expect(r"\(Enter to go back\)", timeout=2)
    assert "?" in ANSI.sub("", child.buffer), child.buffer  # shown after the prompt, as typed
    child.sendline("")  # Enter sends it
    child.expect(r"\(Enter to go back\)", timeout=5)


def test_the_quit_question_is_wrapped_at_words_on_a_narrow_terminal(tmp_path: Path) -> None:
    """Ctrl-C at 40 columns (the narrowest the README names): the question, wider than the terminal, is
    wrapped at words; the terminal cut it mid-word ("you f" / "inish" at a LAN table's 60 columns)."""
    env = {"P2PSHITHEAD_HOME": str(tmp_path), "TERM": "xterm-256color", "LANG": "C.UTF-8"}
    with Pane([PROGRAM, "play", "--seed", "1", "--bots", "2", "--delay", "0"], 40, 20, env) as pane:
        pane.settled()
        pane.keys("C-c")
        deadline = time.monotonic() + 10
        while "plays on" not in (shown := pane.screen()) and time.monotonic() < deadline:
            time.sleep(0.1)
    assert all(len(line) <= 40 for line in shown.split("\n")), shown
    asked = shown[shown.index("Quit?"):]
    assert " ".join(asked.split()) == "Quit? This game ends, not counted. y quits, Enter plays on", asked
