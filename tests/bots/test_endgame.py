"""The two-player endgame's tree: kept for that endgame, deterministic under a playout budget."""

from __future__ import annotations

import random

import pytest

from p2pshithead.bots import Budget, SmartBot
from p2pshithead.bots._budget import Deadline
from p2pshithead.bots._endgame import in_endgame, tree_search
from p2pshithead.bots._smart import _branches, _play_on, _signature, _worth_trying
from p2pshithead.engine import Flip, Game, Move

from .helpers import king_before_the_tens, lone_king, position


def test_the_tree_is_kept_for_two_seats_with_the_stock_gone():
    assert in_endgame(lone_king())
    assert not in_endgame(position([["5c"], ["6c"], ["7c"]]))  # three seats left
    assert not in_endgame(position([["5c"], ["6c"]], stock=["7c"]))  # cards left to draw


def test_the_tree_runs_its_playout_budget_exactly_and_repeats_its_choice():
    game = lone_king()
    moves = []
    for _ in range(2):
        bot = SmartBot(Budget(playouts=32), tree=True)
        moves.append(bot.decide(game.view(0), 0, random.Random(5)))
        assert bot.thinking.searches == 1 and bot.thinking.playouts == 32
    assert moves[0] == moves[1]


@pytest.mark.parametrize(("made", "alike"), [(king_before_the_tens, True), (lone_king, False)])
def test_a_position_s_moves_are_listed_once_where_only_face_down_cards_are_unseen(made, alike):
    """Seat 1's shown hand and the face-down cards: every world is one position until a card is
    turned, so each is listed once until then; with seat 1's hand unseen, each world's are listed."""
    view = made().view(0)
    listed: list[tuple[Move, ...]] = []

    def candidates(game: Game, seat: int, rng: random.Random) -> list[Move]:
        if not any(isinstance(move, Flip) for move in game.move_stack):
            listed.append(game.move_stack)
        return _branches(game, seat, rng)

    options = [(m,) for m in {_signature(view, m): m for m in _worth_trying(view, view.moves_for(0))}.values()]
    tree_search(view, 0, options, random.Random(1), {}, 200, Deadline(None, lambda: 0.0, 0.0), _signature,
                candidates, lambda game, me, rng, passed: _play_on(game, me, rng, passed))  # fmt: skip
    assert listed and (len(set(listed)) == len(listed)) is alike
