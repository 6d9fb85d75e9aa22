"""`p2pshithead join`: find tables on the LAN (or go by address), sit at one, play the game and the next
ones the table offers (a series, with a scoreboard). The command and its options live here, the listing in
`cli/lan.py` and the seat and play code in `cli/joining.py`, loaded only past `--list`."""

from __future__ import annotations

from pathlib import Path

import click

from p2pshithead.cli.exits import DONE
from p2pshithead.cli.helptext import examples
from p2pshithead.cli.lan import checked_bind, list_tables
from p2pshithead.cli.level import LEVEL
from p2pshithead.cli.ranges import FloatRange
from p2pshithead.cli.terminal import fitted, stopped_status
from p2pshithead.lang import _

_SEATED: list[str] = []  # what Ctrl-C says once a table is chosen (empty: this run sat nowhere yet)


@click.command(help=_("""Join TABLE (by name, or pick one), or the table at --address; with --list, only list tables.

A game of yours still in play (after a crash, a closed lid, a lost link) is kept in the config
folder ($P2PSHITHEAD_HOME, else the platform's app folder), and the next `join` comes back to it."""),
               epilog=examples("join                       " + _("pick a table on this network"),
                               "join Friday --name bob     " + _("sit at the table called Friday"),
                               "join --list --json         " + _("list the tables as JSON"),
                               "join --watch Friday        " + _("watch the table called Friday"),
                               "join --bot --level smart:200ms --address 192.168.1.20:40000"))
@click.argument("words", nargs=-1, metavar="[TABLE]")
@click.option("--address", help=_("HOST:PORT of a table, without mDNS."))
@click.option("--bind", default="0.0.0.0", show_default=True, help=_("Address for mDNS and the socket."))
@click.option("--list", "list_only", is_flag=True, help=_("Print the tables found and exit."))
@click.option("--wait", type=FloatRange(0, 600), default=5.0, show_default=True,
              help=_("Seconds to look for TABLE, or else for any table (without --list or --bot: for the first one)."))
@click.option("--json", "as_json", is_flag=True, help=_("With --list: one JSON array of the tables."))
@click.option("--bot", is_flag=True, help=_("A computer player takes this seat."))
@click.option("--watch", is_flag=True, help=_("Watch TABLE as a spectator: public cards and moves, every proof "
                                              "checked; never a seat, never a hidden card."))
@click.option("--new", is_flag=True, help=_("Join a table even if an unfinished game waits for you."))
@click.option("--level", type=LEVEL, default="greedy", show_default=True,
              help=_("How the bot plays: random, greedy, smart or smart:BUDGET (200ms, 64p)."))
@click.option("--name", "nick", help=_("Your name at the table (kept with this identity)."))
@click.option("--transcript", type=click.Path(dir_okay=False, path_type=Path), help=_("Where to save the game."))
@click.option("--quiet", is_flag=True, help=_("Print nothing but errors (a bot's go to its errors.log)."))
@click.option("--ascii", "ascii_only", is_flag=True, help=_("Suits as letters (7h), no glyphs."))
@click.option("--seed", type=int, hidden=True)
@click.option("--stats", type=click.Path(dir_okay=False, path_type=Path), hidden=True)
@click.option("--game", type=click.Choice(["shithead", "speed"]),
              help=_("Only tables of this game (a named or picked table plays what it announces)."))
def join(words: tuple[str, ...], address: str | None, bind: str, list_only: bool, wait: float, as_json: bool, bot: bool,
         watch: bool, new: bool, level: str, nick: str | None, transcript: Path | None, quiet: bool, ascii_only: bool,
         seed: int | None, stats: Path | None, game: str | None) -> None:  # fmt: skip
    """`p2pshithead join` (its help above, in the person's language); TABLE may be typed unquoted (`join
    Hostel bar`): its words are one name."""
    table = " ".join(words) or None
    try:
        _join(table, address, bind, list_only, wait, as_json, bot, watch, new, level, nick, transcript, quiet,
              ascii_only, seed, stats, game)
    except KeyboardInterrupt:
        if quiet:
            pass
        elif watch:
            click.echo("\n" + fitted(_("Stopped watching. Bye!")))
        elif not _SEATED:
            click.echo("\n" + fitted(_("Stopped looking for tables: you sat nowhere. Bye!")))
        else:
            click.echo("\n" + fitted(_SEATED[-1]))
        raise SystemExit(stopped_status()) from None
    except EOFError:
        click.echo("\n" + fitted(_("End of input: left the table. Bye!") if _SEATED
                                 else _("End of input: you sat nowhere. Bye!")))  # fmt: skip
        raise SystemExit(DONE) from None


def _join(table: str | None, address: str | None, bind: str, list_only: bool, wait: float, as_json: bool, bot: bool,
          watch: bool, new: bool, level: str, nick: str | None, transcript: Path | None, quiet: bool, ascii_only: bool,
          seed: int | None, stats: Path | None, game: str | None) -> None:  # fmt: skip
    checked_bind(bind)
    if list_only:
        list_tables(bind, wait, as_json, game)
        return
    from p2pshithead.cli.joining import sit  # the seat and play code, loaded only to sit or watch (README: start-up)

    sit(table, address, bind, wait, bot, watch, new, level, nick, transcript, quiet, ascii_only, seed, stats, game,
        _SEATED.append)
