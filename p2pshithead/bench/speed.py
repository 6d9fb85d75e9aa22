# Speed over real sockets (the figures behind `p2pshithead bench speed`): a host and a joiner in one
# event loop (one clock for both), the joiner reaching the host through a `DelayProxy`, each seat played
# by an equally quick racing bot (the same strategy and reaction time, both preferring the left pile so
# that they race for it). Invariants: traffic only on 127.0.0.1; every game is bounded by `timeout`;
# both ends' transcripts are compared entry by entry (identical heads, equal states).
"""`async_speed_table`, `races`, `play_latencies` and `bench_speed`."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import random
import statistics
import time
from dataclasses import dataclass

from p2pshithead.bench.proxy import DelayProxy
from p2pshithead.net import Entry, Host, Identity, Joiner, Limits, Stats, TableConfig, Transcript, decode_object
from p2pshithead.speed import SpeedBot
from p2pshithead.speedgame import SPEED, SpeedApp, SpeedBotAgent

__all__ = ["SpeedTableRun", "async_speed_table", "bench_speed", "play_latencies", "races"]


@dataclass(frozen=True, slots=True)
class SpeedTableRun:
    """One networked game: both ends' transcripts and timing records."""

    host: Transcript
    joiner: Transcript
    host_stats: Stats
    joiner_stats: Stats


async def async_speed_table(rules: str = "speed", delay: float = 0.01, reaction: float = 0.05, seed: int = 0, *,
                            jitter: float = 0.1, timeout: float = 120.0,
                            fair: bool = True) -> SpeedTableRun:  # fmt: skip
    """Play one game of Speed between two racing bots over loopback, the joiner `delay` s away each way.
    `fair=False` runs the same table without the host's own delay (to show what it removes)."""
    spec = SPEED if fair else dataclasses.replace(SPEED, realtime=False)
    config = TableConfig("speed-bench", spec, rules, 2, "127.0.0.1", announce=False)
    limits = Limits(keepalive_s=0.1)
    rng = random.Random(seed)

    def agent() -> SpeedBotAgent:
        return SpeedBotAgent(SpeedBot("sound", reaction), random.Random(rng.random()), jitter, pile=0)

    async with Host(Identity.generate("host"), config, agent(), table_id=os.urandom(16), secret=b"", host_ready=True,
                    notify=lambda event: None, clock=time.monotonic, limits=limits) as host:  # fmt: skip
        proxy = await DelayProxy(host.port, delay).__aenter__()
        joiner = Joiner(Identity.generate("joiner"), ("127.0.0.1",), proxy.port, {spec.name: spec},
                        lambda name: agent(), bot=True, bind="127.0.0.1", notify=lambda event: None,
                        clock=time.monotonic, limits=limits)  # fmt: skip
        try:
            async with joiner:
                ends = await asyncio.wait_for(asyncio.gather(host.async_run(), joiner.async_run()), timeout)
        finally:
            await proxy.async_close()
    return SpeedTableRun(ends[0], ends[1], host.stats, joiner.stats)


def _plays(transcript: Transcript) -> list[tuple[Entry, dict[str, object]]]:
    """(entry, payload) of every play in the transcript."""
    found = []
    for entry in transcript.entries[1:]:
        body = decode_object(entry.msg.body, "transcript")
        payload = body.get("p") if isinstance(body, dict) and body.get("k") == "app" else None
        if isinstance(payload, dict) and payload["t"] == "play":
            found.append((entry, payload))
    return found


def races(transcript: Transcript) -> list[int]:
    """The winner of each race: two seats' plays onto the same pile, each sent seeing the same pile
    (round, pile, length); the first in the transcript won."""
    first: dict[tuple[object, object, object], int] = {}
    winners = []
    for entry, play in _plays(transcript):
        key = (play["r"], play["p"], play["n"])
        if key in first and first[key] != entry.msg.seat:
            winners.append(first[key])
            first[key] = -1  # counted
        first.setdefault(key, entry.msg.seat)
    return winners


def play_latencies(run: SpeedTableRun) -> dict[int, list[float]]:
    """Milliseconds from a seat's program sending a play to the other peer having applied it, by author."""
    out: dict[int, list[float]] = {0: [], 1: []}
    for seat, _, other in _play_times(run):
        out[seat].append(other)
    return out


