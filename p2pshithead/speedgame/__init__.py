"""Networked Speed: the real-time game of seed 003 on the mental-poker deck and the signed transcript
(docs/speed.md). `SpeedTable` is what every peer and an observer hold alike; `SpeedApp` is one peer's
application for the transport (`SPEED`, its `AppSpec`, real time); `SpeedBotAgent` plays a seat with a
reaction time."""

from p2pshithead.speedgame._agent import SpeedBotAgent
from p2pshithead.speedgame._app import SPEED, SpeedApp
from p2pshithead.speedgame._payloads import PAYLOAD_SCHEMA, ActionPayload, DeckPayload, action_wire, parse_speed_payload
from p2pshithead.speedgame._state import DeckStep, SpeedStage, SpeedTable

__all__ = [
    "PAYLOAD_SCHEMA", "SPEED", "ActionPayload", "DeckPayload", "DeckStep", "SpeedApp", "SpeedBotAgent", "SpeedTable",
    "SpeedStage", "action_wire", "parse_speed_payload",
]  # fmt: skip
