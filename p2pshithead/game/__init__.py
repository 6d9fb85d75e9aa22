"""The networked game as a pure state machine per peer: the rules engine driven by the deck."""

from p2pshithead.game._errors import GameFault
from p2pshithead.game._payloads import DeckPayload, MovePayload, Payload, WindowPayload, parse_payload
from p2pshithead.game._protocol import CardGame, Stage
from p2pshithead.game._decide import next_payload

__all__ = ["CardGame", "DeckPayload", "GameFault", "MovePayload", "Payload", "Stage", "WindowPayload", "next_payload", "parse_payload"]
