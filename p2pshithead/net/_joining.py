# The joiner's decisions (sans-IO: no socket, no clock), which `Joiner` carries out. Invariants: once a host
# key is pinned (the ad the person picked, the first challenge answered, or the game a journal holds), no
# challenge for another key is answered and no game sealed by another key is taken, for the whole evening;
# a link lost before this seat's game began is sat again at only once the host has answered a hello (a
# first hello refused or unanswered is the host's answer), and only when the link broke (a host that said
# no, or broke the protocol, is not dialled again); a link lost in a game still in play is come back to;
# a game complete or stopped is never come back to; a game is played only under the application and
# rules its host offered (`offer_problem`: the welcome's, which the person was told).
"""`HostPin` (which host this peer proves itself to), `after_loss` (what a lost link means), `from_host`
(what the host said, typed), `offer_problem` (a game other than the table offered), and `Refused` /
`unexpected` (a host's no, kept as its code), `gone_for_good`, `HostGone` and `LobbyGone` (a host that cannot
come back)."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

from p2pshithead.net._app import TableSetup
from p2pshithead.net._errors import RemoteProtocolError
from p2pshithead.net._events import LobbySeats
from p2pshithead.net._messages import Bye, HostMessage, LobbyNews, Reject, TableInfo, host_message
from p2pshithead.net._transcript import Entry


def from_host(peer: str, message: dict[str, Any]) -> HostMessage | Entry:
    """`message`, which `FROM_HOST` has checked, typed: an entry, or a session message.

    Raises:
        RemoteProtocolError: naming `peer`, when an entry is malformed.
    """
    return Entry.from_wire(peer, message) if message["t"] == "entry" else host_message(message)


def said(message: HostMessage | Entry) -> str:
    """What `message` is, for an error: its kind, and its code if it gives one."""
    if isinstance(message, (Reject, Bye)):
        return f"{message.T} ({message.why.value})"
    return "entry" if isinstance(message, Entry) else message.T


class Refused(RemoteProtocolError):
    """The host said no (a `Reject`) or goodbye (a `Bye`) while this peer was `doing` something: `answer`
    keeps its code and number, which the program words in its person's language (the text is for logs)."""

    def __init__(self, peer: str, doing: str, answer: Reject | Bye) -> None:
        super().__init__(peer, f"{doing}: {said(answer)}")
        self.answer = answer


class HostGone(RemoteProtocolError):
    """The host's program ended in a game kept by nobody (`AppSpec.kept` False), so it never comes back:
    where it was, nothing listens any more. `nick` is the host's nickname at the table."""

    def __init__(self, peer: str, nick: str) -> None:
        super().__init__(peer, f"{nick}'s program ended and its game is kept by nobody (refused where it was)")
        self.nick = nick


class LobbyGone(RemoteProtocolError):
    """The host's program ended before the game of table `table` (its name) began: nobody keeps a lobby
    (`host --resume` takes up only a game begun), so where it was, nothing listens any more."""

    def __init__(self, peer: str, table: str) -> None:
        super().__init__(peer, "its program ended before the game began, and nobody keeps a lobby (refused where it "
                               "was)")  # fmt: skip
        self.table = table


class OtherGame(RemoteProtocolError):
    """The host plays `app`, a game this peer was not started for (`join --address` without `--game`)."""

    def __init__(self, peer: str, app: str) -> None:
        super().__init__(peer, f"plays {app!r}, not the game this program joined for")
        self.app = app


def gone_for_good(tries: Sequence[BaseException], kept: bool) -> bool:
    """Whether a host dialled again at every place it may be (`tries`: what each dial raised) is gone for
    good: what this peer waits for (its game, or a lobby) is kept by nobody (not `kept`: a program that
    ended never comes back to it) and every place refused the connection (a machine that answered that
    nothing listens there: the program ended).
    A host out of reach (a lost link, a closed lid) does not answer, and is waited for."""
    return not kept and bool(tries) and all(isinstance(exc, ConnectionRefusedError) for exc in tries)


def unexpected(peer: str, doing: str, answer: HostMessage | Entry) -> RemoteProtocolError:
    """The error for `answer`, which is not what this peer waited for while `doing` something: the host's
    no or goodbye (`Refused`), else a message out of place."""
    if isinstance(answer, (Reject, Bye)):
        return Refused(peer, doing, answer)
    return RemoteProtocolError(peer, f"{doing}: sent {said(answer)!r}")


def lobby_seats(news: LobbyNews) -> LobbySeats:
    """The event the lobby's seats in `news` mean: each a nickname and whether it is ready, or None."""
    return LobbySeats(tuple(None if s is None else (s["nick"], s["ready"]) for s in news.seats))


def offer_problem(offered: TableInfo, setup: TableSetup) -> str | None:
    """What differs between the table a host offered (its welcome: what the person was told and sat down
    to play) and the game its genesis begins, or None: the same application, rules and table name."""
    for what, said, begun in (("application", offered.app, setup.app), ("rules", offered.rules, setup.rules),
                              ("table name", offered.name, setup.name)):  # fmt: skip
        if said != begun:
            return f"it offered {what} {said!r} and began a game of {begun!r}"
    return None


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
