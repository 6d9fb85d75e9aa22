"""The short notation (`Game.parse_short`, `Game.short`, `Game.short_hints`): every input form,
the errors, the ambiguities (case tables), read as seat 0 sees the shared positions."""

from __future__ import annotations

import pytest

from p2pshithead.engine import (
    AmbiguousMoveError,
    Flip,
    Game,
    Give,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    MoveError,
    PickUp,
    Place,
    Play,
    Ready,
    Show,
    Swap,
    hand_order,
)
from tests.speaking import speaking

from ..cli.positions import ACES, DOWN, EMPTY, HAND, INTERRUPT, JOIN, NAMES, SEVEN, SHOW, SWAP, TURBO, UP, UP_OK, Table
from .helpers import table


def said(move: Move, view: Game) -> str:
    """A move in words with its cards, to compare against the tables below."""
    def card(slot: int) -> str:
        c = view.card(slot)
        assert c is not None
        return c.text()

    if isinstance(move, Play):
        return "play " + " ".join(card(s) for s in move.slots) + ("" if move.target is None else f" >{move.target}")
    if isinstance(move, Flip):
        return f"flip #{view.face_down(move.player).index(move.slot) + 1}"
    if isinstance(move, PickUp):
        return "pick" + ("" if move.up is None else " " + card(move.up))
    if isinstance(move, Swap):
        return f"swap {card(move.hand)} {card(move.up)}"
    if isinstance(move, Place):
        return f"place {card(move.hand)}"
    if isinstance(move, Give):
        return f"give {card(move.slot)}"
    if isinstance(move, Ready):
        return "ready"
    assert isinstance(move, Show)
    return "show " + ("-" if move.slot is None else card(move.slot))


MOVES = [
    # plays from hand: one card, several, by card, forms of "two sevens"
    (HAND, "7", "play 7h"),
    (HAND, "77", "play 7h 7c"),
    (HAND, "7 7", "play 7h 7c"),
    (HAND, "7x2", "play 7h 7c"),
    (HAND, "7 x 2", "play 7h 7c"),
    (HAND, "7*2", "play 7h 7c"),
    (HAND, "7,7", "play 7h 7c"),
    (HAND, "7h", "play 7h"),
    (HAND, "7H", "play 7h"),
    (HAND, "7h7c", "play 7h 7c"),
    (HAND, "9", "play 9d"),
    (HAND, "k", "play Kd"),
    (HAND, " K ", "play Kd"),
    (HAND, "p", "pick"),
    (HAND, "pick", "pick"),
    (HAND, "take", "pick"),
    (HAND, "P", "pick"),
    (EMPTY, "4", "play 4s"),
    (SEVEN, "4", "play 4s"),
    # ace that gives the pile (french)
    (ACES, "a>2", "play As >2"),
    (ACES, "A > 2", "play As >2"),
    (ACES, "aa>3", "play As Ad >3"),
    (ACES, "a>bot 1", "play As >1"),
    (ACES, "a>bot3", "play As >3"),
    (ACES, "6", "play 6c"),
    # face-down cards
    (DOWN, "fd 2", "flip #2"),
    (DOWN, "fd2", "flip #2"),
    (DOWN, "f 3", "flip #3"),
    (DOWN, "flip 1", "flip #1"),
    (DOWN, "fd #1", "flip #1"),
    (DOWN, "2", "flip #2"),
    # face-up cards
    (UP, "p 9", "pick 9c"),
    (UP, "p 4", "pick 4h"),
    (UP, "pick #1", "pick 4h"),
    (UP, "p 9s", "pick 9s"),
    (UP_OK, "a", "play Ac"),
    (UP_OK, "aa", "play Ac As"),
    (UP_OK, "p", "pick"),
    # the last hand card joined by face-up cards of its rank once the stock is empty
    (JOIN, "7", "play 7h"),
    (JOIN, "77", "play 7h 7c"),
    (JOIN, "777", "play 7h 7c 7d"),
    # swap phase
    (SWAP, "swap 3 k", "swap 3h Ks"),
    (SWAP, "swap 3 K", "swap 3h Ks"),
    (SWAP, "swap 3k", "swap 3h Ks"),
    (SWAP, "s a 10", "swap Ac 10d"),
    (SWAP, "swap #1 #2", "swap 3h 4c"),
    (SWAP, "swap 2 4", "swap 8d 4c"),  # no 2 in hand: a position
    (SWAP, "swap 8d 10", "swap 8d 10d"),
    (SWAP, "r", "ready"),
    (SWAP, "ready", "ready"),
    (SWAP, "done", "ready"),
    # show phase
    (SHOW, "show 4", "show 4c"),
    (SHOW, "4", "show 4c"),
    (SHOW, "show k", "show Kd"),
    (SHOW, "show -", "show -"),
    (SHOW, "-", "show -"),
    (SHOW, "n", "show -"),
    (SHOW, "none", "show -"),
    # out of turn
    (TURBO, "9", "play 9c"),
    (TURBO, "99", "play 9c 9s"),
    (INTERRUPT, "9", "play 9c"),
]


