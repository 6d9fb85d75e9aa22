"""What one engine move did, as typed events: the one place that tells it, for a networked table
(`TableState`) and for a local one (`cli play`) alike.

Invariant: the events follow from the engine position before and after `move` alone, in this order:
`Played`, then `Led` (a move that ended the show phase), `PickedUp`, `Burned`, `Drew`, and an `Out` per
player the move put out.
"""

from __future__ import annotations

from p2pshithead.engine import Flip, Game, Move, Phase, PickUp, made_public
from p2pshithead.game._events import Burned, Drew, Event, Led, Out, PickedUp, Played

__all__ = ["pushed"]


def pushed(game: Game, move: Move) -> list[Event]:
    """Push `move` on `game` and say what it did.

    Raises:
        EngineError: as `Game.push` (the game is then unchanged).
    """
    seat = move.player
    late = game.phase is Phase.PLAY and seat != game.turn
    showing = game.phase is Phase.SHOW
    hand, stock = set(game.hand(seat)), set(game.stock)
    burned, finished = len(game.burned), len(game.finished)
    game.push(move)
    shown = (move.slot,) if isinstance(move, Flip) else made_public(move)
    events: list[Event] = [Played(seat, move, tuple(c for s in shown if (c := game.card(s)) is not None), late)]
    if showing and game.phase is Phase.PLAY:
        events.append(Led(game.turn))
    taken = [s for s in game.hand(seat) if s not in hand]
    drawn = tuple(s for s in taken if s in stock)
    picked = tuple(s for s in taken if s not in stock)
    if isinstance(move, (PickUp, Flip)) and picked:
        events.append(PickedUp(seat, picked))
    if len(game.burned) > burned:
        events.append(Burned(game.burned[burned:]))
    if drawn:
        events.append(Drew(seat, drawn))
    events += [Out(p) for p in game.finished[finished:]]
    return events
