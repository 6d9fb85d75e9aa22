"""A table's name as a person types it after `join`: unquoted words, any case, spaces as they come."""

from __future__ import annotations

import pytest

from p2pshithead.cli.joining import same_name


@pytest.mark.parametrize("typed", ["Hostel bar", "hostel bar", "HOSTEL  BAR", " hostel bar "])
def test_a_name_typed_in_other_case_or_spacing_names_the_table(typed: str) -> None:
    assert same_name("Hostel bar", typed)


@pytest.mark.parametrize("typed", ["Hostel", "Hostelbar", "Hostel bar 2", "Hostel-bar"])
def test_another_name_does_not(typed: str) -> None:
    assert not same_name("Hostel bar", typed)


def test_names_in_other_scripts_compare_by_case_folding() -> None:
    assert same_name("Straße", "STRASSE") and same_name("השולחן של dana", "השולחן  של DANA")
