# The Speed position (docs/speed.md; seed 003). Invariants:
# - Every card (deck position 0..size-1) is in exactly one place: a stack of a layout, a stock, a centre
#   pile, the burned cards, or on its way from a stock to a pile (`awaiting`, target a pile); nothing is
#   created or lost (`places()` lists them all).
# - A card's identity is known here only once revealed (`reveal`); a card being turned waits in
#   `awaiting` until then. Seat s is dealt positions [s*half, (s+1)*half) as its stock: the deck protocol
#   shuffled the positions, so dealing them in order is fair.
# - The layout tidies itself after every change, the same way at every peer (`_tidy`): face-down tops
#   are turned, equal face-up tops merge onto the leftmost, jokers (and kings with `kings`) go to the
#   sixth stack, an empty stack takes the face-up cards of the leftmost stack that has cards beneath
#   (Chinese: a card from the stock); when nothing is awaited and nobody can play or slap, each seat
#   turns a stock card onto its own pile (`Stuck`), or the game ends (blocked).
# - `judge` tells a legal action, a late one (legal on the pile top or round its author saw, not on
#   this one: nothing moves) and an illegal one (`IllegalActionError`); `push` changes nothing for a
#   late action and nothing at all when it raises.
# - Pure: no clock, no randomness, no I/O. The words it gives a person (a late action's reason, why the
#   game ended) are in the language in use (p2pshithead.lang); nothing it decides depends on them.
"""`Speed`: the position, its legal actions, `push`, `reveal` and the outcome."""

from __future__ import annotations

from collections.abc import Iterator

from p2pshithead.lang import _, ngettext
from p2pshithead.speed._actions import (
    Action,
    Burn,
    Burned,
    Event,
    Finished,
    Late,
    Moved,
    Play,
    Played,
    RoundStarted,
    Slap,
    Slapped,
    Stuck,
    TurnedUp,
)
from p2pshithead.speed._cards import JOKER, adjacent, card_text, rank
from p2pshithead.speed._errors import IllegalActionError
from p2pshithead.speed._rules import SpeedRules

__all__ = ["PLAYERS", "Speed"]

PLAYERS = 2
"""Speed is played by two here (docs/speed.md, "Players")."""
_ASIDE = 5  # the sixth stack (not in Chinese Speed)
_TO_STACK, _TO_PILE = 0, 1


