"""Moves told in words from a table's typed events (`game.Event`), as one seat sees them: the same
lines at a local table (`play`, events from `game.pushed`) and at a networked one.

Invariants: `Narrator.tell` reads the events and the seat's view *after* them, never a position before
(STYLE.md 12); whom a move made lead, gave a card, named to take the pile or skipped is read off its
events (`Led`, `Received`, `Aimed`, `Skipped`), never off the view, which may stand after later batches
too (a rejoin's catch-up tells each missed batch with the view as it is now); a card whose identity the
seat does not know is never named ("a card"); a card drawn into the seat's own hand is told once its
identity is known here, which on a networked table is a moment after the draw (the others' shares).
`last` keeps each seat's last move in words, without the name, for the screen to show beside its row.
Lines are in the language in use (`p2pshithead.lang`), one message per person ("{name} plays", "You
play"), each beginning with the seat's name (or "You") in every language, which `last` and the LAN
screen rely on.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from p2pshithead.cli.render import Look, ace_answer, aimed_at, card_text, cards_text
from p2pshithead.engine import Card, Flip, Game, Give, Move, PickUp, Place, Play, Ready, Show, Swap, hand_order
from p2pshithead.game import (
    Aimed,
    Burned,
    Dealt,
    Drew,
    Event,
    Finished,
    Led,
    Left,
    Out,
    PickedUp,
    Played,
    Received,
    Skipped,
)
from p2pshithead.lang import N_, _, ngettext

__all__ = ["Narrator", "Told"]


@dataclass(frozen=True, slots=True)
class Told:
    """A line in words; for a move, whose it is and the move without the name ("plays 7♥", for beside
    the row; the player's own: "you play 7♥")."""

    line: str
    seat: int | None = None
    beside: str = ""


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

    def tell(self, events: Iterable[Event], view: Game) -> list[str]:
        """Lines for `events`, oldest first; `view` is the game as `me` sees it after them."""
        return [told.line for told in self.told(events, view)]

    def told(self, events: Iterable[Event], view: Game) -> list[Told]:
        """`tell`, each move's line marked with its seat and its words without the name."""
        lines: list[Told] = []
        events = list(events)
        for i, event in enumerate(events):
            if isinstance(event, Played):
                after = _until_next_move(events[i + 1:])
                picked = next((e for e in after if isinstance(e, PickedUp) and e.seat == event.seat), None)
                burns = any(isinstance(e, Burned) for e in after)
                effects = [e for e in after if isinstance(e, (Aimed, Skipped))]
                receiver = next((e.seat for e in after if isinstance(e, Received)), None)
                lines += self._played(event, picked, burns, effects, receiver, view)
            elif isinstance(event, Led):
                lines.append(Told(self._line(event.seat, N_("{name} leads"), N_("You lead"))))
            elif isinstance(event, Drew) and event.seat == self.me:
                self._drawn += event.slots
            elif isinstance(event, Out) and not any(isinstance(e, Finished) for e in events):
                lines.append(Told(self._line(event.seat, N_("{name} is out!"), N_("You are out!"))))
            elif isinstance(event, Finished):
                lines.append(Told(self._finished(event.order, view)))
            elif isinstance(event, Dealt):
                self.last.clear()  # a new game
                lines.append(Told(self._line(event.dealer, N_("New game: {name} deals"), N_("New game: You deal"))))
            elif isinstance(event, Left):
                lines.append(Told(self._line(event.seat, N_("{name} leaves the game for good"),
                                             N_("You leave the game for good"))))  # fmt: skip
                self.last[event.seat] = _("left")
        lines += [Told(line) for line in self._draws(view)]
        if self.me is not None:
            self._mine = {s: c for s in view.hand(self.me) if (c := view.card(s)) is not None}
        return lines

    # -- one move -----------------------------------------------------------------------------

    def _played(self, event: Played, picked: PickedUp | None, burns: bool, effects: list[Aimed | Skipped],
                receiver: int | None, view: Game) -> list[Told]:  # fmt: skip
        """`event` in words, with what it did besides: a burn, or its `effects` (its `Aimed` or `Skipped`);
        `receiver`: a `Give`'s (its `Received`)."""
        move, p = event.move, event.seat
        line, short = self._what(move, event.cards, picked, event.out_of_turn, receiver, view)
        self.last[p] = self._beside(p, short or line)
        lines = [line]
        if burns:
            lines.append(_("the pile burns"))
        elif isinstance(move, Play) or (isinstance(move, Flip) and picked is None):
            lines += self._effects(event.cards, effects, view)
        return [Told(line, p, self._beside(p, line)), *map(Told, lines[1:])]

    def _what(self, move: Move, cards: tuple[Card, ...], picked: PickedUp | None, out_of_turn: bool,
              receiver: int | None, view: Game) -> tuple[str, str]:
        """The move in words, and a shorter line for beside the row where there is one (a flip: the pile
        shows the rest), else ""."""
        p, look = move.player, self.look
        if isinstance(move, Swap):
            return self._line(p, N_("{name} takes {up} into hand, lays {card} face up"),
                              N_("You take {up} into hand, lay {card} face up"),
                              up=card_text(view.card(move.up), look), card=card_text(view.card(move.hand), look)), ""
        if isinstance(move, Place):
            return self._line(p, N_("{name} lays {card} face up"), N_("You lay {card} face up"),
                              card=card_text(view.card(move.hand), look)), ""  # fmt: skip
        if isinstance(move, Ready):
            return self._line(p, N_("{name} is ready"), N_("You are ready")), ""
        if isinstance(move, Give):
            assert receiver is not None, "`pushed` tells a Give's receiver with it"
            return self._give(move, receiver, view), ""
        if isinstance(move, Show):
            if move.slot is None:
                return self._line(p, N_("{name} shows nothing"), N_("You show nothing")), ""
            return self._line(p, N_("{name} shows {cards}"), N_("You show {cards}"), cards=self._cards(cards)), ""
        if isinstance(move, Play):
            return self._play(move, self._cards(cards), out_of_turn), ""
        if isinstance(move, Flip):
            card = self._cards(cards)
            short = self._line(p, N_("{name} flips {card}"), N_("You flip {card}"), card=card)
            if picked is None:
                return self._line(p, N_("{name} flips {card} and plays it"), N_("You flip {card} and play it"),
                                  card=card), short  # fmt: skip
            n = len(picked.slots)
            them = ngettext("{name} flips {card}: no good, picks up {count} card",
                            "{name} flips {card}: no good, picks up {count} cards", n)
            you = ngettext("You flip {card}: no good, pick up {count} card",
                           "You flip {card}: no good, pick up {count} cards", n)
            them_short = ngettext("{name} flips {card}, picks up {count} card",
                                  "{name} flips {card}, picks up {count} cards", n)
            you_short = ngettext("You flip {card}, pick up {count} card", "You flip {card}, pick up {count} cards", n)
            return self._count(p, n, them, you, card=card), self._count(p, n, them_short, you_short, card=card)
        if isinstance(move, PickUp):
            n = len(picked.slots) - (move.up is not None) if picked is not None else 0
            if move.up is None:
                return self._count(p, n, ngettext("{name} picks up {count} card", "{name} picks up {count} cards", n),
                                   ngettext("You pick up {count} card", "You pick up {count} cards", n)), ""
            them = ngettext("{name} picks up {count} card and {card}", "{name} picks up {count} cards and {card}", n)
            you = ngettext("You pick up {count} card and {card}", "You pick up {count} cards and {card}", n)
            return self._count(p, n, them, you, card=card_text(view.card(move.up), look)), ""
        return self._line(p, N_("{name} leaves"), N_("You leave")), ""

    def _play(self, move: Play, cards: str, out_of_turn: bool) -> str:
        """A play, aimed (an ace: French, RULES.md 7) or not, in turn or out of it (RULES.md 5)."""
        p, target = move.player, move.target
        if target is None:
            if out_of_turn:
                return self._line(p, N_("{name} plays {cards} out of turn"), N_("You play {cards} out of turn"),
                                  cards=cards)  # fmt: skip
            return self._line(p, N_("{name} plays {cards}"), N_("You play {cards}"), cards=cards)
        if target == self.me:  # aimed at me by another
            them = N_("{name} plays {cards} at you out of turn") if out_of_turn else N_("{name} plays {cards} at you")
            return self._line(p, them, them, cards=cards)
        if out_of_turn:
            return self._line(p, N_("{name} plays {cards} at {target} out of turn"),
                              N_("You play {cards} at {target} out of turn"), cards=cards, target=self.names[target])
        return self._line(p, N_("{name} plays {cards} at {target}"), N_("You play {cards} at {target}"),
                          cards=cards, target=self.names[target])  # fmt: skip

    def _give(self, move: Give, receiver: int, view: Game) -> str:
        """The French exchange (RULES.md 6): the card is named only to the giver and the receiver."""
        card = view.card(move.slot) or self._mine.get(move.slot)
        shown = card_text(card, self.look) if card is not None else _("a card")
        p = move.player
        if receiver == self.me:
            return self._line(p, N_("{name} gives you {card}"), N_("{name} gives you {card}"), card=shown)
        return self._line(p, N_("{name} gives {target} {card}"), N_("You give {target} {card}"), card=shown,
                          target=self.names[receiver])  # fmt: skip

    def _effects(self, cards: tuple[Card, ...], effects: list[Aimed | Skipped], view: Game) -> list[str]:
        """What a play did besides landing on the pile: reversal, skips, an ace's taker (RULES.md 4, 7)."""
        out: list[str] = []
        if sum(view.power_table[c.rank].reverse for c in cards) % 2:
            out.append(_("direction reverses"))
        for effect in effects:
            if isinstance(effect, Aimed):
                out.append(self._aimed(effect.seat, view))
                continue
            skipped = effect.seats
            seats = list(dict.fromkeys(skipped))  # with two players in, one seat is passed over again
            if len(seats) > 1:
                others = self._and([q for q in seats if q != self.me])
                both = _("You and {names} are skipped") if self.me in seats else _("{names} are skipped")
                out.append(both.format(names=others))
            else:
                out.append(self._skipped_once(seats[0], len(skipped)))
        return out

    def _skipped_once(self, seat: int, times: int) -> str:
        """One seat passed over by an 8 (or 8s) `times` times."""
        if times == 1:
            return self._line(seat, N_("{name} is skipped"), N_("You are skipped"))
        if times == 2:
            return self._line(seat, N_("{name} is skipped twice"), N_("You are skipped twice"))
        return self._line(seat, N_("{name} is skipped {count} times"), N_("You are skipped {count} times"), count=times)

    def _and(self, seats: Sequence[int]) -> str:
        """"Bot 1 and Bot 3": seats by name."""
        out = self.names[seats[0]]
        for seat in seats[1:]:
            out = _("{first} and {second}").format(first=out, second=self.names[seat])
        return out

    def _aimed(self, target: int, view: Game) -> str:
        """An ace's target (French, RULES.md 7): they take the pile unless they answer."""
        if target != self.me:
            return _("{name} is to take the pile (or answer it)").format(name=self.names[target])
        if aimed_at(view, target):
            return _("Named to take the pile: {answer}").format(answer=ace_answer(view, target))
        return _("you are named to take the pile")

    def _finished(self, order: tuple[int, ...], view: Game) -> str:
        outcome = view.outcome()
        loser = outcome.shithead if outcome is not None else order[-1]
        if loser is None:
            return self._line(order[0], N_("{name} wins!"), N_("You win!"))
        return self._line(loser, N_("{name} is the Shithead"), N_("You are the Shithead"))

    def _draws(self, view: Game) -> list[str]:
        """"You draw 7♥ 9♣" once every card I drew is known here."""
        if self.me is None or not self._drawn:
            return []
        drawn = [s for s in self._drawn if s in view.hand(self.me)]
        if any(view.card(s) is None for s in drawn):
            return []
        self._drawn = []
        cards = cards_text(view, hand_order(view, drawn), self.look)
        return [_("You draw {cards}").format(cards=cards)] if drawn else []

    # -- words ----------------------------------------------------------------------------------

    def _line(self, seat: int, them: str, you: str, **values: object) -> str:
        """`them` (a message id naming the seat "{name}") or, said to that seat, `you`, translated and filled."""
        return _(you if seat == self.me else them).format(name=self.names[seat], **values)

    def _count(self, seat: int, count: int, them: str, you: str, **values: object) -> str:
        """`_line` for a message with a `{count}`, both already in their form for `count` (`ngettext`)."""
        return (you if seat == self.me else them).format(name=self.names[seat], count=count, **values)

    def _beside(self, seat: int, line: str) -> str:
        """A seat's line without its name, for beside its row ("plays 7♥"; mine: "you play 7♥"): a
        translation names the seat first ("{name} plays", "{name}: ..."), or the whole line is kept."""
        if seat == self.me:
            return line[:1].lower() + line[1:]
        name = self.names[seat]
        for after in (" ", ": "):
            if line.startswith(name + after):
                return line[len(name) + len(after):]
        return line

    def _cards(self, cards: tuple[Card, ...]) -> str:
        return " ".join(card_text(c, self.look) for c in cards) or _("a card")


def _until_next_move(events: list[Event]) -> list[Event]:
    """The events a move caused: those up to the next `Played`."""
    for i, event in enumerate(events):
        if isinstance(event, Played):
            return events[:i]
    return events
