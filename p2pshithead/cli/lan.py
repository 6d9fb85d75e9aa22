"""This laptop on the LAN before it sits anywhere: `checked_bind` (the address `host` and `join` use is one
of this machine's) and the tables announced around it in words (`show`, `list_tables`: `join --list`).

Invariant: nothing here imports the seat and play code (`cli/joining.py`, `cli/session.py`, the deck), so
`join --list` loads only the transport and the rules it puts in words (start-up budget: README, issue 22).
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
from collections.abc import Callable

import click

from p2pshithead.cli.terminal import fitted
from p2pshithead.engine import preset
from p2pshithead.game import ruleset_of
from p2pshithead.lang import _, ngettext
from p2pshithead.net import ANY, TableAd, async_watch, check_bindable, local_addresses
from p2pshithead.speed import PRESETS as SPEED_PRESETS

__all__ = ["checked_bind", "house_rules", "is_speed", "label", "list_tables", "plays", "show"]


def checked_bind(bind: str) -> str:
    """`--bind`, checked before any socket is made: every interface, or one address of this machine.

    Raises:
        click.BadParameter: naming this machine's addresses, when `bind` is not one of them or no socket can
            be bound to it (an IPv6 link-local address).
    """
    if bind == ANY:
        return bind
    mine = ", ".join(local_addresses())
    if bind not in local_addresses():
        raise click.BadParameter(_("{bind} is not an address of this machine (its addresses: {mine}); leave --bind "
                                   "out to use every interface").format(bind=bind, mine=mine),
                                 param_hint="--bind")  # fmt: skip
    try:
        check_bindable(bind)
    except OSError as exc:
        link_local = ipaddress.ip_address(bind).is_link_local
        problem = _("a link-local address, which needs its interface named") if link_local else exc.strerror
        raise click.BadParameter(_("{bind} cannot be used ({problem}): give another address of this machine ({mine}), "
                                   "or leave --bind out to use every interface").format(
                                     bind=bind, problem=problem, mine=mine), param_hint="--bind") from None
    return bind


def house_rules(text: str) -> list[str]:
    """The house rules of a table's rules text, in words ("a 10 may not be played on an 8").

    Raises:
        ValueError: a rules text this program cannot read.
    """
    return ruleset_of(text).differences(preset(text.split(";")[0]))


def _state(ad: TableAd) -> str:
    """Where an announced table stands, in words: playing (who is away), full, or how many sit; then how
    many watch."""
    if ad.playing:
        state = _("playing ({nicks} away)").format(nicks=", ".join(ad.away)) if ad.away else _("playing")
    elif not ad.free:
        state = _("full")
    else:
        state = _("{taken}/{seats} seated").format(taken=ad.taken, seats=ad.taken + ad.free)
    if not ad.watching:
        return state
    return ngettext("{state}, {count} watching", "{state}, {count} watching", ad.watching).format(
        state=state, count=ad.watching)


def label(ad: TableAd) -> str:
    """How a person tells a table from another of the same name: name, host and id prefix."""
    return _("{table} (host {host}, id {id})").format(table=ad.name, host=ad.host, id=ad.table_id[:6])


def _line(ad: TableAd) -> str:
    if is_speed(ad):  # kept by nobody: a lost link comes back within the limit, a program that ended never
        limits = _("{away} s for a lost link to come back").format(away=ad.away_time)
    else:
        limits = (_("{turn} s to decide, {away} s to come back").format(turn=ad.turn_time, away=ad.away_time)
                  if ad.turn_time else _("{away} s to come back").format(away=ad.away_time))  # fmt: skip
    return _("{label}  [{rules}]  {state}; {limits}  {addresses} port {port}").format(
        label=label(ad), rules=ad.rules, state=_state(ad), limits=limits, addresses=", ".join(ad.addresses),
        port=ad.port)


def is_speed(ad: TableAd) -> bool:
    """Whether an announced table plays Speed (its rules name a Speed preset)."""
    return ad.rules.split(";")[0].split()[0] in SPEED_PRESETS


def plays(game: str | None) -> Callable[[TableAd], bool]:
    """Whether an announced table plays `game` ("shithead" or "speed"; any, for None): `join --game`."""
    return lambda ad: game is None or is_speed(ad) == (game == "speed")


def _house(ad: TableAd) -> list[str]:
    """A listed table's house rules in words (what this program cannot read is said so; Speed has none)."""
    if is_speed(ad):
        return []
    try:
        return house_rules(ad.rules)
    except ValueError as exc:
        return [_("rules this program cannot read: {problem}").format(problem=exc)]


def show(kind: str, ad: TableAd) -> None:
    """Print a table as one line after `kind` ("1.", "add"), its house rules under it."""
    click.echo(fitted(f"{kind} {_line(ad)}"))  # wrapped at words on a narrow terminal
    for words in _house(ad):
        click.echo(fitted(_("      house rule: {rule}").format(rule=words)))


def list_tables(bind: str, wait: float, as_json: bool, game: str | None) -> None:
    """Print the tables of `game` (any, for None) announced within `wait` seconds, as they appear (or one
    JSON array at the end)."""
    wanted = plays(game)

    def on_change(kind: str, ad: TableAd) -> None:
        if wanted(ad) and not as_json:
            show(kind, ad)

    found = [ad for ad in asyncio.run(async_watch(bind, wait, on_change)).values() if wanted(ad)]
    if as_json:
        click.echo(json.dumps([{**ad.to_json(), "house_rules": _house(ad)} for ad in found]))
    elif not found:
        click.echo(_("no table found on this network in {wait} s (try --wait SECONDS, or host one)").format(
            wait=f"{wait:g}"))
