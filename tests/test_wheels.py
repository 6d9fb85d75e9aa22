"""Every laptop at the table can install the program without a compiler (issue 22.2): docs/wheels.json,
written by scripts/wheels from the package index's metadata (pip download --only-binary), names for each
platform and Python a wheel of every runtime dependency in pyproject.toml (and of all they need). This
checks that the record is of today's dependencies and claims, and that each file fits where it is listed."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.tags import Tag
from packaging.utils import canonicalize_name, parse_wheel_filename
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
RECORD = json.loads((ROOT / "docs" / "wheels.json").read_text())
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
ARCH = {"windows-x86_64": ("win_amd64",), "macos-x86_64": ("x86_64", "universal2", "intel"),
        "macos-arm64": ("arm64", "universal2"), "linux-x86_64": ("x86_64",), "linux-aarch64": ("aarch64",)}  # fmt: skip


def fits(tag: Tag, platform: str, python: str) -> bool:
    """Whether a wheel of `tag` installs on `platform` (a name in ARCH) under CPython `python`."""
    minor = int(python.split(".")[1])
    if tag.interpreter.startswith("py"):
        runs = tag.interpreter in ("py3", f"py3{minor}") and tag.abi == "none"
    elif tag.abi == "abi3":
        runs = tag.interpreter.startswith("cp3") and int(tag.interpreter[3:]) <= minor
    else:
        runs = tag.interpreter == f"cp3{minor}"
    system = platform.split("-")[0]
    where = tag.platform == "any" or (
        tag.platform.startswith({"windows": "win", "macos": "macosx_", "linux": "manylinux"}[system])
        and tag.platform.endswith(ARCH[platform])
    )
    return runs and where


def test_the_record_is_of_todays_dependencies_and_claims() -> None:
    assert RECORD["requires"] == PROJECT["dependencies"], "dependencies changed: run scripts/wheels"
    assert RECORD["requires_python"] == PROJECT["requires-python"]
    assert set(RECORD["files"]) == set(ARCH)  # Windows, macOS (Intel and Apple silicon), Linux
    claimed = SpecifierSet(PROJECT["requires-python"])
    pythons = [Version(p) for p in RECORD["pythons"]]
    assert all(p in claimed for p in pythons) and min(pythons) == Version("3.11")  # from the lowest we claim


@pytest.mark.parametrize("platform", sorted(ARCH))
def test_every_dependency_has_a_wheel_that_fits(platform: str) -> None:
    for python in RECORD["pythons"]:
        files = RECORD["files"][platform][python]
        for text in PROJECT["dependencies"]:
            requirement = Requirement(text)
            name = str(canonicalize_name(requirement.name))
            assert name in files, f"no wheel of {name} for {platform}, Python {python}"
            _, version, _, tags = parse_wheel_filename(files[name])
            assert version in requirement.specifier, files[name]
        for wheel in files.values():  # and what they need
            assert any(fits(tag, platform, python) for tag in parse_wheel_filename(wheel)[3]), (platform, wheel)


def test_the_fit_is_checked() -> None:
    tag = Tag("cp313", "abi3", "macosx_11_0_arm64")
    assert fits(tag, "macos-arm64", "3.14") and not fits(tag, "macos-arm64", "3.12")
    assert not fits(tag, "macos-x86_64", "3.13") and not fits(tag, "linux-aarch64", "3.13")
    assert fits(Tag("py3", "none", "any"), "windows-x86_64", "3.11")
    assert not fits(Tag("cp311", "cp311", "win_amd64"), "windows-x86_64", "3.12")
