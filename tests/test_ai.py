"""The AI: exact solver against brute force, slices, cancelling, levels, determinism."""

from __future__ import annotations

import random

import pytest

from game.ai import LEVELS, analyze, level_by_name_or_index, think
from game.ai.endgame import stable_discs
from game.ai.exact import solve
from game.ai.thinking import Job
from game.engine import GameRecord, Position, square_name
from tests.reference_othello import RefBoard

MASTER = level_by_name_or_index("master")
EXPERT = level_by_name_or_index("expert")


def reference_value(board: RefBoard) -> int:
    """Exact final disc difference for the side to move (empties to the winner), by plain minimax."""
    if board.is_over():
        result = board.result()
        diff = result.tournament_black - result.tournament_white
        return diff if board.to_move == "X" else -diff
    moves = board.legal_moves()
    if not moves:
        child = board.copy()
        child.pass_turn()
        return -reference_value(child)
    best = -65
    for row, col in moves:
        child = board.copy()
        child.play(row, col)
        best = max(best, -reference_value(child))
    return best


def reference_move_values(board: RefBoard) -> dict[str, int]:
    values = {}
    for row, col in board.legal_moves():
        child = board.copy()
        child.play(row, col)
        values["abcdefgh"[col] + str(row + 1)] = -reference_value(child)
    return values


def random_position(seed: int, empties: int) -> Position:
    """A position reached by random legal play with ``empties`` empty squares and a move to make."""
    rng = random.Random(seed)
    while True:
        record = GameRecord()
        while not record.is_over() and record.position.empty_count > empties:
            record.play(rng.choice(record.position.legal_squares()))
        if not record.is_over() and record.position.empty_count == empties:
            return record.position
        seed += 1000
        rng = random.Random(seed)


@pytest.mark.parametrize("seed,empties", [(1, 5), (2, 6), (3, 7), (4, 7), (5, 8), (6, 8), (7, 9)])
def test_solver_matches_brute_force_and_finds_all_best_moves(seed: int, empties: int) -> None:
    position = random_position(seed, empties)
    board = RefBoard.from_text(position.to_text())
    expected = reference_move_values(board)
    result = solve(position.player, position.opponent, all_best=True)
    assert result.score == max(expected.values())
    best = sorted(name for name, value in expected.items() if value == result.score)
    assert sorted(square_name(sq) for sq in result.best) == best


def test_solver_on_ten_empties_against_brute_force() -> None:
    position = random_position(11, 10)
    board = RefBoard.from_text(position.to_text())
    assert solve(position.player, position.opponent).score == reference_value(board)


def test_exact_analysis_values_every_move() -> None:
    position = random_position(21, 8)
    board = RefBoard.from_text(position.to_text())
    analysis = analyze(position).run()
    assert analysis.exact
    assert {square_name(sq): int(v) for sq, v in analysis.values.items()} == reference_move_values(board)
    assert analysis.pv and analysis.pv[0] in analysis.best


def test_the_perfect_play_line_is_one_best_move_after_another_in_the_analysis_and_the_command_line() -> None:
    """Issue 49, item 3: one perfect-play line (``Solver.perfect_line``), whoever asks for it."""
    from game.ai.bounded import limited_search
    from game.ai.search_limits import Limits

    position = random_position(21, 8)
    analysed = analyze(position).run().pv
    assert analysed == limited_search(position, Limits(), every_value=True).pv
    line = position
    for move in analysed:  # each move is one of the best there, by the reference, until the game ends
        if line.must_pass():
            line = line.pass_turn()
        values = reference_move_values(RefBoard.from_text(line.to_text()))
        assert values[square_name(move)] == max(values.values())
        line = line.play(move)
    assert line.is_over()


def test_solver_scores_games_that_end_with_empty_squares() -> None:
    # Black has the only discs that can move nowhere: White to move, blocked board with empties.
    position = Position.from_text("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX----------- O")
    assert position.is_over()
    assert solve(position.player, position.opponent).score == -64


