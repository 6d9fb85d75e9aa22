"""Property tests (hypothesis) over every preset, random rulesets and 2-11 players.

Invariants checked after every push: the zones partition the slots (no card created or lost);
every generated move is legal and random moves that are not generated are illegal; push/pop
restores the exact position; positions and moves round-trip through notation; a player's view
knows only public cards and that player's hand; every game ends within a bounded move count.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, given, settings
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

from .helpers import partition_ok

MOVE_LIMIT = 20_000
FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])

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
        three=st.sampled_from(list(Three)),
        seven=st.sampled_from(list(Seven)),
        eight=st.sampled_from(list(Eight)),
        nine=st.sampled_from(list(Nine)),
        five=st.sampled_from(list(Five)),
        joker=st.sampled_from(list(JokerRule)),
    ),
)


def deal(rules: Ruleset, players: int, seed: int) -> tuple[Game, random.Random]:
    rng = random.Random(seed)
    try:
        size = Game(rules, players, 0).size
    except ValueError:
        assume(False)
    order = list(range(size))
    rng.shuffle(order)
    return Game.deal_known(rules, players, rng.randrange(players), order), rng


def choose(game: Game, legal: list[Move], rng: random.Random) -> Move:
    """A random legal move; pick-ups only when nothing else is legal, ready soon in the swap phase."""
    if game.phase is Phase.SWAP:
        ready = [m for m in legal if isinstance(m, Ready)]
        if ready and rng.random() < 0.6:
            return rng.choice(ready)
    plays = [m for m in legal if not isinstance(m, PickUp)]
    return rng.choice(plays or legal)


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
            out.append(rng.choice([Place(p, rng.choice(mine)), Ready(p)]))
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
    if deep:
        assert set(legal) == {m for p in range(game.players) for m in game.moves_for(p)}
        text = game.to_text()
        assert Game.from_text(text, game.rules).to_text() == text
        for p in range(game.players):
            view = game.view(p)
            allowed = set(game.public) | set(game.hand(p))
            assert set(view.known) <= allowed
            assert view.to_text().count("~") == sum(1 for x in game.hand(p) if x not in game.public)


def run(game: Game, rng: random.Random, deep_every: int, limit: int = MOVE_LIMIT, must_end: bool = True) -> int:
    for step in range(limit):
        if game.is_over():
            assert not list(game.legal_moves)
            out = game.outcome()
            assert out is not None
            assert sorted(out.order) == list(range(game.players)) or game.rules.end is End.FIRST_OUT
            return step
        legal = list(game.legal_moves)
        assert legal, game.to_text()
        check_position(game, legal, rng, deep=step % deep_every == 0)
        m = choose(game, legal, rng)
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


@FAST
@given(rules=st.sampled_from(sorted(PRESETS)), players=st.integers(2, 11), seed=st.integers(0, 2**32))
def test_presets_random_games(rules: str, players: int, seed: int) -> None:
    game, rng = deal(PRESETS[rules], players, seed)
    run(game, rng, deep_every=7)


@FAST
@given(rules=rulesets, players=st.integers(2, 7), seed=st.integers(0, 2**32))
def test_random_rulesets_random_games(rules: Ruleset, players: int, seed: int) -> None:
    """Invariants only: a random ruleset may never end (no tens left and `four_burns` off)."""
    game, rng = deal(rules, players, seed)
    run(game, rng, deep_every=11, limit=1500, must_end=False)


@settings(max_examples=30, deadline=None)
@given(rules=rulesets, players=st.integers(2, 11), seed=st.integers(0, 2**32), steps=st.integers(0, 120))
def test_push_pop_restores_from_the_start(rules: Ruleset, players: int, seed: int, steps: int) -> None:
    """Push a random line of moves, pop them all: the deal comes back exactly."""
    game, rng = deal(rules, players, seed)
    start = game.to_text()
    pushed = 0
    for _ in range(steps):
        legal = list(game.legal_moves)
        if not legal:
            break
        game.push(choose(game, legal, rng))
        pushed += 1
    assert len(game.move_stack) == pushed
    copy = game.copy()
    for _ in range(pushed):
        game.pop()
    assert game.to_text() == start
    assert copy.move_stack and copy.to_text() != start or pushed == 0 or copy.to_text() == start


@settings(max_examples=25, deadline=None)
@given(rules=rulesets, players=st.integers(2, 8), seed=st.integers(0, 2**32), steps=st.integers(0, 150))
def test_views_and_copies_stand_still(rules: Ruleset, players: int, seed: int, steps: int) -> None:
    """Views and copies share the game's state, which is never changed in place: the game's moves
    and undos do not move them, nor do moves pushed on a copy move the game."""
    game, rng = deal(rules, players, seed)
    taken: list[tuple[Game, str]] = []
    for _ in range(steps):
        legal = list(game.legal_moves)
        if not legal:
            break
        if rng.random() < 0.2:
            other = game.view(rng.randrange(players)) if rng.random() < 0.5 else game.copy()
            taken.append((other, other.to_text()))
        if rng.random() < 0.1:
            twin, before = game.copy(), game.to_text()
            twin.push(choose(twin, list(twin.legal_moves), rng))
            assert game.to_text() == before
        game.push(choose(game, legal, rng))
        if rng.random() < 0.2:
            game.pop()
    for other, text in taken:
        assert other.to_text() == text


@settings(max_examples=25, deadline=None)
@given(rules=rulesets, players=st.integers(2, 8), seed=st.integers(0, 2**32), steps=st.integers(0, 300))
def test_peers_follow_the_game_on_their_views(rules: Ruleset, players: int, seed: int, steps: int) -> None:
    """Every peer judges every move on its own view (RULES.md section 9), given only the reveals a
    deck protocol makes: the cards a move shows, and each player's own draws. No peer may refuse
    a move the full game accepted, and each ends where `game.view(p)` says."""
    game, rng = deal(rules, players, seed)
    peers = [game.view(p) for p in range(players)]
    for _ in range(steps):
        legal = list(game.legal_moves)
        if not legal:
            break
        m = choose(game, legal, rng)
        shown = list(_shown(m))
        game.push(m)
        for p, peer in enumerate(peers):
            for slot in shown:
                peer.reveal(slot, game.card(slot))
            peer.push(m)
            for slot in game.hand(p):
                peer.reveal(slot, game.card(slot))
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


@settings(max_examples=6, deadline=None)
@given(players=st.integers(2, 7), seed=st.integers(0, 2**32))
def test_french_series_with_card_exchange(players: int, seed: int) -> None:
    """Game two of a series: the Shithead deals, gives their best card, the Masta gives one back."""
    rules = PRESETS["french"]
    first, rng = deal(rules, players, seed)
    run(first, rng, deep_every=13)
    previous = first.outcome()
    assert previous is not None
    order = list(range(first.size))
    rng.shuffle(order)
    game = Game.deal_known(rules, players, previous.next_dealer, order)
    game.begin_exchange(previous)
    hands = sorted(len(game.hand(p)) for p in range(players))
    run(game, rng, deep_every=13)
    assert game.move_stack[0] == Give(previous.order[-1], game.move_stack[0].slot)
    assert isinstance(game.move_stack[1], Give) and game.move_stack[1].player == previous.order[0]
    assert hands == [rules.hand_size] * players
