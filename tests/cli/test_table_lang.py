"""The Shithead table in the reader's language (issue 23): a screen's lines, a move told with a count in
each plural form, and a move error, in Hebrew, Portuguese and French; English stays the default."""

from __future__ import annotations

import random

import pytest

from p2pshithead.bots import GreedyBot
from p2pshithead.cli.fit import shown_width
from p2pshithead.cli.narrate import Narrator, Told
from p2pshithead.cli.prompt import hint_line, interpret
from p2pshithead.cli.render import SMALLEST, Look, outcome_screen, screen
from p2pshithead.cli.scoreboard import Scoreboard
from p2pshithead.cli.shithead import ShitheadScreen, describe
from p2pshithead.engine import AmbiguousMoveError, Card, InvalidMoveError, Outcome, PickUp, Play
from p2pshithead.game import SHITHEAD, SeatedTable, ShitheadApp, next_payload, pushed
from p2pshithead.lang import _
from p2pshithead.net import SeatInfo, TableSetup

from ..speaking import speaking
from .positions import ACES, FRENCH, HAND, NAMES, SHOW, SIX, SIX_NAMES, SWAP, Seat, Table
from .test_render import check_snapshot

ASCII = Look(unicode=False, color=False)
NBSP = "\u00a0"


SCREEN = {
    "he": ["שיטהד - classic - 4 שחקנים   קופה 10  בפח 2",
           " [1] Bot 1      יד  3  מוסתר 3  חשוף Kh Qd 5d",
           "ערימה (2): 8c 5c   5 על הערימה: הניחו 5 או גבוה ממנו",
           "יד: 4s 7c 7h 9d Kd",
           "תורך (מהקלפים ביד)",
           "להקליד: 7  77  9  K  p   (? עזרה)"],
    "pt": ["Shithead - classic - 4 jogadores   estoque 10  fora 2",
           " [1] Bot 1      mão  3  baixo 3  cima Kh Qd 5d",
           "Pilha (2): 8c 5c   5 na pilha: jogue 5 ou maior",
           "Mão: 4s 7c 7h 9d Kd",
           "Sua vez (cartas da mão)",
           "Digite: 7  77  9  K  p   (? ajuda)"],
    "fr": ["Shithead - classic - 4 joueurs   pioche 10  brûlées 2",
           " [1] Bot 1      main  3  cach. 3  déc. Kh Qd 5d",
           f"Pot (2){NBSP}: 8c 5c   5 sur le pot{NBSP}: posez 5 ou plus",
           f"Main{NBSP}: 4s 7c 7h 9d Kd",
           "À vous (cartes de la main)",
           f"Tapez{NBSP}: 7  77  9  K  p   (? aide)"],
}  # fmt: skip


@pytest.mark.parametrize("code", sorted(SCREEN))
def test_a_screen_in_each_language(code: str) -> None:
    with speaking(code):
        view = HAND.view()
        lines = screen(view, 0, NAMES, [], ASCII, hint=hint_line(view, 0)).split("\n")
        for line in SCREEN[code]:
            assert line in lines
        small = screen(view, 0, NAMES, [], Look(color=False, width=40, height=20), hint=hint_line(view, 0))
        assert max(shown_width(line) for line in small.split("\n")) <= 40


PICKS_UP = {
    "en": ("Bot 1 picks up {} card", "Bot 1 picks up {} cards", "Bot 1 picks up {} cards"),
    "he": ("Bot 1: לקיחת הערימה (קלף אחד)", "Bot 1: לקיחת הערימה (שני קלפים)", "Bot 1: לקיחת הערימה ({} קלפים)"),
    "pt": ("Bot 1 pega {} carta", "Bot 1 pega {} cartas", "Bot 1 pega {} cartas"),
    "fr": ("Bot 1 ramasse {} carte", "Bot 1 ramasse {} cartes", "Bot 1 ramasse {} cartes"),
}