def test_stable_discs_on_late_random_positions() -> None:
    rng = random.Random(9)
    for seed in range(40):
        position = random_position(100 + seed, rng.randint(4, 20))
        for is_black in (True, False):
            mine = position.black if is_black else position.white
            other = position.white if is_black else position.black
            stable = stable_discs(mine, other)
            for _ in range(5):
                probe = GameRecord(position)
                while not probe.is_over():
                    probe.play(rng.choice(probe.position.legal_squares()))
                    now = probe.position.black if is_black else probe.position.white
                    assert stable & ~now == 0


class FakeClock:
    """A clock that moves on a fixed step each time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        self.now += self.step
        self.reads += 1
        return self.now


def _use_clock(job: Job[int], clock: FakeClock) -> None:
    job.budget.clock = clock  # the budget every search of the job shares


def test_slices_yield_soon_after_their_deadline() -> None:
    # With a clock that advances 0.1 ms per read, a 5 ms slice is 50 reads: the search must
    # notice the deadline and return within a few more reads, in the midgame and the endgame.
    # (random play, so no opening book answers at once)
    for position, level in ((random_position(41, 40), MASTER), (random_position(42, 50), EXPERT)):
        record = GameRecord(position)
        job = think(record.position, level, node_budget=20_000)
        clock = FakeClock(0.0001)
        _use_clock(job, clock)
        slices = 0
        while not job.done:
            before = clock.reads
            job.advance(5)
            slices += 1
            assert clock.reads - before <= 50 + 10
        assert slices > 3
        assert job.result in record.position.legal_squares()


def test_endgame_solve_runs_in_slices() -> None:
    position = random_position(31, 16)
    job = analyze(position)
    clock = FakeClock(0.0001)
    _use_clock(job, clock)  # type: ignore[arg-type]
    slices = 0
    while not job.done:
        before = clock.reads
        job.advance(2)
        slices += 1
        assert clock.reads - before <= 20 + 10
    assert slices > 10
    assert job.result is not None and job.result.exact


def test_cancel_stops_at_once() -> None:
    job = think(random_position(43, 40), MASTER)  # out of the opening book
    assert job.advance(1) is None
    job.cancel()
    assert job.cancelled and not job.done
    assert job.advance(50) is None
    assert job.result is None


@pytest.mark.parametrize("level", range(len(LEVELS)))
def test_every_level_plays_legal_moves_to_the_end(level: int) -> None:
    record = GameRecord.from_transcript("f5f6e6f4")
    budget = None if LEVELS[level].temperature > 0 else 1500
    while not record.is_over():
        position = record.position
        move = think(position, level, seed=record.ply, node_budget=budget).run()
        assert move in position.legal_squares()
        record.play(move)
    assert record.result is not None


def test_node_budget_makes_search_reproducible() -> None:
    position = random_position(44, 40)  # random play: out of the opening book, so the search decides
    moves = set()
    for _ in range(2):
        moves.add(think(position, MASTER, node_budget=4000).run())
    assert len(moves) == 1
    seeded = {think(position, 0, seed=7).run() for _ in range(3)}
    assert len(seeded) == 1


def test_master_takes_a_free_corner_and_novice_is_not_random() -> None:
    # Black to move can take a1, a corner that can never be lost, flipping b1 and b2.
    record = GameRecord.from_transcript("f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1")
    position = record.position
    assert position.is_legal(0)
    assert think(position, MASTER, node_budget=3000).run() == 0
    # Novice prefers moves that flip many discs: over many seeds its choices are not uniform.
    start = GameRecord.from_transcript("f5d6c3d3c4f4f6f3e6e7").position
    picks = [think(start, 0, seed=s).run() for s in range(60)]
    counts = sorted((picks.count(sq) for sq in set(picks)), reverse=True)
    assert counts[0] >= 60 / len(start.legal_squares()) * 1.5


def test_a_hard_limit_left_behind_by_a_dropped_job_cannot_stall_the_next_move() -> None:
    # a job dropped in the middle of a timed solve leaves its hard limit on the level's shared budget
    from game.ai import engine_for

    position = random_position(45, 30)
    engine_for(MASTER).budget.set_hard_limit(0.0)  # long past
    job = think(position, MASTER, seed=1)
    for _ in range(100_000):
        if job.advance(5) is not None:
            break
    assert job.done and job.result in position.legal_squares()
    assert engine_for(MASTER).budget.hard_limit > 1e9  # and no limit is left for the move after
