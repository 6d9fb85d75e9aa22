"""Beliefs about hidden cards from what opponents did: sound against greedy tables, used by the sampler."""

from __future__ import annotations

import random
from collections import Counter

from p2pshithead.bots import Beliefs, GreedyBot, LocalTable, sample_world
from p2pshithead.bots._greedy import keep_value
from p2pshithead.engine import Card, Game, Move, Phase, PickUp, Play, Ready, card_at, preset

from .helpers import position

GREEDY = GreedyBot(wander=0)


def cards(*names: str) -> set[Card]:
    return {Card.from_text(n) for n in names}


def step(game: Game, beliefs: Beliefs) -> tuple[Move, dict[int, frozenset[Card]]]:
    """Seat 0 sees the position, seat 1 (greedy) moves, seat 0 sees the result."""
    beliefs.observe(game.view(0), 0)
    move = GREEDY.decide(game.view(1), 1, random.Random(0))
    assert move is not None
    game.push(move)
    return move, dict(beliefs.observe(game.view(0), 0))


def test_a_pick_up_says_the_cards_held_through_could_not_beat_the_pile() -> None:
    game = position([["Jc"], ["4c", "5d", "6s"], ["Kd"]], pile=["9h"], turn=1, stock=["7d"])
    move, avoid = step(game, Beliefs())
    assert isinstance(move, PickUp)
    held = game.hand(1)[:3]
    assert set(avoid) == set(held)
    for slot in held:
        assert game.card(slot) not in avoid[slot]
        assert cards("9s", "Ks", "As", "2s", "10s", "3s") <= avoid[slot]  # all beat a 9 (3 mirrors it)
        assert not cards("8s", "4s", "7s") & avoid[slot]


def test_a_plain_play_says_every_copy_went_and_nothing_lower_was_playable() -> None:
    game = position([["Jc"], ["5s", "5d", "7c", "Kc"], ["Kd"]], pile=["4h"], turn=1)
    move, avoid = step(game, Beliefs())
    assert isinstance(move, Play) and len(move.slots) == 2
    for slot in game.hand(1):
        assert cards("5c", "5h", "4s") <= avoid[slot]  # 5s went together; a 4 on a 4 would have gone first
        assert not cards("6s", "7s", "2s", "10s", "3s", "8s") & avoid[slot]


def test_a_power_card_says_no_plain_card_held_through_was_playable() -> None:
    game = position([["Jc"], ["2s", "4c", "5d"], ["Kd"]], pile=["Kh"], turn=1)
    move, avoid = step(game, Beliefs())
    assert isinstance(move, Play) and game.card(move.slots[0]) == Card.from_text("2s")
    for slot in game.hand(1):
        assert cards("Ks", "As", "3s") <= avoid[slot]  # a king, an ace or a mirror would have gone before the 2
        assert not cards("4s", "5s", "Qs", "2h", "10s") & avoid[slot]  # a 10 waits for a big pile


def test_a_power_card_says_no_power_card_greedy_plays_first_was_held() -> None:
    big = ["4h", "5h", "6h", "7h", "8h", "9h"]  # a pile worth burning: a 10 goes before a 3
    game = position([["Jc"], ["3s", "4c", "5d"], ["Kd"]], pile=[*big, "Kh"], turn=1)
    move, avoid = step(game, Beliefs())
    assert isinstance(move, Play) and game.card(move.slots[0]) == Card.from_text("3s")
    for slot in game.hand(1):
        assert cards("10s", "Ks", "As") <= avoid[slot]
        assert not cards("2s", "3h", "4s") & avoid[slot]


