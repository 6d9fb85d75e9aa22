"""`p2pshithead bench ...`: speed and size figures, printed as text or one JSON object."""

from __future__ import annotations

import json
from collections.abc import Mapping

import click

from p2pshithead.cli.helptext import examples
from p2pshithead.cli.lazy import Lazy, LazyGroup
from p2pshithead.cli.ranges import FloatRange
from p2pshithead.engine import DECK_SIZES, MAX_PLAYERS, MIN_PLAYERS
from p2pshithead.lang import N_, _

SPEED_HELP = N_("Speed between two equally quick bots, host and joiner, the joiner behind a delay: the host's "
                "share of the races for one pile (race_share_host), and ms from a play sent to its being on the "
                "other peer's state (latency_ms_p50/p95).")
"""`bench speed`'s help, here too so that `bench --help` lists it without loading it."""
_SPEED = Lazy("p2pshithead.cli.speedbench:speed", _(SPEED_HELP))


@click.group(help=_(
    "Measure speed and size (engine, deck, net, wire, garbage), start-up (start) and bot strength "
    "(bots)."
), cls=LazyGroup, lazy={"speed": _SPEED}, epilog=examples("bench engine --games 100", "bench deck --players 6 --json"))
def bench() -> None:
    """`p2pshithead bench`: its commands are the benchmarks."""


def emit(figures: Mapping[str, object], as_json: bool) -> None:
    """Print a benchmark's figures: one JSON object, or aligned `name: value` lines."""
    if as_json:
        click.echo(json.dumps(figures, sort_keys=True))
        return
    width = max(len(k) for k in figures)
    for key, value in figures.items():
        shown = f"{value:.4g}" if isinstance(value, float) else str(value)
        click.echo(f"{key.ljust(width)}  {shown}")


@bench.command("net", help=_(
    "A bot table of separate processes on loopback: setup, move latency, game time, bytes; listing "
    "time."
), epilog=examples("bench net --players 3"))
@click.option("--players", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS), default=4, show_default=True,
              help=_("Peer processes."))
@click.option("--json", "as_json", is_flag=True, help=_("Print one JSON object."))
def net(players: int, as_json: bool) -> None:
    from p2pshithead.bench.net import bench_listing, bench_table

    emit({**bench_table(players), **bench_listing()}, as_json)


@bench.command("deck", help=_(
    "Mental-poker deck: the game's setup for every seat in one process, in virtual time (each seat "
    "its own clock and CPU), from an empty table to dealt hands; `setup_s_serial` is the old lock-"
    "step figure."
), epilog=examples("bench deck --players 6 --cards 104"))
@click.option("--players", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS), default=4, show_default=True,
              help=_("Peers at the table."))
@click.option("--cards", type=click.Choice([str(n) for n in DECK_SIZES]), default=None,
              help=_("Cards in the deck  [default: the game's packs for PLAYERS: 52, or 104 from six players]"))
@click.option("--hop-ms", type=FloatRange(min=0), default=0.5, show_default=True,
              help=_("One-way latency of a LAN hop (a peer to the host's sequencer, or back)."))
@click.option("--seed", type=int, default=0, show_default=True, help=_("Seed of every peer's randomness."))
@click.option("--json", "as_json", is_flag=True, help=_("Print one JSON object."))
def deck(players: int, cards: str | None, hop_ms: float, seed: int, as_json: bool) -> None:
    from p2pshithead.bench.deck import bench_deck, ruleset_for
    from p2pshithead.engine import Ruleset

    try:
        rules = Ruleset() if cards is None else ruleset_for(int(cards))
        figures = bench_deck(rules, players, seed, hop_ms / 1e3)
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    emit(figures, as_json)


@bench.command("engine", help=_(
    "Rules engine: greedy 4-player classic games per second and microseconds per move, one core."
), epilog=examples("bench engine --games 100 --json"))
@click.option("--games", type=click.IntRange(min=1), default=200, show_default=True, help=_("Greedy games to play."))
@click.option("--seed", type=int, default=0, show_default=True, help=_("Seed of the deals."))
@click.option("--json", "as_json", is_flag=True, help=_("Print one JSON object."))
def engine(games: int, seed: int, as_json: bool) -> None:
    from p2pshithead.bench.engine import bench_engine

    emit(bench_engine(games, seed), as_json)


