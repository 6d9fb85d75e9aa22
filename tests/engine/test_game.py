"""Case tables for `Game`, one RULES.md section (or variant) per table; one line per case.

Positions are written with cards instead of slots (see helpers.table); moves likewise.
"""

from __future__ import annotations

import random

import pytest

from p2pshithead.engine import (
    PRESETS,
    Eight,
    End,
    FaceupPickup,
    Five,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    JokerRule,
    Nine,
    Phase,
    PickUp,
    Ready,
    Ruleset,
    Seven,
    Start,
    UnrevealedCardError,
    preset,
)

from .helpers import after, known, move, moves, name, partition_ok, table

C = "classic"
PAGAT = "pagat"
R = Ruleset
# -- legal moves: (case, rules, position, player, the player's legal moves) --------------------

LEGAL = [
    # section 3: a turn
    ("equal or higher", C, "play d1 t0 + | H:5h,6h,4c | H:7c | P:5d", 0, {"0 play 5h", "0 play 6h", "0 pick"}),
    ("same rank together", C, "play d1 t0 + | H:6h,6d,9c | H:7c | P:5d", 0,
     {"0 play 6h", "0 play 6d", "0 play 6h,6d", "0 play 9c", "0 pick"}),
    ("empty pile: anything, no pick-up", C, "play d1 t0 + | H:4c,Ah | H:7c", 0, {"0 play 4c", "0 play Ah"}),
    ("hand before face-up", C, "play d1 t0 + | H:4c U:Ah | H:7c | P:5d", 0, {"0 pick"}),
    ("face-up once hand and stock are empty", C, "play d1 t0 + | U:6h,6d,4c D:9s | H:7c | P:5d", 0,
     {"0 play 6h", "0 play 6d", "0 play 6h,6d", "0 pick"}),
    ("face-down: flip any", C, "play d1 t0 + | D:9s,4c | H:7c | P:5d", 0, {"0 flip 9s", "0 flip 4c"}),
    ("not your turn: nothing", C, "play d1 t0 + | H:4c | H:7c | P:5d", 1, set()),
    # section 6: face-up extension of the last hand card, and stuck face-up
    ("extension: whole hand + same-rank face-up", C, "play d1 t0 + | H:5h U:5c,5s,Kd | H:7c | P:4d", 0,
     {"0 play 5h", "0 play 5h,5c", "0 play 5h,5s", "0 play 5h,5c,5s", "0 pick"}),
    ("extension needs the whole hand", C, "play d1 t0 + | H:5h,5d U:5c | H:7c | P:4d", 0,
     {"0 play 5h", "0 play 5d", "0 play 5h,5d", "0 play 5h,5d,5c", "0 pick"}),
    ("no extension while the stock lasts", C, "play d1 t0 + | H:5h U:5c | H:7c | S:9d | P:4d", 0,
     {"0 play 5h", "0 pick"}),
    ("nine suit: the extension follows suit too", R(nine=Nine.SUIT), "play d1 t0 + | H:5h,5c U:5d,5s | H:7c | P:9h", 0,
     {"0 play 5h", "0 pick"}),
    ("nine suit: face-up cards out of suit stay", R(nine=Nine.SUIT), "play d1 t0 + | H:5h U:5s | H:7c | P:9h", 0,
     {"0 play 5h", "0 pick"}),
    ("no extension of an unplayable hand", C, "play d1 t0 + | H:5h U:5c | H:7c | P:9d", 0, {"0 pick"}),
    ("stuck face-up takes a card", C, "play d1 t0 + | U:4c,4d D:9s | H:7c | P:5d", 0, {"0 pick 4c", "0 pick 4d"}),
    ("pile_only: stuck face-up takes the pile", R(faceup_pickup=FaceupPickup.PILE_ONLY),
     "play d1 t0 + | U:4c,4d D:9s | H:7c | P:5d", 0, {"0 pick"}),
    # section 4: power cards
    ("2 on anything", C, "play d1 t0 + | H:2c,4c | H:7c | P:Ad", 0, {"0 play 2c", "0 pick"}),
    ("anything on a 2", C, "play d1 t0 + | H:4c | H:7c | P:Ad,2c", 0, {"0 play 4c", "0 pick"}),
    ("3 mirrors the card beneath", C, "play d1 t0 + | H:4c,9d | H:7c | P:9h,3c", 0, {"0 play 9d", "0 pick"}),
    ("3 on an empty pile acts as a 2", C, "play d1 t0 + | H:4c | H:7c | P:3c", 0, {"0 play 4c", "0 pick"}),
    ("7 then 3: still 7 or lower", C, "play d1 t0 + | H:8c,6d | H:7c | P:7h,3c", 0, {"0 play 6d", "0 pick"}),
    ("7: 7 or lower, or power", C, "play d1 t0 + | H:8c,7d,4c,2c,10s | H:9c | P:7h", 0,
     {"0 play 7d", "0 play 4c", "0 play 2c", "0 play 10s", "0 pick"}),
    ("10 on anything", C, "play d1 t0 + | H:10c | H:7c | P:Ah", 0, {"0 play 10c", "0 pick"}),
    # section 5: out-of-turn windows
    ("classic: no out-of-turn plays", C, "play d0 t1 + w0:5:- | H:4c | H:4d | H:5s | P:5h,5d,5c", 2, set()),
    ("interrupt: complete four of a kind", "hebrew", "play d0 t1 + w0:5:- | H:4c | H:4d | H:5s,9c | P:5h,5d,5c", 2,
     {"2 play 5s"}),
    ("interrupt: three of a kind is not enough", "hebrew", "play d0 t1 + w0:5:- | H:4c | H:4d | H:5s | P:5h,5d", 2,
     set()),
    ("interrupt: add a drawn card of the rank", "hebrew", "play d0 t1 + w0:9:9d | H:9d,4c | H:4d | H:Ks | P:9h", 0,
     {"0 play 9d"}),
    ("interrupt: not a card drawn earlier", "hebrew", "play d0 t1 + w0:9:4c | H:9d,4c | H:4d | H:Ks | P:9h", 0, set()),
    ("interrupt: no adding with two players", "hebrew", "play d0 t1 + w0:9:9d | H:9d,4c | H:4d | P:9h", 0, set()),
    ("interrupt: nor with two players still in", "hebrew", "play d0 t1 + o2 w0:9:9d | H:9d,4c | H:4d | H:- | P:9h",
     0, set()),
    ("interrupt: two players, nobody waits for an answer", "hebrew",
     "play d0 t1 + w0:5:- | H:5s,9c | H:4d | P:5h,5d,5c", 0, set()),
    ("turbo: the rank just played", "french", "play d0 t1 + w0:9:- | H:4c | H:4d | H:9d,9s,4s | P:9h", 2,
     {"2 play 9d", "2 play 9s", "2 play 9d,9s"}),
    ("turbo: not an 8", "french", "play d0 t1 + w0:8:- | H:4c | H:4d | H:8d | P:8h", 2, set()),
    ("turbo: not an ace when aces give the pile", "french", "play d0 t1 + w0:14:- | H:4c | H:4d | H:Ad | P:Ah", 2,
     set()),
    ("turbo: not your own rank again", "french", "play d0 t1 + w0:9:- | H:9c | H:4d | H:4s | P:9h", 0, set()),
    ("turbo from face-up once the hand is empty", "french", "play d0 t1 + w0:9:- | H:4c | H:4d | U:9d | P:9h", 2,
     {"2 play 9d"}),
    # section 7 variants
    ("pagat: 3 is plain and low", PAGAT, "play d1 t0 + | H:3c,4c | H:7c | P:9h", 0, {"0 pick"}),
    ("pagat: anything on a 3", PAGAT, "play d1 t0 + | H:4c | H:7c | P:3h", 0, {"0 play 4c", "0 pick"}),
    ("pagat: 7 is plain", PAGAT, "play d1 t0 + | H:8c,6c | H:7d | P:7h", 0, {"0 play 8c", "0 pick"}),
    ("seven mirror: on anything", R(seven=Seven.MIRROR), "play d1 t0 + | H:7c,4d | H:7d | P:9h", 0,
     {"0 play 7c", "0 pick"}),
    ("seven mirror: looks through", R(seven=Seven.MIRROR), "play d1 t0 + | H:4d,Kd | H:7d | P:9h,7c", 0,
     {"0 play Kd", "0 pick"}),
    ("eight reverse: on anything, transparent", R(eight=Eight.REVERSE), "play d1 t0 + | H:8c,4d,Kd | H:7d | P:9h", 0,
     {"0 play 8c", "0 play Kd", "0 pick"}),
    ("nine suit: follow suit or power", R(nine=Nine.SUIT), "play d1 t0 + | H:Kh,Kc,2d,4h | H:7d | P:9h", 0,
     {"0 play Kh", "0 play 2d", "0 play 4h", "0 pick"}),
    ("five lower: lower than 5", R(five=Five.LOWER), "play d1 t0 + | H:4c,5c,6c | H:7d | P:5h", 0,
     {"0 play 4c", "0 pick"}),
    ("joker on anything", R(jokers=2), "play d1 t0 + | H:Jo | H:7d | P:Ah", 0, {"0 play Jo", "0 pick"}),
    ("joker reverse: transparent", R(jokers=2), "play d1 t0 + | H:4c,Ac | H:7d | P:Ah,Jo", 0, {"0 play Ac", "0 pick"}),
    ("joker wild: transparent", R(jokers=2, joker=JokerRule.WILD), "play d1 t0 + | H:4c,9c | H:7d | P:9h,Jo", 0,
     {"0 play 9c", "0 pick"}),
    ("joker skip: anything after", R(jokers=2, joker=JokerRule.SKIP), "play d1 t0 + | H:4c | H:7d | P:Ah,Jo", 0,
     {"0 play 4c", "0 pick"}),
    # Jane's jokers (Pagat seed item 48): skip, then count as a 2, a mirror or a 7
    ("joker skip_mirror: transparent", R(jokers=2, joker=JokerRule.SKIP_MIRROR),
     "play d1 t0 + | H:4c,9c | H:7d | P:9h,Jo", 0, {"0 play 9c", "0 pick"}),
    ("joker skip_mirror: on anything", R(jokers=2, joker=JokerRule.SKIP_MIRROR), "play d1 t0 + | H:Jo | H:7d | P:Ah",
     0, {"0 play Jo", "0 pick"}),
    ("joker skip_seven: 7 or higher", R(jokers=2, joker=JokerRule.SKIP_SEVEN),
     "play d1 t0 + | H:4c,7c,8c,2d | H:7d | P:Ah,Jo", 0, {"0 play 7c", "0 play 8c", "0 play 2d", "0 pick"}),
    ("ace names a taker", "french", "play d0 t0 + | H:Ah,4c | H:7d | H:8d | P:9h", 0,
     {"0 play Ah>1", "0 play Ah>2", "0 pick"}),
    ("a 3 on an ace names a taker too", "french", "play d0 t0 + | H:3c | H:7d | H:8d | P:Ah", 0,
     {"0 play 3c>1", "0 play 3c>2", "0 pick"}),
    ("not a finished player", "french", "play d0 t0 + o2 | H:Ah | H:7d | H:- | P:9h", 0, {"0 play Ah>1", "0 pick"}),
    ("an ace that burns names nobody", "french", "play d0 t0 + | H:Ah | H:7d | H:8d | P:Ad,Ac,As", 0,
     {"0 play Ah", "0 pick"}),
    ("answer an ace: ace, 2, 10 or 3", "french", "play d0 t1 + | H:4c | H:Ad,2d,10d,3d,Kd | H:8d | P:Ah", 1,
     {"1 play Ad>0", "1 play Ad>2", "1 play 2d", "1 play 10d", "1 play 3d>0", "1 play 3d>2", "1 pick"}),
    ("ten_not_on_faces: not on a K", R(ten_not_on_faces=True), "play d1 t0 + | H:10c | H:7d | P:Kh", 0, {"0 pick"}),
    ("ten_not_on_faces: on a 9", R(ten_not_on_faces=True), "play d1 t0 + | H:10c | H:7d | P:9h", 0,
     {"0 play 10c", "0 pick"}),
    ("pickup_voluntary off: must play", R(pickup_voluntary=False), "play d1 t0 + | H:9c,4c | H:7d | P:5h", 0,
     {"0 play 9c"}),
    ("pickup_voluntary off: stuck", R(pickup_voluntary=False), "play d1 t0 + | H:4c | H:7d | P:5h", 0, {"0 pick"}),
    # issue 9 corners: the face-up pick-up by choice (Pagat seed), and the face-down row
    ("classic: a face-up pick-up by choice takes only the pile", C, "play d1 t0 + | U:6h,4c D:9s | H:7c | P:5d", 0,
     {"0 play 6h", "0 pick"}),
    ("pagat: a face-up pick-up by choice takes a face-up card", PAGAT, "play d1 t0 + | U:6h,4c D:9s | H:7c | P:5d", 0,
     {"0 play 6h", "0 pick 6h", "0 pick 4c"}),
    ("pagat: stuck on face-up, take a card", PAGAT, "play d1 t0 + | U:4h,4c D:9s | H:7c | P:5d", 0,
     {"0 pick 4h", "0 pick 4c"}),
    ("pagat: from the hand, the pile only", PAGAT, "play d1 t0 + | H:6h U:4c | H:7c | P:5d", 0,
     {"0 play 6h", "0 pick"}),
    ("always_with_card, pickup_voluntary off: play", R(faceup_pickup=FaceupPickup.ALWAYS_WITH_CARD,
     pickup_voluntary=False), "play d1 t0 + | U:6h,4c D:9s | H:7c | P:5d", 0, {"0 play 6h"}),
    ("pickup_voluntary: the face-down row flips, never picks up", C, "play d1 t0 + | D:4c,Kc | H:7c | P:Ad", 0,
     {"0 flip 4c", "0 flip Kc"}),
    # Jane's 10 (Pagat seed 47) and 8 (46)
    ("ten_not_on_eight: not on an 8", R(ten_not_on_eight=True), "play d1 t0 + | H:10c | H:7d | P:8h", 0, {"0 pick"}),
    ("ten_not_on_eight: on anything else", R(ten_not_on_eight=True), "play d1 t0 + | H:10c | H:7d | P:Ah", 0,
     {"0 play 10c", "0 pick"}),
    ("ten_not_on_eight: looks through a reverse 8", R(ten_not_on_eight=True, eight=Eight.REVERSE),
     "play d1 t0 + | H:10c | H:7d | P:9h,8h", 0, {"0 play 10c", "0 pick"}),
    ("eight under: lower than 8, another 8, a joker or a power card", R(eight=Eight.UNDER, jokers=2),
     "play d1 t0 + | H:9c,8d,4c,Jo,10s,Ks | H:7d | P:8h", 0,
     {"0 play 8d", "0 play 4c", "0 play Jo", "0 play 10s", "0 pick"}),
    ("Jane's 8 and 10 together", R(eight=Eight.UNDER, jokers=2, ten_not_on_eight=True),
     "play d1 t0 + | H:9c,8d,Jo,10s | H:7d | P:8h", 0, {"0 play 8d", "0 play Jo", "0 pick"}),
    ("eight under: an 8 goes on a 7 only as seven allows", R(eight=Eight.UNDER), "play d1 t0 + | H:8c,7c | H:7d | P:7h",
     0, {"0 play 7c", "0 pick"}),
    # section 2: swap and show
    ("swap phase", C, "swap d1 t0 + | H:4c U:Kd D:9s | H:5c U:6d D:7s", 0, {"0 ready", "0 swap 4c Kd"}),
    ("swap phase: ready players wait", C, "swap d1 t0 + r0 | H:4c U:Kd D:9s | H:5c U:6d D:7s", 0, set()),
    ("swap off: no swaps", R(swap=False, stack_faceup=True), "swap d1 t0 + | H:4c U:Kd D:9s | H:5c U:6d D:7s", 0,
     {"0 ready"}),
    ("karma: stack a duplicate", "karma", "swap d1 t0 + | H:Kc,4c U:Kd D:9s | H:5c U:6d D:7s", 0,
     {"0 ready", "0 place Kc", "0 swap Kc Kd", "0 swap 4c Kd"}),
    ("deal_six: place three first", R(deal_six=True), "swap d1 t0 + | H:4c,5c | H:5d U:6d D:7s", 0,
     {"0 place 4c", "0 place 5c"}),
    ("show phase", C, "show d1 t0 + | H:4c,Kd | H:5c", 0, {"0 show -", "0 show 4c", "0 show Kd"}),
]


