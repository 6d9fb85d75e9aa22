"""One error tree (STYLE.md 18): every exception class the package defines, `cli` included, derives from
`P2PError`, so a caller catches the package's errors with one clause and never a bug's `ValueError` by
accident. What a person's input means (a move, a hint, a question, leaving) is a value, never an
exception: `cli` defines no exception of its own."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import p2pshithead
from p2pshithead.errors import P2PError


def test_every_error_class_is_a_p2p_error() -> None:
    found, outside, in_cli = [], [], []
    for info in pkgutil.walk_packages(p2pshithead.__path__, "p2pshithead."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if inspect.isclass(value) and issubclass(value, BaseException) and value.__module__ == module.__name__:
                found.append(name)
                if info.name.startswith("p2pshithead.cli."):
                    in_cli.append(f"{module.__name__}.{name}")
                if not issubclass(value, P2PError):
                    outside.append(f"{module.__name__}.{name}")
    assert not outside
    assert not in_cli  # control flow there is a value (`agents.Reading`, `SpeedPerson.left`, play's `Leave`)
    assert {"EngineError", "NoMoveError", "DeckError", "WireError", "NetError", "Fault"} <= set(found)
