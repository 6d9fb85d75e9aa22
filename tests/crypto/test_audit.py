"""The end-of-game audit: a transcript alone re-checks the game and names the first cheater."""

from __future__ import annotations

import copy

import pytest

from p2pshithead.crypto import CheatingError, MalformedMessageError, SimulatedTable, audit
from tests.crypto.conftest import DEAL


def test_the_audit_returns_the_publicly_revealed_cards(dealt: SimulatedTable) -> None:
    face_up = DEAL.public
    assert audit(dealt.params, dealt.transcript) == {slot: dealt.peers[0].card(slot) for slot in face_up}


def test_a_played_hand_card_is_in_the_audit(fresh_dealt: SimulatedTable) -> None:
    slot = DEAL.private[1][0]
    fresh_dealt.broadcast("play", {1: lambda: fresh_dealt.peers[1].reveal_message([slot])})
    assert audit(fresh_dealt.params, fresh_dealt.transcript)[slot] == fresh_dealt.peers[1].card(slot)


def test_a_tampered_share_names_its_sender(dealt: SimulatedTable) -> None:
    transcript = copy.deepcopy(dealt.transcript)
    seat, obj = next((s, o) for s, o in transcript if isinstance(o, dict) and o["kind"] == "reveal")
    obj["shares"][2][1] = obj["shares"][3][1]
    with pytest.raises(CheatingError) as error:
        audit(dealt.params, transcript)
    assert error.value.peer == seat


def test_a_malformed_entry_names_its_sender(dealt: SimulatedTable) -> None:
    transcript = [*dealt.transcript[:3], (1, {"kind": "shuffle"})]
    with pytest.raises(MalformedMessageError) as error:
        audit(dealt.params, transcript)
    assert error.value.peer == 1


def test_reordered_shuffles_are_refused(dealt: SimulatedTable) -> None:
    transcript = list(dealt.transcript)
    transcript[3], transcript[4] = transcript[4], transcript[3]
    with pytest.raises(CheatingError) as error:
        audit(dealt.params, transcript)
    assert error.value.peer == 1


def test_an_unfinished_transcript_reveals_nothing(dealt: SimulatedTable) -> None:
    assert audit(dealt.params, dealt.transcript[:4]) == {}
