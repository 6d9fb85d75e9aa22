"""Speed's rules, case by case from seed 003 (docs/speed.md)."""

from __future__ import annotations

import random

import pytest

from p2pshithead.speed import (
    Burn,
    Finished,
    IllegalActionError,
    Late,
    Play,
    Played,
    Slap,
    Slapped,
    Speed,
    SpeedRules,
    Stuck,
    TurnedUp,
    choose,
    open_all,
)
from tests.speaking import speaking
from tests.speed.positions import card, layout_slots, started, tops

RULES = SpeedRules()


def test_layout_is_five_stacks_of_one_to_five_with_only_the_tops_turned() -> None:
    odd, even = [card(1), card(3), card(5), card(7), card(9)], [card(2), card(4), card(6), card(8), card(10)]
    game, _ = started(RULES, tops(RULES, odd, even, (card(2, 2), card(12, 1))))
    for seat in (0, 1):
        assert [len(s) for s in game.stacks[seat]] == [1, 2, 3, 4, 5, 0]
        assert game.up[seat] == [1, 1, 1, 1, 1, 0]
        assert len(game.stock[seat]) == 26 - 15 - 1
    stacks, pile = layout_slots(0)
    assert set(game.known) == {s[-1] for s in stacks} | {pile} | {s[-1] for s in layout_slots(1)[0]} | {
        layout_slots(1)[1]}  # the face-down cards and the stocks are known to nobody
    assert [game.pile_text(0), game.pile_text(1)] == ["2\u2665", "Q\u2666"]


def test_equal_face_up_cards_merge_onto_the_leftmost_and_the_next_is_turned() -> None:
    stacks, _ = layout_slots(0)
    sevens, even = [card(1), card(7), card(5), card(7, 1), card(9)], [card(2), card(4), card(6), card(8), card(10)]
    fixed = tops(RULES, sevens, even, (card(12), card(12, 1)))
    game, cards = started(RULES, fixed)
    assert game.stacks[0][1][-2:] == [stacks[1][-1], stacks[3][-1]] or game.stacks[0][1][:2] == stacks[1][:1] + [
        stacks[1][-1]]  # the second 7 lies on the first
    assert stacks[3][-1] in game.stacks[0][1] and stacks[3][-2] in game.known  # the card beneath was turned


@pytest.mark.parametrize(("options", "aside"), [("jokers=on", 0), ("kings=on", 13)])
def test_jokers_and_kings_go_to_the_sixth_stack(options: str, aside: int) -> None:
    rules = SpeedRules.from_text(f"speed {options}")
    special = 52 if aside == 0 else card(13)
    fixed = tops(rules, [card(1), special, card(5), card(7), card(9)], [card(2), card(4), card(6), card(8), card(10)],
                 (card(12), card(12, 1)))  # fmt: skip
    game, _ = started(rules, fixed)
    assert [game.text(s) for s in game.stacks[0][5]] == ["joker" if aside == 0 else "K\u2663"]
    assert layout_slots(0)[0][1][0] in game.known  # the card beneath came up


@pytest.mark.parametrize(
    ("rank", "top", "options", "legal"),
    [(5, 6, "", True), (7, 6, "", True), (6, 6, "", False), (8, 6, "", False), (1, 13, "", True),
     (13, 1, "", True), (1, 13, "wrap=off", False), (2, 1, "wrap=off", True), (12, 13, "wrap=off", True)],
)  # fmt: skip
def test_a_card_goes_one_above_or_one_below(rank: int, top: int, options: str, legal: bool) -> None:
    rules = SpeedRules.from_text(f"speed {options}")
    others = [r for r in (3, 9, 11, 4, 10, 2, 8) if r not in (rank, top, rank - 1, rank + 1)]
    fixed = tops(rules, [card(rank), *map(card, others[:4])], [card(others[0], 1), *(card(r, 1) for r in others[1:5])],
                 (card(top, 2), card(others[4], 3)))  # fmt: skip
    game, _ = started(rules, fixed)
    slot = layout_slots(0)[0][0][-1]
    assert (Play(slot, 0, 1, 0) in game.plays_for(0)) is legal


def test_jokers_are_wild() -> None:
    rules = SpeedRules.from_text("speed jokers=on")
    fixed = tops(rules, [card(2), card(4), card(6), card(8), card(10)], [card(3), card(5), card(7), card(9), card(11)],
                 (52, card(13, 1)))  # fmt: skip
    game, _ = started(rules, fixed)
    assert {p.slot for p in game.plays_for(0) if p.pile == 0} == {s for _, s in game.face_up(0)}


