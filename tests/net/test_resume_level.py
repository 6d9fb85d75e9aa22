"""`host --resume` after Ctrl-C starts each of its bots again at the level that bot was started with,
not at the resume command's `--level` (its default, here)."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pexpect
import pytest

from .test_host_stops import _host
from .test_rejoin import Table, until_playing

pytestmark = pytest.mark.e2e


def _bot_levels(table: Table) -> list[str]:
    """The `--level` of every bot process of this table now running."""
    levels = []
    for pid in table.orphans():
        try:
            args = Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")
        except OSError:
            continue
        if "--bot" in args:
            levels.append(args[args.index("--level") + 1])
    return levels


def _until_bots(table: Table, count: int) -> list[str]:
    deadline = time.monotonic() + 20
    while len(levels := _bot_levels(table)) < count and time.monotonic() < deadline:
        time.sleep(0.1)
    return levels


def test_resumed_bots_keep_their_own_level(table: Table) -> None:
    host = _host(table, "--bind", "127.0.0.1", "--no-announce", "--autoplay", "--seats", "3", "--bots", "2",
                 "--level", "random", "--turn-time", "0")  # fmt: skip
    until_playing(table.root / "host")
    assert _until_bots(table, 2) == ["random", "random"]
    time.sleep(0.5)
    os.kill(host.pid, signal.SIGINT)
    host.expect("host --resume")
    host.expect(pexpect.EOF)
    host.close()
    resumed = _host(table, "--resume", "--autoplay")  # typed as advised: no --level (greedy by default)
    resumed.expect("resuming the game")
    assert _until_bots(table, 2) == ["random", "random"]
    assert resumed.expect([r"finish order: 1\.", "game stopped"]) == 0, resumed.before
    resumed.expect(pexpect.EOF)
