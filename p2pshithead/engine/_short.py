"""Short notation: what a person types for a move ("7", "77", "p", "fd 2", "swap 3 k", "a>2"), read
against a position into one legal move, written back from a move, and listed as hints
(docs/notation.md, "Short notation"). Bound to `Game` as `parse_short`, `short`, `short_hints`.

Invariants:
- `parse_short` reads only the position and the identities this engine knows (a player's view is
  enough); it returns a move in `game.moves_for(player)`, or raises a `MoveError` whose message is
  for people and names seats as "player N" (a screen may put names in): `InvalidMoveError` (not
  understood, or names cards or players that are not there), `IllegalMoveError` (the rules say no:
  the engine's `why_illegal` text) or `AmbiguousMoveError` (say more; the message lists choices).
- Cards of one rank count as interchangeable: "7" plays one of your 7s, "7h" a given one.
  `parse_short(short(m))` is `m` or a move that differs from it only in which card of a rank is
  used, i.e. one with the same `short` text.
- The verbs: "p" pick up, "fd" flip, "swap", "place", "give", "show", "r" ready, "-" show none;
  anything else is read as cards to play ("7", "77", "7x2", "7h", "a>2", "a>bob").
- Hand positions ("#2") count in `hand_order`: by rank, then suit, unknown cards last.
- Messages are in the language in use (`p2pshithead.lang`), one message per zone a sentence names
  (`_NO_CARD`, ...); what is read and decided never depends on the language.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from p2pshithead.engine._cards import Card, Rank, parse_rank
from p2pshithead.engine._errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, UnrevealedCardError
from p2pshithead.engine._game import Game, Source
from p2pshithead.engine._moves import Flip, Give, Leave, Move, PickUp, Place, Play, Ready, Show, Swap
from p2pshithead.engine._state import Phase
from p2pshithead.lang import N_, _, ngettext

__all__ = ["parse_short", "short", "short_hints", "hand_order"]

_NONE = {"-", "none", "no", "n", "nothing"}
_READY = {"r", "ready", "done", "go", "ok"}
_VERBS = {
    **dict.fromkeys(("p", "pick", "pickup", "take"), "pick"),
    **dict.fromkeys(("fd", "f", "flip", "d", "down"), "flip"),
    **dict.fromkeys(("swap", "s", "sw"), "swap"),
    **dict.fromkeys(("place", "pl", "lay"), "place"),
    **dict.fromkeys(("show", "sh"), "show"),
    **dict.fromkeys(("give", "g"), "give"),
}
_CARD = re.compile(r"(10|jo|[2-9]|[tjqka])([cdhs])?")
_TIMES = re.compile(r"(10|jo|[2-9]|[tjqka])\s*[x*]\s*(\d+)")
_VERB = re.compile(r"([a-z]+)(?:\s+|(?=[#\d])|$)(.*)")

# The zones a message names ("hand", "up", "down"), one sentence each (a zone's word changes the grammar)
_NO_CARD = {"hand": N_("you have no {card} in your hand"), "up": N_("you have no {card} in your face-up cards")}
_ONLY = {"hand": N_("you have only {count} x {rank} in your hand"),
         "up": N_("you have only {count} x {rank} in your face-up cards")}
_NAME_A_CARD = {"hand": N_("{typed}? name a card of your hand by rank (K) or position (#2)"),
                "up": N_("{typed}? name a card of your face-up cards by rank (K) or position (#2)")}
_EMPTY = {"hand": N_("your hand is empty"), "up": N_("you have no face-up cards"),
          "down": N_("you have no face-down cards")}


def hand_order(game: Game, slots: Sequence[int]) -> list[int]:
    """Slots sorted as a person holds them: by rank, then suit; unknown cards last.
    Hand positions ("swap #2 K") count in this order."""
    def key(slot: int) -> tuple[int, str]:
        card = game.card(slot)
        return (99, "") if card is None else (int(card.rank), card.suit.value if card.suit else "")

    return sorted(slots, key=key)


def parse_short(game: Game, text: str, player: int, names: Sequence[str] | None = None) -> Move:
    """See `Game.parse_short`."""
    game._check_player(player)
    t = " ".join(text.strip().lower().split())
    if not t:
        raise InvalidMoveError(_("type a move"))
    return _parse(game, t, player, list(names) if names is not None else [])


def _parse(game: Game, t: str, me: int, names: list[str]) -> Move:
    if t in _NONE:
        return _legal(game, Show(me, None))
    if t in _READY:
        return _legal(game, Ready(me))
    m = _VERB.fullmatch(t)
    verb = _VERBS.get(m.group(1)) if m else None
    if m and verb:
        rest = m.group(2).strip()
        if verb == "pick":
            return _pick(game, me, rest)
        if verb == "flip":
            return _flip(game, me, rest)
        if verb == "swap":
            return _swap(game, me, rest)
        if verb in ("place", "give"):
            slot = _find(game, hand_order(game, game.hand(me)), _one_ref(rest, verb), "hand")
            return _legal(game, Place(me, slot) if verb == "place" else Give(me, slot))
        return _show(game, me, rest)
    if game.phase is Phase.SHOW:
        return _show(game, me, t)
    if (game.phase is Phase.PLAY and me == game.turn and game.source(me) == Source.DOWN and t.isdigit()
            and 1 <= int(t) <= len(game.face_down(me))):
        return _flip(game, me, t)
    return _play(game, me, t, names)


def _legal(game: Game, move: Move) -> Move:
    """`move` itself when legal, else an IllegalMoveError with the engine's reason."""
    try:
        reason = game.why_illegal(move)
    except UnrevealedCardError:
        reason = _("that card is not known here yet")
    if reason is None:
        return move
    raise IllegalMoveError(str(reason))


