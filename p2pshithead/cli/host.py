"""`p2pshithead host`: announce a table on the LAN, seat players and bots, play a game and the next ones
(a series, with a scoreboard), or resume one."""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import click
from click.core import ParameterSource

from p2pshithead.cli.agents import BotAgent, HumanAgent, SpeedPerson
from p2pshithead.cli.exits import DONE, NETWORK
from p2pshithead.cli.helptext import examples
from p2pshithead.cli.home import HOME_ENV, config_dir, tables_dir
from p2pshithead.cli.lan import checked_bind
from p2pshithead.cli.level import LEVEL
from p2pshithead.cli.processes import APART, alive, end
from p2pshithead.cli.rules import choose_rules, house_rules_option, rules_option
from p2pshithead.cli.seating import APPS, LEFT_SPEED, async_seated, async_until_left, speed_finish
from p2pshithead.cli.session import (
    Evening,
    finish_game,
    kept_identity,
    make_agent,
    network_words,
    notifier,
    person_identity,
    rules_words,
    series_path,
    set_aside,
)
from p2pshithead.cli.speedplay import speed_rules
from p2pshithead.cli.terminal import fitted, stop_on_term, stopped_status
from p2pshithead.engine import MAX_PLAYERS, MIN_PLAYERS
from p2pshithead.files import read_small
from p2pshithead.game import SHITHEAD, table_rules
from p2pshithead.lang import N_, _, ngettext
from p2pshithead.net import (
    ANY,
    AWAY_TIME_S,
    MAX_WAIT_S,
    SEQUENCER,
    Agent,
    Entry,
    Host,
    Identity,
    Journal,
    JournalError,
    LobbySeats,
    NetError,
    Notify,
    Started,
    TableConfig,
    TableEvent,
    Transcript,
    damaged,
    replay_journal,
    unfinished,
)
from p2pshithead.speedgame import SPEED

TABLE_NAME_MAX = 40
"""The longest table name (net's `TableConfig` rule: 1..40 printable characters, as every listing shows it)."""
_BOT_EXIT_WAIT_S = 10.0
_RESTARTS = 3
"""Times in one evening a bot of the host's whose process died in a game (crashed, killed) is started again."""
_WATCH_S = 1.0  # how often the host looks for such a bot
_LEVEL = "level"  # in a bot's config folder: the level it plays at
_PID = "pid"  # in a bot's config folder: the process the host started last
_SMALL = 64  # the most bytes read of those two (a level or a pid is a short word)
_ERRORS = "errors.log"  # in a bot's config folder: what it said on stderr (never the person's terminal)
CLI = [sys.executable, "-c", "from p2pshithead.cli.main import main; main(prog_name='p2pshithead')"]


def bot_home(number: int) -> Path:
    """The config folder of the host's bot `number`: its own identity and journals, kept across runs so
    that a bot that comes back is recognised."""
    return config_dir() / "bots" / str(number)


def _spawn_bots(numbers: list[int], address: str, port: int, bind: str, level: str, table_id: bytes | None = None,
                game: str = SHITHEAD.name) -> list[subprocess.Popen[bytes]]:  # fmt: skip
    """Start bots `numbers`, each a `join --bot` process of `game` with its own config folder (key,
    journals): for a new table `--new`, so a bot whose last table died unfinished sits here instead of
    looking for it; for a resumed one (`table_id`), the bot comes back to its own seat there. Each bot's
    pid is kept in its folder, so that a host resumed after a crash knows a bot that runs on from the one
    it killed; and its level, so that a resumed bot plays at the level it was started with (`level` only
    for a new table)."""
    which = ["--new"] if table_id is None else [table_id.hex()]
    command = [*CLI, "join", "--bot", "--quiet", "--game", game, "--address", f"{address}:{port}", "--bind", bind]
    children = []
    for k in numbers:
        own = level
        if table_id is not None:  # a resumed bot plays at its own level (a folder that keeps none: `level`)
            with contextlib.suppress(OSError, UnicodeDecodeError):
                own = read_small(bot_home(k) / _LEVEL, _SMALL).decode("utf-8")
        # their own session: Ctrl-C at the terminal is the host's to handle, the bots leave when the table closes
        bot_home(k).mkdir(parents=True, exist_ok=True, mode=0o700)
        with open(bot_home(k) / _ERRORS, "ab") as errors:  # (a bot outlives a host killed: not its terminal)
            child = subprocess.Popen([*command, "--level", own, *which], stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=errors,
                                     env={**os.environ, HOME_ENV: str(bot_home(k))}, **APART)  # fmt: skip
        (bot_home(k) / _PID).write_text(str(child.pid))
        (bot_home(k) / _LEVEL).write_text(own)
        children.append(child)
    return children


