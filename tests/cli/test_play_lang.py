"""`play`, `verify`, `simulate` and a LAN person's prompts speak Hebrew, Portuguese and French (issue 23):
`play`'s questions in-process and as typed in a pseudo-terminal (`--lang`), a verdict of `verify`, a report
line of `simulate` and the host's empty-seats question in each plural form, and `play --help`; English
stays the default (tests/conftest.py)."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
from pathlib import Path

import pexpect
import pytest
from click.testing import CliRunner

from p2pshithead import lang
from p2pshithead.bots import RandomBot
from p2pshithead.cli.agents import HumanAgent
from p2pshithead.cli.main import main
from p2pshithead.cli.play import Session
from p2pshithead.cli.render import Look
from p2pshithead.engine import preset

from .test_play_pexpect import ENV, PROGRAM, PROMPT

NBSP = "\u00a0"

QUIT = {"en": "Quit? This game ends, not counted. y quits, Enter plays on ",
        "he": "לצאת? המשחק נגמר ולא נספר. y ליציאה, Enter להמשך ",
        "pt": "Sair? A partida acaba e não conta. y sai, Enter continua ",
        "fr": f"Quitter{NBSP}? Partie non comptée. y quitte, Entrée continue "}
AGAIN = {"en": "Play again? [Y/n] ", "he": "לשחק שוב? [Y/n] ", "pt": "Jogar de novo? [Y/n] ",
         "fr": f"Rejouer{NBSP}? [Y/n] "}
PLAY_ON = {"en": "you play on", "he": "ממשיכים לשחק", "pt": "você continua jogando", "fr": "vous continuez à jouer"}
DAMAGED = {"en": ": the file is damaged or not a saved game; no player is blamed for it",
           "he": ": הקובץ פגום או שאינו משחק שמור; אף שחקן לא מואשם בזה",
           "pt": ": o arquivo está danificado ou não é uma partida salva; nenhum jogador é culpado por isso",
           "fr": f"{NBSP}: le fichier est abîmé ou n'est pas une partie enregistrée{NBSP}; aucun joueur n'en est tenu "
                 "pour responsable"}
GAMES = {"en": {1: "1 game (seed 0)", 2: "2 games (seed 0)", 5: "5 games (seed 0)"},
         "he": {1: "משחק אחד (זרע 0)", 2: "שני משחקים (זרע 0)", 5: "5 משחקים (זרע 0)"},
         "pt": {1: "1 partida (semente 0)", 2: "2 partidas (semente 0)", 5: "5 partidas (semente 0)"},
         "fr": {1: "1 partie (graine 0)", 2: "2 parties (graine 0)", 5: "5 parties (graine 0)"}}
EMPTY = {"en": {1: "1 seat is still empty", 2: "2 seats are still empty", 5: "5 seats are still empty"},
         "he": {1: "מקום אחד עדיין ריק", 2: "שני מקומות עדיין ריקים", 5: "5 מקומות עדיין ריקים"},
         "pt": {1: "1 lugar vazio", 2: "2 lugares vazios", 5: "5 lugares vazios"},
         "fr": {1: f"1 place libre{NBSP}:", 2: f"2 places libres{NBSP}:", 5: f"5 places libres{NBSP}:"}}
READY = {"en": "press Enter when ready\n", "he": "יש ללחוץ Enter כשמוכנים\n",
         "pt": "aperte Enter quando quiser começar\n", "fr": "appuyez sur Entrée quand vous voulez commencer\n"}
LEFT = {"en": "(0:57 left)", "he": "(נותרו 0:57)", "pt": "(faltam 0:57)", "fr": "(reste 0:57)"}
LOSS = {"en": " loss ", "he": " הפסד ", "pt": " derrota ", "fr": " défaite "}
LANGUAGES = list(QUIT)


@pytest.mark.parametrize("code", LANGUAGES)
def test_play_asks_before_quitting_and_before_the_next_game_in_the_language(code: str) -> None:
    lang.use(code)
    prompts: list[str] = []
    shown: list[str] = []
    typed = iter(["quit", "", "quit", "y"])  # quit, then Enter at the question: play on; quit, then y

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        return next(typed)

    s = Session(preset("classic"), [RandomBot()], ["Ann", "Bot 1"], random.Random(1), Look(), 0, answer,
                shown.append, lambda: None)  # fmt: skip
    assert s.series() is True
    assert prompts == ["> ", QUIT[code], "> ", QUIT[code]]
    assert PLAY_ON[code] in shown[-1]

    class Over:
        def outcome(self) -> None:
            return None

    asked: list[str] = []

    def decline(prompt: str) -> str:
        asked.append(prompt)
        return "n"

    s = Session(preset("classic"), [RandomBot()], ["Ann", "Bot 1"], random.Random(1), Look(), 0, decline,
                shown.append, lambda: None)  # fmt: skip
    s.run = lambda previous=None: Over()  # type: ignore[method-assign,assignment,return-value]  # a game played
    assert s.series() is False and asked == [AGAIN[code]]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_host_is_asked_about_empty_seats_in_the_languages_plural_forms(code: str) -> None:
    lang.use(code)
    prompts: list[str] = []

    async def answer(prompt: str, clock: object = None, resized: object = None) -> str:
        prompts.append(prompt)
        return "y"

    for empty, words in EMPTY[code].items():
        prompts.clear()
        agent = HumanAgent(lambda app: app, lambda shown, seat, text: None, lambda text: None, answer)  # type: ignore
        agent.hosting, agent.empty_seats = True, empty
        asyncio.run(agent.async_wait_ready())
        assert prompts[0] == READY[code] and words in prompts[1], prompts


class _Table:
    """An application stub that shows `headline_text` (a headline of the LAN screen, in the language in use)."""

    def __init__(self, headline: str) -> None:
        self.headline_text = headline

    def headline(self, seat: int | None) -> str:
        return self.headline_text

    def status(self, seat: int | None, ascii: bool = False, size: tuple[int, int] = (80, 24),
               hosting: bool = False) -> str:
        return "the table"

    def news(self, ascii: bool = False) -> list[str]:
        return []

    def in_setup(self) -> bool:
        return False

    def thinking(self) -> None:
        return None

    def moved(self, seat: int) -> bool:
        return False


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_waiting_line_counts_down_another_s_turn_and_not_ones_own_in_the_language(code: str) -> None:
    """The LAN screen's headline is in the language in use: the waiting line still tells another's thinking
    (with the time left) from the person's own turn (no line)."""
    lang.use(code)
    now = [100.0]
    agent = HumanAgent(lambda app: app, lambda shown, seat, text: None, lambda text: None, clock=lambda: now[0],  # type: ignore
                       live=True, write=lambda text: None, turn_time=60)  # fmt: skip
    thinking = lang._("{names} thinking").format(names="Bot 2")
    table = _Table(thinking)
    agent.observe(table, 1, ())  # type: ignore[arg-type]
    now[0] = 103.0
    assert agent.waiting_line() == f"{thinking} {LEFT[code]}"
    table.headline_text = lang._("your turn")
    agent.observe(table, 1, ())  # type: ignore[arg-type]
    now[0] = 110.0
    assert agent.waiting_line() is None


