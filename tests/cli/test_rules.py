"""`p2pshithead rules` and `play --set`: house rules on top of a preset, checked, in words."""

from __future__ import annotations

from click.testing import CliRunner

from p2pshithead.cli.main import main


def test_rules_prints_a_preset_and_its_house_rules_in_words() -> None:
    result = CliRunner().invoke(main, ["rules", "french", "--set", "ten_not_on_eight=true"])
    assert result.exit_code == 0
    assert "house rules on top of french:\n  a 10 may not be played on an 8" in result.output


def test_a_misspelled_rule_is_answered_with_the_closest_names() -> None:
    result = CliRunner().invoke(main, ["rules", "--set", "eigth=under"])
    assert result.exit_code == 2 and "no rule 'eigth'; did you mean eight?" in result.output


def test_play_takes_house_rules_and_refuses_bad_ones() -> None:
    bad = CliRunner().invoke(main, ["play", "--set", "eight=wild"])
    assert bad.exit_code == 2 and "values: skip, plain, reverse, under" in bad.output
    good = CliRunner().invoke(main, ["play", "--set", "eight=under", "--delay", "0", "--seed", "1"], input="quit\n")
    assert good.exit_code == 0 and "Bye!" in good.output
