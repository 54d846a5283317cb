"""The pure-Python engine and AI inside CPython on WebAssembly (Pyodide 0.27, CPython 3.12, under Node.js).

The harness ``tests/wasm/run_in_pyodide.mjs`` copies ``game/engine`` and
``game/ai`` from this working tree into Pyodide's filesystem and runs the
code given to it, so these tests exercise exactly the code the browser
build ships. They need ``node`` and ``node_modules`` (``npm ci``); without
them they are skipped with the reason.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parent.parent
HARNESS = REPO / "tests" / "wasm" / "run_in_pyodide.mjs"
PYODIDE_PACKAGE = REPO / "node_modules" / "pyodide" / "pyodide.asm.wasm"

pytestmark = [
    pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed"),
    pytest.mark.skipif(
        not PYODIDE_PACKAGE.is_file(), reason="node_modules/pyodide is absent: run `npm ci` in the repository"
    ),
]


def run_in_pyodide(code: str, timeout: float = 120) -> dict[str, Any]:
    """Run ``code`` in Pyodide; the harness's JSON report (``value`` is the last expression)."""
    completed = subprocess.run(
        ["node", str(HARNESS), "-c", code],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert completed.stdout.strip(), f"no report from the harness; stderr:\n{completed.stderr}"
    report: dict[str, Any] = json.loads(completed.stdout.strip().splitlines()[-1])
    assert report["ok"], f"Python in Pyodide failed:\n{report.get('error')}"
    return report


TRANSCRIPT = "f5d6c3d3c4f4f6f3e6e7"


@pytest.fixture(scope="module")
def engine_in_pyodide() -> dict[str, Any]:
    """One Pyodide session answering the engine questions (loading the runtime takes ~2 s)."""
    report = run_in_pyodide(
        "import sys, platform\n"
        "from game.engine import GameRecord, Position, perft\n"
        f"p = GameRecord.from_transcript({TRANSCRIPT!r}).position\n"
        "{'platform': sys.platform, 'version': list(sys.version_info[:2]), 'machine': platform.machine(),\n"
        " 'perft6': perft(Position.start(), 6), 'board': [p.player, p.opponent, p.to_move]}"
    )
    value: dict[str, Any] = report["value"]
    return value


def test_the_runtime_is_cpython_312_on_webassembly(engine_in_pyodide: dict[str, Any]) -> None:
    assert engine_in_pyodide["platform"] == "emscripten"
    assert engine_in_pyodide["machine"] == "wasm32"
    assert engine_in_pyodide["version"] == [3, 12]  # the CPython pygbag 0.9.3 runs in the browser


def test_perft_6_counts_8200_leaves_in_webassembly(engine_in_pyodide: dict[str, Any]) -> None:
    assert engine_in_pyodide["perft6"] == 8200


def test_a_transcript_replays_to_the_same_board_as_natively(engine_in_pyodide: dict[str, Any]) -> None:
    from game.engine import GameRecord

    native = GameRecord.from_transcript(TRANSCRIPT).position
    assert engine_in_pyodide["board"] == [native.player, native.opponent, native.to_move]


def test_errors_inside_webassembly_are_reported_not_swallowed() -> None:
    completed = subprocess.run(
        ["node", str(HARNESS), "-c", "from game.engine import GameRecord\nGameRecord.from_transcript('f5f5')"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    report = json.loads(completed.stdout.strip().splitlines()[-1])
    assert completed.returncode == 1
    assert not report["ok"]
    assert "TranscriptError" in report["error"]


AI_PROGRAM = """
import time
from game.ai import level_by_name_or_index, think, warm_up
from game.ai.budget import Budget
from game.ai.jobs import Job
from game.engine import GameRecord

class RecordingClock:
    # the budget's clock, keeping the time of each read: how often the work looks at the time, and what it
    # does once the time is up
    def __init__(self, budget):
        self.budget = budget
        self.times = []
        self.limits = []  # the hard limit in force at each read (a move's; inf between moves)

    def __call__(self):
        now = time.perf_counter()
        self.times.append(now)
        self.limits.append(self.budget.hard_limit)
        return now

def in_slices(job, slice_ms):
    # the job's result and each slice as [milliseconds, clock reads, reads at or past the slice's end]; the
    # slice's end is its first read (the job's start_slice) plus slice_ms
    clock = job.budget.clock = RecordingClock(job.budget)
    slices = []
    while not job.done:
        first = len(clock.times)
        job.advance(slice_ms)
        times = clock.times[first:]
        end = times[0] + slice_ms / 1000
        slices.append([(times[-1] - times[0]) * 1000, len(times), sum(1 for t in times if t >= end)])
    return job.result, slices

def reads_past_hard_limit(job):
    # the clock reads past the hard limit in force (0 when the move came before it) and whether one was
    clock = job.budget.clock
    past = sum(1 for t, limit in zip(clock.times, clock.limits) if t > limit)
    return past, any(limit != float("inf") for limit in clock.limits)

def position_after(plies):
    record = GameRecord()
    while len(record.moves) < plies and not record.is_over():
        record.play(record.position.legal_squares()[0])
    return record.position

# as the game does behind its menu: weights and book loaded before any thinking, a slice a frame
_, warm_up_slices = in_slices(Job(warm_up(), Budget()), SLICE_MS)
level = level_by_name_or_index("club")  # the middle of the ladder with a time per move
deep = level_by_name_or_index("max")
runs = []
for plies in PLIES:
    position = position_after(plies)
    started = time.perf_counter()
    job = think(position, level.index, seed=7)
    move, slices = in_slices(job, SLICE_MS)
    past, limited = reads_past_hard_limit(job)
    runs.append({"plies": plies, "move": move, "legal": sorted(position.legal_squares()),
                 "seconds": time.perf_counter() - started, "slices": slices, "reads_past_limit": past,
                 "hard_limit": limited})
    fixed = think(position, level.index, seed=11, node_budget=NODE_BUDGET).run()
    runs[-1]["fixed_budget_move"] = fixed
    # the top level thinks for longer (a second a move, solving from 16 empties): many more slices
    runs[-1]["deep_slices"] = in_slices(think(position, deep.index, seed=7), SLICE_MS)[1]
{"level": level.index, "budget": level.limits.seconds, "endgame_factor": level.limits.shape.solve, "runs": runs,
 "warm_up_slices": warm_up_slices}
"""
AI_PLIES = (10, 30, 46)  # opening, midgame, and 14 empty squares (the endgame solver's range)
AI_SLICE_MS = 10.0  # the most the game gives background work a frame (``FrameBudget.slice_ms``)
AI_NODE_BUDGET = 200_000  # not reached at this level: a reproducible search
READS_ONCE_TIME_IS_UP = 6
"""Clock reads at or past a slice's end (or a move's hard limit) before the work has stopped: natively always 4 (the
search's check that saw it, ``Budget.expired``'s, the job loop's ``slice_over`` and the slice's bookkeeping), in
WebAssembly now and then 5; a slice that ran on past its end reads the clock dozens of times more (70-90 reads a
10 ms slice)."""
MIN_CLOCK_READS = 10
"""Clock reads in a median slice: on average at most a tenth of the budget between two. In WebAssembly a
search reads it 70-90 times a slice and the warm-up 30-40 (11 before its steps were split), on a loaded
machine; a search that read it every so many nodes, too few, would fall below."""


def _has_think() -> bool:
    try:
        from game.ai import think  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.fixture(scope="module")
def ai_in_pyodide() -> dict[str, Any]:
    if not _has_think():
        pytest.skip("game.ai.think is not written yet")
    program = (
        f"PLIES = {AI_PLIES!r}\nSLICE_MS = {AI_SLICE_MS}\nNODE_BUDGET = {AI_NODE_BUDGET}\n" + AI_PROGRAM
    )
    value: dict[str, Any] = run_in_pyodide(program, timeout=300)["value"]
    return value


def test_a_mid_level_ai_returns_a_legal_move_and_stops_at_its_hard_limit_in_webassembly(
    ai_in_pyodide: dict[str, Any],
) -> None:
    # the move's time is bounded by its hard limit, whatever the machine's load: once a clock read is past
    # it the search stops (OutOfTime at its next check) instead of reading on; how long that takes is a figure
    # of the benchmarks (bench/web_page.py's frame gaps), not asserted here
    for run in ai_in_pyodide["runs"]:
        assert run["move"] in run["legal"], run
        assert run["hard_limit"], run  # the level thinks against the clock: the limit was in force
        assert run["reads_past_limit"] <= READS_ONCE_TIME_IS_UP, run


def full_slices(slices: list[list[float]]) -> list[list[float]]:
    """The slices that ran to their budget: all but a job's last, which ends when the work does."""
    return slices[:-1]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def slice_groups(ai: dict[str, Any]) -> dict[str, list[list[float]]]:
    """The full slices of the warm-up and of the searches, each group judged on its own."""
    searches = [s for run in ai["runs"] for key in ("slices", "deep_slices") for s in full_slices(run[key])]
    return {"warm-up": full_slices(ai["warm_up_slices"]), "searches": searches}


def test_the_ai_stops_a_slice_at_the_first_look_at_the_clock_past_its_end_in_webassembly(
    ai_in_pyodide: dict[str, Any],
) -> None:
    # a slice far longer than asked for would freeze the page (the game draws a frame between two): a full slice
    # ends because its time is up, and then at once, a few reads of the clock at most (the check that saw it,
    # the search's own, the job loop's and its bookkeeping) — whatever the load; with reads often (below) that
    # bounds the overrun. Slice lengths themselves are benchmark figures (docs/ai-measurements.md)
    for name, slices in slice_groups(ai_in_pyodide).items():
        assert len(slices) >= 50, (name, len(slices))
        past = [reads_past for _, _, reads_past in slices]
        assert min(past) >= 1, (name, sorted(past))  # a full slice ends only once its time is up
        assert max(past) <= READS_ONCE_TIME_IS_UP, (name, sorted(past))


def test_slices_read_the_clock_often_in_webassembly(ai_in_pyodide: dict[str, Any]) -> None:
    # how far a slice can overrun is the work between two clock reads, whatever the load
    for name, slices in slice_groups(ai_in_pyodide).items():
        reads = [count for _, count, _ in slices]
        assert percentile(reads, 0.5) >= MIN_CLOCK_READS, (name, sorted(reads))


def test_with_a_node_budget_the_ai_chooses_as_natively(ai_in_pyodide: dict[str, Any]) -> None:
    from game.ai import LEVELS, think
    from game.engine import GameRecord

    for run in ai_in_pyodide["runs"]:
        record = GameRecord()
        while len(record.moves) < run["plies"] and not record.is_over():
            record.play(record.position.legal_squares()[0])
        level = LEVELS[ai_in_pyodide["level"]]
        native = think(record.position, level.index, seed=11, node_budget=AI_NODE_BUDGET).run()
        assert run["fixed_budget_move"] == native, run
