"""Fixtures for net tests: an in-memory group of peers; real processes at one table, as people (a
terminal each) or as bots, ended with the test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .fake_link import Group, make_group
from .test_people import People
from .test_rejoin import Table


@pytest.fixture
def group() -> Group:
    return make_group()


@pytest.fixture
def people(tmp_path: Path) -> Iterator[People]:
    p = People(tmp_path)
    try:
        yield p
    finally:
        p.close()


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    t = Table(tmp_path)
    try:
        yield t
    finally:
        t.close()
