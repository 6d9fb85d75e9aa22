"""Leaving the game (`Leave`, docs/rules.md "Leaving"): one case per rule, positions written with cards."""

from __future__ import annotations

import pytest

from p2pshithead.engine import (
    End,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Leave,
    Outcome,
    Phase,
    PositionError,
    Ready,
    Ruleset,
    Show,
    Start,
    move_from_text,
    preset,
)

from .helpers import after, moves, partition_ok, table

THREE = "play d2 t0 + | H:5h,6h U:9c D:Jd | H:7c D:Qs | H:8c,4d D:Kd | S:2c | P:5d"


def test_the_leavers_cards_leave_play_and_the_turn_passes() -> None:
    game = table(THREE)
    slots = {*game.hand(0), *game.face_up(0), *game.face_down(0)}
    game.push(Leave(0))
    assert set(game.gone) == slots and not (game.hand(0) or game.face_up(0) or game.face_down(0))
    assert game.turn == 1 and game.left == (0,) and game.finished == (0,) and game.active() == [1, 2]
    assert partition_ok(game) and not game.is_over()
    assert not game.moves_for(0)


def test_leaving_out_of_turn_leaves_the_turn_where_it_was() -> None:
    game = table(THREE)
    game.push(Leave(1))
    assert game.turn == 0 and game.active() == [0, 2]
    after(game, "0 play 6h")
    assert game.turn == 2, "the leaver is skipped as an out player is"


def test_reversed_direction_passes_the_turn_the_other_way() -> None:
    game = table(THREE.replace("+", "-"))
    game.push(Leave(0))
    assert game.turn == 2


@pytest.mark.parametrize("players", [2, 3])
def test_the_last_one_still_in_is_first_of_the_two(players: int) -> None:
    """With two players in, the one who stays finishes above the leaver (docs/rules.md)."""
    spec = "play d0 t0 + | H:5h | H:7c" + (" | H:9c" if players == 3 else "") + " | P:5d"
    game = table(spec)
    if players == 3:
        after(game, "0 play 5h")  # player 0 goes out first
    game.push(Leave(1))
    out = game.outcome()
    assert game.is_over() and out is not None
    assert out.order == ((0, 2, 1) if players == 3 else (0, 1))
    assert out.shithead == 1 and out.title(out.order[-2]) in ("Masta", "Vice-Masta")
    assert not list(game.legal_moves) and game.window is None


def test_leavers_rank_last_the_first_to_leave_lowest() -> None:
    game = table("play d3 t0 + | H:5h | H:7c | H:9c,9d | H:Kc,Kd | P:4d")
    game.push(Leave(3))  # last among 4 still in: 4th
    after(game, "0 play 5h")  # player 0 out: 1st
    game.push(Leave(1))  # last among 2 still in: 3rd; player 2 stays: 2nd
    out = game.outcome()
    assert out == Outcome((0, 2, 1, 3))
    assert [out.title(p) for p in out.order] == ["Masta", "Vice-Masta", "#3", "Shithead"]
    assert out.next_dealer == 3


def test_first_out_rules_the_last_one_in_wins() -> None:
    game = table("play d0 t0 + | H:5h | H:7c | H:9c | P:4d", Ruleset(end=End.FIRST_OUT))
    game.push(Leave(1))
    game.push(Leave(2))
    out = game.outcome()
    assert out is not None and out.order == (0, 2, 1) and out.first_out_wins and out.title(0) == "Winner"


def test_a_player_out_or_a_game_over_cannot_leave() -> None:
    game = table("play d0 t0 + | H:5h | H:7c | H:9c | P:4d")
    after(game, "0 play 5h")
    with pytest.raises(IllegalMoveError, match="you are out of the game"):
        game.push(Leave(0))
    game.push(Leave(1))
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.push(Leave(2))
    with pytest.raises(InvalidMoveError, match="no player 7"):
        table(THREE).push(Leave(7))


def test_leave_is_legal_but_never_listed() -> None:
    game = table(THREE)
    for p in range(3):
        assert game.is_legal(Leave(p)) and Leave(p) not in game.legal_moves
        assert all(m.text() != f"{p} leave" for m in game.moves_for(p))
    assert all(not isinstance(m, Leave) for m in game.legal_moves)
    with pytest.raises(ValueError, match="quit"):
        game.short(Leave(0))


def test_notation_round_trips_and_pop_restores() -> None:
    game = table(THREE)
    before = game.to_text()
    game.push(Leave(2))
    text = game.to_text()
    assert text.split(" | ")[0].endswith(" o2 g2") and text.split(" | ")[-1].startswith("G:")
    again = Game.from_text(text, game.rules)
    assert again.to_text() == text and again.left == (2,) and again.gone == game.gone
    assert move_from_text("2 leave") == Leave(2) and Leave(2).text() == "2 leave"
    assert game.pop() == Leave(2) and game.to_text() == before
    assert "G:" not in before and " g" not in before.split("|")[0]


def test_the_gone_cards_stay_unknown_in_every_view() -> None:
    game = table(THREE)
    game.push(Leave(0))
    hidden = set(game.gone) - game.public
    assert hidden, "the leaver's hand and face-down cards"
    for p in (1, 2):
        view = game.view(p)
        assert not set(view.known) & hidden
        assert view.to_text().split(" | ")[-1] == "G:" + ",".join(
            f"{s}={game.card(s).text()}" if s in game.public else str(s) for s in game.gone  # type: ignore[union-attr]
        )


