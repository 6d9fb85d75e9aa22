"""A card game played in memory by peers whose secrets are known, kept as a journal keeps it: for the
tests of taking a journal up (`replay_journal`; `join` and `host --resume` refusing one that does not fit)."""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, replace
from typing import Any

from p2pshithead.net import (
    Entry,
    Identity,
    SeatInfo,
    SeatRecord,
    SeatSigner,
    Sequencer,
    TableSetup,
    Transcript,
    make_genesis,
)

from .fake_link import APPS, Group

TABLE_ID = bytes.fromhex("4f61" * 8)
"""The table the game is played at."""


@dataclass(frozen=True)
class Played:
    """A two-seat Shithead game at `TABLE_ID`: its seats' identities and secrets, and every entry in order."""

    ids: tuple[Identity, ...]
    secrets: tuple[bytes, ...]
    entries: tuple[Entry, ...]

    def record(self, seat: int, **changes: Any) -> SeatRecord:
        """The record seat `seat` keeps for the table (with `changes`)."""
        role = "host" if seat == 0 else "join"
        return replace(SeatRecord(TABLE_ID, role, self.secrets[seat], ("127.0.0.1",), 1, {"away": 30}), **changes)


def play(ids: tuple[Identity, ...], seed: int = 1) -> Played:
    """A whole two-seat Shithead game between `ids` (seat 0 hosts), played by bots."""
    spec = APPS["shithead"]
    setup = TableSetup(TABLE_ID, "journaled", "shithead", "classic", spec.ruleset_hash("classic"),
                       tuple(SeatInfo(i.public, i.nick) for i in ids))  # fmt: skip
    genesis = make_genesis(ids[0], setup)
    secrets = tuple(os.urandom(spec.secret_size) for _ in ids)
    transcripts = [Transcript.start(genesis, k, APPS, secret=secrets[k]) for k in range(len(ids))]
    seats = [SeatSigner(i, t) for i, t in zip(ids, transcripts, strict=True)]
    group = Group(list(ids), Sequencer(ids[0], transcripts[0]), seats)
    group.play_bots(random.Random(seed), limit=5000)
    return Played(ids, secrets, tuple(group.sequencer.transcript.entries))
