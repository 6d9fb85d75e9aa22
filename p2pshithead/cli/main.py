"""The `p2pshithead` command: a click group; each subcommand lives in its own module, imported only when
it runs (`LazyGroup`), so that the program starts at once on any laptop. Its own words are marked `N_`
here and translated when shown: they are read before the language is chosen."""

from __future__ import annotations

import click

from p2pshithead.cli.language import TranslatedOption
from p2pshithead.cli.lazy import Lazy, LazyGroup
from p2pshithead.lang import N_

COMMANDS = {
    "bench": Lazy("p2pshithead.cli.bench:bench", N_(
                  "Measure speed and size (engine, deck, net, wire, garbage), start-up (start) and bot strength "
                  "(bots).")),
    "host": Lazy("p2pshithead.cli.host:host", N_(
                 "Host a table: announce it, seat joiners and bots, start when full or all ready, play it out; then "
                 "offer the next game (seats stay, anyone may stand up, a newcomer takes a free seat; the Shithead "
                 "deals), with a scoreboard after each game.")),
    "join": Lazy("p2pshithead.cli.join:join", N_(
                 "Join TABLE (by name, or pick one), or the table at --address; with --list, only list tables.")),
    "play": Lazy("p2pshithead.cli.play:play", N_(
                 'Play Shithead against bots at this terminal, game after game: answer y to "Play again?" for the '
                 "next deal (the Shithead deals; under the French rules the card exchange opens it) and see the "
                 "scoreboard of the evening after each game.")),
    "rules": Lazy("p2pshithead.cli.rules:rules", N_(
                  "Print the rules of a preset or saved house ruleset ~NAME (default classic), with any house "
                  "rules, in words; save them as a named house ruleset, list or delete those.")),
    "simulate": Lazy("p2pshithead.cli.simulate:simulate", N_(
                     "Play bot tables with rotating seats; print each bot's loss rate (how often it was the "
                     "Shithead).")),
    "verify": Lazy("p2pshithead.cli.verify:verify", N_(
                   "Re-check FILES (signatures, chain, every proof and move); print each finish order or the "
                   "first fault.")),
}
"""Every subcommand: where it lives and its line in `--help` (its docstring's first paragraph)."""


HELP = N_(
    "Shithead, peer to peer on one LAN: nobody, host included, sees a hidden card.\n\n"
    "Your identity (key, nickname and language), the games you are in (so a crash loses nothing) and the games "
    "you played (transcripts/, for `verify`) live in the config folder: $P2PSHITHEAD_HOME if set, else the "
    "platform's app folder (Linux ~/.config/p2pshithead, macOS ~/Library/Application Support/p2pshithead, "
    "Windows %APPDATA%\\p2pshithead).")


@click.group(cls=LazyGroup, lazy=COMMANDS, context_settings={"help_option_names": ["-h", "--help"]}, help=HELP,
             examples=("play --rules french", "rules french", "simulate -n 50 --bots smart:200ms,greedy"))
@click.version_option(package_name="p2pshithead", cls=TranslatedOption)  # (its help said when shown)
def main() -> None:
    """(The group's help is HELP, translated when shown.)"""
