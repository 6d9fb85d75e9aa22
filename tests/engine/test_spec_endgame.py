"""RULES.md section 6 and leaving, statement by statement: face-up and face-down play, the end, titles, the
exchange between games, and a player who leaves (docs/rules.md, "Leaving": RULES.md is silent).
"""

from __future__ import annotations

import pytest

from p2pshithead.engine import End, FaceupPickup, IllegalMoveError, Leave, Outcome, Ruleset

from .helpers import after, move, moves, partition_ok, table
from .spec_cases import legal, results

C = "classic"
R = Ruleset

RESULTS = [
    # -- face-up
    ("6: face-up cards of one rank together", C, "play d1 t0 + | U:9c,9d,4h D:Kd | H:Kc | P:5d", ["0 play 9c,9d"],
     {"U0": "4h", "pile": "5d,9c,9d", "turn": 1}),
    ("6: face-up cards join the last hand card", C, "play d1 t0 + | H:9h U:9c,4h D:Kd | H:Kc | P:5d",
     ["0 play 9h,9c"], {"U0": "4h", "H0": "-", "pile": "5d,9h,9c"}),
    ("6: stuck on face-up: a face-up card with the pile", C, "play d1 t0 + | U:4c,5h D:Kd | H:Kc | P:9d",
     ["0 pick 5h"], {"H0": "5h,9d", "U0": "4c", "pile": "-", "turn": 1}),
    ("6: pile_only leaves the face-up cards", R(faceup_pickup=FaceupPickup.PILE_ONLY),
     "play d1 t0 + | U:4c,5h D:Kd | H:Kc | P:9d", ["0 pick"], {"H0": "9d", "U0": "4c,5h"}),
    ("6: hand cards again come first", C, "play d1 t0 + | U:4c,5h D:Kd | H:Kc,Qc | P:9d",
     ["0 pick 5h", "1 play Qc", "0 pick"], {"H0": "5h,9d,Qc", "U0": "4c"}),
    ("6: the face-up row is played out, then face-down", C, "play d1 t0 + | U:Ac D:4d,5d | H:Kc,Qc | P:9d",
     ["0 play Ac", "1 pick"], {"U0": "-", "turn": 0}),
    # -- face-down
    ("6: a playable face-down card is played", C, "play d1 t0 + | D:Ac,4d | H:Kc,Qc | P:9d", ["0 flip Ac"],
     {"D0": "4d", "pile": "9d,Ac", "turn": 1}),
    ("6: an unplayable face-down card goes to hand with the pile", C, "play d1 t0 + | D:4c,5d | H:Kc,Qc | P:9d",
     ["0 flip 4c"], {"D0": "5d", "H0": "4c,9d", "pile": "-", "turn": 1}),
    ("6: then the hand is emptied first", C, "play d1 t0 + | D:4c,5d | H:Kc,Qc | P:9d",
     ["0 flip 4c", "1 play Qc", "0 pick"], {"H0": "4c,9d,Qc"}),
    ("6: a face-down 10 burns and its player turns again", C, "play d1 t0 + | D:10c,4d | H:Kc,Qc | P:Ad",
     ["0 flip 10c"], {"turn": 0, "pile": "-", "burned": 2}),
    ("6: a face-down card completing four of a kind burns", C, "play d1 t0 + | D:9s,4d | H:Kc,Qc | P:9h,9d,9c",
     ["0 flip 9s"], {"turn": 0, "pile": "-"}),
    ("6: a face-down 8 skips", C, "play d0 t0 + | D:8s,4d | H:Kc,Qc | H:Ks,Qs | P:5d", ["0 flip 8s"], {"turn": 2}),
    ("6: a face-down 7 caps", C, "play d1 t0 + | D:7s,4d | H:Kc,6c | P:5d", ["0 flip 7s"], {"top": "7s"}),
    ("6: a face-down 3 on nothing is a 2", C, "play d1 t0 + | D:3s,4d | H:Kc,Qc", ["0 flip 3s", "1 play Qc"],
     {"pile": "3s,Qc"}),
    ("6: a face-down 2 on anything", C, "play d1 t0 + | D:2s,4d | H:Kc,4c | P:Ad", ["0 flip 2s", "1 play 4c"],
     {"top": "4c"}),
    # -- the end
    ("6: out and safe, play goes on", C, "play d0 t0 + | H:Ac | H:Kc,4c | H:Qc,4d | P:9d", ["0 play Ac"],
     {"out": (0,), "over": False, "turn": 1}),
    ("6: the last one holding cards is the Shithead", C, "play d0 t0 + o2 | H:Ac | H:Kc,4c | H:- | P:9d",
     ["0 play Ac"], {"out": (2, 0, 1), "over": True}),
    ("6: out on a 10: the next player leads", C, "play d0 t0 + | H:10c | H:Kc,4c | H:Qc,4d | P:9d", ["0 play 10c"],
     {"out": (0,), "turn": 1, "pile": "-"}),
    ("6: out on four of a kind: the next player leads", C, "play d0 t0 + | H:9s | H:Kc,4c | H:Qc,4d | P:9h,9d,9c",
     ["0 play 9s"], {"out": (0,), "turn": 1, "pile": "-"}),
    ("6: out on an 8: the next one is still skipped", C, "play d0 t0 + | H:8c | H:Kc,4c | H:Qc,4d | H:Jc | P:5d",
     ["0 play 8c"], {"out": (0,), "turn": 2}),
    ("6: out on a 2: anything follows", C, "play d0 t0 + | H:2c | H:4c,5c | H:Qc,4d | P:Ad", ["0 play 2c",
     "1 play 4c"], {"out": (0,), "top": "4c"}),
    ("6: out on a 7: the cap holds for the next", C, "play d0 t0 + | H:7c | H:Kc,4c | H:Qc,4d | P:5d",
     ["0 play 7c", "1 play 4c"], {"top": "4c"}),
    ("6: out on a face-down 10 with two players left ends the game", C,
     "play d1 t0 + | D:10c | H:Kc,4c | P:Ad", ["0 flip 10c"], {"out": (0, 1), "over": True}),
    ("6: out by a face-up play with the last hand card", C, "play d1 t0 + | H:9h U:9c | H:Kc,4c | P:5d",
     ["0 play 9h,9c"], {"out": (0, 1), "over": True}),
    ("6: first_out: the first out wins and play stops", R(end=End.FIRST_OUT),
     "play d0 t0 + | H:Ac | H:Kc,4c | H:Qc,4d | P:9d", ["0 play Ac"], {"out": (0,), "over": True}),
]


