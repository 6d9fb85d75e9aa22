"""`p2pshithead verify FILE...`: re-check saved games from the files alone (several: one evening)."""

from __future__ import annotations

import stat
from pathlib import Path

import click

from p2pshithead.cli.exits import SHORT
from p2pshithead.cli.helptext import examples
from p2pshithead.cli.home import transcripts_dir
from p2pshithead.cli.seating import APPS
from p2pshithead.cli.session import Evening, left_here, report_of
from p2pshithead.lang import _
from p2pshithead.net import RemoteProtocolError, Transcript, link_problem, load_entries, replay
from p2pshithead.speedgame import SPEED

MOST_MB = 64
"""The largest file `verify` reads, in MB: hundreds of games' worth (a game's file is some 100 KB)."""
VERIFIED = {**APPS, SPEED.name: SPEED}
"""Every game this program plays: a saved Shithead or Speed game is re-checked by its own rules."""


@click.command(help=_(
    "Re-check FILES (signatures, chain, every proof and move); print each finish order or the first fault. "
    "Several files are one evening at a table (in any order: each says its game number): each game must link "
    "to the one before (its previous final head and finish order), and a scoreboard follows."
), epilog=examples("verify --last", "verify evening.p2ps evening-2.p2ps evening-3.p2ps"))
@click.argument("files", nargs=-1, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--last", is_flag=True, help=_("The game saved last in the config folder's transcripts/."))
def verify(files: tuple[Path, ...], last: bool) -> None:
    if not files:
        saved = sorted((p for p in transcripts_dir().glob("*.p2ps") if p.is_file()), key=lambda p: p.stat().st_mtime)
        if not last or not saved:
            raise click.UsageError(_("name a saved game, or --last for the newest") if not last else
                                   _("no saved game in {folder} yet").format(folder=transcripts_dir()))
        files = (saved[-1],)
        click.echo(_("checking {file}").format(file=files[0]))
    evening, previous, status = Evening(), None, 0
    games = sorted((_replayed(file) for file in files), key=lambda pair: pair[1].setup.game)
    if len(games) > 1 and (first := games[0][1].setup.game) > 1:
        click.echo(_("{file}: game {game} follows game {before}, which is not given: the evening is checked "
                     "from game {game} on").format(file=games[0][0], game=first, before=first - 1))
    for file, transcript in games:
        if previous is not None and _after_a_leave(previous, transcript):
            click.echo(_("{file}: game {game} follows game {before}, which this file's player left before its "
                         "end: the evening is checked on from game {game}").format(
                file=file, game=transcript.setup.game, before=previous.setup.game))
        elif previous is not None and (problem := link_problem(previous, transcript.setup)) is not None:
            click.echo(_("{file}: not the game after {game}: {problem}").format(file=file, game=previous.setup.game,
                                                                          problem=problem))
            raise SystemExit(SHORT)
        outcome = report_of(transcript)
        for line in outcome.lines:
            click.echo(line if len(files) == 1 else f"{file.name}: {line}")
        status = max(status, outcome.status)
        evening.add(transcript)
        previous = transcript
    if len(files) > 1:
        for line in evening.lines(final=True):
            click.echo(line)
    raise SystemExit(status)


def _after_a_leave(previous: Transcript, transcript: Transcript) -> bool:
    """Whether `transcript` is the next game after `previous`, the file of a player who left it for good
    (its end is in the others' files only): the link names the next number and that player last."""
    leaver, link = left_here(previous), transcript.setup.previous
    return (leaver is not None and link is not None and link.game == previous.setup.game + 1
            and link.order[-1:] == (previous.setup.seats[leaver].key,))  # fmt: skip


def _replayed(file: Path) -> tuple[Path, Transcript]:
    """`file` checked whole; a file that is no saved game is said so (exit 1) before it is read: a pipe
    would be waited for forever, and a huge file read into memory whole."""
    try:
        found = file.stat()
        if not stat.S_ISREG(found.st_mode):
            problem = _("{file}: not a file but a pipe or a device: name a saved game (a .p2ps file)").format(file=file)
        elif found.st_size > MOST_MB * 1024 * 1024:
            problem = _("{file} is {size} MB, larger than any saved game (one is some 100 KB; this program reads at "
                        "most {most} MB): name a saved game").format(file=file, size=found.st_size // 1024**2,
                                                                    most=MOST_MB)
        else:
            return file, replay(load_entries(file), str(file), VERIFIED)
    except RemoteProtocolError as exc:
        problem = _("{error}: the file is damaged or not a saved game; no player is blamed for it").format(error=exc)
    except OSError as exc:
        problem = _("{file} cannot be read ({problem}): make it readable, or name another").format(
            file=file, problem=exc.strerror)
    click.echo(problem)
    raise SystemExit(SHORT)
