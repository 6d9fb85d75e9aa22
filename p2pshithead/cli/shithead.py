"""Shithead at a LAN table as a person sees it and types it: `ShitheadScreen` tells the typed events a
`game.ShitheadApp` applied (`Narrator`) and draws the table's screen; `read_line` turns a typed line
into a payload, a hint or a question; `auto_payload` words what a person's own program sends for them;
`ShitheadBot` plays a seat; `describe` puts a table's rules in words.

Invariants: the screen and the input are the local `play` command's (`render.screen`, `Narrator`,
`prompt.interpret`, `hint_line`, `help_text`), so a networked table looks and reads the same; every
batch the application applied is told once, in order, with the view as it stands when it is told;
nothing here prints, reads or keeps time. Every line is in the language in use (`p2pshithead.lang`), and a
seat's lines begin with its name in every language (`moved` and `automatic` find them so).
"""

from __future__ import annotations

import random
from dataclasses import replace

from p2pshithead.bots import Player, make_player, stand_in
from p2pshithead.cli.agents import Chosen, Confirm, Hint, Reading
from p2pshithead.cli.lan import house_rules
from p2pshithead.cli.narrate import Narrator, Told
from p2pshithead.cli.prompt import Command, help_text, hint_line, interpret, out_of_turn_answer, window_question
from p2pshithead.cli.render import Look, card_text, outcome_screen, rules_text, screen
from p2pshithead.engine import EngineError, Phase, Play, preset
from p2pshithead.game import Audited, SeatedTable, ShitheadApp, Stage, auto_move, next_payload
from p2pshithead.lang import _, listed

__all__ = ["ShitheadBot", "ShitheadScreen", "auto_payload", "describe", "read_line", "screen_of"]

_UNICODE, _ASCII = Look(unicode=True), Look(unicode=False)
_TO_ASCII = str.maketrans({"\u2665": "h", "\u2666": "d", "\u2663": "c", "\u2660": "s", "\u25b6": ">"})


