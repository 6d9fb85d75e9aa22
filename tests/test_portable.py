"""The program on Windows and macOS terms, here (issue 22): each command a person types, run in a
process posing as that platform (tests/pose.py: sys.platform and platform.system() say it; as Windows
the POSIX-only modules cannot be imported, nor the os and signal names Windows lacks used, nor the event
loop asked to watch a file). And the config folder each platform's person has had (click.get_app_dir)
is the one platformdirs gives. A command loads at start only what it uses (issue 22's budget: README)."""

from __future__ import annotations

import ast
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from pexpect.popen_spawn import PopenSpawn

from p2pshithead.bench import program
from p2pshithead.cli import home
from p2pshithead.cli.main import COMMANDS

from .cli.driver import choose

POSE = Path(__file__).with_name("pose.py")
SAVED = Path(__file__).parent / "net" / "saved" / "v4-classic-2-players.p2ps"
PLATFORMS = ["win32", "darwin"]
PROMPTS = [r"Play again\? \[Y/n\]", r"\(Enter to go back\)", r"\n> "]  # through a pipe: no prompt_toolkit


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """This process's environment with a home of its own (the config folder inside it)."""
    return {**os.environ, home.HOME_ENV: str(tmp_path / "config")}


def posed(platform: str, *args: str, env: dict[str, str], input: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(POSE), platform, *args], input=input, capture_output=True,
                          text=True, env=env, timeout=120)  # fmt: skip


def test_posing_as_windows_takes_away_what_windows_lacks(env: dict[str, str]) -> None:
    code = """
import asyncio, os, platform, signal, sys
try:
    import termios
except ModuleNotFoundError:
    termios = None
loop = asyncio.new_event_loop()
try:
    loop.add_reader(0, print)
except NotImplementedError:
    reader = False
print([sys.platform, platform.system(), termios, hasattr(os, "fork"), hasattr(signal, "SIGKILL"), reader])
"""
    done = posed("win32", "-c", code, env=env)
    assert ast.literal_eval(done.stdout) == ["win32", "Windows", None, False, False, False], done.stderr


@pytest.mark.parametrize("platform", PLATFORMS)
def test_every_command_loads(platform: str, env: dict[str, str]) -> None:
    code = "from p2pshithead.cli.main import COMMANDS\nfor lazy in COMMANDS.values(): lazy.load()\nprint('loaded')"
    done = posed(platform, "-c", code, env=env)
    assert done.stdout == "loaded\n" and done.returncode == 0, done.stderr


@pytest.mark.parametrize("platform", PLATFORMS)
def test_help_rules_and_verify(platform: str, env: dict[str, str]) -> None:
    helped = posed(platform, "--help", env=env)
    assert helped.returncode == 0 and all(f"  {name} " in helped.stdout for name in COMMANDS), helped.stderr
    ruled = posed(platform, "rules", "classic", env=env)
    assert ruled.returncode == 0 and ruled.stdout.startswith("classic:"), ruled.stderr
    verified = posed(platform, "verify", str(SAVED), env=env)
    assert verified.returncode == 0 and "finish order: 1." in verified.stdout, verified.stderr


@pytest.mark.parametrize("platform", PLATFORMS)
def test_a_whole_game_through_a_pipe(platform: str, env: dict[str, str]) -> None:
    child = PopenSpawn([sys.executable, str(POSE), platform, "play", "--bots", "2", "--delay", "0", "--ascii",
                        "--seed", "5"], env=env, timeout=30, encoding="utf-8")  # fmt: skip
    rng = random.Random(5)
    for _ in range(3000):
        which = child.expect(PROMPTS)
        if which == 0:
            break
        child.sendline("" if which == 1 else choose(child.before, rng))
    else:
        raise AssertionError("no end after many moves")
    assert "Game over. Finish order:" in child.before
    child.sendline("n")
    child.expect("Bye!")
    assert child.wait() == 0


@pytest.mark.parametrize("platform", PLATFORMS)
def test_join_list_looks_and_says_what_it_found(platform: str, env: dict[str, str]) -> None:
    done = posed(platform, "join", "--list", "--json", "--wait", "0.5", "--bind", "127.0.0.1", env=env)
    assert done.returncode == 0 and isinstance(json.loads(done.stdout), list), done.stderr  # others' tables too


FOLDER = """import click
from p2pshithead.cli.home import config_dir
print([str(config_dir()), click.get_app_dir("p2pshithead")])"""


@pytest.mark.parametrize("platform,where", [
    ("win32", "AppData/Roaming/p2pshithead"),
    ("darwin", "Library/Application Support/p2pshithead"),
    ("linux", ".config/p2pshithead"),
])  # fmt: skip
def test_the_config_folder_is_the_one_people_have(platform: str, where: str, tmp_path: Path) -> None:
    plain = {k: v for k, v in os.environ.items() if k not in (home.HOME_ENV, "XDG_CONFIG_HOME", "APPDATA")}
    env = {**plain, "HOME": str(tmp_path), "APPDATA": str(tmp_path / "AppData" / "Roaming")}
    command = [sys.executable, str(POSE), platform] if platform != "linux" else [sys.executable]
    done = subprocess.run([*command, "-c", FOLDER], capture_output=True, text=True, env=env, check=True)
    assert ast.literal_eval(done.stdout) == [str(tmp_path / where)] * 2
    mine = subprocess.run([*command, "-c", FOLDER], capture_output=True, text=True, check=True,
                          env={**env, home.HOME_ENV: str(tmp_path / "mine")})  # fmt: skip
    assert ast.literal_eval(mine.stdout)[0] == str(tmp_path / "mine")  # P2PSHITHEAD_HOME wins


def test_the_benchmarks_start_the_program_as_a_person_does() -> None:
    assert program.HOME_ENV == home.HOME_ENV
    done = subprocess.run([*program.CLI, "--version"], capture_output=True, text=True, check=True)
    assert done.stdout.startswith("p2pshithead, version")


NET = ("p2pshithead.net", "zeroconf")
DECK = ("p2pshithead.crypto", "rbcl", "p2pshithead.speedgame")
SEAT = ("p2pshithead.cli.joining", "p2pshithead.cli.session", "prompt_toolkit")
TABLE = ("p2pshithead.net._host", "p2pshithead.net._session", "p2pshithead.net._transcript")  # not to list tables
UNUSED = [  # a command as a person types it, and what it must never load: the costly packages it does not use
    (["rules", "classic"], NET + DECK + SEAT),
    (["play", "--bots", "1", "--seed", "1", "--ascii", "--delay", "0"], NET + DECK + ("cryptography",)),
    (["join", "--list", "--json", "--wait", "0.2", "--bind", "127.0.0.1"], DECK + SEAT + TABLE),
]


@pytest.mark.parametrize("args,unused", UNUSED, ids=lambda value: value[0] if isinstance(value[0], str) else "")
def test_a_command_loads_only_what_it_uses(args: list[str], unused: tuple[str, ...], env: dict[str, str]) -> None:
    python, *run = program.CLI
    done = subprocess.run([python, "-X", "importtime", *run, *args], capture_output=True, text=True, env=env,
                          timeout=60)  # fmt: skip  (play reads the end of input at its first prompt and leaves)
    loaded = {line.rpartition("|")[2].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert done.stdout and "p2pshithead.cli.main" in loaded, done.stderr[-2000:]
    wrong = sorted(name for name in loaded if any(name == u or name.startswith(f"{u}.") for u in unused))
    assert not wrong, f"{args[0]} loads {wrong}"
