"""The `p2pshithead` command: a click group; each subcommand lives in its own module."""

from __future__ import annotations

import click

from p2pshithead.cli.helptext import examples


@click.group(context_settings={"help_option_names": ["-h", "--help"]},
             epilog=examples("play --rules french", "rules french", "simulate -n 50 --bots smart:200ms,greedy"))
@click.version_option(package_name="p2pshithead")
def main() -> None:
    """Shithead, peer to peer on one LAN: nobody, host included, sees a hidden card.

    Your identity (key and nickname), the games you are in (so a crash loses nothing) and the games you
    played (transcripts/, for `verify`) live in the config folder: $P2PSHITHEAD_HOME if set, else the
    platform's app folder (Linux ~/.config/p2pshithead, macOS ~/Library/Application Support/p2pshithead,
    Windows %APPDATA%\\p2pshithead).
    """


def _register() -> None:
    from p2pshithead.cli.bench import bench
    from p2pshithead.cli.host import host
    from p2pshithead.cli.join import join
    from p2pshithead.cli.play import play
    from p2pshithead.cli.rules import rules
    from p2pshithead.cli.simulate import simulate
    from p2pshithead.cli.verify import verify

    for command in (bench, simulate, host, join, verify, play, rules):
        main.add_command(command)
    from p2pshithead.cli.speedbench import speed

    bench.add_command(speed)


_register()
