"""The declarative wire checks: every field type's passes and refusals, paths, tagged unions, builders."""

from __future__ import annotations

import ast
import contextlib
import re
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from p2pshithead.errors import P2PError
from p2pshithead.wire import (
    Bool,
    Bytes,
    Field,
    Int,
    Into,
    List,
    Map,
    Opaque,
    Opt,
    Str,
    Tagged,
    Tuple,
    WireError,
    fields,
)  # fmt: skip

from ..profiles import examples

GOOD: list[tuple[Field, object, object]] = [
    (Int(-1, 3), -1, -1),
    (Int(0, 3), 3, 3),
    (Bytes(2, 2), b"ab", b"ab"),
    (Str(0, 3), "", ""),
    (Str(1, 9, lines=True), "a\nb", "a\nb"),
    (Str(1, 9, control=True), "a\x1bb", "a\x1bb"),
    (Bool(), False, False),
    (Opaque(), {"any": [1, None]}, {"any": [1, None]}),
    (Opt(Int(0, 1)), None, None),
    (Opt(Int(0, 1)), 1, 1),
    (List(Int(0, 9), 0, 2), [1, 2], [1, 2]),
    (Tuple(Int(0, 9), Bytes(0, 1)), [3, b""], (3, b"")),
    (fields(a=Int(0, 1), b=Opt(Bool())), {"b": None, "a": 1}, {"a": 1, "b": None}),
    (fields(), {}, {}),
    (Into(Int(0, 9), lambda n: n * 2), 4, 8),
]


def _id(value: object) -> str:
    """`value`'s repr without memory addresses: the same in every worker process."""
    return re.sub(r" at 0x[0-9a-f]+", "", repr(value))


@pytest.mark.parametrize(("field", "value", "checked"), GOOD, ids=[_id(f) for f, _, _ in GOOD])
def test_good_values_pass_checked(field: Field, value: object, checked: object) -> None:
    assert field.check(value) == checked


def _double_odd(n: int) -> int:
    if n % 2:
        raise ValueError(f"{n} is odd")
    return 2 * n


SEATS = fields(seats=List(Opt(fields(nick=Str(1, 4), ready=Bool())), 1, 3))

BAD: list[tuple[Field, object, str, str]] = [
    (Int(0, 3), True, "", "expected an integer, got bool"),
    (Int(0, 3), 1.0, "", "expected an integer, got float"),
    (Int(0, 3), 4, "", "4 is outside 0..3"),
    (Bytes(2, 2), "ab", "", "expected bytes, got str"),
    (Bytes(2, 2), b"abc", "", "3 bytes, expected 2..2"),
    (Str(1, 3), "", "", "0 characters, expected 1..3"),
    (Str(1, 3), b"ab", "", "expected str, got bytes"),
    (Str(1, 9), "a\nb", "", "contains control characters"),
    (Str(1, 9, lines=True), "a\tb", "", "contains control characters"),
    (Bool(), 0, "", "expected a bool, got int"),
    (Opt(Bool()), 1, "", "expected a bool, got int"),
    (List(Int(0, 9), 1, 2), [], "", "0 items, expected 1..2"),
    (List(Int(0, 9), 1, 2), (1,), "", "expected an array, got tuple"),
    (List(Int(0, 9), 0, 3), [1, 2, 10], "[2]", "10 is outside 0..9"),
    (Tuple(Int(0, 9), Bool()), [1], "", "1 items, expected 2"),
    (Tuple(Int(0, 9), Bool()), [1, 1], "[1]", "expected a bool, got int"),
    (fields(a=Int(0, 1)), [], "", "expected a map, got list"),
    (fields(a=Int(0, 1)), {"a": 1, "b": 2}, "", "unexpected keys ['b']"),
    (fields(a=Int(0, 1), b=Bool()), {"b": True}, "", "missing keys ['a']"),
    (SEATS, {"seats": [None, {"nick": "ann", "ready": 1}]}, "seats[1].ready", "expected a bool, got int"),
    (List(List(Bytes(1, 1), 0, 2), 0, 2), [[b"a"], [b"a", b""]], "[1][1]", "0 bytes, expected 1..1"),
    (Into(Int(0, 9), _double_odd), 3, "", "3 is odd"),
    (fields(n=Into(Int(0, 9), _double_odd)), {"n": 3}, "n", "3 is odd"),
]


