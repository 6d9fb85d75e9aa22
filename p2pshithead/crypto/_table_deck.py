# Invariants:
# - Phases only move forward: KEYS (collect one proven key share per seat), SHUFFLE (seat 0, 1, ... each
#   shuffle once, each shuffle proven against the deck before it), READY (the deck is final; cards are
#   revealed by slot, i.e. by deal position in the final deck).
# - The secret is apart from the state: a `DeckKey` (one seat's key share and random source) makes that
#   seat's messages from a `TableDeck`; a keyless `TableDeck` is the deck every seat and an observer hold
#   alike when each receives every message, its own included. A seated `TableDeck(params, seat, rand)` is
#   one peer's view: a deck with a key whose own messages are applied when made, never received back.
# - Nothing from a peer is applied before it is fully checked; a rejected message changes no state and
#   raises a `RemoteDeckError` naming that peer. A call this peer may not make now raises `LocalDeckError`.
#   Two exceptions, asked for explicitly: `defer_shuffle` takes a shuffle whose proof `check_shuffles`
#   verifies later (so shuffling and verifying overlap); until every proof is verified no decryption
#   share is made, taken or released, so an unchecked deck never opens a card. And `receive(...,
#   proven=True)` skips the proofs of a message this process made itself (`DeckKey.made`), so each
#   proof is still verified once per process; every other check runs.
# - A slot's card is known to a key holder once every other seat's decryption share of it is known
#   (received with a valid Chaum-Pedersen proof, or derived from a released key): an owner that never
#   publishes its own share keeps a privately revealed card to itself. Without a key, every seat's share
#   is needed: what a keyless deck learns, every holder of the transcript learns.
# - The table's `coin` is hashed from every seat's draw share x_i*D, D a point of unknown discrete log
#   fixed by the table: each share is fixed by the seat's key share (its proof binds it) and cannot be
#   computed by anyone else, and no shuffle enters it. Draw shares travel with decryption shares (the
#   deal's reveal), so only once the deck is final and verified; one per seat.
# - A `DeckKey` plans its shuffle (`prepare_shuffle`: its secrets and the deck-free commitments) at most
#   once, once the table key is known and before its turn, and uses the plan for one shuffle only.
"""One peer's view of a table's mental-poker deck: a sans-IO state machine from keys to reveals."""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable
from typing import TypeVar

from p2pshithead.crypto._cards import card_index, card_points
from p2pshithead.crypto._elgamal import Ciphertext, initial_deck, remove_shares
from p2pshithead.crypto._errors import CheatingError, LocalDeckError, WrongKeyError
from p2pshithead.crypto._fiat_shamir import domain
from p2pshithead.crypto._group import (
    GENERATOR,
    IDENTITY,
    RandBytes,
    hash_parts,
    hash_to_point,
    mul,
    mul_base,
    point_sum,
    random_scalar,
)  # fmt: skip
from p2pshithead.crypto._messages import DecryptionShare, DrawShare, KeyRelease, KeyShare, Message, Reveal, Shuffle
from p2pshithead.crypto._params import TableParams
from p2pshithead.crypto._shuffle import ShufflePlan, plan_shuffle, shuffle, verify_shuffle
from p2pshithead.crypto._sigma import prove_same_log, verify_same_log

__all__ = ["DeckKey", "DeckStage", "TableDeck"]

_M = TypeVar("_M", KeyShare, Shuffle, Reveal, KeyRelease)


@functools.lru_cache(maxsize=32)
def draw_point(params: TableParams) -> bytes:
    """The table's draw point D: hashed from the table, so nobody knows its discrete log."""
    return hash_to_point(domain(params, "draw point", 0))


class DeckStage(enum.Enum):
    """Where a table's deck protocol stands."""

    KEYS = "keys"
    """Peers publish their key shares; the table key is not known yet."""
    SHUFFLE = "shuffle"
    """Peers shuffle the deck in seat order."""
    READY = "ready"
    """The deck is final; cards are revealed slot by slot."""


