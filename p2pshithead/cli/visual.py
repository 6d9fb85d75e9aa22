"""Right-to-left text (Hebrew) in the order a terminal that does not reorder text must draw it.

The catalogs hold Hebrew in logical order, as typed; the lines are put in visual order here, at the one
place lines reach a terminal: this program's stdout and stderr when they are terminals (`install`), and
the prompts a console read shows (cli/terminal.py). Where the terminal reorders text itself (`--bidi
terminal`, $P2PSHITHEAD_BIDI=terminal: Konsole, GNOME's VTE 0.76 on, mlterm) nothing is reordered.

Invariants: a line with no right-to-left letter is written unchanged (English, Portuguese and French
screens, a row of cards); a line with one is reordered by the Unicode bidirectional algorithm
(python-bidi, imported then) as one paragraph, right to left when the language spoken is (`lang`),
else left to right; a phrase with no right-to-left letter that is not a plain word or number (a command
such as `show -` or `swap 3 K`, cards such as 7♥ 8♠ with their color codes, an option, a path: words
joined by single spaces) is isolated first, so it stays whole and reads left to right where it sits,
while the sentence's punctuation and unpaired brackets around it stay the sentence's (mirrored: python-bidi
does not mirror); cursor moves at a line's ends (clear to end of line) stay at its ends, colors with the
text they color. A pipe or a file gets the logical text.
"""

from __future__ import annotations

import re
import sys
from typing import Any, TextIO

from p2pshithead import lang

__all__ = ["ENV", "MODES", "install", "shown", "visual"]

ENV = "P2PSHITHEAD_BIDI"
MODES = ("program", "terminal")
"""Who puts right-to-left lines in visual order: this program (the default) or the terminal."""

_RTL = "\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc"  # Hebrew, Arabic and their presentation forms
_HAS_RTL = re.compile(f"[{_RTL}]")
_ESCAPE = r"\x1b\[[0-9;?]*[A-Za-z]"
_MOVE = r"\x1b\[[0-9;?]*[A-Za-ln-z]"  # an escape sequence that is no color (SGR ends in m): a cursor move
_ENDS = re.compile(rf"((?:{_MOVE}|\r)*)(.*?)((?:{_MOVE}|\r)*)", re.DOTALL)
_PHRASE = re.compile(rf"[^\s{_RTL}]+(?: [^\s{_RTL}]+)*")
_PAIRS = {"(": ")", "[": "]", "{": "}", "<": ">", "«": "»"}
_CLOSERS = frozenset(_PAIRS.values())
_BRACKETS = frozenset(_PAIRS) | _CLOSERS
_PUNCTUATION = frozenset(" ,.;:!?\"'")
_ISOLATES = str.maketrans("", "", "\u2066\u2067\u2068\u2069")
_MIRROR = str.maketrans("()[]{}<>«»", ")(][}{><»«")
_STAND_IN = 0xE000  # escape sequences inside a line become private-use letters while it is reordered

_mode = "program"


def visual(line: str, right_to_left: bool) -> str:
    """`line` (one line, logical order) in visual order, in a paragraph of the direction given."""
    if not _HAS_RTL.search(line):
        return line
    from bidi import get_display

    start, body, end = _ENDS.fullmatch(line).groups()  # type: ignore[union-attr]  # (it matches any text)
    escapes = re.findall(_ESCAPE, body)
    stand_ins = iter(range(_STAND_IN, _STAND_IN + len(escapes)))
    body = re.sub(_ESCAPE, lambda _escape: chr(next(stand_ins)), body)

    def isolate(phrase: re.Match[str]) -> str:
        opening, core, closing = _parts(phrase.group())
        if right_to_left:
            opening, closing = opening.translate(_MIRROR), closing.translate(_MIRROR)
        if core and not core.isalnum():
            core = f"\u2066{core}\u2069"  # not a word or a number: kept whole, left to right
        return opening + core + closing

    shown_body = str(get_display(_PHRASE.sub(isolate, body), base_dir="R" if right_to_left else "L"))
    shown_body = shown_body.translate(_ISOLATES)
    for i, escape in enumerate(escapes):
        shown_body = shown_body.replace(chr(_STAND_IN + i), escape)
    return start + shown_body + end


def _parts(phrase: str) -> tuple[str, str, str]:
    """`phrase` as (what leads it, its core, what ends it): the sentence's punctuation and the brackets the
    phrase does not pair around its core."""
    paired, stack = set(), []
    for i, char in enumerate(phrase):
        if char in _PAIRS:
            stack.append(i)
        elif char in _CLOSERS and stack and _PAIRS[phrase[stack[-1]]] == char:
            paired |= {stack.pop(), i}
    loose = [char in _PUNCTUATION or (char in _BRACKETS and i not in paired) for i, char in enumerate(phrase)]
    start = loose.index(False) if False in loose else len(phrase)
    end = len(phrase) - loose[::-1].index(False) if False in loose else len(phrase)
    return phrase[:start], phrase[start:end], phrase[end:]


def shown(text: str) -> str:
    """`text` (lines) as this program writes it to a terminal: in visual order unless the terminal reorders."""
    if _mode == "terminal":
        return text
    right_to_left = lang.language() in lang.RIGHT_TO_LEFT
    return "\n".join(visual(line, right_to_left) for line in text.split("\n"))


class _Visual:
    """A terminal's text stream that writes what it is given in visual order (`shown`)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(shown(text))
        return len(text)

    def __getattr__(self, name: str) -> Any:  # (prompt_toolkit draws through the binary buffer: as is)
        return getattr(self.stream, name)


def install(mode: str) -> None:
    """Puts this program's stdout and stderr in visual order when they are terminals (`mode` "program"),
    or leaves the order to the terminal ("terminal"); `shown` follows `mode` too."""
    global _mode
    _mode = mode
    if mode == "program":
        for name in ("stdout", "stderr"):
            stream = getattr(sys, name)
            if not isinstance(stream, _Visual) and stream.isatty():
                setattr(sys, name, _Visual(stream))
