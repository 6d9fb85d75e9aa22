"""Rendering: screen snapshots (ascii, no color, stable positions) and moves told in words."""

from __future__ import annotations

import os
from pathlib import Path

import click
import pytest

from p2pshithead.cli.prompt import hint_line
from p2pshithead.cli.render import Look, can_encode, card_text, narrate, outcome_screen, rules_text, screen
from p2pshithead.engine import Card, Flip, Move, PickUp, Play, Show, Swap, preset

from .positions import ACES, DOWN, FRENCH, HAND, NAMES, SHOW, SWAP, TURBO, UP, Seat, Table

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


def told(table: Table, move: Move, reveal: dict[int, str] | None = None) -> list[str]:
    game = table.game()
    for slot, text in (reveal or {}).items():
        game.reveal(slot, Card.from_text(text))
    before = game.view(0)
    game.push(move)
    return narrate(before, move, game.view(0), 0, NAMES, ASCII)


def test_narrate_plays_and_effects() -> None:
    assert told(Table(Seat("7h 7c 9d", ""), pile="5c", stock=0), Play(0, (0, 1))) == ["You play 7h 7c"]
    assert told(Table(Seat("10h 9d", ""), pile="5c", stock=0), Play(0, (0,))) == ["You play 10h", "the pile burns"]
    four = Table(Seat("9c 4d", ""), pile="9h 9s 9d", stock=0)
    assert told(four, Play(0, (0,))) == ["You play 9c", "the pile burns"]
    eight = Table(Seat("8c 4d", ""), pile="5h", stock=0)
    assert told(eight, Play(0, (0,))) == ["You play 8c", "Bot 1 is skipped"]
    assert told(Table(Seat("8c 8d 4d", ""), pile="5h", stock=0), Play(0, (0, 1))) == [
        "You play 8c 8d", "Bot 1 and Bot 2 are skipped"]
    ace = Table(Seat("As 4d", ""), pile="5h", stock=0, rules=FRENCH)
    assert told(ace, Play(0, (0,), 2)) == ["You play As", "Bot 2 has to take the pile"]


def test_narrate_draws_and_pickups_and_flips() -> None:
    table = Table(Seat("7h 9d 4c", ""), pile="5c", stock=2)
    game = table.game()
    game.reveal(game.stock[0], Card.from_text("Qh"))
    before = game.view(0)
    game.push(Play(0, (0,)))
    assert narrate(before, Play(0, (0,)), game.view(0), 0, NAMES, ASCII) == ["You play 7h", "You draw Qh"]
    bot = Table(Seat("7h 9d 4c", ""), pile="Kc 5c", turn=1)
    assert told(bot, PickUp(1)) == ["Bot 1 picks up 2 cards"]
    up = Table(Seat(0, "4h 9c 9s", 3), pile="Kc", stock=0)
    assert told(up, PickUp(0, 0)) == ["You pick up 1 card and 4h"]
    down = DOWN.game()
    first, second = down.face_down(0)[:2]
    assert told(DOWN, Flip(0, first), {first: "9s"}) == ["You flip 9s and play it"]
    assert told(DOWN, Flip(0, second), {second: "4s"}) == ["You flip 4s: no good, pick up 2 cards"]


def test_narrate_phases_out_and_end() -> None:
    assert told(SWAP, Swap(0, 0, 3)) == ["You take Ks into hand, lay 3h face up"]
    show = SHOW.game()
    assert told(SHOW, Show(0, show.hand(0)[0])) == ["You show 4c"]
    out = Table(Seat("Ks", "", 0), pile="5c", stock=0)
    assert told(out, Play(0, (0,))) == ["You play Ks", "You are out!"]
    last = Table(Seat("Kh", "", 0), others=[Seat(2, "", 0), Seat(0, "", 0), Seat(0, "", 0)],
                 pile="5c", stock=0, extra="o2,3")
    assert told(last, Play(0, (0,))) == ["You play Kh", "Bot 1 is the Shithead"]


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
