"""A person at a networked table (`HumanAgent`): on a terminal the whole screen is redrawn, at the
terminal's size, on every entry; elsewhere the moves are printed as lines."""

from __future__ import annotations

from typing import cast

from p2pshithead.cli.agents import HumanAgent, Shown
from p2pshithead.cli.shithead import read_line


def _itself(app: object) -> Shown:
    """The stub application is its own screen."""
    return cast(Shown, app)


class _Table:
    """An application stub: a screen that says the size it was drawn at, and the news."""

    def __init__(self) -> None:
        self.fresh = ["Bot 1 plays 7h"]
        self.sizes: list[tuple[int, int]] = []
        self.headline_text = "Bot 2 thinking"

    def status(self, seat: int | None, ascii: bool = False, size: tuple[int, int] = (80, 24),
               hosting: bool = False) -> str:
        self.sizes.append(size)
        return f"screen {size[0]}x{size[1]}\nHand: 7c"

    def headline(self, seat: int | None) -> str:
        return self.headline_text

    def news(self, ascii: bool = False) -> list[str]:
        fresh, self.fresh = self.fresh, []
        return fresh

    def in_setup(self) -> bool:
        return False

    def thinking(self) -> int | None:
        return None

    def moved(self, seat: int) -> bool:
        return False

    def automatic(self, seat: int) -> None:
        raise AssertionError("no move was made for anyone")


def test_a_terminal_is_redrawn_whole_on_every_entry() -> None:
    written: list[str] = []
    said: list[str] = []
    size = [(60, 20)]
    agent = HumanAgent(_itself, read_line, said.append, live=True, write=written.append, size=lambda: size[0])
    table = _Table()
    agent.observe(table, 1, ["an event"])  # type: ignore[arg-type]
    assert written == ["\x1b[Hscreen 60x20\x1b[K\nHand: 7c\x1b[K\n\x1b[J"]  # from the top, nothing left below
    size[0] = (120, 40)  # the terminal was resized
    agent.observe(table, 1, ["another"])  # type: ignore[arg-type]
    assert written[-1].startswith("\x1b[Hscreen 120x40") and said == []  # no line piles up under the screen
    assert agent.final_screen() == "screen 120x40\nHand: 7c"
    table.headline_text = "game over"
    agent.observe(table, 1, ["the last"])  # type: ignore[arg-type]
    assert agent.final_screen() is None  # the finish order is on the terminal already: not twice


def test_elsewhere_the_moves_are_printed_as_lines() -> None:
    said: list[str] = []
    agent = HumanAgent(_itself, read_line, said.append, live=False)
    table = _Table()
    agent.observe(table, 1, ())  # type: ignore[arg-type]
    assert said == ["screen 80x24\nHand: 7c"]  # a game in play, seen first: the whole table at once
    table.fresh = ["Bot 1 plays 7h"]
    agent.observe(table, 1, ["an event"])  # type: ignore[arg-type]
    assert said[1:] == ["  Bot 1 plays 7h"] and table.sizes == [(80, 24)]


def test_a_game_in_play_seen_first_is_drawn_whole_at_once() -> None:
    """A person who comes back (after a crash, Ctrl-C) sees the table before anyone moves again."""
    written: list[str] = []
    said: list[str] = []
    agent = HumanAgent(_itself, read_line, said.append, live=True, write=written.append, size=lambda: (60, 20))
    agent.observe(_Table(), 1, ())  # type: ignore[arg-type]
    assert written == ["\x1b[Hscreen 60x20\x1b[K\nHand: 7c\x1b[K\n\x1b[J"]


class _Thinking(_Table):
    """The host (seat 0) is thinking on its turn."""

    def __init__(self) -> None:
        super().__init__()
        self.headline_text = "hostie thinking"

    def thinking(self) -> int | None:
        return 0

    def who_may_act(self) -> frozenset[int]:
        return frozenset({0})


def test_a_seat_back_on_its_turn_is_counted_down_from_the_whole_limit_again() -> None:
    """A host resumed (or a joiner run again) shows its turn afresh: the others' countdown starts over."""
    now = [100.0]
    agent = HumanAgent(_itself, read_line, lambda text: None, clock=lambda: now[0], live=True,
                       write=lambda text: None, turn_time=60)  # fmt: skip
    table = _Thinking()
    for _entry in range(2):  # the host's turn is seen from the second entry on
        agent.observe(table, 1, ())  # type: ignore[arg-type]
    now[0] = 130.0
    assert agent.waiting_line() == "hostie thinking (0:30 left)"
    agent.away(0, "hostie", 120)
    now[0] = 150.0
    assert agent.waiting_line() == "hostie thinking (0:10 left); hostie is away (1:40 to come back)"
    agent.away(0, "hostie", None)
    now[0] = 152.0
    assert agent.waiting_line() == "hostie thinking (0:58 left)"