@pytest.mark.parametrize("rules, spec, player, expected", [c[1:] for c in LEGAL], ids=[c[0] for c in LEGAL])
def test_legal_moves(rules, spec, player, expected):
    game = table(spec, rules)
    assert moves(game, player) == expected
    for text in expected:
        assert game.is_legal(move(game, text))


# -- results: (case, rules, position, moves pushed, {property: value}) -------------------------


def _look(game: Game) -> dict[str, object]:
    names = lambda slots: ",".join(name(game, x) for x in slots) or "-"  # noqa: E731
    seen: dict[str, object] = {
        "turn": game.turn,
        "dir": game.direction,
        "pile": names(game.pile),
        "burned": sum(1 for x in game.burned if game.card(x) is not None and x in game.public),
        "phase": game.phase.value,
        "out": game.finished,
        "top": (top.text() if (top := game.effective_top()) else None) if game.phase is not Phase.SWAP else None,
    }
    for p in range(game.players):
        seen[f"H{p}"] = ",".join(sorted(name(game, x) for x in game.hand(p))) or "-"
        seen[f"U{p}"] = names(game.face_up(p))
    return seen


RESULTS = [
    # section 3
    ("refill to hand_size", C, "play d1 t0 + | H:6h,9c | H:7c | S:Jd,Qd,Kd | P:5d", ["0 play 6h"],
     {"H0": "9c,Jd,Qd", "turn": 1, "pile": "5d,6h"}),
    ("pick-up: next player leads", C, "play d0 t0 + | H:4c | H:7c | H:8c | P:5d,9h", ["0 pick"],
     {"H0": "4c,5d,9h", "pile": "-", "turn": 1}),
    ("pickup_returns: the last player leads", "karma", "play d0 t0 + l2 | H:4c | H:7c | H:8c | P:5d,9h", ["0 pick"],
     {"H0": "4c,5d,9h", "turn": 2}),
    ("pickup_returns: not yourself", "karma", "play d0 t0 + l0 | H:4c | H:7c | H:8c | P:5d,9h", ["0 pick"],
     {"turn": 1}),
    ("pickup_returns: not a finished player", "karma", "play d0 t0 + l2 o2 | H:4c | H:7c | H:- | P:5d,9h",
     ["0 pick"], {"turn": 1}),
    # Jane (Pagat seed 50): with three or more players, play reverts to the previous player
    ("pickup_goes_back: the previous player leads", R(pickup_goes_back=True),
     "play d0 t1 + | H:4c | H:4d | H:8c | H:9c | P:5d,9h", ["1 pick"], {"H1": "4d,5d,9h", "turn": 0, "dir": 1}),
    ("pickup_goes_back: previous in the current direction", R(pickup_goes_back=True),
     "play d0 t1 - | H:4c | H:4d | H:8c | H:9c | P:5d,9h", ["1 pick"], {"turn": 2, "dir": -1}),
    ("pickup_goes_back: over a finished player", R(pickup_goes_back=True),
     "play d0 t1 + o0 | H:- | H:4d | H:8c | H:9c | P:5d,9h", ["1 pick"], {"turn": 3}),
    ("pickup_goes_back: a failed flip too", R(pickup_goes_back=True),
     "play d0 t1 + | H:4c | D:4d | H:8c | P:5d,9h", ["1 flip 4d"], {"turn": 0}),
    ("pickup_returns comes first", R(pickup_goes_back=True, pickup_returns=True),
     "play d0 t1 + l3 | H:4c | H:4d | H:8c | H:9c | P:5d,9h", ["1 pick"], {"turn": 3}),
    ("pagat: a pick-up by choice takes the chosen face-up card", PAGAT,
     "play d1 t0 + | U:6h,4c D:9s | H:7c | P:5d", ["0 pick 6h"], {"H0": "5d,6h", "U0": "4c", "turn": 1}),
    # section 4
    ("10 burns, same player again", C, "play d1 t0 + | H:10c,4d | H:7c | P:Kd", ["0 play 10c"],
     {"pile": "-", "burned": 2, "turn": 0}),
    ("8 skips one", C, "play d0 t0 + | H:8c,8d,4c | H:7c | H:7d | P:5h", ["0 play 8c"], {"turn": 2}),
    ("each extra 8 skips one more", C, "play d0 t0 + | H:8c,8d,4c | H:7c | H:7d | P:5h", ["0 play 8c,8d"],
     {"turn": 0}),
    ("8 with 2 players: play again", C, "play d1 t0 + | H:8c,4c | H:7c | P:5h", ["0 play 8c"], {"turn": 0}),
    ("8 skips over a finished player", C, "play d0 t0 + o1 | H:8c,4c | H:- | H:7d | H:7s | P:5h", ["0 play 8c"],
     {"turn": 3}),
    ("four of a kind burns", C, "play d1 t0 + | H:5s,9c | H:7c | P:5h,5d,5c", ["0 play 5s"],
     {"pile": "-", "burned": 4, "turn": 0}),
    ("four of a kind across a mirror", C, "play d1 t0 + | H:5s,9c | H:7c | P:5h,5d,3c,5c", ["0 play 5s"],
     {"pile": "-", "burned": 5, "turn": 0}),
    ("a mirror on three of a kind does not burn", C, "play d1 t0 + | H:3s,9c | H:7c | P:5h,5d,5c", ["0 play 3s"],
     {"pile": "5h,5d,5c,3s", "top": "5c"}),
    ("four mirrors burn", C, "play d1 t0 + | H:3s,9c | H:7c | P:9d,3h,3d,3c", ["0 play 3s"], {"pile": "-"}),
    ("four at once burn", C, "play d1 t0 + | H:6h,6d,6c,6s,9c | H:7c | P:5d", ["0 play 6h,6d,6c,6s"],
     {"pile": "-", "turn": 0}),
    ("pagat: four of a kind still burns", PAGAT, "play d1 t0 + | H:3s,9c | H:7c | P:3h,3d,3c", ["0 play 3s"],
     {"pile": "-"}),
    ("four_burns off", R(four_burns=False), "play d1 t0 + | H:5s,9c | H:7c | P:5h,5d,5c", ["0 play 5s"],
     {"turn": 1, "pile": "5h,5d,5c,5s"}),
    # section 7
    ("pagat: 8 is plain", PAGAT, "play d0 t0 + | H:8c,4c | H:7c | H:7d | P:5h", ["0 play 8c"], {"turn": 1}),
    ("eight reverse", R(eight=Eight.REVERSE), "play d0 t0 + | H:8c,4c | H:7c | H:7d | P:9h", ["0 play 8c"],
     {"turn": 2, "dir": -1, "top": "9h"}),
    ("nine reverse", R(nine=Nine.REVERSE), "play d0 t0 + | H:9c,4c | H:7c | H:7d | P:5h", ["0 play 9c"],
     {"turn": 2, "dir": -1}),
    ("two reverses cancel", R(nine=Nine.REVERSE), "play d0 t0 + | H:9c,9d,4c | H:7c | H:7d | P:5h", ["0 play 9c,9d"],
     {"turn": 1, "dir": 1}),
    ("joker reverse", R(jokers=2), "play d0 t0 + | H:Jo,4c | H:7c | H:7d | P:5h", ["0 play Jo"],
     {"turn": 2, "dir": -1, "top": "5h"}),
    ("joker skip", R(jokers=2, joker=JokerRule.SKIP), "play d0 t0 + | H:Jo,4c | H:7c | H:7d | P:5h", ["0 play Jo"],
     {"turn": 2, "dir": 1}),
    ("joker skip_mirror: skips, the card beneath stays on top", R(jokers=2, joker=JokerRule.SKIP_MIRROR),
     "play d0 t0 + | H:Jo,4c | H:7c | H:7d | P:5h", ["0 play Jo"], {"turn": 2, "dir": 1, "top": "5h"}),
    ("joker skip_seven: skips", R(jokers=2, joker=JokerRule.SKIP_SEVEN),
     "play d0 t0 + | H:Jo,4c | H:7c | H:7d | P:5h", ["0 play Jo"], {"turn": 2, "dir": 1, "top": "Jo"}),
    ("ace: the named player takes the pile", "french", "play d0 t0 + | H:Ah,4c | H:7d | H:8d | P:9h",
     ["0 play Ah>2", "2 pick"], {"H2": "8d,9h,Ah", "turn": 0}),
    ("ace: answered by an ace", "french", "play d0 t0 + | H:Ah,4c | H:7d | H:Ad,5d | P:9h",
     ["0 play Ah>2", "2 play Ad>1"], {"turn": 1, "pile": "9h,Ah,Ad"}),
    ("ace: answered by a 2", "french", "play d0 t0 + | H:Ah,4c | H:7d | H:2d,5d | P:9h",
     ["0 play Ah>2", "2 play 2d"], {"turn": 0}),
    ("flipped ace gives the pile to the next player", "french", "play d0 t0 + | D:Ah,4c | H:7d | H:8d | P:9h",
     ["0 flip Ah"], {"turn": 1, "pile": "9h,Ah"}),
    ("flipped 3 on an ace gives the pile on", "french", "play d0 t0 - | D:3h,4c | H:7d | H:8d | P:Ac",
     ["0 flip 3h"], {"turn": 2, "top": "Ac"}),
    # section 6
    ("flip that plays", C, "play d1 t0 + | D:Kc,4c | H:7c | P:9h", ["0 flip Kc"], {"turn": 1, "pile": "9h,Kc"}),
    ("flip that fails: take it and the pile", C, "play d1 t0 + | D:4c,Kc | H:7c | P:9h", ["0 flip 4c"],
     {"turn": 1, "pile": "-", "H0": "4c,9h"}),
    ("take a face-up card with the pile", C, "play d1 t0 + | U:4c,4d D:9s | H:7c | P:5d", ["0 pick 4d"],
     {"H0": "4d,5d", "U0": "4c", "turn": 1}),
    ("last card out; 2 players: over", C, "play d1 t0 + | H:9c | H:7c | P:5d", ["0 play 9c"],
     {"phase": "over", "out": (0, 1)}),
    ("out, play goes on", C, "play d0 t0 + | H:9c | H:7c | H:4h | P:5d", ["0 play 9c"],
     {"phase": "play", "out": (0,), "turn": 1}),
    ("out by a burn: next player leads", C, "play d0 t0 + | H:10c | H:7c | H:4h | P:5d", ["0 play 10c"],
     {"out": (0,), "turn": 1, "pile": "-"}),
    ("first_out: play stops", R(end=End.FIRST_OUT), "play d0 t0 + | H:9c | H:7c | H:4h | P:5d", ["0 play 9c"],
     {"phase": "over", "out": (0,)}),
    ("extension empties hand and face-up", C, "play d1 t0 + | H:5h U:5c D:Kd | H:7c | P:4d", ["0 play 5h,5c"],
     {"H0": "-", "U0": "-", "turn": 1}),
    # section 5
    ("interrupt: completer burns and plays next", "hebrew",
     "play d0 t1 + w0:5:- | H:4c | H:4d | H:5s,9c | P:5h,5d,5c", ["2 play 5s"], {"pile": "-", "turn": 2}),
    ("interrupt: drawn 9 added, play goes on", "hebrew",
     "play d0 t1 + w0:9:9d | H:9d,4c | H:4d | H:Ks | P:9h", ["0 play 9d"], {"turn": 1, "pile": "9h,9d"}),
    ("interrupt: a drawn 8 skips one more", "hebrew",
     "play d0 t2 + w0:8:8d | H:8d,4c | H:4d | H:Ks | H:Qs | P:8h", ["0 play 8d"], {"turn": 3}),
    ("interrupt: a drawn reverse turns back", R(interrupt=True, nine=Nine.REVERSE),
     "play d0 t3 - w0:9:9d | H:9d,4c | H:4d | H:Ks | H:Qs | P:9h", ["0 play 9d"], {"turn": 1, "dir": 1}),
    # issue 9: 8s that come back round (docs/rules.md, section 5): an add counts with the play it joins
    ("interrupt: 8 and an added 8 skip both others", "hebrew",
     "play d0 t2 + w0:8:8d | H:8d,4c | H:4d | H:Ks | P:8h", ["0 play 8d"], {"turn": 0}),
    ("interrupt: a drawn 8 after the skips came back still joins", "hebrew",
     "play d0 t0 + w0:8:8s | H:8s,4c | H:4d | H:Ks | P:8h,8d", ["0 play 8s"], {"turn": 1}),
    ("interrupt: ... as 8 8 8 played together do", "hebrew",
     "play d0 t0 + | H:8c,8d,8s,4c | H:4d | H:Ks | P:5h", ["0 play 8c,8d,8s"], {"turn": 1}),
    ("interrupt: an 8 drawn earlier is a new play", "hebrew",
     "play d0 t0 + w0:8:4c | H:8s,4c | H:4d | H:Ks | P:8h,8d", ["0 play 8s"], {"turn": 2}),
    ("two players: a drawn 8 is a new turn", "hebrew",
     "play d0 t0 + w0:8:8d | H:8d,4c | H:4d | P:8h", ["0 play 8d"], {"turn": 0}),
    # Jane's 10 burns as ever where it may be played
    ("ten_not_on_eight: a 10 on a 9 burns", R(ten_not_on_eight=True), "play d1 t0 + | H:10c,4d | H:7c | P:9d",
     ["0 play 10c"], {"pile": "-", "turn": 0}),
    ("eight under: no skip", R(eight=Eight.UNDER), "play d0 t0 + | H:8c,4c | H:7c | H:7d | P:5h", ["0 play 8c"],
     {"turn": 1, "top": "8c"}),
    ("turbo: turn order does not change", "french", "play d0 t1 + w0:9:- | H:4c | H:4d | H:9d,4s | P:9h",
     ["2 play 9d"], {"turn": 1, "pile": "9h,9d"}),
    ("turbo completes four of a kind", "french", "play d0 t1 + w0:9:- | H:4c | H:4d | H:9d,4s | P:9h,9c,9s",
     ["2 play 9d"], {"turn": 2, "pile": "-"}),
    ("turbo: the next player may still answer", "french", "play d0 t1 + w0:9:- | H:4c | H:9c,4d | H:9d,4s | P:9h",
     ["2 play 9d", "1 play 9c"], {"turn": 2}),
    # section 2
    ("swap", C, "swap d1 t0 + | H:4c U:Kd D:9s | H:5c U:6d D:7s", ["0 swap 4c Kd"], {"H0": "Kd", "U0": "4c"}),
    ("all ready: show phase from the dealer's left", C, "swap d1 t0 + | H:4c U:Kd D:9s | H:5c U:6d D:7s",
     ["0 ready", "1 ready"], {"phase": "show", "turn": 0}),
    ("left_of_dealer: play at once", R(start=Start.LEFT_OF_DEALER), "swap d1 t0 + | H:4c U:Kd | H:5c U:6d",
     ["0 ready", "1 ready"], {"phase": "play", "turn": 0}),
    ("all ready: hands refilled", C, "swap d1 t0 + | H:4c U:Kd D:9s | H:5c U:6d D:7s | S:Qh,Jh",
     ["0 ready", "1 ready"], {"H0": "4c,Jh,Qh", "H1": "5c"}),
    ("lowest shown starts", C, "show d0 t1 + | H:4h | H:9c | H:5d", ["1 show 9c", "2 show 5d", "0 show 4h"],
     {"phase": "play", "turn": 0}),
    ("a shown 7 counts", C, "show d0 t1 + | H:2c | H:9c | H:7d", ["1 show 9c", "2 show 7d", "0 show 2c"],
     {"turn": 2}),
    ("ties: the earliest after the dealer", C, "show d0 t1 + | H:4h | H:9c | H:4d",
     ["1 show 9c", "2 show 4d", "0 show 4h"], {"turn": 2}),
    ("power cards do not count: left of dealer", C, "show d0 t1 + | H:2h | H:3c | H:10d",
     ["1 show 3c", "2 show 10d", "0 show 2h"], {"turn": 1}),
    ("nobody shows", C, "show d2 t0 + | H:2h | H:3c | H:10d", ["0 show -", "1 show -", "2 show -"], {"turn": 0}),
    ("pagat: a shown 3 counts", PAGAT, "show d0 t1 + | H:4h | H:3c | H:9d", ["1 show 3c", "2 show 9d", "0 show 4h"],
     {"turn": 1}),
    ("karma: stack", "karma", "swap d1 t0 + | H:Kc,4c U:Kd D:9s | H:5c U:6d D:7s", ["0 place Kc"],
     {"H0": "4c", "U0": "Kd,Kc"}),
    ("karma: a stack is played together", "karma", "play d1 t0 + | U:Kd,Kc D:9s | H:5c | P:4c", ["0 play Kd,Kc"],
     {"U0": "-", "pile": "4c,Kd,Kc"}),
    ("deal_six: lay three then ready", R(deal_six=True),
     "swap d1 t0 + | H:4c,5c,6c,7c,8c,9c D:Ad | H:4d U:5d,6d,7d D:Ac",
     ["0 place 4c", "0 place 5c", "0 place 6c", "0 ready"], {"U0": "4c,5c,6c", "H0": "7c,8c,9c"}),
]


