"""The card game wired into the transport (`SHITHEAD`, `APPS`), and how a networked table looks.

The transport drives a `game.SeatedTable` (an observer: a bare `game.TableState`) through
`NetCardGame`, which turns the game's events into narrated lines for a person (`Narrator`).
Invariants: the transport sees only plain payloads, events and `Fault`s naming a seat; each peer's secrets come from
`os.urandom`; an observer (no seat, e.g. `verify`) holds no secret and checks every proof and every
rule from the transcript alone. The screen and the input are the local `play` command's
(`render.screen`, `Narrator`, `prompt.interpret`, `hint_line`, `help_text`), so a networked table
looks and reads the same; nothing here prints, reads or keeps time.
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace

from p2pshithead.bots import Player, make_player
from p2pshithead.cli.agents import Confirm
from p2pshithead.cli.narrate import Narrator
from p2pshithead.cli.prompt import Command, help_text, hint_line, interpret, out_of_turn_answer, window_question
from p2pshithead.cli.render import Look, card_text, outcome_screen, rules_text, screen
from p2pshithead.engine import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRESETS,
    EngineError,
    Game,
    Phase,
    PickUp,
    Play,
    Ruleset,
    preset,
)
from p2pshithead.game import (
    Audited,
    Event,
    KeyShared,
    LocalSeat,
    SeatedTable,
    Shared,
    Stage,
    TableState,
    next_payload,
)
from p2pshithead.net import Apps, AppSpec, TableSetup

__all__ = [
    "APPS", "SHITHEAD", "NetBot", "NetCardGame", "auto_payload", "describe", "house_rules", "parse_payload",
    "ruleset_of", "table_rules",
]  # fmt: skip

_UNICODE, _ASCII = Look(unicode=True), Look(unicode=False)
_TO_ASCII = str.maketrans({"\u2665": "h", "\u2666": "d", "\u2663": "c", "\u2660": "s", "\u25b6": ">"})


class NetCardGame:
    """One peer of a networked table (`table`: what the transport drives), with names and narrated
    events for people."""

    def __init__(self, setup: TableSetup, local_seat: int | None, secret: bytes = b"") -> None:
        rules = ruleset_of(setup.rules)
        if bytes.fromhex(rules.digest()) != setup.ruleset_hash:
            raise ValueError(f"the table's ruleset hash does not match its rules {setup.rules!r}")
        last = 0 if setup.previous is None else len(setup.previous.order)
        self.state = TableState(rules, setup.table_id, len(setup.seats), previous_order(setup), last)
        self.local = None if local_seat is None else LocalSeat(self.state, local_seat, os.urandom, secret or None)
        self.table = self.state if self.local is None else SeatedTable(self.state, self.local)
        self.names = [s.nick for s in setup.seats]
        self.number = setup.game  # which game of the evening at this table (1, 2, ...)
        self.shown = [("You" if p == local_seat else n) for p, n in enumerate(self.names)]  # as `play` names them
        self.events: list[str] = []  # narrated moves, as the local seat sees them (unicode look)
        self.narrator = Narrator(local_seat, self.shown, _UNICODE)
        self._told = 0  # events already handed out by `news`
        self._keys_in = 0
        self._dealt_in = 0

    def who_may_act(self) -> frozenset[int]:
        return self.state.who_may_act()

    def apply(self, seat: int, payload: object) -> Sequence[Event]:
        """Apply `seat`'s payload to the table and narrate its events; `Fault` (from the game) names `seat`."""
        events = self.table.apply(seat, payload)
        for event in events:
            if isinstance(event, KeyShared):
                self._keys_in += 1
            elif isinstance(event, Shared) and self.state.stage is not Stage.PLAY and event.slots:
                self._dealt_in += 1
        game = self.state.game
        if game is not None:  # an observer (a spectator, `verify`) sees the public cards
            self.events += self.narrator.tell(events, self._view(None if self.local is None else self.local.seat))
            for event in events:
                if isinstance(event, Audited):
                    held = " ".join(card_text(card, _UNICODE) for _, card in event.cards)
                    who = self.shown[event.seat]
                    self.events.append(f"The exchange checks out: {who} held {held} and gave the best")
        return events

    def pending(self) -> object | None:
        return None if self.local is None else self.local.pending()

    def finish_order(self) -> tuple[int, ...] | None:
        return self.state.finish_order()

    def in_setup(self) -> bool:
        return self.state.in_setup()

    def present(self) -> frozenset[int]:
        """Every seat but those that left the game for good."""
        left = self.state.game.left if self.state.game is not None else ()
        return frozenset(range(self.state.players)) - set(left)

    def _view(self, seat: int | None) -> Game:
        """The game as `seat` sees it; a bystander's (None): the table's own position, public cards only."""
        game = self.state.game
        assert game is not None, "the game is dealt"
        if self.local is not None and seat == self.local.seat:
            return self.local.view()
        return game if seat is None else game.view(seat)

    def news(self, ascii: bool = False) -> list[str]:
        """Moves narrated since the last call, oldest first."""
        fresh, self._told = self.events[self._told:], len(self.events)
        return [_plain(line, ascii) for line in fresh]

    def thinking(self) -> int | None:
        """The seat whose own decision the table awaits on a turn of play (None: setup, the swap and show
        phases, an out-of-turn window, cards being opened)."""
        game, core = self.state.game, self.state
        if game is None or core.stage is not Stage.PLAY or game.phase is not Phase.PLAY:
            return None
        mine = None if self.local is None or self.pending() is None else self.local.seat  # sent without asking
        if sorted(core.who_may_act() - {mine}) != [game.turn]:
            return None
        return None if game.window is not None and core.window_open_to(game.turn) else game.turn

    def moved(self, seat: int) -> bool:
        """Whether the lines `news` has not handed out yet tell a move of `seat`."""
        return any(line.startswith(self.shown[seat] + " ") for line in self.events[self._told:])

    def automatic(self, seat: int) -> None:
        """Say, in the lines `news` has not handed out yet and beside `seat`'s row, that `seat`'s move was
        made by its own program because its time was up ("time's up: Ana's program picks up 3 cards")."""
        name = self.shown[seat]
        for i in range(self._told, len(self.events)):
            line = self.events[i]
            if not line.startswith(name + " "):
                continue
            if self.local is not None and seat == self.local.seat:
                self.events[i] = f"{line} (time's up: your program played for you)"
            else:
                self.events[i] = f"time's up: {name}'s program {line[len(name) + 1:]}"
        if seat in self.narrator.last:
            self.narrator.last[seat] = "time's up: " + self.narrator.last[seat].removeprefix("you ")

    def headline(self, seat: int | None) -> str:
        """What the table waits for, in one line: setup progress, or who is to act."""
        core, n = self.state, self.state.players
        stage = core.stage
        if stage is Stage.KEYS:
            return f"setting up: proven key shares {self._keys_in}/{n}"
        if stage is Stage.SHUFFLE:
            k = min(core.who_may_act())
            s = "" if k == seat else "s"
            return f"shuffling: {self._name(k, seat)} encrypt{s} and shuffle{s} ({k + 1}/{n})"
        if stage is Stage.DEAL:
            return f"dealing: shares to open the cards {self._dealt_in}/{n}"
        if stage is Stage.OVER:
            return "game over"
        if stage is Stage.AUDIT:
            giver = min(core.who_may_act())
            return f"checking the exchange: {self._name(giver, seat)} opens the hand the card was given from"
        game = core.game
        assert game is not None
        waiting = sorted(core.who_may_act())
        if seat in waiting and (seat is None or self.pending() is None):
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
        return "you" if p == seat else self.names[p]

    def status(self, seat: int | None, ascii: bool = False, size: tuple[int, int] = (80, 24), message: str = "") -> str:
        """The screen `seat` sees, fitted to `size` (columns, lines); `message` (why an input was refused)
        in place of the status line."""
        core = self.state
        if self.in_setup() or core.game is None:
            return self.headline(seat)
        look = replace(_ASCII if ascii else _UNICODE, width=size[0], height=size[1])
        last = {p: _plain(said, ascii) for p, said in self.narrator.last.items()}
        view = self._view(seat)
        events = [_plain(e, ascii) for e in self.events]
        if core.stage is Stage.OVER:
            return outcome_screen(view, seat, self.shown, events, look, number=self.number)
        if seat is not None and core.window_open_to(seat):
            question = message or window_question(view, seat, self.names, look)
            return screen(view, seat, self.shown, events, look, status=question,
                          hint=hint_line(view, seat) + "  Enter: pass", last=last, number=self.number)  # fmt: skip
        hint = "" if seat is None or seat not in core.who_may_act() else hint_line(view, seat)
        return screen(view, seat, self.shown, events, look, status=message, hint=hint, last=last, number=self.number)