def test_a_shown_card_says_the_hand_holds_no_lower_plain_card() -> None:
    order = list(range(52))
    random.Random(4).shuffle(order)
    game = Game.deal_known(preset("classic"), 3, 0, order)
    beliefs = Beliefs()
    while game.phase is not Phase.PLAY:
        seat = game.awaited()[0]
        if seat == 0:
            beliefs.observe(game.view(0), 0)
        move = GREEDY.decide(game.view(seat), seat, random.Random(0))
        assert move is not None
        game.push(move)
    avoid = beliefs.observe(game.view(0), 0)
    table, view = game.power_table, game.view(0)
    learned = 0
    for seat in (1, 2):
        shown = [c.rank for s in game.hand(seat) if (c := view.card(s)) is not None]
        for slot in (s for s in game.hand(seat) if view.card(s) is None):
            lower = {c for c in card_deck() if table[c.rank].plain and shown and c.rank < min(shown)}
            assert lower <= avoid.get(slot, frozenset()) and game.card(slot) not in avoid.get(slot, frozenset())
            learned += bool(lower)
    assert learned


def card_deck() -> list[Card]:
    return [card_at(i, 1, 0) for i in range(52)]


def test_the_row_laid_out_says_the_hand_holds_nothing_worth_more_face_up() -> None:
    order = list(range(52))
    random.Random(2).shuffle(order)
    game = Game.deal_known(preset("classic"), 3, 0, order)
    beliefs = Beliefs()
    beliefs.observe(game.view(0), 0)
    while game.phase is Phase.SWAP:
        seat = next(s for s in range(3) if s not in game.ready)
        move = Ready(0) if seat == 0 else GREEDY.decide(game.view(seat), seat, random.Random(0))
        assert move is not None
        game.push(move)
    avoid = beliefs.observe(game.view(0), 0)
    table = game.power_table
    deck = [card_at(i, 1, 0) for i in range(52)]
    for seat in (1, 2):
        least = min(keep_value(table, c) for s in game.face_up(seat) if (c := game.card(s)))
        hidden = [slot for slot in game.hand(seat) if game.view(0).card(slot) is None]
        assert hidden
        for slot in hidden:
            assert avoid[slot] == {c for c in deck if keep_value(table, c) > least}
            assert game.card(slot) not in avoid[slot]
    assert not set(game.hand(0)) & set(avoid)


def test_another_game_starts_the_memory_afresh() -> None:
    beliefs = Beliefs()
    game = position([["Jc"], ["4c", "5d", "6s"], ["Kd"]], pile=["9h"], turn=1, stock=["7d"])
    step(game, beliefs)
    other = LocalTable(preset("classic"), [GREEDY] * 3, random.Random(3)).game
    assert beliefs.observe(other.view(0), 0) == {}


def test_the_sampler_follows_beliefs_it_can_and_drops_those_it_cannot() -> None:
    game = LocalTable(preset("classic"), [GREEDY] * 4, random.Random(5)).game
    view = game.view(0)
    slot, other = game.hand(1)[0], game.hand(2)[0]
    everything = frozenset(card_at(i, 1, 0) for i in range(52))
    wanted = Card.from_text("Qh") if Card.from_text("Qh") not in view.known.values() else Card.from_text("Qs")
    avoid = {slot: everything - {wanted}, other: everything}
    for seed in range(5):
        world = sample_world(view, random.Random(seed), avoid)
        assert world.card(slot) == wanted
        assert Counter(world.card(s) for s in range(world.size)) == Counter(everything)


class Watcher:
    """Plays like greedy and counts the beliefs its view gives that the true deal breaks."""

    name = "watcher"

    def __init__(self) -> None:
        self.beliefs = Beliefs()
        self.table: LocalTable | None = None
        self.true = self.false = 0

    def decide(self, view: Game, me: int, rng: random.Random) -> Move | None:
        assert self.table is not None
        for slot, shunned in self.beliefs.observe(view, me).items():
            self.true += self.table.game.card(slot) not in shunned
            self.false += self.table.game.card(slot) in shunned
        return GREEDY.decide(view, me, rng)


def test_beliefs_hold_at_greedy_tables() -> None:
    """Greedy opponents (wandering now and then, as at the table) seldom break a belief."""
    watcher = Watcher()
    for g in range(6):
        watcher.table = LocalTable(preset("classic"), [watcher, *[GreedyBot()] * 3], random.Random(g))
        watcher.table.play()
    assert watcher.true > 100 and watcher.false <= 0.05 * (watcher.true + watcher.false), (watcher.true, watcher.false)
