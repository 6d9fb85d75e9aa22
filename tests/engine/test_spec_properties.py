"""Invariants of random legal games under every preset (RULES.md 1, 3, 9), with 2 to 11 players.

At every step: the deck's cards are all there, once each (RULES.md 1: 52 cards a pack); each move
`legal_moves` offers is accepted by `push` and round-trips through notation (`text`/`move_from_text`,
and the short notation a person types); a move it does not offer (a slot or player changed, a card
of another zone) is refused with the engine's typed error (`IllegalMoveError` or `InvalidMoveError`)
and changes nothing; and every game ends.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from p2pshithead.engine import (
    PRESETS,
    Flip,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    PickUp,
    Place,
    Play,
    Ready,
    Ruleset,
    Show,
    Swap,
    card_at,
    move_from_text,
)

from ..profiles import examples
from .helpers import partition_ok

MOVE_LIMIT = 4_000


def deck(game: Game) -> Counter[str]:
    return Counter(card_at(i, game.decks, game.rules.jokers).text() for i in range(game.size))


def wrong(game: Game, rng: random.Random) -> list[Move]:
    """Moves near the legal ones that `legal_moves` does not offer."""
    found: list[Move] = []
    legal = set(game.legal_moves)
    for m in list(legal)[:6]:
        other = rng.randrange(game.size)
        if isinstance(m, Play):
            found.append(Play((m.player + 1) % game.players, m.slots))
            if other not in m.slots:
                found.append(Play(m.player, (*m.slots[:-1], other)))
        elif isinstance(m, Flip):
            found += [Flip(m.player, other), Play(m.player, (m.slot,))]
        elif isinstance(m, PickUp):
            found += [PickUp((m.player + 1) % game.players), PickUp(m.player, other)]
        elif isinstance(m, Swap):
            found.append(Swap(m.player, m.up, m.hand))
        elif isinstance(m, Show):
            found.append(Show(m.player, other))
    offered = {key(m) for m in legal}
    return [m for m in found if key(m) not in offered]


def key(m: Move) -> object:
    """A move up to the order of a play's cards (which only decides the top card)."""
    return (m.player, frozenset(m.slots), m.target) if isinstance(m, Play) else m


def short_reads_back(game: Game, m: Move) -> None:
    """The short notation names `m`, or the same move with other cards of the same ranks."""
    if isinstance(m, Swap):
        return  # a swap is typed by hand and face-up card, checked by tests/engine/test_short.py
    back = game.parse_short(game.short(m), m.player)
    assert type(back) is type(m) and back.player == m.player, (m, back)
    if isinstance(m, Flip):
        assert back == m, (m, back)  # a face-down card is named by its position
    else:
        assert ranks(game, back) == ranks(game, m) and getattr(back, "target", None) == getattr(m, "target", None)


def ranks(game: Game, m: Move) -> list[str]:
    """The ranks of the cards `m` names."""
    named = (getattr(m, "slots", None) or (getattr(m, "slot", None), getattr(m, "up", None), getattr(m, "hand", None)))
    return sorted(str(c.rank) for c in game.cards([x for x in named if x is not None]) if c is not None)


def policy(game: Game, rng: random.Random) -> Move:
    """Mostly the lowest play, as players do (so that games end), now and then any move."""
    legal = list(game.legal_moves)
    plays = [m for m in legal if not isinstance(m, PickUp)]
    if plays and rng.random() < 0.8:
        return min(plays, key=lambda m: (cost(game, m), rng.random()))
    return rng.choice(plays if plays and rng.random() < 0.97 else legal)


def cost(game: Game, m: Move) -> int:
    """What a move gives away: a card played on anything most, then by rank (other moves nothing)."""
    card = game.card(m.slots[0]) if isinstance(m, Play) else None
    return 0 if card is None else int(card.rank) + 20 * game.power_table[card.rank].anything


