"""Text fitted to a terminal: help and the rules in words wrap at word boundaries, never inside a word, in
every language (French keeps its no-break space before : ; ? ! with the word before it)."""

from __future__ import annotations

import pytest

from p2pshithead import lang
from p2pshithead.cli.fit import paragraphs
from p2pshithead.cli.prompt import help_text
from p2pshithead.cli.render import rules_text
from p2pshithead.engine import Game, preset


@pytest.mark.parametrize("width", [40, 60, 80])
@pytest.mark.parametrize("code", list(lang.LANGUAGES))
def test_help_and_rules_fit_the_width_and_keep_every_word(code: str, width: int) -> None:
    lang.use(code)
    game = Game(preset("french"), 4, 0)
    for text in (help_text(game.view(0), 0), rules_text(preset("french"))):
        lines = paragraphs(text, width).splitlines()
        assert all(len(line) <= width for line in lines), lines
        assert " ".join(" ".join(lines).split()) == " ".join(text.split())  # no word cut, lost or added
        assert not [line for line in lines if line.lstrip(" ")[:1] in tuple(":;?!")], lines


def test_a_wrapped_line_goes_on_under_its_own_indentation() -> None:
    assert paragraphs("  show 6      show a 6 to claim the lead", 24).splitlines() == [
        "  show 6      show a 6", "    to claim the lead"]
