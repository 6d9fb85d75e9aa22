"""Audit 5: `join --list --game GAME` (the listing, plain and `--json`) on a LAN with a Shithead table
and a Speed table (two laptops: network namespaces; the hosts on one, the listing on the other)."""

from __future__ import annotations

import json

import pexpect
import pytest

from tests.net.pathlan import NEEDS_ROOT, Lan, lan

__all__ = ["lan"]  # the fixture, used by name

pytestmark = NEEDS_ROOT


@pytest.mark.parametrize(("game", "other"), [("speed", "Card table"), ("shithead", "Speed table")])
def test_join_list_game_lists_only_tables_of_that_game(lan: Lan, game: str, other: str) -> None:
    """`--game [shithead|speed]  Only tables of this game`, and the README: "`join --game speed` lists only
    Speed tables". A plain `join --game speed` offers only the Speed table, but `join --list --game speed`
    (and `--json`) printed both tables, the classic one too, and `--game shithead` the Speed one too."""
    cards = lan.person("host", "host", "--table", "Card table", "--seats", "3", "--name", "hana", "--ascii")
    cards.expect("press Enter when ready", timeout=30)
    speed = lan.person("host", "host", "--game", "speed", "--table", "Speed table", "--name", "hugo", "--ascii")
    speed.expect("waiting for the other player", timeout=30)
    plain = lan.person("joiner", "join", "--list", "--wait", "4", "--game", game)
    plain.expect(pexpect.EOF, timeout=30)
    shown = plain.logfile_read.getvalue()
    listing = lan.person("joiner", "join", "--list", "--json", "--wait", "4", "--game", game, columns=500)
    listing.expect(pexpect.EOF, timeout=30)
    tables = json.loads(listing.logfile_read.getvalue())
    names = sorted(table["name"] for table in tables)
    assert other not in names and other not in shown, (names, shown)
