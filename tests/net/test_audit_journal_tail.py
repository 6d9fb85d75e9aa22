"""A pulled plug can leave a journal's file longer than what was written: the file system kept the new size
and never the data, so the tail reads as zeros from where the lost frames began. Those zeros are a tail
cut short, like a frame a kill cut: the entries before them load (the file is cut back to them), and the
game is resumed. Zeros with frames after them are damage, as before."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from p2pshithead.net import Identity, Journal, JournalError

from .journaled import TABLE_ID, Played, play


@pytest.fixture(scope="module")
def game() -> Played:
    return play((Identity.generate("ann"), Identity.generate("bob")))


def _journal(game: Played, folder: Path, tail: bytes) -> Journal:
    journal = Journal.for_table(folder, TABLE_ID)
    journal.write_record(game.record(1))
    for entry in game.entries[:10]:
        journal.append(entry)
    journal.close()
    with open(journal.folder / "entries.p2ps", "ab") as out:
        out.write(tail)
    return journal


@pytest.mark.parametrize("zeros", [1, 4, 4096])
def test_a_tail_of_zeros_is_cut_like_a_torn_frame(game: Played, tmp_path: Path, zeros: int) -> None:
    journal = _journal(game, tmp_path, bytes(zeros))
    size = (journal.folder / "entries.p2ps").stat().st_size
    assert journal.entries() == list(game.entries[:10])
    assert (journal.folder / "entries.p2ps").stat().st_size == size - zeros  # cut back to the entries
    assert journal.entries() == list(game.entries[:10])


def test_zeros_with_a_frame_after_them_are_damage(game: Played, tmp_path: Path) -> None:
    whole = Journal.for_table(tmp_path / "other", TABLE_ID)
    whole.append(game.entries[10])
    whole.close()
    frame = (whole.folder / "entries.p2ps").read_bytes()
    journal = _journal(game, tmp_path, bytes(16) + frame)
    with pytest.raises(JournalError, match="damaged"):
        journal.entries()


def test_the_message_a_seat_is_about_to_send_is_on_the_disk_before_it_is_sent(
        game: Played, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """After a pulled plug a seat must find the message it sent, or it signs another for its place: an
    honest seat proven to equivocate. So the message is forced to the disk (fsync), as the record is,
    before the rename that makes it the one kept."""
    synced: list[int] = []  # the files forced to the disk, by inode
    fsync = os.fsync

    def recorded(fd: int) -> None:
        synced.append(os.fstat(fd).st_ino)
        fsync(fd)

    monkeypatch.setattr(os, "fsync", recorded)
    journal = Journal.for_table(tmp_path, TABLE_ID)
    journal.write_sent(game.entries[3].msg)
    assert synced == [(journal.folder / "sent.msgpack").stat().st_ino]
    assert journal.sent() == game.entries[3].msg
