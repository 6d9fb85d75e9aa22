# Who decides for the local seat of a networked table: a computer player, or a person at this
# terminal who watches the table (`observe`), sees the screen on their turn and types moves. On a
# terminal the whole screen is redrawn, fitted to the terminal's size, on every entry that changes the
# table (the hand and the pile never stay stale, no line piles up), and the waiting line ("Bot 2
# thinking... 3 s") is rewritten in place under it; elsewhere (a pipe, a log) the moves are printed as
# lines. A person at a Speed table presses single keys (`SpeedPerson`). Invariants: a typed line that
# cannot be read is answered and asked again; what a line means (a move, a hint, a question, leaving) is
# a value (`Reading`), never an exception; nothing typed is lost when a read is cancelled (one shared
# stdin stream per loop).
"""`BotAgent`, `HumanAgent`, `SpeedPerson` and `async_input`: the transport's `Agent`s for a terminal."""

from __future__ import annotations

import asyncio
import random
import sys
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

import click

from p2pshithead.cli.fit import paragraphs
from p2pshithead.cli.speedkeys import QUIT_KEYS, RawKeys, draw
from p2pshithead.cli.speedscreen import key_action, narrate, speed_screen
from p2pshithead.cli.terminal import READER, terminal_size
from p2pshithead.lang import _, listed, ngettext
from p2pshithead.net import Application, Verdict
from p2pshithead.speedgame import SpeedApp

Say = Callable[[str], None]
Bot = Callable[[Application, int, random.Random], object]
LEAVE_WAIT_S = 3.0
"""How long a person who left Speed waits at most for the table to sign the game off without them."""
_GRACE_S = 0.5  # another's move this late in their time is taken for their program's (see `_say_played_for`)


@dataclass(frozen=True, slots=True)
class Chosen:
    """A line read as the payload of a move: it is sent."""

    payload: object


@dataclass(frozen=True, slots=True)
class Hint:
    """A line read as something to show (why it cannot be played, the help, the rules): the person is asked again."""

    text: str


@dataclass(frozen=True, slots=True)
class Confirm:
    """A line that asks a yes/no question first (leaving for good): `payload` is sent only on y."""

    question: str
    payload: object


Reading = Chosen | Hint | Confirm
"""What a typed line means."""


class Shown(Protocol):
    """An application as a person sees it (the card game's `ShitheadScreen`)."""

    def status(self, seat: int | None, ascii: bool = False, size: tuple[int, int] = (80, 24),
               message: str = "", note: str = "", hosting: bool = False) -> str: ...
    def headline(self, seat: int | None) -> str: ...
    def thinking(self) -> int | None: ...
    def moved(self, seat: int) -> bool: ...
    def automatic(self, seat: int) -> None: ...
    def news(self, ascii: bool = False) -> list[str]: ...
    def in_setup(self) -> bool: ...


Screen = Callable[[Application], Shown]
"""The screen of an application, built once per game."""
Parse = Callable[[Shown, int, str], Reading]
"""What a person's line at their seat means."""
Auto = Callable[[Shown, int], tuple[object, str]]
"""The payload a person's own program sends when their time is up, and what it does in words."""


class BotAgent:
    """A computer player: `bot` (which holds its level), with an injected RNG."""

    is_bot = True

    def __init__(self, bot: Bot, rng: random.Random) -> None:
        self._bot, self._rng = bot, rng

    async def async_choose(self, app: Application, seat: int) -> object:
        return self._bot(app, seat, self._rng)

    async def async_wait_ready(self) -> None:
        return None

    async def async_play_again(self) -> bool:
        return True

    def observe(self, app: Application, seat: int, events: Sequence[object]) -> None:
        return None

    def tick(self) -> None:
        return None


class Ask(Protocol):
    """Prints a prompt and reads a line; `clock` (the time left, in words) ticks beside the prompt, and
    `resized` draws the screen above it again when the terminal's size changes."""

    def __call__(self, prompt: str, clock: Callable[[], str] | None = None,
                 resized: Callable[[], None] | None = None, /) -> Awaitable[str]: ...  # fmt: skip


async def async_input(prompt: str, clock: Callable[[], str] | None = None,
                      resized: Callable[[], None] | None = None) -> str:  # fmt: skip
    """Read one line from the person at this terminal without blocking the loop (`terminal.READER`);
    `clock` is shown at the right of the prompt line, redrawn every second, and `resized` is called at
    once when the terminal's size changes (on a console)."""
    return (await READER.async_read(prompt, clock, resized)).strip()


