"""A second engine, written from RULES.md alone, plays every game beside ours (a peer's engine).

`Reference` knows the classic rules (sections 2-4 and 6), the `pagat` preset's plain 3, 7 and 8
(section 7) and the switches of turns and pick-ups (`hand_size`, `face_up`, `face_down`,
`pickup_voluntary`, `pickup_returns`, `faceup_pickup`, `end`, `four_burns`), in plain Python over
card ranks, sharing no code with `p2pshithead.engine` but the `Game` it watches. At every move of a
random game it checks that both engines offer the same moves (a play as its set of cards: the order
only decides the top card) and, once a move is pushed (a play in a random order of its cards), that
the position our engine reached is the one RULES.md gives. So every move either engine accepts is
legal to the other, the burns, skips, refills, pick-ups, flips, finishes and the Shithead agree, and
the game ends.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import given
from hypothesis import strategies as st

from p2pshithead.engine import (
    Eight,
    End,
    FaceupPickup,
    Flip,
    Game,
    Move,
    Phase,
    PickUp,
    Play,
    Ruleset,
    Seven,
    Show,
    Three,
    preset,
)

from ..profiles import examples

TWO, THREE, SEVEN, EIGHT, TEN = 2, 3, 7, 8, 10
POWER = {TWO, THREE, TEN}  # section 1: outside the order, played on anything (a plain 3 is not)
MOVE_LIMIT = 3_000


@dataclass
class Seat:
    hand: set[int] = field(default_factory=set)
    up: set[int] = field(default_factory=set)
    down: set[int] = field(default_factory=set)


@dataclass
class Reference:
    """The play phase of RULES.md over slots whose ranks are `rank[slot]`."""

    rules: Ruleset
    rank: dict[int, int]
    seats: list[Seat]
    stock: list[int]  # next draw first
    pile: list[int]
    burned: set[int]
    turn: int
    out: list[int]
    last: int | None = None  # who played last onto the pile (pickup_returns)
    over: bool = False

    @property
    def mirror(self) -> bool:
        return self.rules.three is Three.MIRROR

    def power(self, r: int) -> bool:
        return r in (TWO, TEN) or (r == THREE and self.mirror)

    @classmethod
    def watch(cls, game: Game) -> Reference:
        """The reference position of `game` (all cards known, in the play phase)."""
        seats = [Seat(set(game.hand(p)), set(game.face_up(p)), set(game.face_down(p))) for p in range(game.players)]
        rank = {slot: int(card.rank) for slot, card in game.known.items()}
        return cls(game.rules, rank, seats, list(game.stock), list(game.pile), set(game.burned), game.turn,
                   list(game.finished))

    # -- section 3 and 4: what may be played -------------------------------------------------

    def top(self) -> int | None:
        """The effective top: a 3 takes the rank beneath it; only 3s (or nothing) act as a 2."""
        for slot in reversed(self.pile):
            if self.rank[slot] != THREE or not self.mirror:
                return self.rank[slot]
        return None

    def fits(self, slot: int) -> bool:
        r, top = self.rank[slot], self.top()
        if top is None or top == TWO or self.power(r):
            return True
        if top == SEVEN and self.rules.seven is Seven.UNDER:
            return r <= SEVEN
        return r >= top

    def plays(self, p: int) -> set[frozenset[int]]:
        seat = self.seats[p]
        zone = seat.hand or seat.up
        found: set[frozenset[int]] = set()
        for r in {self.rank[x] for x in zone}:
            cards = sorted(x for x in zone if self.rank[x] == r)
            if not self.fits(cards[0]):
                continue
            for mask in range(1, 1 << len(cards)):
                found.add(frozenset(c for i, c in enumerate(cards) if mask >> i & 1))
        ranks = {self.rank[x] for x in seat.hand}
        if seat.hand and not self.stock and len(ranks) == 1 and self.fits(min(seat.hand)):
            # section 6: the last hand card(s) may take face-up cards of their rank along
            same = sorted(u for u in seat.up if self.rank[u] in ranks)
            for mask in range(1, 1 << len(same)):
                found.add(frozenset(seat.hand) | {u for i, u in enumerate(same) if mask >> i & 1})
        return found

    def moves(self) -> set[tuple[str, object]]:
        if self.over:
            return set()
        p, seat = self.turn, self.seats[self.turn]
        if not (seat.hand or seat.up):
            return {("flip", slot) for slot in seat.down}
        plays = self.plays(p)
        found: set[tuple[str, object]] = {("play", cards) for cards in plays}
        if not self.pile or (plays and not self.rules.pickup_voluntary):
            return found
        if seat.hand:
            found.add(("pick", None))
            return found
        stuck = not plays
        rule = self.rules.faceup_pickup
        if rule is FaceupPickup.ALWAYS_WITH_CARD or (stuck and rule is FaceupPickup.WITH_CARD):
            found |= {("pick", u) for u in seat.up}
        else:
            found.add(("pick", None))
        return found

    # -- applying ----------------------------------------------------------------------------

    def next_in(self, p: int, steps: int = 1) -> int:
        n = len(self.seats)
        for _ in range(steps):
            p = (p + 1) % n
            while p in self.out:
                p = (p + 1) % n
        return p

    def play(self, p: int, slots: list[int]) -> None:
        seat = self.seats[p]
        for x in slots:
            (seat.hand if x in seat.hand else seat.up).discard(x)
            self.pile.append(x)
        while len(seat.hand) < self.rules.hand_size and self.stock:
            seat.hand.add(self.stock.pop(0))
        self.last = p
        plain = [self.rank[x] for x in self.pile if self.rank[x] != THREE or not self.mirror]
        tops = [self.rank[x] for x in self.pile[-4:]]
        burn = TEN in {self.rank[x] for x in slots} or (self.rules.four_burns and (
            len(slots) == 4 or (len(plain) >= 4 and len(set(plain[-4:])) == 1 and self.rank[slots[-1]] == plain[-1])
            or (len(tops) == 4 and set(tops) == {THREE})))  # docs/rules.md: four mirrors on top burn too
        if not (seat.hand or seat.up or seat.down):
            self.out.append(p)
            if self.rules.end is End.FIRST_OUT or len(self.seats) - len(self.out) < 2:
                self.finish()
                return
        if burn:
            self.burned |= set(self.pile)
            self.pile = []
            self.turn = p if p not in self.out else self.next_in(p)
            return
        skips = sum(1 for x in slots if self.rank[x] == EIGHT) if self.rules.eight is Eight.SKIP else 0
        self.turn = self.next_in(p, 1 + skips)

    def pick(self, p: int, up: int | None) -> None:
        seat = self.seats[p]
        if up is not None:
            seat.up.discard(up)
            seat.hand.add(up)
        seat.hand |= set(self.pile)
        self.pile = []
        leader = self.last if self.rules.pickup_returns else None
        self.last = None
        self.turn = leader if leader is not None and leader != p and leader not in self.out else self.next_in(p)

    def flip(self, p: int, slot: int) -> None:
        self.seats[p].down.discard(slot)
        self.seats[p].hand.add(slot)  # played from the hand if it fits, else taken with the pile
        if self.fits(slot):
            self.play(p, [slot])
        else:
            self.pick(p, None)

    def finish(self) -> None:
        if self.rules.end is End.LAST_STANDING:
            self.out += [q for q in range(len(self.seats)) if q not in self.out]
        self.over = True

    def push(self, move: Move) -> None:
        if isinstance(move, Play):
            self.play(move.player, list(move.slots))
        elif isinstance(move, PickUp):
            self.pick(move.player, move.up)
        else:
            assert isinstance(move, Flip)
            self.flip(move.player, move.slot)

    def matches(self, game: Game) -> None:
        """Our engine's position is this one."""
        if self.over:
            assert game.is_over()
            outcome = game.outcome()
            assert outcome is not None and list(outcome.order) == self.out
            return
        assert game.phase is Phase.PLAY
        for p, seat in enumerate(self.seats):
            assert (set(game.hand(p)), set(game.face_up(p)), set(game.face_down(p))) == (seat.hand, seat.up, seat.down)
        assert (list(game.stock), list(game.pile), set(game.burned)) == (self.stock, self.pile, self.burned)
        assert (game.turn, list(game.finished)) == (self.turn, self.out)


