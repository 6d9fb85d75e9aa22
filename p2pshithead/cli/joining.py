"""`join` past the listing: find the table a person names or picks (or go by address), sit at it and play
the game and the next ones the table offers (a series, with a scoreboard), or watch it as a spectator.
`cli/join.py` loads this module only to sit or watch, so `join --list` never pays for it."""

from __future__ import annotations

import asyncio
import os
import socket
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

import click

from p2pshithead.cli.agents import BotAgent, Hint, HumanAgent, SpeedPerson
from p2pshithead.cli.exits import DONE, NETWORK, SHORT
from p2pshithead.cli.home import tables_dir
from p2pshithead.cli.lan import is_speed, label, plays, show
from p2pshithead.cli.seating import APPS, LEFT_SPEED, async_seated, async_until_left, speed_finish
from p2pshithead.cli.session import (
    Evening,
    finish_game,
    kept_identity,
    make_agent,
    network_words,
    notifier,
    person_identity,
    report_of,
    series_path,
    set_aside,
)
from p2pshithead.cli.shithead import screen_of
from p2pshithead.cli.terminal import READER, fitted, stop_on_term, stopped_status
from p2pshithead.game import SHITHEAD, ShitheadApp
from p2pshithead.lang import N_, _, ngettext
from p2pshithead.net import (
    ANY,
    AWAY_TIME_S,
    PROTOCOL_VERSION,
    Agent,
    Browser,
    Bye,
    Goodbye,
    Identity,
    Joiner,
    Journal,
    JournalError,
    NetError,
    OtherGame,
    Progress,
    Refused,
    SeatRecord,
    Started,
    TableAd,
    TableEvent,
    Transcript,
    Watcher,
    async_watch,
    damaged,
    setup_from_genesis,
    unfinished,
)
from p2pshithead.speedgame import SPEED

__all__ = ["sit"]

_PICK = N_("join which table? (its number; Ctrl-C to leave) ")
_MATCH_GRACE_S = 1.0  # after a table of the asked name appears, how long to look for another of that name
_ANSWERS_S = 2.0  # answers to the browser's query come about 1.1 s after it starts: a table seen sooner (its host's
# own announcement) waits for them, or a twin of its name that answers the query is missed
_WATCH_RETRY_S = 2.0
_WATCH_LINKS = 100  # links a spectator makes to one table at most (a host that keeps dropping it is let go)
_FIND_S = 2.0  # how long a joiner coming back looks for its table's announcement per try
_AFRESH = N_("`join` again sits at a table afresh")  # the next step after a journal is set aside
_DROPPED = N_("Dropped out. If a game was in play, the others wait for you: run `join` again to come back, or type "
              "quit on your turn to leave it for good. Bye!")  # fmt: skip
_BETWEEN_GAMES = N_("Left the table {table!r} between games: the games you played are saved. `p2pshithead join "
                    "{table}` sits you there again. Bye!")  # fmt: skip
"""What Ctrl-C (SIGTERM) says from the end of a game until the next one begins: no game waits for this seat."""
_CLOSED_BEFORE_PLAY = N_("The host closed the table {table!r} before its first game. To play, `p2pshithead join` "
                         "finds another table, or `p2pshithead host` opens one. Bye!")  # fmt: skip
_LOOPBACK = "127.0.0.1"


def same_name(name: str, typed: str) -> bool:
    """Whether `typed` names the table `name` as a person would mean it: case and runs of spaces aside
    (`join hostel  bar` finds "Hostel bar")."""
    return " ".join(name.split()).casefold() == " ".join(typed.split()).casefold()


def _matches(ad: TableAd, table: str) -> bool:
    return same_name(ad.name, table) or ad.table_id.startswith(table.lower())


