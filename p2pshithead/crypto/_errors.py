# Invariants: every error this package raises is a `DeckError` (a `P2PError`). A `LocalDeckError` means
# this process called the library wrongly (out of turn, bad argument); it is also a `ValueError`. A
# `RemoteDeckError` names, in `peer`, the seat whose message was rejected: `MalformedMessageError` when its
# wire value has the wrong shape, `CheatingError` when it is well formed but breaks the protocol or fails a
# proof.
"""Errors of the deck protocol, split by who is at fault."""

from __future__ import annotations

from p2pshithead.errors import P2PError

__all__ = ["CheatingError", "DeckError", "LocalDeckError", "MalformedMessageError", "RemoteDeckError"]


class DeckError(P2PError):
    """Base of every error raised by `p2pshithead.crypto`."""


class LocalDeckError(DeckError, ValueError):
    """This process used the deck protocol wrongly: an out-of-turn call or a bad argument."""


class RemoteDeckError(DeckError):
    """A peer's message was rejected; `peer` is that peer's seat and `reason` says why."""

    def __init__(self, peer: int, reason: str) -> None:
        super().__init__(f"peer {peer}: {reason}")
        self.peer = peer
        self.reason = reason


class MalformedMessageError(RemoteDeckError):
    """A peer sent a wire value of the wrong shape: bad type, size, count or encoding."""


class CheatingError(RemoteDeckError):
    """A peer sent a well-formed message that breaks the protocol or carries a proof that fails."""
