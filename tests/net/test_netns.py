"""Real mDNS and TCP between network namespaces joined by a bridge, as laptops share a hostel Wi-Fi (root).

`host` and `join` run exactly as a person types them: no `--bind`, no `--address`. Traffic stays inside
namespaces this test creates: a bridge namespace and one namespace per peer, each with `lo` up and a
veth address in 10.213.N.0/24 (plus its IPv6 link-local); everything is deleted afterwards.
`P2PS_NETNS_JOINS` sets how many separate joins the repeated-join test makes (5 in the suite; 50 for the
figure in the notes).
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from p2pshithead.cli.home import HOME_ENV

from .test_rejoin import said_until, until_playing

CLI = [sys.executable, "-c", "from p2pshithead.cli.main import main; main(prog_name='p2pshithead')"]
PEERS = ("host", "a", "b")
JOINS = int(os.environ.get("P2PS_NETNS_JOINS", "5"))

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("ip") is None, reason="network namespaces need root and iproute2 (`ip`)"
)


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=10)


@pytest.fixture
def lan(tmp_path: Path) -> Iterator[dict[str, tuple[str, str]]]:
    """Namespaces per peer on one bridge: {peer: (namespace, address)}."""
    tag = f"p2ps{os.getpid() % 100000}"
    subnet = f"10.213.{os.getpid() % 250}"
    bridge = f"{tag}br"
    names = {peer: (f"{tag}{peer}", f"{subnet}.{i + 1}") for i, peer in enumerate(PEERS)}
    try:
        ip("netns", "add", bridge)
        ip("-n", bridge, "link", "add", "br0", "type", "bridge")
        ip("-n", bridge, "link", "set", "br0", "up")
        for i, (ns, address) in enumerate(names.values()):
            ip("netns", "add", ns)
            ip("-n", ns, "link", "set", "lo", "up")
            ip("-n", ns, "link", "add", "eth0", "type", "veth", "peer", "name", f"port{i}", "netns", bridge)
            ip("-n", ns, "addr", "add", f"{address}/24", "dev", "eth0")
            ip("-n", ns, "link", "set", "eth0", "up")
            ip("-n", bridge, "link", "set", f"port{i}", "master", "br0")
            ip("-n", bridge, "link", "set", f"port{i}", "up")
        yield names
    finally:
        for ns in [bridge, *(ns for ns, _ in names.values())]:
            subprocess.run(["ip", "netns", "del", ns], capture_output=True, timeout=10)


def in_ns(ns: str, *args: str) -> list[str]:
    return ["ip", "netns", "exec", ns, *CLI, *args]


def home(tmp_path: Path, name: str) -> dict[str, str]:
    """Each peer its own config folder (its own identity), as on its own laptop."""
    return {**os.environ, HOME_ENV: str(tmp_path / name)}


def heads(outputs: list[str]) -> set[str]:
    return {line for out in outputs for line in out.splitlines() if line.startswith("transcript:")}


def start_host(lan: dict[str, tuple[str, str]], tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    host = subprocess.Popen(in_ns(lan["host"][0], "host", "--autoplay", *args), stdout=subprocess.PIPE, text=True,
                            env=home(tmp_path, "host"))  # fmt: skip
    assert host.stdout is not None and "table " in host.stdout.readline()
    return host


Lan = dict[str, tuple[str, str]]


def joiners_of(lan: Lan, tmp_path: Path, table: str) -> list[subprocess.Popen[str]]:
    """`join TABLE --bot` on every namespace but the host's, each with its own config folder."""
    return [subprocess.Popen(in_ns(ns, "join", table, "--bot"), stdout=subprocess.PIPE, text=True,
                             env=home(tmp_path, peer)) for peer, (ns, _) in lan.items() if peer != "host"]  # fmt: skip


