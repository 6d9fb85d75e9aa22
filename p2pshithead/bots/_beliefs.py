"""What a seat has learned about the cards it cannot see, from the views it was shown in turn.

Invariants: `Beliefs.observe` reads nothing but the views it is given, in the order given (a
player remembers what it saw, as a person at the table does); each seat's memory is its own. A
belief is a constraint on one hidden slot: "this card could not beat that pile top". It comes
from an opponent picking up the pile: the hidden hand cards they held through the pick-up could
not beat the effective top of the pile they took (a pick-up by choice breaks this, so the
sampler treats a constraint as soft). A view that cannot follow the last one seen (another
game) starts the seat's memory afresh.
"""

from __future__ import annotations

from collections.abc import Mapping

from p2pshithead.engine import Card, Game, Phase, card_at, playable

__all__ = ["Beliefs"]


def _follows(last: Game, view: Game) -> bool:
    """Whether `view` may be a later moment of the game `last` shows: same table, no identity
    seen in `last` contradicted, no burned card unburned."""
    if (last.rules, last.players, last.size) != (view.rules, view.players, view.size):
        return False
    if len(view.burned) < len(last.burned) or len(view.stock) > len(last.stock):
        return False
    return all(view.card(slot) in (card, None) for slot, card in last.known.items())


def _top(view: Game, pile: list[int]) -> Card | None:
    """The effective top of `pile` (bottom first): its last card that is not transparent."""
    table = view.power_table
    for slot in reversed(pile):
        card = view.card(slot)
        if card is not None and not table[card.rank].transparent:
            return card
    return None


class Beliefs:
    """One bot's memory per seat: the last view seen and, per hidden slot, the cards it cannot be."""

    def __init__(self) -> None:
        self._last: dict[int, Game] = {}
        self._tops: dict[int, dict[int, set[Card]]] = {}
        self._beating: dict[tuple[int, Card], frozenset[Card]] = {}  # (seat, top) -> the deck's cards that beat it

    def observe(self, view: Game, me: int) -> Mapping[int, frozenset[Card]]:
        """Learn from `view`, seat `me`'s view later in the game than the last one observed; the
        beliefs about the slots still hidden in it: slot -> the cards it is believed not to hold."""
        last = self._last.get(me)
        tops = self._tops.setdefault(me, {})
        if last is None or not _follows(last, view):
            tops.clear()
            self._beating = {key: cards for key, cards in self._beating.items() if key[0] != me}
        elif last.phase is Phase.PLAY and not view.rules.ace_gives_pile:  # no swaps, gifts, or aces handing it over
            for seat in range(view.players):
                if seat != me:
                    self._learn_pickup(last, view, seat, tops)
        self._last[me] = view
        return {slot: frozenset().union(*(self._beaten_by(view, me, top) for top in t))
                for slot, t in tops.items() if view.card(slot) is None}  # fmt: skip

    def _beaten_by(self, view: Game, me: int, top: Card) -> frozenset[Card]:
        """The cards of the deck that may be played on `top` under the view's rules (cached per seat)."""
        key = (me, top)
        if key not in self._beating:
            deck = {card_at(i, view.decks, view.rules.jokers) for i in range(view.size)}
            self._beating[key] = frozenset(c for c in deck if playable(view.rules, c, top))
        return self._beating[key]

    @staticmethod
    def _learn_pickup(last: Game, view: Game, seat: int, tops: dict[int, set[Card]]) -> None:
        """If `seat` took the pile since `last`, its hidden hand cards held through could not beat the
        top it took. A pick-up appends the pile, bottom first, to the hand (after any face-up card)."""
        before = set(last.hand(seat))
        public = view.public
        taken = [slot for slot in view.hand(seat) if slot not in before and slot in public]
        top = _top(view, taken)
        if top is None:
            return  # no pick-up, or an empty or reset pile (anything beats it: taken by choice)
        for slot in view.hand(seat):
            if slot in before and view.card(slot) is None:
                tops.setdefault(slot, set()).add(top)