@pytest.mark.parametrize("table,text,expected", MOVES, ids=[f"{i}:{t}" for i, (_, t, _) in enumerate(MOVES)])
def test_moves(table: Table, text: str, expected: str) -> None:
    view = table.view()
    move = view.parse_short(text, 0, NAMES)
    assert said(move, view) == expected
    assert move in view.moves_for(0)


ERRORS = [
    (HAND, "", InvalidMoveError, "type a move"),
    (HAND, "  ", InvalidMoveError, "type a move"),
    (HAND, "xyz", InvalidMoveError, "type a rank"),
    (HAND, "1", InvalidMoveError, "type a rank"),
    (HAND, "8", InvalidMoveError, "you have no 8 in your hand"),
    (HAND, "9h", InvalidMoveError, "you have no 9h"),
    (HAND, "777", InvalidMoveError, "only 2 x 7"),
    (HAND, "4", IllegalMoveError, "5 on the pile: play 5 or higher"),
    (SEVEN, "9", IllegalMoveError, "7 on the pile: play 7 or lower"),
    (HAND, "7 9", IllegalMoveError, "one rank"),
    (HAND, "7x0", InvalidMoveError, "type a rank"),
    (HAND, "fd 1", IllegalMoveError, "before the face-down ones"),
    (HAND, "swap 7 q", IllegalMoveError, "swap phase is over"),
    (HAND, "r", IllegalMoveError, "swap phase is over"),
    (HAND, "show 4", IllegalMoveError, "shown only before the first turn"),
    (HAND, "9>1", IllegalMoveError, "only an ace names who takes the pile"),
    (HAND, "a>1", InvalidMoveError, "no A"),
    (EMPTY, "p", IllegalMoveError, "the pile is empty"),
    (ACES, "a", AmbiguousMoveError, "A>1 (player 1), A>2 (player 2), A>3 (player 3)"),
    (ACES, "a>0", IllegalMoveError, "name another player"),
    (ACES, "a>9", InvalidMoveError, "no player 9"),
    (ACES, "a>zed", InvalidMoveError, "name a player by number"),
    (DOWN, "fd", AmbiguousMoveError, "fd 1 to fd 3"),
    (DOWN, "fd 4", InvalidMoveError, "#1 to #3"),
    (DOWN, "fd x", InvalidMoveError, "by position"),
    (DOWN, "7", IllegalMoveError, "flip a face-down card"),
    (DOWN, "p", IllegalMoveError, "flip a face-down card"),
    (UP, "p", AmbiguousMoveError, "p 4, p 9"),
    (UP, "9", IllegalMoveError, "K on the pile"),
    (UP_OK, "p a", IllegalMoveError, "only when none of them can be played"),
    (SWAP, "swap 3", InvalidMoveError, "swap <hand card> <face-up card>"),
    (SWAP, "swap 5 k", InvalidMoveError, "no 5 in your hand"),
    (SWAP, "swap 3 q", InvalidMoveError, "no Q in your face-up cards"),
    (SWAP, "swap #4 k", InvalidMoveError, "#1 to #3"),
    (SWAP, "7", IllegalMoveError, "swap phase"),
    (SWAP, "place 3", IllegalMoveError, "face-up row is full"),
    (SWAP, "place", InvalidMoveError, "place which card"),
    (SHOW, "show", AmbiguousMoveError, "show which card"),
    (SHOW, "show 5", InvalidMoveError, "no 5 in your hand"),
    (SHOW, "p", IllegalMoveError, "show phase"),
    (TURBO, "4", IllegalMoveError, "it is player 2's turn; out of turn you may only play the rank just played (9)"),
    (TURBO, "p", IllegalMoveError, "it is player 2's turn"),
    (INTERRUPT, "4", IllegalMoveError, "complete four of a kind"),
]


