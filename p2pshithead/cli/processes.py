"""The other processes of this program (the bots a host starts) on any platform: each started apart from
the terminal (Ctrl-C there is the host's to handle: POSIX, a session of its own; Windows, a process group
of its own), found alive by pid, and ended. On Windows `os.kill(pid, 0)` would send Ctrl-C and there is
no SIGKILL, so a pid is looked at through the process API there."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from typing import Any

__all__ = ["APART", "alive", "end"]

APART: dict[str, Any]
if sys.platform == "win32":
    APART = {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP}
else:
    APART = {"start_new_session": True}
"""`subprocess.Popen` keywords that start a process apart from this terminal's Ctrl-C."""


def alive(pid: int) -> bool:
    """Whether process `pid` still runs."""
    if sys.platform == "win32":
        import ctypes

        kernel32 = ctypes.windll.kernel32
        handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return False
        try:
            code = ctypes.c_ulong()
            return bool(kernel32.GetExitCodeProcess(handle, ctypes.byref(code))) and code.value == 259  # STILL_ACTIVE
        finally:
            kernel32.CloseHandle(handle)
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    return True


def end(pid: int) -> None:
    """End process `pid` at once (gone already: nothing)."""
    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGTERM if sys.platform == "win32" else signal.SIGKILL)  # Windows: TerminateProcess
