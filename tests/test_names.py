"""One word per meaning (issue 20.4): no two public classes of the package share a name, so a name read
anywhere says which thing it is. Speed's rules (`speed`, a second game beside `engine`) name their own
moves and events as Shithead's rules name theirs (`Play`, `Played`, `Burned`, `Finished`, `MatchResult`):
each game keeps its own vocabulary, and only that package is compared with the others by its path."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections import defaultdict

import p2pshithead

_OWN_VOCABULARY = "p2pshithead.speed."


def _public_classes() -> dict[str, set[str]]:
    """Every public class of the package (exported by `__all__`, or, in a module without one, defined there
    under a name without `_`), by name: where each is defined."""
    found: dict[str, set[str]] = defaultdict(set)
    for info in pkgutil.walk_packages(p2pshithead.__path__, "p2pshithead."):
        module = importlib.import_module(info.name)
        names = getattr(module, "__all__", [name for name in vars(module) if not name.startswith("_")])
        for name in names:
            value = getattr(module, name)
            if inspect.isclass(value) and value.__module__.startswith("p2pshithead."):
                found[name].add(f"{value.__module__}.{value.__qualname__}")
    return found


def test_no_two_public_classes_share_a_name() -> None:
    twins = {name: sorted(places) for name, places in _public_classes().items() if len(places) > 1
             and sum(not place.startswith(_OWN_VOCABULARY) for place in places) > 1}  # fmt: skip
    assert not twins


def test_the_renamed_twins_say_what_they_hold() -> None:
    """The twins the review found (issue 20), each now a name of its own."""
    names = _public_classes()
    assert names["Phase"] == {"p2pshithead.engine._state.Phase"}
    assert {"Progress", "DeckStage", "SeatSigner", "SpeedStage", "ByteBudget", "Report"} <= set(names)
    assert names["LocalSeat"] == {"p2pshithead.game._local.LocalSeat"}
    assert names["Outcome"] == {"p2pshithead.engine._game.Outcome"}
