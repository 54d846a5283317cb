"""The one door to the engine (issue 38): one factory, one deepening loop, one home for time.

The factory builds the searches every caller uses, the same as the code before it did (the node
counts below were measured on commit e8a1af7, before the factory); every search that deepens runs
``Engine.deepen``; ``move_seconds`` is the one way from a clock to a move's time.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Generator, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import cli
from game.ai import (
    LEVELS,
    Limits,
    analyze,
    engine_for,
    level_called,
    limited_search,
    move_seconds,
    think,
)
from game.ai.deepening import Decision, Engine
from game.ai.evaluation import HeuristicEvaluation
from game.ai.lab import Evaluator, new_engine
from game.ai.search_limits import MIN_MOVE_SECONDS, plan
from game.ai.shipped_evaluation import default_evaluation
from game.engine import BLACK, GameRecord, Position
from game.interfaces.gtp import GtpEngine
from game.play.live_analysis import LiveAnalysis
from game.play.match import MatchSetup
from game.play.match_controller import MatchController

MIDGAME = GameRecord.from_transcript("f5d6c3d3c4f4f6f3e6e7d7g6f7c5").position
"""A midgame position out of the opening book (White to move)."""


def deepened(engine: Engine, position: Position, depth: int) -> tuple[Decision, int]:
    search = engine.deepen(position.player, position.opponent, depth, None, 0.0)
    try:
        while True:
            next(search)
    except StopIteration as done:
        return done.value, engine.budget.nodes


# -- the factory ---------------------------------------------------------------------


@pytest.mark.parametrize(("evaluation", "mpc", "depth", "move", "value", "nodes"), [
    # the pattern rows with issue 36's weights and Multi-ProbCut fits (a training changes them; a refactoring must not)
    (Evaluator.PATTERN, True, 6, 42, -259, 10313),
    (Evaluator.PATTERN, False, 5, 42, -61, 7112),
    (Evaluator.HEURISTIC, True, 5, 41, -210, 6158),
])
def test_a_new_engine_searches_exactly_as_the_engine_before_the_factory(
    evaluation: Evaluator, mpc: bool, depth: int, move: int, value: int, nodes: int
) -> None:
    decision, searched = deepened(new_engine(evaluation, mpc=mpc), MIDGAME, depth)
    assert (decision.move, decision.value, decision.depth, searched) == (move, value, depth, nodes)


def test_the_factory_wires_the_search_and_its_solver_together() -> None:
    pattern = new_engine()
    assert pattern.search.solver is pattern.solver and pattern.solver.budget is pattern.budget
    assert pattern.solver.order_search == pattern.search.pvs
    assert pattern.search.probes is not None  # Multi-ProbCut for the shipped pattern evaluation
    assert pattern.solver.probes is not None and pattern.solver.probe_search == pattern.search.pvs
    assert pattern.search.evaluate == default_evaluation().evaluate
    plain = new_engine(Evaluator.HEURISTIC)
    assert plain.search.probes is None and plain.solver.probes is None  # fitted for the pattern one only
    assert plain.search.evaluate(MIDGAME.player, MIDGAME.opponent) == HeuristicEvaluation()(
        MIDGAME.player, MIDGAME.opponent)
    assert new_engine(mpc=False).search.probes is None


def test_a_level_gets_its_own_warm_engine_and_explicit_limits_a_fresh_strongest_one() -> None:
    master, novice = LEVELS[-1], LEVELS[0]
    on_clock = think(MIDGAME, master, limits=master.limits.on_clock(5.0))  # a clock is the move's limits ...
    assert on_clock.budget is engine_for(master).budget  # ... not another level: the same warm tables
    assert engine_for(master) is not engine_for(novice)
    assert engine_for(master, fresh=True) is not engine_for(master)
    assert engine_for(novice).search.probes is None
    limited = engine_for(Limits(seconds=1.0))
    assert limited is not engine_for(Limits(seconds=1.0)) and limited.search.probes is not None
    assert (engine_for(Limits(nodes=10)).search.evaluate == engine_for(master).search.evaluate
            == default_evaluation().evaluate)


def test_a_level_is_bounded_by_its_limits() -> None:
    master = level_called("Master")
    assert master is not None
    assert master.limits == Limits(1.0, 30, None, 16, 18)  # its row's depth, time and endgame stages
    assert Limits(2.0, 8, 1000, 12, 14).share(0.5) == Limits(1.0, 8, 500, 12, 14)


def test_a_level_plays_the_moves_it_played_before_the_factory() -> None:
    assert [think(MIDGAME, level, seed=3, node_budget=5000).run() for level in (2, 9, 15, 18)] == [20, 42, 42, 42]
    analysis = analyze(MIDGAME, LEVELS[12]).run()
    assert (analysis.best, analysis.depth, analysis.nodes) == ([42], 4, 6703)  # the weights of issue 36


# -- the one deepening loop ----------------------------------------------------------


@pytest.fixture
def deepenings(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The depth each run of ``Engine.deepen`` was asked for, in order."""
    asked: list[int] = []
    original = Engine.deepen

    def counted(self: Engine, *args: object, **kwargs: object) -> Generator[None, None, Decision]:
        asked.append(args[2])  # type: ignore[arg-type]
        return (yield from original(self, *args, **kwargs))  # type: ignore[arg-type]

    monkeypatch.setattr(Engine, "deepen", counted)
    yield asked


