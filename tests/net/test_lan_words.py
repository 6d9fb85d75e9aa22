"""Each person reads their own language at one table (issue 23): the wire carries values, and each program
words them. A host speaking Hebrew and a joiner speaking French at one loopback table each read the same
events in their own language; a refusal reaches a joiner as a code, which it words in its own."""

from __future__ import annotations

import asyncio
import os
import random
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from p2pshithead import lang
from p2pshithead.cli.home import HOME_ENV
from p2pshithead.cli.lan import show
from p2pshithead.cli.seating import verdict_words
from p2pshithead.cli.session import answer_words, network_words, table_words
from p2pshithead.net import (
    AWAY_TIME_S,
    PROTOCOL_VERSION,
    AwayCause,
    AwayReport,
    Bye,
    Goodbye,
    Host,
    Identity,
    Joiner,
    LobbySeats,
    Notify,
    Refusal,
    Refused,
    Reject,
    TableAd,
    TableConfig,
    TableEvent,
    Verdict,
    Welcomed,
)
from p2pshithead.speedgame import SPEED

from .countdown import APPS, COUNTDOWN, CountdownBot, countdown_bots

CONFIG = TableConfig("Friday", COUNTDOWN, "short", 2, "127.0.0.1", announce=False, turn_time=30)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    lang.use("en")


def reader(code: str, lines: list[str]) -> Notify:
    """The table events as a person speaking `code` reads them (each program words them where it shows them)."""

    def notify(event: TableEvent) -> None:
        lang.use(code)
        lines.append(table_words(event))
        lang.use("en")

    return notify


@pytest.mark.e2e  # (loopback sockets)
def test_a_hebrew_host_and_a_french_joiner_each_read_their_own_language() -> None:
    host_lines: list[str] = []
    joiner_lines: list[str] = []

    async def run() -> None:
        async with Host(Identity.generate("dana"), CONFIG, CountdownBot(random.Random(0)), table_id=os.urandom(16),
                        secret=b"", host_ready=True, notify=reader("he", host_lines), clock=time.monotonic) as host:
            joiner = Joiner(Identity.generate("zoe"), ["127.0.0.1"], host.port, APPS, countdown_bots(1), bot=True,
                            bind="127.0.0.1", notify=reader("fr", joiner_lines), clock=time.monotonic)
            async with joiner:
                await asyncio.wait_for(asyncio.gather(host.async_run(), joiner.async_run()), 20)

    asyncio.run(run())
    host_text, joiner_text = "\n".join(host_lines), "\n".join(joiner_lines)
    assert "zoe במקום 1" in host_text and "חדר המתנה: dana (מוכן/ה), zoe (מוכן/ה)" in host_text, host_text
    assert "à la place 1 de 'Friday'\u00a0; règles\u00a0: short\u00a0; 30 s pour décider, 120 s pour revenir" in (
        joiner_text), joiner_text
    assert "la partie commence\u00a0: vous êtes à la place 1 sur 2 (dana, zoe)" in joiner_text, joiner_text
    assert not any(word in host_text + joiner_text for word in ("seat", "lobby", "rules", "game starts"))


@pytest.mark.e2e  # (loopback sockets)
def test_a_refusal_reaches_a_joiner_as_a_code_it_words_in_its_own_language() -> None:
    host_key = Identity.generate("dana")

    async def run() -> Refused:
        async with Host(host_key, CONFIG, CountdownBot(random.Random(0)), table_id=os.urandom(16), secret=b"",
                        host_ready=True, notify=lambda event: None, clock=time.monotonic) as host:  # fmt: skip
            serving = asyncio.ensure_future(host.async_run())
            try:  # the host's own key: nobody else sits in the host's seat
                async with Joiner(host_key, ["127.0.0.1"], host.port, APPS, countdown_bots(1), bot=True,
                                  bind="127.0.0.1", notify=lambda event: None, clock=time.monotonic) as joiner:
                    with pytest.raises(Refused) as refused:
                        await asyncio.wait_for(joiner.async_run(), 10)
            finally:
                serving.cancel()
            return refused.value

    refused = asyncio.run(run())
    assert refused.answer == Reject(Refusal.SEATED)
    lang.use("fr")
    assert network_words(refused) == f"{refused.peer}\u00a0: cette clé a déjà une place à la table"
    lang.use("he")
    assert network_words(refused) == f"{refused.peer}: למפתח הזה כבר יש מקום ליד השולחן"


