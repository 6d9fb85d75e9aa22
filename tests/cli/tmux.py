"""A real terminal for tests: the program in a tmux pane of a given size, on a tmux server of the test's
own (a private socket, killed at the end), its screen read as a person sees it (`capture-pane`)."""

from __future__ import annotations

import itertools
import os
import subprocess
import time
from collections.abc import Sequence
from types import TracebackType

_COUNT = itertools.count()


class Pane:
    """`command` running in a `columns` x `lines` terminal (a context manager that ends it)."""

    def __init__(self, command: Sequence[str], columns: int, lines: int, env: dict[str, str]) -> None:
        self._tmux = ["tmux", "-L", f"p2ps-test-{os.getpid()}-{next(_COUNT)}", "-f", "/dev/null"]
        settings = [arg for name, value in env.items() for arg in ("-e", f"{name}={value}")]
        # (env -u: a COLUMNS or LINES of the test's environment would stand for the pane's size)
        subprocess.run([*self._tmux, "new-session", "-d", "-x", str(columns), "-y", str(lines), *settings,
                        "env", "-u", "COLUMNS", "-u", "LINES", *command], check=True, timeout=10)  # fmt: skip

    def screen(self) -> str:
        """What the terminal shows now, line by line (trailing blanks dropped; a line the terminal wrapped
        is one line, so a line too wide shows)."""
        done = subprocess.run([*self._tmux, "capture-pane", "-p", "-J"], capture_output=True, text=True, check=True,
                              timeout=10)  # fmt: skip
        return "\n".join(line.rstrip() for line in done.stdout.rstrip("\n").split("\n"))

    def keys(self, *keys: str) -> None:
        """Types `keys` (tmux key names: "Enter", or text)."""
        subprocess.run([*self._tmux, "send-keys", *keys], check=True, timeout=10)

    def settled(self, ready: str = ">", seconds: float = 20.0) -> str:
        """The screen once its last line starts with `ready` (the prompt) and it has not changed for 0.5 s."""
        deadline, last, since = time.monotonic() + seconds, None, time.monotonic()
        while time.monotonic() < deadline:
            now = self.screen()
            if now != last:
                last, since = now, time.monotonic()
            elif now.rstrip().split("\n")[-1].startswith(ready) and time.monotonic() - since >= 0.5:
                return now
            time.sleep(0.1)
        raise AssertionError(f"the screen did not settle at {ready!r} in {seconds} s:\n{last}")

    def __enter__(self) -> Pane:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:  # fmt: skip
        subprocess.run([*self._tmux, "kill-server"], capture_output=True, timeout=10)
