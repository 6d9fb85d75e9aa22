"""`host --game speed` refuses in words the Shithead table's options it cannot apply (it used to ignore
them silently)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from p2pshithead.cli.main import main


@pytest.mark.parametrize("given", [["--resume"], ["--games", "3"], ["--seats", "3"], ["--turn-time", "30"],
                                   ["--away-time", "30"], ["--set", "tens=off"], ["--resume", "--games", "2"]])
def test_a_speed_table_refuses_what_it_cannot_apply_in_words(given: list[str], tmp_path: object) -> None:
    result = CliRunner().invoke(main, ["host", "--game", "speed", *given], env={"P2PSHITHEAD_HOME": str(tmp_path)})
    assert result.exit_code == 2, result.output
    assert f"a Speed table takes no {given[0]}" in result.output and "Traceback" not in result.output
    assert "leave it out" in result.output

