"""The engine against tests/engine/vectors.txt (positions, sorted legal moves, results)."""

from __future__ import annotations

import pytest

from p2pshithead.engine import Game, move_from_text

from .vectors import CASES, legal_text, named, notation, read, records, ruleset

VECTORS = read()


def test_vectors_cover_every_case():
    assert len(VECTORS) == len(records()) >= len(CASES)
    assert len({v["name"] for v in VECTORS}) == len(VECTORS)


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_vector(vector: dict[str, str]) -> None:
    rules = ruleset(vector["rules"])
    game = Game.from_text(vector["position"], rules)
    assert game.to_text() == vector["position"]
    assert legal_text(game) == vector["legal"]
    if "push" in vector:
        pushed = move_from_text(notation(vector["push"]))
        assert named(game, pushed) == vector["push"]  # the cards written beside it are the ones moved
        game.push(pushed)
        assert game.to_text() == vector["result"]
        game.pop()
        assert game.to_text() == vector["position"]
