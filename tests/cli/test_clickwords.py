"""Click's own words come out in the language chosen, from our catalogs (cli/clickwords.py), and each id
we translate is still one of click's."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from p2pshithead import catalogs
from p2pshithead.cli.clickwords import PLURALS, WORDS
from p2pshithead.cli.main import main


def test_each_word_is_one_of_clicks_own() -> None:
    ids = {m for _path, _line, m in catalogs.extracted(sorted(Path(click.__file__).parent.glob("*.py")))}
    assert [word for word in (*WORDS, *PLURALS) if word not in ids] == []


@pytest.mark.parametrize("code,said", [
    ("en", ["Usage: p2pshithead rules", "Error: No such option '--bogus'."]),
    ("fr", ["Utilisation\u00a0: p2pshithead rules", "Essayez «\u00a0p2pshithead rules --help\u00a0» pour l'aide.",
            "Erreur\u00a0: Aucune option '--bogus'."]),
    ("pt", ["Uso: p2pshithead rules", "Erro: Não existe a opção '--bogus'."]),
    ("he", ["שימוש: p2pshithead rules", "שגיאה: אין אפשרות '--bogus'."]),
])  # fmt: skip
def test_clicks_errors_speak_the_language_chosen(tmp_path: Path, code: str, said: list[str]) -> None:
    result = CliRunner().invoke(main, ["rules", "--bogus", "--lang", code], prog_name="p2pshithead",
                                env={"P2PSHITHEAD_HOME": str(tmp_path)})  # fmt: skip
    assert result.exit_code == 2 and all(line in result.output for line in said), result.output


@pytest.mark.parametrize("args,said", [
    (["host", "--table", "Hostel", "bar"], "Argument en trop inattendu (bar)"),
    (["join", "--name"], "L'option '--name' demande une valeur."),
    (["join", "--game", "chess"], "'chess' n'est pas l'un de 'shithead', 'speed'."),
])  # fmt: skip
def test_clicks_plural_messages_speak_the_language_chosen(tmp_path: Path, args: list[str], said: str) -> None:
    result = CliRunner().invoke(main, ["--lang", "fr", *args], prog_name="p2pshithead",
                                env={"P2PSHITHEAD_HOME": str(tmp_path)})  # fmt: skip
    assert result.exit_code == 2 and said in result.output, result.output
