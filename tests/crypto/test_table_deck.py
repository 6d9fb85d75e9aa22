"""The deck protocol between peers: who learns which card, and every cheat refused naming the cheater."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from p2pshithead.crypto import (
    MAX_CARDS,
    CheatingError,
    Ciphertext,
    Deal,
    DeckKey,
    DeckStage,
    KeyShare,
    LocalDeckError,
    RandBytes,
    RemoteDeckError,
    Reveal,
    Shuffle,
    SigmaProof,
    SimulatedTable,
    TableDeck,
    TableParams,
    WrongKeyError,
    card_points,
    message_from_wire,
)
from p2pshithead.crypto._elgamal import mask, reencrypt
from p2pshithead.crypto._fiat_shamir import domain
from p2pshithead.crypto._group import GENERATOR, add, mul, mul_base, sub
from p2pshithead.crypto._shuffle import shuffle
from tests.crypto.conftest import DEAL

from ..profiles import examples


def test_a_deal_shows_each_card_to_whom_the_caller_says(dealt: SimulatedTable) -> None:
    dealt_slots = {*DEAL.public, *(slot for hand in DEAL.private.values() for slot in hand)}
    for seat, peer in enumerate(dealt.peers):
        assert peer.phase is DeckStage.READY
        assert all(peer.card(slot) is not None for slot in DEAL.public)
        assert all(peer.card(slot) is None for slot in range(52) if slot not in dealt_slots)
        for owner, hand in DEAL.private.items():
            assert all((peer.card(slot) is not None) == (owner == seat) for slot in hand)
    assert len({dealt.peers[0].card(slot) for slot in DEAL.public}) == len(DEAL.public)
    assert all(peer.deck == dealt.peers[0].deck for peer in dealt.peers)


def test_a_deal_past_the_deck_is_refused_before_any_work() -> None:
    table = SimulatedTable(b"small", 2, 52, seed=1)
    with pytest.raises(LocalDeckError, match="needs 60 cards"):
        table.setup(Deal((59,), {}))
    assert table.transcript == []


@examples(3)
@given(seed=st.integers(0, 2**32), n_peers=st.integers(2, 3), n_cards=st.sampled_from([52, 54]))
def test_no_card_is_created_or_lost(seed: int, n_peers: int, n_cards: int) -> None:
    table = SimulatedTable(b"property", n_peers, n_cards, seed)
    table.exchange_keys()
    table.shuffle()
    table.reveal(range(n_cards))
    assert sorted(table.peers[-1].known_cards().values()) == list(range(n_cards))


def test_a_card_played_from_hand_is_opened_by_its_owner(fresh_dealt: SimulatedTable) -> None:
    slot = DEAL.private[2][1]
    card = fresh_dealt.peers[2].card(slot)
    fresh_dealt.broadcast("play", {2: lambda: fresh_dealt.peers[2].reveal_message([slot])}, [slot])
    assert [peer.card(slot) for peer in fresh_dealt.peers] == [card] * 3


def test_a_leaving_peer_releases_its_key_and_the_rest_play_on(fresh_dealt: SimulatedTable) -> None:
    fresh_dealt.broadcast("leave", {0: fresh_dealt.peers[0].release_message})
    stock = 27
    assert fresh_dealt.peers[1].missing_shares(stock) == {2}
    fresh_dealt.broadcast("draw", {2: lambda: fresh_dealt.peers[2].reveal_message([stock])}, [stock])
    assert fresh_dealt.peers[1].card(stock) is not None  # seat 1 drew it, without seat 0's help
    assert fresh_dealt.peers[0].card(stock) is None
    assert fresh_dealt.peers[2].card(stock) is None


def test_a_released_key_must_match_its_public_share(fresh_dealt: SimulatedTable) -> None:
    release = fresh_dealt.peers[0].release_message()
    with pytest.raises(CheatingError) as error:
        fresh_dealt.peers[1].receive(0, replace(release, secret=release.secret + 1))
    assert error.value.peer == 0


# Cheating at the keys step.


def test_a_rogue_key_is_refused(keyed: SimulatedTable, rand: RandBytes) -> None:
    table = TableDeck(keyed.params, 0, rand)
    others = add(keyed.peers[1].key_share_message().public, keyed.peers[2].key_share_message().public)
    table.receive(1, keyed.peers[1].key_share_message())
    rogue = sub(mul_base(42), others)  # would make the table key 42*G, known to seat 2 alone
    with pytest.raises(CheatingError) as error:
        table.receive(2, KeyShare(rogue, SigmaProof(1, 2)))
    assert error.value.peer == 2
    assert table.phase is DeckStage.KEYS


def test_a_copied_key_share_is_refused(keyed: SimulatedTable, rand: RandBytes) -> None:
    table = TableDeck(keyed.params, 0, rand)
    with pytest.raises(CheatingError) as error:
        table.receive(2, keyed.peers[1].key_share_message())
    assert error.value.peer == 2


def test_a_key_share_replayed_from_another_table_is_refused(keyed: SimulatedTable) -> None:
    other = SimulatedTable(b"another-table", 3, 52, seed=7)
    replayed = other.peers[1].key_share_message()
    assert replayed.public == keyed.peers[1].key_share_message().public  # same seed, same key share
    with pytest.raises(CheatingError) as error:
        TableDeck(keyed.params).receive(1, replayed)
    assert error.value.peer == 1


def test_a_second_key_share_is_refused(keyed: SimulatedTable) -> None:
    with pytest.raises(CheatingError) as error:
        keyed.peers[0].receive(1, keyed.peers[1].key_share_message())
    assert error.value.peer == 1


# Cheating at the shuffle step: seat 0 shuffles honestly, seat 1 cheats, seat 2 checks.


def test_each_seat_plans_its_shuffle_once_when_the_keys_are_in_and_uses_it_once() -> None:
    table = SimulatedTable(b"test-table", 2, 52, seed=7)
    first = table.peers[1]._me
    assert first is not None and first._plan is None  # no table key yet: nothing to plan with
    first.prepare_shuffle(table.peers[1])
    assert first._plan is None
    table.exchange_keys()
    plan = first._plan
    assert plan is not None and plan.table_key == table.peers[1].table_key
    first.prepare_shuffle(table.peers[1])
    assert first._plan is plan  # made once
    table.shuffle()
    assert first._plan is None  # used, and never made again
    first.prepare_shuffle(table.peers[1])
    assert first._plan is None
    assert table.peers[0].deck == table.peers[1].deck and table.peers[0].unchecked == 0


@pytest.fixture
def after_first_shuffle(keyed: SimulatedTable) -> SimulatedTable:
    keyed.broadcast("shuffle 0", {0: keyed.peers[0].shuffle_message})
    return keyed


def _cheat(table: SimulatedTable, change: Callable[[list[Ciphertext], bytes], list[Ciphertext]]) -> Shuffle:
    honest = table.peers[1].shuffle_message()
    key = table.peers[1].table_key
    assert key is not None
    return Shuffle(tuple(change(list(honest.deck), key)), honest.proof)


def _stacked(deck: list[Ciphertext], key: bytes) -> list[Ciphertext]:
    ace = card_points(TableParams(b"test-table", 3, 52))[0]
    return [Ciphertext(mul_base(77), add(ace, mul(77, key))), *deck[1:]]


def _duplicated(deck: list[Ciphertext], key: bytes) -> list[Ciphertext]:
    return [deck[0], reencrypt(deck[0], mask(5, key)), *deck[2:]]


@pytest.mark.parametrize("change", [_stacked, _duplicated], ids=["chosen card swapped in", "card duplicated"])
def test_a_stacked_shuffle_is_refused(
    after_first_shuffle: SimulatedTable, change: Callable[[list[Ciphertext], bytes], list[Ciphertext]]
) -> None:
    checker = after_first_shuffle.peers[2]
    before = checker.deck
    with pytest.raises(CheatingError) as error:
        checker.receive(1, _cheat(after_first_shuffle, change))
    assert error.value.peer == 1
    assert checker.deck == before and checker.next_shuffler == 1


def test_a_shuffle_that_drops_a_card_is_refused(after_first_shuffle: SimulatedTable) -> None:
    honest = after_first_shuffle.peers[1].shuffle_message()
    proof = honest.proof
    short = replace(
        proof,
        commitments=proof.commitments[:-1],
        chain=proof.chain[:-1],
        chain_responses=proof.chain_responses[:-1],
        permutation_responses=proof.permutation_responses[:-1],
    )
    with pytest.raises(CheatingError) as error:
        after_first_shuffle.peers[2].receive(1, Shuffle(honest.deck[:-1], short))
    assert error.value.peer == 1
    assert "51 cards" in error.value.reason


def test_a_shuffle_out_of_turn_is_refused(after_first_shuffle: SimulatedTable, rand: RandBytes) -> None:
    checker = after_first_shuffle.peers[0]
    prefix = domain(checker.params, "shuffle", 2)
    assert checker.table_key is not None
    deck, proof = shuffle(prefix, checker.deck, checker.table_key, rand)  # a proper shuffle, but seat 1 is next
    with pytest.raises(CheatingError) as error:
        checker.receive(2, Shuffle(deck, proof))
    assert error.value.peer == 2
    assert "out of turn" in error.value.reason


def test_a_shuffle_replayed_by_another_peer_is_refused(after_first_shuffle: SimulatedTable) -> None:
    honest = after_first_shuffle.peers[1].shuffle_message()
    after_first_shuffle.peers[0].receive(1, honest)
    with pytest.raises(CheatingError) as error:
        after_first_shuffle.peers[0].receive(2, honest)  # seat 2 passes seat 1's shuffle off as its own
    assert error.value.peer == 2


# Cheating at reveals.


def test_a_wrong_decryption_share_is_refused(fresh_dealt: SimulatedTable) -> None:
    honest = fresh_dealt.peers[1].reveal_message([30, 31])
    bad = replace(honest.shares[1], share=add(honest.shares[1].share, GENERATOR))
    with pytest.raises(CheatingError) as error:
        fresh_dealt.peers[0].receive(1, Reveal((honest.shares[0], bad)))
    assert error.value.peer == 1
    assert fresh_dealt.peers[0].missing_shares(30) == {1, 2}  # the good share was not applied either


def test_a_share_replayed_for_another_slot_is_refused(fresh_dealt: SimulatedTable) -> None:
    honest = fresh_dealt.peers[1].reveal_message([30]).shares[0]
    with pytest.raises(CheatingError) as error:
        fresh_dealt.peers[0].receive(1, Reveal((replace(honest, slot=31),)))
    assert error.value.peer == 1


def test_a_share_for_a_slot_past_the_deck_is_refused(fresh_dealt: SimulatedTable) -> None:
    honest = fresh_dealt.peers[1].reveal_message([30]).shares[0]
    with pytest.raises(CheatingError) as error:
        fresh_dealt.peers[0].receive(1, Reveal((replace(honest, slot=60),)))
    assert error.value.peer == 1


def test_a_share_sent_twice_is_refused(fresh_dealt: SimulatedTable) -> None:
    message = fresh_dealt.peers[1].reveal_message([30])
    fresh_dealt.peers[0].receive(1, message)
    with pytest.raises(CheatingError):
        fresh_dealt.peers[0].receive(1, message)


def test_shares_before_the_deck_is_final_are_refused(keyed: SimulatedTable, fresh_dealt: SimulatedTable) -> None:
    with pytest.raises(CheatingError) as error:
        keyed.peers[0].receive(2, fresh_dealt.peers[2].reveal_message([0]))
    assert error.value.peer == 2


# The coin: every seat's draw share, fixed by its key share.


def _draws(table: SimulatedTable) -> None:
    """Each seat sends one stock card's share with its draw share (as the deal's reveal carries it)."""
    for seat, peer in enumerate(table.peers):
        table.broadcast("draw", {seat: functools.partial(peer.reveal_message, [40 + seat], draw=True)})


def test_the_coin_is_one_value_at_every_peer_once_every_draw_share_is_in(fresh_dealt: SimulatedTable) -> None:
    assert {peer.coin for peer in fresh_dealt.peers} == {None}
    _draws(fresh_dealt)
    coins = {peer.coin for peer in fresh_dealt.peers}
    observer = TableDeck(fresh_dealt.params)
    for seat, obj in fresh_dealt.transcript:
        observer.receive(seat, message_from_wire(seat, obj))
    coin = observer.coin
    assert len(coins) == 1 and coin in coins and coin is not None and len(coin) == 64


def test_the_coin_does_not_depend_on_the_shuffles() -> None:
    coins = set()
    for variant in range(2):
        table = SimulatedTable(b"test-table", 2, 52, seed=7)
        if variant:  # seat 0 draws one more value after its secret, before its shuffle's: another deck, one key
            me = table.peers[0]._me
            assert me is not None
            me._rand(64)
        table.exchange_keys()
        table.shuffle()
        _draws(table)
        coins.add((table.peers[0].deck, table.peers[1].coin))
    assert len({deck for deck, _ in coins}) == 2 and len({coin for _, coin in coins}) == 1


def test_a_draw_share_that_does_not_match_its_key_is_refused(fresh_dealt: SimulatedTable) -> None:
    mine = fresh_dealt.peers[0].reveal_message([40], draw=True)
    other = fresh_dealt.peers[1].reveal_message([41], draw=True)
    with pytest.raises(CheatingError) as error:
        fresh_dealt.peers[2].receive(1, replace(other, draw=mine.draw))
    assert error.value.peer == 1 and "draw share" in error.value.reason
    assert fresh_dealt.peers[2].missing_shares(41) == {0, 1}  # nothing of the message was applied
    fresh_dealt.peers[2].receive(1, other)
    with pytest.raises(CheatingError) as error:
        fresh_dealt.peers[2].receive(1, replace(other, shares=fresh_dealt.peers[1].reveal_message([42]).shares))
    assert error.value.peer == 1 and "second draw share" in error.value.reason
    with pytest.raises(LocalDeckError):
        fresh_dealt.peers[0].reveal_message([43], draw=True)  # its own is out already


# Misuse by this process.


def test_local_misuse_is_a_local_error(keyed: SimulatedTable, fresh_dealt: SimulatedTable) -> None:
    with pytest.raises(LocalDeckError):
        keyed.peers[1].shuffle_message()
    with pytest.raises(LocalDeckError):
        keyed.peers[1].reveal_message([0])
    with pytest.raises(LocalDeckError):
        keyed.peers[1].receive(1, keyed.peers[0].key_share_message())
    with pytest.raises(LocalDeckError):
        fresh_dealt.peers[0].reveal_message([52])
    with pytest.raises(LocalDeckError):
        fresh_dealt.peers[0].reveal_message([3, 3])
    with pytest.raises(LocalDeckError):
        TableDeck(keyed.params).key_share_message()
    with pytest.raises(LocalDeckError):
        TableDeck(keyed.params, 3, lambda n: bytes(n))
    with pytest.raises(LocalDeckError):
        TableParams(b"t", 3, MAX_CARDS + 1)
    with pytest.raises(LocalDeckError):
        TableParams(b"t", 3, 1)


def test_a_card_opened_with_a_key_its_seat_did_not_commit_to_is_this_processs_error(
    dealt: SimulatedTable, rand: RandBytes
) -> None:
    """A secret that is not the one the seat's key share committed to (a journal of another game) opens no
    card: the shares taken are proven, so the error is this process's, never a peer's, and never a bare
    KeyError from the card lookup."""
    deck, slot = dealt.peers[2], DEAL.private[2][0]
    assert deck.card(slot) is not None
    stranger = DeckKey(deck.params, 2, rand)
    assert stranger.key_share_message().public != deck.key_share_message().public
    with pytest.raises(WrongKeyError, match="key share this process holds for seat 2 is not the one that seat "
                                             "committed to") as error:  # fmt: skip
        stranger.card(deck, slot)
    assert isinstance(error.value, LocalDeckError) and not isinstance(error.value, (KeyError, RemoteDeckError))


def test_the_key_share_message_is_made_once(keyed: SimulatedTable) -> None:
    assert keyed.peers[0].key_share_message() is keyed.peers[0].key_share_message()


def test_a_deferred_shuffle_opens_no_card_until_checked(after_first_shuffle: SimulatedTable) -> None:
    honest = after_first_shuffle.peers[1].shuffle_message()
    checker = after_first_shuffle.peers[2]
    checker.defer_shuffle(1, honest)
    assert checker.unchecked == 1 and checker.next_shuffler == 2
    checker.shuffle_message()  # the next seat shuffles before the proof before it is checked
    with pytest.raises(LocalDeckError):
        checker.reveal_message([0])
    checker.check_shuffles()
    assert checker.unchecked == 0
    assert checker.reveal_message([0]).shares[0].slot == 0


def test_a_deferred_bad_shuffle_is_named_when_checked(after_first_shuffle: SimulatedTable) -> None:
    checker = after_first_shuffle.peers[2]
    checker.defer_shuffle(1, _cheat(after_first_shuffle, _stacked))
    with pytest.raises(CheatingError) as error:
        checker.check_shuffles()
    assert error.value.peer == 1 and checker.unchecked == 1
