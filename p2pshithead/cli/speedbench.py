"""`p2pshithead bench speed`: race fairness and play latency of networked Speed over loopback sockets."""

from __future__ import annotations

import click

from p2pshithead.cli.bench import SPEED_HELP, emit
from p2pshithead.cli.helptext import examples
from p2pshithead.cli.ranges import FloatRange
from p2pshithead.lang import _


@click.command("speed", help=_(SPEED_HELP),
               epilog=examples("bench speed --json", "bench speed --races 300 --delay-ms 20 --unfair"))
@click.option("--races", type=click.IntRange(min=1), default=1000, show_default=True, help=_("Races to count."))
@click.option("--delay-ms", type=FloatRange(0, 500), default=10.0, show_default=True,
              help=_("Delay each way between host and joiner (a user-space proxy)."))
@click.option("--reaction-ms", type=FloatRange(5, 2000), default=50.0, show_default=True,
              help=_("Both bots' reaction time a card."))
@click.option("--tables", type=click.IntRange(1, 16), default=2, show_default=True, help=_("Games played at once."))
@click.option("--unfair", is_flag=True, help=_("Without the host's own delay (to see what it removes)."))
@click.option("--budget", type=FloatRange(min=1), default=300.0, show_default=True, help=_("Seconds at most."))
@click.option("--json", "as_json", is_flag=True, help=_("Print one JSON object."))
def speed(races: int, delay_ms: float, reaction_ms: float, tables: int, unfair: bool, budget: float,
          as_json: bool) -> None:  # fmt: skip
    from p2pshithead.bench.speed import bench_speed

    emit(bench_speed(races, delay_ms, reaction_ms, tables=tables, budget_s=budget, fair=not unfair), as_json)