@pytest.mark.parametrize("rules, spec, pushed, expected", [c[1:] for c in RESULTS], ids=[c[0] for c in RESULTS])
def test_results(rules, spec, pushed, expected):
    game = after(table(spec, rules), *pushed)
    seen = _look(game)
    assert {k: seen[k] for k in expected} == expected
    assert partition_ok(game)


# -- errors: (case, rules, position, move, error class, message) -------------------------------

ERRORS = [
    ("7 on the pile", C, "play d1 t0 + | H:8c,6d | H:7c | P:7h", "0 play 8c", IllegalMoveError,
     "player 0: 0 play 0: 7 on the pile: play 7 or lower"),
    ("7 through a 3", C, "play d1 t0 + | H:8c,6d | H:7c | P:7h,3c", "0 play 8c", IllegalMoveError,
     "7 on the pile: play 7 or lower"),
    ("lower", C, "play d1 t0 + | H:4c | H:7c | P:5h", "0 play 4c", IllegalMoveError, "5 on the pile: play 5 or higher"),
    ("one rank at a time", C, "play d1 t0 + | H:8c,9c | H:7c | P:5h", "0 play 8c,9c", IllegalMoveError,
     "cards played together must be of one rank"),
    ("not your turn", C, "play d1 t0 + | H:8c | H:9c | P:5h", "1 play 9c", IllegalMoveError, "it is player 0's turn"),
    ("not your card", C, "play d1 t0 + | H:8c | H:9c | P:5h", "0 play 9c", InvalidMoveError, "not in your hand cards"),
    ("face-up before the hand is empty", C, "play d1 t0 + | H:4c U:9d | H:9c | P:5h", "0 play 9d", IllegalMoveError,
     "face-up cards join a play only with the last of your hand"),
    ("face-down card from the hand", C, "play d1 t0 + | H:4c D:9d | H:9c | P:5h", "0 play 9d", InvalidMoveError,
     "not in your hand cards"),
    ("extension while the stock lasts", C, "play d1 t0 + | H:9h U:9d | H:9c | S:Kd | P:5h", "0 play 9h,9d",
     IllegalMoveError, "face-up cards join a play only with the last of your hand"),
    ("flip too early", C, "play d1 t0 + | U:9d D:4c | H:9c | P:5h", "0 flip 4c", IllegalMoveError,
     "play your hand and face-up cards before the face-down ones"),
    ("pick up an empty pile", C, "play d1 t0 + | H:4c | H:9c", "0 pick", IllegalMoveError, "the pile is empty"),
    ("face-up stuck: take a card", C, "play d1 t0 + | U:4c D:9s | H:9c | P:5h", "0 pick", IllegalMoveError,
     "choose one to take with the pile"),
    ("face-up card only when stuck", C, "play d1 t0 + | U:6c D:9s | H:9c | P:5h", "0 pick 6c", IllegalMoveError,
     "you take a face-up card only when none of them can be played"),
    ("pickup_voluntary off", R(pickup_voluntary=False), "play d1 t0 + | H:9c | H:7c | P:5h", "0 pick",
     IllegalMoveError, "you can play, and picking up by choice is off in these rules"),
    ("pickup_voluntary: not from the face-down row", C, "play d1 t0 + | D:9s | H:7c | P:5h", "0 pick",
     IllegalMoveError, "flip a face-down card: you pick up only if it cannot be played"),
    ("pagat: a face-up pick-up by choice names a card", PAGAT, "play d1 t0 + | U:6h,4c D:9s | H:7c | P:5d", "0 pick",
     IllegalMoveError, "player 0: 0 pick: choose one to take with the pile"),
    ("classic: a face-up pick-up by choice takes no card", C, "play d1 t0 + | U:6h,4c D:9s | H:7c | P:5d",
     "0 pick 4c", IllegalMoveError, "you take a face-up card only when none of them can be played"),
    ("ten_not_on_eight", R(ten_not_on_eight=True), "play d1 t0 + | H:10c | H:7d | P:8h", "0 play 10c",
     IllegalMoveError, "8 on the pile: play 8 or higher"),
    ("joker skip_seven", R(jokers=2, joker=JokerRule.SKIP_SEVEN), "play d1 t0 + | H:6c | H:7d | P:Ah,Jo",
     "0 play 6c", IllegalMoveError, "Jo on the pile: play 7 or higher"),
    ("eight under", R(eight=Eight.UNDER), "play d1 t0 + | H:9c | H:7d | P:8h", "0 play 9c",
     IllegalMoveError, "8 on the pile: play 8 or lower"),
    ("ace without a taker", "french", "play d0 t0 + | H:Ah | H:7d | H:8d | P:9h", "0 play Ah", IllegalMoveError,
     "name who takes the pile (ace)"),
    ("ace naming yourself", "french", "play d0 t0 + | H:Ah | H:7d | H:8d | P:9h", "0 play Ah>0", IllegalMoveError,
     "name another player still in the game"),
    ("ace naming a finished player", "french", "play d0 t0 + o2 | H:Ah | H:7d | H:- | P:9h", "0 play Ah>2",
     IllegalMoveError, "name another player still in the game"),
    ("ace naming nobody at the table", "french", "play d0 t0 + | H:Ah | H:7d | H:8d | P:9h", "0 play Ah>11",
     InvalidMoveError, "no player 11 at this table"),
    ("a target for a plain card", "french", "play d0 t0 + | H:Kh | H:7d | H:8d | P:9h", "0 play Kh>1",
     IllegalMoveError, "only an ace names who takes the pile"),
    ("a target for a burning completion", "hebrew", "play d0 t1 + w0:5:- | H:4c | H:4d | H:5s | P:5h,5d,5c",
     "2 play 5s>0", IllegalMoveError, "only an ace names who takes the pile"),
    ("turbo: wrong rank", "french", "play d0 t1 + w0:9:- | H:4c | H:4d | H:Kd | P:9h", "2 play Kd",
     IllegalMoveError, "it is player 1's turn; out of turn you may only play the rank just played (9)"),
    ("interrupt: not four", "hebrew", "play d0 t1 + w0:5:- | H:4c | H:4d | H:5s | P:5h,5d", "2 play 5s",
     IllegalMoveError, "out of turn you may only complete four of a kind"),
    ("nine suit: every card of the play follows", R(nine=Nine.SUIT, decks=2), "play d1 t0 + | H:Kh,Kc | H:7d | P:9h",
     "0 play Kh,Kc", IllegalMoveError, "9h on the pile: follow suit h"),
    ("nine suit", R(nine=Nine.SUIT), "play d1 t0 + | H:Kc | H:7d | P:9h", "0 play Kc", IllegalMoveError,
     "9h on the pile: follow suit h or play a power card"),
    ("five lower", R(five=Five.LOWER), "play d1 t0 + | H:6c | H:7d | P:5h", "0 play 6c", IllegalMoveError,
     "5 on the pile: play 4 or lower"),
    ("ten not on faces", R(ten_not_on_faces=True), "play d1 t0 + | H:10c | H:7d | P:Qh", "0 play 10c",
     IllegalMoveError, "Q on the pile: play Q or higher"),
    ("deal_six: ready too early", R(deal_six=True), "swap d1 t0 + | H:4c,5c | H:5d U:6d D:7s", "0 ready",
     IllegalMoveError, "lay 3 more cards face up first"),
    ("karma: stack only on the same rank", "karma", "swap d1 t0 + | H:4c U:Kd | H:5c U:6d", "0 place 4c",
     IllegalMoveError, "you may only stack a card on a face-up card of the same rank"),
    ("place without deal_six or stacks", C, "swap d1 t0 + | H:4c U:Kd | H:5c U:6d", "0 place 4c",
     IllegalMoveError, "your face-up row is full"),
    ("show out of order", C, "show d0 t1 + | H:4h | H:9c | H:5d", "0 show 4h", IllegalMoveError, "player 1 shows now"),
    ("play in the swap phase", C, "swap d1 t0 + | H:4c U:Kd | H:5c U:6d", "0 play 4c", IllegalMoveError,
     "this is the swap phase"),
    ("no such player", C, "play d1 t0 + | H:4c | H:5c | P:2h", "5 pick", InvalidMoveError, "no player 5 at this table"),
    ("out players do not play", C, "play d0 t1 + o0 | H:- | H:5c | H:6c | P:2h", "0 pick", IllegalMoveError,
     "you are out of the game"),
    ("over", C, "over d0 t1 + o0,1 | H:- | H:5c | P:2h", "1 pick", IllegalMoveError, "the game is over"),
]


