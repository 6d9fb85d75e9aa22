"""`p2pshithead simulate --game speed`: the JSON the team's checks read, and errors in words."""

from __future__ import annotations

import json

from click.testing import CliRunner

from p2pshithead.cli.main import main


def test_simulate_speed_json_gives_each_seats_wins() -> None:
    done = CliRunner().invoke(main, ["simulate", "--game", "speed", "--games", "30", "--players", "2",
                                     "--bots", "quick,slow", "--json"])  # fmt: skip
    assert done.exit_code == 0, done.output
    figures = json.loads(done.output)
    results = figures["results"]
    assert [r["seat"] for r in results] == [0, 1] and sum(r["wins"] for r in results) == 30
    assert results[0]["win_rate"] > 0.8  # the quicker sound bot wins most games
    assert results[0]["win_rate"] == results[0]["wins"] / 30


def test_simulate_speed_refuses_bad_input_in_words() -> None:
    runner = CliRunner()
    done = runner.invoke(main, ["simulate", "--game", "speed", "--players", "3"])
    assert done.exit_code == 2 and "Speed is played by 2" in done.output
    done = runner.invoke(main, ["simulate", "--game", "speed", "--rules", "speed jokes=on"])
    assert done.exit_code == 2 and "did you mean jokers" in done.output
