"""RULES.md sections 3 and 4, statement by statement: a turn, the power cards and their corners.

Each case names its statement; positions are written with cards (helpers.table). `spec_cases.look` reads what a
player at the table sees after the moves: the turn, the pile, the hands and rows, burned cards, who is out.
"""

from __future__ import annotations

import pytest

from p2pshithead.engine import IllegalMoveError

from .helpers import after, move, name, table
from .spec_cases import legal, results

C = "classic"


# (statement, rules, position, moves pushed, what is seen after)
RESULTS = [
    # -- section 3: a turn
    ("3: one card", C, "play d1 t0 + | H:9c,4d | H:Kc | P:5d", ["0 play 9c"], {"pile": "5d,9c", "turn": 1}),
    ("3: several cards of the same rank", C, "play d1 t0 + | H:9c,9d,9h,4d | H:Kc | P:5d", ["0 play 9c,9d,9h"],
     {"pile": "5d,9c,9d,9h", "H0": "4d", "turn": 1}),
    ("3: equal rank is enough", C, "play d1 t0 + | H:5c,4d | H:Kc | P:5d", ["0 play 5c"], {"top": "5c"}),
    ("3: any play on an empty pile", C, "play d1 t0 + | H:4c,Kd | H:Kc", ["0 play 4c"], {"pile": "4c"}),
    ("3: refill after playing", C, "play d1 t0 + | H:9c,4d,4h | H:Kc | S:Jd,Qd,Ah | P:5d", ["0 play 9c"],
     {"H0": "4d,4h,Jd", "stock": "Qd,Ah"}),
    ("3: refill up to hand_size after several cards", C, "play d1 t0 + | H:9c,9d,9h | H:Kc | S:Jd,Qd,Ah,Kd | P:5d",
     ["0 play 9c,9d,9h"], {"H0": "Ah,Jd,Qd", "stock": "Kd"}),
    ("3: the stock runs out while refilling", C, "play d1 t0 + | H:9c,9d,4h | H:Kc | S:Jd | P:5d",
     ["0 play 9c,9d"], {"H0": "4h,Jd", "stock": "-"}),
    ("3: no draw while holding hand_size or more", C, "play d1 t0 + | H:9c,4d,4h,6s | H:Kc | S:Jd | P:5d",
     ["0 play 9c"], {"H0": "4d,4h,6s", "stock": "Jd"}),
    ("3: pick-up takes the whole pile", C, "play d1 t0 + | H:4c | H:Kc | P:5d,9h,Jc", ["0 pick"],
     {"H0": "4c,5d,9h,Jc", "pile": "-", "turn": 1}),
    ("3: a pick-up draws nothing", C, "play d1 t0 + | H:4c | H:Kc | S:Qd | P:5d", ["0 pick"],
     {"H0": "4c,5d", "stock": "Qd"}),
    ("3: the next player leads onto an empty pile", C, "play d0 t0 + | H:4c | H:4d | H:Kc | P:5d", ["0 pick"],
     {"turn": 1, "top": None}),
    ("3: a pick-up by choice", C, "play d1 t0 + | H:Ac | H:Kc | P:5d", ["0 pick"], {"H0": "5d,Ac"}),
    ("3: pickup_returns: the last player leads", "karma", "play d0 t1 + l0 | H:9c | H:4c | H:Kc,Qc | P:5d",
     ["1 pick"], {"turn": 0}),
    ("3: clockwise", C, "play d3 t0 + | H:9c,4s | H:Jc,4d | H:Qc,4h | H:Kc,5s", ["0 play 9c", "1 play Jc",
     "2 play Qc", "3 play Kc"], {"turn": 0}),
    # -- section 4: 2
    ("4: 2 on anything", C, "play d1 t0 + | H:2c,4d | H:4c | P:Ad", ["0 play 2c"], {"top": "2c", "turn": 1}),
    ("4: anything on a 2", C, "play d1 t0 + | H:4s,Qs | H:4c,5d | P:Ad,2c", ["0 play 4s"], {"top": "4s"}),
    ("4: 2 on a 7", C, "play d1 t0 + | H:2c,Kd | H:Kc,Qs | P:7d", ["0 play 2c", "1 play Kc"], {"top": "Kc"}),
    # -- section 4: 3 (mirror)
    ("4: 3 on anything, takes the rank beneath", C, "play d1 t0 + | H:3c,4d | H:Kc | P:Qd", ["0 play 3c"],
     {"top": "Qd", "turn": 1}),
    ("4: 3 on an empty pile acts as a 2", C, "play d1 t0 + | H:3c,Kd | H:4c | P:-", ["0 play 3c", "1 play 4c"],
     {"pile": "3c,4c"}),
    ("4: 3 after a burn acts as a 2", C, "play d1 t0 + | H:10c,3c,Kd | H:4c | P:Ad", ["0 play 10c", "0 play 3c",
     "1 play 4c"], {"pile": "3c,4c", "burned": 2}),
    ("4: 3 on a 7 keeps 7 or lower", C, "play d1 t0 + | H:3c,Kd | H:4c,Kc | P:7d", ["0 play 3c", "1 play 4c"],
     {"top": "4c"}),
    ("4: 3 on a 2 keeps anything", C, "play d1 t0 + | H:3c,Kd | H:4c,Qs | P:Ad,2d", ["0 play 3c", "1 play 4c"],
     {"top": "4c"}),
    ("4: 3 on 3 looks further down", C, "play d1 t0 + | H:3c,Kd | H:Kc,Qs | P:Jd,3d", ["0 play 3c", "1 play Kc"],
     {"top": "Kc"}),
    # -- section 4: 10 (burn)
    ("4: 10 on anything burns, same player again", C, "play d1 t0 + | H:10c,4d | H:Kc | P:Ad,Kh", ["0 play 10c"],
     {"pile": "-", "burned": 3, "turn": 0}),
    ("4: 10 on an empty pile burns itself", C, "play d1 t0 + | H:10c,4d | H:Kc", ["0 play 10c"],
     {"pile": "-", "burned": 1, "turn": 0}),
    ("4: 10 on a 7", C, "play d1 t0 + | H:10c,4d | H:Kc | P:7d", ["0 play 10c"], {"pile": "-", "turn": 0}),
    ("4: a burn refills first", C, "play d1 t0 + | H:10c,4d,4h | H:Kc | S:Jd | P:Ad", ["0 play 10c"],
     {"H0": "4d,4h,Jd", "turn": 0, "stock": "-"}),
    ("4: two 10s burn once", C, "play d1 t0 + | H:10c,10d,4h | H:Kc | P:Ad", ["0 play 10c,10d"],
     {"pile": "-", "burned": 3, "turn": 0}),
    # -- section 4: 7
    ("4: 7 on 7 or lower", C, "play d1 t0 + | H:7c,4d | H:Kc | P:7d", ["0 play 7c"], {"top": "7c"}),
    ("4: after a 7, 7 or lower", C, "play d1 t0 + | H:4c,Kd | H:Kc | P:7d", ["0 play 4c"], {"top": "4c"}),
    ("4: 7 on an empty pile caps too", C, "play d1 t0 + | H:7c,Kd | H:6c,Kc", ["0 play 7c", "1 play 6c"],
     {"top": "6c"}),
    ("4: the cap lasts one play", C, "play d1 t0 + | H:5c,Kd | H:6c,Kc | P:7d", ["0 play 5c", "1 play 6c"],
     {"top": "6c"}),
    # -- section 4: 8
    ("4: 8 skips the next player", C, "play d0 t0 + | H:8c,4c | H:9c | H:9d | P:5h", ["0 play 8c"], {"turn": 2}),
    ("4: each extra 8 skips one more", C, "play d0 t0 + | H:8c,8d,4c | H:9c | H:9d | H:9h | P:5h",
     ["0 play 8c,8d"], {"turn": 3}),
    ("4: three 8s round three players: the next but the player", C,
     "play d0 t0 + | H:8c,8d,8h,4c | H:9c | H:9d | P:5h", ["0 play 8c,8d,8h"], {"turn": 1}),
    ("4: 8 with two players: the same player again", C, "play d1 t0 + | H:8c,4c | H:9c | P:5h", ["0 play 8c"],
     {"turn": 0}),
    ("4: 8 on an empty pile skips too", C, "play d0 t0 + | H:8c,4c | H:9c | H:9d", ["0 play 8c"], {"turn": 2}),
    ("4: 8 skips over players out", C, "play d0 t0 + o1 | H:8c,4c | H:- | H:9d | H:9s | P:5h", ["0 play 8c"],
     {"turn": 3}),
    # -- section 4: four of a kind
    ("4: four of a kind across turns", C, "play d0 t0 + | H:5c,Kd | H:5d,Kc | H:5h,Ks | H:5s,Ah",
     ["0 play 5c", "1 play 5d", "2 play 5h", "3 play 5s"], {"pile": "-", "burned": 4, "turn": 3}),
    ("4: mirrors skipped when counting", C, "play d1 t0 + | H:9s,Kd | H:Kc | P:9h,3c,9d,3d,9c", ["0 play 9s"],
     {"pile": "-", "burned": 6, "turn": 0}),
    ("4: a mirror does not make the fourth", C, "play d1 t0 + | H:3s,Kd | H:Kc | P:9h,9d,9c", ["0 play 3s"],
     {"pile": "9h,9d,9c,3s", "turn": 1}),
    ("4: four cards at once", C, "play d1 t0 + | H:Jc,Jd,Jh,Js,4c | H:Kc", ["0 play Jc,Jd,Jh,Js"],
     {"pile": "-", "turn": 0}),
    ("4: two onto two", C, "play d1 t0 + | H:Jc,Jd,4c | H:Kc | P:Jh,Js", ["0 play Jc,Jd"], {"pile": "-", "turn": 0}),
    ("4: four 7s burn and lift the cap", C, "play d1 t0 + | H:7c,Kd,Qs | H:Kc | P:7d,7h,7s", ["0 play 7c", "0 play Kd"],
     {"pile": "Kd", "turn": 1}),
    ("4: four 8s burn and skip nobody", C, "play d0 t0 + | H:8c,Kd | H:Kc | H:Ks | P:8d,8h,8s", ["0 play 8c"],
     {"pile": "-", "turn": 0}),
    ("4: four 2s burn", C, "play d1 t0 + | H:2c,Kd | H:Kc | P:2d,2h,2s", ["0 play 2c"], {"pile": "-", "turn": 0}),
    ("4: the four must be on top", C, "play d1 t0 + | H:9s,Kd | H:Kc | P:9h,9d,9c,Jd", [], {"top": "Jd"}),
    ("4: three and a different rank do not burn", C, "play d1 t0 + | H:Ks,4d | H:Kc | P:9h,9d,9c", ["0 play Ks"],
     {"pile": "9h,9d,9c,Ks", "turn": 1}),
    ("4: a burn refills first, then the same player", C, "play d1 t0 + | H:9s,4d,4h | H:Kc | S:Qd | P:9h,9d,9c",
     ["0 play 9s"], {"H0": "4d,4h,Qd", "turn": 0, "pile": "-"}),
    ("4: a 7 after a burn caps the new pile", C, "play d1 t0 + | H:10c,7c,4d | H:Kc,5c | P:Ad",
     ["0 play 10c", "0 play 7c"], {"top": "7c", "turn": 1}),
    ("4: an 8 after a burn skips", C, "play d0 t0 + | H:10c,8c,4d | H:Kc | H:Ks | P:Ad",
     ["0 play 10c", "0 play 8c"], {"turn": 2}),
]


