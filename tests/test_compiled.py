"""The compiled engine (p2pshithead/compiled.py, setup.py): it runs where a C compiler is found, never
runs stale, and its source plays the same games as it does."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from p2pshithead import compiled

ROOT = Path(__file__).resolve().parent.parent


def _python(code: str, cwd: Path, **env: str) -> str:
    """What `code` prints, run by this Python in a new process from `cwd` (first on its path)."""
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=cwd, env={**os.environ, **env}, capture_output=True, text=True,
        timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def _compiler() -> bool:
    command = (sysconfig.get_config_var("CC") or "cc").split()
    return bool(command) and shutil.which(command[0]) is not None


def test_the_hot_modules_run_compiled_where_a_c_compiler_is_found() -> None:
    expected = "source" if os.environ.get(compiled.PURE) or not _compiler() else "compiled"
    assert compiled.running() == expected, (
        f"the engine runs as {compiled.running()}; stale: {compiled.stale()} (./scripts/setup compiles it again)"
    )


def test_a_changed_source_runs_instead_of_its_compiled_form(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "p2pshithead", tmp_path / "p2pshithead", ignore=shutil.ignore_patterns("__pycache__"))
    with (tmp_path / "p2pshithead" / "engine" / "_lens.py").open("a") as changed:
        changed.write("\n# changed after it was compiled\n")
    code = (
        "from p2pshithead import compiled; import p2pshithead.engine._lens as a, p2pshithead.engine._game as b; "
        "print(compiled.stale(), a.__file__, b.__file__)"
    )
    stale, lens, game = _python(code, tmp_path, **{compiled.PURE: ""}).split()
    assert lens == str(tmp_path / "p2pshithead" / "engine" / "_lens.py")
    assert Path(game).parent == tmp_path / "p2pshithead" / "engine"
    if compiled.running() == "compiled":  # the copy's unchanged modules are still taken compiled
        assert stale == "('engine._lens',)"
        assert not game.endswith(".py")


def test_pure_imports_every_module_from_its_source() -> None:
    code = "from p2pshithead import compiled; print(compiled.running(), compiled.compiled())"
    assert _python(code, ROOT, **{compiled.PURE: "1"}) == "source ()"


def test_the_source_plays_the_recorded_games_as_the_compiled_form_does() -> None:
    """tests/engine/test_differential.py holds this process (compiled where it can be) to the
    recorded digests; here the source is held to them too."""
    code = (
        "from tests.engine.differential import golden, TRACES; import p2pshithead.engine as e; "
        "from p2pshithead import compiled; games = [g for g in golden() if g[3] % 10 == 0]; "
        "print(compiled.running(), len(games), [g[:4] for g in games if TRACES[g[0]](e, *g[1:4]) != g[4]])"
    )
    assert _python(code, ROOT, **{compiled.PURE: "1"}) == "source 60 []"
