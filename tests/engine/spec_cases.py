"""The two shapes of RULES.md's statement-by-statement cases (tests/engine/test_spec_*.py): a position and
the moves pushed, then what a player at the table sees (`results`); a position and a player's legal moves
(`legal`). Each case's first field names its statement, and is its test's id."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from p2pshithead.engine import Game, Phase

from .helpers import after, moves, name, partition_ok, table


def look(game: Game) -> dict[str, object]:
    """What a player at the table sees: the turn, the pile, the hands and rows, burned cards, who is out."""
    names = lambda slots: ",".join(name(game, x) for x in slots) or "-"  # noqa: E731
    seen: dict[str, object] = {
        "turn": game.turn, "pile": names(game.pile), "burned": len(game.burned) - burned_at_start(game),
        "out": game.finished, "over": game.is_over(), "stock": names(game.stock),
        "top": (top.text() if (top := game.effective_top()) else None) if game.phase is Phase.PLAY else None,
    }  # fmt: skip
    for p in range(game.players):
        seen[f"H{p}"] = ",".join(sorted(name(game, x) for x in game.hand(p))) or "-"
        seen[f"U{p}"] = names(game.face_up(p))
        seen[f"D{p}"] = names(game.face_down(p))
    return seen


def burned_at_start(game: Game) -> int:
    """The slots `table` puts in the burned heap (every card not named), not burned by a move."""
    return sum(1 for x in game.burned if game.card(x) is None)


def results(cases: Sequence[tuple]) -> Callable[..., None]:
    """A test of `cases` (statement, rules, position, moves pushed, what `look` shows of it after)."""

    @pytest.mark.parametrize("rules, spec, pushed, expected", [c[1:] for c in cases], ids=[c[0] for c in cases])
    def test(rules, spec, pushed, expected):
        game = after(table(spec, rules), *pushed)
        seen = look(game)
        assert {k: seen[k] for k in expected} == expected
        assert partition_ok(game)

    return test


def legal(cases: Sequence[tuple]) -> Callable[..., None]:
    """A test of `cases` (statement, rules, position, player, that player's legal moves)."""

    @pytest.mark.parametrize("rules, spec, player, expected", [c[1:] for c in cases], ids=[c[0] for c in cases])
    def test(rules, spec, player, expected):
        assert moves(table(spec, rules), player) == expected

    return test
