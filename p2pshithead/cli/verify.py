"""`p2pshithead verify FILE`: re-check a saved game from the file alone."""

from __future__ import annotations

from pathlib import Path

import click

from p2pshithead.cli.netgame import APPS
from p2pshithead.cli.session import outcome_of
from p2pshithead.net import RemoteProtocolError, config_dir, load_entries, replay


@click.command()
@click.argument("file", required=False, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--last", is_flag=True, help="The game saved last in the config folder's transcripts/.")
def verify(file: Path | None, last: bool) -> None:
    """Re-check FILE (signatures, chain, every proof and move); print the finish order or the first fault."""
    if file is None:
        saved = sorted((config_dir() / "transcripts").glob("*.p2ps"), key=lambda p: p.stat().st_mtime)
        if not last or not saved:
            raise click.UsageError("name a saved game, or --last for the newest" if not last else
                                   f"no saved game in {config_dir() / 'transcripts'} yet")  # fmt: skip
        file = saved[-1]
        click.echo(f"checking {file}")
    try:
        outcome = outcome_of(replay(load_entries(file), str(file), APPS))
    except RemoteProtocolError as exc:
        click.echo(f"{exc}: the file is damaged or not a saved game; no player is blamed for it")
        raise SystemExit(1) from None
    for line in outcome.lines:
        click.echo(line)
    raise SystemExit(outcome.status)
