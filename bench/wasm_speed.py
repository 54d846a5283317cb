"""Speed of the pure-Python engine in CPython on WebAssembly (Pyodide under Node.js) versus natively.

Each workload is a snippet of Python that returns ``(nodes, seconds)``; it
runs here, natively, and inside Pyodide through
``tests/wasm/run_in_pyodide.mjs`` on the same working tree, best of
``--repeat`` runs each. Prints a table (or ``--json``)::

    python bench/wasm_speed.py [--depth 8] [--repeat 3] [--json]

Needs ``node`` and ``npm ci`` (the ``pyodide`` package in ``node_modules``).
Pyodide runs the same CPython 3.12 on WebAssembly that pygbag uses in the
browser, so this estimates how much slower the AI thinks on a web page (a
browser's WebAssembly engine is V8 too, for Chrome; others differ).
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
HARNESS = REPO / "tests" / "wasm" / "run_in_pyodide.mjs"

# name -> code defining run(depth) -> (nodes, seconds); the lead adds the AI's workload here
WORKLOADS: dict[str, str] = {
    "perft, bulk counting (leaves/s)": """
from time import perf_counter
from game.engine import Position, perft

def run(depth):
    start = perf_counter()
    nodes = perft(Position.start(), depth, bulk=True)
    return nodes, perf_counter() - start
""",
    "perft, every leaf made (leaves/s)": """
from time import perf_counter
from game.engine import Position, perft

def run(depth):
    start = perf_counter()
    nodes = perft(Position.start(), depth - 1, bulk=False)
    return nodes, perf_counter() - start
""",
    "midgame search, pattern eval (nodes/s)": """
from time import perf_counter
from game.ai import Job
from game.ai.lab import build_search
from game.ai.lab import INF
from game.ai.lab import Evaluator, evaluation_of
from game.engine import GameRecord

def run(depth):
    search = build_search(evaluation_of(Evaluator.PATTERN))
    start = perf_counter()
    for opening in ("f5d6c3d3c4f4f6f3e6e7", "f5f6e6f4g5e7f7h5", "f5d6c6f4d3c3g4h4"):
        position = GameRecord.from_transcript(opening).position
        Job(search.root(position.player, position.opponent, 6, -INF, INF)).run()
    return search.nodes, perf_counter() - start
""",
    "endgame solve, FFO #1, 14 empty (nodes/s)": """
from time import perf_counter
from game.ai.lab import solve
from game.engine import Position

def run(depth):
    position = Position.from_text("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
    start = perf_counter()
    result = solve(position.player, position.opponent, all_best=False)
    return result.nodes, perf_counter() - start
""",
}


def run_native(code: str, depth: int, repeat: int) -> tuple[int, float]:
    """The fastest of ``repeat`` runs of the workload in this interpreter."""
    namespace: dict[str, Any] = {}
    exec(compile(code, "workload", "exec"), namespace)  # noqa: S102 - our own benchmark code
    nodes, seconds = min((namespace["run"](depth) for _ in range(repeat)), key=lambda run: run[1])
    return int(nodes), float(seconds)


def run_pyodide(code: str, depth: int, repeat: int) -> tuple[tuple[int, float], dict[str, Any]]:
    """The fastest of ``repeat`` runs of the workload in Pyodide, and the harness's report."""
    program = code + f"\nlist(min((run({depth}) for _ in range({repeat})), key=lambda r: r[1]))\n"
    completed = subprocess.run(
        ["node", str(HARNESS), "-c", program], cwd=REPO, capture_output=True, text=True, timeout=1800, check=False
    )
    if not completed.stdout.strip():
        raise RuntimeError(f"the Pyodide harness printed nothing: {completed.stderr.strip()}")
    report: dict[str, Any] = json.loads(completed.stdout.strip().splitlines()[-1])
    if not report.get("ok"):
        raise RuntimeError(f"Pyodide run failed:\n{report.get('error')}")
    nodes, seconds = report["value"]
    return (int(nodes), float(seconds)), report


def main(argv: list[str] | None = None) -> int:
    """Measure every workload both ways and print the comparison."""
    parser = argparse.ArgumentParser(description="Engine speed in Pyodide (WebAssembly) versus native CPython.")
    parser.add_argument("--depth", type=int, default=8, help="perft depth (default 8: 390,216 leaves)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement, best kept (default 3)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    args = parser.parse_args(argv)
    if not (REPO / "node_modules" / "pyodide").is_dir():
        print("error: node_modules/pyodide is missing: run `npm ci` in the repository", file=sys.stderr)
        return 1

    rows = []
    runtime: dict[str, Any] = {}
    for name, code in WORKLOADS.items():
        native_nodes, native_s = run_native(code, args.depth, args.repeat)
        started = time.perf_counter()
        (wasm_nodes, wasm_s), report = run_pyodide(code, args.depth, args.repeat)
        runtime = {"pyodide": report["pyodide"], "python": report["python"], "load_ms": report["load_ms"]}
        if wasm_nodes != native_nodes:
            raise RuntimeError(f"{name}: {wasm_nodes} nodes in Pyodide but {native_nodes} natively")
        rows.append(
            {
                "workload": name,
                "nodes": native_nodes,
                "native_nodes_per_s": native_nodes / native_s,
                "pyodide_nodes_per_s": wasm_nodes / wasm_s,
                "slowdown": wasm_s / native_s,
                "pyodide_wall_s": time.perf_counter() - started,
            }
        )

    native = {"python": platform.python_version(), "implementation": platform.python_implementation()}
    if args.json:
        print(json.dumps({"depth": args.depth, "native": native, "pyodide": runtime, "results": rows}))
        return 0
    print(
        f"native CPython {native['python']} vs Pyodide {runtime['pyodide']} (CPython {runtime['python']}, "
        f"Node.js {_node_version()}), perft depth {args.depth}, best of {args.repeat}"
    )
    print(f"{'workload':36} {'nodes':>9} {'native/s':>12} {'pyodide/s':>12} {'slower':>7}")
    for row in rows:
        print(
            f"{row['workload']:36} {row['nodes']:>9,} {row['native_nodes_per_s']:>12,.0f} "
            f"{row['pyodide_nodes_per_s']:>12,.0f} {row['slowdown']:>6.2f}x"
        )
    print(f"(Pyodide start-up, not counted above: {runtime['load_ms']} ms)")
    return 0


def _node_version() -> str:
    try:
        return subprocess.run(["node", "--version"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


if __name__ == "__main__":
    raise SystemExit(main())
