"""The language a person reads, chosen once as the program starts, before any command module is imported
(so the help strings that `_()` translates where a command is defined come out in it).

Invariants: the first source that names a language decides it: `--lang CODE` on the command line, else
`$P2PSHITHEAD_LANG`, else the language kept with the identity (the file `language` in the config folder,
written whenever `--lang` is given, as the nickname is kept), else the system's locale, else English. A
source that names a language this program does not speak is refused in words that name the source and
the choices (spoken in the language the later sources give); a system locale of another language is no
error (English). The same start chooses who puts right-to-left lines in visual order (cli/visual.py):
`--bidi program|terminal`, else $P2PSHITHEAD_BIDI, else this program.
"""

from __future__ import annotations

import contextlib
import locale
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import click

from p2pshithead import lang
from p2pshithead.cli import clickwords, visual
from p2pshithead.cli.home import config_dir
from p2pshithead.lang import LANGUAGES, _

__all__ = ["BIDI_OPTION", "ENV", "OPTION", "TranslatedOption", "choose", "option_value", "options", "saved_file",
           "start", "system_language"]

ENV = "P2PSHITHEAD_LANG"
OPTION = "--lang"
BIDI_OPTION = "--bidi"
_SYSTEM_ENV = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # gettext's order (LANGUAGE a list: "fr:en")


def saved_file() -> Path:
    """The file that keeps this identity's language."""
    return config_dir() / "language"


def option_value(args: Sequence[str], option: str) -> str | None:
    """The value of the last `option VALUE` or `option=VALUE` in `args` (before a `--`), else None."""
    found = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == option and i + 1 < len(args):
            found = args[i + 1]
        elif arg.startswith(option + "="):
            found = arg.partition("=")[2]
    return found


def system_language(environ: Mapping[str, str]) -> str | None:
    """The language of the system's locale when this program speaks it: the locale variables on POSIX
    (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as gettext reads them), the user's UI language on Windows."""
    for name in _SYSTEM_ENV:
        for entry in environ.get(name, "").split(":"):
            code = entry.partition(".")[0].partition("@")[0].partition("_")[0].lower()
            if code in LANGUAGES:
                return code
    if sys.platform == "win32":
        import ctypes

        ui = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined,unused-ignore]
        code = locale.windows_locale.get(ui, "").partition("_")[0]
        return code if code in LANGUAGES else None
    return None


def _saved() -> str | None:
    """The language kept in the config folder, if any (its first bytes: a code is short)."""
    try:
        with saved_file().open("rb") as kept:
            return kept.read(64).decode("utf-8", "replace").strip() or None
    except OSError:  # (no file: nothing kept)
        return None


def _shown(value: str) -> str:
    """`value`, a language asked for that this program does not speak, as a person may read it: as typed
    when it is a short printable word, else quoted with its control characters (escape codes) spelled out,
    not run, and cut short."""
    if len(value) <= 24 and value.isprintable():
        return value
    return repr(value[:24]) + ("..." if len(value) > 24 else "")


def _choices() -> str:
    return ", ".join(LANGUAGES)


def choose(args: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language `args` (the command line after the program's name) and `environ` choose; a source is
    read only when those before it name nothing (the config folder costs platformdirs' import).

    Raises:
        click.ClickException: a source names no language of `LANGUAGES` (said in the language of the
            sources after it, which `lang` then speaks).
    """
    sources: list[tuple[str, Callable[[], str | None]]] = [
        ("option", lambda: option_value(args, OPTION)), ("variable", lambda: environ.get(ENV) or None),
        ("file", _saved), ("system", lambda: system_language(environ))]  # fmt: skip
    for i, (source, read) in enumerate(sources):
        value = read()
        if value is None:
            continue
        if value in LANGUAGES:
            return value
        value = _shown(value)
        lang.use(next((v for v in (later() for _s, later in sources[i + 1:]) if v in LANGUAGES), "en"))
        if source == "option":
            raise click.BadParameter(_("{value} is not a language of this program: choose {choices}.").format(
                value=value, choices=_choices()), param_hint=f"'{OPTION}'")
        if source == "variable":
            raise click.ClickException(_("{variable}={value} is not a language of this program: choose "
                                         "{choices}, or unset {variable}.").format(
                variable=ENV, value=value, choices=_choices()))
        raise click.ClickException(_("{path} keeps the language {value}, which this program does not speak: "
                                     "choose one with --lang ({choices}).").format(
            path=saved_file(), value=value, choices=_choices()))
    return "en"


def start(args: Sequence[str]) -> None:
    """Speaks the language the command line `args` and the environment choose, and keeps a `--lang` given
    for next time.

    Raises:
        click.ClickException: no such language, or its words were not built.
    """
    clickwords.speak()
    code = choose(args, os.environ)
    try:
        lang.use(code)
    except lang.CatalogError as exc:
        raise click.ClickException(str(exc)) from None
    visual.install(_bidi(args))
    if option_value(args, OPTION) is not None:
        with contextlib.suppress(OSError):  # a folder that cannot be written keeps nothing, and the game goes on
            config_dir().mkdir(parents=True, exist_ok=True)
            saved_file().write_text(code + "\n", encoding="utf-8")


def _bidi(args: Sequence[str]) -> str:
    """Who reorders right-to-left lines, as `args` and the environment say (a mode of `visual.MODES`)."""
    given = option_value(args, BIDI_OPTION)
    mode = given or os.environ.get(visual.ENV) or visual.MODES[0]
    if mode in visual.MODES:
        return mode
    choices = ", ".join(visual.MODES)
    if given:
        raise click.BadParameter(_("{value} is not one of {choices}.").format(value=mode, choices=choices),
                                 param_hint=f"'{BIDI_OPTION}'")
    raise click.ClickException(_("{variable}={value} is not one of {choices}: set one of them, or unset "
                                 "{variable}.").format(variable=visual.ENV, value=mode, choices=choices))


HELP = lang.N_("The language to speak: en, he, pt or fr (kept for next time; else $P2PSHITHEAD_LANG, "
               "else the system's).")
BIDI_HELP = lang.N_("Who puts Hebrew lines in display order: this program (the default), or a terminal that "
                    "does it itself (else $P2PSHITHEAD_BIDI).")


def options() -> list[click.Option]:
    """The options every command takes (`start` has read them before the command line is parsed)."""
    return [TranslatedOption([OPTION], metavar="CODE", expose_value=False, help=HELP),
            TranslatedOption([BIDI_OPTION], type=click.Choice(visual.MODES), expose_value=False, help=BIDI_HELP)]


class TranslatedOption(click.Option):
    """An option whose help is said in the language chosen (the program's group is made before it is)."""

    def __init__(self, *args: Any, help: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._help = help

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        self.help = _(self._help)
        return super().get_help_record(ctx)
