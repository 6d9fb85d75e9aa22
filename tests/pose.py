"""Run the program as another platform would: `python tests/pose.py win32|darwin ARGS...` runs
`p2pshithead ARGS...`, and `python tests/pose.py win32|darwin -c CODE` runs CODE, after:

- sys.platform and platform.system() say the platform ("win32"/"Windows", "darwin"/"Darwin"), so
  every module imported after that (ours, click, prompt_toolkit, platformdirs, zeroconf) takes that
  platform's branches;
- as Windows: the POSIX-only modules cannot be imported (a meta-path finder refuses them and they are
  dropped from sys.modules), the os and signal names Windows lacks are gone, and the event loop refuses
  add_reader, add_writer and add_signal_handler as Windows' proactor loop does.

What stays this machine's: os.name and os.path (pathlib would refuse Windows paths here), sockets, and what
is imported before the pose, whose Windows halves need Windows itself (its API through msvcrt, _winapi,
_overlapped, ctypes.windll: its console functions are answered as for a pipe) or whose layout of this
machine's structures must stay this machine's: asyncio, subprocess, multiprocessing (for
concurrent.futures), ifaddr (the interfaces) and click (its Windows console streams; its get_app_dir is told
it is on Windows). Where platformdirs would ask the Windows shell for a known folder, the pose answers from
the environment (%APPDATA%), as platformdirs' own fallback does.
"""

from __future__ import annotations

import asyncio
import concurrent.futures.process
import ctypes
import errno
import importlib.abc
import os
import platform
import signal
import subprocess
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType, SimpleNamespace

import click.utils
import ifaddr

POSIX_ONLY = frozenset({"termios", "tty", "pty", "fcntl", "resource", "grp", "pwd", "readline", "curses",
                        "_curses", "syslog", "posix_ipc", "crypt", "nis", "spwd", "_posixshmem"})  # fmt: skip
OS_NAMES = ("fork", "forkpty", "killpg", "getuid", "geteuid", "getpgid", "setsid", "wait4", "wait3", "getloadavg",
            "uname", "sched_getaffinity", "mkfifo", "pipe2", "sysconf")  # fmt: skip
WINDOWS_SIGNALS = frozenset({"SIGABRT", "SIGFPE", "SIGILL", "SIGINT", "SIGSEGV", "SIGTERM", "SIGBREAK"})
WINSOCK_ERRNO = {"WSAEINVAL": 10022, "WSAEADDRINUSE": 10048, "WSAEADDRNOTAVAIL": 10049, "WSAENETUNREACH": 10051,
                 "WSAECONNRESET": 10054, "WSAETIMEDOUT": 10060, "WSAECONNREFUSED": 10061, "WSAEHOSTUNREACH": 10065}
"""errno names only Windows has (zeroconf reads them there)."""
SYSTEMS = {"win32": "Windows", "darwin": "Darwin"}
assert asyncio and concurrent.futures.process and ifaddr and subprocess  # their POSIX halves, before the pose


class PosixOnly(importlib.abc.MetaPathFinder):
    """Refuses the POSIX-only modules, as a Windows Python has none of them."""

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None) -> ModuleSpec:
        if fullname.split(".")[0] in POSIX_ONLY:
            raise ModuleNotFoundError(f"No module named {fullname!r} (posing as Windows)", name=fullname)
        return None  # type: ignore[return-value]  # (typeshed wants a spec; None means "not mine")


def _refused(self: object, *args: object) -> None:
    raise NotImplementedError  # as the proactor event loop does


def pose(platform_name: str) -> None:
    """Make this process look like `platform_name` to everything imported from now on."""
    sys.platform = platform_name
    system = SYSTEMS[platform_name]
    platform.system = lambda: system
    if platform_name != "win32":
        return
    sys.meta_path.insert(0, PosixOnly())
    for name in [m for m in sys.modules if m.split(".")[0] in POSIX_ONLY]:
        del sys.modules[name]
    for name in OS_NAMES:
        if hasattr(os, name):
            delattr(os, name)
    for name in [n for n in dir(signal) if n.startswith("SIG") and not n.startswith("SIG_")]:
        if name not in WINDOWS_SIGNALS:
            delattr(signal, name)
    signal.SIGBREAK = 21  # type: ignore[attr-defined]  # Windows' Ctrl-Break
    for name, number in WINSOCK_ERRNO.items():
        setattr(errno, name, number)
    click.utils.WIN = True  # (read by get_app_dir alone)
    import platformdirs.windows  # (after the platform is set: platformdirs picks its class on import)

    platformdirs.windows._RESOLVE_WIN_FOLDER = platformdirs.windows.get_win_folder_from_env_vars  # type: ignore[misc]
    subprocess.CREATE_NEW_PROCESS_GROUP = 0x200  # type: ignore[attr-defined]  # Windows' (this POSIX Popen would refuse to start with it)
    loop = asyncio.SelectorEventLoop
    loop.add_reader = loop.add_writer = loop.add_signal_handler = _refused  # type: ignore[method-assign,assignment]
    ctypes.windll = SimpleNamespace(kernel32=_Console())  # type: ignore[attr-defined]


class _Console:
    """The console functions of Windows' kernel32 the program calls, as Windows answers them for a
    standard output that is no console (the pose runs through pipes)."""

    def GetStdHandle(self, which: int) -> int:
        return 7

    def GetConsoleMode(self, handle: int, mode: object) -> int:
        return 0  # not a console

    def SetConsoleMode(self, handle: int, mode: int) -> int:
        raise AssertionError("no console mode is set on a pipe")


def main(argv: list[str]) -> None:
    pose(argv[0])
    if argv[1:2] == ["-c"]:
        exec(compile(argv[2], "<pose -c>", "exec"), {"__name__": "__main__"})
        return
    from p2pshithead.cli.main import main as program

    program(argv[1:], prog_name="p2pshithead")


if __name__ == "__main__":
    main(sys.argv[1:])
