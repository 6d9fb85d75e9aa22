# What `host`, `join` and `verify` share around a networked game: choosing the agent, the words for
# the transport's table events, and the end (save the transcript, say how it ended, write timing
# records). Invariants: every peer saves its transcript whatever the end; the outcome's words are a
# function of the entries alone, so every honest peer and `verify` print the same lines; titles are
# the engine's (`Outcome.title`), never spelled again here.
"""`make_agent`, `table_words`, `report_of`, `finish_game`, `Evening` (a series' scoreboard),
`series_path` and `set_aside` (a journal that cannot be taken up)."""

from __future__ import annotations

import contextlib
import errno
import getpass
import os
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import click

from p2pshithead.cli.agents import BotAgent, HumanAgent, Say
from p2pshithead.cli.home import config_dir, transcripts_dir
from p2pshithead.cli.seating import APPS
from p2pshithead.cli.shithead import ShitheadBot, auto_payload, read_line, screen_of
from p2pshithead.cli.terminal import READER, fitted, is_console
from p2pshithead.game import ShitheadApp
from p2pshithead.net import (
    NICK_MAX,
    SEQUENCER,
    Agent,
    Away,
    Back,
    Connected,
    Dropped,
    Entry,
    Identity,
    Journal,
    JournalError,
    LeftLobby,
    LobbySeats,
    NetError,
    Notify,
    Progress,
    Seated,
    Started,
    Stats,
    Stopped,
    TableEvent,
    TableSetup,
    Transcript,
    Waiting,
    Watching,
    Welcomed,
    default_transcript_path,
    link_problem,
    load_entries,
    load_identity,
    replay,
    save_entries,
)


def network_words(exc: BaseException) -> str:
    """A network error in words with the next step (never a bare errno)."""
    text = {
        errno.EADDRINUSE: "that port is in use by another program: leave --port out, or choose another",
        errno.EADDRNOTAVAIL: "that address is not this machine's: check --bind, or leave it out",
        errno.ENETUNREACH: "no route to that network: are you on the same Wi-Fi as the table?",
        errno.EHOSTUNREACH: "that machine cannot be reached: is it on the same Wi-Fi, and still up?",
        errno.ENODEV: "no network interface has that address: check --bind, or leave it out",
    }.get(getattr(exc, "errno", None) or 0)
    return f"{text} ({exc.strerror})" if text and isinstance(exc, OSError) else str(exc)


def set_aside(journal: Journal, error: JournalError, next_step: str) -> click.ClickException:
    """Set aside a journal that cannot be taken up, and say so: which table, why, where it is kept now
    for a person to look at, and `next_step`. The next run does not read it again."""
    said = f"the saved game of table {error.table[:6]} cannot be taken up: {error.reason}"
    try:
        where = journal.set_aside()
    except OSError as exc:
        return click.ClickException(f"{said}; it could not be set aside ({exc.strerror}): move {journal.folder} "
                                    f"out of the way, then {next_step}")  # fmt: skip
    return click.ClickException(f"{said}; it is set aside in {where}: {next_step}")


def person_identity(nick: str | None) -> Identity:
    """This person's identity from the config folder; the first time, a console asks for a nickname (Enter
    keeps the login name); `nick` overrides and is kept.

    Raises:
        click.BadParameter: a nickname that is not 1..24 printable characters.
    """
    if nick is None and not (config_dir() / "nick").exists() and is_console():
        login = getpass.getuser()[:NICK_MAX] or "player"
        nick = READER.read(f"Your nickname at the table (Enter: {login}): ").strip() or login
    try:
        return load_identity(config_dir(), nick=nick)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--name") from None


