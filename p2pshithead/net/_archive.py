# Saved transcripts: a file is the entries in order, each one frame (the wire framing, so the same size
# limit and strict decoding apply). Invariant: `load_entries` returns only schema-checked entries, naming
# the file and the frame number when one is bad.
"""`save_entries`, `load_entries`, `default_transcript_path` and `replay`."""

from __future__ import annotations

from pathlib import Path

from p2pshithead.net._app import Apps
from p2pshithead.net._errors import LocalProtocolError, RemoteProtocolError
from p2pshithead.net._framing import FrameDecoder, encode_frame
from p2pshithead.net._transcript import Entry, Progress, Transcript

SUFFIX = ".p2ps"


def default_transcript_path(transcripts: Path, table_id: bytes, seat: int) -> Path:
    """Where a peer saves a game in `transcripts` (the config folder's `transcripts/`) when no path is given."""
    return transcripts / f"{table_id.hex()}-seat{seat}{SUFFIX}"


def save_entries(path: Path, entries: list[Entry]) -> None:
    """Write `entries` to `path` (parents created)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"".join(encode_frame(e.to_wire()) for e in entries))


def load_entries(path: Path) -> list[Entry]:
    """Read a saved transcript.

    Raises:
        RemoteProtocolError: naming the file, when a frame is cut short or breaks the entry schema.
    """
    data = path.read_bytes()
    decoder = FrameDecoder(str(path))
    objects = decoder.feed(data)
    if decoder.buffered:
        raise RemoteProtocolError(str(path), f"{decoder.buffered} bytes of a cut-short frame at the end")
    return [Entry.from_wire(f"{path} entry {i}", obj) for i, obj in enumerate(objects)]


def replay(entries: list[Entry], source: str, apps: Apps) -> Transcript:
    """Check and apply `entries` as an observer would, stopping at the first fault (the verdict). A saved
    file never holds an entry that breaks the chain (a peer keeps only entries that pass), so a broken
    link is damage to the file, never a player's fault.

    Raises:
        RemoteProtocolError: naming `source` when there is no valid genesis, the chain is broken (the file
            is damaged), or entries follow a complete game.
    """
    if not entries:
        raise RemoteProtocolError(source, "no entries")
    transcript = Transcript.start(entries[0], None, apps, source)
    for entry in entries[1:]:
        if transcript.phase is Progress.STOPPED:
            break  # the first fault is the verdict; what follows it does not count
        problem = transcript.chain_problem(entry)
        if problem is not None:
            raise RemoteProtocolError(source, f"damaged at entry {len(transcript.entries)} ({problem})")
        try:
            transcript.append(entry)
        except LocalProtocolError:
            raise RemoteProtocolError(source, f"entry {entry.index} follows the end of the game") from None
    return transcript
