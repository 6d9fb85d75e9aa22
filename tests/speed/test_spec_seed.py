"""Speed against seed 003 (docs/speed.md), statement by statement, and a second reading of its rules
checking every position of random games.

The seed, in short: each player gets half a pack (a whole one with two packs) and lays out five stacks
of one to five cards, only the tops face up; equal face-up cards are stacked together and the stack
beneath turned; a face-up joker (and a king, in a variant) goes to a sixth stack; each player turns a
card into the centre, one pile each; cards go on a pile one above or one below its top, with no turns;
an emptied stack takes a face-up card and the next card is turned; when nobody can play, each player
turns a stock card onto their own pile; a player whose layout is played out slaps a pile, and one
with no cards at all has won; jokers are wild; Chinese Speed lays four face-up cards and keeps four.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from p2pshithead.speed import (
    JOKER,
    Finished,
    IllegalActionError,
    Play,
    Slap,
    Speed,
    SpeedRules,
    Stuck,
    TurnedUp,
    choose,
    choose_random,
    open_all,
    rank,
)

from ..profiles import examples
from .positions import card, layout_slots, started, tops

STEP_LIMIT = 8000


@pytest.mark.parametrize("packs, each", [(1, 26), (2, 52)])
def test_half_a_pack_each_or_a_whole_pack_each(packs, each):
    """Seed: "each player gets half of one pack; with two packs, each player gets a pack"."""
    game = Speed(SpeedRules(packs=packs))
    assert [game.cards_left(s) + len(game.piles[s]) for s in (0, 1)] == [each, each]


def test_five_stacks_of_one_to_five_each_top_face_up():
    """Seed: stacks of 1, 2, 3, 4 and 5 cards, one face-up card on top of each, the rest face down."""
    game, _ = started(SpeedRules(), tops(SpeedRules(), [card(1), card(3), card(5), card(7), card(9)],
                                         [card(2), card(4), card(6), card(8), card(10)], (card(12), card(12, 1))))
    for seat in (0, 1):
        assert [len(s) for s in game.stacks[seat][:5]] == [1, 2, 3, 4, 5] and game.up[seat][:5] == [1] * 5


def test_each_player_turns_a_card_into_the_centre():
    """Seed: "each player lays a card in the centre, side by side, so that each player has a pile of their own"."""
    game, _ = started(SpeedRules(), {})
    assert [len(p) for p in game.piles] == [1, 1]
    assert game.piles[0][0] == layout_slots(0)[1] and game.piles[1][0] == layout_slots(1)[1]


@pytest.mark.parametrize("top, rank_, fits", [(6, 5, True), (6, 7, True), (6, 6, False), (6, 9, False)])
def test_one_above_or_one_below(top, rank_, fits):
    """Seed: "the card must follow or precede the top card in the centre"."""
    rules = SpeedRules()
    others = [r for r in (3, 11, 12, 2, 9, 8) if abs(r - top) > 1 and r != rank_][:4]
    game, _ = started(rules, tops(rules, [card(rank_), *map(card, others)],
                                  [card(r, 1) for r in (2, 3, 11, 12, 9)], (card(top, 2), card(10, 3))))
    slot = layout_slots(0)[0][0][-1]
    assert (Play(slot, 0, 1, 0) in game.plays_for(0)) is fits
    if not fits:
        with pytest.raises(IllegalActionError, match="not one above or below"):
            game.judge(0, Play(slot, 0, 1, 0))


def test_no_turns():
    """Seed: "there are no turns in the game, everyone lays cards as fast as they can": both seats may act
    at any moment, one after the other or the same seat twice."""
    rules = SpeedRules()
    game, cards = started(rules, tops(rules, [card(5), card(7), card(11), card(12), card(2)],
                                      [card(9, 1), card(9, 2), card(1, 1), card(13, 1), card(3, 1)],
                                      (card(6, 2), card(10, 3))))
    five, seven = layout_slots(0)[0][0][-1], layout_slots(0)[0][1][-1]
    game.push(0, Play(five, 0, 1, 0))
    open_all(game, cards)
    assert game.plays_for(0) or game.plays_for(1)
    assert Play(seven, 0, 2, 0) not in game.plays_for(0)  # 7 on the 5: not adjacent
    game.push(1, next(p for p in game.plays_for(1) if p.pile == 1))  # the other seat, unasked


def test_a_slap_needs_an_empty_layout():
    """Seed: "when one of the players finishes their cards they slap one of the centre piles"."""
    game, _ = started(SpeedRules(), {})
    with pytest.raises(IllegalActionError, match="slapped with"):
        game.judge(0, Slap(0, 0))


def fits(game: Speed, card_rank: int, pile: int) -> bool:
    """The seed's rule read afresh: any card on an empty pile (docs/speed.md), jokers wild, else one apart
    (K and A too with `wrap`)."""
    if not game.piles[pile]:
        return True
    top = rank(game.known[game.piles[pile][-1]], game.rules.jokers)
    if JOKER in (card_rank, top):
        return True
    gap = abs(card_rank - top)
    return gap == 1 or (game.rules.wrap and gap == 12)


def check(game: Speed) -> None:
    """Every settled position: the plays offered are the seed's, the layout is tidy, someone can act."""
    assert sorted(game.places()) == list(range(game.rules.size))
    if game.is_over():
        return
    for seat in (0, 1):
        face_up = [slot for _, slot in game.face_up(seat)]
        offered = {(p.slot, p.pile) for p in game.plays_for(seat)}
        expected = {(s, pile) for s in face_up for pile in (0, 1) if fits(game, game.rank_of(s), pile)}
        assert offered == expected
        stacks, up = game.stacks[seat], game.up[seat]
        main = range(4 if game.rules.chinese else 5)
        tops_ = [game.rank_of(stacks[i][-1]) for i in main if stacks[i]]
        assert all(up[i] for i in main if stacks[i]), "a face-down card lies on top"
        assert len(tops_) == len(set(tops_)), "equal face-up cards were not stacked together"
        aside = {JOKER, 13} if game.rules.kings else {JOKER}
        if not game.rules.chinese:
            assert not aside & set(tops_), "a joker (or king) was not set aside"
            hidden = any(len(stacks[i]) > up[i] for i in main)
            assert not (hidden and any(not stacks[i] for i in main)), "an empty stack was not filled"
        elif game.stock[seat]:
            assert all(stacks[i] for i in main), "a Chinese stack was not filled from the stock"
        if game.layout_size(seat) == 0 and game.stock[seat] and not game.rules.chinese:
            assert game.may_slap(seat)
    assert any(game.legal_actions(s) for s in (0, 1)), "nobody can act and nothing was turned"


