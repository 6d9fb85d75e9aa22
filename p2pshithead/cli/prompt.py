"""Short input to moves: what a person types at the table ("7", "77", "p", "fd 2", "swap 3 k",
"a>2") turned into a legal move of theirs, or an error that says why not.

Invariants: `interpret` reads only a view (`Game.view(me)`), `me` and the seat names; it returns a
`Command` or a move in `view.moves_for(me)`, or raises an engine `MoveError` whose message is for
people: `InvalidMoveError` (not understood, or names a card you do not hold),
`IllegalMoveError` (the rules say no: the engine's `why_illegal` text) or
`AmbiguousMoveError` (say more; the message lists the choices). Cards of one rank count as
interchangeable: "7" plays one of your 7s, "7h" a given one. `interpret(short(m, view), ...)`
is `m` or a move that differs from it only in which card of a rank is used.
"""

from __future__ import annotations

import enum
import re
from typing import Sequence

from p2pshithead.engine import (
    AmbiguousMoveError,
    Card,
    Flip,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Phase,
    PickUp,
    Place,
    Play,
    Rank,
    Ready,
    Show,
    Source,
    Swap,
    UnrevealedCardError,
    parse_rank,
    powers,
)
from p2pshithead.cli.render import names_in, ordered

__all__ = ["Command", "interpret", "short", "hints", "hint_line", "help_text", "equivalent"]


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
_NONE = {"-", "none", "no", "n", "nothing"}
_READY = {"r", "ready", "done", "go", "ok"}
_VERBS = {
    **dict.fromkeys(("p", "pick", "pickup", "take"), "pick"),
    **dict.fromkeys(("fd", "f", "flip", "d", "down"), "flip"),
    **dict.fromkeys(("swap", "s", "sw"), "swap"),
    **dict.fromkeys(("place", "pl", "lay"), "place"),
    **dict.fromkeys(("show", "sh"), "show"),
}
_CARD = re.compile(r"(10|jo|[2-9]|[tjqka])([cdhs])?")
_TIMES = re.compile(r"(10|jo|[2-9]|[tjqka])\s*[x*]\s*(\d+)")
_VERB = re.compile(r"([a-z]+)(?:\s+|(?=[#\d])|$)(.*)")


def interpret(text: str, view: Game, me: int, names: Sequence[str] | None = None) -> Move | Command:
    """Turn one line of input into a legal move of `me` (or a command).

    Args:
        text: what the person typed.
        view: the game as `me` sees it.
        me: the typing player's seat.
        names: seat names, to name players in messages and to accept "a>ann".

    Returns:
        A `Command`, or a move in `view.moves_for(me)`.

    Raises:
        InvalidMoveError: not understood, or names cards or players that are not there.
        IllegalMoveError: understood, but the rules forbid it now (says why).
        AmbiguousMoveError: fits several different moves (says how to choose).
    """
    names = list(names) if names is not None else [f"player {i}" for i in range(view.players)]
    t = " ".join(text.strip().lower().split())
    if not t:
        raise InvalidMoveError("type a move, or ? for help")
    if t in _COMMANDS:
        return _COMMANDS[t]
    try:
        move = _parse(t, view, me, names)
    except IllegalMoveError as exc:
        raise IllegalMoveError(names_in(exc.reason, names)) from None
    return move


def _parse(t: str, view: Game, me: int, names: list[str]) -> Move:
    if t in _NONE:
        return _legal(view, me, Show(me, None))
    if t in _READY:
        return _legal(view, me, Ready(me))
    m = _VERB.fullmatch(t)
    verb = _VERBS.get(m.group(1)) if m else None
    if m and verb:
        rest = m.group(2).strip()
        if verb == "pick":
            return _pick(view, me, rest)
        if verb == "flip":
            return _flip(view, me, rest)
        if verb == "swap":
            return _swap(view, me, rest)
        if verb == "place":
            hand = ordered(view, view.hand(me))
            return _legal(view, me, Place(me, _find(view, hand, _one_ref(rest, "place"), "hand")))
        return _show(view, me, rest)
    if view.phase is Phase.SHOW:
        return _show(view, me, t)
    if (view.phase is Phase.PLAY and me == view.turn and view.source(me) == Source.DOWN and t.isdigit()
            and 1 <= int(t) <= len(view.face_down(me))):
        return _flip(view, me, t)
    return _play(view, me, t, names)