def _play_times(run: SpeedTableRun) -> list[tuple[int, float, float]]:
    """Each play both peers applied: its author's seat and the milliseconds from its author sending it to
    the author's own peer, and to the other, having applied it (the host's own: its fair wait)."""
    applied = [{(s, c): at for _, s, c, at, _ in stats.validated} for stats in (run.host_stats, run.joiner_stats)]
    sent = {(s, c): at for stats in (run.host_stats, run.joiner_stats) for s, c, at in stats.sent}
    out = []
    for entry, _ in _plays(run.host):
        seat, key = entry.msg.seat, (entry.msg.seat, entry.msg.counter)
        if key in sent and all(key in peer for peer in applied):
            own, other = applied[seat][key], applied[1 - seat][key]
            out.append((seat, (own - sent[key]) * 1000, (other - sent[key]) * 1000))
    return out


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))] if ordered else 0.0


def bench_speed(target: int = 1000, delay_ms: float = 10.0, reaction_ms: float = 50.0, rules: str = "speed",
                tables: int = 4, budget_s: float = 240.0, fair: bool = True) -> dict[str, object]:  # fmt: skip
    """Play games, `tables` at a time, until `target` races are counted (or `budget_s` runs out); the
    host's share of them, the play latencies, and a check that both ends of every game agree."""
    winners: list[int] = []
    latencies: dict[int, list[float]] = {0: [], 1: []}
    over: dict[int, list[float]] = {0: [], 1: []}  # each play's latency over its floor
    delays: list[float] = []
    games, late, start = 0, 0, time.monotonic()
    while len(winners) < target and time.monotonic() - start < budget_s:
        batch = asyncio.run(_async_batch(rules, delay_ms / 1000, reaction_ms / 1000, range(games, games + tables),
                                         fair))  # fmt: skip
        for run in batch:
            if run.host.head != run.joiner.head or not _same_state(run):
                raise RuntimeError(f"game {games}: the two ends disagree")
            games += 1
            winners += races(run.host)
            for seat, own, other in _play_times(run):
                wait = own if seat == 0 else 0.0  # the host's own play waits its fair wait
                latencies[seat].append(other)
                over[seat].append(other - delay_ms - wait)
                delays += [wait] if seat == 0 else []
            late += sum(1 for _ in _plays(run.host)) - sum(_app(run.host).game.plays)
    both = latencies[0] + latencies[1]
    return {
        "race_share_host": winners.count(0) / len(winners) if winners else 0.0,
        "races": len(winners), "games": games, "late_plays": late,
        "latency_ms_p50": statistics.median(both) if both else 0.0, "latency_ms_p95": _percentile(both, 0.95),
        **_direction("host_to_joiner", latencies[0], over[0]), **_direction("joiner_to_host", latencies[1], over[1]),
        "delay_ms_each_way": delay_ms, "reaction_ms": reaction_ms,
        "host_own_delay_ms": statistics.median(delays) if delays else 0.0, "fair": fair,
        "seconds": time.monotonic() - start,
    }  # fmt: skip


def _direction(name: str, values: list[float], over: list[float]) -> dict[str, float]:
    """One direction's play latencies, p50 and p95 (ms), and by how much they exceed their floor, play by
    play: what no relay can beat, the delay on the line, and for the host's plays its own fair wait too."""
    return {f"{name}_ms_p50": statistics.median(values) if values else 0.0, f"{name}_ms_p95": _percentile(values, 0.95),
            f"{name}_over_floor_ms_p50": statistics.median(over) if over else 0.0,
            f"{name}_over_floor_ms_p95": _percentile(over, 0.95)}  # fmt: skip


async def _async_batch(rules: str, delay: float, reaction: float, seeds: range, fair: bool) -> list[SpeedTableRun]:
    return list(await asyncio.gather(*(async_speed_table(rules, delay, reaction, seed, fair=fair) for seed in seeds)))


def _app(transcript: Transcript) -> SpeedApp:
    app = transcript.app
    assert isinstance(app, SpeedApp)
    return app


def _same_state(run: SpeedTableRun) -> bool:
    return _app(run.host).state == _app(run.joiner).state
