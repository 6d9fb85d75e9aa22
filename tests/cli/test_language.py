"""The language is chosen by `--lang`, else $P2PSHITHEAD_LANG, else the one kept with the identity, else the
system's locale, else English (cli/language.py); a value that names no language is refused in words
naming where it came from; the choice is made before a command is imported, so its help speaks it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from p2pshithead.cli import language
from p2pshithead.cli.main import main


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("P2PSHITHEAD_HOME", str(tmp_path))
    return tmp_path


def test_each_source_decides_when_those_before_it_say_nothing(home: Path) -> None:
    system = {"LANG": "pt_BR.UTF-8"}
    assert language.choose([], {}) == "en"
    assert language.choose([], system) == "pt"
    (home / "language").write_text("he\n")
    assert language.choose([], system) == "he"
    assert language.choose([], {**system, language.ENV: "fr"}) == "fr"
    assert language.choose(["rules", "--lang", "en"], {**system, language.ENV: "fr"}) == "en"
    assert language.choose(["--lang=pt", "rules", "--", "--lang", "he"], {}) == "pt"  # (after -- is an argument)


@pytest.mark.parametrize("environ,code", [
    ({"LANG": "fr_FR.UTF-8"}, "fr"), ({"LC_ALL": "he_IL", "LANG": "fr_FR"}, "he"),
    ({"LANGUAGE": "de:pt_BR", "LANG": "fr_FR"}, "pt"), ({"LC_MESSAGES": "pt_BR@euro"}, "pt"),
    ({"LANG": "C.UTF-8"}, None), ({"LANG": "de_DE.UTF-8"}, None), ({}, None),
])  # fmt: skip
def test_the_system_locale_names_a_language_this_program_speaks_or_none(environ: dict[str, str],
                                                                       code: str | None) -> None:
    assert language.system_language(environ) == code


def test_a_lang_given_is_kept_for_next_time(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(language.ENV)
    assert CliRunner().invoke(main, ["rules", "classic", "--lang", "pt"]).exit_code == 0
    assert (home / "language").read_text() == "pt\n"
    assert "Exemplos:" in CliRunner().invoke(main, ["--help"]).output


@pytest.mark.parametrize("where,args,said", [
    ("option", ["--lang", "de", "rules"], "Invalid value for '--lang': de is not a language of this program: "
                                          "choose en, he, pt, fr."),
    ("variable", ["rules"], "P2PSHITHEAD_LANG=de is not a language of this program: choose en, he, pt, fr, "
                            "or unset P2PSHITHEAD_LANG."),
    ("file", ["rules"], "keeps the language de, which this program does not speak: choose one with --lang "
                        "(en, he, pt, fr)."),
])  # fmt: skip
def test_a_language_this_program_does_not_speak_is_refused_naming_its_source(
        home: Path, monkeypatch: pytest.MonkeyPatch, where: str, args: list[str], said: str) -> None:
    monkeypatch.setenv(language.ENV, "de" if where == "variable" else "en")
    if where == "file":
        monkeypatch.delenv(language.ENV)
        (home / "language").write_text("de\n")
    result = CliRunner().invoke(main, args)
    assert result.exit_code in (1, 2) and said in " ".join(result.output.split()), result.output
    assert "Traceback" not in result.output


def test_a_refusal_is_said_in_the_language_the_later_sources_choose(home: Path) -> None:
    result = CliRunner().invoke(main, ["--lang", "xx", "rules"], env={language.ENV: "fr"})
    assert "xx n'est pas une langue de ce programme\u00a0: choisissez en, he, pt, fr." in result.output


@pytest.mark.parametrize("code,words", [
    ("he", ["השפה לדבר בה", "דוגמאות:"]), ("pt", ["O idioma a usar", "Exemplos:"]),
    ("fr", ["La langue à parler", "Exemples\u00a0:"]), ("en", ["The language to speak", "Examples:"]),
])  # fmt: skip
def test_the_programs_help_speaks_the_language_chosen(home: Path, code: str, words: list[str]) -> None:
    out = CliRunner().invoke(main, ["--help", "--lang", code]).output
    assert all(word in out for word in words), out


def test_the_language_is_chosen_before_the_command_is_imported(home: Path) -> None:
    """`--lang` after the command still reaches the command's own words, marked where it is defined."""
    code = ("from p2pshithead.cli.main import main\n"
            "main(['bench', 'net', '--help', '--lang', 'fr'], prog_name='p2pshithead')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={"P2PSHITHEAD_HOME": str(home), "PATH": "/usr/bin:/bin"}, timeout=60)  # fmt: skip
    assert "Exemples\u00a0:" in done.stdout and "--lang CODE" in done.stdout, done.stdout + done.stderr