async def _async_find(table: str, bind: str, wait: float, watch: bool) -> tuple[list[TableAd], list[TableAd]]:
    """Browse up to `wait` seconds (stopping `_MATCH_GRACE_S` after the first match, and not before the query's
    answers are in: `_ANSWERS_S`) for tables called `table` (or whose id starts with it); return (matches with a
    free seat, or any to `watch`, every table seen)."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    deadline = start + wait
    async with Browser(bind) as browser:
        while (left := deadline - loop.time()) > 0:
            if await browser.async_next(left) is None:
                break
            if any(_matches(ad, table) and (ad.free or watch) for ad in browser.tables.values()):
                deadline = min(deadline, max(start + _ANSWERS_S, loop.time() + _MATCH_GRACE_S))
        seen = list(browser.tables.values())
    return [ad for ad in seen if _matches(ad, table) and (ad.free or watch)], seen


async def _async_pick(bind: str, bot: bool, wait: float, watch: bool,
                      wanted: Callable[[TableAd], bool]) -> TableAd | None:  # fmt: skip
    """A bot takes the first `wanted` table with a free seat (within `wait` s); a person sees the wanted
    tables as they appear and, once one did (within `wait` s), types the number of one, for as long as they
    like. None: no table found in time."""
    if bot:
        found = await async_watch(bind, wait, lambda kind, ad: None, lambda ad: ad.free > 0 and wanted(ad))
        return next((ad for ad in found.values() if ad.free and wanted(ad)), None)
    from prompt_toolkit.patch_stdout import patch_stdout  # loaded when a person picks (start-up: README)

    numbered: list[TableAd] = []
    async with Browser(bind) as browser:
        click.echo(_("looking for tables on this network..."))
        deadline = asyncio.get_running_loop().time() + wait
        reading: asyncio.Future[Any] = asyncio.get_running_loop().create_future()  # asked once a table is seen
        try:
            with patch_stdout():  # tables that appear are printed above the prompt
                while True:
                    left = deadline - asyncio.get_running_loop().time() if not numbered else 3600
                    if left <= 0:
                        return None
                    change = asyncio.ensure_future(browser.async_next(left))
                    done, _pending = await asyncio.wait({reading, change}, return_when=asyncio.FIRST_COMPLETED)
                    if change in done and (result := change.result()) is not None:
                        kind, _name, ad = result
                        if ad is not None and kind == "add" and wanted(ad):
                            known = next((i for i, old in enumerate(numbered) if old.table_id == ad.table_id), None)
                            number = len(numbered) + 1 if known is None else known + 1
                            numbered[number - 1:number] = [ad]
                            show(f"{number}.", ad)
                            if len(numbered) == 1 and known is None:  # the first: the question now
                                reading = asyncio.ensure_future(READER.async_read(_(_PICK)))
                        elif ad is not None:
                            click.echo(_("   gone: {table}").format(table=label(ad)))
                    change.cancel()
                    if reading in done:
                        text = reading.result().strip()
                        chosen = numbered[int(text) - 1] if text.isdigit() and 0 < int(text) <= len(numbered) else None
                        current = browser.tables.values()
                        if chosen is not None and any(ad.table_id == chosen.table_id and (ad.free or watch)
                                                      for ad in current):  # fmt: skip
                            return chosen
                        click.echo(_("that is not a table you can join: type the number of one") if text else "")
                        reading = asyncio.ensure_future(READER.async_read(_(_PICK)))
        finally:
            reading.cancel()


async def _async_choose(table: str | None, bind: str, wait: float, bot: bool, watch: bool = False,
                        game: str | None = None) -> TableAd:  # fmt: skip
    """The table to join: the one called `table`, else the first found (bots) or the one a person picks;
    of `game` only, when it is given.

    Raises:
        click.ClickException: no such table, or one of another protocol version, in words naming what was
            seen and what to try next.
    """
    ad = await _async_chosen(table, bind, wait, bot, watch, game)
    if ad.version != PROTOCOL_VERSION:
        raise click.ClickException(_("{table} runs protocol version {theirs} and this program {mine}: both need the "
                                     "same version of p2pshithead").format(table=label(ad), theirs=ad.version,
                                                                           mine=PROTOCOL_VERSION))  # fmt: skip
    return ad


async def _async_chosen(table: str | None, bind: str, wait: float, bot: bool, watch: bool,
                        game: str | None) -> TableAd:  # fmt: skip
    if table is None:
        ad = await _async_pick(bind, bot, wait, watch, plays(game))
        if ad is None:
            raise click.ClickException((_("no table with a free seat found on this network in {wait} s: `p2pshithead "
                                          "host` opens one; or check that you are on the same Wi-Fi as the host, and "
                                          "try --wait SECONDS or --address HOST:PORT") if bot else
                                        _("no table found on this network in {wait} s: `p2pshithead host` opens one; "
                                          "or check that you are on the same Wi-Fi as the host, and try --wait SECONDS "
                                          "or --address HOST:PORT")).format(wait=f"{wait:g}"))  # fmt: skip
        return ad
    matches, seen = await _async_find(table, bind, wait, watch)
    matches = [ad for ad in matches if plays(game)(ad)]
    if not matches:
        names = ", ".join(label(ad) if ad.free else _("{table} (full)").format(table=label(ad)) for ad in seen)
        raise click.ClickException((_("no table called {name!r} with a free seat; seen: {tables}; try --wait SECONDS, "
                                      "or --address HOST:PORT") if names else
                                    _("no table called {name!r} with a free seat; seen: none; try --wait SECONDS, or "
                                      "--address HOST:PORT")).format(name=table, tables=names))  # fmt: skip
    if len(matches) == 1 or bot:
        return matches[0]
    click.echo(ngettext("{count} table is called {name!r}:", "{count} tables are called {name!r}:",
                        len(matches)).format(count=len(matches), name=table))
    for number, ad in enumerate(matches, 1):
        show(f"{number}.", ad)
    question = _("which one? (its number, 1 to {last}; Ctrl-C to leave) ").format(last=len(matches))
    while True:
        text = (await READER.async_read(question)).strip()
        if text.isdigit() and 0 < int(text) <= len(matches):
            return matches[int(text) - 1]


async def _async_locate(bind: str, table_id: bytes, host_key: bytes | None,
                        seconds: float = _FIND_S) -> tuple[tuple[str, ...], int] | None:  # fmt: skip
    """Where table `table_id` is announced now (a host that restarted may listen on a new port), by the
    host whose key is `host_key` when it is known (a lookalike record, signed by another key, is passed by)."""
    wanted = table_id.hex()

    def its(ad: TableAd) -> bool:
        return ad.table_id == wanted and (host_key is None or ad.host_key == host_key)

    found = await async_watch(bind, seconds, lambda kind, ad: None, its)
    ad = next((ad for ad in found.values() if its(ad)), None)
    return None if ad is None else (ad.addresses, ad.port)


async def _async_join(addresses: Sequence[str], port: int, bind: str, identity: Identity, bot: bool, level: str,
                      seed: int | None, quiet: bool, transcript: Path | None, stats: Path | None, ascii: bool,
                      resume: tuple[Journal, SeatRecord] | None, host_key: bytes | None,
                      seated: Callable[[str], None]) -> int:  # fmt: skip
    """Sit at the table at `addresses`/`port` and play its games; `seated` is told what Ctrl-C says as the
    evening goes on (between games, that no game waits). The exit status (`exits`)."""
    stop_on_term()  # (a shutdown drops out as Ctrl-C does: said, the terminal put back)
    say = (lambda text: None) if quiet else click.echo
    agents: list[BotAgent | HumanAgent] = []

    def agent_for(app: str) -> Agent:
        agents.append(make_agent(bot, level, seed, say, ascii))
        return agents[-1]

    def notify(event: TableEvent) -> None:
        if isinstance(event, Started):  # a game begun waits for this seat again when it drops out
            seated(_(_DROPPED))
        notifier(say, agents[-1] if agents else None)(event)

    async def find(table_id: bytes) -> tuple[tuple[str, ...], int] | None:
        return await _async_locate(bind, table_id, host_key)

    joiner = Joiner(identity, addresses, port, {SHITHEAD.name: SHITHEAD}, agent_for, bot=bot,
                    bind=None if bind == ANY else bind, notify=notify, clock=time.monotonic,
                    secret=os.urandom(SHITHEAD.secret_size), keep=partial(Journal.for_table, tables_dir()),
                    resume=resume,
                    find=None if bind == _LOOPBACK else find, host_key=host_key)  # fmt: skip
    if resume is not None:  # its journal replayed and found to be this seat's game (else JournalError, above)
        say(_("coming back to your unfinished game (table {table}); `join --new` starts another instead").format(
            table=resume[1].table_id.hex()[:6]))
    evening = Evening()
    closed = left = False  # the host closed the table before its first game; this person left it then
    try:  # (ends with the waiting line wiped: the last words or an error start on a line of their own)
        async with joiner:
            try:
                result: Transcript | None = await joiner.async_run()
            except Refused as exc:
                if not _closed_before_play(exc, joiner):
                    raise
                result, closed = None, True  # (said once the ready prompt is gone)
            while result is not None:
                seat = [s.key for s in result.setup.seats].index(identity.public)
                status = finish_game(result, seat, series_path(transcript, result.setup.game), joiner.stats, stats, say,
                                     agents[-1] if agents else None)  # fmt: skip
                if resume is not None and not evening.games:  # back after a drop: the games before it count too
                    evening.take_up(result, transcript)
                else:
                    evening.add(result)
                if status != 0 or seat not in result.app.present():
                    break
                for line in evening.lines():
                    say(line)
                standing = _Standing(agents[-1], say)
                seated(_(_BETWEEN_GAMES).format(table=joiner.table_name))
                result = await joiner.async_next(os.urandom(SHITHEAD.secret_size), standing.async_play_again)
                if result is None and not standing.stood:  # the host closed the table (or its program ended)
                    say(_("The table closed: there is no next game here. Bye!"))
    except EOFError:
        if not any(isinstance(agent, HumanAgent) and agent.interrupted for agent in agents):
            raise
        if joiner.transcript is not None:  # Ctrl-C at a ready prompt or the question before leaving: said as
            raise KeyboardInterrupt from None  # Ctrl-C anywhere else
        left = True  # Ctrl-C at the first ready prompt: the host frees the seat, no game waits for it
    finally:
        for agent in agents:
            if isinstance(agent, HumanAgent):
                agent.end_line()
    if left:
        say(fitted(_(_LEFT_LOBBY)))
        return stopped_status()
    if closed:
        say(fitted(_(_CLOSED_BEFORE_PLAY).format(table=joiner.table_name)))
        return SHORT
    if len(evening.games) > 1:
        for line in evening.lines(final=True):
            say(line)
    return status


class _Standing:
    """The agent's answer to the next game, said when it stands up (`stood`)."""

    def __init__(self, agent: BotAgent | HumanAgent, say: Callable[[str], None]) -> None:
        self._agent, self._say = agent, say
        self.stood = False

    async def async_play_again(self) -> bool:
        self.stood = not await self._agent.async_play_again()
        if self.stood:
            self._say(_("You stood up: the others play on without you. Bye!"))
        return not self.stood


