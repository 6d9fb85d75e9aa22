"""What a person types at the table: a move in the engine's short notation (`Game.parse_short`:
"7", "77", "p", "fd 2", "swap 3 k", "a>2") or one of the few commands that are not moves
(help, rules, quit); and the help text.

Invariants: `interpret` reads only a view (`Game.view(me)`), `me` and the seat names; it returns a
`Command` or a move in `view.moves_for(me)`, or raises the engine's `MoveError` with seats named
by their names: `InvalidMoveError` (not understood), `IllegalMoveError` (the rules say no) or
`AmbiguousMoveError` (say more). Every line is in the language in use (`p2pshithead.lang`); what is
typed (moves, commands, `y`) is the same in every language.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from p2pshithead.cli.render import Look, names_in, show_hints
from p2pshithead.engine import EngineError, Game, InvalidMoveError, Move, MoveError, Phase, Play, Rank, Swap
from p2pshithead.lang import _

__all__ = [
    "Command", "best_out_of_turn", "help_text", "hint_line", "interpret", "out_of_turn_answer", "window_question",
]  # fmt: skip


class Command(enum.Enum):
    """Input that is not a move."""

    HELP = "help"
    """Show what may be typed."""
    RULES = "rules"
    """Show the rules in words."""
    QUIT = "quit"
    """Leave the game."""


_COMMANDS = {"?": Command.HELP, "help": Command.HELP, "h": Command.HELP, "rules": Command.RULES,
             "quit": Command.QUIT, "exit": Command.QUIT}


LONGEST = 60
"""The longest line read as a move (the longest move typed in full, "swap #1 #2 ..." or "a>NAME", is shorter)."""


def interpret(text: str, view: Game, me: int, names: Sequence[str] | None = None) -> Move | Command:
    """Turn one line of input into a legal move of `me` (or a command).

    Args:
        text: what the person typed.
        view: the game as `me` sees it.
        me: the typing player's seat.
        names: seat names, to name players in messages and to accept "a>ann" (by default
            messages say "player 2").

    Returns:
        A `Command`, or a move in `view.moves_for(me)`.

    Raises:
        InvalidMoveError: not understood, or names cards or players that are not there.
        IllegalMoveError: understood, but the rules forbid it now (says why).
        AmbiguousMoveError: fits several different moves (says how to choose).
    """
    t = " ".join(text.strip().lower().split())
    if not t:
        raise InvalidMoveError(_("type a move, or ? for help"))
    if len(t) > LONGEST:  # (not echoed back: the status line has room for the answer, not the line)
        raise InvalidMoveError(_("a move is a few characters, not {count}: type ? for help").format(count=len(t)))
    if t in _COMMANDS:
        return _COMMANDS[t]
    try:
        return view.parse_short(t, me, names)
    except MoveError as exc:
        if names is None:
            raise
        raise type(exc)(names_in(exc.reason, names)) from None


def hint_line(view: Game, me: int) -> str:
    """The line above the prompt: "Type: 7  77  9  p   (? help)" (empty when nothing is legal); every
    word in it may be typed as shown (the engine's placeholders made concrete: "A>N" as "A>1  A>2",
    "fd 1-3" as "fd 1  fd 2  fd 3", "swap H U" as a swap one may make)."""
    now = typable(view, me, view.short_hints(me))
    if view.phase is Phase.SHOW and view.turn == me:
        now = [*show_hints(view, me), "show -"]  # only the cards that can claim the lead (RULES.md 2)
    return _("Type: {moves}   (? help)").format(moves="  ".join(now)) if now else ""


def typable(view: Game, me: int, hints: Sequence[str]) -> list[str]:
    """`hints` (`Game.short_hints`) with each placeholder replaced by the inputs it stands for."""
    moves = list(view.moves_for(me))
    out: list[str] = []
    for hint in hints:
        if hint.endswith(">N"):
            words = [view.short(m) for m in moves if isinstance(m, Play) and m.target is not None]
            out += [w for w in dict.fromkeys(words) if w.split(">")[0] == hint[:-2] and w not in out]
        elif hint.startswith("fd 1-"):
            out += [f"fd {k}" for k in range(1, int(hint[5:]) + 1)]
        elif hint == "swap H U":
            out += [view.short(m) for m in moves if isinstance(m, Swap)][:1]
        else:
            out.append(hint)
    return out


def _row(typed: str, words: str) -> str:
    """A line of the help: what is typed, then what it does in words (a second line of them under the first)."""
    return f"  {typed:<11} " + words.replace("\n", "\n" + " " * 14)


def help_text(view: Game, me: int) -> str:
    """What may be typed, for the phase the game is in, and what is legal now."""
    lines = [_("Type:")]
    if view.phase is Phase.SWAP and view.exchange is not None:
        gift = next((h for h in view.short_hints(me) if h.startswith("give")), "give K")
        lines += [_row(gift, _("give that hand card (the card exchange between games: the Shithead gives\n"
                               "their best card to the Masta, who gives back a card of their choice)"))]
    elif view.phase is Phase.SWAP:
        lines += [
            _row("swap 3 K", _("exchange a hand 3 with your face-up K")),
            _row("swap #1 #2", _("the same by position (hand #1, face-up #2)")),
            _row("place 7", _("lay a hand card face up (when the rules ask for it)")),
            _row("r", _("ready: done swapping")),
        ]
    elif view.phase is Phase.SHOW:
        example = (show_hints(view, me) or ["show 4"])[0]
        claim = _("show a {rank} to claim the lead (the lowest shown starts)").format(rank=example[5:])
        lines += [_row(example, claim), _row("show -", _("show nothing"))]
    else:
        lines += [
            _row("7", _("play one 7 (10, J, Q, K, A, Jo for the others)")),
            "  77  7 7  7x2  " + _("play two 7s;  7h  a given card"),
            _row("p", _("pick up the pile;  p K  take face-up K with it (when you must)")),
            _row("fd 2", _("turn your 2nd face-down card")),
        ]
        if view.rules.ace_gives_pile:
            lines.append(_row("a>2", _("play an ace and name player 2 to take the pile")))
        if view.rules.turbo or view.rules.interrupt:
            lines.append("  " + _("out of turn: answer y to play all you may, or type the cards; Enter lets it pass"))
    lines.append(_row("rules", _("the rules in words;  quit  leave;  ?  this help")))
    now = view.short_hints(me)
    if now:
        lines.append(_("Now you can: {moves}").format(moves="  ".join(now)))
    return "\n".join(lines)


# -- the out-of-turn question (RULES.md 5), the same at `play` and at a LAN table -------------------------

_PASS, _YES = ("", "n", "no", "-", "pass"), ("y", "yes")


def best_out_of_turn(view: Game, me: int) -> Play | None:
    """The play `y` stands for: every card `me` may play out of turn now, or None when there is none."""
    options = [m for m in view.moves_for(me) if isinstance(m, Play)]
    return max(options, key=lambda m: len(m.slots)) if options else None


def window_question(view: Game, me: int, names: Sequence[str], look: Look) -> str:
    """"Bot 1 played 9: play your 9♥ out of turn? y, Enter to pass", or "...: burn the pile with your 9♥
    out of turn? ..." when that play would burn it (short enough for one line of 80 columns); "...: no
    card you see may go out of turn; Enter to pass" when `me` has none it knows (at a LAN table every
    seat with cards hidden from the table is asked, and a card still being opened to `me` shows `??`)."""
    window, best = view.window, best_out_of_turn(view, me)
    rank = Rank(window.rank).symbol if window is not None else "?"
    who = names[window.player] if window is not None else _("Someone")
    if best is None:
        return _("{name} played {rank}: no card you see may go out of turn; Enter to pass").format(name=who, rank=rank)
    cards = " ".join(c.pretty(look.unicode) for s in best.slots if (c := view.card(s))) or rank
    if _burns(view, best):
        question = _("{name} played {rank}: burn the pile with your {cards} out of turn? y, Enter to pass")
    else:
        question = _("{name} played {rank}: play your {cards} out of turn? y, Enter to pass")
    return question.format(name=who, rank=rank, cards=cards)


def _burns(view: Game, play: Play) -> bool:
    """Whether `play` would burn the pile (tried on a copy of the view: the engine says, not this module)."""
    trial = view.copy()
    burned = len(trial.burned)
    try:
        trial.push(play)
    except EngineError:
        return False  # it needs a card this seat does not see: say nothing rather than guess
    return len(trial.burned) > burned


def out_of_turn_answer(text: str, view: Game, me: int, names: Sequence[str] | None = None) -> Play | None | Command:
    """What an answer to the out-of-turn question means: a play (`y`, or the cards typed), None (pass), or
    a command.

    Raises:
        MoveError: the text names no play allowed out of turn now; its message says why.
    """
    answer = " ".join(text.strip().lower().split())
    if answer in _PASS:
        return None
    if answer in _YES:
        best = best_out_of_turn(view, me)
        if best is None:
            raise InvalidMoveError(_("you have nothing to play out of turn; Enter passes"))
        return best
    got = interpret(text, view, me, names)
    if isinstance(got, Command | Play):
        return got
    raise InvalidMoveError(_("out of turn you may only play cards; Enter passes"))
