# `countdown`: a small turn-based test application that stands in for the card game on the network.
# Rules: a pile of `start` chips; the seat to act takes 1..3 (no more than remain); who takes the last
# chip is out (next in the finish order) and the pile is refilled; the next seat still in acts. When one
# seat is left it is last, and the finish order is complete. Invariants: exactly one seat may act while
# the game runs; a refused payload raises `Fault` naming its author and changes nothing.
"""The `countdown` test application (`COUNTDOWN` spec) used until the card game is on the network."""

from __future__ import annotations

import hashlib
import random

from p2pshithead.net._app import AppSpec, TableSetup
from p2pshithead.net._errors import Fault

_STARTS = {"short": 7, "long": 21}


class Countdown:
    """The countdown game state for one table (no secrets, so the local seat plays no part)."""

    __slots__ = ("_chips", "_finished", "_in", "_start", "_turn")

    def __init__(self, setup: TableSetup, local_seat: int | None = None) -> None:
        self._start = _STARTS[setup.rules]
        self._chips = self._start
        self._in = list(range(len(setup.seats)))
        self._finished: list[int] = []
        self._turn = 0

    def __repr__(self) -> str:
        return f"<Countdown chips={self._chips} turn={self._turn} finished={self._finished}>"

    @property
    def chips(self) -> int:
        """Chips left on the pile."""
        return self._chips

    def who_may_act(self) -> frozenset[int]:
        return frozenset() if len(self._in) < 2 else frozenset({self._in[self._turn]})

    def apply(self, seat: int, payload: object) -> None:
        if seat not in self.who_may_act():
            raise Fault(seat, "played out of turn")
        if not isinstance(payload, dict) or set(payload) != {"take"}:
            raise Fault(seat, f"malformed move {payload!r}")
        take = payload["take"]
        if isinstance(take, bool) or not isinstance(take, int) or not 1 <= take <= min(3, self._chips):
            raise Fault(seat, f"cannot take {take!r} of {self._chips} chips")
        self._chips -= take
        if self._chips:
            self._turn = (self._turn + 1) % len(self._in)
            return
        self._finished.append(seat)
        self._in.remove(seat)
        self._chips = self._start
        self._turn %= len(self._in)
        if len(self._in) == 1:
            self._finished.append(self._in.pop())

    def pending(self) -> object | None:
        return None

    def finish_order(self) -> tuple[int, ...] | None:
        return None if self._in else tuple(self._finished)

    def in_setup(self) -> bool:
        return False

    def status(self, seat: int | None, ascii: bool = False) -> str:
        if not self._in:
            return f"finished: {self._finished}"
        return f"{self._chips} chips left; seat {self._in[self._turn]} to take 1-3"

    def headline(self, seat: int | None) -> str:
        return "game over" if not self._in else f"seat {self._in[self._turn]} thinking"

    def news(self, ascii: bool = False) -> list[str]:
        return []


def _ruleset_hash(preset: str) -> bytes:
    return hashlib.sha256(f"countdown/v1/start={_STARTS[preset]}".encode()).digest()


def _describe(preset: str) -> str:
    return f"countdown ({preset}): take 1 to 3 of {_STARTS[preset]} chips in turn; who takes the last is out"


def _bot(app: object, seat: int, rng: random.Random, level: int) -> object:
    assert isinstance(app, Countdown)
    best = app.chips % 4  # leave a multiple of 4 when that wins the pile
    if level > 0 and best:
        return {"take": best}
    return {"take": rng.randint(1, min(3, app.chips))}


def _parse(app: object, seat: int, text: str) -> object:
    try:
        return {"take": int(text)}
    except ValueError:
        raise ValueError("type how many chips to take: 1, 2 or 3") from None


COUNTDOWN = AppSpec(
    name="countdown",
    presets=tuple(_STARTS),
    make=Countdown,
    ruleset_hash=_ruleset_hash,
    describe=_describe,
    bot=_bot,
    parse=_parse,
)