async def _async_join_speed(addresses: Sequence[str], port: int, bind: str, identity: Identity, bot: bool,
                            level: str, seed: int | None, quiet: bool, transcript: Path | None, ascii: bool,
                            host_key: bytes | None) -> int | None:  # fmt: skip
    """Play the Speed table at `addresses`/`port` (one game, kept by nobody); the exit status (None: the
    person left)."""
    stop_on_term()
    joiner: Joiner | None = None
    try:
        told: Callable[[str], None] = (lambda text: None) if quiet else click.echo  # `--quiet`: nothing
        async with async_seated(bot, level, seed, ascii, told) as agent:
            say = agent.say if isinstance(agent, SpeedPerson) else told
            joiner = Joiner(identity, addresses, port, {SPEED.name: SPEED}, lambda app: agent, bot=bot,
                            bind=None if bind == ANY else bind, notify=notifier(say, agent), clock=time.monotonic,
                            secret=os.urandom(SPEED.secret_size), host_key=host_key)  # fmt: skip
            async with joiner:
                result = await async_until_left(joiner.async_run(), agent)
    except Refused as exc:  # (said here, once the terminal is put back)
        if joiner is None or not _closed_before_play(exc, joiner):
            raise
        if not quiet:
            click.echo(fitted(_(_CLOSED_BEFORE_PLAY).format(table=joiner.table_name)))
        return SHORT
    except asyncio.CancelledError:  # SIGTERM, or Ctrl-C before the keys are read raw
        if joiner is not None and joiner.transcript is not None:
            raise
        result = None
    if result is None and (joiner is None or joiner.transcript is None):  # left before the game began
        if not quiet:
            click.echo(fitted(_(_LEFT_LOBBY)))
        return stopped_status()
    return None if result is None else speed_finish(result, identity, transcript, click.echo)


