# Declarative checking of decoded wire values (what msgpack gives back: dict, list, bytes, str, int, bool,
# None). Invariants: a value passes only with exactly the declared shape: a map with exactly the declared
# keys, a tagged map whose tag names a declared variant, arrays within their bounds, ints (never bools)
# within theirs, strings without control characters unless declared otherwise; the first bad value raises
# a `WireError` with its path, before anything is built from it. A field type is any object with
# `check(value) -> checked value` (the `Field` protocol): a higher layer plugs its own in (crypto's curve
# points), and `Into` builds a protocol value, turning the constructor's `ValueError` into a `WireError`.
"""Field types: `Int`, `Bytes`, `Str`, `Bool`, `Opaque`, `Opt`, `List`, `Tuple`, `Map`, `Tagged`, `Into`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import repeat
from typing import Any, Protocol

from p2pshithead.wire._errors import WireError

__all__ = ["Bool", "Bytes", "Field", "Int", "Into", "List", "Map", "Opaque", "Opt", "Str", "Tagged", "Tuple", "fields"]


class Field(Protocol):
    """A field type: `check` returns the checked value or raises `WireError` (path relative to the value)."""

    def check(self, value: object) -> Any: ...


def _kind(value: object) -> str:
    return type(value).__name__


def _bounds(lo: int, hi: int) -> None:
    if not 0 <= lo <= hi:
        raise ValueError(f"bad bounds {lo}..{hi}")


@dataclass(frozen=True, slots=True)
class Int:
    """An integer (not a bool) in `lo..hi` inclusive."""

    lo: int
    hi: int

    def __post_init__(self) -> None:
        if self.lo > self.hi:
            raise ValueError(f"empty range {self.lo}..{self.hi}")

    def check(self, value: object) -> int:
        if type(value) is not int:
            raise WireError("", f"expected an integer, got {_kind(value)}")
        if not self.lo <= value <= self.hi:
            raise WireError("", f"{value} is outside {self.lo}..{self.hi}")
        return value


@dataclass(frozen=True, slots=True)
class Bytes:
    """A bin value of `lo..hi` bytes."""

    lo: int
    hi: int

    def __post_init__(self) -> None:
        _bounds(self.lo, self.hi)

    def check(self, value: object) -> bytes:
        if type(value) is not bytes:
            raise WireError("", f"expected bytes, got {_kind(value)}")
        if not self.lo <= len(value) <= self.hi:
            raise WireError("", f"{len(value)} bytes, expected {self.lo}..{self.hi}")
        return value


@dataclass(frozen=True, slots=True)
class Str:
    """A str value of `lo..hi` characters: printable, but for `\\n` when `lines`, or anything when `control`."""

    lo: int
    hi: int
    lines: bool = False
    control: bool = False

    def __post_init__(self) -> None:
        _bounds(self.lo, self.hi)

    def check(self, value: object) -> str:
        if type(value) is not str:
            raise WireError("", f"expected str, got {_kind(value)}")
        if not self.lo <= len(value) <= self.hi:
            raise WireError("", f"{len(value)} characters, expected {self.lo}..{self.hi}")
        if not self.control and not (value.replace("\n", "") if self.lines else value).isprintable():
            raise WireError("", "contains control characters")
        return value


@dataclass(frozen=True, slots=True)
class Bool:
    """A bool value."""

    def check(self, value: object) -> bool:
        if type(value) is not bool:
            raise WireError("", f"expected a bool, got {_kind(value)}")
        return value


@dataclass(frozen=True, slots=True)
class Opaque:
    """Any value, passed on unchecked: the layer it is addressed to declares and checks its shape."""

    def check(self, value: object) -> object:
        return value


@dataclass(frozen=True, slots=True)
class Opt:
    """Either nil or a value of `inner`."""

    inner: Field

    def check(self, value: object) -> Any:
        return None if value is None else self.inner.check(value)


@dataclass(frozen=True, slots=True)
class List:
    """An array of `lo..hi` values of `item`, checked into a list."""

    item: Field
    lo: int
    hi: int

    def __post_init__(self) -> None:
        _bounds(self.lo, self.hi)

    def check(self, value: object) -> list[Any]:
        if type(value) is not list:
            raise WireError("", f"expected an array, got {_kind(value)}")
        if not self.lo <= len(value) <= self.hi:
            raise WireError("", f"{len(value)} items, expected {self.lo}..{self.hi}")
        return _each(repeat(self.item), value)


def _each(kinds: Iterable[Field], items: list[Any]) -> list[Any]:
    """Each of `items` checked by its field type; a refusal's path starts with the item's index."""
    out: list[Any] = []
    for index, (kind, item) in enumerate(zip(kinds, items, strict=False)):  # `kinds` may be endless (`repeat`)
        try:
            out.append(kind.check(item))
        except WireError as exc:
            raise exc.inside(index) from None
    return out


@dataclass(frozen=True, slots=True, init=False)
class Tuple:
    """An array of exactly one value per field of `items`, in order, checked into a tuple."""

    items: tuple[Field, ...]

    def __init__(self, *items: Field) -> None:
        object.__setattr__(self, "items", items)

    def check(self, value: object) -> tuple[Any, ...]:
        if type(value) is not list:
            raise WireError("", f"expected an array, got {_kind(value)}")
        if len(value) != len(self.items):
            raise WireError("", f"{len(value)} items, expected {len(self.items)}")
        return tuple(_each(self.items, value))


@dataclass(frozen=True, slots=True)
class Map:
    """A map with exactly the keys of `fields`, each value checked by its field type, checked into a dict."""

    fields: tuple[tuple[str, Field], ...]
    _names: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_names", frozenset(name for name, _ in self.fields))

    def check(self, value: object) -> dict[str, Any]:
        if type(value) is not dict:
            raise WireError("", f"expected a map, got {_kind(value)}")
        if value.keys() != self._names:
            extra = sorted(str(k) for k in value if k not in self._names)
            if extra:
                raise WireError("", f"unexpected keys {extra}")
            raise WireError("", f"missing keys {[name for name, _ in self.fields if name not in value]}")
        out: dict[str, Any] = {}
        for name, kind in self.fields:
            try:
                out[name] = kind.check(value[name])
            except WireError as exc:
                raise exc.inside(name) from None
        return out


def fields(**kinds: Field) -> Map:
    """A `Map` of the keyword arguments, in their order."""
    return Map(tuple(kinds.items()))


@dataclass(frozen=True, slots=True)
class Tagged:
    """A map whose `key` names one of `variants` (a tagged union); its other keys are that variant's.

    The checked value is the variant's: a `Map` variant gives back its checked dict with the tag in it,
    any other (an `Into`) the value it builds from the keys but the tag.
    """

    key: str
    variants: Mapping[str, Field]

    def check(self, value: object) -> Any:
        if type(value) is not dict:
            raise WireError("", f"expected a map, got {_kind(value)}")
        tag = value.get(self.key)
        variant = self.variants.get(tag) if type(tag) is str else None
        if variant is None:
            raise WireError(self.key, f"unknown message type {tag!r}")
        out = variant.check({k: v for k, v in value.items() if k != self.key})
        return {self.key: tag, **out} if isinstance(variant, Map) else out


@dataclass(frozen=True, slots=True)
class Into:
    """A value of `inner`, handed to `build`; a `ValueError` from `build` (a constructor refusing the
    values, e.g. lists whose lengths disagree) becomes a `WireError` at this value."""

    inner: Field
    build: Callable[[Any], Any]

    def check(self, value: object) -> Any:
        checked = self.inner.check(value)
        try:
            return self.build(checked)
        except ValueError as exc:
            raise WireError("", str(exc)) from None
