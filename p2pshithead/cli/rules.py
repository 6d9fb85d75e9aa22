"""`p2pshithead rules`: a ruleset in words, for people deciding what to play; `--set` house rules;
named house rulesets saved in the config folder (`rules ... --save NAME`, `rules --list`) and reused as
`--rules ~NAME`.

Invariants: `choose_rules` is the one place that turns `--rules` and `--set` text into a ruleset, for
every command (`play`, `host`, `simulate`, `rules`); a saved ruleset is a file
`<config>/rules/NAME.json` holding its preset and its house rules as `Ruleset.with_settings` text,
checked again whenever it is read, so a damaged or outdated file is named, never half-used.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import click

from p2pshithead.cli.helptext import examples
from p2pshithead.cli.home import config_dir
from p2pshithead.cli.terminal import fitted
from p2pshithead.engine import PRESETS, Ruleset, SettingError, preset
from p2pshithead.files import read_small
from p2pshithead.lang import _, listed

DEFAULT_PRESET = "classic"
"""The rules of a table when `--rules` is not given."""

F = TypeVar("F", bound=Callable[..., object])

SAVED = "~"
"""What marks a saved ruleset's name in `--rules` ("~mine")."""

_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")
_HOW_TO_SAVE = "`p2pshithead rules PRESET --set KEY=VALUE --save NAME`"
_MOST = 64 * 1024
"""The most bytes a saved ruleset's file is read for (one is under 2 KB: a larger one is not ours)."""


@dataclass(frozen=True, slots=True)
class ChosenRules:
    """The rules a command was asked for: how they were named ("pagat", "~mine"), the preset they
    build on, and the whole ruleset (preset, saved house rules, then `--set`)."""

    label: str
    base: str
    ruleset: Ruleset

    @property
    def house(self) -> dict[str, str]:
        """The house rules on top of the preset, as `with_settings` text."""
        return self.ruleset.settings(preset(self.base))


def rules_option(command: F) -> F:
    """The `--rules` option of a command that plays `--game shithead|speed`, passed on as `rules_text`:
    None when not given (the game chooses its default: `choose_rules` for Shithead, Speed's own)."""
    option = click.option("--rules", "rules_text", metavar="PRESET|~NAME",
                          help=_("Rules preset ({presets}; default {default}) or a saved house ruleset ~NAME "
                                 "(`p2pshithead rules --list`); with --game speed: speed or chinese, then options "
                                 "such as jokers=on.").format(presets=", ".join(PRESETS), default=DEFAULT_PRESET))
    return option(command)


def house_rules_option(command: F) -> F:
    """The repeatable `--set KEY=VALUE` option (a house rule on top of the preset)."""
    option = click.option("--set", "settings", multiple=True, metavar="KEY=VALUE",
                          help=_("A house rule on top of the preset, e.g. --set eight=under (repeatable)."))
    return option(command)


def with_house_rules(rules: Ruleset, settings: tuple[str, ...]) -> Ruleset:
    """`rules` with the `--set` house rules applied.

    Raises:
        click.BadParameter: a setting not written KEY=VALUE, an unknown rule (naming the closest ones) or
            a value the rule does not take (listing the values).
    """
    pairs = {}
    for setting in settings:
        key, sign, value = setting.partition("=")
        if not sign or not key.strip():
            raise click.BadParameter(_("{setting!r}: write a house rule as KEY=VALUE").format(setting=setting),
                                     param_hint="--set")
        pairs[key.strip()] = value.strip()
    try:
        return rules.with_settings(pairs)
    except SettingError as exc:
        raise click.BadParameter(str(exc), param_hint="--set") from None


