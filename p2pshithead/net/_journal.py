# A peer's record of one table on disk, so that neither a crash nor a pulled plug loses a game: the
# entries as this peer applied them (append-only frames, the transcript file format), a small record
# of what it needs to come back (table id, role, where the host was, the table's options, and the local
# seat's secret), and the last message the local seat signed (`sent`), so that a seat that comes back
# sends that very message again rather than sign another for its place. Invariants: an entry is appended
# and flushed before this peer acts on it or relays it; a message is kept before it is sent; the record
# and the message are replaced atomically (written aside, then renamed); a file cut short by a kill at any
# instant, or left with a tail of zeros by a pulled plug, loads as its longest valid prefix; a journal
# marked finished is never resumed. A journal is taken up only once `replay_journal` has rebuilt its game
# for this identity, every entry checked again and the local secret found to be the one its seat
# committed to; one that cannot be (damaged, of another game or key) raises `JournalError` naming its
# table, before anything is played, and is set aside (`<table id>.set-aside`, never read again, kept for
# a person to look at). The folder holds secrets: it is the owner's alone (0700).
"""`Journal` and `SeatRecord`: a table's entries and resume record under `<config>/tables/<table id>/`;
`replay_journal`, the check that a journal is this identity's game."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, BinaryIO

from p2pshithead.errors import LocalSecretError, P2PError
from p2pshithead.files import read_small
from p2pshithead.net._app import Apps
from p2pshithead.net._errors import JournalError, RemoteProtocolError
from p2pshithead.net._framing import MAX_FRAME, FrameDecoder, decode_object, encode_frame, pack
from p2pshithead.net._messages import SUBMIT_SCHEMA, check_message, checked
from p2pshithead.net._transcript import (
    SEQUENCER,
    Authored,
    Entry,
    Progress,
    Transcript,
    authored_from,
    authored_to_wire,
    setup_from_genesis,
)
from p2pshithead.wire import Bool, Bytes, Int, List, Opaque, Str, fields

_ENTRIES, _RECORD, _SENT = "entries.p2ps", "seat.msgpack", "sent.msgpack"
_RECORD_MOST = 64 * 1024  # the most bytes a record is read for (one is well under 1 KB)
_TABLE_FOLDER = re.compile(r"[0-9a-f]{32}")  # a journal's folder: its table id (a set-aside one is not)
SET_ASIDE = ".set-aside"
"""What a journal set aside adds to its folder's name."""
_RECORD_SCHEMA = fields(
    table=Bytes(16, 16), role=Str(4, 4), secret=Bytes(0, 256), addresses=List(Str(1, 64), 0, 16),
    port=Int(0, 65535), options=Opaque(), finished=Bool(),
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """What a peer needs to come back to a table: `role` "host" or "join", the local seat's `secret`,
    the host's `addresses` and `port`, the table's `options` (plain data: the host's configuration)."""

    table_id: bytes
    role: str
    secret: bytes
    addresses: tuple[str, ...] = ()
    port: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    finished: bool = False

    def to_wire(self) -> dict[str, Any]:
        return {"table": self.table_id, "role": self.role, "secret": self.secret, "addresses": list(self.addresses),
                "port": self.port, "options": self.options, "finished": self.finished}  # fmt: skip


class Journal:
    """The journal of one table in `folder`: `write_record`, `append` entries, `finish`; `load` reads back."""

    __slots__ = ("_file", "folder")

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._file: BinaryIO | None = None

    @classmethod
    def for_table(cls, tables: Path, table_id: bytes) -> Journal:
        """The journal of table `table_id` in `tables` (the config folder's `tables/`)."""
        return cls(tables / table_id.hex())

    def write_record(self, record: SeatRecord) -> None:
        """Replace the record atomically."""
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        aside = self.folder / (_RECORD + ".new")
        with open(aside, "wb", opener=lambda p, flags: os.open(p, flags, 0o600)) as out:
            out.write(pack(record.to_wire()))
            out.flush()
            os.fsync(out.fileno())
        os.replace(aside, self.folder / _RECORD)

    def record(self) -> SeatRecord | None:
        """The record, or None when there is none (or it cannot be read)."""
        try:
            return self.checked_record()
        except JournalError:
            return None

    def checked_record(self) -> SeatRecord | None:
        """The record, or None when there is none (a game whose first record was never written).

        Raises:
            JournalError: the record is there but cannot be read: cut short, not a record, fields of the
                wrong type, or of another table than its folder's.
        """
        path, name = self.folder / _RECORD, self.folder.name
        try:
            data = read_small(path, _RECORD_MOST)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise JournalError(name, f"its record {path.name} cannot be read ({exc.strerror})") from None
        try:
            d = checked(_RECORD_SCHEMA, decode_object(data, path.name), path.name)
        except RemoteProtocolError as exc:
            raise JournalError(name, f"its record {path.name} is damaged ({exc.reason})") from None
        if d["role"] not in ("host", "join") or not isinstance(d["options"], dict):
            raise JournalError(name, f"its record {path.name} is damaged (role {d['role']!r}, or options not a map)")
        if _TABLE_FOLDER.fullmatch(name) and d["table"].hex() != name:
            raise JournalError(name, f"its record {path.name} is of another table ({d['table'].hex()})")
        return SeatRecord(d["table"], d["role"], d["secret"], tuple(d["addresses"]), d["port"], d["options"],
                          d["finished"])  # fmt: skip

    def append(self, entry: Entry) -> None:
        """Append `entry` and flush it to the OS (it survives the process being killed)."""
        if self._file is None:
            self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            self._file = open(self.folder / _ENTRIES, "ab")  # noqa: SIM115 (closed by `close`)
        self._file.write(encode_frame(entry.to_wire()))
        self._file.flush()

    def entries(self) -> list[Entry]:
        """The entries saved so far; a frame cut short (a kill mid-write), or a tail of zeros from a frame's
        start on (a pulled plug: the file kept its new size, not the data), is dropped from the file.

        Raises:
            JournalError: a frame in the file is not an entry (damage neither leaves).
        """
        path = self.folder / _ENTRIES
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise JournalError(self.folder.name, f"its entries cannot be read ({exc.strerror})") from None
        whole = len(data)
        data = data[: _unwritten(data)]
        decoder = FrameDecoder(path.name)
        try:
            objects = decoder.feed(data)
            entries = [Entry.from_wire(f"{path.name} entry {i}", obj) for i, obj in enumerate(objects)]
        except RemoteProtocolError as exc:
            raise JournalError(self.folder.name, f"its entries are damaged ({exc})") from None
        if decoder.buffered or len(data) < whole:
            with open(path, "r+b") as out:
                out.truncate(len(data) - decoder.buffered)
        return entries

    def replay(self, key: bytes, apps: Apps) -> tuple[SeatRecord, Transcript]:
        """The record and the game it holds, rebuilt for the identity whose public key is `key`
        (`replay_journal`).

        Raises:
            JournalError: there is no record, or the journal cannot be taken up (`replay_journal`).
        """
        record = self.checked_record()
        if record is None:
            raise JournalError(self.folder.name, f"it holds no record ({_RECORD})")
        return record, replay_journal(record, self.entries(), key, apps)

    def set_aside(self) -> Path:
        """Move the journal out of the way (its folder renamed `<name>.set-aside`, `-2`, ... if taken): it is
        never offered for resuming again, and kept whole for a person to look at. Returns where it is now."""
        self.close()
        for n in range(1, 1000):
            aside = self.folder.with_name(self.folder.name + SET_ASIDE + ("" if n == 1 else f"-{n}"))
            if not aside.exists():
                break
        self.folder.rename(aside)
        self.folder = aside
        return aside

    def write_sent(self, msg: Authored) -> None:
        """Keep `msg`, the local seat's message about to be sent, in place of the one kept before (atomically,
        on the disk: it survives the process being killed and the plug being pulled)."""
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        aside = self.folder / (_SENT + ".new")
        with open(aside, "wb", opener=lambda p, flags: os.open(p, flags, 0o600)) as out:
            out.write(pack(authored_to_wire(msg)))
            out.flush()
            os.fsync(out.fileno())  # a pulled plug must not lose it: the seat would sign another for its place
        os.replace(aside, self.folder / _SENT)

    def sent(self) -> Authored | None:
        """The local seat's last message kept by `write_sent`, or None (none kept, or unreadable)."""
        path = self.folder / _SENT
        try:
            data = read_small(path, MAX_FRAME)
            return authored_from(check_message(decode_object(data, str(path)), {"submit": SUBMIT_SCHEMA}, str(path)))
        except (OSError, RemoteProtocolError, ValueError):
            return None

    def finish(self) -> None:
        """Mark the table over: it is not offered for resuming again."""
        record = self.record()
        if record is not None:
            self.write_record(replace(record, finished=True))
        self.close()

    def close(self) -> None:
        """Close the entries file (safe to call twice)."""
        if self._file is not None:
            self._file.close()
            self._file = None


def _unwritten(data: bytes) -> int:
    """Where a tail of zeros begins at a frame's start in `data` (framed entries), else its length: a frame
    never has length 0, so zeros there are bytes the file system kept room for and never wrote."""
    at = 0
    while at + 4 <= len(data):
        if not any(data[at : at + 4]) and not any(data[at:]):
            return at
        at += 4 + int.from_bytes(data[at : at + 4], "big")
    return at if at < len(data) and not any(data[at:]) else len(data)


def _journals(tables: Path) -> list[Journal]:
    """Every journal in `tables`, newest first (not those set aside)."""
    folders = [f for f in tables.glob("*") if _TABLE_FOLDER.fullmatch(f.name)] if tables.is_dir() else []
    return [Journal(f) for f in sorted(folders, key=lambda f: f.stat().st_mtime, reverse=True)]


def unfinished(tables: Path, role: str) -> list[tuple[Journal, SeatRecord]]:
    """Journals in `tables` of tables not finished where this peer had `role`, newest first (not the damaged ones:
    `damaged`)."""
    found = []
    for journal in _journals(tables):
        record = journal.record()
        if record is not None and record.role == role and not record.finished:
            found.append((journal, record))
    return found


def damaged(tables: Path) -> list[tuple[Journal, JournalError]]:
    """Journals in `tables` whose record cannot be read, newest first, with why: neither role can take them up (which
    one it was cannot be read either), so whoever looks for an unfinished game is told and sets them aside."""
    found = []
    for journal in _journals(tables):
        try:
            journal.checked_record()
        except JournalError as exc:
            found.append((journal, exc))
    return found


def replay_journal(record: SeatRecord, entries: Sequence[Entry], key: bytes, apps: Apps) -> Transcript:
    """The game `record` and `entries` hold, rebuilt for the identity whose public key is `key`: what this
    peer comes back to. Every entry is checked again, as when it came; a broken chain is damage to the
    file (never a seat's fault); the application checks that the record's secret is the one its seat
    committed to (the card game: the seat's key share), so a wrong secret is refused here, before anything
    is sent or opened. Sans-IO: data in, a transcript out.

    Raises:
        JournalError: naming the record's table, when the entries are not its game (no genesis, another
            table), the game gives `key` no seat (or not the record's role: a host sits in seat 0), the
            secret is not of the size the application draws its keys from, an entry is damaged or follows
            the end of the game, or the application refuses the secret.
    """
    table = record.table_id.hex()
    if not entries:
        raise JournalError(table, "the journal holds no entry of its game")
    try:
        setup = setup_from_genesis(entries[0], "journal", apps)
    except RemoteProtocolError as exc:
        raise JournalError(table, f"its first entry is not a game's genesis ({exc.reason})") from None
    if setup.table_id != record.table_id:
        raise JournalError(table, f"its entries are of another table ({setup.table_id.hex()})")
    keys = [s.key for s in setup.seats]
    if key not in keys:
        raise JournalError(table, "its game gives your key no seat (the journal is of another identity)")
    seat = keys.index(key)
    if (seat == SEQUENCER) != (record.role == "host"):
        raise JournalError(table, f"it says this peer was {record.role}, and your key sits in seat {seat}")
    size = apps[setup.app].secret_size
    if len(record.secret) != size:
        raise JournalError(table, f"its secret is {len(record.secret)} bytes, not the {size} your seat's key "
                                  "is drawn from")  # fmt: skip
    try:
        transcript = Transcript.start(entries[0], seat, apps, "journal", record.secret)
    except P2PError as exc:
        raise JournalError(table, f"its secret cannot be your seat's ({exc})") from None
    for entry in entries[1:]:
        if transcript.phase in (Progress.DONE, Progress.STOPPED):
            raise JournalError(table, f"entry {entry.index} follows the end of the game")
        if (problem := transcript.chain_problem(entry)) is not None:
            raise JournalError(table, f"its entries are damaged at entry {len(transcript.entries)} ({problem})")
        try:
            transcript.append(entry)
        except LocalSecretError as exc:  # the application refuses the secret (the card game: WrongKeyError)
            raise JournalError(table, f"entry {entry.index}: {exc}") from None
    return transcript
