"""`read_small`: a small file this program keeps (a saved ruleset, an identity key, a table's record, a
bot's level), read so that whatever stands at its path cannot stall or swamp the program.

Invariant: `read_small` returns at most `most` bytes, never blocks on what is not a file (a fifo, a
device such as a link to /dev/zero), and says what is wrong as an `OSError` whose `strerror` is words a
person can read, with the path as its `filename`."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from p2pshithead.lang import _

__all__ = ["read_small"]


def read_small(path: Path, most: int) -> bytes:
    """The bytes of `path`, a small file this program keeps, read without blocking (a fifo put there) and
    never more than `most` of them (a huge file, a link to /dev/zero).

    Raises:
        OSError: `path` cannot be opened or read (its `strerror` says why: no permission, no such file), is
            a folder (EISDIR) or no file (a fifo, a device: ENODEV), or holds more than `most` bytes (EFBIG).
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise OSError(errno.EISDIR, _("a folder, not a file"), str(path))
        if not stat.S_ISREG(mode):
            raise OSError(errno.ENODEV, _("not a file but a pipe or a device"), str(path))
        with open(fd, "rb", closefd=False) as file:
            data = file.read(most + 1)
    finally:
        os.close(fd)
    if len(data) > most:
        raise OSError(errno.EFBIG, _("larger than {most} bytes").format(most=most), str(path))
    return data
