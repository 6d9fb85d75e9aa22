"""`p2pshithead rules` and `play --set`: house rules on top of a preset, checked, in words."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from p2pshithead.cli.home import HOME_ENV
from p2pshithead.cli.main import main


def test_rules_prints_a_preset_and_its_house_rules_in_words() -> None:
    result = CliRunner().invoke(main, ["rules", "french", "--set", "ten_not_on_eight=true"])
    assert result.exit_code == 0
    assert "house rules on top of french:\n  a 10 may not be played on an 8" in result.output


@pytest.mark.parametrize(("language", "words"), [
    ("he", ["חוקי classic:", "ערכת classic: מוסתרים 3, חשופים 4, ביד 3", "קלף 8 מדלג על השחקן הבא"]),
    ("pt", ["regras classic:", "o 2 zera; o 10 e a quadra limpam a pilha", "depois de um 7: 7 ou menos"]),
    ("fr", ["règles classic\u00a0:", "le 3 est transparent\u00a0: il copie la carte en dessous",
            "le 8 fait passer son tour au suivant"]),
])
def test_rules_classic_is_printed_in_the_language_chosen_every_line_translated(home: Path, language: str,
                                                                              words: list[str]) -> None:
    command = ["rules", "classic", "--set", "face_up=4", "--set", "turbo=true"]
    english = CliRunner().invoke(main, command).output.splitlines()
    result = CliRunner().invoke(main, [*command, "--lang", language])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == len(english) == 10
    assert set(words) <= {line.strip() for line in lines}
    same = [line for line, theirs in zip(lines, english, strict=True) if line == theirs]
    assert not same, f"not translated in {language}: {same}"


@pytest.mark.e2e  # (starts the program)
def test_rules_with_lang_as_a_person_types_it(tmp_path: Path) -> None:
    program = str(Path(sys.executable).with_name("p2pshithead"))
    env = {**os.environ, HOME_ENV: str(tmp_path)}
    env.pop("P2PSHITHEAD_LANG")  # (the suite's English: --lang decides here)
    said = {code: subprocess.run([program, "rules", "karma", "--set", "jokers=2", "--lang", code], env=env,
                                 capture_output=True, text=True, check=True, timeout=60).stdout.splitlines()
            for code in ("en", "he", "pt", "fr")}
    assert said["he"][:2] == ["חוקי karma:", "  ערכת karma: מוסתרים 3, חשופים 3, ביד 3; 2 ג׳וקרים לכל חפיסה"]
    assert said["pt"][-1] == "  2 curingas por baralho" and said["fr"][-1] == "  2 jokers par jeu"
    for code in ("he", "pt", "fr"):
        assert len(said[code]) == len(said["en"]) == 11
        assert not set(said[code]) & set(said["en"]), code
    wrong = subprocess.run([program, "rules", "--set", "eigth=under", "--lang", "pt"], env=env, capture_output=True,
                           text=True, timeout=60)
    assert wrong.returncode == 2 and "não há regra 'eigth'; você quis dizer eight?" in wrong.stderr
    assert "Traceback" not in wrong.stderr


def test_a_misspelled_rule_is_answered_with_the_closest_names() -> None:
    result = CliRunner().invoke(main, ["rules", "--set", "eigth=under"])
    assert result.exit_code == 2 and "no rule 'eigth'; did you mean eight?" in result.output


def test_play_takes_house_rules_and_refuses_bad_ones() -> None:
    bad = CliRunner().invoke(main, ["play", "--set", "eight=wild"])
    assert bad.exit_code == 2 and "values: skip, plain, reverse, under" in bad.output
    good = CliRunner().invoke(main, ["play", "--set", "eight=under", "--delay", "0", "--seed", "1"], input="quit\n")
    assert good.exit_code == 0 and "Bye!" in good.output


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A config folder of the test's own."""
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    return tmp_path


def test_a_saved_house_ruleset_is_listed_and_reused_with_more_house_rules_on_top(home: Path) -> None:
    saved = CliRunner().invoke(main, ["rules", "pagat", "--set", "ten_not_on_eight=true", "--save", "mine"])
    assert saved.exit_code == 0 and "use it with --rules ~mine" in saved.output
    assert json.loads((home / "rules" / "mine.json").read_text()) == {"preset": "pagat",
                                                                     "house": {"ten_not_on_eight": "true"}}
    listed = CliRunner().invoke(main, ["rules", "--list"])
    assert listed.exit_code == 0 and "~mine on pagat: a 10 may not be played on an 8" in listed.output
    shown = CliRunner().invoke(main, ["rules", "~mine", "--set", "eight=under"])
    assert shown.exit_code == 0 and shown.output.startswith("~mine (on pagat):")
    assert "house rules on top of pagat:\n  a 10 may not be played on an 8\n  8: next play lower" in shown.output
    ran = CliRunner().invoke(main, ["simulate", "-n", "2", "--rules", "~mine", "--set", "eight=under", "--json"])
    assert ran.exit_code == 0, ran.output
    figures = json.loads(ran.output)
    assert (figures["rules"], figures["preset"]) == ("~mine", "pagat")
    assert figures["house_rules"] == {"eight": "under", "ten_not_on_eight": "true"}
    again = CliRunner().invoke(main, ["rules", "~mine", "--set", "jokers=2", "--save", "more"])
    assert again.exit_code == 0
    more = json.loads((home / "rules" / "more.json").read_text())
    assert more["house"] == {"jokers": "2", "ten_not_on_eight": "true"}
    assert CliRunner().invoke(main, ["rules", "--delete", "~more"]).exit_code == 0
    assert not (home / "rules" / "more.json").exists()


