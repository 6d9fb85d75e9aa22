"""Engine errors, split by cause. Each names the player at fault where one is (STYLE.md 4).

Invariant: every error raised by the engine derives from `EngineError`, a `P2PError` like every error
of the package; move errors are also `ValueError`s (python-chess style), so callers may catch either.
"""

from __future__ import annotations

from p2pshithead.errors import P2PError

__all__ = [
    "EngineError",
    "MoveError",
    "IllegalMoveError",
    "InvalidMoveError",
    "AmbiguousMoveError",
    "UnrevealedCardError",
    "RevealConflictError",
    "PositionError",
]


class EngineError(P2PError):
    """Base of every error raised by the rules engine."""

    def __init__(self, message: str, player: int | None = None) -> None:
        super().__init__(message)
        self.player = player
        self.reason = message

    def __str__(self) -> str:
        who = f"player {self.player}: " if self.player is not None else ""
        return f"{who}{self.reason}"


class MoveError(EngineError, ValueError):
    """A move that cannot be pushed."""


class IllegalMoveError(MoveError):
    """A well-formed move that the rules forbid now (e.g. "7 on the pile: play 7 or lower")."""


class InvalidMoveError(MoveError):
    """A move that names cards or players that do not fit the position (not a rules question)."""


class AmbiguousMoveError(MoveError):
    """Short input that matches more than one legal move."""


class UnrevealedCardError(EngineError):
    """A card identity the move needs has not been revealed to this engine."""

    def __init__(self, message: str, slots: tuple[int, ...], player: int | None = None) -> None:
        super().__init__(message, player)
        self.slots = slots


class RevealConflictError(EngineError):
    """A reveal contradicts an identity already known for that slot."""


class PositionError(EngineError, ValueError):
    """A position text that cannot be read, or that no game can reach (`Game.from_text`): the
    message names what is wrong ("turn 5: seats are 0 to 3", "7 x Kh in a deck that holds 1")."""
