"""The prompt: the commands that are not moves, seats named by name, the help text. The short
notation itself (every move form, its errors) is the engine's: tests/engine/test_short.py."""

from __future__ import annotations

import pytest

from p2pshithead.cli.prompt import Command, help_text, hint_line, interpret
from p2pshithead.engine import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, Play

from .positions import ACES, HAND, NAMES, SHOW, SWAP, TURBO, Table

COMMANDS = [
    ("?", Command.HELP),
    ("help", Command.HELP),
    ("h", Command.HELP),
    (" HELP ", Command.HELP),
    ("rules", Command.RULES),
    ("quit", Command.QUIT),
    ("exit", Command.QUIT),
]


@pytest.mark.parametrize("text,command", COMMANDS)
def test_commands(text: str, command: Command) -> None:
    assert interpret(text, HAND.view(), 0, NAMES) is command


def test_moves_come_from_the_engine() -> None:
    view = HAND.view()
    assert interpret("77", view, 0, NAMES) == view.parse_short("77", 0)
    move = interpret("a>bot 1", ACES.view(), 0, NAMES)
    assert isinstance(move, Play) and move.target == 1


NAMED = [
    (HAND, "", InvalidMoveError, "type a move, or ? for help"),
    (HAND, "   ", InvalidMoveError, "type a move, or ? for help"),
    (HAND, "xyz", InvalidMoveError, "'xyz'? type a rank"),
    (ACES, "a", AmbiguousMoveError, "A>1 (Bot 1), A>2 (Bot 2), A>3 (Bot 3)"),
    (TURBO, "4", IllegalMoveError, "it is Bot 2's turn; out of turn you may only play the rank just played (9)"),
    (TURBO, "p", IllegalMoveError, "it is Bot 2's turn"),
]


@pytest.mark.parametrize("table,text,error,words", NAMED, ids=[f"{i}:{t}" for i, (_, t, _, _) in enumerate(NAMED)])
def test_errors_name_seats(table: Table, text: str, error: type[Exception], words: str) -> None:
    with pytest.raises(error) as caught:
        interpret(text, table.view(), 0, NAMES)
    assert words in str(caught.value)
    assert not str(caught.value).startswith("player")


def test_without_names_the_engine_words_stand() -> None:
    with pytest.raises(IllegalMoveError, match="it is player 2's turn"):
        interpret("p", TURBO.view(), 0)


def test_hint_line() -> None:
    assert hint_line(HAND.view(), 0) == "Type: 7  77  9  K  p   (? help)"
    assert hint_line(HAND.view(), 1) == ""


def test_help_follows_the_phase() -> None:
    assert "swap 3 K" in help_text(SWAP.view(), 0)
    assert "show -" in help_text(SHOW.view(), 0)
    text = help_text(ACES.view(), 0)
    assert "a>2" in text and "fd 2" in text and "Now you can: 6  A>N" in text
    assert "out of turn" in help_text(TURBO.view(), 0)
