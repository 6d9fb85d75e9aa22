"""The `host`, `join` and `verify` commands as separate processes on 127.0.0.1, and with CliRunner."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import os
import socket
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from p2pshithead.cli.home import HOME_ENV, config_dir, tables_dir
from p2pshithead.cli.main import main
from p2pshithead.game import SHITHEAD
from p2pshithead.net import (
    PROTOCOL_VERSION,
    Announcer,
    Entry,
    Identity,
    Journal,
    SeatRecord,
    TableAd,
    TableConfig,
    load_entries,
    load_identity,
    local_addresses,
    save_entries,
)

from .journaled import play

CLI = [sys.executable, "-c", "from p2pshithead.cli.main import main; main(prog_name='p2pshithead')"]
Played = tuple[subprocess.CompletedProcess[str], Path]
"""The host's finished run (four processes: the host and three bots) and the home folder they shared."""


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "home"))
    return tmp_path / "home"


def run(*args: str, timeout: float = 30) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=timeout, env=os.environ.copy())


def head_of(output: str) -> str:
    return next(line for line in output.splitlines() if line.startswith("transcript:")).split()[-1]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Played:
    """One whole game of four peer processes: the host (autoplay) and three `join --bot` processes."""
    home = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as patch:  # the suite's own folder comes back after (never the machine's)
        patch.setenv(HOME_ENV, str(home))
        saved = home / "host.p2ps"
        result = run("host", "--bind", "127.0.0.1", "--no-announce", "--seats", "4", "--bots", "3", "--autoplay",
                     "--transcript", str(saved))  # fmt: skip
    return result, home


def test_four_processes_end_with_the_same_transcript_hash(played: Played) -> None:
    result, home = played
    assert result.returncode == 0, result.stderr
    assert "finish order: 1." in result.stdout
    bots = sorted(home.glob("bots/*/transcripts/*.p2ps"))  # each bot keeps its own config folder
    assert len(bots) == 3
    runner = CliRunner()
    checked = [runner.invoke(main, ["verify", str(path)]) for path in [home / "host.p2ps", *bots]]
    assert [c.exit_code for c in checked] == [0, 0, 0, 0]
    assert {head_of(c.output) for c in checked} == {head_of(result.stdout)}
    order = next(line for line in checked[0].output.splitlines() if line.startswith("finish order:"))
    assert order in result.stdout and " Masta, 2. " in order and order.endswith("Shithead")  # RULES.md 6 titles


def test_a_joiners_journal_keeps_the_tables_name_so_join_by_name_comes_back_to_it(played: Played) -> None:
    _, home = played
    name = f"{(home / 'nick').read_text().strip()}'s table"  # the host's default name
    records = [Journal(folder).record() for folder in home.glob("bots/*/tables/*")]
    assert len(records) == 3 and all(r is not None and r.options["name"] == name for r in records), records


def test_verify_calls_a_broken_chain_file_damage_and_blames_nobody(played: Played, tmp_path: Path) -> None:
    _, home = played
    entries = load_entries(home / "host.p2ps")
    dropped, resealed = tmp_path / "dropped.p2ps", tmp_path / "resealed.p2ps"
    save_entries(dropped, entries[:3] + entries[4:])  # one entry lost: the chain breaks at the fourth
    bad = entries[24]
    save_entries(resealed, [*entries[:24], replace(bad, seal=bytes([bad.seal[0] ^ 1]) + bad.seal[1:]), *entries[25:]])
    for path, where, what in [(dropped, 3, "does not extend the chain"), (resealed, 24, "seal does not hold")]:
        result = CliRunner().invoke(main, ["verify", str(path)])
        assert result.exit_code == 1
        assert f"damaged at entry {where}" in result.output and what in result.output, result.output
        assert "fault" not in result.output and "seat 0" not in result.output  # a broken file blames nobody


def test_verify_reports_an_incomplete_game(played: Played, tmp_path: Path) -> None:
    _, home = played
    cut = tmp_path / "cut.p2ps"
    save_entries(cut, load_entries(home / "host.p2ps")[:5])
    result = CliRunner().invoke(main, ["verify", str(cut)])
    assert result.exit_code == 1 and "incomplete" in result.output


