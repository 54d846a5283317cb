"""How long the app takes to draw one frame of a scene (the game, or the review with ``review``), in ms.

``python bench/draw_times.py [review]``: three runs of 300 draws of a game ten moves in (headless). Drawing
is what the frame budget leaves the computer's search (``game/play/frame_budget.py``), so it matters.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.app import App  # noqa: E402
from game.engine import BLACK, GameRecord  # noqa: E402
from game.platform.storage import MemoryStorage  # noqa: E402
from game.play.match import MatchSetup  # noqa: E402
from game.scenes.entries import GameEntry, ReviewEntry  # noqa: E402

DRAWS = 300


def main(argv: list[str]) -> None:
    """Print the mean time a draw takes, three times."""
    app = App(storage=MemoryStorage(), window_size=(1280, 800), with_sound=False)
    app.frame([])
    record = GameRecord.from_transcript("f5d6c3d3c4f4f6f3e6e7")
    app.scene.open(ReviewEntry(record) if "review" in argv else GameEntry(MatchSetup("two", BLACK), record))
    for _ in range(5):
        app.frame([])
    for _ in range(3):
        started = time.perf_counter()
        for _ in range(DRAWS):
            app.draw()
        print(f"{(time.perf_counter() - started) / DRAWS * 1000:.2f} ms a draw ({type(app.scene).__name__})")


if __name__ == "__main__":
    main(sys.argv[1:])
