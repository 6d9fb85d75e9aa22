"""`p2pshithead simulate` and `p2pshithead bench engine`, through click's CliRunner."""

from __future__ import annotations

import json

from click.testing import CliRunner

from p2pshithead.cli.main import main


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_simulate_json_has_the_figures_in_bots_order():
    result = run("simulate", "--games", "3", "--players", "3", "--bots", "smart:2p,greedy", "--seed", "5",
                 "--clock", "cpu", "--json")
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert {"results", "avg_turns", "games_per_s"} <= set(figures)
    assert [r["bot"] for r in figures["results"]] == ["smart:2p", "greedy", "greedy"]
    for r in figures["results"]:
        assert {"bot", "loss_rate", "ci95"} <= set(r)
        lo, hi = r["ci95"]
        assert 0 <= lo <= r["loss_rate"] <= hi <= 1
    assert figures["finished"] + figures["move_limit_hits"] == 3
    assert sum(r["losses"] for r in figures["results"]) == figures["finished"]
    smart = figures["results"][0]
    assert smart["searched_decisions"] > 0 and 2 <= smart["playouts_per_decision"] < 8  # 2: one world for every move
    assert "playouts_per_decision" not in figures["results"][1]


def test_simulate_is_reproducible_and_prints_text():
    args = ("simulate", "--games", "6", "--bots", "greedy", "--rules", "hebrew", "--seed", "9")
    one, two = run(*args), run(*args)
    assert one.exit_code == 0 and "loss" in one.output and "games/s" in one.output
    strip = lambda out: [line for line in out.splitlines() if "games/s" not in line]  # noqa: E731
    assert strip(one.output) == strip(two.output)


def test_simulate_in_worker_processes_counts_what_one_process_counts():
    args = ("simulate", "--games", "9", "--players", "3", "--bots", "smart:3p,greedy", "--seed", "4", "--json")
    one, two = (json.loads(run(*args, *jobs).output) for jobs in ((), ("--jobs", "2")))
    for figures in (one, two):
        del figures["games_per_s"]
        for r in figures["results"]:
            for timed in ("seconds_per_decision", "p95_seconds", "max_seconds"):
                r.pop(timed, None)
    assert one == two and one["results"][0]["searched_decisions"] > 0


def test_simulate_rejects_bad_bots():
    for bots in ("greedy,clever", "smart:fast", "random,random,random,random,random"):
        result = CliRunner().invoke(main, ["simulate", "--games", "1", "--bots", bots])
        assert result.exit_code == 2 and "--bots" in result.output


def test_bench_engine_json():
    result = run("bench", "engine", "--games", "3", "--json")
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert {"games_per_s", "us_per_move"} <= set(figures)
    assert figures["games_per_s"] > 0 and figures["us_per_move"] > 0
