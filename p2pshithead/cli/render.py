"""State to text: the table as one player sees it, moves told in words, the end of a game.

Invariants: every function here reads a `Game` *view* (`Game.view(me)`) and never mutates it, so
a local table and a networked one draw the same screen; nothing here reads input, sleeps or
prints. A screen fits `Look.width` x `Look.height` (80x24 by default) for up to 6 players.
Color is click.style markup (red hearts and diamonds); `click.echo` strips it off a non-terminal.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import click

from p2pshithead.engine import (
    Card,
    Flip,
    Game,
    Move,
    Phase,
    PickUp,
    Place,
    Play,
    Ready,
    Ruleset,
    Show,
    Source,
    Suit,
    Swap,
    hand_order,
    powers,
)

__all__ = [
    "Look",
    "can_encode",
    "card_text",
    "cards_text",
    "names_in",
    "narrate",
    "screen",
    "outcome_screen",
    "rules_text",
]

_RED = (Suit.HEARTS, Suit.DIAMONDS)


@dataclass(frozen=True, slots=True)
class Look:
    """How text is drawn: suit glyphs or letters, color, and the screen size to fit."""

    unicode: bool = True
    color: bool = True
    width: int = 80
    height: int = 24


def can_encode(encoding: str | None) -> bool:
    """Whether a stream with `encoding` can show suit glyphs (else draw with --ascii)."""
    try:
        "\u2665\u2660\u25b6".encode(encoding or "ascii")
    except (LookupError, UnicodeEncodeError):
        return False
    return True


def card_text(card: Card | None, look: Look) -> str:
    """One card ("7\u2665", or "7h" in ascii); "??" for a card unknown here."""
    if card is None:
        return "??"
    text = card.pretty(look.unicode)
    if look.color and card.suit in _RED:
        return click.style(text, fg="red", bold=True)
    return text


def cards_text(game: Game, slots: Sequence[int], look: Look, numbered: bool = False) -> str:
    """Cards separated by spaces, optionally numbered from 1 ("1:K\u2660 2:3\u2665")."""
    parts = [card_text(game.card(s), look) for s in slots]
    if numbered:
        parts = [f"{i}:{p}" for i, p in enumerate(parts, 1)]
    return " ".join(parts) or "-"


def names_in(text: str, names: Sequence[str]) -> str:
    """Replace the engine's "player 2" by the player's name (for `why_illegal` texts)."""
    def name(m: re.Match[str]) -> str:
        seat = int(m.group(1))
        return names[seat] if 0 <= seat < len(names) else m.group(0)

    return re.sub(r"player (\d+)(?:'s)?", lambda m: name(m) + ("'s" if m.group(0).endswith("'s") else ""), text)


# -- moves in words --------------------------------------------------------------------------


def narrate(before: Game, move: Move, after: Game, me: int, names: Sequence[str], look: Look) -> list[str]:
    """What happened, in words, as seen by `me`: one line per event ("Bot 2 plays 7\u2665 7\u2663",
    "the pile burns", "Bot 1 picks up 6 cards"). `before` and `after` are `me`'s views around
    `move`; identities come from `after`, where every played card is public."""
    p = move.player
    you = p == me
    who = names[p]

    def says(third: str, second: str) -> str:
        return second if you else third

    lines: list[str] = []
    if isinstance(move, Swap):
        lines.append(f"{who} {says('takes', 'take')} {card_text(after.card(move.up), look)} into hand, "
                     f"{says('lays', 'lay')} {card_text(after.card(move.hand), look)} face up")
    elif isinstance(move, Place):
        lines.append(f"{who} {says('lays', 'lay')} {card_text(after.card(move.hand), look)} face up")
    elif isinstance(move, Ready):
        lines.append(f"{who} {says('is', 'are')} ready")
    elif isinstance(move, Show):
        shown = "nothing" if move.slot is None else card_text(after.card(move.slot), look)
        lines.append(f"{who} {says('shows', 'show')} {shown}")
        if before.phase is Phase.SHOW and after.phase is Phase.PLAY:
            lead = after.turn
            lines.append(f"{names[lead]} {'lead' if lead == me else 'leads'}")
    elif isinstance(move, Play):
        shown = cards_text(after, move.slots, look)
        late = " out of turn" if p != before.turn else ""
        lines.append(f"{who} {says('plays', 'play')} {shown}{late}")
        lines += _effects(before, move.slots, move.target, after, me, names)
    elif isinstance(move, Flip):
        card = card_text(after.card(move.slot), look)
        if move.slot in after.pile or move.slot in after.burned:
            lines.append(f"{who} {says('flips', 'flip')} {card} and {says('plays', 'play')} it")
            aimed = before.rules.ace_gives_pile and move.slot in after.pile and _is_ace(after, move.slot)
            target = after.turn if aimed else None
            lines += _effects(before, (move.slot,), target, after, me, names)
        else:
            n = len(before.pile) + 1
            lines.append(f"{who} {says('flips', 'flip')} {card}: no good, {says('picks', 'pick')} up {n} cards")
    elif isinstance(move, PickUp):
        n = len(before.pile)
        extra = "" if move.up is None else f" and {card_text(after.card(move.up), look)}"
        lines.append(f"{who} {says('picks', 'pick')} up {n} card{'s' if n != 1 else ''}{extra}")
    if p in after.finished and p not in before.finished and not after.is_over():
        lines.append(f"{who} {says('is', 'are')} out!")
    if you and isinstance(move, Play):
        drawn = [s for s in after.hand(me) if s not in before.hand(me)]
        if drawn:
            lines.append(f"You draw {cards_text(after, hand_order(after, drawn), look)}")
    outcome = after.outcome()
    if outcome is not None and not before.is_over():
        loser = outcome.shithead
        if loser is None:
            lines.append(f"{names[outcome.order[0]]} {'win' if outcome.order[0] == me else 'wins'}!")
        else:
            lines.append(f"{names[loser]} {'are' if loser == me else 'is'} the Shithead")
    return lines


def _is_ace(game: Game, slot: int) -> bool:
    card = game.card(slot)
    return card is not None and card.rank.symbol == "A"


def _effects(
    before: Game, slots: Sequence[int], target: int | None, after: Game, me: int, names: Sequence[str]
) -> list[str]:
    """The consequences of a play: burn, reversal, skips, an ace's taker (RULES.md 4, 7)."""
    out: list[str] = []
    if len(after.burned) > len(before.burned):
        out.append("the pile burns")
        return out
    table = powers(before.rules)
    ranks = [c.rank for s in slots if (c := after.card(s)) is not None]
    if sum(table[r].reverse for r in ranks) % 2:
        out.append("direction reverses")
    if target is not None:
        out.append(f"{names[target]} {'have' if target == me else 'has'} to take the pile")
        return out
    skips = sum(table[r].skip for r in ranks)
    if skips:
        skipped = _skipped(after, before.turn, skips)
        if skipped:
            plural = len(skipped) > 1 or skipped[0] == me
            out.append(" and ".join(names[q] for q in skipped) + (" are" if plural else " is") + " skipped")
    return out


