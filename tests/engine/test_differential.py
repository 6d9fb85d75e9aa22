"""The engine against the digests of the engine before its data layout changed (issue 12): the
same deals and moves give the same positions, legal moves, judgements, views and greedy moves
(tests/engine/differential.py; a long live comparison: `differential.py compare OLD`)."""

from __future__ import annotations

import pytest

import p2pshithead.engine as engine

from .differential import TRACES, golden

GAMES = [g for g in golden() if g[3] % 5 == 0]  # a fifth of the recorded games, every ruleset


@pytest.mark.parametrize("kind, rules, players, seed, digest", GAMES, ids=["-".join(map(str, g[:4])) for g in GAMES])
def test_same_trace_as_recorded(kind: str, rules: str, players: int, seed: int, digest: str) -> None:
    assert TRACES[kind](engine, rules, players, seed) == digest
