"""Hypothesis profiles for the whole suite, and `examples` for tests that set their own count.

`ci` is the default; `quick` is loaded by `./scripts/test --quick` (a tenth of the examples: the loop
while one works); `nightly` (HYPOTHESIS_PROFILE=nightly) runs 50 times `ci`. HYPOTHESIS_PROFILE, when set,
wins. No deadline in any: games vary in length and the machine is shared, so a slow example is not a
failure.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

CI = 100
"""Examples a property test without its own count runs in the `ci` profile."""

settings.register_profile(
    "ci", max_examples=CI, deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.register_profile("quick", settings.get_profile("ci"), max_examples=CI // 10)
settings.register_profile("nightly", settings.get_profile("ci"), max_examples=CI * 50)


def load(quick: bool) -> None:
    """Load HYPOTHESIS_PROFILE if set, else `quick` or `ci`."""
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("quick" if quick else "ci"))


def examples(ci: int) -> settings:
    """`ci` examples in the `ci` profile, scaled with the loaded one (at least 1)."""
    loaded = settings.default
    assert loaded is not None
    return settings(max_examples=max(1, ci * loaded.max_examples // CI))