def _skipped(after: Game, mover: int, skips: int) -> list[int]:
    """The seats an 8 (or 8s) passed over: those between the player and the next to act."""
    active = [q for q in range(after.players) if q not in after.finished]
    if after.turn not in active:
        return []
    out: list[int] = []
    q = after.turn
    for _ in range(skips):
        q = (q - after.direction) % after.players
        while q not in active:
            q = (q - after.direction) % after.players
        out.append(q)
    return [q for q in reversed(out) if q not in (after.turn, mover)]


# -- the screen --------------------------------------------------------------------------------


def _seat_line(view: Game, seat: int, me: int, names: Sequence[str], look: Look) -> str:
    """One opponent: name, hand and face-down counts, face-up cards, state."""
    mark = _mark(view, seat, look)
    head = f"{mark}[{seat}] {names[seat]:<10.10}"
    if seat in view.left:
        return f"{head} left the game"
    if seat in view.finished:
        place = [p for p in view.finished if p not in view.left].index(seat) + 1
        return f"{head} out ({_ordinal(place)})"
    hand = len(view.hand(seat))
    down = len(view.face_down(seat))
    line = f"{head} hand {hand:>2}  down {down}  up {cards_text(view, view.face_up(seat), look)}"
    if view.phase is Phase.SWAP and seat in view.ready:
        line += "  (ready)"
    return line


def _mark(view: Game, seat: int, look: Look) -> str:
    """The arrow before the seat to act (none in the swap phase, where everybody acts)."""
    if seat != view.turn or view.phase not in (Phase.SHOW, Phase.PLAY):
        return " "
    return "\u25b6" if look.unicode else ">"


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _pile_lines(view: Game, look: Look) -> list[str]:
    pile = view.pile
    if not pile:
        return ["Pile: empty", "  " + view.demand()]
    shown = pile[-5:]
    more = "... " if len(pile) > len(shown) else ""
    return [f"Pile ({len(pile)}): {more}{cards_text(view, shown, look)}", "  " + view.demand()]


