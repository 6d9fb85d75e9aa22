# Network benchmark: a bot table of separate processes on loopback, timed from the peers' own records
# (CLOCK_MONOTONIC is one clock for every process of the machine), and how soon `join --list` shows a
# table that is already announced. Invariants: traffic only on 127.0.0.1; every child is waited for or
# killed within `timeout`; the temporary folder is removed.
"""`bench_table` and `bench_listing`: the figures behind `p2pshithead bench net`."""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from p2pshithead.net._discovery import async_watch
from p2pshithead.net._identity import HOME_ENV

_CLI = [sys.executable, "-c", "from p2pshithead.cli.main import main; main(prog_name='p2pshithead')"]
_LOOPBACK = "127.0.0.1"


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def _start_host(folder: Path, seats: int, *extra: str) -> tuple[subprocess.Popen[str], int]:
    env = {**os.environ, HOME_ENV: str(folder / "host")}
    host = subprocess.Popen([*_CLI, "host", "--bind", _LOOPBACK, "--seats", str(seats), "--autoplay", *extra],
                            stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True, env=env)  # fmt: skip
    assert host.stdout is not None
    first = host.stdout.readline()
    return host, int(first.split(f" on {_LOOPBACK}:")[1].split(";")[0])


def _stop(child: subprocess.Popen[str], timeout: float) -> None:
    try:
        child.wait(timeout)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()


def bench_table(players: int = 4, rules: str = "long", timeout: float = 60.0) -> dict[str, float]:
    """Play one bot table of `players` processes; return setup_s, latency_ms_p50/p95, game_s, bytes_per_peer.

    setup_s runs from launching the host to every peer holding the genesis; a move's latency from its
    author sending it to the last peer having validated it; game_s from launch to the last entry validated.
    """
    with tempfile.TemporaryDirectory(prefix="p2ps-bench-") as tmp:
        folder = Path(tmp)
        start = time.monotonic()
        host, port = _start_host(folder, players, "--no-announce", "--rules", rules, "--stats", str(folder / "s0.json"),
                                 "--transcript", str(folder / "host.p2ps"))  # fmt: skip
        joiners = [subprocess.Popen([*_CLI, "join", "--bot", "--quiet", "--address", f"{_LOOPBACK}:{port}",
                                     "--bind", _LOOPBACK, "--stats", str(folder / f"s{k}.json")],
                                    env={**os.environ, HOME_ENV: str(folder / f"bot{k}")}, stdout=subprocess.DEVNULL,
                                    stdin=subprocess.DEVNULL, text=True) for k in range(1, players)]  # fmt: skip
        for child in [*joiners, host]:
            _stop(child, timeout)
        records = [json.loads((folder / f"s{k}.json").read_text()) for k in range(players)]
    validated: dict[tuple[int, int], list[float]] = {}
    for record in records:
        for _, seat, counter, at in record["validated"]:
            validated.setdefault((seat, counter), []).append(at)
    latencies = [(max(validated[(seat, counter)]) - at) * 1000 for r in records for seat, counter, at in r["sent"]]
    return {
        "setup_s": max(validated[(0, 0)]) - start,
        "latency_ms_p50": statistics.median(latencies),
        "latency_ms_p95": _percentile(latencies, 0.95),
        "game_s": max(max(times) for times in validated.values()) - start,
        "bytes_per_peer": statistics.mean(r["bytes_sent"] for r in records),
        "moves": float(len(latencies)),
    }


def bench_listing(samples: int = 10, timeout: float = 3.0) -> dict[str, float]:
    """How long browsing takes to show a table already announced on loopback: list_ms_p50 and list_ms_p95."""
    with tempfile.TemporaryDirectory(prefix="p2ps-bench-") as tmp:
        host, _ = _start_host(Path(tmp), 2, "--name", "bench-listing")
        try:
            times = [asyncio.run(_async_time_to_show("bench-listing", timeout)) * 1000 for _ in range(samples)]
        finally:
            host.kill()
            host.wait()
    return {"list_ms_p50": statistics.median(times), "list_ms_p95": _percentile(times, 0.95)}


async def _async_time_to_show(name: str, timeout: float) -> float:
    start = time.monotonic()
    found = await async_watch(_LOOPBACK, timeout, lambda kind, ad: None, lambda ad: ad.name == name)
    if not any(ad.name == name for ad in found.values()):
        raise TimeoutError(f"table {name!r} not shown within {timeout} s")
    return time.monotonic() - start