def test_the_command_lines_analysis_deepens_in_the_one_loop(deepenings: list[int], capsys) -> None:  # noqa: ANN001
    start = Position.start().to_text()
    assert cli.main(["analyze", start, "--level", "12", "--json"]) == 0
    assert deepenings == [4]
    deepenings.clear()
    assert cli.main(["analyze", start, "--nodes", "20000", "--json"]) == 0
    assert len(deepenings) == 1  # every depth in one run: the tables stay warm from one to the next
    capsys.readouterr()


def test_a_bounded_solve_falls_back_on_the_one_loop(deepenings: list[int], capsys) -> None:  # noqa: ANN001
    assert cli.main(["solve", MIDGAME.to_text(), "--nodes", "3000", "--json"]) == 0
    assert len(deepenings) == 1
    assert '"exact": false' in capsys.readouterr().out


def test_a_bounded_search_stops_at_its_limits_and_says_so() -> None:
    found = limited_search(MIDGAME, Limits(nodes=20000), every_value=True)
    assert not found.exact and found.depth >= 1 and found.nodes <= 20000 and found.best[0] in found.values
    timed = limited_search(Position.start(), Limits(seconds=0.2))
    # stopped by its time, not its depth (how long it took is a figure, not asserted: the load decides it)
    assert not timed.exact and timed.best and timed.depth < LEVELS[-1].limits.depth


def test_gtp_and_the_game_deepen_in_the_one_loop(deepenings: list[int]) -> None:
    level = dataclasses.replace(LEVELS[15], book=None)
    engine = GtpEngine(level, move_time=0.05)
    assert engine.handle("genmove b").startswith("= ")
    assert deepenings and deepenings[0] == level.limits.depth
    deepenings.clear()
    think(MIDGAME, level, seed=1, node_budget=3000).run()
    assert deepenings == [level.limits.depth]


def test_the_hint_deepens_in_the_one_loop(deepenings: list[int]) -> None:
    match = MatchController(MatchSetup("two", BLACK), GameRecord.from_transcript("f5d6c3d3c4f4f6f3e6e7d7g6f7c5"))
    assert match.start_hint()
    while match.hint_running:
        match.advance(0, 50)
    assert match.hint is not None and deepenings


def test_the_analysis_mode_deepens_once_through_every_depth(deepenings: list[int]) -> None:
    live = LiveAnalysis(MIDGAME, max_depth=4)
    depths = []
    for _ in range(10_000):
        if not live.running:
            break
        if live.advance(20) and live.latest is not None:
            depths.append(live.latest.depth)
    assert live.limit_reached and live.latest is not None and live.latest.depth == 4
    assert depths[-1] == 4 and depths == sorted(set(depths))
    assert deepenings == [4]  # one run for every depth: warm tables, no depth searched twice


# -- a clock's time per move ---------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(clock=st.floats(0, 7200), more=st.floats(0, 600), increment=st.floats(0, 60), empties=st.integers(1, 60),
       cap=st.none() | st.floats(0.01, 30))
def test_a_moves_time_never_exceeds_the_clock_and_grows_with_it(
    clock: float, more: float, increment: float, empties: int, cap: float | None
) -> None:
    seconds = move_seconds(clock, increment, empties, cap)
    assert 0 <= seconds <= clock
    assert seconds <= max(cap if cap is not None else seconds, MIN_MOVE_SECONDS)
    assert move_seconds(clock + more, increment, empties, cap) >= seconds
    if clock >= MIN_MOVE_SECONDS:
        assert seconds >= MIN_MOVE_SECONDS


def test_the_game_and_gtp_take_a_moves_time_from_the_same_function() -> None:
    master = LEVELS[-1]
    on_clock = plan(master.limits.on_clock(60.0, 2), 40)
    assert on_clock.seconds == move_seconds(60, 2, 40, master.limits.seconds)
    engine = GtpEngine(master)
    engine.handle("time_left b 30 0")
    assert engine.level == master and engine.clocks == {BLACK: 30.0}  # the clock goes to think, not into the level
