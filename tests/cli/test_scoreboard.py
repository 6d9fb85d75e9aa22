"""The evening's scoreboard: counts per player, titles per game, the earlier games summed up when the
screen is short."""

from __future__ import annotations

from p2pshithead.cli.scoreboard import Scoreboard
from p2pshithead.engine import Outcome


def test_counts_and_titles() -> None:
    board = Scoreboard(["Ann", "Bob", "Cy"])
    assert board.lines() == []
    for order in [(0, 1, 2), (2, 1, 0), (0, 2, 1), (1, 0, 2)]:
        board.add(Outcome(order))
    assert board.count(0, "Masta") == 2 and board.count(2, "Shithead") == 2 and board.count(1, "Shithead") == 1
    lines = board.lines(max_games=10)
    assert lines[0].startswith("Scoreboard, 4 games played") and lines[0].endswith("Masta  Shithead")
    assert lines[1:4] == [
        "  Ann                              2         1",
        "  Bob                              1         1",
        "  Cy                               1         2",
    ]
    assert lines[4] == "  Game 1: Masta Ann, Vice-Masta Bob, Shithead Cy"
    short = board.lines(max_games=3)
    assert short[4:] == ["  (games 1 to 2: in the counts above)", "  Game 3: Masta Ann, Vice-Masta Cy, Shithead Bob",
                         "  Game 4: Masta Bob, Vice-Masta Ann, Shithead Cy"]  # fmt: skip


def test_first_out_wins_counts_winners() -> None:
    board = Scoreboard(["Ann", "Bob"])
    board.add(Outcome((1, 0), first_out_wins=True))
    lines = board.lines()
    assert lines[0].endswith("Winner") and lines[2].endswith("1") and lines[3] == "  Game 1: Winner Bob"
