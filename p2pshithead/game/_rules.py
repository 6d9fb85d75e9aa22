"""A table's rules as the transport carries them, both ways: `table_rules` writes the text
("pagat;eight=under"), `ruleset_of` reads it back into the engine's `Ruleset`. Engine only (no deck, no
transport), so `join --list` words a table's house rules without loading either."""

from __future__ import annotations

from collections.abc import Mapping

from p2pshithead.engine import PRESETS, Ruleset, preset

__all__ = ["ruleset_of", "table_rules"]


def table_rules(name: str, settings: Mapping[str, str]) -> str:
    """A table's rules as the transport carries them: the preset, then each house rule ("pagat;eight=under")."""
    return ";".join([name, *(f"{key}={value}" for key, value in sorted(settings.items()))])


def ruleset_of(text: str) -> Ruleset:
    """The ruleset a rules text names: its preset with its house rules.

    Raises:
        ValueError: an unknown preset, or a house rule the engine does not take (in words).
    """
    name, *settings = text.split(";")
    if name not in PRESETS:
        raise ValueError(f"unknown rules preset {name!r} (known: {', '.join(PRESETS)})")
    pairs = dict(setting.partition("=")[::2] for setting in settings)
    return preset(name).with_settings(pairs) if pairs else preset(name)
