"""Games saved by earlier programs verify: the transcript's version (`TRANSCRIPT_VERSION`) moves only
when what a transcript holds or means changes, not with the link's protocol (`PROTOCOL_VERSION`)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from p2pshithead.cli.main import main

SAVED = Path(__file__).with_name("saved")


def test_a_game_saved_by_the_program_of_protocol_4_verifies() -> None:
    """Saved by `host --autoplay --bots 1 --seats 2 --games 1` at commit 2e8e08b (protocol 4)."""
    result = CliRunner().invoke(main, ["verify", str(SAVED / "v4-classic-2-players.p2ps")])
    assert result.exit_code == 0, result.output
    assert "transcript: 107 entries, head b680e1ab3cdb4c79d39db50d720458491a5fbd0ea4800462f7e585e7c9892ec4" \
        in result.output
