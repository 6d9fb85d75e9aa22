"""RULES.md sections 7 and 8, statement by statement: the variants named in the seeds, read with their
seed where RULES.md names them only (docs/rules.md says which reading the engine takes), and the presets.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from p2pshithead.cli.home import HOME_ENV
from p2pshithead.engine import (
    Eight,
    End,
    FaceupPickup,
    Five,
    JokerRule,
    Nine,
    Ruleset,
    Seven,
    Start,
    Three,
    preset,
)

from .helpers import after, moves, partition_ok, table
from .spec_cases import legal, look, results

C = "classic"
R = Ruleset
JOKERS = R(jokers=2)

RESULTS = [
    # Jokers reverse (Pagat seed, "Variações": "they only serve to reverse the direction ... so if the next
    # player after you plays a joker, the turn comes back to you and you must beat your previous play")
    ("7: a reverse joker sends the turn back", JOKERS, "play d0 t1 + | H:Kc,4c | H:Jo,4d | H:Ks,4h | P:9d",
     ["1 play Jo"], {"turn": 0, "top": "9d"}),
    ("7: after a reverse joker, beat the play beneath it", JOKERS,
     "play d0 t0 + | H:Kc,4c,Qh | H:Jo,4d | H:Ks,4h | P:9d", ["0 play Kc", "1 play Jo"], {"turn": 0, "top": "Kc"}),
    ("7: a reverse joker on an empty pile: anything follows", JOKERS, "play d0 t1 + | H:4c,Kc | H:Jo,4d | H:Ks,4h",
     ["1 play Jo", "0 play 4c"], {"top": "4c", "turn": 2}),
    ("7: two reverse jokers cancel", R(jokers=2, decks=1), "play d0 t1 + | H:4c,Kc | H:Jo,Jo,4d | H:Ks,4h | P:9d",
     ["1 play 2,3"], {"turn": 2, "top": "9d"}),
    ("7: pagat: jokers reverse", R(name="p", jokers=2, three=Three.PLAIN, seven=Seven.PLAIN, eight=Eight.PLAIN),
     "play d0 t1 + | H:Kc,4c | H:Jo,4d | H:Ks,4h | P:9d", ["1 play Jo"], {"turn": 0, "top": "9d"}),
    # Jokers wild (Hebrew): transparent, as a mirror
    ("7: a wild joker takes the rank beneath", R(jokers=2, joker=JokerRule.WILD),
     "play d0 t1 + | H:Kc,4c | H:Jo,4d | H:Ks,4h | P:9d", ["1 play Jo"], {"turn": 2, "top": "9d"}),
    # Jokers skip
    ("7: a skip joker skips and resets", R(jokers=2, joker=JokerRule.SKIP),
     "play d0 t1 + | H:Kc,4c | H:Jo,4d | H:Ks,4h | P:9d", ["1 play Jo", "0 play 4c"], {"turn": 1, "top": "4c"}),
    # 9 reverses
    ("7: 9 reverses", R(nine=Nine.REVERSE), "play d0 t1 + | H:Kc,4c | H:9c,4d | H:Ks,4h | P:5d", ["1 play 9c"],
     {"turn": 0}),
    # 8 reverses and is transparent (Pagat, Ciaran)
    ("7: 8 reverses, transparent", R(eight=Eight.REVERSE), "play d0 t1 + | H:Kc,4c | H:8c,4d | H:Ks,4h | P:Jd",
     ["1 play 8c"], {"turn": 0, "top": "Jd"}),
    ("7: an 8 on a 7 leaves the 7 in force", R(eight=Eight.REVERSE),
     "play d0 t1 + | H:6c,Kc | H:8c,4d | H:Ks,4h | P:7d", ["1 play 8c", "0 play 6c"], {"top": "6c"}),
    # 7 is a mirror (Jane)
    ("7: a mirror 7 on anything", R(seven=Seven.MIRROR), "play d0 t1 + | H:Ac,4c | H:7c,4d | H:Ks,4h | P:Kd",
     ["1 play 7c", "2 play Ks"], {"top": "Ks"}),
    # 10 not on faces
    ("7: 10 on a 9 still burns", R(ten_not_on_faces=True), "play d1 t0 + | H:10c,4c | H:Ks,4h | P:9d",
     ["0 play 10c"], {"pile": "-", "turn": 0}),
    # 3 plays as a normal card
    ("7: 3 plain is the lowest card", R(three=Three.PLAIN), "play d1 t0 + | H:3c,4c | H:Ks,4h | P:-",
     ["0 play 3c", "1 play 4h"], {"top": "4h"}),
    # 4 or 5 cards in each row and in hand
    ("7: hand_size 5: refill to 5", R(hand_size=5), "play d1 t0 + | H:9c,4c,4d,4h,4s | H:Ks | S:5c,5d,5h | P:9d",
     ["0 play 9c"], {"H0": "4c,4d,4h,4s,5c"}),
]


test_results = results(RESULTS)


LEGAL = [
    ("7: after a reverse joker on a K, only K or higher or a power card", JOKERS,
     "play d0 t0 + | H:Kc,4c,2c | H:Ks | H:Qs | P:Kd,Jo", 0, {"0 play Kc", "0 play 2c", "0 pick"}),
    ("7: jokers on anything", JOKERS, "play d0 t0 + | H:Jo,4c | H:Ks | H:Qs | P:Ad", 0, {"0 play Jo", "0 pick"}),
    ("7: 9 suit: follow suit or a power card", R(nine=Nine.SUIT), "play d1 t0 + | H:4h,Kc,2c | H:Ks | P:9h", 0,
     {"0 play 4h", "0 play 2c", "0 pick"}),
    ("7: 10 not on J Q K A", R(ten_not_on_faces=True), "play d1 t0 + | H:10c,4c | H:Ks | P:Jd", 0, {"0 pick"}),
    ("7: 5 forces lower", R(five=Five.LOWER), "play d1 t0 + | H:4c,6c,2c | H:Ks | P:5d", 0,
     {"0 play 4c", "0 play 2c", "0 pick"}),
    ("7: power cards may be played on anything at all: 2 on a 7", C, "play d1 t0 + | H:2c,8c | H:Ks | P:7d", 0,
     {"0 play 2c", "0 pick"}),
    ("7: face-up cards may not be swapped", R(swap=False, start=Start.LEFT_OF_DEALER),
     "play d1 t0 + | H:4c U:Ac | H:Ks U:Qc", 0, {"0 play 4c"}),
]


test_legal_moves = legal(LEGAL)


def test_presets():
    """RULES.md 8: each preset is the ruleset it names."""
    classic = preset("classic")
    assert (classic.three, classic.seven, classic.eight, classic.nine, classic.five) == (
        Three.MIRROR, Seven.UNDER, Eight.SKIP, Nine.PLAIN, Five.PLAIN)
    assert classic.four_burns and classic.swap and classic.pickup_voluntary and not classic.interrupt
    assert not classic.turbo and classic.start is Start.LOWEST_SHOWN and classic.end is End.LAST_STANDING
    assert classic.faceup_pickup is FaceupPickup.WITH_CARD and (classic.face_down, classic.face_up) == (3, 3)
    assert preset("hebrew").interrupt and not preset("hebrew").turbo
    french = preset("french")
    assert french.turbo and french.ace_gives_pile and french.card_exchange and not french.interrupt
    assert french.decks_for(5) == 1 and french.decks_for(6) == 2
    pagat = preset("pagat")
    assert (pagat.three, pagat.seven, pagat.eight) == (Three.PLAIN, Seven.PLAIN, Eight.PLAIN)
    assert pagat.four_burns and pagat.joker is JokerRule.REVERSE and not pagat.turbo and not pagat.interrupt
    karma = preset("karma")
    assert karma.stack_faceup and karma.pickup_returns and not karma.interrupt


FIVE = R(five=Five.LOWER)


@pytest.mark.parametrize(
    "hand, pile, expected",
    [
        ("4c,5c,6c", "5d", {"0 play 4c", "0 pick"}),  # lower than 5: a 5 no more than a 6
        ("5c,4c", "Kd", {"0 play 5c", "0 pick"}),  # a 5 goes on a higher card
        ("5c,Kc", "Ad", {"0 play 5c", "0 pick"}),
        ("5c,4c", "7d", {"0 play 5c", "0 play 4c", "0 pick"}),  # 7 or lower still holds after a 7
        ("5c,6c", "4d", {"0 play 5c", "0 play 6c", "0 pick"}),  # on a lower card as ever
    ],
)
def test_five_lower(hand, pile, expected):
    """RULES.md 7: "5 forces the next play to be lower (a computer version named in the Pagat seed)"; the
    seed: "fives can be played on any higher card and require a card lower than 5 to be played next"."""
    assert moves(table(f"play d1 t0 + | H:{hand} | H:Ks | P:{pile}", FIVE), 0) == expected


def test_five_lower_says_what_follows():
    """RULES.md 7 (five = lower): the refusal names the demand in words."""
    game = table("play d1 t0 + | H:5c,4c | H:Ks | P:5d", FIVE)
    assert game.demand() == "5 on the pile: play 4 or lower"


def test_karma_stacks_then_refills_once_every_player_is_ready():
    """RULES.md 7 (Karma: face-up duplicates stacked on one face-down card, played together); docs/rules.md
    ("Section 7 variants not implemented"): the hand is refilled when the swap phase ends, not at each stack."""
    game = table("swap d1 t0 + | H:Kc,9c,6c U:Kd,Ad,Jd D:4s,5s,6s | H:4c U:5c D:7s | S:Jc,Qc,2d", "karma")
    after(game, "0 place Kc")
    assert len(game.hand(0)) == 2 and len(game.stock) == 3
    after(game, "0 ready", "1 ready")
    assert len(game.hand(0)) == 3 and len(game.hand(1)) == 3 and not game.stock
    assert {"Kd", "Kc"} <= {c.text() for c in game.cards(game.face_up(0)) if c is not None}


# (statement, position, moves, seen after): the French ace (RULES.md 7; seed 004, "L'As")
ACE = [
    ("the named player must answer or take the pile", "play d0 t0 + | H:Ac,4c | H:Kd,4d | H:Ks,4h | H:Qs,4s | P:9d",
     ["0 play Ac>2"], {"turn": 2}),
    ("taking it, the player after them leads", "play d0 t0 + | H:Ac,4c | H:Kd,4d | H:Ks,4h | H:Qs,4s | P:9d",
     ["0 play Ac>2", "2 pick"], {"turn": 3, "H2": "4h,9d,Ac,Ks", "pile": "-"}),
    ("an ace answers, naming another", "play d0 t0 + | H:Ac,4c | H:Kd,4d | H:As,4h | H:Qs,4s | P:9d",
     ["0 play Ac>2", "2 play As>0"], {"turn": 0}),
    ("a 3 acts as that ace", "play d0 t0 + | H:Ac,4c | H:Kd,4d | H:3s,4h | H:Qs,4s | P:9d",
     ["0 play Ac>2", "2 play 3s>1"], {"turn": 1, "top": "Ac"}),
    ("a 2 answers: play goes on after them", "play d0 t0 + | H:Ac,4c | H:Kd,4d | H:2s,4h | H:Qs,4s | P:9d",
     ["0 play Ac>2", "2 play 2s"], {"turn": 3, "top": "2s"}),
    ("a 10 answers: it burns, they play again", "play d0 t0 + | H:Ac,4c | H:Kd,4d | H:10s,4h | H:Qs,4s | P:9d",
     ["0 play Ac>2", "2 play 10s"], {"turn": 2, "pile": "-"}),
]


@pytest.mark.parametrize("spec, pushed, expected", [c[1:] for c in ACE], ids=[c[0] for c in ACE])
def test_the_french_ace(spec, pushed, expected):
    """RULES.md 7: "whoever plays an ace names a player who must take the pile, unless they answer with an
    ace (and name someone), a 2, a 10, or a 3 (which acts as that ace)"."""
    game = after(table(spec, "french"), *pushed)
    seen = look(game)
    assert {k: seen[k] for k in expected} == expected
    assert partition_ok(game)


