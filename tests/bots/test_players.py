"""Every bot, on positions of every preset: legal moves only, decided on its own view only."""

from __future__ import annotations

import random

import pytest

from p2pshithead.bots import Budget, GreedyBot, LocalTable, Player, RandomBot, SmartBot, sample_world, shown_live
from p2pshithead.engine import PRESETS, Game, Move

BOTS: dict[str, Player] = {"random": RandomBot(), "greedy": GreedyBot(), "smart": SmartBot(Budget(playouts=6))}


def decisions(game: Game, bot: Player, seed: int) -> list[tuple[int, Move | None]]:
    """What `bot` decides at each seat the position awaits."""
    return [(seat, bot.decide(game.view(seat), seat, random.Random(seed))) for seat in game.awaited()]


@pytest.mark.parametrize("rules_name", sorted(PRESETS))
@pytest.mark.parametrize("bot_name", sorted(BOTS))
def test_bots_return_only_legal_moves(preset_positions, rules_name, bot_name):
    bot = BOTS[bot_name]
    games = preset_positions[rules_name]
    if bot_name == "smart":
        games = games[::4]  # searching is slow; a quarter of the positions still cover every phase
    checked = 0
    for i, game in enumerate(games):
        for seat, move in decisions(game, bot, i):
            if move is None:
                assert seat != game.turn, f"{bot_name} gave no move on its turn: {game.to_text()}"
                continue
            assert move.player == seat
            assert move in game.view(seat).moves_for(seat)
            assert game.is_legal(move), f"{move.text()} in {game.to_text()}"
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("rules_name", ["classic", "hebrew", "french"])
@pytest.mark.parametrize("bot_name", sorted(BOTS))
def test_bots_decide_the_same_whatever_the_hidden_cards(preset_positions, rules_name, bot_name):
    """Deal the unseen cards differently (a world consistent with the seat's view): the view is
    unchanged, and so is the decision with the same seed; a bot that peeked would notice."""
    bot = BOTS[bot_name]
    rng = random.Random(11)
    for i, game in enumerate(preset_positions[rules_name][::3]):
        for seat in game.awaited():
            view = game.view(seat)
            other = sample_world(view, rng)
            assert other.view(seat).to_text() == view.to_text()
            assert any(other.card(s) != game.card(s) for s in range(game.size)) or not view.stock
            here = bot.decide(view, seat, random.Random(i))
            there = bot.decide(other.view(seat), seat, random.Random(i))
            assert here == there


class Spy:
    """Records what a table shows the seat it plays, and plays like greedy."""

    name = "spy"

    def __init__(self) -> None:
        self.seen: list[tuple[Game, int]] = []

    def decide(self, view: Game, me: int, rng: random.Random) -> Move | None:
        self.seen.append((view.copy(), me))
        return GreedyBot().decide(view, me, rng)


@pytest.mark.parametrize("rules_name", sorted(PRESETS))
def test_table_shows_a_seat_only_public_cards_and_its_own_hand(rules_name):
    spy = Spy()
    table = LocalTable(PRESETS[rules_name], [spy, GreedyBot(), GreedyBot()], random.Random(rules_name))
    for _ in table.moves(3_000):
        pass
    assert table.game.is_over() and spy.seen
    for view, me in spy.seen:
        allowed = set(view.public) | set(view.hand(me))
        assert set(view.known) <= allowed
        assert not view.move_stack


class LiveSpy(Spy):
    """A spy that keeps nothing it is shown (`live_view`): the table shows it its seat's lens."""

    live_view = True
    table: LocalTable

    def decide(self, view: Game, me: int, rng: random.Random) -> Move | None:
        assert view.to_text() == self.table.game.view(me).to_text()  # the lens shows the fresh view
        return super().decide(view, me, rng)


@pytest.mark.parametrize("rules_name", ["classic", "hebrew", "french"])
def test_table_shows_a_live_player_only_what_a_view_shows(rules_name):
    spy = LiveSpy()
    spy.table = LocalTable(PRESETS[rules_name], [GreedyBot(), spy, GreedyBot()], random.Random(rules_name))
    assert shown_live(spy) and shown_live(GreedyBot()) and not shown_live(Spy())
    for _ in spy.table.moves(3_000):
        pass
    assert spy.table.game.is_over() and spy.seen
    for view, me in spy.seen:
        assert set(view.known) <= set(view.public) | set(view.hand(me))


def test_smart_with_a_playout_budget_is_deterministic(preset_positions):
    bot = SmartBot(Budget(playouts=12))
    games = [g for g in preset_positions["classic"] if g.phase.value == "play"][:4]
    for i, game in enumerate(games):
        seat = game.turn
        first = bot.decide(game.view(seat), seat, random.Random(i))
        again = bot.decide(game.view(seat), seat, random.Random(i))
        assert first == again


def test_smart_time_budget_reads_the_injected_clock(preset_positions):
    ticks = iter(range(10**6))
    bot = SmartBot(Budget(seconds=5.0), clock=lambda: float(next(ticks)))  # each reading: a second later
    games = [g for g in preset_positions["classic"] if g.phase.value == "play"][:20]
    for i, game in enumerate(games):
        seat = game.turn
        move = bot.decide(game.view(seat), seat, random.Random(i))
        assert move is not None and game.is_legal(move)
    assert next(ticks) < 20 * 8  # a handful of readings per decision: it stopped at the deadline
