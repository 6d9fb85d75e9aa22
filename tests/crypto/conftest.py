"""Shared tables for the deck-protocol tests: simulated peers at the start of each phase."""

from __future__ import annotations

import random

import pytest

from p2pshithead.crypto import Deal, RandBytes, SimulatedTable
from p2pshithead.engine import Ruleset
from p2pshithead.game import opening_deal

DEAL: Deal = opening_deal(Ruleset(), 3)
"""The engine's deal of a classic three-seat game, as the tables below open it."""


@pytest.fixture
def rand() -> RandBytes:
    """A seeded random source for values a test makes itself."""
    return random.Random("test").randbytes


@pytest.fixture
def keyed() -> SimulatedTable:
    """Three peers, 52 cards, key shares exchanged; nobody has shuffled yet."""
    table = SimulatedTable(b"test-table", 3, 52, seed=7)
    table.exchange_keys()
    return table


@pytest.fixture(scope="module")
def dealt() -> SimulatedTable:
    """Three peers, 52 cards, shuffled and dealt (tests that use it must leave its state alone)."""
    table = SimulatedTable(b"test-table", 3, 52, seed=7)
    table.setup(DEAL)
    return table


@pytest.fixture
def fresh_dealt() -> SimulatedTable:
    """Like `dealt`, for tests that change the table."""
    table = SimulatedTable(b"test-table", 3, 52, seed=7)
    table.setup(DEAL)
    return table