# -- plays ------------------------------------------------------------------------------------


def _cards_typed(body: str) -> list[tuple[Rank, Card | None]] | None:
    """"77", "7 7", "7x2", "7h 7", "1010" -> ranks (and cards where a suit is given); None if not cards."""
    times = _TIMES.fullmatch(body.strip())
    if times:
        count = int(times.group(2))
        return [(parse_rank(times.group(1)), None)] * count if count else None
    compact = re.sub(r"[\s,]+", "", body)
    out: list[tuple[Rank, Card | None]] = []
    pos = 0
    while pos < len(compact):
        m = _CARD.match(compact, pos)
        if not m:
            return None
        rank = parse_rank(m.group(1))
        card = Card.from_text(m.group(1) + m.group(2)) if m.group(2) and rank is not Rank.JOKER else None
        out.append((rank, card))
        pos = m.end()
    return out or None


def _target(text: str, game: Game, names: list[str]) -> int:
    t = text.strip()
    if t.isdigit():
        seat = int(t)
        if 0 <= seat < game.players:
            return seat
        raise InvalidMoveError(_("no player {seat}: players are 0 to {last}").format(seat=seat, last=game.players - 1))
    hits = [i for i, n in enumerate(names) if t and n.lower().replace(" ", "").startswith(t.replace(" ", ""))]
    if len(hits) == 1:
        return hits[0]
    raise InvalidMoveError(_("name a player by number, e.g. a>{seat}").format(seat=(game.turn + 1) % game.players))


def _play(game: Game, me: int, t: str, names: list[str]) -> Move:
    body, arrow, target_text = t.partition(">")
    typed = _cards_typed(body)
    if typed is None:
        if game.phase is Phase.SWAP:
            raise InvalidMoveError(_("{typed}? swap a hand card with a face-up one (swap 3 k), or r when ready")
                                   .format(typed=repr(t)))
        raise InvalidMoveError(_("{typed}? type a rank like 7, 77, 10, q, k, a; p to pick up").format(typed=repr(t)))
    ranks = {rank for rank, _ in typed}
    wanted = [c for _, c in typed if c is not None]
    target = _target(target_text, game, names) if arrow else None
    if len(ranks) > 1:
        return _run(game, me, typed, wanted, target)
    rank = ranks.pop()
    hits = [
        m for m in game.moves_for(me)
        if isinstance(m, Play) and len(m.slots) == len(typed) and _holds(game, m.slots, rank, wanted)
        and (target is None or m.target == target)
    ]
    aims = sorted({m.target for m in hits if m.target is not None})
    if len(aims) > 1 and target is None:
        cards = short(game, hits[0]).split(">")[0]
        player = _("player {seat}")
        choices = ", ".join(f"{cards}>{a} ({player.format(seat=a)})" for a in aims)
        raise AmbiguousMoveError(_("an ace gives the pile: say who takes it: {choices}").format(choices=choices))
    if hits:
        return hits[0]
    return _legal(game, _explain_play(game, me, rank, len(typed), wanted, target))


