# Invariants: imports nothing of p2pshithead but `p2pshithead.errors` (level 0, under every layer); every
# refusal is a `WireError` with a path and no peer.
"""One declarative wire validation for every layer: field types that check a decoded msgpack value.

Declare a message once (`fields(seat=Int(0, 10), body=Bytes(1, 2**20))`, `Tagged("t", {...})`), call
`.check(value)`, and convert the `WireError` it may raise into the error of your boundary, naming the peer.
"""

from p2pshithead.wire._errors import WireError
from p2pshithead.wire._schema import Bool, Bytes, Field, Int, Into, List, Map, Opaque, Opt, Str, Tagged, Tuple, fields

__all__ = [
    "Bool", "Bytes", "Field", "Int", "Into", "List", "Map", "Opaque", "Opt", "Str", "Tagged", "Tuple", "WireError",
    "fields",
]  # fmt: skip
