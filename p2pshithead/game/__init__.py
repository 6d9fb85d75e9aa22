"""The networked card game as a role-agnostic state machine: `TableState` (what every peer and an
observer hold alike, `apply` returning typed events) beside `LocalSeat` (this peer's key and
intentions), composed as `SeatedTable`; `ShitheadApp` is what the transport drives (`SHITHEAD`, its
`AppSpec`), beside Speed's `speedgame.SpeedApp`.

Invariant: importing the package loads the engine only (the events, `pushed`, the rules text); the names
that need the deck or the transport (`_LATE`) load on first use, so `play`, `rules` and `join --list`
never pay for those (README: start-up; tests/test_portable.py checks it)."""

from typing import TYPE_CHECKING

from p2pshithead.game._events import (
    Aimed,
    Audited,
    Burned,
    Dealt,
    Drew,
    Event,
    Finished,
    Flipped,
    KeyShared,
    Led,
    Left,
    Out,
    PickedUp,
    Played,
    Received,
    Released,
    Revealed,
    Shared,
    Shuffled,
    Skipped,
    WindowAnswered,
    WindowClosed,
    WindowOpened,
)
from p2pshithead.game._pushed import pushed
from p2pshithead.game._rules import ruleset_of, table_rules
from p2pshithead.late import late

if TYPE_CHECKING:  # what mypy sees of the names `__getattr__` loads (below)
    from p2pshithead.game._app import SHITHEAD, ShitheadApp, auto_move
    from p2pshithead.game._decide import Decider, next_payload
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
    from p2pshithead.game._state import Stage, TableState, claim_order, opening_deal

_LATE = {  # name -> the module that defines it; it loads the deck (crypto), `_app` the transport (net) too
    **dict.fromkeys(["SHITHEAD", "ShitheadApp", "auto_move"], "_app"),
    **dict.fromkeys(["Decider", "next_payload"], "_decide"),
    **dict.fromkeys(["LocalSeat", "SeatedTable"], "_local"),
    **dict.fromkeys(["DeckPayload", "DisputePayload", "GivePayload", "LeavePayload", "MovePayload", "Payload",
                     "WindowPayload", "parse_payload"], "_payloads"),  # fmt: skip
    **dict.fromkeys(["Stage", "TableState", "claim_order", "opening_deal"], "_state"),
}

if not TYPE_CHECKING:  # hidden from mypy, which then still refuses a name the package lacks
    __getattr__ = late(__name__, _LATE)


__all__ = [
    "SHITHEAD",
    "Aimed",
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
    "Led",
    "Left",
    "LocalSeat",
    "MovePayload",
    "Out",
    "Payload",
    "PickedUp",
    "Played",
    "Received",
    "Released",
    "Revealed",
    "SeatedTable",
    "ShitheadApp",
    "Shared",
    "Shuffled",
    "Skipped",
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
