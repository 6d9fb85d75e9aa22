"""`p2pshithead simulate --game speed`: Speed bot matches in simulated real time; each seat's wins."""

from __future__ import annotations

import json

import click
from click.core import ParameterSource

from p2pshithead.cli.speedplay import speed_rules
from p2pshithead.speed import PLAYERS, parse_bot, play_match

DEFAULT_BOT = "steady"


def simulate_speed(games: int, players: int, bots: str, seed: int, rules_text: str | None, as_json: bool) -> None:
    """Play `games` Speed games between the bots named in `bots` (one per seat; default: steady)."""
    ctx = click.get_current_context()
    if ctx.get_parameter_source("players") is not ParameterSource.DEFAULT and players != PLAYERS:
        raise click.BadParameter(f"Speed is played by {PLAYERS} here, not {players}", param_hint="--players")
    if ctx.get_parameter_source("bots") is ParameterSource.DEFAULT:
        bots = DEFAULT_BOT
    specs = [s.strip() for s in bots.split(",") if s.strip()] or [DEFAULT_BOT]
    if len(specs) > PLAYERS:
        raise click.BadParameter(f"{len(specs)} bots for {PLAYERS} players", param_hint="--bots")
    try:
        seated = [parse_bot(spec) for spec in specs + [specs[-1]] * (PLAYERS - len(specs))]
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--bots") from None
    rules = speed_rules(rules_text)
    result = play_match(rules, seated, games, seed)
    if as_json:
        click.echo(json.dumps({
            "game": "speed", "rules": rules.to_text(), "games": result.games,
            "results": [{"seat": t.seat, "bot": t.bot, "wins": t.wins, "win_rate": t.win_rate, "ci95": list(t.ci95)}
                        for t in result.results],
            "avg_rounds": result.avg_rounds, "avg_plays": result.avg_plays, "avg_game_s": result.avg_game_s,
            "games_per_s": result.games_per_s,
        }))  # fmt: skip
        return
    click.echo(f"Speed ({rules.to_text()}), {games} games (seed {seed}); fair share 50%")
    for t in result.results:
        lo, hi = t.ci95
        click.echo(f"  seat {t.seat} {t.bot:<14} wins {t.win_rate:6.1%}  95% [{lo:.1%}, {hi:.1%}]  ({t.wins}/{games})")
    click.echo(f"avg rounds {result.avg_rounds:.1f}; avg plays {result.avg_plays:.0f}; "
               f"avg game {result.avg_game_s:.0f} s of play; {result.games_per_s:.1f} games/s")  # fmt: skip
