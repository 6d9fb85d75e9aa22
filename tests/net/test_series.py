"""An evening at one networked table: three games of the French rules in a row, by real processes on
127.0.0.1 (the host with --autoplay and two `join --bot`): the seats stay, the Shithead deals the
next game, each game links to the last, a scoreboard follows each game, and `verify` checks the
evening whole."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from p2pshithead.cli.main import main
from p2pshithead.cli.netgame import APPS, NetCardGame
from p2pshithead.net import HOME_ENV, Transcript, link_problem, load_entries, replay

from .test_cli import CLI, head_of

Evening = tuple[subprocess.CompletedProcess[str], Path]


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Evening:
    home = tmp_path_factory.mktemp("home")
    command = [*CLI, "host", "--bind", "127.0.0.1", "--no-announce", "--seats", "3", "--bots", "2", "--autoplay",
               "--games", "3", "--rules", "french", "--ascii", "--transcript", str(home / "evening.p2ps")]
    env = {**os.environ, HOME_ENV: str(home)}
    return subprocess.run(command, capture_output=True, text=True, timeout=90, env=env), home


@pytest.fixture(scope="module")
def games(evening: Evening) -> list[Transcript]:
    """The host's three saved games, each replayed as `verify` does."""
    files = [evening[1] / name for name in ("evening.p2ps", "evening-2.p2ps", "evening-3.p2ps")]
    return [replay(load_entries(path), str(path), APPS) for path in files]


def _card_game(transcript: Transcript) -> NetCardGame:
    assert isinstance(transcript.app, NetCardGame)
    return transcript.app


def test_three_games_link_and_the_shithead_deals_the_next(evening: Evening, games: list[Transcript]) -> None:
    result, _ = evening
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
        assert sorted(state.gifts.values()) == sorted([masta, shithead])  # one card each way
        assert state.audit[0] == shithead  # the Shithead's gift was audited at the end


def test_every_peer_holds_the_same_three_games(evening: Evening) -> None:
    result, home = evening
    heads = [line.split()[-1] for line in result.stdout.splitlines() if line.startswith("transcript:")]
    assert len(heads) == 3
    for bot in sorted(home.glob("bots/*")):
        saved = sorted((bot / "transcripts").glob("*.p2ps"))
        assert len(saved) == 3
        assert {load_entries(p)[-1].digest.hex() for p in saved} == set(heads)  # the same final heads


def test_scoreboard_after_each_game_and_for_the_evening(evening: Evening) -> None:
    result, _ = evening
    out = result.stdout
    assert "so far: 1 game played" in out and "so far: 2 games played" in out
    assert "the evening: 3 games played" in out
    tally = out[out.index("the evening: 3 games played"):].splitlines()[1:4]
    assert all(", Masta " in line and ", Shithead " in line and "3 played" in line for line in tally)
    masta = sum(int(line.split("Masta ")[1].split(",")[0]) for line in tally)
    shithead = sum(int(line.split("Shithead ")[1]) for line in tally)
    assert (masta, shithead) == (3, 3)


def test_verify_checks_the_evening_whole_and_refuses_a_gap(evening: Evening, games: list[Transcript]) -> None:
    _, home = evening
    files = [str(home / name) for name in ("evening-3.p2ps", "evening.p2ps", "evening-2.p2ps")]
    whole = CliRunner().invoke(main, ["verify", *files])
    assert whole.exit_code == 0, whole.output
    assert "the evening: 3 games played" in whole.output
    assert head_of(whole.output.split("evening-3.p2ps: ")[-1]) == games[2].head.digest.hex()
    gap = CliRunner().invoke(main, ["verify", files[1], files[0]])  # game 1, then game 3
    assert gap.exit_code == 1 and "it says it is game 3, after game 1" in gap.output