class DeckKey:
    """One seat's secret key share and random source: it makes that seat's messages for a `TableDeck`.

    Raises (on construction):
        LocalDeckError: the seat is not at the table.
    """

    __slots__ = (
        "_cards", "_key_message", "_made", "_plan", "_planned", "_rand", "_sealed", "_secret", "params", "seat",
    )  # fmt: skip

    def __init__(self, params: TableParams, seat: int, rand: RandBytes, seed: bytes | None = None) -> None:
        """`seed` (64 bytes): where the secret comes from, kept by a peer that must be able to come back
        after a crash with the same key share; None draws it from `rand`."""
        if type(seat) is not int or not 0 <= seat < params.n_peers:
            raise LocalDeckError(f"seat must be 0 to {params.n_peers - 1}, not {seat!r}")
        self.params = params
        self.seat = seat
        self._rand = rand
        self._secret = random_scalar(rand if seed is None else lambda n: seed)
        self._key_message: KeyShare | None = None
        self._made: list[Message] = []  # messages made here and not yet received back
        self._cards: dict[int, int] = {}
        self._plan: ShufflePlan | None = None  # this seat's shuffle secrets, made early, used once
        self._planned = False  # a plan was made (it is never made twice)
        self._sealed: dict[tuple[int, int], bytes] = {}  # (slot, receiver) -> its one sealed share (`seal_share`)

    def __repr__(self) -> str:
        return f"DeckKey({self.params!r}, seat={self.seat})"

    @property
    def public(self) -> bytes:
        """This seat's public key share (the point its key share message commits to)."""
        return mul_base(self._secret)

    def _keep(self, message: _M) -> _M:
        self._made.append(message)
        return message

    def made(self, message: Message) -> bool:
        """Whether this key made `message` and it was not yet claimed back (its proofs are known good)."""
        if message in self._made:
            self._made.remove(message)
            return True
        return False

    def key_share_message(self) -> KeyShare:
        """This seat's public key share with its proof of knowledge (the same message on every call)."""
        if self._key_message is None:
            public = mul_base(self._secret)
            prefix = domain(self.params, "key", self.seat)
            proof = prove_same_log(prefix, [GENERATOR], [public], self._secret, self._rand)
            self._key_message = self._keep(KeyShare(public, proof))
        return self._key_message

    def shuffle_message(self, deck: TableDeck) -> Shuffle:
        """Shuffle `deck`'s current deck and prove it (the message is not applied to `deck`).

        Raises:
            LocalDeckError: it is not this seat's turn to shuffle.
        """
        if deck.next_shuffler != self.seat:
            raise LocalDeckError(f"seat {self.seat} may not shuffle now (next shuffler: {deck.next_shuffler})")
        prefix = domain(self.params, "shuffle", self.seat)
        plan, self._plan, self._planned = self._plan, None, True
        shuffled, proof = shuffle(prefix, deck.deck, deck._key(), self._rand, plan)
        return self._keep(Shuffle(shuffled, proof))

    def prepare_shuffle(self, deck: TableDeck) -> None:
        """Make the half of this seat's shuffle that no deck enters (its permutation, masks, permutation
        commitment and nonces) now, while earlier seats shuffle, so that its turn costs about a third
        less. A no-op before the table key is known, once this seat has shuffled, or when made already.
        """
        shuffler = deck.next_shuffler
        if not self._planned and shuffler is not None and shuffler <= self.seat:
            self._plan, self._planned = plan_shuffle(self.params.n_cards, deck._key(), self._rand), True

    def reveal_message(self, deck: TableDeck, slots: Iterable[int], draw: bool = False) -> Reveal:
        """This seat's decryption shares of the cards at `slots` of `deck`, each with a Chaum-Pedersen proof;
        with `draw` (the deal), also this seat's draw share of the table's coin, with its proof.

        For a private reveal, every seat but the owner sends this; the owner must not.

        Raises:
            LocalDeckError: the deck is not final, or a slot is not in it.
        """
        own_key = deck._public_keys[self.seat] if self.seat in deck._public_keys else mul_base(self._secret)
        shares = []
        for slot in deck._check_slots(slots):
            c1 = deck.deck[slot].c1
            share = mul(self._secret, c1)
            prefix = deck._share_domain(self.seat, slot)
            proof = prove_same_log(prefix, [GENERATOR, c1], [own_key, share], self._secret, self._rand)
            shares.append(DecryptionShare(slot, share, proof))
        drawn = None
        if draw:
            point = draw_point(self.params)
            share = mul(self._secret, point)
            prefix = domain(self.params, "draw", self.seat)
            proof = prove_same_log(prefix, [GENERATOR, point], [own_key, share], self._secret, self._rand)
            drawn = DrawShare(share, proof)
        return self._keep(Reveal(tuple(shares), drawn))

    def release_message(self, deck: TableDeck) -> KeyRelease:
        """This seat's key share in the clear, for when it is out of the game: its cards stop being secret.

        Raises:
            LocalDeckError: the deck is not final and verified yet.
        """
        if deck.phase is not DeckStage.READY or deck.unchecked:
            raise LocalDeckError("a key share is released only once the deck is final and verified")
        return self._keep(KeyRelease(self._secret))

    def card(self, deck: TableDeck, slot: int) -> int | None:
        """The card at `slot` of `deck` as this seat may know it (its own share from its secret), or None.

        Raises:
            LocalDeckError: the deck is not final, or `slot` is not in it; `WrongKeyError` when the shares
                open no card, since this key is not the one the seat committed to (a wrong local secret).
        """
        if slot not in self._cards:
            card = deck._decrypt(slot, {self.seat: self._secret})
            if card is None:
                return None
            self._cards[slot] = card
        return self._cards[slot]


