# /// script
# requires-python = ">=3.11"
# dependencies = [
#     "pygame-ce",
# ]
# ///
"""Othello: run ``python main.py`` for the desktop window; pygbag runs this same file in the browser.

One asyncio loop drives the game on both (``game.start.run_game``, which the
installed ``othello`` command runs too): each frame handles events, advances
the computer's search by a slice, draws, then yields once with
``await asyncio.sleep(0)`` so the browser can paint. On the desktop this
file takes exactly the options of ``python -m game`` (``--data-dir``,
``--reset-settings``, ``--script``, ``--frames``: one parser) and refuses
any other in one line with status 2; the browser passes none.
"""

import asyncio
import sys

from game.platform.browser import IS_BROWSER
from game.start import run_game


async def main() -> None:
    """Open the game and run its frame loop until it is closed."""
    await run_game()


if IS_BROWSER:
    asyncio.run(main())
else:
    from game.__main__ import main as desktop_main  # the desktop's options, never packed for the browser

    sys.exit(desktop_main(sys.argv[1:]))
