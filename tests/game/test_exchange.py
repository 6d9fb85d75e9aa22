"""The French exchange at a networked table (RULES.md 6): the Shithead of the last game gives its best
hand card to the Masta and the Masta one back, each card opened to giver and receiver alone; a card
given stays hidden from the third seat and the observer until it is played (key releases included);
the giver's hand is audited at the end, and a gift that was not its best is a fault naming it; the audit
opens no card that left play, and a gift the Masta took away unseen is not judged."""

from __future__ import annotations

import copy
import functools

import pytest

from p2pshithead.bots import GreedyBot
from p2pshithead.crypto import SEALED_BYTES, dispute_key
from p2pshithead.engine import Give, Swap, preset, strength
from p2pshithead.errors import Fault
from p2pshithead.game import (
    Audited,
    DisputePayload,
    Event,
    Finished,
    GivePayload,
    LocalSeat,
    Released,
    Stage,
    TableState,
)

from .table import MemoryTable
from .test_protocol import check_step

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
def _at_the_exchange(players: int) -> MemoryTable:
    last = LAST if players == 3 else (1, 0, 3, 2)  # seat 1 Masta, seat 2 Shithead
    table = MemoryTable(FRENCH, [GreedyBot() for _ in range(players)], seed=5, previous=last)
    while table.observer.game is None or table.observer.game.exchange is None:
        assert table.step()
    return table


def _to_the_exchange(players: int = 3) -> MemoryTable:
    """A table dealt up to the exchange (set up once: the deck's shuffles are the slow part)."""
    return copy.deepcopy(_at_the_exchange(players))


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


# -- the Masta leaves with the card given (docs/protocol.md, "Leaving"): the audit opens none of its cards ----


def _give(table: MemoryTable, honest: bool) -> int:
    """The Shithead (seat 2) gives its best hand card, or its worst (which the table cannot see yet)."""
    giver = table.peers[2].local
    view = giver.view()
    assert any(isinstance(m, Give) for m in view.moves_for(2))
    if honest:
        assert table.step()  # the bot gives its best card
    else:
        worst = min(view.hand(2), key=lambda s: strength(FRENCH, view.card(s)))  # type: ignore[arg-type]
        table.broadcast(2, giver.move_payload(Give(2, worst)))
    assert len(table.observer.gifts) == 1
    check_step(table)
    return next(iter(table.observer.gifts))


def _give_back(table: MemoryTable, gift: int) -> Give:
    """The Masta (seat 1) gives back a card other than the one it was given."""
    masta = table.peers[1].local
    back = next(m for m in masta.view().moves_for(1) if isinstance(m, Give) and m.slot != gift)
    table.broadcast(1, masta.move_payload(back))
    check_step(table)
    return back


def _play_out(table: MemoryTable) -> list[Event]:
    """Play to the end, every step checked; the observer's events of the whole game from here."""
    events: list[Event] = []
    while table.step():
        check_step(table)
        events += table.events[-1]
    return events


@pytest.mark.parametrize("honest", [True, False], ids=["best card", "lesser card"])
@pytest.mark.parametrize(
    "players,when", [(3, "before its card back"), (3, "after its card back"), (4, "after its card back")]
)
def test_the_masta_leaves_with_the_gift_and_no_card_of_its_opens(players: int, when: str, honest: bool) -> None:
    """What the whole transcript opens (a keyless observer, key releases and shares of seats out included)
    holds no card the Masta took away, the one given to it least of all; the gift is not judged."""
    table = _to_the_exchange(players)
    obs = table.observer
    gift = _give(table, honest)
    if when == "after its card back":
        _give_back(table, gift)
    game = obs.game
    assert game is not None and gift in game.hand(1) and obs.deck.card(gift) is None
    held = {*game.hand(1), *game.face_up(1), *game.face_down(1)} - set(game.public)
    table.broadcast(1, table.peers[1].local.leave_payload())
    check_step(table)
    events = [*table.events[-1], *_play_out(table)]  # a lesser card too: it left play unseen
    order = obs.finish_order()
    assert order is not None and order[-1] == 1 and obs.stage is Stage.OVER
    assert not set(obs.deck.known_cards()) & held, "the transcript opens a card the leaver took away"
    assert set(obs.deck.known_cards()) == set(game.public)
    assert not any(isinstance(e, Audited) for e in events) and isinstance(events[-1], Finished)
    assert players == 3 or any(isinstance(e, Released) for e in events), "a seat out released its key"
    others = [p for p in range(players) if p not in (1, 2)]
    assert all(table.peers[p].local.key.card(obs.deck, slot) is None for p in others for slot in held)
    assert {slot for slot in held if table.peers[2].local.key.card(obs.deck, slot) is not None} <= {gift}
    assert all(peer.state == obs and peer.finish_order() == order for peer in table.peers)


