"""Two laptops on one Wi-Fi for the paths tests: a network namespace each, joined by a veth pair (root),
and the real program run in them as a person types it (no `--bind`, no `--address`) at a terminal of
its own (pexpect). The link can go down and up as a Wi-Fi link does; everything is deleted afterwards."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pexpect
import pytest

from p2pshithead.cli.home import HOME_ENV

PROGRAM = str(Path(sys.executable).with_name("p2pshithead"))
NEEDS_ROOT = pytest.mark.skipif(os.geteuid() != 0 or shutil.which("ip") is None,
                                reason="network namespaces need root and iproute2 (`ip`)")  # fmt: skip


def words(text: str) -> str:
    """A pattern for `text` as a terminal shows it wrapped at words: any spaces, line ends between words."""
    return r"\s+".join(re.escape(word) for word in text.split())


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=10)


@dataclass
class Lan:
    """The host's laptop and a joiner's, each a namespace with one address on the link between them."""

    tmp: Path
    host_ns: str
    joiner_ns: str
    spawned: list[pexpect.spawn]

    def person(self, laptop: str, *words: str, columns: int = 100, rows: int = 30, lang: str = "en") -> pexpect.spawn:
        """`p2pshithead WORDS` typed at a terminal of `columns` x `rows` on `laptop` ("host" or "joiner"),
        with its own config folder, by a person who reads `lang`."""
        ns = self.host_ns if laptop == "host" else self.joiner_ns
        env = {**os.environ, HOME_ENV: str(self.tmp / laptop), "TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1",
               "P2PSHITHEAD_LANG": lang}  # fmt: skip
        child = pexpect.spawn("ip", ["netns", "exec", ns, PROGRAM, *words], env=env, encoding="utf-8", timeout=30,
                              dimensions=(rows, columns))  # fmt: skip
        child.logfile_read = io.StringIO()  # all it showed, for the words checked at the end
        self.spawned.append(child)
        return child

    def at_the_swap(self, *more: str) -> tuple[pexpect.spawn, pexpect.spawn]:
        """A card table of two with no turn limit (`more`: the host's further options, which win over
        these): `host` (hostie) and `join Hostel bar` (ann), both at their first prompt (the swap)."""
        host = self.person("host", "host", "--table", "Hostel bar", "--seats", "2", "--turn-time", "0", "--name",
                           "hostie", "--ascii", *more)  # fmt: skip
        host.expect("Hostel bar")
        ann = self.person("joiner", "join", "Hostel", "bar", "--name", "ann", "--ascii")
        for person in (host, ann):
            person.expect("Type:", timeout=60)  # (a deal of three seats on a busy machine)
        time.sleep(1)  # (the prompts drawn)
        return host, ann

    def link(self, up: bool) -> None:
        """The joiner's Wi-Fi link down (no error on either side: packets just stop) or up again."""
        ip("-n", self.joiner_ns, "link", "set", "eth0", "up" if up else "down")


@pytest.fixture
def lan(tmp_path: Path) -> Iterator[Lan]:
    tag = f"p2pp{os.getpid() % 100000}"
    subnet = f"10.214.{os.getpid() % 250}"
    net = Lan(tmp_path, f"{tag}h", f"{tag}j", [])
    try:
        ip("netns", "add", net.host_ns)
        ip("netns", "add", net.joiner_ns)
        ip("-n", net.host_ns, "link", "add", "eth0", "type", "veth", "peer", "name", "eth0", "netns", net.joiner_ns)
        for i, ns in enumerate((net.host_ns, net.joiner_ns)):
            ip("-n", ns, "link", "set", "lo", "up")
            ip("-n", ns, "addr", "add", f"{subnet}.{i + 1}/24", "dev", "eth0")
            ip("-n", ns, "link", "set", "eth0", "up")
        yield net
    finally:
        for child in net.spawned:
            if child.isalive():
                child.kill(9)
            child.close(force=True)
        for ns in (net.host_ns, net.joiner_ns):
            subprocess.run(["ip", "netns", "del", ns], capture_output=True, timeout=10)