def make_agent(bot: bool, level: str, seed: int | None, say: Say, ascii: bool = False,
               turn_time: int = 0) -> BotAgent | HumanAgent:  # fmt: skip
    """A bot at `level` (RNG from `seed`, else from the OS) or a person at this terminal, who has
    `turn_time` seconds to decide (0: no limit; a joiner learns the table's limit when seated)."""
    if bot:
        return BotAgent(ShitheadBot(level), random.Random(seed if seed is not None else os.urandom(8)))
    return HumanAgent(screen_of, read_line, say, auto=auto_payload, ascii=ascii, clock=time.monotonic,
                      live=sys.stdout.isatty(), turn_time=turn_time)  # fmt: skip


def notifier(say: Say, agent: Agent | None = None) -> Notify:
    """The transport's table events as lines for `say`; a person's agent also learns the table's turn
    limit and who is away, for its waiting line."""
    def notify(event: TableEvent) -> None:
        if isinstance(agent, HumanAgent):
            match event:
                case Welcomed() | Watching():  # a spectator marks a program's move at time's up too
                    agent.turn_time = event.turn_time
                case LobbySeats(seats):
                    agent.empty_seats = sum(s is None for s in seats)
                case Away(seat, nick, left):
                    agent.away(seat, nick, left)
                case Back(seat, nick):
                    agent.away(seat, nick, None)
        with contextlib.suppress(BrokenPipeError):  # output piped to a reader that stopped reading
            (agent.tell if isinstance(agent, HumanAgent) else say)(fitted(table_words(event)))
        if isinstance(agent, HumanAgent) and isinstance(event, Back) and event.seat == SEQUENCER:
            agent.redraw()  # the host is back after a lost link: the whole table again, before anyone moves

    return notify


def table_words(event: TableEvent) -> str:
    """A table event in words, one line."""
    match event:
        case Connected(address, port):
            return f"connected to {address} port {port}"
        case Waiting(name):
            return f"a game is in play at {name!r}: you take a free seat when the next one begins"
        case Watching(name, words):
            return f"watching {name!r} (a spectator: public cards only); rules: {words}"
        case Welcomed(name, seat, words, turn_time, away_time, resumed):
            if resumed:
                return f"back at {name!r} (seat {seat}): catching up"
            limits = f"{turn_time} s to decide, " if turn_time else ""
            return f"seated at {name!r} (seat {seat}); rules: {words}; {limits}{away_time} s to come back after a drop"
        case Away(seat, nick, left):
            return f"{nick} (seat {seat}) is away: {round(left)} s to come back"
        case Back(seat, nick):
            return f"{nick} (seat {seat}) is back"
        case LobbySeats(seats):
            return "lobby: " + ", ".join("-" if s is None else s[0] + (" (ready)" if s[1] else "") for s in seats)
        case Seated(seat, nick):
            return f"{nick} sits in seat {seat}"
        case LeftLobby(seat, nick):
            return f"{nick} (seat {seat}) left the lobby"
        case Started(nicks, seat):
            who = "watching" if seat is None else f"you are seat {seat} of {len(nicks)}"
            return f"game starts: {who} ({', '.join(nicks)})"
        case Dropped(peer, reason):  # (a reason from the link often names the peer already)
            return f"{peer} dropped: {reason.removeprefix(f'{peer}: ')}"
        case Stopped(verdict):
            return f"game stopped: {verdict}"
    raise AssertionError(f"unknown table event {event!r}")


@dataclass(frozen=True, slots=True)
class Report:
    """How a network game ended, in words: the lines to print and the exit status (0 only for a complete
    game with a finish order)."""

    lines: tuple[str, ...]
    status: int