class TableDeck:
    """The deck protocol's state: keyless (`seat=None`), what every seat and an observer hold alike;
    seated (`seat`, `rand`), one peer's view, whose own messages are applied when made.

    A seated view's messages come from `key_share_message`, `shuffle_message`, `reveal_message` and
    `release_message`; messages from other peers go into `receive`, after `message_from_wire`. A keyless
    deck receives every seat's messages; one that a `DeckKey` made goes in with `proven=True`.
    A private reveal to an owner is every other peer calling `reveal_message`; a public reveal is every
    peer calling it, the owner included (that is how a card played from a hand is opened).
    """

    __slots__ = (
        "_cards",
        "_deck",
        "_draws",
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
        """Hold the deck of the table described by `params`, at `seat` with secrets from `rand` (None: keyless).

        Raises:
            LocalDeckError: the seat is not at the table, or a seat is given without a random source.
        """
        if seat is not None and rand is None:
            raise LocalDeckError("a seated peer needs a random source (os.urandom in play)")
        self.params = params
        self.seat = seat
        self._me = None if seat is None or rand is None else DeckKey(params, seat, rand)
        self._public_keys: dict[int, bytes] = {}
        self._table_key: bytes | None = None
        self._deck: tuple[Ciphertext, ...] = ()
        self._shuffles = 0
        self._unchecked: list[tuple[int, tuple[Ciphertext, ...], Shuffle]] = []  # (peer, deck before, shuffle)
        self._shares: dict[int, dict[int, bytes]] = {}
        self._released: dict[int, int] = {}
        self._draws: dict[int, bytes] = {}  # seat -> its draw share
        self._cards: dict[int, int] = {}

    @classmethod
    def start(cls, table_id: bytes, seat: int, n_peers: int, n_cards: int, rand: RandBytes) -> TableDeck:
        """Join table `table_id` of `n_peers` peers and `n_cards` cards at `seat`, with random source `rand`."""
        return cls(TableParams(table_id, n_peers, n_cards), seat, rand)

    def __repr__(self) -> str:
        return f"TableDeck({self.params!r}, seat={self.seat!r}, phase={self.phase})"

    @property
    def phase(self) -> DeckStage:
        """The current phase."""
        if self._table_key is None:
            return DeckStage.KEYS
        return DeckStage.SHUFFLE if self._shuffles < self.params.n_peers else DeckStage.READY

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
        return self._shuffles if self.phase is DeckStage.SHUFFLE else None

    # Messages a seated view sends (applied here when made).

    def _own(self) -> DeckKey:
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
        message = me.key_share_message()
        if me.seat not in self._public_keys:
            me.made(message)
            self._add_key(me.seat, message.public)
        return message

    def shuffle_message(self) -> Shuffle:
        """Shuffle the current deck, apply it here and return it with its proof.

        Raises:
            LocalDeckError: it is not this peer's turn to shuffle.
        """
        me = self._own()
        message = me.shuffle_message(self)
        me.made(message)
        self._deck = message.deck
        self._shuffles += 1
        return message

    def reveal_message(self, slots: Iterable[int], draw: bool = False) -> Reveal:
        """This peer's decryption shares of the cards at `slots`, each with a Chaum-Pedersen proof; with
        `draw` (the deal), also its draw share of the table's coin.

        For a private reveal, every peer but the owner sends this; the owner must not.

        Raises:
            LocalDeckError: the deck is not final, a slot is not in it, or this peer's draw share is out.
        """
        me = self._own()
        if draw and me.seat in self._draws:
            raise LocalDeckError("this peer's draw share is out already")
        message = me.reveal_message(self, slots, draw)
        me.made(message)
        if message.draw is not None:
            self._draws[me.seat] = message.draw.share
        return message

    def release_message(self) -> KeyRelease:
        """This peer's key share in the clear, for when it is out of the game: its cards stop being secret.

        Raises:
            LocalDeckError: the deck is not final yet.
        """
        me = self._own()
        message = me.release_message(self)
        me.made(message)
        return message

    # Messages other peers send.

    def receive(self, peer: int, message: Message, proven: bool = False) -> None:
        """Check `message` from seat `peer` and apply it; `proven`: this process made it (`DeckKey.made`),
        so its proofs are not verified again (every other check runs).

        Raises:
            CheatingError: naming `peer`, if the message is out of turn, does not fit the table, or a proof
                in it fails; nothing is applied.
            LocalDeckError: `peer` is not another seat of this table.
        """
        if type(peer) is not int or not 0 <= peer < self.params.n_peers or peer == self.seat:
            raise LocalDeckError(f"messages come from another seat of 0..{self.params.n_peers - 1}, not {peer!r}")
        if isinstance(message, KeyShare):
            self._receive_key(peer, message, proven)
        elif isinstance(message, Shuffle):
            self._receive_shuffle(peer, message, proven)
        elif isinstance(message, Reveal):
            self._receive_reveal(peer, message, proven)
        elif isinstance(message, KeyRelease):
            self._receive_release(peer, message)
        else:
            raise LocalDeckError(f"not a deck message: {message!r}")

    def _receive_key(self, peer: int, message: KeyShare, proven: bool) -> None:
        if self.phase is not DeckStage.KEYS or peer in self._public_keys:
            raise CheatingError(peer, "sent a key share after its first one or after the keys step")
        prefix = domain(self.params, "key", peer)
        if not proven and not verify_same_log(prefix, [GENERATOR], [message.public], message.proof):
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
            if self._me is not None:
                self._me.prepare_shuffle(self)

    def _receive_shuffle(self, peer: int, message: Shuffle, proven: bool) -> None:
        self._check_fit(peer, message)
        if not proven:
            self._check_proof(peer, self._deck, message)
        self._deck = message.deck
        self._shuffles += 1

    def defer_shuffle(self, peer: int, message: Shuffle, proven: bool = False) -> None:
        """Take `peer`'s shuffle as the current deck, its proof checked later by `check_shuffles`
        (never, if `proven`: see `receive`), so the next seat can shuffle while the others verify.
        No share of any card is made or accepted while a shuffle is unchecked.

        Raises:
            CheatingError: naming `peer`, for a shuffle out of turn or of the wrong size.
        """
        if type(peer) is not int or peer == self.seat or not isinstance(message, Shuffle):
            raise LocalDeckError("defer_shuffle takes another seat's Shuffle")
        self._check_fit(peer, message)
        if not proven:
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

    def _receive_reveal(self, peer: int, message: Reveal, proven: bool) -> None:
        if self._unchecked:
            raise LocalDeckError("verify the deferred shuffles (check_shuffles) before taking any share")
        if self.phase is not DeckStage.READY:
            raise CheatingError(peer, "sent decryption shares before the deck was final")
        for item in message.shares:
            if item.slot >= self.params.n_cards:
                raise CheatingError(peer, f"sent a share for slot {item.slot} of a {self.params.n_cards}-card deck")
            if peer in self._shares.get(item.slot, {}):
                raise CheatingError(peer, f"sent a second share for slot {item.slot}")
            c1 = self._deck[item.slot].c1
            bases, images = [GENERATOR, c1], [self._public_keys[peer], item.share]
            if not proven and not verify_same_log(self._share_domain(peer, item.slot), bases, images, item.proof):
                raise CheatingError(peer, f"its decryption share for slot {item.slot} has a failing proof")
        if message.draw is not None:
            self._check_draw(peer, message.draw, proven)
            self._draws[peer] = message.draw.share
        for item in message.shares:
            self._shares.setdefault(item.slot, {})[peer] = item.share

    def _check_draw(self, peer: int, draw: DrawShare, proven: bool) -> None:
        if peer in self._draws:
            raise CheatingError(peer, "sent a second draw share")
        bases, images = [GENERATOR, draw_point(self.params)], [self._public_keys[peer], draw.share]
        if not proven and not verify_same_log(domain(self.params, "draw", peer), bases, images, draw.proof):
            raise CheatingError(peer, "its draw share does not match its key share (the proof fails)")

    @property
    def coin(self) -> bytes | None:
        """The table's coin, 64 bytes hashed from the table and every seat's draw share (so from every
        seat's key share and nothing else), once all are in; None before."""
        if len(self._draws) < self.params.n_peers:
            return None
        draws = [self._draws[seat] for seat in range(self.params.n_peers)]
        return hash_parts(domain(self.params, "coin", 0), *draws)

    def _receive_release(self, peer: int, message: KeyRelease) -> None:
        if self.phase is not DeckStage.READY or peer in self._released:
            raise CheatingError(peer, "released its key share before the deck was final, or twice")
        if mul_base(message.secret) != self._public_keys[peer]:
            raise CheatingError(peer, "released a key share that does not match its public share")
        self._released[peer] = message.secret

    # Cards.

    def _share_domain(self, peer: int, slot: int) -> bytes:
        ct = self._deck[slot]
        return domain(self.params, "reveal", peer) + slot.to_bytes(2, "big") + ct.c1 + ct.c2

    def _check_slots(self, slots: Iterable[int]) -> list[int]:
        if self.phase is not DeckStage.READY or self._unchecked:
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
            LocalDeckError: the deck is not final, or `slot` is not in it; `WrongKeyError` when the shares
                open no card (this process's secret is not the one its seat committed to).
        """
        if slot not in self._cards:
            card = self._decrypt(slot, {} if self._me is None else {self._me.seat: self._me._secret})
            if card is None:
                return None
            self._cards[slot] = card
        return self._cards[slot]

    def _decrypt(self, slot: int, secrets: dict[int, int]) -> int | None:
        """The card at `slot` from the shares known here and the shares `secrets` (seat -> key) make.

        Raises:
            WrongKeyError: the shares open no card of this table. Every share taken from a peer is proven
                and every released key checked against its public share, so the fault is this process's:
                a key in `secrets` is not the one its seat committed to.
        """
        if self.missing_shares(slot) - secrets.keys():
            return None
        ciphertext = self._deck[slot]
        have = self._shares.get(slot, {})
        local = secrets
        secrets = {**self._released, **secrets}
        shares = [have[p] if p in have else mul(secrets[p], ciphertext.c1) for p in range(self.params.n_peers)]
        card = card_index(self.params).get(remove_shares(ciphertext, shares))
        if card is None:
            why = (f"the key share this process holds for seat {min(local)} is not the one that seat committed to "
                   "(a wrong local secret)" if local else "this process's deck state is wrong")  # fmt: skip
            raise WrongKeyError(f"slot {slot} opens to no card of this table: {why}")
        return card

    def known_cards(self) -> dict[int, int]:
        """Every slot whose card this view can learn, with its card number."""
        if self.phase is not DeckStage.READY:
            return {}
        return {slot: card for slot in range(self.params.n_cards) if (card := self.card(slot)) is not None}
