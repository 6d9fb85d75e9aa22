"""`LineReader.read` on a console: a Ctrl-C that lands as the prompt's own event loop begins (asyncio.run's
SIGINT handler, not yet the prompt's, cancels the prompt's task) is the person's Ctrl-C, as at the prompt."""

from __future__ import annotations

import asyncio

import pytest

from p2pshithead.cli import terminal


class _CancelledAtStart:
    """A prompt session whose prompt is cancelled as its loop begins (what asyncio.run does at a Ctrl-C)."""

    def prompt(self, *args: object, **kwargs: object) -> str:
        raise asyncio.CancelledError


def test_a_ctrl_c_as_the_prompt_begins_is_a_keyboard_interrupt(monkeypatch: pytest.MonkeyPatch) -> None:
    reader = terminal.LineReader()
    monkeypatch.setattr(terminal, "is_console", lambda: True)
    monkeypatch.setattr(reader, "_session", _CancelledAtStart())
    with pytest.raises(KeyboardInterrupt):
        reader.read("> ")
