"""Who plays this peer's seat at a LAN table of either game, one route for both: the applications this
program plays on the network (`APPS`), a Speed seat's agent (a bot, or a person pressing keys; a
Shithead seat's is `session.make_agent`), and how a Speed game ends in words (and who stopped a game of
either, `verdict_words`).

Invariants: a person at Speed holds the terminal in raw mode only while the table runs (`async_seated`
restores it on every way out), and SIGTERM there is their Ctrl-C key; a person who leaves
(`SpeedPerson.quit`) ends the game for both, and the result says so (None), no exception."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator, Sequence
from pathlib import Path

import click

from p2pshithead.cli.agents import SpeedPerson
from p2pshithead.cli.exits import DONE, SHORT
from p2pshithead.cli.home import transcripts_dir
from p2pshithead.cli.speedkeys import QUIT_KEYS, RawKeys
from p2pshithead.cli.speedplay import async_game_over, speed_bot
from p2pshithead.cli.speedscreen import narrate
from p2pshithead.cli.terminal import stopped_by
from p2pshithead.game import SHITHEAD
from p2pshithead.lang import N_, _, ngettext
from p2pshithead.net import (
    Agent,
    Apps,
    AwayCause,
    AwayReport,
    Identity,
    Transcript,
    Verdict,
    default_transcript_path,
    save_entries,
)
from p2pshithead.speed import SpeedBot
from p2pshithead.speedgame import SPEED, SpeedApp, SpeedBotAgent

__all__ = ["APPS", "LEFT_SPEED", "SPEED_AGAIN", "async_seated", "async_until_left", "speed_finish", "speed_stopped",
           "verdict_words"]

APPS: Apps = {SHITHEAD.name: SHITHEAD, SPEED.name: SPEED}
"""The applications this program plays on the network."""
LEFT_SPEED = N_("Left the table (the game stops for both). Bye!")
"""What a person who left a Speed table is told (exit status: `stopped_status`); `_` where it is shown."""


class _ToldSpeedBot(SpeedBotAgent):
    """A Speed seat's bot whose game is told line by line as it goes (`narrate`, the lines a person's screen
    shows): a table of bots at Speed runs a minute or more, which was a silent terminal."""

    def __init__(self, bot: SpeedBot, rng: random.Random, unicode: bool, say: Callable[[str], None]) -> None:
        super().__init__(bot, rng)
        self._unicode, self._say = unicode, say

    def observe(self, app: object, seat: int, events: Sequence[object]) -> None:
        super().observe(app, seat, events)
        assert isinstance(app, SpeedApp)
        for line in narrate(events, app.game, seat, app.names, self._unicode):
            self._say(line)


@contextlib.contextmanager
def _term_as_quit_key(keys: RawKeys) -> Iterator[None]:
    """Within the block SIGTERM (a shutdown, `kill`) and SIGHUP (the terminal closed) are the person's
    Ctrl-C, a key in raw mode: they leave the table as Ctrl-C leaves it (the signed leave: the other side
    is told and wins), never vanish from it, and end with the signal's status (`stopped_status`). The
    handlers before (`terminal.stop_on_term`) are back after the block."""
    loop = asyncio.get_running_loop()
    signums = [s for name in ("SIGTERM", "SIGHUP") if (s := getattr(signal, name, None)) is not None]  # (no SIGHUP
    # on Windows)

    def quit_key(signum: int, _frame: object) -> None:
        stopped_by(signum)
        loop.call_soon_threadsafe(keys.press, QUIT_KEYS[0])

    before = {s: signal.signal(s, quit_key) for s in signums}
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)


@contextlib.asynccontextmanager
async def async_seated(bot: bool, level: str, seed: int | None, ascii: bool,
                       say: Callable[[str], None] = click.echo) -> AsyncIterator[Agent]:  # fmt: skip
    """A Speed seat's agent for as long as the table runs: a bot of `level` (its game told by `say`), or a
    person at this terminal (in raw mode until the block ends)."""
    if bot:
        yield _ToldSpeedBot(speed_bot(level), random.Random(seed if seed is not None else os.urandom(8)), not ascii,
                            say)  # fmt: skip
        return
    async with RawKeys() as keys:
        person = SpeedPerson(keys, not ascii)
        with _term_as_quit_key(keys):
            yield person
        if not person.quit:  # as `play` ends: the last screen waits for a key, keys still read raw, and a
            stopped = person.verdict  # game that stopped says at once why, and what to do next
            await async_game_over(person, keys, None if stopped is None or person.seat is None else _(
                "Game over: {why} {again} Press any key.").format(why=speed_stopped(stopped, person.seat),
                                                                   again=_(SPEED_AGAIN)))


async def async_until_left(run: Coroutine[object, object, Transcript], agent: Agent) -> Transcript | None:
    """`run`'s transcript, or None when a person at Speed left (the run ends with the game signed off, or
    is stopped once they waited long enough)."""
    if not isinstance(agent, SpeedPerson):
        return await run
    playing = asyncio.ensure_future(run)
    left = asyncio.ensure_future(agent.left.wait())
    early = asyncio.ensure_future(agent.async_leave_before_play())
    try:
        await asyncio.wait({playing, left}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        left.cancel()
        early.cancel()
        if not playing.done():
            playing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await playing
    if not agent.quit:
        return playing.result()
    if playing.done() and not playing.cancelled():
        playing.exception()  # (taken: a link lost once the person left is no news)
    return None


_AWAY_WORDS = {
    AwayCause.LOST: N_("reported by the host, not provable: seat {seat} ({nick}) away for more than {limit} s: "
                       "connection lost"),
    AwayCause.SILENT: N_("reported by the host, not provable: seat {seat} ({nick}) away for more than {limit} s: "
                         "silent (frozen or cut off)"),
    AwayCause.RESTART: N_("reported by the host, not provable: seat {seat} ({nick}) away for more than {limit} s: "
                          "not back after the host restarted"),
}


def verdict_words(verdict: Verdict) -> str:
    """Who stopped the game, in words: a seat away past the table's limit wholly in this person's words (the
    host sent values); another verdict's reason after it is the check's own detail."""
    if verdict.away is not None:
        return _away_words(verdict.seat, verdict.nick, verdict.away)
    if verdict.proven:
        return _("seat {seat} ({nick}) at fault: {reason}").format(seat=verdict.seat, nick=verdict.nick,
                                                                    reason=verdict.reason)
    return _("reported by the host, not provable: seat {seat} ({nick}) {reason}").format(
        seat=verdict.seat, nick=verdict.nick, reason=verdict.reason)


def _away_words(seat: int, nick: str, report: AwayReport) -> str:
    heard = _("it sent nothing") if report.last < 0 else _(
        "its last message is entry {last}, when it had seen entry {seen}").format(last=report.last, seen=report.seen)
    held = ngettext("the table holds {count} entry", "the table holds {count} entries", report.entries)
    return _("{away}; {heard}; {held}").format(away=_(_AWAY_WORDS[report.cause]).format(
        seat=seat, nick=nick, limit=report.limit), heard=heard, held=held.format(count=report.entries))


SPEED_AGAIN = N_("To play again, one of you runs `host --game speed` and the other `join --game speed`.")
"""The next step after a Speed game that stopped (nobody keeps one to take up again)."""
_SPEED_AWAY = {  # (how the seat went away, whether it is this person's): who, what happened
    (AwayCause.LOST, False): N_("{nick}'s program ended or lost its link, and was not back within {limit} s."),
    (AwayCause.LOST, True): N_("The host lost the link to your program for more than {limit} s."),
    (AwayCause.SILENT, False): N_("{nick}'s program went silent (frozen, or its network cut off) for more than "
                                  "{limit} s."),
    (AwayCause.SILENT, True): N_("The host heard nothing from your program for more than {limit} s."),
    (AwayCause.RESTART, False): N_("{nick} was not back within {limit} s of the host's restart."),
    (AwayCause.RESTART, True): N_("You were not back within {limit} s of the host's restart."),
}
_SPEED_FAULT = {  # (proven, whether it is this person's seat)
    (True, False): N_("{nick}'s program sent a move the rules refuse (the transcript proves it)."),
    (True, True): N_("Your program sent a move the rules refuse (the transcript proves it): do you both run the same "
                     "version of p2pshithead?"),
    (False, False): N_("The host stopped the game over a message from {nick}'s program (this cannot be proven)."),
    (False, True): N_("The host stopped the game over a message from your program (this cannot be proven)."),
}


def speed_stopped(verdict: Verdict, seat: int) -> str:
    """Why a Speed game stopped, as a player at `seat` reads it: who, and what happened, in a sentence
    (the check's own detail stays in the transcript: `verify` shows it)."""
    mine = verdict.seat == seat
    if verdict.away is not None:
        return _(_SPEED_AWAY[verdict.away.cause, mine]).format(nick=verdict.nick, limit=verdict.away.limit)
    return _(_SPEED_FAULT[verdict.proven, mine]).format(nick=verdict.nick)


def speed_finish(transcript: Transcript, identity: Identity, path: Path | None, say: Callable[[str], None]) -> int:
    """Save a Speed game's transcript, say who won (or why it stopped), return the exit status."""
    seat = [s.key for s in transcript.setup.seats].index(identity.public)
    path = path or default_transcript_path(transcripts_dir(), transcript.setup.table_id, seat)
    save_entries(path, transcript.entries)
    app = transcript.app
    if transcript.verdict is not None:
        say(_("The game stopped: {why} {again} Transcript: {path}").format(
            why=speed_stopped(transcript.verdict, seat), again=_(SPEED_AGAIN), path=path))
        return SHORT
    order = app.finish_order() if isinstance(app, SpeedApp) else None
    if not order:
        say(_("No winner. Transcript: {path}").format(path=path))
    elif order[0] == seat:
        say(_("You win. Transcript: {path}").format(path=path))
    else:
        say(_("{nick} wins. Transcript: {path}").format(nick=transcript.setup.seats[order[0]].nick, path=path))
    return DONE
