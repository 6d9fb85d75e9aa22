"""Property tests (hypothesis) over every preset, random rulesets and 2-11 players.

Invariants checked after every push: the zones partition the slots (no card created or lost);
every generated move is legal and random moves that are not generated are illegal; push/pop
restores the exact position; positions and moves round-trip through notation; a player's view
knows only public cards and that player's hand; every game ends within a bounded move count; players
who leave at drawn moments rank last, the first to leave lowest, and the others play on.

Games are drawn from hypothesis data, not from a seed: the deal is a drawn permutation and each
move a drawn choice among the legal moves (`Line`), so a failure shrinks to a short game with early
choices, printed move by move. Only the probes (which legal moves are re-checked, which wrong moves
are tried) come from a seeded `random.Random`, itself drawn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from hypothesis import assume, given
from hypothesis import strategies as st

from p2pshithead.engine import (
    PRESETS,
    Eight,
    End,
    FaceupPickup,
    Five,
    Flip,
    Game,
    Give,
    JokerRule,
    Leave,
    Move,
    Nine,
    Phase,
    PickUp,
    Place,
    Play,
    Ready,
    Ruleset,
    Seven,
    Show,
    Start,
    Swap,
    Three,
    move_from_text,
)

from ..profiles import examples
from .helpers import partition_ok

MOVE_LIMIT = 20_000
T = TypeVar("T")


rulesets = st.one_of(
    st.sampled_from(sorted(PRESETS.values(), key=lambda r: r.name)),
    st.builds(
        Ruleset,
        name=st.just("random"),
        jokers=st.sampled_from([0, 2]),
        face_down=st.integers(1, 4),
        face_up=st.integers(1, 4),
        hand_size=st.integers(1, 4),
        swap=st.booleans(),
        deal_six=st.booleans(),
        start=st.sampled_from(list(Start)),
        pickup_voluntary=st.booleans(),
        pickup_returns=st.booleans(),
        faceup_pickup=st.sampled_from(list(FaceupPickup)),
        end=st.sampled_from(list(End)),
        four_burns=st.booleans(),
        interrupt=st.booleans(),
        turbo=st.booleans(),
        ace_gives_pile=st.booleans(),
        stack_faceup=st.booleans(),
        ten_not_on_faces=st.booleans(),
        ten_not_on_eight=st.booleans(),
        pickup_goes_back=st.booleans(),
        runs=st.booleans(),
        three=st.sampled_from(list(Three)),
        seven=st.sampled_from(list(Seven)),
        eight=st.sampled_from(list(Eight)),
        nine=st.sampled_from(list(Nine)),
        five=st.sampled_from(list(Five)),
        joker=st.sampled_from(list(JokerRule)),
    ),
)


probes = st.randoms(use_true_random=True)


@st.composite
def deals(draw: st.DrawFn, rules: st.SearchStrategy[Ruleset], players: st.SearchStrategy[int]) -> Game:
    """A game dealt from a drawn permutation of the deck by a drawn dealer (shrinks to a sorted deck)."""
    ruleset, n = draw(rules), draw(players)
    try:
        size = Game(ruleset, n, 0).size
    except ValueError:
        assume(False)  # too many players for these decks
    return Game.deal_known(ruleset, n, draw(st.integers(0, n - 1)), draw(st.permutations(range(size))))


class Line:
    """The moves of a game drawn one by one from hypothesis data: a failing game shrinks to fewer
    moves and to earlier choices, and the failure report prints each drawn move."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def pick(self, options: Sequence[T], label: str) -> T:
        return options[0] if len(options) == 1 else self.data.draw(st.sampled_from(options), label)

    def choose(self, game: Game, legal: list[Move]) -> Move:
        """A legal move; pick-ups only when nothing else is legal; in the swap phase a drawn
        "keep swapping?" that shrinks to ready."""
        if game.phase is Phase.SWAP:
            ready = [m for m in legal if isinstance(m, Ready)]
            if ready and not self.data.draw(st.booleans(), "keep swapping"):
                return self.pick(ready, "move")
        plays = [m for m in legal if not isinstance(m, PickUp)]
        return self.pick(plays or legal, "move")

    def push(self, game: Game) -> Move | None:
        """Push a drawn legal move; None once no move is legal."""
        legal = list(game.legal_moves)
        if not legal:
            return None
        move = self.choose(game, legal)
        game.push(move)
        return move