@pytest.mark.parametrize("code", sorted(PICKS_UP))
@pytest.mark.parametrize("count", [1, 2, 5])
def test_a_count_told_in_each_plural_form(code: str, count: int) -> None:
    """One card, two (Hebrew's dual) and five; the row beside shows the move without the name."""
    with speaking(code):
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
def test_a_move_error_in_each_language(code: str) -> None:
    """Not held, out of range (counted), and an ace's target asked for, with the players named."""
    with speaking(code):
        no_queen, positions, ace = ERRORS[code]
        with pytest.raises(InvalidMoveError, match=no_queen):
            interpret("q", HAND.view(), 0, NAMES)
        with pytest.raises(InvalidMoveError, match=positions):
            interpret("fd 5", HAND.view(), 0, NAMES)
        with pytest.raises(AmbiguousMoveError) as caught:
            interpret("a", ACES.view(), 0, NAMES)
        assert ace in caught.value.reason



def _told() -> tuple[list[Told], dict[int, str]]:
    """Moves told to seat 0 in the language in use: Bot 3 picks up two cards, I play 7h and draw Qh; and
    each seat's last move in words."""
    game = Table(Seat("7h 9d 4c", ""), pile="Kc 5c", turn=3, stock=2).game()
    game.reveal(game.stock[0], Card.from_text("Qh"))
    narrator = Narrator(0, NAMES, ASCII)
    told = narrator.told(pushed(game, PickUp(3)), game.view(0))
    told += narrator.told(pushed(game, Play(0, (game.hand(0)[0],))), game.view(0))
    return told, narrator.last


MOVES = {
    "he": [Told("Bot 3: לקיחת הערימה (שני קלפים)", 3, "לקיחת הערימה (שני קלפים)"), Told("הנחת 7h", 0, "הנחת 7h"),
           Told("הרמת מהקופה Qh")],
    "pt": [Told("Bot 3 pega 2 cartas", 3, "pega 2 cartas"), Told("Você joga 7h", 0, "você joga 7h"),
           Told("Você compra Qh")],
    "fr": [Told("Bot 3 ramasse 2 cartes", 3, "ramasse 2 cartes"), Told("Vous posez 7h", 0, "vous posez 7h"),
           Told("Vous piochez Qh")],
}  # fmt: skip


@pytest.mark.parametrize("code", sorted(MOVES))
def test_each_move_is_marked_with_its_seat(code: str) -> None:
    """A LAN screen finds a seat's move by its mark, not by the words (Hebrew puts "Bot 3:" first, and
    says "you" in the verb), and shows it beside the row without the name."""
    with speaking(code):
        told, last = _told()
        assert told == MOVES[code]
        assert last == {3: MOVES[code][0].beside, 0: MOVES[code][1].beside}


@pytest.mark.parametrize("code", sorted(MOVES))
@pytest.mark.parametrize("size", [(80, 24), (40, 20)])
def test_screen_snapshots_in_each_language(code: str, size: tuple[int, int]) -> None:
    """Six seats (French rules), moves told and the finish order with a scoreboard, as read in `code`."""
    with speaking(code):
        told, last = _told()
        view, (width, height) = SIX.view(), size
        look = Look(unicode=True, color=False, width=width, height=height)
        events = [t.line for t in told]
        text = screen(view, 0, SIX_NAMES, events, look, hint=hint_line(view, 0), last=last, number=2)
        over = Table(Seat("Kh", "", 0), others=[Seat(2, "", 0), *(Seat(0, "", 0) for _ in range(4))],
                     pile="5c", stock=0, extra="o2,3,4,5", rules=FRENCH).game()
        over.push(Play(0, (0,)))
        board = Scoreboard(SIX_NAMES)
        for order in [(1, 2, 3, 4, 5, 0), (0, 3, 2, 4, 5, 1)]:
            board.add(Outcome(order))
        text += "\n" + "=" * width + "\n" + outcome_screen(over.view(0), 0, SIX_NAMES, events, look,
                                                            below=board.lines(3, width), number=2)
        check_snapshot(f"lang-{code}-{width}x{height}", text)
        assert max(shown_width(line) for line in text.split("\n")) <= width


