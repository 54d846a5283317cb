"""Frame times of the real game while the strongest level thinks, over a whole game, headless.

The computer (the top level unless ``--level``) plays White; Black's moves
are clicks on a legal square, sent as soon as it is Black's turn, so
nearly every frame of the game has the search or an animation running.
Each frame's time is the work of one ``App.frame()`` (events, update with
the AI slice, drawing, scaling, flip). Also measures start-up to the first
menu frame in a fresh process.

    python bench/frame_times.py                # whole game against the top level
    python bench/frame_times.py --level 3 --games 2 --window 1920x1080
    python bench/frame_times.py --slowdown 2   # as if the search ran 2x slower (the browser)

Goals: max <= 50 ms and 95th percentile <= 20 ms; start-up < 1 s.
"""

from __future__ import annotations

import time

_PROCESS_T0 = time.perf_counter()

import argparse  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def percentile(values: list[float], fraction: float) -> float:
    """The ``fraction`` quantile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(fraction * len(ordered))) - 1))]


def startup_only() -> None:
    """Build the app and draw the first menu frame; print seconds since this process began."""
    from game.app import App
    from game.platform.storage import MemoryStorage

    app = App(storage=MemoryStorage())
    app.frame([])
    assert app.scene_name == "menu"
    print(f"{time.perf_counter() - _PROCESS_T0:.3f}")


def measure_startup() -> tuple[float, float]:
    """(seconds from interpreter start to the first menu frame, in-process part) in a fresh process."""
    started = time.perf_counter()
    out = subprocess.run([sys.executable, __file__, "--startup-only"], capture_output=True, text=True, check=True)
    total = time.perf_counter() - started
    return total, float(out.stdout.strip().splitlines()[-1])


def play_game(level: int, window: tuple[int, int], seed: int) -> tuple[list[float], int]:
    """Frame times (ms) of one game against ``level``; also the number of moves."""
    import pygame

    from game.app import App
    from game.engine import BLACK
    from game.platform.storage import MemoryStorage
    from game.play.match import MatchSetup
    from game.scenes.entries import GameEntry
    from game.scenes.game import GameScene

    rng = random.Random(seed)
    app = App(storage=MemoryStorage(), window_size=window, with_sound=False)
    app.frame([])
    app.scene.open(GameEntry(MatchSetup("computer", BLACK, level)))
    app.frame([])
    game_scene = app.scene
    app.record_frames = True
    for _ in range(200_000):
        scene = app.scene
        if not isinstance(scene, GameScene):
            break
        events: list[pygame.event.Event] = []
        if scene.dialog is not None:
            rect = scene.dialog.group.buttons[-1].rect
            events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.to_window(rect.center), button=1),
                      pygame.event.Event(pygame.MOUSEBUTTONUP, pos=app.to_window(rect.center), button=1)]
        elif scene.human_can_move() and not scene.busy():
            square = rng.choice(scene.position.legal_squares())
            pos = app.to_window(scene.view.square_center(square))
            events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                      pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
        app.frame(events)
        # pace like a real 60 fps loop so animations and thinking span real time
        time.sleep(max(0.0, 1 / 60 - app.frame_ms[-1] / 1000))
    moves = len(game_scene.record.moves)  # type: ignore[attr-defined]
    times = list(app.frame_ms)
    pygame.quit()
    return times, moves


def slow_down_search(factor: int) -> None:
    """Make every evaluation and move generation of the AI do ``factor`` times its work.

    WebAssembly runs the same Python about 2-3x slower; this stands in for it
    natively, so the frames show what slices that overrun by more cost.
    """
    from game.ai.lab import default_evaluation, endgame, ordering, search

    evaluation = default_evaluation()
    fast_evaluate = evaluation.evaluate
    fast_moves = search.legal_moves

    def slow_evaluate(player: int, opponent: int) -> int:
        for _ in range(factor - 1):
            fast_evaluate(player, opponent)
        return fast_evaluate(player, opponent)

    def slow_moves(player: int, opponent: int) -> int:
        for _ in range(factor - 1):
            fast_moves(player, opponent)
        return fast_moves(player, opponent)

    evaluation.evaluate = slow_evaluate  # type: ignore[method-assign]
    search.legal_moves = slow_moves  # type: ignore[assignment]
    endgame.legal_moves = slow_moves  # type: ignore[assignment]
    ordering.legal_moves = slow_moves  # type: ignore[assignment]


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", type=int, default=None, help="AI level index (default: the top level)")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--window", default="1280x800", help="window size, e.g. 1920x1080 to include scaling")
    parser.add_argument("--slowdown", type=int, default=1, help="make the search this many times slower")
    parser.add_argument("--startup-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.startup_only:
        startup_only()
        return
    if args.slowdown > 1:
        slow_down_search(args.slowdown)
    from game.ai import LEVELS

    level = len(LEVELS) - 1 if args.level is None else args.level
    window = tuple(int(v) for v in args.window.split("x"))
    total, in_process = measure_startup()
    print(f"start-up to first menu frame: {total * 1000:.0f} ms (fresh process; {in_process * 1000:.0f} ms "
          f"after the interpreter started)")
    all_times: list[float] = []
    for game in range(args.games):
        times, moves = play_game(level, (window[0], window[1]), seed=game)
        all_times += times
        print(f"game {game + 1}: {moves} moves, {len(times)} frames, max {max(times):.1f} ms, "
              f"p95 {percentile(times, 0.95):.1f} ms")
    slowed = f", search slowed {args.slowdown}x" if args.slowdown > 1 else ""
    print(f"level {LEVELS[level].name}, window {args.window}{slowed}: {len(all_times)} frames; "
          f"max {max(all_times):.1f} ms, p95 {percentile(all_times, 0.95):.1f} ms, "
          f"median {statistics.median(all_times):.1f} ms")


if __name__ == "__main__":
    main()
