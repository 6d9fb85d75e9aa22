"""State to text: the table as one player sees it, the end of a game (moves in words: `narrate`).

Invariants: every function here reads a `Game` *view* (`Game.view(me)`) and never mutates it, so
a local table and a networked one draw the same screen; nothing here reads input, sleeps or
prints. A screen fits `Look.width` x `Look.height` (the terminal's size, 80x24 by default) for up to
6 players: the header, every seat's row, the pile, my cards, the status and the hint always stay on
it (from `SMALLEST` up); the recent moves take the lines left; no word is ever cut (`cli.fit`).
Color is click.style markup (red hearts and diamonds); `click.echo` strips it off a non-terminal.
Every word is in the language in use (`p2pshithead.lang`); card symbols and what is typed stay as they are.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import click

from p2pshithead.cli.fit import fit, shown_width, wrap
from p2pshithead.engine import (
    Card,
    Game,
    Phase,
    Ruleset,
    Source,
    Suit,
    hand_order,
)
from p2pshithead.lang import N_, _, ngettext

__all__ = [
    "Look",
    "can_encode",
    "card_text",
    "cards_text",
    "names_in",
    "outcome_screen",
    "rules_text",
    "screen",
    "title_text",
    "ace_answer",
    "aimed_at",
    "show_hints",
    "SMALLEST",
]

_RED = (Suit.HEARTS, Suit.DIAMONDS)

SMALLEST = (40, 20)
"""The smallest screen (columns, lines) drawn to fit: a phone held upright, a split pane. A smaller
terminal is drawn as this size (and scrolls)."""


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


_TITLES = {"Masta": N_("Masta"), "Vice-Masta": N_("Vice-Masta"), "Shithead": N_("Shithead"), "Winner": N_("Winner")}


def title_text(title: str) -> str:
    """A title of `Outcome.title` ("Masta", "#4") in the language in use."""
    return _(_TITLES[title]) if title in _TITLES else title


def names_in(text: str, names: Sequence[str]) -> str:
    """Replace the engine's "player 2" (in the language in use, or in English: `why_illegal` texts) by
    the player's name."""
    def name(m: re.Match[str]) -> str:
        seat = int(m.group(1))
        return names[seat] if 0 <= seat < len(names) else m.group(0)

    said = re.escape(_("player {seat}")).replace(re.escape("{seat}"), r"(\d+)")
    return re.sub(r"player (\d+)", name, re.sub(said, name, text))


# -- the screen --------------------------------------------------------------------------------


_WIDE = 72
"""From this width on, rows take two-space gaps and ten-letter names."""

_NARROW = 50
"""Below this width, rows take six-letter names and unpadded counts, and the header is short, so that
three face-up cards still show at `SMALLEST`."""


def _seat_line(view: Game, seat: int, me: int | None, names: Sequence[str], look: Look) -> str:
    """One seat's row: name, counts and face-up cards (mine: no hand count), or its place once out."""
    wide, narrow = look.width >= _WIDE, look.width < _NARROW
    gap = "  " if wide else " "
    mark = _mark(view, seat, look)
    letters = 10 if wide else 6 if narrow else 8
    head = f"{mark}[{seat}] {names[seat]:<{letters}.{letters}}"
    if seat in view.left:
        return f"{head} " + _("left the game")
    if seat in view.finished:
        return f"{head} " + _("out ({place})").format(place=_ordinal(_place(view, seat)))
    down = view.face_down(seat)
    if seat == me and view.phase is Phase.PLAY and view.source(me) == Source.DOWN:
        down_text = _("face-down {cards}").format(cards=" ".join(f"[{i}]" for i in range(1, len(down) + 1)))
    else:
        down_text = _("down {count}").format(count=len(down))
    numbered = seat == me and view.phase is Phase.SWAP
    up = _("up {cards}").format(cards=_up_text(view, view.face_up(seat), look, numbered))
    hand = "" if seat == me else _("hand {count}").format(count=f"{len(view.hand(seat)):>{1 if narrow else 2}}") + gap
    return f"{head} {hand}{down_text}{gap}{up}"


def _seat_rows(view: Game, me: int | None, names: Sequence[str], look: Look, last: Mapping[int, str]) -> dict[int, str]:
    """Every seat's row, each followed by its last move in brackets, lined up in one column where the
    width allows (else right after the row, shortened at a word, or left out)."""
    rows = {seat: fit(_seat_line(view, seat, me, names, look), look.width) for seat in range(view.players)}
    said = {seat: last.get(seat) or (_("ready") if view.phase is Phase.SWAP and seat in view.ready else "")
            for seat in rows}  # fmt: skip
    column = max(map(shown_width, rows.values())) + 2
    aligned = all(column + shown_width(text) + 2 <= look.width for text in said.values())
    for seat, row in rows.items():
        if not said[seat]:
            continue
        pad = max(2, column - shown_width(row)) if aligned else 2
        room = look.width - shown_width(row) - pad - 2
        if room >= 8:
            rows[seat] = row + " " * pad + "(" + fit(said[seat], room) + ")"
    return rows


