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
``await asyncio.sleep(0)`` so the browser can paint.
"""

import asyncio

from game.start import run_game


async def main() -> None:
    """Open the game and run its frame loop until it is closed."""
    await run_game()


asyncio.run(main())
