"""The words a person reads, in their language: `_`, `ngettext` and `N_` over gettext catalogs.

Invariants: a message id is the English text, placeholders by name for `str.format` ("{nick} picks up
{count} cards"), so a translation may move them and keeps exactly the same set (tests/test_catalogs.py);
a word is translated where it is shown, in the process of the person who reads it: nothing translated
crosses the wire, and a peer's engine never depends on the language. The catalogs are the .po files of
p2pshithead/locale/<language>/, compiled at build time (setup.py, p2pshithead/catalogs.py) into
locale/<language>/LC_MESSAGES/p2pshithead.mo; until `use` is called the text is English.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable
from pathlib import Path

from p2pshithead.errors import P2PError

__all__ = ["DOMAIN", "LANGUAGES", "LOCALE_DIR", "NN_", "RIGHT_TO_LEFT", "CatalogError", "N_", "_", "language",
           "listed", "ngettext", "number", "percent", "use"]

LANGUAGES: dict[str, str] = {"en": "English", "he": "עברית", "pt": "Português", "fr": "Français"}
"""Every language the program speaks, by its ISO 639-1 code, each named in itself; English is the source."""
RIGHT_TO_LEFT = frozenset({"he"})
_NUMBERS = {"en": (".", "{}%"), "he": (".", "{}%"), "pt": (",", "{}%"), "fr": (",", "{}\u00a0%")}
"""Per language, its decimal sign and how a percentage is written, as CLDR has them (tests/test_numbers.py)."""
_SEMICOLON = {"fr": "\u00a0; "}
"""Per language, the semicolon between the parts of a list, where it is not "; " (French spaces it as its
catalogs do: a no-break space before)."""
DOMAIN = "p2pshithead"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


class CatalogError(P2PError):
    """A language this program speaks whose compiled catalog is missing (a tree never built)."""


def use(code: str) -> None:
    """Speak `code` (a key of `LANGUAGES`) from now on, in this process.

    Raises:
        ValueError: `code` is not a language of `LANGUAGES`.
        CatalogError: its catalog was not compiled (run ./scripts/setup, or reinstall).
    """
    global _translation, _language
    if code not in LANGUAGES:
        raise ValueError(f"no language {code!r}: choose one of {', '.join(LANGUAGES)}")
    if code == "en":
        _translation = gettext.NullTranslations()
    else:
        try:
            _translation = gettext.translation(DOMAIN, LOCALE_DIR, [code])
        except OSError:
            raise CatalogError(f"the {LANGUAGES[code]} words of this program were not built: run ./scripts/setup "
                               "(or install it again)") from None
    _language = code


def language() -> str:
    """The code of the language in use."""
    return _language


def _(message: str) -> str:
    """`message` (an English message id) in the language in use."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for `count` in the language in use (`singular`/`plural` are the English ids)."""
    return _translation.ngettext(singular, plural, count)


def number(value: float, digits: int) -> str:
    """`value` with `digits` decimals, as the language in use writes it ("82.3", "82,3")."""
    return f"{value:.{digits}f}".replace(".", _NUMBERS[_language][0])


def percent(share: float, digits: int = 1) -> str:
    """`share` (0.25) as a percentage, as the language in use writes it ("25.0%", "25,0 %")."""
    return _NUMBERS[_language][1].format(number(share * 100, digits))


def listed(parts: Iterable[str]) -> str:
    """`parts` joined by semicolons, as the language in use writes them ("a; b", "a ; b")."""
    return _SEMICOLON.get(_language, "; ").join(parts)


def N_(message: str) -> str:
    """Marks `message` for extraction where it is defined; `_` translates it where it is shown."""
    return message


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a plural message for extraction where it is defined; `ngettext` translates it where it is shown."""
    return singular, plural
