"""Review of the sealed share of the French exchange (crypto/_gift.py) as a hostile seat or host would
attack it: the box is ChaCha20-Poly1305 under a fixed nonce, so each key may seal one plaintext only."""

from __future__ import annotations

from p2pshithead.crypto import DeckKey, SimulatedTable, open_share, seal_share
from tests.crypto.conftest import DEAL


def _giver(table: SimulatedTable) -> DeckKey:
    key = table.peers[2]._me
    assert key is not None
    return key


def test_a_gift_sealed_twice_is_one_box(fresh_dealt: SimulatedTable) -> None:
    """A give payload made again (a person's second thought, a retry after a crash) used to seal a fresh
    proof under the same key and nonce: whoever held both boxes (the host; an equivocation entry prints
    both) read the XOR of the two plaintexts and could forge Poly1305 tags under that key."""
    giver, deck = _giver(fresh_dealt), fresh_dealt.peers[2]
    slot = DEAL.private[2][0]
    first = seal_share(giver, deck, slot, 1)
    assert seal_share(giver, deck, slot, 1) == first
    assert seal_share(giver, deck, slot, 0) != first  # another receiver, another key
    receiver = fresh_dealt.peers[1]._me
    assert receiver is not None
    opened = open_share(receiver, fresh_dealt.peers[1], first, 2, slot)
    assert opened is not None and opened.slot == slot
