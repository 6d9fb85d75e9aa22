"""`p2pshithead simulate --game speed`: Speed bot matches in simulated real time; each seat's wins."""

from __future__ import annotations

import json

import click
from click.core import ParameterSource

from p2pshithead.cli.speedplay import speed_rules
from p2pshithead.lang import _, ngettext, number, percent
from p2pshithead.speed import PLAYERS, parse_bot, play_match

DEFAULT_BOT = "steady"


def simulate_speed(games: int, players: int, bots: str, seed: int, rules_text: str | None, as_json: bool) -> None:
    """Play `games` Speed games between the bots named in `bots` (one per seat; default: steady)."""
    ctx = click.get_current_context()
    if ctx.get_parameter_source("players") is not ParameterSource.DEFAULT and players != PLAYERS:
        raise click.BadParameter(_("Speed is played by {players} here, not {count}").format(
            players=PLAYERS, count=players), param_hint="--players")
    if ctx.get_parameter_source("bots") is ParameterSource.DEFAULT:
        bots = DEFAULT_BOT
    specs = [s.strip() for s in bots.split(",") if s.strip()] or [DEFAULT_BOT]
    if len(specs) > PLAYERS:
        raise click.BadParameter(_("{count} bots for {players} players").format(count=len(specs), players=PLAYERS),
                                 param_hint="--bots")
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
    click.echo(ngettext("Speed ({rules}), {count} game (seed {seed}); fair share 50%",
                        "Speed ({rules}), {count} games (seed {seed}); fair share 50%", games).format(
        rules=rules.to_text(), count=games, seed=seed))
    for t in result.results:
        lo, hi = t.ci95
        click.echo("  " + _("seat {seat} {bot} wins {rate}  95% [{low}, {high}]  ({wins}/{games})").format(
            seat=t.seat, bot=f"{t.bot:<14}", rate=f"{percent(t.win_rate):>6}", low=percent(lo), high=percent(hi),
            wins=t.wins, games=games))
    click.echo(_("avg rounds {rounds}; avg plays {plays}; avg game {seconds} s of play; {speed} games/s").format(
        rounds=number(result.avg_rounds, 1), plays=number(result.avg_plays, 0), seconds=number(result.avg_game_s, 0),
        speed=number(result.games_per_s, 1)))
