"""`p2pshithead host`: announce a table on the LAN, seat players and bots, play the game."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

import click

from p2pshithead.cli.netgame import SHITHEAD, describe
from p2pshithead.engine import MAX_PLAYERS, MIN_PLAYERS
from p2pshithead.cli.session import finish_game, make_agent, table_words
from p2pshithead.net import Host, NetError, TableConfig, load_identity

_BOT_EXIT_WAIT_S = 10.0


def _spawn_bots(count: int, address: str, port: int, bind: str, level: int) -> list[subprocess.Popen[bytes]]:
    """Start `count` bots, each a `join --bot` process with its own key, connecting to this table."""
    command = [sys.executable, "-c", "from p2pshithead.cli.main import main; main(prog_name='p2pshithead')",
               "join", "--bot", "--quiet", "--level", str(level), "--address", f"{address}:{port}", "--bind", bind]  # fmt: skip
    # their own session: Ctrl-C at the terminal is the host's to handle, the bots leave when the table closes
    return [subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, start_new_session=True)
            for _ in range(count)]  # fmt: skip


async def _async_host(config: TableConfig, bots: int, autoplay: bool, level: int, seed: int | None,
                      nick: str | None, transcript: Path | None, stats: Path | None, ascii: bool) -> int:  # fmt: skip
    identity = load_identity(nick=nick)
    agent = make_agent(autoplay, level, seed, click.echo, ascii)
    async with Host(identity, config, agent, table_id=os.urandom(16), host_ready=not autoplay,
                    notify=lambda event: click.echo(table_words(event)), clock=time.monotonic) as host:  # fmt: skip
        click.echo(f"table {config.name!r} on {config.bind}:{host.port}; rules: {config.words}")
        address = "127.0.0.1" if config.bind == "0.0.0.0" else config.bind
        children = _spawn_bots(bots, address, host.port, address, level)
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


@click.command()
@click.option("--name", help="Table name shown on the LAN (default: NICK's table).")
@click.option("--rules", help="Rules preset (default: the application's first).")
@click.option("--seats", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS), default=4, show_default=True, help="Seats at the table.")
@click.option("--bots", type=click.IntRange(0, MAX_PLAYERS - 1), default=0, show_default=True, help="Bot peers to seat.")
@click.option("--port", type=click.IntRange(0, 65535), default=0, help="TCP port (default: any free one).")
@click.option("--bind", default="0.0.0.0", show_default=True, help="Address for the socket and for mDNS.")
@click.option("--transcript", type=click.Path(dir_okay=False, path_type=Path), help="Where to save the game.")
@click.option("--autoplay", is_flag=True, help="A computer player takes the host's seat.")
@click.option("--level", type=click.IntRange(0, 3), default=1, show_default=True, help="Bot level.")
@click.option("--nick", help="Nickname to keep with this identity.")
@click.option("--no-announce", is_flag=True, help="Do not announce on mDNS (join with --address).")
@click.option("--ascii", "ascii_only", is_flag=True, help="Suits as letters (7h), no glyphs.")
@click.option("--seed", type=int, hidden=True)
@click.option("--stats", type=click.Path(dir_okay=False, path_type=Path), hidden=True)
def host(name: str | None, rules: str | None, seats: int, bots: int, port: int, bind: str, transcript: Path | None,
         autoplay: bool, level: int, nick: str | None, no_announce: bool, ascii_only: bool, seed: int | None,
         stats: Path | None) -> None:  # fmt: skip
    """Host a table: announce it, seat joiners and bots, start when full or all ready, play it out."""
    if bots >= seats:
        raise click.BadParameter(f"{bots} bots leave no seat for the host at {seats} seats", param_hint="--bots")
    rules = rules or SHITHEAD.presets[0]
    try:
        config = TableConfig(name or f"{nick or load_identity().nick}'s table", SHITHEAD, rules, seats, bind, port,
                             announce=not no_announce, words=describe(rules))  # fmt: skip
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    try:
        status = asyncio.run(_async_host(config, bots, autoplay, level, seed, nick, transcript, stats, ascii_only))
    except (NetError, OSError) as exc:
        click.echo(f"error: {exc}", err=True)
        raise SystemExit(3) from None
    except KeyboardInterrupt:
        click.echo("\nLeft the table (the game stops for everyone). Bye!")
        raise SystemExit(130) from None
    except EOFError:
        click.echo("\nEnd of input: left the table (the game stops for everyone). Bye!")
        raise SystemExit(0) from None
    raise SystemExit(status)
