"""`p2pshithead play`: one person against bots at this terminal, game after game.

Thin by design (STYLE.md 10): the rules are the engine's, the seats are run by
`bots.LocalTable`, each move is told from its typed events (`game.pushed`, `cli.narrate`), the
screen comes from `cli.render` and input is read by `cli.prompt`; this module only wires them to
the keyboard. Invariants: the deal and the bots' choices come from one `random.Random(seed)`, so
`--seed` replays a whole series; the person's seat is 0; in a series the Shithead deals the next
game and, under `card_exchange` (French), it opens with the card exchange (RULES.md 6); every
screen is fitted to the terminal's size at the time it is drawn; Ctrl-C leaves with exit code
130, Ctrl-D or `quit` with 0, never with a traceback.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace

import click

from p2pshithead.bots import LocalTable, Player, make_player
from p2pshithead.cli.fit import paragraphs
from p2pshithead.cli.helptext import examples
from p2pshithead.cli.level import LEVEL
from p2pshithead.cli.narrate import Narrator
from p2pshithead.cli.prompt import (
    Command,
    best_out_of_turn,
    help_text,
    hint_line,
    interpret,
    out_of_turn_answer,
    window_question,
)
from p2pshithead.cli.ranges import FloatRange
from p2pshithead.cli.render import Look, can_encode, outcome_screen, rules_text, screen
from p2pshithead.cli.rules import choose_rules, house_rules_option, rules_option
from p2pshithead.cli.scoreboard import Scoreboard
from p2pshithead.cli.terminal import READER, end_on_hangup, stopped_status, terminal_size
from p2pshithead.engine import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Game,
    Leave,
    Move,
    MoveError,
    Outcome,
    Phase,
    Ruleset,
)
from p2pshithead.game import Dealt, Finished, pushed
from p2pshithead.lang import N_, _

__all__ = ["play", "Session"]

ME = 0


def make_bot(level: str) -> Player:
    """A bot of `level` ("random", "greedy", "smart", "smart:200ms"; see `bots.make_player`).

    Raises:
        click.BadParameter: no such bot.
    """
    try:
        return make_player(level)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--level") from None


def printable_name(name: str) -> str:
    """`name` (`--name`), which the screen shows: no escape code or bell that the terminal would run.

    Raises:
        click.BadParameter: `name` holds a character that is not printable.
    """
    if not name.isprintable():
        raise click.BadParameter(_("{name!r} is not a name: give printable characters").format(name=name[:24]))
    return name


QUIT_QUESTION = N_("Quit? This game ends, not counted. y quits, Enter plays on ")  # (fits 60 columns)


class Session:
    """A series of games between the person at seat 0 and bots.

    Args:
        rules: the ruleset.
        bots: one decision-maker per bot seat (seats 1..n).
        names: every seat's name, the person's first.
        rng: the one source of randomness (deal and bots).
        look: how the screen is drawn.
        delay: seconds to show each bot move (0: redraw only when the person is asked).
        ask: reads one line after printing a prompt (raises EOFError at end of input).
        echo: prints text; `clear`: clears a terminal before each screen.
        size: the terminal's (columns, lines) now; each screen is fitted to it.
    """

    def __init__(
        self,
        rules: Ruleset,
        bots: Sequence[Player],
        names: Sequence[str],
        rng: random.Random,
        look: Look,
        delay: float,
        ask: Callable[[str], str],
        echo: Callable[[str], None],
        clear: Callable[[], None],
        sleep: Callable[[float], None] = time.sleep,
        size: Callable[[], tuple[int, int]] = lambda: (80, 24),
    ) -> None:
        self.rules, self.names, self.rng, self._look = rules, list(names), rng, look
        self.delay, self._ask, self.echo, self.clear, self.sleep = delay, ask, echo, clear, sleep
        self.size = size
        self.seats: list[Player] = [_Person(self), *bots]
        self.events: list[str] = []
        self.narrator = Narrator(ME, self.names, look)
        self.scores = Scoreboard(self.names)
        self.game: Game | None = None
        self._painted: Callable[[], str] = lambda: ""  # the screen on show (`_show`)

    @property
    def look(self) -> Look:
        """The glyphs and colors chosen, at the terminal's size now."""
        width, height = self.size()
        return replace(self._look, width=width, height=height)

    # -- drawing and asking -------------------------------------------------------------------

    def ask(self, prompt: str) -> str | None:
        """The line typed at `prompt`; None at the end of input."""
        try:
            return self._ask(prompt)
        except EOFError:
            return None

    def draw(self, view: Game, status: str = "", hint: bool = False) -> None:
        line = hint_line(view, ME) if hint else ""
        last, number = self.narrator.last, len(self.scores.games) + 1
        self._show(lambda: screen(view, ME, self.names, self.events, self.look, status=status, hint=line, last=last,
                                  number=number))  # fmt: skip

    def _show(self, paint: Callable[[], str]) -> None:
        """A screen from the top, `paint` kept to draw it again at another size (`redraw`)."""
        self._painted = paint
        self.redraw()

    def redraw(self) -> None:
        """The last screen again, fitted to the terminal's size now (it was resized at a prompt)."""
        self.clear()
        self.echo(self._painted())

    # -- a game -------------------------------------------------------------------------------

    def run(self, previous: Outcome | None = None) -> Game | None:
        """Play one game to its end, count it and show the outcome with the scoreboard; return the final
        position (None: the person left). After `previous` (a series) its Shithead deals, and under
        `card_exchange` the game opens with the exchange (RULES.md 6)."""
        dealer = None if previous is None else previous.next_dealer
        table = LocalTable(self.rules, self.seats, self.rng, dealer)
        game = self.game = table.game
        self.events = self.narrator.tell([Dealt(game.dealer)], game.view(ME))
        if previous is not None and self.rules.card_exchange and not previous.first_out_wins:
            game.begin_exchange(previous)
            self.events.append(self._exchange_line(previous))
        while not game.is_over():
            move = table.next_move()
            if move == Leave(ME):  # the person quits: the game is dropped, not played on
                return None
            events = pushed(game, move)
            outcome = game.outcome()
            if outcome is not None:
                events.append(Finished(outcome.order))
            self.events += self.narrator.tell(events, game.view(ME))
            if move.player != ME and self.delay > 0 and game.phase is not Phase.SWAP and not game.is_over():
                self.draw(game.view(ME))
                self.sleep(self.delay)
        outcome = game.outcome()
        assert outcome is not None
        self.scores.add(outcome)
        number = len(self.scores.games)

        def paint() -> str:
            look = self.look
            room = look.height - 2 * len(self.names) - 4  # lines left for the games' titles (and the prompt)
            return outcome_screen(game.view(ME), ME, self.names, self.events, look, number=number,
                                  below=self.scores.lines(max_games=max(1, room), width=look.width))  # fmt: skip

        self._show(paint)
        return game

    def _exchange_line(self, previous: Outcome) -> str:
        masta, shithead = previous.order[0], previous.order[-1]
        if shithead == ME:
            return _("Card exchange: you (Shithead) give {masta} (Masta) your best card").format(
                masta=self.names[masta])
        if masta == ME:
            return _("Card exchange: {shithead} (Shithead) gives you (Masta) their best card").format(
                shithead=self.names[shithead])
        return _("Card exchange: {shithead} (Shithead) gives {masta} (Masta) their best card").format(
            shithead=self.names[shithead], masta=self.names[masta])

    def series(self) -> bool:
        """Games until the person declines another, each followed by the scoreboard; the Shithead deals
        the next (RULES.md 6). Whether the person left (quit, or the end of input) rather than declined."""
        previous: Outcome | None = None
        while True:
            game = self.run(previous)
            if game is None:
                return True
            previous = game.outcome()
            answer = self.ask(_("Play again? [Y/n] "))
            if answer is None:
                return True
            if answer.strip().lower() in ("n", "no", "q", "quit", "exit"):
                return False

    # -- the person's decisions ---------------------------------------------------------------

    def decide(self, view: Game) -> Move | None:
        """Ask the person for a move; None lets an out-of-turn chance pass; `Leave` is the person quitting."""
        READER.hold_typed_ahead()  # (a line typed while the bots played is not an answer to this screen)
        if view.phase is Phase.PLAY and view.turn != ME:
            return self._out_of_turn(view)
        status = ""
        while True:
            text = self._asked(view, status, hint=True)
            if text is None:
                return Leave(ME)
            try:
                got = interpret(text, view, ME, self.names)
            except MoveError as exc:
                status = f"! {exc}"
                continue
            if got is Command.QUIT:
                if self._quits():
                    return Leave(ME)
                status = _("you play on")
                continue
            if isinstance(got, Command):
                shown = self._command(got, view)
                if shown is None:
                    return Leave(ME)
                status = shown
                continue
            return got

    def _asked(self, view: Game, status: str, hint: bool = False) -> str | None:
        """The person's screen, then the line typed at its prompt (`_move_text`). Ctrl-C while that screen
        is drawn, before its prompt is up, reads as `quit` too: the key answers the screen it came after."""
        try:
            self.draw(view, status=status, hint=hint)
        except KeyboardInterrupt:
            return "quit"
        return self._move_text()

    def _move_text(self, prompt: str = "> ") -> str | None:
        """A line typed at the move prompt or the help's (None: the end of input); Ctrl-C there reads as
        `quit`, which is asked before it is done."""
        try:
            return self.ask(prompt)
        except KeyboardInterrupt:
            return "quit"

    def _quits(self) -> bool:
        """Whether the person confirms quitting (the end of input does)."""
        answer = self.ask(_(QUIT_QUESTION))
        return answer is None or answer.strip().lower() in ("y", "yes")

    def _command(self, command: Command, view: Game) -> str | None:
        """Show the help or the rules until Enter; the status line after, or None when the person leaves
        there: Ctrl-D (the end of input) and Ctrl-C or `quit` mean what they mean at the move prompt."""
        text = help_text(view, ME) if command is Command.HELP else rules_text(view.rules)
        self._show(lambda: paragraphs(text, self.look.width))
        back = self._move_text(_("(Enter to go back) "))
        if back is None:
            return None
        if back.strip().lower() != "quit":
            return ""
        return None if self._quits() else _("you play on")

    def _out_of_turn(self, view: Game) -> Move | None:
        """Offer an out-of-turn play (RULES.md 5): y plays all the cards that may go, Enter passes."""
        if best_out_of_turn(view, ME) is None:
            return None
        question = window_question(view, ME, self.names, self.look)
        status = question
        while True:
            text = self._asked(view, status)
            if text is None:
                return Leave(ME)
            try:
                got = out_of_turn_answer(text, view, ME, self.names)
            except MoveError as exc:
                status = f"! {exc}"
                continue
            if got is Command.QUIT:
                if self._quits():
                    return Leave(ME)
                status = _("you play on")
                continue
            if isinstance(got, Command):
                shown = self._command(got, view)
                if shown is None:
                    return Leave(ME)
                status = shown or question
                continue
            return got


