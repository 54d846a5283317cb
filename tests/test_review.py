"""The review: the analysis of a whole game (losses checked against the exact solver, slices, leaving
early) and the review scene driven by real events from the results."""

from __future__ import annotations

import pygame
import pytest

from game.ai.exact import solve
from game.engine import BLACK, PASS, WHITE, GameRecord, Position
from game.play.match import MatchSetup
from game.records.transcripts import game_text
from game.review.analysis import (
    BLUNDER_LOSS,
    MISTAKE_LOSS,
    GameAnalysis,
    MoveReview,
    move_accuracy,
    verdict_for,
)
from game.review.hints import value_label
from game.scenes import review as review_scene
from game.scenes.entries import GameEntry, ResultsEntry, ReviewEntry
from game.scenes.review import ReviewScene
from game.ui.layout import PORTRAIT
from tests.app_driver import Player
from tests.test_transcripts import open_transcript

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
        black, white = position.black_count, position.white_count
        diff = black - white
        empties = position.empty_count
        score = diff + empties if diff > 0 else diff - empties if diff < 0 else 0
        return score if position.to_move == BLACK else -score
    if not position.legal_moves():
        return -exact_score(position.pass_turn())
    return solve(position.player, position.opponent, all_best=False).score


def test_endgame_moves_lose_exactly_what_the_solver_says(analysed: GameAnalysis) -> None:
    endgame = [m for m in analysed.moves if m is not None and analysed.positions[m.ply].empty_count <= EXACT]
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
    assert values[-1] == final.black_count - final.white_count == 17 - 47
    for index in range(len(values)):
        if analysed.positions[index].empty_count <= EXACT:
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


def test_the_analysis_advances_in_slices_the_midgame_from_the_start_the_endgame_from_its_end() -> None:
    record = GameRecord.from_transcript(GAME)
    analysis = GameAnalysis(record, depth=3, exact_empties=EXACT)
    order = analysis.order()
    endgame = [i for i, position in enumerate(analysis.positions) if position.empty_count <= EXACT]
    assert sorted(order) == list(range(len(analysis.positions)))
    assert order[-len(endgame):] == endgame[::-1]  # the last position first, each solve warming the one before
    seen: list[int] = []
    slices = 0
    while not analysis.advance(5):
        slices += 1
        seen.append(analysis.analysed)
        known = analysis.black_values()
        assert all(known[i] is not None for i in order[: max(0, analysis.analysed - 1)])
        assert all(known[i] is None for i in order[analysis.analysed + 1:] if record.plies[i:i + 1] != [PASS])
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


# -- the scene ----------------------------------------------------------------------




def open_review_from_results(player: Player, record: GameRecord) -> ReviewScene:
    player.app.scene.open(ResultsEntry(setup=MatchSetup("computer", BLACK, 1), record=record))
    player.frame()
    assert player.app.scene_name == "results"
    player.click_button("review")
    scene = player.app.scene
    assert isinstance(scene, ReviewScene)
    return scene


_FINISHED: dict[str, GameAnalysis] = {}
"""Finished analyses of this file's games, by transcript: a test that needs one done reuses it (``finished``)."""


def finished(record: GameRecord) -> GameAnalysis:
    """The review's analysis of ``record``, run to its end once for the whole file."""
    key = record.transcript
    if key not in _FINISHED:
        analysis = review_scene.analysis_for(record)
        analysis.run()
        _FINISHED[key] = analysis
    return _FINISHED[key]


def test_the_review_opens_at_once_and_fills_in_with_progress(player_factory) -> None:
    review_scene._ANALYSES.clear()
    player = player_factory()
    scene = open_review_from_results(player, GameRecord.from_transcript(GAME))
    analysis = scene.analysis
    assert analysis is not None and not analysis.done
    assert analysis.progress < 0.5  # a frame's slice, not the whole analysis (the frames below fill it in)
    progress = [analysis.progress]
    while not analysis.done:
        player.frame()
        progress.append(analysis.progress)
    assert progress == sorted(progress) and len(set(progress)) > 5
    assert scene.analysis is analysis and analysis.summary(BLACK).moves == 30
    _FINISHED.setdefault(GameRecord.from_transcript(GAME).transcript, analysis)


