"""The AI's work comes in pieces a slice can end between (natively; ``test_wasm.py`` times them in WebAssembly).

A slice ends at the first clock read after its budget, so what it can overrun by is
the longest piece of work that reads no clock: these tests bound such pieces by
their size, which no machine load changes.
"""

from __future__ import annotations

import sys
from collections.abc import Generator

from game.ai.budget import Budget
from game.ai.jobs import Job
from game.ai.search import TABLE_LIMIT
from game.ai.table import store


def test_a_full_table_never_takes_a_growth_that_copies_most_of_its_entries_at_once() -> None:
    # a dict copies every entry when it grows; the last growth before 200,000 entries (at 174,762)
    # took 6 ms natively and up to 20 ms in WebAssembly, in the middle of a slice
    table: dict[tuple[int, int], tuple[int, int, int, int]] = {}
    size = sys.getsizeof(table)
    copied_at_once = 0
    for n in range(TABLE_LIMIT):  # as full as store() lets a table get: the next new key gets a new table
        assert store(table, TABLE_LIMIT, (n, -n), 1, 0, -1, 1, -1) is table
        if sys.getsizeof(table) != size:
            size, copied_at_once = sys.getsizeof(table), len(table) - 1
    assert 0 < copied_at_once <= TABLE_LIMIT // 2 + TABLE_LIMIT // 50


def test_the_warm_up_comes_in_many_small_steps() -> None:
    from game.ai.pattern_geometry import STEP_ENTRIES as _STEP_ENTRIES
    from game.ai.patterns import WEIGHTS_PATH
    from game.ai.weights_file import INFLATE_STEP, decoding_weights

    # the weights: read, inflated and split into patterns in pieces; a warm-up step handles one
    data = WEIGHTS_PATH.read_bytes()
    steps = decoding_weights(data)
    count = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            weights = done.value
            break
        count += 1
    values = len(weights.bias) + sum(len(d) for phase in weights.deltas for d in phase)
    assert count >= 2 * values // INFLATE_STEP + values // _STEP_ENTRIES


def test_a_job_of_steps_stops_at_the_first_step_past_its_slice() -> None:
    ticks = iter(range(100))  # a clock that moves a millisecond per read
    budget = Budget(clock=lambda: next(ticks) / 1000)
    steps: list[int] = []

    def work() -> Generator[None, None, None]:
        while True:
            steps.append(1)
            yield None

    job = Job(work(), budget)
    job.advance(5)
    assert len(steps) == 5  # started at 0 ms, stepped at 1..5 ms reads, stopped at the read past 5 ms
