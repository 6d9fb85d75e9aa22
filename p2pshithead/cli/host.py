"""`p2pshithead host`: announce a table on the LAN, seat players and bots, play the game (or resume it)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import click

from p2pshithead.cli.agents import HumanAgent
from p2pshithead.cli.netgame import SHITHEAD, describe, table_rules
from p2pshithead.cli.rules import choose_rules, house_rules_option, rules_option
from p2pshithead.cli.session import checked_bind, finish_game, make_agent, network_words, notifier, person_identity
from p2pshithead.cli.speednet import host_speed
from p2pshithead.engine import MAX_PLAYERS, MIN_PLAYERS
from p2pshithead.net import (
    ANY,
    HOME_ENV,
    Entry,
    Host,
    Identity,
    Journal,
    NetError,
    TableConfig,
    config_dir,
    load_identity,
    unfinished,
)

_BOT_EXIT_WAIT_S = 10.0
CLI = [sys.executable, "-c", "from p2pshithead.cli.main import main; main(prog_name='p2pshithead')"]


def bot_home(number: int) -> Path:
    """The config folder of the host's bot `number`: its own identity and journals, kept across runs so
    that a bot that comes back is recognised."""
    return config_dir() / "bots" / str(number)


def _spawn_bots(count: int, address: str, port: int, bind: str, level: int) -> list[subprocess.Popen[bytes]]:
    """Start `count` bots, each a `join --bot` process with its own config folder (key, journals)."""
    command = [*CLI, "join", "--bot", "--quiet", "--level", str(level), "--address", f"{address}:{port}",
               "--bind", bind]
    # their own session: Ctrl-C at the terminal is the host's to handle, the bots leave when the table closes
    return [subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, start_new_session=True,
                             env={**os.environ, HOME_ENV: str(bot_home(k))}) for k in range(1, count + 1)]  # fmt: skip


@dataclass
class _Table:
    """What `host` starts: a new table, or one from its journal (`resume`: the entries so far; its bots
    run on by themselves and come back to it)."""

    config: TableConfig
    table_id: bytes
    secret: bytes
    bots: int
    resume: list[Entry] = field(default_factory=list)


async def _async_host(table: _Table, identity: Identity, autoplay: bool, level: int, seed: int | None,
                      transcript: Path | None, stats: Path | None, ascii: bool) -> int:  # fmt: skip
    config = table.config
    agent = make_agent(autoplay, level, seed, click.echo, ascii, config.turn_time)
    if isinstance(agent, HumanAgent):
        agent.confirm_start = True
    journal = Journal.for_table(table.table_id)
    async with Host(identity, config, agent, table_id=table.table_id, secret=table.secret, host_ready=not autoplay,
                    notify=notifier(click.echo, agent), clock=time.monotonic, journal=journal,
                    resume=table.resume) as host:  # fmt: skip
        first, *more = [f"[{a}]" if ":" in a else a for a in host.addresses]
        also = f" (also {', '.join(more)})" if more else ""
        click.echo(f"table {config.name!r} on {first}:{host.port}{also}; rules: {config.words}")
        if table.resume:
            click.echo(f"resuming the game at entry {len(table.resume)}: the others come back by themselves")
        address = "127.0.0.1" if config.bind == ANY else config.bind
        children = _spawn_bots(table.bots, address, host.port, address, level)
        try:
            result = await host.async_run()
        finally:
            await host.async_close()
            for child in children:
                await asyncio.get_running_loop().run_in_executor(None, _reap, child)
        return finish_game(result, 0, transcript, host.stats, stats, click.echo, agent)


def _reap(child: subprocess.Popen[bytes]) -> None:
    try:
        child.wait(_BOT_EXIT_WAIT_S)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()


def _resumed() -> _Table:
    """The newest unfinished table this identity hosted, from its journal.

    Raises:
        click.ClickException: there is none, or its journal is damaged.
    """
    for journal, record in unfinished("host"):
        entries = journal.entries()
        if not entries:
            continue
        try:
            config = TableConfig.from_options(record.options, SHITHEAD, record.port)
        except ValueError as exc:
            raise click.ClickException(f"{journal.folder}: {exc}; start a new table without --resume") from None
        return _Table(config, record.table_id, record.secret, 0, entries)
    raise click.ClickException(f"no unfinished table to resume in {config_dir() / 'tables'}; "
                               "start one without --resume")


@click.command()
@click.option("--name", help="Table name shown on the LAN (default: NICK's table).")
@rules_option(None)
@click.option("--seats", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS), default=4, show_default=True,
              help="Seats at the table.")
@click.option("--bots", type=click.IntRange(0, MAX_PLAYERS - 1), default=0, show_default=True,
              help="Bot peers to seat.")
@click.option("--turn-time", type=click.IntRange(0, 24 * 3600), default=60, show_default=True, metavar="S",
              help="Seconds a person has to decide before their program plays for them (0: no limit).")
@click.option("--away-time", type=click.IntRange(1, 24 * 3600), default=120, show_default=True, metavar="S",
              help="Seconds a player who dropped (crash, lid closed, link lost) has to come back.")
@click.option("--resume", is_flag=True, help="Go on with the last unfinished table this host ran.")
@click.option("--port", type=click.IntRange(0, 65535), default=0, help="TCP port (default: any free one).")
@click.option("--bind", default=ANY, show_default=True, help="Address for the socket and for mDNS (default: all).")
@click.option("--transcript", type=click.Path(dir_okay=False, path_type=Path), help="Where to save the game.")
@click.option("--autoplay", is_flag=True, help="A computer player takes the host's seat.")
@click.option("--level", type=click.IntRange(0, 3), default=1, show_default=True, help="Bot level.")
@click.option("--nick", help="Nickname to keep with this identity.")
@click.option("--no-announce", is_flag=True, help="Do not announce on mDNS (join with --address).")
@click.option("--ascii", "ascii_only", is_flag=True, help="Suits as letters (7h), no glyphs.")
@click.option("--seed", type=int, hidden=True)
@click.option("--stats", type=click.Path(dir_okay=False, path_type=Path), hidden=True)
@house_rules_option
@click.option("--game", type=click.Choice(["shithead", "speed"]), default="shithead", show_default=True,
              help="speed: two seats, real time (--rules 'speed jokers=on', 'chinese'; --bots 0 or 1).")
def host(name: str | None, rules_text: str | None, seats: int, bots: int, turn_time: int, away_time: int, resume: bool,
         port: int, bind: str, transcript: Path | None, autoplay: bool, level: int, nick: str | None,
         no_announce: bool, ascii_only: bool, seed: int | None, stats: Path | None,
         settings: tuple[str, ...], game: str) -> None:  # fmt: skip
    """Host a table: announce it, seat joiners and bots, start when full or all ready, play it out.

    The game is kept in the config folder as it goes (`$P2PSHITHEAD_HOME`, else the platform's
    app folder): after a crash, `host --resume` goes on with it and the others come back by themselves.
    """
    checked_bind(bind)
    if game == "speed":
        return host_speed(name, rules_text, bind, port, not no_announce, bots, autoplay, level, nick, ascii_only, seed,
                          transcript)  # fmt: skip
    identity = load_identity(nick=nick) if autoplay else person_identity(nick)
    if resume:
        table = _resumed()
    else:
        if bots >= seats:
            raise click.BadParameter(f"{bots} bots leave no seat for the host at {seats} seats", param_hint="--bots")
        chosen = choose_rules(rules_text or SHITHEAD.presets[0], settings)
        text = table_rules(chosen.base, chosen.house)
        try:
            config = TableConfig(name or f"{identity.nick}'s table", SHITHEAD, text, seats, bind,
                                 port, announce=not no_announce, words=describe(text), turn_time=turn_time,
                                 away_time=away_time)  # fmt: skip
        except ValueError as exc:
            raise click.UsageError(str(exc)) from None
        table = _Table(config, os.urandom(16), os.urandom(SHITHEAD.secret_size), bots)
    try:
        status = asyncio.run(_async_host(table, identity, autoplay, level, seed, transcript, stats, ascii_only))
    except (NetError, OSError) as exc:
        click.echo(f"error: {network_words(exc)}", err=True)
        raise SystemExit(3) from None
    except KeyboardInterrupt:
        click.echo("\nStopped hosting. If a game was in play, the others wait for the table to come back: "
                   "`host --resume` goes on with it. Bye!")  # fmt: skip
        raise SystemExit(130) from None
    except EOFError:
        click.echo("\nEnd of input: left the table (the game stops for everyone). Bye!")
        raise SystemExit(0) from None
    raise SystemExit(status)
