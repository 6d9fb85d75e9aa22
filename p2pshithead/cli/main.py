"""The `p2pshithead` command: a click group; each subcommand lives in its own module."""

from __future__ import annotations

import click


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="p2pshithead")
def main() -> None:
    """Shithead, peer to peer on one LAN: nobody, host included, sees a hidden card."""


def _register() -> None:
    from p2pshithead.cli.bench import bench

    main.add_command(bench)


_register()
