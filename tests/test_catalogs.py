"""The translation catalogs are complete (issue 23): every message the program marks is translated in
every language, not fuzzy, with the same placeholders and the language's number of plural forms; the
compiled catalogs the program reads are the .po files of the tree; `lang.use` speaks them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from p2pshithead import catalogs, lang

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "p2pshithead" / "locale"
SOURCES = sorted((ROOT / "p2pshithead").rglob("*.py"))


def test_every_message_is_translated_in_every_language() -> None:
    found = catalogs.problems(LOCALE, SOURCES)
    assert not found, f"{len(found)} catalog problems (scripts/catalogs check):\n" + "\n".join(found[:60])


def test_the_checker_fails_a_missing_translation_and_a_dropped_placeholder(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text('_("{nick} sits in seat {seat}")\nngettext("one card", "{count} cards", n)\n_("new")\n')
    for language in catalogs.LANGUAGES:
        (tmp_path / "locale" / language).mkdir(parents=True)
        (tmp_path / "locale" / language / "t.po").write_text(
            f'msgid ""\nmsgstr ""\n"Plural-Forms: {get_plural(language).plural_forms}\\n"\n\n'
            'msgid "{nick} sits in seat {seat}"\nmsgstr "{nick} x"\n\n'
            'msgid "one card"\nmsgid_plural "{count} cards"\nmsgstr[0] "a"\nmsgstr[1] "{count} b"\n'
            'msgstr[2] "{count} c"\n\nmsgid "gone"\nmsgstr "g"\n', encoding="utf-8")
    found = catalogs.problems(tmp_path / "locale", [source])
    for language in catalogs.LANGUAGES:
        assert f"{language}: untranslated: 'new'" in found
        assert any(line.startswith(f"{language}: '{{nick}} sits") and "placeholders" in line for line in found)
        assert f"{language}: no source has 'gone' any more" in found
        assert not any(line.startswith(f"{language}: 'one card'") for line in found)


@pytest.mark.parametrize("language", catalogs.LANGUAGES)
def test_each_po_file_has_its_languages_plural_forms(language: str) -> None:
    files = catalogs.po_files(LOCALE, language)
    assert files, f"no catalog for {language} in {LOCALE / language}"
    wanted = get_plural(language)
    for path in files:
        with path.open("rb") as f:
            catalog = read_po(f, locale=language)
        assert (catalog.num_plurals, catalog.plural_expr) == (wanted.num_plurals, wanted.plural_expr), path


def test_the_compiled_catalogs_are_the_po_files() -> None:
    assert not catalogs.stale(LOCALE), "a .po file is newer than its .mo: run ./scripts/setup"


@pytest.mark.parametrize("language", catalogs.LANGUAGES)
def test_a_process_speaking_a_language_reads_its_catalog(language: str) -> None:
    """Every translated message of the merged catalog comes back from `lang._` once `use` chose it, in a
    process of its own (as a person's program would)."""
    pairs = {m.id: m.string for m in catalogs.merged(LOCALE, language) if m.id and isinstance(m.id, str)}
    assert pairs, f"{language}: no messages"
    code = ("import json, sys; from p2pshithead import lang; lang.use(sys.argv[1]); "
            "print(json.dumps({i: lang._(i) for i in json.load(sys.stdin)}))")
    done = subprocess.run([sys.executable, "-c", code, language], input=json.dumps(list(pairs)),
                          capture_output=True, text=True, check=True, cwd=ROOT)
    assert json.loads(done.stdout) == pairs


def test_an_unknown_language_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="choose one of en, he, pt, fr"):
        lang.use("xx")
