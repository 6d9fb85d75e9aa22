"""Moves: frozen values naming players and slots (deal positions), never card identities.

Invariants: a move is checked for shape on construction (non-negative players and slots,
distinct slots); whether it fits a position is the game's question. `Move.from_text(m.text())
== m` for every move. Notation (docs/notation.md): `<player> <verb> [args]`, e.g. "2 play 17,23",
"2 play 40>1" (an ace naming player 1), "0 swap 12 4", "1 place 15", "1 ready", "3 show 9",
"3 show -", "1 pick", "1 pick 30", "3 flip 40", "2 give 31", "2 leave".
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Swap", "Place", "Ready", "Show", "Play", "Flip", "PickUp", "Give", "Leave", "Move", "move_from_text"]


def _check_index(name: str, value: object) -> None:
    if type(value) is int and value >= 0:  # the common case, decided without isinstance
        return
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{name} must be a non-negative int, not {value!r}")


_INTS = {int}  # the types of a play's slots when all are plain ints (Play's fast check)


def _check_fields(move: object, *names: str) -> None:
    for name in names:
        _check_index(name, getattr(move, name))


@dataclass(frozen=True, slots=True)
class Swap:
    """Swap phase: exchange hand slot `hand` with face-up slot `up` (section 2)."""

    player: int
    hand: int
    up: int

    def __post_init__(self) -> None:
        _check_fields(self, "player", "hand", "up")

    def text(self) -> str:
        return f"{self.player} swap {self.hand} {self.up}"


@dataclass(frozen=True, slots=True)
class Place:
    """Swap phase: lay hand slot `hand` face up (deal_six), or on a face-up duplicate (Karma)."""

    player: int
    hand: int

    def __post_init__(self) -> None:
        _check_fields(self, "player", "hand")

    def text(self) -> str:
        return f"{self.player} place {self.hand}"


@dataclass(frozen=True, slots=True)
class Ready:
    """Swap phase: the player has finished swapping."""

    player: int

    def __post_init__(self) -> None:
        _check_index("player", self.player)

    def text(self) -> str:
        return f"{self.player} ready"


@dataclass(frozen=True, slots=True)
class Show:
    """Start phase (lowest_shown): show hand slot `slot`, or show nothing (`None`)."""

    player: int
    slot: int | None

    def __post_init__(self) -> None:
        _check_index("player", self.player)
        if self.slot is not None:
            _check_index("slot", self.slot)

    def text(self) -> str:
        return f"{self.player} show {'-' if self.slot is None else self.slot}"


@dataclass(frozen=True, slots=True)
class Play:
    """Play `slots` (one rank) from the current source; `target` names who takes the pile
    after an ace when `ace_gives_pile` is on. Out-of-turn plays are Plays by another player."""

    player: int
    slots: tuple[int, ...]
    target: int | None = None

    def __post_init__(self) -> None:
        slots = self.slots
        if (  # the common case, decided at once: plain non-negative ints, distinct, no target
            type(slots) is tuple
            and self.target is None
            and type(self.player) is int
            and self.player >= 0
            and slots
            and {*map(type, slots)} == _INTS
            and min(slots) >= 0
            and len(set(slots)) == len(slots)
        ):
            return
        _check_index("player", self.player)
        if not isinstance(self.slots, tuple) or not self.slots:
            raise ValueError("a play names at least one slot, as a tuple")
        for slot in self.slots:
            _check_index("slot", slot)
        if len(set(self.slots)) != len(self.slots):
            raise ValueError("a play names each slot once")
        if self.target is not None:
            _check_index("target", self.target)

    def text(self) -> str:
        tail = "" if self.target is None else f">{self.target}"
        return f"{self.player} play {','.join(map(str, self.slots))}{tail}"


@dataclass(frozen=True, slots=True)
class Flip:
    """Turn face-down slot `slot` and play it if legal, else take it with the pile (section 6)."""

    player: int
    slot: int

    def __post_init__(self) -> None:
        _check_fields(self, "player", "slot")

    def text(self) -> str:
        return f"{self.player} flip {self.slot}"


@dataclass(frozen=True, slots=True)
class PickUp:
    """Take the pile into hand, with face-up slot `up` when the rules make you (section 6)."""

    player: int
    up: int | None = None

    def __post_init__(self) -> None:
        _check_index("player", self.player)
        if self.up is not None:
            _check_index("up", self.up)

    def text(self) -> str:
        return f"{self.player} pick" + ("" if self.up is None else f" {self.up}")


@dataclass(frozen=True, slots=True)
class Give:
    """Card exchange between games (French, section 6): give hand slot `slot` to the other party
    (the Shithead their best card to the Masta, then the Masta any card back)."""

    player: int
    slot: int

    def __post_init__(self) -> None:
        _check_fields(self, "player", "slot")

    def text(self) -> str:
        return f"{self.player} give {self.slot}"


@dataclass(frozen=True, slots=True)
class Leave:
    """The player leaves the game for good: their cards leave play unseen, they finish last among
    the players still in (docs/rules.md, "Leaving"). Not a choice of play: `legal_moves` never
    lists it; `push` takes it whenever the player is still in."""

    player: int

    def __post_init__(self) -> None:
        _check_index("player", self.player)

    def text(self) -> str:
        return f"{self.player} leave"


Move = Swap | Place | Ready | Show | Play | Flip | PickUp | Give | Leave


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(","))


def move_from_text(text: str) -> Move:
    """Parse the notation of `Move.text()`.

    Raises:
        ValueError: not a move in notation.
    """
    parts = text.split()
    try:
        player, verb, args = int(parts[0]), parts[1], parts[2:]
        if verb == "swap" and len(args) == 2:
            return Swap(player, int(args[0]), int(args[1]))
        if verb == "place" and len(args) == 1:
            return Place(player, int(args[0]))
        if verb == "ready" and not args:
            return Ready(player)
        if verb == "show" and len(args) == 1:
            return Show(player, None if args[0] == "-" else int(args[0]))
        if verb == "play" and len(args) == 1:
            slots, arrow, target = args[0].partition(">")
            return Play(player, _ints(slots), int(target) if arrow else None)
        if verb == "flip" and len(args) == 1:
            return Flip(player, int(args[0]))
        if verb == "give" and len(args) == 1:
            return Give(player, int(args[0]))
        if verb == "leave" and not args:
            return Leave(player)
        if verb == "pick" and len(args) <= 1:
            return PickUp(player, int(args[0]) if args else None)
    except (IndexError, ValueError) as exc:
        raise ValueError(f"not a move: {text!r} ({exc})") from None
    raise ValueError(f"not a move: {text!r}")