test_results = results(RESULTS)


# (statement, rules, position, player, legal moves)
LEGAL = [
    ("3: equal or higher, else pick up", C, "play d1 t0 + | H:4c,9h | H:Kc | P:5d", 0, {"0 play 9h", "0 pick"}),
    ("3: nothing playable: pick up only", C, "play d1 t0 + | H:4c,6h | H:Kc | P:9d", 0, {"0 pick"}),
    ("3: cards of different ranks never together", C, "play d1 t0 + | H:9c,Jc | H:Kc | P:5d", 0,
     {"0 play 9c", "0 play Jc", "0 pick"}),
    ("3: hand while it holds cards", C, "play d1 t0 + | H:4c U:Ad D:Kd | H:Kc | P:5d", 0, {"0 pick"}),
    ("3: face-up once hand and stock are empty", C, "play d1 t0 + | U:Ad,4c D:Kd | H:Kc | P:5d", 0,
     {"0 play Ad", "0 pick"}),
    ("3: face-down once face-up is gone", C, "play d1 t0 + | D:Kd,4c | H:Kc | P:5d", 0, {"0 flip Kd", "0 flip 4c"}),
    ("4: 2, 3 and 10 on anything", C, "play d1 t0 + | H:2c,3c,10c,4c | H:Kc | P:Ad", 0,
     {"0 play 2c", "0 play 3c", "0 play 10c", "0 pick"}),
    ("4: 7 only on 7 or lower", C, "play d1 t0 + | H:7c | H:Kc | P:8d", 0, {"0 pick"}),
    ("4: after a 7: 7 or lower, or a power card", C, "play d1 t0 + | H:4c,7h,8c,Ac,2c,3c,10c | H:Kc | P:7d", 0,
     {"0 play 4c", "0 play 7h", "0 play 2c", "0 play 3c", "0 play 10c", "0 pick"}),
    ("4: 8 only on 8 or lower", C, "play d1 t0 + | H:8c | H:Kc | P:9d", 0, {"0 pick"}),
    ("4: 3 on an empty pile: anything follows", C, "play d1 t1 + | H:Kc | H:Ac,4c | P:3d", 1,
     {"1 play Ac", "1 play 4c", "1 pick"}),
]


