"""Speed on the LAN after trouble, as people meet it: two laptops (network namespaces), the host's
`host --game speed --table NAME` and the other's `join --game speed NAME`, each at a terminal."""

from __future__ import annotations

import time

import pexpect
import pytest

from .pathlan import NEEDS_ROOT, Lan, lan, words

__all__ = ["lan"]  # the fixture, used by name

pytestmark = NEEDS_ROOT


_PLAYING = {"en": ("waiting for the other player", "Ctrl-C leave"),
            "fr": ("en attente de l'autre joueur", "Ctrl-C quitter")}
"""The host's words, in its person's language, while it waits for the other, and once both play."""


def _in_play(lan: Lan, lang: str = "en") -> tuple[pexpect.spawn, pexpect.spawn]:
    """A Speed game in play: the host's person (ann) reads `lang`, the joiner's (bob) English."""
    host = lan.person("host", "host", "--game", "speed", "--table", "Hostel bar", "--name", "ann", "--ascii",
                      lang=lang)  # fmt: skip
    waiting, playing = _PLAYING[lang]
    host.expect(waiting)
    joiner = lan.person("joiner", "join", "--game", "speed", "Hostel bar", "--name", "bob", "--ascii")
    host.expect(playing)
    joiner.expect(_PLAYING["en"][1])
    return host, joiner


def test_a_speed_host_killed_is_known_gone_at_once(lan: Lan) -> None:
    """The host's program is killed (kill -9, a crash): its laptop answers that nothing listens there
    any more, and a Speed host never comes back (it keeps no journal). The other person is told at once
    that the game is over, why, and what to do next; not left on "ann is away" for two minutes."""
    host, joiner = _in_play(lan)
    host.kill(9)
    start = time.monotonic()
    joiner.expect(words("the game is over: ann's program ended"), timeout=10)
    joiner.expect(words("the other `join --game speed`."), timeout=5)
    joiner.expect(pexpect.EOF, timeout=10)
    joiner.close()
    assert time.monotonic() - start < 10
    assert joiner.exitstatus == 3 and "Traceback" not in joiner.before


def test_a_spectator_of_a_speed_host_killed_is_told_at_once(lan: Lan) -> None:
    """`join --watch NAME` beside a Speed game whose host's program is killed: nothing more to watch, said
    at once; it tried for a minute to reach a host that could never come back."""
    host, joiner = _in_play(lan)
    watcher = lan.person("joiner", "join", "--watch", "Hostel", "bar", "--ascii")
    watcher.expect("game starts: watching")
    host.kill(9)
    watcher.expect(words("the host's program ended, and a Speed game is kept by nobody"), timeout=10)
    watcher.expect(pexpect.EOF, timeout=5)
    watcher.close()
    assert watcher.exitstatus == 0 and "Traceback" not in watcher.logfile_read.getvalue()


_GONE = {  # the game-over screen of a host whose other player's program was killed, and its last line
    "en": ("Game over: bob's program ended or lost its link, and was not back within 5 s. To play again, one of you "
           "runs `host --game speed` and the other `join --game speed`. Press any key.",
           "The game stopped: bob's program ended or lost its link"),
    "fr": ("Partie terminée\u00a0: Le programme de bob s'est arrêté ou a perdu sa liaison, et n'est pas revenu en "
           "5 s. Pour rejouer, l'un de vous lance `host --game speed` et l'autre `join --game speed`. Appuyez sur une "
           "touche.", "La partie s'est arrêtée\u00a0: Le programme de bob s'est arrêté ou a perdu sa liaison"),
}  # fmt: skip


@pytest.mark.parametrize("lang", sorted(_GONE))
def test_a_speed_joiner_killed_ends_the_game_at_the_host_in_seconds_saying_why(lan: Lan, lang: str) -> None:
    """The joiner's program is killed: its link closed while live, and a Speed seat never comes back
    (nobody keeps the game), so the host's person learns in seconds that the game stopped, and at once
    why in a player's words with what to do next (they sat on "bob is away: 120 s to come back" for two
    minutes; then "Game over. Press any key." gave the reason only after a key, as "reported by the
    host, not provable: seat 1 (bob) away for more than 5 s: connection lost; its last message...")."""
    host, joiner = _in_play(lan, lang)
    joiner.kill(9)
    start = time.monotonic()
    screen, last = _GONE[lang]
    host.expect(words(screen), timeout=15)  # no key pressed yet
    time.sleep(1.5)  # the last screen waits for a key (one pressed in the first second is the last race's)
    host.send(" ")
    host.expect(words(last), timeout=5)
    host.expect(pexpect.EOF, timeout=10)
    host.close()
    shown = host.logfile_read.getvalue()
    assert time.monotonic() - start < 15 and host.exitstatus == 1 and "Traceback" not in shown
    assert "Errno" not in shown, shown  # the link's end in words ("bob (seat 1) dropped: [Errno 104] ...")
    assert "not provable" not in shown and "prouvable" not in shown and "entry" not in shown, shown
    assert "out of place" not in shown, shown  # bob's "ready" crossed the start of the full table


@pytest.mark.parametrize("outage", [3, 8])
def test_a_speed_link_lost_for_a_few_seconds_comes_back(lan: Lan, outage: int) -> None:
    """The joiner's Wi-Fi drops for a few seconds while both programs live (shorter than the silence
    after which a link is let go, then longer): no program ends, the game goes on once the link is back,
    and what one does reaches the other (a leave: the other wins at once)."""
    host, joiner = _in_play(lan)
    lan.link(up=False)
    time.sleep(outage)
    lan.link(up=True)
    if outage > 5:  # the silent link was let go: the joiner dialled again and came back
        joiner.expect(r"ann \(seat 0\) is back", timeout=20)
    joiner.sendcontrol("c")
    joiner.expect(words("Left the table (the game stops for both)."), timeout=10)
    host.expect(words("the other player left"), timeout=10)
