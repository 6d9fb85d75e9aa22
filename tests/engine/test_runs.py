"""Jane's runs (`runs`; Pagat seed 002, variant 49): a case table from the seed's words.

"On your turn you may play an ascending sequence of consecutive cards of the same suit, as long as
the first card beats the previous play. All the following plays must be legal too, so the sequence
would end with an eight, since after an eight the next card must be lower or equal. If the sequence
reached 10, the pile would be thrown away and the same player would start a new pile with any play."
"""

from __future__ import annotations

import pytest

from p2pshithead.engine import AmbiguousMoveError, Eight, IllegalMoveError, Ruleset, Seven

from .helpers import after, move, moves, name, partition_ok, table

RUNS = Ruleset(name="runs", runs=True)
JANE = Ruleset(name="jane", runs=True, seven=Seven.MIRROR, eight=Eight.UNDER, ten_not_on_eight=True)

# (case, rules, position, legal plays of player 0 that hold two or more ranks)
LEGAL = [
    ("an ascending run of one suit, the first card beating the pile", RUNS,
     "play d1 t0 + | H:5h,6h,9h,6d | H:4c | P:4d", {"0 play 5h,6h"}),
    ("the first card must beat the previous play", RUNS,
     "play d1 t0 + | H:5h,6h,7h | H:4c | P:6d", {"0 play 6h,7h"}),
    ("each step legal: under classic a 7 caps, so the run ends on it", RUNS,
     "play d1 t0 + | H:6h,7h,8h | H:4c | P:4d", {"0 play 6h,7h"}),
    ("Jane's 7 is a mirror and her 8 caps: the run ends with the eight", JANE,
     "play d1 t0 + | H:6h,7h,8h,9h | H:4c | P:4d", {"0 play 6h,7h", "0 play 6h,7h,8h", "0 play 7h,8h"}),
    ("a run that reaches 10 ends there", RUNS,
     "play d1 t0 + | H:8h,9h,10h,Jh | H:4c | P:5d",
     {"0 play 8h,9h", "0 play 8h,9h,10h", "0 play 9h,10h"}),
    ("Jane's 8 ends a run at once; a run may still reach her 10 from a 9", JANE,
     "play d1 t0 + | H:8h,9h,10h | H:4c | P:5d", {"0 play 9h,10h"}),
    ("Jane's 10 is never played on her 8, in a run neither", JANE,
     "play d1 t0 + | H:7h,8h,9h,10h | H:4c | P:5d", {"0 play 7h,8h", "0 play 9h,10h"}),
    ("four of a kind burns, and ends the run", RUNS,
     "play d1 t0 + | H:5h,6h,7h | H:4c | P:5c,5d,5s", {"0 play 6h,7h"}),
    ("a run from the face-up row", RUNS, "play d1 t0 + | U:Jc,Qc,Kc | H:4c | P:9d",
     {"0 play Jc,Qc", "0 play Jc,Qc,Kc", "0 play Qc,Kc"}),
    ("no runs unless the rule is on", "classic", "play d1 t0 + | H:5h,6h,7h | H:4c | P:4d", set()),
]


@pytest.mark.parametrize("rules, spec, expected", [c[1:] for c in LEGAL], ids=[c[0] for c in LEGAL])
def test_runs_listed(rules, spec, expected):
    game = table(spec, rules)
    runs = {m for m in moves(game, 0) if " play " in m and len({c[:-1] for c in m.split()[2].split(",")}) > 1}
    assert runs == expected
    for text in expected:
        assert game.is_legal(move(game, text))