test_legal_moves = legal(LEGAL)


def test_several_cards_must_share_a_rank():
    """RULES.md 3: "one card, or several cards of the same rank"."""
    game = table("play d1 t0 + | H:9c,Jc | H:Kc | P:5d")
    with pytest.raises(IllegalMoveError, match="one rank"):
        game.push(move(game, "0 play 9c,Jc"))


def test_any_order_of_the_same_cards_is_legal_and_decides_the_top():
    """RULES.md 3 (docs/rules.md): a play of several cards lists them bottom first; any order is legal."""
    for order in ("9c,9d", "9d,9c"):
        game = after(table("play d1 t0 + | H:9c,9d | H:Kc | P:5d"), f"0 play {order}")
        assert name(game, game.pile[-1]) == order[-2:]


@pytest.mark.parametrize(
    "spec, turn",
    [
        ("play d0 t2 + | H:Kc,4c | H:Kd,4d | H:3s,Ks | H:Qs,4s | P:8d", 3),  # a 3 on an 8 skips nobody
        ("play d0 t2 + | H:Kc,4c | H:Kd,4d | H:3s,Ks | H:Qs,4s | P:9d", 3),
    ],
)
def test_a_mirror_takes_the_rank_not_the_action(spec, turn):
    """RULES.md 4: a 3 "takes the effective rank of the card beneath it" (docs/rules.md: the rank, for what
    follows and for four of a kind; not the 8's skip, which went to the player after the 8)."""
    game = after(table(spec), "2 play 3s")
    assert game.turn == turn and game.effective_top() == game.card(game.pile[0])
