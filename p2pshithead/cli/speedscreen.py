"""The Speed screen and keys (docs/speed.md, "Playing it"): one keystroke plays, the screen is redrawn
on every event. Invariants: the screen is a function of the position, the local seat and the recent
lines; a key becomes an action only when the position allows it now (else a line saying why, nothing
sent); nothing here reads the keyboard or keeps time (`cli.speedkeys` does). Every word is in the language
in use (p2pshithead.lang), one message per sentence: "You" and a name, the left and the right pile, are
each a message of their own."""

from __future__ import annotations

from collections.abc import Sequence

from p2pshithead.cli.fit import fit, wrap
from p2pshithead.lang import N_, _, ngettext
from p2pshithead.speed import (
    Action,
    Burn,
    Burned,
    Finished,
    Late,
    Play,
    Played,
    RoundStarted,
    Slap,
    Slapped,
    Speed,
    Stuck,
    card_text,
)

__all__ = ["KEYS_HELP", "key_action", "narrate", "speed_screen"]

LEFT_KEYS = "123456"
RIGHT_KEYS = "qwerty"
SLAP_KEYS = "zx"
BURN_KEY = "b"
KEYS_HELP = N_("keys: 1-6 a stack onto the LEFT pile, q w e r t y onto the RIGHT pile, "
                "z / x slap left / right, b burn three, Ctrl-C leave")  # fmt: skip


_CELL = 9
"""Columns a stack takes on the screen, with its key label ("1:7hx2+3")."""

LEGEND = N_("(7hx2+3: two 7s face up, three cards face down beneath; ??: being turned)")


def _card(game: Speed, slot: int, unicode: bool) -> str:
    card = game.card(slot)
    return "?" if card is None else card_text(card, game.rules.jokers, unicode)


def _stack(game: Speed, seat: int, i: int, unicode: bool) -> str:
    cards, up = game.stacks[seat][i], game.up[seat][i]
    if not cards:
        return "--"
    if not up:
        return "??"  # being turned
    top = _card(game, cards[-1], unicode)
    return top + (f"x{up}" if up > 1 else "") + (f"+{len(cards) - up}" if len(cards) > up else "")


