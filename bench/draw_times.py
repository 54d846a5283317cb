"""How long the app takes to draw one frame of a scene, in ms.

``python bench/draw_times.py [game|review|new-game|settings] [--language CODE] [--size WxH]``: three runs
of 300 draws (headless) of a game ten moves in, its review, the new-game screen or the settings (default:
the game, English, 1280x800). Drawing is what the frame budget leaves the computer's search
(``game/play/frame_budget.py``), so it matters; the screens of many buttons show what fitting their
labels costs (``ButtonGroup.fit_rows``, two-line labels), e.g. ``new-game --language fr --size 720x1280``.
"""

from __future__ import annotations

import argparse
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
from game.scenes.entries import GameEntry, NewGameEntry, ReviewEntry, SettingsEntry  # noqa: E402

DRAWS = 300


def main(argv: list[str]) -> None:
    """Print the mean time a draw takes, three times."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("screen", nargs="?", default="game", choices=("game", "review", "new-game", "settings"))
    parser.add_argument("--language", default="en", help="the language the screen speaks (default en)")
    parser.add_argument("--size", default="1280x800", help="the window, WIDTHxHEIGHT (default 1280x800)")
    args = parser.parse_args(argv)
    width, height = (int(part) for part in args.size.lower().split("x"))
    app = App(storage=MemoryStorage(), window_size=(width, height), with_sound=False)
    app.frame([])
    if not app.ctx.languages.choose(args.language):
        raise SystemExit(f"cannot speak {args.language!r} here")
    record = GameRecord.from_transcript("f5d6c3d3c4f4f6f3e6e7")
    entries = {"game": lambda: GameEntry(MatchSetup("two", BLACK), record), "review": lambda: ReviewEntry(record),
               "new-game": NewGameEntry, "settings": SettingsEntry}
    app.scene.open(entries[args.screen]())
    for _ in range(5):
        app.frame([])
    for _ in range(3):
        started = time.perf_counter()
        for _ in range(DRAWS):
            app.draw()
        print(f"{(time.perf_counter() - started) / DRAWS * 1000:.2f} ms a draw ({type(app.scene).__name__})")


if __name__ == "__main__":
    main(sys.argv[1:])