def _up_text(view: Game, slots: Sequence[int], look: Look, numbered: bool) -> str:
    """Face-up cards; under `stack_faceup` (Karma) duplicates stacked on one card show as "7♠/7♣"."""
    if numbered or not view.rules.stack_faceup:
        return cards_text(view, slots, look, numbered=numbered)
    stacks: dict[tuple[str, int], list[int]] = {}  # by rank (a card unknown here stands alone)
    for slot in slots:
        card = view.card(slot)
        stacks.setdefault(("rank", int(card.rank)) if card is not None else ("slot", slot), []).append(slot)
    return " ".join("/".join(card_text(view.card(s), look) for s in st) for st in stacks.values()) or "-"


def _mark(view: Game, seat: int, look: Look) -> str:
    """The arrow before the seat to act (none in the swap phase, where everybody acts)."""
    if seat != view.turn or view.phase not in (Phase.SHOW, Phase.PLAY):
        return " "
    return "\u25b6" if look.unicode else ">"


def _place(view: Game, seat: int) -> int:
    """The finishing place of `seat`, out of the game (players who left rank after everyone)."""
    return [p for p in view.finished if p not in view.left].index(seat) + 1


_ORDINALS = {1: N_("{n}st"), 2: N_("{n}nd"), 3: N_("{n}rd")}


def _ordinal(n: int) -> str:
    """A place in words ("2nd"): one message per English suffix, each language its own form."""
    return _(N_("{n}th") if 10 <= n % 100 <= 20 else _ORDINALS.get(n % 10, N_("{n}th"))).format(n=n)