def report_of(transcript: Transcript) -> Report:
    """Describe how `transcript` ended: finish order with titles, verdict, or where it stops short."""
    nicks = [s.nick for s in transcript.setup.seats]
    head = f"transcript: {len(transcript.entries)} entries, head {transcript.head.digest.hex()}"
    verdict = transcript.verdict
    if verdict is not None:
        who = f"seat {verdict.seat} ({verdict.nick})"
        proven = f"{who} is at fault (proven by the transcript)"
        why = proven if verdict.proven else f"the host reports {who} (not provable)"
        return Report((f"fault: {verdict}", f"game stopped: {why}", head), 1)
    app = transcript.app
    order = app.finish_order()
    if (leaver := left_here(transcript)) is not None:
        return Report((f"{nicks[leaver]} (seat {leaver}) left this game for good here: the others played on "
                       "without them (their file ends at their leave)", head), 0)  # fmt: skip
    if order is None or transcript.phase is not Progress.DONE:
        return Report((f"incomplete: the transcript stops while {transcript.phase.value}", head), 1)
    outcome = app.state.game.outcome() if isinstance(app, ShitheadApp) and app.state.game is not None else None
    if outcome is None:  # another game (Speed): places, no titles
        named = ", ".join(f"{place}. {nicks[seat]} (seat {seat})" for place, seat in enumerate(order, 1))
        return Report((f"finish order: {named}", head), 0)
    named = ", ".join(f"{place}. {nicks[seat]} (seat {seat}) {outcome.title(seat)}".rstrip()
                      for place, seat in enumerate(outcome.order, 1))  # fmt: skip
    last = "" if outcome.shithead is None else f"shithead: {nicks[outcome.shithead]}"
    return Report((f"finish order: {named}", *([last] if last else []), head), 0)


def left_here(transcript: Transcript) -> int | None:
    """The seat whose leave for good ends `transcript` (the file of one who quit a game in play: the
    game went on without them, so it stops while playing), else None."""
    if transcript.phase is not Progress.PLAYING or not transcript.entries:
        return None
    seat = transcript.entries[-1].msg.seat
    return None if seat in transcript.app.present() else seat


@dataclass
class Evening:
    """The scoreboard of a series at one table: each complete game's titles, and per player (by key, under
    their latest nickname) games played and how often Masta and Shithead."""

    games: list[tuple[int, list[tuple[str, str]]]] = field(default_factory=list)
    nicks: dict[bytes, str] = field(default_factory=dict)
    played: dict[bytes, int] = field(default_factory=dict)
    titles: dict[bytes, dict[str, int]] = field(default_factory=dict)

    def add(self, transcript: Transcript) -> None:
        """Count `transcript` if it is a complete game with titles (else it does not count)."""
        app = transcript.app
        game = app.state.game if isinstance(app, ShitheadApp) else None
        outcome = game.outcome() if game is not None else None
        if outcome is None or transcript.phase is not Progress.DONE:
            return
        seats = transcript.setup.seats
        row = []
        for seat in outcome.order:
            key, title = seats[seat].key, outcome.title(seat)
            self.nicks[key] = seats[seat].nick
            self.played[key] = self.played.get(key, 0) + 1
            self.titles.setdefault(key, {})
            if title:
                self.titles[key][title] = self.titles[key].get(title, 0) + 1
            row.append((seats[seat].nick, title))
        self.games.append((transcript.setup.game, row))

    def lines(self, final: bool = False) -> list[str]:
        """The scoreboard: the last game's titles (every game's at the end), then each player's tally."""
        shown = self.games if final else self.games[-1:]
        out = [f"game {number}: " + ", ".join(f"{nick} {title}".rstrip() for nick, title in row)
               for number, row in shown]  # fmt: skip
        count = max((number for number, _ in self.games), default=0)  # the evening's games: counted or not
        out.append(f"{'the evening' if final else 'so far'}: {count} game{'s' if count != 1 else ''} played"
                   + self._unseen(count))  # fmt: skip
        ranked = sorted(self.played, key=lambda k: (-self.titles[k].get("Masta", 0), self.titles[k].get("Shithead", 0)))
        for key in ranked:
            t = self.titles[key]
            out.append(f"  {self.nicks[key]}: {self.played[key]} played, Masta {t.get('Masta', 0)}, "
                       f"Shithead {t.get('Shithead', 0)}")  # fmt: skip
        return out


    def _unseen(self, count: int) -> str:
        """Words for the games of the evening's `count` not counted here (before a spectator came, or
        while its link was down; not saved where a rejoined peer looked): its tallies leave them out."""
        unseen = sorted(set(range(1, count + 1)) - {number for number, _ in self.games})
        if not unseen:
            return ""
        names = ", ".join(map(str, unseen))
        return (f" (game{'s' if len(unseen) > 1 else ''} {names} not seen here: "
                f"the counts below are of the other {count - len(unseen)})")  # fmt: skip

    def take_up(self, transcript: Transcript, path: Path | None) -> None:
        """Count `transcript`, the first game of a peer that came back (a resumed host, a rejoined
        player), after the evening's games it saved before (`earlier_games`)."""
        for earlier in earlier_games(transcript.setup, path):
            self.add(earlier)
        self.add(transcript)


