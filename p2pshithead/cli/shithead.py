"""Shithead at a LAN table as a person sees it and types it: `ShitheadScreen` tells the typed events a
`game.ShitheadApp` applied (`Narrator`) and draws the table's screen; `read_line` turns a typed line
into a payload, a hint or a question; `auto_payload` words what a person's own program sends for them;
`ShitheadBot` plays a seat; `describe` and `house_rules` put a table's rules in words.

Invariants: the screen and the input are the local `play` command's (`render.screen`, `Narrator`,
`prompt.interpret`, `hint_line`, `help_text`), so a networked table looks and reads the same; every
batch the application applied is told once, in order, with the view as it stands when it is told;
nothing here prints, reads or keeps time.
"""

from __future__ import annotations

import random
from dataclasses import replace

from p2pshithead.bots import Player, make_player, stand_in
from p2pshithead.cli.agents import Chosen, Confirm, Hint, Reading
from p2pshithead.cli.narrate import Narrator
from p2pshithead.cli.prompt import Command, help_text, hint_line, interpret, out_of_turn_answer, window_question
from p2pshithead.cli.render import Look, card_text, outcome_screen, rules_text, screen
from p2pshithead.engine import EngineError, Phase, Play, preset
from p2pshithead.game import Audited, SeatedTable, ShitheadApp, Stage, auto_move, next_payload, ruleset_of

__all__ = ["ShitheadBot", "ShitheadScreen", "auto_payload", "describe", "house_rules", "read_line", "screen_of"]

_UNICODE, _ASCII = Look(unicode=True), Look(unicode=False)
_TO_ASCII = str.maketrans({"\u2665": "h", "\u2666": "d", "\u2663": "c", "\u2660": "s", "\u25b6": ">"})


class ShitheadScreen:
    """What a person at `app`'s table sees (`app.seat`; an observer's is a bystander's): the moves
    narrated, the headline and the whole screen."""

    def __init__(self, app: ShitheadApp) -> None:
        self.app = app
        seat = app.seat
        self.shown = [("You" if p == seat else n) for p, n in enumerate(app.names)]  # as `play` names them
        self.events: list[str] = []  # narrated moves, as the local seat sees them (unicode look)
        self.narrator = Narrator(seat, self.shown, _UNICODE)
        self._read = 0  # batches of `app.applied` told so far
        self._told = 0  # lines already handed out by `news`

    def _catch_up(self) -> None:
        """Tell the batches applied since the last look (an observer sees the public cards)."""
        app = self.app
        fresh, self._read = app.applied[self._read:], len(app.applied)
        if app.state.game is None:
            return
        for events in fresh:
            self.events += self.narrator.tell(events, app.view(app.seat))
            for event in events:
                if isinstance(event, Audited):
                    held = " ".join(card_text(card, _UNICODE) for _, card in event.cards)
                    self.events.append(f"The exchange checks out: {self.shown[event.seat]} held {held} "
                                       "and gave the best")  # fmt: skip

    def in_setup(self) -> bool:
        return self.app.in_setup()

    def thinking(self) -> int | None:
        return self.app.thinking()

    def news(self, ascii: bool = False) -> list[str]:
        """Moves narrated since the last call, oldest first."""
        self._catch_up()
        fresh, self._told = self.events[self._told:], len(self.events)
        return [_plain(line, ascii) for line in fresh]

    def moved(self, seat: int) -> bool:
        """Whether the lines `news` has not handed out yet tell a move of `seat`."""
        self._catch_up()
        return any(line.startswith(self.shown[seat] + " ") for line in self.events[self._told:])

    def automatic(self, seat: int) -> None:
        """Say, in the lines `news` has not handed out yet and beside `seat`'s row, that `seat`'s move was
        made by its own program because its time was up ("time's up: Ana's program picks up 3 cards")."""
        self._catch_up()
        name = self.shown[seat]
        for i in range(self._told, len(self.events)):
            line = self.events[i]
            if not line.startswith(name + " "):
                continue
            if seat == self.app.seat:
                self.events[i] = f"{line} (time's up: your program played for you)"
            else:
                self.events[i] = f"time's up: {name}'s program {line[len(name) + 1:]}"
        if seat in self.narrator.last:
            self.narrator.last[seat] = "time's up: " + self.narrator.last[seat].removeprefix("you ")

    def headline(self, seat: int | None) -> str:
        """What the table waits for, in one line: setup progress, or who is to act."""
        app = self.app
        core, n = app.state, app.state.players
        stage = core.stage
        if stage is Stage.KEYS:
            return f"setting up: proven key shares {app.keys_in}/{n}"
        if stage is Stage.SHUFFLE:
            k = min(core.who_may_act())
            s = "" if k == seat else "s"
            return f"shuffling: {self._name(k, seat)} encrypt{s} and shuffle{s} ({k + 1}/{n})"
        if stage is Stage.DEAL:
            return f"dealing: shares to open the cards {app.dealt_in}/{n}"
        if stage is Stage.OVER:
            return "game over"
        if stage is Stage.AUDIT:
            giver = min(core.who_may_act())
            return f"checking the exchange: {self._name(giver, seat)} opens the hand the card was given from"
        game = core.game
        assert game is not None
        waiting = sorted(core.who_may_act())
        if seat in waiting and (seat is None or app.pending() is None):
            if core.window_open_to(seat):
                return "your answer: play out of turn, or pass"
            return "your turn" if game.phase is Phase.PLAY else "your move"
        others = ", ".join(self._name(p, seat) for p in waiting if p != seat)
        if game.window is not None and core.window_open_to(waiting[0]):
            return f"out of turn? waiting for {others}"
        if game.phase is Phase.SWAP:
            return f"swapping: waiting for {others}"
        if waiting != [game.turn]:
            return f"opening cards: shares from {others}"
        return f"{others} thinking"

    def _name(self, p: int, seat: int | None) -> str:
        return "you" if p == seat else self.app.names[p]

    def status(self, seat: int | None, ascii: bool = False, size: tuple[int, int] = (80, 24), message: str = "") -> str:
        """The screen `seat` sees, fitted to `size` (columns, lines); `message` (why an input was refused)
        in place of the status line."""
        app = self.app
        core = app.state
        if app.in_setup() or core.game is None:
            return self.headline(seat)
        self._catch_up()
        look = replace(_ASCII if ascii else _UNICODE, width=size[0], height=size[1])
        last = {p: _plain(said, ascii) for p, said in self.narrator.last.items()}
        view = app.view(seat)
        events = [_plain(e, ascii) for e in self.events]
        if core.stage is Stage.OVER:
            return outcome_screen(view, seat, self.shown, events, look, number=app.number)
        if seat is not None and core.window_open_to(seat):
            question = message or window_question(view, seat, app.names, look)
            return screen(view, seat, self.shown, events, look, status=question,
                          hint=hint_line(view, seat) + "  Enter: pass", last=last, number=app.number)  # fmt: skip
        hint = "" if seat is None or seat not in core.who_may_act() else hint_line(view, seat)
        return screen(view, seat, self.shown, events, look, status=message, hint=hint, last=last, number=app.number)


