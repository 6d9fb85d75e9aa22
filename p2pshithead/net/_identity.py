# Identity: an Ed25519 key and a nickname. The key is this person's name at every table; it lives in
# the config folder it is handed (cli chooses it: `$P2PSHITHEAD_HOME` or the platform's) as a PKCS#8 PEM
# readable by the owner only, beside a one-line nickname file. Invariant: a loaded identity signs with the
# same key every time; verification never raises, it returns a bool, and it is False for every key of
# small order (a key anyone can "sign" for: no peer sits, announces or seals a game with one).
"""Ed25519 identities: `Identity` (signs), `verify` (checks), `load_identity` (config folder)."""

from __future__ import annotations

import getpass
import os
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from p2pshithead.files import read_small

KEY_BYTES = 32
SIG_BYTES = 64
NICK_MAX = 24
_KEY_MOST = 64 * 1024  # the most bytes the key file is read for (its PEM is under 200)


def check_nick(nick: str) -> str:
    """Return `nick` if it is 1..24 printable characters, else raise `ValueError`."""
    if not 1 <= len(nick) <= NICK_MAX or not nick.isprintable():
        raise ValueError(f"nickname must be 1..{NICK_MAX} printable characters, got {nick!r}")
    return nick


@dataclass(frozen=True, slots=True)
class Identity:
    """A signing key and the nickname shown beside it."""

    key: Ed25519PrivateKey
    nick: str

    def __post_init__(self) -> None:
        check_nick(self.nick)

    @classmethod
    def generate(cls, nick: str) -> Identity:
        """A fresh identity held only in memory (bots, tests)."""
        return cls(Ed25519PrivateKey.generate(), nick)

    @property
    def public(self) -> bytes:
        """The raw 32-byte public key."""
        return self.key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)

    def sign(self, data: bytes) -> bytes:
        """The 64-byte Ed25519 signature of `data`."""
        return self.key.sign(data)


_SMALL_ORDER = frozenset(bytes.fromhex(h) for h in (
    "0000000000000000000000000000000000000000000000000000000000000000",  # (x, 0): order 4
    "0100000000000000000000000000000000000000000000000000000000000000",  # the identity
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",  # order 8
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",  # order 8
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",  # (0, -1): order 2
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",  # y = p: the order-4 points again
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",  # y = p + 1: the identity again
))
"""Every encoding of a point of small order (libsodium's list), with the sign bit of x (bit 255) clear."""


def weak_key(public: bytes) -> bool:
    """Whether `public` encodes a point of small order: a key whose "signatures" anyone can make (with the
    identity, R = identity and S = 0 verify for every message), so it proves nobody signed anything."""
    return public[:31] + bytes([public[31] & 0x7F]) in _SMALL_ORDER if len(public) == KEY_BYTES else False


def verify(public: bytes, signature: bytes, data: bytes) -> bool:
    """Whether `signature` is `public`'s Ed25519 signature of `data` (never for a `weak_key`)."""
    if weak_key(public):
        return False
    try:
        Ed25519PublicKey.from_public_bytes(public).verify(signature, data)
    except (InvalidSignature, ValueError):
        return False
    return True


def load_identity(folder: Path, nick: str | None = None) -> Identity:
    """Load the identity kept in `folder` (the config folder), creating it on first use.

    Args:
        folder: where `identity.pem` and `nick` live.
        nick: a new nickname to keep; by default the stored one, else the login name.
    """
    folder.mkdir(parents=True, exist_ok=True)
    key_path, nick_path = folder / "identity.pem", folder / "nick"
    if key_path.exists():
        key = serialization.load_pem_private_key(read_small(key_path, _KEY_MOST), password=None)
        if not isinstance(key, Ed25519PrivateKey):
            raise ValueError(f"{key_path} does not hold an Ed25519 key")
    else:
        key = Ed25519PrivateKey.generate()
        pem = key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        fd = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(pem)
    if nick is None:
        nick = (read_small(nick_path, 4 * NICK_MAX + 2).decode("utf-8").strip() if nick_path.exists()
                else (getpass.getuser() or "player")[:NICK_MAX])
    nick_path.write_text(check_nick(nick) + "\n")
    return Identity(key, nick)
