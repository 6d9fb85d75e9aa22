"""Moves: shapes and notation (docs/notation.md)."""

from __future__ import annotations

import pytest

from p2pshithead.engine import Flip, PickUp, Place, Play, Ready, Show, Swap, move_from_text


@pytest.mark.parametrize(
    "text, move",
    [
        ("2 play 17,23", Play(2, (17, 23))), ("2 play 40>1", Play(2, (40,), 1)), ("0 swap 12 4", Swap(0, 12, 4)),
        ("1 place 15", Place(1, 15)), ("1 ready", Ready(1)), ("3 show 9", Show(3, 9)), ("3 show -", Show(3, None)),
        ("1 pick", PickUp(1)), ("1 pick 30", PickUp(1, 30)), ("3 flip 40", Flip(3, 40)),
    ],
)
def test_notation(text, move):
    assert move_from_text(text) == move
    assert move.text() == text


@pytest.mark.parametrize("bad", ["", "1", "1 dance", "x play 1", "1 play", "1 play a", "1 swap 1", "1 ready 2",
                                 "1 play 1,1", "-1 pick", "1 pick 1 2", "1 play 2>"])
def test_bad_notation(bad):
    with pytest.raises(ValueError, match="not a move"):
        move_from_text(bad)


@pytest.mark.parametrize(
    "build",
    [lambda: Play(0, ()),
     lambda: Play(0, [1]),  # type: ignore[arg-type]
     lambda: Play(0, (1, 1)), lambda: Play(-1, (1,)), lambda: Play(0, (1,), -2), lambda: Swap(0, True, 1),
     lambda: Flip(0, -1), lambda: PickUp(0, -1), lambda: Show(0, -3), lambda: Ready(-1),
     lambda: Place(0, "1"),  # type: ignore[arg-type]
     lambda: Play(True, (1,)), lambda: Play(0, (1, False)), lambda: Play(0, (2, -1)),
     lambda: Play(0, (1.0,)),  # type: ignore[arg-type]
     lambda: Play(0, (1,), True)],
)
def test_shape_checks(build):
    with pytest.raises(ValueError):
        build()
