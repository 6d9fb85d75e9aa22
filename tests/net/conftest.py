"""Fixtures for net tests."""

from __future__ import annotations

import pytest

from .fake_link import Group, make_group


@pytest.fixture
def group() -> Group:
    return make_group()
