"""A person at a LAN table resizes their terminal while another player thinks (no key pressed, nothing
moves): the table is drawn again at once at the new size (SIGWINCH, as a terminal sends it)."""

from __future__ import annotations

import time

import pytest

from .test_people import ANSI, LOOP, People, until_host_must_move

pytestmark = pytest.mark.e2e


def test_a_resize_while_another_thinks_draws_the_table_again_at_once(people: People) -> None:
    host = people.run("host", "host", "--bind", LOOP, "--table", "resize", "--seats", "2", "--turn-time", "0",
                      "--name", "hostie", "--ascii")  # fmt: skip
    host.expect("table 'resize'")
    ann = people.run("ann", "join", "resize", "--bind", LOOP, "--name", "ann", "--ascii")
    ann.expect("seated at 'resize'")
    until_host_must_move(host, ann)  # the host types nothing now: nothing moves at Ann's table
    ann.expect("hostie thinking")
    ann.setwinsize(24, 50)
    deadline = time.monotonic() + 5  # at once, no key pressed; a screen made before the resize may still
    # be on its way
    while True:
        ann.expect(r"\x1b\[H", timeout=max(0.1, deadline - time.monotonic()))  # from the top...
        ann.expect(r"\x1b\[J", timeout=3)  # ... to the end of the screen
        screen = ANSI.sub("", ann.before)
        if "[0] hostie" in screen and max(len(line) for line in screen.splitlines()) <= 50:
            break
        assert time.monotonic() < deadline, screen
