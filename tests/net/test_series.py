"""An evening at one networked table: three games of the French rules in a row, by real processes on
127.0.0.1 (the host with --autoplay and a `join --bot`): the seats stay, the Shithead deals the
next game after the exchange, each game links to the last, a scoreboard follows each game, `verify`
checks the evening whole; and a spectator who comes in the middle of game two and stays to the end
checks everything and never learns a hidden card."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from p2pshithead.cli.home import HOME_ENV
from p2pshithead.cli.main import main
from p2pshithead.cli.seating import APPS
from p2pshithead.cli.shithead import ShitheadScreen
from p2pshithead.engine import Give
from p2pshithead.game import Audited, Revealed, ShitheadApp
from p2pshithead.net import Transcript, Watcher, async_watch, link_problem, load_entries, replay

from .cutlink import CutLink
from .test_cli import CLI, head_of
from .test_rejoin import HELD, entries_kept, processes_under, release

AWAY_S = 30  # the table's away time: also how long a spectator that missed the host's bye tries to come back
WAIT_S = 90  # the longest any step of the evening may take (past that try)
PLAYED = 40  # entries of game two (its setup and some play) journaled before the spectators come in


@dataclass
class Evening:
    """The host's run, its home folder, what the spectator saw, and the watchers the listing showed."""

    result: subprocess.CompletedProcess[str]
    home: Path
    watched: list[Transcript] = field(default_factory=list)
    events: list[object] = field(default_factory=list)
    listed_watching: int = 0
    screens: list[tuple[str, set[str]]] = field(default_factory=list)  # (spectator's screen, cards it knew then)
    cli_watch: subprocess.CompletedProcess[str] | None = None
    cut_watch: subprocess.CompletedProcess[str] | None = None  # a spectator whose link is cut once
    cut_at: int = 0  # bytes from the host it had when its link was cut


async def _async_watch(port: int, evening: Evening, taken_in: Callable[[], Awaitable[None]]) -> None:
    """Watch the table to its end; once the host has taken this spectator in, await `taken_in`; meanwhile
    look at the listing until it counts the spectator."""
    audited: set[str] = set()  # the Shithead's hand, opened to all when the exchange is checked
    screens: dict[int, ShitheadScreen] = {}  # by game number: the spectator's screen of each game

    def observe(transcript: Transcript, events: Sequence[object]) -> None:
        evening.events.extend(events)
        app = _card_game(transcript)
        audited.update(card.pretty(False) for e in events if isinstance(e, Audited) for _, card in e.cards)
        if app.state.game is not None and events:  # the screen `join --watch` draws on a terminal
            known = {card.pretty(False) for card in app.state.game.known.values()} | audited
            screen = screens.setdefault(app.number, ShitheadScreen(app))
            evening.screens.append((screen.status(None, ascii=True, size=(80, 24)), known))

    watcher = Watcher(("127.0.0.1",), port, APPS, bind="127.0.0.1", notify=lambda event: None, observe=observe,
                      clock=time.monotonic)  # fmt: skip
    async with watcher:
        watching = asyncio.ensure_future(watcher.async_run())
        deadline = time.monotonic() + WAIT_S
        while not watcher.games:  # until the host has taken the spectator in (it is then sent the game so far)
            assert time.monotonic() < deadline and not watching.done(), "the host never took the spectator in"
            await asyncio.sleep(0.05)
        await taken_in()
        seen: list[int] = []
        await async_watch("127.0.0.1", 5.0, lambda kind, ad: seen.append(ad.watching), lambda ad: ad.watching > 0)
        evening.listed_watching = max(seen, default=0)
        evening.watched = await watching


class _Run:
    """A process whose output goes to files (read while it runs, never lost, never full)."""

    def __init__(self, command: list[str], folder: Path, name: str, **popen: Any) -> None:
        self.out, self.err = folder / f"{name}.out", folder / f"{name}.err"
        with self.out.open("w") as out, self.err.open("w") as err:
            self.proc = subprocess.Popen(command, stdout=out, stderr=err, text=True, **popen)

    def until(self, text: str) -> str:
        """Its output so far, once it holds `text`."""
        deadline = time.monotonic() + WAIT_S
        while text not in (said := self.out.read_text()):
            assert time.monotonic() < deadline and self.proc.poll() is None, f"no {text!r} in: {said[-3000:]}"
            time.sleep(0.05)
        return said

    def result(self) -> subprocess.CompletedProcess[str]:
        """Its end (within `WAIT_S`) and all it said."""
        self.proc.wait(timeout=WAIT_S)
        return subprocess.CompletedProcess(self.proc.args, self.proc.returncode, self.out.read_text(),
                                           self.err.read_text())  # fmt: skip


