"""`p2pshithead bench ...`: speed and size figures, printed as text or one JSON object."""

from __future__ import annotations

import json

import click


@click.group()
def bench() -> None:
    """Measure speed and size (engine, deck, net)."""


def emit(figures: dict[str, object], as_json: bool) -> None:
    """Print a benchmark's figures: one JSON object, or aligned `name: value` lines."""
    if as_json:
        click.echo(json.dumps(figures, sort_keys=True))
        return
    width = max(len(k) for k in figures)
    for key, value in figures.items():
        shown = f"{value:.4g}" if isinstance(value, float) else str(value)
        click.echo(f"{key.ljust(width)}  {shown}")
