"""Click's own words ("Usage:", "Show this message and exit.", its error lines) in the language chosen.

Click words its messages with the standard library's `gettext.gettext` and `gettext.ngettext`, which each
of its modules imports by name (`from gettext import gettext as _`), in gettext's default domain; that
domain would take its language from the locale variables, not from `--lang`. So `speak` points those
names at `p2pshithead.lang`'s, which read our catalogs in the language chosen. Invariant: every id below
is one of click's own (tests/cli/test_clickwords.py reads them from click's source, so an upgrade that
rewords one fails there); the ids of click that are not here (programmer errors, words it fills in
such as "integer") stay English.
"""

from __future__ import annotations

import gettext
import sys

from p2pshithead import lang
from p2pshithead.lang import N_, NN_

__all__ = ["PLURALS", "WORDS", "speak"]

WORDS = (
    N_("Usage:"), N_("Options"), N_("Commands"), N_("Show this message and exit."), N_("Show the version and exit."),
    N_("Error: {message}"), N_("Try '{command} {option}' for help."), N_("Invalid value for {param_hint}: {message}"),
    N_("Invalid value: {message}"), N_("Missing argument"), N_("Missing option"), N_("Missing parameter"),
    N_("Missing parameter: {param_name}"), N_("Missing command."), N_("No such option {name!r}."),
    N_("No such command {name!r}."), N_("{value} is not in the range {range}."), N_("Aborted!"),
    N_("default: {default}"), N_("env var: {var}"),
)  # fmt: skip
"""The messages of click that a player may read, translated in the `commands` catalogs."""

PLURALS = (
    NN_("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
    NN_("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."),
    NN_("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
    NN_("{value!r} is not {choice}.", "{value!r} is not one of {choices}."),
)
"""Click's plural messages that a player may read (a mistyped command line), in the `commands` catalogs."""


def speak() -> None:
    """Click's loaded modules word their messages through `p2pshithead.lang` from now on (idempotent)."""
    for name, module in list(sys.modules.items()):
        if name == "click" or name.startswith("click."):
            if getattr(module, "_", None) is gettext.gettext:
                module._ = lang._  # type: ignore[attr-defined]
            if getattr(module, "ngettext", None) is gettext.ngettext:
                module.ngettext = lang.ngettext  # type: ignore[attr-defined]
