"""The packages keep pointing down (issue 7, STYLE.md 14 and 15).

Every module under p2pshithead/ is parsed with `ast`; every import counts, at the top of a module,
inside a function or under `if TYPE_CHECKING:`. A package may import only the packages `MAY_IMPORT`
gives it (level 0: errors, files, lang, late, wire; 1: engine, speed, crypto; 2: net, bots; 3: game, speedgame;
4: bench; 5: cli), only cli imports click, prompt_toolkit and platformdirs, nothing imports Babel's `catalogs`
(the build's and the tests'), and
never a private `_module` (or `_name`) of another package: it imports from that package's
`__init__`. A package's own private modules are its business. A subprocess then checks that
importing a package loads nothing it may not import.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "p2pshithead"
TOP = "p2pshithead"  # the root package itself (p2pshithead/__init__.py): imports only `compiled`

LEVEL_0 = frozenset({"errors", "files", "lang", "late", "wire"})
MAY_IMPORT: dict[str, frozenset[str]] = {
    TOP: frozenset({"compiled"}),  # its guard runs first, before any compiled module is imported
    "compiled": frozenset(),
    "errors": frozenset(),
    "late": frozenset(),
    "catalogs": frozenset(),  # build time: setup.py loads it alone
    "lang": frozenset({"errors"}),
    "files": frozenset({"errors", "lang"}),
    "wire": frozenset({"errors"}),
    "engine": LEVEL_0,
    "speed": LEVEL_0,
    "crypto": LEVEL_0,
    "net": LEVEL_0,
    "bots": LEVEL_0 | {"engine"},
    "game": LEVEL_0 | {"engine", "crypto", "net"},  # it also builds its AppSpec
    "speedgame": LEVEL_0 | {"speed", "crypto", "net"},  # it also builds its AppSpec and its bot agent
    "bench": LEVEL_0 | {"compiled", "engine", "speed", "crypto", "net", "bots", "game", "speedgame"},
    "cli": LEVEL_0 | {"engine", "speed", "crypto", "net", "bots", "game", "speedgame", "bench"},
}


CLI_ONLY = frozenset({"click", "prompt_toolkit", "platformdirs"})
"""Libraries of the terminal and of the config folder: cli's alone (issue 22: net takes a path)."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def package_of(module: str) -> str:
    """`p2pshithead.net._play` -> `net`; `p2pshithead.errors` -> `errors`; the root -> TOP."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else TOP


def is_private(name: str) -> bool:
    """`_x` is private; `__x` and `_`, gettext's public name for "translate" (p2pshithead.lang), are not."""
    return name.startswith("_") and name != "_" and not name.startswith("__")


def imports(module: str) -> list[tuple[int, str]]:
    """(line, imported module) for every import of the package in `module`."""
    path = MODULES[module]
    return imports_in(path.read_text(encoding="utf-8"), module, path.name == "__init__.py")


def imports_in(source: str, module: str, is_package: bool) -> list[tuple[int, str]]:
    """(line, imported module) for every import in `source`, the text of `module`; `from m import x`
    counts as importing `m.x` when `x` is a submodule or a private name, else as importing `m`."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")
                if not is_package:
                    base = base[:-1]
                base = base[: len(base) - (node.level - 1)]
                origin = ".".join([*base, node.module] if node.module else base)
            else:
                origin = node.module or ""
            taken = [f"{origin}.{a.name}" for a in node.names if f"{origin}.{a.name}" in MODULES or is_private(a.name)]
            found += [(node.lineno, name) for name in taken or [origin]]
    return [(line, name) for line, name in found if name == TOP or name.startswith(TOP + ".")]


def test_the_checker_sees_every_kind_of_import() -> None:
    source = """
import os
import p2pshithead.engine
from . import _helper
from ..game import TableState
from p2pshithead.net import _play, Transport
from p2pshithead import errors
if TYPE_CHECKING:
    from p2pshithead.crypto._deck import Deck
def late():
    from .._x import y
