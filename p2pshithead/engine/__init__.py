"""The rules engine: pure, deterministic Shithead over slots whose identities are revealed.

See RULES.md (the specification), docs/rules.md (our choices) and docs/notation.md.
"""

from p2pshithead.engine._cards import PACK_SIZE, Card, Rank, Suit, card_at, deck_size, parse_rank
from p2pshithead.engine._errors import (
    AmbiguousMoveError,
    EngineError,
    IllegalMoveError,
    InvalidMoveError,
    MoveError,
    PositionError,
    RevealConflictError,
    UnrevealedCardError,
)
from p2pshithead.engine._game import Game, LegalMoves, Outcome, Source, made_public
from p2pshithead.engine._moves import Flip, Give, Leave, Move, PickUp, Place, Play, Ready, Show, Swap, move_from_text
from p2pshithead.engine._powers import Power, playable, powers, strength, turbo_ranks
from p2pshithead.engine._rules import (
    DECK_SIZES,
    JOKERS_PER_PACK,
    MAX_DECKS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRESETS,
    Eight,
    End,
    FaceupPickup,
    Five,
    JokerRule,
    Nine,
    Ruleset,
    SettingError,
    Seven,
    Start,
    Three,
    preset,
)
from p2pshithead.engine._short import hand_order
from p2pshithead.engine._state import Exchange, Phase, Window

__all__ = [
    "DECK_SIZES", "JOKERS_PER_PACK", "MAX_DECKS", "MAX_PLAYERS", "MIN_PLAYERS", "PACK_SIZE",
    "AmbiguousMoveError", "Card", "Eight", "End", "EngineError", "Exchange", "FaceupPickup", "Five", "Flip", "Give",
    "Game", "IllegalMoveError", "InvalidMoveError", "JokerRule", "Leave", "LegalMoves", "Move", "MoveError",
    "Nine", "Outcome", "PRESETS", "Phase", "PositionError", "PickUp", "Place", "Play", "Power", "Rank", "Ready",
    "RevealConflictError", "Ruleset", "SettingError", "Seven", "Show", "Source", "Start", "Suit", "Swap", "Three",
    "UnrevealedCardError", "Window", "card_at", "deck_size", "hand_order", "made_public", "move_from_text",
    "parse_rank", "playable", "powers", "preset", "strength", "turbo_ranks",
]
