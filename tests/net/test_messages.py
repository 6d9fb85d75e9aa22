"""The host's session messages, typed both ways: what the host sends (`to_wire`) a joiner reads back, after
`FROM_HOST` has checked it, as the very value sent (`host_message`)."""

from __future__ import annotations

import pytest

from p2pshithead.net._messages import (
    FROM_HOST,
    AwayNews,
    Bye,
    Challenge,
    HostMessage,
    LobbyNews,
    Reject,
    Resumed,
    TableInfo,
    Wait,
    WatchingTable,
    Welcome,
    check_message,
    host_message,
)
from p2pshithead.net._transcript import PROTOCOL_VERSION

INFO = TableInfo(PROTOCOL_VERSION, "kitchen", "shithead", "classic", "Tens burn.", 60, 120)
SENT: list[HostMessage] = [
    Welcome(INFO, 2), Wait(INFO), WatchingTable(INFO), Resumed(INFO, 1, 40),
    Challenge(bytes(16), bytes(range(32)), bytes(32)), Reject("table full"),
    LobbyNews(({"nick": "ann", "ready": True}, None)), AwayNews(1, 30), AwayNews(1, 0), Bye("table closed"),
]  # fmt: skip


@pytest.mark.parametrize("sent", SENT, ids=lambda m: m.T)
def test_a_hosts_message_is_read_back_as_the_value_sent(sent: HostMessage) -> None:
    assert host_message(check_message(sent.to_wire(), FROM_HOST, "host")) == sent


def test_every_kind_of_host_message_is_covered() -> None:
    assert {m.T for m in SENT} == set(FROM_HOST) - {"entry", "ping", "pong"}


@pytest.mark.parametrize("kind", ["entry", "ping"])
def test_an_entry_or_a_keepalive_is_no_session_message(kind: str) -> None:
    with pytest.raises(ValueError, match=f"'{kind}' is not a session message from a host"):
        host_message({"t": kind})
