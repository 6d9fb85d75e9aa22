"""`speaking(code)`: this test process speaks a language of `lang.LANGUAGES` for the length of a `with`,
English again after it (English is every other test's language)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from p2pshithead import lang


@contextmanager
def speaking(code: str) -> Iterator[None]:
    lang.use(code)
    try:
        yield
    finally:
        lang.use("en")
