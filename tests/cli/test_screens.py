"""Screens per language (issue 23) at a real terminal (tmux): the program's help fits 40 columns."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from p2pshithead.lang import LANGUAGES

from .tmux import Pane

PROGRAM = str(Path(sys.executable).with_name("p2pshithead"))


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_help_fits_40_columns(tmp_path: Path, code: str) -> None:
    with Pane([PROGRAM, "--help", "--lang", code], 40, 120, {"P2PSHITHEAD_HOME": str(tmp_path)}) as pane:
        shown = pane.settled("Pane is dead")
    wide = [line for line in shown.split("\n")[:-1] if len(line) > 40 and "$ p2pshithead" not in line]
    assert wide == [], shown  # (an example command line is kept whole, as typed)