def screen_of(app: object) -> ShitheadScreen:
    """The screen of a Shithead table's application."""
    assert isinstance(app, ShitheadApp)
    return ShitheadScreen(app)


def _plain(line: str, ascii: bool) -> str:
    return line.translate(_TO_ASCII) if ascii else line


def house_rules(text: str) -> list[str]:
    """The house rules of a table's rules text, in words ("a 10 may not be played on an 8").

    Raises:
        ValueError: a rules text this program cannot read.
    """
    return ruleset_of(text).differences(preset(text.split(";")[0]))


def describe(text: str) -> str:
    """A table's rules in words, for the lobby: the preset's, then each house rule on top of it."""
    house = house_rules(text)
    words = "; ".join(preset(text.split(";")[0]).describe())
    return words + (f"; house rules: {'; '.join(house)}" if house else "")


class ShitheadBot:
    """A computer player at a LAN seat, at `level` (a bot spec: "greedy", "smart:200ms"): one bot per
    game, so a smart bot keeps what it learned during the game (its beliefs, the face-up row it chose)."""

    def __init__(self, level: str = "greedy") -> None:
        self.level = level
        self._game: ShitheadApp | None = None
        self._player: Player | None = None

    def __call__(self, app: object, seat: int, rng: random.Random) -> object:
        """The payload for `seat` (only called when `seat` may act)."""
        assert isinstance(app, ShitheadApp) and isinstance(app.table, SeatedTable)
        if app is not self._game or self._player is None:
            self._game, self._player = app, make_player(self.level)
        return next_payload(app.table, self._player, rng)


def auto_payload(shown: object, seat: int) -> tuple[object, str]:
    """What a person's own program sends when their time is up (`game.auto_move`), and that in words."""
    assert isinstance(shown, ShitheadScreen) and shown.app.seat == seat
    app = shown.app
    sharing = app.pending() is not None
    payload, move = auto_move(app, stand_in())
    if move is None:
        return payload, "sends its shares" if sharing else "passes"
    return payload, f"plays {app.view(seat).short(move)}"


_LEAVE_QUESTION = ("Leave the game for good? Your cards leave play unseen, you finish last, and the others play on. "
                   "y to leave, Enter to stay ")  # fmt: skip


def read_line(shown: object, seat: int, text: str) -> Reading:
    """What a person's line at their seat means: the payload of their move, a hint (why it cannot be
    played, the help, the rules) or the question before leaving for good."""
    assert isinstance(shown, ShitheadScreen) and shown.app.local is not None and shown.app.seat == seat
    app = shown.app
    local = app.local
    assert local is not None
    pending = local.pending()
    if pending is not None:
        return Chosen(pending)
    if app.state.game is None:
        return Hint("the deck is being set up; wait a moment")
    view = local.view()
    try:
        read = out_of_turn_answer if local.window_open() else interpret
        move = read(text, view, seat, shown.shown)
    except EngineError as exc:
        return Hint(f"! {exc.reason}")
    if move is Command.QUIT:
        if not app.state.may_leave(seat):
            return Hint("you can leave once the game is in play (Ctrl-C drops out now)")
        return Confirm(_LEAVE_QUESTION, local.leave_payload())
    if isinstance(move, Command):
        return Hint(rules_text(view.rules) if move is Command.RULES else help_text(view, seat))
    if local.window_open():
        return Chosen(local.window_payload(move if isinstance(move, Play) else None))
    assert move is not None
    return Chosen(local.move_payload(move))