def test_playing_a_card_turns_the_next_and_an_empty_stack_takes_a_face_up_card() -> None:
    fixed = tops(RULES, [card(5), card(9), card(11), card(2), card(7)], [card(3), card(3, 1), card(3, 2), card(3, 3),
                 card(13)], (card(6), card(1)))  # fmt: skip
    stacks, _ = layout_slots(0)
    fixed[stacks[4][-2]] = card(12)
    game, cards = started(RULES, fixed)
    events = game.push(0, Play(stacks[0][-1], 0, 1, 0))  # the 5 on the 6: stack 0 is empty now
    open_all(game, cards)
    assert game.stacks[0][0] == [stacks[1][-1]]  # the leftmost stack with cards beneath filled the gap
    assert stacks[1][0] in game.known  # and its next card came up
    assert events[0] == Played(0, stacks[0][-1], card(5), 0)


def test_when_nobody_can_play_both_turn_a_stock_card_onto_their_own_pile() -> None:
    rules, rng, stuck = SpeedRules(), random.Random(3), 0
    cards = list(range(52))
    rng.shuffle(cards)
    game = Speed(rules)
    events = game.opening
    while game.order is None:
        while game.awaiting:
            slot = next(iter(game.awaiting))
            before = [len(p) for p in game.piles]
            got = game.reveal(slot, cards[slot])
            if got and isinstance(got[0], TurnedUp) and got[0].pile is not None and Stuck in map(type, events):
                assert got[0].pile == got[0].seat and len(game.piles[got[0].seat]) == before[got[0].seat] + 1
            events = got
        if Stuck in map(type, events):
            stuck += 1
        seat = rng.randrange(2)
        action = choose(game, seat) or choose(game, 1 - seat)
        assert action is not None or game.awaiting or game.order, "nobody can play, yet nothing was turned"
        if action is not None:
            events = game.push(seat if action in game.legal_actions(seat) else 1 - seat, action)
    assert stuck > 0


def test_a_played_out_layout_slaps_a_pile_and_a_new_round_is_laid_out() -> None:
    game, cards = started(RULES, {})
    game.stacks[0] = [[] for _ in range(6)]  # seat 0 has played its layout out (its cards: to the burned, for the test)
    game.burned = [s for s in range(26) if s not in game.stock[0] and s not in game.piles[0]]
    game.up[0] = [0] * 6
    assert game.may_slap(0) and not game.may_slap(1)
    with pytest.raises(IllegalActionError, match="slapped with 15 cards"):
        game.judge(1, Slap(0, 0))
    small = min((0, 1), key=lambda p: len(game.piles[p]))
    stock, layout = len(game.stock[0]), game.layout_size(1) + len(game.stock[1])
    events = game.push(0, Slap(small, 0))
    assert events[0] == Slapped(0, small, 1, 1 + 15)
    open_all(game, cards)
    assert game.round == 1 and game.cards_left(0) + len(game.piles[0]) == stock + 1
    assert game.cards_left(1) + len(game.piles[1]) == layout + 1
    assert game.layout_size(0) == 11 and not game.stock[0] and not game.piles[0]  # 11 cards: all
    # laid out as far as they go (1, 2, 3, 4, 1), none left to turn onto the pile


def test_a_player_out_of_cards_wins() -> None:
    game, cards = started(RULES, {})
    for part in [*game.stacks[0], game.stock[0]]:
        game.burned += part
        part.clear()
    game.up[0] = [0] * 6
    events = game._settle()
    assert game.order == (0, 1) and "played out" in game.why and events[-1] == Finished((0, 1), game.why)


def test_late_and_illegal_plays() -> None:
    fixed = tops(RULES, [card(5), card(9), card(11), card(2), card(13)], [card(7), card(3, 1), card(3, 2), card(9, 3),
                 card(12)], (card(6), card(1)))  # fmt: skip
    game, cards = started(RULES, fixed)
    five, seven = layout_slots(0)[0][0][-1], layout_slots(1)[0][0][-1]
    nine = layout_slots(0)[0][1][-1]
    assert game.judge(1, Play(seven, 0, 1, 0)) is None
    game.push(1, Play(seven, 0, 1, 0))  # 7 on the 6: seat 0's 5, sent seeing the 6, is late
    late = game.push(0, Play(five, 0, 1, 0))
    assert isinstance(late[0], Late) and "late" in late[0].reason
    assert five in game.stacks[0][0]  # the card stays
    with pytest.raises(IllegalActionError, match="not one above or below"):
        game.judge(0, Play(nine, 0, 1, 0))  # a 9 was never legal on the 6
    with pytest.raises(IllegalActionError, match="not face up"):
        game.judge(0, Play(seven, 0, 2, 0))  # the other's card
    with pytest.raises(IllegalActionError, match="saw 5 cards"):
        game.judge(0, Play(five, 0, 5, 0))
    with pytest.raises(IllegalActionError, match="round 3 has not begun"):
        game.judge(0, Play(five, 0, 2, 3))
    # an honest program sends its next action after seeing its late one: late again only once a card moved
    with pytest.raises(IllegalActionError, match="late again with nothing moved"):
        game.push(0, Play(five, 0, 1, 0))
    assert five in game.stacks[0][0]
    mover = 0 if game.legal_actions(0) else 1
    game.push(mover, game.legal_actions(mover)[0])
    assert game.late == [False, False]  # a card moved: a late action is no fault again