def _run(game: Game, me: int, typed: list[tuple[Rank, Card | None]], wanted: list[Card], target: int | None) -> Move:
    """Cards of several ranks: a run (`runs`, "5h6h7h", "567"), or an error saying why not."""
    if not game.rules.runs:
        raise IllegalMoveError(_("cards played together must be of one rank"))
    ranks = sorted(rank for rank, _ in typed)
    hits = [
        m for m in game.moves_for(me)
        if isinstance(m, Play) and len(m.slots) == len(typed) and (target is None or m.target == target)
        and sorted(c.rank for c in _cards(game, m.slots)) == ranks and _has(_cards(game, m.slots), wanted)
    ]
    texts = sorted({short(game, m).split(">")[0] for m in hits})
    if len(texts) > 1:
        raise AmbiguousMoveError(_("which run? {runs}").format(runs=_either(texts)))
    if hits and (target is not None or len({m.target for m in hits}) == 1):
        return hits[0]
    if hits:
        choices = texts[0] + ">N"
        raise AmbiguousMoveError(_("an ace gives the pile: say who takes it: {choices}").format(choices=choices))
    zone = game.hand(me) or game.face_up(me)
    suits = {c.suit for c in wanted} or {c.suit for c in _cards(game, zone)}
    for suit in sorted(suits, key=lambda s: "" if s is None else s.value):
        slots = [next((x for x in zone if game.card(x) == Card(rank, suit)), None) for rank in ranks]
        if suit is not None and None not in slots:
            return _legal(game, Play(me, tuple(x for x in slots if x is not None), target))
    raise InvalidMoveError(_("you hold no run {ranks} of one suit").format(ranks=" ".join(r.symbol for r in ranks)))


def _either(texts: Sequence[str]) -> str:
    """"a or b or c"."""
    out = texts[0]
    for text in texts[1:]:
        out = _("{first} or {second}").format(first=out, second=text)
    return out


def _cards(game: Game, slots: Sequence[int]) -> list[Card]:
    return [c for c in map(game.card, slots) if c is not None]


def _has(cards: list[Card], wanted: list[Card]) -> bool:
    rest = list(cards)
    for w in wanted:
        if w not in rest:
            return False
        rest.remove(w)
    return True


def _holds(game: Game, slots: Sequence[int], rank: Rank, wanted: list[Card]) -> bool:
    cards = _cards(game, slots)
    return len(cards) == len(slots) and all(c.rank == rank for c in cards) and _has(cards, wanted)


def _explain_play(game: Game, me: int, rank: Rank, count: int, wanted: list[Card], target: int | None) -> Move:
    """The play the person most likely meant, for `why_illegal` to judge; or an error saying what
    they lack."""
    if game.phase is Phase.SWAP:
        raise IllegalMoveError(_("this is the swap phase: swap 3 K, place 7, or r when ready"))
    hand, up = hand_order(game, game.hand(me)), hand_order(game, game.face_up(me))
    if game.phase is Phase.PLAY and me == game.turn and game.source(me) == Source.DOWN:
        raise IllegalMoveError(_("your hand and face-up cards are empty: flip a face-down card (fd 1 to fd {count})")
                               .format(count=len(game.face_down(me))))
    zone, where = (hand, "hand") if hand else (up, "up")
    if hand and not game.stock:
        zone = hand + up
    pool = [s for s in zone if (c := game.card(s)) is not None and c.rank == rank]
    for w in wanted:
        if not any(game.card(s) == w for s in pool):
            raise InvalidMoveError(_(_NO_CARD[where]).format(card=w.text()))
    if not pool:
        raise InvalidMoveError(_(_NO_CARD[where]).format(card=rank.symbol))
    if len(pool) < count:
        raise InvalidMoveError(_(_ONLY[where]).format(count=len(pool), rank=rank.symbol))
    chosen = [s for s in pool if game.card(s) in wanted][: len(wanted)]
    chosen += [s for s in pool if s not in chosen][: count - len(chosen)]
    return Play(me, tuple(chosen), target)


