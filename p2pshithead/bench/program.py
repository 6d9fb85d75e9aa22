"""The program as a person runs it, for the benchmarks that start it: its command line and the variable
that gives it its own config folder. Both are the CLI's public interface (README), spelled here since
bench may not import cli; tests/test_portable.py checks that they agree."""

from __future__ import annotations

import sys

__all__ = ["CLI", "HOME_ENV"]

CLI = [sys.executable, "-c", "from p2pshithead.cli.main import main; main(prog_name='p2pshithead')"]
HOME_ENV = "P2PSHITHEAD_HOME"
