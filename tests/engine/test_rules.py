"""Rulesets and presets (RULES.md sections 1-8)."""

from __future__ import annotations

import json

import pytest

from p2pshithead.engine import PRESETS, Eight, JokerRule, Ruleset, Seven, Three, preset


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_round_trip_and_digest(name):
    rules = preset(name)
    assert Ruleset.from_dict(rules.to_dict()) == rules
    assert Ruleset.from_dict(json.loads(rules.to_json())) == rules
    assert eval(repr(rules)) == rules
    assert len(rules.digest()) == 64 and rules.digest() == Ruleset.from_dict(rules.to_dict()).digest()
    assert rules.describe()[0].startswith(name)


def test_digests_differ():
    assert len({r.digest() for r in PRESETS.values()}) == len(PRESETS)


@pytest.mark.parametrize(
    "name, differences",
    [
        ("classic", {}),
        ("hebrew", {"interrupt": True}),
        ("french", {"turbo": True, "ace_gives_pile": True, "card_exchange": True}),
        ("pagat", {"three": "plain", "seven": "plain", "eight": "plain"}),
        ("karma", {"stack_faceup": True, "pickup_returns": True}),
    ],
)
def test_presets_are_section_8(name, differences):
    assert preset(name).differences() == differences


def test_defaults_are_section_1_to_4():
    r = Ruleset()
    assert (r.face_down, r.face_up, r.hand_size, r.swap, r.pickup_voluntary) == (3, 3, 3, True, True)
    assert (r.three, r.seven, r.eight, r.joker) == (Three.MIRROR, Seven.UNDER, Eight.SKIP, JokerRule.REVERSE)
    assert [r.decks_for(n) for n in (2, 5, 6, 11)] == [1, 1, 2, 2]
    assert Ruleset(decks=3).decks_for(2) == 3
    assert preset("pagat").joker is JokerRule.REVERSE


@pytest.mark.parametrize(
    "changes, error",
    [
        ({"jokers": 1}, ValueError), ({"decks": 5}, ValueError), ({"face_down": 0}, ValueError),
        ({"hand_size": 6}, ValueError), ({"name": ""}, ValueError), ({"three": "mirror"}, TypeError),
        ({"swap": 1}, TypeError),
    ],
)
def test_checks_fields(changes, error):
    with pytest.raises(error):
        Ruleset(**changes)


def test_from_dict_errors():
    with pytest.raises(ValueError, match="unknown rule"):
        Ruleset.from_dict({"colour": "red"})
    with pytest.raises(ValueError):
        Ruleset.from_dict({"three": "wild"})
    with pytest.raises(ValueError, match="no preset"):
        preset("uno")


def test_replace_and_describe():
    r = preset("classic").replace(nine="suit" and __import__("p2pshithead.engine").engine.Nine.SUIT)
    assert "9: next play must follow its suit" in r.describe()
    assert "the first player out wins; play stops" not in r.describe()
