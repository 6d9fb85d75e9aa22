"""The network layer: a card-agnostic transport for signed, sequenced tables.

The sans-IO core (`Transcript`, `Sequencer`, `SeatSigner`, `Lobby`, framing and schemas) does no I/O;
`Host`, `Joiner`, `SeatRunner`, `Announcer` and `Browser` move bytes between sockets and that core. It
knows no application by name: the composition root passes the `Apps` it may run, and an `Agent` that
decides for the local seat. It prints nothing: `Host` and `Joiner` report typed `TableEvent`s.

Importing it loads what finding a table takes (addresses, discovery, identities, framing); the rest of
the transport (`_LATE`) loads on first use, so `join --list` never pays for it (README: start-up).
"""

from typing import TYPE_CHECKING

from p2pshithead.late import late
from p2pshithead.net._addresses import ANY, async_dial, check_bindable, local_addresses, reachable_addresses
from p2pshithead.net._app import (
    AWAY_TIME_S,
    MAX_SEATS,
    MAX_WAIT_S,
    Application,
    Apps,
    AppSpec,
    Previous,
    SeatInfo,
    TableSetup,
)
from p2pshithead.net._discovery import SERVICE_TYPE, Announcer, Browser, TableAd, async_watch
from p2pshithead.net._errors import JournalError, LocalProtocolError, NetError, RemoteProtocolError
from p2pshithead.net._framing import MAX_FRAME, FrameDecoder, decode_object, encode_frame
from p2pshithead.net._identity import NICK_MAX, Identity, load_identity, verify

if TYPE_CHECKING:  # what mypy sees of the names `__getattr__` loads (below)
    from p2pshithead.net._archive import default_transcript_path, load_entries, replay, save_entries
    from p2pshithead.net._connection import Connection
    from p2pshithead.net._events import (
        Away,
        Back,
        Connected,
        Dropped,
        LeftLobby,
        LobbySeats,
        Notify,
        Seated,
        Started,
        Stopped,
        TableEvent,
        Waiting,
        Watching,
        Welcomed,
    )
    from p2pshithead.net._host import Host, TableConfig
    from p2pshithead.net._join import Find, Joiner
    from p2pshithead.net._joining import HostGone, LobbyGone, OtherGame, Refused
    from p2pshithead.net._journal import Journal, SeatRecord, damaged, replay_journal, unfinished
    from p2pshithead.net._limits import ByteBudget, Limits
    from p2pshithead.net._lobby import Lobby, LobbyRefusal, Occupant
    from p2pshithead.net._messages import FROM_HOST, FROM_PEER, AwayCause, Bye, Goodbye, Refusal, Reject
    from p2pshithead.net._runner import Agent, SeatRunner
    from p2pshithead.net._seat import SeatSigner
    from p2pshithead.net._sequencer import Sequencer
    from p2pshithead.net._session import HostSession
    from p2pshithead.net._stats import Stats
    from p2pshithead.net._transcript import (
        PROTOCOL_VERSION,
        SEQUENCER,
        Authored,
        AwayReport,
        Entry,
        Head,
        Progress,
        Transcript,
        Verdict,
        app_body,
        author_message,
        link_problem,
        make_genesis,
        next_link,
        seal,
        setup_from_genesis,
    )
    from p2pshithead.net._watch import Observe, Watcher

_LATE = {  # name -> the module that defines it, loaded on first use
    **dict.fromkeys(["default_transcript_path", "load_entries", "replay", "save_entries"], "_archive"),
    **dict.fromkeys(["Connection"], "_connection"),
    **dict.fromkeys(["Away", "Back", "Connected", "Dropped", "LeftLobby", "LobbySeats", "Notify", "Seated", "Started",
                     "Stopped", "TableEvent", "Waiting", "Watching", "Welcomed"], "_events"),
    **dict.fromkeys(["Host", "TableConfig"], "_host"),
    **dict.fromkeys(["Find", "Joiner"], "_join"),
    **dict.fromkeys(["HostGone", "LobbyGone", "OtherGame", "Refused"], "_joining"),
    **dict.fromkeys(["Journal", "SeatRecord", "damaged", "replay_journal", "unfinished"], "_journal"),
    **dict.fromkeys(["ByteBudget", "Limits"], "_limits"),
    **dict.fromkeys(["Lobby", "LobbyRefusal", "Occupant"], "_lobby"),
    **dict.fromkeys(["FROM_HOST", "FROM_PEER", "AwayCause", "Bye", "Goodbye", "Refusal", "Reject"], "_messages"),
    **dict.fromkeys(["Agent", "SeatRunner"], "_runner"),
    **dict.fromkeys(["SeatSigner"], "_seat"),
    **dict.fromkeys(["Sequencer"], "_sequencer"),
    **dict.fromkeys(["HostSession"], "_session"),
    **dict.fromkeys(["Stats"], "_stats"),
    **dict.fromkeys(["PROTOCOL_VERSION", "SEQUENCER", "Authored", "AwayReport", "Entry", "Head", "Progress",
                     "Transcript", "Verdict", "app_body", "author_message", "link_problem", "make_genesis", "next_link",
                     "seal", "setup_from_genesis"], "_transcript"),
    **dict.fromkeys(["Observe", "Watcher"], "_watch"),
}  # fmt: skip

if not TYPE_CHECKING:  # hidden from mypy, which then still refuses a name the package lacks
    __getattr__ = late(__name__, _LATE)

__all__ = [
    "FROM_HOST", "FROM_PEER", "AwayCause", "AwayReport", "Bye", "Goodbye", "HostGone", "LobbyGone", "OtherGame",
    "Refusal", "Refused", "Reject",
    "AWAY_TIME_S", "MAX_FRAME", "MAX_SEATS", "MAX_WAIT_S", "NICK_MAX", "PROTOCOL_VERSION", "SEQUENCER",
    "SERVICE_TYPE", "ANY", "Agent", "Announcer", "AppSpec", "Application", "Apps", "Authored", "Away", "Back",
    "Browser", "ByteBudget", "Connected", "Connection", "Dropped", "Entry", "Find", "FrameDecoder", "Head", "Host",
    "Identity", "Joiner", "HostSession", "Journal", "JournalError", "LeftLobby", "Limits", "LobbySeats",
    "LocalProtocolError", "SeatRecord", "Lobby", "LobbyRefusal", "NetError", "Notify", "Occupant", "Previous",
    "RemoteProtocolError", "Progress", "SeatInfo", "SeatRunner", "Seated", "Sequencer", "Started", "Stats", "Stopped",
    "TableAd", "TableConfig", "SeatSigner", "TableEvent", "TableSetup", "Transcript", "Verdict", "Waiting", "Watcher",
    "Watching", "Welcomed", "Observe", "app_body", "async_dial", "async_watch", "author_message", "check_bindable",
    "decode_object", "link_problem", "local_addresses", "next_link", "reachable_addresses", "default_transcript_path",
    "encode_frame", "load_entries", "load_identity", "make_genesis", "replay", "save_entries", "seal",
    "setup_from_genesis", "unfinished", "verify", "damaged", "replay_journal",
]  # fmt: skip
