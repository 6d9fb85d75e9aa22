"""RULES.md section 9, "What every peer checks": every action is validated by every peer with the same
engine against the same state; a card's identity is known only once revealed; a play is valid only if
the revealed cards came from the source the player claims.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from p2pshithead.engine import (
    PRESETS,
    Flip,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Play,
    UnrevealedCardError,
    made_public,
)

from ..profiles import examples
from .helpers import known, move, table


def test_a_hidden_card_cannot_be_judged_before_it_is_revealed():
    """RULES.md 9: "A card's identity is only known once it is revealed"."""
    game = table("play d1 t0 + | H:9c,4c | H:Kc | P:5d")
    view = game.view(1)
    nine = move(game, "0 play 9c")
    assert isinstance(nine, Play) and not view.is_legal(nine)
    with pytest.raises(UnrevealedCardError):
        view.push(nine)
    view.reveal(nine.slots[0], known(game, nine.slots[0]))
    view.push(nine)
    assert view.pile == game.pile + nine.slots


@pytest.mark.parametrize(
    "text, kind, message",
    [("0 play Kc", InvalidMoveError, "not in your hand"), ("0 play Ad", IllegalMoveError, "face-up cards join"),
     ("0 play Qs", InvalidMoveError, "not in your hand")],
)
def test_a_card_from_another_source_is_refused(text, kind, message):
    """RULES.md 9: "a play is valid only if the revealed cards really came from the source the player
    claims": not another player's hand, not one's face-up card while the hand holds cards, not a face-down one."""
    game = table("play d1 t0 + | H:9c,4c U:Ad D:Qs | H:Kc | P:5d")
    with pytest.raises(kind, match=message):
        game.push(move(game, text))


@examples(20)
@given(name=st.sampled_from(sorted(PRESETS)), players=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_every_peer_accepts_exactly_what_the_game_accepts(name: str, players: int, seed: int) -> None:
    """RULES.md 9: every peer, holding only its own view and the cards revealed to it as they are played,
    accepts every move of the game and reaches the same public position."""
    rng = random.Random(seed)
    rules = PRESETS[name]
    size = Game(rules, players).size
    game = Game.deal_known(rules, players, rng.randrange(players), rng.sample(range(size), size))
    peers = [game.view(p) for p in range(players)]
    for _ in range(600):
        if game.is_over():
            break
        chosen = rng.choice(list(game.legal_moves))
        shown = (*made_public(chosen), *((chosen.slot,) if isinstance(chosen, Flip) else ()))
        for p, peer in enumerate(peers):
            for slot in {*shown, *game.hand(p)}:  # the cards played, and what its own program holds
                card = game.card(slot)
                assert card is not None
                peer.reveal(slot, card)
            assert peer.is_legal(chosen), (p, chosen, peer.to_text())
            peer.push(chosen)
        game.push(chosen)
        assert {slots(peer.to_text()) for peer in peers} == {slots(game.to_text())}


def slots(position: str) -> str:
    """A position without the identities of its cards: what every peer must agree on."""
    return re.sub(r"[~=][^,| ]+", "", position)