def test_stepping_with_keys_buttons_and_the_slider(player_factory) -> None:
    player = player_factory()
    scene = open_review_from_results(player, GameRecord.from_transcript(GAME))
    assert scene.index == 0
    player.press(pygame.K_RIGHT)
    player.press(pygame.K_RIGHT)
    assert scene.index == 2
    player.click_button("previous")
    assert scene.index == 1
    player.press(pygame.K_END)
    assert scene.index == scene.last_index == 60
    player.click_button("first")
    assert scene.index == 0
    track = scene.slider.inflate(-24, 0)
    player.click((track.centerx, track.centery))
    assert scene.index == 30
    marks = scene.marks()
    assert marks.ghost == (GameRecord.from_transcript(GAME).plies[30], scene.record.position_at(30).to_move)


def go_to_the_first_mistake(player: Player, scene: ReviewScene) -> MoveReview:
    """Once the review's analysis is done, show the position of the game's first mistake or blunder."""
    player.run_until(lambda: scene.analysis is not None and scene.analysis.done, frames=3000)
    assert scene.analysis is not None
    mistake = next(m for m in scene.analysis.moves if m is not None and m.verdict in ("mistake", "blunder"))
    scene.go_to(mistake.ply)
    player.frame()
    return mistake


def test_a_mistake_is_marked_with_the_better_move_on_the_board(player_factory) -> None:
    player = player_factory()
    scene = open_review_from_results(player, GameRecord.from_transcript(GAME))
    mistake = go_to_the_first_mistake(player, scene)
    marks = scene.marks()
    assert marks.best == scene.analysis.best_moves(mistake.ply) and mistake.square not in marks.best
    lines = [text for text, _ in scene.comment_lines()]
    assert any(line.startswith(("A mistake", "A blunder")) for line in lines)
    assert any(line.startswith("Better:") for line in lines)


def test_leaving_stops_the_work_and_coming_back_resumes_it(player_factory, monkeypatch: pytest.MonkeyPatch) -> None:
    # a cache of its own: the finished analysis the other tests of this game reuse stays where it is
    monkeypatch.setattr(review_scene, "_ANALYSES", {})
    player = player_factory()
    record = GameRecord.from_transcript(GAME)
    scene = open_review_from_results(player, record)
    for _ in range(5):
        player.frame()
    analysis = scene.analysis
    assert analysis is not None and not analysis.done
    player.press(pygame.K_ESCAPE)
    assert player.app.scene_name == "results"
    analysed, busy = analysis.analysed, analysis.busy_seconds
    for _ in range(10):
        player.frame()
    assert (analysis.analysed, analysis.busy_seconds) == (analysed, busy)  # left: no more work
    player.click_button("review")
    assert player.app.scene.analysis is analysis  # type: ignore[attr-defined]
    player.frame()
    assert analysis.busy_seconds > busy


def test_play_from_here_continues_the_game_with_the_later_moves_to_redo(player_factory) -> None:
    player = player_factory()
    scene = open_review_from_results(player, GameRecord.from_transcript(GAME))
    scene.go_to(20)
    player.click_button("play")
    game = player.game
    assert game.record.ply == 20 and game.record.can_redo()
    assert game.record.transcript == GameRecord.from_transcript(GAME[:40]).transcript


def test_the_review_judges_only_moves_played_after_the_paste(player_factory) -> None:
    player = player_factory()
    open_transcript(player, "f5d6c3d3c4f4f6f3e6e7")
    player.click_button("computer")
    player.click_button("start")  # New game: the level and the colour, then play on
    game = player.game
    assert game.setup.human == BLACK and game.setup.given == 10
    player.click(game.view.square_center(game.position.legal_squares()[0]))
    player.click_button("resign")
    player.click_button("confirm")
    player.click_button("review")
    review = player.app.scene
    assert isinstance(review, ReviewScene) and review.analysis is not None
    review.analysis.run()
    player.frame()
    mine = review.summary(BLACK)
    theirs = review.summary(WHITE)
    assert mine is not None and theirs is not None
    assert mine.moves == 1 and theirs.moves <= 1
    assert review.analysis.summary(BLACK).moves >= 5  # the pasted ones were analysed, just not credited


def test_the_review_in_portrait_has_a_clickable_move_list_and_the_opening(player_factory) -> None:
    player = player_factory(window_size=(720, 1280))
    assert player.app.ctx.size == PORTRAIT
    player.app.scene.open(ReviewEntry(record=GameRecord.from_transcript("f5d6c3d3c4"), setup=MatchSetup("two", BLACK)))
    player.frame()
    review = player.app.scene
    assert isinstance(review, ReviewScene) and review.opening
    cells = review.move_list.cells
    assert len(cells) == 5 and all(player.app.surface.get_rect().contains(rect) for rect, _ in cells)
    rect, ply = cells[3]
    player.click(rect.center)
    assert review.index == ply == 3