def _spectator(port: int, folder: Path, name: str) -> _Run:
    """A `join --watch` process, started now but dialling only once released: the program is loaded
    before the moment it is to come in."""
    watch = ["join", "--watch", "--address", f"127.0.0.1:{port}", "--bind", "127.0.0.1", "--ascii"]
    return _Run([*HELD, *watch], folder, name, stdin=subprocess.PIPE)


def _game_two(home: Path) -> None:
    """Wait until the host's second game holds `PLAYED` entries. Called in game one: its journal folder
    is then the only one, and game two's the next to appear."""
    deadline, first = time.monotonic() + WAIT_S, None
    while True:
        folders = sorted(home.glob("tables/*"))
        first = first or (folders[0] if len(folders) == 1 else None)
        two = [folder for folder in folders if first is not None and folder != first]
        if two and entries_kept(two[0]) >= PLAYED:
            return
        assert time.monotonic() < deadline and len(folders) <= 2, f"game two was not seen under way: {folders}"
        time.sleep(0.05)


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Evening:
    """Three French games hosted by a real process with a bot process; three spectators come in the middle
    of game two and stay to the end: one in this process, two `join --watch` processes, one of them through
    a link cut once in its catch-up. Game two waits for them: its bot is frozen until all three are in."""
    home, logs = tmp_path_factory.mktemp("home"), tmp_path_factory.mktemp("logs")
    command = [*CLI, "host", "--bind", "127.0.0.1", "--table", "evening", "--seats", "2", "--bots", "1", "--autoplay",
               "--games", "3", "--rules", "french", "--ascii", "--transcript", str(home / "evening.p2ps"),
               "--away-time", str(AWAY_S)]
    host = _Run(command, logs, "host", env={**os.environ, HOME_ENV: str(home)})
    runs = [host]
    try:
        first = host.until(" on 127.0.0.1:")
        port = int(first.split(" on ")[1].split(";")[0].rsplit(":", 1)[1])
        with CutLink(port, after=12_000) as link:
            spectators = [_spectator(port, logs, "watch"), _spectator(link.port, logs, "cut")]
            runs += spectators
            _game_two(home)
            (bot,) = processes_under(home / "bots")
            evening = Evening(subprocess.CompletedProcess(command, 0), home)

            async def taken_in() -> None:  # both processes are in too: game two goes on
                for spectator in spectators:
                    release(spectator.proc)
                for spectator in spectators:
                    await asyncio.to_thread(spectator.until, "watching 'evening'")
                os.kill(bot, signal.SIGCONT)

            os.kill(bot, signal.SIGSTOP)
            try:
                asyncio.run(_async_watch(port, evening, taken_in))
            finally:
                with contextlib.suppress(ProcessLookupError):  # (gone already: the evening ended)
                    os.kill(bot, signal.SIGCONT)
            # a spectator that missed the host's bye tries for `AWAY_S`, then says so: the waits are longer
            evening.result, evening.cli_watch, evening.cut_watch = (run.result() for run in runs)
            evening.cut_at = link.cut_at
        return evening
    finally:
        for run in runs:
            run.proc.kill()
            run.proc.wait()


@pytest.fixture(scope="module")
def games(evening: Evening) -> list[Transcript]:
    """The host's three saved games, each replayed as `verify` does."""
    files = [evening.home / name for name in ("evening.p2ps", "evening-2.p2ps", "evening-3.p2ps")]
    return [replay(load_entries(path), str(path), APPS) for path in files]


def _card_game(transcript: Transcript) -> ShitheadApp:
    assert isinstance(transcript.app, ShitheadApp)
    return transcript.app