@pytest.mark.parametrize("code, words", [
    ("en", ["the table has 1 spectator,", "the table has 2 spectators,", "the table has 5 spectators,"]),
    ("he", ["בשולחן יש כבר צופה אחד,", "בשולחן יש כבר 2 צופים,", "בשולחן יש כבר 5 צופים,"]),
    ("pt", ["a mesa tem 1 espectador,", "a mesa tem 2 espectadores,", "a mesa tem 5 espectadores,"]),
    ("fr", ["la table a 1 spectateur,", "la table a 2 spectateurs,", "la table a 5 spectateurs,"]),
])  # fmt: skip
def test_a_counted_refusal_takes_its_languages_plural_form(code: str, words: list[str]) -> None:
    lang.use(code)
    assert [answer_words(Reject(Refusal.WATCHERS, n)).split(",")[0] + "," for n in (1, 2, 5)] == words


@pytest.mark.parametrize("code", ["he", "pt", "fr"])
def test_every_code_is_worded_in_every_language(code: str) -> None:
    answers: list[Reject | Bye] = [*(Reject(r, 3) for r in Refusal), *(Bye(g, 3) for g in Goodbye)]
    english = [answer_words(a) for a in answers]
    lang.use(code)
    untranslated = [w for w, e in zip([answer_words(a) for a in answers], english, strict=True) if w == e]
    assert untranslated == []


def test_the_lobby_and_a_seat_in_three_languages() -> None:
    lobby = LobbySeats((("dana", True), ("zoe", False), None))
    seated = Welcomed("Friday", 2, "countdown", "short", 0, 60)
    nbsp = "\u00a0"
    expected = {"he": ("חדר המתנה: dana (מוכן/ה), zoe, -", "מקום 2 ב-'Friday'; חוקים: short; 60 ש׳ לחזור אחרי ניתוק"),
                "pt": ("sala de espera: dana (confirmou), zoe, -",
                       "no lugar 2 em 'Friday'; regras: short; 60 s para voltar após uma queda"),
                "fr": (f"salle d'attente{nbsp}: dana (a confirmé), zoe, -",
                       f"à la place 2 de 'Friday'{nbsp}; règles{nbsp}: short{nbsp}; "
                       "60 s pour revenir après une coupure")}
    for code, (lobby_line, seat_line) in expected.items():
        lang.use(code)
        assert (table_words(lobby), table_words(seated)) == (lobby_line, seat_line)


def _ad(watching: int) -> TableAd:
    return TableAd("ab" * 16, "Friday", "dana", "classic", "00" * 32, 2, 2, PROTOCOL_VERSION, ("192.168.1.5",), 40000,
                   turn_time=30, away_time=120, watching=watching)  # fmt: skip


