"""tests/conftest.py's work units for the workers: a module, or each test or case of a module in APART;
the modules it names exist."""

from __future__ import annotations

import re
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


def test_a_table_name_announced_on_this_machine_belongs_to_one_module() -> None:
    """Modules run side by side on the workers, and every table hosted outside a namespace is announced
    on the one mDNS of this machine: two modules hosting "Hostel bar" there made `join Hostel bar` ask
    "which one?" in both (a CI run). A table in a namespace (`lan.person`) is that namespace's own. Names are
    found given as `"--table", "NAME"`, to a helper as `(people, "NAME"`, or as the cases of a `table` parameter."""
    here = Path(__file__).parent
    owners: dict[str, set[str]] = {}
    for path in here.rglob("test_*.py"):
        text, names = path.read_text(), []
        for call in re.findall(r"(\w+(?:\.\w+)?)\(([^()]*?\"--table\", \"[^\"]+\")", text):
            if call[0] != "lan.person":
                names.append(re.findall(r"\"--table\", \"([^\"]+)\"", call[1])[-1])
        names += re.findall(r"\(people, \"([^\"]+)\"", text)
        for cases in re.findall(r"parametrize\(\(\"table\",[^\[]*\[(.*?)\]\)", text, re.S):
            names += re.findall(r"\(\"([^\"]+)\",", cases)
        for name in names:
            owners.setdefault(name, set()).add(path.relative_to(here).as_posix())
    assert {"Hostel bar", "clock", "stand", "between"} <= set(owners)  # (the search finds them)
    assert {name: sorted(paths) for name, paths in owners.items() if len(paths) > 1} == {}
