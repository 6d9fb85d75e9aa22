"""Keys a person types at a LAN table while another player thinks (pexpect, the real `host` and `join`):
a line typed then answers no screen the person has seen, so their next prompt shows it, sent by Enter."""

from __future__ import annotations

import time

from .test_people import LOOP, People, at_prompt, first_hint, until_host_must_move


def test_a_line_typed_while_the_host_thinks_waits_in_the_next_prompt(people: People) -> None:
    host = people.run("host", "host", "--bind", LOOP, "--table", "Campsite bar", "--seats", "2", "--turn-time", "0",
                      "--name", "hostie", "--ascii")  # fmt: skip
    host.expect("table 'Campsite bar'")
    ann = people.run("ann", "join", "Campsite", "bar", "--bind", LOOP, "--name", "ann", "--ascii")
    ann.expect("seated at 'Campsite bar'")
    until_host_must_move(host, ann)
    ann.expect("hostie thinking")
    ann.sendline("zz")  # typed while the host thinks: no prompt of Ann's is up
    time.sleep(0.5)
    host.sendline("zz")  # the host's screen again (refused), with the inputs it offers
    shown = at_prompt(host, timeout=10)
    assert shown is not None
    host.sendline(first_hint(shown[1]))
    deadline = time.monotonic() + 30
    while (mine := at_prompt(ann)) is None and time.monotonic() < deadline:  # Ann's next turn, however it comes
        if (shown := at_prompt(host)) is not None:
            host.sendline(first_hint(shown[1]))
    assert mine is not None and not mine[0].startswith("! "), mine  # not taken as typed: nothing refused
    assert at_prompt(ann, timeout=2) is None  # and nothing is taken while it waits
    ann.sendline("")  # Enter sends it: refused, as `zz` is
    again = at_prompt(ann, timeout=10)
    assert again is not None and again[0].startswith("! "), again
