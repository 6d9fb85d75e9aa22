"""Computer players and the local table that runs them."""

from p2pshithead.bots._base import Player, sees_all, shown_live
from p2pshithead.bots._beliefs import Beliefs
from p2pshithead.bots._budget import Budget
from p2pshithead.bots._greedy import GreedyBot
from p2pshithead.bots._match import MOVE_LIMIT, BotTally, MatchResult, play_game, play_match, wilson
from p2pshithead.bots._random import RandomBot
from p2pshithead.bots._smart import DEFAULT_BUDGET, SmartBot, Thinking
from p2pshithead.bots._spec import BOT_NAMES, STAND_IN, make_player, stand_in
from p2pshithead.bots._table import LocalTable, NoMoveError, ask
from p2pshithead.bots._truecards import TrueCardsBot, measuring_player
from p2pshithead.bots._worlds import sample_world, unseen_cards

__all__ = [
    "BOT_NAMES", "STAND_IN", "Beliefs", "BotTally", "Budget", "DEFAULT_BUDGET", "GreedyBot", "LocalTable", "MOVE_LIMIT",
    "MatchResult", "NoMoveError", "Player", "RandomBot", "SmartBot", "Thinking", "TrueCardsBot", "ask", "make_player",
    "measuring_player", "play_game", "play_match", "sample_world", "sees_all", "shown_live", "stand_in",
    "unseen_cards", "wilson",
]
