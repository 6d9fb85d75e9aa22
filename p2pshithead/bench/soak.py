# Soak: bot tables of separate processes on 127.0.0.1, one after another, with a random kill (-9) of a
# joiner or of the host in most games and the same command run again (`join` / `host --resume`), as a
# crashed laptop would. Invariants: traffic only on loopback; every process is waited for or killed;
# each process has its own config folder under one temporary folder, removed at the end; the run stops
# after `games` tables or `budget_s` seconds, whichever comes first.
"""`soak`: games, rejoins, divergences and lost transcripts over many tables with random kills."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from p2pshithead.bench.program import CLI, HOME_ENV
from p2pshithead.net import FrameDecoder, NetError

_LOOP = "127.0.0.1"
_PROCESS_S = 90.0


def _start(folder: Path, name: str, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([*CLI, *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                            text=True, env={**os.environ, HOME_ENV: str(folder / name)})  # fmt: skip


def _playing(folder: Path, entries: int, deadline: float) -> bool:
    """Whether the peer whose config folder is `folder` has journaled `entries` entries by `deadline` (a
    kill point by the game's progress, not by time: a game of bots lasts about a second)."""
    while True:
        for path in folder.glob("tables/*/entries.p2ps"):
            with contextlib.suppress(OSError, NetError):
                if len(FrameDecoder(str(path)).feed(path.read_bytes())) >= entries:
                    return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)


def _heads(output: str) -> list[str]:
    return [line.split()[-1] for line in output.splitlines() if line.startswith("transcript:")]


def _first_move_after(stats: Path, seat: int, since: float) -> float | None:
    """Seconds from `since` to the first entry by `seat` the host validated after it (its stats file)."""
    try:
        validated = json.loads(stats.read_text())["validated"]
    except (OSError, ValueError, KeyError):
        return None
    times = [at for _, author, _, at, _ in validated if author == seat and at > since]
    return min(times) - since if times else None


def _table(folder: Path, rng: random.Random) -> dict[str, object]:
    """One table of three: the host (autoplay) and two bot joiners; maybe kill one and run it again."""
    stats = folder / "host-stats.json"
    host = _start(folder, "host", "host", "--bind", _LOOP, "--no-announce", "--seats", "3", "--autoplay",
                  "--away-time", "30", "--stats", str(stats))  # fmt: skip
    procs = [host]
    try:
        assert host.stdout is not None
        first = host.stdout.readline()
        if f" on {_LOOP}:" not in first:  # the host did not open its table: count the game as failed
            return {"killed": "none", "completed": False, "diverged": False, "lost": 3, "back_s": None,
                    "error": first.strip() or "the host printed nothing"}  # fmt: skip
        port = first.split(f" on {_LOOP}:")[1].split(";")[0].split()[0]
        join = ["join", "--bot", "--address", f"{_LOOP}:{port}", "--bind", _LOOP]
        a, b = _start(folder, "a", *join), _start(folder, "b", *join)
        procs += [a, b]
        victim = rng.choice(["none", "a", "b", "host"])
        comeback = None
        if victim != "none" and _playing(folder / victim, rng.randint(5, 60), time.monotonic() + _PROCESS_S):
            target = {"a": a, "b": b, "host": host}[victim]
            if target.poll() is None:
                os.kill(target.pid, signal.SIGKILL)
                target.wait()
                comeback = time.monotonic()
                again = ("host", "--resume", "--autoplay", "--stats", str(stats)) if victim == "host" else join
                procs[["host", "a", "b"].index(victim)] = _start(folder, victim, *again)
        outputs = [p.communicate(timeout=_PROCESS_S)[0] for p in procs]
        codes = [p.returncode for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
    heads = [h for out in outputs for h in _heads(out)]
    seat = {"host": 0}.get(victim)  # a joiner's seat is read from the host's output below
    if victim in ("a", "b") and comeback is not None:
        seat = next((int(line.split("seat ")[1].split(")")[0]) for line in outputs[0].splitlines()
                     if "is back" in line), None)  # fmt: skip
    completed = codes == [0, 0, 0]
    return {
        "killed": victim if comeback is not None else "none",
        "completed": completed,
        "trace": "" if completed else "\n".join(f"[{name} exit {code}] " + " | ".join(out.strip().splitlines()[-4:])
                                                 for name, code, out in zip(("host", "a", "b"), codes, outputs,
                                                                            strict=True)),  # fmt: skip
        "diverged": len(set(heads)) > 1,
        "lost": 3 - len(heads),
        "back_s": None if comeback is None or seat is None else _first_move_after(stats, seat, comeback),
    }


def soak(games: int = 200, seed: int = 0, budget_s: float = 3600.0) -> dict[str, object]:
    """Play up to `games` tables (or for `budget_s` seconds) with random kills; return the figures."""
    rng = random.Random(seed)
    results = []
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="p2ps-soak-") as tmp:
        for number in range(games):
            if time.monotonic() - start > budget_s:
                break
            results.append(_table(Path(tmp) / str(number), rng))
    back = [r["back_s"] for r in results if isinstance(r["back_s"], float)]
    return {
        "games": len(results),
        "completed": sum(bool(r["completed"]) for r in results),
        "kills": sum(r["killed"] != "none" for r in results),
        "rejoins": sum(r["killed"] in ("a", "b") for r in results),
        "host_resumes": sum(r["killed"] == "host" for r in results),
        "divergences": sum(bool(r["diverged"]) for r in results),
        "lost_transcripts": sum(int(r["lost"]) for r in results),  # type: ignore[call-overload]
        "back_to_move_s_p50": statistics.median(back) if back else 0.0,
        "back_to_move_s_max": max(back, default=0.0),
        "seconds": time.monotonic() - start,
        "errors": len([r for r in results if "error" in r]),
        "failures": [f"game {n} ({r['killed']} killed): {r.get('error') or r['trace']}"
                     for n, r in enumerate(results) if not r["completed"]],  # fmt: skip
    }
