"""The French exchange at a networked table (RULES.md 6): the Shithead of the last game gives its best
hand card to the Masta and the Masta one back, each card opened to giver and receiver alone; a card
given stays hidden from the third seat and the observer until it is played (key releases included);
the giver's hand is audited at the end, and a gift that was not its best is a fault naming it."""

from __future__ import annotations

import copy
import functools

import pytest

from p2pshithead.bots import GreedyBot
from p2pshithead.crypto import SEALED_BYTES, dispute_key
from p2pshithead.engine import Give, preset, strength
from p2pshithead.errors import Fault
from p2pshithead.game import Audited, DisputePayload, Finished, GivePayload, LocalSeat, TableState

from .table import MemoryTable

FRENCH = preset("french")
LAST = (1, 0, 2)  # last game: seat 1 Masta, seat 0 Vice-Masta, seat 2 Shithead


def _run_watching(table: MemoryTable, third: int) -> list[int]:
    """Play to the end; after every entry no card given is known to `third` or the observer unless public.
    Returns the slots given."""
    for _ in range(20_000):
        if not table.step():
            break
        state: TableState = table.observer
        game = state.game
        if game is None:
            continue
        for slot in state.gifts:
            if slot not in game.public:
                assert game.card(slot) is None and state.deck.card(slot) is None
                local: LocalSeat = table.peers[third].local
                assert slot not in game.hand(third) or local.view().card(slot) is not None
                assert slot in game.hand(third) or local.view().card(slot) is None
    return sorted(table.observer.gifts)


def test_the_exchange_opens_each_card_to_giver_and_receiver_alone_and_the_audit_passes() -> None:
    table = MemoryTable(FRENCH, [GreedyBot(), GreedyBot(), GreedyBot()], seed=4, previous=LAST)
    assert table.observer.game is None
    given = _run_watching(table, third=0)
    assert len(given) == 2 and table.observer.dealer == 2  # the Shithead dealt
    assert table.observer.finish_order() is not None
    *_, audited, finished = table.events[-1]  # the observer's events of the last entry
    assert isinstance(audited, Audited) and isinstance(finished, Finished)
    assert audited.seat == 2 and len(audited.cards) == FRENCH.hand_size


def test_a_gift_that_is_not_the_best_card_is_named_by_the_audit() -> None:
    table = _to_the_exchange()
    giver = table.peers[2].local
    view = giver.view()
    hand = view.hand(2)
    worst = min(hand, key=lambda s: strength(FRENCH, view.card(s)))  # type: ignore[arg-type]
    assert strength(FRENCH, view.card(worst)) != max(strength(FRENCH, view.card(s)) for s in hand)  # type: ignore[arg-type]
    table.broadcast(2, giver.move_payload(Give(2, worst)))  # the table cannot see the hand: it takes it
    with pytest.raises(Fault) as caught:
        table.run()
    assert caught.value.seat == 2 and "not its best card" in caught.value.reason


def test_no_exchange_when_the_seats_changed() -> None:
    table = MemoryTable(FRENCH, [GreedyBot(), GreedyBot(), GreedyBot()], seed=6, previous=(1, 0))
    while table.observer.game is None:
        assert table.step()
    assert table.observer.game.exchange is None and table.observer.dealer == 0  # the last one seated again deals


def test_no_exchange_when_the_shithead_stood_up_and_the_rest_sit_again() -> None:
    # four played the last game; its Shithead stood up, the other three sit here as seats 2, 0, 1
    table = MemoryTable(FRENCH, [GreedyBot(), GreedyBot(), GreedyBot()], seed=6, previous=(2, 0, 1), last_players=4)
    while table.observer.game is None:
        assert table.step()
    assert table.observer.game.exchange is None and table.observer.dealer == 1  # the last one seated again deals


@functools.cache
def _at_the_exchange() -> MemoryTable:
    table = MemoryTable(FRENCH, [GreedyBot(), GreedyBot(), GreedyBot()], seed=5, previous=LAST)
    while table.observer.game is None or table.observer.game.exchange is None:
        assert table.step()
    return table


def _to_the_exchange() -> MemoryTable:
    """A table dealt up to the exchange (set up once: the deck's shuffles are the slow part)."""
    return copy.deepcopy(_at_the_exchange())


def test_a_sealed_share_that_does_not_open_is_disputed_and_names_the_giver() -> None:
    table = _to_the_exchange()
    move = next(m for m in table.peers[2].local.view().moves_for(2) if isinstance(m, Give))
    table.broadcast(2, GivePayload(move, bytes(SEALED_BYTES)).to_wire())  # a share sealed as zeros
    with pytest.raises(Fault) as caught:
        table.run()  # the receiver's own program disputes it as soon as it may speak
    assert caught.value.seat == 2 and "does not open to seat 1" in caught.value.reason


def test_a_dispute_of_a_card_that_opens_names_the_receiver() -> None:
    table = _to_the_exchange()
    assert table.step()  # the Shithead gives, as it should
    (slot,) = table.observer.gifts
    receiver = table.peers[1].local
    point, proof = dispute_key(receiver.key, receiver.state.deck, 2)
    with pytest.raises(Fault) as caught:
        table.broadcast(1, DisputePayload(slot, point, proof).to_wire())
    assert caught.value.seat == 1 and "which opens" in caught.value.reason