async def _async_restart_dead(bots: dict[int, subprocess.Popen[bytes]], host: Host, address: str, level: str) -> None:
    """While a game is played, start again each bot of `bots` (by number) whose process died (crashed,
    killed; not one that ended well, as when its table closed): it comes back to its own seat, as after
    `host --resume`, where the table waits for it; at most `_RESTARTS` times a bot. Runs until cancelled."""
    restarts = dict.fromkeys(bots, 0)
    while True:
        await asyncio.sleep(_WATCH_S)
        for k, child in list(bots.items()):
            if child.poll() not in (None, 0) and restarts[k] < _RESTARTS and host.ad.playing:
                restarts[k] += 1
                child.wait()  # (reaped: no zombie left)
                bots[k] = _spawn_bots([k], address, host.port, address, level, host.table_id)[0]


def _seated_bots(table_id: bytes) -> list[int]:
    """The host's bots that hold a seat at table `table_id`: those whose own journal of it is unfinished."""
    folder = config_dir() / "bots"
    numbers = []
    for home in folder.iterdir() if folder.is_dir() else ():
        record = Journal(home / "tables" / table_id.hex()).record()
        if home.name.isdigit() and record is not None and not record.finished:
            numbers.append(int(home.name))
    return sorted(numbers)


def _running_bot(number: int) -> int | None:
    """The pid of bot `number` when it still runs (the host before a crash started it, and it came back
    to the table by itself), else None. On Linux the process must have the bot's config folder (not a pid
    used again since)."""
    try:
        pid = int(read_small(bot_home(number) / _PID, _SMALL))
    except (OSError, ValueError):
        return None
    return pid if _alive(pid, bot_home(number)) else None


def _alive(pid: int, home: Path) -> bool:
    proc = Path("/proc")
    if proc.is_dir():  # a zombie's environ reads empty: gone
        try:
            return f"{HOME_ENV}={home}".encode() in (proc / str(pid) / "environ").read_bytes().split(b"\0")
        except OSError:
            return False
    return alive(pid)


@dataclass
class _Table:
    """What `host` starts: a new table, or one from its journal (`resume`: the entries so far; its bots
    run on by themselves and come back to it)."""

    config: TableConfig
    table_id: bytes
    secret: bytes
    bots: int
    resume: list[Entry] = field(default_factory=list)


async def _async_host(table: _Table, identity: Identity, autoplay: bool, level: str, seed: int | None,
                      transcript: Path | None, stats: Path | None, ascii: bool, games: int) -> int | None:  # fmt: skip
    """Host `table` of either game until it closes; the exit status (None: a person at Speed left)."""
    stop_on_term()
    if table.config.app is SPEED:  # one game, kept by nobody; a person plays with single keys (raw mode)
        async with async_seated(autoplay, level, seed, ascii) as agent:
            ended = await _async_serve(table, identity, agent, level, None, 1)
        return None if ended is None else speed_finish(ended[0], identity, transcript, click.echo)
    seated = make_agent(autoplay, level, seed, click.echo, ascii, table.config.turn_time)
    if isinstance(seated, HumanAgent):
        seated.hosting = True
    try:
        ended = await _async_serve(table, identity, seated, level, Journal.for_table(tables_dir(), table.table_id),
                                   games, transcript, stats)  # fmt: skip
    except EOFError:  # Ctrl-C at a prompt once a game was played (the question before leaving, the next game's
        if isinstance(seated, HumanAgent) and seated.interrupted:  # ready prompt): stopped, as by Ctrl-C away
            raise KeyboardInterrupt from None  # from a prompt, and said so
        raise
    finally:
        if isinstance(seated, HumanAgent):
            seated.end_line()  # the last words, or an error, on a line of their own
    return None if ended is None else ended[1]


