"""The words match the moves (issue 10): the ace's target hears what it may answer, the show phase
offers only cards that can claim the lead, the out-of-turn question says when it burns, my own row
says when I am out, the French exchange is explained in words."""

from __future__ import annotations

from p2pshithead.cli.prompt import help_text, hint_line, window_question
from p2pshithead.cli.render import Look, screen
from p2pshithead.engine import Game, Leave, Outcome, Ready, Show, preset

from .positions import FRENCH, INTERRUPT, NAMES, TURBO, Seat, Table

ASCII = Look(unicode=False, color=False)
OTHERS = [Seat(3, "Kh Qd 5d"), Seat(3, "Jc 8h 6s"), Seat(3, "8s 3s Ah")]


def status_of(table: Table) -> str:
    view = table.view()
    return screen(view, 0, NAMES, [], ASCII, hint=hint_line(view, 0)).split("\n")[-2]


def test_the_ace_target_sees_its_answers() -> None:
    """French (RULES.md 7): named by an ace you may answer with an ace or a 2 (or 10, 3) when you hold one."""
    holding = Table(Seat("Ad 2c 4h", "Qs 5s 7s"), OTHERS, pile="5c As", rules=FRENCH)
    assert status_of(holding) == "An ace names you to take the pile: take it (p), or answer it: A>N  2"
    nothing = Table(Seat("4h 5h 9c", "Qs 5s 7s"), OTHERS, pile="5c As", rules=FRENCH)
    assert status_of(nothing) == "An ace names you to take the pile: you have to take it (p)"
    plain = Table(Seat("4h 5h 9c", "Qs 5s 7s"), OTHERS, pile="5c As")  # classic: an ace is just high
    assert status_of(plain) == "Your turn (from your hand cards)"


def test_the_show_phase_offers_only_cards_that_claim_the_lead() -> None:
    """RULES.md 2: 2, 3, 10 and jokers are played on anything and claim nothing; the example is a card held."""
    table = Table(Seat("2c 10h 9h 3d Kd", "Qs 5s 7s"), phase="show")
    view = table.view()
    assert hint_line(view, 0) == "Type: show 9  show K  show -   (? help)"
    text = screen(view, 0, NAMES, [], ASCII)
    assert "show 9, or show -" in text and "show 4" not in text
    assert "show 9      show a 9 to claim the lead" in help_text(view, 0)
    none = Table(Seat("2c 10h 3d", "Qs 5s 7s"), phase="show").view()
    assert hint_line(none, 0) == "Type: show -   (? help)"
    assert "you hold none that can" in screen(none, 0, NAMES, [], ASCII)


def test_the_show_phase_offers_only_cards_below_the_lowest_shown_before() -> None:
    """RULES.md 2: the lowest shown starts, ties to the earliest seat from the dealer's left (who showed first)."""
    game = Game.deal_known(preset("classic"), 3, 0, range(52))  # hands: 6h 6s 7c / 7d 7h 7s / 8c 8d 8h
    for seat in (1, 2, 0):
        game.push(Ready(seat))
    game.push(Show(1, 22))  # a 7 (seat 1 shows first: left of the dealer)
    view = game.view(2)
    assert hint_line(view, 2) == "Type: show -   (? help)"  # 8s
    assert "a 7 is shown, you hold none lower: show -" in screen(view, 2, NAMES, [], ASCII)
    game.push(Show(2, None))
    assert hint_line(game.view(0), 0) == "Type: show 6  show -   (? help)"  # a 7 would tie, and seat 1 came first
    gone = game.copy()
    gone.push(Leave(1))  # a show by a player who left claims nothing
    assert gone.leading_show() is None and hint_line(gone.view(0), 0) == "Type: show 6  show 7  show -   (? help)"


def test_the_out_of_turn_question_says_when_it_burns() -> None:
    burning = window_question(INTERRUPT.view(), 0, NAMES, ASCII)  # 9 on 9 9 9
    assert burning == "Bot 1 played 9: burn the pile with your 9c out of turn? y, Enter to pass"
    plain = window_question(TURBO.view(), 0, NAMES, ASCII)  # 9 9 on one 9
    assert plain == "Bot 1 played 9: play your 9c 9s out of turn? y, Enter to pass"
    none = Table(Seat("Qc 4h", "Qs 5s 7s"), pile="9h", turn=2, extra="w1:9:-", rules=FRENCH)  # asked, no 9
    assert window_question(none.view(), 0, NAMES, ASCII) == (
        "Bot 1 played 9: no card you see may go out of turn; Enter to pass")  # never "play your 9"


def test_my_row_says_when_i_am_out() -> None:
    table = Table(Seat(0, "", 0), OTHERS, pile="5c", turn=1, extra="o0")
    text = screen(table.view(), 0, NAMES, [], ASCII)
    assert ">[0]" not in text and " [0] You        out (1st)" in text
    assert "You are out (1st); Bot 1's turn" in text


def exchange_view(me: int, gift_first: bool = True) -> Game:
    game = Game.deal_known(preset("french"), 4, 2, range(52))
    game.begin_exchange(Outcome((0, 1, 3, 2)))  # seat 0 the Masta, seat 2 the Shithead
    if not gift_first:
        game.push(next(iter(game.legal_moves)))
    return game.view(me)


def test_the_exchange_in_words() -> None:
    """RULES.md 6: the Shithead gives the Masta their best card, the Masta gives back a card of their choice."""
    names = ["You", "Bot 1", "Bot 2", "Bot 3"]
    shithead = exchange_view(2)
    line = screen(shithead, 2, names, [], ASCII, hint=hint_line(shithead, 2))
    gifts = shithead.short_hints(2)
    assert f"You are the Shithead: give You (Masta) your best card: {gifts[0]}" in line
    masta = exchange_view(0, gift_first=False)
    text = screen(masta, 0, names, [], ASCII, hint=hint_line(masta, 0))
    example = masta.short_hints(0)[0]
    assert f"You are the Masta: give Bot 2 (Shithead) a card of your choice: {example}" in text
    watching = screen(exchange_view(1), 1, names, [], ASCII)
    assert "Card exchange: Bot 2, the Shithead, gives You, the Masta, their best card..." in watching
    assert "give that hand card (the card exchange between games" in help_text(exchange_view(2), 2)


def test_a_leaver_is_told_they_left() -> None:
    game = Table(Seat("4h", "Qs 5s 7s"), OTHERS, pile="5c", turn=1).game()
    game.push(Leave(0))
    text = screen(game.view(0), 0, NAMES, [], ASCII)
    assert " [0] You        left the game" in text and "You left the game; Bot 1's turn" in text
