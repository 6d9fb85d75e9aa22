"""Networked Speed: two peers' applications in memory (faults and late plays), and two peers over
real sockets racing for the same pile, the joiner behind a delay proxy, with identical results at
both ends."""

from __future__ import annotations

import asyncio
import copy
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from p2pshithead.bench.speed import SpeedTableRun, async_speed_table, play_latencies, races
from p2pshithead.cli.main import main
from p2pshithead.errors import Fault
from p2pshithead.net import Identity, SeatInfo, TableSetup, save_entries
from p2pshithead.speed import Late, Play, Speed
from p2pshithead.speedgame import SpeedApp, SpeedStage, SpeedTable, action_wire

SEATS = tuple(SeatInfo(Identity.generate(n).public, n) for n in ("ann", "bob"))


def pair(rules: str = "speed") -> tuple[SpeedApp, SpeedApp, SpeedTable]:
    """Both seats' applications and an observer's state, set up until play (every step applied to all)."""
    from p2pshithead.speed import SpeedRules

    setup = TableSetup(os.urandom(16), "t", "speed", rules, SpeedRules.from_text(rules).digest(), SEATS)
    apps = [SpeedApp(setup, 0), SpeedApp(setup, 1)]
    observer = SpeedTable(SpeedRules.from_text(rules), setup.table_id)
    settle(apps, observer)
    return apps[0], apps[1], observer


def deliver(apps: list[SpeedApp], observer: SpeedTable, seat: int, payload: object) -> list[object]:
    for app in apps:
        events = list(app.apply(seat, payload))
    observer.apply(seat, payload)
    return events


def settle(apps: list[SpeedApp], observer: SpeedTable) -> None:
    """Send every pending step until none is due."""
    while any(app.pending() is not None for app in apps):
        seat = next(a.seat for a in apps if a.pending() is not None)
        assert seat is not None
        deliver(apps, observer, seat, apps[seat].pending())


def test_cards_are_hidden_until_every_seat_shares_them() -> None:
    a, b, observer = pair()
    assert a.state.stage is SpeedStage.PLAY and a.state == b.state == observer
    game = a.game
    face_down = [s for stack in game.stacks[0] for s in stack if s not in game.known]
    assert face_down and all(a.key is not None and a.key.card(a.state.deck, s) is None for s in face_down)
    shown = {s for seat in (0, 1) for _, s in game.face_up(seat)} | {*game.piles[0], *game.piles[1]}
    assert set(game.known) == shown  # only the cards turned face up are known
    assert not any(s in game.known for s in game.stock[0] + game.stock[1])


def test_a_never_legal_play_is_a_fault_and_a_beaten_one_is_late() -> None:
    a, b, observer = pair()
    apps = [a, b]
    game = a.game
    plays = {seat: game.plays_for(seat) for seat in (0, 1)}
    illegal = next(Play(slot, 0, len(game.piles[0]), 0) for _, slot in game.face_up(0)
                   if Play(slot, 0, len(game.piles[0]), 0) not in plays[0])  # fmt: skip
    with pytest.raises(Fault) as fault:
        a.state.apply(0, action_wire(illegal))
    assert fault.value.seat == 0 and "not one above or below" in fault.value.reason
    with pytest.raises(Fault, match="malformed"):
        a.state.apply(1, {"t": "play", "s": -1, "p": 0, "n": 0, "r": 0})
    # a race: both seats send a play for the same pile seeing the same length; the second is late
    for _ in range(8):  # a deal with such a pair (most have one)
        plays = {seat: a.game.plays_for(seat) for seat in (0, 1)}
        race = next(((p0, p1) for p0 in plays[0] for p1 in plays[1] if p0.pile == p1.pile and _beats(a.game, p1, p0)),
                    None)  # fmt: skip
        if race is not None:
            break
        a, b, observer = pair()
        apps = [a, b]
    assert race is not None
    p0, p1 = race
    deliver(apps, observer, 1, action_wire(p1))
    events = deliver(apps, observer, 0, action_wire(p0))
    assert [type(e) for e in events] == [Late] and p0.slot in {s for _, s in a.game.face_up(0)}
    settle(apps, observer)
    assert a.state == b.state == observer


