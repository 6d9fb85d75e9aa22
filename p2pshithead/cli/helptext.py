"""Examples at the end of a command's `--help` (click's epilog), one way for every command; and help fitted
to the terminal's width, down to the narrowest (`FittedHelp`)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import click

from p2pshithead.lang import _

__all__ = ["EXAMPLE_PREFIX", "FittedContext", "FittedHelp", "examples"]

EXAMPLE_PREFIX = "  $ p2pshithead "
_EXAMPLE = re.compile(r"(?P<command>\$ p2pshithead .*?\S)(?:\s{2,}(?P<what>\S.*))?")  # "$ p2pshithead X   what X does"
_OPTION_SHARE = 3  # an option column takes at most a third of the width: its words keep the rest


def examples(*lines: str) -> str:
    """An epilog listing `lines` (each a command line after "p2pshithead", maybe followed by two spaces or
    more and what it does), kept as written by click."""
    return "\b\n" + _("Examples:") + "\n" + "\n".join(EXAMPLE_PREFIX + line for line in lines)


class FittedHelp(click.HelpFormatter):
    """Click's help, fitted to narrow terminals: an option's words keep two thirds of the width (a long
    option goes on a line of its own above them), and an example too wide is written as a shell would
    take it: what it does as a comment above, the command broken between words with `\\`."""

    def write_dl(self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2) -> None:
        super().write_dl(rows, min(col_max, max(10, self.width // _OPTION_SHARE)), col_spacing)

    def write_text(self, text: str) -> None:
        if text.startswith("\b\n"):
            text = "\n".join(self._fitted(text.split("\n"), self.width - self.current_indent))
        super().write_text(text)

    @staticmethod
    def _fitted(lines: Sequence[str], width: int) -> list[str]:
        """`lines` of examples as they are when all fit `width`, else each as a comment and a command."""
        if all(len(line) <= width for line in lines):
            return list(lines)
        out: list[str] = []
        for line in lines:
            found = _EXAMPLE.fullmatch(line.strip())
            if found is None:
                out.append(line)
                continue
            indent = line[: len(line) - len(line.lstrip())]
            if found["what"]:
                out += [indent + "# " + part for part in _words_within(found["what"].split(), width - len(indent) - 2)]
            command = found["command"]
            parts = [command]
            if len(indent) + len(command) > width:
                parts = _words_within(_phrases(command.split()), width - len(indent) - 6)  # room for "    " and " \"
            out += [indent + ("" if i == 0 else "    ") + part + (" \\" if i < len(parts) - 1 else "")
                    for i, part in enumerate(parts)]  # fmt: skip
        return out


def _phrases(words: Sequence[str]) -> list[str]:
    """`words` of a command line, an option kept with its value ("--games 3")."""
    phrases: list[str] = []
    for word in words:
        if phrases and phrases[-1].startswith("-") and " " not in phrases[-1] and not word.startswith("-"):
            phrases[-1] += " " + word
        else:
            phrases.append(word)
    return phrases


def _words_within(words: Sequence[str], width: int) -> list[str]:
    """`words` joined by spaces into lines of at most `width` (a longer one alone on its line)."""
    lines: list[str] = []
    for word in words:
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


class FittedContext(click.Context):
    """A click context whose help is `FittedHelp`."""

    formatter_class = FittedHelp
