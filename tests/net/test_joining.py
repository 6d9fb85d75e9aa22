"""The joiner's decisions in memory (`net/_joining.py`): which host it proves itself to, and what a lost
link means (give up, sit again, come back)."""

from __future__ import annotations

import pytest

from p2pshithead.net import RemoteProtocolError
from p2pshithead.net._joining import AfterLoss, HostPin, after_loss

HOST, OTHER = bytes(32), bytes(range(32))


def test_the_first_challenge_pins_the_host_and_another_is_not_answered() -> None:
    pin = HostPin()
    pin.challenge(HOST, "host of kitchen")
    pin.challenge(HOST, "host of kitchen")  # every later challenge of the same host is answered
    with pytest.raises(RemoteProtocolError, match="host of kitchen: challenged this peer for another host's key"):
        pin.challenge(OTHER, "host of kitchen")
    assert pin.key == HOST


def test_the_ads_key_is_pinned_before_any_challenge() -> None:
    with pytest.raises(RemoteProtocolError, match="another host's key than the table's it chose"):
        HostPin(HOST).challenge(OTHER, "host")


def test_a_game_is_taken_only_sealed_by_the_pinned_key() -> None:
    pin = HostPin(HOST)
    pin.seal(HOST, "host")
    with pytest.raises(RemoteProtocolError, match="host: its game is sealed by another key"):
        pin.seal(OTHER, "host")
    with pytest.raises(RemoteProtocolError, match="sealed by another key"):
        HostPin().seal(HOST, "host")  # no key proven to: no game taken


CLOSED = RemoteProtocolError("host", "connection closed")
BROKE = RemoteProtocolError("host", "sent 'welcome' out of place")


@pytest.mark.parametrize(("exc", "answered", "then"), [
    (CLOSED, True, AfterLoss.SIT_AGAIN), (ConnectionResetError(), True, AfterLoss.SIT_AGAIN),
    (OSError("no route"), True, AfterLoss.SIT_AGAIN),
    (CLOSED, False, AfterLoss.GIVE_UP),  # the first hello was never taken: that is the host's answer
    (BROKE, True, AfterLoss.GIVE_UP),  # a host that broke the protocol is not dialled again
])  # fmt: skip
def test_before_the_game_a_broken_link_is_sat_again_at_once_the_host_took_this_peer(
    exc: BaseException, answered: bool, then: AfterLoss
) -> None:
    assert after_loss(exc, answered=answered, in_game=False, over=False) is then


@pytest.mark.parametrize("exc", [CLOSED, BROKE, OSError("no route")])
def test_in_a_game_in_play_any_loss_is_come_back_from_and_after_it_none(exc: BaseException) -> None:
    assert after_loss(exc, answered=True, in_game=True, over=False) is AfterLoss.COME_BACK
    assert after_loss(exc, answered=False, in_game=True, over=False) is AfterLoss.COME_BACK  # a resumed seat
    assert after_loss(exc, answered=True, in_game=True, over=True) is AfterLoss.GIVE_UP