def choose_rules(text: str | None, settings: tuple[str, ...] = (), hint: str = "--rules") -> ChosenRules:
    """The rules `--rules TEXT` (a preset, or `~NAME` saved in the config folder; None: the default
    preset) and `--set` name; errors name the parameter `hint`.

    Raises:
        click.BadParameter: an unknown preset or saved name (listing what there is and how to save one), a
            damaged saved file (naming it), or a bad `--set`.
    """
    text = _unexpanded((text or DEFAULT_PRESET).strip())
    if text.startswith(SAVED):
        chosen = load_saved(text[len(SAVED):], hint)
    elif text in PRESETS:
        chosen = ChosenRules(text, text, preset(text))
    else:
        names = saved_names()
        said = {"text": text, "name": SAVED + text.lower(), "presets": ", ".join(PRESETS), "folder": rules_folder(),
                "saved": ", ".join(SAVED + n for n in names) or _("none yet"), "how": _HOW_TO_SAVE}
        raise click.BadParameter((_("unknown rules {text!r}: did you mean {name}? presets are {presets}; saved house "
                                    "rulesets ({folder}): {saved}; save one with {how}") if text.lower() in names
                                  else _("unknown rules {text!r}: presets are {presets}; saved house rulesets "
                                         "({folder}): {saved}; save one with {how}")).format(**said),
                                 param_hint=hint)
    return ChosenRules(chosen.label, chosen.base, with_house_rules(chosen.ruleset, settings))


def _unexpanded(text: str) -> str:
    """`~NAME` back from the home folder of a user NAME that an unquoted `~NAME` became in the shell."""
    name = Path(text).name
    if text.startswith(os.sep) and _NAME.fullmatch(name) and os.path.expanduser(SAVED + name) == text:
        return SAVED + name
    return text


def rules_folder() -> Path:
    """Where saved house rulesets live: the config folder's `rules/`."""
    return config_dir() / "rules"


def saved_names() -> list[str]:
    """The names of the saved house rulesets, sorted."""
    folder = rules_folder()
    return sorted(p.stem for p in folder.glob("*.json") if _NAME.fullmatch(p.stem)) if folder.is_dir() else []


def _checked_name(name: str, hint: str = "NAME") -> str:
    name = name.removeprefix(SAVED).strip().lower()
    if not _NAME.fullmatch(name):
        raise click.BadParameter(_("{name!r}: a saved ruleset's name is 1 to 32 letters, digits, - or _ "
                                   "(starting with a letter or digit)").format(name=name), param_hint=hint)
    return name


def load_saved(name: str, hint: str = "--rules") -> ChosenRules:
    """The saved house ruleset `name` (without its `~`); errors name the parameter `hint`.

    Raises:
        click.BadParameter: no such saved ruleset (listing the saved ones and how to save one), a file
            that cannot be read (unreadable, a folder, a fifo, over 64 KB) or a damaged one (not UTF-8, not
            JSON, not a ruleset): each named, with the next step.
    """
    name = _checked_name(name, hint)
    path = rules_folder() / f"{name}.json"
    if not path.exists():
        saved = ", ".join(SAVED + n for n in saved_names()) or _("none yet")
        raise click.BadParameter(
            _("no saved house ruleset {label} in {folder} (saved: {saved}); save one with "
              "`p2pshithead rules PRESET --set KEY=VALUE --save {name}`").format(
                label=SAVED + name, folder=rules_folder(), saved=saved, name=name), param_hint=hint)
    how = {"path": path, "label": SAVED + name, "name": name}
    try:
        raw = read_small(path, _MOST)
    except OSError as exc:
        raise click.BadParameter(_("cannot read {path} ({problem}); delete it or save {label} again with "
                                   "`p2pshithead rules PRESET --set KEY=VALUE --save {name}`").format(
                                     problem=exc.strerror, **how), param_hint=hint) from None
    try:
        data = json.loads(raw.decode("utf-8"))
        if not (isinstance(data, dict) and isinstance(data.get("preset"), str) and isinstance(data.get("house"), dict)
                and all(isinstance(k, str) and isinstance(v, str) for k, v in data["house"].items())):
            raise ValueError(_('expected {"preset": NAME, "house": {KEY: VALUE, ...}}'))  # as it is: no format
        base = data["preset"]
        ruleset = preset(base).with_settings(data["house"])
    except ValueError as exc:  # (UnicodeDecodeError, JSONDecodeError and SettingError are ValueErrors)
        error = _("not UTF-8 text") if isinstance(exc, UnicodeDecodeError) else exc
        raise click.BadParameter(_("{path} is damaged ({error}); delete it or save {label} again with "
                                   "`p2pshithead rules PRESET --set KEY=VALUE --save {name}`").format(
                                     error=error, **how), param_hint=hint) from None
    return ChosenRules(SAVED + name, base, ruleset)


