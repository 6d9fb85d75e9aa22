"""An opponent's replies in the two-seat endgame: read from the views, and how far the tree follows greedy's move."""

from __future__ import annotations

import random

import pytest

from p2pshithead.bots import Budget, SmartBot
from p2pshithead.bots._habits import PRIOR, Habits, trust
from p2pshithead.bots._smart import _choices, _signature, _usual
from p2pshithead.engine import Game, Play

from .helpers import king_before_the_tens, position


def _five_on_a_four() -> Game:
    """Seat 0 holds 5 K on a 4; seat 1 (its hand shown) 6 9 Q; a face-down 10 each, the only cards unseen.
    Slots: 0 the 5, 1 the K, 3 the 6, 4 the 9, 5 the Q."""
    return position([["5c", "Kh"], ["6c", "9c", "Qc"]], pile=["4h"], downs=[["10c"], ["10d"]], shown=[1])


def _trust_after(reply: Play) -> float:
    game, habits = _five_on_a_four(), Habits(_signature, _choices, _usual)
    assert habits.observe(game.view(0), 0) == {1: PRIOR}
    five = Play(0, (0,))
    habits.moved(game.view(0), 0, five)
    game.push(five)
    game.push(reply)
    return habits.observe(game.view(0), 0)[1]


def test_a_reply_that_is_greedy_s_move_raises_the_trust_and_another_lowers_it():
    assert _usual(_after_five(), 1) == Play(1, (3,))  # the lowest that beats a 5: the 6
    assert _trust_after(Play(1, (3,))) == trust(1, 0) > PRIOR
    assert _trust_after(Play(1, (5,))) == trust(0, 1) < PRIOR  # the queen: a choice greedy would not make


def _after_five() -> Game:
    game = _five_on_a_four()
    game.push(Play(0, (0,)))
    return game


def test_a_reply_is_forgotten_outside_a_two_seat_endgame_and_unread_without_the_move_before():
    game, habits = _five_on_a_four(), Habits(_signature, _choices, _usual)
    game.push(Play(0, (0,)))
    game.push(Play(1, (5,)))
    assert habits.observe(game.view(0), 0) == {1: PRIOR}  # this seat's move was not told: nothing read
    stocked = position([["5c", "Kh"], ["6c"]], pile=["4h"], stock=["9d"], shown=[1])
    assert habits.observe(stocked.view(0), 0) == {}  # cards in the stock: no endgame


@pytest.mark.parametrize(("agreed", "differed"), [(0, 0), (3, 0), (0, 2), (5, 1)])
def test_trust_rises_with_each_agreement_and_falls_with_each_difference(agreed, differed):
    t = trust(agreed, differed)
    assert 0 < trust(agreed, differed + 1) < t < trust(agreed + 1, differed) < 1


def test_trust_stays_a_chance_after_thousands_of_replies():
    """The odds overflowed a float (OverflowError) after some 1,300 agreements, in an endgame dragged out."""
    assert trust(5_000, 0) > 0.999 and trust(0, 5_000) < 0.001 and 0 < trust(1_200, 300) < 1
    assert trust(1, 0) == pytest.approx(0.2 * 0.95 / 0.55 / (0.8 + 0.2 * 0.95 / 0.55))  # the odds, as before


def test_a_trusted_opponent_s_replies_in_the_tree_are_greedy_s_move():
    """With full trust the tree walks only greedy's reply at the opponent's nodes; without, it searches them."""

    def reply_walks(percent: int) -> list[int]:
        bot = SmartBot(Budget(playouts=300), trust=percent)
        bot.decide(king_before_the_tens().view(0), 0, random.Random(1))
        replies = [kid for root in bot.trees[0].roots for listed in root.moves for kid in listed[1]]
        return [kid.visits for kid in replies]

    trusted, searched = reply_walks(100), reply_walks(0)
    assert trusted and searched
    assert sum(v > 0 for v in trusted) < sum(v > 0 for v in searched)


def test_with_more_than_two_seats_left_the_tree_takes_every_opponent_to_play_greedy_s_move():
    """Replies are read with one opponent only; with more, the tree models them as the search before it did."""
    bot = SmartBot(Budget(playouts=8))
    three = position([["5c"], ["6c"], ["7c"]]).view(0)
    assert bot._trust(three, {}) == {0: 1.0, 1: 1.0, 2: 1.0}
    assert bot._trust(_five_on_a_four().view(0), {1: 0.3}) == {1: 0.3}
    assert SmartBot(trust=0)._trust(three, {}) == {0: 0.0, 1: 0.0, 2: 0.0}  # set: as set
