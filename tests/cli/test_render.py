"""Rendering: screen snapshots (ascii, no color, stable positions) and moves told in words."""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import click
import pytest

from p2pshithead.cli.prompt import hint_line
from p2pshithead.cli.render import SMALLEST, Look, can_encode, card_text, outcome_screen, rules_text, screen
from p2pshithead.cli.scoreboard import Scoreboard
from p2pshithead.engine import PRESETS, Card, Game, Outcome, Play, preset

from .positions import ACES, DOWN, FRENCH, HAND, KARMA, NAMES, SHOW, SIX, SIX_NAMES, SWAP, TURBO, UP, Seat, Table

SNAPSHOTS = Path(__file__).parent / "snapshots"
ASCII = Look(unicode=False, color=False)
EVENTS = ["Bot 1 plays 5c", "Bot 2 plays 8h 8d", "Bot 3 is skipped", "Bot 1 picks up 6 cards"]


def check_snapshot(name: str, text: str) -> None:
    """Compare with tests/cli/snapshots/<name>.txt; SNAPSHOT_UPDATE=1 writes it (new or changed).

    A missing snapshot fails: a test must never pass by writing down what it was meant to check.
    """
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("SNAPSHOT_UPDATE") == "1":
        path.write_text(text + "\n", encoding="utf-8")
    if not path.exists():
        pytest.fail(f"no snapshot {path.name}; look at the screen below, then rerun with SNAPSHOT_UPDATE=1\n{text}")
    assert text + "\n" == path.read_text(encoding="utf-8")


SCREENS = {"hand": HAND, "aces": ACES, "down": DOWN, "up": UP, "swap": SWAP, "show": SHOW, "turbo": TURBO}


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_screen_snapshot(name: str) -> None:
    view = SCREENS[name].view()
    text = screen(view, 0, NAMES, EVENTS, ASCII, hint=hint_line(view, 0))
    check_snapshot(name, text)
    lines = text.split("\n")
    assert len(lines) <= 23 and max(map(len, lines)) <= 80


SIX_EVENTS = ["New game: Bot 4 deals", "Bot 1 plays 5c", "Bot 2 plays 8h 8d", "Bot 3 is skipped",
              "Bot 1 picks up 6 cards", "Bot 4 plays As at Bot 5", "Bot 5 is to take the pile (or answer it)",
              "Bot 5 picks up 9 cards", "You play 6h 6s", "Bot 1 plays 9c out of turn",
              "Bot 2 plays Jh, and this line goes on long enough to wrap on a narrow terminal", "Bot 3 is out!",
              "Bot 4 plays Qc"]
SIX_LAST = {0: "you play 6h 6s", 1: "plays 9c out of turn", 2: "plays Jh", 3: "plays 10h", 4: "plays Qc",
            5: "picks up 9 cards"}


@pytest.mark.parametrize("width, height", [(60, 20), (80, 24), (120, 40)])
def test_layout_follows_the_terminal(width: int, height: int) -> None:
    """Six seats: the header, every row, the pile and my cards stay on screen at every size; a taller
    screen shows more moves; no line is wider than the screen and no word is cut."""
    view = SIX.view()
    look = Look(unicode=False, color=False, width=width, height=height)
    text = screen(view, 0, SIX_NAMES, SIX_EVENTS, look, hint=hint_line(view, 0), last=SIX_LAST)
    check_snapshot(f"six-{width}x{height}", text)
    lines = text.split("\n")
    assert len(lines) <= height - 1 and max(map(len, lines)) <= width
    assert lines[0].startswith("Shithead - french - 6 players")
    for seat in range(1, 6):
        assert sum(line.startswith(f" [{seat}] Bot {seat}") for line in lines) == 1
    assert "Pile (7)" in text and "Hand: 2c 4s 7c 7h 9d 10s Jd Kd Kh" in text and lines[-1].startswith("Type: K")
    assert "(plays Jh)" in text and "(you play 6h 6s)" in text  # each seat's last move beside its row
    for above, line in zip(lines, lines[1:], strict=False):  # a long move wraps under itself, between words
        if line.startswith("    "):
            assert any(e.startswith(above.strip() + " " + line.strip()) for e in SIX_EVENTS), line
    shown = sum(line.startswith("  ") and not line.startswith("  Q on") for line in lines)
    assert shown >= {20: 4, 24: 9, 40: 13}[height]


