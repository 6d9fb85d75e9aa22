"""Properties of Speed's rules under any interleaving of two honest players' actions.

A schedule (drawn by hypothesis) says at each step which seat acts: a seat with nothing in flight
chooses on the position as it is (it may be stale by the time its action arrives, as on a network);
a seat with an action in flight has it delivered, in the order the schedule gives (the relay's
order). Checked: no card is created or lost; an honest action is never illegal, only late; every
game ends; a second peer applying the same delivered sequence holds the same position.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from p2pshithead.speed import Action, Speed, SpeedRules, choose, choose_random, open_all

from ..profiles import examples

RULES = st.builds(
    SpeedRules, wrap=st.booleans(), jokers=st.booleans(), kings=st.booleans(), burn=st.booleans(),
    chinese=st.booleans(), packs=st.sampled_from([1, 1, 2]), rounds=st.integers(1, 6),
)  # fmt: skip
STEP_LIMIT = 6000


def run(rules: SpeedRules, seed: int, data: st.DataObject) -> tuple[Speed, list[tuple[int, Action]], list[int]]:
    rng = random.Random(seed)
    cards = list(range(rules.size))
    rng.shuffle(cards)
    game = Speed(rules)
    open_all(game, cards)
    in_flight: dict[int, Action] = {}
    delivered: list[tuple[int, Action]] = []
    steps = 0
    sound = data.draw(st.tuples(st.booleans(), st.booleans()))
    while game.order is None:
        steps += 1
        assert steps < STEP_LIMIT, "the game did not end"
        seat = data.draw(st.integers(0, 1)) if steps < 200 else rng.randrange(2)
        if seat in in_flight:
            action = in_flight.pop(seat)
            game.push(seat, action)  # never raises: an honest action is legal or late
            delivered.append((seat, action))
            open_all(game, cards)
            assert sorted(game.places()) == list(range(rules.size))
        else:
            chosen = choose(game, seat) if sound[seat] else choose_random(game, seat, rng)
            if chosen is not None:
                in_flight[seat] = chosen
            elif 1 - seat not in in_flight and not game.legal_actions(1 - seat):
                raise AssertionError("nobody can act and nothing was turned")
    return game, delivered, cards


@examples(30)
@given(RULES, st.integers(0, 2**32), st.data())
def test_no_card_is_created_or_lost_and_every_game_ends(rules: SpeedRules, seed: int, data: st.DataObject) -> None:
    game, _, _ = run(rules, seed, data)
    assert sorted(game.places()) == list(range(rules.size))
    assert game.order is not None and sorted(game.order) == [0, 1]


@examples(30)
@given(RULES, st.integers(0, 2**32), st.data())
def test_every_peer_holds_the_same_position_after_the_same_entries(rules: SpeedRules, seed: int,
                                                                   data: st.DataObject) -> None:  # fmt: skip
    game, delivered, cards = run(rules, seed, data)
    other = Speed(rules)
    open_all(other, cards)
    for seat, action in delivered:
        other.push(seat, action)
        open_all(other, cards)
    assert other == game
