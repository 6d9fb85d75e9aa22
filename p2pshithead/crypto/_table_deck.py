# Invariants:
# - Phases only move forward: KEYS (collect one proven key share per seat), SHUFFLE (seat 0, 1, ... each
#   shuffle once, each shuffle proven against the deck before it), READY (the deck is final; cards are
#   revealed by slot, i.e. by deal position in the final deck).
# - Nothing from a peer is applied before it is fully checked; a rejected message changes no state and
#   raises a `RemoteDeckError` naming that peer. A call this peer may not make now raises `LocalDeckError`.
#   One exception, asked for explicitly: `defer_shuffle` takes a shuffle whose proof `check_shuffles`
#   verifies later (so shuffling and verifying overlap); until every proof is verified no decryption
#   share is made, taken or released, so an unchecked deck never opens a card.
# - This peer's own messages are applied to its state when made, never received back.
# - A slot's card is known here only once every other seat's decryption share of it is known (received
#   with a valid Chaum-Pedersen proof, or derived from a released key): an owner that never publishes its
#   own share keeps a privately revealed card to itself. An observer (no seat) needs every seat's share.
"""One peer's view of a table's mental-poker deck: a sans-IO state machine from keys to reveals."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from p2pshithead.crypto._cards import card_index, card_points
from p2pshithead.crypto._elgamal import Ciphertext, initial_deck, remove_shares
from p2pshithead.crypto._errors import CheatingError, LocalDeckError
from p2pshithead.crypto._fiat_shamir import domain
from p2pshithead.crypto._group import GENERATOR, IDENTITY, RandBytes, mul, mul_base, point_sum, random_scalar
from p2pshithead.crypto._messages import DecryptionShare, KeyRelease, KeyShare, Message, Reveal, Shuffle
from p2pshithead.crypto._params import TableParams
from p2pshithead.crypto._shuffle import shuffle, verify_shuffle
from p2pshithead.crypto._sigma import prove_same_log, verify_same_log

__all__ = ["Phase", "TableDeck"]


class Phase(enum.Enum):
    """Where a table's deck protocol stands."""

    KEYS = "keys"
    """Peers publish their key shares; the table key is not known yet."""
    SHUFFLE = "shuffle"
    """Peers shuffle the deck in seat order."""
    READY = "ready"
    """The deck is final; cards are revealed slot by slot."""


@dataclass(frozen=True, slots=True)
class _Seat:
    """What only a seated peer has: its seat, its key share and its random source."""

    index: int
    secret: int
    rand: RandBytes


