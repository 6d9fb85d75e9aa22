"""Examples at the end of a command's `--help` (click's epilog), one way for every command."""

from __future__ import annotations

from p2pshithead.lang import _

__all__ = ["EXAMPLE_PREFIX", "examples"]

EXAMPLE_PREFIX = "  $ p2pshithead "


def examples(*lines: str) -> str:
    """An epilog listing `lines` (each a command line after "p2pshithead"), kept as written by click."""
    return "\b\n" + _("Examples:") + "\n" + "\n".join(EXAMPLE_PREFIX + line for line in lines)
