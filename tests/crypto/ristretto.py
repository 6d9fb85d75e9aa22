"""RFC 9496's ristretto255 decoding in plain Python (section 4.3.1), written from the RFC's text as a
reference that trusts no binding, and the families of malformed encodings its steps refuse.

Every family is made from the decoding rules themselves (no hex copied from anywhere): take honest
points from libsodium and spell them wrong, or search seeded candidates for the step that refuses them.
"""

from __future__ import annotations

import random

from p2pshithead.crypto import Point
from p2pshithead.crypto._group import GENERATOR, mul_base
from p2pshithead.wire import Field, Into, List, Map, Opt, Tagged, Tuple

P = 2**255 - 19
D = (-121665 * pow(121666, -1, P)) % P
"""The Edwards curve constant d of Curve25519's twisted Edwards form (RFC 9496 section 4.1)."""
SQRT_M1 = pow(2, (P - 1) // 4, P)
"""A square root of -1 (2 is not a square mod p, so 2^((p-1)/4) squares to -1); the RFC takes the even one."""
if SQRT_M1 & 1:
    SQRT_M1 = P - SQRT_M1
assert SQRT_M1 * SQRT_M1 % P == P - 1


def is_negative(x: int) -> bool:
    """IS_NEGATIVE: the field element's canonical value is odd."""
    return bool(x % P & 1)


def ct_abs(x: int) -> int:
    """CT_ABS: the non-negative one of x and -x."""
    x %= P
    return P - x if is_negative(x) else x


def sqrt_ratio_m1(u: int, v: int) -> tuple[bool, int]:
    """SQRT_RATIO_M1 (RFC 9496 section 4.2): (whether u/v is a square, its non-negative root or
    the root of SQRT_M1*u/v when it is not)."""
    u, v = u % P, v % P
    r = (u * pow(v, 3, P)) * pow(u * pow(v, 7, P), (P - 5) // 8, P) % P
    check = v * r * r % P
    correct = check == u
    flipped = check == (-u) % P
    flipped_i = check == (-u * SQRT_M1) % P
    if flipped or flipped_i:
        r = r * SQRT_M1 % P
    return correct or flipped, ct_abs(r)


def decode(data: bytes) -> tuple[int, int] | None:
    """The affine point (x, y) that `data` encodes, or None where RFC 9496 section 4.3.1 refuses it."""
    if len(data) != 32:
        return None
    s = int.from_bytes(data, "little")
    if s >= P or is_negative(s):
        return None
    ss = s * s % P
    u1, u2 = (1 - ss) % P, (1 + ss) % P
    u2_sqr = u2 * u2 % P
    v = (-(D * u1 * u1) - u2_sqr) % P
    was_square, invsqrt = sqrt_ratio_m1(1, v * u2_sqr)
    den_x = invsqrt * u2 % P
    den_y = invsqrt * den_x * v % P
    x = ct_abs(2 * s * den_x)
    y = u1 * den_y % P
    if not was_square or is_negative(x * y) or y == 0:
        return None
    return x, y


def _spell(s: int) -> bytes:
    return s.to_bytes(32, "little")


def honest_points(count: int = 6) -> list[bytes]:
    """Canonical encodings of points other than the identity, as libsodium makes them."""
    return [GENERATOR, *(mul_base(k) for k in range(2, count + 1))]


def _search(want: str, count: int) -> list[object]:
    """Seeded even field elements below p that the decoding refuses at the step `want` names."""
    rng, found = random.Random(f"ristretto/{want}"), list[object]()
    while len(found) < count:
        s = rng.randrange(2, P, 2)
        ss = s * s % P
        u1, u2 = (1 - ss) % P, (1 + ss) % P
        v = (-(D * u1 * u1) - u2 * u2) % P
        square, _ = sqrt_ratio_m1(1, v * u2 * u2)
        if (want == "non-square" and not square) or (want == "negative t" and square and decode(_spell(s)) is None):
            found.append(_spell(s))
    return found


def malformed_families() -> dict[str, list[object]]:
    """Encodings every point field must refuse, by the rule that refuses them (each value 32 bytes
    unless the family is about length or type)."""
    honest = honest_points()
    high: list[object] = [_spell(int.from_bytes(p, "little") | 1 << 255) for p in honest]
    return {
        "bit 255 set (same point, second spelling)": high,
        "identity with bit 255 set": [_spell(1 << 255)],
        "field element not reduced (p and above)": [_spell(v) for v in (P, P + 2, P + 4, P + 18, 2**255 - 1)],
        "negative field element (odd s: the point's negation spelled as s)": [
            _spell(v) for v in (*(P - int.from_bytes(p, "little") for p in honest), 1)],  # fmt: skip
        "no square root (not on the curve)": _search("non-square", 4),
        "negative t = x*y": _search("negative t", 4),
        "y = 0 (s = p - 1)": [_spell(P - 1)],
        "the identity (meaningless as a point here)": [bytes(32)],
        "wrong length": [b"", GENERATOR[:31], GENERATOR + b"\x00", bytes(64)],
        "not bytes": [GENERATOR.hex(), int.from_bytes(GENERATOR[:8], "little"), None, list(GENERATOR), True, 1.5],
    }


def malformed_points() -> list[tuple[str, object]]:
    """Every malformed value of every family, with its family's name."""
    return [(family, value) for family, values in malformed_families().items() for value in values]


Path = tuple[object, ...]
"""Where a value sits in a wire object: map keys and array indexes, outermost first."""


def point_paths(schema: Field, value: object, path: Path = ()) -> list[Path]:
    """Every place in `value` (a valid wire object of `schema`) that `schema` reads as a `Point`: so a
    test reaches every point field of every message from the schema itself, missing none."""
    if isinstance(schema, Point):
        return [path]
    if isinstance(schema, (Into, Opt)):
        return [] if value is None else point_paths(schema.inner, value, path)
    if isinstance(schema, Tagged):
        assert isinstance(value, dict)
        return point_paths(schema.variants[value[schema.key]], value, path)
    if isinstance(schema, Map):
        assert isinstance(value, dict)
        return [p for name, kind in schema.fields for p in point_paths(kind, value[name], (*path, name))]
    if isinstance(schema, (List, Tuple)):
        assert isinstance(value, list)
        kinds = [schema.item] * len(value) if isinstance(schema, List) else list(schema.items)
        pairs = enumerate(zip(kinds, value, strict=True))
        return [p for i, (kind, item) in pairs for p in point_paths(kind, item, (*path, i))]
    return []


def replaced(value: object, path: Path, new: object) -> object:
    """A copy of `value` with the item at `path` replaced by `new` (the rest shared, unchanged)."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: replaced(value[head], rest, new)}
    assert isinstance(value, list) and isinstance(head, int)
    return [*value[:head], replaced(value[head], rest, new), *value[head + 1 :]]


def kinds_of_path(path: Path) -> Path:
    """`path` with array indexes dropped: the field it names, whichever item."""
    return tuple(p for p in path if not isinstance(p, int))


def spellings(point: bytes) -> list[bytes]:
    """Every other 32-byte string that a decoder careless of RFC 9496's steps 1-2 reads as `point`'s
    value: bit 255 set, the negative field element p - s, and s + p where it fits in 255 bits."""
    s = int.from_bytes(point, "little")
    other = [s | 1 << 255, P - s, *([s + P] if s + P < 2**256 else [])]
    return [_spell(v) for v in other]
