"""What a command line does once its reader has closed standard output (``head``, a GUI that quit)."""

from __future__ import annotations

import contextlib
import os
import sys


def quiet_stdout() -> None:
    """Point stdout at the null device, so nothing more can be said and Python's flush at exit does not complain."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
