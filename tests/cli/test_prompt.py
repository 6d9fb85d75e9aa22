"""The prompt parser: every input form, the errors, the ambiguities (case tables)."""

from __future__ import annotations

import pytest

from p2pshithead.cli.prompt import Command, equivalent, help_text, hints, interpret, short
from p2pshithead.engine import (
    AmbiguousMoveError,
    Flip,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    PickUp,
    Place,
    Play,
    Ready,
    Show,
    Swap,
)

from .positions import ACES, DOWN, EMPTY, HAND, INTERRUPT, JOIN, NAMES, SEVEN, SHOW, SWAP, TURBO, UP, UP_OK, Table


def said(move: Move | Command, view: Game) -> str:
    """A move in words with its cards, to compare against the tables below."""
    if isinstance(move, Command):
        return move.value
    card = lambda s: view.card(s).text()  # noqa: E731
    if isinstance(move, Play):
        return "play " + " ".join(card(s) for s in move.slots) + ("" if move.target is None else f" >{move.target}")
    if isinstance(move, Flip):
        return f"flip #{view.face_down(move.player).index(move.slot) + 1}"
    if isinstance(move, PickUp):
        return "pick" + ("" if move.up is None else " " + card(move.up))
    if isinstance(move, Swap):
        return f"swap {card(move.hand)} {card(move.up)}"
    if isinstance(move, Place):
        return f"place {card(move.hand)}"
    if isinstance(move, Ready):
        return "ready"
    assert isinstance(move, Show)
    return "show " + ("-" if move.slot is None else card(move.slot))


MOVES = [
    # plays from hand: one card, several, by card, forms of "two sevens"
    (HAND, "7", "play 7h"),
    (HAND, "77", "play 7h 7c"),
    (HAND, "7 7", "play 7h 7c"),
    (HAND, "7x2", "play 7h 7c"),
    (HAND, "7 x 2", "play 7h 7c"),
    (HAND, "7*2", "play 7h 7c"),
    (HAND, "7,7", "play 7h 7c"),
    (HAND, "7h", "play 7h"),
    (HAND, "7H", "play 7h"),
    (HAND, "7h7c", "play 7h 7c"),
    (HAND, "9", "play 9d"),
    (HAND, "k", "play Kd"),
    (HAND, " K ", "play Kd"),
    (HAND, "p", "pick"),
    (HAND, "pick", "pick"),
    (HAND, "take", "pick"),
    (HAND, "P", "pick"),
    (HAND, "?", "help"),
    (HAND, "help", "help"),
    (HAND, "rules", "rules"),
    (HAND, "quit", "quit"),
    (HAND, "exit", "quit"),
    (EMPTY, "4", "play 4s"),
    (SEVEN, "4", "play 4s"),
    # ace that gives the pile (french)
    (ACES, "a>2", "play As >2"),
    (ACES, "A > 2", "play As >2"),
    (ACES, "aa>3", "play As Ad >3"),
    (ACES, "a>bot 1", "play As >1"),
    (ACES, "a>bot3", "play As >3"),
    (ACES, "6", "play 6c"),
    # face-down cards
    (DOWN, "fd 2", "flip #2"),
    (DOWN, "fd2", "flip #2"),
    (DOWN, "f 3", "flip #3"),
    (DOWN, "flip 1", "flip #1"),
    (DOWN, "fd #1", "flip #1"),
    (DOWN, "2", "flip #2"),
    # face-up cards
    (UP, "p 9", "pick 9c"),
    (UP, "p 4", "pick 4h"),
    (UP, "pick #1", "pick 4h"),
    (UP, "p 9s", "pick 9s"),
    (UP_OK, "a", "play Ac"),
    (UP_OK, "aa", "play Ac As"),
    (UP_OK, "p", "pick"),
    # the last hand card joined by face-up cards of its rank once the stock is empty
    (JOIN, "7", "play 7h"),
    (JOIN, "77", "play 7h 7c"),
    (JOIN, "777", "play 7h 7c 7d"),
    # swap phase
    (SWAP, "swap 3 k", "swap 3h Ks"),
    (SWAP, "swap 3 K", "swap 3h Ks"),
    (SWAP, "swap 3k", "swap 3h Ks"),
    (SWAP, "s a 10", "swap Ac 10d"),
    (SWAP, "swap #1 #2", "swap 3h 4c"),
    (SWAP, "swap 2 4", "swap 8d 4c"),  # no 2 in hand: a position
    (SWAP, "swap 8d 10", "swap 8d 10d"),
    (SWAP, "r", "ready"),
    (SWAP, "ready", "ready"),
    (SWAP, "done", "ready"),
    # show phase
    (SHOW, "show 4", "show 4c"),
    (SHOW, "4", "show 4c"),
    (SHOW, "show k", "show Kd"),
    (SHOW, "show -", "show -"),
    (SHOW, "-", "show -"),
    (SHOW, "n", "show -"),
    (SHOW, "none", "show -"),
    # out of turn
    (TURBO, "9", "play 9c"),
    (TURBO, "99", "play 9c 9s"),
    (INTERRUPT, "9", "play 9c"),
]


@pytest.mark.parametrize("table,text,expected", MOVES, ids=[f"{i}:{t}" for i, (_, t, _) in enumerate(MOVES)])
def test_moves(table: Table, text: str, expected: str) -> None:
    view = table.view()
    move = interpret(text, view, 0, NAMES)
    assert said(move, view) == expected
    if not isinstance(move, Command):
        assert move in view.moves_for(0)


