"""Every command line README.md shows and every `--help` example, as typed.

The lines are read from the files (README.md's indented code lines that start with `./scripts/`,
`.venv/bin/` or an environment setting; each command's `--help` after "Examples:"), so a new line is
tested or this test fails: each must be in `HOW`, which says how it is taken:

- `USAGE`: the program alone: its usage and commands (exit status 2, click's for "no command");
- `RUN`: run exactly as written (from the project folder, in a config folder of the test's own), in
  the order the file gives them (a ruleset saved by one line is used by the next), and must succeed
  (each `bench` command's lines and the `./scripts/test` lines are parts run apart, in folders of their own);
- `SCREEN`: started at a terminal (pexpect) as written; its first screen must come, then the person
  leaves as the program says (`quit`, `y`; Speed: Ctrl-C);
- `SUITE`: `./scripts/test` lines, run as written with `--collect-only -q` added (ruff, mypy and the
  collection run; the suite itself is the CI's, minutes long);
- `PARSED`: too long to run here (minutes: the reason is given); parsed by the command itself, so
  every option and value is known;
- `ELSEWHERE`: lines that cross machines or need a table in play, run as typed by the named test.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import time
from pathlib import Path

import click
import pexpect
import pytest
from click.testing import CliRunner

from p2pshithead.cli.home import HOME_ENV
from p2pshithead.cli.main import main

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parent.parent
RUN, USAGE, SCREEN, SPEED_SCREEN, SUITE = "run", "usage", "screen", "speed screen", "suite"


def PARSED(why: str) -> str:
    return f"parsed: {why}"


def ELSEWHERE(test: str) -> str:
    return f"run by {test}"


_LAN = "tests/net/test_netns.py and tests/net/test_people.py (namespaces / mDNS, as typed)"
HOW: dict[str, str] = {
    # README.md
    "./scripts/play": SCREEN,
    "./scripts/test": SUITE,
    "./scripts/setup": RUN,
    "./scripts/test --quick": SUITE,
    "HYPOTHESIS_PROFILE=nightly ./scripts/test": SUITE,
    ".venv/bin/p2pshithead": USAGE,
    "./scripts/play --bots 2 --rules karma --level smart --ascii": SCREEN,
    ".venv/bin/p2pshithead host --table \"Hostel bar\" --rules french --seats 4 --bots 2": ELSEWHERE(_LAN),
    ".venv/bin/p2pshithead join": ELSEWHERE("tests/net/test_netns.py::test_a_person_picks_the_table_from_the_list"),
    ".venv/bin/p2pshithead join \"Hostel bar\"": ELSEWHERE("tests/net/test_people.py (join NAME from the listing)"),
    ".venv/bin/p2pshithead join --list --wait 2 --json": RUN,
    ".venv/bin/p2pshithead join --watch \"Hostel bar\"": ELSEWHERE("tests/net/test_watch_marks.py (join --watch NAME)"),
    ".venv/bin/p2pshithead verify --last": RUN,
    ".venv/bin/p2pshithead verify evening.p2ps evening-2.p2ps evening-3.p2ps": RUN,
    ".venv/bin/p2pshithead play --game speed --level greedy": SPEED_SCREEN,
    ".venv/bin/p2pshithead host --game speed --bots 1 --bind 127.0.0.1 --no-announce --autoplay":
        PARSED("a real-time game of two bots, one to two minutes; tests/speed/test_host_pexpect.py plays it"),
    ".venv/bin/p2pshithead rules french --set ten_not_on_eight=true": RUN,
    "./scripts/play --rules pagat --set eight=under": SCREEN,
    ".venv/bin/p2pshithead rules pagat --set eight=under --save mine": RUN,
    ".venv/bin/p2pshithead rules --list": RUN,
    "./scripts/play --rules '~mine'": SCREEN,
    ".venv/bin/p2pshithead bench engine --json": RUN,
    ".venv/bin/p2pshithead bench start --json": RUN,
    "P2PSHITHEAD_PURE=1 .venv/bin/p2pshithead bench engine --json": RUN,
    ".venv/bin/p2pshithead bench deck --players 4 --json": RUN,
    ".venv/bin/p2pshithead bench deck --players 11 --json": RUN,
    ".venv/bin/p2pshithead bench wire --players 4 --json": RUN,
    ".venv/bin/p2pshithead bench net --players 4 --json": RUN,
    ".venv/bin/p2pshithead bench garbage --connections 200 --json": RUN,
    ".venv/bin/p2pshithead bench soak --games 20 --json": PARSED("20 networked games, minutes"),
    ".venv/bin/p2pshithead simulate --games 1000 --players 4 --bots smart:100ms,greedy,greedy,greedy --clock cpu "
    "--jobs 2 --json": PARSED("1,000 games with a searching bot, many minutes"),
    ".venv/bin/p2pshithead bench bots --json": PARSED("the bots' strength in pooled games, minutes"),
    ".venv/bin/p2pshithead bench speed --json": PARSED("real-time Speed games, over two minutes"),
    ".venv/bin/p2pshithead simulate --game speed --games 100 --players 2 --json": RUN,
    # --help examples
    "p2pshithead play": SCREEN,
    "p2pshithead play --rules french --bots 4 --level smart:200ms": SCREEN,
    "p2pshithead play --seed 7 --ascii --delay 0 --set ten_not_on_eight=true": SCREEN,
    "p2pshithead host --table \"Friday\" --rules french --bots 2 --name ann": ELSEWHERE(_LAN),
    "p2pshithead host --autoplay --bots 3 --games 3 --bind 127.0.0.1 --no-announce": RUN,
    "p2pshithead host --resume": ELSEWHERE("tests/net/test_host_stops.py (after Ctrl-C, SIGTERM, kill -9)"),
    "p2pshithead join": ELSEWHERE("tests/net/test_netns.py::test_a_person_picks_the_table_from_the_list"),
    "p2pshithead join Friday --name bob": ELSEWHERE("tests/net/test_people.py (join NAME --name)"),
    "p2pshithead join --list --json": RUN,
    "p2pshithead join --watch Friday": ELSEWHERE("tests/net/test_watch_marks.py (join --watch NAME)"),
    "p2pshithead join --bot --level smart:200ms --address 192.168.1.20:40000":
        PARSED("an address on another LAN: `join --address` is run by tests/net/test_rejoin.py"),
    "p2pshithead verify --last": RUN,
    "p2pshithead verify evening.p2ps evening-2.p2ps evening-3.p2ps": RUN,
    "p2pshithead rules french": RUN,
    "p2pshithead rules pagat --set ten_not_on_eight=true": RUN,
    "p2pshithead rules pagat --set eight=under --save mine": RUN,
    "p2pshithead rules --list": RUN,
    "p2pshithead rules '~mine'": RUN,
    "p2pshithead rules --delete mine": RUN,
    "p2pshithead simulate -n 200 --bots smart:200ms,greedy --rules french": PARSED("200 games, a searching bot"),
    "p2pshithead simulate -n 50 --rules '~mine' --set jokers=2 --json": RUN,
    "p2pshithead simulate -p 6 --bots random --json": RUN,
    "p2pshithead play --rules french": SCREEN,
    "p2pshithead simulate -n 50 --bots smart:200ms,greedy": PARSED("50 games, a searching bot"),
    "p2pshithead bench engine --games 100": RUN,
    "p2pshithead bench deck --players 6 --json": RUN,
    "p2pshithead bench deck --players 6 --cards 104": RUN,
    "p2pshithead bench engine --games 100 --json": RUN,
    "p2pshithead bench garbage --connections 100": RUN,
    "p2pshithead bench net --players 3": RUN,
    "p2pshithead bench soak --games 20 --budget 600": PARSED("20 networked games, minutes"),
    "p2pshithead bench wire --players 4 --repeat 10": RUN,
    "p2pshithead bench bots --json": PARSED("the bots' strength in pooled games, minutes"),
    "p2pshithead bench bots --games 100 --bot smart:100ms --json": PARSED("100 games with a searching bot"),
    "p2pshithead bench speed --json": PARSED("real-time Speed games, over two minutes"),
    "p2pshithead bench start --json": RUN,
    "p2pshithead bench start --runs 9": PARSED("the README's `bench start --json` runs, with 5 runs"),
    "p2pshithead bench speed --races 300 --delay-ms 20 --unfair": PARSED("300 real-time races, minutes"),
}
"""How each line is taken (see the module's docstring)."""

_CONTEXT = click.Context(main)
_BENCH = main.get_command(_CONTEXT, "bench")  # (commands load on use: cli/lazy.py)
assert isinstance(_BENCH, click.Group)
_FIRST = ["play", "host", "join", "verify", "simulate", "rules"]  # (simulate's '~mine' before rules deletes it)
_GROUPS = [[], *([name] for name in [*_FIRST, *(n for n in main.list_commands(_CONTEXT) if n not in _FIRST)]),
           *(["bench", name] for name in _BENCH.list_commands(_CONTEXT))]  # fmt: skip


_COMMAND = r"(?:[A-Z0-9_]+=\S* )?(?:\./scripts/|\.venv/bin/)"


def readme_lines() -> list[str]:
    """README.md's command lines without their comments: its code lines in order, then the commands
    quoted in its sentences (`./scripts/play --bots 2 ...`, across a line break too)."""
    code, prose = [], []
    for line in (ROOT / "README.md").read_text().splitlines():
        text = line[4:] if line.startswith("    ") and not line.startswith("     ") else ""
        if re.match(_COMMAND, text):
            code.append(re.sub(r"\s+#\s.*$", "", text).strip())
        else:
            prose.append(line)
    return code + [" ".join(quoted.split()) for quoted in re.findall(rf"`({_COMMAND}[^`]*)`", "\n".join(prose))]


def help_lines() -> list[str]:
    """Every command's `--help` examples ("p2pshithead ..."), in order, without their descriptions."""
    lines = []
    for path in _GROUPS:
        shown = CliRunner().invoke(main, [*path, "--help"], terminal_width=200).output
        for line in shown.split("Examples:", 1)[-1].splitlines():
            if (found := re.match(r"\s*(?:\$ )?(p2pshithead \S.*?)(?:\s{2,}\S.*)?$", line)) is not None:
                lines.append(found.group(1).strip())
    return lines


def test_every_readme_line_and_help_example_says_how_it_is_tested() -> None:
    shown = [*readme_lines(), *help_lines()]
    assert len(shown) > 40  # (the reading found them)
    assert [line for line in shown if line not in HOW] == [], "a new command line: say in HOW how it is tested"
    assert [line for line in HOW if line not in shown] == [], "a line no longer shown: take it out of HOW"


REST = "the rest"


def _part(line: str) -> str:
    """The part of the lines `line` is run in: each `bench` command's lines, the `./scripts/test` lines,
    the rest. Parts share nothing (each has a config folder of its own), so they run apart."""
    if (bench := re.search(r"p2pshithead bench (\S+)", line)) is not None:
        return f"bench {bench.group(1)}"
    return "suite" if HOW[line] == SUITE else REST


PARTS = sorted({_part(line) for line in HOW})


def _with_games(folder: Path) -> Path:
    """`folder` as a person's config and working folder after a game was saved in it (for `verify --last`)
    and an evening of three with `--transcript evening.p2ps` (as README says)."""
    host = [str(ROOT / ".venv/bin/p2pshithead"), "host", "--autoplay", "--seats", "2", "--bots", "1", "--bind",
            "127.0.0.1", "--no-announce"]  # fmt: skip
    for more in (["--games", "1"], ["--games", "3", "--transcript", "evening.p2ps"]):
        subprocess.run([*host, *more], cwd=folder, env={**os.environ, HOME_ENV: str(folder)}, check=True,
                       capture_output=True, timeout=120)  # fmt: skip
    return folder


def _shell(line: str, home: Path) -> str:
    """`line` as a shell runs it from `home`, with the project's `./scripts` and `.venv` where it says."""
    return (line.replace("./scripts/", f"{ROOT}/scripts/").replace(".venv/bin/", f"{ROOT}/.venv/bin/")
            if re.match(_COMMAND, line) else f"{ROOT}/.venv/bin/{line}")  # fmt: skip


def _env(home: Path) -> dict[str, str]:
    return {**os.environ, HOME_ENV: str(home), "TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1"}


@pytest.mark.parametrize("part", PARTS)
def test_every_line_runs_as_typed(part: str, tmp_path: Path) -> None:
    """README's lines, then the examples of each `--help`, as a person reads them (a ruleset README
    saves as `mine` is what `simulate --rules '~mine'` takes, before `rules --delete mine`), a part at
    a time (tests/conftest.py runs the parts on several workers)."""
    home = _with_games(tmp_path) if part == REST else tmp_path
    commands: dict[str, str] = {}  # each command once, in the order first shown (README's `.venv/bin/p2pshithead
    for line in [*readme_lines(), *help_lines()]:  # verify --last` is the --help example `p2pshithead verify --last`)
        if _part(line) == part:
            commands.setdefault(_shell(line, home), line)
    assert commands, f"no line is in the part {part!r}"
    for command, line in commands.items():
        how, began = HOW[line], time.monotonic()
        if how == RUN:  # (600 s bounds a hang: `bench deck --players 11` takes 36 s of CPU, minutes beside the rest)
            done = subprocess.run(command, shell=True, cwd=home, env=_env(home), capture_output=True, text=True,
                                  timeout=600, stdin=subprocess.DEVNULL)  # fmt: skip
            assert done.returncode == 0, (line, done.stdout[-2000:], done.stderr[-2000:])
        elif how == USAGE:
            done = subprocess.run(command, shell=True, cwd=home, env=_env(home), capture_output=True, text=True,
                                  timeout=60)  # fmt: skip
            shown = done.stdout + done.stderr
            assert done.returncode == 2 and "Usage:" in shown and "Commands:" in shown, done
        elif how == SUITE:
            done = subprocess.run(f"{command} --collect-only -q", shell=True, cwd=ROOT, env=_env(home),
                                  capture_output=True, text=True, timeout=600)  # fmt: skip
            assert done.returncode == 0 and "tests/test_layers.py: " in done.stdout, (line, done.stdout[-2000:])
        elif how in (SCREEN, SPEED_SCREEN):
            _screen(command, home, speed=how == SPEED_SCREEN)
        elif how.startswith("parsed: "):
            args = shlex.split(line.split("p2pshithead ", 1)[1])
            group: click.Command = main
            while isinstance(group, click.Group):
                found = group.get_command(click.Context(group), args.pop(0))
                assert found is not None, line
                group = found
            group.make_context(group.name or "", args)  # every option and value is known
        else:
            assert how.startswith("run by tests/"), (line, how)
            assert (ROOT / how.removeprefix("run by ").split("::")[0].split(" ")[0]).is_file(), how
        print(f"{time.monotonic() - began:6.1f} s  {how.split(':')[0]:<12} {line}")  # (pytest -s shows the times)


def _screen(command: str, home: Path, speed: bool) -> None:
    """`command` at a terminal: its first screen, then the person leaves as the program says."""
    child = pexpect.spawn("/bin/sh", ["-c", command], cwd=str(home), env=_env(home), encoding="utf-8",
                          timeout=180, dimensions=(30, 100))  # fmt: skip
    try:
        if speed:
            child.expect("Ctrl-C leave")
            child.sendintr()
        else:
            child.expect(r"Type: ")
            child.expect(r"\n[^\r\n]*>")
            child.sendline("quit")
            child.expect(r"Quit\? This game ends")
            child.sendline("y")
        child.expect("Bye!")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
