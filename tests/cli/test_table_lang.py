"""The Shithead table in the reader's language (issue 23): a screen's lines, a move told with a count in
each plural form, and a move error, in Hebrew, Portuguese and French; English stays the default."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from p2pshithead import lang
from p2pshithead.cli.fit import shown_width
from p2pshithead.cli.narrate import Narrator
from p2pshithead.cli.prompt import hint_line, interpret
from p2pshithead.cli.render import Look, screen
from p2pshithead.engine import AmbiguousMoveError, InvalidMoveError, PickUp
from p2pshithead.game import pushed

from .positions import ACES, HAND, NAMES, Seat, Table

ASCII = Look(unicode=False, color=False)
NBSP = "\u00a0"


@pytest.fixture
def speak() -> Iterator[Callable[[str], None]]:
    """`lang.use`, back to English after the test."""
    yield lang.use
    lang.use("en")


SCREEN = {
    "he": ["שיטהד - classic - 4 שחקנים   קופה 10  בפח 2",
           " [1] Bot 1      יד  3  מוסתר 3  חשוף Kh Qd 5d",
           "ערימה (2): 8c 5c   5 on the pile: play 5 or higher",
           "יד: 4s 7c 7h 9d Kd",
           "תורך (מהקלפים ביד)",
           "להקליד: 7  77  9  K  p   (? עזרה)"],
    "pt": ["Shithead - classic - 4 jogadores   estoque 10  fora 2",
           " [1] Bot 1      mão  3  baixo 3  cima Kh Qd 5d",
           "Pilha (2): 8c 5c   5 on the pile: play 5 or higher",
           "Mão: 4s 7c 7h 9d Kd",
           "Sua vez (cartas da mão)",
           "Digite: 7  77  9  K  p   (? ajuda)"],
    "fr": ["Shithead - classic - 4 joueurs   pioche 10  brûlées 2",
           " [1] Bot 1      main  3  cach. 3  déc. Kh Qd 5d",
           f"Pot (2){NBSP}: 8c 5c   5 on the pile: play 5 or higher",
           f"Main{NBSP}: 4s 7c 7h 9d Kd",
           "À vous (cartes de la main)",
           f"Tapez{NBSP}: 7  77  9  K  p   (? aide)"],
}  # fmt: skip


@pytest.mark.parametrize("code", sorted(SCREEN))
def test_a_screen_in_each_language(speak: Callable[[str], None], code: str) -> None:
    speak(code)
    view = HAND.view()
    lines = screen(view, 0, NAMES, [], ASCII, hint=hint_line(view, 0)).split("\n")
    for line in SCREEN[code]:
        assert line in lines
    small = screen(view, 0, NAMES, [], Look(unicode=True, color=False, width=40, height=20), hint=hint_line(view, 0))
    assert max(shown_width(line) for line in small.split("\n")) <= 40


PICKS_UP = {
    "en": ("Bot 1 picks up {} card", "Bot 1 picks up {} cards", "Bot 1 picks up {} cards"),
    "he": ("Bot 1: לקיחת הערימה (קלף אחד)", "Bot 1: לקיחת הערימה (שני קלפים)", "Bot 1: לקיחת הערימה ({} קלפים)"),
    "pt": ("Bot 1 pega {} carta", "Bot 1 pega {} cartas", "Bot 1 pega {} cartas"),
    "fr": ("Bot 1 ramasse {} carte", "Bot 1 ramasse {} cartes", "Bot 1 ramasse {} cartes"),
}


@pytest.mark.parametrize("code", sorted(PICKS_UP))
@pytest.mark.parametrize("count", [1, 2, 5])
def test_a_count_told_in_each_plural_form(speak: Callable[[str], None], code: str, count: int) -> None:
    """One card, two (Hebrew's dual) and five; the row beside shows the move without the name."""
    speak(code)
    game = Table(Seat("7h 9d 4c", ""), pile=" ".join(["Kc", "Qc", "6c", "2d", "5c"][-count:]), turn=1).game()
    narrator = Narrator(0, NAMES, ASCII)
    told = narrator.tell(pushed(game, PickUp(1)), game.view(0))
    said = PICKS_UP[code][{1: 0, 2: 1}.get(count, 2)].format(count)
    assert told == [said]
    assert narrator.last[1] == said.removeprefix("Bot 1").removeprefix(":").strip()


ERRORS = {
    "he": ("אין לך Q ביד", "יש לך 3 קלפים מוסתרים: #1 עד #3", "A>1 (Bot 1), A>2 (Bot 2), A>3 (Bot 3)"),
    "pt": ("você não tem Q na mão", "você tem 3 cartas viradas para baixo: #1 a #3", "A>1 (Bot 1), A>2 (Bot 2)"),
    "fr": ("vous n'avez pas de Q en main", f"vous avez 3 cartes cachées{NBSP}: #1 à #3", f"prend{NBSP}: A>1 (Bot 1)"),
}


@pytest.mark.parametrize("code", sorted(ERRORS))
def test_a_move_error_in_each_language(speak: Callable[[str], None], code: str) -> None:
    """Not held, out of range (counted), and an ace's target asked for, with the players named."""
    speak(code)
    no_queen, positions, ace = ERRORS[code]
    with pytest.raises(InvalidMoveError, match=no_queen):
        interpret("q", HAND.view(), 0, NAMES)
    with pytest.raises(InvalidMoveError, match=positions):
        interpret("fd 5", HAND.view(), 0, NAMES)
    with pytest.raises(AmbiguousMoveError) as caught:
        interpret("a", ACES.view(), 0, NAMES)
    assert ace in caught.value.reason
