"""The config folder, chosen here and handed down (net takes paths): `$P2PSHITHEAD_HOME` if set, else the
platform's folder for an app's own settings, as platformdirs names it (Linux `$XDG_CONFIG_HOME` or
`~/.config`, macOS `~/Library/Application Support`, Windows the roaming `%APPDATA%`), with no vendor
folder: the very folders `click.get_app_dir` gave before (tests/test_portable.py compares them on each
platform), so nobody's identity moves."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from p2pshithead.lang import _

__all__ = ["HOME_ENV", "config_dir", "read_kept", "tables_dir", "transcripts_dir"]

APP = "p2pshithead"
HOME_ENV = "P2PSHITHEAD_HOME"
"""Names the config folder instead of the platform's (a bot the host starts is given its own this way)."""


def config_dir() -> Path:
    """The folder of this identity: key, nickname, saved rules, journals (`tables/`), `transcripts/`."""
    if home := os.environ.get(HOME_ENV):
        return Path(home).expanduser()  # (a quoted "~/games" is the home folder's, as the shell would say)
    import platformdirs  # loaded when asked: `rules classic` and `join --list` never ask (start-up: README)

    return Path(platformdirs.user_config_dir(APP, appauthor=False, roaming=True))


def tables_dir() -> Path:
    """Where the journals of the tables this identity sits at live."""
    return config_dir() / "tables"


def transcripts_dir() -> Path:
    """Where the games this identity played are saved (`verify --last` reads the newest)."""
    return config_dir() / "transcripts"


def read_kept(path: Path, most: int) -> bytes:
    """The bytes of `path`, a small file this program keeps in the config folder, read without blocking
    (a fifo put there) and never more than `most` of them (a huge file, a link to /dev/zero).

    Raises:
        OSError: `path` cannot be opened or read (its `strerror` says why: a folder, no permission), is
            not a file (a fifo, a device: ENODEV) or holds more than `most` bytes (EFBIG), said in words.
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with open(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # (a folder is refused by `open`: EISDIR)
            raise OSError(errno.ENODEV, _("not a file but a pipe or a device"), str(path))
        data = file.read(most + 1)
    if len(data) > most:
        raise OSError(errno.EFBIG, _("larger than {most} bytes").format(most=most), str(path))
    return data