def save(name: str, chosen: ChosenRules) -> Path:
    """Save `chosen` as house ruleset `name` (replacing one of that name, whole or not at all); its path.

    Raises:
        click.ClickException: the folder cannot be written (full, read-only, a file), named with the next step.
    """
    path = rules_folder() / (_checked_name(name, "--save") + ".json")
    part = path.with_suffix(".part")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        part.write_text(json.dumps({"preset": chosen.base, "house": chosen.house}, indent=1, sort_keys=True) + "\n",
                        encoding="utf-8")  # fmt: skip
        os.replace(part, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            part.unlink(missing_ok=True)
        raise click.ClickException(_("cannot save {label} in {folder} ({problem}): make the config folder one you "
                                     "can write, or set P2PSHITHEAD_HOME to another").format(
            label=SAVED + path.stem, folder=path.parent, problem=exc.strerror)) from None
    return path


def _echo_rules(chosen: ChosenRules) -> None:
    click.echo((_("{label}:") if chosen.label == chosen.base else _("{label} (on {base}):")).format(
        label=chosen.label, base=chosen.base))
    for line in chosen.ruleset.describe():
        click.echo(fitted(f"  {line}"))
    changed = chosen.ruleset.differences(preset(chosen.base))
    if changed:
        click.echo(_("house rules on top of {base}:").format(base=chosen.base))
        for line in changed:
            click.echo(fitted(f"  {line}"))


def _list_saved() -> None:
    names = saved_names()
    if not names:
        click.echo(_("no saved house rulesets in {folder}; save one with {how}").format(folder=rules_folder(),
                                                                                         how=_HOW_TO_SAVE))
        return
    click.echo(_("saved house rulesets ({folder}):").format(folder=rules_folder()))
    for name in names:
        try:
            chosen = load_saved(name)
        except click.BadParameter as exc:
            click.echo(f"  {SAVED}{name}: {exc.message}")
            continue
        changed = chosen.ruleset.differences(preset(chosen.base))
        said = listed(changed) or _("no house rules")
        click.echo(fitted("  " + _("{label} on {base}: {rules}").format(label=chosen.label, base=chosen.base,
                                                                        rules=said)))


def _delete(name: str) -> None:
    path = rules_folder() / f"{_checked_name(name, '--delete')}.json"
    if not path.exists():
        raise click.BadParameter(_("no saved house ruleset {label} in {folder}").format(
            label=SAVED + path.stem, folder=rules_folder()), param_hint="--delete")
    try:
        path.unlink()
    except OSError as exc:
        raise click.ClickException(_("cannot delete {path} ({problem}): remove it by hand").format(
            path=path, problem=exc.strerror)) from None
    click.echo(_("deleted {label} ({path})").format(label=SAVED + path.stem, path=path))


@click.command(help=_("Print the rules of a preset or saved house ruleset ~NAME (default classic), with any "
                      "house rules, in words; save them as a named house ruleset, list or delete those."),
               epilog=examples("rules french", "rules pagat --set ten_not_on_eight=true",
                               "rules pagat --set eight=under --save mine", "rules --list", "rules '~mine'",
                               "rules --delete mine"))
@click.argument("name", required=False, default="classic", metavar="[PRESET|~NAME]")
@house_rules_option
@click.option("--save", "save_as", metavar="NAME",
              help=_("Save these rules as house ruleset NAME, for --rules ~NAME in play, host, simulate and "
                     "rules."))
@click.option("--list", "list_saved", is_flag=True, help=_("List the saved house rulesets."))
@click.option("--delete", "delete_name", metavar="NAME", help=_("Delete the saved house ruleset NAME."))
def rules(name: str, settings: tuple[str, ...], save_as: str | None, list_saved: bool, delete_name: str | None) -> None:
    """`p2pshithead rules` (its help, in the language in use, is the command's `help`)."""
    if list_saved:
        _list_saved()
        return
    if delete_name is not None:
        _delete(delete_name)
        return
    chosen = choose_rules(name, settings, "PRESET|~NAME")
    if save_as is None:
        _echo_rules(chosen)
        return
    path = save(save_as, chosen)
    saved = ChosenRules(SAVED + _checked_name(save_as, "--save"), chosen.base, chosen.ruleset)
    _echo_rules(saved)
    click.echo(_("saved to {path}; use it with --rules {label}").format(path=path, label=saved.label))