def _beats(game: Speed, first: Play, second: Play) -> bool:
    after = copy.deepcopy(game)
    after.push(1, first)
    return after.judge(0, second) is not None


def test_two_peers_race_over_sockets_with_identical_results_at_both_ends(tmp_path: Path) -> None:
    async def some() -> list[SpeedTableRun]:
        return list(await asyncio.gather(*(async_speed_table(delay=0.005, reaction=0.03, seed=k) for k in range(2))))

    runs = asyncio.run(some())
    won: list[int] = []
    late = 0
    for run in runs:
        host, joiner = run.host.app, run.joiner.app
        assert isinstance(host, SpeedApp) and isinstance(joiner, SpeedApp)
        assert run.host.verdict is None and run.joiner.verdict is None
        assert run.host.head == run.joiner.head and host.state == joiner.state and host.finish_order() is not None
        won += races(run.host)
        late += sum(map(len, play_latencies(run).values())) - sum(host.game.plays)
    assert len(won) >= 10 and 0 < won.count(0) < len(won)  # races depend on timing; a loaded machine has fewer
    assert late > 0  # plays beaten in a race were refused as late, and nobody was at fault
    saved = tmp_path / "speed.p2ps"  # `verify` re-checks a saved Speed game by Speed's rules
    save_entries(saved, runs[0].host.entries)
    result = CliRunner().invoke(main, ["verify", str(saved)])
    assert result.exit_code == 0, result.output
    order = runs[0].host.app.finish_order()
    assert order is not None
    names = ("host", "joiner")
    assert result.output.startswith(f"finish order: 1. {names[order[0]]} (seat {order[0]}), 2. {names[order[1]]}")


@pytest.mark.parametrize("when", ["play", "shuffle"])
def test_a_seat_that_leaves_ends_the_game_the_other_wins_and_signs_it_off_alone(when: str) -> None:
    """A person's Ctrl-C is a signed `leave`, at any stage (even while only the other seat may act):
    every peer ends the game alike, the other first; only the other says it saw the end (its program
    does, unasked), and only it signs off."""
    if when == "play":
        a, b, observer = pair()
        apps = [a, b]
    else:
        from p2pshithead.speed import SpeedRules

        setup = TableSetup(os.urandom(16), "t", "speed", "speed", SpeedRules.from_text("speed").digest(), SEATS)
        apps = [SpeedApp(setup, 0), SpeedApp(setup, 1)]
        observer = SpeedTable(SpeedRules.from_text("speed"), setup.table_id)
        while observer.stage is SpeedStage.KEYS:
            seat = next(app.seat for app in apps if app.pending() is not None)
            assert seat is not None
            deliver(apps, observer, seat, apps[seat].pending())
        assert observer.stage is SpeedStage.SHUFFLE and observer.who_may_act() == {0}
    events = deliver(apps, observer, 1, apps[1].leave_payload())
    assert [e.order for e in events if hasattr(e, "order")] == [(0, 1)]
    assert apps[0].state == apps[1].state == observer and observer.stage is SpeedStage.ENDING
    assert apps[1].pending() is None and apps[0].pending() == {"t": "done"}
    deliver(apps, observer, 0, apps[0].pending())
    assert observer.finish_order() == (0, 1)  # (known once both seats saw the end: over)
    assert apps[0].present() == apps[1].present() == frozenset({0})  # the transport waits on seat 0 alone
    with pytest.raises(Fault, match="left a game it had seen end"):
        observer.apply(1, {"t": "leave"})
    with pytest.raises(Fault, match="left a game it had seen end"):
        observer.apply(0, {"t": "leave"})


def test_a_leave_with_anything_in_it_is_malformed() -> None:
    a, b, observer = pair()
    with pytest.raises(Fault, match="malformed payload"):
        observer.apply(0, {"t": "leave", "to": 1})
    assert observer.stage is SpeedStage.PLAY
