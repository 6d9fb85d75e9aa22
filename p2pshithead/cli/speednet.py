"""`host --game speed` and `join --game speed`: Speed between two peers on the LAN, in real time.

The transport runs `speedgame.SPEED` (real time: both seats may send at any moment; the host's own
entries wait a round trip); a person plays with single keys (`cli.speedkeys`, `cli.speedscreen`), a
bot with `speedgame.SpeedBotAgent`. Invariants: every entry applied redraws the person's screen; the
cards being turned are opened by the programs' own shares at once (the application's pending step,
sent even while the person is deciding); the terminal is restored on every way out; Ctrl-C leaves
(exit code 130: the host reports the seat gone, the game stops for both)."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path

import click

from p2pshithead.cli.home import HOME_ENV, config_dir, transcripts_dir
from p2pshithead.cli.processes import APART
from p2pshithead.cli.session import person_identity
from p2pshithead.cli.speedkeys import QUIT_KEYS, RawKeys, draw
from p2pshithead.cli.speedplay import speed_bot, speed_rules
from p2pshithead.cli.speedscreen import key_action, narrate, speed_screen
from p2pshithead.cli.terminal import terminal_size
from p2pshithead.net import (
    ANY,
    Agent,
    Host,
    Identity,
    Joiner,
    NetError,
    TableAd,
    TableConfig,
    TableEvent,
    Transcript,
    default_transcript_path,
    load_identity,
    save_entries,
)
from p2pshithead.speedgame import SPEED, SpeedApp, SpeedBotAgent

__all__ = ["SpeedPerson", "host_speed", "join_speed"]

Run = Callable[[Agent], Coroutine[object, object, Transcript]]
"""Plays the table with the given agent for the local seat; the final transcript."""


class Leave(Exception):
    """The person pressed Ctrl-C or Ctrl-D."""


class SpeedPerson:
    """A person at this terminal playing one seat of networked Speed with single keys."""

    is_bot = False

    def __init__(self, keys: RawKeys, unicode: bool) -> None:
        self._keys, self._unicode = keys, unicode
        self._changed = asyncio.Event()
        self.lines: list[str] = []
        self.status = ""
        self._app: SpeedApp | None = None
        self._playing = False  # play has begun (keys from before are dropped then)

    async def async_wait_ready(self) -> None:
        return

    def tick(self) -> None:
        return

    def say(self, text: str) -> None:
        """A line about the table (before the game, or from the transport)."""
        self.lines.append(text)
        self.redraw()

    def redraw(self) -> None:
        app = self._app
        if app is None or app.in_setup() or app.seat is None:
            draw("\n".join([*self.lines[-12:], "(setting up the deck: keys and proven shuffles...)"
                            if app is not None else "waiting for the other player..."]))  # fmt: skip
            return
        draw(speed_screen(app.game, app.seat, app.names, self.lines, self._unicode, self.status, terminal_size()))

    def observe(self, app: object, seat: int, events: Sequence[object]) -> None:
        assert isinstance(app, SpeedApp)
        self._app = app
        self.lines += narrate(events, app.game, seat, app.names, self._unicode)
        self._changed.set()
        self.redraw()

    async def async_choose(self, app: object, seat: int) -> object:
        """The pending deck step as soon as there is one; else the play the person's next key asks for."""
        assert isinstance(app, SpeedApp)
        self._app = app
        while True:
            pending = app.pending()
            if pending is not None:
                return pending
            if not self._playing and not app.in_setup():  # keys pressed while the deck was set up: dropped
                self._playing = True
                if self._keys.flush():
                    raise Leave
            self._changed.clear()
            key = asyncio.ensure_future(self._keys.get())
            changed = asyncio.ensure_future(self._changed.wait())
            await asyncio.wait({key, changed}, return_when=asyncio.FIRST_COMPLETED)
            changed.cancel()
            if not key.done():
                key.cancel()
                continue
            pressed = key.result()
            if pressed in QUIT_KEYS:
                raise Leave
            got = key_action(pressed, app.game, seat, self._unicode)
            if isinstance(got, str):
                self.status = f"! {got}"
                self.redraw()
                continue
            self.status = ""
            return app.action_payload(got)


def speed_bot_agent(level: str, seed: int | None) -> SpeedBotAgent:
    """The bot of `--level` for a Speed seat."""
    return SpeedBotAgent(speed_bot(level), random.Random(seed if seed is not None else os.urandom(8)))



def _finish(transcript: Transcript, identity: Identity, path: Path | None, say: Callable[[str], None]) -> int:
    seat = [s.key for s in transcript.setup.seats].index(identity.public)
    path = path or default_transcript_path(transcripts_dir(), transcript.setup.table_id, seat)
    save_entries(path, transcript.entries)
    app = transcript.app
    if transcript.verdict is not None:
        say(f"The game stopped: {transcript.verdict}. Transcript: {path}")
        return 1
    order = app.finish_order() if isinstance(app, SpeedApp) else None
    winner = "You win" if order and order[0] == seat else f"{transcript.setup.seats[order[0]].nick} wins" if order \
        else "No winner"  # fmt: skip
    say(f"{winner}. Transcript: {path}")
    return 0


