"""Escape codes on a Windows console. The screens are drawn with them (colors, a table redrawn in place,
the cursor sent home); Windows 10 and later read them once a program turns on its console's VT mode
(ENABLE_VIRTUAL_TERMINAL_PROCESSING), which a console such as conhost leaves off, so they would show as
text. Invariant: `use_escape_codes` changes nothing but that one mode bit of this program's output console,
and nothing at all elsewhere (POSIX terminals, pipes, a console that refuses)."""

from __future__ import annotations

import sys

__all__ = ["use_escape_codes"]

_STD_OUTPUT_HANDLE = -11
_ENABLE_VIRTUAL_TERMINAL_PROCESSING = 0x0004


def use_escape_codes() -> bool:
    """Turn on the VT mode of this program's Windows console; whether escape codes are read there now
    (elsewhere: False, nothing done)."""
    if sys.platform != "win32":
        return False
    import ctypes

    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined,unused-ignore]
    handle = kernel32.GetStdHandle(_STD_OUTPUT_HANDLE)
    mode = ctypes.c_uint32()
    if not kernel32.GetConsoleMode(handle, ctypes.byref(mode)):  # not a console: a pipe or a file
        return False
    return bool(mode.value & _ENABLE_VIRTUAL_TERMINAL_PROCESSING) or bool(
        kernel32.SetConsoleMode(handle, mode.value | _ENABLE_VIRTUAL_TERMINAL_PROCESSING))