_LEFT_LOBBY = N_("Left the table before the game began. Bye!")
"""What a joiner who left in the lobby (Ctrl-C, SIGTERM) is told, at either game (exit status: `stopped_status`)."""


def _closed_before_play(exc: Refused, joiner: Joiner) -> bool:
    """Whether `exc` is the host's goodbye to a joiner still in the lobby: it closed the table."""
    return isinstance(exc.answer, Bye) and exc.answer.why is Goodbye.CLOSED and joiner.transcript is None


def _no_move(shown: object, seat: int, text: str) -> Hint:
    return Hint(_("a spectator never acts"))


async def _async_watch(addresses: Sequence[str], port: int, bind: str, quiet: bool, ascii: bool,
                       host_key: bytes | None) -> int:  # fmt: skip
    """Watch the table at `addresses`/`port` (of the host whose key is `host_key`, when picked from the
    listing) as a spectator until it closes: on a terminal the table
    screen a bystander sees (every seat's counts and face-up cards, the pile, the last moves; no hand),
    redrawn on every event at the terminal's size; elsewhere every move as a line. Then each game's
    outcome and the evening's scoreboard."""
    stop_on_term()
    say = (lambda text: None) if quiet else click.echo
    evening = Evening()
    viewer = HumanAgent(screen_of, _no_move, say, ascii=ascii, clock=time.monotonic,
                        live=not quiet and sys.stdout.isatty())  # fmt: skip
    tell = viewer.tell  # every line on a line of its own, never glued to the waiting line

    def observe(transcript: Transcript, events: Sequence[object]) -> None:
        app = transcript.app
        if isinstance(app, ShitheadApp):
            viewer.observe(app, None, events)
        if transcript.phase in (Progress.DONE, Progress.STOPPED):
            for line in report_of(transcript).lines:
                tell(line)
            evening.add(transcript)
            for line in evening.lines() if transcript.phase is Progress.DONE and evening.games else ():
                tell(line)

    async def tick() -> None:  # the waiting line ("Bob thinking... 3 s") under the screen, while a link brings a
        while True:  # game in play (with the link lost, nobody is seen thinking)
            await asyncio.sleep(1)
            if linked and watcher.games and watcher.games[-1].phase is Progress.PLAYING:
                viewer.tick()

    games: list[Transcript] = []
    back_s = AWAY_TIME_S  # how long a lost link is tried again: as long as the table waits for a dropped player
    # (the host's answer says how long: `host --away-time`), so a host that comes back in time is watched on
    closed, reached, gone, deadline = False, False, False, None  # deadline: when a lost link is given up
    linked = refused = False  # a link serves now; the last try found nothing listening where the table was
    loop = asyncio.get_running_loop()
    ticking = asyncio.ensure_future(tick())
    try:
        for _link in range(_WATCH_LINKS):
            watcher = Watcher(addresses, port, APPS, bind=None if bind == ANY else bind, notify=notifier(say, viewer),
                              observe=observe, clock=time.monotonic, games=games, host_key=host_key)  # fmt: skip
            began = loop.time()
            try:
                async with watcher:
                    reached = linked = True
                    games = await watcher.async_run()
            except OSError as exc:  # the table cannot be reached (yet)
                if not reached:
                    raise
                refused = isinstance(exc, ConnectionRefusedError)
                kept = not games or APPS[games[-1].setup.app].kept
                if gone := refused and not kept:  # nothing listens where it was,
                    break  # and its game (Speed) is kept by nobody: it never comes back
            finally:
                linked = False
                back_s = watcher.table.away if watcher.table is not None else back_s
            if closed := watcher.closed:
                break
            if watcher.fresh or loop.time() - began >= back_s:  # a link that served: a new loss, a new wait
                deadline = None
            if deadline is None:
                deadline = loop.time() + back_s
                tell(_("lost the link to the table; trying to reach it again for {seconds} s (Ctrl-C stops)").format(
                    seconds=back_s))
            elif loop.time() >= deadline:
                break
            else:
                await asyncio.sleep(_WATCH_RETRY_S)  # the first try is at once
    finally:
        ticking.cancel()
    if len(evening.games) > 1:
        for line in evening.lines(final=True):
            tell(line)
    count, seconds = len(games), back_s
    if gone:
        tell(_("the host's program ended, and a Speed game is kept by nobody: there is nothing more to watch"))
    elif closed:
        tell(ngettext("the table closed; watched {count} game", "the table closed; watched {count} games",
                      count).format(count=count))
    elif refused:  # the table's machine answers, but nothing listens where the host's program did
        tell(ngettext("gave up: the host's program is gone (nothing answers where it was) and was not back within "
                      "{seconds} s; watched {count} game",
                      "gave up: the host's program is gone (nothing answers where it was) and was not back within "
                      "{seconds} s; watched {count} games", count).format(seconds=seconds, count=count))
    else:
        tell(ngettext("gave up: no link brought the game on for {seconds} s; watched {count} game",
                      "gave up: no link brought the game on for {seconds} s; watched {count} games",
                      count).format(seconds=seconds, count=count))
    return DONE