class Speed:
    """A game of Speed for two under `rules`, dealt and with its opening turns awaited."""

    def __init__(self, rules: SpeedRules) -> None:
        self.rules = rules
        half = rules.size // PLAYERS
        self.stacks: list[list[list[int]]] = [[[] for _ in range(rules.stacks)] for _ in range(PLAYERS)]
        self.up: list[list[int]] = [[0] * rules.stacks for _ in range(PLAYERS)]  # face-up cards atop each stack
        self.stock: list[list[int]] = [list(range(s * half, (s + 1) * half)) for s in range(PLAYERS)]  # top last
        self.piles: list[list[int]] = [[], []]
        self.burned: list[int] = []
        self.known: dict[int, int] = {}
        self.awaiting: dict[int, tuple[int, int, int]] = {}  # slot -> (seat, _TO_STACK/_TO_PILE, index)
        self.round = 0
        self.plays = [0] * PLAYERS
        self.late = [False] * PLAYERS  # the seat's last action was late, and nothing has moved since
        self.order: tuple[int, ...] | None = None
        self.why = ""
        self.opening = self._deal()

    def __repr__(self) -> str:
        return f"Speed({self.rules!r})  # round {self.round}, piles {self.pile_text(0)} {self.pile_text(1)}"

    def key(self) -> tuple[object, ...]:
        """Everything the position holds, for comparison between peers."""
        return (self.rules, self.stacks, self.up, self.stock, self.piles, self.burned, self.known,
                list(self.awaiting.items()), self.round, self.plays, self.late, self.order, self.why)  # fmt: skip

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Speed) and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]

    # -- reading the position -----------------------------------------------------------------------

    def card(self, slot: int) -> int | None:
        """The card at deck position `slot`, if revealed."""
        return self.known.get(slot)

    def rank_of(self, slot: int) -> int:
        return rank(self.known[slot], self.rules.jokers)

    def text(self, slot: int, unicode: bool = True) -> str:
        """A known card as people write it ('?' when hidden)."""
        card = self.known.get(slot)
        return "?" if card is None else card_text(card, self.rules.jokers, unicode)

    def pile_text(self, pile: int) -> str:
        return self.text(self.piles[pile][-1]) if self.piles[pile] else "-"

    def face_up(self, seat: int) -> Iterator[tuple[int, int]]:
        """(stack, slot) of every face-up card of `seat`'s layout, each stack from the top down."""
        for i, stack in enumerate(self.stacks[seat]):
            for slot in reversed(stack[len(stack) - self.up[seat][i]:]):
                yield i, slot

    def layout_size(self, seat: int) -> int:
        return sum(len(stack) for stack in self.stacks[seat])

    def cards_left(self, seat: int) -> int:
        """Cards `seat` still holds: its layout and its stock (and a stock card on its way to its pile)."""
        flying = sum(1 for s, kind, _ in self.awaiting.values() if s == seat and kind == _TO_PILE)
        return self.layout_size(seat) + len(self.stock[seat]) + flying

    def places(self) -> list[int]:
        """Every deck position, wherever it is (a sorted copy is `range(size)`: nothing created or lost)."""
        flying = [slot for slot, (_, kind, _) in self.awaiting.items() if kind == _TO_PILE]
        return [*(s for seat in self.stacks for stack in seat for s in stack), *(s for st in self.stock for s in st),
                *(s for pile in self.piles for s in pile), *self.burned, *flying]  # fmt: skip

    def is_over(self) -> bool:
        return self.order is not None

    def fits(self, card_rank: int, pile: int, length: int | None = None) -> bool:
        """Whether a card of `card_rank` may go on `pile` as it stood at `length` cards (now: None).
        Any card goes on an empty pile; jokers are wild with `jokers`."""
        cards = self.piles[pile] if length is None else self.piles[pile][:length]
        if not cards:
            return True
        top = self.rank_of(cards[-1])
        if JOKER in (card_rank, top):
            return True
        return adjacent(card_rank, top, self.rules.wrap)

    def plays_for(self, seat: int) -> list[Play]:
        """Every play `seat` may make now."""
        if self.order is not None:
            return []
        lengths = [len(p) for p in self.piles]
        return [Play(slot, pile, lengths[pile], self.round) for _, slot in self.face_up(seat)
                for pile in (0, 1) if self.fits(self.rank_of(slot), pile)]  # fmt: skip

    def may_slap(self, seat: int) -> bool:
        """Whether `seat` may slap now: its layout is played out and it still has a stock (not Chinese)."""
        return (self.order is None and not self.rules.chinese and self.layout_size(seat) == 0
                and bool(self.stock[seat]))  # fmt: skip

    def burnable(self, seat: int) -> list[int]:
        """Ranks of which `seat` has three face-up cards (with `burn`)."""
        if not self.rules.burn or self.order is not None:
            return []
        ranks = [self.rank_of(slot) for _, slot in self.face_up(seat)]
        return sorted({r for r in ranks if r != JOKER and ranks.count(r) >= 3})

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now."""
        slaps: list[Action] = [Slap(p, self.round) for p in (0, 1)] if self.may_slap(seat) else []
        return [*self.plays_for(seat), *slaps, *(Burn(r, self.round) for r in self.burnable(seat))]

    def resign(self, seat: int) -> list[Event]:
        """`seat` leaves the game: the other wins (a game already over stays as it is)."""
        if self.order is not None:
            return []
        return self._end((1 - seat, seat), _("the other player left the game"))

    # -- judging and applying ---------------------------------------------------------------------

    def judge(self, seat: int, action: Action) -> str | None:
        """None when `action` of `seat` is legal now; the reason it is late when it was legal on what its
        author saw but not now.

        Raises:
            IllegalActionError: it was never legal, in words.
        """
        if self.order is not None:
            return _("the game was over")
        if action.round > self.round:
            raise IllegalActionError(f"round {action.round} has not begun (this is round {self.round})")
        if action.round < self.round:
            return _("round {round} was over before it came").format(round=action.round)
        if isinstance(action, Play):
            return self._judge_play(seat, action)
        if isinstance(action, Slap):
            if self.rules.chinese:
                raise IllegalActionError("there is no slapping in Chinese Speed")
            if self.layout_size(seat) or not self.stock[seat]:
                raise IllegalActionError(f"slapped with {self.layout_size(seat)} cards left in the layout")
            return None
        if action.rank not in self.burnable(seat):
            raise IllegalActionError(f"burned {action.rank}s without three of them face up")
        return None

    def _judge_play(self, seat: int, play: Play) -> str | None:
        if not any(slot == play.slot for _, slot in self.face_up(seat)):
            raise IllegalActionError(f"card {play.slot} is not face up in the layout")
        pile = self.piles[play.pile]
        if play.seen > len(pile):
            raise IllegalActionError(f"saw {play.seen} cards on a pile of {len(pile)}")
        card_rank = self.rank_of(play.slot)
        if self.fits(card_rank, play.pile):
            return None
        name = self.text(play.slot)
        if play.seen < len(pile) and self.fits(card_rank, play.pile, play.seen):
            return _("{card} came late: the pile is {top} now").format(card=name, top=self.pile_text(play.pile))
        seen = self.text(pile[play.seen - 1]) if play.seen else "nothing"
        raise IllegalActionError(f"{name} on {seen}: not one above or below")

    def push(self, seat: int, action: Action) -> list[Event]:
        """Apply `seat`'s action; a late one moves nothing and gives one `Late` event.

        Raises:
            IllegalActionError: as `judge`, or a second late action of the seat with nothing moved in
                between: a program sends its next action only once its last one is in the transcript,
                so an honest one is late again only after another card moved (the position is unchanged).
        """
        late = self.judge(seat, action)
        if late is not None:
            if self.late[seat]:
                raise IllegalActionError(f"late again with nothing moved since its last late action ({late})")
            self.late[seat] = True
            return [Late(seat, action, late)]
        self.late = [False] * PLAYERS
        if isinstance(action, Play):
            self._take(seat, action.slot)
            self.piles[action.pile].append(action.slot)
            self.plays[seat] += 1
            events: list[Event] = [Played(seat, action.slot, self.known[action.slot], action.pile)]
        elif isinstance(action, Slap):
            return self._slap(seat, action.pile)
        else:
            slots = [slot for _, slot in self.face_up(seat) if self.rank_of(slot) == action.rank][:3]
            for slot in slots:
                self._take(seat, slot)
            self.burned += slots
            events = [Burned(seat, tuple(slots))]
        return events + self._settle()

    def reveal(self, slot: int, card: int) -> list[Event]:
        """Card `card` at `slot` is now known to all; a card being turned lands where it was going.

        Raises:
            ValueError: another card was revealed at `slot` before, or `card` is not in the deck.
        """
        if not 0 <= card < self.rules.size or self.known.get(slot, card) != card:
            raise ValueError(f"card {card} revealed at slot {slot}, which holds {self.known.get(slot)}")
        self.known[slot] = card
        if slot not in self.awaiting or self.order is not None:
            return []
        self.late = [False] * PLAYERS
        return [self._land(slot), *self._settle()]

    def _land(self, slot: int) -> TurnedUp:
        """A card being turned, now known, lands face up where it was going."""
        seat, kind, index = self.awaiting.pop(slot)
        if kind == _TO_STACK:
            self.up[seat][index] = 1
            return TurnedUp(seat, slot, self.known[slot], index, None)
        self.piles[index].append(slot)
        return TurnedUp(seat, slot, self.known[slot], None, index)

    def _take(self, seat: int, slot: int) -> None:
        for i, stack in enumerate(self.stacks[seat]):
            if slot in stack[len(stack) - self.up[seat][i]:]:
                stack.remove(slot)
                self.up[seat][i] -= 1
                return
        raise AssertionError(f"slot {slot} is not face up")  # judged before

    # -- the layout tidies itself -----------------------------------------------------------------

    def _deal(self) -> list[Event]:
        """Lay out each seat's layout from its stock, then turn one stock card onto each seat's pile."""
        for seat in range(PLAYERS):
            stock = self.stock[seat]
            sizes = [1] * 4 if self.rules.chinese else [1, 2, 3, 4, 5]
            for i, size in enumerate(sizes):
                self.stacks[seat][i] = [stock.pop() for _ in range(min(size, len(stock)))]
        events: list[Event] = [RoundStarted(self.round)]
        for seat in range(PLAYERS):
            if self.stock[seat]:
                events += self._turn(seat, self.stock[seat].pop(), _TO_PILE, seat)
        return events + self._settle()

    def _turn(self, seat: int, slot: int, kind: int, index: int) -> list[Event]:
        """Start turning `slot` (it lands at once when its card is known already)."""
        self.awaiting[slot] = (seat, kind, index)
        return [self._land(slot)] if slot in self.known else []

    def _settle(self) -> list[Event]:
        """Tidy the layouts; end a game someone played out; when nobody can do anything, turn stock cards."""
        events: list[Event] = []
        while self.order is None:
            step = self._tidy()
            if step is not None:
                events += step
                continue
            out = [seat for seat in range(PLAYERS) if self.cards_left(seat) == 0]
            if out:
                return events + self._end((out[0], 1 - out[0]), _("played out every card"))
            if self.awaiting or any(self.may_slap(s) or self.plays_for(s) for s in range(PLAYERS)):
                break
            turning = tuple(s for s in range(PLAYERS) if self.stock[s])
            if not turning:
                return events + self._by_cards(_("nobody can play and no stock is left: fewest cards left wins"))
            events.append(Stuck(turning))
            for seat in turning:
                events += self._turn(seat, self.stock[seat].pop(), _TO_PILE, seat)
        return events

    def _tidy(self) -> list[Event] | None:
        """One step of tidying some layout, with its events (None: every layout is tidy)."""
        for seat in range(PLAYERS):
            stacks, up = self.stacks[seat], self.up[seat]
            main = range(4 if self.rules.chinese else _ASIDE)
            for i in main:  # a face-down top is turned
                if stacks[i] and not up[i] and stacks[i][-1] not in self.awaiting:
                    return self._turn(seat, stacks[i][-1], _TO_STACK, i)
            if not self.rules.chinese:
                for i in main:  # jokers (and kings) to the sixth stack
                    if up[i] and self.rank_of(stacks[i][-1]) in self._aside_ranks():
                        stacks[_ASIDE].append(stacks[i].pop())
                        up[i] -= 1
                        up[_ASIDE] += 1
                        return [Moved(seat, i, _ASIDE, 1)]
            tops = [self.rank_of(stacks[i][-1]) if up[i] else None for i in main]
            for j in main:  # equal tops merge onto the leftmost
                i = tops.index(tops[j])
                if tops[j] is not None and i < j:
                    return [self._move_run(seat, j, i)]
            for e in main:  # an empty stack is filled
                if stacks[e]:
                    continue
                if self.rules.chinese:
                    if self.stock[seat]:
                        stacks[e].append(self.stock[seat].pop())
                        return [Moved(seat, -1, e, 1)]
                    continue
                source = next((k for k in main if up[k] and len(stacks[k]) > up[k]), None)
                if source is not None:
                    return [self._move_run(seat, source, e)]
        return None

    def _aside_ranks(self) -> tuple[int, ...]:
        return (JOKER, 13) if self.rules.kings else (JOKER,)

    def _move_run(self, seat: int, source: int, target: int) -> Moved:
        stacks, up = self.stacks[seat], self.up[seat]
        count = up[source]
        stacks[target] += stacks[source][-count:]
        del stacks[source][-count:]
        up[target] += count
        up[source] = 0
        return Moved(seat, source, target, count)

    def _slap(self, seat: int, pile: int) -> list[Event]:
        """`seat` takes `pile` under its stock; the other takes the other pile and its layout under its own;
        a new round is laid out (or the game ends at the round limit)."""
        other = 1 - seat
        taken, given = self.piles[pile], self.piles[1 - pile]
        remnants = [slot for stack in self.stacks[other] for slot in stack]
        self._ground()
        self.stock[seat] = taken + self.stock[seat]
        self.stock[other] = given + remnants + self.stock[other]
        self.stacks = [[[] for _ in range(self.rules.stacks)] for _ in range(PLAYERS)]
        self.up = [[0] * self.rules.stacks for _ in range(PLAYERS)]
        self.piles = [[], []]
        self.round += 1
        events: list[Event] = [Slapped(seat, pile, len(taken), len(given) + len(remnants))]
        if self.round >= self.rules.rounds:
            return events + self._by_cards(ngettext("{count} round was played: fewest cards left wins",
                                                    "{count} rounds were played: fewest cards left wins",
                                                    self.rules.rounds).format(count=self.rules.rounds))
        return events + self._deal()

    def _by_cards(self, why: str) -> list[Event]:
        """End the game: fewest cards left first; then most cards played; then seat order."""
        order = tuple(sorted(range(PLAYERS), key=lambda s: (self.cards_left(s), -self.plays[s], s)))
        return self._end(order, why)

    def _end(self, order: tuple[int, ...], why: str) -> list[Event]:
        self.order, self.why = order, why
        self._ground()
        return [Finished(order, why)]

    def _ground(self) -> None:
        """Stop every turn under way: a stock card on its way to a pile goes back on its owner's stock."""
        for slot, (owner, kind, _index) in self.awaiting.items():
            if kind == _TO_PILE:
                self.stock[owner].append(slot)
        self.awaiting.clear()