# (case, rules, position, run, reason in the error)
REFUSED = [
    ("two suits are no run", RUNS, "play d1 t0 + | H:5h,6d | H:4c | P:4d", "0 play 5h,6d", "a run of one suit"),
    ("a gap is no run", RUNS, "play d1 t0 + | H:5h,7h | H:4c | P:4d", "0 play 5h,7h", "a run of one suit"),
    ("past a 10", RUNS, "play d1 t0 + | H:9h,10h,Jh | H:4c | P:5d", "0 play 9h,10h,Jh", "ends where it burns"),
    ("a step that is not legal", RUNS, "play d1 t0 + | H:7h,8h | H:4c | P:4d", "0 play 7h,8h", "7 or lower"),
    ("the first card must beat the pile", RUNS, "play d1 t0 + | H:5h,6h | H:4c | P:6d", "0 play 5h,6h",
     "play 6 or higher"),
    ("off", "classic", "play d1 t0 + | H:5h,6h | H:4c | P:4d", "0 play 5h,6h", "must be of one rank"),
    ("not out of turn", Ruleset(runs=True, turbo=True), "play d1 t0 + w1:4:- | H:5h | H:4c,5c,6c | P:4d",
     "1 play 4c,5c", "of one rank"),
]


@pytest.mark.parametrize("rules, spec, text, reason", [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_runs_refused(rules, spec, text, reason):
    game = table(spec, rules)
    played = move(game, text)
    assert not game.is_legal(played)
    with pytest.raises(IllegalMoveError, match=reason):
        game.push(played)


def test_a_run_that_reaches_10_burns_and_its_player_starts_again():
    game = after(table("play d1 t0 + | H:8h,9h,10h,4c | H:4d | P:5d", RUNS), "0 play 8h,9h,10h")
    assert (game.pile, game.turn) == ((), 0) and len(game.burned) > 3
    assert partition_ok(game)


def test_a_run_named_in_any_order_is_laid_ascending():
    game = table("play d1 t0 + | H:5h,6h,7h | H:4c | P:4d", RUNS)
    after(game, "0 play 7h,5h,6h")
    assert [name(game, x) for x in game.pile] == ["4d", "5h", "6h", "7h"]
    top = game.effective_top()
    assert top is not None and top.text() == "7h"
    assert game.pop() == move(game, "0 play 7h,5h,6h")  # the move as named


def test_only_the_top_card_of_a_run_acts_on_the_next_player():
    # 8 (skip) then 9: the 8 is covered by its own player's 9, so nobody is skipped
    game = after(table("play d1 t0 + | H:8h,9h,4c | H:4d | H:5d | P:5c", RUNS), "0 play 8h,9h")
    assert game.turn == 1
    game = after(table("play d1 t0 + | H:7c,8c,4c | H:4d | H:5d | P:5c", Ruleset(runs=True, seven=Seven.MIRROR)),
                 "0 play 7c,8c")
    assert game.turn == 2  # the run's top 8 skips player 1


SHORT = [
    ("5h6h7h", "0 play 5h,6h,7h"),
    ("5h 6h 7h", "0 play 5h,6h,7h"),
    ("567", "0 play 5h,6h,7h"),
    ("56d", "0 play 5d,6d"),
]


@pytest.mark.parametrize("typed, expected", SHORT)
def test_runs_typed(typed, expected):
    game = table("play d1 t0 + | H:5h,6h,7h,5d,6d | H:4c | P:4d", RUNS)
    assert game.parse_short(typed) == move(game, expected)


def test_runs_written_short_and_hinted():
    game = table("play d1 t0 + | H:5h,6h,7h,5d,6d | H:4c | P:4d", RUNS)
    run = move(game, "0 play 5h,6h,7h")
    assert game.short(run) == "5h6h7h"
    assert game.parse_short(game.short(run)) == run
    assert {"5h6h7h", "5d6d", "5h6h", "6h7h"} <= set(game.short_hints())


def test_a_run_typed_without_suits_that_fits_two_suits_asks_which():
    game = table("play d1 t0 + | H:5h,6h,5d,6d | H:4c | P:4d", RUNS)
    with pytest.raises(AmbiguousMoveError, match="5d6d or 5h6h|5h6h or 5d6d"):
        game.parse_short("56")