class HumanAgent:
    """A person at the terminal: watches the table, sees the screen on their turn, types moves.

    Args:
        screen: the screen of an application (`ShitheadScreen`), built once per game.
        parse: what the person types, read as a `Reading`.
        auto: the payload the person's program sends for them when their time is up (`turn_time`).
        say: prints one or more lines.
        ask: prints a prompt and reads a line (with the time left ticking beside it, on a turn limit).
        ascii: draw cards with letters instead of suit glyphs.
        clock: seconds, monotonic (injected so tests control time).
        live: the output is a terminal, so the waiting line may be rewritten in place and screens cleared.
        write: writes text without a newline (for the line rewritten in place).
        turn_time: seconds a person has to decide (0: no limit); others see it count down.
        size: the terminal's (columns, lines) now; every screen is fitted to it when drawn.
    """

    is_bot = False

    def __init__(self, screen: Screen, parse: Parse, say: Say, ask: Ask = async_input, *,
                 auto: Auto | None = None, ascii: bool = False, clock: Callable[[], float] | None = None,
                 live: bool = False, write: Say | None = None, turn_time: int = 0,
                 size: Callable[[], tuple[int, int]] = terminal_size) -> None:  # fmt: skip
        self._screen, self._parse, self._say, self._ask = screen, parse, say, ask
        self._ascii, self._live = ascii, live
        self._auto, self.turn_time, self._size = auto, turn_time, size
        self.hosting = False  # the host's person: a start with empty seats is asked twice; told to stay once gone
        self.interrupted = False  # Ctrl-C at the ready prompt, or at the question before leaving, ended this person's
        # run (EOFError, then): its words say so, as for Ctrl-C away from a prompt
        self.empty_seats = 0  # free seats in the lobby, as the last lobby event said
        self._away: dict[int, tuple[str, float]] = {}  # seat -> (nick, when its time to come back ends)
        self._clock = clock
        self._write = write or (lambda text: click.echo(text, nl=False))
        self._app: Shown | None = None
        self._of: Application | None = None  # the application `_app` shows
        self._seat: int | None = -1
        self._headline = ""
        self._since = 0.0
        self._open = False  # a waiting line is on screen without its newline
        self._choosing = False
        self._over_drawn = False  # the finish order is on the terminal already
        self._waiting: tuple[int, float] | None = None  # the seat whose turn of play the table awaits, since when
        self._auto_mine: int | None = None  # this person's program played for them: the next entry says so

    def end_line(self) -> None:
        """Wipe the waiting line, if it is on screen: whatever is printed next (the run's last words, an
        error) starts on a line of its own, never glued to "Ann is away (0:01 to come back)"."""
        if self._open:
            self._write("\r\x1b[K")
            self._open = False

    def tell(self, text: str) -> None:
        """Table news (`text`) on lines of its own: the waiting line is wiped first, and while the person
        types at a prompt (a move, ready, the next game) it goes above the prompt, never onto its line."""
        self.end_line()
        if self._live:
            READER.echo(text)
        else:
            self._say(text)

    def observe(self, app: Application, seat: int | None, events: Sequence[object]) -> None:
        """Take the table's `events` as `seat` sees them (None: a spectator, who sees every seat's row)."""
        first = app is not self._of  # a new game, or one in play already (come back after a crash)
        if self._live and self._app is None:
            READER.on_resize(self.redraw)  # the table again at once at a new size, not at the next event
        shown = self._shown(app)
        self._app, self._seat = shown, seat
        if not first:
            self._say_played_for(shown)
        else:
            self._waiting = None
        news = shown.news(self._ascii)
        if self._choosing:
            return  # the person is typing: the next screen shows these moves, the prompt stays put
        if first and not shown.in_setup():
            self._headline, self._since = shown.headline(seat), self._now()
            self.redraw()
            return
        lines = ["  " + line for line in news]
        headline = shown.headline(seat)
        changed = headline != self._headline
        if changed:
            self._headline, self._since = headline, self._now()
        if self._live and events and not shown.in_setup():
            self._redraw(shown.status(seat, self._ascii, self._size(), hosting=self.hosting))
            self._over_drawn = headline == _("game over")
            return
        if shown.in_setup() and changed:
            if self._live:
                self.end_line()
                self._write(headline)
                self._open = True
            else:
                lines.append(headline)
        if lines:
            self.tell("\n".join(lines))

    def _shown(self, app: Application) -> Shown:
        """`app`'s screen: the one built for it, or a new one for a new game."""
        if app is not self._of or self._app is None:
            self._app, self._of = self._screen(app), app
        return self._app

    def _say_played_for(self, shown: Shown) -> None:
        """Mark the move this entry tells as made by the mover's own program, its time being up: this
        person's (said by `async_choose`), or another's whose turn lasted the table's limit on this peer's
        clock (within `_GRACE_S`: the limit runs from when the mover's own program showed the turn)."""
        now, waiting, mine = self._now(), self._waiting, self._auto_mine
        if mine is not None and shown.moved(mine):
            shown.automatic(mine)
            self._auto_mine = None
        if waiting is not None and shown.moved(waiting[0]):
            seat, since = waiting
            timed = seat != self._seat and self.turn_time > 0 and self._clock is not None
            if timed and now - since >= self.turn_time - _GRACE_S:
                shown.automatic(seat)
            waiting = None
        thinking = shown.thinking()
        if thinking is not None and (waiting is None or waiting[0] != thinking):
            waiting = (thinking, now)
        self._waiting = waiting

    def redraw(self) -> None:
        """The whole table as it stands, at once (on a terminal the screen again; elsewhere the screen as
        lines): after a (re)connection, before anyone moves. Not while the person types at their prompt."""
        if self._app is None or self._choosing or self._app.in_setup():
            return
        screen = self._app.status(self._seat, self._ascii, self._size(), hosting=self.hosting)
        if self._live:
            self._redraw(screen)
        else:
            self.end_line()
            self._say(screen)

    def _redraw(self, screen: str) -> None:
        """The whole screen again from the top left, each line cleared to its end, nothing left below."""
        self._open = False
        self._write("\x1b[H" + "".join(line + "\x1b[K\n" for line in screen.split("\n")) + "\x1b[J")

    def _now(self) -> float:
        return self._clock() if self._clock is not None else 0.0

    def away(self, seat: int, nick: str, left: float | None) -> None:
        """Seat `seat` (`nick`) is gone with `left` seconds to come back, or is back (None). A seat back when
        the table awaits it (a turn of play, its card to show) is given the whole limit again: its program
        (a host resumed, a joiner run again) shows the turn afresh."""
        if left is None:
            self._away.pop(seat, None)
            if self._of is not None and seat in self._of.who_may_act():
                self._since = self._now()
                if self._waiting is not None and self._waiting[0] == seat:
                    self._waiting = (seat, self._since)
        else:
            self._away[seat] = (nick, self._now() + left)

    def waiting_line(self) -> str | None:
        """"Bot 2 thinking... 3 s" (with a turn limit: "Bot 2 thinking (0:57 left)"), and who is away
        ("Ann is away (1:43 to come back)"); None when nothing is worth a line."""
        if self._app is None or self._choosing or self._clock is None:
            return None
        now = self._now()
        parts = [_("{nick} is away ({clock} to come back)").format(nick=nick, clock=_clock_text(until - now))
                 for nick, until in self._away.values()]
        waited = now - self._since
        if not _awaits_me(self._headline) and waited >= 1:
            left = self.turn_time - waited
            thinking = _awaits_thinking(self._headline) and self.turn_time
            shown = _("({clock} left)").format(clock=_clock_text(left)) if thinking else f"... {int(waited)} s"
            line = f"{self._headline} {shown}" if thinking else f"{self._headline}{shown}"
            parts.insert(0, line)
        return listed(parts) or None

    def tick(self) -> None:
        line = self.waiting_line()
        if line is not None and self._live:
            self._write("\r\x1b[K" + line)
            self._open = True

    async def async_choose(self, app: Application, seat: int) -> object:
        shown = self._shown(app)
        self._choosing = True
        self.end_line()
        try:
            limited = self.turn_time > 0 and self._auto is not None
            limit = _("{seconds} s to decide").format(seconds=self.turn_time) if limited else ""
            message = ""  # why the last input was refused, in the status line

            def paint() -> None:  # the screen of this turn, at the terminal's size now
                if self._live:
                    click.clear()
                self._say(shown.status(seat, self._ascii, self._size(), message=message, note=limit,
                                       hosting=self.hosting))

            READER.hold_typed_ahead()  # a line typed while others played answers no screen of this turn
            paint()
            shown.news()  # the screen shows the recent moves already
            deadline = self._now() + self.turn_time

            def countdown() -> str:  # beside the prompt, ticking (on a console)
                return _("{clock} left").format(clock=_clock_text(deadline - self._now()))

            while True:
                clock, resized = countdown if limited else None, paint if self._live else None
                try:
                    left = deadline - self._now() if limited else None
                    async with asyncio.timeout(left):  # not `wait_for`: in 3.11 it may swallow a cancellation
                        reading = self._parse(shown, seat, await self._ask_or_quit("> ", clock, resized))
                        # the question before leaving is part of the turn: the same clock runs on
                        sure = isinstance(reading, Confirm) and (await self._ask(reading.question, clock, resized)
                                                                 ).strip().lower() in ("y", "yes")  # fmt: skip
                except EOFError:  # Ctrl-D, at the prompt or the question: leaves the game for good, as `quit` and
                    leaving = self._parse(shown, seat, "quit")  # y do (and as in `play`)
                    if isinstance(leaving, Confirm):
                        return leaving.payload
                    raise  # (the deck still being set up: the program ends, and the table waits for the seat)
                except TimeoutError:
                    assert self._auto is not None
                    payload, said = self._auto(shown, seat)
                    self._say("\n" + _("time's up: your program {action} for you").format(action=said))
                    self._auto_mine = seat
                    return payload
                if isinstance(reading, Chosen):
                    return reading.payload
                if isinstance(reading, Confirm):
                    if sure:
                        return reading.payload
                    self._say(_("you stay at the table"))
                elif self._live and "\n" not in reading.text:  # the screen again, the reason in its status line
                    message = reading.text
                    paint()
                else:
                    self._say(paragraphs(reading.text, self._size()[0]))
        except KeyboardInterrupt:  # Ctrl-C at the question before leaving (at the prompt it asks that question):
            self.interrupted = True  # this person's run ends, as Ctrl-C away from a prompt ends it (see
            raise EOFError from None  # `async_wait_ready`: raised in this task, it would escape the event loop)
        finally:
            self._choosing = False
            self._headline, self._since = shown.headline(seat), self._now()

    async def _ask_or_quit(self, prompt: str, clock: Callable[[], str] | None,
                           resized: Callable[[], None] | None) -> str:  # fmt: skip
        """A line typed at `prompt` (with `clock`, the time left, ticking beside it, and the screen drawn
        again by `resized` at a new terminal size); Ctrl-C there reads as `quit` (leaving is asked
        before it is done)."""
        try:
            return await self._ask(prompt, clock, resized)
        except KeyboardInterrupt:
            return "quit"

    async def async_wait_ready(self) -> None:
        """Return once Enter is pressed. Ctrl-D at a terminal leaves the table (EOFError, as at every other
        prompt); piped input that ran out never does: the table then starts when full. Ctrl-C leaves as
        Ctrl-D does, noted in `interrupted` (KeyboardInterrupt, raised in this prompt's own task, would escape
        the event loop with the table's other tasks pending). The host (`hosting`) is asked again before a
        start that would leave seats empty."""
        try:
            while True:
                if (await self._ask(_("press Enter when ready") + "\n")).strip().lower() in ("n", "no"):
                    self._say(_("not ready yet: you keep your seat (Ctrl-C leaves the table)"))
                    continue
                empty = self.empty_seats
                if not self.hosting or not empty:
                    return
                answer = await self._ask(ngettext(
                    "{count} seat is still empty: start without them? y, or Enter to wait ",
                    "{count} seats are still empty: start without them? y, or Enter to wait ", empty,
                ).format(count=empty))
                if answer.strip().lower() in ("y", "yes"):
                    return
        except KeyboardInterrupt:
            self.interrupted = True
            raise EOFError from None
        except EOFError:
            if sys.stdin.isatty():  # a person pressed Ctrl-D (a script's input ended otherwise)
                raise
            await asyncio.Event().wait()  # (cancelled when the game starts)

    async def async_play_again(self) -> bool:
        """Whether this person plays the next game the table offers (Enter or y: yes; n: stand up; at
        end of input: stand up)."""
        try:
            answer = await self._ask(_("Next game at this table? Enter to play, n to stand up "))
        except EOFError:
            return False
        return answer.strip().lower() not in ("n", "no", "q", "quit")

    def final_screen(self) -> str | None:
        """The last screen (the finish order with titles), once the game is over; None when there is
        none, or when the terminal shows it already."""
        if self._app is None or self._over_drawn:
            return None
        return self._app.status(self._seat, self._ascii, self._size(), hosting=self.hosting)


