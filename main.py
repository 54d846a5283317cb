# /// script
# requires-python = ">=3.11"
# dependencies = [
#     "pygame-ce",
# ]
# ///
"""Othello: run ``python main.py`` for the desktop window; pygbag runs this same file in the browser.

One asyncio loop drives the game on both: each frame handles events,
advances the computer's search by a slice, draws, then yields once with
``await asyncio.sleep(0)`` so the browser can paint.
"""

import asyncio

from game.app import App


async def main() -> None:
    """Open the game and run its frame loop until it is closed."""
    app = App()
    while app.frame():
        await asyncio.sleep(0)
        app.tick()
    app.close()


asyncio.run(main())
