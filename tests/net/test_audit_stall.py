"""A seat whose link stays up (its program answers every ping) but that never sends what the table waits
for, a move or its sign-off, must not hold the table forever: once the table's turn limit and its away
limit have passed since the game began waiting on it (its own program acts for a person at the turn
limit), the host stops the game with a report naming it, as for a seat away past the limit. A seat that
acts in time is never reported; with no turn limit a person may think as long as they like, but what a
program sends unasked (a sign-off) is still waited on only for the away limit."""

from __future__ import annotations

import itertools

import pytest

from p2pshithead.net import AwayCause, Progress, Transcript
from p2pshithead.net._events import Stopped
from p2pshithead.net._session import Action, HostSession, TableConfig
from p2pshithead.net._transcript import END_BODY, app_body, author_message

from .countdown import COUNTDOWN
from .test_session import ANN, HOST, LIMITS, TABLE, WALL, Table, submit, told

TURN, AWAY = 20, 30


def playing(turn: int) -> tuple[Table, list[int], Transcript]:
    """A countdown table of two, ANN in seat 1, with a turn limit of `turn` s and an away limit of `AWAY` s."""
    table = Table(2, AWAY)
    config = TableConfig("t", COUNTDOWN, "short", 2, "127.0.0.1", announce=False, turn_time=turn, away_time=AWAY)
    counter = itertools.count()
    table.session = HostSession(HOST, config, table_id=TABLE, secret=b"", limits=LIMITS,
                                random=lambda n: next(counter).to_bytes(n, "big"), wall_offset=WALL)  # fmt: skip
    link = table.hello(ANN)[0]
    transcript, _ = table.start()
    return table, [link], transcript


def _wait(table: Table, links: list[int], seconds: float) -> list[Action]:
    """`seconds` pass, every link heard all along (its program answers pings), ticked each second."""
    actions: list[Action] = []
    for _ in range(int(seconds)):
        for link in links:
            table.session.hear(link, table.now + 1.0)
        actions += table.tick(1.0)
    return actions


def _host_moves(table: Table) -> None:
    transcript = table.session.transcript
    assert transcript is not None
    msg = author_message(HOST, transcript.setup.table_id, 0, transcript.next_counter(0), transcript.head,
                         app_body({"take": 1}))  # fmt: skip
    table.run(table.session.submit(msg, "host"))


def test_a_seat_that_never_moves_is_reported_once_its_turn_and_away_limits_are_past() -> None:
    table, (ann,), transcript = playing(TURN)
    _host_moves(table)  # seat 1's turn now
    assert told(_wait(table, [ann], TURN + AWAY - 1)) == []
    (stopped,) = [e for e in told(_wait(table, [ann], 3)) if isinstance(e, Stopped)]
    verdict = stopped.verdict
    assert verdict.seat == 1 and not verdict.proven and verdict.away is not None
    assert verdict.away.cause is AwayCause.SILENT and verdict.away.limit == TURN + AWAY
    assert transcript.phase is Progress.STOPPED


def test_a_seat_that_moves_in_time_is_never_reported() -> None:
    table, (ann,), transcript = playing(TURN)
    for _ in range(3):
        _host_moves(table)
        assert told(_wait(table, [ann], TURN + AWAY - 1)) == []
        submit(table, ann, author_message(ANN, transcript.setup.table_id, 1, transcript.next_counter(1),
                                          transcript.head, app_body({"take": 1})))  # fmt: skip
    assert transcript.verdict is None


@pytest.mark.parametrize("turn", [TURN, 0])
def test_a_seat_that_never_signs_the_game_off_is_reported(turn: int) -> None:
    table, (ann,), transcript = playing(turn)
    while transcript.phase is Progress.PLAYING:  # 7 chips, one each: seat 0 takes the last
        seat = next(iter(transcript.app.who_may_act()))
        if seat == 0:
            _host_moves(table)
        else:
            submit(table, ann, author_message(ANN, transcript.setup.table_id, 1, transcript.next_counter(1),
                                              transcript.head, app_body({"take": 1})))  # fmt: skip
    table.run(table.session.submit(author_message(HOST, transcript.setup.table_id, 0, transcript.next_counter(0),
                                                  transcript.head, END_BODY), "host"))  # fmt: skip
    assert transcript.phase is Progress.SIGNING
    assert told(_wait(table, [ann], turn + AWAY - 1)) == []
    assert any(isinstance(e, Stopped) and e.verdict.seat == 1 for e in told(_wait(table, [ann], 3)))


def test_with_no_turn_limit_a_seat_may_think_as_long_as_it_likes() -> None:
    table, (ann,), transcript = playing(0)
    _host_moves(table)
    assert told(_wait(table, [ann], 10 * AWAY)) == [] and transcript.verdict is None