async def _async_serve(table: _Table, identity: Identity, agent: Agent, level: str, journal: Journal | None,
                       games: int, transcript: Path | None = None,
                       stats: Path | None = None) -> tuple[Transcript, int] | None:  # fmt: skip
    """Serve `table` with its bots and `agent` at the host's seat: `games` games (0: until the person
    stands up), each finished in words (Shithead), with the evening's scoreboard; the last game's
    transcript and the exit status (None: a person at Speed left)."""
    config = table.config
    say = agent.say if isinstance(agent, SpeedPerson) else click.echo
    notify = Alone(notifier(say, agent), say)
    async with Host(identity, config, agent, table_id=table.table_id, secret=table.secret,
                    host_ready=config.app is SPEED or not isinstance(agent, BotAgent), notify=notify,
                    clock=time.monotonic, journal=journal, resume=table.resume) as host:  # fmt: skip
        first, *more = [f"[{a}]" if ":" in a else a for a in host.addresses]
        game = "" if config.app is SHITHEAD else f"--game {config.app.name} "
        how = f"join {config.name!r}" if config.announce else f"join {game}--address {first}:{host.port}"
        words = {"table": config.name, "address": f"{first}:{host.port}", "also": ", ".join(more),
                 "rules": rules_words(config.app.name, config.rules), "how": how}  # fmt: skip
        say(fitted((_("table {table!r} on {address} (also {also}); rules: {rules}; others: p2pshithead {how}") if more
                    else _("table {table!r} on {address}; rules: {rules}; others: p2pshithead {how}")).format(**words)))
        if table.resume:
            say(_("resuming the game at entry {count}: the others come back by themselves").format(
                count=len(table.resume)))
        address = "127.0.0.1" if config.bind == ANY else config.bind
        if table.resume:  # the bots that held seats come back to them; one that ran on is left to come back
            seated = _seated_bots(table.table_id)
            adopted = {k: pid for k in seated if (pid := _running_bot(k)) is not None}
            numbers = [k for k in seated if k not in adopted]
            bots = dict(zip(numbers, _spawn_bots(numbers, address, host.port, address, level, table.table_id),
                            strict=True))  # fmt: skip
        else:
            adopted, numbers = {}, list(range(1, table.bots + 1))
            bots = dict(zip(numbers, _spawn_bots(numbers, address, host.port, address, level, game=config.app.name),
                            strict=True))  # fmt: skip
        # a Shithead game is kept by every seat, so a bot that died comes back to it; nobody keeps a Speed game
        watch = asyncio.create_task(_async_restart_dead(bots, host, address, level)) if config.app.kept else None
        evening = Evening()
        stopped = False  # the host stopped mid-table (Ctrl-C, SIGTERM): its bots would wait for it in vain
        try:
            try:
                result = await async_until_left(host.async_run(), agent)
            except EOFError:  # Ctrl-D or Ctrl-C at the ready prompt (in a game Ctrl-D leaves it: `HumanAgent`)
                if host.ad.playing:
                    raise
                if isinstance(agent, HumanAgent) and agent.interrupted:
                    click.echo("\n" + fitted(_(STOPPED_BEFORE_PLAY)))
                    raise SystemExit(stopped_status()) from None
                click.echo("\n" + fitted(_("End of input: you left the table before its first game, so it closes. "
                                            "Bye!")))
                raise SystemExit(DONE) from None
            except asyncio.CancelledError:  # Ctrl-C away from a prompt, or SIGTERM
                if host.ad.playing or table.resume:
                    raise
                result = None
            if result is None and not host.ad.playing and not table.resume:  # (a person at Speed left before it)
                click.echo("\n" + fitted(_(STOPPED_BEFORE_PLAY)))
                raise SystemExit(stopped_status())
            stopped = result is None  # a person at Speed left: the game is over for both, its bot too
            if result is None or config.app is not SHITHEAD:
                return None if result is None else (result, 0)
            status = finish_game(result, 0, series_path(transcript, result.setup.game), host.stats, stats,
                                 click.echo, agent)  # fmt: skip
            if table.resume:  # the evening's games before the crash count too, as saved
                evening.take_up(result, transcript)
            else:
                evening.add(result)
            while status == 0 and (games == 0 or len(evening.games) < games):
                _say_lines(evening.lines())
                assert isinstance(agent, BotAgent | HumanAgent)
                if SEQUENCER not in result.app.present():  # the host's person left that game for good: no next
                    click.echo(fitted(_(HOST_LEFT)))  # game is asked of them, and the table needs its host
                    break
                try:
                    again = await agent.async_play_again()
                except (KeyboardInterrupt, asyncio.CancelledError):  # Ctrl-C (SIGTERM) at the question: no game
                    click.echo("\n" + fitted(_(STOPPED_BETWEEN)))  # is in play, so none waits for `host --resume`
                    raise SystemExit(stopped_status()) from None
                if not again:
                    click.echo(_("You stood up: the table closes. Bye!"))
                    break
                click.echo(_("the next game: waiting for everyone to say ready (a free seat takes a newcomer)"))
                table_id = os.urandom(16)
                notify.between = True
                journal = Journal.for_table(tables_dir(), table_id)
                result = await host.async_next(table_id, os.urandom(SHITHEAD.secret_size), journal)
                status = finish_game(result, 0, series_path(transcript, result.setup.game), host.stats, stats,
                                     click.echo, agent)  # fmt: skip
                evening.add(result)
        except BaseException:
            stopped = True
            raise
        finally:
            if watch is not None:
                watch.cancel()
            await host.async_close()
            wait = 0.0 if stopped else _BOT_EXIT_WAIT_S  # (`host --resume` starts them again)
            for child in bots.values():
                await asyncio.get_running_loop().run_in_executor(None, _reap, child, wait)
            for k, pid in adopted.items():  # no bot outlives its table
                await asyncio.get_running_loop().run_in_executor(None, _reap_adopted, k, pid, wait)
        if len(evening.games) > 1:
            _say_lines(evening.lines(final=True))
        return result, status


