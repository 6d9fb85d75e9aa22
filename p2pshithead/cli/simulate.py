"""`p2pshithead simulate`: bot tables with rotating seats; each bot's loss rate, with a 95% interval."""

from __future__ import annotations

import json
import time

import click

from p2pshithead.bots import MatchResult, make_player, play_match
from p2pshithead.cli.helptext import examples
from p2pshithead.cli.speedsim import simulate_speed
from p2pshithead.engine import MAX_PLAYERS, MIN_PLAYERS, PRESETS, preset

CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def _bot_list(text: str, players: int) -> list[str]:
    specs = [s.strip() for s in text.split(",") if s.strip()]
    if not specs:
        raise click.BadParameter("name at least one bot", param_hint="--bots")
    if len(specs) > players:
        raise click.BadParameter(f"{len(specs)} bots for {players} players", param_hint="--bots")
    return specs + [specs[-1]] * (players - len(specs))


def _figures(result: MatchResult) -> dict[str, object]:
    return {
        "results": [
            {"bot": t.bot, "loss_rate": t.loss_rate, "ci95": list(t.ci95), "losses": t.losses} for t in result.results
        ],
        "games": result.games,
        "finished": result.finished,
        "move_limit_hits": result.limited,
        "avg_turns": result.avg_turns,
        "games_per_s": result.games_per_s,
    }


@click.command(epilog=examples("simulate -n 200 --bots smart:200ms,greedy --rules french",
                               "simulate -p 6 --bots random --json"))
@click.option("--games", "-n", type=click.IntRange(min=1), default=100, show_default=True, help="Games to play.")
@click.option("--players", "-p", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS), default=4, show_default=True,
              help="Seats at the table.")
@click.option(
    "--bots",
    default="greedy",
    show_default=True,
    help="Comma-separated bot specs, one per seat (the last fills the rest): "
    "random, greedy, smart, smart:200ms, smart:64p.",
)
@click.option("--rules", "rules_name", type=click.Choice(sorted(PRESETS)), default="classic", show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="Match seed (game g is dealt from seed and g).")
@click.option(
    "--clock",
    type=click.Choice(sorted(CLOCKS)),
    default="wall",
    show_default=True,
    help="What a thinking budget counts: wall time, or this process's CPU time (fair on a busy machine).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--game", type=click.Choice(["shithead", "speed"]), default="shithead", show_default=True)
@click.option("--speed-rules", default="speed", show_default=True, help="With --game speed: 'speed' or 'chinese', "
              "then options such as jokers=on (bots: slow, steady, quick, random, sound:0.3).")
def simulate(games: int, players: int, bots: str, rules_name: str, seed: int, clock: str, as_json: bool, game: str,
             speed_rules: str) -> None:
    """Play bot tables with rotating seats; print each bot's loss rate (how often it was the Shithead)."""
    if game == "speed":
        return simulate_speed(games, players, bots, seed, speed_rules, as_json)
    specs = _bot_list(bots, players)
    try:
        seated = [make_player(spec, CLOCKS[clock]) for spec in specs]
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--bots") from None
    result = play_match(preset(rules_name), seated, games, seed)
    figures = _figures(result)
    if as_json:
        click.echo(json.dumps(figures))
        return
    click.echo(f"{rules_name}, {players} players, {games} games (seed {seed}); fair share {1 / players:.1%}")
    for tally in result.results:
        lo, hi = tally.ci95
        click.echo(f"  {tally.bot:<14} loss {tally.loss_rate:6.1%}  95% [{lo:.1%}, {hi:.1%}]"
                   f"  ({tally.losses}/{tally.games})")
    click.echo(f"avg turns {result.avg_turns:.1f}; {result.games_per_s:.2f} games/s; move-limit games {result.limited}")