def mutants(game: Game, rng: random.Random, count: int) -> list[Move]:
    """Random well-formed moves naming the slots of a random player."""
    out: list[Move] = []
    n = game.players
    for _ in range(count):
        p = rng.randrange(n + 1) if rng.random() < 0.05 else rng.randrange(n)
        q = min(p, n - 1)
        mine = [*game.hand(q), *game.face_up(q), *game.face_down(q)] or list(game.pile) or [0]
        target = rng.choice([None, None, rng.randrange(n + 1)])
        k = rng.randint(1, min(4, len(mine)))
        kind = rng.randrange(8)
        if kind <= 1:
            out.append(Play(p, tuple(rng.sample(mine, k)), target))
        elif kind == 2:
            out.append(PickUp(p, rng.choice([None, rng.choice(mine)])))
        elif kind == 3:
            out.append(Flip(p, rng.choice(mine)))
        elif kind == 4:
            out.append(Swap(p, rng.choice(mine), rng.choice(mine)))
        elif kind == 5:
            out.append(Place(p, rng.choice(mine)) if rng.random() < 0.5 else Ready(p))
        elif kind == 6:
            out.append(Show(p, rng.choice([None, rng.choice(mine)])))
        else:
            out.append(Give(p, rng.choice(mine)))
    return out


def _unordered(move: Move) -> object:
    return (move.player, frozenset(move.slots), move.target) if isinstance(move, Play) else move


def check_position(game: Game, legal: list[Move], rng: random.Random, deep: bool) -> None:
    assert partition_ok(game)
    legal_set = set(legal)
    assert len(legal_set) == len(legal), "a move generated twice"
    for m in legal if deep else rng.sample(legal, min(4, len(legal))):
        assert game.is_legal(m), m
        assert move_from_text(m.text()) == m
    awaited = set(game.awaited())
    assert {m.player for m in legal} <= awaited
    unordered = {_unordered(m) for m in legal}
    for m in mutants(game, rng, 16 if deep else 3):
        # legal_moves names each set of cards once; any order of the same cards is legal too
        assert game.is_legal(m) == (_unordered(m) in unordered), m
    for p in range(game.players):  # a Leave: legal for a player still in, never listed
        assert game.is_legal(Leave(p)) == (p in game.active()) and Leave(p) not in game.legal_moves
    if deep:
        assert set(legal) == {m for p in range(game.players) for m in game.moves_for(p)}
        text = game.to_text()
        assert Game.from_text(text, game.rules).to_text() == text
        for p in range(game.players):
            view = game.view(p)
            allowed = set(game.public) | set(game.hand(p))
            assert set(view.known) <= allowed
            assert view.to_text().count("~") == sum(1 for x in game.hand(p) if x not in game.public)


def run(game: Game, line: Line, probe: random.Random, deep_every: int, limit: int = MOVE_LIMIT,
        must_end: bool = True) -> int:
    for step in range(limit):
        if game.is_over():
            assert not list(game.legal_moves)
            out = game.outcome()
            assert out is not None
            assert sorted(out.order) == list(range(game.players)) or game.rules.end is End.FIRST_OUT
            return step
        legal = list(game.legal_moves)
        assert legal, game.to_text()
        check_position(game, legal, probe, deep=step % deep_every == 0)
        m = line.choose(game, legal)
        before = game.to_text()
        game.push(m)
        assert partition_ok(game)
        if step % deep_every == 0:
            after = game.to_text()
            assert game.pop() == m
            assert game.to_text() == before
            game.push(m)
            assert game.to_text() == after
    assert not must_end, f"no end after {limit} moves"
    return limit


@examples(12)
@given(game=deals(st.sampled_from(sorted(PRESETS.values(), key=lambda r: r.name)), st.integers(2, 11)),
       data=st.data(), probe=probes)
def test_presets_random_games(game: Game, data: st.DataObject, probe: random.Random) -> None:
    run(game, Line(data), probe, deep_every=7)


@examples(12)
@given(game=deals(rulesets, st.integers(2, 7)), data=st.data(), probe=probes)
def test_random_rulesets_random_games(game: Game, data: st.DataObject, probe: random.Random) -> None:
    """Invariants only: a random ruleset may never end (no tens left and `four_burns` off)."""
    run(game, Line(data), probe, deep_every=11, limit=1500, must_end=False)


@examples(30)
@given(game=deals(rulesets, st.integers(2, 11)), data=st.data(), steps=st.integers(0, 120))
def test_push_pop_restores_from_the_start(game: Game, data: st.DataObject, steps: int) -> None:
    """Push a line of moves, pop them all: the deal comes back exactly, the moves come off in
    reverse order, and a copy taken at the end keeps the whole line."""
    start, line = game.to_text(), Line(data)
    pushed = [m for m in (line.push(game) for _ in range(steps)) if m is not None]
    assert list(game.move_stack) == pushed
    end, copy = game.to_text(), game.copy()
    popped = [game.pop() for _ in pushed]
    assert popped == pushed[::-1]
    assert game.to_text() == start and not game.move_stack
    assert list(copy.move_stack) == pushed and copy.to_text() == end


KEEPS = ("nothing", "nothing", "nothing", "a view", "a copy", "a twin's move", "an undo")


