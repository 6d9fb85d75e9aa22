# Invariants: a `WireError` knows where in a value (its path) and what is wrong, never who sent it; the
# boundary that knows the sender turns it, once, into its own error naming that sender.
"""`WireError`: a peer's value does not have the declared shape."""

from __future__ import annotations

from p2pshithead.errors import P2PError

__all__ = ["WireError"]


class WireError(P2PError):
    """The value at `path` (e.g. `deck[3][0]`, empty for the whole value) is refused; `reason` says why.

    It names no peer: the layer that received the value converts it into its own error naming the sender.
    """

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"field {path}: {reason}" if path else reason)
        self.path = path
        self.reason = reason

    def inside(self, step: str | int) -> WireError:
        """This error seen from the container holding the value: `step` (a map key or a list index) prefixed."""
        head = f"[{step}]" if isinstance(step, int) else step
        sep = "." if self.path and not self.path.startswith("[") else ""
        return WireError(f"{head}{sep}{self.path}", self.reason)
