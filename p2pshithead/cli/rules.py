"""`p2pshithead rules`: a ruleset in words, for people deciding what to play; `--set` house rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import click

from p2pshithead.cli.helptext import examples
from p2pshithead.engine import PRESETS, Ruleset, SettingError, preset

F = TypeVar("F", bound=Callable[..., object])


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


@click.command(epilog=examples("rules french", "rules pagat --set ten_not_on_eight=true"))
@click.argument("name", required=False, default="classic", type=click.Choice(sorted(PRESETS)))
@house_rules_option
def rules(name: str, settings: tuple[str, ...]) -> None:
    """Print the rules of preset NAME (default classic), with any house rules, in words."""
    base = preset(name)
    ruleset = with_house_rules(base, settings)
    click.echo(f"{name}:")
    for line in ruleset.describe():
        click.echo(f"  {line}")
    changed = ruleset.differences(base)
    if changed:
        click.echo(f"house rules on top of {name}:")
        for line in changed:
            click.echo(f"  {line}")