def offered(game: Game) -> set[tuple[str, object]]:
    found: set[tuple[str, object]] = set()
    for m in game.legal_moves:
        if isinstance(m, Play):
            assert m.target is None
            found.add(("play", frozenset(m.slots)))
        elif isinstance(m, PickUp):
            found.add(("pick", m.up))
        else:
            assert isinstance(m, Flip), m
            found.add(("flip", m.slot))
    return found


def strength(game: Game, move: Move) -> int:
    """How much a move gives away: a power card most, then by rank (flips count as nothing)."""
    if not isinstance(move, Play):
        return 0
    card = game.card(move.slots[0])
    assert card is not None
    return int(card.rank) + (20 if int(card.rank) in POWER else 0)


def leader(game: Game) -> int:
    """Section 2, `lowest_shown`: the lowest rank in the order shown (2, 10 and a mirror 3 do not count), ties
    to the earliest seat after the dealer; nobody: the player left of the dealer."""
    power = POWER if game.rules.three is Three.MIRROR else POWER - {THREE}
    shown = [(int(c.rank), i, p) for i, (p, slot) in enumerate(shows(game)) if slot is not None
             and (c := game.card(slot)) is not None and int(c.rank) not in power]
    return min(shown)[2] if shown else (game.dealer + 1) % game.players