def test_tables_are_found_and_played_by_multicast_across_namespaces(lan: Lan, tmp_path: Path) -> None:
    host_ip = lan["host"][1]
    host = start_host(lan, tmp_path, "--table", "ns-table", "--seats", "3")
    try:
        listed = subprocess.run(in_ns(lan["a"][0], "join", "--list", "--json", "--wait", "3"),
                                capture_output=True, text=True, timeout=20, env=home(tmp_path, "a"))  # fmt: skip
        tables = json.loads(listed.stdout)
        # only what a peer can reach is announced: the LAN address, never loopback
        assert [(t["name"], t["addresses"], t["free"]) for t in tables] == [("ns-table", [host_ip], 2)]
        joiners = joiners_of(lan, tmp_path, "ns-table")
        outputs = [j.communicate(timeout=60)[0] for j in joiners]
        assert [j.returncode for j in joiners] == [0, 0], outputs
        assert all(f"connected to {host_ip}" in out for out in outputs)  # and each says where it went
        assert host.wait(15) == 0
        assert host.stdout is not None
        assert len(heads([*outputs, host.stdout.read()])) == 1
    finally:
        host.kill()
        host.wait()


def test_plain_joins_from_another_machine_all_connect(lan: dict[str, tuple[str, str]], tmp_path: Path) -> None:
    """The join a person types most, `join TABLE` with no options, from another namespace, again and again."""
    joined = 0
    for attempt in range(JOINS):
        host = start_host(lan, tmp_path, "--table", f"t{attempt}", "--seats", "2")
        try:
            person = subprocess.run(in_ns(lan["a"][0], "join", f"t{attempt}", "--bot"), capture_output=True,
                                    text=True, timeout=60, env=home(tmp_path, "a"))  # fmt: skip
            joined += person.returncode == 0 and host.wait(15) == 0
        finally:
            host.kill()
            host.wait()
    assert joined == JOINS


def test_a_link_down_for_a_while_recovers(lan: dict[str, tuple[str, str]], tmp_path: Path) -> None:
    outage = float(os.environ.get("P2PS_NETNS_OUTAGE", "8"))
    host = start_host(lan, tmp_path, "--table", "flaky", "--seats", "3", "--away-time", "60")
    try:
        joiners = joiners_of(lan, tmp_path, "flaky")
        until_playing(tmp_path / "b")
        ip("-n", lan["b"][0], "link", "set", "eth0", "down")
        start = time.monotonic()
        time.sleep(outage)
        ip("-n", lan["b"][0], "link", "set", "eth0", "up")
        outputs = [j.communicate(timeout=90)[0] for j in joiners]
        assert host.stdout is not None
        host_out = host.stdout.read()
        assert host.wait(15) == 0 and [j.returncode for j in joiners] == [0, 0], outputs
        assert len(heads([*outputs, host_out])) == 1
        assert "is away" in host_out and "is back" in host_out, host_out
        assert time.monotonic() - start < outage + 60
    finally:
        host.kill()
        host.wait()


def test_a_person_picks_the_table_from_the_list_and_plays_it(lan: Lan, tmp_path: Path) -> None:
    """The path a person takes on another laptop: `join` with nothing else, the tables found listed
    (wrapped at words on a narrow terminal), the number typed, the game played at the keyboard."""
    from .test_terminal import _play_to_the_end

    host = start_host(lan, tmp_path, "--table", "pick me, a table with a long name", "--seats", "2")
    env = {**home(tmp_path, "ann"), "TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1"}
    person = pexpect.spawn("ip", ["netns", "exec", lan["a"][0], *CLI, "join", "--name", "ann", "--ascii"], env=env,
                           encoding="utf-8", timeout=30, dimensions=(40, 100))  # fmt: skip
    person.logfile_read = screen = io.StringIO()
    try:
        person.expect("looking for tables on this network")
        person.expect(r"1\. pick me, a table with a long name[^\r\n]*\r\n((?:  [^\r\n]*\r\n)+)")  # then indented
        assert all(len(line) <= 100 for line in person.match.group(0).split("\r\n")), person.match.group(0)
        assert f"{lan['host'][1]} port" in " ".join(person.match.group(0).split())
        person.sendline("1")
        person.expect("seated at 'pick me, a table with a long name'")
        person.setwinsize(40, 200)  # the terminal made wide: `_play_to_the_end` reads each `Type:` line whole
        _play_to_the_end(person)
        person.expect(pexpect.EOF)
        person.close()
        assert person.exitstatus == 0
        assert host.wait(30) == 0
        assert host.stdout is not None
        seen = [screen.getvalue().replace("\r\n", "\n"), host.stdout.read()]
        assert all("transcript:" in out for out in seen) and len(heads(seen)) == 1, seen
    finally:
        if person.isalive():
            person.kill(9)
        host.kill()
        host.wait()