STOPPED_BEFORE_PLAY = N_("Stopped: you left the table before its first game, so it closes. Bye!")
"""What the host's person who stops the table (Ctrl-C, SIGTERM) before its first game began is told, at either game."""
STOPPED_BETWEEN = N_("Stopped between games: the table closes, and the others are told; the games played are "
                     "saved. Bye!")  # fmt: skip
"""What the host's person who stops the table (Ctrl-C, SIGTERM) at the question before the next game is told."""
HOST_LEFT = N_("You left the game for good, and a table plays on only with its host: it closes now, and the others "
               "are told. Bye!")
"""What the host's person who left a game for good is told once it is over (never asked to play the next)."""


class Alone:
    """The host's table events (to `notify`); between games, once every other seat has stood up, one line
    says so (else the host's person would wait in silence): `between` is set when the next game is
    offered, and cleared when a game starts."""

    ALONE = N_("Everyone else stood up: waiting for players to sit; Ctrl-C closes the table")

    def __init__(self, notify: Notify, say: Callable[[str], None]) -> None:
        self._notify, self._say = notify, say
        self.between = False  # the next game is offered, not started yet
        self._alone = False  # the line was said for this stretch alone

    def __call__(self, event: TableEvent) -> None:
        self._notify(event)
        if isinstance(event, Started):
            self.between = False
        elif isinstance(event, LobbySeats) and self.between:
            alone = sum(seat is not None for seat in event.seats) == 1
            if alone and not self._alone:
                self._say(_(self.ALONE))
            self._alone = alone


def _say_lines(lines: list[str]) -> None:
    for line in lines:
        click.echo(line)


def _reap(child: subprocess.Popen[bytes], wait: float) -> None:
    """Let bot `child` leave, and end it if it is still there after `wait` seconds."""
    try:
        child.wait(wait)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()


def _reap_adopted(number: int, pid: int, wait: float) -> None:
    """Let bot `number` (`pid`, not this process's child) leave, and end it if it is still there after `wait` s."""
    deadline = time.monotonic() + wait
    while _alive(pid, bot_home(number)) and time.monotonic() < deadline:
        time.sleep(0.1)
    if _alive(pid, bot_home(number)):
        end(pid)


_AFRESH = N_("start a new table without --resume")  # the next step after a journal is set aside


