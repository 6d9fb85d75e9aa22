"""The modules compiled by Cython at install (setup.py), and the guard that keeps a compiled module
from running code other than its source.

Invariants: the compiled form of a module is the same source compiled (there is no second
implementation); it is imported only when the SHA-256 of the source beside it is the one recorded
when it was compiled (`SUMS`, written by setup.py). Otherwise, and for every module when the
environment sets `PURE`, the source is imported: the same code, slower, never stale. This module
imports nothing of the package, so that setup.py can load it alone.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

__all__ = ["COMPILED", "DIRECTIVES", "PURE", "SUMS", "compiled", "digest", "guard", "running", "source_of", "stale"]

PACKAGE = "p2pshithead"

COMPILED = ("engine._game", "engine._state", "engine._lens", "engine._moves", "bots._greedy", "bots._table")
"""The hot path of a table and of a bot's search, by name in the package."""

DIRECTIVES = {"language_level": 3, "binding": False, "annotation_typing": False}
"""Cython's settings. Annotations are not taken as C types, so a value keeps the source's semantics
(a `str` subclass returned where `str` is annotated stays what it was)."""

SUMS = "compiled.sums"
"""The file beside this one: a line `name sha256` for each module compiled, of the source it was
compiled from."""

PURE = "P2PSHITHEAD_PURE"
"""Set (to anything but empty) in the environment: import every module from its source."""

_HERE = Path(__file__).parent


def source_of(name: str, folder: Path = _HERE) -> Path:
    """The source file of module `name` (as in `COMPILED`) in the package `folder`."""
    return folder.joinpath(*name.split(".")).with_suffix(".py")


def digest(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return ""


def recorded(folder: Path = _HERE) -> dict[str, str]:
    """The sums setup.py wrote in `folder` (empty when nothing was compiled there)."""
    try:
        lines = (folder / SUMS).read_text().splitlines()
    except OSError:
        return {}
    pairs = (line.split() for line in lines)
    return {p[0]: p[1] for p in pairs if len(p) == 2 and p[0] in COMPILED}


def compiled(folder: Path = _HERE) -> tuple[str, ...]:
    """The modules whose compiled form may be imported: compiled from the source now beside them."""
    if os.environ.get(PURE):
        return ()
    sums = recorded(folder)
    return tuple(name for name in COMPILED if name in sums and sums[name] == digest(source_of(name, folder)))


def stale(folder: Path = _HERE) -> tuple[str, ...]:
    """The modules compiled from a source that has changed since (setup rebuilds them)."""
    sums = recorded(folder)
    return tuple(name for name in sums if sums[name] != digest(source_of(name, folder)))


class _FromSource(importlib.abc.MetaPathFinder):
    """Finds the named modules' source files, ahead of the compiled files beside them."""

    def __init__(self, names: Sequence[str]) -> None:
        self.files = {f"{PACKAGE}.{name}": str(source_of(name)) for name in names}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(fullname)
        return importlib.util.spec_from_file_location(fullname, file) if file else None


def guard() -> None:
    """Import from source every module of `COMPILED` that may not run compiled (the module invariant).
    Called once, by the package's `__init__`, before any of them is imported."""
    allowed = compiled()
    names = [name for name in COMPILED if name not in allowed]
    if names:
        sys.meta_path.insert(0, _FromSource(names))


def running() -> str:
    """How the modules of `COMPILED` run in this process: "compiled", or "source" (at least one of
    them from its source). Imports them."""
    files = [importlib.import_module(f"{PACKAGE}.{name}").__file__ or "" for name in COMPILED]
    return "source" if any(f.endswith(".py") for f in files) else "compiled"