def test_a_narrow_terminal_shows_every_seat_and_card_whole() -> None:
    """At the smallest size (a phone held upright, a split pane) the header keeps the counts and every
    seat's row keeps its hand count and all its face-up cards: names are shortened instead."""
    width, height = SMALLEST
    view = SIX.view()
    look = Look(unicode=False, color=False, width=width, height=height)
    text = screen(view, 0, SIX_NAMES, SIX_EVENTS, look, hint=hint_line(view, 0), last=SIX_LAST, number=3)
    check_snapshot(f"six-{width}x{height}", text)
    lines = text.split("\n")
    assert len(lines) <= height - 1 and max(map(len, lines)) <= width
    assert lines[0] == f"french 6p game 3  stock {len(view.stock)}  burned {len(view.burned)}"
    for seat in range(1, 6):
        (row,) = [line for line in lines if line.startswith(f" [{seat}] Bot {seat}  ")]
        up = " ".join(card.pretty(False) for card in map(view.card, view.face_up(seat)) if card)
        assert seat in view.finished or f"hand {len(view.hand(seat))} down 3 up {up}" in row, row
    assert "Hand: 2c 4s 7c 7h 9d 10s Jd Kd Kh" in text and lines[-1].startswith("Type: K")


def test_karma_stack_shows_as_a_stack() -> None:
    text = screen(KARMA.view(), 0, NAMES, [], ASCII)
    assert "up 7s/7c Kd" in text


def test_screen_unicode_snapshot() -> None:
    check_snapshot("hand-unicode", screen(HAND.view(), 0, NAMES, EVENTS, Look(color=False)))


def test_screen_shows_what_it_must() -> None:
    text = screen(HAND.view(), 0, NAMES, EVENTS, ASCII)
    assert "Hand: 4s 7c 7h 9d Kd" in text  # my hand, sorted
    assert "up Kh Qd 5d" in text and "hand  3" in text and "down 3" in text  # others
    assert "stock 10" in text
    assert "Pile (2): 8c 5c" in text and "5 on the pile: play 5 or higher" in text
    assert "Your turn" in text and ">[0] You" in text
    assert "Bot 1 picks up 6 cards" in text


def test_screen_hides_what_it_must() -> None:
    """The screen drawn from a full game shows only what seat 0 may see."""
    game = HAND.game()
    for slot in game.hand(1):
        game.reveal(slot, Card.from_text("Jd"))
    assert screen(game.view(0), 0, NAMES, [], ASCII) == screen(HAND.view(), 0, NAMES, [], ASCII)


def test_many_events_and_long_hand_fit() -> None:
    others = [Seat(3, "", 3) for _ in range(3)]  # one pack: no face-up card may repeat one of the hand
    table = Table(Seat(" ".join(f"{r}{s}" for r in "45678" for s in "cdhs"), "", 0), others, pile="Kd", stock=0)
    text = screen(table.view(), 0, NAMES, [f"event {i}" for i in range(40)], ASCII)
    lines = text.split("\n")
    assert len(lines) <= 23 and max(map(len, lines)) <= 80
    assert "event 39" in text and "event 0\n" not in text


def test_color_and_glyphs() -> None:
    heart, spade = Card.from_text("7h"), Card.from_text("Ks")
    assert card_text(heart, Look(color=False)) == "7\u2665"
    assert card_text(heart, Look()) == click.style("7\u2665", fg="red", bold=True)
    assert card_text(spade, Look()) == "K\u2660"
    assert card_text(heart, ASCII) == "7h" and card_text(None, ASCII) == "??"
    assert can_encode("utf-8") and not can_encode("ascii") and not can_encode("latin-1")
    assert not can_encode(None) and not can_encode("no-such-codec")


def test_outcome_screen() -> None:
    last = Table(Seat("Kh", "", 0), others=[Seat(2, "", 0), Seat(0, "", 0), Seat(0, "", 0)],
                 pile="5c", stock=0, extra="o2,3")
    game = last.game()
    game.push(Play(0, (0,)))
    text = outcome_screen(game.view(0), 0, NAMES, ["You play Kh"], ASCII)
    check_snapshot("outcome", text)
    assert "1. Bot 2" in text and "Masta" in text and "Shithead" in text and "<- you" in text


