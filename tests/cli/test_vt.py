"""A Windows console is asked to read escape codes (its VT mode) when the program starts; nothing is done
elsewhere. Windows is stood in for by a fake kernel32 that keeps the console's mode."""

from __future__ import annotations

import ctypes
import sys
from types import SimpleNamespace
from typing import Any

import pytest

from p2pshithead.cli.vt import use_escape_codes

VT = 0x0004


class _Kernel32:
    def __init__(self, mode: int | None) -> None:
        self.mode = mode  # None: the output is no console (a pipe)

    def GetStdHandle(self, which: int) -> int:
        assert which == -11  # the standard output
        return 7

    def GetConsoleMode(self, handle: int, mode: Any) -> int:
        if self.mode is None:
            return 0
        mode._obj.value = self.mode
        return 1

    def SetConsoleMode(self, handle: int, mode: int) -> int:
        self.mode = mode
        return 1


@pytest.mark.parametrize("mode", [0x0003, 0x0007])
def test_a_windows_console_is_put_in_vt_mode_keeping_its_other_modes(monkeypatch: pytest.MonkeyPatch,
                                                                     mode: int) -> None:  # fmt: skip
    kernel32 = _Kernel32(mode)
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(kernel32=kernel32), raising=False)
    assert use_escape_codes() and kernel32.mode == mode | VT


def test_a_pipe_on_windows_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    kernel32 = _Kernel32(None)
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(kernel32=kernel32), raising=False)
    assert not use_escape_codes() and kernel32.mode is None


def test_elsewhere_nothing_is_done() -> None:
    assert sys.platform != "win32" and not use_escape_codes()