@examples(25)
@given(game=deals(rulesets, st.integers(2, 8)), data=st.data(), steps=st.integers(0, 150))
def test_views_and_copies_stand_still(game: Game, data: st.DataObject, steps: int) -> None:
    """Views and copies share the game's state, copied on write: the game's moves and undos (made
    in place) do not move them, nor do moves pushed on a copy move the game."""
    line = Line(data)
    taken: list[tuple[Game, str]] = []
    for _ in range(steps):
        if not game.legal_moves:
            break
        keep = data.draw(st.sampled_from(KEEPS), "then")
        if keep == "a view":
            other = game.view(data.draw(st.integers(0, game.players - 1), "viewer"))
            taken.append((other, other.to_text()))
        elif keep == "a copy":
            other = game.copy()
            taken.append((other, other.to_text()))
        elif keep == "a twin's move":
            twin, before = game.copy(), game.to_text()
            line.push(twin)
            assert game.to_text() == before
        line.push(game)
        if keep == "an undo":
            game.pop()
    for other, text in taken:
        assert other.to_text() == text


@examples(25)
@given(game=deals(rulesets, st.integers(2, 8)), data=st.data(), steps=st.integers(0, 300))
def test_peers_follow_the_game_on_their_views(game: Game, data: st.DataObject, steps: int) -> None:
    """Every peer judges every move on its own view (RULES.md section 9), given only the reveals a
    deck protocol makes: the cards a move shows, and each player's own draws. No peer may refuse
    a move the full game accepted, and each ends where `game.view(p)` says."""
    line = Line(data)
    peers = [game.view(p) for p in range(game.players)]
    for _ in range(steps):
        legal = list(game.legal_moves)
        if not legal:
            break
        m = line.choose(game, legal)
        shown = list(_shown(m))
        game.push(m)
        known = game.known
        for p, peer in enumerate(peers):
            for slot in shown:
                peer.reveal(slot, known[slot])
            peer.push(m)
            for slot in game.hand(p):
                peer.reveal(slot, known[slot])
            assert peer.to_text() == game.view(p).to_text()


def _shown(move: Move) -> tuple[int, ...]:
    if isinstance(move, Play):
        return move.slots
    if isinstance(move, Flip):
        return (move.slot,)
    if isinstance(move, (Swap, Place)):
        return (move.hand,)
    if isinstance(move, Show) and move.slot is not None:
        return (move.slot,)
    return ()


@examples(6)
@given(first=deals(st.just(PRESETS["french"]), st.integers(2, 7)), data=st.data(), probe=probes)
def test_french_series_with_card_exchange(first: Game, data: st.DataObject, probe: random.Random) -> None:
    """Game two of a series: the Shithead deals, gives their best card, the Masta gives one back."""
    rules, players, line = first.rules, first.players, Line(data)
    run(first, line, probe, deep_every=13)
    previous = first.outcome()
    assert previous is not None
    order = data.draw(st.permutations(range(first.size)), "second deck")
    game = Game.deal_known(rules, players, previous.next_dealer, order)
    game.begin_exchange(previous)
    hands = sorted(len(game.hand(p)) for p in range(players))
    run(game, line, probe, deep_every=13)
    give, back = game.move_stack[:2]
    assert isinstance(give, Give) and give.player == previous.order[-1]
    assert isinstance(back, Give) and back.player == previous.order[0]
    assert hands == [rules.hand_size] * players


@examples(15)
@given(game=deals(st.sampled_from(sorted(PRESETS.values(), key=lambda r: r.name)), st.integers(2, 8)),
       data=st.data(), probe=probes)
def test_games_with_leavers(game: Game, data: st.DataObject, probe: random.Random) -> None:
    """Players leave at drawn moments (swap, show or play): every invariant holds, views follow, the
    others play to the end, and the leavers rank last in reverse order of leaving."""
    line, left = Line(data), []
    peers = [game.view(p) for p in range(game.players)]
    for step in range(MOVE_LIMIT):
        if game.is_over():
            break
        legal = list(game.legal_moves)
        check_position(game, legal, probe, deep=step % 5 == 0)
        if data.draw(st.integers(0, 40), "leave?") == 0:
            m: Move = Leave(data.draw(st.sampled_from(game.active()), "leaver"))
            left.append(m.player)
        else:
            m = line.choose(game, legal)
        before = game.to_text()
        game.push(m)
        assert partition_ok(game)
        after = game.to_text()
        assert Game.from_text(after, game.rules).to_text() == after
        assert game.pop() == m and game.to_text() == before
        game.push(m)
        known = game.known
        for p, peer in enumerate(peers):
            for slot in _shown(m):
                peer.reveal(slot, known[slot])
            peer.push(m)
            for slot in game.hand(p):
                peer.reveal(slot, known[slot])
            if p not in left:  # a leaver still knows the hand it took away; nobody else does
                assert peer.to_text() == game.view(p).to_text()
                assert not set(peer.known) & (set(game.gone) - game.public)
    out = game.outcome()
    assert out is not None and game.left == tuple(left)
    if game.rules.end is End.LAST_STANDING:
        assert sorted(out.order) == list(range(game.players))
        assert out.order[len(out.order) - len(left):] == tuple(reversed(left))
