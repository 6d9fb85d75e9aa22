"""Rulesets and presets (RULES.md sections 1-8)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from p2pshithead.engine import (
    PRESETS,
    Eight,
    FaceupPickup,
    JokerRule,
    Ruleset,
    SettingError,
    Seven,
    Three,
    preset,
)
from p2pshithead.engine._rules import _ENUM_FIELDS
from tests.speaking import speaking


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
        ("hebrew", {"interrupt": "true"}),
        ("french", {"turbo": "true", "ace_gives_pile": "true", "card_exchange": "true"}),
        ("pagat", {"faceup_pickup": "always_with_card", "three": "plain", "seven": "plain", "eight": "plain"}),
        ("karma", {"pickup_returns": "true", "stack_faceup": "true"}),
    ],
)
def test_presets_are_section_8(name, differences):
    assert preset(name).settings() == differences
    assert Ruleset().with_settings(differences).replace(name=name) == preset(name)


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


# Pinned: peers agree on rules by this hash, so a new rule must not move the digest of a ruleset that
# does not use it. Only pagat's moved, on purpose (issue 9: its face-up pick-up follows the Pagat seed).
DIGESTS = {
    "classic": "84761bfcb4326b4289bbe9ef0e84336f682870a370f55ccd1d9444aac600e70d",
    "hebrew": "8027e46e24073d7124695ddfd5d4817415a1418cd87dce7572b42ea885dbd093",
    "french": "366efe0f1f95a5784c8a1e058269f70eea4c3f9a68d4e88ae2eceb928927694a",
    "pagat": "1fb37b7b3a273ab1af0bc6522fd55e3c2b984881f7c3df8ec320f428f292c188",
    "karma": "c7b8064194ae9bfed3a137f3765ea24e6eadbc2c5845dfc38515886f0b430ee0",
}


@pytest.mark.parametrize("name", sorted(DIGESTS))
def test_preset_digests_are_pinned(name):
    assert preset(name).digest() == DIGESTS[name]


@pytest.mark.parametrize("changes", [{"ten_not_on_eight": True}, {"pickup_goes_back": True}])
def test_a_later_rule_counts_once_it_is_used(changes):
    rules = Ruleset(**changes)
    assert rules.digest() != Ruleset().digest()
    assert set(changes) <= set(rules.to_dict()) and not set(changes) & set(Ruleset().to_dict())
    assert Ruleset.from_dict(rules.to_dict()) == rules and eval(repr(rules)) == rules


@pytest.mark.parametrize(
    "settings, expected",
    [
        ({"eight": "under"}, Ruleset(eight=Eight.UNDER)),
        ({"Ten-Not-On-Eight": "ON", "pickup_goes_back": "yes"}, Ruleset(ten_not_on_eight=True, pickup_goes_back=True)),
        ({"face_up": "4", "hand_size": " 5 ", "swap": "off"}, Ruleset(face_up=4, hand_size=5, swap=False)),
        ({"faceup_pickup": "always_with_card", "name": "mine"},
         Ruleset(name="mine", faceup_pickup=FaceupPickup.ALWAYS_WITH_CARD)),
        ({}, Ruleset()),
    ],
)
def test_with_settings(settings, expected):
    assert Ruleset().with_settings(settings) == expected


@pytest.mark.parametrize(
    "settings, message",
    [
        ({"ten_not_on_8": "true"}, "no rule 'ten_not_on_8'; did you mean ten_not_on_faces or ten_not_on_eight?"),
        ({"eigth": "under"}, "no rule 'eigth'; did you mean eight?"),
        ({"colour": "red"}, "no rule 'colour'; rules: name, decks, jokers"),
        ({"eight": "wild"}, "eight: 'wild' is not a value of this rule; values: skip, plain, reverse, under"),
        ({"jokers": "1"}, "jokers: '1' is not a value of this rule; values: 0, 2"),
        ({"face_down": "six"}, "face_down: 'six' is not a value of this rule; values: 1, 2, 3, 4, 5"),
        ({"turbo": "maybe"}, "turbo: 'maybe' is not a value of this rule; values: true, false"),
        ({"name": ""}, "ruleset name: 1 to 32 characters"),
    ],
)
def test_with_settings_errors(settings, message):
    with pytest.raises(SettingError) as caught:
        Ruleset().with_settings(settings)
    assert str(caught.value).startswith(message)
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    "rules, base, words",
    [
        (Ruleset(ten_not_on_eight=True), Ruleset(), ["a 10 may not be played on an 8"]),
        (Ruleset(), Ruleset(ten_not_on_eight=True), ["a 10 may be played on an 8"]),
        (preset("hebrew"), preset("classic"),
         ["interrupt (3+ players): complete four of a kind out of turn, or add a drawn card of the rank just played"]),
        (preset("classic").replace(name="x"), preset("classic"), []),
        (Ruleset(decks=2, jokers=2, face_up=4, eight=Eight.UNDER, joker=JokerRule.SKIP), Ruleset(),
         ["2 pack(s)", "2 jokers per pack", "4 face-up card(s) each",
          "8: next play lower than 8, another 8, or a power card", "a joker skips the next player"]),
        (preset("pagat"), preset("classic"),
         ["a pick-up from the face-up row takes one face-up card with the pile", "3 is a plain card",
          "7 is a plain card", "8 is a plain card"]),
        (Ruleset(pickup_goes_back=True, hand_size=2), Ruleset(),
         ["2 hand card(s) each", "with three or more players, after a pick-up the player before the picker leads"]),
    ],
)
def test_differences_in_words(rules, base, words):
    assert rules.differences(base) == words


def test_every_rule_value_has_words():
    for field in dataclasses.fields(Ruleset):
        kind = _ENUM_FIELDS.get(field.name)
        values: list[Any] = list(kind) if kind else [True, False] if field.type == "bool" else []
        for value, other in zip(values, values[1:] + values[:1], strict=True):
            said = Ruleset(**{field.name: value}).differences(Ruleset(**{field.name: other}))
            assert len(said) == 1 and said[0], (field.name, value)


# The face-down count in words for 1, 2 and 5 cards in each language: its plural forms (Hebrew's "two"
# is the plain plural for cards; French and Portuguese put 1 alone in the singular).
FACE_DOWN_WORDS = {
    "en": ("1 face-down card(s) each", "2 face-down card(s) each", "5 face-down card(s) each"),
    "he": ("1 קלף מוסתר לכל שחקן", "2 קלפים מוסתרים לכל שחקן", "5 קלפים מוסתרים לכל שחקן"),
    "pt": ("1 carta virada para baixo por jogador", "2 cartas viradas para baixo por jogador",
           "5 cartas viradas para baixo por jogador"),
    "fr": ("1 carte cachée par joueur", "2 cartes cachées par joueur", "5 cartes cachées par joueur"),
}


@pytest.mark.parametrize("language", sorted(FACE_DOWN_WORDS))
def test_a_count_in_words_takes_the_languages_plural_form(language: str) -> None:
    with speaking(language):
        said = [Ruleset(face_down=n).differences()[0] for n in (1, 2, 5)]
    assert tuple(said) == FACE_DOWN_WORDS[language]


def test_a_house_rule_error_is_in_the_language_in_use() -> None:
    with speaking("fr"), pytest.raises(SettingError) as error:
        Ruleset().with_settings({"ten_not_on_8": "true"})
    assert str(error.value) == ("pas de règle 'ten_not_on_8'\u00a0; vouliez-vous dire ten_not_on_faces ou "
                                "ten_not_on_eight\u00a0?")
    with speaking("he"), pytest.raises(SettingError, match="אינו ערך של החוק הזה; הערכים: skip, plain"):
        Ruleset().with_settings({"eight": "wild"})
