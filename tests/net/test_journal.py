"""Taking a journal up: `replay_journal` rebuilds this identity's game from a record and its entries, or
refuses in words naming the table (a secret its seat did not commit to, another table's or identity's
entries, a broken chain); a record that cannot be read is found by `damaged`; `set_aside` puts a journal
out of the way for good, kept whole."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from p2pshithead.cli.home import HOME_ENV, tables_dir
from p2pshithead.crypto import WrongKeyError
from p2pshithead.errors import Fault, LocalSecretError
from p2pshithead.net import (
    Identity,
    Journal,
    JournalError,
    LocalProtocolError,
    NetError,
    SeatRecord,
    Transcript,
    damaged,
    replay_journal,
    unfinished,
)
from p2pshithead.net._framing import encode_frame, pack

from .fake_link import APPS
from .journaled import TABLE_ID, Played, play

TABLE = TABLE_ID.hex()


@pytest.fixture(scope="module")
def game() -> Played:
    return play((Identity.generate("ann"), Identity.generate("bob")))


@pytest.fixture
def tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    return tmp_path / "tables"


def keep(game: Played, record: SeatRecord, upto: int | None = None) -> Journal:
    """Write `record` and the game's entries (the first `upto`) as the journal in the config folder."""
    journal = Journal.for_table(tables_dir(), TABLE_ID)
    journal.write_record(record)
    for entry in game.entries[:upto]:
        journal.append(entry)
    journal.close()
    return journal


def test_a_journal_as_kept_replays_to_its_seats_game(game: Played) -> None:
    for seat in (0, 1):
        transcript = replay_journal(game.record(seat), game.entries, game.ids[seat].public, APPS)
        assert transcript.head.digest == game.entries[-1].digest
    midway = replay_journal(game.record(1), game.entries[:40], game.ids[1].public, APPS)
    assert len(midway.entries) == 40 and midway.verdict is None


def test_a_secret_its_seat_did_not_commit_to_is_refused_naming_the_table(game: Played) -> None:
    other = os.urandom(64)  # another valid secret: a key share the game never saw
    with pytest.raises(JournalError, match="secret does not match the key share seat 1 committed to") as error:
        replay_journal(game.record(1, secret=other), game.entries, game.ids[1].public, APPS)
    assert error.value.table == TABLE and isinstance(error.value, LocalProtocolError)


def test_a_secret_before_its_seat_committed_is_not_yet_checked(game: Played) -> None:
    """Before the seat's key share is in the transcript the secret is the one it will commit to."""
    transcript = replay_journal(game.record(1, secret=os.urandom(64)), game.entries[:1], game.ids[1].public, APPS)
    assert len(transcript.entries) == 1


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"secret": b""}, "secret is 0 bytes, not the 64"),
        ({"secret": b"\x01" * 63}, "secret is 63 bytes, not the 64"),
        ({"table_id": bytes(16)}, f"entries are of another table ({TABLE})"),
        ({"role": "host"}, "it says this peer was host, and your key sits in seat 1"),
    ],
)
def test_a_record_that_does_not_fit_its_entries_is_refused(game: Played, change: dict, reason: str) -> None:
    with pytest.raises(JournalError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        replay_journal(game.record(1, **change), game.entries, game.ids[1].public, APPS)


def test_entries_that_give_this_key_no_seat_are_refused(game: Played) -> None:
    with pytest.raises(JournalError, match="gives your key no seat"):
        replay_journal(game.record(1), game.entries, Identity.generate("eve").public, APPS)


def test_damaged_entries_are_refused_as_damage_never_as_a_seats_fault(game: Played) -> None:
    cases = [
        ((), "holds no entry"),
        (game.entries[1:], "first entry is not a game's genesis"),
        (game.entries[:3] + game.entries[4:], "damaged at entry 3"),
        ((*game.entries, game.entries[-1]), "follows the end of the game"),
    ]
    for entries, reason in cases:
        with pytest.raises(JournalError, match=reason):
            replay_journal(game.record(1), entries, game.ids[1].public, APPS)


def test_a_record_that_cannot_be_read_is_found_damaged_and_set_aside(game: Played, tables: Path) -> None:
    journal = keep(game, game.record(1), upto=20)
    path = journal.folder / "seat.msgpack"
    whole = path.read_bytes()
    wire = game.record(1).to_wire()
    for data in (whole[: len(whole) // 2], b"", pack({**wire, "secret": "a string"}), pack({**wire, "role": 3}),
                 pack({**wire, "table": bytes(16)})):  # fmt: skip
        path.write_bytes(data)
        with pytest.raises(JournalError) as error:
            journal.checked_record()
        assert error.value.table == TABLE and "seat.msgpack" in error.value.reason
        assert journal.record() is None and unfinished(tables_dir(), "join") == []
        assert [(j.folder, e.reason) for j, e in damaged(tables_dir())] == [(journal.folder, error.value.reason)]
    aside = journal.set_aside()
    assert aside == tables / f"{TABLE}.set-aside" and not (tables / TABLE).exists()
    assert (aside / "seat.msgpack").read_bytes() == data and (aside / "entries.p2ps").exists()  # kept whole
    assert damaged(tables_dir()) == [] and unfinished(tables_dir(), "join") == []


def test_a_journal_set_aside_is_never_offered_again(game: Played, tables: Path) -> None:
    first = keep(game, game.record(1), upto=20)
    assert [j.folder for j, _ in unfinished(tables_dir(), "join")] == [first.folder]
    first.set_aside()
    assert unfinished(tables_dir(), "join") == []
    second = keep(game, game.record(1), upto=20)  # the same table journaled again, then set aside again
    assert second.set_aside() == tables / f"{TABLE}.set-aside-2"
    assert unfinished(tables_dir(), "join") == [] and damaged(tables_dir()) == []


def test_a_journal_replays_from_its_files_or_says_why_not(game: Played, tables: Path) -> None:
    journal = keep(game, game.record(1), upto=30)
    record, transcript = journal.replay(game.ids[1].public, APPS)
    assert record == game.record(1) and len(transcript.entries) == 30
    entries = journal.folder / "entries.p2ps"
    data = entries.read_bytes()
    entries.write_bytes(data + encode_frame({"t": "junk"}))  # damage no kill leaves: a whole frame, not an entry
    with pytest.raises(JournalError, match="entries are damaged") as error:
        journal.replay(game.ids[1].public, APPS)
    assert isinstance(error.value, NetError)
    keep(game, replace(game.record(1), secret=os.urandom(64)), upto=0)
    (journal.folder / "entries.p2ps").write_bytes(data)
    with pytest.raises(JournalError, match="does not match the key share"):
        journal.replay(game.ids[1].public, APPS)


def test_a_wrong_local_secret_blames_no_seat(game: Played) -> None:
    """The transcript turns whatever an application raises on a seat's payload into that seat's fault, but
    not this: the secret is this process's own, and no other peer would find anything wrong."""
    transcript = Transcript.start(game.entries[0], 1, APPS, "journal", os.urandom(64))
    own = next(e for e in game.entries[1:] if e.msg.seat == 1)  # seat 1's key share
    for entry in game.entries[1 : own.index]:
        transcript.append(entry)
    with pytest.raises(LocalSecretError) as error:
        transcript.append(own)
    assert isinstance(error.value, WrongKeyError) and not isinstance(error.value, Fault)
    assert transcript.verdict is None
    assert issubclass(JournalError, LocalProtocolError) and issubclass(JournalError, NetError)
