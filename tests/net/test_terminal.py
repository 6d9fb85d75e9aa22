"""A person at the terminal (pexpect): a host with a bot in one process, a human joining from another.

The person reads the screen as anyone would: the `Type:` line lists the inputs legal now, the line
above it says what is asked (an out-of-turn chance names the card just played). They type a legal
short move, answer out-of-turn prompts, mistype once and are told why, and play to the finish order.
"""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import cast

import pexpect
import pytest

from p2pshithead.cli.agents import Shown
from p2pshithead.cli.home import HOME_ENV
from p2pshithead.cli.seating import APPS
from p2pshithead.engine import Give
from p2pshithead.net import load_entries, replay

CLI = [sys.executable, "-c", "from p2pshithead.cli.main import main; main(prog_name='p2pshithead')"]
ESC = r"(?:\x1b\[[0-9;?]*[A-Za-z])*"  # what prompt_toolkit writes around its prompt on a terminal
PROMPT = rf"\n([^\r\n]*)\r\nType: ([^\r\n]*)\r\n{ESC}>"  # the status line, the legal inputs, the prompt
REFUSED = rf"! [^\r\n]+\r\nType: [^\r\n]*\r\n{ESC}>"  # refused and explained on the screen again, the prompt
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def choose(hints: str) -> list[str]:
    """Legal-looking short inputs from the `Type:` line, best first: inputs that need no number,
    then an ace naming each seat in turn (`A>N`: the person picks a player), then a pick-up."""
    options = [o for o in re.split(r"\s{2,}", hints.split("(? help)")[0].strip()) if o]
    plain = ["fd 1" if o.startswith("fd 1-") else o for o in options if "N" not in o and o != "swap H U"]
    aces = [f"a>{seat}" for seat in range(3)] if "A>N" in options else []
    return [*plain, *aces, "p"]


def _play_to_the_end(person: pexpect.spawn, mistype: bool = False) -> int:
    """Play a game as a person reading the screen: type the first legal input shown (the next one if it
    is refused), answer out-of-turn questions (claim, pass, in turn), and with `mistype` type nonsense once
    at a turn. Returns how many inputs were refused as mistyped."""
    mistyped = answered = 0
    pending: list[str] = []  # what the person will try next if the program refuses an input
    for _ in range(400):
        index = person.expect([PROMPT, REFUSED, "Game over. Finish order:", "game stopped"])
        if index == 3:
            pytest.fail("the game stopped: " + person.buffer)
        if index == 2:
            return mistyped
        if index == 0 and ANSI.sub("", person.match.group(1)).startswith("! "):
            index = 1  # the screen again, with the reason in its status line
        if index == 1:  # refused and explained: try the next input
            assert pending, "an input was refused and nothing is left to try"
            person.sendline(pending.pop(0))
            continue
        status, hints = ANSI.sub("", person.match.group(1)), ANSI.sub("", person.match.group(2))
        if "out of turn?" in status:
            assert "Enter to pass" in status and "Enter: pass" in hints
            answered += 1
            person.sendline("y" if answered % 2 else "")
            continue
        if mistype and not mistyped and status.startswith("Your turn"):
            person.sendline("zz")  # not a card: the program explains instead of sending nonsense
            person.expect(REFUSED)
            mistyped = 1
        pending = choose(hints)
        person.sendline(pending.pop(0))
    pytest.fail("the game did not end")


@contextlib.contextmanager
def person_at_table(tmp_path: Path, *host_args: str) -> Iterator[tuple[subprocess.Popen[str], pexpect.spawn]]:
    """A host (autoplay, loopback) with `host_args`, and a person joining it at a real terminal type
    (input through prompt_toolkit; pexpect does not answer cursor-position requests), wide enough that
    the `Type:` line is one line. Both are ended."""
    env = {**os.environ, HOME_ENV: str(tmp_path / "host")}
    person_env = {**os.environ, HOME_ENV: str(tmp_path / "ann"), "TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1"}
    command = [*CLI, "host", "--bind", "127.0.0.1", "--no-announce", "--autoplay", "--table", "pexpect", *host_args]
    host = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert host.stdout is not None
        port = host.stdout.readline().split(" on 127.0.0.1:")[1].split(";")[0]
        person = pexpect.spawn(CLI[0], [*CLI[1:], "join", "--address", f"127.0.0.1:{port}", "--name", "ann", "--ascii"],
                               env=person_env, encoding="utf-8", timeout=20, dimensions=(40, 200))  # fmt: skip
        person.logfile_read = open(tmp_path / "screen.log", "w")  # noqa: SIM115 (closed with the process)
        try:
            yield host, person
        finally:
            if person.isalive():
                person.kill(9)
    finally:
        host.kill()
        host.wait()


def test_a_person_who_does_not_type_in_time_has_their_program_play_for_them(tmp_path: Path) -> None:
    with person_at_table(tmp_path, "--seats", "2", "--turn-time", "2") as (_, person):
        person.expect("2 s to decide")  # the table's limit, said when seated
        for _ in range(2):  # the person types nothing: swap phase, then a turn of play
            person.expect("2 s to decide")  # ... and beside the screen of their turn
            person.expect(r"time's up: your program (plays|passes|picks)[^\r\n]* for you")