def test_the_named_player_has_only_the_answers():
    """RULES.md 7 (French ace): nothing but an ace, a 2, a 10 or a 3, or taking the pile."""
    game = after(table("play d0 t0 + | H:Ac,4c | H:Kd,4d | H:Ks,Kh,7h,As,2s,10s,3s | H:Qs,4s | P:9d", "french"),
                 "0 play Ac>2")
    assert {m.split(">")[0] for m in moves(game, 2)} == {"2 play As", "2 play 2s", "2 play 10s", "2 play 3s", "2 pick"}


@pytest.mark.e2e  # (starts the program)
def test_five_lower_in_words_as_a_person_reads_the_rules(tmp_path):
    """RULES.md 7 (five = lower), the path a person takes: `p2pshithead rules classic --set five=lower`."""
    program = str(Path(sys.executable).with_name("p2pshithead"))
    env = {**os.environ, HOME_ENV: str(tmp_path)}
    env.pop("P2PSHITHEAD_LANG", None)
    said = subprocess.run([program, "rules", "classic", "--set", "five=lower", "--lang", "en"], env=env,
                          capture_output=True, text=True, check=True, timeout=60).stdout.splitlines()
    assert said[-2:] == ["house rules on top of classic:", "  5: on any higher card too; next play lower than 5"]


def test_a_reverse_joker_on_an_ace_acts_as_that_ace():
    """RULES.md 7 (French ace, jokers reverse): a transparent joker on an ace names who takes the pile, as a
    3 does (docs/rules.md, `ace_gives_pile`)."""
    game = after(table("play d0 t0 + | H:Ac,4c | H:Jo,4d | H:Ks,4h | P:9d", preset("french").replace(jokers=2)),
                 "0 play Ac>1")
    assert moves(game, 1) == {"1 play Jo>0", "1 play Jo>2", "1 pick"}
