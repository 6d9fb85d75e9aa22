"""Rulesets: every rule of RULES.md as a switch or a value, and the named presets (section 8).

Invariants: a `Ruleset` is frozen and checked on construction; `to_dict()` is its stable
serialization (sorted keys, plain JSON types) and `digest()` its SHA-256, by which peers agree on
the rules. `Ruleset.from_dict(r.to_dict()) == r` for every ruleset.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from p2pshithead.engine._cards import deck_size

__all__ = [
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "MAX_DECKS",
    "JOKERS_PER_PACK",
    "DECK_SIZES",
    "Start",
    "FaceupPickup",
    "End",
    "Three",
    "Seven",
    "Eight",
    "Nine",
    "Five",
    "JokerRule",
    "Ruleset",
    "PRESETS",
    "preset",
]


MIN_PLAYERS = 2
"""Fewest seats at a table (RULES.md 1)."""
MAX_PLAYERS = 11
"""Most seats at a table (RULES.md 1)."""
ONE_PACK_PLAYERS = 5
"""Most players dealt from one pack when `decks` is automatic; more get two (RULES.md 1)."""
MAX_DECKS = 4
"""Most packs a ruleset may ask for (`decks`)."""
JOKERS_PER_PACK = (0, 2)
"""The joker counts a ruleset may ask for, per pack (`jokers`)."""
DECK_SIZES = tuple(sorted({deck_size(d, j) for d in range(1, MAX_DECKS + 1) for j in JOKERS_PER_PACK}))
"""Every deck size a ruleset can make: 52, 54, 104, 108, ... (packs x (52 + jokers))."""

class Start(enum.Enum):
    """Who leads the first trick (section 2)."""

    LOWEST_SHOWN = "lowest_shown"
    """In seat order each player may show a hand card; the lowest non-power rank leads."""
    LEFT_OF_DEALER = "left_of_dealer"
    """The player left of the dealer leads."""


class FaceupPickup(enum.Enum):
    """What a player with no legal face-up play takes (section 6)."""

    WITH_CARD = "with_card"
    """One face-up card of their choice, with the pile."""
    PILE_ONLY = "pile_only"
    """The pile only; the face-up cards stay."""


class End(enum.Enum):
    """When the game stops (section 6)."""

    LAST_STANDING = "last_standing"
    """When one player still holds cards: the Shithead."""
    FIRST_OUT = "first_out"
    """When the first player is out: that player wins."""


class Three(enum.Enum):
    """What a 3 does."""

    MIRROR = "mirror"
    """On anything; takes the rank beneath it (section 4)."""
    PLAIN = "plain"
    """A normal card, lowest of the order (section 7, pagat)."""


class Seven(enum.Enum):
    """What a 7 does."""

    UNDER = "under"
    """Next play 7 or lower, or a power card (section 4)."""
    PLAIN = "plain"
    """A normal card (pagat)."""
    MIRROR = "mirror"
    """A mirror, played on anything (Jane, section 7)."""


class Eight(enum.Enum):
    """What an 8 does."""

    SKIP = "skip"
    """The next player loses a turn, one more per extra 8 (section 4)."""
    PLAIN = "plain"
    """A normal card (pagat)."""
    REVERSE = "reverse"
    """Reverses direction and is transparent (Pagat, Ciaran; section 7)."""


class Nine(enum.Enum):
    """What a 9 does."""

    PLAIN = "plain"
    """A normal card."""
    REVERSE = "reverse"
    """Reverses direction (section 7)."""
    SUIT = "suit"
    """The next play must be of the 9's suit, or a card playable on anything (section 7)."""


class Five(enum.Enum):
    """What a 5 does."""

    PLAIN = "plain"
    """A normal card."""
    LOWER = "lower"
    """The next play must be 5 or lower, or a power card (section 7)."""


class JokerRule(enum.Enum):
    """What a joker does (jokers are played on anything in every mode)."""

    REVERSE = "reverse"
    """Reverses direction; anything may follow it (Pagat)."""
    WILD = "wild"
    """Transparent: takes the rank beneath it, like a mirror (Hebrew)."""
    SKIP = "skip"
    """Skips the next player; anything may follow it."""


