"""Text fitted to a terminal: lines wrapped and shortened at word boundaries, never inside a word.

Invariants: widths are measured without click's color codes (`click.unstyle`), so a colored card
counts as the characters it shows; a word is only ever cut when it alone is wider than the line;
a line that had to lose words ends with "...".
"""

from __future__ import annotations

from collections.abc import Sequence

import click

__all__ = ["fit", "paragraphs", "shown_width", "wrap"]

MORE = "..."


def shown_width(text: str) -> int:
    """The columns `text` takes on screen (color codes take none)."""
    return len(click.unstyle(text))


def fit(line: str, width: int, sep: str = " ") -> str:
    """`line` in `width` columns: whole if it fits, else its first words (split on `sep`) and "..."."""
    if shown_width(line) <= width:
        return line
    return _cut(line.split(sep)[:-1], width, sep)


def _cut(words: list[str], width: int, sep: str) -> str:
    """The first of `words` that fit in `width` with "..." after them (a lone word too wide is cut)."""
    while words:
        shorter = sep.join(words).rstrip() + " " + MORE
        if shown_width(shorter) <= width:
            return shorter
        if len(words) == 1:
            plain = click.unstyle(words[0])
            return plain[: max(0, width - len(MORE) - 1)] + " " + MORE if width > len(MORE) + 1 else MORE[:width]
        words.pop()
    return MORE[:width]


def wrap(
    words: Sequence[str], width: int, max_lines: int, first: str = "", indent: str = "", sep: str = " "
) -> list[str]:
    """`words` after `first`, joined by `sep` and wrapped to `width`, next lines after `indent`; at most
    `max_lines` lines (at least one), the last ending with "..." when words were left out."""
    lines: list[str] = []
    current, size, empty = first, shown_width(first), True
    for word in words:
        n = shown_width(word)
        gap = 0 if empty else len(sep)
        if not empty and size + gap + n > width:
            lines.append(current)
            current, size, empty = indent, len(indent), True
            gap = 0
        current += (sep if gap else "") + word
        size += gap + n
        empty = False
    lines.append(current)
    if len(lines) > max(1, max_lines):
        keep = max(1, max_lines)
        lines = lines[: keep - 1] + [_cut(lines[keep - 1].split(sep), width, sep)]
    return [fit(line, width, sep) for line in lines]


def paragraphs(text: str, width: int) -> str:
    """`text` (help, the rules in words) with each line wrapped to `width` at word boundaries; a line
    goes on under its own indentation and two spaces more."""
    out: list[str] = []
    for line in text.splitlines():
        body = line.lstrip(" ")
        lead = line[: len(line) - len(body)]
        out += wrap(body.split(" "), width, len(line) + 1, lead, lead + "  ") if body else [line]
    return "\n".join(out)
