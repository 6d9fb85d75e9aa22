"""Every message that tells a person to run something is followed, as typed, after the trouble that
prints it. Where each is taken:

- "run `join` again to come back" (Ctrl-C while others play): tests/net/test_people.py
  (`test_a_person_who_comes_back_sees_the_whole_table_at_once`, Ctrl-C and kill -9; by name, from the listing);
- "`host --resume` goes on with it" (the host stopped): tests/net/test_host_stops.py (Ctrl-C, SIGTERM,
  kill -9, its bots back in their seats) and tests/net/test_resume_level.py (at their own level);
- "`join` again sits at a table afresh" (a saved game that no longer fits): tests/net/test_rejoin.py
  (`test_a_joiner_whose_journal_does_not_fit_is_told_and_the_next_join_goes_on`);
- "`join --new` starts another instead" (a `join` that comes back to an unfinished game): here;
- "save one with `p2pshithead rules PRESET --set KEY=VALUE --save mine`" (no saved ruleset): here.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from p2pshithead.cli.home import HOME_ENV
from p2pshithead.net import Journal

from .test_rejoin import CLI, END_S, LOOP, Table, until_playing

pytestmark = pytest.mark.e2e


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[tuple[Table, Table]]:
    first, second = Table(tmp_path), Table(tmp_path / "other")
    (tmp_path / "other").mkdir()
    try:
        yield first, second
    finally:
        first.close()
        second.close()


def test_join_new_sits_at_another_table_when_the_unfinished_game_is_not_wanted(tables: tuple[Table, Table]) -> None:
    first, second = tables
    held = first.host("--seats", "2", "--away-time", "60", "--turn-time", "0")
    b = first.join("b")
    until_playing(first.root / "b")
    os.kill(held.pid, signal.SIGSTOP)  # two bots play a whole game in a blink: it must stay unfinished
    b.kill()  # a crash: its game at the first table is unfinished
    b.wait()
    (journal,) = (first.root / "b" / "tables").iterdir()
    record = Journal(journal).record()
    assert record is not None and not record.finished
    host = second.host("--seats", "2", "--turn-time", "0")
    again = first.start("b", "join", "--bot", "--address", f"{LOOP}:{second.port}", "--bind", LOOP)
    said = again.communicate(timeout=END_S)[0]
    assert "coming back to your unfinished game" in said and "`join --new` starts another instead" in said, said
    new = first.start("b", "join", "--new", "--bot", "--address", f"{LOOP}:{second.port}", "--bind", LOOP)
    out, host_out = new.communicate(timeout=END_S)[0], host.communicate(timeout=END_S)[0]
    assert new.returncode == 0 and host.returncode == 0, (out, host_out)
    assert re.search(r"seated at .+ \(seat 1\)", out) and "finish order: 1." in out, out


def test_the_saved_ruleset_hint_is_taken_as_typed(tmp_path: Path) -> None:
    env = {**os.environ, HOME_ENV: str(tmp_path)}
    missing = subprocess.run([*CLI, "rules", "~mine"], capture_output=True, text=True, env=env)
    assert missing.returncode == 2
    hint = re.search(r"save one with `p2pshithead ([^`]+)`", missing.stderr)
    assert hint is not None, missing.stderr
    typed = hint.group(1).replace("PRESET", "pagat").replace("KEY=VALUE", "eight=under")  # its words filled in
    saved = subprocess.run([*CLI, *typed.split()], capture_output=True, text=True, env=env)
    assert saved.returncode == 0, saved.stderr
    again = subprocess.run([*CLI, "rules", "~mine"], capture_output=True, text=True, env=env)
    assert again.returncode == 0 and "house rules on top of pagat:\n  8: next play lower than 8" in again.stdout, again
