# Start-up benchmark: the CPU time (user + system) of the program's own process, as a person starts it,
# against `python -c "import click, msgpack"` measured in the same runs (interleaved, so a load on the
# machine weighs on both alike). `--help` and `rules classic` run to their end; `play` is stopped once its
# first screen is out (its first line through a pipe), and `join --list` once its first line is (it looks
# on loopback only). Each command runs once first, not counted: it writes the bytecode caches the counted
# runs read, in a folder of their own (PYTHONPYCACHEPREFIX, even where PYTHONDONTWRITEBYTECODE is set, as
# an installed program has its caches), so nothing is written beside the sources. Invariants: every child
# is ended and waited for; each figure is the median of `runs`; the config and cache folders are temporary
# ones, removed after. POSIX only (a child's CPU time from os.wait4).
"""`bench_start`: the figures behind `p2pshithead bench start`."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence

from p2pshithead.bench.program import CLI, HOME_ENV

__all__ = ["BASELINE", "BUDGETS", "CASES", "bench_start"]

BASELINE = [sys.executable, "-c", "import click, msgpack"]
CASES = {  # name -> (arguments, whether it is stopped at its first line)
    "help": (["--help"], False),
    "rules": (["rules", "classic"], False),
    "play": (["play", "--bots", "1", "--seed", "1", "--ascii"], True),
    "join_list": (["join", "--list", "--wait", "0.5", "--bind", "127.0.0.1"], True),
    "help_he": (["--help", "--lang", "he"], False),
}
BUDGETS = {  # name -> how its figure is taken against the baseline, and the most it may be (issue 22)
    "help": ("ratio", 2.0),  # a multiple of the baseline
    "rules": ("ratio", 2.0),
    "play": ("over_s", 0.3),  # seconds over the baseline
    "join_list": ("over_s", 0.3),
    "help_he": ("of_english", 1.05),  # a multiple of `help` in English (issue 23: within 5%)
}


def _cpu(command: Sequence[str], env: dict[str, str], first_line_only: bool) -> float:
    """Seconds of CPU the process `command` used: to its end, or to its first line of output."""
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             env=env)  # fmt: skip
    assert child.stdout is not None and child.stdin is not None
    if first_line_only:
        child.stdout.readline()
        child.kill()
    else:
        child.stdin.close()
        child.stdout.read()
    _, _, usage = os.wait4(child.pid, 0)
    child.returncode = 0  # waited for above: Popen must not wait again
    for stream in (child.stdin, child.stdout):
        stream.close()
    return usage.ru_utime + usage.ru_stime


def bench_start(runs: int = 5, cases: Sequence[str] = tuple(CASES)) -> dict[str, float | int]:
    """CPU seconds of the baseline and of each of `cases` (median of `runs`), and each case's figure against
    the baseline, `<case>_ratio` or `<case>_over_s`, or `help_he_of_english` against `help` (`BUDGETS`),
    beside its target, `<figure>_max`."""
    with tempfile.TemporaryDirectory(prefix="p2ps-start-") as home:
        env = {**os.environ, HOME_ENV: home, "PYTHONPYCACHEPREFIX": os.path.join(home, "bytecode")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        commands = {"baseline": (BASELINE, False)}
        wanted = [*cases, *(["help"] if "help_he" in cases and "help" not in cases else [])]
        commands.update({name: ([*CLI, *CASES[name][0]], CASES[name][1]) for name in wanted})
        times: dict[str, list[float]] = {name: [] for name in commands}
        for counted in [False] + [True] * runs:
            for name, (command, first_line_only) in commands.items():
                seconds = _cpu(command, env, first_line_only)
                if counted:
                    times[name].append(seconds)
    median = {name: statistics.median(values) for name, values in times.items()}
    figures: dict[str, float | int] = {"runs": runs, "baseline_cpu_s": round(median["baseline"], 4)}
    for name in cases:
        figures[f"{name}_cpu_s"] = round(median[name], 4)
        kind, most = BUDGETS[name]
        if kind == "ratio":
            figures[f"{name}_ratio"] = round(median[name] / median["baseline"], 2)
        elif kind == "of_english":
            figures[f"{name}_of_english"] = round(median[name] / median["help"], 3)
        else:
            figures[f"{name}_over_s"] = round(median[name] - median["baseline"], 4)
        figures[f"{name}_{kind}_max"] = most
    return figures
