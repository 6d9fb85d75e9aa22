"""One-line text for positions (docs/notation.md); moves carry their own `text()`.

Invariants: `position_from_text(position_to_text(g), g.rules)` equals `g` in every zone,
identity, public mark and turn field (history is not part of a position).

    <phase> d<dealer> t<turn> <+|-> [r<ready>] [s<shows>] [w<player>:<rank>:<drawn>] [l<last>] [o<out>]
      [x<giver>:<receiver>:<b|a>]
      | H:<cards> U:<cards> D:<cards> | ...one section per seat... | S:<stock> | P:<pile> | B:<burned>

A card is `17` (unknown here), `17=Kh` (public), `17~Kh` (known here, not public) or `17=?`
(public, not yet revealed here). Lists are comma separated; `-` is an empty list. The stock is in
draw order, the pile bottom first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from p2pshithead.engine._cards import Card
from p2pshithead.engine._rules import Ruleset
from p2pshithead.engine._state import Exchange, Phase, Seat, State, Window

if TYPE_CHECKING:
    from p2pshithead.engine._game import Game

__all__ = ["position_to_text", "position_from_text"]


def _cards(slots: list[int] | tuple[int, ...], known: dict[int, Card], public: set[int]) -> str:
    out = []
    for slot in slots:
        card = known.get(slot)
        mark = "=" if slot in public else "~"
        out.append(f"{slot}" if card is None and mark == "~" else f"{slot}{mark}{card.text() if card else '?'}")
    return ",".join(out) or "-"


def _ints(values: list[int] | tuple[int, ...] | set[int]) -> str:
    return ",".join(map(str, values)) or "-"


def position_to_text(game: "Game") -> str:
    s, known = game._state, game._known
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
    seats = [
        f"H:{_cards(x.hand, known, s.public)} U:{_cards(x.up, known, s.public)} D:{_cards(x.down, known, s.public)}"
        for x in s.seats
    ]
    tail = [
        "S:" + _cards(list(reversed(s.stock)), known, s.public),
        "P:" + _cards(s.pile, known, s.public),
        "B:" + _cards(s.burned, known, s.public),
    ]
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


def position_from_text(text: str, rules: Ruleset) -> "Game":
    """Parse `position_to_text` output.

    Raises:
        ValueError: malformed text, or zones that do not partition the deck.
    """
    from p2pshithead.engine._game import Game

    try:
        sections = [part.strip() for part in text.split("|")]
        head, seat_parts, tail = sections[0].split(), sections[1:-3], sections[-3:]
        phase = Phase(head[0])
        dealer, turn = int(head[1][1:]), int(head[2][1:])
        game = Game(rules, len(seat_parts), dealer)
        known: dict[int, Card] = {}
        public: set[int] = set()
        seats = []
        for part in seat_parts:
            fields = dict(f.split(":", 1) for f in part.split())
            seats.append(Seat(*(_parse_cards(fields[k], known, public) for k in ("H", "U", "D"))))
        zones = [_parse_cards(t.split(":", 1)[1], known, public) for t in tail]
        state = State(phase, seats, list(reversed(zones[0])), zones[1], zones[2], turn)
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
            elif kind == "x":
                giver, receiver, best = rest.split(":")
                if best not in ("a", "b"):
                    raise ValueError(f"bad exchange {token!r}")
                state.exchange = Exchange(int(giver), int(receiver), best == "b")
            else:
                raise ValueError(f"unknown field {token!r}")
        state.public = public
    except (IndexError, KeyError, ValueError) as exc:
        raise ValueError(f"not a position: {exc}") from None
    every = [x for seat in seats for x in (*seat.hand, *seat.up, *seat.down)] + [
        x for zone in zones for x in zone
    ]
    if sorted(every) != list(range(game.size)):
        raise ValueError(f"the zones must hold each of the {game.size} slots exactly once")
    game._state, game._known = state, known
    return game
