"""Time that is a cap (issue 45, item 4): on a tiny clock the computer never loses on time.

The searches here run on a made-up clock that moves on a fixed step each time it is read, so "did the
search stop before the clock ran out" is decided by the deadline logic alone, never by how busy the
machine is. The same made-up time drives the game's clock (``MatchController.tick``), so the computer's
clock is charged exactly the time its search took on it.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import LEVELS, MAX_LEVEL, Job, engine_for
from game.ai.policy import choose_move
from game.ai.search_limits import DEFAULT_SHAPE, Limits, TimeShape, clock_margin, plan
from game.engine import BLACK, WHITE, GameRecord, opponent_of, parse_square
from game.interfaces.gtp import GtpEngine
from game.play.match import MatchSetup
from game.play.match_controller import MatchController, Phase

MASTER = LEVELS[MAX_LEVEL]
CLOCKS = (0.05, 0.1, 0.2, 0.5)
EMPTIES = (10, 14, 17, 20, 22)
STEP = 50e-6
"""How far the made-up clock moves each time it is read (a search reads it after every child of a node)."""
OVERRUN = 200 * STEP
"""What a search may run past its hard limit before it notices: a few reads of the clock, 10 ms here."""


class MadeUpClock:
    """Seconds that move on ``STEP`` each time they are read."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        self.now += STEP
        return self.now


def record_at(empties: int, seed: int = 1) -> GameRecord:
    """A game played at random from the start down to ``empties`` empty squares, the side to move with a choice."""
    rng = random.Random(seed)
    while True:
        record = GameRecord()
        while record.position.empty_count > empties and not record.position.is_over():
            position = record.position
            record.play(rng.choice([sq for sq in range(64) if position.is_legal(sq)]))
        position = record.position
        if not position.is_over() and sum(position.is_legal(sq) for sq in range(64)) > 1:
            return record


# -- the plan ---------------------------------------------------------------------------------


SHARES = st.floats(0.01, 1.0)
SHAPES = st.builds(TimeShape, next_iteration=SHARES, quick_look=SHARES, solve=st.floats(0.1, 10), exact=SHARES)
"""Any level's time shape (every level has ``DEFAULT_SHAPE`` today; one may be given its own)."""


@settings(max_examples=300, deadline=None)
@given(seconds=st.none() | st.floats(0.01, 30), clock=st.floats(0, 3600), increment=st.floats(0, 30),
       empties=st.integers(1, 60), shape=SHAPES)
def test_with_a_clock_nothing_in_the_plan_passes_the_clock_less_its_margin(
    seconds: float | None, clock: float, increment: float, empties: int, shape: TimeShape
) -> None:
    time = plan(Limits(seconds=seconds, clock=clock, increment=increment, shape=shape), empties)
    assert time.hard is not None and 0 <= time.hard <= max(0.0, clock - clock_margin(clock))
    for part in (time.seconds, time.soft, time.quick_look, time.solve):
        assert part is not None and 0 <= part <= time.hard
    assert time.soft is not None and time.seconds is not None and time.soft <= time.seconds


def test_without_a_clock_the_solve_may_take_more_than_the_moves_time() -> None:
    time = plan(MASTER.limits, 17)
    assert time.hard is None and time.seconds == MASTER.limits.seconds
    assert time.solve is not None and time.seconds is not None and time.solve > time.seconds


def test_a_levels_time_shape_changes_its_plan_alone() -> None:
    one_second = Limits(seconds=1.0, depth=30, exact_empties=16, wld_empties=18)  # the Master's
    quick_solver = dataclasses.replace(one_second, shape=TimeShape(solve=1.0, quick_look=0.5))
    assert (plan(quick_solver, 17).solve, plan(quick_solver, 17).quick_look) == (1.0, 0.5)
    assert (plan(one_second, 17).solve, plan(one_second, 17).quick_look) == (3.0, 0.25)  # the others' stays
    assert all(level.limits.shape == DEFAULT_SHAPE for level in LEVELS)  # one shape for all today
    with pytest.raises(ValueError):
        TimeShape(quick_look=1.5)  # more than the move's time would pass the clock's cap


def test_the_deepening_starts_no_iteration_past_its_shapes_share() -> None:
    position = record_at(40).position
    p, o = position.player, position.opponent
    engine = engine_for(MASTER, fresh=True)
    lean = Job(engine.deepen(p, o, 4, 1000.0, engine.budget.clock(), shape=TimeShape(next_iteration=1e-9)),
               engine.budget).run()
    full = Job(engine.deepen(p, o, 4, 1000.0, engine.budget.clock()), engine.budget).run()
    assert (lean.depth, full.depth) == (1, 4)


def test_the_issues_case_a_tenth_of_a_second_left_at_17_empties_is_capped() -> None:
    time = plan(MASTER.limits.on_clock(0.1), 17)
    assert time.seconds == 0.05  # move_seconds' floor, as before ...
    assert time.solve is not None and time.solve <= 0.1 - 0.03  # ... but the solve no longer gets 0.15 s