class _Person:
    """The `Player` at seat 0: asks the terminal through its session."""

    name = "you"

    def __init__(self, session: Session) -> None:
        self.session = session

    def decide(self, view: Game, me: int, rng: random.Random) -> Move | None:
        return self.session.decide(view)


@click.command(help=_(
    "Play Shithead against bots at this terminal, game after game: answer y to \"Play again?\" for the "
    "next deal (the Shithead deals; under the French rules the card exchange opens it) and see the "
    "scoreboard of the evening after each game. With --game speed: Speed, in real time, against one bot."
), epilog=examples(
    "play", "play --rules french --bots 4 --level smart:200ms",
    "play --seed 7 --ascii --delay 0 --set ten_not_on_eight=true",
))
@click.option("--bots", type=click.IntRange(MIN_PLAYERS - 1, MAX_PLAYERS - 1), default=3, show_default=True,
              help=_("How many bots."))
@rules_option
@click.option("--seed", type=int, default=None, help=_("Seed for the deal and the bots (reproducible games)."))
@click.option("--ascii", "ascii_only", is_flag=True, help=_("Suits as letters (7h), no glyphs."))
@click.option("--level", type=LEVEL, default="greedy", show_default=True,
              help=_("Bot strength (smart takes a budget too: smart:200ms; in Speed, seconds a card: smart:0.3s)."))
