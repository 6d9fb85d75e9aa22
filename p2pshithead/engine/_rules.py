"""Rulesets: every rule of RULES.md as a switch or a value, and the named presets (section 8).

Invariants: a `Ruleset` is frozen and checked on construction; `to_dict()` is its stable
serialization (sorted keys, plain JSON types) and `digest()` its SHA-256, by which peers agree on
the rules. `Ruleset.from_dict(r.to_dict()) == r` for every ruleset.
"""

from __future__ import annotations

import dataclasses
import difflib
import enum
import functools
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from p2pshithead.engine._cards import deck_size
from p2pshithead.engine._errors import EngineError
from p2pshithead.lang import N_, _, ngettext

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
    "SettingError",
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
    ALWAYS_WITH_CARD = "always_with_card"
    """Every pick-up from the face-up row takes one face-up card with the pile, by choice too
    (Pagat seed, "O Fim do Jogo": "cannot (or do not wish to)")."""


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
    UNDER = "under"
    """The next play must be lower than 8, another 8, or a card played on anything (Jane, Pagat seed 46)."""


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
    """Played on any higher card too; the next play must be lower than 5, or a power card (section 7, the
    Pagat seed's computer version)."""


class JokerRule(enum.Enum):
    """What a joker does (jokers are played on anything in every mode)."""

    REVERSE = "reverse"
    """Reverses direction and is transparent: the next play beats the card beneath it (Pagat)."""
    WILD = "wild"
    """Transparent: takes the rank beneath it, like a mirror (Hebrew)."""
    SKIP = "skip"
    """Skips the next player; anything may follow it (Jane's "value 2", Pagat seed item 48)."""
    SKIP_MIRROR = "skip_mirror"
    """Skips the next player and is transparent, like a mirror (Jane's "as a mirror", item 48)."""
    SKIP_SEVEN = "skip_seven"
    """Skips the next player; the next play must be 7 or higher, as on a plain 7 (Jane's "value 7")."""


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
    ten_not_on_eight: bool = False  # 7 (Jane, Pagat seed 47): 10 on anything but an 8
    pickup_goes_back: bool = False  # 3 (Jane, Pagat seed 50): 3+ players: the picker's previous player leads
    runs: bool = False  # 3, 7 (Jane, Pagat seed 49): an ascending run of one suit in one turn, each step legal
    three: Three = Three.MIRROR
    seven: Seven = Seven.UNDER
    eight: Eight = Eight.SKIP
    nine: Nine = Nine.PLAIN
    five: Five = Five.PLAIN
    joker: JokerRule = JokerRule.REVERSE

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not 1 <= len(self.name) <= 32:
            raise ValueError(_("ruleset name: 1 to 32 characters"))  # a person's `--set name=`
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
            raise ValueError(ngettext("{players} player needs more than {size} cards; add decks",
                                      "{players} players need more than {size} cards; add decks",
                                      players).format(players=players, size=size))

    def to_dict(self) -> dict[str, Any]:
        """The stable serialization: plain JSON values, every field present except the fields added
        after the first digests (`_LATER_FIELDS`) while they hold their default, so that a ruleset
        that does not use them keeps its digest."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name in _LATER_FIELDS and value == f.default:
                continue
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

    def with_settings(self, settings: Mapping[str, str]) -> Ruleset:
        """A copy with house rules set from text, as typed after `--set KEY=VALUE` ("eight=under",
        "ten_not_on_eight=true", "face-up=4"). Keys and values ignore case; `-` in a key reads as `_`.

        Raises:
            SettingError: a key that names no rule (the message names the closest rules), or a value
                that rule does not take (the message lists the values it takes), or a combination
                the ruleset refuses.
        """
        changes = {key: _parse_setting(key, text) for key, text in ((_key(k), v) for k, v in settings.items())}
        try:
            return dataclasses.replace(self, **changes)
        except (TypeError, ValueError) as exc:
            raise SettingError(str(exc)) from None

    def settings(self, base: Ruleset | None = None) -> dict[str, str]:
        """The rules that differ from `base` (classic by default) as `with_settings` text, so that
        `base.with_settings(r.settings(base))` equals `r` but for its name."""
        return {key: _text(value) for key, value in self._changed(base or Ruleset()).items()}

    def differences(self, base: Ruleset | None = None) -> list[str]:
        """Each rule that differs from `base` (classic by default), in words, in field order:
        ["a 10 may not be played on an 8", ...]. The name is not a rule and is never listed."""
        return [_words(key, getattr(self, key)) for key in self._changed(base or Ruleset())]

    def _changed(self, base: Ruleset) -> dict[str, Any]:
        """The fields (the name aside) whose value differs from `base`'s, as plain JSON values."""
        mine, theirs = self._plain(), base._plain()
        return {k: v for k, v in mine.items() if k != "name" and theirs[k] != v}

    def _plain(self) -> dict[str, Any]:
        return {f.name: _json(getattr(self, f.name)) for f in dataclasses.fields(self)}

    def describe(self) -> list[str]:
        """The rules in words, one line each, for a lobby or a help screen."""
        return describe(self)

    def __repr__(self) -> str:
        return f"Ruleset.from_dict({ {'name': self.name, **self._changed(Ruleset())}!r})"


