# Schema checking: a peer's decoded object is compared field by field with a declared schema before any
# of it reaches the transcript, the lobby or an application. Invariants: a map passes only with exactly
# the declared keys; every value has the declared type and stays within its bounds (bool is not an int);
# the error names the peer and the path of the first bad field.
"""Field-by-field validation of decoded messages: `Int`, `Bytes`, `Str`, `Bool`, `Opt`, `List`, `Map`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from p2pshithead.net._errors import RemoteProtocolError


T = TypeVar("T", bytes, str)


class Field(Protocol):
    """A field type: `check` returns the value or raises naming the peer and the path."""

    def check(self, value: object, path: str, peer: str) -> Any: ...


def _fail(peer: str, path: str, reason: str) -> RemoteProtocolError:
    return RemoteProtocolError(peer, f"field {path}: {reason}")


def _sized(value: object, kind: type[T], unit: str, lo: int, hi: int, path: str, peer: str) -> T:
    if not isinstance(value, kind):
        raise _fail(peer, path, f"expected {kind.__name__}, got {type(value).__name__}")
    if not lo <= len(value) <= hi:  # type: ignore[arg-type]
        raise _fail(peer, path, f"{len(value)} {unit}, expected {lo}..{hi}")  # type: ignore[arg-type]
    return value


@dataclass(frozen=True, slots=True)
class Int:
    """An integer (not a bool) in `lo..hi` inclusive."""

    lo: int
    hi: int

    def __post_init__(self) -> None:
        if self.lo > self.hi:
            raise ValueError(f"empty range {self.lo}..{self.hi}")

    def check(self, value: object, path: str, peer: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _fail(peer, path, f"expected an integer, got {type(value).__name__}")
        if not self.lo <= value <= self.hi:
            raise _fail(peer, path, f"{value} is outside {self.lo}..{self.hi}")
        return value


@dataclass(frozen=True, slots=True)
class Bytes:
    """A bin value of `lo..hi` bytes."""

    lo: int
    hi: int

    def check(self, value: object, path: str, peer: str) -> bytes:
        return _sized(value, bytes, "bytes", self.lo, self.hi, path, peer)


@dataclass(frozen=True, slots=True)
class Str:
    """A str value of `lo..hi` characters, printable (no control characters but `\\n` when `lines`)."""

    lo: int
    hi: int
    lines: bool = False

    def check(self, value: object, path: str, peer: str) -> str:
        value = _sized(value, str, "characters", self.lo, self.hi, path, peer)
        if not (value.replace("\n", "") if self.lines else value).isprintable():
            raise _fail(peer, path, "contains control characters")
        return value


@dataclass(frozen=True, slots=True)
class Bool:
    """A bool value."""

    def check(self, value: object, path: str, peer: str) -> bool:
        if not isinstance(value, bool):
            raise _fail(peer, path, f"expected a bool, got {type(value).__name__}")
        return value


@dataclass(frozen=True, slots=True)
class Opt:
    """Either nil or a value of `inner`."""

    inner: Field

    def check(self, value: object, path: str, peer: str) -> Any:
        return None if value is None else self.inner.check(value, path, peer)


@dataclass(frozen=True, slots=True)
class List:
    """An array of `lo..hi` values of `item`."""

    item: Field
    lo: int
    hi: int

    def check(self, value: object, path: str, peer: str) -> list[Any]:
        if not isinstance(value, list):
            raise _fail(peer, path, f"expected an array, got {type(value).__name__}")
        if not self.lo <= len(value) <= self.hi:
            raise _fail(peer, path, f"{len(value)} items, expected {self.lo}..{self.hi}")
        return [self.item.check(v, f"{path}[{i}]", peer) for i, v in enumerate(value)]


@dataclass(frozen=True, slots=True)
class Map:
    """A map with exactly the keys of `fields`, each value checked by its field type."""

    fields: tuple[tuple[str, Field], ...]

    def check(self, value: object, path: str, peer: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise _fail(peer, path, f"expected a map, got {type(value).__name__}")
        names = [name for name, _ in self.fields]
        extra = sorted(str(k) for k in value if k not in names)
        if extra:
            raise _fail(peer, path, f"unexpected keys {extra}")
        missing = [name for name in names if name not in value]
        if missing:
            raise _fail(peer, path, f"missing keys {missing}")
        return {name: kind.check(value[name], f"{path}.{name}" if path else name, peer) for name, kind in self.fields}


def fields(**kinds: Field) -> Map:
    """Build a `Map` from keyword arguments, in their order."""
    return Map(tuple(kinds.items()))


def check_message(obj: object, schemas: dict[str, Map], peer: str) -> dict[str, Any]:
    """Check a message: a map whose `t` names one of `schemas`, then every other field of that schema.

    Returns:
        The checked map, `t` included.
    Raises:
        RemoteProtocolError: naming `peer` and the first bad field.
    """
    if not isinstance(obj, dict):
        raise _fail(peer, "", f"expected a map, got {type(obj).__name__}")
    kind = obj.get("t")
    if not isinstance(kind, str) or kind not in schemas:
        raise _fail(peer, "t", f"unknown message type {kind!r}")
    rest = {k: v for k, v in obj.items() if k != "t"}
    return {"t": kind, **schemas[kind].check(rest, "", peer)}
