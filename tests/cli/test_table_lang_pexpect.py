"""`play` in a pseudo-terminal in Hebrew, Portuguese and French, as a person types it: the swap phase's
status line, a move the program does not understand, the help, and the move told back (issue 23)."""

from __future__ import annotations

import os
import re
import sys

import pexpect
import pytest

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PROMPT = r"\n(?:\x1b\[[0-9;?]*[A-Za-z])*>"
ENV = {**os.environ, "TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1"}
NBSP = "\u00a0"

SAID = {  # the swap phase's status; 'zz' refused; a line of the help; "r" told back
    "he": ("שלב ההחלפה: להחליף קלפים בין היד לחשופים (swap 3 K), ואז r לסיום",
           "! 'zz'? אפשר להחליף קלף מהיד בקלף חשוף (swap 3 k), או r לסיום",
           "  r           מוכן/ה: סיום ההחלפה", "סיימת להחליף"),
    "pt": ("Fase de troca: troque mão e viradas para cima (swap 3 K), e r ao terminar",
           "! 'zz'? troque mão e viradas para cima (swap 3 k), ou r ao terminar",
           "  r           confirmar: fim da troca", "Você confirma"),
    "fr": (f"Phase d'échange{NBSP}: main et découvertes (swap 3 K), puis r pour finir",
           f"! 'zz'{NBSP}? échangez main et découvertes (swap 3 k), ou r pour finir",
           f"  r           confirmer{NBSP}: fin des échanges", "Vous confirmez"),
}  # fmt: skip


def _screen(child: pexpect.spawn, until: str = PROMPT) -> str:
    """What the program wrote up to its next prompt (`until`), without the terminal's control codes."""
    child.expect(until)
    return ANSI.sub("", child.before).replace("\r", "")


@pytest.mark.parametrize("code", sorted(SAID))
def test_play_speaks_the_language(code: str) -> None:
    status, refused, helped, told = SAID[code]
    program = (f"from p2pshithead import lang; lang.use({code!r}); from p2pshithead.cli.main import main; "
               "main(['play', '--bots', '3', '--delay', '0', '--ascii', '--seed', '11'])")
    child = pexpect.spawn(sys.executable, ["-c", program], dimensions=(24, 80), timeout=20, encoding="utf-8",
                          env=ENV)  # fmt: skip
    try:
        assert status in _screen(child).split("\n")
        child.sendline("zz")
        assert refused in _screen(child).split("\n")
        child.sendline("?")
        assert helped in _screen(child, "Ent(?:er|rée)").split("\n")  # the help waits for Enter
        child.sendline("")
        _screen(child)
        child.sendline("r")
        assert told in _screen(child)
    finally:
        child.terminate(force=True)