@pytest.mark.parametrize("rules, spec, text, kind, message", [c[1:] for c in ERRORS], ids=[c[0] for c in ERRORS])
def test_errors(rules, spec, text, kind, message):
    game = table(spec, rules)
    before = game.to_text()
    m = move(game, text)
    assert not game.is_legal(m)
    with pytest.raises(kind, match=message.replace("(", r"\(").replace(")", r"\)")):
        game.push(m)
    assert game.to_text() == before


# -- knowledge: views, reveals, unknown cards ---------------------------------------------------


def test_view_pickup_from_a_hidden_hand_is_accepted():
    """A peer cannot see the hand, so it cannot refuse the pick-up (docs/rules.md)."""
    game = table("play d1 t0 + | H:9c | H:7d | P:5h", R(pickup_voluntary=False))
    assert not game.is_legal(PickUp(0))
    view = game.view(1)
    assert view.card(game.hand(0)[0]) is None
    assert view.is_legal(PickUp(0))


def test_view_hides_hands_and_stock():
    game = table("play d1 t0 + | H:9c U:Kd D:4s | H:7d U:Qd D:5s | S:6h | P:5h")
    view = game.view(1)
    assert set(view.known) == set(game.public) | set(game.hand(1))
    assert moves(view, 1) == set()
    assert moves(view, 0) == {"0 pick"}  # 9c is not known to player 1


