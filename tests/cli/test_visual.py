"""Hebrew lines reach a terminal in visual order (cli/visual.py): words right to left; commands, cards,
options and colors whole where they sit and left to right; unpaired brackets mirrored, escape sequences
at a line's ends kept there; lines with no Hebrew, a terminal that reorders itself (`--bidi terminal`)
and pipes get the text as it is."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from p2pshithead import lang
from p2pshithead.cli import visual
from p2pshithead.cli.main import main

RED_7 = click.style("7\u2665", fg="red", bold=True)


@pytest.fixture(autouse=True)
def _program_reorders() -> Iterator[None]:
    yield
    visual.install("program")  # (the test's streams are no terminals: nothing is wrapped)


@pytest.mark.parametrize("line,right_to_left,drawn", [
    ("הנחתם 7♥ 8♠ על הערימה.", True, ".המירעה לע 7♥ 8♠ םתחנה"),
    ("להקליד: show -   (? עזרה)", True, "(הרזע ?)   show - :דילקהל"),
    ("▶[0] אני    מוסתר 3 חשוף 3♦ 9♦ A♠", True, "3♦ 9♦ A♠ ףושח 3 רתסומ    ינא ▶[0]"),
    ("החלפה (swap 3 K), ואז r לסיום", True, "םויסל r זאו ,(swap 3 K) הפלחה"),
    ("הקלידו fd 2 כדי להפוך, או --lang fr (עכשיו).", True, ".(וישכע) --lang fr וא ,ךופהל ידכ fd 2 ודילקה"),
    (f"\r\x1b[Kתורכם: {RED_7}, K♠\x1b[K", True, f"\r\x1b[K{RED_7}, K♠ :םכרות\x1b[K"),
    ("\x1b[H\x1b[2Jתורכם: 7♥\r", True, "\x1b[H\x1b[2J7♥ :םכרות\r"),
    (f"יד: 6♠ {RED_7}", True, f"6♠ {RED_7} :די"),  # (the color's end is the card's, not the line's)
    ("מדידת מהירות וגודל (engine, deck, net), זמן", True, "ןמז ,(engine, deck, net) לדוגו תוריהמ תדידמ"),
    ("Alice (דני) plays 7♥", False, "Alice (ינד) plays 7♥"),
    ("Alice plays 7♥ 8♠ (--lang fr)", True, "Alice plays 7♥ 8♠ (--lang fr)"),
])  # fmt: skip
def test_a_line_is_drawn_in_visual_order(line: str, right_to_left: bool, drawn: str) -> None:
    assert visual.visual(line, right_to_left) == drawn


def test_the_program_writes_hebrew_to_a_terminal_in_visual_order_unless_the_terminal_does(
        monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen = Terminal()
    monkeypatch.setattr(sys, "stdout", screen)
    lang.use("he")
    visual.install("program")
    click.echo("הנחתם 7♥\nK♠ 8♦")
    assert screen.getvalue() == "7♥ םתחנה\nK♠ 8♦\n"
    visual.install("terminal")
    assert visual.shown("הנחתם 7♥") == "הנחתם 7♥"


def test_a_pipe_gets_the_logical_order(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["--help", "--lang", "he"], env={"P2PSHITHEAD_HOME": str(tmp_path)})
    assert "השפה לדבר בה" in result.output


@pytest.mark.parametrize("args,env,said", [
    (["--bidi", "sideways", "rules"], {}, "Invalid value for '--bidi': sideways is not one of program, terminal."),
    (["rules"], {visual.ENV: "sideways"}, "P2PSHITHEAD_BIDI=sideways is not one of program, terminal: set one "
                                          "of them, or unset P2PSHITHEAD_BIDI."),
])  # fmt: skip
def test_a_bidi_mode_that_is_none_is_refused_naming_its_source(tmp_path: Path, args: list[str],
                                                               env: dict[str, str], said: str) -> None:
    result = CliRunner().invoke(main, args, env={"P2PSHITHEAD_HOME": str(tmp_path), **env})
    assert result.exit_code in (1, 2) and said in " ".join(result.output.split()), result.output