def _legal(view: Game, me: int, move: Move) -> Move:
    """`move` itself when legal, else an IllegalMoveError with the engine's reason."""
    try:
        reason = view.why_illegal(move)
    except UnrevealedCardError:
        reason = "that card is not known here yet"
    if reason is None:
        return move
    raise IllegalMoveError(str(reason))


# -- plays ------------------------------------------------------------------------------------


def _cards_typed(body: str) -> list[tuple[Rank, Card | None]] | None:
    """"77", "7 7", "7x2", "7h 7", "1010" -> ranks (and cards where a suit is given); None if not cards."""
    times = _TIMES.fullmatch(body.strip())
    if times:
        count = int(times.group(2))
        return [(parse_rank(times.group(1)), None)] * count if count else None
    compact = re.sub(r"[\s,]+", "", body)
    out: list[tuple[Rank, Card | None]] = []
    pos = 0
    while pos < len(compact):
        m = _CARD.match(compact, pos)
        if not m:
            return None
        rank = parse_rank(m.group(1))
        card = Card.from_text(m.group(1) + m.group(2)) if m.group(2) and rank is not Rank.JOKER else None
        out.append((rank, card))
        pos = m.end()
    return out or None


def _target(text: str, view: Game, names: list[str]) -> int:
    t = text.strip()
    if t.isdigit():
        seat = int(t)
        if 0 <= seat < view.players:
            return seat
        raise InvalidMoveError(f"no player {seat}: players are 0 to {view.players - 1}")
    hits = [i for i, n in enumerate(names) if t and n.lower().replace(" ", "").startswith(t.replace(" ", ""))]
    if len(hits) == 1:
        return hits[0]
    raise InvalidMoveError(f"name a player by number, e.g. a>{(view.turn + 1) % view.players}")


def _play(view: Game, me: int, t: str, names: list[str]) -> Move:
    body, arrow, target_text = t.partition(">")
    typed = _cards_typed(body)
    if typed is None:
        raise InvalidMoveError(f"{t!r}? type a rank like 7, 77, 10, q, k, a; p to pick up; ? for help")
    ranks = {rank for rank, _ in typed}
    if len(ranks) > 1:
        raise IllegalMoveError("cards played together must be of one rank")
    rank = ranks.pop()
    wanted = [c for _, c in typed if c is not None]
    target = _target(target_text, view, names) if arrow else None
    hits = [
        m for m in view.moves_for(me)
        if isinstance(m, Play) and len(m.slots) == len(typed) and _holds(view, m.slots, rank, wanted)
        and (target is None or m.target == target)
    ]
    aims = sorted({m.target for m in hits if m.target is not None})
    if len(aims) > 1 and target is None:
        choices = ", ".join(f"{short(hits[0], view).split('>')[0]}>{a} ({names[a]})" for a in aims)
        raise AmbiguousMoveError(f"an ace gives the pile: say who takes it: {choices}")
    if hits:
        return hits[0]
    return _legal(view, me, _explain_play(view, me, rank, len(typed), wanted, target))


def _holds(view: Game, slots: Sequence[int], rank: Rank, wanted: list[Card]) -> bool:
    cards = [view.card(s) for s in slots]
    if any(c is None or c.rank != rank for c in cards):
        return False
    rest = list(cards)
    for w in wanted:
        if w not in rest:
            return False
        rest.remove(w)
    return True


def _explain_play(view: Game, me: int, rank: Rank, count: int, wanted: list[Card], target: int | None) -> Move:
    """The play the person most likely meant, for `why_illegal` to judge; or an error saying what
    they lack."""
    if view.phase is Phase.SWAP:
        raise IllegalMoveError("this is the swap phase: swap 3 K, place 7, or r when ready")
    hand, up = ordered(view, view.hand(me)), ordered(view, view.face_up(me))
    if view.phase is Phase.PLAY and me == view.turn and view.source(me) == Source.DOWN:
        raise IllegalMoveError(f"your hand and face-up cards are empty: flip a face-down card (fd 1 to fd {len(view.face_down(me))})")
    zone, where = (hand, "hand") if hand else (up, "face-up cards")
    if hand and not view.stock:
        zone = hand + up
    pool = [s for s in zone if (c := view.card(s)) is not None and c.rank == rank]
    for w in wanted:
        if not any(view.card(s) == w for s in pool):
            raise InvalidMoveError(f"you have no {w.text()} in your {where}")
    if not pool:
        raise InvalidMoveError(f"you have no {rank.symbol} in your {where}")
    if len(pool) < count:
        raise InvalidMoveError(f"you have only {len(pool)} x {rank.symbol} in your {where}")
    chosen = [s for s in pool if view.card(s) in wanted][: len(wanted)]
    chosen += [s for s in pool if s not in chosen][: count - len(chosen)]
    return Play(me, tuple(chosen), target)


