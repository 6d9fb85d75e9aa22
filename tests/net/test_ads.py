"""A table's announcement is signed by its host's key: a record changed on the way, or one of this protocol
version with no signature, is not listed; an older program's unsigned record still is (join says why it
cannot play there)."""

from __future__ import annotations

import socket
from dataclasses import replace

from zeroconf.asyncio import AsyncServiceInfo

from p2pshithead.net import PROTOCOL_VERSION, Identity
from p2pshithead.net._discovery import SERVICE_TYPE, TableAd

HOST = Identity.generate("harry")
UNSIGNED = 4
"""The last protocol version whose records are not signed (an older program's)."""
AD = TableAd("ab" * 16, "Friday", "harry", "classic", "cd" * 32, 1, 3, PROTOCOL_VERSION, ("192.0.2.7",), 5000)


def _heard(properties: dict[str, str]) -> TableAd | None:
    """What a browser makes of a record with these TXT properties."""
    info = AsyncServiceInfo(SERVICE_TYPE, f"t.{SERVICE_TYPE}", port=5000, properties=properties,
                            addresses=[socket.inet_aton("192.0.2.7")])  # fmt: skip
    return TableAd.from_info(info)


def test_a_signed_record_is_heard_whole_with_its_host_key() -> None:
    signed = AD.signed_by(HOST)
    heard = _heard(signed.properties)
    assert heard == signed and heard.host_key == HOST.public


def test_a_record_changed_on_the_way_is_not_listed() -> None:
    forged = {**AD.signed_by(HOST).properties, "name": "Mallory's"}  # harry's key and signature, another name
    assert _heard(forged) is None
    moved = {**AD.signed_by(HOST).properties, "id": "ef" * 16}  # or another table id
    assert _heard(moved) is None


def test_a_record_of_this_version_without_a_signature_is_not_listed() -> None:
    assert _heard(AD.properties) is None


def test_an_older_programs_unsigned_record_is_still_listed() -> None:
    older = replace(AD, version=UNSIGNED)
    heard = _heard(older.properties)
    assert heard == older and heard.host_key is None and heard.to_json()["key"] is None


def test_a_record_that_says_a_later_version_is_signed_too() -> None:
    assert _heard(replace(AD, version=PROTOCOL_VERSION + 1).properties) is None


def test_a_bogus_key_is_not_reported_as_the_hosts() -> None:
    older = replace(AD, version=UNSIGNED, key="ab" * 32, sig="cd" * 64)
    heard = _heard(older.properties)
    assert heard is not None and heard.host_key is None and heard.to_json()["key"] is None


def test_nicknames_of_players_away_are_cut_to_one_txt_string() -> None:
    """(one over 255 bytes once stopped the announcements: zeroconf refused the record)"""
    many = replace(AD, away=tuple(f"{'☕' * 20}{n}" for n in range(11)))
    away = many.properties["away"]
    assert len(f"away={away}".encode()) <= 255 and away.split(",") == list(many.away[: away.count(",") + 1])
    assert _heard(many.signed_by(HOST).properties) is not None
