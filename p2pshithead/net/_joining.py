# The joiner's decisions (sans-IO: no socket, no clock), which `Joiner` carries out. Invariants: once a host
# key is pinned (the ad the person picked, the first challenge answered, or the game a journal holds), no
# challenge for another key is answered and no game sealed by another key is taken, for the whole evening;
# a link lost before this seat's game began is sat again at only once the host has answered a hello (a
# first hello refused or unanswered is the host's answer), and only when the link broke (a host that said
# no, or broke the protocol, is not dialled again); a link lost in a game still in play is come back to;
# a game complete or stopped is never come back to.
"""`HostPin` (which host this peer proves itself to) and `after_loss` (what a lost link means)."""

from __future__ import annotations

import enum

from p2pshithead.net._errors import RemoteProtocolError


class HostPin:
    """The host this peer proves its key to and takes games from: `key`, or None until the first challenge."""

    __slots__ = ("key",)

    def __init__(self, key: bytes | None = None) -> None:
        self.key = key

    def challenge(self, host: bytes, peer: str) -> None:
        """`peer` challenges this peer for host key `host`: pinned, if no key is yet.

        Raises:
            RemoteProtocolError: naming `peer`, when another key is pinned (the challenge is not answered).
        """
        if self.key is not None and host != self.key:
            raise RemoteProtocolError(peer, "challenged this peer for another host's key than the table's it "
                                            "chose: not answered (is it passing on another table's challenge?)")
        self.key = host

    def seal(self, sequencer: bytes, peer: str) -> None:
        """`peer` sends a game sealed by key `sequencer` (its genesis names it).

        Raises:
            RemoteProtocolError: naming `peer`, when it is not the pinned key (or none is pinned).
        """
        if sequencer != self.key:  # (each game of an evening has a table id of its own)
            raise RemoteProtocolError(peer, "its game is sealed by another key than the host this peer proved its "
                                            "key to (is it passing on another table?)")


class AfterLoss(enum.Enum):
    """What a joiner does once its link to the host is gone."""

    GIVE_UP = "give up"
    """Raise the error: the host said no or broke the protocol, or the game is over, or never began."""
    SIT_AGAIN = "sit again"
    """Dial again and say hello again: the link broke in the lobby, or while told to wait."""
    COME_BACK = "come back"
    """Dial again and rejoin: the link broke during the game."""


def after_loss(exc: BaseException, *, answered: bool, in_game: bool, over: bool) -> AfterLoss:
    """What to do after `exc` ended the link: `answered`, the host took a hello of this peer's; `in_game`,
    this peer holds a game (its genesis at least); `over`, that game is complete or stopped."""
    if in_game:
        return AfterLoss.GIVE_UP if over else AfterLoss.COME_BACK
    broke = not isinstance(exc, RemoteProtocolError) or exc.reason == "connection closed"
    return AfterLoss.SIT_AGAIN if answered and broke else AfterLoss.GIVE_UP