def _my_lines(view: Game, me: int, names: Sequence[str], look: Look) -> list[str]:
    """My table cards and hand, numbered where a position is what you type."""
    down = view.face_down(me)
    source = view.source(me)
    if view.phase is Phase.PLAY and source == Source.DOWN:
        down_text = "face-down " + " ".join(f"[{i}]" for i in range(1, len(down) + 1))
    else:
        down_text = f"down {len(down)}"
    numbered = view.phase is Phase.SWAP
    up = cards_text(view, view.face_up(me), look, numbered=numbered)
    mark = _mark(view, me, look)
    first = f"{mark}[{me}] {names[me]:<10.10} {down_text}  up {up}"
    hand = hand_order(view, view.hand(me))
    lines = [first]
    label = "Hand: "
    words = [card_text(view.card(s), look) for s in hand]
    if numbered:
        words = [f"{i}:{w}" for i, w in enumerate(words, 1)]
    lines += _wrap(label, words, look.width, 2) if words else [label + "empty"]
    return lines


def _wrap(label: str, words: list[str], width: int, max_lines: int) -> list[str]:
    """Words after `label`, wrapped to `width` (measured without color codes), at most `max_lines`."""
    lines: list[str] = []
    current, size = label, len(label)
    for w in words:
        n = len(click.unstyle(w))
        if size + n + 1 > width and current.strip():
            lines.append(current.rstrip())
            current, size = " " * len(label), len(label)
        current += w + " "
        size += n + 1
    lines.append(current.rstrip())
    if len(lines) > max_lines:
        lines = lines[: max_lines - 1] + [lines[max_lines - 1][: width - 4] + " ..."]
    return lines


def screen(
    view: Game,
    me: int,
    names: Sequence[str],
    events: Sequence[str],
    look: Look = Look(),
    status: str = "",
    hint: str = "",
) -> str:
    """The whole table as `me` sees it, to redraw each turn.

    Args:
        view: `game.view(me)` (a full game works too, but shows only what `me` may see).
        me: my seat.
        names: every seat's name, by seat.
        events: recent moves in words (see `narrate`), oldest first; the last few are shown.
        look: glyphs, color and screen size.
        status: a line saying whose turn it is, or what is asked (default: worked out here).
        hint: the inputs that are legal now ("7  77  9  p"), shown above the prompt.

    Returns:
        Lines joined by newlines, at most `look.height - 1` of them (the prompt takes the last).
    """
    rules = view.rules
    header = f"Shithead - {rules.name} - {view.players} players   stock {len(view.stock)}  burned {len(view.burned)}"
    top = [header[: look.width]]
    top += [_seat_line(view, s, me, names, look) for s in range(view.players) if s != me]
    top += _pile_lines(view, look)
    bottom = _my_lines(view, me, names, look)
    bottom.append(status or _status(view, me, names))
    if hint:
        bottom.append(hint)
    room = look.height - 1 - len(top) - len(bottom) - 1
    recent = list(events)[-max(room, 1):] if events else []
    middle = ["-" * min(look.width, 40)] + ["  " + e for e in recent]
    middle += [""] * max(0, room - len(recent))
    lines = top + middle + bottom
    return "\n".join(_clip(line, look.width) for line in lines)


def _clip(line: str, width: int) -> str:
    """Cut a line to `width` visible characters (color codes kept only on uncut lines)."""
    if len(click.unstyle(line)) <= width:
        return line
    return click.unstyle(line)[: width - 3] + "..."


def _status(view: Game, me: int, names: Sequence[str]) -> str:
    if view.phase is Phase.SWAP:
        if me in view.ready:
            return "Waiting for the others to finish swapping..."
        return "Swap phase: swap hand and face-up cards (swap 3 K), then r when ready"
    if view.phase is Phase.SHOW:
        if view.turn == me:
            return "Show a card to claim the lead (lowest plain card starts): show 4, or show -"
        return f"{names[view.turn]} shows..."
    if view.phase is Phase.OVER:
        return "Game over"
    if view.turn == me:
        source = view.source(me)
        return f"Your turn (from your {source} cards)"
    return f"{names[view.turn]}'s turn"


def outcome_screen(view: Game, me: int, names: Sequence[str], events: Sequence[str], look: Look = Look()) -> str:
    """The final table and the finish order with titles (RULES.md 6)."""
    outcome = view.outcome()
    if outcome is None:
        return screen(view, me, names, events, look)
    lines = ["Game over. Finish order:"]
    for place, seat in enumerate(outcome.order, 1):
        title = outcome.title(seat)
        you = "  <- you" if seat == me else ""
        lines.append(f"  {place}. {names[seat]:<12} {title}{you}")
    recent = list(events)[-max(1, look.height - len(lines) - 4):]
    body = ["Last moves:"] + ["  " + e for e in recent] + [""] + lines
    return "\n".join(_clip(line, look.width) for line in body)


def rules_text(rules: Ruleset) -> str:
    """The rules in words, for the `rules` command at the prompt."""
    lines = ["Rules: " + rules.describe()[0]] + ["  " + line for line in rules.describe()[1:]]
    lines.append("  play equal or higher than the pile; can't or won't: pick up the pile")
    lines.append("  last player holding cards is the Shithead")
    return "\n".join(lines)