def test_three_games_link_and_the_shithead_deals_the_next(evening: Evening, games: list[Transcript]) -> None:
    result = evening.result
    assert result.returncode == 0, result.stderr
    assert [g.setup.game for g in games] == [1, 2, 3]
    assert {g.setup.table_id for g in games}.__len__() == 3  # a fresh game (id, deck, key shares) each time
    for before, after in zip(games, games[1:], strict=False):
        assert link_problem(before, after.setup) is None
        assert [s.key for s in after.setup.seats] == [s.key for s in before.setup.seats]  # the seats stay
        shithead = _card_game(before).state.game.outcome().shithead  # type: ignore[union-attr]
        dealer = _card_game(after).state.game.dealer  # type: ignore[union-attr]
        assert after.setup.seats[dealer].key == before.setup.seats[shithead].key  # type: ignore[index]


def test_the_french_exchange_happens_before_each_next_game(games: list[Transcript]) -> None:
    assert _card_game(games[0]).state.gifts == {}  # nobody has a title before the first game
    for before, after in zip(games, games[1:], strict=False):
        state = _card_game(after).state
        order = _card_game(before).state.finish_order()
        assert order is not None and state.audit is not None
        masta, shithead = (after.setup.seats.index(before.setup.seats[p]) for p in (order[0], order[-1]))
        assert state.game is not None
        gives = [m.player for m in state.game.move_stack if isinstance(m, Give)]  # one card each way
        assert gives == [shithead, masta]  # (the Masta may give back the card it got)
        assert state.audit[0] == shithead  # the Shithead's gift was audited at the end


def test_every_peer_holds_the_same_three_games(evening: Evening) -> None:
    result, home = evening.result, evening.home
    heads = [line.split()[-1] for line in result.stdout.splitlines() if line.startswith("transcript:")]
    assert len(heads) == 3
    for bot in sorted(home.glob("bots/*")):
        saved = sorted((bot / "transcripts").glob("*.p2ps"))
        assert len(saved) == 3
        assert {load_entries(p)[-1].digest.hex() for p in saved} == set(heads)  # the same final heads


def test_scoreboard_after_each_game_and_for_the_evening(evening: Evening) -> None:
    out = evening.result.stdout
    assert "so far: 1 game played" in out and "so far: 2 games played" in out
    assert "the evening: 3 games played" in out
    tally = out[out.index("the evening: 3 games played"):].splitlines()[1:3]
    assert all(", Masta " in line and ", Shithead " in line and "3 played" in line for line in tally)
    masta = sum(int(line.split("Masta ")[1].split(",")[0]) for line in tally)
    shithead = sum(int(line.split("Shithead ")[1]) for line in tally)
    assert (masta, shithead) == (3, 3)


def test_verify_checks_the_evening_whole_and_refuses_a_gap(evening: Evening, games: list[Transcript]) -> None:
    home = evening.home
    files = [str(home / name) for name in ("evening-3.p2ps", "evening.p2ps", "evening-2.p2ps")]
    whole = CliRunner().invoke(main, ["verify", *files])
    assert whole.exit_code == 0, whole.output
    assert "the evening: 3 games played" in whole.output
    assert head_of(whole.output.split("evening-3.p2ps: ")[-1]) == games[2].head.digest.hex()
    gap = CliRunner().invoke(main, ["verify", files[1], files[0]])  # game 1, then game 3
    assert gap.exit_code == 1 and "it says it is game 3, after game 1" in gap.output
    late = CliRunner().invoke(main, ["verify", files[0], files[2]])  # games 2 and 3: the evening's start not given
    assert late.exit_code == 0 and "the evening: 3 games played (game 1 not seen here: the counts below are of the " \
        "other 2)" in late.output  # fmt: skip
    assert "game 2 follows game 1, which is not given: the evening is checked from game 2 on" in late.output
    assert "which is not given" not in whole.output


def test_a_spectator_from_the_middle_of_game_two_sees_public_cards_only(evening: Evening,
                                                                         games: list[Transcript]) -> None:
    watched = evening.watched
    assert [t.setup.game for t in watched] == [2, 3]  # it caught up on game two from its genesis
    assert [t.head.digest for t in watched] == [g.head.digest for g in games[1:]]  # checked whole, the same
    assert 1 <= evening.listed_watching <= 3  # the listing counted it (and the CLI spectators, if in by then)
    assert not [e for e in evening.events if isinstance(e, Revealed) and e.to is not None]  # nothing to it alone
    for transcript in watched:
        app = _card_game(transcript)
        assert app.local is None and app.state.deck.seat is None  # no seat, no key share: it cannot act
        game, audit = app.state.game, app.state.audit
        assert game is not None and audit is not None
        opened = set(app.state.deck.known_cards())
        assert set(game.known) <= set(game.public) <= opened
        assert opened - set(game.public) <= set(audit[1])  # beyond the public cards: the audited hand alone
        for slot in app.state.gifts:  # each card given was seen only once it was played (or audited)
            assert slot in game.public or slot in audit[1]