def _resumed(key: bytes) -> _Table:
    """The newest unfinished table this identity (public key `key`) hosted, from its journal, once the
    journal is found to be its game (`replay_journal`: every entry, the seat, the secret).

    Raises:
        click.ClickException: there is none, or its journal cannot be taken up (it is set aside, and the
            words say where).
    """
    if found := damaged(tables_dir()):  # a record nobody can read: neither role takes it up
        raise set_aside(*found[0], _(_AFRESH))
    for journal, record in unfinished(tables_dir(), "host"):
        try:
            entries = journal.entries()
            if not entries:
                continue
            replay_journal(record, entries, key, APPS)
            try:
                config = TableConfig.from_options(record.options, SHITHEAD, record.port)
            except ValueError as exc:
                raise JournalError(record.table_id.hex(), str(exc)) from None
        except JournalError as exc:
            raise set_aside(journal, exc, _(_AFRESH)) from None
        return _Table(config, record.table_id, record.secret, 0, entries)
    raise click.ClickException(_("no unfinished table to resume in {folder}; start one without --resume").format(
        folder=tables_dir()))


_NOT_FOR_SPEED = ("seats", "turn_time", "away_time", "resume", "games", "settings")
"""Options a Speed table cannot take: two seats, real time (no turn to time), one game, kept by nobody."""


def _refuse_for_speed(ctx: click.Context) -> None:
    """A Speed table refuses in words the Shithead table's options given on the command line."""
    given = [param.opts[0] for param in ctx.command.params if param.name in _NOT_FOR_SPEED
             and ctx.get_parameter_source(param.name) is ParameterSource.COMMANDLINE]  # fmt: skip
    if given:
        raise click.UsageError(_("a Speed table takes no {options}: it seats two, plays in real time (no turn to time, "
                                 "no seat to wait for: a drop ends the game) and plays one game (it is not kept to "
                                 "resume); leave it out, or host Shithead without --game speed").format(
            options=", ".join(given)))


@click.command(help=_("""Host a table: announce it, seat joiners and bots, start when full or all ready, play it out;
then offer the next game (seats stay, anyone may stand up, a newcomer takes a free seat; the
Shithead deals), with a scoreboard after each game. Game N of `--transcript F` is saved to F-N.

The game is kept in the config folder as it goes (`$P2PSHITHEAD_HOME`, else the platform's
app folder): after a crash, `host --resume` goes on with it and the others come back by themselves."""),
               epilog=examples('host --table "Friday" --rules french --bots 2 --name ann',
                               "host --autoplay --bots 3 --games 3 --bind 127.0.0.1 --no-announce", "host --resume"))
@click.option("--table", "table_name", help=_("Table name shown on the LAN (default: NAME's table)."))
@rules_option
@click.option("--seats", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS), default=4, show_default=True,
              help=_("Seats at the table."))
@click.option("--bots", type=click.IntRange(0, MAX_PLAYERS - 1), default=0, show_default=True,
              help=_("Bot peers to seat."))
@click.option("--turn-time", type=click.IntRange(0, MAX_WAIT_S), default=60, show_default=True, metavar="S",
              help=_("Seconds a person has to decide before their program plays for them (0: no limit)."))
@click.option("--away-time", type=click.IntRange(1, MAX_WAIT_S), default=AWAY_TIME_S, show_default=True, metavar="S",
              help=_("Seconds a player who dropped (crash, lid closed, link lost) has to come back."))
@click.option("--resume", is_flag=True, help=_("Go on with the last unfinished table this host ran."))
@click.option("--port", type=click.IntRange(0, 65535), default=0, help=_("TCP port (default: any free one)."))
@click.option("--bind", default=ANY, show_default=True, help=_("Address for the socket and for mDNS (default: all)."))
@click.option("--transcript", type=click.Path(dir_okay=False, path_type=Path), help=_("Where to save the game."))
@click.option("--autoplay", is_flag=True, help=_("A computer player takes the host's seat."))
@click.option("--level", type=LEVEL, default="greedy", show_default=True,
              help=_("How the bots (and --autoplay) play: random, greedy, smart or smart:BUDGET (200ms, 64p)."))
@click.option("--name", "nick", help=_("Your name at the table (kept with this identity)."))
@click.option("--games", type=click.IntRange(0, 10_000), default=None, metavar="N",
              help=_("Games to play at this table (default: 1 with --autoplay, else until you stand up)."))
@click.option("--no-announce", is_flag=True, help=_("Do not announce on mDNS (join with --address)."))
@click.option("--ascii", "ascii_only", is_flag=True, help=_("Suits as letters (7h), no glyphs."))
@click.option("--seed", type=int, hidden=True)
@click.option("--stats", type=click.Path(dir_okay=False, path_type=Path), hidden=True)
@house_rules_option
@click.option("--game", type=click.Choice(["shithead", "speed"]), default="shithead", show_default=True,
              help=_("speed: two seats, real time (--rules 'speed jokers=on', 'chinese'; --bots 0 or 1)."))