def _pile_lines(view: Game, look: Look) -> list[str]:
    """The pile (as many top cards as the width shows) and what it demands: one line when both fit."""
    pile, demand = view.pile, view.demand()
    if not pile:
        head, demand = _("Pile: empty"), _("play anything")
    else:
        room = max(1, (look.width - 24) // 4)
        shown = pile[-min(room, 12):]
        more = "... " if len(pile) > len(shown) else ""
        head = _("Pile ({count}): {cards}").format(count=len(pile), cards=more + cards_text(view, shown, look))
    one = f"{head}   {demand}"
    if shown_width(one) <= look.width:
        return [one]
    return [fit(head, look.width), fit("  " + demand, look.width)]


def _hand_lines(view: Game, me: int, look: Look, max_lines: int) -> list[str]:
    """My hand, sorted, numbered in the swap phase (where a position is what you type)."""
    hand = hand_order(view, view.hand(me))
    words = [card_text(view.card(s), look) for s in hand]
    if view.phase is Phase.SWAP:
        words = [f"{i}:{w}" for i, w in enumerate(words, 1)]
    if not words:
        return [_("Hand: empty")]
    head = _("Hand: ")
    return wrap(words, look.width, max_lines, head, " " * shown_width(head))


def screen(
    view: Game,
    me: int | None,
    names: Sequence[str],
    events: Sequence[str],
    look: Look = Look(),
    status: str = "",
    hint: str = "",
    last: Mapping[int, str] | None = None,
    number: int = 1,
) -> str:
    """The whole table as `me` sees it, fitted to `look.width` x `look.height`.

    The header, every seat's row, the pile, my hand, the status and the hint are always on screen;
    the recent moves fill what is left (more on a taller terminal). No line is cut inside a word.
    A bystander (`me` None) sees every seat's row and the pile, no hand, and "watching: ..." below.

    Args:
        view: `game.view(me)` (a full game works too, but shows only what `me` may see); a bystander's
            view holds the public cards only (`game.TableState.game`).
        me: my seat; None for a bystander (a spectator).
        names: every seat's name, by seat.
        events: recent moves in words (see `narrate.Narrator`), oldest first; the last few are shown.
        look: glyphs, color and screen size.
        status: a line saying whose turn it is, or what is asked (default: worked out here).
        hint: the inputs that are legal now ("Type: 7  77  9  p"), shown above the prompt.
        last: each seat's last move in words, shown beside its row.
        number: which game of the evening this is (said in the header from game 2 on).

    Returns:
        Lines joined by newlines, at most `look.height - 1` of them (the prompt follows them).
    """
    width, rows = look.width, max(1, look.height - 1)
    header = fit(_header(view, width, number), width)
    rows_of = _seat_rows(view, me, names, look, last or {})
    top = [header] + [row for seat, row in rows_of.items() if seat != me]
    top += _pile_lines(view, look)
    tall = look.height >= 30
    status_lines = wrap(_command_words(status or _status(view, me, names)), width, 3 if tall else 2, "", "  ")
    hint_lines = wrap(hint.split("  "), width, 2, "", "      ", sep="  ") if hint else []
    if me is None:
        bottom = [*status_lines, *hint_lines]
    else:
        spare = rows - len(top) - 1 - 4  # my row, one hand line, status and hint
        hand = _hand_lines(view, me, look, max(1, min(3 if tall else 2, spare)))
        bottom = [rows_of[me], *hand, *status_lines, *hint_lines]
    room = rows - len(top) - len(bottom) - 1
    middle = ["-" * min(width, 40)] + _recent(events, width, room) if room >= 1 else []
    lines = top + middle + bottom
    return "\n".join(lines[:rows])


_COMMAND_ARGS = {"show": 1, "fd": 1, "swap": 2}
"""The words that follow a verb of the short notation in a command a line names (`show 4`, `swap 3 K`)."""


def _command_words(text: str) -> list[str]:
    """`text`'s words, with a command it names (`show 4`, `(swap 3 K)`) kept as one: a wrapped line never
    ends between a verb and what it takes, which a person would then type apart."""
    out: list[str] = []
    bound = 0
    for word in text.split(" "):
        if bound and out:
            out[-1] += " " + word
            bound -= 1
        else:
            out.append(word)
            bound = _COMMAND_ARGS.get(word.lstrip("(«\"'"), 0)
    return out


def _header(view: Game, width: int, number: int) -> str:
    """The game, its rules, the players and the counts of the stock and the burned cards (short when narrow)."""
    name, n = view.rules.name, view.players
    counts = _("stock {stock}  burned {burned}").format(stock=len(view.stock), burned=len(view.burned))
    if width < _NARROW:
        game = _("{rules} {players}p game {number}") if number > 1 else _("{rules} {players}p")
        return game.format(rules=name, players=n, number=number) + "  " + counts
    if number > 1:
        game = ngettext("Shithead - {rules} - {players} player - game {number}",
                        "Shithead - {rules} - {players} players - game {number}", n)
    else:
        game = ngettext("Shithead - {rules} - {players} player", "Shithead - {rules} - {players} players", n)
    return game.format(rules=name, players=n, number=number) + "   " + counts


def _recent(events: Sequence[str], width: int, room: int) -> list[str]:
    """The last moves that fit in `room` lines, oldest first; a long one wraps under itself."""
    out: list[str] = []
    for event in reversed(events):
        lines = wrap(event.split(" "), width, 3, "  ", "    ")
        if len(out) + len(lines) > room:
            break
        out = lines + out
    return out


def _status(view: Game, me: int | None, names: Sequence[str]) -> str:
    """What the table waits for, said to `me` (a bystander: "watching: ..."); what may be typed is on
    the hint line."""
    if me is None:
        return _("watching: {what}").format(what=_watching(view, names))
    exchange = view.exchange
    turn = names[view.turn]
    if view.phase is Phase.SWAP and exchange is not None:
        return _exchange_status(view, me, names)
    if view.phase is Phase.SWAP:
        if me in view.ready:
            return _("Waiting for the others to finish swapping...")
        return _("Swap phase: swap hand and face-up cards (swap 3 K), then r when ready")
    if view.phase is Phase.SHOW:
        if view.turn == me:
            claims = show_hints(view, me)
            if not claims and (leading := view.leading_show()) is not None:
                return _("Show a card to claim the lead: a {rank} is shown, you hold none lower: show -").format(
                    rank=leading[1].symbol)
            if not claims:
                return _("Show a card to claim the lead: you hold none that can (2, 3, 10 cannot): show -")
            return _("Show a card to claim the lead (lowest shown starts): {move}, or show -").format(move=claims[0])
        return _("{name} shows...").format(name=turn)
    if view.phase is Phase.OVER:
        return _("Game over")
    if me in view.left:
        return _("You left the game; {name}'s turn").format(name=turn)
    if me in view.finished:
        return _("You are out ({place}); {name}'s turn").format(place=_ordinal(_place(view, me)), name=turn)
    if view.turn == me:
        if aimed_at(view, me):
            return _("An ace names you to take the pile: {answer}").format(answer=ace_answer(view, me))
        return _(_YOUR_TURN[view.source(me)])
    return _("{name}'s turn").format(name=turn)


_YOUR_TURN = {Source.HAND: N_("Your turn (from your hand cards)"), Source.UP: N_("Your turn (from your face-up cards)"),
              Source.DOWN: N_("Your turn (from your face-down cards)")}


def _watching(view: Game, names: Sequence[str]) -> str:
    """What the table waits for, as a bystander sees it (every seat by name)."""
    if view.phase is Phase.SWAP and view.exchange is not None:
        return _exchange_status(view, None, names)
    if view.phase is Phase.SWAP:
        waiting = [names[p] for p in range(view.players) if p not in view.ready and p not in view.finished]
        return _("swap phase, waiting for {names}").format(names=", ".join(waiting))
    turn = names[view.turn]
    if view.phase is Phase.SHOW:
        return _("{name} shows...").format(name=turn)
    if view.phase is Phase.OVER:
        return _("game over")
    if aimed_at(view, view.turn):
        return _("{name}'s turn: an ace names them to take the pile (or answer it)").format(name=turn)
    return _("{name}'s turn").format(name=turn)


def _exchange_status(view: Game, me: int | None, names: Sequence[str]) -> str:
    """The French card exchange in words (RULES.md 6): who gives whom what, and what to type."""
    x = view.exchange
    assert x is not None
    giver, receiver = names[x.giver], names[x.receiver]
    if x.giver == me:
        gifts = [h for h in view.short_hints(me) if h.startswith("give")]
        example = gifts[0] if gifts else "give K"
        if x.best:
            gift = _("You are the Shithead: give {name} (Masta) your best card: {move}")
        else:
            gift = _("You are the Masta: give {name} (Shithead) a card of your choice: {move}")
        return gift.format(name=receiver, move=example)
    if x.best:
        return _("Card exchange: {giver}, the Shithead, gives {receiver}, the Masta, their best card...").format(
            giver=giver, receiver=receiver)
    return _("Card exchange: {giver}, the Masta, gives {receiver}, the Shithead, a card back...").format(
        giver=giver, receiver=receiver)


def aimed_at(view: Game, me: int) -> bool:
    """Whether an ace names `me` to take the pile now (French, RULES.md 7: the named player acts next)."""
    top = view.effective_top()
    return view.rules.ace_gives_pile and view.turn == me and top is not None and top.rank.symbol == "A"


def ace_answer(view: Game, me: int) -> str:
    """What `me`, named by an ace, may do: answer with what they hold, else take the pile."""
    if view.source(me) == Source.DOWN:
        return _("flip one ({moves}): an ace, 2, 10 or 3 answers it").format(moves=" ".join(view.short_hints(me)))
    answers = [h for h in view.short_hints(me) if not h.startswith("p")]
    if answers:
        return _("take it (p), or answer it: {moves}").format(moves="  ".join(answers))
    return _("you have to take it (p)")


def show_hints(view: Game, me: int) -> list[str]:
    """The shows that can claim the lead (RULES.md 2): of cards in the rank order, lowest first
    (2, 3, 10 and jokers are played on anything and claim nothing), below the rank that leads so far
    (it was shown earlier from the dealer's left, so a tie goes to it)."""
    hints = []
    leading = view.leading_show()
    for slot in hand_order(view, view.hand(me)):
        card = view.card(slot)
        if card is None or not view.claims_lead(card.rank) or (leading is not None and card.rank >= leading[1]):
            continue
        word = f"show {card.rank.symbol}"
        if word not in hints:
            hints.append(word)
    return hints


def outcome_screen(
    view: Game,
    me: int | None,
    names: Sequence[str],
    events: Sequence[str],
    look: Look = Look(),
    below: Sequence[str] = (),
    number: int = 1,
) -> str:
    """The finish order with titles (RULES.md 6), the last moves above it and `below` (a scoreboard)
    under it, fitted to the screen (the moves give way first)."""
    outcome = view.outcome()
    if outcome is None:
        return screen(view, me, names, events, look, number=number)
    if number > 1:
        lines = [_("Game over. Finish order:  (game {number})").format(number=number)]
    else:
        lines = [_("Game over. Finish order:")]
    for place, seat in enumerate(outcome.order, 1):
        title = title_text(outcome.title(seat))
        you = "  " + _("<- you") if seat == me else ""
        lines.append(f"  {place}. {names[seat]:<12} {title}{you}")
    tail = lines + [*([""] if below else []), *below]
    room = look.height - 1 - len(tail) - 2
    body = ([_("Last moves:"), *_recent(events, look.width, room), ""] if room >= 1 else []) + tail
    return "\n".join(fit(line, look.width) for line in body)


def rules_text(rules: Ruleset) -> str:
    """The rules in words, for the `rules` command at the prompt."""
    words = rules.describe()
    lines = [_("Rules: {rules}").format(rules=words[0])] + ["  " + line for line in words[1:]]
    lines.append("  " + _("play equal or higher than the pile; can't or won't: pick up the pile"))
    lines.append("  " + _("last player holding cards is the Shithead"))
    return "\n".join(lines)