class ShitheadScreen:
    """What a person at `app`'s table sees (`app.seat`; an observer's is a bystander's): the moves
    narrated, the headline and the whole screen."""

    def __init__(self, app: ShitheadApp) -> None:
        self.app = app
        seat = app.seat
        self.shown = [(_("You") if p == seat else n) for p, n in enumerate(app.names)]  # as `play` names them
        self.events: list[Told] = []  # narrated moves, as the local seat sees them (unicode look)
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
            self.events += self.narrator.told(events, app.view(app.seat))
            for event in events:
                if isinstance(event, Audited):
                    held = " ".join(card_text(card, _UNICODE) for _slot, card in event.cards)
                    self.events.append(Told(_("The exchange checks out: {name} held {cards} and gave the best")
                                            .format(name=self.shown[event.seat], cards=held)))

    def in_setup(self) -> bool:
        return self.app.in_setup()

    def thinking(self) -> int | None:
        return self.app.thinking()

    def news(self, ascii: bool = False) -> list[str]:
        """Moves narrated since the last call, oldest first."""
        self._catch_up()
        fresh, self._told = self.events[self._told:], len(self.events)
        return [_plain(told.line, ascii) for told in fresh]

    def moved(self, seat: int) -> bool:
        """Whether the lines `news` has not handed out yet tell a move of `seat`."""
        self._catch_up()
        return any(told.seat == seat for told in self.events[self._told:])

    def automatic(self, seat: int) -> None:
        """Say, in the lines `news` has not handed out yet and beside `seat`'s row, that `seat`'s move was
        made by its own program because its time was up ("time's up: Ana's program picks up 3 cards")."""
        self._catch_up()
        name = self.shown[seat]
        for i in range(self._told, len(self.events)):
            told = self.events[i]
            if told.seat != seat:
                continue
            if seat == self.app.seat:  # still told as this seat's move
                self.events[i] = Told(_("{line} (time's up: your program played for you)").format(line=told.line),
                                      seat, told.beside)
            else:
                self.events[i] = Told(_("time's up: {name}'s program {move}").format(name=name, move=told.beside))
        if seat in self.narrator.last:
            self.narrator.last[seat] = _("time's up: {move}").format(move=self.narrator.last[seat])

    def headline(self, seat: int | None) -> str:
        """What the table waits for, in one line: setup progress, or who is to act."""
        app = self.app
        core, n = app.state, app.state.players
        stage = core.stage
        if stage is Stage.KEYS:
            return _("setting up: proven key shares {done}/{all}").format(done=app.keys_in, all=n)
        if stage is Stage.SHUFFLE:
            k = min(core.who_may_act())
            if k == seat:
                return _("shuffling: you encrypt and shuffle ({done}/{all})").format(done=k + 1, all=n)
            return _("shuffling: {name} encrypts and shuffles ({done}/{all})").format(name=app.names[k], done=k + 1,
                                                                                       all=n)
        if stage is Stage.DEAL:
            return _("dealing: shares to open the cards {done}/{all}").format(done=app.dealt_in, all=n)
        if stage is Stage.OVER:
            return _("game over")
        if stage is Stage.AUDIT:
            giver = min(core.who_may_act())
            if giver == seat:
                return _("checking the exchange: you open the hand the card was given from")
            return _("checking the exchange: {name} opens the hand the card was given from").format(
                name=app.names[giver])
        game = core.game
        assert game is not None
        waiting = sorted(core.who_may_act())
        if seat in waiting and (seat is None or app.pending() is None):
            if core.window_open_to(seat):
                return _("your answer: play out of turn, or pass")
            return _("your turn") if game.phase is Phase.PLAY else _("your move")
        others = ", ".join(self.app.names[p] for p in waiting if p != seat)
        if game.window is not None and core.window_open_to(waiting[0]):
            return _("out of turn? waiting for {names}").format(names=others)
        if game.phase is Phase.SWAP:
            return _("swapping: waiting for {names}").format(names=others)
        if waiting != [game.turn]:
            return _("opening cards: shares from {names}").format(names=others)
        return _("{names} thinking").format(names=others)

    def status(self, seat: int | None, ascii: bool = False, size: tuple[int, int] = (80, 24), message: str = "",
               note: str = "", hosting: bool = False) -> str:  # fmt: skip
        """The screen `seat` sees, fitted to `size` (columns, lines); `message` (why an input was refused)
        in place of the status line, `note` (the time to decide) after the inputs, wrapped with them.
        `hosting`: `seat` is the host's person, who after leaving the game for good is told to keep the
        program open (the table lives in it until the others finish)."""
        app = self.app
        core = app.state
        if app.in_setup() or core.game is None:
            return "   ".join(filter(None, (self.headline(seat), note)))
        self._catch_up()
        look = replace(_ASCII if ascii else _UNICODE, width=size[0], height=size[1])
        last = {p: _plain(said, ascii) for p, said in self.narrator.last.items()}
        view = app.view(seat)
        events = [_plain(told.line, ascii) for told in self.events]
        if core.stage is Stage.OVER:
            return outcome_screen(view, seat, self.shown, events, look, number=app.number)
        if seat is not None and core.window_open_to(seat):
            question = message or window_question(view, seat, app.names, look)
            answers = "  ".join(filter(None, (hint_line(view, seat), _("Enter: pass"), note)))
            return screen(view, seat, self.shown, events, look, status=question, hint=answers, last=last,
                          number=app.number)
        if hosting and not message and seat in view.left:
            message = _("You left the game; keep this program open: it runs the table until the others finish")
        hint = "" if seat is None or seat not in core.who_may_act() else "   ".join(filter(None, (hint_line(view, seat),
                                                                                               note)))
        return screen(view, seat, self.shown, events, look, status=message, hint=hint, last=last, number=app.number)


def screen_of(app: object) -> ShitheadScreen:
    """The screen of a Shithead table's application."""
    assert isinstance(app, ShitheadApp)
    return ShitheadScreen(app)


def _plain(line: str, ascii: bool) -> str:
    return line.translate(_TO_ASCII) if ascii else line


def describe(text: str) -> str:
    """A table's rules in words, for the lobby: the preset's, then each house rule on top of it."""
    house = house_rules(text)
    words = listed(preset(text.split(";")[0]).describe())
    return _("{rules}; house rules: {house}").format(rules=words, house=listed(house)) if house else words


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
        return payload, _("sends its shares") if sharing else _("passes")
    return payload, _("plays {move}").format(move=app.view(seat).short(move))


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
        return Hint(_("the deck is being set up; wait a moment"))
    view = local.view()
    try:
        read = out_of_turn_answer if local.window_open() else interpret
        move = read(text, view, seat, shown.shown)
    except EngineError as exc:
        return Hint(f"! {exc.reason}")
    if move is Command.QUIT:
        if not app.state.may_leave(seat):
            return Hint(_("you can leave once the game is in play (Ctrl-C drops out now)"))
        question = _("Leave the game for good? Your cards leave play unseen, you finish last, and the others play on. "
                     "y to leave, Enter to stay ")
        return Confirm(question, local.leave_payload())
    if isinstance(move, Command):
        return Hint(rules_text(view.rules) if move is Command.RULES else help_text(view, seat))
    if local.window_open():
        return Chosen(local.window_payload(move if isinstance(move, Play) else None))
    assert move is not None
    return Chosen(local.move_payload(move))