def test_verify_rejects_garbage(tmp_path: Path) -> None:
    junk = tmp_path / "junk.p2ps"
    junk.write_bytes(b"\x00\x00\x00\x02\xc1\xc1")
    result = CliRunner().invoke(main, ["verify", str(junk)])
    assert result.exit_code == 1 and "damaged or not a saved game" in result.output


def test_list_finds_an_announced_table_and_join_plays_it(home: Path) -> None:
    host = subprocess.Popen([*CLI, "host", "--bind", "127.0.0.1", "--table", "cli-table", "--seats", "2", "--autoplay"],
                            stdout=subprocess.PIPE, text=True, env=os.environ.copy())  # fmt: skip
    try:
        assert host.stdout is not None and "table 'cli-table'" in host.stdout.readline()
        listed = run("join", "--list", "--json", "--bind", "127.0.0.1", "--wait", "1.5")
        tables = json.loads(listed.stdout)
        listing = [(t["name"], t["taken"], t["free"], t["version"]) for t in tables if t["name"] == "cli-table"]
        assert listing == [("cli-table", 1, 1, PROTOCOL_VERSION)]  # (other tests' tables may be listed beside it)
        bot_home = {**os.environ, HOME_ENV: str(home / "bot")}  # a bot keeps its own identity, like a person
        joined = subprocess.run([*CLI, "join", "cli-table", "--bot", "--bind", "127.0.0.1", "--wait", "5"],
                                capture_output=True, text=True, timeout=30, env=bot_home)  # fmt: skip
        assert joined.returncode == 0, joined.stderr
        assert host.wait(15) == 0
        assert head_of(joined.stdout) == head_of(host.stdout.read())
    finally:
        host.kill()
        host.wait()


def test_host_refuses_more_bots_than_seats(home: Path) -> None:
    result = CliRunner().invoke(main, ["host", "--seats", "2", "--bots", "2", "--bind", "127.0.0.1"])
    assert result.exit_code == 2 and "--bots" in result.output


def test_join_by_bad_address_is_a_usage_error(home: Path) -> None:
    result = CliRunner().invoke(main, ["join", "--address", "nowhere", "--bot"])
    assert result.exit_code == 2 and "HOST:PORT" in result.output


@pytest.mark.parametrize("command", [["host", "--autoplay"], ["join", "--list", "--wait", "0.1"], ["join", "--bot"]])
def test_a_bind_address_the_machine_lacks_is_refused_in_words(home: Path, command: list[str]) -> None:
    result = CliRunner().invoke(main, [*command, "--bind", "203.0.113.77"])  # TEST-NET-3: never a local address
    assert result.exit_code == 2 and "is not an address of this machine" in result.output
    assert "Traceback" not in result.output and "Errno" not in result.output


def test_a_link_local_bind_address_is_refused_in_words(home: Path) -> None:
    linked = [a for a in local_addresses() if ipaddress.ip_address(a).is_link_local]
    if not linked:
        pytest.skip("this machine has no IPv6 link-local address")
    for command in (["host", "--autoplay", "--no-announce"], ["join", "--bot", "--address", "[::1]:1"]):
        result = CliRunner().invoke(main, [*command, "--bind", linked[0]])
        said = " ".join(result.output.split())
        assert result.exit_code == 2, said
        assert f"Invalid value for --bind: {linked[0]} cannot be used (a link-local address, which needs its " \
               "interface named): give another address of this machine" in said


@pytest.mark.parametrize(("bind", "address", "said"), [
    ("127.0.0.1", "[::1]:1", "::1 has no IPv4 address, and --bind 127.0.0.1 reaches only those: give the table's IPv4 "
                             "address, or leave --bind out"),
    ("::1", "127.0.0.1:1", "127.0.0.1 has no IPv6 address, and --bind ::1 reaches only those: give the table's IPv6 "
                           "address, or leave --bind out"),
])  # fmt: skip
def test_an_address_bind_cannot_reach_is_refused_in_words(home: Path, bind: str, address: str, said: str) -> None:
    if bind not in local_addresses():
        pytest.skip(f"this machine has no {bind}")
    for command in (["join", "--bot"], ["join", "--watch"]):
        result = CliRunner().invoke(main, [*command, "--address", address, "--bind", bind])
        assert result.exit_code == 2 and f"Invalid value for --address: {said}" in " ".join(result.output.split())


