"""`bench speed`'s figures: each direction's latency and what it spends over its floor, measured play by play."""

from __future__ import annotations

from p2pshithead.bench.speed import bench_speed


def test_each_direction_is_measured_against_its_floor_which_no_play_beats() -> None:
    figures = bench_speed(target=1, delay_ms=5.0, reaction_ms=20.0, tables=1, budget_s=60.0)
    assert figures["games"] == 1
    own = figures["host_own_delay_ms"]
    assert isinstance(own, float) and own > 0  # the host's fair wait as it played (it read 0: taken after close)
    for direction in ("host_to_joiner", "joiner_to_host"):
        p50, p95 = figures[f"{direction}_ms_p50"], figures[f"{direction}_ms_p95"]
        over50, over95 = figures[f"{direction}_over_floor_ms_p50"], figures[f"{direction}_over_floor_ms_p95"]
        assert isinstance(p50, float) and isinstance(p95, float) and isinstance(over50, float)
        assert isinstance(over95, float) and 5.0 <= p50 <= p95 and 0 <= over50 <= over95 < p95