def test_play_needs_reveal():
    game = table("play d1 t0 + | H:9c | H:7d | P:5h")
    view = game.view(1)
    slot = game.hand(0)[0]
    with pytest.raises(UnrevealedCardError):
        view.why_illegal(move(game, "0 play 9c"))
    view.reveal(slot, known(game, slot))
    view.push(move(game, "0 play 9c"))
    game.push(move(game, "0 play 9c"))
    assert view.to_text() == game.to_text()


def test_reveal_conflict():
    from p2pshithead.engine import Card, RevealConflictError

    game = table("play d1 t0 + | H:9c | H:7d | P:5h")
    with pytest.raises(RevealConflictError):
        game.reveal(game.hand(0)[0], Card.from_text("9d"))
    game.reveal(game.hand(0)[0], Card.from_text("9c"))  # the same again is fine
    with pytest.raises(ValueError):
        game.reveal(10_000, Card.from_text("9d"))


# -- awaited, moves_for, outcome ---------------------------------------------------------------


@pytest.mark.parametrize(
    "rules, spec, expected",
    [
        (C, "play d0 t2 + w1:9:- | H:4c | H:4d | H:9d | H:4s | P:9h", (2,)),
        ("french", "play d0 t2 + w1:9:- | H:4c | H:4d | H:9d | H:4s | P:9h", (1, 3, 0, 2)),
        ("french", "play d0 t2 + w1:9:- o3 | H:4c | H:4d | H:9d | H:- | P:9h", (1, 0, 2)),
        ("french", "play d0 t2 + | H:4c | H:4d | H:9d | H:4s | P:9h", (2,)),
        (C, "swap d1 t0 + r1 | H:4c U:Kd | H:5c U:6d | H:6c U:7d", (2, 0)),
        (C, "show d1 t2 + | H:4c | H:5c | H:6c", (2,)),
        (C, "over d1 t2 + o0,1,2 | H:- | H:- | H:6c", ()),
    ],
)
def test_awaited(rules, spec, expected):
    assert table(spec, rules).awaited() == expected


