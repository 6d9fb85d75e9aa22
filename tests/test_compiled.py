"""The compiled engine (p2pshithead/compiled.py, setup.py): a module runs compiled exactly when its build
says it was built from the source beside it, under these settings; Python's own import never takes a
compiled file; and the source plays the same games as the compiled form."""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from p2pshithead import compiled

ROOT = Path(__file__).resolve().parent.parent
FILES = "import sys, p2pshithead.engine._game, p2pshithead.engine._lens, p2pshithead.engine._state; " \
        "print(*(sys.modules[f'p2pshithead.engine.{m}'].__file__ for m in ('_game', '_lens', '_state')))"


def _python(code: str, cwd: Path, **env: str) -> str:
    """What `code` prints, run by this Python in a new process from `cwd` (first on its path)."""
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=cwd, env={**os.environ, compiled.PURE: "", **env}, capture_output=True,
        text=True, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A copy of the package as installed here (compiled files and their record too)."""
    shutil.copytree(ROOT / "p2pshithead", tmp_path / "p2pshithead", ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


def _kinds(files: str) -> list[str]:
    return ["source" if f.endswith(".py") else "native" if ".native." in f else f for f in files.split()]


def _as_built(name: str) -> str:
    """How module `name` runs from an unchanged copy of this package: as its build went."""
    return "native" if compiled.recorded().get(name, ("", ""))[1] == compiled.BUILT else "source"


def test_each_hot_module_runs_as_its_build_recorded() -> None:
    sums = compiled.recorded()
    assert set(sums) == set(compiled.COMPILED), f"no build recorded for {set(compiled.COMPILED) - set(sums)}: " \
                                                "./scripts/setup compiles them"
    assert not compiled.stale(), f"{compiled.stale()} changed since they were compiled: ./scripts/setup"
    for name in compiled.COMPILED:
        file = importlib.import_module(f"{compiled.PACKAGE}.{name}").__file__ or ""
        built = sums[name][1] == compiled.BUILT and not os.environ.get(compiled.PURE)
        assert file == str(compiled.native_of(name) if built else compiled.source_of(name)), name


def test_a_changed_source_runs_instead_of_its_compiled_form(copy: Path) -> None:
    with (copy / "p2pshithead" / "engine" / "_lens.py").open("a") as changed:
        changed.write("\n# changed after it was compiled\n")
    game, lens, state = _kinds(_python(FILES, copy))
    assert lens == "source"
    assert (game, state) == (_as_built("engine._game"), _as_built("engine._state"))


def test_python_alone_never_imports_a_compiled_file(copy: Path) -> None:
    """An old checkout (no record, no finder), or the package's folder put on the path: sources only."""
    (copy / "p2pshithead" / compiled.SUMS).unlink(missing_ok=True)
    assert _kinds(_python(FILES, copy)) == ["source"] * 3
    code = "import sys; sys.path.insert(0, 'p2pshithead/engine'); import _state; print(_state.__file__)"
    assert _kinds(_python(code, copy)) == ["source"]


def test_a_compiled_file_under_a_plain_name_is_never_taken(copy: Path) -> None:
    """As an older build left them (or `cythonize -i`): Python alone would take it before the source."""
    native = compiled.native_of("engine._game", copy / "p2pshithead")
    if native.is_file():
        suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
        shutil.copy(native, compiled.source_of("engine._game", copy / "p2pshithead").with_suffix(suffix))
    with (copy / "p2pshithead" / "engine" / "_game.py").open("a") as changed:
        changed.write("\n# changed after it was compiled\n")
    assert _kinds(_python(FILES, copy))[0] == "source"
    assert _kinds(_python(FILES, copy, **{compiled.PURE: "1"})) == ["source"] * 3


def test_a_build_under_other_settings_is_not_taken(copy: Path) -> None:
    sums = copy / "p2pshithead" / compiled.SUMS
    sums.write_text(sums.read_text().replace(f"build {compiled.build_key()}", "build " + "0" * 64))
    assert _kinds(_python(FILES, copy)) == ["source"] * 3


def test_pure_imports_every_module_from_its_source() -> None:
    code = "from p2pshithead import compiled; print(compiled.running(), compiled.compiled())"
    assert _python(code, ROOT, **{compiled.PURE: "1"}) == "source ()"


def test_the_source_plays_the_recorded_games_as_the_compiled_form_does() -> None:
    """tests/engine/test_differential.py holds this process (compiled where it was built) to the
    recorded digests; here the source is held to them too."""
    code = (
        "from tests.engine.differential import golden, TRACES; import p2pshithead.engine as e; "
        "from p2pshithead import compiled; games = [g for g in golden() if g[3] % 10 == 0]; "
        "print(compiled.running(), len(games), [g[:4] for g in games if TRACES[g[0]](e, *g[1:4]) != g[4]])"
    )
    assert _python(code, ROOT, **{compiled.PURE: "1"}) == "source 60 []"