def test_burn_three_of_a_kind() -> None:
    rules = SpeedRules.from_text("speed burn=on")
    fixed = tops(rules, [card(5), card(5, 1), card(5, 2), card(2), card(13)], [card(7), card(3, 1), card(3, 2),
                 card(9, 3), card(12)], (card(10), card(10, 1)))  # fmt: skip
    game, cards = started(rules, fixed)
    assert game.burnable(0) == [5] and game.burnable(1) == [3] or game.burnable(1) == []
    game.push(0, Burn(5, 0))
    assert len(game.burned) == 3 and all(game.rank_of(s) == 5 for s in game.burned)
    with pytest.raises(IllegalActionError):
        Speed(RULES).judge(0, Burn(5, 0))


def test_chinese_speed_keeps_four_face_up_stacks_and_has_no_slap() -> None:
    rules = SpeedRules.from_text("chinese")
    game, cards = started(rules, tops(rules, [card(1), card(3), card(5), card(9)], [card(2), card(4), card(6), card(8)],
                                      (card(11), card(11, 1))))  # fmt: skip
    assert [len(s) for s in game.stacks[0]] == [1, 1, 1, 1] and game.up[0] == [1, 1, 1, 1]
    play = next(p for p in game.plays_for(1) if p.pile == 0)
    game.push(1, play)
    open_all(game, cards)
    assert [len(s) for s in game.stacks[1]] == [1, 1, 1, 1]  # kept at four from the stock
    with pytest.raises(IllegalActionError, match="no slapping"):
        game.judge(0, Slap(0, 0))


@pytest.mark.parametrize("text", ["speed", "chinese", "speed wrap=off jokers=on", "chinese packs=2 rounds=5"])
def test_rules_text_round_trips(text: str) -> None:
    rules = SpeedRules.from_text(text)
    assert SpeedRules.from_text(rules.to_text()) == rules and rules.to_text() == text


@pytest.mark.parametrize(("text", "message"), [("poker", "preset"), ("speed jokes=on", "did you mean jokers"),
                                               ("speed wrap=yes", "on or off"), ("speed packs=3", "1 or 2")])
def test_bad_rules_are_refused_in_words(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SpeedRules.from_text(text)


def _played_out(rules: SpeedRules) -> Speed:
    """A whole game of two `choose` players, the deck shuffled by a fixed seed."""
    deal = list(range(rules.size))
    random.Random(7).shuffle(deal)
    game = Speed(rules)
    open_all(game, deal)
    for step in range(5000):
        seat = next((s for s in (step % 2, 1 - step % 2) if choose(game, s) is not None), None)
        if game.is_over() or seat is None:
            break
        action = choose(game, seat)
        assert action is not None
        game.push(seat, action)
        open_all(game, deal)
    assert game.is_over()
    return game


# Why a game stopped at its round limit, for 1, 2 and 3 rounds: each language's plural forms (Hebrew's
# "two" is the dual, שני סיבובים).
ROUND_LIMIT_WORDS = {
    "he": ["שוחק סיבוב אחד: מנצח מי שנשארו לו הכי מעט קלפים", "שוחקו שני סיבובים: מנצח מי שנשארו לו הכי מעט קלפים",
           "שוחקו 3 סיבובים: מנצח מי שנשארו לו הכי מעט קלפים"],
    "pt": ["1 rodada jogada: vence quem tem menos cartas", "2 rodadas jogadas: vence quem tem menos cartas",
           "3 rodadas jogadas: vence quem tem menos cartas"],
    "fr": ["1 manche jouée\u00a0: le moins de cartes gagne", "2 manches jouées\u00a0: le moins de cartes gagne",
           "3 manches jouées\u00a0: le moins de cartes gagne"],
}


@pytest.mark.parametrize("language", sorted(ROUND_LIMIT_WORDS))
def test_the_end_and_the_options_are_told_in_the_language_in_use(language: str) -> None:
    with speaking(language):
        said = [_played_out(SpeedRules(rounds=n)).why for n in (1, 2, 3)]
        options = RULES.words().splitlines()
    assert said == ROUND_LIMIT_WORDS[language]
    english = RULES.words().splitlines()
    assert len(options) == len(english) == 7 and not set(options) & set(english)


def test_a_bad_option_is_refused_in_the_language_in_use() -> None:
    with speaking("fr"), pytest.raises(ValueError) as error:
        SpeedRules.from_text("speed joker=on")
    assert str(error.value) == ("option de Speed inconnue 'joker=on' (vouliez-vous dire jokers\u00a0?)\u00a0; "
                                "options\u00a0: wrap, jokers, kings, burn, packs, rounds")
