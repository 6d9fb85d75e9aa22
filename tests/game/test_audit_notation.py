"""A move on the wire is in its one notation, `Move.text()`: another spelling of the same move (Python's
`int` reads "+0", "00", "0_0" and other scripts' digits, "٠") is refused naming its author, so a reader
that parses the notation strictly (docs/notation.md) reads the same chain as this program."""

from __future__ import annotations

import pytest

from p2pshithead.crypto import SEALED_BYTES
from p2pshithead.errors import Fault
from p2pshithead.game import parse_payload
from p2pshithead.game._payloads import GivePayload, MovePayload

SEAT = 1
_SPELLINGS = ["+1 ready", "01 ready", "1_0 ready", "١ ready", "1  ready", " 1 ready", "1 play +7", "1 play 07",
              "1 play ٧", "1 play 7>+2", "1 pick 0٣", "1 swap 3 +4", "1 show 08"]  # fmt: skip
_CANONICAL = ["1 ready", "1 play 7", "1 play 7,8>2", "1 pick 3", "1 pick", "1 swap 3 4", "1 show 8", "1 show -",
              "1 place 5", "1 flip 9", "1 leave"]  # fmt: skip


@pytest.mark.parametrize("text", _CANONICAL)
def test_a_move_in_its_notation_is_read(text: str) -> None:
    payload = parse_payload(SEAT, {"t": "move", "m": text, "r": None, "f": None})
    assert isinstance(payload, MovePayload) and payload.move.text() == text


@pytest.mark.parametrize("text", _SPELLINGS)
def test_another_spelling_of_a_move_is_refused_naming_its_author(text: str) -> None:
    with pytest.raises(Fault, match="notation") as refused:
        parse_payload(SEAT, {"t": "move", "m": text, "r": None, "f": None})
    assert refused.value.seat == SEAT


def test_a_card_given_in_its_notation_is_read() -> None:
    assert isinstance(parse_payload(SEAT, {"t": "give", "m": "1 give 12", "s": bytes(SEALED_BYTES)}), GivePayload)


@pytest.mark.parametrize("text", ["+1 give 12", "1 give 012"])
def test_a_card_given_is_in_its_notation_too(text: str) -> None:
    with pytest.raises(Fault, match="notation") as refused:
        parse_payload(SEAT, {"t": "give", "m": text, "s": bytes(SEALED_BYTES)})
    assert refused.value.seat == SEAT
