"""The network layer: discovery, lobby, the signed hash-chained transcript, host and join.

The sans-IO core (`Transcript`, `Sequencer`, `LocalSeat`, `Lobby`, framing and schemas) does no I/O;
`Host`, `Joiner`, `Announcer` and `Browser` move bytes between sockets and that core.
"""

from p2pshithead.net._app import Application, AppSpec, SeatInfo, TableSetup, app_spec, default_app
from p2pshithead.net._archive import default_transcript_path, load_entries, save_entries
from p2pshithead.net._discovery import SERVICE_TYPE, Announcer, Browser, TableAd
from p2pshithead.net._errors import Fault, LocalProtocolError, NetError, RemoteProtocolError
from p2pshithead.net._framing import MAX_FRAME, FrameDecoder, encode_frame
from p2pshithead.net._host import Host, TableConfig
from p2pshithead.net._identity import HOME_ENV, Identity, config_dir, load_identity
from p2pshithead.net._join import Joiner
from p2pshithead.net._lobby import Lobby, LobbyRefusal, Occupant
from p2pshithead.net._play import Agent, BotAgent, HumanAgent, Player
from p2pshithead.net._seat import LocalSeat
from p2pshithead.net._sequencer import Sequencer
from p2pshithead.net._transcript import PROTOCOL_VERSION, Authored, Entry, Head, Phase, Transcript, Verdict

__all__ = [
    "HOME_ENV", "MAX_FRAME", "PROTOCOL_VERSION", "SERVICE_TYPE",
    "Agent", "Announcer", "AppSpec", "Application", "Authored", "BotAgent", "Browser", "Entry", "Fault",
    "FrameDecoder", "Head", "Host", "HumanAgent", "Identity", "Joiner", "LocalProtocolError", "LocalSeat",
    "Lobby", "LobbyRefusal", "NetError", "Occupant", "Phase", "Player", "RemoteProtocolError", "SeatInfo",
    "Sequencer", "TableAd", "TableConfig", "TableSetup", "Transcript", "Verdict",
    "app_spec", "config_dir", "default_app", "default_transcript_path", "encode_frame", "load_entries",
    "load_identity", "save_entries",
]  # fmt: skip
