"""RULES.md sections 1 and 2, statement by statement: cards, players, decks; the deal, the swap and who starts.

Each test names the statement it checks in its docstring. Positions are written with cards (helpers.table).
"""

from __future__ import annotations

import pytest

from p2pshithead.engine import (
    Card,
    Game,
    IllegalMoveError,
    Phase,
    Ruleset,
    Show,
    Start,
    preset,
)

from .helpers import after, move, moves, name, table

C = "classic"


@pytest.mark.parametrize("players, size", [(2, 52), (3, 52), (4, 52), (5, 52), (6, 104), (8, 104), (11, 104)])
def test_one_pack_for_two_to_five_two_packs_for_six_to_eleven(players, size):
    """RULES.md 1: "2-5 players use one deck, 6-11 use two"."""
    assert Game(preset(C), players).size == size


@pytest.mark.parametrize("players", [1, 12])
def test_two_to_eleven_players(players):
    """RULES.md intro: "a climbing/shedding game for 2 to 11 players"."""
    with pytest.raises(ValueError, match="players: 2 to 11"):
        Game(preset(C), players)


def test_decks_may_be_set_higher_and_jokers_are_two_per_deck():
    """RULES.md 1: "(`decks` may be set higher). Optional jokers (`jokers`: 0, 2 per deck)"."""
    assert Game(Ruleset(decks=3), 4).size == 156
    game = Game.deal_known(Ruleset(decks=2, jokers=2), 4, 0, list(range(108)))
    assert game.size == 108 and sum(1 for c in game.known.values() if c.text() == "Jo") == 4
    with pytest.raises(ValueError):
        Ruleset(jokers=1)


ORDER = ["4", "5", "6", "7", "8", "9", "J", "Q", "K", "A"]


@pytest.mark.parametrize("low, high", list(zip(ORDER, ORDER[1:], strict=False)))
def test_rank_order(low, high):
    """RULES.md 1: "Rank order, low to high: 4 5 6 7 8 9 J Q K A" (judged where 7 and 8 are plain, `pagat`:
    in classic a 7 also caps what follows, section 4)."""
    game = table(f"play d1 t0 + | H:{high}c,{low}c | H:3s | P:{low}h", "pagat")
    assert moves(game, 0) == {f"0 play {high}c", f"0 play {low}c", "0 pick"}
    game = table(f"play d1 t0 + | H:{low}c | H:3s | P:{high}h", "pagat")
    assert moves(game, 0) == {"0 pick"}


def test_suits_never_matter():
    """RULES.md 1: "Suits never matter except in variants that say so"."""
    game = table("play d1 t0 + | H:9s,9c,9d | H:Kh | P:9h")
    assert {"0 play 9s", "0 play 9c", "0 play 9d", "0 play 9s,9c,9d"} <= moves(game)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 11])
def test_the_deal(players):
    """RULES.md 2: `face_down` (3) face down, `face_up` (3) face up on them, `hand_size` (3) in hand; the
    rest is the stock. Face-down cards are seen by nobody, the owner included; face-up cards by all."""
    game = Game(preset(C), players)
    for p in range(players):
        assert (len(game.face_down(p)), len(game.face_up(p)), len(game.hand(p))) == (3, 3, 3)
        assert set(game.face_up(p)) <= game.public and not set(game.face_down(p)) & game.public
    assert len(game.stock) == game.size - 9 * players
    known = Game.deal_known(preset(C), players, 0, list(range(game.size)))
    for p in range(players):
        view = known.view(p)
        assert all(view.card(x) is None for x in known.face_down(p))  # not even their owner
        assert all(view.card(x) is not None for x in known.hand(p) + known.face_up(p))
        assert all(view.card(x) is None for q in range(players) if q != p for x in known.hand(q))


@pytest.mark.parametrize("down, up, hand", [(4, 4, 4), (5, 5, 5), (1, 2, 3)])
def test_row_and_hand_sizes(down, up, hand):
    """RULES.md 2 and 7: the counts are values of the ruleset ("4 or 5 cards in each table row and in hand")."""
    game = Game(Ruleset(face_down=down, face_up=up, hand_size=hand), 3)
    assert (len(game.face_down(0)), len(game.face_up(0)), len(game.hand(0))) == (down, up, hand)


def test_swap_any_hand_cards_with_own_face_up_cards():
    """RULES.md 2: "each player may exchange any hand cards with their own face-up cards"."""
    game = table("swap d1 t0 + | H:4c,5c U:Kd,Ad D:9s | H:6c U:Qd D:7s")
    assert {"0 swap 4c Kd", "0 swap 4c Ad", "0 swap 5c Kd", "0 swap 5c Ad", "0 ready"} == moves(game, 0)
    after(game, "0 swap 4c Kd", "0 swap 5c Ad")
    assert sorted(name(game, x) for x in game.hand(0)) == ["Ad", "Kd"]
    assert sorted(name(game, x) for x in game.face_up(0)) == ["4c", "5c"]
    with pytest.raises(Exception, match="not one of your face-up cards"):
        game.push(move(game, "1 swap 6c Kd"))


