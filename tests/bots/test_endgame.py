"""The two-player endgame's tree: kept for that endgame, deterministic under a playout budget."""

from __future__ import annotations

import random

import pytest

from p2pshithead.bots import Budget, SmartBot, measuring_player
from p2pshithead.bots._budget import Deadline
from p2pshithead.bots._endgame import Tree, _Node, _reused, in_endgame, tree_search, worlds_alike
from p2pshithead.bots._smart import _branches, _scores, _signature, _worth_trying
from p2pshithead.engine import Card, Flip, Game, Move, PickUp, Play

from .helpers import king_before_the_tens, lone_king, position


def test_the_tree_is_kept_for_two_seats_or_up_to_its_seats_with_the_stock_gone():
    assert in_endgame(lone_king())
    assert in_endgame(position([["5c"], ["6c"], ["7c"]]))  # three seats left
    assert not in_endgame(position([["5c"], ["6c"], ["7c"]]), seats=2)
    assert not in_endgame(position([["5c"], ["6c"], ["7c"], ["8c"]]))  # four seats left
    assert not in_endgame(position([["5c"], ["6c"]], stock=["7c"]))  # cards left to draw
    stick = measuring_player("truecards:64p")
    assert isinstance(stick, SmartBot) and stick.tree_seats == 2  # the stick's tree begins at two, as DeeperShit's


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
                candidates, lambda game, me, seats, rng, passed: _scores(game, me, seats, rng, passed))  # fmt: skip
    assert listed and (len(set(listed)) == len(listed)) is alike


def _second_decision_walks(bot: SmartBot) -> int:
    """The walks of `bot`'s tree at its second decision of `king_before_the_tens`: seat 0 plays its king,
    seat 1 must pick up. The bot is shown the game itself, which then moves on (as a table shows
    `truecards`): a tree kept must keep its own copy of the position."""
    game, rng = king_before_the_tens(), random.Random(3)
    move = bot.decide(game, 0, rng)
    assert isinstance(move, Play) and game.card(move.slots[0]) == Card.from_text("Kh")
    game.push(move)
    game.push(PickUp(1))
    bot.decide(game, 0, rng)
    return sum(root.visits for root in bot.trees[0].roots)


def test_the_next_decision_goes_on_with_the_walks_of_the_tree_before():
    assert _second_decision_walks(SmartBot(Budget(playouts=200))) > 200  # the 200 of this search, and more
    assert _second_decision_walks(SmartBot(Budget(playouts=200), quick=False)) == 200  # a tree afresh


def test_a_tree_is_not_taken_up_at_a_position_it_never_walked():
    view = king_before_the_tens().view(0)
    bot = SmartBot(Budget(playouts=50))
    bot.decide(view, 0, random.Random(1))
    kept = bot.trees[0]
    other = position([["5c", "5d", "Kh"], ["6c", "6d"]], pile=["9h"], downs=[["10c"], ["10d"]], shown=[1])
    assert _reused(kept, other.view(0), 0) == {}
    stick = measuring_player("truecards:64p")
    assert isinstance(stick, SmartBot) and not stick.quick  # the stick keeps the tree it was measured with


def test_worlds_are_alike_only_where_every_unseen_card_lies_face_down():
    assert worlds_alike(king_before_the_tens().view(0))
    assert not worlds_alike(lone_king().view(0))  # seat 1's hand unseen
    assert not worlds_alike(position([["5c"], ["6c"]], stock=["7c"], shown=[1]).view(0))  # a card to draw


def _hands_and_downs_unseen() -> Game:
    """Seat 1's hand and both rows of face-down cards unseen by seat 0: worlds differ at once."""
    return position([["5c", "5d", "Kh", "9s"], ["6c", "6d", "Jh"]], pile=["4h"], downs=[["10c", "3s"], ["10d", "7h"]])


@pytest.mark.parametrize(
    ("made", "seed", "visits"),
    [
        (king_before_the_tens, 1, [2, 290, 6, 2]),
        (king_before_the_tens, 2, [6, 290, 2, 2]),
        (lone_king, 1, [5, 288, 5, 2]),
        (lone_king, 2, [6, 286, 6, 2]),
        (_hands_and_downs_unseen, 1, [121, 14, 107, 50, 8]),
        (_hands_and_downs_unseen, 2, [65, 15, 81, 113, 26]),
    ],
)
def test_a_search_at_a_playout_budget_walks_as_the_tree_of_e44a56d_did(made, seed, visits):
    """Speed-ups must not change what the search does: each root's walks at 300 playouts are pinned as
    the tree of e44a56d (main before the endgame's speed-ups) made them (`scripts/endgame-speed` pins
    whole endgames against another version the same way)."""
    bot = SmartBot(Budget(playouts=300), trust=0)  # the opponents' replies searched, as then
    bot.decide(made().view(0), 0, random.Random(seed))
    assert [root.visits for root in bot.trees[0].roots] == visits


def test_a_kept_node_goes_on_only_after_the_very_move_it_was_listed_after():
    """Taking the ace of clubs or of diamonds with the pile is one move to a player (one key), but the
    positions differ: the tree before listed seat 0's ace of diamonds played from the hand after taking
    it, which is illegal after taking the ace of clubs (it stays face up beside a hand). Only the node of
    the 9's pick-up, listed after that very move, is taken up."""
    view = position([["4c"], ["7s", "3c", "Ks"]], pile=["3h"], ups=[["Ac", "Ad", "9d"], []],
                    downs=[["10c"], ["10d"]], shown=[1]).view(0)  # fmt: skip
    four, pick = view.moves_for(0)
    take_ad, take_9 = PickUp(0, up=2), PickUp(0, up=3)
    after_ad = _Node(visits=3, available=3, moves=[([Play(1, (6,))], []), ([Play(0, (2,))], [])])
    after_9 = _Node(visits=1, available=3)
    root = _Node(visits=5, available=5, moves=[([Play(1, (5,))], []), ([take_ad, take_9], [after_ad, after_9])])
    kept = Tree(view.copy(), [(four,), (pick,)], [root, _Node()], {})
    view.push(four)
    view.push(Play(1, (5,)))  # the 7: seat 0 can play none of its face-up cards and takes one with the pile
    assert view.moves_for(0) == [PickUp(0, up=1), take_ad, take_9]
    assert _signature(view, PickUp(0, up=1)) == _signature(view, take_ad)
    _, _, tree = tree_search(
        view, 0, [(PickUp(0, up=1),), (take_9,)], random.Random(1), {}, 50, Deadline(None, lambda: 0.0, 0.0),
        _signature, _branches, lambda game, me, seats, rng, passed: _scores(game, me, seats, rng, passed), kept,
    )  # fmt: skip
    assert tree.roots[0] is not after_ad and tree.roots[1] is after_9