def test_outcome_titles():
    game = after(table("play d0 t0 + | H:9c | H:7d | H:8h | P:5h"), "0 play 9c", "1 pick", "2 play 8h")
    out = game.outcome()
    assert out is not None and out.order == (0, 2, 1)
    assert [out.title(p) for p in out.order] == ["Masta", "Vice-Masta", "Shithead"]
    assert out.shithead == 1
    first = after(table("play d0 t0 + | H:9c | H:7d | H:8h | P:5h", R(end=End.FIRST_OUT)), "0 play 9c").outcome()
    assert first is not None and first.shithead is None and first.title(0) == "Winner"


def test_push_pop_and_copy():
    game = table("play d1 t0 + | H:9c,4c | H:7d | S:Kd | P:5h")
    start = game.to_text()
    twin = game.copy()
    game.push(move(game, "0 play 9c"))
    assert twin.to_text() == start
    assert game.pop() == move(game, "0 play 9c")
    assert game.to_text() == start
    with pytest.raises(IndexError):
        game.pop()


@pytest.mark.parametrize("rules", sorted(PRESETS))
def test_push_without_undo_records_reaches_the_same_positions(rules):
    """`drop_undo`: the same positions and move stack as a game that keeps its records; a view taken
    on the way stands still; a copy keeps no records either; `pop` refuses such a move."""
    rng = random.Random(rules)
    size = PRESETS[rules].deck_size(4)
    order = rng.sample(range(size), size)
    kept, bare = (Game.deal_known(PRESETS[rules], 4, 1, order) for _ in range(2))
    bare.drop_undo()
    for i in range(400):
        if bare.is_over():
            break
        if i % 25 == 0:
            view, seen = bare.view(bare.turn), bare.view(bare.turn).to_text()
        chosen = rng.choice(list(kept.legal_moves))
        kept.push(chosen)
        bare.push(chosen)
        assert bare.to_text() == kept.to_text() and partition_ok(bare)
        assert view.to_text() == seen
    assert bare.move_stack == kept.move_stack
    twin = bare.copy()
    for game in (bare, twin):
        with pytest.raises(IndexError, match="without an undo record"):
            game.pop()
        assert game.move_stack == kept.move_stack