def test_an_unknown_saved_name_lists_the_saved_ones_and_how_to_save_one(home: Path) -> None:
    assert CliRunner().invoke(main, ["rules", "--set", "eight=under", "--save", "pub"]).exit_code == 0
    for command in (["rules", "~mine"], ["simulate", "--rules", "~mine"], ["play", "--rules", "~mine"],
                    ["host", "--rules", "~mine", "--bind", "127.0.0.1", "--no-announce", "--name", "t"]):
        result = CliRunner().invoke(main, command)
        assert result.exit_code == 2, command
        assert "no saved house ruleset ~mine" in result.output and "(saved: ~pub)" in result.output
        assert "p2pshithead rules PRESET --set KEY=VALUE --save mine" in result.output
    plain = CliRunner().invoke(main, ["rules", "pub"])
    assert plain.exit_code == 2 and "did you mean ~pub?" in plain.output


def test_a_damaged_saved_ruleset_is_named_never_half_used(home: Path) -> None:
    folder = home / "rules"
    folder.mkdir()
    (folder / "torn.json").write_text('{"preset": "pagat", "ho')
    (folder / "old.json").write_text('{"preset": "pagat", "house": {"eight": "wild"}}')
    for name in ("torn", "old"):
        result = CliRunner().invoke(main, ["play", "--rules", f"~{name}"])
        assert result.exit_code == 2 and f"{folder / name}.json is damaged" in " ".join(result.output.split())
    listed = CliRunner().invoke(main, ["rules", "--list"])
    assert listed.exit_code == 0 and "~old: " in listed.output and "~torn: " in listed.output


def test_play_starts_with_a_saved_ruleset(home: Path) -> None:
    assert CliRunner().invoke(main, ["rules", "hebrew", "--set", "eight=under", "--save", "mine"]).exit_code == 0
    good = CliRunner().invoke(main, ["play", "--rules", "~mine", "--delay", "0", "--seed", "1"], input="rules\nquit\n")
    assert good.exit_code == 0 and "Bye!" in good.output
    assert "next play lower than 8" in good.output and "hebrew" in good.output



def test_a_saved_name_the_shell_expanded_to_a_home_folder_still_reads_as_saved(home: Path) -> None:
    assert CliRunner().invoke(main, ["rules", "pagat", "--save", "root"]).exit_code == 0
    expanded = os.path.expanduser("~root")  # what an unquoted ~root becomes in a shell
    assert expanded != "~root"
    result = CliRunner().invoke(main, ["rules", expanded])
    assert result.exit_code == 0 and result.output.startswith("~root (on pagat):")


def _unreadable(path: Path) -> None:
    path.write_text('{"preset": "pagat", "house": {}}')
    path.chmod(0)


@pytest.mark.e2e  # (starts the program: a read that blocked would stop only at the timeout)
@pytest.mark.skipif(sys.platform == "win32", reason="fifos, /dev/zero and mode 000 are POSIX's")
@pytest.mark.parametrize(("make", "problem"), [
    pytest.param(lambda p: p.write_text('{"preset": "pagat", "house": {}}' + " " * 64 * 1024),
                 "(larger than 65536 bytes)", id="over-64KB"),
    pytest.param(lambda p: p.symlink_to("/dev/zero"), "(not a file but a pipe or a device)", id="dev-zero"),
    pytest.param(os.mkfifo, "(not a file but a pipe or a device)", id="fifo"),
    pytest.param(Path.mkdir, "(a folder, not a file)", id="folder"),
    pytest.param(_unreadable, "(Permission denied)", id="mode-000", marks=pytest.mark.skipif(
        hasattr(os, "geteuid") and os.geteuid() == 0, reason="root reads a file of mode 000")),
])
def test_a_saved_ruleset_that_is_not_a_small_readable_file_is_refused_in_words(
        tmp_path: Path, make: Callable[[Path], object], problem: str) -> None:
    home = tmp_path
    (home / "rules").mkdir()
    make(home / "rules" / "x.json")
    program = str(Path(sys.executable).with_name("p2pshithead"))
    result = subprocess.run([program, "rules", "~x"], env={**os.environ, HOME_ENV: str(home)}, capture_output=True,
                            text=True, timeout=60)
    said = " ".join(result.stderr.split())
    assert result.returncode == 2, said
    assert f"cannot read {home / 'rules' / 'x.json'} {problem}; delete it or save ~x again with" in said


def test_a_saved_ruleset_of_other_bytes_than_utf8_is_damaged(home: Path) -> None:
    (home / "rules").mkdir()
    (home / "rules" / "x.json").write_bytes(b'{"preset": "pagat\xff", "house": {}}')
    result = CliRunner().invoke(main, ["rules", "~x"])
    assert result.exit_code == 2
    assert f"{home / 'rules' / 'x.json'} is damaged (not UTF-8 text); delete it" in " ".join(result.output.split())
