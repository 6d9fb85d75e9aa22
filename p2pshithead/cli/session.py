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
from cryptography.exceptions import UnsupportedAlgorithm

from p2pshithead.cli.agents import BotAgent, HumanAgent, Say, SpeedPerson
from p2pshithead.cli.exits import DONE, SHORT
from p2pshithead.cli.home import config_dir, transcripts_dir
from p2pshithead.cli.seating import APPS, verdict_words
from p2pshithead.cli.shithead import ShitheadBot, auto_payload, describe, read_line, screen_of
from p2pshithead.cli.terminal import READER, fitted, is_console
from p2pshithead.game import SHITHEAD, ShitheadApp
from p2pshithead.lang import N_, _, ngettext
from p2pshithead.net import (
    NICK_MAX,
    PROTOCOL_VERSION,
    SEQUENCER,
    Agent,
    Away,
    Back,
    Bye,
    Connected,
    Dropped,
    Entry,
    Goodbye,
    HostGone,
    Identity,
    Journal,
    JournalError,
    LeftLobby,
    LobbyGone,
    LobbySeats,
    NetError,
    Notify,
    OtherGame,
    Progress,
    Refusal,
    Refused,
    Reject,
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

_ERRNO_WORDS = {
    errno.EADDRINUSE: N_("that port is in use by another program: leave --port out, or choose another"),
    errno.EACCES: N_("this program may not listen on that port (below 1024, ports are the system's): leave --port "
                     "out, or choose one from 1024 up"),
    errno.EADDRNOTAVAIL: N_("that address is not this machine's: check --bind, or leave it out"),
    errno.ENETUNREACH: N_("no route to that network: are you on the same Wi-Fi as the table?"),
    errno.EHOSTUNREACH: N_("that machine cannot be reached: is it on the same Wi-Fi, and still up?"),
    errno.ENODEV: N_("no network interface has that address: check --bind, or leave it out"),
}


def network_words(exc: BaseException) -> str:
    """A network error in words with the next step (never a bare errno); a host's refusal or goodbye in
    this person's words (`answer_words`), after the name of the link it came on."""
    if isinstance(exc, Refused):
        return _("{peer}: {said}").format(peer=exc.peer, said=answer_words(exc.answer))
    if isinstance(exc, HostGone):  # only Speed keeps no journal
        return _("the game is over: {nick}'s program ended, and a Speed game cannot be taken up again (nobody keeps "
                 "it). To play again, one of you runs `host --game speed` and the other `join --game speed`."
                 ).format(nick=exc.nick)
    if isinstance(exc, OtherGame):
        return _("this table plays {game}: run the same `join` with `--game {game}`").format(game=exc.app)
    if isinstance(exc, LobbyGone):
        return _("the host of {table!r} is gone: its program ended before the first game, and nobody keeps a table "
                 "whose game has not begun. Ask the host to open the table again, then run `p2pshithead join {table}`."
                 ).format(table=exc.table)
    if isinstance(exc, OSError) and exc.filename:  # a file of the config folder (a journal, a transcript)
        return _(_UNWRITABLE).format(path=exc.filename, problem=exc.strerror)
    text = _ERRNO_WORDS.get(getattr(exc, "errno", None) or 0)
    if text and isinstance(exc, OSError):  # a socket's (the system's words: socket.create_server adds its own)
        return _("{words} ({detail})").format(words=_(text), detail=os.strerror(exc.errno or 0))
    return str(exc)


_UNWRITABLE = N_("{path} cannot be used ({problem}): make the config folder and its files yours to read and write, "
                 "or set P2PSHITHEAD_HOME to another")


_REFUSAL_WORDS = {
    Refusal.FULL: N_("the table is full"),
    Refusal.SEATED: N_("this key already sits at the table"),
    Refusal.LIVE: N_("this key sits at the table on a link that is still live: one identity plays one seat (is it "
                     "playing in another window?)"),
    Refusal.NOT_STARTED: N_("the game has not started"),
    Refusal.NO_SEAT: N_("this table has no such seat"),
    Refusal.UNSIGNED: N_("the rejoin is not signed by the seat's key"),
    Refusal.STALE: N_("the rejoin is too old (or the clocks differ by more than ten minutes)"),
    Refusal.AHEAD: N_("the rejoin claims entries this host never sent"),
    Refusal.PROOF: N_("the proof is not this key's signature of the challenge"),
    Goodbye.CLOSED: N_("the host closed the table"),
    Goodbye.LEFT: N_("you left the last game: the next one goes on without you"),
    Goodbye.STOOD_UP: N_("stood up after the game"),
}  # fmt: skip


def answer_words(answer: Reject | Bye) -> str:
    """A host's refusal (`Reject`) or a goodbye (`Bye`), a code and a number on the wire, in this person's
    words."""
    count = answer.n
    match answer.why:
        case Refusal.VERSION:
            return _("the table speaks protocol version {theirs} and this program {mine}: use the same version of "
                     "p2pshithead as the host").format(theirs=count, mine=PROTOCOL_VERSION)
        case Refusal.WAITERS:
            return ngettext("{count} peer already waits for the next game, as many as it could seat; try again "
                            "after it", "{count} peers already wait for the next game, as many as it could seat; try "
                            "again after it", count).format(count=count)
        case Refusal.WATCHERS:
            return ngettext("the table has {count} spectator, the most it takes; try again later",
                            "the table has {count} spectators, the most it takes; try again later",
                            count).format(count=count)
        case Goodbye.BUSY:
            return ngettext("the host is busy: {count} connection open, the most it takes; try again later",
                            "the host is busy: {count} connections open, the most it takes; try again later",
                            count).format(count=count)
    return _(_REFUSAL_WORDS[answer.why])


def set_aside(journal: Journal, error: JournalError, next_step: str) -> click.ClickException:
    """Set aside a journal that cannot be taken up, and say so: which table, why, where it is kept now
    for a person to look at, and `next_step`. The next run does not read it again."""
    table, why = error.table[:6], error.reason
    try:
        where = journal.set_aside()
    except OSError as exc:
        return click.ClickException(_("the saved game of table {table} cannot be taken up: {why}; it could not be set "
                                      "aside ({detail}): move {folder} out of the way, then {next_step}").format(
            table=table, why=why, detail=exc.strerror, folder=journal.folder, next_step=next_step))
    return click.ClickException(_("the saved game of table {table} cannot be taken up: {why}; it is set aside in "
                                  "{where}: {next_step}").format(table=table, why=why, where=where,
                                                                 next_step=next_step))  # fmt: skip


def person_identity(nick: str | None) -> Identity:
    """This person's identity from the config folder; the first time, a console asks for a nickname (Enter
    keeps the login name); `nick` overrides and is kept.

    Raises:
        click.ClickException: as `kept_identity`.
    """
    if nick is None and not (config_dir() / "nick").exists() and is_console():
        login = getpass.getuser()[:NICK_MAX] or "player"
        nick = READER.read(_("Your nickname at the table (Enter: {login}): ").format(login=login)).strip() or login
    return kept_identity(nick)


def kept_identity(nick: str | None, first: str | None = None) -> Identity:
    """The identity kept in the config folder (made there the first time), named `nick` (kept), else the
    nickname kept, else `first`, else the login name.

    Raises:
        click.BadParameter: `nick` is not 1..24 printable characters (it came from --name).
        click.ClickException: the nickname or the key kept there cannot be used, or the folder cannot be
            written: each named, with the next step, and left as it is.
    """
    folder = config_dir()
    if nick is not None and not _is_nick(nick):
        raise click.BadParameter(_("{nick!r} is not a nickname: give 1 to {most} printable characters").format(
            nick=nick[:NICK_MAX + 1], most=NICK_MAX), param_hint="'--name'")
    try:
        if nick is None and (kept := folder / "nick").exists():
            with kept.open("rb") as file, contextlib.suppress(UnicodeDecodeError):  # (a nickname's bytes at most)
                nick = file.read(4 * NICK_MAX + 2).decode("utf-8").strip()
            if nick is None or not _is_nick(nick):
                raise click.ClickException(_("{path} keeps no nickname this program can use (1 to {most} printable "
                                             "characters): give one with --name NAME, which is kept").format(
                    path=kept, most=NICK_MAX))
        return load_identity(folder, nick=nick or first)
    except OSError as exc:
        raise click.ClickException(_(_UNWRITABLE).format(path=exc.filename or folder, problem=exc.strerror)) from None
    except (ValueError, TypeError, UnsupportedAlgorithm):  # (the nickname is checked above: the key's)
        raise click.ClickException(_("{path} does not hold a key this program can use (the unencrypted Ed25519 key "
                                     "it made there): put yours back, or move it away to start afresh as a new "
                                     "player").format(path=folder / "identity.pem")) from None


def _is_nick(text: str) -> bool:
    """Whether `text` is a nickname (net's rule: 1..NICK_MAX printable characters)."""
    return 1 <= len(text) <= NICK_MAX and text.isprintable()


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
        if isinstance(agent, SpeedPerson) and isinstance(event, Stopped):
            agent.verdict = event.verdict  # said at once on the game-over screen, in a player's words
            return
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


def rules_words(app: str, rules: str) -> str:
    """A table's rules (its text, as the wire carries it) in this person's words: a Shithead table's
    described; another game's as typed (Speed's words take a screen), and so is a text this program
    cannot read."""
    if app == SHITHEAD.name:
        with contextlib.suppress(ValueError):
            return describe(rules)
    return rules


def table_words(event: TableEvent) -> str:
    """A table event in words, one line."""
    match event:
        case Connected(address, port):
            return _("connected to {address} port {port}").format(address=address, port=port)
        case Waiting(name):
            return _("a game is in play at {table!r}: you take a free seat when the next one begins").format(
                table=name)
        case Watching(name, app, rules):
            return _("watching {table!r} (a spectator: public cards only); rules: {rules}").format(
                table=name, rules=rules_words(app, rules))
        case Welcomed(name, seat, app, rules, turn_time, away_time, resumed):
            if resumed:
                return _("back at {table!r} (seat {seat}): catching up").format(table=name, seat=seat)
            words = rules_words(app, rules)
            if (spec := APPS.get(app)) is not None and not spec.kept:  # Speed: a program that ended never comes back
                return _("seated at {table!r} (seat {seat}); rules: {rules}; {away} s for a lost link to come "
                         "back").format(table=name, seat=seat, rules=words, away=away_time)
            if turn_time:
                return _("seated at {table!r} (seat {seat}); rules: {rules}; {turn} s to decide, {away} s to come back "
                         "after a drop").format(table=name, seat=seat, rules=words, turn=turn_time, away=away_time)
            return _("seated at {table!r} (seat {seat}); rules: {rules}; {away} s to come back after a drop").format(
                table=name, seat=seat, rules=words, away=away_time)
        case Away(seat, nick, left):
            return _("{nick} (seat {seat}) is away: {left} s to come back").format(nick=nick, seat=seat,
                                                                                 left=round(left))
        case Back(seat, nick):
            return _("{nick} (seat {seat}) is back").format(nick=nick, seat=seat)
        case LobbySeats(seats):
            named = ["-" if s is None else _("{nick} (ready)").format(nick=s[0]) if s[1] else s[0] for s in seats]
            return _("lobby: {seats}").format(seats=", ".join(named))
        case Seated(seat, nick):
            return _("{nick} sits in seat {seat}").format(nick=nick, seat=seat)
        case LeftLobby(seat, nick):
            return _("{nick} (seat {seat}) left the lobby").format(nick=nick, seat=seat)
        case Started(nicks, seat):
            if seat is None:
                return _("game starts: watching ({nicks})").format(nicks=", ".join(nicks))
            return _("game starts: you are seat {seat} of {seats} ({nicks})").format(seat=seat, seats=len(nicks),
                                                                                   nicks=", ".join(nicks))
        case Dropped(peer, reason):  # (a reason from the link often names the peer already)
            return _("{peer} dropped: {reason}").format(peer=peer, reason=reason.removeprefix(f"{peer}: "))
        case Stopped(verdict):
            return _("game stopped: {verdict}").format(verdict=verdict_words(verdict))
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
    count = len(transcript.entries)
    head = ngettext("transcript: {count} entry, head {head}", "transcript: {count} entries, head {head}",
                    count).format(count=count, head=transcript.head.digest.hex())
    verdict = transcript.verdict
    if verdict is not None:
        seat, nick = verdict.seat, verdict.nick
        why = (_("game stopped: seat {seat} ({nick}) is at fault (proven by the transcript)") if verdict.proven
               else _("game stopped: the host reports seat {seat} ({nick}) (not provable)"))  # fmt: skip
        return Report((_("fault: {verdict}").format(verdict=verdict_words(verdict)),
                       why.format(seat=seat, nick=nick), head), SHORT)  # fmt: skip
    app = transcript.app
    order = app.finish_order()
    if (leaver := left_here(transcript)) is not None:
        return Report((_("{nick} (seat {seat}) left this game for good here: the others played on without them "
                         "(their file ends at their leave)").format(nick=nicks[leaver], seat=leaver), head), DONE)
    if order is None or transcript.phase is not Progress.DONE:
        return Report((_(_STOPS_WHILE[transcript.phase]), head), SHORT)
    outcome = app.state.game.outcome() if isinstance(app, ShitheadApp) and app.state.game is not None else None
    if outcome is None:  # another game (Speed): places, no titles
        named = ", ".join(_("{place}. {nick} (seat {seat})").format(place=place, nick=nicks[seat], seat=seat)
                          for place, seat in enumerate(order, 1))  # fmt: skip
        return Report((_("finish order: {places}").format(places=named), head), DONE)
    named = ", ".join(_("{place}. {nick} (seat {seat}) {title}").format(place=place, nick=nicks[seat], seat=seat,
                                                                         title=outcome.title(seat)).rstrip()
                      for place, seat in enumerate(outcome.order, 1))  # fmt: skip
    last = [] if outcome.shithead is None else [_("shithead: {nick}").format(nick=nicks[outcome.shithead])]
    return Report((_("finish order: {places}").format(places=named), *last, head), DONE)


_STOPS_WHILE = {  # a transcript without a verdict that is not done stops while playing or signing off
    Progress.PLAYING: N_("incomplete: the transcript stops while playing"),
    Progress.SIGNING: N_("incomplete: the transcript stops while signing"),
}


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
        out = [_("game {number}: {titles}").format(number=number, titles=", ".join(
                   f"{nick} {title}".rstrip() for nick, title in row)) for number, row in shown]  # fmt: skip
        count = max((number for number, _row in self.games), default=0)  # the evening's games: counted or not
        played = (ngettext("the evening: {count} game played", "the evening: {count} games played", count) if final
                  else ngettext("so far: {count} game played", "so far: {count} games played", count))  # fmt: skip
        out.append(played.format(count=count) + self._unseen(count))
        ranked = sorted(self.played, key=lambda k: (-self.titles[k].get("Masta", 0), self.titles[k].get("Shithead", 0)))
        for key in ranked:
            t = self.titles[key]
            out.append(_("  {nick}: {played} played, Masta {masta}, Shithead {shithead}").format(
                nick=self.nicks[key], played=self.played[key], masta=t.get("Masta", 0),
                shithead=t.get("Shithead", 0)))  # fmt: skip
        return out

    def _unseen(self, count: int) -> str:
        """Words for the games of the evening's `count` not counted here (before a spectator came, or
        while its link was down; not saved where a rejoined peer looked): its tallies leave them out."""
        unseen = sorted(set(range(1, count + 1)) - {number for number, _row in self.games})
        if not unseen:
            return ""
        return ngettext(" (game {games} not seen here: the counts below are of the other {others})",
                        " (games {games} not seen here: the counts below are of the other {others})",
                        len(unseen)).format(games=", ".join(map(str, unseen)), others=count - len(unseen))

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
    kept = default_transcript_path(transcripts_dir(), transcript.setup.table_id, seat)
    path = path or kept
    try:
        save_entries(path, transcript.entries)
    except OSError as exc:
        if path == kept:
            raise
        save_entries(kept, transcript.entries)  # (the game is kept in the config folder: nothing is lost)
        say(_("the game could not be saved to {path} ({problem}); it is saved to {kept}").format(
            path=path, problem=exc.strerror, kept=kept))
        path = kept
    if stats_path is not None:
        try:
            stats.write(stats_path)
        except OSError as exc:
            say(_("the statistics could not be written to {path} ({problem})").format(path=stats_path,
                                                                                      problem=exc.strerror))
    outcome = report_of(transcript)
    if transcript.phase is Progress.PLAYING and seat not in transcript.app.present():
        outcome = Report((_("you left the game for good: the others play on without you"), *outcome.lines[1:]), DONE)
    if isinstance(agent, HumanAgent) and transcript.verdict is None and (final := agent.final_screen()):
        say("\n" + final)
    for line in outcome.lines:
        say(line)
    say(_("saved to {path}").format(path=path))
    return outcome.status
