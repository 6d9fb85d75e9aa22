"""Position notation (docs/notation.md): round trips and errors."""

from __future__ import annotations

import pytest

from p2pshithead.engine import EngineError, Game, Phase, PositionError, Ruleset, preset

from .helpers import table

POSITIONS = [
    ("classic", "play d1 t0 + | H:5h,6h U:Kd D:4s | H:7c U:Qd D:5s | S:9h,9c | P:5d,3c | B:Ah"),
    ("hebrew", "play d0 t1 - w0:9:9d l0 o2 | H:9d,4c | H:4d | H:- | P:9h"),
    ("karma", "swap d1 t0 + r1 | H:Kc,4c U:Kd D:9s | H:5c U:6d D:7s"),
    ("classic", "show d0 t2 + s1:-,0:- | H:4h | H:9c | H:7d"),
]


@pytest.mark.parametrize("rules, spec", POSITIONS)
def test_round_trip(rules, spec):
    game = table(spec, rules)
    text = game.to_text()
    again = Game.from_text(text, preset(rules))
    assert again.to_text() == text
    assert again.known == game.known and again.public == game.public and again.window == game.window
    assert eval(repr(game), {"Game": Game, "Ruleset": type(preset(rules))}).to_text() == text


def test_marks():
    game = table("play d1 t0 + | H:5h U:Kd D:4s | H:7c | S:9h | P:5d")
    text = game.to_text()
    assert "H:0~5h U:1=Kd D:2~4s" in text and "P:5=5d" in text
    view = game.view(1)
    assert "H:0 U:1=Kd D:2 " in view.to_text()
    hidden = Game.from_text(text.replace("P:5=5d", "P:5=?"), preset("classic"))
    assert hidden.card(5) is None and 5 in hidden.public
    assert "P:5=?" in hidden.to_text()


def test_deal_to_text():
    game = Game(preset("classic"), 2)
    assert game.phase is Phase.SWAP
    assert Game.from_text(game.to_text()).to_text() == game.to_text()


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "play d0 t0 + | H:- U:- D:- | S:- | P:- | B:-",
        "dance d0 t0 + | H:- U:- D:- | H:- U:- D:- | S:- | P:- | B:-",
        "play d0 t0 + q1 | H:- U:- D:- | H:- U:- D:- | S:- | P:- | B:" + ",".join(map(str, range(52))),
        "play d0 t0 + | H:- U:- D:- | H:- U:- D:- | S:- | P:- | B:" + ",".join(map(str, range(51))),
        "play d0 t0 + | H:0 U:- D:- | H:- U:- D:- | S:- | P:- | B:" + ",".join(map(str, range(52))),
        "play d0 t0 + | H:0=Zz U:- D:- | H:- U:- D:- | S:- | P:- | B:" + ",".join(map(str, range(1, 52))),
    ],
)
def test_rejects(bad):
    with pytest.raises(ValueError, match="position|zones"):
        Game.from_text(bad)


def _two(head: str, seat0: str = "H:0~4c U:- D:-", seat1: str = "H:1~7c U:- D:-", rest: int = 2, rules: str = "classic",
         extra_burned: str = "") -> tuple[str, Ruleset]:
    """A two-player position text: `head`, two seats, everything from slot `rest` burned."""
    r = preset(rules)
    size = Game(r, 2, 0).size
    burned = extra_burned + ",".join(map(str, range(rest, size)))
    return f"{head} | {seat0} | {seat1} | S:- | P:- | B:{burned}", r


IMPOSSIBLE = [
    # (position, words the PositionError must say)
    (_two("play d0 t0 +", "H:0~Kh,1~Kh,2~Kh U:3=Kh,4=Kh,5=Kh D:-", "H:6~7c U:- D:-", rest=7), "6 x Kh: 1 pack holds 1"),
    (_two("play d0 t0 +", "H:0~Jo U:- D:-"), "1 x Jo: 1 pack holds 0"),
    (_two("play d0 t5 +"), "turn 5: seats are 0 to 1"),
    (_two("play d0 t-1 +"), "turn -1: seats are 0 to 1"),
    (_two("play d2 t0 +"), "dealer: a seat from 0 to 1"),
    (_two("play d0 t0 * "), "direction"),
    (_two("play d0 t0 + o0", "H:- U:- D:-", "H:0~7c,1~8c U:- D:-"), "turn 0: player 0 is out of the game"),
    (_two("play d0 t1 + o0"), "player 0 is out of the game but holds cards"),
    (_two("play d0 t0 + o1,1", "H:0~4c,1~7c U:- D:-", "H:- U:- D:-"), "out twice"),
    (_two("play d0 t0 + o3"), "out 3: seats are 0 to 1"),
    (_two("play d0 t0 + w4:5:-"), "window 4: seats are 0 to 1"),
    (_two("play d0 t0 + w1:17:-"), "window rank 17"),
    (_two("play d0 t0 + w1:5:99"), "drawn slot 99"),
    (_two("play d0 t0 + l2"), "last to play 2"),
    (_two("swap d0 t0 + r0,7"), "ready 7"),
    (_two("show d0 t0 + s3:-"), "show by 3"),
    (_two("swap d0 t0 + x1:1:b", rules="french"), "gives a card to themselves"),
    (_two("play d0 t0 +", rest=3), "missing: 2"),
    (_two("play d0 t0 +", rest=2, extra_burned="1,"), "held twice: 1"),
    (_two("play d0 t0 +", rest=2, extra_burned="52,"), "outside the deck: 52"),
]


@pytest.mark.parametrize("case", IMPOSSIBLE, ids=[words for _, words in IMPOSSIBLE])
def test_rejects_impossible_positions(case: tuple[tuple[str, Ruleset], str]) -> None:
    (text, rules), words = case
    with pytest.raises(PositionError) as caught:
        Game.from_text(text, rules)
    assert words in str(caught.value)
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, EngineError)


def test_accepts_every_position_a_game_reaches() -> None:
    """Positions met in real games (out players, the end, two packs with jokers) read back."""
    import random

    for rules, players in (("classic", 3), ("french", 6), ("hebrew", 2), ("karma", 4)):
        r = preset(rules).replace(jokers=2) if rules == "classic" else preset(rules)
        game = Game(r, players, 0)
        order = list(range(game.size))
        random.Random(players).shuffle(order)
        game = Game.deal_known(r, players, 0, order)
        rng = random.Random(1)
        for _ in range(3000):
            text = game.to_text()
            assert Game.from_text(text, r).to_text() == text
            if game.is_over():
                break
            player = game.awaited()[-1]
            game.push(rng.choice(game.moves_for(player)))
        assert game.is_over()
