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

from p2pshithead.bench.program import CLI, HOME_ENV
from p2pshithead.net import async_watch

_LOOPBACK = "127.0.0.1"


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def _start_host(cli: list[str], folder: Path, seats: int, *extra: str) -> tuple[subprocess.Popen[str], int]:
    env = {**os.environ, HOME_ENV: str(folder / "host")}
    host = subprocess.Popen([*cli, "host", "--bind", _LOOPBACK, "--seats", str(seats), "--autoplay", *extra],
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


def bench_table(players: int = 4, rules: str = "classic", timeout: float = 60.0,
                python: str = sys.executable) -> dict[str, float]:  # fmt: skip
    """Play one bot table of `players` processes; return its figures.

    launch_s runs from launching the host to the host sealing the genesis (processes start, connect, sit);
    setup_s from the genesis to every peer holding the dealt game (keys, shuffles with proofs, deal);
    a move's latency from its author sending it to the last peer having validated it (latency_ms_*: the
    messages of play, whose shares and proofs are small; setup_latency_ms_max: the slowest setup message);
    game_s from the genesis to the last entry validated; bytes_per_peer: bytes each process sent;
    lag_ms_p50_<peer> and lag_ms_p95_<peer>: from a play message's author sending it to that peer (host,
    joiner1, ...) having validated it. `python`: the interpreter the processes run (another checkout's
    .venv/bin/python measures that checkout side by side).
    """
    cli = [python, *CLI[1:]]
    with tempfile.TemporaryDirectory(prefix="p2ps-bench-") as tmp:
        folder = Path(tmp)
        start = time.monotonic()
        host, port = _start_host(cli, folder, players, "--no-announce", "--rules", rules, "--stats",
                                 str(folder / "s0.json"), "--transcript", str(folder / "host.p2ps"))  # fmt: skip
        joiners = [subprocess.Popen([*cli, "join", "--bot", "--quiet", "--address", f"{_LOOPBACK}:{port}",
                                     "--bind", _LOOPBACK, "--stats", str(folder / f"s{k}.json")],
                                    env={**os.environ, HOME_ENV: str(folder / f"bot{k}")}, stdout=subprocess.DEVNULL,
                                    stdin=subprocess.DEVNULL, text=True) for k in range(1, players)]  # fmt: skip
        for child in [*joiners, host]:
            _stop(child, timeout)
        records = [json.loads((folder / f"s{k}.json").read_text()) for k in range(players)]
    validated: dict[tuple[int, int], list[float]] = {}
    index: dict[tuple[int, int], int] = {}
    dealt = min((i for r in records for i, _, _, _, setup in r["validated"] if not setup), default=0)
    for record in records:
        for i, seat, counter, at, _ in record["validated"]:
            validated.setdefault((seat, counter), []).append(at)
            index[(seat, counter)] = i
    genesis = min(validated[(0, 0)])
    sent = [(index[(seat, counter)], (max(validated[(seat, counter)]) - at) * 1000)
            for r in records for seat, counter, at in r["sent"] if (seat, counter) in index]  # fmt: skip
    play = [ms for i, ms in sent if i > dealt] or [0.0]
    setup = [ms for i, ms in sent if i <= dealt] or [0.0]
    by_index = {index[key]: times for key, times in validated.items()}
    return {
        **_peer_lags(records, {key for key, i in index.items() if i > dealt}),
        "launch_s": genesis - start,
        "setup_s": max(by_index[dealt]) - genesis if dealt in by_index else 0.0,
        "latency_ms_p50": statistics.median(play),
        "latency_ms_p95": _percentile(play, 0.95),
        "setup_latency_ms_max": max(setup),
        "game_s": max(max(times) for times in validated.values()) - genesis,
        "bytes_per_peer": statistics.mean(r["bytes_sent"] for r in records),
        "moves": float(len(play)),
        "entries": float(len(validated)),
    }


def _peer_lags(records: list[dict[str, list[list[float]]]], plays: set[tuple[int, int]]) -> dict[str, float]:
    """p50 and p95 of each process's lag (record 0 the host's, then joiner1, ...): from the author's sending
    each message of `plays` (seat, counter) to that process having validated it, in milliseconds."""
    sent = {(seat, counter): at for r in records for seat, counter, at in r["sent"] if (seat, counter) in plays}
    figures: dict[str, float] = {}
    for k, record in enumerate(records):
        lags = [(at - sent[(seat, counter)]) * 1000 for _, seat, counter, at, _ in record["validated"]
                if (seat, counter) in sent] or [0.0]  # fmt: skip
        peer = f"joiner{k}" if k else "host"
        figures[f"lag_ms_p50_{peer}"], figures[f"lag_ms_p95_{peer}"] = statistics.median(lags), _percentile(lags, 0.95)
    return figures


def bench_listing(samples: int = 10, timeout: float = 3.0) -> dict[str, float]:
    """How long browsing takes to show a table already announced on loopback: list_ms_p50 and list_ms_p95."""
    with tempfile.TemporaryDirectory(prefix="p2ps-bench-") as tmp:
        host, _ = _start_host(CLI, Path(tmp), 2, "--table", "bench-listing")
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
