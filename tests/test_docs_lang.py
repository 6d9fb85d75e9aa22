"""The language material of issue 23 keeps its shape.

docs/glossary.md's tables are docs/glossary.json, term for term; every term has its three
translations, the Hebrew in Hebrew letters. Each translation of docs/RULES.md has the same numbered
sections in the same order, keeps every rule key, preset and command the original writes in code,
ends with README's "Typing moves" whose commands stay as typed. No file hides a bidi control character.
In docs/RULES.he.md every paragraph, list item and heading opens with a Hebrew word, so that it reads
right to left (a renderer takes a block's direction from its first strong letter).
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
README = DOCS.parent / "README.md"
LANGS = ("he", "pt", "fr")
CODE = re.compile(r"`([^`]+)`")
SECTION = re.compile(r"^## (\d+)\. ", re.MULTILINE)
BIDI_CONTROLS = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _glossary() -> list[dict[str, str]]:
    terms: list[dict[str, str]] = json.loads((DOCS / "glossary.json").read_text(encoding="utf-8"))
    return terms


def _readme_typing() -> str:
    """README's "Typing moves" section, without its heading."""
    text = README.read_text(encoding="utf-8")
    return text.split("## Typing moves\n", 1)[1].split("\n## ", 1)[0]


def test_glossary_md_tables_are_the_json() -> None:
    text = (DOCS / "glossary.md").read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    cells = [[cell.strip() for cell in row.strip("|").split(" | ")] for row in rows]
    assert not BIDI_CONTROLS.search(text)
    expected = [[f"`{t['id']}`", t["en"], t["he"], t["pt"], t["fr"], t["note"]] for t in _glossary()]
    assert cells == expected


def test_glossary_terms_are_whole() -> None:
    terms = _glossary()
    ids = [t["id"] for t in terms]
    assert len(ids) == len(set(ids))
    for term in terms:
        assert set(term) == {"id", "en", "he", "pt", "fr", "note"}, term["id"]
        assert all(term[key].strip() for key in term), term["id"]
        assert not any("|" in value for value in term.values()), term["id"]  # a table cell each
        hebrew = term["he"]
        if any(c.isalpha() and c not in "AKQJ" for c in hebrew):  # "2 … 10", "אס (A)": symbols stay
            assert any("\u05d0" <= c <= "\u05ea" for c in hebrew), term["id"]
        assert not set("'\"") & set(hebrew), f"{term['id']}: Hebrew uses ׳ and ״, not ' and \""


@pytest.mark.parametrize("lang", LANGS)
def test_rules_translation_keeps_the_sections(lang: str) -> None:
    original = (DOCS / "RULES.md").read_text(encoding="utf-8")
    text = (DOCS / f"RULES.{lang}.md").read_text(encoding="utf-8")
    assert SECTION.findall(text) == SECTION.findall(original)
    headings = re.findall(r"^(#+) ", text, re.MULTILINE)
    assert headings == re.findall(r"^(#+) ", original, re.MULTILINE) + ["##"]  # + "Typing moves", last
    assert text.count("\n| ") == original.count("\n| ")  # the special cards' table, row for row


@pytest.mark.parametrize("lang", LANGS)
def test_rules_translation_keeps_code_and_commands(lang: str) -> None:
    text = (DOCS / f"RULES.{lang}.md").read_text(encoding="utf-8")
    body, typing = text.rsplit("\n## ", 1)
    assert set(CODE.findall((DOCS / "RULES.md").read_text(encoding="utf-8"))) <= set(CODE.findall(body))
    assert CODE.findall(typing) == CODE.findall(_readme_typing())  # the same commands, in README's order
    assert not BIDI_CONTROLS.search(text)


def _first_strong(line: str) -> str:
    """The bidi class of a line's first strong letter, the code spans' letters included."""
    for char in line:
        kind = unicodedata.bidirectional(char)
        if kind in ("L", "R", "AL"):
            return kind
    return ""


def test_hebrew_rules_read_right_to_left() -> None:
    blocks: list[str] = []
    previous = ""
    for line in (DOCS / "RULES.he.md").read_text(encoding="utf-8").splitlines():
        if line.startswith(("#", "- ", "| ")) and not line.startswith("|---"):
            blocks.append(line.lstrip("#- |"))
        elif line and not line.startswith(("  ", "|")) and not previous:
            blocks.append(line)  # a paragraph's first line
        previous = line
    assert len(blocks) > 30
    assert [b for b in blocks if _first_strong(b) != "R"] == []