# -- other verbs ------------------------------------------------------------------------------


def _one_ref(rest: str, verb: str) -> str:
    refs = rest.split()
    if len(refs) != 1:
        raise InvalidMoveError(f"{verb} which card? e.g. {verb} 7")
    return refs[0]


def _find(view: Game, slots: Sequence[int], ref: str, zone: str) -> int:
    """A card of `slots` by "#2" (position), rank ("k"), card ("kh"), or a bare position number
    when no card has that rank."""
    ref = ref.strip().lower()
    if ref.startswith("#") and ref[1:].isdigit():
        return _position(slots, int(ref[1:]), zone)
    m = _CARD.fullmatch(ref)
    if m:
        rank = parse_rank(m.group(1))
        want = Card.from_text(ref) if m.group(2) and rank is not Rank.JOKER else None
        for s in slots:
            card = view.card(s)
            if card is not None and card.rank == rank and (want is None or card == want):
                return s
    if ref.isdigit() and 1 <= int(ref) <= len(slots):
        return slots[int(ref) - 1]
    if m:
        raise InvalidMoveError(f"you have no {ref.upper()} in your {zone}")
    raise InvalidMoveError(f"{ref!r}? name a card of your {zone} by rank (K) or position (#2)")


def _position(slots: Sequence[int], n: int, zone: str) -> int:
    if not 1 <= n <= len(slots):
        raise InvalidMoveError(f"your {zone} has {len(slots)} card(s): #1 to #{len(slots)}" if slots else f"your {zone} is empty")
    return slots[n - 1]


def _pick(view: Game, me: int, rest: str) -> Move:
    up = list(view.face_up(me))
    if rest:
        return _legal(view, me, PickUp(me, _find(view, up, rest, "face-up cards")))
    if PickUp(me) in view.moves_for(me):
        return PickUp(me)
    takes = [m for m in view.moves_for(me) if isinstance(m, PickUp)]
    ranks = sorted({view.card(m.up).rank for m in takes if m.up is not None and view.card(m.up)})
    if len(ranks) == 1:
        return takes[0]
    if ranks:
        choices = ", ".join(f"p {r.symbol}" for r in ranks)
        raise AmbiguousMoveError(f"none of your face-up cards can be played: take one with the pile: {choices}")
    return _legal(view, me, PickUp(me))


def _flip(view: Game, me: int, rest: str) -> Move:
    down = list(view.face_down(me))
    if not down:
        raise IllegalMoveError("you have no face-down cards")
    ref = rest.lstrip("#").strip()
    if not ref:
        if len(down) > 1 and view.source(me) == Source.DOWN:
            raise AmbiguousMoveError(f"which face-down card? fd 1 to fd {len(down)}")
        return _legal(view, me, Flip(me, down[0]))
    if not ref.isdigit():
        raise InvalidMoveError(f"turn a face-down card by position: fd 1 to fd {len(down)}")
    return _legal(view, me, Flip(me, _position(down, int(ref), "face-down row")))


def _swap(view: Game, me: int, rest: str) -> Move:
    refs = rest.split()
    if len(refs) == 1:
        typed = [m.group(0) for m in _CARD.finditer(refs[0])]
        if "".join(typed) == refs[0]:
            refs = typed
    if len(refs) != 2:
        raise InvalidMoveError("swap <hand card> <face-up card>, e.g. swap 3 K (or by position: swap #1 #2)")
    hand = _find(view, ordered(view, view.hand(me)), refs[0], "hand")
    up = _find(view, list(view.face_up(me)), refs[1], "face-up cards")
    return _legal(view, me, Swap(me, hand, up))


def _show(view: Game, me: int, rest: str) -> Move:
    if rest in _NONE:
        return _legal(view, me, Show(me, None))
    if not rest:
        raise AmbiguousMoveError("show which card? e.g. show 4, or show - to show none")
    return _legal(view, me, Show(me, _find(view, ordered(view, view.hand(me)), rest, "hand")))


