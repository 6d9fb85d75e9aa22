"""Leaving a networked game (docs/protocol.md, "Leaving"): the others play on with the leaver's shares,
every peer and the observer stay equal, and no hidden card opens, the leaver's own least of all."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import msgpack
import pytest

from p2pshithead.bots import make_player
from p2pshithead.engine import Leave, preset
from p2pshithead.errors import Fault
from p2pshithead.game import Finished, Left, Out, Revealed, Shared, Stage, TableState, WindowAnswered, WindowClosed
from tests.game.table import MemoryTable
from tests.game.test_protocol import check_step

STEP_LIMIT = 5_000


def _table(name: str, players: int, seed: int) -> MemoryTable:
    return MemoryTable(preset(name), [make_player("greedy") for _ in range(players)], seed=seed)


def _until(mt: MemoryTable, done: Callable[[TableState], bool]) -> bool:
    """Step until `done(observer)` holds in the PLAY stage; False if the game ends first."""
    obs = mt.observer
    for _ in range(STEP_LIMIT):
        if obs.stage is Stage.PLAY and done(obs):
            return True
        if not mt.step():
            return False
    raise AssertionError("no end")


def _leave(mt: MemoryTable, seat: int) -> None:
    mt.broadcast(seat, mt.peers[seat].local.leave_payload())
    check_step(mt)


def _private(mt: MemoryTable) -> list[set[int]]:
    """Slots each seat was told privately so far (its hand), from the events of the last entry."""
    return [{slot for e in events if isinstance(e, Revealed) and e.to is not None for slot, _ in e.cards}
            for events in mt.events[: len(mt.peers)]]


def _check_secrets(mt: MemoryTable, told: list[set[int]]) -> None:
    """Nobody can open a card the rules hide from them: the observer opens exactly the public cards; a
    seat opens besides them only cards it held (its hand, as told to it alone; a leaver, the cards it took
    away, one of which may have been drawn but not yet opened to it when it left)."""
    obs = mt.observer
    game = obs.game
    assert game is not None
    public = set(game.public)
    assert set(obs.deck.known_cards()) == public
    for seat, peer in enumerate(mt.peers):
        allowed = public | told[seat] | (set(game.gone) if game.left == (seat,) else set())
        opened = {slot for slot in range(obs.size) if peer.local.key.card(obs.deck, slot) is not None}
        assert opened <= allowed, f"seat {seat} opens {sorted(opened - allowed)}"


def _step(mt: MemoryTable, told: list[set[int]]) -> bool:
    """One checked step, noting what each seat was told alone; False once nobody may act."""
    if not mt.step():
        return False
    check_step(mt)
    for seat, slots in enumerate(_private(mt)):
        told[seat] |= slots
    return True


def _run_with_leaver(name: str, players: int, seed: int) -> tuple[MemoryTable, int, list[set[int]]]:
    """A whole game where a drawn seat leaves at a drawn step of play (its turn or not, in a window, during
    a flip, owing shares: whatever that step is); every step checked."""
    draw = random.Random(seed)
    mt = _table(name, players, seed)
    told: list[set[int]] = [set() for _ in range(players)]
    while mt.observer.stage is not Stage.PLAY:
        assert _step(mt, told)
    leaver = draw.randrange(players)
    for _ in range(draw.randrange(60)):
        assert _step(mt, told)
    assert mt.observer.may_leave(leaver)
    _leave(mt, leaver)
    assert Left(leaver) in mt.events[-1]
    for _ in range(STEP_LIMIT):
        assert leaver not in mt.observer.who_may_act() and not mt.observer.owed(leaver)
        if not _step(mt, told):
            break
    return mt, leaver, told


CASES = [(name, players, seed) for seed, players in ((1, 3), (2, 2), (3, 4))
         for name in ("classic", "hebrew", "french", "pagat", "karma")]


@pytest.mark.parametrize("name,players,seed", CASES)
def test_a_game_goes_on_without_the_leaver(name: str, players: int, seed: int) -> None:
    mt, leaver, told = _run_with_leaver(name, players, seed)
    obs = mt.observer
    order = obs.finish_order()
    game = obs.game
    assert order is not None and game is not None and sorted(order) == list(range(players))
    assert all(peer.finish_order() == order and peer.state == obs for peer in mt.peers)
    if leaver in game.left:
        assert order[-1] == leaver, "the leaver finishes last"
    else:  # it left while its own face-down card was being opened, and that card was its last
        assert leaver in game.finished[: game.finished.index(leaver) + 1]
    hidden = set(game.gone) - set(game.public)
    assert hidden or leaver not in game.left, "a leaver always takes hidden cards away"
    _check_secrets(mt, told)
    released = [seat for seat, wire in mt.transcript
                if msgpack.unpackb(wire)["t"] == "deck" and msgpack.unpackb(wire)["m"]["kind"] == "key_release"]
    assert leaver not in released, "a leaver never publishes its key share"


def test_two_players_the_one_who_stays_is_first() -> None:
    mt = _table("classic", 2, 5)
    assert _until(mt, lambda obs: obs.who_may_act() == {obs.game.turn})  # type: ignore[union-attr]
    seat = 1 - mt.observer.game.turn  # type: ignore[union-attr]
    _leave(mt, seat)
    assert mt.observer.finish_order() == (1 - seat, seat)
    assert mt.events[-1][-3:] == [Left(seat), Out(1 - seat), Finished((1 - seat, seat))]
    assert not mt.step()


def test_the_seat_to_act_leaves_and_the_turn_passes() -> None:
    mt = _table("classic", 3, 6)
    assert _until(mt, lambda obs: obs.game.phase.value == "play" and obs.who_may_act() == {obs.game.turn})  # type: ignore[union-attr]
    turn = mt.observer.game.turn  # type: ignore[union-attr]
    _leave(mt, turn)
    game = mt.observer.game
    assert game is not None and game.turn != turn and game.turn in game.active() and game.left == (turn,)


def test_leaving_in_the_swap_phase() -> None:
    mt = _table("classic", 3, 7)
    assert _until(mt, lambda obs: obs.game.phase.value == "swap")  # type: ignore[union-attr]
    _leave(mt, 2)
    assert mt.observer.game.left == (2,)  # type: ignore[union-attr]
    while mt.step():
        check_step(mt)
    assert mt.observer.finish_order()[-1] == 2  # type: ignore[index]


def test_a_leaver_that_owes_shares_gives_them_with_its_leave() -> None:
    mt = _table("classic", 3, 8)
    assert _until(mt, lambda obs: any(obs.owed(p) for p in range(3)) and obs.flip is None)
    owing = next(p for p in range(3) if mt.observer.owed(p))
    owed = set(mt.observer.owed(owing))
    assert owed <= set(mt.observer.leave_slots(owing))
    _leave(mt, owing)
    shared = next(e for e in mt.events[-1] if isinstance(e, Shared))
    assert owed <= set(shared.slots) and not mt.observer.owed(owing)
    while mt.step():
        check_step(mt)
    assert mt.observer.finish_order()[-1] == owing  # type: ignore[index]


@pytest.mark.parametrize("whose", ["the flipper", "another seat"])
def test_leaving_while_a_face_down_card_is_opened(whose: str) -> None:
    mt = _table("classic", 3, 9)
    assert _until(mt, lambda obs: obs.flip is not None and len(obs.who_may_act()) == 2)
    flip = mt.observer.flip
    assert flip is not None
    seat = flip.player if whose == "the flipper" else min(mt.observer.who_may_act())
    _leave(mt, seat)
    told: list[set[int]] = [set() for _ in range(3)]
    while mt.step():
        check_step(mt)
        for p, slots in enumerate(_private(mt)):
            told[p] |= slots
    game = mt.observer.game
    assert game is not None and flip.slot in game.public, "the flip made before the leave is played"
    assert seat in game.left or (whose == "the flipper" and seat in game.finished)
    obs = mt.observer
    assert set(obs.deck.known_cards()) == set(game.public)


def test_the_winner_of_a_window_leaves_and_the_others_answer_again() -> None:
    for seed in range(1, 12):
        mt = _table("french", 3, seed)
        if _until(mt, lambda obs: obs.claimant is not None):
            break
    else:
        raise AssertionError("no claimed window in these games")
    claimant = mt.observer.claimant
    assert claimant is not None
    _leave(mt, claimant)
    assert mt.observer.claimant is None
    while mt.step():
        check_step(mt)
    assert mt.observer.finish_order()[-1] == claimant  # type: ignore[index]


def test_leaving_while_a_window_waits_for_answers() -> None:
    mt = _table("hebrew", 4, 2)
    assert _until(mt, lambda obs: len(obs.window_pending()) >= 2 and obs.claimant is None)
    pending = mt.observer.window_pending()
    _leave(mt, pending[0])
    assert pending[0] not in mt.observer.window_pending()
    while mt.step():
        check_step(mt)
    assert mt.observer.finish_order()[-1] == pending[0]  # type: ignore[index]


def test_the_last_seat_to_answer_a_window_leaves_and_it_closes() -> None:
    def answered(mt: MemoryTable) -> Callable[[TableState], bool]:
        return lambda obs: len(obs.window_pending()) == 1 and any(isinstance(e, WindowAnswered) for e in mt.events[-1])

    for seed in range(1, 12):
        mt = _table("hebrew", 3, seed)
        if _until(mt, answered(mt)):
            break
    else:
        raise AssertionError("no window answered but one in these games")
    last = mt.observer.window_pending()[0]
    claims = [e.claim for e in mt.events[-1] if isinstance(e, WindowAnswered)]
    _leave(mt, last)
    closed = [e for e in mt.events[-1] if isinstance(e, WindowClosed)]
    assert len(closed) == 1 and (closed[0].claimant is not None) == any(claims)
    assert not mt.observer.window_pending()
    while mt.step():
        check_step(mt)
    assert mt.observer.finish_order()[-1] == last  # type: ignore[index]


def test_two_seats_leave_one_after_the_other_from_payloads_made_at_once() -> None:
    """Two people quit at the same moment: both leaves were made before either was applied."""
    mt = _table("classic", 4, 4)
    assert _until(mt, lambda obs: obs.game.phase.value == "play" and len(obs.game.stock) > 10)  # type: ignore[union-attr]
    first, second = mt.peers[1].local.leave_payload(), mt.peers[3].local.leave_payload()
    mt.broadcast(1, first)
    check_step(mt)
    mt.broadcast(3, second)
    check_step(mt)
    while mt.step():
        check_step(mt)
    order = mt.observer.finish_order()
    assert order is not None and order[-2:] == (3, 1), "the first to leave ranks lowest"


# -- blame: a leave that does not fit names its author and changes nothing ---------------------------

def _in_play() -> MemoryTable:
    mt = _table("classic", 3, 10)
    assert _until(mt, lambda obs: obs.game.phase.value == "play" and obs.who_may_act() == {obs.game.turn})  # type: ignore[union-attr]
    return mt


def _forge(mt: MemoryTable, seat: int, slots: list[int]) -> dict[str, object]:
    reveal = mt.peers[seat].local.key.reveal_message(mt.observer.deck, slots)
    return {"t": "leave", "r": reveal.to_wire()}


def _bad_leaves(mt: MemoryTable, seat: int) -> dict[str, object]:
    obs = mt.observer
    game = obs.game
    assert game is not None
    want = obs.leave_slots(seat)
    honest: dict[str, Any] = mt.peers[seat].local.leave_payload()
    shares = honest["r"]["shares"]
    tampered = msgpack.unpackb(msgpack.packb(honest))
    tampered["r"]["shares"][0][1] = tampered["r"]["shares"][1][1]  # a share of another slot: its proof fails
    return {
        "no shares": {"t": "leave", "r": None},
        "a share missing": _forge(mt, seat, want[1:]),
        "its own hand card": _forge(mt, seat, [*want, game.hand(seat)[0]]),
        "a public card": _forge(mt, seat, [*want, game.face_up((seat + 1) % 3)[0]]),
        "a share twice": {"t": "leave", "r": {**honest["r"], "shares": [*shares, shares[0]]}},
        "a failing proof": tampered,
        "a draw share": {"t": "leave", "r": {**honest["r"], "kind": "deal_reveal", "draw": [b"x" * 32] * 3}},
        "not a reveal": {"t": "leave", "r": 5},
        "an extra field": {**honest, "x": 1},
        "its key share": {"t": "leave", "r": None, "k": b"k" * 32},
    }


@pytest.fixture(scope="module")
def in_play() -> MemoryTable:
    return _in_play()


@pytest.mark.parametrize("case", ["no shares", "a share missing", "its own hand card", "a public card", "a share twice",
                                  "a failing proof", "a draw share", "not a reveal", "an extra field", "its key share"])
def test_a_malformed_leave_names_its_author(in_play: MemoryTable, case: str) -> None:
    mt = in_play
    seat = next(p for p in range(3) if p not in mt.observer.who_may_act())  # out of turn is fine for a leave
    bad = _bad_leaves(mt, seat)[case]
    state, before = copy.deepcopy(mt.observer), copy.deepcopy(mt.observer)
    with pytest.raises(Fault) as err:
        state.apply(seat, msgpack.unpackb(msgpack.packb(bad)))
    assert err.value.seat == seat, err.value
    assert state == before, "a refused leave changes nothing"
    state.apply(seat, mt.peers[seat].local.leave_payload())  # the honest one is taken
    assert state.game is not None and state.game.left == (seat,)


def test_a_seat_cannot_leave_twice_nor_during_setup() -> None:
    mt = _table("classic", 3, 11)
    mt.step()
    with pytest.raises(Fault) as err:
        mt.observer.apply(2, {"t": "leave", "r": None})
    assert err.value.seat == 2
    with pytest.raises(ValueError):
        mt.peers[2].local.leave_payload()
    mt = _in_play()
    _leave(mt, 0)
    with pytest.raises(Fault) as err:
        mt.observer.apply(0, {"t": "leave", "r": None})
    assert err.value.seat == 0
    with pytest.raises(ValueError):
        mt.peers[0].local.leave_payload()
    assert mt.observer.game is not None and mt.observer.game.move_stack[-1] == Leave(0)
