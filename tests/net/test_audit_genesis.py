"""A genesis is the host's word, signed: whatever it states, a peer that reads it (a joiner, a spectator,
`verify`) refuses it in words naming the host, never with an error of another kind."""

from __future__ import annotations

from dataclasses import replace

import pytest

from p2pshithead.net import Entry, Identity, RemoteProtocolError, SeatInfo, TableSetup, Transcript, make_genesis
from p2pshithead.net._app import Previous

from .countdown import COUNTDOWN, Countdown
from .fake_link import APPS

IDS = [Identity.generate(f"p{i}") for i in range(3)]


def _genesis(order: tuple[bytes, ...]) -> Entry:
    """A genesis of a second game whose link states `order` as the last game's finish order (built past
    `Previous`'s own checks, as a hostile host's program may)."""
    previous = object.__new__(Previous)
    for name, value in (("game", 2), ("head", bytes(32)), ("order", order)):
        object.__setattr__(previous, name, value)
    spec = APPS["shithead"]
    setup = TableSetup(bytes(range(16)), "t", "shithead", "classic", spec.ruleset_hash("classic"),
                       tuple(SeatInfo(i.public, i.nick) for i in IDS), previous)  # fmt: skip
    return make_genesis(IDS[0], setup)


@pytest.mark.parametrize("seat", [None, 1], ids=["spectator", "joiner"])
def test_a_previous_finish_order_naming_a_key_twice_is_refused_naming_the_host(seat: int | None) -> None:
    genesis = _genesis((IDS[1].public, IDS[1].public, IDS[0].public))
    with pytest.raises(RemoteProtocolError, match="genesis") as refused:
        Transcript.start(genesis, seat, APPS, "host of t")
    assert refused.value.peer == "host of t"


def test_a_previous_finish_order_naming_each_key_once_is_taken() -> None:
    genesis = _genesis((IDS[1].public, IDS[2].public, IDS[0].public))
    assert Transcript.start(genesis, None, APPS).setup.previous is not None


def test_a_link_naming_a_key_twice_is_refused_where_it_is_built() -> None:
    with pytest.raises(ValueError, match="twice"):
        Previous(2, bytes(32), (IDS[1].public, IDS[1].public))


def _picky(setup: TableSetup, seat: int | None, secret: bytes) -> Countdown:
    """The countdown game, but an application that refuses, as it is built, a table named "odd"."""
    if setup.name == "odd":
        raise ValueError("this application plays no table named 'odd'")
    return Countdown(setup, seat, secret)


PICKY = {"countdown": replace(COUNTDOWN, make=_picky)}


def test_a_genesis_the_application_refuses_as_it_is_built_is_refused_naming_the_host() -> None:
    setup = TableSetup(bytes(16), "odd", "countdown", "short", COUNTDOWN.ruleset_hash("short"),
                       tuple(SeatInfo(i.public, i.nick) for i in IDS))  # fmt: skip
    with pytest.raises(RemoteProtocolError, match="genesis: this application plays no table named 'odd'") as refused:
        Transcript.start(make_genesis(IDS[0], setup), None, PICKY, "host of odd")
    assert refused.value.peer == "host of odd"
