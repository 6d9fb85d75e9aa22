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
    from p2pshithead.cli.simulate import simulate; main.add_command(simulate)
    from p2pshithead.cli.host import host; main.add_command(host)
    from p2pshithead.cli.join import join; main.add_command(join)
    from p2pshithead.cli.verify import verify; main.add_command(verify)
    from p2pshithead.cli.play import play; main.add_command(play)


_register()