@pytest.mark.parametrize("old,new,why", [
    (" o2 g2", " g2", "players who left are out, each once"),
    (" g2", " g2,2", "players who left are out, each once"),
    (" g2", " g1", "players who left are out, each once"),
    ("G:", "G:51,", "held twice: 51"),
    ("| G:", None, r"the zones must hold .* \(missing: "),
])
def test_positions_with_leavers_are_checked(old: str, new: str | None, why: str) -> None:
    game = table(THREE)
    game.push(Leave(2))
    text = game.to_text()
    assert old in text
    bad = text.rsplit(" | ", 1)[0] if new is None else text.replace(old, new, 1)
    with pytest.raises(PositionError, match=why):
        Game.from_text(bad, game.rules)


# -- the phases before the first turn ---------------------------------------------------------------

def _swap_game(players: int = 3) -> Game:
    return Game.deal_known(preset("classic"), players, 0, list(range(52)))


def test_leaving_in_the_swap_phase_ends_it_once_the_others_are_ready() -> None:
    game = _swap_game()
    game.push(Ready(1))
    stock = len(game.stock)
    game.push(Leave(2))
    assert game.phase is Phase.SWAP and game.awaited() == (0,) and not game.moves_for(2)
    assert all(m.player == 0 for m in game.legal_moves)
    game.push(Ready(0))
    assert len(game.stock) == stock, "nobody draws for the leaver"
    assert (game.phase, game.turn) == (Phase.SHOW, 1), "the show starts left of the dealer"


def test_the_last_player_not_ready_leaving_ends_the_swap_phase() -> None:
    game = _swap_game()
    game.push(Ready(1))
    game.push(Ready(2))
    game.push(Leave(0))
    assert game.phase is Phase.SHOW and game.turn == 1


def test_a_leaver_left_of_the_dealer_does_not_start() -> None:
    game = Game.deal_known(Ruleset(start=Start.LEFT_OF_DEALER), 3, 0, list(range(52)))
    game.push(Leave(1))
    for p in (0, 2):
        game.push(Ready(p))
    assert game.phase is Phase.PLAY and game.turn == 2


def test_leaving_in_the_show_phase_skips_the_leaver_and_their_show() -> None:
    game = _swap_game()
    for p in (1, 2, 0):
        game.push(Ready(p))
    assert game.phase is Phase.SHOW and game.turn == 1
    lowest = min(game.hand(1), key=lambda s: game.card(s).rank)  # type: ignore[union-attr]
    game.push(Show(1, lowest))
    game.push(Leave(2))  # the player to show leaves: the next one shows
    assert game.phase is Phase.SHOW and game.turn == 0
    game.push(Leave(1))  # the lowest shown card left with its player; two players left makes one: over
    assert game.is_over() and game.outcome() == Outcome((0, 1, 2))


def test_a_shown_card_of_a_leaver_does_not_lead() -> None:
    game = Game.deal_known(preset("classic"), 4, 0, list(range(52)))
    for p in (1, 2, 3, 0):
        game.push(Ready(p))
    game.push(Show(1, game.hand(1)[0]))
    game.push(Leave(1))
    for p in (2, 3, 0):
        game.push(Show(p, None))
    assert game.phase is Phase.PLAY and game.turn == 2, "nobody qualifying: the first still in from the dealer's left"


def test_the_card_exchange_ends_when_its_giver_or_receiver_leaves() -> None:
    rules = preset("french")
    for leaver in (0, 1):
        game = Game.deal_known(rules, 3, 2, list(range(52)))
        game.begin_exchange(Outcome((1, 2, 0)))  # Shithead 0 gives to Masta 1
        assert game.awaited() == (0,)
        game.push(Leave(leaver))
        assert game.exchange is None and set(game.awaited()) == {0, 1, 2} - {leaver}


# -- an out-of-turn window and the pile -------------------------------------------------------------

def test_an_open_window_stays_open_to_those_still_in() -> None:
    game = table("play d0 t1 + w0:5:- | H:4c | H:4d | H:Kh | H:5c,4s | P:5d,5h,5s", "hebrew")
    game.push(Leave(2))
    assert game.window is not None and game.turn == 1
    assert moves(game, 3) == {"3 play 5c"}
    assert game.awaited() == (0, 3, 1)


def test_an_ace_aimed_at_a_leaver_passes_to_the_next_player() -> None:
    game = table("play d0 t0 + | H:Ah,4c | H:7c | H:9c,Kd | H:Ks | P:5d", "french")
    after(game, "0 play Ah>2")
    assert game.turn == 2
    game.push(Leave(2))
    assert game.turn == 3 and moves(game, 3) == {"3 pick"}


def test_pickup_returns_skips_a_leaver_who_played_last() -> None:
    game = table("play d0 t0 + | H:Kh,4c | H:4d,5c | H:5d,6c | P:9d", "karma")
    after(game, "0 play Kh")
    game.push(Leave(0))
    after(game, "1 pick")
    assert game.turn == 2
