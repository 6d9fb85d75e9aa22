"""What each rank does under a ruleset, kept as data (sections 3, 4, 7).

Invariants: `powers(rules)[rank]` is a `Power`; a transparent card is always playable on
anything; `playable(...)` judges a single card against the pile's effective top and is the one
place where "may X be played on Y" is decided.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from p2pshithead.engine._cards import CARD_OF, Card, Rank
from p2pshithead.engine._rules import Eight, Five, JokerRule, Nine, Ruleset, Seven, Three
from p2pshithead.lang import _

__all__ = [
    "Power", "powers", "burn_barred", "playable", "playable_in", "demand_text", "demand_text_in", "turbo_ranks",
    "strength", "Codes", "codes",
]

_FACES = frozenset({Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE})


@dataclass(frozen=True, slots=True)
class Power:
    """The powers of one rank; all false is a plain card ranked by its value."""

    anything: bool = False  # may be played on any card
    transparent: bool = False  # takes the effective rank of the card beneath; skipped in four-counts
    reset: bool = False  # any card may follow it
    burn: bool = False  # burns the pile; the player plays again
    cap: int | None = None  # the next play must be this rank or lower (or play-on-anything)
    skip: bool = False  # each one skips one player
    reverse: bool = False  # each one reverses the direction
    suit: bool = False  # the next play must follow its suit
    value: int | None = None  # the rank it counts as for the next play (a joker as a 7), else its own
    over: bool = False  # may also be played on a higher card (unless a cap forbids it)

    @property
    def plain(self) -> bool:
        return self == _PLAIN


_PLAIN = Power()


@lru_cache(maxsize=64)
def powers(rules: Ruleset) -> dict[Rank, Power]:
    """The power table of `rules`."""
    table = dict.fromkeys(Rank, _PLAIN)
    table[Rank.TWO] = Power(anything=True, reset=True)
    table[Rank.TEN] = Power(anything=True, burn=True)
    if rules.three is Three.MIRROR:
        table[Rank.THREE] = Power(anything=True, transparent=True)
    if rules.five is Five.LOWER:  # the Pagat seed's computer 5: on any higher card; lower than 5 follows
        table[Rank.FIVE] = Power(cap=4, over=True)
    if rules.seven is Seven.UNDER:
        table[Rank.SEVEN] = Power(cap=7)
    elif rules.seven is Seven.MIRROR:
        table[Rank.SEVEN] = Power(anything=True, transparent=True)
    if rules.eight is Eight.SKIP:
        table[Rank.EIGHT] = Power(skip=True)
    elif rules.eight is Eight.REVERSE:
        table[Rank.EIGHT] = Power(anything=True, transparent=True, reverse=True)
    elif rules.eight is Eight.UNDER:
        table[Rank.EIGHT] = Power(cap=8)  # Jane (46): lower than 8 or another 8 is "8 or lower"
    if rules.nine is Nine.REVERSE:
        table[Rank.NINE] = Power(reverse=True)
    elif rules.nine is Nine.SUIT:
        table[Rank.NINE] = Power(suit=True)
    table[Rank.JOKER] = {
        JokerRule.REVERSE: Power(anything=True, transparent=True, reverse=True),  # Pagat: beat the play beneath it
        JokerRule.WILD: Power(anything=True, transparent=True),
        JokerRule.SKIP: Power(anything=True, reset=True, skip=True),
        JokerRule.SKIP_MIRROR: Power(anything=True, transparent=True, skip=True),
        JokerRule.SKIP_SEVEN: Power(anything=True, skip=True, value=7),
    }[rules.joker]
    return table


@lru_cache(maxsize=64)
def turbo_ranks(rules: Ruleset) -> frozenset[Rank]:
    """Ranks that may be played out of turn under `turbo`: plain ranks only (section 5)."""
    table = powers(rules)
    plain = {r for r in Rank if table[r].plain and r is not Rank.JOKER}
    plain.discard(Rank.THREE)  # 3 is a power card in the seed even where it plays plain here
    if rules.ace_gives_pile:
        plain.discard(Rank.ACE)
    return frozenset(plain)


@lru_cache(maxsize=64)
def burn_barred(rules: Ruleset) -> frozenset[Rank]:
    """The ranks a burn card (10) may not be played on: J Q K A with `ten_not_on_faces` (a Pagat
    reading), 8 with `ten_not_on_eight` (Jane, Pagat seed 47)."""
    faces = _FACES if rules.ten_not_on_faces else frozenset()
    return faces | ({Rank.EIGHT} if rules.ten_not_on_eight else frozenset())


def playable(rules: Ruleset, card: Card, top: Card | None) -> bool:
    """May `card` be played on a pile whose effective top is `top` (None: empty or reset)."""
    return playable_in(powers(rules), burn_barred(rules), card, top)


def playable_in(table: Mapping[Rank, Power], barred: frozenset[Rank], card: Card, top: Card | None) -> bool:
    """`playable` with the power table and `burn_barred` already looked up (the engine's hot path)."""
    if top is None:
        return True
    power = table[card.rank]
    if power.anything:
        return not (power.burn and top.rank in barred)
    under = table[top.rank]
    if under.reset:
        return True
    if under.suit:
        return card.suit == top.suit
    if under.cap is not None:
        return card.rank <= under.cap
    return power.over or card.rank >= (under.value or top.rank)


def strength(rules: Ruleset, card: Card) -> tuple[bool, bool, bool, int]:
    """How good a card is to hold, for "the Shithead gives their best card" (section 6): cards
    played on anything first (a burn above a reset above a mirror), then by rank. Higher is better."""
    power = powers(rules)[card.rank]
    return (power.anything, power.burn, power.reset, int(card.rank))


def demand_text(rules: Ruleset, top: Card | None) -> str:
    """What the pile demands, in words ("7 on the pile: play 7 or lower")."""
    return demand_text_in(powers(rules), top)


def demand_text_in(table: Mapping[Rank, Power], top: Card | None) -> str:
    """`demand_text` with the power table already looked up (judging a move in the hot path)."""
    if top is None:
        return _("empty pile: play anything")
    under = table[top.rank]
    shown = top.rank.symbol
    if under.reset:
        return _("{rank} on the pile: play anything").format(rank=shown)
    if under.suit and top.suit is not None:
        return _("{rank}{suit} on the pile: follow suit {suit} or play a power card").format(
            rank=shown, suit=top.suit.value)
    if under.cap is not None:
        return _("{rank} on the pile: play {cap} or lower").format(rank=shown, cap=Rank(under.cap).symbol)
    least = Rank(under.value).symbol if under.value else shown
    return _("{rank} on the pile: play {least} or higher").format(rank=shown, least=least)


@dataclass(frozen=True, slots=True)
class Codes:
    """The power table of a ruleset indexed by card code (`_cards`), for the engine's inner loops:
    each field holds one entry per code 0-127 (0, unknown, has no power)."""

    transparent: bytes
    anything: bytes
    burn: bytes
    skip: bytes
    reverse: bytes
    can: tuple[bytes, ...]  # can[top][code]: 1 when `code` may be played on effective top `top` (0: none)


@lru_cache(maxsize=64)
def codes(rules: Ruleset) -> Codes:
    """`Codes` of `rules`; `can` is `playable` over every pair of cards."""
    table, barred = powers(rules), burn_barred(rules)

    def flag(name: str) -> bytes:
        return bytes(bool(c and getattr(table[c.rank], name)) for c in CARD_OF)

    can = tuple(
        bytes(bool(c and (top is None or t) and playable_in(table, barred, c, top)) for c in CARD_OF)
        for t, top in enumerate(CARD_OF)
    )
    return Codes(flag("transparent"), flag("anything"), flag("burn"), flag("skip"), flag("reverse"), can)


_Tables = tuple[dict[Rank, Power], frozenset[Rank], frozenset[Rank], Codes]
_KEPT: dict[int, tuple[Ruleset, _Tables]] = {}  # by id; the ruleset is held, so its id stays its own


def tables(rules: Ruleset) -> _Tables:
    """(`powers`, `turbo_ranks`, `burn_barred`, `codes`) of `rules`, kept by the ruleset object: a
    new game of a ruleset in use hashes no ruleset (the engine's deal)."""
    kept = _KEPT.get(id(rules))
    if kept is None or kept[0] is not rules:
        if len(_KEPT) >= 64:  # as many as the caches above keep
            _KEPT.clear()
        kept = _KEPT[id(rules)] = (rules, (powers(rules), turbo_ranks(rules), burn_barred(rules), codes(rules)))
    return kept[1]
