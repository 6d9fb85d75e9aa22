# Zeroconf discovery (thin asyncio around python-zeroconf). A table is a `_p2pshithead._tcp.local.`
# service whose TXT record carries the table id, name, host's nickname, rules preset, ruleset hash, seats
# taken and free, whether it plays, who is away, its time limits, how many watch, and the protocol version; its address
# records are every address a peer can reach (`reachable_addresses`). Invariants: a table stays announced
# while it is open (a game in play too, so a peer that crashed finds it again by id) and is withdrawn on
# close;
# a browser reports a table once when it appears (or changes) and once when it vanishes; a TXT record
# that does not parse, or holds a value no host of ours announces (a nickname away that is not one, time
# limits out of range: any LAN device can announce), is ignored, never raised, and so is one of this
# protocol version not signed by the host key it names (`key`, `sig`: a joiner from the listing then
# proves itself only to that key); bound to one address, zeroconf uses only that interface.
"""`TableAd`, `Announcer` (host side) and `Browser` (join side)."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable
from dataclasses import dataclass, replace
from types import TracebackType

from zeroconf import IPVersion, ServiceStateChange
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from p2pshithead.net._addresses import ANY
from p2pshithead.net._app import MAX_RULES_TEXT, MAX_SEATS, MAX_WAIT_S
from p2pshithead.net._framing import pack
from p2pshithead.net._identity import NICK_MAX, Identity, verify

SERVICE_TYPE = "_p2pshithead._tcp.local."
_INFO_TIMEOUT_MS = 1500
_AD_DOMAIN = b"p2pshithead/ad/v1"
_SIGNED_SINCE = 5  # records of this protocol version and later are signed: one that says a later or this one
# and is not is dropped; an older one is listed (and refused in words before anyone dials it)
_TXT_STRING = 255  # bytes in one TXT string, `key=value` (RFC 6763 6.1)
_HEX = frozenset("0123456789abcdef")


def open_zeroconf(bind: str) -> AsyncZeroconf:
    """A zeroconf instance on `bind` only (IPv4), or on every interface for `0.0.0.0`."""
    if bind == ANY:
        return AsyncZeroconf(ip_version=IPVersion.V4Only)
    return AsyncZeroconf(interfaces=[bind], ip_version=IPVersion.V4Only)


@dataclass(frozen=True, slots=True)
class TableAd:
    """One announced table: what the TXT record says, and where to connect (every announced address)."""

    table_id: str
    name: str
    host: str
    rules: str
    ruleset: str
    taken: int
    free: int
    version: int
    addresses: tuple[str, ...]
    port: int
    playing: bool = False
    away: tuple[str, ...] = ()
    turn_time: int = 0
    away_time: int = 0
    watching: int = 0
    key: str = ""  # the host's key, hex (none from a program before protocol 5)
    sig: str = ""  # the host key's signature of the rest of the record (`signed_bytes`), hex

    def __post_init__(self) -> None:
        if len(self.table_id) != 32 or not _HEX.issuperset(self.table_id):
            raise ValueError(f"bad table id {self.table_id!r}")
        if len(self.key) not in (0, 64) or len(self.sig) not in (0, 128) or (self.sig and not self.key) \
                or not _HEX.issuperset(self.key + self.sig):
            raise ValueError("bad host key or signature")
        for text, most in ((self.name, 40), (self.host, 40), (self.rules, MAX_RULES_TEXT)):
            if not 1 <= len(text) <= most or not text.isprintable():
                raise ValueError(f"bad table ad text {text!r}")
        for nick in self.away:
            if not 1 <= len(nick) <= NICK_MAX or not nick.isprintable():
                raise ValueError(f"bad nickname away {nick!r}")
        if not 0 <= self.turn_time <= MAX_WAIT_S or not 0 <= self.away_time <= MAX_WAIT_S:
            raise ValueError(f"bad time limits {self.turn_time}/{self.away_time}")
        if not 0 <= self.taken <= MAX_SEATS or not 0 <= self.free <= MAX_SEATS or not 0 <= self.watching < 1000:
            raise ValueError(f"bad seat counts {self.taken}/{self.free}")
        if not self.addresses or not 0 < self.port < 65536:
            raise ValueError(f"bad address {self.addresses} port {self.port}")

    @property
    def label(self) -> str:
        """How a person tells this table from another of the same name: name, host and id prefix."""
        return f"{self.name} (host {self.host}, id {self.table_id[:6]})"

    @property
    def properties(self) -> dict[str, str]:
        """The TXT record."""
        return {"id": self.table_id, "name": self.name, "host": self.host, "rules": self.rules, "ruleset": self.ruleset,
                "taken": str(self.taken), "free": str(self.free), "v": str(self.version),
                "state": "playing" if self.playing else "lobby", "away": _fitted("away", self.away),
                "limits": f"{self.turn_time}/{self.away_time}", "watch": str(self.watching),
                **({"key": self.key, "sig": self.sig} if self.key else {})}  # fmt: skip

    @property
    def host_key(self) -> bytes | None:
        """The key that signed this record (its host's), or None for an unsigned one."""
        return bytes.fromhex(self.key) if self.key and self.signed() else None

    def signed_bytes(self) -> bytes:
        """What the host signs: every field of the TXT record but the signature (not the addresses: a
        table is the same wherever it is found)."""
        return pack([_AD_DOMAIN, sorted((k, v) for k, v in self.properties.items() if k != "sig")])

    def signed(self) -> bool:
        """Whether `sig` is the signature of this record by `key`."""
        return bool(self.key) and verify(bytes.fromhex(self.key), bytes.fromhex(self.sig), self.signed_bytes())

    def signed_by(self, identity: Identity) -> TableAd:
        """This record with `identity`'s key and its signature."""
        unsigned = replace(self, key=identity.public.hex(), sig="")
        return replace(unsigned, sig=identity.sign(unsigned.signed_bytes()).hex())

    @classmethod
    def from_info(cls, info: AsyncServiceInfo) -> TableAd | None:
        """Read a resolved service, or None when its record is not a table's."""
        props = {k.decode(errors="replace"): (v or b"").decode(errors="replace") for k, v in info.properties.items()}
        addresses = [a for a in info.parsed_addresses() if "%" not in a and not a.lower().startswith("fe80:")]
        addresses.sort(key=lambda a: ":" in a)  # IPv4 first
        try:
            turn, away = (int(t) for t in props["limits"].split("/"))
            ad = cls(props["id"], props["name"], props["host"], props["rules"], props["ruleset"], int(props["taken"]),
                     int(props["free"]), int(props["v"]), tuple(addresses), int(info.port or 0),
                     props["state"] == "playing", tuple(n for n in props["away"].split(",") if n), turn,
                     away, int(props.get("watch", "0")), props.get("key", ""), props.get("sig", ""))  # fmt: skip
        except (KeyError, ValueError):
            return None
        return ad if ad.version < _SIGNED_SINCE or ad.signed() else None

    def to_json(self) -> dict[str, object]:
        """The ad as a JSON object (for `join --list --json`)."""
        return {"id": self.table_id, "name": self.name, "host": self.host, "rules": self.rules,
                "ruleset": self.ruleset, "taken": self.taken, "free": self.free, "version": self.version,
                "addresses": list(self.addresses), "port": self.port, "playing": self.playing,
                "away": list(self.away), "turn_time": self.turn_time, "away_time": self.away_time,
                "watching": self.watching, "key": (k := self.host_key) and k.hex()}  # fmt: skip


def _fitted(field: str, names: tuple[str, ...]) -> str:
    """`names`, comma-separated, as many as fit one TXT string with `field=` (the rest are left out)."""
    room, kept = _TXT_STRING - len(field) - 1, ""
    for name in names:
        longer = f"{kept},{name}" if kept else name
        if len(longer.encode()) > room:
            break
        kept = longer
    return kept


class Announcer:
    """Keeps one table announced while it is open; `async_update` after every change of what it says."""

    __slots__ = ("_bind", "_info", "_registered", "_zc", "instance")

    def __init__(self, instance: str, bind: str) -> None:
        self.instance = instance
        self._bind = bind
        self._zc: AsyncZeroconf | None = None
        self._info: AsyncServiceInfo | None = None
        self._registered = False

    async def __aenter__(self) -> Announcer:
        self._zc = open_zeroconf(self._bind)
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.async_close()

    async def async_update(self, ad: TableAd) -> None:
        """Announce `ad` (again, when it changed)."""
        assert self._zc is not None, "use Announcer as an async context manager"
        packed = [socket.inet_pton(socket.AF_INET6 if ":" in a else socket.AF_INET, a) for a in ad.addresses]
        info = AsyncServiceInfo(
            SERVICE_TYPE, f"{self.instance}.{SERVICE_TYPE}", port=ad.port, properties=ad.properties,
            addresses=packed, server=f"p2pshithead-{ad.table_id[:12]}.local.",
        )  # fmt: skip
        if self._registered:
            await self._zc.async_update_service(info)
        else:
            await self._zc.async_register_service(info)
            self._registered = True
        self._info = info

    async def async_close(self) -> None:
        """Withdraw the table and stop zeroconf (safe to call twice)."""
        zc, self._zc = self._zc, None
        if zc is None:
            return
        if self._registered and self._info is not None:
            self._registered = False
            await zc.async_unregister_service(self._info)
        await zc.async_close()


class Browser:
    """Watches the LAN for tables: `events` yields `("add", ad)` and `("remove", instance name)`."""

    __slots__ = ("_bind", "_browser", "_queue", "_tasks", "_zc", "tables")

    def __init__(self, bind: str) -> None:
        self._bind = bind
        self._zc: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self._queue: asyncio.Queue[tuple[str, str, TableAd | None]] = asyncio.Queue()
        self._tasks: set[asyncio.Task[None]] = set()
        self.tables: dict[str, TableAd] = {}

    async def __aenter__(self) -> Browser:
        self._zc = open_zeroconf(self._bind)
        self._browser = AsyncServiceBrowser(self._zc.zeroconf, SERVICE_TYPE, handlers=[self._on_change])
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.async_close()

    def _on_change(self, zeroconf: object, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            self._queue.put_nowait(("remove", name, self.tables.pop(name, None)))
            return
        task = asyncio.get_running_loop().create_task(self._async_resolve(name))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _async_resolve(self, name: str) -> None:
        assert self._zc is not None
        info = AsyncServiceInfo(SERVICE_TYPE, name)
        if await info.async_request(self._zc.zeroconf, _INFO_TIMEOUT_MS):
            ad = TableAd.from_info(info)
            if ad is not None and self.tables.get(name) != ad:
                self.tables[name] = ad
                self._queue.put_nowait(("add", name, ad))

    async def async_next(self, timeout: float) -> tuple[str, str, TableAd | None] | None:
        """The next change `(kind, instance, ad)` within `timeout` seconds, else None."""
        try:
            async with asyncio.timeout(timeout):  # not `wait_for`: in 3.11 it may swallow a cancellation
                return await self._queue.get()
        except TimeoutError:
            return None

    async def async_close(self) -> None:
        """Stop browsing (safe to call twice)."""
        zc, self._zc = self._zc, None
        if zc is None:
            return
        for task in list(self._tasks):
            task.cancel()
        if self._browser is not None:
            await self._browser.async_cancel()
        await zc.async_close()


async def async_watch(bind: str, seconds: float, on_change: Callable[[str, TableAd], None],
                      until: Callable[[TableAd], bool] = lambda ad: False) -> dict[str, TableAd]:  # fmt: skip
    """Browse for `seconds`, reporting each table as it appears ("+") and vanishes ("-").

    Args:
        until: stop early at the first table for which this returns True.
    Returns:
        The tables still announced at the end, by instance name.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    async with Browser(bind) as browser:
        while (left := deadline - loop.time()) > 0:
            change = await browser.async_next(left)
            if change is None:
                break
            kind, _, ad = change
            if ad is not None:
                on_change("+" if kind == "add" else "-", ad)
                if kind == "add" and until(ad):
                    break
        return dict(browser.tables)
