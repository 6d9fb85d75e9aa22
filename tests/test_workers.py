"""tests/conftest.py's work units for the workers: a module, or each test or case of a module in APART;
the modules it names exist."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import APART, E2E_MODULES, LONGEST, _unit


def test_a_unit_is_a_module_unless_the_module_is_cut_finer() -> None:
    assert APART["test_commands.py"] == "case" and APART["engine/test_properties.py"] == "test"
    module = "tests/net/test_rejoin.py"
    assert _unit(f"{module}::test_a[1]") == _unit(f"{module}::test_b") == module
    assert _unit("tests/engine/test_properties.py::test_a[x-1]") == "tests/engine/test_properties.py::test_a"
    assert _unit("tests/test_commands.py::test_a[bench deck]") == "tests/test_commands.py::test_a[bench deck]"


def test_every_module_named_exists() -> None:
    here = Path(__file__).parent
    assert [path for path in [*APART, *LONGEST, *E2E_MODULES] if not (here / path).is_file()] == []