def test_a_move_judged_legal_is_judged_again_after_a_change():
    game = table("play d1 t0 + | H:9c,4c | H:7d | S:Kd | P:5h")
    nine = move(game, "0 play 9c")
    assert game.is_legal(nine)
    game.push(move(game, "0 pick"))
    with pytest.raises(IllegalMoveError):
        game.push(nine)
    game.pop()
    game.push(nine)  # legal again once the pick-up is undone
    assert known(game, game.pile[-1]).text() == "9c"


def test_power_table_is_the_rules_table():
    from p2pshithead.engine import powers

    for preset_name in ("classic", "pagat", "french"):
        assert Game(preset(preset_name), 4).power_table == powers(preset(preset_name))


def test_new_game_deal():
    game = Game(preset("classic"), 4, dealer=3)
    assert game.phase is Phase.SWAP and game.turn == 0
    assert game.face_down(0) == (0, 1, 2) and game.face_up(0) == (12, 13, 14) and game.hand(0) == (24, 25, 26)
    assert game.stock[0] == 36 and len(game.stock) == 16
    assert set(game.public) == set(range(12, 24))
    assert Game(preset("classic"), 6).size == 104
    with pytest.raises(ValueError):
        Game(preset("classic"), 12)
    with pytest.raises(ValueError):
        Game(preset("classic"), 3, dealer=3)
    with pytest.raises(ValueError):
        Game(Ruleset(decks=1, face_down=5, face_up=5, hand_size=5), 5)
    assert Ready(0) in Game(preset("classic"), 2).legal_moves
    assert Game(Ruleset(swap=False), 2).phase is Phase.SHOW