def shows(game: Game) -> list[tuple[int, int | None]]:
    return [(m.player, m.slot) for m in game.move_stack if isinstance(m, Show)]


def setup(game: Game, rng: random.Random) -> None:
    """Random swaps, readies and shows until the play phase; checks who leads."""
    while game.phase in (Phase.SWAP, Phase.SHOW):
        legal = list(game.legal_moves)
        game.push(rng.choice(legal))
    if game.rules.start.value == "lowest_shown":
        assert game.turn == leader(game)
    else:
        assert game.turn == (game.dealer + 1) % game.players


def play_beside(game: Game, rng: random.Random) -> None:
    """Play `game` to its end with the reference beside it, checking both at every move."""
    setup(game, rng)
    ref = Reference.watch(game)
    for _ in range(MOVE_LIMIT):
        ref.matches(game)
        if ref.over:
            return
        expected, got = ref.moves(), offered(game)
        assert got == expected, f"{game.to_text()}\nonly ours: {got - expected}\nonly RULES.md: {expected - got}"
        legal = sorted(game.legal_moves, key=lambda m: m.text())
        plays = [m for m in legal if not isinstance(m, PickUp)]
        move: Move
        if plays and rng.random() < 0.8:  # mostly the lowest play, as players do, so that games end
            move = min(plays, key=lambda m: (strength(game, m), rng.random()))
        else:
            move = rng.choice(plays if plays and rng.random() > 0.05 else legal)  # a pick-up by choice now and then
        if isinstance(move, Play):
            move = Play(move.player, tuple(rng.sample(move.slots, len(move.slots))))  # any order is legal
        game.push(move)
        ref.push(move)
    raise AssertionError(f"no end after {MOVE_LIMIT} moves")


switches = st.builds(
    Ruleset,
    name=st.just("reference"),
    face_down=st.integers(1, 4),
    face_up=st.integers(1, 4),
    hand_size=st.integers(1, 4),
    pickup_voluntary=st.booleans(),
    pickup_returns=st.booleans(),
    faceup_pickup=st.sampled_from(list(FaceupPickup)),
    end=st.sampled_from(list(End)),
    four_burns=st.booleans(),
    three=st.sampled_from([Three.MIRROR, Three.PLAIN]),
    seven=st.sampled_from([Seven.UNDER, Seven.PLAIN]),
    eight=st.sampled_from([Eight.SKIP, Eight.PLAIN]),
)


@examples(60)
@given(name=st.sampled_from(["classic", "pagat"]), players=st.integers(2, 5), dealer=st.integers(0, 4),
       seed=st.integers(0, 2**32))
def test_preset_games_agree_with_rules_md(name: str, players: int, dealer: int, seed: int) -> None:
    """RULES.md 2-4 and 6 (classic), 7 and 8 (pagat), 2 to 5 players (one pack)."""
    rng = random.Random(seed)
    game = Game.deal_known(preset(name), players, dealer % players, rng.sample(range(52), 52))
    play_beside(game, rng)


@examples(60)
@given(rules=switches, players=st.integers(2, 5), seed=st.integers(0, 2**32))
def test_switches_agree_with_rules_md(rules: Ruleset, players: int, seed: int) -> None:
    """RULES.md 3 and 6 switches: hand and row sizes, pick-ups, the end, four of a kind; plain 3, 7, 8 (7)."""
    rng = random.Random(seed)
    try:
        game = Game.deal_known(rules, players, 0, rng.sample(range(52), 52))
    except ValueError:
        return  # more cards than one pack holds
    play_beside(game, rng)
