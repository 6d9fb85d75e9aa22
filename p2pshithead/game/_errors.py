"""The game protocol's error: a fault the transcript proves against one seat."""

from __future__ import annotations

from p2pshithead.errors import Fault

__all__ = ["GameFault"]

GameFault = Fault
"""The one `Fault` (an alias kept only while `_protocol.py` still names it)."""