@pytest.mark.parametrize("mover", ["b", "host"])
def test_a_peer_whose_address_changes_mid_game_is_found_again(lan: Lan, tmp_path: Path, mover: str) -> None:
    """A Wi-Fi that reconnects with a new lease, on a joiner's laptop or the host's: the link is dead with
    no error on either side. The joiner, no longer hearing the host, drops the dead link and dials again;
    a host that moved announces itself from its new address, where the joiners find it by the table's
    id. All well within the away limit; the game is played to the end with one transcript."""
    host = start_host(lan, tmp_path, "--table", "lease", "--seats", "3", "--away-time", "60")
    try:
        joiners = joiners_of(lan, tmp_path, "lease")
        until_playing(tmp_path / "b")
        ns, address = lan[mover]
        moved = f"{address.rsplit('.', 1)[0]}.77"
        ip("-n", ns, "addr", "del", f"{address}/24", "dev", "eth0")
        ip("-n", ns, "addr", "add", f"{moved}/24", "dev", "eth0")
        start = time.monotonic()
        outputs = [j.communicate(timeout=90)[0] for j in joiners]
        assert host.stdout is not None
        host_out = host.stdout.read()
        assert host.wait(15) == 0 and [j.returncode for j in joiners] == [0, 0], outputs
        assert len(heads([*outputs, host_out])) == 1
        assert "back at 'lease'" in outputs[1] and "root (seat 0) is back" in outputs[1], outputs[1]
        if mover == "host":
            assert all(f"connected to {moved} port" in out for out in outputs), outputs
        assert time.monotonic() - start < 45  # not the 60 s away limit: the dead link is not waited on
    finally:
        host.kill()
        host.wait()


def test_a_host_whose_address_changes_before_the_game_is_found_again_from_the_lobby(lan: Lan, tmp_path: Path) -> None:
    """The host's Wi-Fi reconnects with a new lease while a joiner waits in the lobby: the joiner lets the
    silent link go, finds the table again by its id where the host announces it now, sits again, and the
    game is played when the third player comes."""
    host = start_host(lan, tmp_path, "--table", "lobby-lease", "--seats", "3")
    try:
        ns_a, _ = lan["a"]
        a = subprocess.Popen(in_ns(ns_a, "join", "lobby-lease", "--bot"), stdout=subprocess.PIPE, text=True,
                             env=home(tmp_path, "a"))  # fmt: skip
        assert host.stdout is not None
        said_until(host, "sits in seat 1", seconds=30)
        ns, address = lan["host"]
        ip("-n", ns, "addr", "del", f"{address}/24", "dev", "eth0")
        ip("-n", ns, "addr", "add", f"{address.rsplit('.', 1)[0]}.77/24", "dev", "eth0")
        said_until(host, "is back", "sits in seat", seconds=45)  # a sits again: its seat kept, or freed first (the host
        # heard its link go silent too) and taken afresh
        b = subprocess.Popen(in_ns(lan["b"][0], "join", "lobby-lease", "--bot"), stdout=subprocess.PIPE, text=True,
                             env=home(tmp_path, "b"))  # fmt: skip
        outputs = [p.communicate(timeout=90)[0] for p in (a, b)]
        host_out = host.stdout.read()
        assert host.wait(15) == 0 and [a.returncode, b.returncode] == [0, 0], outputs
        assert len(heads([*outputs, host_out])) == 1
        assert "game starts: you are seat" in outputs[0], outputs[0]
    finally:
        host.kill()
        host.wait()