SKIPPED = {"en": "You and Bot 1 are skipped", "he": "הפסדת תור, וגם Bot 1", "pt": "Você e Bot 1 perdem a vez",
           "fr": "Vous et Bot 1 passez votre tour"}


@pytest.mark.parametrize("code", sorted(SKIPPED))
def test_two_eights_skip_you_and_another(code: str) -> None:
    """Bot 3's two 8s pass over me and Bot 1: one sentence that says "you" in the verb's person."""
    with speaking(code):
        game = Table(Seat("7h 9d 4c", ""), pile="5h", stock=0, turn=3).game()
        first, second = game.hand(3)[:2]
        game.reveal(first, Card.from_text("8c"))
        game.reveal(second, Card.from_text("8d"))
        told = Narrator(0, NAMES, ASCII).tell(pushed(game, Play(3, (first, second))), game.view(0))
        assert told[-1] == SKIPPED[code]


@pytest.mark.parametrize("code", ["en", "fr", "pt", "he"])
@pytest.mark.parametrize("position", [SHOW, SWAP], ids=["show", "swap"])
def test_a_status_line_never_breaks_a_command_it_names(code: str, position: Table) -> None:
    """`show 4`, `show -` and `(swap 3 K)` stay on one line at every width, in every language: a person
    types what the line says, not a verb on one line and its card on the next."""
    with speaking(code):
        view = position.view()
        for width in range(24, 61):
            lines = screen(view, 0, NAMES, [], Look(color=False, width=width, height=20), hint=hint_line(view, 0))
            assert not any(line.rstrip().endswith(("show", "(swap", "swap 3")) for line in lines.split("\n")), lines


@pytest.mark.parametrize("text", ["classic", "french", "classic; seven=plain"])
def test_a_list_of_rules_is_punctuated_as_the_language_writes_it(text: str) -> None:
    """French puts a no-break space before a semicolon, in the parts the program joins as in its catalogs."""
    with speaking("fr"):
        said = describe(text)
    assert ";" in said and all(said[i - 1] == NBSP for i, c in enumerate(said) if c == ";"), said


@pytest.mark.parametrize("code", ["en", "fr", "pt", "he"])
def test_the_time_to_decide_is_wrapped_with_the_inputs_on_every_screen_of_a_game(code: str) -> None:
    """A table with a turn limit says "60 s to decide" after the inputs a turn offers: on every screen of
    a whole game (the swap, the show, the turns, the out-of-turn question) and at every width, the screen
    fits, and the words are whole on one line, unless a long list of inputs leaves them no room (the time
    left ticks beside the prompt as well)."""
    seats = tuple(SeatInfo(bytes([s + 1]) * 32, f"p{s}") for s in range(3))
    setup = TableSetup(bytes(16), "t", "shithead", "classic", SHITHEAD.ruleset_hash("classic"), seats)
    rand, rng = random.Random(code), random.Random(1)
    apps = [ShitheadApp(setup, seat, rand=rand.randbytes) for seat in range(3)]
    shown = ShitheadScreen(apps[0])
    screens = said = 0
    with speaking(code):
        note = _("{seconds} s to decide").format(seconds=60)
        while acting := sorted(apps[0].who_may_act()):
            if 0 in acting and not apps[0].in_setup():  # (a person is asked nothing while the deck is set up)
                for width in (SMALLEST[0], 50, 60, 80):
                    lines = shown.status(0, True, (width, 20), note=note).split("\n")
                    assert max(shown_width(line) for line in lines) <= width, lines
                    screens += 1
                    said += any(note in line for line in lines)
            seat = acting[0]
            table = apps[seat].table
            assert isinstance(table, SeatedTable)
            payload = next_payload(table, GreedyBot(wander=0), rng)
            for app in apps:
                app.apply(seat, payload)
    assert screens > 40 and said > 0.8 * screens, (said, screens)
