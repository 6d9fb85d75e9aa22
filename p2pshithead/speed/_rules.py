# Speed's rule options (docs/speed.md, "Options"), as Shithead's Ruleset is for Shithead. Invariants: a
# `SpeedRules` is a frozen value checked on construction; `to_text()` is its one canonical text and
# `from_text(to_text())` gives it back; `digest()` hashes that text, so two programs that agree on the
# digest play by the same rules. Its words (`words()`, the errors of `from_text`) are in the language in use.
"""`SpeedRules`, `PRESETS` and the options' words."""

from __future__ import annotations

import difflib
import hashlib
from dataclasses import dataclass, fields, replace

from p2pshithead.lang import N_, _

__all__ = ["OPTIONS", "PRESETS", "SpeedRules"]

OPTIONS = {
    "wrap": N_("K and A are neighbours (a K on an A, an A on a K)"),
    "jokers": N_("two jokers a pack, wild: a joker on any card, any card on a joker; they go to the sixth stack"),
    "kings": N_("face-up kings go to the sixth stack, as jokers do"),
    "burn": N_("three face-up cards of one rank in your layout may be burned (out of the game)"),
    "chinese": N_("Chinese Speed: four face-up stacks, nothing beneath, kept at four from the stock; "
                  "the first without cards wins"),
    "packs": N_("packs in play (1: half a pack each; 2: a whole pack each)"),
    "rounds": N_("rounds before the game ends with the fewest cards winning"),
}  # fmt: skip
"""Each option and what it means, in English words (marked: `_` translates them where they are shown)."""


@dataclass(frozen=True, slots=True)
class SpeedRules:
    """The rules of one game of Speed (every default is written down in docs/speed.md)."""

    wrap: bool = True
    jokers: bool = False
    kings: bool = False
    burn: bool = False
    chinese: bool = False
    packs: int = 1
    rounds: int = 25

    def __post_init__(self) -> None:
        if self.packs not in (1, 2):
            raise ValueError(_("packs is 1 or 2, not {packs}").format(packs=self.packs))
        if not 1 <= self.rounds <= 200:
            raise ValueError(_("rounds is 1..200, not {rounds}").format(rounds=self.rounds))

    @property
    def size(self) -> int:
        """Cards in the deck."""
        return self.packs * (54 if self.jokers else 52)

    @property
    def stacks(self) -> int:
        """Stacks in a layout: five and the sixth (jokers, kings); four in Chinese Speed."""
        return 4 if self.chinese else 6

    def to_text(self) -> str:
        """The canonical text: the preset, then each option that differs from it, as key=value."""
        name = "chinese" if self.chinese else "speed"
        base = PRESETS[name]
        diffs = [f"{f.name}={_word(getattr(self, f.name))}" for f in fields(self)
                 if f.name != "chinese" and getattr(self, f.name) != getattr(base, f.name)]  # fmt: skip
        return " ".join([name, *diffs])

    @classmethod
    def from_text(cls, text: str) -> SpeedRules:
        """Read 'speed', 'chinese', or either followed by key=value options ('speed jokers=on wrap=off').

        Raises:
            ValueError: an unknown preset or option, or a bad value, in words naming the closest option.
        """
        words = text.split()
        if not words or words[0] not in PRESETS:
            raise ValueError(_("Speed rules begin with a preset ({presets}), not {text!r}").format(
                presets=", ".join(PRESETS), text=text))
        rules = PRESETS[words[0]]
        for word in words[1:]:
            key, sep, value = word.partition("=")
            if not sep or key not in OPTIONS or key == "chinese":
                options = [k for k in OPTIONS if k != "chinese"]
                close = difflib.get_close_matches(key, options, 1)
                said = {"word": word, "options": ", ".join(options), "option": close[0] if close else ""}
                raise ValueError((_("unknown Speed option {word!r} (did you mean {option}?); options: {options}")
                                  if close else _("unknown Speed option {word!r}; options: {options}")).format(**said))
            rules = replace(rules, **{key: _value(key, value)})  # type: ignore[arg-type]
        return rules

    def digest(self) -> bytes:
        """SHA-256 of the canonical text."""
        return hashlib.sha256(b"p2pshithead/speed/v1 " + self.to_text().encode()).digest()

    def words(self) -> str:
        """The rules in words, one option a line, in the language in use."""
        return "\n".join(f"{f.name}={_word(getattr(self, f.name))}: {_(OPTIONS[f.name])}" for f in fields(self))


def _word(value: bool | int) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _value(key: str, text: str) -> bool | int:
    if isinstance(getattr(SpeedRules(), key), bool):
        if text not in ("on", "off"):
            raise ValueError(_("{key} is on or off, not {text!r}").format(key=key, text=text))
        return text == "on"
    if not text.isdigit():
        raise ValueError(_("{key} is a number, not {text!r}").format(key=key, text=text))
    return int(text)


PRESETS = {"speed": SpeedRules(), "chinese": SpeedRules(chinese=True)}
"""The named rulesets: Speed as the seed tells it, and Chinese Speed."""
