"""`late`: the module `__getattr__` (PEP 562) of a package whose costly names load on first use, so that
importing the package costs only what its caller uses (the start-up budget: README, issue 22).

Invariant: a late name is the very object its module defines, kept in the package once loaded (so it is
looked up once); a name the package neither holds nor lists is an `AttributeError`, as for any module.
The package declares its late names for mypy under `if TYPE_CHECKING:` and hides this `__getattr__` from
it (`if not TYPE_CHECKING:`), so mypy still refuses a name the package lacks."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping

__all__ = ["late"]


def late(package: str, where: Mapping[str, str]) -> Callable[[str], object]:
    """The `__getattr__` of `package` that imports each name of `where` (name -> the package's module
    that defines it, e.g. "_app") on first use."""

    def __getattr__(name: str) -> object:
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{where[name]}"), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