def previous_order(setup: TableSetup) -> tuple[int, ...]:
    """The last game's finish order (a series) as seats of this table: those who sit here again."""
    if setup.previous is None:
        return ()
    keys = [s.key for s in setup.seats]
    return tuple(keys.index(key) for key in setup.previous.order if key in keys)


def _plain(line: str, ascii: bool) -> str:
    return line.translate(_TO_ASCII) if ascii else line


def table_rules(name: str, settings: Mapping[str, str]) -> str:
    """A table's rules as the transport carries them: the preset, then each house rule ("pagat;eight=under")."""
    return ";".join([name, *(f"{key}={value}" for key, value in sorted(settings.items()))])


def ruleset_of(text: str) -> Ruleset:
    """The ruleset a rules text names: its preset with its house rules.

    Raises:
        ValueError: an unknown preset, or a house rule the engine does not take (in words).
    """
    name, *settings = text.split(";")
    if name not in PRESETS:
        raise ValueError(f"unknown rules preset {name!r} (known: {', '.join(PRESETS)})")
    pairs = dict(setting.partition("=")[::2] for setting in settings)
    return preset(name).with_settings(pairs) if pairs else preset(name)


def _ruleset_hash(text: str) -> bytes:
    return bytes.fromhex(ruleset_of(text).digest())


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