def test_a_person_who_quits_leaves_for_good_and_the_others_play_on(tmp_path: Path) -> None:
    with person_at_table(tmp_path, "--seats", "3", "--bots", "1", "--rules", "classic") as (host, person):
        person.expect(PROMPT)
        person.sendline("r")  # ready in the swap phase
        for _ in range(20):  # the show phase, out-of-turn questions...: until a turn of play, where quit is asked
            person.expect(PROMPT)
            if ANSI.sub("", person.match.group(1)).startswith("Your turn"):
                break
            person.sendline(choose(ANSI.sub("", person.match.group(2)))[0])
        person.sendintr()  # Ctrl-C at one's own prompt asks to leave, as `quit` does
        person.expect("Leave the game for good?")
        person.sendline("")  # Enter: stay
        person.expect("you stay at the table")
        person.sendline("quit")
        person.expect("Leave the game for good?")
        person.sendline("y")
        person.expect("you left the game for good: the others play on without you")
        person.expect(pexpect.EOF)
        person.close()
        assert person.exitstatus == 0
        out, _ = host.communicate(timeout=60)
        assert host.returncode == 0, out
        assert re.search(r"finish order: 1\. .*, 3\. ann \(seat \d\) Shithead", out), out  # the leaver finishes last



def _itself(app: object) -> Shown:
    """The stub application is its own screen."""
    return cast(Shown, app)


class _Table:
    """An application stub: who is awaited, and nothing else."""

    def __init__(self) -> None:
        self.headline_text, self.setup = "shuffling: Ann encrypts and shuffles (2/4)", True

    def headline(self, seat: int | None) -> str:
        return self.headline_text

    def news(self, ascii: bool = False) -> list[str]:
        return []

    def in_setup(self) -> bool:
        return self.setup

    def thinking(self) -> int | None:
        return None

    def moved(self, seat: int) -> bool:
        return False

    def automatic(self, seat: int) -> None:
        raise AssertionError("no move was made for anyone")


def test_the_waiting_line_counts_seconds_from_an_injected_clock() -> None:
    from p2pshithead.cli.agents import HumanAgent
    from p2pshithead.cli.shithead import read_line

    now = [100.0]
    said: list[str] = []
    written: list[str] = []
    agent = HumanAgent(_itself, read_line, said.append, clock=lambda: now[0], live=True, write=written.append)
    table = _Table()
    agent.observe(table, 1, ())  # type: ignore[arg-type]
    assert written == ["shuffling: Ann encrypts and shuffles (2/4)"]  # setup progress, rewritten in place
    agent.tick()
    assert agent.waiting_line() is None and len(written) == 1  # under a second: nothing more
    now[0] = 103.4
    agent.tick()
    assert written[-1] == "\r\x1b[Kshuffling: Ann encrypts and shuffles (2/4)... 3 s"
    table.headline_text, table.setup = "Bot 2 thinking", False
    agent.observe(table, 1, ())  # type: ignore[arg-type]
    now[0] = 105.0
    assert agent.waiting_line() == "Bot 2 thinking... 1 s"
    table.headline_text = "your turn"
    agent.observe(table, 1, ())  # type: ignore[arg-type]
    now[0] = 120.0
    assert agent.waiting_line() is None  # the person's own thinking is not counted aloud
    assert said == []  # nothing was printed as new lines: the terminal does not scroll while waiting


def test_a_person_joins_by_address_and_plays_a_french_evening_of_three_games(tmp_path: Path) -> None:
    """Seated by address, the person plays three games against the host's bot: mistypes once and is told
    why, gives and gets a card in the exchange, sees the final screen, the scoreboard after each game and
    for the evening."""
    with person_at_table(tmp_path, "--seats", "2", "--rules", "french", "--games", "3") as (host, person):
        person.expect("seated at 'pexpect'")
        person.expect(r"game starts: you are seat \d of 2")
        person.expect("shuffling: ")  # setup progress is shown while it runs
        for game in (1, 2, 3):
            if game > 1:
                person.expect("Next game at this table\\? Enter to play, n to stand up")
                person.sendline("")
            assert _play_to_the_end(person, mistype=game == 1) == (game == 1)
            person.expect(r"1\. [^\r\n]* Masta")  # the final screen: finish order with titles
            person.expect(r"2\. [^\r\n]* Shithead")
            person.expect(r"finish order: 1\. ")
            person.expect("saved to")
            person.expect(f"so far: {game} games? played")
        person.expect("the evening: 3 games played")
        person.expect(r"ann: 3 played, Masta \d, Shithead \d")
        person.expect(pexpect.EOF)
        person.close()
        assert person.exitstatus == 0 and host.wait(15) == 0
    log = ANSI.sub("", (tmp_path / "screen.log").read_text())
    assert re.search(r"(You give|gives you) [2-9JQKA10]", log)  # the exchange, the card named to the person
    games = sorted((replay(load_entries(p), str(p), APPS) for p in (tmp_path / "ann" / "transcripts").glob("*.p2ps")),
                   key=lambda t: t.setup.game)  # fmt: skip
    assert [t.setup.game for t in games] == [1, 2, 3]
    for before, after in zip(games, games[1:], strict=False):
        prior, state = before.app.state, after.app.state  # type: ignore[attr-defined]
        assert after.setup.seats[state.dealer] == before.setup.seats[prior.finish_order()[-1]]  # the Shithead deals
        order = prior.finish_order()
        gives = [m.player for m in state.game.move_stack if isinstance(m, Give)]  # one card each way
        shithead, masta = (after.setup.seats.index(before.setup.seats[p]) for p in (order[-1], order[0]))
        assert gives == [shithead, masta]  # (the Masta may give back the card it got)