def _unfinished_game(table: str | None, address: str | None) -> tuple[Journal, SeatRecord] | None:
    """This identity's newest game still in play, to come back to (not when another table is named).

    Raises:
        click.ClickException: a journal whose record cannot be read, in words (it is set aside first).
    """
    if found := damaged(tables_dir()):  # a record nobody can read: neither role takes it up
        raise set_aside(*found[0], _(_AFRESH))
    for journal, record in unfinished(tables_dir(), "join"):
        name = None if table is None else _table_name(journal)
        if table is None or record.table_id.hex().startswith(table.lower()) or (name and same_name(name, table)):
            if address is not None:
                host, port = _address(address)
                record = replace(record, addresses=(host,), port=port)
            return journal, record
    return None


def _table_name(journal: Journal) -> str | None:
    """The name of the table a journal keeps, as its genesis states it (None: no readable genesis)."""
    try:
        entries = journal.entries()
        return setup_from_genesis(entries[0], str(journal.folder), APPS).name if entries else None
    except NetError:
        return None


def _address(text: str, bind: str = ANY) -> tuple[str, int]:
    """`--address HOST:PORT`, checked to name a machine this one can look up, at an address of the family
    (IPv4 or IPv6) of `--bind`, when that names one.

    Raises:
        click.BadParameter: not HOST:PORT, no machine of that name or address is known here, or it has no
            address that `--bind` can reach.
    """
    host, _colon, port = text.rpartition(":")
    host = host.removeprefix("[").removesuffix("]")  # [fd00::1]:40000
    if not host.isprintable() or not host or not (port.isascii() and port.isdigit()) or not 0 < int(port) < 65536:
        raise click.BadParameter(_("expected HOST:PORT (e.g. 192.168.1.20:40000), got {text!r}").format(text=text),
                                 param_hint="--address")
    try:
        socket.getaddrinfo(host, int(port), type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):  # (socket.gaierror: no such name, or no name service to ask)
        raise click.BadParameter(_("no machine called {host} is known here: give the address the host printed (e.g. "
                                   "192.168.1.20:40000)").format(host=host), param_hint="--address") from None
    if bind != ANY:
        family, version = (socket.AF_INET6, "IPv6") if ":" in bind else (socket.AF_INET, "IPv4")
        try:
            socket.getaddrinfo(host, int(port), family=family, type=socket.SOCK_STREAM)
        except OSError:
            raise click.BadParameter(_("{host} has no {version} address, and --bind {bind} reaches only those: give "
                                       "the table's {version} address, or leave --bind out").format(
                                         host=host, version=version, bind=bind), param_hint="--address") from None
    return host, int(port)


