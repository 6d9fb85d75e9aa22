"""Cards: deck indices, text, ranks (RULES.md section 1)."""

from __future__ import annotations

import pytest

from p2pshithead.engine import Card, Rank, Suit, card_at, deck_size, parse_rank


@pytest.mark.parametrize(
    "index, decks, jokers, text",
    [(0, 1, 0, "2c"), (3, 1, 0, "2s"), (4, 1, 0, "3c"), (35, 1, 0, "10s"), (51, 1, 0, "As"), (52, 2, 0, "2c"),
     (103, 2, 0, "As"), (52, 1, 2, "Jo"), (105, 2, 2, "Jo"), (36, 1, 0, "Jc")],
)
def test_card_at(index, decks, jokers, text):
    assert card_at(index, decks, jokers).text() == text


def test_deck():
    assert deck_size(1, 0) == 52 and deck_size(2, 2) == 108
    cards = [card_at(i, 1, 0) for i in range(52)]
    assert len(set(cards)) == 52
    with pytest.raises(ValueError):
        card_at(52, 1, 0)
    with pytest.raises(ValueError):
        card_at(-1, 1, 0)


@pytest.mark.parametrize("text", ["2c", "10h", "Kd", "As", "Jo", "Qs", "9c"])
def test_text_round_trip(text):
    card = Card.from_text(text)
    assert card.text() == text
    assert eval(repr(card)) == card


@pytest.mark.parametrize("text, rank", [("7", Rank.SEVEN), ("10", Rank.TEN), ("t", Rank.TEN), ("q", Rank.QUEEN),
                                        ("jo", Rank.JOKER), (" A ", Rank.ACE), ("x", Rank.JOKER)])
def test_parse_rank(text, rank):
    assert parse_rank(text) is rank


@pytest.mark.parametrize("bad", ["1", "11", "", "Z"])
def test_parse_rank_rejects(bad):
    with pytest.raises(ValueError, match="not a rank"):
        parse_rank(bad)


@pytest.mark.parametrize("bad", ["K", "Kx", "1h", "", "Joh"])
def test_card_from_text_rejects(bad):
    with pytest.raises(ValueError):
        Card.from_text(bad)


def test_card_checks_fields():
    with pytest.raises(ValueError):
        Card(Rank.JOKER, Suit.HEARTS)
    with pytest.raises(ValueError):
        Card(Rank.ACE, None)
    with pytest.raises(TypeError):
        Card(14, Suit.HEARTS)  # type: ignore[arg-type]


def test_order_hash_and_pretty():
    assert Rank.ACE > Rank.KING > Rank.FOUR and Rank.JOKER > Rank.ACE
    assert hash(Rank.ACE) == hash(14) and {Rank.ACE: 1}[14] == 1  # type: ignore[index]
    assert Card.from_text("Kh").pretty() == "K\u2665" and Card.from_text("Kh").pretty(False) == "Kh"
    assert Card.from_text("Jo").pretty() == "Jo"
    assert Rank.TEN.symbol == "10" and Suit.SPADES.glyph == "\u2660"
