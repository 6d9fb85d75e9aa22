"""The modules compiled by Cython at install (setup.py), and the finder that imports a compiled module
only when it is its source compiled.

Invariants: the compiled form of a module is the same source compiled (there is no second
implementation). It lies beside the source under a name Python's own import never takes
(`_game.native.cpython-311-x86_64-linux-gnu.so` for `_game.py`), so without this module's finder
the source is imported: an old checkout, a module no longer in `COMPILED` or a folder put on
`sys.path` never runs a compiled file. The finder answers for every module of `COMPILED`: its compiled
form only when `SUMS` (written by setup.py with the build) names it built from the SHA-256 of the
source beside it, under this very `COMPILED`, `DIRECTIVES` and interpreter, never when the environment
sets `PURE`; else its source (so a compiled file under a plain name, left by an older build, is never
taken either). This module imports nothing of the
package, so that setup.py can load it alone.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

__all__ = [
    "BUILT", "COMPILED", "DIRECTIVES", "FAILED", "PURE", "SUMS", "build_key", "compiled", "digest", "install",
    "native_of", "recorded", "running", "source_of", "stale",
]  # fmt: skip

PACKAGE = "p2pshithead"

COMPILED = ("engine._game", "engine._state", "engine._lens", "engine._moves", "bots._greedy", "bots._table")
"""The hot path of a table and of a bot's search, by name in the package."""

DIRECTIVES = {"language_level": 3, "binding": False, "annotation_typing": False}
"""Cython's settings. Annotations are not taken as C types, so a value keeps the source's semantics
(a `str` subclass returned where `str` is annotated stays what it was)."""

SUMS = "compiled.sums"
"""The file beside this one, one line a module: `name sha256-of-its-source built|failed`, and a line
`build <build_key()>`."""

BUILT, FAILED = "built", "failed"

PURE = "P2PSHITHEAD_PURE"
"""Set (to anything but empty) in the environment: import every module from its source."""

_HERE = Path(__file__).parent
_NATIVE = ".native"


def source_of(name: str, folder: Path = _HERE) -> Path:
    """The source file of module `name` (as in `COMPILED`) in the package `folder`."""
    return folder.joinpath(*name.split(".")).with_suffix(".py")


def native_of(name: str, folder: Path = _HERE, suffix: str = importlib.machinery.EXTENSION_SUFFIXES[0]) -> Path:
    """Where the compiled form of module `name` lies in `folder`, for this interpreter (`suffix`: its
    extension-module suffix, so another Python's build is never taken)."""
    source = source_of(name, folder)
    return source.with_name(source.stem + _NATIVE + suffix)


def digest(path: Path) -> str:
    """The SHA-256 of the file at `path` (empty when it cannot be read)."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return ""


def build_key() -> str:
    """What a build must share with this process to be taken: the modules, Cython's settings and the
    interpreter's extension suffix."""
    what = (COMPILED, sorted(DIRECTIVES.items()), importlib.machinery.EXTENSION_SUFFIXES[0])
    return hashlib.sha256(repr(what).encode()).hexdigest()


def recorded(folder: Path = _HERE) -> dict[str, tuple[str, str]]:
    """What setup.py recorded in `folder`: module -> (source digest, BUILT or FAILED); empty when there
    is no record, or one made for other modules or settings."""
    try:
        lines = [line.split() for line in (folder / SUMS).read_text().splitlines()]
    except OSError:
        return {}
    if ["build", build_key()] not in lines:
        return {}
    return {p[0]: (p[1], p[2]) for p in lines if len(p) == 3 and p[0] in COMPILED and p[2] in (BUILT, FAILED)}


def compiled(folder: Path = _HERE) -> tuple[str, ...]:
    """The modules whose compiled form is imported: built from the source now beside them (see the
    module invariants)."""
    if os.environ.get(PURE):
        return ()
    sums = recorded(folder)
    return tuple(
        name for name in COMPILED
        if sums.get(name) == (digest(source_of(name, folder)), BUILT) and native_of(name, folder).is_file()
    )  # fmt: skip


def stale(folder: Path = _HERE) -> tuple[str, ...]:
    """The modules to compile again: never tried under these settings, or tried on another source (a
    module that failed is tried again only once its source changes)."""
    sums = recorded(folder)
    return tuple(name for name in COMPILED if sums.get(name, ("",))[0] != digest(source_of(name, folder)))


class _Finder:  # a meta path finder by its find_spec (importlib.abc would load tempfile at every start)
    """Finds each module of `COMPILED`: the compiled form of those `native` names, else the source."""

    def __init__(self, native: Sequence[str]) -> None:
        self.files = {f"{PACKAGE}.{n}": str(native_of(n) if n in native else source_of(n)) for n in COMPILED}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(fullname)
        return importlib.util.spec_from_file_location(fullname, file) if file else None


def install() -> None:
    """Import the modules that may run compiled (`compiled()`) so, and the rest of `COMPILED` from
    source. Called once, by the package's `__init__`, before any of them is imported."""
    sys.meta_path.insert(0, _Finder(compiled()))


def running() -> str:
    """How the modules of `COMPILED` run in this process: "compiled", or "source" (at least one of
    them from its source). Imports them."""
    files = [importlib.import_module(f"{PACKAGE}.{name}").__file__ or "" for name in COMPILED]
    return "compiled" if all(_NATIVE + importlib.machinery.EXTENSION_SUFFIXES[0] in f for f in files) else "source"
