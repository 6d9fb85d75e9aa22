"""Position notation (docs/notation.md): round trips and errors."""

from __future__ import annotations

import pytest

from p2pshithead.engine import Game, Phase, preset

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
