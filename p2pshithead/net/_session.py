# What `host` and `join` share around a game: choosing the agent, and the end (save the transcript,
# print the outcome, write timing records). Invariant: every peer saves its transcript whatever the end.
"""`make_agent` and `finish_game`."""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

from p2pshithead.net._app import app_spec
from p2pshithead.net._archive import default_transcript_path, save_entries
from p2pshithead.net._outcome import outcome_of
from p2pshithead.net._play import Agent, BotAgent, HumanAgent, Say
from p2pshithead.net._stats import Stats
from p2pshithead.net._transcript import Transcript


def make_agent(app: str, bot: bool, level: int, seed: int | None, say: Say, ascii: bool = False) -> Agent:
    """A bot at `level` (RNG from `seed`, else from the OS) or a person at this terminal."""
    spec = app_spec(app)
    if bot:
        return BotAgent(spec, random.Random(seed if seed is not None else os.urandom(8)), level)
    return HumanAgent(spec, say, ascii=ascii, clock=time.monotonic, live=sys.stdout.isatty())


def finish_game(transcript: Transcript, seat: int, path: Path | None, stats: Stats, stats_path: Path | None, say: Say,
                agent: Agent | None = None) -> int:  # fmt: skip
    """Save the transcript (to `path`, else the default place), say how the game ended, return the exit status.

    A person (`agent` a `HumanAgent`) sees the final screen first: the finish order with titles.
    """
    path = path or default_transcript_path(transcript.setup.table_id, seat)
    save_entries(path, transcript.entries)
    if stats_path is not None:
        stats.write(stats_path)
    outcome = outcome_of(transcript)
    if isinstance(agent, HumanAgent) and transcript.verdict is None and (final := agent.final_screen()):
        say("\n" + final)
    for line in outcome.lines:
        say(line)
    say(f"saved to {path}")
    return outcome.status
