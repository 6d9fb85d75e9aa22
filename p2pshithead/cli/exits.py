"""The program's exit statuses, one name for each (the README lists them "for scripts"); a stop by signal N
exits 128 + N (`terminal.stopped_status`: 130 Ctrl-C, 143 SIGTERM, 129 SIGHUP), and click's usage errors 2.

Invariant: `DONE` only for a game played out, or a person's own way out (Ctrl-D, end of input, a game left
for good): a script may take it that nothing went wrong."""

DONE = 0
"""A game played out (a finish order), or left by the person's own choice."""

SHORT = 1
"""A game that stopped short of its end (a fault, a verdict, a table closed before its game), or a saved game
that does not verify: the words say which (click's `ClickException`, what cannot be done, exits 1 too)."""

NETWORK = 3
"""The network or a peer failed this program: the words (on stderr) name which, and the next step."""