def _awaits_me(headline: str) -> bool:
    """Whether `headline` (`Shown.headline`, in the language in use) asks this person to decide."""
    return headline in (_("your turn"), _("your move"), _("your answer: play out of turn, or pass"))


def _awaits_thinking(headline: str) -> bool:
    """Whether `headline` (in the language in use) says who is thinking on a turn of play."""
    before, _names, after = _("{names} thinking").partition("{names}")
    return len(headline) > len(before) + len(after) and headline.startswith(before) and headline.endswith(after)


def _clock_text(seconds: float) -> str:
    """Seconds as m:ss (never negative)."""
    whole = max(0, int(seconds + 0.999))
    return f"{whole // 60}:{whole % 60:02d}"


class SpeedPerson:
    """A person at this terminal playing one seat of networked Speed with single keys. Ctrl-C or Ctrl-D
    leaves the game: the choice is the signed `leave` (the other wins, and the table signs the game off
    without this seat), and `quit` is set; the run ends once the table signed the game off, or when `left`
    is set, `LEAVE_WAIT_S` later (a table out of reach): whoever runs the table watches both."""

    is_bot = False

    def __init__(self, keys: RawKeys, unicode: bool) -> None:
        self._keys, self._unicode = keys, unicode
        self._changed = asyncio.Event()
        self.left = asyncio.Event()
        self.lines: list[str] = []
        self.status = ""
        self._app: SpeedApp | None = None
        self._playing = False  # play has begun (keys from before are dropped then)
        self.quit = False  # the person left: the game ends for both (see the class docstring)
        self.verdict: Verdict | None = None  # why the game stopped, once it did (the table's `Stopped`)

    @property
    def seat(self) -> int | None:
        """This person's seat, once a game began."""
        return None if self._app is None else self._app.seat

    async def async_wait_ready(self) -> None:
        return

    def tick(self) -> None:
        return

    def say(self, text: str) -> None:
        """A line about the table (before the game, or from the transport)."""
        self.lines.append(text)
        self.redraw()

    def redraw(self) -> None:
        app = self._app
        if app is None or app.in_setup() or app.seat is None:
            waiting = _("(setting up the deck: keys and proven shuffles...)") if app is not None else _(
                "waiting for the other player... (Ctrl-C stops waiting)")
            draw("\n".join([*self.lines[-12:], waiting]))
            return
        draw(speed_screen(app.game, app.seat, app.names, self.lines, self._unicode, self.status, terminal_size()))

    def observe(self, app: object, seat: int, events: Sequence[object]) -> None:
        assert isinstance(app, SpeedApp)
        self._app = app
        self.lines += narrate(events, app.game, seat, app.names, self._unicode)
        self._changed.set()
        self.redraw()

    async def async_choose(self, app: object, seat: int) -> object:
        """The pending deck step as soon as there is one; else the play the person's next key asks for."""
        assert isinstance(app, SpeedApp)
        self._app = app
        while not self.quit:
            pending = app.pending()
            if pending is not None:
                return pending
            if not self._playing and not app.in_setup():  # keys pressed while the deck was set up: dropped
                self._playing = True
                if self._keys.flush():
                    return self._leave(app)
            self._changed.clear()
            key = asyncio.ensure_future(self._keys.get())
            changed = asyncio.ensure_future(self._changed.wait())
            try:
                await asyncio.wait({key, changed}, return_when=asyncio.FIRST_COMPLETED)
            except asyncio.CancelledError:  # the game stopped: the next key is not this choice's
                key.cancel()
                changed.cancel()
                raise
            changed.cancel()
            if not key.done():
                key.cancel()
                continue
            pressed = key.result()
            if pressed in QUIT_KEYS:
                return self._leave(app)
            got = key_action(pressed, app.game, seat, self._unicode)
            if isinstance(got, str):
                self.status = f"! {got}"
                self.redraw()
                continue
            self.status = ""
            return app.action_payload(got)
        never: asyncio.Future[object] = asyncio.get_running_loop().create_future()
        return await never  # left: whoever watches `left` stops the run

    async def async_leave_before_play(self) -> None:
        """A quit key pressed before any game began leaves at once (nothing to end, nobody to tell); once
        a game began, its first choice takes the key (`async_choose`: the signed leave)."""
        await self._keys.quit.wait()
        if self._app is None:
            self.quit = True
            self.left.set()

    def _leave(self, app: SpeedApp) -> object:
        """The person leaves: the signed `leave`, and `left` at the latest `LEAVE_WAIT_S` from now."""
        self.quit = True
        asyncio.get_running_loop().call_later(LEAVE_WAIT_S, self.left.set)
        return app.leave_payload()