@examples(30)
@given(name=st.sampled_from(sorted(PRESETS)), players=st.integers(2, 11), seed=st.integers(0, 2**32))
def test_random_legal_games_keep_the_invariants(name: str, players: int, seed: int) -> None:
    rng = random.Random(seed)
    rules = PRESETS[name]
    size = Game(rules, players).size
    game = Game.deal_known(rules, players, rng.randrange(players), rng.sample(range(size), size))
    cards = deck(game)
    assert sum(cards.values()) == 52 * game.decks
    for _ in range(MOVE_LIMIT):
        assert partition_ok(game)
        assert Counter(c.text() for c in game.known.values()) == cards
        if game.is_over():
            outcome = game.outcome()
            assert outcome is not None and outcome.order
            return
        legal = list(game.legal_moves)
        assert legal, game.to_text()
        position = game.to_text()
        assert Game.from_text(position, rules).to_text() == position
        for m in rng.sample(legal, min(3, len(legal))):
            twin = game.copy()
            twin.push(move_from_text(m.text()))  # a fresh object: judged again, not trusted
            assert partition_ok(twin)
        for m in legal:
            assert game.is_legal(m) and move_from_text(m.text()) == m
            if m.player == game.turn or game.phase.value == "swap":
                short_reads_back(game, m)
        for m in wrong(game, rng):
            assert not game.is_legal(m), f"{m.text()} was not offered and is legal at {position}"
            with pytest.raises((IllegalMoveError, InvalidMoveError)):  # both MoveErrors (the one error tree)
                game.push(m)
            assert game.to_text() == position
        chosen = rng.choice(legal) if game.phase.value != "play" else policy(game, rng)
        game.push(chosen)
    raise AssertionError(f"no end after {MOVE_LIMIT} moves")


HOUSE = {  # house rules that reach what no preset does: both out-of-turn rules, runs, jokers, reverses, caps
    "loud": "interrupt=true turbo=true jokers=2 nine=reverse",
    "jane": "runs=true seven=mirror eight=under ten_not_on_eight=true jokers=2 joker=skip_mirror",
    "odd": "ace_gives_pile=true turbo=true interrupt=true five=lower nine=suit eight=reverse pickup_returns=true",
    "strict": "pickup_voluntary=false faceup_pickup=pile_only joker=wild jokers=2 three=plain ten_not_on_faces=true",
    "skips": "jokers=2 joker=skip_seven pickup_goes_back=true interrupt=true stack_faceup=true deal_six=true",
}


def candidates(game: Game, p: int) -> list[Move]:
    """Every move `p` could be thought to have now: plays of any cards of one rank from hand or face-up
    cards (and a whole hand with face-up cards of its rank), any two to four cards of a small zone (runs),
    with every taker; flips; pick-ups with or without a face-up card; swaps, places, ready and shows."""
    hand, up = game.hand(p), game.face_up(p)
    zone = hand or up
    sets: set[frozenset[int]] = set()
    by_rank: dict[object, list[int]] = {}
    for slot in zone:
        c = game.card(slot)
        by_rank.setdefault(c.rank if c else slot, []).append(slot)
    for group in by_rank.values():
        sets |= {frozenset(s) for k in range(1, min(len(group), 4) + 1) for s in itertools.combinations(group, k)}
    if hand:
        rank = {c.rank for c in game.cards(hand) if c}
        same = [u for u in up if (c := game.card(u)) is not None and c.rank in rank]
        sets |= {frozenset(hand) | set(s) for k in range(1, len(same) + 1) for s in itertools.combinations(same, k)}
    if len(zone) <= 7:
        sets |= {frozenset(s) for k in (2, 3, 4) for s in itertools.combinations(zone, k)}
    targets = [None, *range(game.players)] if game.rules.ace_gives_pile else [None]
    found: list[Move] = [Play(p, tuple(sorted(s)), t) for s in sets for t in targets]
    found += [Flip(p, d) for d in game.face_down(p)] + [PickUp(p)] + [PickUp(p, u) for u in up]
    found += [Swap(p, h, u) for h in hand for u in up] + [Place(p, h) for h in hand] + [Ready(p)]
    return found + [Show(p, None)] + [Show(p, h) for h in hand]


@examples(60)
@given(name=st.sampled_from(sorted(PRESETS) + sorted(HOUSE)), players=st.integers(2, 5), seed=st.integers(0, 2**32))
def test_legal_moves_holds_every_legal_play(name: str, players: int, seed: int) -> None:
    """A move is legal exactly when `legal_moves` offers it (up to the order of a play's cards), for every
    player at every step, out-of-turn plays and aces' takers included: a bot, a hint or a screen that
    reads `legal_moves` misses no play the rules allow."""
    rng = random.Random(seed)
    rules = PRESETS[name] if name in PRESETS else Ruleset(name=name).with_settings(
        dict(kv.split("=") for kv in HOUSE[name].split()))
    size = Game(rules, players).size
    game = Game.deal_known(rules, players, rng.randrange(players), rng.sample(range(size), size))
    for _ in range(MOVE_LIMIT):
        if game.is_over():
            return
        offered = {key(m) for m in game.legal_moves}
        for p in game.active():
            for m in candidates(game, p):
                assert game.is_legal(m) == (key(m) in offered), f"{m.text()} at {game.to_text()}"
        game.push(rng.choice(list(game.legal_moves)) if game.phase.value != "play" else policy(game, rng))
    raise AssertionError(f"no end after {MOVE_LIMIT} moves")
