"""Computer players and the local table that runs them."""

from p2pshithead.bots._base import Player
from p2pshithead.bots._random import RandomBot
from p2pshithead.bots._table import LocalTable, NoMoveError

__all__ = ["LocalTable", "NoMoveError", "Player", "RandomBot"]
