"""Shared helpers for net tests: a table of in-memory peers joined by a fake link (no sockets)."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass

from p2pshithead.cli.seating import APPS as CARD_APPS
from p2pshithead.cli.shithead import ShitheadBot
from p2pshithead.net import Entry, Identity, SeatInfo, SeatSigner, Sequencer, TableSetup, Transcript, make_genesis

from .countdown import APPS as COUNTDOWN_APPS
from .countdown import countdown_move

APPS = {**COUNTDOWN_APPS, **CARD_APPS}
"""Every application the net tests run: the countdown test game and the card game."""
BOTS: dict[str, Callable[[], Callable[[object, int, random.Random], object]]] = {
    "countdown": lambda: functools.partial(countdown_move, level="greedy"), "shithead": ShitheadBot}
"""A computer player for one seat, by application."""


@dataclass
class Group:
    """A host (sequencer, seat 0) and followers, each with its own transcript copy."""

    ids: list[Identity]
    sequencer: Sequencer
    seats: list[SeatSigner]

    def deliver(self, entry: Entry) -> None:
        """Give a sealed entry to every follower (the host appended it already) and to every seat."""
        for seat in self.seats[1:]:
            seat.transcript.append(entry)
        for seat in self.seats:
            seat.observe(entry)

    def play_bots(self, rng: random.Random, limit: int = 500) -> None:
        """Let every seat act through the sequencer until the transcript is done or stopped."""
        bots = [BOTS[self.sequencer.transcript.setup.app]() for _ in self.seats]
        for _ in range(limit):
            acted = False
            for seat in self.seats:
                if seat.may_move():
                    msg = seat.move(bots[seat.seat](seat.transcript.app, seat.seat, rng))
                elif seat.must_sign_off():
                    msg = seat.sign_off()
                else:
                    continue
                self.deliver(self.sequencer.sequence(msg, f"seat {seat.seat}"))
                acted = True
            if not acted:
                return
        raise AssertionError("game did not end")


def make_group(n: int = 3, rules: str = "short", app: str = "countdown") -> Group:
    ids = [Identity.generate(f"p{i}") for i in range(n)]
    spec = APPS[app]
    setup = TableSetup(bytes(range(16)), "t", app, rules, spec.ruleset_hash(rules),
                       tuple(SeatInfo(i.public, i.nick) for i in ids))  # fmt: skip
    genesis = make_genesis(ids[0], setup)
    transcripts = [Transcript.start(genesis, k, APPS) for k in range(n)]
    seats = [SeatSigner(i, t) for i, t in zip(ids, transcripts, strict=True)]
    return Group(ids, Sequencer(ids[0], transcripts[0]), seats)


