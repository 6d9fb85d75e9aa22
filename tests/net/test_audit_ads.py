"""Any device on the LAN can announce a table, signed by a key of its own: a record whose every field is not
what a host of ours sends (a nickname away with control characters, time limits out of range) is not
listed, so nothing it says reaches a person's terminal unchecked."""

from __future__ import annotations

import socket
from dataclasses import replace
from types import SimpleNamespace

import pytest
from zeroconf.asyncio import AsyncServiceInfo

from p2pshithead.net import PROTOCOL_VERSION, Identity
from p2pshithead.net._discovery import SERVICE_TYPE, TableAd

MALLORY = Identity.generate("mallory")
AD = TableAd("ab" * 16, "Friday", "harry", "classic", "cd" * 32, 2, 2, PROTOCOL_VERSION, ("192.0.2.7",), 5000,
             playing=True, away=("ann",), turn_time=60, away_time=120)  # fmt: skip


def _heard(properties: dict[str, str]) -> TableAd | None:
    info = AsyncServiceInfo(SERVICE_TYPE, f"t.{SERVICE_TYPE}", port=5000, properties=properties,
                            addresses=[socket.inet_aton("192.0.2.7")])  # fmt: skip
    return TableAd.from_info(info)


def _signed(**changes: str) -> dict[str, str]:
    """The TXT record of `AD` with `changes`, signed by the announcer's own key, as a hostile one signs it."""
    unsigned = {**AD.properties, **changes, "key": MALLORY.public.hex()}
    record = SimpleNamespace(properties=unsigned)  # what `signed_bytes` reads
    return {**unsigned, "sig": MALLORY.sign(TableAd.signed_bytes(record)).hex()}  # type: ignore[arg-type]


def test_a_record_signed_by_its_announcer_is_heard() -> None:
    assert _heard(_signed()) is not None


@pytest.mark.parametrize("changes", [
    {"away": "ann,\x1b[2J\x1b[31mpay me"}, {"away": "\x07"}, {"away": "a" * 25},
    {"limits": "-5/120"}, {"limits": "60/-1"}, {"limits": f"{10**9}/120"},
], ids=["escape", "bell", "long", "negative turn", "negative away", "huge turn"])  # fmt: skip
def test_a_record_with_a_field_no_host_sends_is_not_listed(changes: dict[str, str]) -> None:
    assert _heard(_signed(**changes)) is None


def test_a_table_ad_refuses_the_same_values_where_it_is_built() -> None:
    with pytest.raises(ValueError, match="away"):
        replace(AD, away=("\x1b[2J",))
    with pytest.raises(ValueError, match="limits"):
        replace(AD, turn_time=-1)
