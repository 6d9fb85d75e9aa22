"""Numbers and percentages as each language writes them (`lang.number`, `lang.percent`), checked against
CLDR as Babel (a build requirement, never loaded by the program) has it."""

from __future__ import annotations

import pytest
from babel import Locale
from babel.numbers import format_decimal, format_percent

from p2pshithead import lang


@pytest.fixture(params=sorted(lang.LANGUAGES))
def code(request: pytest.FixtureRequest) -> object:
    lang.use(request.param)
    yield request.param
    lang.use("en")


@pytest.mark.parametrize("share", [0.0, 0.025, 0.25, 0.5, 0.0512, 1.0])
def test_a_percentage_is_written_as_cldr_writes_it(code: str, share: float) -> None:
    pattern = Locale.parse(code).percent_formats[None].pattern.replace("0%", "0.0%").replace("0\u00a0%", "0.0\u00a0%")
    assert lang.percent(share) == format_percent(share, pattern, locale=code)


@pytest.mark.parametrize("value,digits", [(82.34, 1), (272.856, 2), (106.0, 0), (0.5, 1)])
def test_a_number_is_written_as_cldr_writes_it(code: str, value: float, digits: int) -> None:
    pattern = "0" if digits == 0 else "0." + "0" * digits
    assert lang.number(value, digits) == format_decimal(value, pattern, locale=code)