def test_a_port_in_use_is_said_in_words_with_the_next_step(home: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = str(taken.getsockname()[1])
        result = run("host", "--autoplay", "--no-announce", "--bind", "127.0.0.1", "--port", port, "--name", "ana")
    assert result.returncode == 3, result.stderr
    assert result.stderr == ("error: that port is in use by another program: leave --port out, or choose another "
                             "(Address already in use)\n")


@pytest.mark.skipif(sys.platform == "win32", reason="fifos are POSIX's")
def test_a_fifo_for_the_key_or_a_tables_record_is_refused_in_words_not_waited_on(home: Path) -> None:
    """Both were read whole with `read_bytes`: a fifo put there stopped `join` and `host` for good."""
    home.mkdir()
    os.mkfifo(home / "identity.pem")
    result = run("join", "--bot", "--address", "127.0.0.1:1", "--bind", "127.0.0.1", "--name", "ana")
    assert result.returncode == 1 and result.stderr == (
        f"Error: {home / 'identity.pem'} cannot be used (not a file but a pipe or a device): make the config folder "
        "and its files yours to read and write, or set P2PSHITHEAD_HOME to another\n")
    (home / "identity.pem").unlink()
    folder = tables_dir() / ("ab" * 16)
    folder.mkdir(parents=True)
    os.mkfifo(folder / "seat.msgpack")
    result = run("join", "--bot", "--address", "127.0.0.1:1", "--bind", "127.0.0.1", "--name", "ana")
    assert result.returncode == 1, result.stderr
    assert "Error: the saved game of table ababab cannot be taken up: its record seat.msgpack cannot be read (not a " \
           "file but a pipe or a device); it is set aside in" in " ".join(result.stderr.split())


def test_a_refused_connection_is_said_in_words(home: Path) -> None:
    result = run("join", "--bot", "--address", "127.0.0.1:1", "--bind", "127.0.0.1")
    assert result.returncode == 3 and "refused the connection (no table on that port)" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_refused_connection_is_said_in_the_language_in_use(home: Path) -> None:
    result = run("join", "--bot", "--address", "127.0.0.1:1", "--bind", "127.0.0.1", "--lang", "fr")
    said = "127.0.0.1 port 1 : a refusé la connexion (pas de table sur ce port)"
    assert result.returncode == 3 and said in result.stderr
    assert "Traceback" not in result.stderr and "refused" not in result.stderr


def test_a_table_with_house_rules_shows_them_before_anyone_sits_and_plays_by_them(home: Path) -> None:
    host = subprocess.Popen([*CLI, "host", "--bind", "127.0.0.1", "--table", "house", "--seats", "2", "--autoplay",
                             "--rules", "pagat", "--set", "ten_not_on_eight=true"],
                            stdout=subprocess.PIPE, text=True, env=os.environ.copy())  # fmt: skip
    try:
        assert host.stdout is not None and "house rules: a 10 may not be played on an 8" in host.stdout.readline()
        listed = run("join", "--list", "--json", "--bind", "127.0.0.1", "--wait", "1.5")
        table = next(t for t in json.loads(listed.stdout) if t["name"] == "house")
        assert table["rules"] == "pagat;ten_not_on_eight=true"
        assert table["house_rules"] == ["a 10 may not be played on an 8"]
        bot_home = {**os.environ, HOME_ENV: str(home / "bot")}
        joined = subprocess.run([*CLI, "join", "house", "--bot", "--bind", "127.0.0.1", "--wait", "5"],
                                capture_output=True, text=True, timeout=60, env=bot_home)  # fmt: skip
        assert joined.returncode == 0, joined.stderr
        assert "house rules: a 10 may not be played on an 8" in joined.stdout  # told when seated
        assert host.wait(30) == 0
        assert head_of(joined.stdout) == head_of(host.stdout.read())  # one ruleset hash, one transcript
    finally:
        host.kill()
        host.wait()


def test_a_misspelled_house_rule_is_refused_before_the_table_opens(home: Path) -> None:
    result = CliRunner().invoke(main, ["host", "--bind", "127.0.0.1", "--set", "ten_not_on_eigth=true"])
    assert result.exit_code == 2 and "did you mean ten_not_on_eight" in result.output


def test_join_refuses_a_table_of_another_protocol_version_before_dialling_it(home: Path) -> None:
    """An older program's table is listed (its record is not signed); a join by name says why it cannot play
    there, and dials nothing (a record relabelled as older cannot lead this program to another table)."""
    older = TableAd("ab" * 16, "old-table", "ann", "classic", "cd" * 32, 1, 1, 4, ("127.0.0.1",), 9)  # not signed yet

    async def announced() -> subprocess.CompletedProcess[str]:
        async with Announcer("old-table ab", "127.0.0.1") as announcer:
            await announcer.async_update(older)
            return await asyncio.to_thread(run, "join", "old-table", "--bot", "--bind", "127.0.0.1", "--wait", "5")

    joined = asyncio.run(announced())
    assert joined.returncode != 0
    assert f"runs protocol version 4 and this program {PROTOCOL_VERSION}" in joined.stderr
    assert "connected to" not in joined.stdout


def _kept(record: SeatRecord, entries: Sequence[Entry]) -> Path:
    """Keep `record` and `entries` as the journal of their table in the config folder; its folder."""
    journal = Journal.for_table(tables_dir(), record.table_id)
    journal.write_record(record)
    for entry in entries:
        journal.append(entry)
    journal.close()
    return journal.folder


def _refused_and_set_aside(result: Result, folder: Path, next_step: str) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    said = result.output.replace("\n", " ")
    assert f"the saved game of table {folder.name[:6]} cannot be taken up" in said, said
    assert f"it is set aside in {folder}.set-aside: {next_step}" in said, said
    assert not folder.exists() and (folder.parent / f"{folder.name}.set-aside" / "entries.p2ps").exists()


@pytest.mark.parametrize("damage", ["another secret", "secret of 10 bytes", "cut short", "another table"])
def test_join_refuses_a_journal_that_does_not_fit_in_words_and_the_next_join_goes_on(home: Path, damage: str) -> None:
    """A saved game whose record does not fit it is refused before anything is dialled, in words naming the
    table and where the journal is kept now; the same `join` run again does not read it again."""
    game = play((Identity.generate("ann"), load_identity(config_dir(), nick="bob")))
    record = game.record(1)
    if damage == "another secret":
        record = replace(record, secret=os.urandom(64))
    elif damage == "secret of 10 bytes":
        record = replace(record, secret=os.urandom(10))
    elif damage == "another table":
        record = replace(record, table_id=bytes(16))
    folder = _kept(record, game.entries[:40])  # past the deal: the seat's hand opens with its key
    if damage == "cut short":
        path = folder / "seat.msgpack"
        path.write_bytes(path.read_bytes()[:30])
    args = ["join", "--bot", "--address", "127.0.0.1:1", "--bind", "127.0.0.1"]
    _refused_and_set_aside(CliRunner().invoke(main, args), folder, "`join` again sits at a table afresh")
    again = CliRunner().invoke(main, args)
    assert again.exit_code == 3 and "refused the connection" in again.output, again.output
    assert "saved game" not in again.output and "coming back" not in again.output


@pytest.mark.parametrize("damage", ["another secret", "options"])
def test_host_resume_refuses_a_journal_that_does_not_fit_in_words_and_sets_it_aside(home: Path, damage: str) -> None:
    game = play((load_identity(config_dir(), nick="ann"), Identity.generate("bob")))
    options = TableConfig("journaled", SHITHEAD, "classic", 2, "127.0.0.1", announce=False).options()
    record = game.record(0, options=options)
    if damage == "another secret":
        record = replace(record, secret=os.urandom(64))
    else:
        record = replace(record, options={**options, "seats": "two"})
    folder = _kept(record, game.entries[:40])
    args = ["host", "--resume", "--autoplay", "--bind", "127.0.0.1", "--no-announce"]
    _refused_and_set_aside(CliRunner().invoke(main, args), folder, "start a new table without --resume")
    again = CliRunner().invoke(main, args)
    assert again.exit_code == 1 and "no unfinished table to resume" in again.output, again.output
