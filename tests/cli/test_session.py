"""Whole games in-process: the session loop with a scripted person, every preset, a few seeds."""

from __future__ import annotations

import random

import pytest

from p2pshithead.bots import RandomBot
from p2pshithead.cli.play import Quit, Session, make_bot
from p2pshithead.cli.render import Look
from p2pshithead.engine import PRESETS, preset

from .driver import choose

NAMES = ["Ann", "Bot 1", "Bot 2", "Bot 3"]


class Person:
    """Types what `choose` says, reading what the session printed; counts what went wrong."""

    def __init__(self, seed: int, mischief: float = 0.0, games: int = 1) -> None:
        self.rng = random.Random(seed)
        self.printed: list[str] = []
        self.mischief, self.games = mischief, games
        self.errors: list[str] = []
        self.typed: list[str] = []

    def echo(self, text: str) -> None:
        self.printed.append(text)

    def ask(self, prompt: str) -> str:
        screen = "\n".join(self.printed)
        self.printed = []
        if prompt.startswith("Play again"):
            self.games -= 1
            return "y" if self.games > 0 else "n"
        if prompt.startswith("(Enter"):
            return ""
        status = [line for line in screen.splitlines() if line.startswith("! ")]
        if status and self.typed and self.typed[-1] not in ("zz", "8x9"):
            self.errors.append(f"{self.typed[-1]!r}: {status[-1]}")
        text = choose(screen, self.rng, self.mischief)
        self.typed.append(text)
        return text


def session(person: Person, rules: str = "classic", seed: int = 1) -> Session:
    return Session(preset(rules), [RandomBot() for _ in range(3)], NAMES, random.Random(seed),
                   Look(unicode=False, color=False), 0, person.ask, person.echo, lambda: None)


@pytest.mark.parametrize("rules", sorted(PRESETS))
@pytest.mark.parametrize("seed", [1, 2])
def test_whole_game(rules: str, seed: int) -> None:
    person = Person(seed, mischief=0.03)
    s = session(person, rules, seed)
    game = s.run()
    assert game.is_over() and game.outcome() is not None
    assert person.errors == []
    assert "Game over. Finish order:" in "\n".join(person.printed)


def test_series_and_dealer() -> None:
    person = Person(5, games=2)
    s = session(person, "classic", 5)
    s.series()
    assert person.typed.count("r") >= 2  # two swap phases: two games were played


def test_same_seed_same_games() -> None:
    outputs = []
    for _ in range(2):
        person = Person(7)
        printed: list[str] = []
        keep = person.echo
        person.echo = lambda text: (printed.append(text), keep(text))  # type: ignore[method-assign]
        session(person, "french", 7).run()
        outputs.append(printed)
    assert outputs[0] == outputs[1]


def test_quit_and_end_of_input() -> None:
    def eof(prompt: str) -> str:
        raise EOFError

    s = Session(preset("classic"), [RandomBot()], NAMES[:2], random.Random(1), Look(), 0, eof, lambda t: None,
                lambda: None)
    with pytest.raises(Quit):
        s.series()
    s = Session(preset("classic"), [RandomBot()], NAMES[:2], random.Random(1), Look(), 0, lambda p: "quit",
                lambda t: None, lambda: None)
    with pytest.raises(Quit):
        s.series()


def test_make_bot_levels() -> None:
    for level in ("random", "greedy", "smart"):
        assert hasattr(make_bot(level), "decide")