@bench.command("bots", help=_(
    "A bot against three greedy ones under unusual house rules, then against three of each stronger "
    "opponent (smart at four times its budget; truecards, which sees every card): its loss rate per "
    "table, 95% interval."
), epilog=examples("bench bots --json", "bench bots --games 100 --bot smart:100ms --json"))
@click.option("--games", type=click.IntRange(min=1), default=8, show_default=True, help=_("Games per ruleset."))
@click.option("--bot", default="smart:50ms", show_default=True, help=_("The bot to measure."))
@click.option("--seed", type=int, default=0, show_default=True, help=_("Seed of the deals."))
@click.option("--json", "as_json", is_flag=True, help=_("Print one JSON object."))
def bots(games: int, bot: str, seed: int, as_json: bool) -> None:
    from p2pshithead.bench.bots import bench_bots

    try:
        emit(bench_bots(games, bot, seed), as_json)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--bot") from None


@bench.command("wire", help=_(
    "Wire checks: decoding and checking one shuffle message as a peer receives it (CPU ms)."
), epilog=examples("bench wire --players 4 --repeat 10"))
@click.option("--players", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS), default=4, show_default=True,
              help=_("Seats at the table."))
@click.option("--cards", type=click.Choice([str(n) for n in DECK_SIZES]), default="52", show_default=True)
@click.option("--repeat", type=click.IntRange(min=1), default=30, show_default=True, help=_("Runs; the best counts."))
@click.option("--json", "as_json", is_flag=True, help=_("Print one JSON object."))
def wire(players: int, cards: str, repeat: int, as_json: bool) -> None:
    from p2pshithead.bench.wire import bench_wire

    emit(bench_wire(players, int(cards), repeat), as_json)


@bench.command("garbage", help=_(
    "A host process flooded with garbage connections: its RSS before, at peak, after; dead-link "
    "notice time."
), epilog=examples("bench garbage --connections 100"))
@click.option("--connections", type=click.IntRange(1, 2000), default=200, show_default=True,
              help=_("Garbage connections."))
@click.option("--json", "as_json", is_flag=True, help=_("Print one JSON object."))
def garbage(connections: int, as_json: bool) -> None:
    from p2pshithead.bench.garbage import bench_garbage

    emit(bench_garbage(connections), as_json)


@bench.command("soak", help=_(
    "Bot tables of separate processes on loopback, most with a joiner or the host killed (-9) and run"
    " again."
), epilog=examples("bench soak --games 20 --budget 600"))
@click.option("--games", type=click.IntRange(min=1), default=200, show_default=True, help=_("Tables to play."))
@click.option("--seed", type=int, default=0, show_default=True, help=_("Seed of the kills."))
@click.option("--budget", type=FloatRange(min=1), default=3600.0, show_default=True, help=_("Seconds at most."))
@click.option("--json", "as_json", is_flag=True, help=_("Print one JSON object."))
def soak(games: int, seed: int, budget: float, as_json: bool) -> None:
    from p2pshithead.bench.soak import soak as run

    emit(run(games, seed, budget), as_json)


@bench.command("start", help=_(
    "CPU time to start (this program's process, as a person starts it) against `python -c \"import "
    "click, msgpack\"`: --help and `rules classic` as a multiple of it (_ratio), `play` to its first "
    "screen and `join --list` to its first line as seconds over it (_over_s). Linux and macOS."
), epilog=examples("bench start --json", "bench start --runs 9"))
@click.option("--runs", type=click.IntRange(1, 100), default=5, show_default=True, help=_("Runs of each (median)."))
@click.option("--json", "as_json", is_flag=True, help=_("Print one JSON object."))
def start(runs: int, as_json: bool) -> None:
    from p2pshithead.bench.start import bench_start

    emit(bench_start(runs), as_json)
