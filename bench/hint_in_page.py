"""The hint as the page gives it: CPython on WebAssembly, in a frame's slices, against the set's exact values.

    python -m bench.hint_in_page [--max-empties 22] [--per-empties 3] [--slice-ms 10] [--frame-ms 16.7]

The hint (``advise(position, HINT_LIMITS_IN_PAGE)``, 2 s of wall clock) runs in Pyodide 0.27.8 under
Node.js (the CPython 3.12 pygbag runs in the browser) the way the page runs it: ``job.advance(slice)``
once a frame, the rest of the frame (drawing, the browser) standing idle (``time.sleep``). The
positions are ``bench/data/advice_set.json``'s (``tools.advice_set.load_set``; master games, every move's
exact value); for each it prints whether the ringed move is an exactly best move, whether the hint
called it exact, its loss and the wall time. A browser's V8 runs the same WebAssembly as Node's, so
this is the page's hint but for the drawing's own cost (the slice stands in for it). Figures only, no assertions.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

from tools.advice_set import Entry, load_set

REPO = Path(__file__).resolve().parent.parent
HARNESS = REPO / "tests" / "wasm" / "run_in_pyodide.mjs"

PROGRAM = """
import json, time
from game.ai import HINT_LIMITS_IN_PAGE, advise, warm_up
from game.ai import Job
from game.engine import Position

Job(warm_up()).run()
results = []
for text in TEXTS:
    job = advise(Position.from_text(text), HINT_LIMITS_IN_PAGE)
    started = time.perf_counter()
    frames = 0
    while job.advance(SLICE_MS) is None:
        frames += 1
        time.sleep(max(0.0, FRAME_MS - SLICE_MS) / 1000)
    found = job.result
    results.append([found.best[0], found.best_exact, found.exact, time.perf_counter() - started, frames])
json.dumps(results)
"""


def main(argv: list[str] | None = None) -> int:
    """Run the page's hint on the set's positions in Pyodide and print how it did, by empties."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-empties", type=int, default=22)
    parser.add_argument("--per-empties", type=int, default=3, help="positions for each count of empties")
    parser.add_argument("--slice-ms", type=float, default=10.0, help="the search's slice a frame (the app's most)")
    parser.add_argument("--frame-ms", type=float, default=1000 / 60)
    args = parser.parse_args(argv)
    chosen: dict[int, list[Entry]] = defaultdict(list)
    for entry in load_set().solved():
        if entry.empties <= args.max_empties and len(chosen[entry.empties]) < args.per_empties:
            chosen[entry.empties].append(entry)
    entries = [e for empties in sorted(chosen) for e in chosen[empties]]
    program = (f"TEXTS = {json.dumps([e.position.to_text() for e in entries])}\nSLICE_MS = {args.slice_ms}\n"
               f"FRAME_MS = {args.frame_ms}\n" + PROGRAM)
    done = subprocess.run(["node", str(HARNESS), "-c", program], cwd=REPO, capture_output=True, text=True,
                          timeout=3600, check=False)
    report = json.loads(done.stdout.strip().splitlines()[-1]) if done.stdout.strip() else {}
    if not report.get("ok"):
        print(report.get("error") or done.stderr, file=sys.stderr)
        return 1
    results = json.loads(report["value"])
    print(f"the page's hint in Pyodide {report['pyodide']} (CPython {report['python']}), "
          f"{args.slice_ms:g} ms a {args.frame_ms:.1f} ms frame")
    print("| empties | positions | best move | proved exact | mean loss (discs) | mean wall s |")
    print("|---:|---:|---:|---:|---:|---:|")
    by_empties: dict[int, list[tuple[int, bool, float]]] = defaultdict(list)
    for entry, (square, best_exact, _exact, seconds, _frames) in zip(entries, results, strict=True):
        by_empties[entry.empties].append((entry.loss(square), best_exact, seconds))
    for empties, rows in sorted(by_empties.items()):
        n = len(rows)
        print(f"| {empties} | {n} | {sum(1 for r in rows if r[0] == 0)} | {sum(1 for r in rows if r[1])} | "
              f"{sum(r[0] for r in rows) / n:.1f} | {sum(r[2] for r in rows) / n:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