class SettingError(EngineError, ValueError):
    """A house-rule setting (`Ruleset.with_settings`) that names no rule or a value the rule does
    not take; the message names the closest rules or lists the values."""


_LATER_FIELDS = frozenset({"ten_not_on_eight", "pickup_goes_back", "runs"})
"""Fields added after presets were first agreed by digest: `to_dict` leaves them out at their default."""

_INT_CHOICES: dict[str, tuple[int, ...]] = {
    "decks": tuple(range(MAX_DECKS + 1)),
    "jokers": JOKERS_PER_PACK,
    "face_down": (1, 2, 3, 4, 5),
    "face_up": (1, 2, 3, 4, 5),
    "hand_size": (1, 2, 3, 4, 5),
}
_BOOL_TEXT = {"true": True, "on": True, "yes": True, "1": True, "false": False, "off": False, "no": False, "0": False}
_FIELDS = tuple(f.name for f in dataclasses.fields(Ruleset))


def _key(text: str) -> str:
    key = text.strip().lower().replace("-", "_")
    if key not in _FIELDS:
        close = difflib.get_close_matches(key, list(_FIELDS), n=3, cutoff=0.5)
        if close:
            either = functools.reduce(lambda a, b: _("{first} or {second}").format(first=a, second=b), close)
            raise SettingError(_("no rule {text!r}; did you mean {rules}?").format(text=text.strip(), rules=either))
        raise SettingError(_("no rule {text!r}; rules: {rules}").format(text=text.strip(), rules=", ".join(_FIELDS)))
    return key


def _parse_setting(key: str, text: str) -> Any:
    """The value of rule `key` written as `text`."""
    value = text.strip()
    if key == "name":
        return value
    choices: list[str]
    if key in _ENUM_FIELDS:
        kind = _ENUM_FIELDS[key]
        choices = [member.value for member in kind]
        if value.lower() in choices:
            return kind(value.lower())
    elif key in _INT_CHOICES:
        choices = [str(n) for n in _INT_CHOICES[key]]
        if value in choices:
            return int(value)
    else:
        choices = ["true", "false"]
        if value.lower() in _BOOL_TEXT:
            return _BOOL_TEXT[value.lower()]
    raise SettingError(_("{key}: {value!r} is not a value of this rule; values: {values}").format(
        key=key, value=value, values=", ".join(choices)))


def _json(value: Any) -> Any:
    return value.value if isinstance(value, enum.Enum) else value


def _text(value: Any) -> str:
    """A plain JSON value as `with_settings` reads it."""
    return str(value).lower() if isinstance(value, bool) else str(value)


