"""RULES.md section 5, statement by statement: out-of-turn plays (`interrupt`, `turbo`) and the order of
concurrent actions. docs/rules.md, "Section 5", says how the engine reads what the seeds leave open.
"""

from __future__ import annotations

import pytest

from p2pshithead.engine import IllegalMoveError, Rank, Ruleset, preset, turbo_ranks

from .helpers import after, move, table
from .spec_cases import legal, results

C = "classic"
HEBREW = "hebrew"
FRENCH = "french"
TURBO = Ruleset(turbo=True)

RESULTS = [
    # interrupt (Hebrew seed)
    ("5: a completion out of turn burns; the completer plays next", HEBREW,
     "play d0 t1 + w0:5:- | H:Kc,4c | H:4d,Kd | H:5s,5h,Ks | P:5d,5c", ["2 play 5s,5h"],
     {"pile": "-", "turn": 2}),
    ("5: a completion across a mirror", HEBREW,
     "play d0 t1 + w0:3:- | H:Kc,4c | H:4d,Kd | H:5s,Ks | P:5d,5c,5h,3h", ["2 play 5s"], {"pile": "-", "turn": 2}),
    ("5: a drawn card of the rank just played is added; play continues after the player", HEBREW,
     "play d0 t1 + w0:9:9s | H:Kc,9s | H:4d,Kd | H:5s,Ks | P:9d", ["0 play 9s"], {"pile": "9d,9s", "turn": 1}),
    ("5: an added 8 skips one more", HEBREW,
     "play d0 t2 + w0:8:8s | H:Kc,8s | H:4d,Kd | H:5s,Ks | H:Qs,Qh | P:8d", ["0 play 8s"], {"turn": 3}),
    # turbo (French seed)
    ("5: a turbo play leaves the turn where it was", FRENCH,
     "play d0 t1 + w0:6:- | H:Kc,4c | H:4d,Kd | H:6s,Ks | P:6d", ["2 play 6s"], {"pile": "6d,6s", "turn": 1}),
    ("5: a turbo play completing four of a kind burns; its player plays next", FRENCH,
     "play d0 t1 + w0:12:- | H:Kc,4c | H:4d,Kd | H:Qs,Ks | P:Qd,Qc,Qh", ["2 play Qs"], {"pile": "-", "turn": 2}),
]


test_results = results(RESULTS)


LEGAL = [
    ("5: out-of-turn plays are off in classic", C, "play d0 t1 + w0:5:- | H:Kc,4c | H:4d,Kd | H:5s,Ks | P:5d,5c,5h",
     2, set()),
    ("5: interrupt: only what completes four of a kind", HEBREW,
     "play d0 t1 + w0:5:- | H:Kc,4c | H:4d,Kd | H:5s,Ks | P:5d,5c", 2, set()),
    ("5: interrupt: the completing cards", HEBREW,
     "play d0 t1 + w0:5:- | H:Kc,4c | H:4d,Kd | H:5s,5h,Ks | P:5d,5c", 2, {"2 play 5s,5h"}),
    ("5: interrupt: completing four of a kind beneath a mirror just played", HEBREW,
     "play d0 t1 + w0:3:- | H:Kc,4c | H:4d,Kd | H:5s,Ks | P:5d,5c,5h,3h", 2, {"2 play 5s"}),
    ("5: interrupt: only with three or more players (docs/rules.md)", HEBREW,
     "play d0 t1 + w0:5:- | H:5s,Kc | H:4d,Kd | P:5d,5c,5h", 0, set()),
    ("5: turbo: the rank just played", FRENCH, "play d0 t1 + w0:6:- | H:Kc,4c | H:4d,Kd | H:6s,Ks | P:6d", 2,
     {"2 play 6s"}),
    ("5: turbo: not a power or special rank (7)", FRENCH,
     "play d0 t1 + w0:7:- | H:Kc,4c | H:4d,Kd | H:7s,Ks | P:7d", 2, set()),
    ("5: turbo: not an 8", FRENCH, "play d0 t1 + w0:8:- | H:Kc,4c | H:4d,Kd | H:8s,Ks | P:8d", 2, set()),
    ("5: turbo: not a 2", FRENCH, "play d0 t1 + w0:2:- | H:Kc,4c | H:4d,Kd | H:2s,Ks | P:2d", 2, set()),
    ("5: turbo: not an ace where it gives the pile", FRENCH,
     "play d0 t1 + w0:14:- | H:Kc,4c | H:4d,Kd | H:As,Ks | P:Ad", 2, set()),
    ("5: turbo: not the player who just played", FRENCH, "play d0 t1 + w0:6:- | H:6c,4c | H:4d,Kd | H:5s,Ks | P:6d",
     0, set()),
    ("5: turbo: no window after the next player acted", FRENCH, "play d0 t2 + | H:6c,4c | H:4d,Kd | H:5s,Ks | P:6d",
     0, set()),
]


test_legal_moves = legal(LEGAL)


def test_turbo_ranks_are_four_five_six_nine_j_q_k_in_the_french_preset():
    """RULES.md 5: turbo plays "non-power, non-special ranks only (4 5 6 9 J Q K)"."""
    ranks = turbo_ranks(preset(FRENCH))
    assert ranks == {Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING}


def test_the_next_player_acting_closes_the_window():
    """RULES.md 5: "while the next player has not yet acted" (interrupt), "before the next player acts" (turbo)."""
    game = table("play d0 t1 + w0:6:- | H:Kc,4c | H:Kd,4d | H:6s,Ks | P:6d", FRENCH)
    after(game, "1 play Kd")
    with pytest.raises(IllegalMoveError):
        game.push(move(game, "2 play 6s"))


def test_concurrent_actions_are_ordered_the_same_way_by_every_peer():
    """RULES.md 5: "The order of concurrent actions must be decided the same way by every peer": every
    peer's view gives the same `awaited()` order, and the first move pushed wins."""
    game = table("play d0 t2 + w1:9:- | H:9c,4c | H:4d,Kd | H:9d,Kc | H:9s,Ks | P:9h", FRENCH)
    assert game.awaited() == (1, 3, 0, 2)  # seat order from the last player, the player to act last
    assert all(game.view(p).awaited() == game.awaited() for p in range(4))
    after(game, "3 play 9s")
    assert game.awaited() == (3, 0, 1, 2)