"""
    assert imports_in(source, "p2pshithead.net._sessions", is_package=False) == [
        (3, "p2pshithead.engine"),
        (4, "p2pshithead.net._helper"),
        (5, "p2pshithead.game"),
        (6, "p2pshithead.net._play"),
        (7, "p2pshithead.errors"),
        (9, "p2pshithead.crypto._deck"),
        (11, "p2pshithead._x"),
    ]
    assert imports_in("from . import _x\nfrom .a import b", "p2pshithead.net", is_package=True) == [
        (1, "p2pshithead.net._x"), (2, "p2pshithead.net.a"),
    ]


def third_party(source: str) -> list[tuple[int, str]]:
    """(line, top-level name) of every import in `source` of a module that is not ours."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name.split(".")[0]) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.append((node.lineno, node.module.split(".")[0]))
    return [(line, name) for line, name in found if name != TOP]


def where(module: str, line: int) -> str:
    return f"{MODULES[module].relative_to(ROOT)}:{line}"


def test_every_package_has_a_layer() -> None:
    unplaced = sorted({package_of(m) for m in MODULES} - MAY_IMPORT.keys())
    assert not unplaced, f"place these packages in MAY_IMPORT: {unplaced}"


def test_imports_point_down() -> None:
    wrong = []
    for module in MODULES:
        own = package_of(module)
        for line, name in imports(module):
            other = package_of(name)
            if other != own and other not in MAY_IMPORT.get(own, frozenset()):
                wrong.append(f"{where(module, line)}: {own} imports {name} ({other})")
    assert not wrong, "imports that point up or sideways:\n" + "\n".join(sorted(set(wrong)))


def test_only_cli_imports_the_terminal_and_folder_libraries() -> None:
    wrong = []
    for module in (m for m in MODULES if package_of(m) != "cli"):
        for line, name in third_party(MODULES[module].read_text(encoding="utf-8")):
            if name in CLI_ONLY:
                wrong.append(f"{where(module, line)}: {package_of(module)} imports {name}")
    assert not wrong, "only cli may import " + ", ".join(sorted(CLI_ONLY)) + ":\n" + "\n".join(wrong)


def test_the_third_party_checker_sees_a_late_import() -> None:
    source = "import os\nimport click\ndef f():\n    from click.core import Context\nfrom . import x\n"
    assert third_party(source) == [(1, "os"), (2, "click"), (4, "click")]


def test_no_private_module_of_another_package() -> None:
    wrong = []
    for module in MODULES:
        own = package_of(module)
        for line, name in imports(module):
            if package_of(name) != own and any(map(is_private, name.split(".")[1:])):
                wrong.append(f"{where(module, line)}: {own} imports {name}")
    assert not wrong, "private imports across packages (import from the package instead):\n" + "\n".join(
        sorted(set(wrong))
    )


@pytest.mark.parametrize("package", sorted({package_of(m) for m in MODULES} - {TOP, "cli"}))
def test_importing_a_package_loads_only_what_it_may_import(package: str) -> None:
    """`import p2pshithead.net` must load nothing of game, cli, bots, crypto or engine; likewise
    for every package but cli (which may load everything)."""
    code = (
        f"import {TOP}.{package}, sys; "
        f"print(sorted(m for m in sys.modules if m == {TOP!r} or m.startswith({TOP + '.'!r})))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    loaded = ast.literal_eval(done.stdout.strip())
    allowed = {TOP, *MAY_IMPORT[TOP], package, *MAY_IMPORT.get(package, ())}  # the root package loads first
    extra = sorted(m for m in loaded if package_of(m) not in allowed)
    assert not extra, f"import {TOP}.{package} loads {extra}"


def test_only_the_build_imports_babel() -> None:
    """A running program reads compiled catalogs with the standard library; Babel is the build's."""
    wrong = [f"{where(m, line)}: imports babel" for m in MODULES if m != f"{TOP}.catalogs"
             for line, name in third_party(MODULES[m].read_text(encoding="utf-8")) if name == "babel"]
    assert not wrong, "\n".join(wrong)
