"""`bench net`'s table: real processes on loopback; its figures are measured, not left at zero."""

from __future__ import annotations

from p2pshithead.bench.net import bench_table


def test_a_bot_table_of_processes_reports_what_each_peer_sent_and_how_late_each_validated() -> None:
    figures = bench_table(2)
    assert figures["bytes_per_peer"] > 10_000  # a deck's proofs alone are tens of kilobytes (it once read 0)
    assert figures["game_s"] > 0
    for peer in ("host", "joiner1"):  # each holds every play; none validates a message before it was sent
        assert 0 < figures[f"lag_ms_p50_{peer}"] <= figures[f"lag_ms_p95_{peer}"]
    assert "lag_ms_p50_joiner2" not in figures
