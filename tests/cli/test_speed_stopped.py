"""Why a Speed game stopped, as each player reads it (`seating.speed_stopped`): who and what happened in
a sentence, in every language, never the host's report in the transport's values."""

from __future__ import annotations

import pytest

from p2pshithead import lang
from p2pshithead.cli.seating import speed_stopped
from p2pshithead.net import AwayCause, AwayReport, Verdict


def _away(cause: AwayCause) -> Verdict:
    return Verdict(1, "bob", "away", proven=False, away=AwayReport(5, cause, 4, 3, 6))


CASES = [  # (verdict, the seat that reads it, the words)
    (_away(AwayCause.LOST), 0, "bob's program ended or lost its link, and was not back within 5 s."),
    (_away(AwayCause.LOST), 1, "The host lost the link to your program for more than 5 s."),
    (_away(AwayCause.SILENT), 0, "bob's program went silent (frozen, or its network cut off) for more than 5 s."),
    (_away(AwayCause.SILENT), 1, "The host heard nothing from your program for more than 5 s."),
    (_away(AwayCause.RESTART), 0, "bob was not back within 5 s of the host's restart."),
    (_away(AwayCause.RESTART), 1, "You were not back within 5 s of the host's restart."),
    (Verdict(1, "bob", "bad proof"), 0, "bob's program sent a move the rules refuse (the transcript proves it)."),
    (Verdict(1, "bob", "bad proof"), 1, "Your program sent a move the rules refuse (the transcript proves it): do you "
                                        "both run the same version of p2pshithead?"),
    (Verdict(1, "bob", "abort", proven=False), 0, "The host stopped the game over a message from bob's program (this "
                                                  "cannot be proven)."),
    (Verdict(1, "bob", "abort", proven=False), 1, "The host stopped the game over a message from your program (this "
                                                  "cannot be proven)."),
]  # fmt: skip


@pytest.mark.parametrize(("verdict", "seat", "said"), CASES)
def test_each_way_a_speed_game_stops_is_said_in_a_players_words(verdict: Verdict, seat: int, said: str) -> None:
    assert speed_stopped(verdict, seat) == said


@pytest.mark.parametrize("code", ["he", "pt", "fr"])
def test_every_language_says_each_way_in_its_own_words_with_the_name_and_the_limit(code: str) -> None:
    lang.use(code)
    for verdict, seat, english in CASES:
        said = speed_stopped(verdict, seat)
        assert said != english and ("bob" in said) == ("bob" in english) and ("5" in said) == ("5" in english), said
        assert "{" not in said and "abort" not in said and "bad proof" not in said, said
