"""How long the opening explorer's first index build takes (printed, never asserted).

    python -m bench.explorer_index               # the whole database
    python -m bench.explorer_index --games 20000 # the first 20,000 games only (quicker)
    python -m bench.explorer_index --profile     # and the build's 15 costliest functions (cProfile)

Prints the games table's load, then the index build in slices of ``--slice``
milliseconds (as a scene drives it: the frame's slice, 6-10 ms), its CPU
time and longest slice, the cache's encoding, and what that first build
costs the player in wall time at 60 frames a second when each frame gives
the work one slice (the rest of a frame is drawing and waiting).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from game.library.database import GameTable, TableLoader
from game.library.index_builder import IndexBuilder
from game.library.index_file import IndexEncoder
from game.library.positions import PLIES
from game.records.wthor import WTHOR_PATH

FRAME_S = 1 / 60


def sliced(advance: object, slice_ms: float) -> tuple[float, float, int, float]:
    """Run ``advance(slice_ms)`` until it returns True: wall s, CPU s, slices, the longest slice's CPU ms."""
    started, cpu = time.perf_counter(), time.process_time()
    slices, worst = 0, 0.0
    while True:
        begun = time.process_time()
        finished = advance(slice_ms)  # type: ignore[operator]
        worst = max(worst, time.process_time() - begun)
        slices += 1
        if finished:
            break
    return time.perf_counter() - started, time.process_time() - cpu, slices, 1000 * worst


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help="index only the first N games")
    parser.add_argument("--slice", type=float, default=8.0, help="milliseconds a slice (default 8)")
    parser.add_argument("--profile", action="store_true", help="profile the build (slower) and print the top")
    args = parser.parse_args(argv)

    loader = TableLoader(WTHOR_PATH)
    wall, cpu, slices, worst = sliced(loader.advance, args.slice)
    table = loader.table
    assert table is not None
    print(f"games table: {len(table.games):,} games in {wall:.2f} s ({slices:,} slices, longest {worst:.0f} ms CPU)")
    games = table.games if args.games is None else table.games[: args.games]
    part = GameTable(games, table.path, table.stamp)
    builder = IndexBuilder(part, PLIES)
    profiler = cProfile.Profile() if args.profile else None
    if profiler is not None:
        profiler.enable()
    build_wall, build_cpu, build_slices, build_worst = sliced(builder.advance, args.slice)
    if profiler is not None:
        profiler.disable()
    index = builder.index
    assert index is not None
    print(f"index build ({PLIES} plies, {len(games):,} games): {build_wall:.2f} s ({build_cpu:.2f} s CPU) in "
          f"{build_slices:,} slices of {args.slice:g} ms, longest {build_worst:.0f} ms CPU; "
          f"{index.positions:,} positions")
    encoder = IndexEncoder(index)
    enc_wall, _cpu, enc_slices, enc_worst = sliced(encoder.advance, args.slice)
    print(f"cache encoding: {enc_wall:.2f} s in {enc_slices:,} slices, longest {enc_worst:.0f} ms CPU")
    frames = slices + build_slices + enc_slices
    print(f"first build in the app at 60 fps, one {args.slice:g} ms slice a frame: about {frames * FRAME_S:.0f} s "
          f"({frames:,} frames)")
    if profiler is not None:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(15)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
