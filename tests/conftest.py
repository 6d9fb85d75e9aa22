"""Hypothesis profiles for the whole suite: `ci` (the default, quick) and `nightly` (long).

Choose one with HYPOTHESIS_PROFILE=nightly. No deadline in either: games vary in length and the
machine is shared, so a slow example is not a failure. Tests that set their own `max_examples`
scale it with the loaded profile (see `examples` in tests/engine/test_properties.py).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.register_profile("nightly", settings.get_profile("ci"), max_examples=5000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
