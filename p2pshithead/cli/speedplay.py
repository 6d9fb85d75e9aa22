"""`p2pshithead play --game speed`: a person against a Speed bot at this terminal, in real time.

The person's keys and the bot's reactions drive one `speed.Speed` position in this process (the deck
is shuffled by `random.Random(seed)`; on the network, `host`/`join --game speed` use the mental-poker
deck instead). Invariants: every event redraws the screen at once; the terminal is restored on every
way out; Ctrl-C (or Ctrl-D) leaves with exit code 130, the end of a game with 0.
"""

from __future__ import annotations

import asyncio
import random
import sys
from collections.abc import Sequence
from typing import Protocol

import click

from p2pshithead.cli.exits import DONE
from p2pshithead.cli.speedkeys import QUIT_KEYS, RawKeys, draw
from p2pshithead.cli.speedscreen import key_action, narrate, speed_screen
from p2pshithead.cli.terminal import stopped_status, terminal_size
from p2pshithead.lang import _
from p2pshithead.speed import Action, Speed, SpeedBot, SpeedRules, choose, open_all, parse_bot

__all__ = ["play_speed", "speed_bot", "speed_rules"]


_LEVELS = {"random": "random", "greedy": "steady", "smart": "quick"}
"""`--level`'s words (one vocabulary in every game) as Speed bots: reaction 0.8 s a card for greedy,
0.4 s for smart; smart:BUDGET plays soundly at BUDGET a card (smart:300ms, smart:0.3s)."""


def speed_bot(level: str) -> SpeedBot:
    """The Speed bot of a `--level`; Speed's own names (slow, steady, quick, sound:0.3), as
    `simulate --game speed --bots` takes them, serve too.

    Raises:
        click.BadParameter: no such bot, in words.
    """
    name, colon, budget = level.partition(":")
    if name == "smart" and colon:
        seconds = float(budget[:-2]) / 1000 if budget.endswith("ms") and budget[:-2].isdigit() else budget
        level = f"sound:{seconds}"
    try:
        return parse_bot(_LEVELS.get(level, level))
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--level") from None


class LocalSpeed:
    """One game: the person at seat 0, `bot` at seat 1."""

    def __init__(self, rules: SpeedRules, bot: SpeedBot, rng: random.Random, names: Sequence[str],
                 unicode: bool) -> None:  # fmt: skip
        self.deal = list(range(rules.size))
        rng.shuffle(self.deal)
        self.game = Speed(rules)
        self.bot, self.rng, self.names, self.unicode = bot, rng, names, unicode
        self.lines: list[str] = []
        self.status = ""
        self.changed = asyncio.Event()
        open_all(self.game, self.deal)

    def act(self, seat: int, action: Action) -> None:
        events = self.game.push(seat, action) + open_all(self.game, self.deal)
        self.lines += narrate(events, self.game, 0, self.names, self.unicode)
        self.changed.set()
        self.redraw()

    def redraw(self) -> None:
        draw(speed_screen(self.game, 0, self.names, self.lines, self.unicode, self.status, terminal_size()))

    async def async_bot(self) -> None:
        """Seat 1: once it sees a play, it takes its reaction time, then plays what is best by then."""
        game = self.game
        while not game.is_over():
            if choose(game, 1) is None:
                self.changed.clear()
                await self.changed.wait()
                continue
            await asyncio.sleep(self.bot.reaction * self.rng.uniform(0.8, 1.2))
            action = self.bot.choose(game, 1, self.rng)
            if action is not None and not game.is_over():
                self.act(1, action)

    async def async_person(self, keys: RawKeys) -> bool:
        """Seat 0's keys until the game ends (True) or the person leaves (False)."""
        while not self.game.is_over():
            key = await keys.get()
            if key in QUIT_KEYS:
                return False
            got = key_action(key, self.game, 0, self.unicode)
            if isinstance(got, str):
                self.status = f"! {got}"
                self.redraw()
            else:
                self.status = ""
                self.act(0, got)
        return True


async def async_play(rules: SpeedRules, bot: SpeedBot, seed: int | None, name: str, unicode: bool) -> int:
    """Play one game at this terminal; the exit code (0: the game ended, 130: the person left)."""
    table = LocalSpeed(rules, bot, random.Random(seed), [name, "Bot"], unicode)
    async with RawKeys() as keys:
        table.redraw()
        tasks = {asyncio.ensure_future(table.async_bot()), asyncio.ensure_future(table.async_person(keys))}
        try:  # the bot's task ends with the game, whoever ended it; the person's, also when they leave
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        finished = table.game.is_over()
        if finished:
            await async_game_over(table, keys)
    return DONE if finished else stopped_status()


class Screen(Protocol):
    """A Speed screen at this terminal: its status line, and drawing it again."""

    status: str

    def redraw(self) -> None: ...


_LAST_KEYS_S = 0.5
"""How long the game-over screen takes no key: the keys of the last race are still arriving."""


async def async_game_over(screen: Screen, keys: RawKeys, said: str | None = None) -> None:
    """The end of a game at this terminal, local or on a LAN: the last screen stays, saying so (`said`: in
    these words), until a key is pressed; the keys are still read raw meanwhile, so keys still being hit
    never reach the shell."""
    screen.status = said or _("Game over. Press any key.")
    screen.redraw()
    await asyncio.sleep(_LAST_KEYS_S)  # the keys of the last race, hit before the screen could be read...
    keys.flush()  # ... are not the key that ends it
    await keys.get()


def speed_rules(text: str | None) -> SpeedRules:
    """The Speed rules of `--rules TEXT` ('speed' or 'chinese', then options; None: 'speed').

    Raises:
        click.BadParameter: in words, naming `--rules`.
    """
    try:
        return SpeedRules.from_text(text or "speed")
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--rules") from None


def play_speed(level: str, seed: int | None, rules_text: str | None, name: str, ascii_only: bool) -> None:
    """The `play --game speed` command's body."""
    rules = speed_rules(rules_text)
    bot = speed_bot(level)
    try:
        code = asyncio.run(async_play(rules, bot, seed, name.strip()[:10] or _("You"), not ascii_only))
    except OSError as exc:
        raise click.UsageError(str(exc)) from None
    click.echo(_("Bye!"))
    sys.exit(code)