def host(table_name: str | None, rules_text: str | None, seats: int, bots: int, turn_time: int, away_time: int,
         resume: bool, port: int, bind: str, transcript: Path | None, autoplay: bool, level: str, nick: str | None,
         games: int | None, no_announce: bool, ascii_only: bool, seed: int | None, stats: Path | None,
         settings: tuple[str, ...], game: str) -> None:  # fmt: skip
    """`p2pshithead host` (its help above, in the person's language)."""
    checked_bind(bind)
    if table_name is not None and not (1 <= len(table_name) <= TABLE_NAME_MAX and table_name.isprintable()):
        shown = repr(table_name[:TABLE_NAME_MAX]) + ("..." if len(table_name) > TABLE_NAME_MAX else "")
        raise click.BadParameter(_("{name} is not a table name: give 1 to {most} printable characters").format(
            name=shown, most=TABLE_NAME_MAX), param_hint="'--table'")
    if game == SPEED.name:
        _refuse_for_speed(click.get_current_context())
    try:  # a person is asked, the first time
        identity = kept_identity(nick) if autoplay else person_identity(nick)
    except EOFError:
        click.echo("\n" + _("End of input: no table was opened. Bye!"))
        raise SystemExit(DONE) from None
    except KeyboardInterrupt:
        click.echo("\n" + _("Stopped: no table was opened. Bye!"))
        raise SystemExit(stopped_status()) from None
    if resume:
        table = _resumed(identity.public)
    elif game == SPEED.name:
        table = _speed_table(table_name, rules_text, bots, identity, bind, port, not no_announce)
    else:
        if bots >= seats:
            raise click.BadParameter(ngettext("{bots} bots leave no seat for the host at {count} seat",
                                              "{bots} bots leave no seat for the host at {count} seats",
                                              seats).format(bots=bots, count=seats), param_hint="--bots")
        chosen = choose_rules(rules_text, settings)
        text = table_rules(chosen.base, chosen.house)
        name = table_name or _("{nick}'s table").format(nick=identity.nick)
        try:
            config = TableConfig(name, SHITHEAD, text, seats, bind, port, announce=not no_announce, turn_time=turn_time,
                                 away_time=away_time)  # fmt: skip
        except ValueError as exc:
            raise click.UsageError(str(exc)) from None
        table = _Table(config, os.urandom(16), os.urandom(SHITHEAD.secret_size), bots)
    try:
        count = games if games is not None else (1 if autoplay else 0)
        status = asyncio.run(_async_host(table, identity, autoplay, level, seed, transcript, stats, ascii_only,
                                         count))  # fmt: skip
    except (NetError, OSError) as exc:
        click.echo(_("error: {problem}").format(problem=network_words(exc)), err=True)
        raise SystemExit(NETWORK) from None
    except KeyboardInterrupt:
        status = None
    except EOFError:
        click.echo("\n" + fitted(_("End of input: left the table (the game stops for everyone). Bye!")))
        raise SystemExit(DONE) from None
    if status is None:
        click.echo(fitted(_(LEFT_SPEED)) if game == SPEED.name else "\n" + fitted(_(
            "Stopped hosting. If a game was in play, the others wait for the table to come back: `host --resume` "
            "goes on with it. Bye!")))
        raise SystemExit(stopped_status())
    raise SystemExit(status)


def _speed_table(name: str | None, rules_text: str | None, bots: int, identity: Identity, bind: str, port: int,
                 announce: bool) -> _Table:  # fmt: skip
    """A new two-seat Speed table; `bots` 1 seats a bot process, 0 waits for a person."""
    rules = speed_rules(rules_text)
    if bots > 1:
        raise click.BadParameter(_("Speed seats two: --bots 0 (a person joins) or 1, not {bots}").format(bots=bots),
                                 param_hint="--bots")
    config = TableConfig(name or f"{identity.nick}'s Speed", SPEED, rules.to_text(), 2, bind, port,
                         announce=announce, turn_time=0)  # fmt: skip
    return _Table(config, os.urandom(16), os.urandom(SPEED.secret_size), bots)
