"""State: the zones and `copy()` sharing no mutable part."""

from __future__ import annotations

from p2pshithead.engine._state import Phase, Seat, State, Window


def test_copy_shares_nothing():
    s = State(Phase.PLAY, [Seat([1], [2], [3]), Seat([4], [], [])], [5, 6], [7], [8], ready={0}, public={2, 7})
    s.window = Window(0, 9, (5,))
    c = s.copy()
    assert c == s
    c.seats[0].hand.append(99)
    c.stock.pop()
    c.pile.clear()
    c.burned.append(1)
    c.ready.add(1)
    c.public.add(1)
    c.shows.append((0, None))
    c.finished.append(1)
    assert s == State(Phase.PLAY, [Seat([1], [2], [3]), Seat([4], [], [])], [5, 6], [7], [8], ready={0},
                      public={2, 7}, window=Window(0, 9, (5,)))


def test_seat_empty():
    assert Seat().empty() and not Seat(down=[1]).empty()
