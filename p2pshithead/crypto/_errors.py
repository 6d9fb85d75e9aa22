# Invariants: every error this package raises is a `DeckError` (a `P2PError`). A `LocalDeckError` means
# this process called the library wrongly (out of turn, bad argument); it is also a `ValueError`. A
# `RemoteDeckError` names, in `peer`, the seat whose message was rejected: `MalformedMessageError` when its
# wire value has the wrong shape, `CheatingError` when it is well formed but breaks the protocol or fails a
# proof. A `WrongKeyError` (a `LocalDeckError`) says this process's own key share is wrong, never a peer.
"""Errors of the deck protocol, split by who is at fault."""

from __future__ import annotations

from p2pshithead.errors import LocalSecretError, P2PError

__all__ = ["CheatingError", "DeckError", "LocalDeckError", "MalformedMessageError", "RemoteDeckError", "WrongKeyError"]


class DeckError(P2PError):
    """Base of every error raised by `p2pshithead.crypto`."""


class LocalDeckError(DeckError, ValueError):
    """This process used the deck protocol wrongly: an out-of-turn call or a bad argument."""


class WrongKeyError(LocalDeckError, LocalSecretError):
    """This process's key share is not the one its seat committed to: its shares open no card, its own
    key share in the transcript is not its key's. The local secret is wrong; no peer is at fault."""


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
