# Identity: an Ed25519 key and a nickname. The key is this person's name at every table; it lives in
# the config folder it is handed (cli chooses it: `$P2PSHITHEAD_HOME` or the platform's) as a PKCS#8 PEM
# readable by the owner only, beside a one-line nickname file. Invariant: a loaded identity signs with the
# same key every time; verification never raises, it returns a bool.
"""Ed25519 identities: `Identity` (signs), `verify` (checks), `load_identity` (config folder)."""

from __future__ import annotations

import getpass
import os
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

KEY_BYTES = 32
SIG_BYTES = 64
NICK_MAX = 24


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


def verify(public: bytes, signature: bytes, data: bytes) -> bool:
    """Whether `signature` is `public`'s Ed25519 signature of `data`."""
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
        key = serialization.load_pem_private_key(key_path.read_bytes(), password=None)
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
        nick = nick_path.read_text().strip() if nick_path.exists() else (getpass.getuser() or "player")[:NICK_MAX]
    nick_path.write_text(check_nick(nick) + "\n")
    return Identity(key, nick)
