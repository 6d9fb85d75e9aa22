"""The translation catalogs at build time: extract the message ids from the source, merge each
language's .po files, check them, compile them to the .mo files `p2pshithead.lang` reads.

Imports Babel, which the build and the tests have and a running program never needs; imports nothing
of the package, so that setup.py can load it alone. Invariants: a language's catalog is the union of
its `locale/<language>/*.po` files (one a part of the program, so that parts are translated apart); a
message id appears in one of them only; a compiled catalog holds only complete, non-fuzzy entries.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

__all__ = ["LANGUAGES", "MO", "compile_into", "extracted", "merged", "placeholders", "po_files", "problems", "stale",
           "todo"]

LANGUAGES = ("he", "pt", "fr")  # English is the message ids themselves
MO = Path("LC_MESSAGES") / "p2pshithead.mo"
_PLACEHOLDER = re.compile(r"(?<!\{)\{([a-z_]*)[^{}]*\}")


def po_files(locale: Path, language: str) -> list[Path]:
    return sorted((locale / language).glob("*.po"))


def _read(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=path.parent.name)


def merged(locale: Path, language: str) -> Catalog:
    """The union of a language's .po files.

    Raises:
        ValueError: a message id in two of them.
    """
    out = Catalog(locale=language, domain="p2pshithead")
    where: dict[object, Path] = {}
    for path in po_files(locale, language):
        for message in _read(path):
            if not message.id:
                continue  # the header
            if message.id in where:
                raise ValueError(f"{path}: {message.id!r} is already in {where[message.id]}")
            where[message.id] = path
            out[message.id] = message
    return out


def compile_into(locale: Path, out: Path) -> list[Path]:
    """Writes each language's compiled catalog under `out` (`out/<language>/LC_MESSAGES/p2pshithead.mo`),
    leaving out untranslated and fuzzy entries; returns the files written."""
    written = []
    for language in LANGUAGES:
        path = out / language / MO
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            write_mo(f, merged(locale, language), use_fuzzy=False)
        written.append(path)
    return written


def stale(locale: Path) -> bool:
    """Whether a .po file is newer than its language's compiled catalog (or one is missing)."""
    for language in LANGUAGES:
        mo = locale / language / MO
        if not mo.exists() or any(p.stat().st_mtime > mo.stat().st_mtime for p in po_files(locale, language)):
            return True
    return False


KEYWORDS = {**DEFAULT_KEYWORDS, "NN_": (1, 2)}
"""The marks read as messages: gettext's, and `lang.NN_` (a plural marked where it is defined)."""


def extracted(files: Iterable[Path]) -> Iterator[tuple[Path, int, str | tuple[str, ...]]]:
    """Every marked message in `files`: (file, line, id), the id a (singular, plural) pair for ngettext."""
    for path in files:
        for line, message, _comments, _context in extract_from_file("python", str(path), KEYWORDS):
            yield path, line, message


def placeholders(text: str) -> set[str]:
    """The `str.format` fields of `text` by name ("{nick} has {count:d}" -> {"nick", "count"})."""
    return set(_PLACEHOLDER.findall(text))


def todo(locale: Path, area: str, files: Iterable[Path]) -> dict[str, int]:
    """Adds to `locale/<language>/<area>.po`, untranslated, every message of `files` that no .po of the
    language has yet; returns how many each language got."""
    ids = list(dict.fromkeys(message for _path, _line, message in extracted(files)))
    added = {}
    for language in LANGUAGES:
        known = merged(locale, language)
        path = locale / language / f"{area}.po"
        catalog = _read(path) if path.exists() else Catalog(
            locale=language, domain="p2pshithead", project="p2pshithead", version="", fuzzy=False,
            header_comment=f"# The {area} messages of p2pshithead in {language} (scripts/catalogs todo, then by hand).",
            msgid_bugs_address="", last_translator="p2pshithead", language_team=language)
        new = [i for i in ids if (i[0] if isinstance(i, tuple) else i) not in known]
        for message_id in new:
            plural = isinstance(message_id, tuple)
            catalog[message_id] = Message(message_id, ("",) * catalog.num_plurals if plural else "")
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            write_po(f, catalog, width=0, omit_header=False, sort_output=False, no_location=True)
        added[language] = len(new)
    return added


def _text(message: Message) -> tuple[str, ...]:
    """A message's translation as a tuple of forms (one unless it is a plural)."""
    forms = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
    return tuple(form or "" for form in forms)


def problems(locale: Path, files: Iterable[Path]) -> list[str]:
    """What keeps the catalogs from being complete for the messages of `files`, one line each: a message
    a language lacks or leaves untranslated or fuzzy, a translation whose placeholders differ from its
    id's, a plural with the wrong number of forms, an entry no source has any more."""
    ids = {(m[0] if isinstance(m, tuple) else m): m for _path, _line, m in extracted(files)}
    out = []
    for language in LANGUAGES:
        try:
            catalog = merged(locale, language)
        except ValueError as exc:
            out.append(str(exc))
            continue
        for key, message_id in ids.items():
            message = catalog.get(key)
            if message is None or not all(_text(message)):
                out.append(f"{language}: untranslated: {key!r}")
                continue
            if message.fuzzy:
                out.append(f"{language}: fuzzy: {key!r}")
            if isinstance(message_id, tuple) and len(_text(message)) != catalog.num_plurals:
                out.append(f"{language}: {key!r} has {len(_text(message))} forms, not {catalog.num_plurals}")
            wanted = set().union(*(placeholders(i) for i in (message_id if isinstance(message_id, tuple)
                                                              else (message_id,))))
            for form in _text(message):
                if placeholders(form) - wanted or (not isinstance(message_id, tuple) and placeholders(form) != wanted):
                    out.append(f"{language}: {key!r}: placeholders {sorted(placeholders(form))} in {form!r}, "
                               f"not {sorted(wanted)}")
        out += [f"{language}: no source has {m.id!r} any more" for m in catalog if m.id and
                (m.id[0] if isinstance(m.id, tuple) else m.id) not in ids]
    return out