@pytest.mark.parametrize(("field", "value", "path", "reason"), BAD, ids=[f"{_id(f)}-{v!r}" for f, v, _, _ in BAD])
def test_bad_values_are_refused_with_path_and_reason(field: Field, value: object, path: str, reason: str) -> None:
    with pytest.raises(WireError) as error:
        field.check(value)
    assert (error.value.path, error.value.reason) == (path, reason)
    assert str(error.value) == (f"field {path}: {reason}" if path else reason)


def test_a_wire_error_is_a_package_error_naming_no_peer() -> None:
    error = WireError("a[1]", "bad")
    assert isinstance(error, P2PError)
    assert not hasattr(error, "peer") and not hasattr(error, "seat")
    assert error.inside("m").path == "m.a[1]" and error.inside(3).path == "[3].a[1]"


def test_an_into_lets_other_errors_through() -> None:
    def broken(_: object) -> object:
        raise KeyError("a bug, not a refusal")

    with pytest.raises(KeyError):
        Into(Int(0, 1), broken).check(0)


MESSAGE = Tagged(
    "t",
    {
        "hello": fields(nick=Str(1, 4)),
        "pair": Into(fields(a=Int(0, 9), b=Int(0, 9)), lambda d: (d["a"], d["b"])),
    },
)


def test_a_tagged_map_variant_keeps_its_tag_and_a_built_one_gives_its_value() -> None:
    assert MESSAGE.check({"t": "hello", "nick": "ann"}) == {"t": "hello", "nick": "ann"}
    assert MESSAGE.check({"t": "pair", "b": 2, "a": 1}) == (1, 2)


@pytest.mark.parametrize(
    ("value", "path", "reason"),
    [
        ({"nick": "ann"}, "t", "unknown message type None"),
        ({"t": "bye"}, "t", "unknown message type 'bye'"),
        ({"t": ["hello"]}, "t", "unknown message type ['hello']"),
        ({"t": "hello", "nick": ""}, "nick", "0 characters, expected 1..4"),
        ({"t": "pair", "a": 1}, "", "missing keys ['b']"),
        ("hello", "", "expected a map, got str"),
    ],
)
def test_a_tagged_map_refuses_unknown_tags_and_bad_variants(value: object, path: str, reason: str) -> None:
    with pytest.raises(WireError) as error:
        MESSAGE.check(value)
    assert (error.value.path, error.value.reason) == (path, reason)


def test_declarations_refuse_empty_bounds() -> None:
    for make in (lambda: Int(2, 1), lambda: Bytes(2, 1), lambda: Str(-1, 1), lambda: List(Bool(), 3, 2)):
        with pytest.raises(ValueError):
            make()


plain = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**64), 2**64) | st.text(max_size=6) | st.binary(max_size=6)
    | st.floats(allow_nan=False),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=3) | st.integers(0, 3), inner, max_size=4),
    max_leaves=16,
)  # fmt: skip
ANY_SHAPE: Map = fields(t=Str(1, 2), n=Opt(Int(0, 9)), xs=List(Tuple(Bytes(0, 2), Bool()), 0, 3), m=MESSAGE)


@examples(200)
@given(value=plain | st.fixed_dictionaries({"t": plain, "n": plain, "xs": plain, "m": plain}))
def test_any_plain_value_passes_or_raises_a_wire_error_and_nothing_else(value: Any) -> None:
    with contextlib.suppress(WireError):
        ANY_SHAPE.check(value)


def test_the_wire_package_loads_nothing_of_p2pshithead_but_errors() -> None:
    """(and `compiled`, which the root package loads first: it imports nothing of the package)"""
    code = "import sys, p2pshithead.wire; print(sorted(m for m in sys.modules if m.startswith('p2pshithead')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    loaded = ast.literal_eval(out)
    assert loaded == [
        "p2pshithead", "p2pshithead.compiled", "p2pshithead.errors",
        "p2pshithead.wire", "p2pshithead.wire._errors", "p2pshithead.wire._schema",
    ]
