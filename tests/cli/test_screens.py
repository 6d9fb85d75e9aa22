"""Screens per language (issue 23): `play` against bots at a real terminal (tmux), 80x24 and 40x20, its
first screen and the one after `r`, compared line by line with tests/cli/screens/, no line wider than
the terminal; the program's help fits 40 columns. Hebrew is as a terminal that does not reorder shows it
(visual order, cli/visual.py). After a deliberate change of words or layout, write them again and read
them by eye:

    P2PS_SCREENS=write .venv/bin/python -m pytest tests/cli/test_screens.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from p2pshithead.lang import LANGUAGES

from .tmux import Pane

PROGRAM = str(Path(sys.executable).with_name("p2pshithead"))
SCREENS = Path(__file__).parent / "screens"
SIZES = [(80, 24), (40, 20)]


@pytest.mark.parametrize("columns,lines", SIZES, ids=[f"{c}x{r}" for c, r in SIZES])
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_play_looks_as_kept(tmp_path: Path, code: str, columns: int, lines: int) -> None:
    env = {"P2PSHITHEAD_HOME": str(tmp_path), "TERM": "xterm-256color", "LANG": "C.UTF-8"}
    command = [PROGRAM, "play", "--seed", "1", "--bots", "2", "--delay", "0", "--lang", code]
    with Pane(command, columns, lines, env) as pane:
        first = pane.settled()
        pane.keys("r", "Enter")
        shown = first + "\n\n" + pane.settled(">", 20.0)  # (a fixed seed: the same bots' moves)
    for line in shown.split("\n"):
        assert len(line) <= columns, line
    path = SCREENS / f"play-{code}-{columns}x{lines}.txt"
    if os.environ.get("P2PS_SCREENS") == "write":
        path.parent.mkdir(exist_ok=True)
        path.write_text(shown + "\n", encoding="utf-8")
    assert path.read_text(encoding="utf-8") == shown + "\n", f"{path} differs (P2PS_SCREENS=write, then read it)"


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_help_fits_40_columns(tmp_path: Path, code: str) -> None:
    shell = f"{PROGRAM} --help --lang {code}; echo END; sleep 60"  # (END: the help is all out)
    with Pane(["sh", "-c", shell], 40, 120, {"P2PSHITHEAD_HOME": str(tmp_path)}) as pane:
        shown = pane.settled("END")
    wide = [line for line in shown.split("\n")[:-1] if len(line) > 40 and "$ p2pshithead" not in line]
    assert wide == [], shown  # (an example command line is kept whole, as typed)