def speed_screen(game: Speed, me: int, names: Sequence[str], lines: Sequence[str], unicode: bool = True,
                 status: str = "", size: tuple[int, int] = (80, 24)) -> str:  # fmt: skip
    """The table as seat `me` sees it (every card a player may know is public in Speed), fitted to
    `size` (columns, lines; from `render.SMALLEST` up): the stacks take two rows each where one row
    does not fit, every line wraps at words, and the recent lines give way first."""
    width, height = size
    other, stacks = 1 - me, game.rules.stacks
    fits = max(1, (width - 1) // (_CELL + 2))  # a row is 3 columns, then cells of _CELL, 2 apart
    per_row = -(-stacks // -(-stacks // fits))  # as many rows as needed, balanced

    def layout(seat: int, labels: Sequence[str]) -> list[str]:
        cells = [f"{labels[i]}{_stack(game, seat, i, unicode):<{_CELL - 2}}" for i in range(stacks)]
        return ["   " + "  ".join(cells[i : i + per_row]).rstrip() for i in range(0, stacks, per_row)]

    def pile(p: int) -> str:
        cards = game.piles[p]
        return f"{_card(game, cards[-1], unicode) if cards else '--'} ({len(cards)})"

    def centre() -> str:
        """Both piles, each after its word; closer together where a language's longer words would not fit."""
        left, right = _("LEFT"), _("RIGHT")
        line = f"      {left} {pile(0):<14} {right} {pile(1)}"
        return line if len(line) <= width else f" {left} {pile(0)}  {right} {pile(1)}"

    def wrapped(text: str) -> list[str]:
        return wrap(text.split(" "), width, 4, "", "  ") if text else [""]

    slap = [_("SLAP a pile: z (left) or x (right)!")] if game.may_slap(me) else []
    stock = _("{name}: stock {count}")
    top = [
        fit(_("Speed ({rules}), round {round}").format(rules=game.rules.to_text(), round=game.round + 1), width),
        stock.format(name=names[other], count=len(game.stock[other])),
        *layout(other, ["  "] * stacks),
        "",
        centre(),
        "",
        *layout(me, [f"{k}:" for k in LEFT_KEYS]),
        stock.format(name=names[me], count=len(game.stock[me])),
        *[line for text in slap for line in wrapped(text)],
        "",
    ]
    bottom = [*wrapped(status), *wrapped(_(KEYS_HELP))]
    room = height - 1 - len(top) - len(bottom)
    legend = wrapped(_(LEGEND))
    if room >= len(legend) + 2:  # the legend gives way to the last two lines of news
        bottom, room = legend + bottom, room - len(legend)
    recent: list[str] = []
    for text in reversed(lines[-6:]):  # the last lines that fit, oldest first
        more = wrapped(text)
        if len(recent) + len(more) > room:
            break
        recent = more + recent
    return "\n".join(top + recent + bottom)


def key_action(key: str, game: Speed, me: int, unicode: bool = True) -> Action | str:
    """The action key `key` asks for, if the position allows it now; else why not, in words."""
    if game.is_over():
        return _("the game was over")
    if key in SLAP_KEYS:
        if not game.may_slap(me):
            return _("slap once your layout is played out")
        return Slap(SLAP_KEYS.index(key), game.round)
    if key == BURN_KEY:
        ranks = game.burnable(me)
        return Burn(ranks[0], game.round) if ranks else _("nothing to burn (three of a kind, with burn=on)")
    for pile, keys in enumerate((LEFT_KEYS, RIGHT_KEYS)):
        if key in keys[: game.rules.stacks]:
            stack = keys.index(key)
            cards, up = game.stacks[me][stack], game.up[me][stack]
            if not cards or not up:
                return _("stack {number} has no face-up card").format(number=stack + 1)
            play = Play(cards[-1], pile, len(game.piles[pile]), game.round)
            if play in game.plays_for(me):
                return play
            top = game.piles[pile][-1]
            return _("{card} does not go on {top}: one above or one below").format(
                card=_card(game, cards[-1], unicode), top=_card(game, top, unicode))
    return _("no key {key!r}; {keys}").format(key=key, keys=_(KEYS_HELP))


def narrate(events: Sequence[object], game: Speed, me: int, names: Sequence[str], unicode: bool = True) -> list[str]:
    """The events worth a line, as seat `me` reads them."""
    lines = []
    for e in events:
        mine = getattr(e, "seat", None) == me
        name = names[e.seat] if hasattr(e, "seat") else ""
        if isinstance(e, Played):
            card = card_text(e.card, game.rules.jokers, unicode)
            said = (_("You: {card} on the LEFT pile"), _("You: {card} on the RIGHT pile")) if mine else \
                (_("{name}: {card} on the LEFT pile"), _("{name}: {card} on the RIGHT pile"))
            lines.append(said[e.pile].format(name=name, card=card))
        elif isinstance(e, Late):
            lines.append((_("Too late: your play was beaten ({reason}); the card stays") if mine else
                          _("Too late: {name}'s play was beaten ({reason}); the card stays")).format(
                name=name, reason=e.reason))
        elif isinstance(e, Stuck):
            lines.append(_("Nobody can play: a stock card onto each pile"))
        elif isinstance(e, Slapped):
            lines.append(_slapped(mine, e.pile, e.taken).format(name=name, count=e.taken, given=e.given))
        elif isinstance(e, RoundStarted) and e.round:
            lines.append(_("Round {round} is laid out").format(round=e.round + 1))
        elif isinstance(e, Burned):
            lines.append((_("You burned three of a kind") if mine else _("{name} burned three of a kind")).format(
                name=name))
        elif isinstance(e, Finished):
            won = e.order[0] == me
            lines.append((_("You win: {why}") if won else _("{name} wins: {why}")).format(name=names[e.order[0]],
                                                                                      why=e.why))
    return lines


def _slapped(mine: bool, pile: int, taken: int) -> str:
    """Who slapped which pile, taking `taken` cards: one message a case (its words change with each)."""
    if mine:
        return (ngettext("You slapped the LEFT pile ({count} card); the other takes {given}",
                         "You slapped the LEFT pile ({count} cards); the other takes {given}", taken),
                ngettext("You slapped the RIGHT pile ({count} card); the other takes {given}",
                         "You slapped the RIGHT pile ({count} cards); the other takes {given}", taken))[pile]
    return (ngettext("{name} slapped the LEFT pile ({count} card); the other takes {given}",
                     "{name} slapped the LEFT pile ({count} cards); the other takes {given}", taken),
            ngettext("{name} slapped the RIGHT pile ({count} card); the other takes {given}",
                     "{name} slapped the RIGHT pile ({count} cards); the other takes {given}", taken))[pile]
