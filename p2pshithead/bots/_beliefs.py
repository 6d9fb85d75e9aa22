"""What a seat has learned about the cards it cannot see, from the views it was shown in turn.

Invariants: `Beliefs.observe` reads nothing but the views it is given, in the order given (a
player remembers what it saw, as a person at the table does); each seat's memory is its own. A
belief is a set of cards one hidden slot is believed not to hold. Beliefs come from what an
opponent did with the hidden hand cards it held through (a table player's habits, the ones the
playouts assume too):
- it picked up the pile: none of them could beat the pile's effective top (section 3);
- it played a rank that is not played on anything: it played every copy it had, and it had no
  lower rank of that kind that the pile allowed (the lowest playable first);
- it played a card that is played on anything: it had no plain card the pile allowed (those go first),
  and no power card greedy plays before it (`_power_order`: a 10 on a big pile, a mirror, a reset, a
  10 on a small pile);
- it showed a plain card before the first turn: it held no lower plain card (greedy shows its lowest);
- it laid out its face-up row and ended the swap phase: it kept no card in hand more worth keeping
  face up (`keep_value`) than the least of its row.
People sometimes choose otherwise, so the sampler treats a belief as soft. A view that cannot
follow the last one seen (another game) starts the seat's memory afresh.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from p2pshithead.bots._greedy import BIG_PILE, keep_value
from p2pshithead.engine import Card, Game, Phase, Power, Rank, card_at, playable

__all__ = ["Beliefs"]


def _follows(last: Game, view: Game) -> bool:
    """Whether `view` may be a later moment of the game `last` shows: same table, no identity
    seen in `last` contradicted, no burned card unburned, no card back in the stock."""
    if (last.rules, last.players, last.size) != (view.rules, view.players, view.size):
        return False
    if len(view.burned) < len(last.burned) or len(view.stock) > len(last.stock):
        return False
    return all(view.card(slot) in (card, None) for slot, card in last.known.items())


def _power_order(power: Power, pile: int) -> int:
    """Which power card greedy plays first onto a pile of `pile` cards, lowest first (as its
    `_play_key` orders them): a burn on a big pile, a transparent card, another, a burn."""
    if power.burn:
        return 0 if pile >= BIG_PILE else 3
    return 1 if power.transparent else 2


def _top(view: Game, pile: Sequence[int]) -> Card | None:
    """The effective top of `pile` (bottom first): its last card that is not transparent."""
    table = view.power_table
    for slot in reversed(pile):
        card = view.card(slot)
        if card is not None and not table[card.rank].transparent:
            return card
    return None


class Beliefs:
    """One bot's memory per seat: the last view seen and, per hidden slot, the cards it is believed not to hold."""

    def __init__(self) -> None:
        self._last: dict[int, Game] = {}
        self._shunned: dict[int, dict[int, set[Card]]] = {}
        self._deck: tuple[Card, ...] = ()

    def observe(self, view: Game, me: int) -> Mapping[int, frozenset[Card]]:
        """Learn from `view`, seat `me`'s view later in the game than the last one observed; the
        beliefs about the slots still hidden in it: slot -> the cards it is believed not to hold."""
        last = self._last.get(me)
        shunned = self._shunned.setdefault(me, {})
        if last is None or not _follows(last, view):
            shunned.clear()
            self._deck = tuple(card_at(i, view.decks, view.rules.jokers) for i in range(view.size))
        elif not view.rules.ace_gives_pile:  # aces handing the pile over break the habits read here
            learners = [self._learn] if last.phase in (Phase.PLAY, Phase.SHOW) else []
            if last.phase is Phase.SHOW:
                learners.append(self._showed)
            elif last.phase is Phase.SWAP and view.phase is not Phase.SWAP and (view.rules.swap or view.rules.deal_six):
                learners.append(self._laid_out)  # the row was its to choose
            for seat in range(view.players):
                for learn in learners if seat != me else ():
                    for slot, cards in learn(last, view, seat):
                        shunned.setdefault(slot, set()).update(cards)
        self._last[me] = view
        return {slot: frozenset(cards) for slot, cards in shunned.items() if view.card(slot) is None}

    def _laid_out(self, last: Game, view: Game, seat: int) -> list[tuple[int, list[Card]]]:
        """The swap phase just ended: the hidden hand cards `seat` dealt itself are worth keeping
        face up no more than the least of the row it laid out (as (slot, cards it is not) pairs)."""
        row = [view.card(slot) for slot in view.face_up(seat)]
        held = [slot for slot in view.hand(seat) if slot in last.hand(seat) and view.card(slot) is None]
        if not row or not held or None in row:
            return []
        table = view.power_table
        least = min(keep_value(table, card) for card in row if card is not None)
        shun = [card for card in self._deck if keep_value(table, card) > least]
        return [(slot, shun) for slot in held] if shun else []

    def _showed(self, last: Game, view: Game, seat: int) -> list[tuple[int, list[Card]]]:
        """The show phase was on in `last`: a plain card `seat` showed (known in `last`, or since
        and still in its hand; no pick-up has been made before the show) was its lowest, so the
        hidden hand cards it held through hold no lower plain rank."""
        before, now, table = last.hand(seat), view.hand(seat), view.power_table
        shown = [c for slot in before if (c := last.card(slot) or (view.card(slot) if slot in now else None))]
        plain = [c.rank for c in shown if table[c.rank].plain and c.rank is not Rank.JOKER]
        held = [slot for slot in now if slot in before and view.card(slot) is None]
        if not plain or not held:
            return []
        low = min(plain)
        shun = [c for c in self._deck if table[c.rank].plain and c.rank is not Rank.JOKER and c.rank < low]
        return [(slot, shun) for slot in held] if shun else []

    def _learn(self, last: Game, view: Game, seat: int) -> list[tuple[int, list[Card]]]:
        """What `seat` did since `last` says about the hidden hand cards it held through: (slot, cards
        it is not) pairs. A pick-up appends the pile, bottom first, to the hand (after any face-up
        card taken with it); a card that left the hand and is now seen was played."""
        before, now = set(last.hand(seat)), view.hand(seat)
        held = [slot for slot in now if slot in before and view.card(slot) is None]
        if not held:
            return []
        table, rules = view.power_table, view.rules
        public = view.public
        shun: list[Card] = []
        top = _top(view, [slot for slot in now if slot not in before and slot in public])
        if top is not None:  # a pick-up (of a pile that was not empty or reset: that one is taken by choice)
            shun += [card for card in self._deck if playable(rules, card, top)]
        kept = set(now)
        played = [slot for slot in last.hand(seat) if slot not in kept and view.card(slot) is not None]
        pile = view.pile
        for slot in played:
            card = view.card(slot)
            assert card is not None
            anything = table[card.rank].anything
            if not anything:
                shun += [c for c in self._deck if c.rank is card.rank]  # every copy was played at once
            if slot in pile:
                below = pile[: pile.index(slot)]
                while below and below[-1] in played:  # the copies played with it
                    below = below[:-1]
                faced = _top(view, below)
                shun += [c for c in self._deck if (anything or c.rank < card.rank) and not table[c.rank].anything
                         and playable(rules, c, faced)]  # fmt: skip
                if anything:  # and no power card that goes first
                    order = _power_order(table[card.rank], len(below))
                    shun += [c for c in self._deck if table[c.rank].anything
                             and _power_order(table[c.rank], len(below)) < order]  # fmt: skip
        return [(slot, shun) for slot in held] if shun else []