PRESETS: dict[str, Ruleset] = {
    "classic": Ruleset(),
    "hebrew": Ruleset(name="hebrew", interrupt=True),
    "french": Ruleset(name="french", turbo=True, ace_gives_pile=True, card_exchange=True),
    "pagat": Ruleset(
        name="pagat",
        three=Three.PLAIN,
        seven=Seven.PLAIN,
        eight=Eight.PLAIN,
        joker=JokerRule.REVERSE,
        faceup_pickup=FaceupPickup.ALWAYS_WITH_CARD,
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


# The words are marked N_ where the tables are defined and translated by `_` where they are shown
# (docs/translating.md): nothing the engine decides depends on the language.
_FLAG_WORDS: dict[str, tuple[str, str]] = {  # a switch in words: (on, off)
    "swap": (N_("players may swap hand and face-up cards before play"), N_("no swapping before play")),
    "deal_six": (N_("cards for the face-up row are dealt to hand; each player chooses which to lay face up"),
                 N_("the face-up row is dealt face up")),
    "pickup_voluntary": (N_("you may pick up the pile by choice"), N_("you may pick up only when you cannot play")),
    "pickup_returns": (N_("after a pick-up, the last player to play leads"),
                       N_("after a pick-up, the next player leads")),
    "pickup_goes_back": (N_("with three or more players, after a pick-up the player before the picker leads"),
                         N_("after a pick-up, play goes on past the picker")),
    "four_burns": (N_("four of a kind burns"), N_("four of a kind does not burn")),
    "interrupt": (N_("interrupt (3+ players): complete four of a kind out of turn, or add a drawn card of the "
                     "rank just played"), N_("no interrupts")),
    "turbo": (N_("turbo: play the rank just played, out of turn (4 5 6 9 J Q K)"), N_("no turbo plays")),
    "ace_gives_pile": (N_("an ace names who must take the pile"), N_("an ace names nobody")),
    "card_exchange": (N_("titles; the Shithead gives the Masta their best card"),
                      N_("no card exchange between games")),
    "stack_faceup": (N_("face-up duplicates may be stacked"), N_("face-up duplicates are not stacked")),
    "ten_not_on_faces": (N_("a 10 may not be played on J, Q, K or A"), N_("a 10 may be played on J, Q, K and A")),
    "ten_not_on_eight": (N_("a 10 may not be played on an 8"), N_("a 10 may be played on an 8")),
    "runs": (N_("runs: an ascending run of one suit (5h 6h 7h) may be played in one turn, each card legal on the "
                "one before; a run that reaches 10 burns"), N_("no runs: cards played together are of one rank")),
}
_CHOICE_WORDS: dict[enum.Enum, str] = {  # an enum value in words
    Start.LOWEST_SHOWN: N_("the lowest card shown leads"),
    Start.LEFT_OF_DEALER: N_("the player left of the dealer starts"),
    FaceupPickup.WITH_CARD: N_("stuck on face-up cards, take one of them with the pile"),
    FaceupPickup.PILE_ONLY: N_("stuck on face-up cards, take the pile only"),
    FaceupPickup.ALWAYS_WITH_CARD: N_("a pick-up from the face-up row takes one face-up card with the pile"),
    End.LAST_STANDING: N_("play goes on until one player is left: the Shithead"),
    End.FIRST_OUT: N_("the first player out wins; play stops"),
    Three.MIRROR: N_("3 mirrors the card beneath"),
    Three.PLAIN: N_("3 is a plain card"),
    Seven.UNDER: N_("7: next play 7 or lower"),
    Seven.PLAIN: N_("7 is a plain card"),
    Seven.MIRROR: N_("7 mirrors the card beneath, on anything"),
    Eight.SKIP: N_("8 skips the next player"),
    Eight.PLAIN: N_("8 is a plain card"),
    Eight.REVERSE: N_("8 reverses direction and is transparent"),
    Eight.UNDER: N_("8: next play lower than 8, another 8, or a power card"),
    Nine.PLAIN: N_("9 is a plain card"),
    Nine.REVERSE: N_("9 reverses direction"),
    Nine.SUIT: N_("9: next play must follow its suit"),
    Five.PLAIN: N_("5 is a plain card"),
    Five.LOWER: N_("5: on any higher card too; next play lower than 5"),
    JokerRule.REVERSE: N_("a joker reverses direction"),
    JokerRule.WILD: N_("a joker mirrors the card beneath"),
    JokerRule.SKIP: N_("a joker skips the next player"),
    JokerRule.SKIP_MIRROR: N_("a joker skips the next player and mirrors the card beneath"),
    JokerRule.SKIP_SEVEN: N_("a joker skips the next player and counts as a plain 7"),
}


def _words(key: str, value: Any) -> str:
    """Rule `key` at `value`, in words, in the language in use (the name is not a rule: never asked)."""
    if isinstance(value, enum.Enum):
        return _(_CHOICE_WORDS[value])
    if key in _FLAG_WORDS:
        return _(_FLAG_WORDS[key][0 if value else 1])
    match key, value:
        case "decks", 0:
            return _("one pack for 2-5 players, two for 6-11")
        case "decks", _:
            text = ngettext("{count} pack(s)", "{count} pack(s)", value)
        case "jokers", 0:
            return _("no jokers")
        case "jokers", _:
            text = ngettext("{count} joker per pack", "{count} jokers per pack", value)
        case "face_down", _:
            text = ngettext("{count} face-down card(s) each", "{count} face-down card(s) each", value)
        case "face_up", _:
            text = ngettext("{count} face-up card(s) each", "{count} face-up card(s) each", value)
        case _:
            text = ngettext("{count} hand card(s) each", "{count} hand card(s) each", value)
    return text.format(count=value)


_POWER_FIELDS = ("three", "seven", "eight", "nine", "five")


def describe(rules: Ruleset) -> list[str]:
    """The rules in words, in the language in use: the deal, what each power rank does, then every
    other rule that differs from classic."""
    deal = {"name": rules.name, "face_down": rules.face_down, "face_up": rules.face_up, "hand_size": rules.hand_size}
    lines = [
        ngettext("{name}: {face_down} face-down, {face_up} face-up, {hand_size} in hand; {jokers} joker per pack",
                 "{name}: {face_down} face-down, {face_up} face-up, {hand_size} in hand; {jokers} jokers per pack",
                 rules.jokers).format(jokers=rules.jokers, **deal) if rules.jokers else
        _("{name}: {face_down} face-down, {face_up} face-up, {hand_size} in hand").format(**deal),
        _("2 resets; 10 burns; four of a kind burns") if rules.four_burns else _("2 resets; 10 burns"),
    ]
    lines += [_(_CHOICE_WORDS[rules.three]), _(_CHOICE_WORDS[rules.seven]), _(_CHOICE_WORDS[rules.eight])]
    lines += [_(_CHOICE_WORDS[choice]) for choice in (rules.nine, rules.five) if choice.value != "plain"]
    if rules.jokers:
        lines.append(_(_CHOICE_WORDS[rules.joker]))
    said = {"face_down", "face_up", "hand_size", "jokers", "joker", "four_burns", *_POWER_FIELDS}
    lines += [_words(key, getattr(rules, key)) for key in rules._changed(Ruleset()) if key not in said]
    return lines
