# A peer's record of one table on disk, so that neither a crash nor a pulled plug loses a game: the
# entries as this peer applied them (append-only frames, the transcript file format), a small record
# of what it needs to come back (table id, role, where the host was, the table's options, and the local
# seat's secret), and the last message the local seat signed (`sent`), so that a seat that comes back
# sends that very message again rather than sign another for its place. Invariants: an entry is appended
# and flushed before this peer acts on it or relays it; a message is kept before it is sent; the record
# and the message are replaced atomically (written aside, then renamed); a file cut short by a kill at any
# instant loads as its longest valid prefix; a journal marked finished is never resumed. The folder
# holds secrets: it is the owner's alone (0700).
"""`Journal` and `SeatRecord`: a table's entries and resume record under `<config>/tables/<table id>/`."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, BinaryIO

from p2pshithead.net._errors import RemoteProtocolError
from p2pshithead.net._framing import FrameDecoder, decode_object, encode_frame, pack
from p2pshithead.net._identity import config_dir
from p2pshithead.net._messages import SUBMIT_SCHEMA, check_message, checked
from p2pshithead.net._transcript import Authored, Entry, authored_from, authored_to_wire
from p2pshithead.wire import Bool, Bytes, Int, List, Opaque, Str, fields

_ENTRIES, _RECORD, _SENT = "entries.p2ps", "seat.msgpack", "sent.msgpack"
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


def tables_dir() -> Path:
    """Where journals live: the config folder's `tables/`."""
    return config_dir() / "tables"


class Journal:
    """The journal of one table in `folder`: `write_record`, `append` entries, `finish`; `load` reads back."""

    __slots__ = ("_file", "folder")

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._file: BinaryIO | None = None

    @classmethod
    def for_table(cls, table_id: bytes) -> Journal:
        """The journal of table `table_id` in the config folder."""
        return cls(tables_dir() / table_id.hex())

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
            data = (self.folder / _RECORD).read_bytes()
            d = checked(_RECORD_SCHEMA, decode_object(data, str(self.folder)), str(self.folder))
        except (OSError, RemoteProtocolError):
            return None
        if d["role"] not in ("host", "join") or not isinstance(d["options"], dict):
            return None
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
        """The entries saved so far; a frame cut short (a kill mid-write) is dropped from the file."""
        path = self.folder / _ENTRIES
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return []
        decoder = FrameDecoder(str(path))
        objects = decoder.feed(data)
        if decoder.buffered:
            with open(path, "r+b") as out:
                out.truncate(len(data) - decoder.buffered)
        return [Entry.from_wire(f"{path} entry {i}", obj) for i, obj in enumerate(objects)]

    def write_sent(self, msg: Authored) -> None:
        """Keep `msg`, the local seat's message about to be sent, in place of the one kept before (atomically,
        flushed to the OS: it survives the process being killed)."""
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        aside = self.folder / (_SENT + ".new")
        with open(aside, "wb", opener=lambda p, flags: os.open(p, flags, 0o600)) as out:
            out.write(pack(authored_to_wire(msg)))
        os.replace(aside, self.folder / _SENT)

    def sent(self) -> Authored | None:
        """The local seat's last message kept by `write_sent`, or None (none kept, or unreadable)."""
        path = self.folder / _SENT
        try:
            return authored_from(check_message(decode_object(path.read_bytes(), str(path)), {"submit": SUBMIT_SCHEMA},
                                               str(path)))  # fmt: skip
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


def unfinished(role: str) -> list[tuple[Journal, SeatRecord]]:
    """Journals of tables not finished where this peer had `role`, newest first."""
    found = []
    for folder in tables_dir().glob("*") if tables_dir().is_dir() else ():
        journal = Journal(folder)
        record = journal.record()
        if record is not None and record.role == role and not record.finished:
            found.append((folder.stat().st_mtime, journal, record))
    return [(j, r) for _, j, r in sorted(found, key=lambda t: t[0], reverse=True)]