# -- other verbs ------------------------------------------------------------------------------


def _one_ref(rest: str, verb: str) -> str:
    refs = rest.split()
    if len(refs) != 1:
        raise InvalidMoveError(_("{verb} which card? e.g. {verb} 7").format(verb=verb))
    return refs[0]


def _find(game: Game, slots: Sequence[int], ref: str, zone: str) -> int:
    """A card of `slots` (the `zone` "hand" or "up") by "#2" (position), rank ("k"), card ("kh"), or a
    bare position number when no card has that rank."""
    ref = ref.strip().lower()
    if ref.startswith("#") and ref[1:].isdigit():
        return _position(slots, int(ref[1:]), zone)
    m = _CARD.fullmatch(ref)
    if m:
        rank = parse_rank(m.group(1))
        want = Card.from_text(ref) if m.group(2) and rank is not Rank.JOKER else None
        for s in slots:
            card = game.card(s)
            if card is not None and card.rank == rank and (want is None or card == want):
                return s
    if ref.isdigit() and 1 <= int(ref) <= len(slots):
        return slots[int(ref) - 1]
    if m:
        raise InvalidMoveError(_(_NO_CARD[zone]).format(card=ref.upper()))
    raise InvalidMoveError(_(_NAME_A_CARD[zone]).format(typed=repr(ref)))


def _position(slots: Sequence[int], n: int, zone: str) -> int:
    """The `n`th of `slots` (the `zone` "hand", "up" or "down"), counted from 1."""
    if not 1 <= n <= len(slots):
        if not slots:
            raise InvalidMoveError(_(_EMPTY[zone]))
        raise InvalidMoveError(_positions(zone, len(slots)).format(count=len(slots)))
    return slots[n - 1]


def _positions(zone: str, count: int) -> str:
    """What positions `count` cards of `zone` have, for `count` (one message per zone)."""
    if zone == "hand":
        return ngettext("your hand has {count} card: #1", "your hand has {count} cards: #1 to #{count}", count)
    if zone == "up":
        return ngettext("you have {count} face-up card: #1", "you have {count} face-up cards: #1 to #{count}", count)
    return ngettext("you have {count} face-down card: #1", "you have {count} face-down cards: #1 to #{count}", count)


def _pick(game: Game, me: int, rest: str) -> Move:
    up = list(game.face_up(me))
    if rest:
        return _legal(game, PickUp(me, _find(game, up, rest, "up")))
    moves = game.moves_for(me)
    if PickUp(me) in moves:
        return PickUp(me)
    takes = [(m, card) for m in moves if isinstance(m, PickUp) and m.up is not None and (card := game.card(m.up))]
    ranks = sorted({card.rank for _, card in takes})
    if len(ranks) == 1:
        return takes[0][0]
    if ranks:
        choices = ", ".join(f"p {r.symbol}" for r in ranks)
        raise AmbiguousMoveError(_("none of your face-up cards can be played: take one with the pile: {choices}")
                                 .format(choices=choices))
    return _legal(game, PickUp(me))


def _flip(game: Game, me: int, rest: str) -> Move:
    down = list(game.face_down(me))
    if not down:
        raise IllegalMoveError(_(_EMPTY["down"]))
    ref = rest.lstrip("#").strip()
    if not ref:
        if len(down) > 1 and game.source(me) == Source.DOWN:
            raise AmbiguousMoveError(_("which face-down card? fd 1 to fd {count}").format(count=len(down)))
        return _legal(game, Flip(me, down[0]))
    if not ref.isdigit():
        raise InvalidMoveError(_("turn a face-down card by position: fd 1 to fd {count}").format(count=len(down)))
    return _legal(game, Flip(me, _position(down, int(ref), "down")))