def _say_raw(text: str) -> None:
    sys.stdout.write(text.replace("\n", "\r\n") + "\r\n")
    sys.stdout.flush()


async def _async_run_person(run: Run, unicode: bool) -> tuple[Transcript, SpeedPerson] | None:
    async with RawKeys() as keys:
        person = SpeedPerson(keys, unicode)
        try:
            return await run(person), person
        except Leave:
            return None


def host_speed(name: str | None, rules_text: str | None, bind: str, port: int, announce: bool, bots: int,
               autoplay: bool, level: str, nick: str | None, ascii_only: bool, seed: int | None,
               transcript: Path | None) -> None:  # fmt: skip
    """`host --game speed`: a two-seat Speed table; `--bots 1` seats a bot process, else a person joins."""
    rules = speed_rules(rules_text)
    if bots > 1:
        raise click.BadParameter(f"Speed seats two: --bots 0 (a person joins) or 1, not {bots}", param_hint="--bots")
    # a person is asked, the first time
    identity = load_identity(config_dir(), nick=nick) if autoplay else person_identity(nick)
    config = TableConfig(name or f"{identity.nick}'s Speed", SPEED, rules.to_text(), 2, bind, port,
                         announce=announce, words=rules.words(), turn_time=0)  # fmt: skip

    bot_home = config_dir() / "bots" / "1"  # the bot's own identity, kept across runs

    async def run(agent: Agent) -> Transcript:
        say = agent.say if isinstance(agent, SpeedPerson) else click.echo
        async with Host(identity, config, agent, table_id=os.urandom(16), secret=os.urandom(SPEED.secret_size),
                        host_ready=True, notify=lambda event: say(_event_words(event)),
                        clock=time.monotonic) as host:  # fmt: skip
            address = "127.0.0.1" if bind == ANY else bind  # where this machine's bot dials
            reach = next((f"[{a}]" if ":" in a else a for a in host.addresses), address)  # what the others dial
            say(f"Speed table {config.name!r} on {reach}:{host.port}; rules: {rules.to_text()}; "
                f"join with: p2pshithead join {config.name!r}, or join --game speed --address {reach}:{host.port}")
            children = [subprocess.Popen([sys.executable, "-c", "from p2pshithead.cli.main import main; "
                                          "main(prog_name='p2pshithead')", "join", "--game", "speed", "--bot",
                                          "--level", level, "--address", f"{address}:{host.port}", "--bind",
                                          address], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                         env={**os.environ, HOME_ENV: str(bot_home)}, **APART)
                        for _ in range(bots)]  # fmt: skip
            try:
                return await host.async_run()
            finally:
                for child in children:
                    child.terminate()

    _play(run, identity, autoplay, level, seed, ascii_only, transcript)


def is_speed(ad: TableAd) -> bool:
    """Whether an announced table plays Speed (its rules name a Speed preset)."""
    return ad.rules.split(";")[0].split()[0] in SPEED.presets


def join_speed(addresses: tuple[str, ...], port: int, host_key: bytes | None, bind: str, bot: bool, level: str,
               nick: str | None, ascii_only: bool, seed: int | None, transcript: Path | None) -> None:  # fmt: skip
    """Sit at the Speed table at `addresses`:`port` (from its announcement, signed by `host_key`, or from
    `--address`), as `join` found it."""
    if bot:
        identity = load_identity(config_dir(), nick=nick or f"bot-{os.urandom(2).hex()}")
    else:
        identity = person_identity(nick)  # the first time, a console asks for the nickname

    async def run(agent: Agent) -> Transcript:
        say = agent.say if isinstance(agent, SpeedPerson) else click.echo
        joiner = Joiner(identity, addresses, port, {SPEED.name: SPEED}, lambda app: agent, bot=bot,
                        bind=None if bind == ANY else bind, notify=lambda event: say(_event_words(event)),
                        clock=time.monotonic, secret=os.urandom(SPEED.secret_size), host_key=host_key)  # fmt: skip
        async with joiner:
            return await joiner.async_run()

    _play(run, identity, bot, level, seed, ascii_only, transcript)


def _play(run: Run, identity: Identity, bot: bool, level: str, seed: int | None, ascii_only: bool,
          transcript: Path | None) -> None:  # fmt: skip
    try:
        if bot:
            result: Transcript = asyncio.run(run(speed_bot_agent(level, seed)))
            raise SystemExit(_finish(result, identity, transcript, click.echo))
        done = asyncio.run(_async_run_person(run, not ascii_only))
    except (NetError, OSError) as exc:
        click.echo(f"error: {exc}", err=True)
        raise SystemExit(3) from None
    if done is None:
        click.echo("Left the table (the game stops for both). Bye!")
        raise SystemExit(130)
    result, person = done
    raise SystemExit(_finish(result, identity, transcript, click.echo))


def _event_words(event: TableEvent) -> str:
    from p2pshithead.cli.session import table_words

    return table_words(event)
