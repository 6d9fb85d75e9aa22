"""A decision's deadline: a playout is not begun when the time left is less than twice the mean playout."""

from __future__ import annotations

from p2pshithead.bots._budget import Deadline


def test_a_playout_is_begun_only_if_twice_the_mean_one_ends_in_time():
    now = [0.0]
    stop = Deadline(1.0, lambda: now[0], 0.0)
    assert not stop.late(0)
    now[0] = 0.3
    assert not stop.late(1)  # 0.3 + 2 * 0.3 < 1
    now[0] = 0.5
    assert stop.late(2)  # 0.5 + 2 * 0.25: the budget
    assert not stop.late(5)  # 0.5 + 2 * 0.1
    now[0] = 1.0
    assert stop.late(1_000)


def test_a_playout_budget_is_never_late():
    assert not Deadline(None, lambda: 1e9, 0.0).late(10**6)