def series_path(path: Path | None, game: int) -> Path | None:
    """Where game `game` of a series is saved when `--transcript PATH` is given: PATH for the first,
    PATH with `-N` before its suffix for game N (evening.p2ps, evening-2.p2ps, ...)."""
    if path is None or game == 1:
        return path
    return path.with_name(f"{path.stem}-{game}{path.suffix}")


def earlier_games(setup: TableSetup, transcript: Path | None) -> list[Transcript]:
    """The games before `setup`'s at its table that this peer saved (to `transcript`'s series paths, or
    the config folder's `transcripts/`), oldest first: its `prev` links followed back as far as saved
    games reach, each replayed and checked as `verify` does (a host resuming an evening so counts the
    games before the crash). Saved games are read newest first and only until the link is found (an
    evening's games are the last saved, however many evenings lie in the folder). A file that does not
    load is passed over."""
    folder = sorted(transcripts_dir().glob("*.p2ps"), key=_modified, reverse=True)
    unread = iter(folder)
    heads: dict[bytes, tuple[Path, list[Entry]]] = {}

    def saved(head: bytes) -> tuple[Path, list[Entry]] | None:
        """The saved game that ends in `head`, reading on through the folder until it is found."""
        while head not in heads:
            path = next(unread, None)
            if path is None:
                return None
            with contextlib.suppress(NetError, OSError):
                if entries := load_entries(path):
                    heads.setdefault(entries[-1].digest, (path, entries))
        return heads[head]

    games: list[Transcript] = []
    link, followed = setup.previous, set()
    while link is not None and link.head not in followed:  # a chain of digests has no loop; a bound all the same
        followed.add(link.head)
        named = series_path(transcript, link.game)
        if named is not None and named.exists():
            with contextlib.suppress(NetError, OSError):
                if (entries := load_entries(named)) and entries[-1].digest == link.head:
                    heads[link.head] = named, entries
        found = saved(link.head)
        try:
            game = replay(found[1], str(found[0]), APPS) if found is not None else None
        except NetError:
            game = None
        if game is None or game.phase is not Progress.DONE or link_problem(game, setup) is not None:
            break
        games.insert(0, game)
        setup, link = game.setup, game.setup.previous
    return games


def _modified(path: Path) -> float:
    """When `path` was last written (0 when it cannot be read: last in a newest-first order)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def finish_game(transcript: Transcript, seat: int, path: Path | None, stats: Stats, stats_path: Path | None, say: Say,
                agent: Agent | None = None) -> int:  # fmt: skip
    """Save the transcript (to `path`, else the default place), say how the game ended, return the exit status.

    A person (`agent` a `HumanAgent`) sees the final screen first: the finish order with titles.
    """
    path = path or default_transcript_path(transcripts_dir(), transcript.setup.table_id, seat)
    save_entries(path, transcript.entries)
    if stats_path is not None:
        stats.write(stats_path)
    outcome = report_of(transcript)
    if transcript.phase is Progress.PLAYING and seat not in transcript.app.present():
        outcome = Report(("you left the game for good: the others play on without you",
                           *outcome.lines[1:]), 0)  # fmt: skip
    if isinstance(agent, HumanAgent) and transcript.verdict is None and (final := agent.final_screen()):
        say("\n" + final)
    for line in outcome.lines:
        say(line)
    say(f"saved to {path}")
    return outcome.status