def _swap(game: Game, me: int, rest: str) -> Move:
    refs = rest.split()
    if len(refs) == 1:
        typed = [m.group(0) for m in _CARD.finditer(refs[0])]
        if "".join(typed) == refs[0]:
            refs = typed
    if len(refs) != 2:
        raise InvalidMoveError(_("swap <hand card> <face-up card>, e.g. swap 3 K (or by position: swap #1 #2)"))
    hand = _find(game, hand_order(game, game.hand(me)), refs[0], "hand")
    up = _find(game, list(game.face_up(me)), refs[1], "up")
    return _legal(game, Swap(me, hand, up))


def _show(game: Game, me: int, rest: str) -> Move:
    if rest in _NONE:
        return _legal(game, Show(me, None))
    if not rest:
        raise AmbiguousMoveError(_("show which card? e.g. show 4, or show - to show none"))
    return _legal(game, Show(me, _find(game, hand_order(game, game.hand(me)), rest, "hand")))


# -- moves back to short text -----------------------------------------------------------------


def _sym(game: Game, slot: int | None) -> str:
    card = game.card(slot) if slot is not None else None
    return card.rank.symbol if card is not None else "?"


def short(game: Game, move: Move) -> str:
    """See `Game.short`."""
    if isinstance(move, Leave):
        raise ValueError("leaving is no typed move: the program's quit command sends it")
    if isinstance(move, Play):
        cards = _cards(game, move.slots)
        if len({c.rank for c in cards}) > 1:  # a run: every card with its suit, ascending ("5h6h7h")
            return "".join(c.text() for c in sorted(cards)) + ("" if move.target is None else f">{move.target}")
        sym = _sym(game, move.slots[0])
        text = (" " if len(sym) > 1 else "").join([sym] * len(move.slots))
        return text + ("" if move.target is None else f">{move.target}")
    if isinstance(move, Flip):
        return f"fd {game.face_down(move.player).index(move.slot) + 1}"
    if isinstance(move, PickUp):
        return "p" if move.up is None else f"p {_sym(game, move.up)}"
    if isinstance(move, Swap):
        return f"swap {_sym(game, move.hand)} {_sym(game, move.up)}"
    if isinstance(move, Place):
        return f"place {_sym(game, move.hand)}"
    if isinstance(move, Ready):
        return "r"
    if isinstance(move, Give):
        return f"give {_sym(game, move.slot)}"
    assert isinstance(move, Show)
    return "show -" if move.slot is None else f"show {_sym(game, move.slot)}"


def _order(game: Game, move: Move) -> tuple[int, int]:
    """Plays and shows first: plain ranks low to high, then power cards, fewer cards first."""
    if isinstance(move, Play):
        slot = move.slots[0]
    elif isinstance(move, Show):
        if move.slot is None:
            return (0, 0)
        slot = move.slot
    else:
        return (100, 0)
    card = game.card(slot)
    if card is None:
        return (99, 0)
    power = game.power_table[card.rank].anything  # 2, 3, 10, jokers: kept for later, listed last
    return (int(card.rank) + 20 * power, len(move.slots) if isinstance(move, Play) else 1)


def short_hints(game: Game, player: int) -> list[str]:
    """See `Game.short_hints`."""
    out: list[str] = []
    moves = sorted(game.moves_for(player), key=lambda m: _order(game, m))
    flips = [m for m in moves if isinstance(m, Flip)]
    for m in moves:
        if isinstance(m, Flip):
            text = "fd 1" if len(flips) == 1 else f"fd 1-{len(flips)}"
        elif isinstance(m, Swap):
            text = "swap H U"
        elif isinstance(m, Play) and m.target is not None:
            text = short(game, m).split(">")[0] + ">N"
        else:
            text = short(game, m)
        if text not in out:
            out.append(text)
    return out