@pytest.mark.parametrize("code", LANGUAGES)
def test_verify_says_a_damaged_file_is_nobodys_fault_in_the_language(code: str, tmp_path: Path) -> None:
    junk = tmp_path / "junk.p2ps"
    junk.write_bytes(b"\x00\x00\x00\x02\xc1\xc1")
    result = CliRunner().invoke(main, ["verify", str(junk)], env={"P2PSHITHEAD_LANG": code})
    assert result.exit_code == 1 and DAMAGED[code] in result.output, result.output


@pytest.mark.parametrize("code", LANGUAGES)
def test_simulate_counts_its_games_in_the_languages_plural_forms(code: str) -> None:
    for games, words in GAMES[code].items():
        result = CliRunner().invoke(main, ["simulate", "-n", str(games), "-p", "2", "--bots", "random"],
                                    env={"P2PSHITHEAD_LANG": code})  # fmt: skip
        assert result.exit_code == 0, result.output
        first, *bots = result.output.splitlines()
        assert words in first, first
        assert LOSS[code] in bots[0], bots[0]


@pytest.mark.e2e
@pytest.mark.parametrize("code, words", [("he", "כמה בוטים."), ("pt", "Quantos bots."), ("fr", "Nombre de bots.")])
def test_play_help_is_in_the_language_chosen(code: str, words: str, tmp_path: Path) -> None:
    done = subprocess.run([PROGRAM, "play", "--help"], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "P2PSHITHEAD_LANG": code, "P2PSHITHEAD_HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    assert words in done.stdout and "How many bots." not in done.stdout, done.stdout


@pytest.mark.e2e
@pytest.mark.parametrize("code, question, play_on, bye", [
    ("pt", "A partida acaba e não conta", "você continua jogando", "Tchau!"),
    ("fr", "Partie non comptée", "vous continuez à jouer", f"Au revoir{NBSP}!"),
])  # fmt: skip
def test_play_as_typed_asks_before_quitting_in_the_language(code: str, question: str, play_on: str, bye: str,
                                                            tmp_path: Path) -> None:  # fmt: skip
    """The real program in a pseudo-terminal with --lang: quit, Enter plays on, quit, y leaves."""
    child = pexpect.spawn(PROGRAM, ["play", "--lang", code, "--bots", "1", "--delay", "0", "--ascii", "--seed", "5"],
                          dimensions=(24, 80), timeout=20, encoding="utf-8",
                          env={**ENV, "P2PSHITHEAD_HOME": str(tmp_path)})  # fmt: skip
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(question)
    child.sendline("")
    child.expect(play_on)
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(question)
    child.sendline("y")
    child.expect(bye)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in child.before
