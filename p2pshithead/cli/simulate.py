"""`p2pshithead simulate`: bot tables with rotating seats; each bot's loss rate, with a 95% interval."""

from __future__ import annotations

import json
import time
from concurrent.futures import ProcessPoolExecutor

import click

from p2pshithead.bots import MatchResult, Player, SmartBot, Thinking, measuring_player, play_match
from p2pshithead.cli.helptext import examples
from p2pshithead.cli.rules import ChosenRules, choose_rules, house_rules_option, rules_option
from p2pshithead.cli.speedsim import simulate_speed
from p2pshithead.engine import MAX_PLAYERS, MIN_PLAYERS, Ruleset, preset
from p2pshithead.lang import _, listed, ngettext, number, percent

CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def _bot_list(text: str, players: int) -> list[str]:
    specs = [s.strip() for s in text.split(",") if s.strip()]
    if not specs:
        raise click.BadParameter(_("name at least one bot"), param_hint="--bots")
    if len(specs) > players:
        raise click.BadParameter(_("{count} bots for {players} players").format(count=len(specs), players=players),
                                 param_hint="--bots")
    return specs + [specs[-1]] * (players - len(specs))


def _part(rules: Ruleset, specs: list[str], clock: str, seed: int, first: int, games: int,
          ) -> tuple[MatchResult, list[Thinking | None]]:  # fmt: skip
    """Games `first` to `first + games - 1` of the match, played by fresh bots (in a worker process)."""
    seated = [measuring_player(spec, CLOCKS[clock]) for spec in specs]
    result = play_match(rules, seated, games, seed, first=first)
    return result, [p.thinking if isinstance(p, SmartBot) else None for p in seated]


def _play(rules: Ruleset, specs: list[str], clock: str, seed: int, games: int, jobs: int,
          seated: list[Player]) -> MatchResult:  # fmt: skip
    """The match, in `jobs` worker processes if more than one; the workers' thinking is added to `seated`'s.
    Game g is dealt and seated alike either way (`play_match`), so the figures differ only where time does."""
    if jobs == 1:
        return play_match(rules, seated, games, seed)
    start = time.perf_counter()
    chunk = max(1, -(-games // (jobs * 4)))  # a few parts per worker: the last ones finish together
    firsts = range(0, games, chunk)
    with ProcessPoolExecutor(jobs) as pool:
        parts = list(pool.map(_part, *zip(*((rules, specs, clock, seed, f, min(chunk, games - f)) for f in firsts),
                                          strict=True)))  # fmt: skip
    for _result, thoughts in parts:
        for player, thought in zip(seated, thoughts, strict=True):
            if isinstance(player, SmartBot) and thought is not None:
                player.thinking.add(thought)
    return MatchResult.pooled([r for r, _thoughts in parts], time.perf_counter() - start)


def _thinking(player: Player) -> dict[str, float]:
    """A searching bot's effort per searched decision (decisions with one sensible move are not searched)."""
    return player.thinking.figures() if isinstance(player, SmartBot) else {}


def _figures(result: MatchResult, chosen: ChosenRules, seated: list[Player]) -> dict[str, object]:
    return {
        "rules": chosen.label,
        "preset": chosen.base,
        "house_rules": chosen.house,
        "results": [
            {"bot": t.bot, "loss_rate": t.loss_rate, "ci95": list(t.ci95), "losses": t.losses, **_thinking(p)}
            for t, p in zip(result.results, seated, strict=True)
        ],
        "games": result.games,
        "finished": result.finished,
        "move_limit_hits": result.limited,
        "avg_turns": result.avg_turns,
        "games_per_s": result.games_per_s,
    }


@click.command(help=_("Play bot tables with rotating seats; print each bot's loss rate (how often it was the "
                       "Shithead)."), epilog=examples("simulate -n 200 --bots smart:200ms,greedy --rules french",
                               "simulate -n 50 --rules '~mine' --set jokers=2 --json",
                               "simulate -p 6 --bots random --json"))
@click.option("--games", "-n", type=click.IntRange(min=1), default=100, show_default=True, help=_("Games to play."))
@click.option("--players", "-p", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS), default=4, show_default=True,
              help=_("Seats at the table."))
@click.option(
    "--bots",
    default="greedy",
    show_default=True,
    help=_("Comma-separated bot specs, one per seat (the last fills the rest): "
           "random, greedy, smart, smart:200ms, smart:64p; for measuring only, truecards:100ms (smart's search "
           "shown every card of the deal: an upper bound)."),
)
@rules_option
@house_rules_option
@click.option("--seed", type=int, default=0, show_default=True, help=_("Match seed (game g is dealt from seed and g)."))
@click.option(
    "--clock",
    type=click.Choice(sorted(CLOCKS)),
    default="wall",
    show_default=True,
    help=_("What a thinking budget counts: wall time, or this process's CPU time (fair on a busy machine)."),
)
@click.option("--jobs", "-j", type=click.IntRange(1, 64), default=1, show_default=True,
              help=_("Worker processes sharing the games (same deals and seats; figures pooled)."))
@click.option("--json", "as_json", is_flag=True, help=_("Print one JSON object."))
@click.option("--game", type=click.Choice(["shithead", "speed"]), default="shithead", show_default=True)
def simulate(games: int, players: int, bots: str, rules_text: str | None, settings: tuple[str, ...], seed: int,
             clock: str, jobs: int, as_json: bool, game: str) -> None:  # fmt: skip
    if game == "speed":
        return simulate_speed(games, players, bots, seed, rules_text, as_json)
    chosen = choose_rules(rules_text, settings)
    try:
        chosen.ruleset.check_table(players)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--players") from None
    specs = _bot_list(bots, players)
    try:
        seated = [measuring_player(spec, CLOCKS[clock]) for spec in specs]
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--bots") from None
    result = _play(chosen.ruleset, specs, clock, seed, games, jobs, seated)
    figures = _figures(result, chosen, seated)
    if as_json:
        click.echo(json.dumps(figures))
        return
    click.echo(ngettext("{rules}, {players} players, {games} game (seed {seed}); fair share {share}",
                        "{rules}, {players} players, {games} games (seed {seed}); fair share {share}", games).format(
        rules=chosen.label, players=players, games=games, seed=seed, share=percent(1 / players)))
    house = chosen.ruleset.differences(preset(chosen.base))
    if house:
        click.echo(_("house rules on top of {preset}: {rules}").format(preset=chosen.base, rules=listed(house)))
    for tally, player in zip(result.results, seated, strict=True):
        lo, hi = tally.ci95
        effort = _thinking(player)
        thought = [_("{playouts} playouts, {ms} ms per searched decision").format(
            playouts=f"{effort['playouts_per_decision']:.0f}", ms=f"{effort['seconds_per_decision'] * 1000:.0f}")
        ] if effort else []  # fmt: skip
        click.echo(listed([_("  {bot} loss {loss}  95% [{low}, {high}]  ({losses}/{games})").format(
            bot=f"{tally.bot:<14}", loss=f"{percent(tally.loss_rate):>6}", low=percent(lo), high=percent(hi),
            losses=tally.losses, games=tally.games), *thought]))
    click.echo(_("avg turns {turns}; {rate} games/s; move-limit games {limited}").format(
        turns=number(result.avg_turns, 1), rate=number(result.games_per_s, 2), limited=result.limited))
