"""One error tree: every exception class the library packages define derives from `P2PError`, so a caller
catches the package's errors with one clause and never a bug's `ValueError` by accident. (The terminal's
own signals in `cli`, which never leave it, are not errors of the library.)"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import p2pshithead
from p2pshithead.errors import P2PError


def test_every_error_class_below_the_cli_is_a_p2p_error() -> None:
    found, outside = [], []
    for info in pkgutil.walk_packages(p2pshithead.__path__, "p2pshithead."):
        if info.name.startswith("p2pshithead.cli"):
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if inspect.isclass(value) and issubclass(value, BaseException) and value.__module__ == module.__name__:
                found.append(name)
                if not issubclass(value, P2PError):
                    outside.append(f"{module.__name__}.{name}")
    assert not outside
    assert {"EngineError", "NoMoveError", "DeckError", "WireError", "NetError", "Fault"} <= set(found)
