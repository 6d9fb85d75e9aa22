"""A journal's record is a file on disk: damaged, or someone else's. The table options `host --resume`
starts again from are read field by field, and any value no host writes is refused as damage
(`ValueError`, which the command turns into a journal set aside, in words), never taken for a table that
then fails somewhere later with another error."""

from __future__ import annotations

import pytest

from p2pshithead.net._session import TableConfig

from .countdown import COUNTDOWN

GOOD = {"name": "t", "app": "countdown", "rules": "short", "seats": 3, "bind": "127.0.0.1", "port": 0,
        "announce": True, "turn": 60, "away": 120}  # fmt: skip


def test_the_options_a_host_kept_start_its_table_again() -> None:
    config = TableConfig.from_options({**GOOD, "rules_text": "earlier programs kept words"}, COUNTDOWN, 5000)
    assert (config.name, config.seats, config.bind, config.port, config.announce) == ("t", 3, "127.0.0.1", 5000, True)


@pytest.mark.parametrize(("key", "value"), [
    ("seats", 2.5), ("seats", True), ("seats", "3"), ("bind", 5), ("bind", ""), ("announce", "yes"), ("announce", 1),
    ("turn", 60.5), ("away", 0), ("rules", 5), ("name", None),
])  # fmt: skip
def test_a_value_no_host_keeps_is_damage(key: str, value: object) -> None:
    with pytest.raises(ValueError, match="damaged"):
        TableConfig.from_options({**GOOD, key: value}, COUNTDOWN, 5000)


@pytest.mark.parametrize("key", ["name", "rules", "seats", "bind", "announce", "turn", "away"])
def test_a_missing_option_is_damage(key: str) -> None:
    options = {k: v for k, v in GOOD.items() if k != key}
    with pytest.raises(ValueError, match="damaged"):
        TableConfig.from_options(options, COUNTDOWN, 5000)
