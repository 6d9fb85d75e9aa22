"""Shared helpers for engine tests: positions written with cards instead of slots.

`table("play d0 t0 + | H:5h,6h | H:7c U:Kd | P:5d")` is a position in the notation of
docs/notation.md where each card is written without its slot: slots are numbered in order of
appearance (seats' H, U, D, then S, P, B) and every slot not named goes to the burned heap,
unknown. Hands and face-down cards are known here but private (`~`), the rest public (`=`).
`said(game, move)` writes a move with card names ("0 play 5h,5d>1"), `move(game, text)` reads one.
"""

from __future__ import annotations

import re

from p2pshithead.engine import Card, Flip, Game, Give, Move, PickUp, Place, Play, Ruleset, Show, Swap, preset

_PUBLIC = {"U", "P", "B"}


def rules_of(rules: Ruleset | str) -> Ruleset:
    return preset(rules) if isinstance(rules, str) else rules


def table(spec: str, rules: Ruleset | str = "classic") -> Game:
    """The position `spec` (cards without slots) as a `Game`, via `Game.from_text`."""
    rules = rules_of(rules)
    head, *parts = [p.strip() for p in spec.split("|")]
    seats = [p for p in parts if not re.match(r"^[SPB]:", p)]
    tail = {p[0]: p[2:] for p in parts if re.match(r"^[SPB]:", p)}
    size = Game(rules, len(seats), 0).size
    slot = 0
    assigned: dict[str, int] = {}

    def cards(zone: str, text: str) -> str:
        nonlocal slot
        if text in ("", "-"):
            return "-"
        out = []
        for name in text.split(","):
            mark = "=" if zone in _PUBLIC or name.endswith("!") else "~"
            card = Card.from_text(name.rstrip("!")).text()
            assigned.setdefault(card, slot)
            out.append(f"{slot}{mark}{card}")
            slot += 1
        return ",".join(out)

    seat_text = []
    for part in seats:
        fields = dict(f.split(":", 1) for f in part.split()) if part else {}
        seat_text.append(" ".join(f"{z}:{cards(z, fields.get(z, '-'))}" for z in "HUD"))
    zones = {z: cards(z, tail.get(z, "-")) for z in "SPB"}
    head = " ".join(_window(token, assigned) if token.startswith("w") else token for token in head.split())
    rest = ",".join(map(str, range(slot, size)))
    if rest:
        zones["B"] = rest if zones["B"] == "-" else f"{zones['B']},{rest}"
    text = " | ".join([head, *seat_text, *(f"{z}:{zones[z]}" for z in "SPB")])
    return Game.from_text(text, rules)


def _window(token: str, assigned: dict[str, int]) -> str:
    """`w0:8:8d` -> `w0:8:<slot of 8d>` (the drawn cards by name)."""
    player, rank, drawn = token[1:].split(":")
    if drawn != "-":
        drawn = ",".join(str(assigned[Card.from_text(n).text()]) for n in drawn.split(","))
    return f"w{player}:{rank}:{drawn}"


def known(game: Game, slot: int) -> Card:
    """The card at `slot`, which `game` must know."""
    card = game.card(slot)
    assert card is not None, f"slot {slot} is unrevealed here"
    return card


def name(game: Game, slot: int) -> str:
    card = game.card(slot)
    return card.text() if card else str(slot)


def said(game: Game, move: Move) -> str:
    """`move` in notation with card names for slots."""
    if isinstance(move, Play):
        tail = "" if move.target is None else f">{move.target}"
        return f"{move.player} play {','.join(name(game, x) for x in move.slots)}{tail}"
    if isinstance(move, Flip):
        return f"{move.player} flip {name(game, move.slot)}"
    if isinstance(move, PickUp):
        return f"{move.player} pick" + ("" if move.up is None else f" {name(game, move.up)}")
    if isinstance(move, Swap):
        return f"{move.player} swap {name(game, move.hand)} {name(game, move.up)}"
    if isinstance(move, Place):
        return f"{move.player} place {name(game, move.hand)}"
    if isinstance(move, Give):
        return f"{move.player} give {name(game, move.slot)}"
    if isinstance(move, Show):
        return f"{move.player} show " + ("-" if move.slot is None else name(game, move.slot))
    return move.text()


def moves(game: Game, player: int | None = None) -> set[str]:
    """The legal moves (of `player`, or all) with card names."""
    found = game.legal_moves if player is None else game.moves_for(player)
    return {said(game, m) for m in found}


def move(game: Game, text: str) -> Move:
    """Inverse of `said`: card names (or slot numbers) become slots."""
    def slot(token: str) -> int:
        if token.isdigit():
            return int(token)
        card = Card.from_text(token)
        hits = [s for s, c in game.known.items() if c == card]
        assert len(hits) == 1, f"{token} names {len(hits)} slots"
        return hits[0]

    player, verb, *args = text.split()
    p = int(player)
    if verb == "play":
        cards, _, target = args[0].partition(">")
        return Play(p, tuple(slot(t) for t in cards.split(",")), int(target) if target else None)
    if verb == "flip":
        return Flip(p, slot(args[0]))
    if verb == "pick":
        return PickUp(p, slot(args[0]) if args else None)
    if verb == "swap":
        return Swap(p, slot(args[0]), slot(args[1]))
    if verb == "place":
        return Place(p, slot(args[0]))
    if verb == "give":
        return Give(p, slot(args[0]))
    if verb == "show":
        return Show(p, None if args[0] == "-" else slot(args[0]))
    from p2pshithead.engine import move_from_text

    return move_from_text(text)


def after(game: Game, *texts: str) -> Game:
    """Push the moves `texts` (card names) and return the game."""
    for text in texts:
        game.push(move(game, text))
    return game


def partition_ok(game: Game) -> bool:
    """Every slot in exactly one zone."""
    every = [x for p in range(game.players) for x in (*game.hand(p), *game.face_up(p), *game.face_down(p))]
    every += [*game.stock, *game.pile, *game.burned, *game.gone]
    return sorted(every) == list(range(game.size))