test_results = results(RESULTS)


LEGAL = [
    ("6: no legal face-up play: choose one with the pile", C, "play d1 t0 + | U:4c,5h D:Kd | H:Kc | P:9d", 0,
     {"0 pick 4c", "0 pick 5h"}),
    ("6: face-up by choice: the pile only", C, "play d1 t0 + | U:Ac,5h D:Kd | H:Kc | P:9d", 0,
     {"0 play Ac", "0 pick"}),
    ("6: face-down by position, any of them", C, "play d1 t0 + | D:4c,5h,Kd | H:Kc | P:9d", 0,
     {"0 flip 4c", "0 flip 5h", "0 flip Kd"}),
    ("6: with face-down cards only, no pick-up by choice", C, "play d1 t0 + | D:Ac | H:Kc | P:9d", 0, {"0 flip Ac"}),
    ("6: face-up cards join only the whole hand", C, "play d1 t0 + | H:9h,4c U:9c D:Kd | H:Kc | P:5d", 0,
     {"0 play 9h", "0 pick"}),
    ("6: a player out has no moves", C, "play d0 t1 + o0 | H:- | H:Kc | H:Qc | P:5d", 0, set()),
]


test_legal_moves = legal(LEGAL)


def test_flip_needs_the_face_up_row_gone():
    """RULES.md 6: "with hand and face-up empty, the player turns one face-down card"."""
    game = table("play d1 t0 + | U:4c D:Kd | H:Kc | P:9d")
    with pytest.raises(IllegalMoveError, match="before the face-down ones"):
        game.push(move(game, "0 flip Kd"))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_titles(players):
    """RULES.md 6: first out Masta, second Vice-Masta, last Shithead (with two: Masta and Shithead)."""
    outcome = Outcome(tuple(range(players)))
    titles = [outcome.title(p) for p in range(players)]
    assert titles[0] == "Masta" and titles[-1] == "Shithead"
    if players > 2:
        assert titles[1] == "Vice-Masta"
    assert outcome.shithead == players - 1 and outcome.next_dealer == players - 1


def test_first_out_has_a_winner_and_no_shithead():
    """RULES.md 6: "`first_out` (play stops when the first player is out; that player wins)"."""
    game = after(table("play d0 t0 + | H:Ac | H:Kc,4c | H:Qc,4d | P:9d", R(end=End.FIRST_OUT)), "0 play Ac")
    outcome = game.outcome()
    assert outcome is not None and outcome.order[0] == 0 and outcome.shithead is None
    assert outcome.title(0) == "Winner"


def test_the_exchange_between_games():
    """RULES.md 6: "the Shithead deals and gives their best card to the Masta, who gives back a card of their
    choice" (French)."""
    game = table("swap d2 t0 + | H:4c,Kd,9c U:Qd D:9s | H:5c,6d,7h U:6c D:7s | H:6h,Ah,10h U:Jd D:8s", "french")
    game.begin_exchange(Outcome((0, 1, 2)))
    assert moves(game) == {"2 give 10h"}  # a 10 plays on anything: the best card
    after(game, "2 give 10h")
    assert moves(game) == {"0 give 4c", "0 give Kd", "0 give 9c", "0 give 10h"}
    after(game, "0 give 9c")
    assert game.exchange is None and len(game.hand(0)) == len(game.hand(2)) == 3


def test_a_leaver_finishes_last_among_those_still_in():
    """docs/rules.md, "Leaving": out at once, last among those still in; the others play on."""
    game = table("play d0 t0 + | H:Ac,4s | H:Kc,4c | H:Qc,4d")
    game.push(Leave(1))
    after(game, "0 play 4s", "2 play Qc")
    assert game.turn == 0 and game.hand(1) == () and 1 in game.finished
    after(game, "0 play Ac")
    outcome = game.outcome()
    assert outcome is not None and outcome.order == (0, 2, 1) and outcome.shithead == 1


def test_a_leave_on_your_turn_passes_it():
    """docs/rules.md, "Leaving": if it was their turn, the next player still in acts."""
    game = table("play d0 t1 + | H:Ac,4s | H:Kc,4c | H:Qc,4d | P:9d")
    game.push(Leave(1))
    assert game.turn == 2 and partition_ok(game)
