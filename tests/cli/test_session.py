"""Whole games in-process: the session loop with a scripted person, every preset, a few seeds."""

from __future__ import annotations

import random

import click
import pytest

from p2pshithead.bots import GreedyBot, RandomBot, SmartBot
from p2pshithead.cli.play import QUIT_QUESTION, Session, make_bot
from p2pshithead.cli.render import Look
from p2pshithead.engine import PRESETS, Game, Give, Outcome, Phase, Ready, preset

from .driver import choose

NAMES = ["Ann", "Bot 1", "Bot 2", "Bot 3"]


class Person:
    """Types what `choose` says, reading what the session printed; counts what went wrong."""

    def __init__(self, seed: int, mischief: float = 0.0, games: int = 1) -> None:
        self.rng = random.Random(seed)
        self.printed: list[str] = []
        self.shown: list[str] = []  # everything printed, never cleared
        self.mischief, self.games = mischief, games
        self.errors: list[str] = []
        self.typed: list[str] = []

    def echo(self, text: str) -> None:
        self.printed.append(text)
        self.shown.append(text)

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


def _series(s: Session) -> list[Game]:
    """Play `s.series()`, recording each game played."""
    games: list[Game] = []
    play_one = s.run

    def recorded(previous: Outcome | None = None) -> Game | None:
        game = play_one(previous)
        assert game is not None, "the scripted person never quits"
        games.append(game)
        return game

    s.run = recorded  # type: ignore[method-assign]
    s.series()
    return games


@pytest.mark.parametrize("rules", sorted(PRESETS))
@pytest.mark.parametrize("seed", [1, 2])
def test_whole_game(rules: str, seed: int) -> None:
    person = Person(seed, mischief=0.03)
    s = session(person, rules, seed)
    game = s.run()
    assert game is not None and game.is_over() and game.outcome() is not None
    assert person.errors == []
    assert "Game over. Finish order:" in "\n".join(person.printed)


def test_series_and_dealer() -> None:
    """The first dealer is drawn; the Shithead of a game deals the next (RULES.md 2 and 7)."""
    person = Person(9, games=2)
    s = session(person, "classic", 9)
    games = _series(s)
    assert len(games) == 2 and person.typed.count("r") >= 2  # two games, two swap phases
    first = games[0].outcome()
    assert first is not None and first.shithead is not None
    assert games[0].dealer != first.shithead  # with this seed, keeping or redrawing the dealer fails
    assert games[1].dealer == first.shithead == first.next_dealer
    second_screen = "\n".join(person.shown).split("Game over. Finish order:")[1]
    assert f"New game: {NAMES[first.shithead]} deals" in second_screen


def test_same_seed_same_games() -> None:
    outputs = []
    for _ in range(2):
        person = Person(7)
        session(person, "french", 7).run()
        outputs.append(person.shown)
    assert outputs[0] == outputs[1] and outputs[0]


def test_quit_and_end_of_input_leave_the_series_as_a_value() -> None:
    """`quit` and the end of input end the series at once (the game is dropped, nothing is counted); a
    declined game is not a leaving."""
    def eof(prompt: str) -> str:
        raise EOFError

    s = Session(preset("classic"), [RandomBot()], NAMES[:2], random.Random(1), Look(), 0, eof, lambda t: None,
                lambda: None)
    assert s.series() is True and s.scores.games == []
    prompts: list[str] = []
    typed = iter(["quit", "", "quit", "y"])  # quit, then Enter at the question: play on; quit, then y

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        return next(typed)

    s = Session(preset("classic"), [RandomBot()], NAMES[:2], random.Random(1), Look(), 0, answer, lambda t: None,
                lambda: None)  # fmt: skip
    assert s.series() is True and s.scores.games == []
    assert prompts == ["> ", QUIT_QUESTION, "> ", QUIT_QUESTION]
    person = Person(seed=3, games=1)
    assert session(person).series() is False


def test_ctrl_c_at_the_move_prompt_asks_before_quitting() -> None:
    typed: list[str | type[BaseException]] = [KeyboardInterrupt, "", KeyboardInterrupt, "yes"]
    prompts: list[str] = []

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        got = typed.pop(0)
        if isinstance(got, str):
            return got
        raise got

    s = Session(preset("classic"), [RandomBot()], NAMES[:2], random.Random(1), Look(), 0, answer, lambda t: None,
                lambda: None)  # fmt: skip
    assert s.series() is True
    assert prompts == ["> ", QUIT_QUESTION, "> ", QUIT_QUESTION]


def test_ctrl_c_on_the_persons_screen_before_its_prompt_asks_as_at_the_prompt() -> None:
    """A Ctrl-C that lands while the person's screen is drawn (a refused move's screen, the prompt not
    yet up) ended the program with no question; it asks, and Enter plays on."""
    screens: list[str] = []
    prompts: list[str] = []
    typed = iter(["zz", "", "quit", "y"])  # a refused move; (Ctrl-C) Enter: play on; quit, then y

    def echo(text: str) -> None:
        screens.append(text)
        if any(line.startswith("! 'zz'") for line in text.splitlines()) and len(screens) < 3:
            raise KeyboardInterrupt  # the refused move's screen is drawn; the key comes before the prompt

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        return next(typed)

    s = Session(preset("classic"), [RandomBot()], NAMES[:2], random.Random(1), Look(), 0, answer, echo,
                lambda: None)  # fmt: skip
    assert s.series() is True and s.scores.games == []
    assert prompts == ["> ", QUIT_QUESTION, "> ", QUIT_QUESTION]


@pytest.mark.parametrize("level, kind", [("random", RandomBot), ("greedy", GreedyBot), ("smart:4p", SmartBot)])
def test_make_bot_levels(level: str, kind: type) -> None:
    """Each level is its bot, and it answers a position with one of the legal moves."""
    bot = make_bot(level)
    assert isinstance(bot, kind)
    game = Game.deal_known(preset("classic"), 3, 0, range(52))
    while game.phase is Phase.SWAP:
        game.push(next(m for m in game.legal_moves if isinstance(m, Ready)))
    me = game.turn
    move = bot.decide(game.view(me), me, random.Random(1))
    assert move is not None and move in game.moves_for(me)


def test_make_bot_refuses_an_unknown_level() -> None:
    with pytest.raises(click.BadParameter, match="bad bot 'clever'"):
        make_bot("clever")


@pytest.mark.parametrize("level", ["random", "greedy"])  # smart leaves the swap phase (and the exchange) to greedy
def test_a_french_series_opens_each_next_game_with_the_exchange(level: str) -> None:
    """RULES.md 6: after a game the Shithead deals, gives the Masta their best card and gets one back;
    every bot level plays its part (the engine refuses a gift that is not the best)."""
    person = Person(4, games=3)
    s = Session(preset("french"), [make_bot(level) for _ in range(3)], NAMES, random.Random(4),
                Look(unicode=False, color=False), 0, person.ask, person.echo, lambda: None)
    games = _series(s)
    assert len(games) == 3 and person.errors == []
    for before, game in zip(games, games[1:], strict=False):
        outcome = before.outcome()
        assert outcome is not None and game.dealer == outcome.shithead
        gifts = [m for m in game.move_stack if isinstance(m, Give)]
        assert [g.player for g in gifts] == [outcome.order[-1], outcome.order[0]]
    assert not any(isinstance(m, Give) for m in games[0].move_stack)
    assert len(s.scores.games) == 3 and s.scores.lines()[0].startswith("Scoreboard, 3 games played")
