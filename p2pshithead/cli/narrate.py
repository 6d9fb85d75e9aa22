"""Moves told in words from a table's typed events (`game.Event`), as one seat sees them: the same
lines at a local table (`play`, events from `game.pushed`) and at a networked one.

Invariants: `Narrator.tell` reads the events and the seat's view *after* them, never a position
before (STYLE.md 12); a card whose identity the seat does not know is never named ("a card"); a
card drawn into the seat's own hand is told once its identity is known here, which on a networked
table is a moment after the draw (the others' shares). `last` keeps each seat's last move in words,
without the name, for the screen to show beside its row.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from p2pshithead.cli.render import Look, ace_answer, aimed_at, card_text, cards_text
from p2pshithead.engine import Card, Flip, Game, Give, Move, Phase, PickUp, Place, Play, Ready, Show, Swap, hand_order
from p2pshithead.game import Burned, Dealt, Drew, Event, Finished, Left, Out, PickedUp, Played

__all__ = ["Narrator"]


class Narrator:
    """Tells a table's events in words as seat `me` sees them ("Bot 2 plays 7♥ 7♣", "the pile burns").

    Args:
        me: the seat the lines speak to ("You play"); None for an observer (every seat by name).
        names: every seat's name, by seat.
        look: glyphs and color of the cards named.
    """

    def __init__(self, me: int | None, names: Sequence[str], look: Look) -> None:
        self.me, self.names, self.look = me, list(names), look
        self.last: dict[int, str] = {}  # seat -> its last move in words, without the name
        self._drawn: list[int] = []  # slots drawn into my hand whose identities are not known yet
        self._mine: dict[int, Card] = {}  # my hand cards as last seen (a card I give leaves my view)
        self._gift_from: int | None = None  # the Shithead, whose gift the Masta answers

    def tell(self, events: Iterable[Event], view: Game) -> list[str]:
        """Lines for `events`, oldest first; `view` is the game as `me` sees it after them."""
        lines: list[str] = []
        events = list(events)
        for i, event in enumerate(events):
            if isinstance(event, Played):
                after = _until_next_move(events[i + 1:])
                picked = next((e for e in after if isinstance(e, PickedUp) and e.seat == event.seat), None)
                burns = any(isinstance(e, Burned) for e in after)
                lines += self._played(event, picked, burns, view)
            elif isinstance(event, Drew) and event.seat == self.me:
                self._drawn += event.slots
            elif isinstance(event, Out) and not any(isinstance(e, Finished) for e in events):
                lines.append(f"{self._who(event.seat)} {self._says(event.seat, 'is', 'are')} out!")
            elif isinstance(event, Finished):
                lines.append(self._finished(event.order, view))
            elif isinstance(event, Dealt):
                self.last.clear()  # a new game
                lines.append(f"New game: {self._who(event.dealer)} {self._says(event.dealer, 'deals', 'deal')}")
            elif isinstance(event, Left):
                lines.append(f"{self._who(event.seat)} {self._says(event.seat, 'leaves', 'leave')} the game for good")
                self.last[event.seat] = "left"
        lines += self._draws(view)
        if self.me is not None:
            self._mine = {s: c for s in view.hand(self.me) if (c := view.card(s)) is not None}
        return lines

    # -- one move -----------------------------------------------------------------------------

    def _played(self, event: Played, picked: PickedUp | None, burns: bool, view: Game) -> list[str]:
        move, p = event.move, event.seat
        what, effects = self._what(move, event.cards, picked, view)
        if event.out_of_turn:
            what += " out of turn"
        short = what.split(" and ")[0] if isinstance(move, Flip) else what  # "flips 4♥": the pile shows the rest
        self.last[p] = ("you " if p == self.me else "") + short.replace(": no good,", ",")
        lines = [f"{self._who(p)} {what}"]
        if isinstance(move, Show) and view.phase is Phase.PLAY:
            lead = view.turn
            lines.append(f"{self._who(lead)} {self._says(lead, 'leads', 'lead')}")
        if burns:
            lines.append("the pile burns")
        elif effects:
            lines += self._effects(move, event.cards, view)
        return lines

    def _what(self, move: Move, cards: tuple[Card, ...], picked: PickedUp | None, view: Game) -> tuple[str, bool]:
        """The move without its player ("plays 7♥"), and whether it had effects to tell (a play)."""
        p, look = move.player, self.look

        def says(third: str, second: str) -> str:
            return self._says(p, third, second)

        if isinstance(move, Swap):
            return (f"{says('takes', 'take')} {card_text(view.card(move.up), look)} into hand, "
                    f"{says('lays', 'lay')} {card_text(view.card(move.hand), look)} face up"), False  # fmt: skip
        if isinstance(move, Place):
            return f"{says('lays', 'lay')} {card_text(view.card(move.hand), look)} face up", False
        if isinstance(move, Ready):
            return f"{says('is', 'are')} ready", False
        if isinstance(move, Give):
            return self._give(move, view), False
        if isinstance(move, Show):
            return f"{says('shows', 'show')} {self._cards(cards) if move.slot is not None else 'nothing'}", False
        if isinstance(move, Play):
            aim = f" at {self._who(move.target, 'you')}" if move.target is not None else ""
            return f"{says('plays', 'play')} {self._cards(cards)}{aim}", True
        if isinstance(move, Flip):
            card = self._cards(cards)
            if picked is not None:
                n = len(picked.slots)
                return f"{says('flips', 'flip')} {card}: no good, {says('picks', 'pick')} up {n} cards", False
            return f"{says('flips', 'flip')} {card} and {says('plays', 'play')} it", True
        if isinstance(move, PickUp):
            n = len(picked.slots) - (move.up is not None) if picked is not None else 0
            extra = "" if move.up is None else f" and {card_text(view.card(move.up), look)}"
            return f"{says('picks', 'pick')} up {n} card{'s' if n != 1 else ''}{extra}", False
        return f"{says('leaves', 'leave')}", False

    def _give(self, move: Give, view: Game) -> str:
        """The French exchange (RULES.md 6): the card is named only to the giver and the receiver."""
        receiver: int | None
        if view.exchange is not None:  # the Shithead gave; the receiver gives back now
            receiver, self._gift_from = view.exchange.giver, move.player
        else:
            receiver, self._gift_from = self._gift_from, None
        card = view.card(move.slot) or self._mine.get(move.slot)
        to = "" if receiver is None else f" {self._who(receiver, 'you')}"
        shown = card_text(card, self.look) if card is not None else "a card"
        return f"{self._says(move.player, 'gives', 'give')}{to} {shown}"

    def _effects(self, move: Move, cards: tuple[Card, ...], view: Game) -> list[str]:
        """What a play did besides landing on the pile: reversal, skips, an ace's taker (RULES.md 4, 7)."""
        out: list[str] = []
        table = view.power_table
        ranks = [c.rank for c in cards]
        if sum(table[r].reverse for r in ranks) % 2:
            out.append("direction reverses")
        target: int | None = move.target if isinstance(move, Play) else None
        if target is None and isinstance(move, Flip) and view.rules.ace_gives_pile and any(
            r.symbol == "A" for r in ranks
        ):
            target = view.turn
        if target is not None:
            out.append(self._aimed(target, view))
            return out
        skips = sum(table[r].skip for r in ranks)
        if skips:
            skipped = _skipped(view, move.player, skips)
            seats = list(dict.fromkeys(skipped))  # with two players in, one seat is passed over again
            if seats:
                plural = len(seats) > 1 or seats[0] == self.me
                who = [self._who(q, "you" if i else "You") for i, q in enumerate(seats)]
                times = len(skipped) if len(seats) == 1 else 1
                again = {1: "", 2: " twice"}.get(times, f" {times} times")
                out.append(" and ".join(who) + (" are" if plural else " is") + " skipped" + again)
        return out

    def _aimed(self, target: int, view: Game) -> str:
        """An ace's target (French, RULES.md 7): they take the pile unless they answer."""
        if target != self.me:
            return f"{self._who(target)} is to take the pile (or answer it)"
        if aimed_at(view, target):
            return "Named to take the pile: " + ace_answer(view, target)
        return "you are named to take the pile"

    def _finished(self, order: tuple[int, ...], view: Game) -> str:
        outcome = view.outcome()
        loser = outcome.shithead if outcome is not None else order[-1]
        if loser is None:
            return f"{self._who(order[0])} {self._says(order[0], 'wins', 'win')}!"
        return f"{self._who(loser)} {self._says(loser, 'is', 'are')} the Shithead"

    def _draws(self, view: Game) -> list[str]:
        """"You draw 7♥ 9♣" once every card I drew is known here."""
        if self.me is None or not self._drawn:
            return []
        drawn = [s for s in self._drawn if s in view.hand(self.me)]
        if any(view.card(s) is None for s in drawn):
            return []
        self._drawn = []
        return [f"You draw {cards_text(view, hand_order(view, drawn), self.look)}"] if drawn else []

    # -- words ----------------------------------------------------------------------------------

    def _who(self, seat: int, you: str = "You") -> str:
        return you if seat == self.me else self.names[seat]

    def _says(self, seat: int, third: str, second: str) -> str:
        return second if seat == self.me else third

    def _cards(self, cards: tuple[Card, ...]) -> str:
        return " ".join(card_text(c, self.look) for c in cards) or "a card"


def _until_next_move(events: list[Event]) -> list[Event]:
    """The events a move caused: those up to the next `Played`."""
    for i, event in enumerate(events):
        if isinstance(event, Played):
            return events[:i]
    return events


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
