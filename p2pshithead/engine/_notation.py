"""One-line text for positions (docs/notation.md); moves carry their own `text()`.

Invariants: `position_from_text(position_to_text(g), g.rules)` equals `g` in every zone,
identity, public mark and turn field (history is not part of a position); `position_from_text`
accepts only positions a game can reach as far as one position shows it (seats and slots in range,
each slot held once, no more copies of a card than the packs hold, nobody out who acts or holds
cards, nobody who left but is not out), else a `PositionError` names what is wrong.

    <phase> d<dealer> t<turn> <+|-> [r<ready>] [s<shows>] [w<player>:<rank>:<drawn>] [l<last>] [o<out>]
      [x<giver>:<receiver>:<b|a>] [g<left>]
      | H:<cards> U:<cards> D:<cards> | ...one section per seat... | S:<stock> | P:<pile> | B:<burned>
      [| G:<gone>]

A card is `17` (unknown here), `17=Kh` (public), `17~Kh` (known here, not public) or `17=?`
(public, not yet revealed here). Lists are comma separated; `-` is an empty list. The stock is in
draw order, the pile bottom first.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from p2pshithead.engine._cards import Card, Rank
from p2pshithead.engine._errors import PositionError
from p2pshithead.engine._rules import Ruleset
from p2pshithead.engine._state import Exchange, Phase, Seat, State, Window

if TYPE_CHECKING:
    from p2pshithead.engine._game import Game

__all__ = ["position_to_text", "position_from_text"]


def _cards(slots: list[int] | tuple[int, ...], game: Game, public: set[int]) -> str:
    out = []
    for slot in slots:
        card = game.card(slot)
        mark = "=" if slot in public else "~"
        out.append(f"{slot}" if card is None and mark == "~" else f"{slot}{mark}{card.text() if card else '?'}")
    return ",".join(out) or "-"


def _ints(values: list[int] | tuple[int, ...] | set[int]) -> str:
    return ",".join(map(str, values)) or "-"


def position_to_text(game: Game) -> str:
    s, known = game._state, game
    head = [s.phase.value, f"d{game.dealer}", f"t{s.turn}", "+" if s.direction > 0 else "-"]
    if s.ready:
        head.append("r" + _ints(sorted(s.ready)))
    if s.shows:
        head.append("s" + ",".join(f"{p}:{'-' if x is None else x}" for p, x in s.shows))
    if s.window is not None:
        head.append(f"w{s.window.player}:{s.window.rank}:{_ints(s.window.drawn)}")
    if s.pile_last is not None:
        head.append(f"l{s.pile_last}")
    if s.finished:
        head.append("o" + _ints(s.finished))
    if s.exchange is not None:
        x = s.exchange
        head.append(f"x{x.giver}:{x.receiver}:{'b' if x.best else 'a'}")
    if s.left:
        head.append("g" + _ints(s.left))
    seats = [
        f"H:{_cards(x.hand, known, s.public)} U:{_cards(x.up, known, s.public)} D:{_cards(x.down, known, s.public)}"
        for x in s.seats
    ]
    tail = [
        "S:" + _cards(list(reversed(s.stock)), known, s.public),
        "P:" + _cards(s.pile, known, s.public),
        "B:" + _cards(s.burned, known, s.public),
    ]
    if s.gone:
        tail.append("G:" + _cards(s.gone, known, s.public))
    return " | ".join([" ".join(head), *seats, *tail])


def _parse_cards(text: str, known: dict[int, Card], public: set[int]) -> list[int]:
    if text == "-":
        return []
    slots = []
    for item in text.split(","):
        for mark in "=~":
            if mark in item:
                slot_text, ident = item.split(mark)
                slot = int(slot_text)
                if mark == "=":
                    public.add(slot)
                if ident != "?":
                    known[slot] = Card.from_text(ident)
                break
        else:
            slot = int(item)
        slots.append(slot)
    return slots


def _parse_ints(text: str) -> list[int]:
    return [] if text == "-" else [int(x) for x in text.split(",")]


def position_from_text(text: str, rules: Ruleset) -> Game:
    """Parse `position_to_text` output.

    Raises:
        PositionError: malformed text, or a position no game reaches (see `_check`).
    """
    from p2pshithead.engine._game import Game

    known: dict[int, Card] = {}
    public: set[int] = set()
    try:
        sections = [part.strip() for part in text.split("|")]
        gone = _parse_cards(sections.pop()[2:], known, public) if sections[-1].startswith("G:") else []
        head, seat_parts, tail = sections[0].split(), sections[1:-3], sections[-3:]
        phase = Phase(head[0])
        dealer, turn = int(head[1][1:]), int(head[2][1:])
        game = Game(rules, len(seat_parts), dealer)
        seats = []
        for part in seat_parts:
            fields = dict(f.split(":", 1) for f in part.split())
            seats.append(Seat(*(_parse_cards(fields[k], known, public) for k in ("H", "U", "D"))))
        zones = [_parse_cards(t.split(":", 1)[1], known, public) for t in tail]
        state = State(phase, seats, list(reversed(zones[0])), zones[1], zones[2], turn, gone=gone)
        if head[3] not in ("+", "-"):
            raise ValueError(f"direction {head[3]!r}: + or -")
        state.direction = 1 if head[3] == "+" else -1
        for token in head[4:]:
            kind, rest = token[0], token[1:]
            if kind == "r":
                state.ready = set(_parse_ints(rest))
            elif kind == "s":
                pairs = (item.split(":") for item in rest.split(","))
                state.shows = [(int(p), None if x == "-" else int(x)) for p, x in pairs]
            elif kind == "w":
                p, rank, drawn = rest.split(":")
                state.window = Window(int(p), int(rank), tuple(_parse_ints(drawn)))
            elif kind == "l":
                state.pile_last = int(rest)
            elif kind == "o":
                state.finished = _parse_ints(rest)
            elif kind == "g":
                state.left = _parse_ints(rest)
            elif kind == "x":
                giver, receiver, best = rest.split(":")
                if best not in ("a", "b"):
                    raise ValueError(f"bad exchange {token!r}")
                state.exchange = Exchange(int(giver), int(receiver), best == "b")
            else:
                raise ValueError(f"unknown field {token!r}")
        state.public = public
    except (IndexError, KeyError, ValueError) as exc:
        raise PositionError(f"not a position: {exc}") from None
    _check(game, state, known)
    game._load(state, known)
    return game


def _check(game: Game, s: State, known: dict[int, Card]) -> None:
    """Refuse what no game reaches: seats, slots and ranks out of range, slots not held exactly
    once, more copies of a card than the packs hold, a player out of the game who acts or holds
    cards (until the game is over), a player who left but is not out, or left twice.

    Raises:
        PositionError: names the first thing wrong.
    """
    n, size = game.players, game.size
    seats = f"seats are 0 to {n - 1}"

    def seat(value: int, what: str) -> None:
        if not 0 <= value < n:
            raise PositionError(f"{what} {value}: {seats}")

    def slot(value: int, what: str) -> None:
        if not 0 <= value < size:
            raise PositionError(f"{what} slot {value}: the deck has slots 0 to {size - 1}")

    seat(s.turn, "turn")
    for p in sorted(s.ready):
        seat(p, "ready")
    for p, x in s.shows:
        seat(p, "show by")
        if x is not None:
            slot(x, "shown")
    if s.window is not None:
        seat(s.window.player, "window")
        if s.window.rank not in tuple(Rank):
            raise PositionError(f"window rank {s.window.rank}: ranks are 2 to 15")
        for x in s.window.drawn:
            slot(x, "drawn")
    if s.pile_last is not None:
        seat(s.pile_last, "last to play")
    for p in s.finished:
        seat(p, "out")
    if len(set(s.finished)) != len(s.finished):
        raise PositionError(f"a player is out twice: o{','.join(map(str, s.finished))}")
    if len(set(s.left)) != len(s.left) or not set(s.left) <= set(s.finished):
        raise PositionError(f"players who left are out, each once: o{_ints(s.finished)} g{_ints(s.left)}")
    if s.exchange is not None:
        seat(s.exchange.giver, "exchange giver")
        seat(s.exchange.receiver, "exchange receiver")
        if s.exchange.giver == s.exchange.receiver:
            raise PositionError(f"player {s.exchange.giver} gives a card to themselves")
    every = Counter(x for seat_ in s.seats for x in (*seat_.hand, *seat_.up, *seat_.down))
    every.update(x for zone in (s.stock, s.pile, s.burned, s.gone) for x in zone)
    outside = sorted(x for x in every if not 0 <= x < size)
    twice = sorted(x for x, k in every.items() if k > 1)
    missing = [x for x in range(size) if x not in every]
    if outside or twice or missing:
        what = "; ".join(
            f"{label} {','.join(map(str, xs[:8]))}{',...' if len(xs) > 8 else ''}"
            for label, xs in (("outside the deck:", outside), ("held twice:", twice), ("missing:", missing))
            if xs
        )
        raise PositionError(f"the zones must hold each of the {size} slots exactly once ({what})")
    for card, count in Counter(known.values()).items():
        copies = game.decks * game.rules.jokers if card.rank is Rank.JOKER else game.decks  # _cards invariant
        if count > copies:
            packs = "1 pack holds" if game.decks == 1 else f"{game.decks} packs hold"
            jokers = f" (with {game.rules.jokers} jokers a pack)" if game.rules.jokers else ""
            raise PositionError(f"{count} x {card.text()}: {packs} {copies}{jokers}")
    if s.phase is Phase.OVER:
        return
    for p in s.finished:
        held = s.seats[p]
        if not held.empty():
            raise PositionError(f"player {p} is out of the game but holds cards")
    if s.turn in s.finished:
        raise PositionError(f"turn {s.turn}: player {s.turn} is out of the game")
    if n - len(s.finished) < 2:
        raise PositionError(f"the game goes on with fewer than 2 players in it: phase {s.phase.value}")