@click.option("--name", default=_("You"), show_default=True, callback=lambda _ctx, _param, name: printable_name(name),
              help=_("Your name at the table."))
@click.option("--delay", type=FloatRange(0, 10), default=0.4, show_default=True,
              help=_("Seconds to show each bot move."))
@house_rules_option
@click.option("--game", type=click.Choice(["shithead", "speed"]), default="shithead", show_default=True)
def play(bots: int, rules_text: str | None, seed: int | None, ascii_only: bool, level: str, name: str, delay: float,
         settings: tuple[str, ...], game: str) -> None:  # fmt: skip
    end_on_hangup()
    if game == "speed":
        from p2pshithead.cli.speedplay import play_speed  # Speed's keys load only for Speed

        return play_speed(level, seed, rules_text, name, ascii_only)
    rules = choose_rules(rules_text, settings).ruleset
    try:
        rules.check_table(bots + 1)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--bots") from None
    unicode = not ascii_only and can_encode(getattr(sys.stdout, "encoding", None))
    names = [name.strip()[:10] or _("You")] + [_("Bot {number}").format(number=i) for i in range(1, bots + 1)]
    rng = random.Random(seed)
    session = Session(
        rules, [make_bot(level) for _ in range(bots)], names, rng, Look(unicode=unicode), delay,
        ask=lambda prompt: READER.read(prompt, resized=session.redraw), echo=click.echo, clear=click.clear,
        size=terminal_size,
    )
    try:
        left = session.series()
    except KeyboardInterrupt:
        click.echo("\n" + _("Bye!"))
        sys.exit(stopped_status())
    click.echo(("\n" if left else "") + _("Bye!"))


if __name__ == "__main__":  # pragma: no cover
    play()