# -- moves back to input ---------------------------------------------------------------------


def _sym(view: Game, slot: int | None) -> str:
    card = view.card(slot) if slot is not None else None
    return card.rank.symbol if card is not None else "?"


def short(move: Move, view: Game) -> str:
    """The shortest input that `interpret` turns into `move` (or an equal-rank twin of it)."""
    if isinstance(move, Play):
        sym = _sym(view, move.slots[0])
        text = (" " if len(sym) > 1 else "").join([sym] * len(move.slots))
        return text + ("" if move.target is None else f">{move.target}")
    if isinstance(move, Flip):
        return f"fd {view.face_down(move.player).index(move.slot) + 1}"
    if isinstance(move, PickUp):
        return "p" if move.up is None else f"p {_sym(view, move.up)}"
    if isinstance(move, Swap):
        return f"swap {_sym(view, move.hand)} {_sym(view, move.up)}"
    if isinstance(move, Place):
        return f"place {_sym(view, move.hand)}"
    if isinstance(move, Ready):
        return "r"
    return "show -" if move.slot is None else f"show {_sym(view, move.slot)}"


def equivalent(a: Move, b: Move, view: Game) -> bool:
    """Whether two moves differ at most in which card of a rank they use."""
    if type(a) is not type(b) or a.player != b.player:
        return False
    return short(a, view) == short(b, view)


def _order(move: Move, view: Game) -> tuple[int, int]:
    """Plays and shows first: plain ranks low to high, then power cards, fewer cards first."""
    slot = move.slots[0] if isinstance(move, Play) else getattr(move, "slot", None) if isinstance(move, Show) else None
    if slot is None:
        return (100, 0) if not isinstance(move, Show) else (0, 0)
    card = view.card(slot)
    if card is None:
        return (99, 0)
    power = powers(view.rules)[card.rank].anything  # 2, 3, 10, jokers: kept for later, listed last
    return (int(card.rank) + 20 * power, len(move.slots) if isinstance(move, Play) else 1)


def hints(view: Game, me: int) -> list[str]:
    """The inputs legal for `me` now, short and without repeats ("7", "77", "p", "fd 1-3")."""
    out: list[str] = []
    moves = sorted(view.moves_for(me), key=lambda m: _order(m, view))
    flips = [m for m in moves if isinstance(m, Flip)]
    for m in moves:
        if isinstance(m, Flip):
            text = "fd 1" if len(flips) == 1 else f"fd 1-{len(flips)}"
        elif isinstance(m, Swap):
            text = "swap H U"
        elif isinstance(m, Play) and m.target is not None:
            text = short(m, view).split(">")[0] + ">N"
        else:
            text = short(m, view)
        if text not in out:
            out.append(text)
    return out


def hint_line(view: Game, me: int) -> str:
    """The line above the prompt: "Type: 7  77  9  p   (? help)" (empty when nothing is legal)."""
    now = hints(view, me)
    return ("Type: " + "  ".join(now) + "   (? help)") if now else ""


def help_text(view: Game, me: int) -> str:
    """What may be typed, for the phase the game is in, and what is legal now."""
    lines = ["Type:"]
    if view.phase is Phase.SWAP:
        lines += [
            "  swap 3 K    exchange a hand 3 with your face-up K",
            "  swap #1 #2  the same by position (hand #1, face-up #2)",
            "  place 7     lay a hand card face up (when the rules ask for it)",
            "  r           ready: done swapping",
        ]
    elif view.phase is Phase.SHOW:
        lines += ["  show 4      show a 4 to claim the lead (lowest plain card starts)",
                  "  show -      show nothing"]
    else:
        lines += [
            "  7           play one 7 (10, J, Q, K, A, Jo for the others)",
            "  77  7 7  7x2  play two 7s;  7h  a given card",
            "  p           pick up the pile;  p K  take face-up K with it (when you must)",
            "  fd 2        turn your 2nd face-down card",
        ]
        if view.rules.ace_gives_pile:
            lines.append("  a>2         play an ace and name player 2 to take the pile")
        if view.rules.turbo or view.rules.interrupt:
            lines.append("  out of turn: answer y to play, Enter to let it pass")
    lines += ["  rules       the rules in words;  quit  leave;  ?  this help"]
    now = hints(view, me)
    if now:
        lines.append("Now you can: " + "  ".join(now))
    return "\n".join(lines)