def test_rules_text() -> None:
    text = rules_text(preset("french"))
    assert text.startswith("Rules: french") and "ace names who must take the pile" in text


def test_outcome_with_scoreboard_fits_small_and_large() -> None:
    """Six seats after three games: the finish order and the scoreboard stay whole; the moves give way."""
    last = Table(Seat("Kh", "", 0), others=[Seat(2, "", 0), *(Seat(0, "", 0) for _ in range(4))],
                 pile="5c", stock=0, extra="o2,3,4,5", rules=FRENCH)
    game = last.game()
    game.push(Play(0, (0,)))
    board = Scoreboard(SIX_NAMES)
    for order in [(1, 2, 3, 4, 5, 0), (0, 3, 2, 4, 5, 1), (2, 3, 4, 5, 0, 1)]:
        board.add(Outcome(order))
    for width, height in [SMALLEST, (60, 20), (120, 40)]:
        look = Look(unicode=False, color=False, width=width, height=height)
        room = height - 2 * len(SIX_NAMES) - 4
        text = outcome_screen(game.view(0), 0, SIX_NAMES, SIX_EVENTS, look, below=board.lines(max(1, room), width))
        check_snapshot(f"outcome-six-{width}x{height}", text)
        lines = text.split("\n")
        assert len(lines) <= height - 1 and max(map(len, lines)) <= width
        assert "Scoreboard, 3 games played" in text and re.search(r"^  Bot 1 +1 +2$", text, re.M)
        assert "Game 3: Masta Bot 2, Vice-Masta Bot 3, Shithead Bot 1" in " ".join(map(str.strip, lines))  # may wrap


def test_exchange_screen_snapshot() -> None:
    """RULES.md 6: the Shithead's screen before the swap: whom to give, what, and how to type it."""
    game = Game.deal_known(preset("french"), 4, 0, range(52))
    game.begin_exchange(Outcome((1, 2, 3, 0)))  # I (seat 0) was the Shithead, Bot 1 the Masta
    view = game.view(0)
    told = ["New game: You deal", "Card exchange: you (Shithead) give Bot 1 (Masta) your best card"]
    text = screen(view, 0, NAMES, told, ASCII, hint=hint_line(view, 0))
    check_snapshot("exchange", text)
    assert "You are the Shithead: give Bot 1 (Masta) your best card: give " in text


def test_last_moves_line_up_in_color_too() -> None:
    """Color codes take no columns: the last moves stand in one column on a colored screen as well."""
    look = Look(unicode=True, color=True, width=80, height=24)
    last = {1: "plays " + card_text(Card.from_text("9h"), look), 2: "plays Jh", 4: "plays Qc", 5: "picks up 9 cards"}
    lines = click.unstyle(screen(SIX.view(), 0, SIX_NAMES, [], look, last=last)).split("\n")
    columns = {line.index("(") for line in lines[1:6] if "(" in line and "out (" not in line}
    assert len(columns) == 1


@pytest.mark.parametrize("rules", sorted(PRESETS))
def test_every_screen_of_a_game_fits_every_size(rules: str) -> None:
    """Whole bot games, every position drawn at a random size from `SMALLEST` to 140x50: never a line too
    many or too wide, every seat's row always there."""
    from p2pshithead.bots import LocalTable, RandomBot
    from p2pshithead.cli.narrate import Narrator
    from p2pshithead.game import pushed

    rng = random.Random(rules)
    players = rng.randint(2, 6)
    table = LocalTable(preset(rules), [RandomBot() for _ in range(players)], rng)
    names = [f"Player {i}" for i in range(players)]
    narrator = Narrator(0, names, ASCII)
    events: list[str] = []
    while not table.game.is_over():
        events += narrator.tell(pushed(table.game, table.next_move()), table.game.view(0))
        width, height = rng.randint(SMALLEST[0], 140), rng.randint(SMALLEST[1], 50)
        look = Look(unicode=False, color=False, width=width, height=height)
        view = table.game.view(0)
        lines = screen(view, 0, names, events, look, hint=hint_line(view, 0), last=narrator.last).split("\n")
        assert len(lines) <= height - 1 and max(map(len, lines)) <= width
        assert all(any(line[1:].startswith(f"[{seat}] ") for line in lines) for seat in range(players))
