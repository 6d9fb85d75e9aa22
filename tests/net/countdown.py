# `countdown`: a small turn-based test application that stands in for the card game on the network.
# Rules: a pile of `start` chips; the seat to act takes 1..3 (no more than remain); who takes the last
# chip is out (next in the finish order) and the pile is refilled; the next seat still in acts. When one
# seat is left it is last, and the finish order is complete. Invariants: exactly one seat may act while
# the game runs; a refused payload raises `Fault` naming its author and changes nothing.
"""The `countdown` test application (`COUNTDOWN`, `APPS`) and its computer player (`CountdownBot`), which
stand in for the card game in the transport's tests: the transport runs whatever it is given."""

from __future__ import annotations

import functools
import hashlib
import random
from collections.abc import Callable, Sequence

from p2pshithead.cli.agents import BotAgent
from p2pshithead.errors import Fault
from p2pshithead.net import Apps, AppSpec, TableSetup

_STARTS = {"short": 7, "long": 21}


class Countdown:
    """The countdown game state for one table (no secrets, so the local seat plays no part)."""

    __slots__ = ("_chips", "_finished", "_in", "_seats", "_start", "_turn")

    def __init__(self, setup: TableSetup, local_seat: int | None = None, secret: bytes = b"") -> None:
        self._start = _STARTS[setup.rules]
        self._chips = self._start
        self._in = list(range(len(setup.seats)))
        self._seats = len(setup.seats)
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

    def apply(self, seat: int, payload: object) -> Sequence[object]:
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
            return ()
        self._finished.append(seat)
        self._in.remove(seat)
        self._chips = self._start
        self._turn %= len(self._in)
        if len(self._in) == 1:
            self._finished.append(self._in.pop())
        return ()

    def pending(self) -> object | None:
        return None

    def finish_order(self) -> tuple[int, ...] | None:
        return None if self._in else tuple(self._finished)

    def in_setup(self) -> bool:
        return False

    def present(self) -> frozenset[int]:
        return frozenset(range(self._seats))


def _ruleset_hash(preset: str) -> bytes:
    return hashlib.sha256(f"countdown/v1/start={_STARTS[preset]}".encode()).digest()


def countdown_move(app: object, seat: int, rng: random.Random, level: str) -> object:
    """A computer player's move: above "random" it leaves a multiple of 4 when it can."""
    assert isinstance(app, Countdown)
    best = app.chips % 4
    if level != "random" and best:
        return {"take": best}
    return {"take": rng.randint(1, min(3, app.chips))}


def CountdownBot(rng: random.Random, level: str = "greedy") -> BotAgent:
    """`countdown_move` as the transport's `Agent`: the CLI's computer player, given this game's moves."""
    return BotAgent(functools.partial(countdown_move, level=level), rng)


def countdown_bots(seed: int) -> Callable[[str], BotAgent]:
    """A joiner's `agent_for`: a `CountdownBot` drawing from `random.Random(seed)`, whatever the app."""
    return lambda app: CountdownBot(random.Random(seed))


def _check_rules(rules: str) -> None:
    if rules not in _STARTS:
        raise ValueError(f"unknown rules {rules!r} for countdown (known: {', '.join(_STARTS)})")


COUNTDOWN = AppSpec(name="countdown", presets=tuple(_STARTS), check_rules=_check_rules, make=Countdown,
                    ruleset_hash=_ruleset_hash)
APPS: Apps = {COUNTDOWN.name: COUNTDOWN}
