# Invariants: no module of this package opens a socket, reads a clock (but `bench`) or draws randomness
# it was not given; every message is a frozen value with a plain wire form; every rejection names who is at
# fault (`LocalDeckError` for this process, `RemoteDeckError` with the peer's seat for a peer).
"""Mental poker for p2pshithead: a sans-IO deck protocol where no peer learns a card the rules hide.

Barnett-Smart over ristretto255 (libsodium, bundled by rbcl): proven key shares,
ElGamal-encrypted cards, one Terelius-Wikstrom-proven shuffle per peer, Chaum-Pedersen-proven decryption
shares, a coin drawn from every peer's key (the dealer), key release for peers who leave, and an audit
that re-checks a game from its transcript.
"""

from p2pshithead.crypto._audit import audit
from p2pshithead.crypto._cards import card_index, card_points
from p2pshithead.crypto._elgamal import Ciphertext
from p2pshithead.crypto._errors import (
    CheatingError,
    DeckError,
    LocalDeckError,
    MalformedMessageError,
    RemoteDeckError,
    WrongKeyError,
)
from p2pshithead.crypto._gift import SEALED_BYTES, card_with, dispute_key, judge_dispute, open_share, seal_share
from p2pshithead.crypto._group import RandBytes
from p2pshithead.crypto._messages import (
    DECK_PAYLOAD_SCHEMA,
    MESSAGE_SCHEMA,
    REVEAL_SCHEMA,
    DeckPayload,
    DecryptionShare,
    DrawShare,
    KeyRelease,
    KeyShare,
    Message,
    Reveal,
    Shuffle,
    message_from_wire,
)
from p2pshithead.crypto._params import MAX_CARDS, MAX_PEERS, TableParams
from p2pshithead.crypto._shuffle import ShuffleProof
from p2pshithead.crypto._sigma import SigmaProof
from p2pshithead.crypto._table_deck import DeckKey, DeckStage, TableDeck
from p2pshithead.crypto._table_sim import Deal, SimulatedTable, WorkHook
from p2pshithead.crypto._wire import Point, Scalar

__all__ = [
    "DECK_PAYLOAD_SCHEMA",
    "MAX_CARDS",
    "MAX_PEERS",
    "MESSAGE_SCHEMA",
    "REVEAL_SCHEMA",
    "SEALED_BYTES",
    "CheatingError",
    "Ciphertext",
    "Deal",
    "DeckKey",
    "DeckError",
    "DeckPayload",
    "DecryptionShare",
    "DrawShare",
    "KeyRelease",
    "KeyShare",
    "LocalDeckError",
    "MalformedMessageError",
    "Message",
    "DeckStage",
    "Point",
    "RandBytes",
    "RemoteDeckError",
    "Reveal",
    "Scalar",
    "Shuffle",
    "ShuffleProof",
    "SigmaProof",
    "SimulatedTable",
    "TableDeck",
    "TableParams",
    "WorkHook",
    "WrongKeyError",
    "audit",
    "card_index",
    "card_points",
    "card_with",
    "dispute_key",
    "judge_dispute",
    "message_from_wire",
    "open_share",
    "seal_share",
]
