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


def test_a_prompt_without_a_clock_shows_none_left_from_the_prompt_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """The time left of a turn stayed beside the next prompt that has none: "Next game at this table? ...
    0:00 left" (prompt_toolkit keeps a session's right prompt when a read gives None)."""
    import io

    from prompt_toolkit import PromptSession
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output.vt100 import Vt100_Output

    reader = terminal.LineReader()
    monkeypatch.setattr(terminal, "is_console", lambda: True)
    screen = io.StringIO()
    with create_pipe_input() as keys:
        output = Vt100_Output(screen, lambda: Size(rows=24, columns=80), term="xterm")
        monkeypatch.setattr(reader, "_session", PromptSession(input=keys, output=output))

        async def two_reads() -> tuple[str, str]:
            keys.send_text("r\r")
            assert await reader.async_read("> ", right=lambda: "0:00 left") == "r"
            shown = screen.getvalue()
            screen.seek(0)
            screen.truncate()
            keys.send_text("\r")
            await reader.async_read("Next game at this table? ")
            return shown, screen.getvalue()

        turn, next_game = asyncio.run(two_reads())
    assert "0:00 lef" in turn and "Next game at this table?" in next_game and "0:00 lef" not in next_game
    # (the terminal's last column is written apart: "0:00 lef", then "t")