def start_two_player_game(player: Player, transcript: str) -> None:
    player.app.scene.open(GameEntry(setup=MatchSetup("two", BLACK), record=GameRecord.from_transcript(transcript)))
    player.frame()


@pytest.mark.parametrize("mode", ["best", "all"])
def test_hints_in_play_show_the_best_move_or_every_value_by_the_setting(player_factory, mode: str) -> None:
    player = player_factory()
    player.app.ctx.settings.hints = mode
    start_two_player_game(player, "f5d6c3")
    game = player.game
    player.run_until(lambda: game.hint is not None, frames=200)
    legal = set(game.position.legal_squares())
    marks = game.marks()
    assert marks.best and set(marks.best) <= legal
    if mode == "all":
        assert set(marks.hints) == legal  # every legal move carries its value
        hint = game.hint
        assert hint is not None
        best_value = max(hint.values.values())
        # a midgame hint's values are estimates, written with a decimal (an exact one is a whole number)
        assert all(marks.hints[sq] == value_label(best_value, hint.is_exact(sq)) for sq in marks.best)
        assert not hint.exact and all("." in label for label in marks.hints.values())
    else:
        assert list(marks.hints) == marks.best[:1]
    game.try_move(marks.best[0])  # after a move the hint is gone until the next analysis
    assert game.hint is None


def test_hints_off_means_none_until_the_hint_button(player_factory) -> None:
    player = player_factory()
    start_two_player_game(player, "f5d6c3")
    game = player.game
    for _ in range(30):
        player.frame()
    assert game.hint is None and game.analysis is None
    player.click_button("hint")
    player.run_until(lambda: game.hint is not None, frames=200)
    assert len(game.marks().hints) == 1


def test_the_game_names_the_opening_over_the_move_list(player_factory) -> None:
    player = player_factory()
    start_two_player_game(player, "f5")
    header = player.game.layout_rects.moves
    band = pygame.Rect(header.centerx - 60, header.top + 8, 120, 26)
    accent = player.app.ctx.theme.accent

    def accent_pixels() -> int:
        return sum(1 for x in range(band.left, band.right) for y in range(band.top, band.bottom)
                   if player.pixel((x, y)) == accent)

    assert accent_pixels() == 0  # one move: no named opening yet
    for name in ("d6", "c3", "d3", "c4"):
        player.click_square(name)
    assert player.game.record.transcript == "f5d6c3d3c4"
    assert accent_pixels() > 20  # "Tiger"


# -- issue 21: what the summary says ---------------------------------------------------------------


def test_the_summary_says_what_was_lost_in_discs(player_factory) -> None:
    player = player_factory()
    scene = open_review_from_results(player, GameRecord.from_transcript("f5d6c3d3c4f4f6f3e6e7"))
    player.run_until(lambda: scene.analysis is not None and scene.analysis.done, frames=3000)
    for colour in (BLACK, WHITE):
        summary = scene.summary(colour)
        assert summary is not None and summary.moves
        lost = round(summary.total_loss)
        line = scene._summary_line(summary)
        assert f", lost {lost} disc{'s' if lost != 1 else ''}, " in line, line


# -- issue 21, item 10: a given move gets no verdict --------------------------------------------------


def test_a_move_the_game_was_given_is_not_judged_even_when_it_was_a_mistake(
        player_factory, monkeypatch: pytest.MonkeyPatch) -> None:
    player = player_factory()
    record = GameRecord.from_transcript(GAME)
    monkeypatch.setattr(review_scene, "_ANALYSES", {game_text(record): finished(record)})  # the game's, done once
    player.app.scene.open(ReviewEntry(record=record, setup=MatchSetup("two", BLACK, given=len(record.plies))))
    player.frame()
    scene = player.app.scene
    assert isinstance(scene, ReviewScene)
    go_to_the_first_mistake(player, scene)
    lines = scene.comment_lines()
    assert lines[0][1] == "title" and "not judged" not in lines[0][0]
    assert [style for _, style in lines[1:]] == ["dim"] and "not judged" in lines[1][0]
    assert not any(word in text for text, _ in lines for word in ("mistake", "blunder", "Better", "best move"))
