"""The networked card game as a role-agnostic state machine: `TableState` (what every peer and an
observer hold alike, `apply` returning typed events) beside `LocalSeat` (this peer's key and
intentions), composed as `SeatedTable`; `ShitheadApp` is what the transport drives (`SHITHEAD`, its
`AppSpec`), beside Speed's `speedgame.SpeedApp`."""

from p2pshithead.game._app import SHITHEAD, ShitheadApp, auto_move, ruleset_of, table_rules
from p2pshithead.game._decide import Decider, next_payload
from p2pshithead.game._events import (
    Audited,
    Burned,
    Dealt,
    Drew,
    Event,
    Finished,
    Flipped,
    KeyShared,
    Left,
    Out,
    PickedUp,
    Played,
    Released,
    Revealed,
    Shared,
    Shuffled,
    WindowAnswered,
    WindowClosed,
    WindowOpened,
)
from p2pshithead.game._local import LocalSeat, SeatedTable
from p2pshithead.game._payloads import (
    DeckPayload,
    DisputePayload,
    GivePayload,
    LeavePayload,
    MovePayload,
    Payload,
    WindowPayload,
    parse_payload,
)
from p2pshithead.game._pushed import pushed
from p2pshithead.game._state import Stage, TableState, claim_order, opening_deal

__all__ = [
    "SHITHEAD",
    "Audited",
    "Burned",
    "Dealt",
    "Decider",
    "DeckPayload",
    "DisputePayload",
    "Drew",
    "Event",
    "Finished",
    "Flipped",
    "GivePayload",
    "KeyShared",
    "LeavePayload",
    "Left",
    "LocalSeat",
    "MovePayload",
    "Out",
    "Payload",
    "PickedUp",
    "Played",
    "Released",
    "Revealed",
    "SeatedTable",
    "ShitheadApp",
    "Shared",
    "Shuffled",
    "Stage",
    "TableState",
    "WindowAnswered",
    "WindowClosed",
    "WindowOpened",
    "WindowPayload",
    "auto_move",
    "claim_order",
    "next_payload",
    "opening_deal",
    "parse_payload",
    "pushed",
    "ruleset_of",
    "table_rules",
]
