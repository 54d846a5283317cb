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

An error at start or in the loop is shown on the page in the browser
(instead of a frozen canvas); on the desktop it stops the game with its
traceback.
"""

import asyncio

from game.browser import failure_text, show_failure


async def main() -> None:
    """Open the game and run its frame loop until it is closed."""
    try:
        from game.app import App  # imported here so that a broken import is shown on the page too

        await App().run()
    except Exception as exc:
        if not show_failure(failure_text(exc)):
            raise


asyncio.run(main())
