"""Rank powers as data and the one `playable` judgement (RULES.md sections 3, 4, 7)."""

from __future__ import annotations

import pytest

from p2pshithead.engine import (
    Card,
    Eight,
    Five,
    JokerRule,
    Nine,
    Rank,
    Ruleset,
    Seven,
    Three,
    playable,
    powers,
    turbo_ranks,
)
from p2pshithead.engine._powers import demand_text, demand_text_in
from tests.speaking import speaking

C = Ruleset()


def can(rules: Ruleset, card: str, top: str | None) -> bool:
    return playable(rules, Card.from_text(card), None if top is None else Card.from_text(top))


@pytest.mark.parametrize(
    "rules, card, top, expected",
    [
        (C, "4c", None, True), (C, "4c", "5d", False), (C, "5c", "5d", True), (C, "Ac", "Kd", True),
        (C, "2c", "Ad", True), (C, "4c", "2d", True), (C, "3c", "Ad", True), (C, "10c", "Ad", True),
        (C, "8c", "7d", False), (C, "7c", "7d", True), (C, "4c", "7d", True), (C, "8c", "8d", True),
        (Ruleset(ten_not_on_faces=True), "10c", "Jd", False), (Ruleset(ten_not_on_faces=True), "10c", "9d", True),
        (Ruleset(three=Three.PLAIN), "3c", "4d", False), (Ruleset(three=Three.PLAIN), "4c", "3d", True),
        (Ruleset(seven=Seven.PLAIN), "8c", "7d", True), (Ruleset(seven=Seven.MIRROR), "7c", "Ad", True),
        (Ruleset(eight=Eight.REVERSE), "8c", "Ad", True), (Ruleset(eight=Eight.PLAIN), "8c", "9d", False),
        (Ruleset(nine=Nine.SUIT), "Kd", "9d", True), (Ruleset(nine=Nine.SUIT), "Kh", "9d", False),
        (Ruleset(nine=Nine.SUIT), "4d", "9d", True), (Ruleset(nine=Nine.SUIT), "2h", "9d", True),
        (Ruleset(five=Five.LOWER), "5c", "5d", False), (Ruleset(five=Five.LOWER), "6c", "5d", False),
        (Ruleset(jokers=2), "Jo", "Ad", True),
        (Ruleset(jokers=2, joker=JokerRule.SKIP), "4c", "Jo", True),
        (Ruleset(jokers=2, joker=JokerRule.SKIP_SEVEN), "6c", "Jo", False),
        (Ruleset(jokers=2, joker=JokerRule.SKIP_SEVEN), "7c", "Jo", True),
        (Ruleset(eight=Eight.UNDER), "8c", "8d", True), (Ruleset(eight=Eight.UNDER), "9c", "8d", False),
        (Ruleset(eight=Eight.UNDER), "10c", "8d", True), (Ruleset(ten_not_on_eight=True), "10c", "8d", False),
        (Ruleset(ten_not_on_eight=True, ten_not_on_faces=True), "10c", "Kd", False),
    ],
)
def test_playable(rules, card, top, expected):
    assert can(rules, card, top) is expected


def test_power_table():
    table = powers(C)
    assert table[Rank.TWO].reset and table[Rank.TEN].burn and table[Rank.THREE].transparent
    assert table[Rank.SEVEN].cap == 7 and table[Rank.EIGHT].skip and table[Rank.KING].plain
    assert powers(Ruleset(jokers=2, joker=JokerRule.WILD))[Rank.JOKER].transparent
    assert powers(Ruleset(nine=Nine.REVERSE))[Rank.NINE].reverse


@pytest.mark.parametrize(
    "rules, ranks",
    [
        (C, "4 5 6 9 J Q K A"),
        (Ruleset(ace_gives_pile=True), "4 5 6 9 J Q K"),
        (Ruleset(three=Three.PLAIN, seven=Seven.PLAIN, eight=Eight.PLAIN), "4 5 6 7 8 9 J Q K A"),
        (Ruleset(nine=Nine.SUIT, five=Five.LOWER), "4 6 J Q K A"),
    ],
)
def test_turbo_ranks_are_the_plain_ranks(rules, ranks):
    assert " ".join(r.symbol for r in sorted(turbo_ranks(rules))) == ranks


@pytest.mark.parametrize(
    "rules, top, text",
    [
        (C, None, "empty pile: play anything"), (C, "2c", "2 on the pile: play anything"),
        (C, "7c", "7 on the pile: play 7 or lower"), (C, "Kc", "K on the pile: play K or higher"),
        (Ruleset(nine=Nine.SUIT), "9c", "9c on the pile: follow suit c or play a power card"),
    ],
)
def test_demand_text(rules, top, text):
    card = None if top is None else Card.from_text(top)
    assert demand_text(rules, card) == text
    assert demand_text_in(powers(rules), card) == text


@pytest.mark.parametrize(
    "language, texts",
    [
        ("he", ["הערימה ריקה: אפשר להניח כל קלף", "7 על הערימה: הניחו 7 או נמוך ממנו"]),
        ("pt", ["pilha vazia: jogue qualquer carta", "7 na pilha: jogue 7 ou menor"]),
        ("fr", ["pot vide\u00a0: n'importe quelle carte", "7 sur le pot\u00a0: posez 7 ou moins"]),
    ],
)
def test_demand_text_is_said_in_the_language_in_use(language, texts):
    with speaking(language):
        said = [demand_text(C, None), demand_text(C, Card.from_text("7c"))]
    assert said == texts
    assert demand_text(C, None) == "empty pile: play anything"
