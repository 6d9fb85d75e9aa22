"""Text fitted to a terminal: help and the rules in words wrap at word boundaries, never inside a word."""

from __future__ import annotations

import pytest

from p2pshithead.cli.fit import paragraphs
from p2pshithead.cli.prompt import help_text
from p2pshithead.cli.render import rules_text
from p2pshithead.engine import Game, preset


@pytest.mark.parametrize("width", [40, 60, 80])
def test_help_and_rules_fit_the_width_and_keep_every_word(width: int) -> None:
    game = Game(preset("french"), 4, 0)
    for text in (help_text(game.view(0), 0), rules_text(preset("french"))):
        lines = paragraphs(text, width).splitlines()
        assert all(len(line) <= width for line in lines), lines
        assert " ".join(" ".join(lines).split()) == " ".join(text.split())  # no word cut, lost or added


def test_a_wrapped_line_goes_on_under_its_own_indentation() -> None:
    assert paragraphs("  show 6      show a 6 to claim the lead", 24).splitlines() == [
        "  show 6      show a 6", "    to claim the lead"]
