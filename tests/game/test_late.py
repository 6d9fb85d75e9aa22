"""`game` loads its halves that need the deck and the transport on first use (game/__init__.py: `_LATE`):
a bare import loads the engine only, and every name the package exports is still there, the very object
of the module that defines it."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys

import pytest

import p2pshithead.game as game

LOADED = ("import sys, p2pshithead.game as g; {}"
          "print(sorted({{m.split('.')[1] for m in sys.modules if m.startswith('p2pshithead.')}}))")  # its packages


def test_a_bare_import_loads_neither_the_deck_nor_the_transport() -> None:
    bare, used = (subprocess.run([sys.executable, "-c", LOADED.format(code)], capture_output=True, text=True,
                                 check=True).stdout for code in ("", "g.SHITHEAD; "))  # fmt: skip
    assert not {"crypto", "net"} & set(ast.literal_eval(bare))
    assert {"crypto", "net"} <= set(ast.literal_eval(used))


def test_every_exported_name_is_the_one_its_module_defines() -> None:
    assert set(game._LATE) <= set(game.__all__)
    for name in game.__all__:
        module = importlib.import_module(f"p2pshithead.game.{game._LATE[name]}") if name in game._LATE else None
        assert getattr(game, name) is (getattr(module, name) if module else vars(game)[name]), name


def test_a_name_the_package_lacks_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'Nope'"):
        assert game.Nope  # type: ignore[attr-defined]  # (mypy refuses it too)