_ENUM_FIELDS: dict[str, type[enum.Enum]] = {
    "start": Start,
    "faceup_pickup": FaceupPickup,
    "end": End,
    "three": Three,
    "seven": Seven,
    "eight": Eight,
    "nine": Nine,
    "five": Five,
    "joker": JokerRule,
}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A complete set of rules. Field comments cite RULES.md sections."""

    name: str = "classic"
    decks: int = 0  # 1: 0 means one pack for 2-5 players, two for 6-11 (ONE_PACK_PLAYERS)
    jokers: int = 0  # 1: jokers per pack, 0 or 2
    face_down: int = 3  # 2, 7: 3 to 5
    face_up: int = 3
    hand_size: int = 3
    swap: bool = True  # 2: exchange hand and face-up cards before play
    deal_six: bool = False  # 2: hand gets face_up + hand_size cards; players choose the face-up ones
    start: Start = Start.LOWEST_SHOWN  # 2
    pickup_voluntary: bool = True  # 3
    pickup_returns: bool = False  # 3: the last player before a pick-up leads
    faceup_pickup: FaceupPickup = FaceupPickup.WITH_CARD  # 6
    end: End = End.LAST_STANDING  # 6
    four_burns: bool = True  # 4: four of a kind on top burns the pile
    interrupt: bool = False  # 5: complete four of a kind out of turn; add a drawn same-rank card
    turbo: bool = False  # 5: play a card of the rank just played, out of turn (4 5 6 9 J Q K)
    ace_gives_pile: bool = False  # 7 (French): an ace names who must take the pile
    card_exchange: bool = False  # 6 (French): titles, and the Shithead/Masta exchange between games
    stack_faceup: bool = False  # 7 (Karma): face-up duplicates stacked in the swap phase
    ten_not_on_faces: bool = False  # 7 (a Pagat reading): 10 may not be played on J, Q, K, A
    three: Three = Three.MIRROR
    seven: Seven = Seven.UNDER
    eight: Eight = Eight.SKIP
    nine: Nine = Nine.PLAIN
    five: Five = Five.PLAIN
    joker: JokerRule = JokerRule.REVERSE

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not 1 <= len(self.name) <= 32:
            raise ValueError("ruleset name: 1 to 32 characters")
        if not 0 <= self.decks <= MAX_DECKS:
            raise ValueError(f"decks: 0 (automatic) to {MAX_DECKS}")
        if self.jokers not in JOKERS_PER_PACK:
            raise ValueError(f"jokers: {' or '.join(map(str, JOKERS_PER_PACK))} per pack")
        for field in ("face_down", "face_up", "hand_size"):
            if not 1 <= getattr(self, field) <= 5:
                raise ValueError(f"{field}: 1 to 5")
        for field, kind in _ENUM_FIELDS.items():
            if not isinstance(getattr(self, field), kind):
                raise TypeError(f"{field} must be a {kind.__name__}")
        for f in dataclasses.fields(self):
            if f.type == "bool" and not isinstance(getattr(self, f.name), bool):
                raise TypeError(f"{f.name} must be a bool")

    def decks_for(self, players: int) -> int:
        """Packs used at a table of `players` (section 1)."""
        return self.decks or (1 if players <= ONE_PACK_PLAYERS else 2)

    def deck_size(self, players: int) -> int:
        """Cards in the deck of a table of `players`: its packs with their jokers (section 1)."""
        return deck_size(self.decks_for(players), self.jokers)

    def check_table(self, players: int) -> None:
        """Refuse a table these rules cannot deal (section 1).

        Raises:
            ValueError: fewer than MIN_PLAYERS or more than MAX_PLAYERS players, or a deal that
                needs more cards than the deck holds.
        """
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"players: {MIN_PLAYERS} to {MAX_PLAYERS}")
        size = self.deck_size(players)
        if players * (self.face_down + self.face_up + self.hand_size) > size:
            raise ValueError(f"{players} players need more than {size} cards; add decks")

    def to_dict(self) -> dict[str, Any]:
        """The stable serialization: plain JSON values, every field present."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            out[f.name] = value.value if isinstance(value, enum.Enum) else value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ruleset:
        """Inverse of `to_dict`; missing fields take their defaults.

        Raises:
            ValueError: unknown field or bad value.
        """
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown rule(s): {', '.join(sorted(map(str, unknown)))}")
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            kind = _ENUM_FIELDS.get(key)
            kwargs[key] = kind(value) if kind else value
        return cls(**kwargs)

    def to_json(self) -> str:
        """Canonical JSON text of `to_dict()` (sorted keys, no spaces)."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    def digest(self) -> str:
        """SHA-256 of the canonical JSON, hex: the ruleset hash peers agree on."""
        return hashlib.sha256(self.to_json().encode()).hexdigest()

    def replace(self, **changes: Any) -> Ruleset:
        """A copy with some rules changed."""
        return dataclasses.replace(self, **changes)

    def differences(self) -> dict[str, Any]:
        """The rules that differ from `classic`, as plain values (for display)."""
        base = Ruleset().to_dict()
        return {k: v for k, v in self.to_dict().items() if k != "name" and base[k] != v}

    def describe(self) -> list[str]:
        """The rules in words, one line each, for a lobby or a help screen."""
        return describe(self)

    def __repr__(self) -> str:
        return f"Ruleset.from_dict({ {'name': self.name, **self.differences()}!r})"


PRESETS: dict[str, Ruleset] = {
    "classic": Ruleset(),
    "hebrew": Ruleset(name="hebrew", interrupt=True),
    "french": Ruleset(name="french", turbo=True, ace_gives_pile=True, card_exchange=True),
    "pagat": Ruleset(
        name="pagat", three=Three.PLAIN, seven=Seven.PLAIN, eight=Eight.PLAIN, joker=JokerRule.REVERSE
    ),
    "karma": Ruleset(name="karma", stack_faceup=True, pickup_returns=True),
}


def preset(name: str) -> Ruleset:
    """The preset called `name` (section 8).

    Raises:
        ValueError: no such preset.
    """
    try:
        return PRESETS[name]
    except KeyError:
        raise ValueError(f"no preset {name!r}; presets: {', '.join(PRESETS)}") from None


def describe(rules: Ruleset) -> list[str]:
    """The rules in words."""
    lines = [
        f"{rules.name}: {rules.face_down} face-down, {rules.face_up} face-up, {rules.hand_size} in hand"
        + (f"; {rules.jokers} jokers per pack" if rules.jokers else ""),
        "2 resets; 10 burns; four of a kind burns" if rules.four_burns else "2 resets; 10 burns",
    ]
    lines.append({Three.MIRROR: "3 mirrors the card beneath", Three.PLAIN: "3 is a plain card"}[rules.three])
    lines.append(
        {
            Seven.UNDER: "7: next play 7 or lower",
            Seven.PLAIN: "7 is a plain card",
            Seven.MIRROR: "7 mirrors the card beneath, on anything",
        }[rules.seven]
    )
    lines.append(
        {
            Eight.SKIP: "8 skips the next player",
            Eight.PLAIN: "8 is a plain card",
            Eight.REVERSE: "8 reverses direction and is transparent",
        }[rules.eight]
    )
    extra: dict[enum.Enum, str] = {
        Nine.REVERSE: "9 reverses direction",
        Nine.SUIT: "9: next play must follow its suit",
        Five.LOWER: "5: next play 5 or lower",
    }
    for choice in (rules.nine, rules.five):
        said = extra.get(choice)
        if said:
            lines.append(said)
    flags = [
        (rules.interrupt, "interrupt: complete four of a kind out of turn"),
        (rules.turbo, "turbo: play the rank just played, out of turn (4 5 6 9 J Q K)"),
        (rules.ace_gives_pile, "an ace names who must take the pile"),
        (rules.card_exchange, "titles; the Shithead gives the Masta their best card"),
        (rules.stack_faceup, "face-up duplicates may be stacked"),
        (rules.pickup_returns, "after a pick-up, the last player to play leads"),
        (rules.ten_not_on_faces, "10 may not be played on J, Q, K or A"),
        (rules.deal_six, "six cards dealt to hand; choose three to lay face up"),
        (not rules.swap, "no swapping before play"),
        (not rules.pickup_voluntary, "you may pick up only when you cannot play"),
        (rules.end is End.FIRST_OUT, "the first player out wins; play stops"),
        (rules.start is Start.LEFT_OF_DEALER, "the player left of the dealer starts"),
    ]
    lines.extend(text for on, text in flags if on)
    return lines