RULES = st.builds(
    SpeedRules, wrap=st.booleans(), jokers=st.booleans(), kings=st.booleans(), burn=st.booleans(),
    chinese=st.booleans(), packs=st.sampled_from([1, 1, 2]), rounds=st.integers(1, 30),
)  # fmt: skip


@examples(30)
@given(rules=RULES, seed=st.integers(0, 2**32))
def test_random_games_follow_the_seed(rules: SpeedRules, seed: int) -> None:
    """Every position of a random game between two players: the seed's plays and layout, cards kept, an end;
    when nobody can play, each player with a stock turns one card onto their own pile."""
    rng = random.Random(seed)
    cards = list(range(rules.size))
    rng.shuffle(cards)
    game = Speed(rules)
    events = list(game.opening) + open_all(game, cards)
    for _ in range(STEP_LIMIT):
        if any(isinstance(e, Stuck) for e in events):
            stuck = next(e for e in events if isinstance(e, Stuck))
            turned = [e for e in events if isinstance(e, TurnedUp) and e.pile is not None]
            assert all(e.pile == e.seat for e in turned) and stuck.seats
        check(game)
        if game.is_over():
            return
        seat = rng.randrange(2)
        if not game.legal_actions(seat):
            seat = 1 - seat
        action = choose(game, seat) if rng.random() < 0.5 else choose_random(game, seat, rng)
        assert action is not None
        events = game.push(seat, action) + open_all(game, cards)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("left, plays, order", [((3, 5), (0, 0), (0, 1)), ((5, 3), (0, 0), (1, 0)),
                                                ((4, 4), (2, 7), (1, 0)), ((4, 4), (3, 3), (0, 1))])
def test_blocked_fewest_cards_win_then_most_played_then_seat_zero(left, plays, order):
    """docs/speed.md ("Blocked": the seed has no rule): nobody can play and no stock is left: the fewest cards
    left win; a tie goes to the most cards played, then to seat 0."""
    rules = SpeedRules()
    odd = [1, 3, 5, 7, 9]
    game, _ = started(rules, tops(rules, [card(r) for r in odd], [card(r, 1) for r in odd], (card(12), card(12, 1))))
    for seat in (0, 1):  # keep `left[seat]` face-up odd cards in the layout, no stock: nothing fits on a Q
        game.burned += game.piles[seat][1:]  # the cards turned when nobody could play: the Qs on top again
        del game.piles[seat][1:]
        game.burned += game.stock[seat] + [s for st in game.stacks[seat] for s in st[:-1]]
        game.stock[seat] = []
        for stack in game.stacks[seat]:
            del stack[:-1]
        for stack in game.stacks[seat][left[seat]:]:
            game.burned += stack
            stack.clear()
        game.up[seat] = [1 if st else 0 for st in game.stacks[seat]]
    game.plays = list(plays)
    events = game._settle()
    assert game.order == order and "fewest cards" in game.why and events[-1] == Finished(order, game.why)
