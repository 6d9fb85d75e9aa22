"""The differential test of the engine: random games traced move by move into one digest each.

    .venv/bin/python tests/engine/differential.py record [games]      # rewrite differential.txt
    .venv/bin/python tests/engine/differential.py compare OLD [games]  # this engine against another

A trace (`trace`) plays one seeded game of a preset and hashes, at every step: the position
(`to_text`), `legal_moves` in order, each player's `moves_for` and `awaited()`, one player's view
(its position and its moves, as a bot sees them), the judgement (`why_illegal`, or the error it
raises) of a few random well-formed moves, and after the game the outcome. The moves pushed are
chosen from the legal moves by the same seeded RNG, with now and then a `Leave`, or a `pop` and
the same push again. Two engines that give the same digests agreed on every one of those values.

`differential.txt` holds the digests of the engine before its data layout changed (issue 12);
`test_differential.py` replays a part of them. `compare OLD` imports a second copy of the package
from the folder OLD (e.g. `git archive <commit> p2pshithead | tar -x -C OLD`), renamed on the fly,
and compares the digests of both live, for a long run.
"""

from __future__ import annotations

import hashlib
import importlib
import random
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import p2pshithead.engine as current

GOLDEN = Path(__file__).with_name("differential.txt")
PLAYERS = (2, 3, 4, 5, 7)
LIMIT = 400  # moves per traced game


HOUSE = {  # house rulesets that reach the switches no preset turns on, as `with_settings` text
    "jane": "runs=true seven=mirror eight=under ten_not_on_eight=true jokers=2 joker=skip_mirror pickup_goes_back=true",
    "odd": "nine=suit five=lower eight=reverse jokers=2 joker=skip_seven faceup_pickup=pile_only deal_six=true",
    "fast": "turbo=true interrupt=true end=first_out start=left_of_dealer pickup_voluntary=false joker=wild jokers=2",
    "big": "decks=2 face_down=4 face_up=4 hand_size=5 ten_not_on_faces=true four_burns=false three=plain runs=true",
}


def ruleset(engine: ModuleType, name: str) -> Any:
    """A preset, or a HOUSE ruleset, of `engine`."""
    if name in HOUSE:
        return engine.Ruleset(name=name).with_settings(dict(kv.split("=") for kv in HOUSE[name].split()))
    return engine.preset(name)


def cases(games: int) -> list[tuple[str, int, int]]:
    """(ruleset, players, seed) for `games` games, spread over every preset, HOUSE and PLAYERS."""
    names = sorted(current.PRESETS) + sorted(HOUSE)
    return [(names[g % len(names)], PLAYERS[(g // len(names)) % len(PLAYERS)], g) for g in range(games)]


def _mutants(engine: ModuleType, game: Any, rng: random.Random) -> list[Any]:
    n = game.players
    out = []
    for _ in range(3):
        p = rng.randrange(n)
        mine = [*game.hand(p), *game.face_up(p), *game.face_down(p)] or [0]
        k = rng.randint(1, min(3, len(mine)))
        kind = rng.randrange(4)
        if kind <= 1:
            out.append(engine.Play(p, tuple(rng.sample(mine, k)), rng.choice([None, None, None, rng.randrange(n)])))
        elif kind == 2:
            out.append(engine.PickUp(p, rng.choice([None, rng.choice(mine)])))
        else:
            out.append(engine.Flip(p, rng.choice(mine)))
    return out


def _judge(game: Any, move: Any) -> str:
    try:
        return repr(game.why_illegal(move))
    except Exception as exc:  # the error a judgement raises is part of the trace
        return f"{type(exc).__name__}: {exc}"


def trace(engine: ModuleType, preset: str, players: int, seed: int) -> str:
    """The digest of one traced game (see the module docstring) played with `engine`."""
    rules = ruleset(engine, preset)
    rng = random.Random(f"differential:{preset}:{players}:{seed}")
    size = rules.deck_size(players)
    order = list(range(size))
    rng.shuffle(order)
    game = engine.Game.deal_known(rules, players, rng.randrange(players), order)
    h = hashlib.sha256()

    def put(*values: object) -> None:
        h.update(repr(values).encode())

    for _ in range(LIMIT):
        put(game.to_text(), game.awaited())
        legal = list(game.legal_moves)
        put([m.text() for m in legal])
        for p in range(players):
            put(p, [m.text() for m in game.moves_for(p)])
        viewer = rng.randrange(players)
        view = game.view(viewer)
        put(view.to_text(), [m.text() for m in view.moves_for(viewer)])
        for m in _mutants(engine, game, rng):
            put(m.text(), _judge(game, m), _judge(view, m))
        if not legal:
            break
        roll = rng.random()
        if roll < 0.01:
            active = game.active()
            move = engine.Leave(rng.choice(active))
        else:
            plays = [m for m in legal if type(m).__name__ != "PickUp"]
            move = rng.choice(plays if plays and rng.random() < 0.9 else legal)
        game.push(move)
        if roll > 0.97:
            put("pop", game.pop().text(), game.to_text())
            game.push(move)
    put(game.to_text(), game.outcome())
    return h.hexdigest()


def greedy_trace(engine: ModuleType, preset: str, players: int, seed: int) -> str:
    """The digest of the moves of one game between greedy bots (the `bench engine` table), so that
    a faster greedy bot is shown to choose the same moves as before."""
    bots = importlib.import_module(engine.__name__.replace(".engine", ".bots"))
    table = bots.LocalTable(ruleset(engine, preset), [bots.GreedyBot()] * players, random.Random(f"{seed}"))
    return hashlib.sha256(repr([m.text() for m in table.moves(2000)]).encode()).hexdigest()


TRACES = {"game": trace, "greedy": greedy_trace}


def record(games: int) -> None:
    lines = [f"game {p} {n} {s} {trace(current, p, n, s)}" for p, n, s in cases(games)]
    lines += [f"greedy {p} {n} {s} {greedy_trace(current, p, n, s)}" for p, n, s in cases(games)]
    GOLDEN.write_text("# kind ruleset players seed digest (tests/engine/differential.py)\n" + "\n".join(lines) + "\n")


def golden() -> list[tuple[str, str, int, int, str]]:
    """The recorded (trace kind, ruleset, players, seed, digest) lines."""
    out = []
    for line in GOLDEN.read_text().splitlines():
        if line and not line.startswith("#"):
            kind, p, n, s, d = line.split()
            out.append((kind, p, int(n), int(s), d))
    return out


def load_other(folder: str) -> ModuleType:
    """The engine package found in `folder`/p2pshithead, imported as `p2pshithead_other`."""
    src = Path(folder) / "p2pshithead"
    dst = Path(folder) / "p2pshithead_other"
    if not dst.exists():
        for path in src.rglob("*.py"):
            out = dst / path.relative_to(src)
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(path.read_text().replace("p2pshithead.", "p2pshithead_other."))
    sys.path.insert(0, folder)
    return importlib.import_module("p2pshithead_other.engine")


def compare(folder: str, games: int) -> int:
    other = load_other(folder)
    start, bad = time.perf_counter(), 0
    for kind, run in TRACES.items():
        for p, n, s in cases(games):
            if run(other, p, n, s) != run(current, p, n, s):
                bad += 1
                print(f"differ: {kind} {p} {n} players seed {s}")
    print(f"{games} games of each kind, {bad} differ, {time.perf_counter() - start:.0f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0] == "record":
        record(int(args[1]) if len(args) > 1 else 300)
    elif args and args[0] == "compare":
        sys.exit(compare(args[1], int(args[2]) if len(args) > 2 else 2000))
    else:
        sys.exit(__doc__)
