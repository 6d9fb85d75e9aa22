"""A seat makes its deal shares as soon as the deck is final and checked, and sends them at its turn."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from p2pshithead.bots import RandomBot
from p2pshithead.crypto import DeckKey, Reveal, TableDeck
from p2pshithead.engine import preset
from p2pshithead.errors import Fault
from p2pshithead.game import Stage
from tests.game.table import MemoryTable


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The seat of every reveal a key makes, in order."""
    seats: list[int] = []
    original = DeckKey.reveal_message

    def recording(key: DeckKey, deck: TableDeck, slots: Iterable[int], draw: bool = False) -> Reveal:
        seats.append(key.seat)
        return original(key, deck, slots, draw)

    monkeypatch.setattr(DeckKey, "reveal_message", recording)
    return seats


def test_every_seat_makes_its_deal_shares_once_the_last_shuffle_is_checked(made: list[int]) -> None:
    mt = MemoryTable(preset("classic"), [RandomBot()] * 3, seed=2)
    while mt.observer.stage is not Stage.DEAL:
        assert not made
        assert mt.step()
    assert made == [0, 1, 2], "each seat made its deal payload when it took the last shuffle"
    dealers = []
    while mt.observer.stage is Stage.DEAL:
        assert mt.step()
        dealers.append(mt.transcript[-1][0])
    assert dealers == [0, 1, 2], "the deal stays in seat order"
    assert made == [0, 1, 2], "the payload sent at a seat's turn is the one made early"
    assert all(peer.state == mt.observer for peer in mt.peers)


def test_no_share_is_made_when_the_last_shuffle_names_a_cheat(made: list[int]) -> None:
    mt = MemoryTable(preset("classic"), [RandomBot()] * 3, seed=5)
    while mt.observer.who_may_act() != {1} or mt.observer.stage is not Stage.SHUFFLE:
        assert mt.step()
    honest: dict[str, Any] | None = mt.peers[1].pending()
    assert honest is not None
    challenge = bytearray(honest["m"]["challenge"])
    challenge[0] ^= 1
    mt.broadcast(1, {**honest, "m": {**honest["m"], "challenge": bytes(challenge)}})
    last = mt.peers[2].pending()
    for seat in (0, 1):
        with pytest.raises(Fault):
            mt.peers[seat].apply(2, last)
    assert not made, "no seat made a share of a deck whose proof failed"
