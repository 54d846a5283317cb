"""Starting the game: the one frame loop that ``main.py`` (desktop and browser) and the ``othello`` command run.

An error at start or in the loop is shown on the page in the browser
(instead of a frozen canvas); on the desktop it stops the game with its
traceback.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.platform.browser import failure_text, show_failure

if TYPE_CHECKING:
    from game.app import App
    from game.platform.storage import Storage


async def run_game(storage: Storage | None = None, before_frame: Callable[[App], bool] | None = None) -> None:
    """Open the game and run its frame loop until it is closed.

    ``storage`` replaces the platform's (``--data-dir``); ``before_frame``
    runs before every frame (``--script``, ``--frames``).
    """
    try:
        from game.app import App  # imported here so that a broken import is shown on the page too

        app = App() if storage is None else App(storage=storage)
        await app.run(before_frame)
    except Exception as exc:
        if not show_failure(failure_text(exc)):
            raise
