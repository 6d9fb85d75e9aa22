"""This laptop on the LAN before it sits anywhere: `checked_bind` (the address `host` and `join` use is one
of this machine's) and the tables announced around it in words (`show`, `list_tables`: `join --list`).

Invariant: nothing here imports the seat and play code (`cli/joining.py`, `cli/session.py`, the deck), so
`join --list` loads only the transport and the rules it puts in words (start-up budget: README, issue 22).
"""

from __future__ import annotations

import asyncio
import json

import click

from p2pshithead.cli.terminal import fitted
from p2pshithead.engine import preset
from p2pshithead.game import ruleset_of
from p2pshithead.net import ANY, TableAd, async_watch, local_addresses
from p2pshithead.speed import PRESETS as SPEED_PRESETS

__all__ = ["checked_bind", "house_rules", "is_speed", "list_tables", "show"]


def checked_bind(bind: str) -> str:
    """`--bind`, checked before any socket is made: every interface, or one address of this machine.

    Raises:
        click.BadParameter: naming this machine's addresses, when `bind` is not one of them.
    """
    if bind != ANY and bind not in local_addresses():
        mine = ", ".join(local_addresses())
        raise click.BadParameter(f"{bind} is not an address of this machine (its addresses: {mine}); "
                                 "leave --bind out to use every interface", param_hint="--bind")  # fmt: skip
    return bind


def house_rules(text: str) -> list[str]:
    """The house rules of a table's rules text, in words ("a 10 may not be played on an 8").

    Raises:
        ValueError: a rules text this program cannot read.
    """
    return ruleset_of(text).differences(preset(text.split(";")[0]))


def _line(ad: TableAd) -> str:
    away = f" ({', '.join(ad.away)} away)" if ad.away else ""
    watching = f", {ad.watching} watching" if ad.watching else ""
    seats = f"playing{away}" if ad.playing else ("full" if not ad.free else f"{ad.taken}/{ad.taken + ad.free} seated")
    limits = f"{ad.turn_time} s to decide, " if ad.turn_time else ""
    seats += f"{watching}; {limits}{ad.away_time} s to come back"
    where = ", ".join(ad.addresses)
    return f"{ad.label}  [{ad.rules}]  {seats}  {where} port {ad.port}"


def is_speed(ad: TableAd) -> bool:
    """Whether an announced table plays Speed (its rules name a Speed preset)."""
    return ad.rules.split(";")[0].split()[0] in SPEED_PRESETS


def _house(ad: TableAd) -> list[str]:
    """A listed table's house rules in words (what this program cannot read is said so; Speed has none)."""
    if is_speed(ad):
        return []
    try:
        return house_rules(ad.rules)
    except ValueError as exc:
        return [f"rules this program cannot read: {exc}"]


def show(kind: str, ad: TableAd) -> None:
    """Print a table as one line after `kind` ("1.", "add"), its house rules under it."""
    click.echo(fitted(f"{kind} {_line(ad)}"))  # wrapped at words on a narrow terminal
    for words in _house(ad):
        click.echo(fitted(f"      house rule: {words}"))


def list_tables(bind: str, wait: float, as_json: bool) -> None:
    """Print the tables announced within `wait` seconds, as they appear (or one JSON array at the end)."""
    found = asyncio.run(async_watch(bind, wait, (lambda kind, ad: None) if as_json else show))
    if as_json:
        click.echo(json.dumps([{**ad.to_json(), "house_rules": _house(ad)} for ad in found.values()]))
    elif not found:
        click.echo(f"no table found on this network in {wait:g} s (try --wait SECONDS, or host one)")
