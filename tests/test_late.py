"""`late` (p2pshithead/late.py): `game` and `net` load their costly halves on first use. A bare import
loads none of them (game: neither the deck nor the transport; net: only what finding a table takes), and
every name each package exports is still there, the very object of the module that defines it."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from types import ModuleType

import pytest

import p2pshithead.game as game
import p2pshithead.net as net

LOADED = ("import sys, p2pshithead.{} as p; {}"
          "print(sorted(m.removeprefix('p2pshithead.') for m in sys.modules if m.startswith('p2pshithead.')))")
CASES = [  # package, a late name, what a bare import of the package must not load (and that name does)
    ("game", "SHITHEAD", {"crypto", "net"}),
    ("net", "Host", {"net._host", "net._session", "net._transcript", "net._messages"}),
]


@pytest.mark.parametrize("package,name,costly", CASES)
def test_a_bare_import_loads_none_of_the_late_half(package: str, name: str, costly: set[str]) -> None:
    bare, used = (subprocess.run([sys.executable, "-c", LOADED.format(package, code)], capture_output=True,
                                 text=True, check=True).stdout for code in ("", f"p.{name}; "))  # fmt: skip
    assert not costly & set(ast.literal_eval(bare))
    assert costly <= set(ast.literal_eval(used))


@pytest.mark.parametrize("package", [game, net], ids=["game", "net"])
def test_every_exported_name_is_the_one_its_module_defines(package: ModuleType) -> None:
    where: dict[str, str] = vars(package)["_LATE"]
    assert set(where) <= set(package.__all__)
    for name in package.__all__:
        module = importlib.import_module(f"{package.__name__}.{where[name]}") if name in where else None
        assert getattr(package, name) is (getattr(module, name) if module else vars(package)[name]), name


def test_a_name_the_package_lacks_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="'p2pshithead.game' has no attribute 'Nope'"):
        assert game.Nope  # type: ignore[attr-defined]  # (mypy refuses it too)