def test_the_spectators_screen_shows_the_table_and_no_card_it_does_not_know(evening: Evening) -> None:
    """Every screen the spectator would draw: the game's number, every seat's row, "watching: ...", and
    only cards opened to a bystander (public ones, and the hand the exchange audit opened)."""
    screens = evening.screens
    assert len(screens) > 50
    for text, known in screens:
        lines = text.split("\n")
        assert re.match(r"Shithead - french - 2 players - game [23] ", lines[0]) or "Finish order:  (game" in text
        shown = {m.group(0) for m in re.finditer(r"(?<!\w)(10|[2-9JQKA])[hdcs](?!\w)", text)}
        assert shown <= known, text
        assert "Hand:" not in text and "Type:" not in text
    assert any(text.endswith("'s turn") and "watching: " in text for text, _ in screens)
    assert any("Game over. Finish order:  (game 3)" in text for text, _ in screens)


def test_join_watch_narrates_what_a_bystander_sees(evening: Evening) -> None:
    watched = evening.cli_watch
    assert watched is not None and watched.returncode == 0, watched
    out = watched.stdout
    assert "watching 'evening' (a spectator: public cards only)" in out and "game starts: watching" in out
    assert re.search(r"\w+ gives [\w-]+ a card\r?\n", out)  # the exchange: that a card moved, not which
    assert "the evening: 3 games played (game 1 not seen here" in out and "the table closed; watched 2 games" in out


def test_a_spectator_whose_link_drops_comes_back_and_sees_each_move_once(evening: Evening) -> None:
    whole, cut = evening.cli_watch, evening.cut_watch
    assert whole is not None and cut is not None and cut.returncode == 0, cut
    assert evening.cut_at > 0, "the link was not cut mid-stream"
    lines = cut.stdout.splitlines()
    lost = [i for i, line in enumerate(lines) if line.startswith("lost the link to the table; trying to reach it")]
    assert len(lost) == 1, cut.stdout
    assert lines[lost[0] + 1].startswith("connected to 127.0.0.1"), cut.stdout  # it came back at once
    assert lines[lost[0] + 2].startswith("watching 'evening'"), cut.stdout
    del lines[lost[0]:lost[0] + 3]
    # the game caught up again is told once, as if never cut (news of who is away or back is live: a link
    # down then misses it, as it should; a loaded machine may mark the frozen bot away)
    assert _told(lines[1:]) == _told(whole.stdout.splitlines()[1:])


def _told(lines: list[str]) -> list[str]:
    return [line for line in lines if not re.search(r"\(seat \d+\) is (away|back)", line)]


def test_earlier_games_are_found_newest_first_among_many_saved(
    evening: Evening, games: list[Transcript], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A resumed host counts the evening's earlier games from the config folder: read newest first and
    only until the chain is found, however many older evenings (or damaged files) lie there."""
    from p2pshithead.cli import session

    (bot,) = sorted(evening.home.glob("bots/*"))
    folder = tmp_path / "transcripts"
    folder.mkdir()
    older = time.time() - 3600
    for n in range(40):  # older evenings (copies of another game: a head not asked for) and damage
        path = folder / f"old-{n}.p2ps"
        path.write_bytes(b"damaged" if n % 2 else (evening.home / "evening-3.p2ps").read_bytes())
        os.utime(path, (older - n, older - n))
    for path in sorted((bot / "transcripts").glob("*.p2ps")):
        (folder / path.name).write_bytes(path.read_bytes())
    read: list[str] = []

    def counted(path: Path) -> object:
        read.append(path.name)
        return load_entries(path)

    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    monkeypatch.setattr(session, "load_entries", counted)
    found = session.earlier_games(games[2].setup, None)
    assert [g.setup.game for g in found] == [1, 2]
    assert [g.entries[-1].digest for g in found] == [g.entries[-1].digest for g in games[:2]]
    assert not any(name.startswith("old-") for name in read) and len(read) <= 3, read
