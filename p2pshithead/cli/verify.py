"""`p2pshithead verify FILE`: re-check a saved game from the file alone."""

from __future__ import annotations

from pathlib import Path

import click

from p2pshithead.cli.netgame import APPS
from p2pshithead.cli.session import outcome_of
from p2pshithead.net import RemoteProtocolError, load_entries, replay


@click.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def verify(file: Path) -> None:
    """Re-check FILE (signatures, chain, every move); print the finish order or the first fault."""
    try:
        outcome = outcome_of(replay(load_entries(file), str(file), APPS))
    except RemoteProtocolError as exc:
        click.echo(f"{exc}: the file is damaged or not a saved game; no player is blamed for it")
        raise SystemExit(1) from None
    for line in outcome.lines:
        click.echo(line)
    raise SystemExit(outcome.status)