@pytest.mark.parametrize("code, lines", [
    ("en", ["Friday (host dana, id ababab)  [classic]  2/4 seated, 1 watching; 30 s to decide, 120 s to come back  "
            "192.168.1.5 port 40000", "2/4 seated, 5 watching"]),
    ("he", ["Friday (מארח dana, מזהה ababab)  [classic]  2/4 יושבים, צופה אחד; 30 ש׳ להחלטה, 120 ש׳ לחזור  "
            "192.168.1.5 פורט 40000", "2/4 יושבים, 5 צופים"]),
    ("pt", ["Friday (anfitrião dana, id ababab)  [classic]  2/4 sentados, 1 assistindo; 30 s para decidir, 120 s para "
            "voltar  192.168.1.5 porta 40000", "2/4 sentados, 5 assistindo"]),
    ("fr", ["Friday (hôte dana, id ababab)  [classic]  2/4 assis, 1 spectateur\u00a0; 30 s pour décider, 120 s pour "
            "revenir  192.168.1.5 port 40000", "2/4 assis, 5 spectateurs"]),
])  # fmt: skip
def test_a_listed_table_reads_in_each_language(code: str, lines: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    lang.use(code)
    show("1.", _ad(1))
    show("2.", _ad(5))
    shown = capsys.readouterr().out
    assert f"1. {lines[0]}\n" in shown and f"  {lines[1]}" in shown, shown


def test_a_speed_table_promises_only_a_lost_link_the_time_to_come_back(capsys: pytest.CaptureFixture[str]) -> None:
    """Nobody keeps a Speed game: a link lost while the program runs comes back within the limit, a program
    that ended never does (the listing and the seat said "120 s to come back (after a drop)", as for a
    Shithead table, whose player comes back even after a crash)."""
    config = TableConfig("Fast", SPEED, "speed", 2, "127.0.0.1", turn_time=0)
    assert config.away_time == AWAY_TIME_S == 120
    lang.use("en")
    show("1.", TableAd("ab" * 16, "Fast", "dana", "speed", "00" * 32, 1, 1, PROTOCOL_VERSION, ("192.168.1.5",), 40000,
                       turn_time=0, away_time=config.away_time))  # fmt: skip
    assert "[speed]  1/2 seated; 120 s for a lost link to come back  192.168.1.5" in capsys.readouterr().out
    seated = Welcomed("Fast", 1, SPEED.name, "speed", 0, config.away_time)
    assert table_words(seated) == "seated at 'Fast' (seat 1); rules: speed; 120 s for a lost link to come back"
    lang.use("fr")
    assert table_words(seated).endswith("120 s pour qu'une liaison perdue revienne")


def test_the_hosts_away_time_is_the_one_default_of_every_table() -> None:
    from p2pshithead.cli.host import host

    assert next(p.default for p in host.params if p.name == "away_time") == AWAY_TIME_S


@pytest.mark.parametrize("code, words", [
    ("en", "reported by the host, not provable: seat 1 (bob) away for more than 30 s: connection lost; its last "
           "message is entry 4, when it had seen entry 3; the table holds 9 entries"),
    ("he", "דיווח של המארח, לא ניתן להוכחה: מקום 1 (bob) לא מחובר/ת יותר מ-30 ש׳: החיבור אבד; ההודעה האחרונה ממנו "
           "היא רשומה 4, אחרי צפייה ברשומה 3; בשולחן 9 רשומות"),
    ("pt", "relatado pelo anfitrião, não comprovável: lugar 1 (bob) ausente por mais de 30 s: conexão perdida; sua "
           "última mensagem é a entrada 4, quando tinha visto a entrada 3; a mesa tem 9 entradas"),
    ("fr", "signalé par l'hôte, non prouvable\u00a0: place 1 (bob) sans liaison depuis plus de 30 s\u00a0: liaison "
           "perdue\u00a0; son dernier message est l'entrée 4, envoyé après avoir vu l'entrée 3\u00a0; "
           "la table compte 9 entrées"),
])  # fmt: skip
def test_a_seat_away_past_the_limit_is_worded_by_each_reader(code: str, words: str) -> None:
    report = AwayReport(30, AwayCause.LOST, 4, 3, 9)
    lang.use(code)
    assert verdict_words(Verdict(1, "bob", str(report), False, report)) == words


CLI = [sys.executable, "-c", "from p2pshithead.cli.main import main; main(prog_name='p2pshithead')"]


@pytest.mark.e2e  # (loopback sockets, processes)
def test_a_hebrew_host_process_and_a_french_joiner_process_play_one_table(tmp_path: Path) -> None:
    """The host chooses Hebrew by P2PSHITHEAD_LANG, the joiner French by --lang, as people run them; the
    host's default table name is worded in the host's language (a name, shown as is to everyone)."""
    with socket.socket() as probe:  # a free port on loopback for the host to listen on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, HOME_ENV: str(tmp_path / "dana"), "P2PSHITHEAD_LANG": "he"}
    host = subprocess.Popen([*CLI, "host", "--autoplay", "--seats", "2", "--bind", "127.0.0.1",
                             "--no-announce", "--port", str(port), "--name", "dana"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)  # fmt: skip
    try:
        assert host.stdout is not None
        first = host.stdout.readline()  # the table line: it listens now
        joined = subprocess.run([*CLI, "join", "--lang", "fr", "--bot", "--name", "zoe", "--bind", "127.0.0.1",
                                 "--address", f"127.0.0.1:{port}"], capture_output=True, text=True, timeout=90,
                                env={**os.environ, HOME_ENV: str(tmp_path / "zoe")})  # fmt: skip
        rest, errors = host.communicate(timeout=60)
        hosted = first + rest
    finally:
        host.kill()
    assert host.returncode == 0 and joined.returncode == 0, (errors, joined.stderr)
    assert f"שולחן 'השולחן של dana' ב-127.0.0.1:{port}; חוקים: " in hosted and "zoe במקום 1" in hosted, hosted
    assert "סדר הסיום: 1. " in hosted and "תיעוד המשחק: " in hosted, hosted
    assert "à la place 1 de 'השולחן של dana'\u00a0; règles\u00a0: " in joined.stdout, joined.stdout
    assert "ordre d'arrivée\u00a0: 1. " in joined.stdout and "enregistré dans " in joined.stdout, joined.stdout
    assert "  zoe\u00a0: parties 1, Masta " in joined.stdout, joined.stdout  # (who wins is the deal's)
    english = ("seated at", "lobby:", "game starts", "finish order", "saved to", "so far")
    assert not [word for word in english if word in hosted + joined.stdout], hosted + joined.stdout
