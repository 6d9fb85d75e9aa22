# Framing (sans-IO): a frame is a 4-byte big-endian length, then that many bytes of one msgpack object.
# Invariants: no frame longer than `MAX_FRAME` is ever written or buffered; decoding is strict (str as
# str, bin as bytes, map keys str or bytes only, no ext types, bounded lengths, at most `MAX_DEPTH` levels
# of arrays and maps), so what leaves the decoder is plain data for the schema checker, never an object a
# peer chose the type of, nor one deep enough to exhaust Python's recursion in whoever reads it; what a
# signature covers is read only in its one canonical spelling (`decode_signed`: `pack` of its value).
"""Length-prefixed msgpack frames: `encode_frame`, `decode_object`, `decode_signed` and the incremental
`FrameDecoder`."""

from __future__ import annotations

import struct

import msgpack

from p2pshithead.net._errors import LocalProtocolError, RemoteProtocolError

MAX_FRAME = 4 * 1024 * 1024
"""Largest frame body in bytes, either direction."""

MAX_DEPTH = 32
"""Deepest nesting of arrays and maps a decoded object may have (every message of ours has under 10)."""

_HEADER = struct.Struct(">I")


def pack(obj: object) -> bytes:
    """Pack plain data to msgpack bytes (the one encoder every signature and hash is taken over)."""
    return msgpack.packb(obj, use_bin_type=True)


def decode_object(data: bytes, peer: str, limit: int = MAX_FRAME) -> object:
    """Unpack one msgpack object strictly.

    Raises:
        RemoteProtocolError: naming `peer`, when the bytes are not exactly one plain msgpack object.
    """
    try:
        obj = msgpack.unpackb(
            data,
            raw=False,
            strict_map_key=True,
            use_list=True,
            max_str_len=limit,
            max_bin_len=limit,
            max_array_len=limit,
            max_map_len=limit,
            max_ext_len=0,
        )
    except (ValueError, TypeError, msgpack.ExtraData, msgpack.FormatError, msgpack.StackError) as exc:
        raise RemoteProtocolError(peer, f"undecodable msgpack: {exc}") from None
    if _too_deep(obj):
        raise RemoteProtocolError(peer, f"msgpack nested deeper than {MAX_DEPTH} levels")
    return obj


def decode_signed(data: bytes, peer: str) -> object:
    """Unpack one msgpack object that a signature covers: strictly, and only in the one spelling `pack`
    gives its value (smallest ints and lengths, each map key once), so every reader reads the same value.

    Raises:
        RemoteProtocolError: naming `peer`, when the bytes are not exactly `pack` of one plain object.
    """
    obj = decode_object(data, peer)
    if pack(obj) != data:
        raise RemoteProtocolError(peer, "not in canonical msgpack (an int or length encoded wide, a map key twice)")
    return obj


def _too_deep(obj: object) -> bool:
    """Whether arrays and maps nest deeper than `MAX_DEPTH` in `obj` (looked at without recursion)."""
    stack = [(obj, 1)]
    while stack:
        value, depth = stack.pop()
        children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
        for child in children:
            if isinstance(child, (list, dict)):
                if depth >= MAX_DEPTH:
                    return True
                stack.append((child, depth + 1))
    return False


def encode_frame(obj: object, limit: int = MAX_FRAME) -> bytes:
    """Return the frame (header and body) carrying `obj`.

    Raises:
        LocalProtocolError: when the body would exceed `limit`.
    """
    body = pack(obj)
    if len(body) > limit:
        raise LocalProtocolError(f"frame of {len(body)} bytes exceeds the {limit}-byte limit")
    return _HEADER.pack(len(body)) + body


class FrameDecoder:
    """Turns received bytes into objects: `feed(data)` returns every object completed so far. `limit`, the
    largest frame body accepted, may be changed between feeds (raised once a peer is admitted)."""

    __slots__ = ("_buffer", "limit", "peer")

    def __init__(self, peer: str, limit: int = MAX_FRAME) -> None:
        self._buffer = bytearray()
        self.limit = limit
        self.peer = peer

    @property
    def buffered(self) -> int:
        """Bytes received that do not yet make a whole frame."""
        return len(self._buffer)

    def feed(self, data: bytes) -> list[object]:
        """Buffer `data`; return the objects of every frame now complete, in order.

        Raises:
            RemoteProtocolError: when a header announces more than the limit or a body is bad msgpack.
        """
        self._buffer += data
        out: list[object] = []
        while len(self._buffer) >= _HEADER.size:
            (length,) = _HEADER.unpack_from(self._buffer)
            if length > self.limit:
                raise RemoteProtocolError(self.peer, f"frame of {length} bytes exceeds the {self.limit}-byte limit")
            end = _HEADER.size + length
            if len(self._buffer) < end:
                break
            body = bytes(self._buffer[_HEADER.size : end])
            del self._buffer[:end]
            out.append(decode_object(body, self.peer, self.limit))
        return out
