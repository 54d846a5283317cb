"""The review's analysis of a whole game: losses checked against the exact solver, slices, leaving early."""

from __future__ import annotations

import pytest

from game.ai.endgame import solve
from game.engine import BLACK, PASS, WHITE, GameRecord, Position
from game.review.analysis import BLUNDER_LOSS, MISTAKE_LOSS, GameAnalysis, move_accuracy, verdict_for

GAME = ("d3e3f4g5f3c3c4f2f5d2g3h3h6c5g2g4h2c6h4h5d6h1g6f6f7e6c1h7e1d1b2g1f1c2g7e2b1b3b7a1b4b6a3a2a7a4a5a6b5"
        "h8g8e8f8a8d7e7b8c7c8d8")
"""A whole game between two computer levels (White wins 47-17)."""

EXACT = 12


@pytest.fixture(scope="module")
def analysed() -> GameAnalysis:
    analysis = GameAnalysis(GameRecord.from_transcript(GAME), depth=2, exact_empties=EXACT)
    analysis.run()
    return analysis


def exact_score(position: Position) -> int:
    """The solver's score for the side to move (a forced pass handled by the other side)."""
    if position.is_over():
        black, white = position.black_count(), position.white_count()
        diff = black - white
        empties = position.empty_count()
        score = diff + empties if diff > 0 else diff - empties if diff < 0 else 0
        return score if position.to_move == BLACK else -score
    if not position.legal_moves():
        return -exact_score(position.pass_turn())
    return solve(position.player, position.opponent, all_best=False).score


def test_endgame_moves_lose_exactly_what_the_solver_says(analysed: GameAnalysis) -> None:
    endgame = [m for m in analysed.moves if m is not None and analysed.positions[m.ply].empty_count() <= EXACT]
    assert len(endgame) >= EXACT - 1
    for move in endgame:
        before = analysed.positions[move.ply]
        after = analysed.positions[move.ply + 1]
        assert move.exact
        assert move.best_value == exact_score(before), move
        expected = -exact_score(after) if after.to_move != before.to_move else exact_score(after)
        assert move.played_value == expected
        assert move.loss == exact_score(before) - move.played_value
        best = move.best[0]
        assert -exact_score(before.play(best)) == exact_score(before)  # the move shown as better really is


def test_the_curve_is_from_blacks_side_and_ends_on_the_final_score(analysed: GameAnalysis) -> None:
    values = analysed.black_values()
    assert len(values) == len(GameRecord.from_transcript(GAME).plies) + 1
    assert all(v is not None for v in values)
    final = GameRecord.from_transcript(GAME).position
    assert values[-1] == final.black_count() - final.white_count() == 17 - 47
    for index in range(len(values)):
        if analysed.positions[index].empty_count() <= EXACT:
            sign = 1 if analysed.positions[index].to_move == BLACK else -1
            assert values[index] == sign * exact_score(analysed.positions[index])
            assert analysed.is_exact(index)


def test_midgame_losses_come_from_the_values_of_every_legal_move(analysed: GameAnalysis) -> None:
    midgame = [m for m in analysed.moves if m is not None and not m.exact]
    assert midgame
    for move in midgame:
        legal = set(analysed.positions[move.ply].legal_squares())
        assert set(move.values) == legal
        assert move.best_value == max(move.values.values())
        assert move.played_value == move.values[move.square]
        assert move.loss >= 0


def test_the_summary_counts_each_players_moves_mistakes_and_accuracy(analysed: GameAnalysis) -> None:
    for colour in (BLACK, WHITE):
        summary = analysed.summary(colour)
        mine = [m for m in analysed.moves if m is not None and m.colour == colour]
        assert summary.moves == len(mine) == 30
        assert summary.total_loss == pytest.approx(sum(m.loss for m in mine))
        assert summary.mistakes == sum(1 for m in mine if MISTAKE_LOSS <= m.loss < BLUNDER_LOSS)
        assert summary.blunders == sum(1 for m in mine if m.loss >= BLUNDER_LOSS)
        assert summary.accuracy is not None and 0 < summary.accuracy <= 100


def test_verdicts_and_accuracy_follow_the_thresholds() -> None:
    assert verdict_for(0) == "best"
    assert verdict_for(2) == "good"
    assert verdict_for(MISTAKE_LOSS) == "mistake"
    assert verdict_for(BLUNDER_LOSS) == "blunder"
    assert move_accuracy(0) == 100
    assert move_accuracy(6) == pytest.approx(50)
    assert move_accuracy(12) < move_accuracy(6)


def test_a_game_with_a_forced_pass_is_reviewed_through_the_pass() -> None:
    record = GameRecord.from_transcript("d3c3e6d2d1e1b2c1")  # Black must pass after White's c1
    assert PASS in record.plies
    analysis = GameAnalysis(record, depth=2, exact_empties=EXACT)
    analysis.run()
    pass_index = record.plies.index(PASS)
    assert analysis.moves[pass_index] is None
    assert analysis.black_values()[pass_index] == analysis.black_values()[pass_index + 1]
    assert all(m is not None for p, m in zip(record.plies, analysis.moves, strict=True) if p != PASS)


def test_the_analysis_advances_in_slices_and_fills_in_from_the_start() -> None:
    analysis = GameAnalysis(GameRecord.from_transcript(GAME), depth=3, exact_empties=EXACT)
    seen: list[int] = []
    slices = 0
    while not analysis.advance(5):
        slices += 1
        seen.append(analysis.analysed)
        known = analysis.black_values()
        assert all(v is not None for v in known[: max(0, analysis.analysed - 1)])
        assert all(v is None for v in known[analysis.analysed + 1:])
    assert slices > 10
    assert seen == sorted(seen)
    assert 0 < seen[len(seen) // 2] < len(analysis.positions)
    assert analysis.progress == 1.0


def test_the_analysis_can_be_left_at_any_time_and_keeps_what_it_found() -> None:
    analysis = GameAnalysis(GameRecord.from_transcript(GAME), depth=3, exact_empties=EXACT)
    while analysis.analysed < 10:
        analysis.advance(5)
    found = analysis.black_values()[:5]
    analysis.cancel()
    assert analysis.cancelled and not analysis.done
    assert analysis.advance(50) is False  # a cancelled analysis does no more work
    assert analysis.black_values()[:5] == found
    assert 0 < analysis.progress < 1
