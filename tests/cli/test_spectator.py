"""A spectator's screen: the table a bystander sees (every seat's row, the pile, the last moves, no
hand), fitted to the terminal, with a status line that says whose turn it is; and no card hidden from a
bystander on it."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from p2pshithead.cli.render import Look, screen
from p2pshithead.engine import Game

from .positions import SIX, SWAP
from .test_render import check_snapshot

NAMES = ["Ann", "Bot 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5"]
EVENTS = ["New game: Bot 4 deals", "Bot 4 plays As at Bot 5", "Bot 5 picks up 9 cards", "Ann plays 6h 6s",
          "Bot 1 plays 9c out of turn", "Bot 2 plays Jh", "Bot 3 is out!", "Bot 4 plays Qc"]
LAST = {0: "plays 6h 6s", 1: "plays 9c out of turn", 2: "plays Jh", 3: "plays 10h", 4: "plays Qc",
        5: "picks up 9 cards"}
_CARD = re.compile(r"(?<![\w])(10|[2-9JQKA])([hdcs])(?![\w])")


def _shown_cards(text: str) -> Counter[str]:
    return Counter(m.group(0) for m in _CARD.finditer(text))


def _public_cards(game: Game) -> Counter[str]:
    return Counter(card.pretty(False) for slot in game.public if (card := game.card(slot)) is not None)


@pytest.mark.parametrize("width, height", [(60, 20), (80, 24)])
def test_a_spectator_sees_every_seat_the_pile_and_whose_turn(width: int, height: int) -> None:
    """The full position (Ann's hand known to it) drawn for a bystander: every seat's row with its hand
    count, the pile, the moves, "watching: ..."; no hand line, no hint."""
    look = Look(unicode=False, color=False, width=width, height=height)
    text = screen(SIX.game(), None, NAMES, EVENTS, look, last=LAST, number=2)
    check_snapshot(f"spectator-{width}x{height}", text)
    lines = text.split("\n")
    assert len(lines) <= height - 1 and max(map(len, lines)) <= width
    assert lines[0].startswith("Shithead - french - 6 players - game 2")
    for seat, name in enumerate(NAMES):
        assert sum(line.startswith(f"{'>' if seat == 0 else ' '}[{seat}] {name}") for line in lines) == 1
    assert re.search(r"\[0\] Ann +hand +9 +down 3 +up Qs 5s 7s", text)  # a count, as for every seat
    assert "Pile (7)" in text and "(plays Jh)" in text and "Bot 4 plays Qc" in text
    assert "Hand:" not in text and "Type:" not in text
    assert lines[-1] == "watching: Ann's turn"


def test_the_spectator_screen_shows_no_card_hidden_from_a_bystander() -> None:
    """Every card on the screen is a public one (as many times at most as it is public), although the
    position drawn knows Ann's hand; a seat's own screen of the same position does show that hand."""
    game = SIX.game()
    hidden = {game.card(slot).pretty(False) for slot in game.hand(0)}  # type: ignore[union-attr]
    public = _public_cards(game)
    assert hidden - set(public)  # some of Ann's cards appear nowhere in public: a leak would show
    for width, height in [(60, 20), (80, 24), (120, 40)]:
        look = Look(unicode=False, color=False, width=width, height=height)
        for position in (game, SWAP.game()):
            text = screen(position, None, NAMES, [], look)
            assert not _shown_cards(text) - _public_cards(position), text
        seated = screen(game, 0, NAMES, [], look)
        assert _shown_cards(seated) - public  # the same text check finds a hand where there is one


def test_the_spectator_hears_the_swap_phase_in_the_third_person() -> None:
    look = Look(unicode=False, color=False)
    swap = screen(SWAP.game(), None, NAMES[:4], [], look).split("\n")
    assert swap[-1] == "watching: swap phase, waiting for Ann"
