# Which addresses a host announces and listens on, and how a joiner reaches one of them. Invariants: a
# table bound to every interface announces every address a peer on the LAN can reach (IPv4 and IPv6,
# never loopback or IPv6 link-local, which needs the joiner's own scope); bound to one address it
# announces only that one (loopback included: the table then stays on this machine). `async_dial` tries
# every address, starting the next one `stagger` seconds after the last (RFC 8305's happy eyeballs) or
# as soon as one fails; the first to connect wins and the others are cancelled.
"""`ANY`, `local_addresses`, `check_bindable`, `reachable_addresses`, `open_listener` and `async_dial`."""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import os
import socket
from collections.abc import Sequence

import ifaddr

from p2pshithead.lang import N_, _, listed

ANY = "0.0.0.0"
"""The `--bind` value that means every interface, IPv4 and IPv6."""
_STAGGER_S = 0.25
_CONNECT_TIMEOUT_S = 5.0


def local_addresses() -> tuple[str, ...]:
    """Every address of this machine's interfaces, loopback included."""
    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            found.append(str(ipaddress.ip_address(ip.ip if isinstance(ip.ip, str) else ip.ip[0])))
    return tuple(dict.fromkeys(found))


def check_bindable(bind: str) -> None:
    """Nothing, when a socket can be bound to `bind` (an address of `local_addresses`), port 0.

    Raises:
        OSError: when it cannot (an IPv6 link-local address without its interface: EINVAL).
    """
    with socket.socket(socket.AF_INET6 if ":" in bind else socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((bind, 0))


def reachable_addresses(bind: str) -> tuple[str, ...]:
    """The addresses to announce for a table bound to `bind`: IPv4 first, then IPv6."""
    if bind != ANY:
        return (bind,)
    found: list[ipaddress.IPv4Address | ipaddress.IPv6Address] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            address = ipaddress.ip_address(ip.ip if isinstance(ip.ip, str) else ip.ip[0])
            if address.is_loopback or (address.version == 6 and address.is_link_local) or address in found:
                continue
            found.append(address)
    return tuple(str(a) for a in sorted(found, key=lambda a: a.version))


def open_listener(bind: str, port: int) -> socket.socket:
    """A listening TCP socket on `bind:port`; for `ANY`, one dual-stack IPv6 socket that takes IPv4 too
    (an IPv4-only socket where the machine has no IPv6).

    Raises:
        OSError: when the address is not this machine's or the port is taken.
    """
    if bind == ANY and socket.has_dualstack_ipv6():
        return socket.create_server(("::", port), family=socket.AF_INET6, dualstack_ipv6=True, backlog=64)
    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    return socket.create_server((bind, port), family=family, backlog=64)


def peer_name(address: tuple[object, ...] | None) -> str:
    """`host:port` of a connected peer (an IPv4 peer of a dual-stack socket shown as IPv4); a socket
    that is gone already has no address to show."""
    if not address:
        return "a peer that has gone"
    host = str(address[0]).removeprefix("::ffff:")
    return f"[{host}]:{address[1]}" if ":" in host else f"{host}:{address[1]}"


async def async_dial(
    addresses: Sequence[str], port: int, bind: str | None = None, stagger: float = _STAGGER_S
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter, str]:
    """Connect to the first of `addresses` that answers on `port` (from `bind` when given).

    Returns:
        The stream pair and the address it reached.
    Raises:
        OSError: when none answers, naming each address and what it said; `ConnectionRefusedError` when
            each refused (a machine that answered that nothing listens on `port`).
    """
    local = (bind, 0) if bind else None
    remaining, failures = list(addresses), dict[str, BaseException]()
    tries: dict[asyncio.Task[tuple[asyncio.StreamReader, asyncio.StreamWriter]], str] = {}
    try:
        while remaining or tries:
            if remaining:
                address = remaining.pop(0)
                tries[asyncio.ensure_future(_async_dial_one(address, port, local))] = address
            done, _pending = await asyncio.wait(tries, timeout=stagger if remaining else None,
                                         return_when=asyncio.FIRST_COMPLETED)  # fmt: skip
            for task in done:
                address = tries.pop(task)
                error = task.exception()
                if error is None:
                    reader, writer = task.result()
                    return reader, writer, address
                failures[address] = error
    finally:
        for task in tries:
            if task.done() and not task.cancelled() and task.exception() is None:
                task.result()[1].close()  # it connected too, as another won: nobody will use it
            else:
                task.cancel()
    said = [_("{address} port {port}: {reason}").format(address=a, port=port, reason=_reason(e))
            for a, e in failures.items()]  # fmt: skip
    refused = bool(failures) and all(isinstance(e, ConnectionRefusedError) for e in failures.values())
    raise (ConnectionRefusedError if refused else OSError)(listed(said) or _("no address to connect to"))


async def _async_dial_one(
    address: str, port: int, local: tuple[str, int] | None
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    async with asyncio.timeout(_CONNECT_TIMEOUT_S):  # not `wait_for`: in 3.11 it may swallow a cancellation
        return await asyncio.open_connection(address, port, local_addr=local)


def link_words(exc: BaseException) -> str:
    """Why a live link ended, for a person: the system's words for a socket's error, never its errno's
    number ("connection reset by peer", not "[Errno 104] Connection reset by peer")."""
    if isinstance(exc, OSError) and exc.errno and exc.strerror:
        return exc.strerror.lower()
    return str(exc)


def _reason(exc: BaseException) -> str:
    """Why a connection failed, in words in the language in use (the system's own words for a rare errno)."""
    if isinstance(exc, TimeoutError):
        return _("did not answer")
    if isinstance(exc, ConnectionRefusedError):
        return _("refused the connection (no table on that port)")
    if isinstance(exc, OSError) and exc.errno:  # asyncio's strerror is "Connect call failed (address)"
        words = _WORDS.get(exc.errno)
        return _(words) if words else os.strerror(exc.errno).lower()
    return exc.strerror or str(exc) if isinstance(exc, OSError) else str(exc)


_WORDS = {
    errno.EHOSTUNREACH: N_("cannot be reached (is that machine up, and on this network?)"),
    errno.ENETUNREACH: N_("no route to that network (are you on the same Wi-Fi as the table?)"),
    errno.ETIMEDOUT: N_("did not answer"),
    errno.ECONNRESET: N_("closed the connection at once"),
}
