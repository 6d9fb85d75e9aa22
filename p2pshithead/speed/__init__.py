"""Speed, the real-time card game of seed 003, as pure rules (docs/speed.md): `Speed` (the position,
`judge` / `push` / `reveal`), its `SpeedRules`, actions and events, the bots' strategy and simulated
matches. Sans-IO: no clock (matches simulate theirs), no randomness that is not passed in, no I/O."""

from p2pshithead.speed._actions import (
    Action,
    Burn,
    Burned,
    Event,
    Finished,
    Late,
    Moved,
    Play,
    Played,
    RoundStarted,
    Slap,
    Slapped,
    Stuck,
    TurnedUp,
)
from p2pshithead.speed._bot import choose, choose_random
from p2pshithead.speed._cards import JOKER, RANK_NAMES, adjacent, card_text, pack_size, rank
from p2pshithead.speed._errors import IllegalActionError, SpeedError
from p2pshithead.speed._game import PLAYERS, Speed
from p2pshithead.speed._match import BOTS, MatchResult, SeatTally, SpeedBot, open_all, parse_bot, play_game, play_match
from p2pshithead.speed._rules import OPTIONS, PRESETS, SpeedRules

__all__ = [
    "BOTS", "JOKER", "OPTIONS", "PLAYERS", "PRESETS", "RANK_NAMES",
    "Action", "Burn", "Burned", "Event", "Finished", "IllegalActionError", "Late", "MatchResult", "Moved", "Play",
    "Played", "RoundStarted", "SeatTally", "Slap", "Slapped", "Speed", "SpeedBot", "SpeedError", "SpeedRules",
    "Stuck", "TurnedUp",
    "adjacent", "card_text", "choose", "choose_random", "open_all", "pack_size", "parse_bot", "play_game",
    "play_match", "rank",
]  # fmt: skip
