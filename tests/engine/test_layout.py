"""The engine's data layout (issue 12): what `push` trusts, copy on write, views as masked codes.

`push` judges every move except one this game already judged at this very position (from
`moves_for`/`legal_moves`, `is_legal`, or the `is_legal` of a view of its own player); the other
invariants (make/unmake restores, views and copies stand still) are checked over random games in
test_properties.py and against the engine before the change in test_differential.py.
"""

from __future__ import annotations

import pytest

from p2pshithead.engine import IllegalMoveError, PickUp, Play, Ruleset

from .helpers import move, table

STRICT = Ruleset(pickup_voluntary=False)
SPEC = "play d2 t1 + | H:4c | H:9c,5d | H:6h | P:7d,8s"  # player 1 could play 9c: no pick-up by choice


def test_another_players_view_does_not_vouch_for_their_move():
    game = table(SPEC, STRICT)
    assert game.view(0).is_legal(PickUp(1))  # player 0 cannot see 1's hand: nothing proves 1 can play
    assert not game.view(1).is_legal(PickUp(1))
    with pytest.raises(IllegalMoveError, match="picking up by choice is off"):
        game.push(PickUp(1))


def test_a_players_own_view_vouches_for_their_move_until_the_game_moves():
    game = table(SPEC, STRICT)
    view = game.view(1)
    nine = move(game, "1 play 9c")
    assert isinstance(nine, Play) and view.is_legal(nine)
    assert game._judged.get(id(nine)) is nine  # the game's push will trust it
    game.push(nine)
    assert view.is_legal(move(view, "1 play 5d")) is False  # the view stands still: 5 on an 8
    assert not game._judged  # and vouches for nothing in the moved game


def test_an_illegal_move_is_refused_whatever_was_judged_before():
    game = table(SPEC, STRICT)
    list(game.legal_moves)
    game.view(1).is_legal(move(game, "1 play 9c"))
    with pytest.raises(IllegalMoveError, match="play 8 or higher"):
        game.push(move(game, "1 play 5d"))


def test_views_and_copies_stand_still_while_the_game_moves_in_place():
    game = table(SPEC)
    before = game.to_text()
    view, twin = game.view(2), game.copy()
    seen = view.to_text()
    game.push(move(game, "1 play 9c"))
    twin.push(move(twin, "1 play 5d") if twin.is_legal(move(twin, "1 play 5d")) else PickUp(1))
    assert view.to_text() == seen and game.pop() and game.to_text() == before
    assert twin.pop() and twin.to_text() == before


def test_cards_reads_many_slots_at_once():
    game = table(SPEC)
    slots = [*game.hand(1), *game.pile, game.size - 1]
    assert game.cards(slots) == [game.card(slot) for slot in slots]
    assert game.view(0).cards(game.hand(1)) == [None, None]


def test_codes_of_a_view_are_zero_where_its_player_may_not_look():
    game = table(SPEC)
    hidden = [*game.hand(0), *game.hand(2)]
    seen = [*game.hand(1), *game.pile]
    view = game.view(1)
    assert view.codes(hidden) == [0] * len(hidden)
    assert view.codes(seen) == game.codes(seen) and all(game.codes(seen))
    assert [c >> 3 for c in game.codes(seen)] == [card and card.rank for card in game.cards(seen)]  # rank << 3 | suit


def test_legal_play_is_is_legal_of_one_play_and_vouches_only_for_a_legal_one():
    game = table(SPEC)
    nine, five = move(game, "1 play 9c"), move(game, "1 play 5d")
    assert isinstance(nine, Play) and isinstance(five, Play)
    view = game.view(1)
    assert view.legal_play(1, five.slots) is None  # 5 on an 8
    assert view.legal_play(0, game.hand(0)) is None  # not player 0's turn, and its card is hidden here
    made = view.legal_play(1, nine.slots)
    assert made == nine and view.legal_play(1, nine.slots) is made  # one object per play, kept
    assert game._judged.get(id(made)) is made  # its own view vouches for it: push trusts it
    assert game.view(0).legal_play(1, nine.slots) is None  # player 0 does not see the 9
    with pytest.raises(ValueError):
        game.legal_play(1, (-1,))
    game.push(made)
    assert game.move_stack == (nine,)


def test_rank_play_is_legal_play_of_a_ranks_first_cards_judged_from_rank_groups_at_that_position():
    game = table(SPEC)
    nine, five = game.hand(1)
    view = game.view(1)
    read = view.rank_groups(1)
    assert read is not None and read[0] == game.top_code()
    assert dict(read[1]) == {9: (nine,), 5: (five,)} and read[2] == {5}  # 5 on an 8: refused
    with pytest.raises(TypeError):
        read[1][5] = (nine,)  # type: ignore[index]  # the read is the engine's: nobody may change what it vouches for
    hidden = view.rank_groups(0)  # player 0's hand is hidden from 1
    assert hidden is not None and not hidden[1] and not hidden[2]
    made = view.rank_play(1, 9, 1)
    assert made == Play(1, (nine,)) and game._judged.get(id(made)) is made  # the game's push trusts it
    assert view.rank_play(1, 5, 1) is None and view.rank_play(1, 9, 2) is None and view.rank_play(1, 9, 0) is None
    assert game.rank_play(1, 9, 1) == made  # without a read first: judged as legal_play judges
    game.rank_groups(1)
    game.push(made)
    assert game.rank_play(1, 9, 1) is None  # what was read before the move vouches for nothing after it
    with pytest.raises(ValueError):
        game.rank_play(9, 9, 1)