@pytest.mark.parametrize("table,text,error,words", ERRORS, ids=[f"{i}:{t}" for i, (_, t, _, _) in enumerate(ERRORS)])
def test_errors(table: Table, text: str, error: type[Exception], words: str) -> None:
    with pytest.raises(error) as caught:
        table.view().parse_short(text, 0, NAMES)
    assert words in str(caught.value)
    assert not str(caught.value).startswith("player")


_SAID = {  # the rules' refusals (engine._game), in each language: the rule the person broke, in their words
    "he": ["שלב ההחלפה נגמר", "שורת הקלפים החשופים שלך מלאה", "תורו של שחקן 2"],
    "pt": ["a fase de troca acabou", "sua fileira de cartas viradas está cheia", "é a vez do jogador 2"],
    "fr": ["la phase d'échange est finie", "votre rangée de cartes visibles est pleine", "c'est au tour du joueur 2"],
}


@pytest.mark.parametrize("language", sorted(_SAID))
def test_the_rules_refusals_are_said_in_the_language_in_use(language: str) -> None:
    said = []
    with speaking(language):
        for position, text in ((HAND, "swap 7 q"), (SWAP, "place 3"), (TURBO, "p")):
            with pytest.raises(IllegalMoveError) as caught:
                position.view().parse_short(text, 0, NAMES)
            said.append(str(caught.value))
    assert all(words in line for words, line in zip(_SAID[language], said, strict=True)), said


def test_errors_are_value_errors() -> None:
    for kind in (InvalidMoveError, IllegalMoveError, AmbiguousMoveError):
        assert issubclass(kind, MoveError) and issubclass(kind, ValueError)


def test_player_defaults_to_the_one_to_act() -> None:
    view = TURBO.game()
    assert view.turn == 2
    with pytest.raises(InvalidMoveError, match="you have no 9"):
        view.parse_short("9")  # player 2 holds no 9 here; player 0 does
    assert said(view.parse_short("9", 0), view) == "play 9c"
    assert view.short_hints() == view.short_hints(2)


def test_names_are_optional() -> None:
    view = ACES.view()
    assert said(view.parse_short("a>2", 0), view) == "play As >2"
    with pytest.raises(InvalidMoveError, match="name a player by number"):
        view.parse_short("a>bot", 0)


def test_no_such_player() -> None:
    with pytest.raises(ValueError, match="no player 7"):
        HAND.view().parse_short("7", 7)


def test_give_in_the_card_exchange() -> None:
    game = table("swap d0 t1 + x1:0:b | H:4c,Kd,9s | H:5c,6c,7c | S:- | P:-", "french")
    move = game.parse_short("give 7", 1)
    assert said(move, game) == "give 7c"
    assert game.short(move) == "give 7"
    assert game.short_hints(1) == ["give 7"]
    with pytest.raises(IllegalMoveError, match="best card"):
        game.parse_short("give 5", 1)


def test_hand_order_by_rank_then_suit() -> None:
    game = table("play d1 t0 + | H:Kd,4s,7h,7c | H:9c")
    assert [said_card(game, s) for s in hand_order(game, game.hand(0))] == ["4s", "7c", "7h", "Kd"]


def said_card(game: Game, slot: int) -> str:
    card = game.card(slot)
    return card.text() if card else "?"


TABLES = [HAND, SEVEN, ACES, DOWN, UP, UP_OK, SWAP, SHOW, JOIN, TURBO, INTERRUPT, EMPTY]


@pytest.mark.parametrize("table", TABLES)
def test_short_round_trip(table: Table) -> None:
    """Every legal move has a short text that reads back as it (or as an equal-rank twin: one
    with the same short text)."""
    view = table.view()
    for move in view.moves_for(0):
        back = view.parse_short(view.short(move), 0)
        assert type(back) is type(move) and back.player == move.player
        assert view.short(back) == view.short(move), (view.short(move), back, move)


@pytest.mark.parametrize("table", TABLES)
def test_hints_are_inputs(table: Table) -> None:
    """Every hint but the placeholders ("swap H U", ">N", "fd 1-3") is accepted as typed."""
    view = table.view()
    for hint in view.short_hints(0):
        text = hint.replace(">N", ">1").replace("swap H U", "r").replace("fd 1-3", "fd 1")
        assert view.parse_short(text, 0) in view.moves_for(0)


def test_hints_lowest_first() -> None:
    assert HAND.view().short_hints(0) == ["7", "77", "9", "K", "p"]
    assert DOWN.view().short_hints(0) == ["fd 1-3"]
    assert ACES.view().short_hints(0) == ["6", "A>N", "AA>N", "p"]
    assert SWAP.view().short_hints(0)[0] == "r"
    assert HAND.view().short_hints(1) == []
