"""`p2pshithead play --game speed` in a pseudo-terminal, played as a person plays it: read the screen,
press one key a card; Ctrl-C leaves with the terminal restored."""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import pexpect
import pytest

from p2pshithead.cli.home import HOME_ENV

PROGRAM = str(Path(sys.executable).with_name("p2pshithead"))
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}
ENV = {**os.environ, "TERM": "xterm-256color"}


@dataclass(frozen=True)
class Words:
    """What a language's Speed screen says: the title's first word, the piles, the slap line, the keys'
    end, the game-over line (a pattern), a win and the goodbye."""

    title: str
    left: str
    right: str
    slap: str
    leave: str
    over: str
    win: str
    bye: str


WORDS = {
    "en": Words("Speed (", "LEFT", "RIGHT", "SLAP a pile", "Ctrl-C leave", r"Game over\. Press any key\.", "win",
                "Bye!"),
    "he": Words("ספיד (", "שמאל", "ימין", "ללחוץ על ערימה", "Ctrl-C ליציאה", r"המשחק נגמר\. לחצו על מקש כלשהו\.",
                "ניצח", "להתראות!"),
    "pt": Words("Speed (", "ESQUERDA", "DIREITA", "BATA numa pilha", "Ctrl-C sair",
                r"Fim de partida\. Aperte uma tecla\.", "venceu", "Tchau!"),
    "fr": Words("Speed (", "GAUCHE", "DROITE", "TAPEZ sur une pile", "Ctrl-C quitter",
                r"Partie terminée\. Appuyez sur une touche\.", "gagne", "Au revoir\u00a0!"),
}


def rank(text: str) -> int | None:
    """'10h' -> 10; '--', '??' -> None (the ASCII look)."""
    match = re.match(r"(10|[2-9AJQK])[cdhs]", text)
    return RANKS[match.group(1)] if match else None


def fits(card: int, top: int | None) -> bool:
    return top is None or abs(card - top) in (1, 12)


def key_for(screen: str, words: Words = WORDS["en"]) -> str | None:
    """The key a quick person presses on this screen (None: nothing to do)."""
    piles = f"(?:{words.left}|{words.right})"
    if words.slap in screen:
        left, right = (int(n) for n in re.findall(piles + r" \S+ \((\d+)\)", screen))
        return "z" if left <= right else "x"
    tops = [rank(t) if t != "--" else None for t in re.findall(piles + r" (\S+) \(", screen)]
    row = next(line for line in screen.splitlines() if line.startswith("   1:"))
    mine = re.findall(r"([1-6]):(\S+)", row)
    for key, text in mine:
        card = rank(text)
        for pile, top in enumerate(tops):
            if card is not None and fits(card, top):
                return key if pile == 0 else "qwerty"[int(key) - 1]
    return None


@pytest.mark.parametrize("language", list(WORDS))
def test_a_whole_game_of_speed_played_with_single_keys(language: str, tmp_path: Path) -> None:
    """In each language (`--lang`; Hebrew in logical order, `--bidi terminal`, so the screen reads as typed)."""
    words = WORDS[language]
    child = pexpect.spawn(PROGRAM, ["play", "--game", "speed", "--ascii", "--seed", "5", "--level", "smart:250ms",
                                    "--rules", "chinese", "--lang", language, "--bidi", "terminal"],
                          dimensions=(30, 110), timeout=10, encoding="utf-8",
                          env={**ENV, HOME_ENV: str(tmp_path)})  # (--lang is kept in the config folder)
    screens, pressed = 0, 0
    while True:
        which = child.expect([re.escape(words.leave), words.over])
        screen = ANSI.sub("", child.before)
        if which == 1:
            break
        screens += 1
        assert screens < 3000, "no end"
        key = key_for(screen.split(words.title)[-1], words)
        if key is not None and words.leave not in child.buffer:  # only on the latest screen
            child.send(key)
            pressed += 1
    assert words.win in screen and pressed > 5
    for _ in range(20):  # a key in the game-over screen's first half second is taken for the race's: again
        child.send(" ")
        if child.expect([re.escape(words.bye), pexpect.TIMEOUT], timeout=0.25) == 0:
            break
    else:
        pytest.fail("the game-over screen took no key")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_ctrl_c_leaves_and_restores_the_terminal() -> None:
    shell = f"stty -a; {PROGRAM} play --game speed --ascii --seed 1 --level greedy; echo code=$?; stty -a"
    child = pexpect.spawn("/bin/sh", ["-c", shell], dimensions=(30, 110), timeout=10, encoding="utf-8", env=ENV)
    child.expect("Ctrl-C leave")
    child.send("\x03")
    child.expect(r"code=(\d+)")
    assert child.match.group(1) == "130"
    child.expect(pexpect.EOF)
    after = child.before
    assert re.search(r"(?<!-)icanon", after) and re.search(r"(?<!-)echo\b", after)  # cooked again
