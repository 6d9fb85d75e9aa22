"""`p2pshithead join`: find tables on the LAN (or go by address), sit at one, play the game."""

from __future__ import annotations

import asyncio
import json
import os
import time
from pathlib import Path

import click

from p2pshithead.cli.agents import Agent, async_input
from p2pshithead.cli.netgame import APPS
from p2pshithead.cli.session import finish_game, make_agent, table_words
from p2pshithead.net import Identity, Joiner, NetError, TableAd, async_watch, load_identity


def _show(kind: str, ad: TableAd) -> None:
    seats = ad.taken + ad.free
    click.echo(f"{kind} {ad.name}  [{ad.rules}]  {ad.taken}/{seats} seated  {ad.address}:{ad.port}")


async def _async_choose(table: str | None, bind: str, wait: float, bot: bool) -> TableAd | None:
    """The table to join: the named one, the first found (bots), or the one a person picks."""
    def wanted(ad: TableAd) -> bool:
        return ad.free > 0 and (ad.name == table if table else bot)

    tables = [ad for ad in (await async_watch(bind, wait, _show, wanted)).values() if ad.free > 0]
    matches = [ad for ad in tables if wanted(ad)]
    if matches or bot or table or not tables:
        return matches[0] if matches else None
    for number, ad in enumerate(tables, 1):
        click.echo(f"{number}. {ad.name} [{ad.rules}] {ad.taken}/{ad.taken + ad.free}")
    while True:
        text = await async_input("join which table? ")
        if text.isdigit() and 1 <= int(text) <= len(tables):
            return tables[int(text) - 1]
        if not text:
            return None


async def _async_join(address: str, port: int, bind: str | None, identity: Identity, bot: bool, level: int,
                      seed: int | None, quiet: bool, transcript: Path | None, stats: Path | None,
                      ascii: bool) -> int:  # fmt: skip
    say = (lambda text: None) if quiet else click.echo
    agents: list[Agent] = []

    def agent_for(app: str) -> Agent:
        agents.append(make_agent(bot, level, seed, say, ascii))
        return agents[-1]

    async with Joiner(identity, address, port, APPS, agent_for, bot=bot, bind=bind,
                      notify=lambda event: say(table_words(event)), clock=time.monotonic) as joiner:  # fmt: skip
        result = await joiner.async_run()
    seat = [s.key for s in result.setup.seats].index(identity.public)
    return finish_game(result, seat, transcript, joiner.stats, stats, say, agents[-1] if agents else None)


def _address(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise click.BadParameter(f"expected HOST:PORT, got {text!r}", param_hint="--address")
    return host, int(port)


@click.command()
@click.argument("table", required=False)
@click.option("--address", help="HOST:PORT of a table, without mDNS.")
@click.option("--bind", default="0.0.0.0", show_default=True, help="Address for mDNS and the socket.")
@click.option("--list", "list_only", is_flag=True, help="Print the tables found and exit.")
@click.option("--wait", type=click.FloatRange(0, 600), default=2.0, show_default=True, help="Seconds to browse.")
@click.option("--json", "as_json", is_flag=True, help="With --list: one JSON array of the tables.")
@click.option("--bot", is_flag=True, help="A computer player takes this seat (with a fresh key).")
@click.option("--level", type=click.IntRange(0, 3), default=1, show_default=True, help="Bot level.")
@click.option("--nick", help="Nickname to keep with this identity.")
@click.option("--transcript", type=click.Path(dir_okay=False, path_type=Path), help="Where to save the game.")
@click.option("--quiet", is_flag=True, help="Print nothing.")
@click.option("--ascii", "ascii_only", is_flag=True, help="Suits as letters (7h), no glyphs.")
@click.option("--seed", type=int, hidden=True)
@click.option("--stats", type=click.Path(dir_okay=False, path_type=Path), hidden=True)
def join(table: str | None, address: str | None, bind: str, list_only: bool, wait: float, as_json: bool, bot: bool,
         level: int, nick: str | None, transcript: Path | None, quiet: bool, ascii_only: bool, seed: int | None,
         stats: Path | None) -> None:  # fmt: skip
    """Join TABLE (by name, or pick one), or the table at --address; with --list, only list tables."""
    try:
        _join(table, address, bind, list_only, wait, as_json, bot, level, nick, transcript, quiet, ascii_only, seed, stats)
    except KeyboardInterrupt:
        if not quiet:
            click.echo("\nLeft the table. Bye!")
        raise SystemExit(130) from None
    except EOFError:
        click.echo("\nEnd of input: left the table. Bye!")
        raise SystemExit(0) from None


def _join(table: str | None, address: str | None, bind: str, list_only: bool, wait: float, as_json: bool, bot: bool,
          level: int, nick: str | None, transcript: Path | None, quiet: bool, ascii_only: bool, seed: int | None,
          stats: Path | None) -> None:  # fmt: skip
    if list_only:
        found = asyncio.run(async_watch(bind, wait, (lambda kind, ad: None) if as_json else _show))
        if as_json:
            click.echo(json.dumps([ad.to_json() for ad in found.values()]))
        return
    if address is not None:
        host, port = _address(address)
    else:
        ad = asyncio.run(_async_choose(table, bind, wait, bot))
        if ad is None:
            click.echo("no table to join", err=True)
            raise SystemExit(2)
        host, port = ad.address, ad.port
    identity = Identity.generate(nick or f"bot-{os.urandom(2).hex()}") if bot else load_identity(nick=nick)
    try:
        status = asyncio.run(_async_join(host, port, None if bind == "0.0.0.0" else bind, identity, bot, level, seed,
                                         quiet, transcript, stats, ascii_only))  # fmt: skip
    except (NetError, OSError) as exc:
        if not quiet:
            click.echo(f"error: {exc}", err=True)
        raise SystemExit(3) from None
    raise SystemExit(status)
