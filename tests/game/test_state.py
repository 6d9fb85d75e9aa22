"""The shared state: every (stage x payload kind) refusal names its true author and changes nothing;
events say what happened, the same at every peer."""

from __future__ import annotations

import msgpack
import pytest

from p2pshithead.bots import make_player
from p2pshithead.engine import Play, preset
from p2pshithead.errors import Fault
from p2pshithead.game import Dealt, KeyShared, Played, Revealed, Shuffled, Stage, TableState, claim_order
from tests.game.table import MemoryTable

KINDS = ("deck", "move", "oot", "leave", "unknown", "not a dict")


def _payload(mt: MemoryTable, kind: str, seat: int) -> object:
    if kind == "deck":
        return {"t": "deck", "m": mt.peers[seat].local.key.key_share_message().to_wire()}
    if kind == "move":
        return {"t": "move", "m": Play(seat, (0,)).text(), "r": None, "f": None}
    if kind == "oot":
        return {"t": "oot", "claim": True}
    if kind == "leave":  # without the shares a leave in play must carry; in setup, no leave at all
        return {"t": "leave", "r": None}
    if kind == "unknown":
        return {"t": "nope"}
    return 7


def _table_at(stage: Stage) -> MemoryTable:
    mt = MemoryTable(preset("classic"), [make_player("greedy") for _ in range(3)], seed=11)
    while mt.observer.stage is not stage or (stage is Stage.KEYS and not mt.transcript):
        assert mt.step()
    return mt


@pytest.mark.parametrize("stage", [Stage.KEYS, Stage.SHUFFLE, Stage.DEAL, Stage.PLAY])
def test_every_refusal_names_its_author_and_changes_nothing(stage: Stage) -> None:
    mt = _table_at(stage)
    rules, tid = preset("classic"), b"test-table-11"
    for seat in range(3):
        for kind in KINDS:
            replay = TableState(rules, tid, 3)
            for author, wire in mt.transcript:
                replay.apply(author, msgpack.unpackb(wire))
            if kind == "deck" and stage is Stage.KEYS and seat in replay.who_may_act():
                continue  # its own key share is the expected payload
            with pytest.raises(Fault) as err:
                replay.apply(seat, _payload(mt, kind, seat))
            assert err.value.seat == seat, (stage, kind, seat)
            assert replay == mt.observer, (stage, kind, seat)


def test_a_seat_outside_the_table_is_the_callers_mistake() -> None:
    state = TableState(preset("classic"), b"t", 2)
    for seat in (-1, 2, "0"):
        with pytest.raises(ValueError):
            state.apply(seat, {"t": "oot", "claim": False})  # type: ignore[arg-type]


def test_events_tell_the_setup_and_the_deal() -> None:
    mt = MemoryTable(preset("classic"), [make_player("greedy") for _ in range(2)], seed=3)
    told = []
    while mt.observer.stage is not Stage.PLAY:
        assert mt.step()
        told.append(mt.events)
    observer = [e for events in told for e in events[-1]]
    assert sorted(e.seat for e in observer if isinstance(e, KeyShared)) == [0, 1]
    assert [(e.seat, e.count) for e in observer if isinstance(e, Shuffled)] == [(0, 1), (1, 2)]
    assert [e.dealer for e in observer if isinstance(e, Dealt)] == [mt.observer.dealer]
    public = {slot for e in observer if isinstance(e, Revealed) for slot, _ in e.cards}
    assert public == set(mt.observer.deal.public)
    for seat in range(2):
        private = [e for events in told for e in events[seat] if isinstance(e, Revealed) and e.to is not None]
        assert {slot for e in private for slot, _ in e.cards} == set(mt.observer.deal.private[seat])
        assert all(e.to == seat for e in private)


def test_a_whole_game_is_told_as_played_moves() -> None:
    mt = MemoryTable(preset("classic"), [make_player("greedy") for _ in range(2)], seed=5)
    played = []
    while mt.step():
        played += [e.move for e in mt.events[-1] if isinstance(e, Played)]
    assert mt.observer.game is not None and tuple(played) == mt.observer.game.move_stack


def test_claims_are_ranked_from_the_seat_that_opened_the_window() -> None:
    mt = MemoryTable(preset("hebrew"), [make_player("greedy") for _ in range(3)], seed=2)
    while mt.observer.game is None or mt.observer.game.window is None:
        assert mt.step()
    game = mt.observer.game
    assert game.window is not None
    assert claim_order(game) == [(game.window.player + i) % 3 for i in range(3)]