class TableDeck:
    """The deck protocol as seen by one seat, or by an observer (`seat=None`, e.g. an auditor).

    Messages this peer must send come from `key_share_message`, `shuffle_message`, `reveal_message` and
    `release_message`; messages from other peers go into `receive`, after `message_from_wire`.
    A private reveal to an owner is every other peer calling `reveal_message`; a public reveal is every
    peer calling it, the owner included (that is how a card played from a hand is opened).
    """

    __slots__ = (
        "_cards",
        "_deck",
        "_key_message",
        "_me",
        "_public_keys",
        "_released",
        "_shares",
        "_shuffles",
        "_unchecked",
        "_table_key",
        "params",
        "seat",
    )

    def __init__(self, params: TableParams, seat: int | None = None, rand: RandBytes | None = None) -> None:
        """Join the table described by `params` at `seat` (None: observe), drawing secrets from `rand`.

        Raises:
            LocalDeckError: the seat is not at the table, or a seat is given without a random source.
        """
        if seat is not None and (type(seat) is not int or not 0 <= seat < params.n_peers):
            raise LocalDeckError(f"seat must be 0 to {params.n_peers - 1}, not {seat!r}")
        if seat is not None and rand is None:
            raise LocalDeckError("a seated peer needs a random source (os.urandom in play)")
        self.params = params
        self.seat = seat
        self._me = None if seat is None or rand is None else _Seat(seat, random_scalar(rand), rand)
        self._key_message: KeyShare | None = None
        self._public_keys: dict[int, bytes] = {}
        self._table_key: bytes | None = None
        self._deck: tuple[Ciphertext, ...] = ()
        self._shuffles = 0
        self._unchecked: list[tuple[int, tuple[Ciphertext, ...], Shuffle]] = []  # (peer, deck before, shuffle)
        self._shares: dict[int, dict[int, bytes]] = {}
        self._released: dict[int, int] = {}
        self._cards: dict[int, int] = {}

    @classmethod
    def start(cls, table_id: bytes, seat: int, n_peers: int, n_cards: int, rand: RandBytes) -> TableDeck:
        """Join table `table_id` of `n_peers` peers and `n_cards` cards at `seat`, with random source `rand`."""
        return cls(TableParams(table_id, n_peers, n_cards), seat, rand)

    def __repr__(self) -> str:
        return f"TableDeck({self.params!r}, seat={self.seat!r}, phase={self.phase})"

    @property
    def phase(self) -> Phase:
        """The current phase."""
        if self._table_key is None:
            return Phase.KEYS
        return Phase.SHUFFLE if self._shuffles < self.params.n_peers else Phase.READY

    @property
    def table_key(self) -> bytes | None:
        """The table's ElGamal key, the sum of every seat's key share, once all are in."""
        return self._table_key

    @property
    def deck(self) -> tuple[Ciphertext, ...]:
        """The deck as it stands: the final deck once `phase` is READY (empty before the keys are in)."""
        return self._deck

    @property
    def next_shuffler(self) -> int | None:
        """The seat whose shuffle comes next, or None outside the SHUFFLE phase."""
        return self._shuffles if self.phase is Phase.SHUFFLE else None

    # Messages this peer sends.

    def _own(self) -> _Seat:
        if self._me is None:
            raise LocalDeckError("an observer sends no messages")
        return self._me

    def _key(self) -> bytes:
        if self._table_key is None:
            raise LocalDeckError("the table key is not known before every key share is in")
        return self._table_key

    def key_share_message(self) -> KeyShare:
        """This peer's public key share with its proof of knowledge (the same message on every call)."""
        me = self._own()
        if self._key_message is None:
            public = mul_base(me.secret)
            prefix = domain(self.params, "key", me.index)
            self._key_message = KeyShare(public, prove_same_log(prefix, [GENERATOR], [public], me.secret, me.rand))
            self._add_key(me.index, public)
        return self._key_message

    def shuffle_message(self) -> Shuffle:
        """Shuffle the current deck, apply it here and return it with its proof.

        Raises:
            LocalDeckError: it is not this peer's turn to shuffle.
        """
        me = self._own()
        if self.next_shuffler != me.index:
            raise LocalDeckError(f"seat {me.index} may not shuffle now (next shuffler: {self.next_shuffler})")
        prefix = domain(self.params, "shuffle", me.index)
        deck, proof = shuffle(prefix, self._deck, self._key(), me.rand)
        self._deck = deck
        self._shuffles += 1
        return Shuffle(deck, proof)

    def reveal_message(self, slots: Iterable[int]) -> Reveal:
        """This peer's decryption shares of the cards at `slots`, each with a Chaum-Pedersen proof.

        For a private reveal, every peer but the owner sends this; the owner must not.

        Raises:
            LocalDeckError: the deck is not final, or a slot is not in it.
        """
        me = self._own()
        chosen = self._check_slots(slots)
        own_key = self._public_keys[me.index]
        shares = []
        for slot in chosen:
            c1 = self._deck[slot].c1
            share = mul(me.secret, c1)
            prefix = self._share_domain(me.index, slot)
            proof = prove_same_log(prefix, [GENERATOR, c1], [own_key, share], me.secret, me.rand)
            shares.append(DecryptionShare(slot, share, proof))
        return Reveal(tuple(shares))

    def release_message(self) -> KeyRelease:
        """This peer's key share in the clear, for when it is out of the game: its cards stop being secret.

        Raises:
            LocalDeckError: the deck is not final yet.
        """
        me = self._own()
        if self.phase is not Phase.READY or self._unchecked:
            raise LocalDeckError("a key share is released only once the deck is final and verified")
        return KeyRelease(me.secret)

    # Messages other peers send.

    def receive(self, peer: int, message: Message) -> None:
        """Check `message` from seat `peer` and apply it.

        Raises:
            CheatingError: naming `peer`, if the message is out of turn, does not fit the table, or a proof
                in it fails; nothing is applied.
            LocalDeckError: `peer` is not another seat of this table.
        """
        if type(peer) is not int or not 0 <= peer < self.params.n_peers or peer == self.seat:
            raise LocalDeckError(f"messages come from another seat of 0..{self.params.n_peers - 1}, not {peer!r}")
        if isinstance(message, KeyShare):
            self._receive_key(peer, message)
        elif isinstance(message, Shuffle):
            self._receive_shuffle(peer, message)
        elif isinstance(message, Reveal):
            self._receive_reveal(peer, message)
        elif isinstance(message, KeyRelease):
            self._receive_release(peer, message)
        else:
            raise LocalDeckError(f"not a deck message: {message!r}")

    def _receive_key(self, peer: int, message: KeyShare) -> None:
        if self.phase is not Phase.KEYS or peer in self._public_keys:
            raise CheatingError(peer, "sent a key share after its first one or after the keys step")
        prefix = domain(self.params, "key", peer)
        if not verify_same_log(prefix, [GENERATOR], [message.public], message.proof):
            raise CheatingError(peer, "its key share's proof of knowledge fails (a rogue or copied key)")
        self._add_key(peer, message.public)

    def _add_key(self, seat: int, public: bytes) -> None:
        self._public_keys[seat] = public
        if len(self._public_keys) == self.params.n_peers:
            table_key = point_sum(self._public_keys.values())
            if table_key == IDENTITY:
                raise CheatingError(seat, "its key share cancels the others' (table key is the identity)")
            self._table_key = table_key
            self._deck = initial_deck(card_points(self.params), table_key)

    def _receive_shuffle(self, peer: int, message: Shuffle) -> None:
        self._check_fit(peer, message)
        self._check_proof(peer, self._deck, message)
        self._deck = message.deck
        self._shuffles += 1

    def defer_shuffle(self, peer: int, message: Shuffle) -> None:
        """Take `peer`'s shuffle as the current deck, its proof checked later by `check_shuffles`,
        so the next seat can shuffle while the others verify. No share of any card is made or
        accepted while a shuffle is unchecked.

        Raises:
            CheatingError: naming `peer`, for a shuffle out of turn or of the wrong size.
        """
        if type(peer) is not int or peer == self.seat or not isinstance(message, Shuffle):
            raise LocalDeckError("defer_shuffle takes another seat's Shuffle")
        self._check_fit(peer, message)
        self._unchecked.append((peer, self._deck, message))
        self._deck = message.deck
        self._shuffles += 1

    def check_shuffles(self) -> None:
        """Verify every deferred shuffle proof, in seat order.

        Raises:
            CheatingError: naming the first seat whose shuffle proof fails (it stays unchecked).
        """
        while self._unchecked:
            self._check_proof(*self._unchecked[0])
            self._unchecked.pop(0)

    def _check_fit(self, peer: int, message: Shuffle) -> None:
        if self.next_shuffler != peer:
            raise CheatingError(peer, f"shuffled out of turn (next shuffler: {self.next_shuffler})")
        if len(message.deck) != self.params.n_cards:
            raise CheatingError(peer, f"shuffled {len(message.deck)} cards into a deck of {self.params.n_cards}")

    def _check_proof(self, peer: int, before: tuple[Ciphertext, ...], message: Shuffle) -> None:
        prefix = domain(self.params, "shuffle", peer)
        if not verify_shuffle(prefix, before, message.deck, self._key(), message.proof):
            raise CheatingError(peer, "its shuffle proof fails: the output is not a permutation of re-encryptions")

    @property
    def unchecked(self) -> int:
        """How many shuffles are taken but not yet verified."""
        return len(self._unchecked)

    def _receive_reveal(self, peer: int, message: Reveal) -> None:
        if self._unchecked:
            raise LocalDeckError("verify the deferred shuffles (check_shuffles) before taking any share")
        if self.phase is not Phase.READY:
            raise CheatingError(peer, "sent decryption shares before the deck was final")
        for item in message.shares:
            if item.slot >= self.params.n_cards:
                raise CheatingError(peer, f"sent a share for slot {item.slot} of a {self.params.n_cards}-card deck")
            if peer in self._shares.get(item.slot, {}):
                raise CheatingError(peer, f"sent a second share for slot {item.slot}")
            c1 = self._deck[item.slot].c1
            bases, images = [GENERATOR, c1], [self._public_keys[peer], item.share]
            if not verify_same_log(self._share_domain(peer, item.slot), bases, images, item.proof):
                raise CheatingError(peer, f"its decryption share for slot {item.slot} has a failing proof")
        for item in message.shares:
            self._shares.setdefault(item.slot, {})[peer] = item.share

    def _receive_release(self, peer: int, message: KeyRelease) -> None:
        if self.phase is not Phase.READY or peer in self._released:
            raise CheatingError(peer, "released its key share before the deck was final, or twice")
        if mul_base(message.secret) != self._public_keys[peer]:
            raise CheatingError(peer, "released a key share that does not match its public share")
        self._released[peer] = message.secret

    # Cards.

    def _share_domain(self, peer: int, slot: int) -> bytes:
        ct = self._deck[slot]
        return domain(self.params, "reveal", peer) + slot.to_bytes(2, "big") + ct.c1 + ct.c2

    def _check_slots(self, slots: Iterable[int]) -> list[int]:
        if self.phase is not Phase.READY or self._unchecked:
            raise LocalDeckError("cards are revealed only once the deck is final and every shuffle verified")
        chosen = list(slots)
        if not chosen or len(set(chosen)) != len(chosen):
            raise LocalDeckError("reveal one or more distinct slots")
        for slot in chosen:
            if type(slot) is not int or not 0 <= slot < self.params.n_cards:
                raise LocalDeckError(f"slot {slot!r} is not in the {self.params.n_cards}-card deck")
        return chosen

    def missing_shares(self, slot: int) -> frozenset[int]:
        """The seats whose decryption share of `slot` this view still lacks to learn its card."""
        self._check_slots([slot])
        have = self._shares.get(slot, {})
        return frozenset(
            p for p in range(self.params.n_peers) if p != self.seat and p not in have and p not in self._released
        )

    def card(self, slot: int) -> int | None:
        """The card number (0..n_cards-1) at deal position `slot`, or None while a share is missing.

        Raises:
            LocalDeckError: the deck is not final, or `slot` is not in it.
        """
        if slot in self._cards:
            return self._cards[slot]
        if self.missing_shares(slot):
            return None
        ciphertext = self._deck[slot]
        have = self._shares.get(slot, {})
        secrets = {**self._released, **({} if self._me is None else {self._me.index: self._me.secret})}
        shares = [have[p] if p in have else mul(secrets[p], ciphertext.c1) for p in range(self.params.n_peers)]
        self._cards[slot] = card_index(self.params)[remove_shares(ciphertext, shares)]
        return self._cards[slot]

    def known_cards(self) -> dict[int, int]:
        """Every slot whose card this view can learn, with its card number."""
        if self.phase is not Phase.READY:
            return {}
        return {slot: card for slot in range(self.params.n_cards) if (card := self.card(slot)) is not None}