# -- the search on a tiny clock -----------------------------------------------------------------


@pytest.mark.parametrize("clock", CLOCKS)
@pytest.mark.parametrize("empties", EMPTIES)
def test_the_masters_search_stops_before_its_clock_runs_out(
    clock: float, empties: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    position = record_at(empties).position
    engine = engine_for(MASTER)
    monkeypatch.setattr(engine.budget, "clock", MadeUpClock())
    started = engine.budget.clock()
    steps = choose_move(engine, MASTER, position, random.Random(0), started, MASTER.limits.on_clock(clock))
    move = Job(steps, engine.budget, engine.progress).run()
    spent = engine.budget.clock() - started
    hard = plan(MASTER.limits.on_clock(clock), empties).hard
    assert position.is_legal(move)
    assert hard is not None and spent <= hard + OVERRUN < clock


@pytest.mark.parametrize("clock", CLOCKS)
@pytest.mark.parametrize("empties", EMPTIES)
def test_through_gtp_time_left_a_genmove_ends_before_the_clock(
    clock: float, empties: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    gtp = GtpEngine(MASTER)
    gtp.record = record_at(empties, seed=2)
    colour = "b" if gtp.record.position.to_move == BLACK else "w"
    assert gtp.handle(f"time_left {colour} {clock} 0") == "= \n\n"
    made_up = MadeUpClock()
    monkeypatch.setattr(engine_for(MASTER).budget, "clock", made_up)
    started = made_up.now
    answer = gtp.handle(f"genmove {colour}")
    assert answer.startswith("= ") and gtp.record.ply > 0
    assert made_up.now - started < clock - clock_margin(clock) + OVERRUN


# -- the game's clock -------------------------------------------------------------------------------


def match_at(empties: int, clock_ms: int) -> MatchController:
    """Master to move with ``clock_ms`` on its clock at ``empties`` empty squares; a minute on the player's."""
    record = record_at(empties, seed=3)
    computer = record.position.to_move
    setup = MatchSetup(human=opponent_of(computer), level=MAX_LEVEL, clock=60)
    clocks = (clock_ms, 60_000) if computer == BLACK else (60_000, clock_ms)
    return MatchController(setup, record, clocks=clocks)


FRAME_DRAWING = 0.006
"""What drawing a frame takes on the made-up clock, between the search's slices."""


@pytest.mark.parametrize("clock_ms", [50, 100, 200, 500])
@pytest.mark.parametrize("empties", EMPTIES)
def test_in_a_match_the_computer_never_loses_on_time_and_the_reply_delay_is_free(
    clock_ms: int, empties: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = match_at(empties, clock_ms)
    computer = match.position.to_move
    made_up = MadeUpClock()
    monkeypatch.setattr(engine_for(MASTER).budget, "clock", made_up)
    turn_began = made_up.now
    search_ended = None
    assert match.phase is Phase.COMPUTER
    while match.phase is Phase.COMPUTER:  # the game's loop: the clocks, a slice of the search, drawing
        now_ms = round(made_up.now * 1000)
        match.tick(now_ms)
        match.advance(now_ms, slice_ms=10, delay_ms=450)
        if search_ended is None and not match.searching:
            search_ended = made_up.now
        made_up.now += FRAME_DRAWING
    assert match.outcome is None and match.clocks is not None  # no flag fall
    assert search_ended is not None and made_up.now - turn_began >= 0.45  # the move was held for the delay
    charged = clock_ms - match.clocks[computer]
    assert 0 <= charged <= 1000 * (search_ended - turn_began) + 1 < clock_ms  # its search's time, never the delay


def test_the_computers_clock_stops_while_its_found_move_waits_for_the_reply_delay() -> None:
    match = match_at(10, 5_000)
    computer = match.position.to_move
    match.tick(0)
    match.advance(0, slice_ms=60_000, delay_ms=450)  # a long slice: the search ends in it
    assert match.phase is Phase.COMPUTER and not match.searching  # found, held for the delay
    for now_ms in range(16, 450, 16):
        match.tick(now_ms)
        assert match.advance(now_ms, 10, 450) is None
    assert match.clocks is not None and match.clocks[computer] == 5_000
    match.tick(450)
    assert match.advance(450, 10, 450) is not None  # shown now, having cost its clock nothing
    assert match.clocks[computer] == 5_000 and match.phase is Phase.HUMAN


def test_no_clock_runs_while_a_move_is_shown() -> None:
    setup = MatchSetup(mode="two", clock=60)
    match = MatchController(setup)
    match.tick(0)
    match.play(parse_square("f5"))  # Black's move, animated on the screen
    assert match.position.to_move == WHITE and match.phase is Phase.HUMAN
    for now_ms in range(16, 401, 16):
        match.tick(now_ms, showing=True)
    assert match.clocks == {BLACK: 60_000, WHITE: 60_000}
    match.tick(416)  # the frame the animation ended in counts
    match.tick(1_416)
    assert match.clocks == {BLACK: 60_000, WHITE: 60_000 - 16 - 1_000}
