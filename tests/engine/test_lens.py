"""A seat's lens (`Game.lens`): at every moment what a fresh `Game.view` shows, and read-only."""

from __future__ import annotations

import itertools
import random

import pytest

from p2pshithead.engine import PRESETS, Card, Game, Leave, Play, Rank, UnrevealedCardError, preset


def _dealt(rules_name: str, players: int, seed: int) -> Game:
    rules = PRESETS[rules_name]
    order = list(range(rules.deck_size(players)))
    random.Random(seed).shuffle(order)
    return Game.deal_known(rules, players, seed % players, order)


def _same(lens: Game, view: Game, seat: int, players: int) -> None:
    assert lens.to_text() == view.to_text()
    assert lens.known == view.known
    assert [m.text() for m in lens.moves_for(seat)] == [m.text() for m in view.moves_for(seat)]
    assert lens.awaited() == view.awaited()
    everything = tuple(range(view.size))
    assert lens.codes(everything) == view.codes(everything)  # what the lens answers from its game, masked
    zone = view.hand(seat) or view.face_up(seat)
    for slot in zone:
        assert lens.legal_play(seat, (slot,)) == view.legal_play(seat, (slot,))
    try:
        top = view.top_code()
    except UnrevealedCardError:
        return
    assert lens.top_code() == top
    assert lens.playable_codes(top) == view.playable_codes(top)
    _same_reads(lens, view, seat, zone, top)


def _same_reads(lens: Game, view: Game, seat: int, zone: tuple[int, ...], top: int) -> None:
    """`top_run`, `rank_groups` and `rank_play` of the lens and the view, against their definitions."""
    table = view.power_table
    plain = [c >> 3 for c in view.codes(view.pile) if c and not table[Rank(c >> 3)].transparent]
    run = next(((rank, len(list(cards))) for rank, cards in itertools.groupby(reversed(plain))), (0, 0))
    assert lens.top_run() == view.top_run() == run
    read = view.rank_groups(seat)
    assert lens.rank_groups(seat) == read
    if not zone:
        assert read is None
        return
    codes = view.codes(zone)
    can = view.playable_codes(top)
    ranks = list(dict.fromkeys(c >> 3 for c in codes if c))  # in zone order
    assert read is not None and read[0] == top and list(read[1]) == ranks
    assert dict(read[1]) == {r: tuple(x for x, c in zip(zone, codes, strict=True) if c and c >> 3 == r) for r in ranks}
    assert read[2] == {c >> 3 for c in codes if c and not can[c]}
    for rank, slots in read[1].items():
        for count in {1, len(slots)}:
            expected = view.legal_play(seat, tuple(slots[:count]))
            assert lens.rank_play(seat, rank, count) == view.rank_play(seat, rank, count) == expected
        assert view.rank_play(seat, rank, len(slots) + 1) is None
    assert view.rank_play(seat, 15, 1) is None  # no such rank in the zone


@pytest.mark.parametrize("rules_name", sorted(PRESETS))
def test_lens_shows_what_a_fresh_view_shows_at_every_step(rules_name):
    rng = random.Random(rules_name)
    for g in range(2):
        players = 3 + g
        game = _dealt(rules_name, players, g)
        lenses = [game.lens(seat) for seat in range(players)]
        for step in range(250):
            for seat in range(players):
                _same(lenses[seat], game.view(seat), seat, players)
            moves = list(game.legal_moves)
            if not moves:
                break
            move = Leave(rng.choice(game.active())) if step == 40 else rng.choice(moves)
            game.push(move)
            if step % 7 == 0:
                game.pop()  # undo and redo: the lens follows back and forth
                game.push(move)


def test_lens_is_read_only_and_its_copies_are_detached():
    game = _dealt("classic", 4, 1)
    lens = game.lens(0)
    move = game.moves_for(game.turn)[0]
    for change in (lambda: lens.push(move), lens.pop, lambda: lens.reveal(0, Card.from_text("2c"))):
        with pytest.raises(TypeError, match="read-only"):
            change()
    before = lens.copy()
    look = lens.view(0)
    game.push(move)
    assert before.to_text() == look.to_text() != lens.to_text() == game.view(0).to_text()
    before.push(before.moves_for(before.turn)[0])  # a copy is a game of its own
    assert lens.to_text() == game.view(0).to_text()


def test_lens_hides_other_hands_and_the_stock():
    game = _dealt("classic", 3, 2)
    lens = game.lens(1)
    assert set(lens.known) == set(game.public) | set(game.hand(1))
    assert all(lens.card(slot) is None for slot in (*game.hand(0), *game.stock, *game.face_down(1)))
    with pytest.raises(ValueError, match="no player 3"):
        game.lens(3)


def test_a_play_the_lens_judged_is_trusted_by_its_game():
    game = _dealt("classic", 4, 3)
    while game.phase.value != "play":
        game.push(game.moves_for(game.awaited()[0])[0])
    seat = game.turn
    lens = game.lens(seat)
    play = next(m for m in lens.moves_for(seat) if isinstance(m, Play))
    assert lens.legal_play(seat, play.slots) is not None
    assert id(play) in game._judged or play in game._judged.values()
    game.push(play)
    assert lens.to_text() == game.view(seat).to_text()
    assert preset("classic") == lens.rules


def test_a_dropped_lens_leaves_views_standing_still():
    game = _dealt("classic", 3, 4)
    while game.phase.value != "play":  # a play changes the state in place, unless it is shared
        game.push(game.moves_for(game.awaited()[0])[0])
    for _ in range(3):
        game.lens(0)  # made and dropped: it must not give back a share of the state it never held
    view = game.view(1)
    before = view.to_text()
    game.push(game.moves_for(game.awaited()[0])[0])
    assert view.to_text() == before != game.view(1).to_text()
