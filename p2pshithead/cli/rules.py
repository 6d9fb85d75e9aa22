"""`p2pshithead rules`: a ruleset in words, for people deciding what to play; `--set` house rules;
named house rulesets saved in the config folder (`rules ... --save NAME`, `rules --list`) and reused as
`--rules ~NAME`.

Invariants: `choose_rules` is the one place that turns `--rules` and `--set` text into a ruleset, for
every command (`play`, `host`, `simulate`, `rules`); a saved ruleset is a file
`<config>/rules/NAME.json` holding its preset and its house rules as `Ruleset.with_settings` text,
checked again whenever it is read, so a damaged or outdated file is named, never half-used.
"""

from __future__ import annotations

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

DEFAULT_PRESET = "classic"
"""The rules of a table when `--rules` is not given."""

F = TypeVar("F", bound=Callable[..., object])

SAVED = "~"
"""What marks a saved ruleset's name in `--rules` ("~mine")."""

_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")
_HOW_TO_SAVE = "`p2pshithead rules PRESET --set KEY=VALUE --save NAME`"


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
                          help=f"Rules preset ({', '.join(PRESETS)}; default {DEFAULT_PRESET}) or a saved house "
                               "ruleset ~NAME (`p2pshithead rules --list`); with --game speed: speed or chinese, "
                               "then options such as jokers=on.")  # fmt: skip
    return option(command)


def house_rules_option(command: F) -> F:
    """The repeatable `--set KEY=VALUE` option (a house rule on top of the preset)."""
    option = click.option("--set", "settings", multiple=True, metavar="KEY=VALUE",
                          help="A house rule on top of the preset, e.g. --set eight=under (repeatable).")
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
            raise click.BadParameter(f"{setting!r}: write a house rule as KEY=VALUE", param_hint="--set")
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
        meant = f"did you mean {SAVED}{text}? " if text.lower() in names else ""
        saved = ", ".join(SAVED + n for n in names) or "none yet"
        raise click.BadParameter(f"unknown rules {text!r}: {meant}presets are {', '.join(PRESETS)}; saved house "
                                 f"rulesets ({rules_folder()}): {saved}; save one with "
                                 f"{_HOW_TO_SAVE}", param_hint=hint)
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
        raise click.BadParameter(f"{name!r}: a saved ruleset's name is 1 to 32 letters, digits, - or _ "
                                 "(starting with a letter or digit)", param_hint=hint)  # fmt: skip
    return name


def load_saved(name: str, hint: str = "--rules") -> ChosenRules:
    """The saved house ruleset `name` (without its `~`); errors name the parameter `hint`.

    Raises:
        click.BadParameter: no such saved ruleset (listing the saved ones and how to save one), or a
            damaged file (naming it and the next step).
    """
    name = _checked_name(name, hint)
    path = rules_folder() / f"{name}.json"
    if not path.exists():
        saved = ", ".join(SAVED + n for n in saved_names()) or "none yet"
        raise click.BadParameter(
            f"no saved house ruleset {SAVED}{name} in {rules_folder()} (saved: {saved}); save one with "
            f"`p2pshithead rules PRESET --set KEY=VALUE --save {name}`", param_hint=hint)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not (isinstance(data, dict) and isinstance(data.get("preset"), str) and isinstance(data.get("house"), dict)
                and all(isinstance(k, str) and isinstance(v, str) for k, v in data["house"].items())):
            raise ValueError('expected {"preset": NAME, "house": {KEY: VALUE, ...}}')
        base = data["preset"]
        ruleset = preset(base).with_settings(data["house"])
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise click.BadParameter(f"{path} is damaged ({exc}); delete it or save {SAVED}{name} again with "
                                 f"`p2pshithead rules PRESET --set KEY=VALUE --save {name}`",
                                 param_hint=hint) from None  # fmt: skip
    return ChosenRules(SAVED + name, base, ruleset)


def save(name: str, chosen: ChosenRules) -> Path:
    """Save `chosen` as house ruleset `name` (replacing one of that name); its path."""
    path = rules_folder() / (_checked_name(name, "--save") + ".json")
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_suffix(".part")
    part.write_text(json.dumps({"preset": chosen.base, "house": chosen.house}, indent=1, sort_keys=True) + "\n",
                    encoding="utf-8")  # fmt: skip
    os.replace(part, path)
    return path


def _echo_rules(chosen: ChosenRules) -> None:
    click.echo(f"{chosen.label}:" if chosen.label == chosen.base else f"{chosen.label} (on {chosen.base}):")
    for line in chosen.ruleset.describe():
        click.echo(fitted(f"  {line}"))
    changed = chosen.ruleset.differences(preset(chosen.base))
    if changed:
        click.echo(f"house rules on top of {chosen.base}:")
        for line in changed:
            click.echo(fitted(f"  {line}"))


def _list_saved() -> None:
    names = saved_names()
    if not names:
        click.echo(f"no saved house rulesets in {rules_folder()}; save one with {_HOW_TO_SAVE}")
        return
    click.echo(f"saved house rulesets ({rules_folder()}):")
    for name in names:
        try:
            chosen = load_saved(name)
        except click.BadParameter as exc:
            click.echo(f"  {SAVED}{name}: {exc.message}")
            continue
        changed = chosen.ruleset.differences(preset(chosen.base))
        click.echo(fitted(f"  {chosen.label} on {chosen.base}: {'; '.join(changed) or 'no house rules'}"))


def _delete(name: str) -> None:
    path = rules_folder() / f"{_checked_name(name, '--delete')}.json"
    if not path.exists():
        raise click.BadParameter(f"no saved house ruleset {SAVED}{path.stem} in {rules_folder()}",
                                 param_hint="--delete")  # fmt: skip
    path.unlink()
    click.echo(f"deleted {SAVED}{path.stem} ({path})")


@click.command(epilog=examples("rules french", "rules pagat --set ten_not_on_eight=true",
                               "rules pagat --set eight=under --save mine", "rules --list", "rules '~mine'",
                               "rules --delete mine"))
@click.argument("name", required=False, default="classic", metavar="[PRESET|~NAME]")
@house_rules_option
@click.option("--save", "save_as", metavar="NAME",
              help="Save these rules as house ruleset NAME, for --rules ~NAME in play, host, simulate and rules.")
@click.option("--list", "list_saved", is_flag=True, help="List the saved house rulesets.")
@click.option("--delete", "delete_name", metavar="NAME", help="Delete the saved house ruleset NAME.")
def rules(name: str, settings: tuple[str, ...], save_as: str | None, list_saved: bool, delete_name: str | None) -> None:
    """Print the rules of a preset or saved house ruleset ~NAME (default classic), with any house rules,
    in words; save them as a named house ruleset, list or delete those."""
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
    click.echo(f"saved to {path}; use it with --rules {saved.label}")
