"""Engine test vectors, in the spirit of chess perft files: `vectors.txt` holds positions in
notation, the ruleset, every legal move sorted, and for some the position after a move.

Regenerate after a deliberate rules change (then review the diff of vectors.txt):

    .venv/bin/python tests/engine/vectors.py

Record format (blank line between records; docs/notation.md for the notation):

    name: <words>
    rules: <preset> [<field>=<value> ...]
    position: <position notation>
    legal: <move>; <move>; ...          (sorted; "-" when none)
    push: <move>                        (optional)

Each move is written in move notation with the cards of its slots beside it, for a reader:
`0 play 3,4>2 [Ah Ad]`, `0 swap 12 4 [4c 2h]`, `0 pick` (`[...]` is not part of the notation).
    result: <position notation>         (optional, with push: the position after it)
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    __package__ = "engine"

from p2pshithead.engine import Flip, Game, Give, Move, PickUp, Place, Play, Ruleset, Show, Swap, preset

from .helpers import move, name, table

PATH = Path(__file__).with_name("vectors.txt")

# (name, rules, position with card names (helpers.table), move to push with card names or None)
CASES: list[tuple[str, str, str, str | None]] = [
    ("mirror on an empty pile acts as a 2", "classic", "play d1 t0 + | H:4c,Kd | H:7c | P:3c", "0 play 4c"),
    ("7 then 3: 7 or lower", "classic", "play d1 t0 + | H:8c,6d,2s | H:7c | P:7h,3c", "0 play 6d"),
    ("four of a kind across a mirror burns", "classic", "play d1 t0 + | H:5s,9c | H:7c | P:5h,5d,3c,5c", "0 play 5s"),
    ("four mirrors burn", "classic", "play d1 t0 + | H:3s,9c | H:7c | P:9d,3h,3d,3c", "0 play 3s"),
    ("8 skips with 2 players: play again", "classic", "play d1 t0 + | H:8c,4c | H:7c | P:5h", "0 play 8c"),
    ("two 8s at a table of 3", "classic", "play d0 t0 + | H:8c,8d,4c | H:7c | H:7d | P:5h", "0 play 8c,8d"),
    ("10 burns, play again", "classic", "play d1 t0 + | H:10c,4d | H:7c | S:Jd | P:Kd", "0 play 10c"),
    ("ace names a taker", "french", "play d0 t0 + | H:Ah,Ad,4c | H:7d | H:8d | P:9h", "0 play Ah,Ad>2"),
    ("a 3 on an ace names a taker", "french", "play d0 t0 + | H:3c,4c | H:7d | H:8d | P:Ah", "0 play 3c>1"),
    ("an ace completing four names nobody", "french", "play d0 t0 + | H:Ah | H:7d | H:8d | P:Ad,Ac,As", "0 play Ah"),
    ("flipped ace gives the pile on", "french", "play d0 t0 + | D:Ah,4c | H:7d | H:8d | P:9h", "0 flip Ah"),
    ("hebrew: complete four out of turn", "hebrew",
     "play d0 t1 + w0:5:- | H:4c | H:4d,6d | H:5s,9c | P:5h,5c,5d", "2 play 5s"),
    ("hebrew: add a drawn card", "hebrew", "play d0 t2 + w0:8:8d | H:8d,4c | H:4d | H:Ks | H:Qs | P:8h", "0 play 8d"),
    ("french turbo: several may answer", "french",
     "play d0 t1 + w0:9:- | H:4c | H:9c,4d | H:9d,9s,4s | H:Jd | P:9h", "1 play 9c"),
    ("french turbo: answer keeps the turn", "french",
     "play d0 t1 + w0:9:- | H:4c | H:9c,4d | H:9d,9s,4s | H:Jd | P:9h", "2 play 9d,9s"),
    ("face-up extension of the last hand card", "classic",
     "play d1 t0 + | H:5h U:5c,5s,Kd D:2c | H:7c | P:4d", "0 play 5h,5c,5s"),
    ("stuck on face-up: take one with the pile", "classic", "play d1 t0 + | U:4c,4d D:9s | H:7c | P:5d", "0 pick 4d"),
    ("pile_only: take the pile", "classic faceup_pickup=pile_only",
     "play d1 t0 + | U:4c,4d D:9s | H:7c | P:5d", "0 pick"),
    ("face-down flip that fails", "classic", "play d1 t0 + | D:4c,Kc | H:7c | P:9h", "0 flip 4c"),
    ("face-down flip that plays and goes out", "classic", "play d0 t0 + | D:Kc | H:7c | H:6c | P:9h", "0 flip Kc"),
    ("karma: pick up returns the lead", "karma", "play d0 t0 + l2 | H:4c | H:7c | H:8c | P:5d,9h", "0 pick"),
    ("karma: stacked face-up duplicates", "karma", "swap d1 t0 + | H:Kc,4c U:Kd D:9s | H:5c U:6d D:7s", "0 place Kc"),
    ("pagat: 3 7 8 plain", "pagat", "play d0 t0 + | H:3c,7c,8c,Kd | H:7d | H:6d | P:7h", "0 play 8c"),
    ("nine suit", "classic nine=suit", "play d1 t0 + | H:Kh,Kc,2d,4h | H:7d | P:9h", "0 play 4h"),
    ("five lower", "classic five=lower", "play d1 t0 + | H:4c,5c,6c | H:7d | P:5h", None),
    ("eight reverse is transparent", "classic eight=reverse", "play d0 t0 + | H:8c,4c | H:7c | H:7d | P:9h",
     "0 play 8c"),
    ("joker wild", "classic jokers=2 joker=wild", "play d1 t0 + | H:4c,9c,Jo | H:7d | P:9h,Jo", None),
    ("ten not on faces", "classic ten_not_on_faces=true", "play d1 t0 + | H:10c,Ad | H:7d | P:Kh", None),
    ("no voluntary pick-up", "classic pickup_voluntary=false", "play d1 t0 + | H:9c,4c | H:7d | P:5h", None),
    ("first out wins", "classic end=first_out", "play d0 t0 + | H:9c | H:7c | H:4h | P:5d", "0 play 9c"),
    ("swap phase", "classic", "swap d1 t0 + | H:4c,Qs U:Kd,2h D:9s | H:5c U:6d D:7s", "0 swap 4c 2h"),
    ("show phase: last show picks the starter", "classic", "show d0 t0 + s1:-,2:- | H:4h,2c | H:9c | H:7d",
     "0 show 4h"),
    ("deal_six: lay out first", "classic deal_six=true", "swap d1 t0 + | H:4c,5c,6c | H:5d U:6d D:7s", "0 place 5c"),
]


def ruleset(spec: str) -> Ruleset:
    """`classic nine=suit jokers=2` -> the preset with those fields changed."""
    name, *changes = spec.split()
    data = preset(name).to_dict()
    for change in changes:
        key, value = change.split("=")
        data[key] = {"true": True, "false": False}.get(value, int(value) if value.isdigit() else value)
    return Ruleset.from_dict(data)


def dealt(rules: str, players: int, seed: int) -> Game:
    r = ruleset(rules)
    order = list(range(Game(r, players, 0).size))
    random.Random(seed).shuffle(order)
    return Game.deal_known(r, players, seed % players, order)


def records() -> list[dict[str, str]]:
    out = []
    for title, rules, spec, pushed in CASES:
        game = table(spec, ruleset(rules))
        out.append(record(title, rules, game, move(game, pushed) if pushed else None))
    for rules, players in (("classic", 4), ("hebrew", 2), ("french", 6), ("pagat", 3), ("karma", 11)):
        game = dealt(rules, players, players)
        out.append(record(f"a fresh {rules} deal for {players}", rules, game, game.moves_for(game.turn)[-1]))
    return out


def record(title: str, rules: str, game: Game, pushed: Move | None) -> dict[str, str]:
    rec = {"name": title, "rules": rules, "position": game.to_text(), "legal": legal_text(game)}
    if pushed is not None:
        rec["push"] = named(game, pushed)
        game.push(pushed)
        rec["result"] = game.to_text()
    return rec


def _slots(m: Move) -> tuple[int | None, ...]:
    if isinstance(m, Play):
        return m.slots
    if isinstance(m, (Flip, Give, Show)):
        return (m.slot,)
    if isinstance(m, PickUp):
        return (m.up,)
    if isinstance(m, Swap):
        return (m.hand, m.up)
    if isinstance(m, Place):
        return (m.hand,)
    return ()


def named(game: Game, m: Move) -> str:
    """`m.text()` with the cards of its slots beside it: "0 play 3,4>2 [Ah Ad]"."""
    slots = [x for x in _slots(m) if x is not None]
    return m.text() + (f" [{' '.join(name(game, x) for x in slots)}]" if slots else "")


def notation(text: str) -> str:
    """The move notation of a `named` text (the cards beside it dropped)."""
    return text.split(" [", 1)[0]


def legal_text(game: Game) -> str:
    return "; ".join(sorted(named(game, m) for m in game.legal_moves)) or "-"


def write(path: Path = PATH) -> None:
    blocks = ["\n".join(f"{k}: {v}" for k, v in rec.items()) for rec in records()]
    path.write_text("# Engine test vectors: regenerate with tests/engine/vectors.py\n\n" + "\n\n".join(blocks) + "\n")


def read(path: Path = PATH) -> list[dict[str, str]]:
    text = "\n".join(line for line in path.read_text().splitlines() if not line.startswith("#"))
    blocks = [block.strip() for block in text.split("\n\n")]
    return [dict(line.split(": ", 1) for line in block.splitlines()) for block in blocks if block]


if __name__ == "__main__":
    write()
    print(f"wrote {len(read())} vectors to {PATH}")
