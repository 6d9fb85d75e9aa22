"""Real mDNS between network namespaces joined by veth links to a bridge (root only).

Traffic stays inside namespaces this test creates: a bridge namespace and one namespace per peer, each
with `lo` up and a veth address in 10.213.N.0/24; everything is deleted afterwards.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from p2pshithead.net import HOME_ENV

CLI = [sys.executable, "-c", "from p2pshithead.cli.main import main; main(prog_name='p2pshithead')"]
PEERS = ("host", "a", "b")

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


def test_tables_are_found_and_played_by_multicast_across_namespaces(
    lan: dict[str, tuple[str, str]], tmp_path: Path
) -> None:
    env = {**os.environ, HOME_ENV: str(tmp_path)}
    host_ns, host_ip = lan["host"]
    host = subprocess.Popen(in_ns(host_ns, "host", "--bind", host_ip, "--name", "ns-table", "--seats", "3",
                                  "--autoplay"), stdout=subprocess.PIPE, text=True, env=env)  # fmt: skip
    try:
        assert host.stdout is not None and "table 'ns-table'" in host.stdout.readline()
        ns_a, ip_a = lan["a"]
        listed = subprocess.run(in_ns(ns_a, "join", "--list", "--json", "--bind", ip_a, "--wait", "2"),
                                capture_output=True, text=True, timeout=20, env=env)  # fmt: skip
        assert [(t["name"], t["address"], t["free"]) for t in json.loads(listed.stdout)] == [("ns-table", host_ip, 2)]
        joiners = [subprocess.Popen(in_ns(ns, "join", "ns-table", "--bot", "--bind", address, "--wait", "5"),
                                    stdout=subprocess.PIPE, text=True, env={**env, HOME_ENV: str(tmp_path / ns)})
                   for ns, address in (lan["a"], lan["b"])]  # fmt: skip
        outputs = [j.communicate(timeout=30)[0] for j in joiners]
        assert [j.returncode for j in joiners] == [0, 0], outputs
        assert host.wait(15) == 0
        host_out = host.stdout.read()
        heads = {line for out in [*outputs, host_out] for line in out.splitlines() if line.startswith("transcript:")}
        assert len(heads) == 1, heads
    finally:
        host.kill()
        host.wait()