def test_moves_for_matches_legal_moves():
    game = table("play d0 t1 + w0:9:- | H:4c | H:9c,4d | H:9d,4s | P:9h", "french")
    every = set(game.legal_moves)
    assert every == {m for p in range(3) for m in game.moves_for(p)}
    assert len(game.legal_moves) == len(every) and bool(game.legal_moves)
    assert "legal" in repr(game.legal_moves).lower()


# -- section 6 (French): the card exchange between games ---------------------------------------


def test_card_exchange():
    from p2pshithead.engine import Exchange, Give, Outcome

    game = table("swap d2 t0 + | H:4c,Kd,9c U:Qd D:9s | H:5c,10d,2h U:6d D:7s | H:6c,Ah,7h U:Jd D:8s", "french")
    previous = Outcome((0, 1, 2))
    assert previous.next_dealer == 2
    game.begin_exchange(previous)
    assert game.exchange == Exchange(2, 0, True) and game.awaited() == (2,)
    assert "x2:0:b" in game.to_text() and Game.from_text(game.to_text(), game.rules).exchange == game.exchange
    assert moves(game) == {"2 give Ah"} and moves(game, 0) == set()
    with pytest.raises(IllegalMoveError, match="give your best card to the Masta"):
        game.push(move(game, "2 give 6c"))
    with pytest.raises(IllegalMoveError, match="the card exchange comes first"):
        game.push(move(game, "0 ready"))
    after(game, "2 give Ah")
    assert moves(game) == {"0 give 4c", "0 give Kd", "0 give 9c", "0 give Ah"}
    after(game, "0 give 4c")
    assert game.exchange is None and sorted(name(game, x) for x in game.hand(2)) == ["4c", "6c", "7h"]
    assert Give(0, 1).text() == "0 give 1" and game.awaited() == (0, 1, 2)
    game.pop(), game.pop()
    assert game.exchange == Exchange(2, 0, True)


def test_card_exchange_best_is_a_power_card():
    from p2pshithead.engine import Outcome

    game = table("swap d1 t0 + | H:Ac,2d U:Qd | H:5c,10d,2h U:6d", "french")
    game.begin_exchange(Outcome((0, 1)))
    assert moves(game) == {"1 give 10d"}


@pytest.mark.parametrize(
    "rules, spec, previous",
    [
        ("classic", "swap d1 t0 + | H:4c U:Qd | H:5c U:6d", (0, 1)),
        ("french", "play d1 t0 + | H:4c U:Qd | H:5c U:6d", (0, 1)),
        ("french", "swap d1 t0 + | H:4c U:Qd | H:5c U:6d", (0, 2)),
        ("french", "swap d1 t0 + r0 | H:4c U:Qd | H:5c U:6d", (0, 1)),
    ],
)
def test_card_exchange_refused(rules, spec, previous):
    from p2pshithead.engine import Outcome

    with pytest.raises(ValueError):
        table(spec, rules).begin_exchange(Outcome(previous))


@pytest.mark.parametrize("rules, players", [("classic", 4), ("hebrew", 3), ("french", 6), ("pagat", 2), ("karma", 5)])
def test_greedy_games_end(rules, players):
    """The speed script's greedy game (tests/engine/speed.py) runs to the end under every preset."""
    from .speed import play

    assert 0 < play(preset(rules), players, seed=7) < 2000