def sit(table: str | None, address: str | None, bind: str, wait: float, bot: bool, watch: bool, new: bool, level: str,
        nick: str | None, transcript: Path | None, quiet: bool, ascii_only: bool, seed: int | None,
        stats: Path | None, game: str | None, seated: Callable[[str], None]) -> None:  # fmt: skip
    """`join` (but --list) with its options: watch, or sit and play; `seated` is told, once a table is chosen,
    what Ctrl-C says from then on (it drops out of a table, which may wait for this seat).

    Raises:
        SystemExit: always, with the exit status (`exits`).
    """
    if watch:
        where = _address(address, bind) if address is not None else None
        if where is None:
            ad = asyncio.run(_async_choose(table, bind, wait, False, watch=True))
            addresses, port, host_key = ad.addresses, ad.port, ad.host_key
        else:
            addresses, port, host_key = (where[0],), where[1], None
        try:
            raise SystemExit(asyncio.run(_async_watch(addresses, port, bind, quiet, ascii_only, host_key)))
        except (NetError, OSError) as exc:
            click.echo(_("error: {problem}").format(problem=network_words(exc)), err=True)
            raise SystemExit(NETWORK) from None
    # a bot keeps its identity in its config folder like a person, so it is recognised when it comes back
    if bot:
        identity = kept_identity(nick, first=f"bot-{os.urandom(2).hex()}")
    else:
        identity = person_identity(nick)
    resume = None if new or game == SPEED.name else _unfinished_game(table, address)
    host_key = None  # the key that signed the announcement picked: this peer proves itself only to it
    if resume is not None:
        addresses, port = resume[1].addresses, resume[1].port
    elif address is not None:
        host, port = _address(address, bind)
        addresses = (host,)
    else:
        ad = asyncio.run(_async_choose(table, bind, wait, bot, game=game))
        game = SPEED.name if is_speed(ad) else SHITHEAD.name  # the table decides the game
        addresses, port, host_key = ad.addresses, ad.port, ad.host_key
    seated(_(LEFT_SPEED) if game == SPEED.name else _(_DROPPED) if resume is not None else _(_LEFT_LOBBY))

    def speed() -> int | None:
        return asyncio.run(_async_join_speed(addresses, port, bind, identity, bot, level, seed, quiet, transcript,
                                             ascii_only, host_key))  # fmt: skip

    try:
        try:
            status = speed() if game == SPEED.name else asyncio.run(_async_join(
                addresses, port, bind, identity, bot, level, seed, quiet, transcript, stats, ascii_only, resume,
                host_key, seated))  # fmt: skip
        except OtherGame as exc:  # `--address` without `--game`: the table's welcome decides the game (its seat
            if game is not None or exc.app != SPEED.name:  # is left at once, and taken again by the Speed join)
                raise
            seated(_(LEFT_SPEED))
            status = speed()
    except (NetError, OSError) as exc:
        if isinstance(exc, JournalError) and resume is not None:  # refused before anything was dialled
            raise set_aside(resume[0], exc, _(_AFRESH)) from None
        if resume is not None:
            resume[0].finish()  # that game is over for this peer: the next `join` looks for a new one
        click.echo(fitted(_("error: {problem}").format(problem=network_words(exc))), err=True)  # `--quiet` too
        raise SystemExit(NETWORK) from None
    if status is None:
        click.echo(fitted(_(LEFT_SPEED)))
        raise SystemExit(stopped_status())
    raise SystemExit(status)