class NetBot:
    """A computer player at a LAN seat, at `level` (a bot spec: "greedy", "smart:200ms"): one bot per
    game, so a smart bot keeps what it learned during the game (its beliefs, the face-up row it chose)."""

    def __init__(self, level: str = "greedy") -> None:
        self.level = level
        self._game: NetCardGame | None = None
        self._player: Player | None = None

    def __call__(self, app: object, seat: int, rng: random.Random) -> object:
        """The payload for `seat` (only called when `seat` may act)."""
        assert isinstance(app, NetCardGame) and isinstance(app.table, SeatedTable)
        if app is not self._game or self._player is None:
            self._game, self._player = app, make_player(self.level)
        return next_payload(app.table, self._player, rng)


def auto_payload(app: object, seat: int) -> tuple[object, str]:
    """What a person's own program sends when their time is up, and that in words: it passes an
    out-of-turn window, picks up the pile where the rules allow, else plays the lowest legal card (or
    the first legal move: ready in the swap phase, a face-down card)."""
    assert isinstance(app, NetCardGame) and app.local is not None and app.local.seat == seat
    local = app.local
    pending = local.pending()
    if pending is not None:
        return pending, "sends its shares"
    if local.window_open():
        return local.window_payload(None), "passes"
    view = local.view()
    moves = list(view.moves_for(seat))
    plays = [m for m in moves if isinstance(m, Play)]
    pick = next((m for m in moves if isinstance(m, PickUp)), None)
    if pick is not None:
        choice: object = pick
    elif plays:
        choice = min(plays, key=lambda m: (min(int(c.rank) for s in m.slots if (c := view.card(s))), len(m.slots)))
    else:
        choice = moves[0]
    return local.move_payload(choice), f"plays {view.short(choice)}"  # type: ignore[arg-type]


def parse_payload(app: object, seat: int, text: str) -> object:
    """A person's line as the payload of their move; ValueError explains what cannot be played."""
    assert isinstance(app, NetCardGame) and app.local is not None and app.local.seat == seat
    core = app.local
    pending = core.pending()
    if pending is not None:
        return pending
    if app.state.game is None:
        raise ValueError("the deck is being set up; wait a moment")
    view = core.view()
    try:
        read = out_of_turn_answer if core.window_open() else interpret
        move = read(text, view, seat, app.shown)
    except EngineError as exc:
        raise ValueError(f"! {exc.reason}") from None
    if isinstance(move, Command):
        if move is Command.QUIT:
            if not app.state.may_leave(seat):
                raise ValueError("you can leave once the game is in play (Ctrl-C drops out now)")
            raise Confirm(_LEAVE_QUESTION, core.leave_payload())
        return _command(move, view, seat)
    if core.window_open():
        return core.window_payload(move if isinstance(move, Play) else None)
    assert move is not None
    return core.move_payload(move)


_LEAVE_QUESTION = ("Leave the game for good? Your cards leave play unseen, you finish last, and the others play on. "
                   "y to leave, Enter to stay ")  # fmt: skip


def _command(command: Command, view: Game, seat: int) -> object:
    raise ValueError(rules_text(view.rules) if command is Command.RULES else help_text(view, seat))


def _check_rules(text: str) -> None:
    ruleset_of(text)


SHITHEAD = AppSpec(name="shithead", presets=tuple(PRESETS), check_rules=_check_rules, make=NetCardGame,
                   ruleset_hash=_ruleset_hash,
                    seats=(MIN_PLAYERS, MAX_PLAYERS), secret_size=64)
APPS: Apps = {SHITHEAD.name: SHITHEAD}
"""The applications this program plays on the network."""