ERRORS = [
    (HAND, "", InvalidMoveError, "type a move"),
    (HAND, "xyz", InvalidMoveError, "type a rank"),
    (HAND, "1", InvalidMoveError, "type a rank"),
    (HAND, "8", InvalidMoveError, "you have no 8 in your hand"),
    (HAND, "9h", InvalidMoveError, "you have no 9h"),
    (HAND, "777", InvalidMoveError, "only 2 x 7"),
    (HAND, "4", IllegalMoveError, "5 on the pile: play 5 or higher"),
    (SEVEN, "9", IllegalMoveError, "7 on the pile: play 7 or lower"),
    (HAND, "7 9", IllegalMoveError, "one rank"),
    (HAND, "7x0", InvalidMoveError, "type a rank"),
    (HAND, "fd 1", IllegalMoveError, "before the face-down ones"),
    (HAND, "swap 7 q", IllegalMoveError, "swap phase is over"),
    (HAND, "r", IllegalMoveError, "swap phase is over"),
    (HAND, "show 4", IllegalMoveError, "shown only before the first turn"),
    (HAND, "9>1", IllegalMoveError, "only an ace names who takes the pile"),
    (HAND, "a>1", InvalidMoveError, "no A"),
    (EMPTY, "p", IllegalMoveError, "the pile is empty"),
    (ACES, "a", AmbiguousMoveError, "A>1 (Bot 1), A>2 (Bot 2), A>3 (Bot 3)"),
    (ACES, "a>0", IllegalMoveError, "name another player"),
    (ACES, "a>9", InvalidMoveError, "no player 9"),
    (ACES, "a>zed", InvalidMoveError, "name a player by number"),
    (DOWN, "fd", AmbiguousMoveError, "fd 1 to fd 3"),
    (DOWN, "fd 4", InvalidMoveError, "#1 to #3"),
    (DOWN, "fd x", InvalidMoveError, "by position"),
    (DOWN, "7", IllegalMoveError, "flip a face-down card"),
    (DOWN, "p", IllegalMoveError, "flip a face-down card"),
    (UP, "p", AmbiguousMoveError, "p 4, p 9"),
    (UP, "9", IllegalMoveError, "K on the pile"),
    (UP_OK, "p a", IllegalMoveError, "only when none of them can be played"),
    (SWAP, "swap 3", InvalidMoveError, "swap <hand card> <face-up card>"),
    (SWAP, "swap 5 k", InvalidMoveError, "no 5 in your hand"),
    (SWAP, "swap 3 q", InvalidMoveError, "no Q in your face-up cards"),
    (SWAP, "swap #4 k", InvalidMoveError, "#1 to #3"),
    (SWAP, "7", IllegalMoveError, "swap phase"),
    (SWAP, "place 3", IllegalMoveError, "face-up row is full"),
    (SWAP, "place", InvalidMoveError, "place which card"),
    (SHOW, "show", AmbiguousMoveError, "show which card"),
    (SHOW, "show 5", InvalidMoveError, "no 5 in your hand"),
    (SHOW, "p", IllegalMoveError, "show phase"),
    (TURBO, "4", IllegalMoveError, "it is Bot 2's turn; out of turn you may only play the rank just played (9)"),
    (TURBO, "p", IllegalMoveError, "it is Bot 2's turn"),
    (INTERRUPT, "4", IllegalMoveError, "complete four of a kind"),
]


@pytest.mark.parametrize("table,text,error,words", ERRORS, ids=[f"{i}:{t}" for i, (_, t, _, _) in enumerate(ERRORS)])
def test_errors(table: Table, text: str, error: type[Exception], words: str) -> None:
    with pytest.raises(error) as caught:
        interpret(text, table.view(), 0, NAMES)
    assert words in str(caught.value)
    assert not str(caught.value).startswith("player")


TABLES = [HAND, SEVEN, ACES, DOWN, UP, UP_OK, SWAP, SHOW, JOIN, TURBO, INTERRUPT, EMPTY]


@pytest.mark.parametrize("table", TABLES)
def test_short_round_trip(table: Table) -> None:
    """Every legal move has a short input that maps back to it (or an equal-rank twin)."""
    view = table.view()
    for move in view.moves_for(0):
        back = interpret(short(move, view), view, 0, NAMES)
        assert not isinstance(back, Command)
        assert equivalent(back, move, view), (short(move, view), back, move)


@pytest.mark.parametrize("table", TABLES)
def test_hints_are_inputs(table: Table) -> None:
    """Every hint but the placeholders ("swap H U", ">N", "fd 1-3") is accepted as typed."""
    view = table.view()
    for hint in hints(view, 0):
        text = hint.replace(">N", ">1").replace("swap H U", "r").replace("fd 1-3", "fd 1")
        assert not isinstance(interpret(text, view, 0, NAMES), Command)


def test_hints_lowest_first() -> None:
    assert hints(HAND.view(), 0) == ["7", "77", "9", "K", "p"]
    assert hints(DOWN.view(), 0) == ["fd 1-3"]
    assert hints(ACES.view(), 0) == ["6", "A>N", "AA>N", "p"]
    assert hints(SWAP.view(), 0)[0] == "r"


def test_help_follows_the_phase() -> None:
    assert "swap 3 K" in help_text(SWAP.view(), 0)
    assert "show -" in help_text(SHOW.view(), 0)
    text = help_text(ACES.view(), 0)
    assert "a>2" in text and "fd 2" in text and "Now you can: 6  A>N" in text
    assert "out of turn" in help_text(TURBO.view(), 0)
