"""Error classes: split by cause, each naming the player at fault (STYLE.md 4)."""

from __future__ import annotations

from p2pshithead.engine import (
    AmbiguousMoveError,
    EngineError,
    IllegalMoveError,
    InvalidMoveError,
    MoveError,
    RevealConflictError,
    UnrevealedCardError,
)


def test_hierarchy():
    for kind in (IllegalMoveError, InvalidMoveError, AmbiguousMoveError):
        assert issubclass(kind, MoveError) and issubclass(kind, ValueError) and issubclass(kind, EngineError)
    assert not issubclass(UnrevealedCardError, ValueError)
    assert issubclass(RevealConflictError, EngineError)


def test_messages_name_the_player():
    err = IllegalMoveError("7 on the pile: play 7 or lower", 2)
    assert str(err) == "player 2: 7 on the pile: play 7 or lower"
    assert err.player == 2 and err.reason == "7 on the pile: play 7 or lower"
    assert str(EngineError("broken")) == "broken"
    hidden = UnrevealedCardError("slot 4 has not been revealed", (4,), 1)
    assert hidden.slots == (4,) and str(hidden) == "player 1: slot 4 has not been revealed"
