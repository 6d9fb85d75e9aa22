"""The config folder, chosen here and handed down (net takes paths): `$P2PSHITHEAD_HOME` if set, else the
platform's folder for an app's own settings, as platformdirs names it (Linux `$XDG_CONFIG_HOME` or
`~/.config`, macOS `~/Library/Application Support`, Windows the roaming `%APPDATA%`), with no vendor
folder: the very folders `click.get_app_dir` gave before (tests/test_portable.py compares them on each
platform), so nobody's identity moves."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["HOME_ENV", "config_dir", "tables_dir", "transcripts_dir"]

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