def test_no_swap_phase_when_swap_is_off():
    """RULES.md 2 and 7: `swap` on by default; "Face-up cards may not be swapped" is `swap` off."""
    assert Game(preset(C), 3).phase is Phase.SWAP
    assert Game(Ruleset(swap=False), 3).phase is Phase.SHOW
    assert Game(Ruleset(swap=False, start=Start.LEFT_OF_DEALER), 3).phase is Phase.PLAY


def test_deal_six():
    """RULES.md 2: "`deal_six`: players get six cards to hand and choose three to place face up"."""
    game = Game(Ruleset(deal_six=True), 3)
    assert all(len(game.hand(p)) == 6 and not game.face_up(p) for p in range(3))
    game = table("swap d1 t0 + | H:4c,5c,6c,7c,8c,9c D:Ad | H:4d,5d,6d,7d,8d,9d D:Ac", Ruleset(deal_six=True))
    assert "0 ready" not in moves(game, 0)
    after(game, "0 place 9c", "0 place 8c", "0 place 7c", "0 ready")
    assert len(game.hand(0)) == 3 and len(game.face_up(0)) == 3


@pytest.mark.parametrize(
    "dealer, shown, leader",
    [
        # seats shown in order from the dealer's left; (seat, card or -)
        (0, {1: "6c", 2: "5d", 0: "9h"}, 2),  # the lowest rank
        (0, {1: "5c", 2: "5d", 0: "5h"}, 1),  # a tie: the earliest seat after the dealer
        (2, {0: "5c", 1: "5d", 2: "5h"}, 0),
        (1, {2: "5c", 0: "5d", 1: "5h"}, 2),
        (0, {1: "2c", 2: "3d", 0: "10h"}, 1),  # power cards do not count: nobody, so left of the dealer
        (1, {2: "-", 0: "-", 1: "-"}, 2),  # nobody shows: left of the dealer
        (0, {1: "Ac", 2: "7d", 0: "-"}, 2),  # a 7 is in the order
        (0, {1: "9c", 2: "8d", 0: "10h"}, 2),  # an 8 is in the order
        (0, {1: "2c", 2: "-", 0: "Ah"}, 0),  # an ace beats nothing shown
    ],
)
def test_lowest_shown_starts(dealer, shown, leader):
    """RULES.md 2: "in seat order each player may show one card from hand; the lowest non-power rank shown
    starts, ties to the earliest seat after the dealer; if nobody shows, the player left of the dealer starts"."""
    hands = {p: shown[p] if shown[p] != "-" else f"K{'cds'[p]}" for p in range(3)}
    hands = {p: f"{hands[p]},Q{'cds'[p]}" if shown[p] == "-" else hands[p] for p in range(3)}
    game = table(f"show d{dealer} t{(dealer + 1) % 3} + | H:{hands[0]} | H:{hands[1]} | H:{hands[2]}")
    for i in range(3):
        p = (dealer + 1 + i) % 3
        assert game.turn == p
        after(game, f"{p} show {shown[p]}")
    assert game.phase is Phase.PLAY and game.turn == leader


def test_a_shown_card_is_public_and_hidden_cards_count_only_once_shown():
    """RULES.md 2: "a player's hidden cards can only count once that player shows them": a 4 kept in the
    hand does not start; a shown card is seen by every player."""
    game = table("show d0 t1 + | H:4c | H:9c | H:6d")
    after(game, "1 show 9c", "2 show 6d", "0 show -")
    assert game.turn == 2
    shown = table("show d0 t1 + | H:4c | H:9c | H:6d")
    after(shown, "1 show 9c")
    assert shown.view(2).card(shown.hand(1)[0]) == Card.from_text("9c")


def test_a_show_is_not_a_play():
    """RULES.md 2 (docs/rules.md, "Show phase"): the shown card need not be played; the starter plays any card."""
    game = table("show d1 t0 + | H:4c,Kc | H:9c")
    after(game, "0 show 4c", "1 show -")
    assert game.turn == 0 and {"0 play 4c", "0 play Kc"} == moves(game)


def test_left_of_dealer():
    """RULES.md 2: "Option `left_of_dealer`"."""
    for dealer in range(4):
        game = Game(Ruleset(start=Start.LEFT_OF_DEALER, swap=False), 4, dealer)
        assert game.phase is Phase.PLAY and game.turn == (dealer + 1) % 4


def test_show_only_in_seat_order():
    """RULES.md 2: "in seat order each player may show"."""
    game = table("show d0 t1 + | H:4c | H:9c | H:6d")
    with pytest.raises(IllegalMoveError, match="player 1 shows now"):
        game.push(Show(2, game.hand(2)[0]))


def test_later_games_are_dealt_by_the_previous_shithead():
    """RULES.md 2: "later games are dealt by the previous Shithead (section 7)"."""
    game = after(table("play d0 t0 + | H:9c | H:7d | H:8h | P:5h"), "0 play 9c", "1 pick", "2 play 8h")
    outcome = game.outcome()
    assert outcome is not None and outcome.shithead == 1 and outcome.next_dealer == 1
