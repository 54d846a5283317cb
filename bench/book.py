"""Opening book figures: file size, load time, lookup time (natively, and in Pyodide with --wasm).

    python bench/book.py            # natively
    python bench/book.py --wasm     # also in CPython on WebAssembly (needs node and `npm ci`)
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

MEASURE = """
import time
from game.ai.lab import BOOK_PATH, decode_book
from game.engine import GameRecord

def measure(repeats):
    data = BOOK_PATH.read_bytes()
    loads = []
    for _ in range(repeats):
        started = time.perf_counter()
        book = decode_book(data)
        loads.append(time.perf_counter() - started)
    lines = ("", "f5d6c3d3c4", "f5f6e6f4e3c5c4e7", "f5d6c5f4e3c6d3f6e6d7e7c7")
    positions = [GameRecord.from_transcript(t).position for t in lines]
    started = time.perf_counter()
    for _ in range(250):
        for p in positions:
            book.lookup(p.player, p.opponent)
    lookup = (time.perf_counter() - started) / (250 * len(positions))
    return {"bytes": len(data), "positions": len(book), "moves": book.info.moves, "plies": book.info.plies,
            "min_games": book.info.min_games, "depth": book.info.depth,
            "load_ms_median": round(sorted(loads)[len(loads) // 2] * 1000, 2), "lookup_us": round(lookup * 1e6, 1)}
"""


def main() -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wasm", action="store_true", help="also measure in Pyodide")
    parser.add_argument("--repeats", type=int, default=21)
    args = parser.parse_args()
    scope: dict[str, object] = {}
    exec(MEASURE, scope)
    native = scope["measure"](args.repeats)  # type: ignore[operator]
    print("native:", json.dumps(native))
    if args.wasm:
        harness = REPO / "tests" / "wasm" / "run_in_pyodide.mjs"
        code = MEASURE + f"\nmeasure({args.repeats})"
        done = subprocess.run(["node", str(harness), "-c", code], cwd=REPO, capture_output=True, text=True, timeout=300)
        report = json.loads(done.stdout.strip().splitlines()[-1])
        print("pyodide:", json.dumps(report.get("value")) if report.get("ok") else report.get("error"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
