# Garbage-and-load benchmark: a real host process on loopback, flooded with connections that never say a
# valid hello (idle, slow-loris, half frames, giant length prefixes), its resident memory read from
# /proc/PID/status before, at peak and after; then how soon a seated peer notices that the host froze
# (SIGSTOP) with the default keep-alive. Invariants: traffic only on 127.0.0.1; every socket opened is
# closed; the host is continued and killed, and the temporary folder removed, whatever happens.
"""`bench_garbage`: the figures behind `p2pshithead bench garbage` (Linux: needs /proc)."""

from __future__ import annotations

import asyncio
import os
import signal
import tempfile
import time
from pathlib import Path

from p2pshithead.bench.net import _LOOPBACK, _start_host
from p2pshithead.bench.program import CLI
from p2pshithead.net import FROM_HOST, Connection, Limits, encode_frame

KINDS = ("idle", "slow-loris", "half frame", "giant prefix")
"""The garbage, dealt round-robin: silent, a hello one byte at a time, most of a 16 KiB frame, 2**32-1."""
_HALF = (16 * 1024 - 4).to_bytes(4, "big") + bytes(15 * 1024)
_HELLO = encode_frame({"t": "hello", "v": 1, "key": bytes(32), "nick": "loris", "ready": False})


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise OSError(f"no VmRSS for process {pid}")


async def _async_garbage(port: int, kind: str, hold_s: float) -> str:
    """One garbage connection held up to `hold_s`; what became of it: closed by the host, refused, or held."""
    reader, writer = await asyncio.open_connection(_LOOPBACK, port)
    opening = {"half frame": _HALF, "giant prefix": b"\xff\xff\xff\xff"}.get(kind, b"")
    writer.write(opening)
    trickle = asyncio.ensure_future(_async_trickle(writer, _HELLO if kind == "slow-loris" else b""))
    try:
        async with asyncio.timeout(hold_s):
            said = await reader.read(64)
        return "refused" if b"busy" in said else "closed"
    except TimeoutError:
        return "held"
    except ConnectionError:
        return "closed"
    finally:
        trickle.cancel()
        writer.close()


async def _async_trickle(writer: asyncio.StreamWriter, data: bytes) -> None:
    for byte in data:
        await asyncio.sleep(0.2)
        writer.write(bytes([byte]))


async def _async_flood(pid: int, port: int, connections: int, hold_s: float) -> dict[str, float]:
    peak = _rss_mb(pid)
    tasks = [asyncio.ensure_future(_async_garbage(port, KINDS[k % len(KINDS)], hold_s)) for k in range(connections)]
    while not all(t.done() for t in tasks):
        peak = max(peak, _rss_mb(pid))
        await asyncio.sleep(0.05)
    fates = [t.result() for t in tasks]
    counts = {f"connections_{fate}": float(fates.count(fate)) for fate in ("closed", "refused", "held")}
    return {"rss_peak_mb": peak, **counts}


async def _async_dead_link(pid: int, port: int, limits: Limits) -> float:
    """Seconds from freezing the host (SIGSTOP) to a seated peer's keep-alive showing `limits.silent_s`."""
    reader, writer = await asyncio.open_connection(_LOOPBACK, port)
    async with Connection(reader, writer, FROM_HOST, "host", limits=limits) as conn:
        await conn.async_send({"t": "hello", "v": 1, "key": os.urandom(32), "nick": "probe", "ready": False})
        conn.start_keepalive(limits.keepalive_s)
        listen = asyncio.ensure_future(_async_listen(conn))
        await asyncio.sleep(3 * limits.keepalive_s)  # seated, pings answered
        os.kill(pid, signal.SIGSTOP)
        try:
            stopped = time.monotonic()
            await conn.async_wait_silent(limits.silent_s)
            return time.monotonic() - stopped
        finally:
            os.kill(pid, signal.SIGCONT)
            listen.cancel()


async def _async_listen(conn: Connection) -> None:
    while True:
        await conn.async_recv()


def bench_garbage(connections: int = 200, hold_s: float = 8.0) -> dict[str, float]:
    """Flood a host process with `connections` garbage connections (all opened at once, each held up to
    `hold_s`); return its RSS in MB before, at peak and after, what became of the connections (closed by
    the host's deadlines or limits, refused past the cap, still held at `hold_s`), and dead_link_s: the
    time for a seated peer to notice the host frozen, with the default keep-alive (`Limits()`)."""
    limits = Limits()
    with tempfile.TemporaryDirectory(prefix="p2ps-bench-") as tmp:
        host, port = _start_host(CLI, Path(tmp), 3, "--no-announce")
        try:
            time.sleep(0.5)
            before = _rss_mb(host.pid)
            started = time.monotonic()
            figures = asyncio.run(_async_flood(host.pid, port, connections, hold_s))
            flood_s = time.monotonic() - started
            time.sleep(limits.hello_s)
            after = _rss_mb(host.pid)
            dead_link = asyncio.run(_async_dead_link(host.pid, port, limits))
        finally:
            host.kill()
            host.wait()
    return {"connections": float(connections), "rss_before_mb": before, **figures, "rss_after_mb": after,
            "flood_s": flood_s, "dead_link_s": dead_link, "keepalive_s": limits.keepalive_s,
            "silent_s": limits.silent_s}  # fmt: skip
