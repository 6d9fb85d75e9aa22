"""What one engine move did, as typed events: the one place that tells it, for a networked table
(`TableState`) and for a local one (`cli play`) alike.

Invariant: the events follow from the engine position before and after `move` alone, in this order:
`Played`, then `Received` (a `Give`'s receiver) or `Led` (a move that ended the show phase), `PickedUp`,
`Burned`, or else (play goes on: no burn, no pick-up) `Aimed` (an ace names who takes the pile) or
`Skipped` (seats its 8s passed over), `Drew`, and an `Out` per player the move put out.
"""

from __future__ import annotations

from p2pshithead.engine import Card, Flip, Game, Give, Move, Phase, PickUp, Play, made_public
from p2pshithead.game._events import Aimed, Burned, Drew, Event, Led, Out, PickedUp, Played, Received, Skipped

__all__ = ["pushed"]


def pushed(game: Game, move: Move) -> list[Event]:
    """Push `move` on `game` and say what it did.

    Raises:
        EngineError: as `Game.push` (the game is then unchanged).
    """
    seat = move.player
    late = game.phase is Phase.PLAY and seat != game.turn
    showing = game.phase is Phase.SHOW
    exchange = game.exchange
    hand, stock = set(game.hand(seat)), set(game.stock)
    burned, finished = len(game.burned), len(game.finished)
    game.push(move)
    shown = (move.slot,) if isinstance(move, Flip) else made_public(move)
    played = Played(seat, move, tuple(c for s in shown if (c := game.card(s)) is not None), late)
    events: list[Event] = [played]
    if isinstance(move, Give) and exchange is not None:  # the engine takes a Give only in the exchange
        events.append(Received(exchange.receiver))
    if showing and game.phase is Phase.PLAY:
        events.append(Led(game.turn))
    taken = [s for s in game.hand(seat) if s not in hand]
    drawn = tuple(s for s in taken if s in stock)
    picked = tuple(s for s in taken if s not in stock)
    if isinstance(move, (PickUp, Flip)) and picked:
        events.append(PickedUp(seat, picked))
    if len(game.burned) > burned:
        events.append(Burned(game.burned[burned:]))
    elif isinstance(move, (Play, Flip)) and not picked:
        events += _aimed_or_skipped(game, move, played.cards)
    if drawn:
        events.append(Drew(seat, drawn))
    events += [Out(p) for p in game.finished[finished:]]
    return events


def _aimed_or_skipped(after: Game, move: Play | Flip, cards: tuple[Card, ...]) -> list[Event]:
    """Whom `move`, which the play goes on past (`after`: the game after it), names with an ace (RULES.md 7:
    an aimed play, or a flipped ace under `ace_gives_pile`), else the seats its 8s (or skipping jokers)
    passed over (RULES.md 4): those between the mover and the seat to play now, walked back from the
    latter."""
    ranks = [c.rank for c in cards]
    if isinstance(move, Play) and move.target is not None:
        return [Aimed(move.target)]
    if isinstance(move, Flip) and after.rules.ace_gives_pile and any(r.symbol == "A" for r in ranks):
        return [Aimed(after.turn)]
    skips = sum(after.power_table[r].skip for r in ranks)
    active = [q for q in range(after.players) if q not in after.finished]
    if not skips or after.turn not in active:
        return []
    out: list[int] = []
    q = after.turn
    for _step in range(skips):
        q = (q - after.direction) % after.players
        while q not in active:
            q = (q - after.direction) % after.players
        out.append(q)
    skipped = tuple(q for q in reversed(out) if q not in (after.turn, move.player))
    return [Skipped(skipped)] if skipped else []