@pytest.mark.parametrize("honest", [True, False], ids=["best card", "lesser card"])
def test_the_shithead_leaves_after_the_exchange_and_no_card_of_its_opens(honest: bool) -> None:
    """A giver that left is not audited; the card back it took away (lacking the Masta's share) stays shut."""
    table = _to_the_exchange()
    obs = table.observer
    gift = _give(table, honest)
    masta = table.peers[1].local
    back = _give_back(table, gift)
    game = obs.game
    assert game is not None and back.slot in game.hand(2)
    held = {*game.hand(2), *game.face_up(2), *game.face_down(2)} - set(game.public)
    table.broadcast(2, table.peers[2].local.leave_payload())
    check_step(table)
    events = [*table.events[-1], *_play_out(table)]
    assert not any(isinstance(e, Audited) for e in events) and obs.finish_order() is not None
    assert not set(obs.deck.known_cards()) & held and set(obs.deck.known_cards()) == set(game.public)
    assert all(table.peers[0].local.key.card(obs.deck, slot) is None for slot in held)
    assert {slot for slot in held if masta.key.card(obs.deck, slot) is not None} <= {back.slot}


@pytest.mark.parametrize("honest", [True, False], ids=["best card", "lesser card"])
def test_a_gift_laid_face_up_before_the_masta_leaves_is_judged_and_nothing_it_took_opens(honest: bool) -> None:
    """A card given that left play open to all is judged against the giver's hand still in play."""
    table = _to_the_exchange()
    obs = table.observer
    gift = _give(table, honest)
    masta = table.peers[1].local
    _give_back(table, gift)
    game = obs.game
    assert game is not None
    table.broadcast(1, masta.move_payload(Swap(1, gift, game.face_up(1)[0])))  # the gift opens to all
    check_step(table)
    assert gift in game.public
    held = {*game.hand(1), *game.face_down(1)} - set(game.public)
    table.broadcast(1, masta.leave_payload())
    check_step(table)
    if not honest:
        with pytest.raises(Fault) as caught:
            _play_out(table)
        assert caught.value.seat == 2 and "not its best card" in caught.value.reason
    else:
        *_, audited, finished = _play_out(table)
        assert isinstance(audited, Audited) and isinstance(finished, Finished) and gift in dict(audited.cards)
    assert gift in game.gone and not set(obs.deck.known_cards()) & held


@pytest.mark.parametrize("honest", [True, False], ids=["best card", "lesser card"])
def test_without_the_leave_the_audit_opens_the_gift_and_judges_it(honest: bool) -> None:
    table = _to_the_exchange()
    gift = _give(table, honest)
    if not honest:
        with pytest.raises(Fault) as caught:
            _play_out(table)
        assert caught.value.seat == 2 and "not its best card" in caught.value.reason
        return
    *_, audited, finished = _play_out(table)
    assert isinstance(audited, Audited) and isinstance(finished, Finished) and audited.seat == 2
    assert gift in dict(audited.cards) and table.observer.deck.card(gift) is not None
