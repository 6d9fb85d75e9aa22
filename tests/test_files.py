"""`read_small`: whatever stands where the program keeps a small file is read at once and within bounds, or
refused in words (a fifo blocked the read; a link to /dev/zero read without end)."""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

import pytest

from p2pshithead import lang
from p2pshithead.files import read_small

posix = pytest.mark.skipif(sys.platform == "win32", reason="fifos and /dev/zero are POSIX's")


def test_a_small_file_is_read_whole_up_to_its_bound(tmp_path: Path) -> None:
    (tmp_path / "f").write_bytes(b"x" * 10)
    assert read_small(tmp_path / "f", 10) == b"x" * 10


def _refused(path: Path, most: int = 10) -> OSError:
    lang.use("en")
    with pytest.raises(OSError) as caught:
        read_small(path, most)
    assert caught.value.filename == str(path)
    return caught.value


def test_a_file_over_its_bound_is_refused_in_words(tmp_path: Path) -> None:
    (tmp_path / "f").write_bytes(b"x" * 11)
    refused = _refused(tmp_path / "f")
    assert (refused.errno, refused.strerror) == (errno.EFBIG, "larger than 10 bytes")


@posix
def test_a_fifo_is_refused_at_once_not_waited_on(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "f")
    refused = _refused(tmp_path / "f")
    assert (refused.errno, refused.strerror) == (errno.ENODEV, "not a file but a pipe or a device")


@posix
def test_a_link_to_a_device_is_refused(tmp_path: Path) -> None:
    (tmp_path / "f").symlink_to("/dev/zero")
    assert _refused(tmp_path / "f").strerror == "not a file but a pipe or a device"


@posix  # (Windows refuses to open a folder: the system's PermissionError)
def test_a_folder_is_refused_in_words(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    refused = _refused(tmp_path / "d")
    assert (refused.errno, refused.strerror) == (errno.EISDIR, "a folder, not a file")


def test_a_missing_file_is_the_systems_error() -> None:
    with pytest.raises(FileNotFoundError):
        read_small(Path("no such file"), 10)
