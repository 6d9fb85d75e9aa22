"""The engine driven by the deck: every identity an engine learns comes through a reveal."""

from __future__ import annotations

import re
from typing import Any

import msgpack
import pytest

from p2pshithead.bots import RandomBot, make_player
from p2pshithead.engine import Play, preset
from p2pshithead.errors import Fault
from p2pshithead.game import Revealed, SeatedTable, Stage, TableState
from tests.game.table import MemoryTable, public_events

PRIVATE = re.compile(r"~[0-9JQKAa-z]+")


def check_step(mt: MemoryTable) -> None:
    """Every peer holds the observer's state and told the observer's events (private reveals aside);
    nobody knows a card the rules hide from them."""
    observed = mt.events[-1]
    assert public_events(observed) == observed
    for seat, (peer, events) in enumerate(zip(mt.peers, mt.events, strict=False)):
        assert peer.state == mt.observer, f"seat {seat} disagrees"
        assert public_events(events) == observed, f"seat {seat} tells other events"
        assert all(e.to == seat for e in events if isinstance(e, Revealed) and e.to is not None)
    obs = mt.observer.game
    if obs is None:
        return
    for seat, peer in enumerate(mt.peers):
        game = peer.local.view()
        assert PRIVATE.sub("", game.to_text()) == PRIVATE.sub("", obs.to_text()), f"seat {seat} disagrees"
        allowed = game.public | set(game.hand(seat))
        assert set(game.known) <= allowed, f"seat {seat} knows hidden slots {set(game.known) - allowed}"
        assert set(game.hand(seat)) <= set(game.known) or peer.who_may_act(), "a hand card stays unknown"
    assert set(obs.known) == set(obs.public)


@pytest.mark.parametrize("name,players,seed", [("classic", 3, 1), ("hebrew", 3, 2), ("french", 2, 3), ("karma", 2, 4)])
def test_whole_game_through_the_deck(name: str, players: int, seed: int) -> None:
    mt = MemoryTable(preset(name), [make_player("greedy") for _ in range(players)], seed=seed)
    steps = 0
    while mt.step():
        check_step(mt)
        steps += 1
        assert steps < 20_000
    order = mt.observer.finish_order()
    assert order is not None and sorted(order) == list(range(players))
    assert all(p.finish_order() == order for p in mt.peers)
    bodies = [msgpack.unpackb(w) for _, w in mt.transcript]
    assert {"deck", "move"} <= {b["t"] for b in bodies}
    released = [
        seat
        for (seat, _), b in zip(mt.transcript, bodies, strict=True)
        if b["t"] == "deck" and b["m"]["kind"] == "key_release"
    ]
    assert released == list(order[: players - 2]), "each seat out before the end releases its key share, in order"


def dealt_table(seed: int = 7) -> MemoryTable:
    """A two-seat table stepped until one seat is to play a turn."""
    mt = MemoryTable(preset("classic"), [RandomBot()] * 2, seed=seed)
    obs = mt.observer
    while (obs.stage is not Stage.PLAY or obs.game is None or obs.game.phase.value != "play"
           or obs.who_may_act() != {obs.game.turn}):  # fmt: skip
        assert mt.step()
    return mt


def test_out_of_turn_message_names_its_author() -> None:
    mt = dealt_table()
    idle = next(s for s in range(2) if s not in mt.observer.who_may_act())
    with pytest.raises(Fault) as err:
        mt.observer.apply(idle, {"t": "oot", "claim": True})
    assert err.value.seat == idle


def test_playing_a_card_of_another_hand_is_refused() -> None:
    mt = dealt_table()
    game = mt.observer.game
    assert game is not None
    me = game.turn
    other_hand = game.hand(1 - me)
    payload = {"t": "move", "m": Play(me, (other_hand[0],)).text(), "r": None, "f": None}
    with pytest.raises(Fault) as err:
        mt.observer.apply(me, payload)
    assert err.value.seat == me


def test_a_share_for_the_wrong_slot_is_refused() -> None:
    mt = dealt_table()
    game = mt.observer.game
    assert game is not None
    me = game.turn
    hand = game.hand(me)
    honest = mt.peers[me].local.move_payload(Play(me, (hand[0],)))
    forged = mt.peers[me].local.move_payload(Play(me, (hand[1],)))
    tampered = dict(honest, r=forged["r"])
    with pytest.raises(Fault) as err:
        mt.observer.apply(me, tampered)
    assert err.value.seat == me


@pytest.mark.parametrize("bad", [None, 5, {"t": "move"}, {"t": "move", "m": "x" * 500, "r": None}, {"t": "nope"}])
def test_malformed_payloads_name_their_author(bad: object) -> None:
    mt = dealt_table()
    seat = min(mt.observer.who_may_act())
    with pytest.raises(Fault) as err:
        mt.observer.apply(seat, bad)
    assert err.value.seat == seat


def test_a_bad_shuffle_proof_is_named_by_every_peer_at_the_last_shuffle() -> None:
    mt = MemoryTable(preset("classic"), [RandomBot()] * 3, seed=5)
    while mt.observer.stage is not Stage.SHUFFLE or mt.observer.who_may_act() != {1}:
        assert mt.step()
    honest: dict[str, Any] | None = mt.peers[1].pending()
    assert honest is not None
    challenge = bytearray(honest["m"]["challenge"])
    challenge[0] ^= 1
    forged = {**honest, "m": {**honest["m"], "challenge": bytes(challenge)}}
    mt.broadcast(1, forged)  # seat 2 takes it unchecked and shuffles at once
    assert mt.observer.stage is Stage.SHUFFLE
    last: dict[str, Any] | None = mt.peers[2].pending()
    assert last is not None and last["m"]["kind"] == "shuffle"
    others: list[SeatedTable | TableState] = [*mt.peers[:1], *mt.peers[2:], mt.observer]
    for peer in others:
        with pytest.raises(Fault) as err:
            peer.apply(2, last)
        assert err.value.seat == 1 and "shuffle proof fails" in err.value.reason
