"""The play session: the game's match (phases, moves, undo, the end), each kind of opponent and judge; no pygame."""

from __future__ import annotations

import random
import subprocess
import sys
from types import SimpleNamespace

import pytest

from game.ai.book import default_book
from game.challenges.attempt import ChallengeJudge, attempt
from game.challenges.model import load_challenges
from game.engine import BLACK, PASS, WHITE, EndReason, GameRecord, Outcome, Position, parse_square, square_name
from game.play.lesson import lesson
from game.play.match import MatchSetup, SavedGame
from game.play.match_controller import MatchController
from game.play.session import Move, Phase, Refusal, RefusalReason, Session
from game.play.stats import Stats
from game.play.words import reason_text
from game.records.formats import ggf_result
from game.trainer.model import LineJudge, TrainerSession
from game.trainer.openings import trainable_openings

PASS_GAME = "d3c3e6d2d1e1b2"
"""After these moves White's c1 leaves Black without a move."""
WIPEOUT = ("d3", "c3", "b3", "d2", "e1", "d6", "d7", "e3", "f4")
"""A nine-ply game that ends with no white disc left."""
DELAY_MS = 450
"""A reply delay asked of a session (the screen decides it: ``game.ui.session_board``); by default there is none."""


def sq(name: str) -> int:
    return parse_square(name)


def run_computer(match: MatchController, limit: int = 2000) -> None:
    """Advance the computer until it has moved (virtual time: each call 50 ms later)."""
    for step in range(limit):
        if match.phase is not Phase.COMPUTER:
            return
        match.advance(step * 50, 50.0)
    raise AssertionError("the computer never moved")


def test_the_session_and_the_controller_do_not_import_pygame() -> None:
    code = "import sys, game.play.session, game.play.match_controller; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_phases_of_a_game_against_the_computer() -> None:
    match = MatchController(MatchSetup("computer", BLACK, 0))
    assert match.phase is Phase.HUMAN
    move = match.play(sq("f5"))
    assert isinstance(move, Move) and move.colour == BLACK and move.flipped == (sq("e5"),) and move.passer is None
    assert match.phase is Phase.COMPUTER and match.position.to_move == WHITE
    run_computer(match)
    assert match.phase is Phase.HUMAN and len(match.record.moves) == 2


def test_the_computer_moves_first_when_you_play_white() -> None:
    match = MatchController(MatchSetup("computer", WHITE, 0))
    assert match.phase is Phase.COMPUTER
    run_computer(match)
    assert match.phase is Phase.HUMAN and match.position.to_move == WHITE


def test_an_illegal_move_is_refused_with_a_reason_and_changes_nothing() -> None:
    match = MatchController(MatchSetup("two", BLACK))
    before = match.position
    taken, illegal = match.play(sq("d4")), match.play(sq("a1"))
    assert isinstance(taken, Refusal) and taken.text == "d4 is already taken." and taken.bad_square
    assert isinstance(illegal, Refusal) and "not a legal move" in illegal.text
    assert match.position == before and match.phase is Phase.HUMAN


def test_a_forced_pass_waits_in_its_own_phase_until_acknowledged() -> None:
    match = MatchController(MatchSetup("two", BLACK), GameRecord.from_transcript(PASS_GAME))
    move = match.play(sq("c1"))
    assert isinstance(move, Move) and move.passer == BLACK and match.record.played[-1] == PASS
    assert match.phase is Phase.PASS and match.pending_pass == BLACK
    waiting = match.play(match.position.legal_squares()[0])
    assert isinstance(waiting, Refusal) and "acknowledged" in waiting.text and not waiting.bad_square
    match.acknowledge_pass()
    assert match.phase is Phase.HUMAN and match.position.to_move == WHITE


def test_undo_against_the_computer_goes_back_to_your_turn_and_redo_forward() -> None:
    match = MatchController(MatchSetup("computer", BLACK, 0))
    assert not match.can_undo()
    match.play(sq("f5"))
    run_computer(match)
    two = match.record.transcript
    assert match.undo() and match.record.moves == [] and match.phase is Phase.HUMAN
    assert not match.undo()
    assert match.redo() and match.record.transcript == two and match.phase is Phase.HUMAN


def test_goto_keeps_the_later_moves_for_redo() -> None:
    match = MatchController(MatchSetup("two", BLACK), GameRecord.from_transcript("f5d6c3d3"))
    assert match.goto(1)
    assert match.record.transcript == "f5" and match.record.plies[1:] == [sq("d6"), sq("c3"), sq("d3")]
    assert match.goto(4) and match.record.transcript == "f5d6c3d3"
    assert not match.goto(9)
    passing = MatchController(MatchSetup("two", BLACK), GameRecord.from_transcript(PASS_GAME + "c1"))
    passing.acknowledge_pass()
    assert passing.record.played[-1] == PASS
    assert passing.goto(len(passing.record.plies) - 1)  # the position before the pass: stepped over
    assert passing.record.ply == len(passing.record.plies) and passing.position.legal_moves()
    passing.undo()
    passing.goto(8)
    assert passing.position.legal_moves()


def test_resigning_ends_the_match_and_counts_a_loss_once() -> None:
    stats = Stats()
    ends: list[MatchController] = []
    match = MatchController(MatchSetup("computer", BLACK, 0), stats=stats, on_end=ends.append)
    match.play(sq("f5"))
    assert match.end_reason is None
    assert match.resign() == BLACK
    assert match.end_reason is EndReason.RESIGNATION
    assert match.phase is Phase.OVER and match.counted and ends == [match]
    assert not match.can_undo() and not match.can_redo() and not match.can_resign()
    over = match.play(sq("d6"))
    assert isinstance(over, Refusal) and over.reason is RefusalReason.OVER
    assert match.outcome == Outcome.resignation(match.position, BLACK) and match.outcome.winner == WHITE
    assert stats.tally("Novice", BLACK).lost == 1


def test_a_game_won_from_a_pasted_position_is_practice_and_counts_nothing() -> None:
    record = GameRecord.from_transcript(PASS_GAME)
    stats = Stats()
    for setup in (MatchSetup("computer", BLACK, 0, start=Position.start().to_text()),
                  MatchSetup("computer", WHITE, 0, given=len(record.plies))):
        match = MatchController(setup, GameRecord.from_transcript(PASS_GAME), stats=stats)
        assert not setup.counts
        match.resign()
        assert match.phase is Phase.OVER and not match.counted
    assert stats.totals().played == 0


def test_a_finished_game_ends_once_and_is_counted_once() -> None:
    stats = Stats()
    ends: list[MatchController] = []
    match = MatchController(MatchSetup("two", BLACK), stats=stats, on_end=ends.append)
    for name in WIPEOUT:
        match.play(sq(name))
    assert match.phase is Phase.OVER and match.record.is_over()
    assert match.end_reason is EndReason.WIPEOUT and reason_text(match.end_reason) == "One side has no discs left."
    match.acknowledge_pass()
    assert ends == [match] and stats.two_player_games == 1


def test_a_finished_record_handed_in_is_not_counted_again() -> None:
    stats = Stats()
    record = GameRecord.from_transcript("".join(WIPEOUT))
    match = MatchController(MatchSetup("two", BLACK), record, stats=stats)
    assert match.phase is Phase.OVER and not match.counted and stats.two_player_games == 0


def test_playing_inside_the_given_moves_keeps_the_game_practice_and_moves_the_mark() -> None:
    record = GameRecord.from_transcript("f5d6c3d3")
    match = MatchController(MatchSetup("two", BLACK, given=4), record)
    match.goto(2)
    match.play(next(s for s in match.position.legal_squares() if s != sq("c3")))
    assert match.setup.given == 2 and not match.setup.counts
    assert match.setup.rematch().given == 0


def test_the_given_mark_survives_the_autosave() -> None:
    setup = MatchSetup("computer", BLACK, 2, given=3)
    saved = SavedGame.from_json(SavedGame(setup, GameRecord.from_transcript("f5d6c3")).to_json())
    assert saved.setup == setup and not saved.setup.counts
    with pytest.raises(ValueError):
        MatchSetup.from_json({**setup.to_json(), "given": -1})


def test_a_hint_is_found_on_your_turn_and_dropped_by_a_move() -> None:
    match = MatchController(MatchSetup("two", BLACK))
    assert match.start_hint()
    for step in range(2000):
        match.advance(step * 50, 50.0)
        if match.hint is not None:
            break
    assert match.hint is not None and match.hint.best[0] in match.position.legal_squares()
    assert not match.can_hint()
    match.play(match.hint.best[0])
    assert match.hint is None and match.can_hint()


def test_a_flag_fall_ends_the_game_with_a_loss_on_time_and_a_pass_stops_the_clock() -> None:
    stats = Stats()
    match = MatchController(MatchSetup("two", BLACK, given=7, clock=10),
                            GameRecord.from_transcript(PASS_GAME), stats=stats)
    assert match.clocks == {BLACK: 10_000, WHITE: 10_000}
    match.tick(0)
    match.tick(4000)  # White thinks for four seconds
    match.play(sq("c1"))  # then moves; Black must pass
    assert match.clocks[WHITE] == 6000 and match.phase is Phase.PASS
    match.tick(9000)  # the announcement is on screen: no clock runs
    match.acknowledge_pass()
    match.tick(9500)
    match.tick(10_000)
    assert match.clocks == {BLACK: 10_000, WHITE: 5500}
    match.tick(16_000)
    assert match.outcome is not None and match.outcome.stopped == WHITE
    assert match.phase is Phase.OVER and match.clocks[WHITE] == 0
    assert match.end_reason is EndReason.TIME
    assert match.margin(BLACK) == 1 and match.margin(WHITE) == -1
    assert stats.two_player_games == 0  # a game begun from a pasted position is practice
    fresh = Stats()
    timed = MatchController(MatchSetup("computer", BLACK, 0, clock=30), stats=fresh)
    timed.tick(0)
    timed.tick(31_000)
    assert timed.outcome is not None and timed.outcome.stopped == BLACK and fresh.tally("Novice", BLACK).lost == 1


def test_clocks_survive_the_autosave() -> None:
    setup = MatchSetup("two", BLACK, clock=300)
    saved = SavedGame.from_json(SavedGame(setup, GameRecord(), (120_000, 250_500)).to_json())
    assert saved.clocks == (120_000, 250_500)
    match = MatchController(saved.setup, saved.record, clocks=saved.clocks)
    assert match.clock_state() == (120_000, 250_500)
    with pytest.raises(ValueError):
        SavedGame.from_json({**SavedGame(setup, GameRecord()).to_json(), "clocks": [1, -5]})


def test_a_move_in_the_computers_turn_is_refused_with_a_word_and_the_reply_waits_its_delay() -> None:
    match = MatchController(MatchSetup("computer", BLACK, 0))
    match.play(sq("f5"))
    early = match.play(sq("d6"))
    assert isinstance(early, Refusal) and early.reason is RefusalReason.WAIT and not early.bad_square
    assert "computer is thinking" in early.text
    replied = None
    for step in range(400):  # 10 ms steps: found at once at this level, shown only after the delay
        replied = match.advance(step * 10, 50.0, DELAY_MS)
        if replied is not None:
            assert step * 10 >= DELAY_MS
            break
    assert replied is not None and replied.colour == WHITE and match.phase is Phase.HUMAN


def test_the_outcome_is_built_once_and_read_by_the_statistics() -> None:
    stats = Stats()
    match = MatchController(MatchSetup("two", BLACK), stats=stats)
    for name in WIPEOUT:
        match.play(sq(name))
    outcome = match.outcome
    assert outcome is not None and outcome == Outcome.of(match.position)
    assert outcome.reason is EndReason.WIPEOUT and outcome.winner == BLACK and outcome.by_rules
    assert outcome.margin(BLACK) == 64 and ggf_result(outcome) == "+13.000" and outcome.stopped is None
    assert stats.two_player_games == 1


# -- each kind of opponent and judge ------------------------------------------------


def run_opponent(session: Session, limit: int = 4000) -> Move | None:
    """Advance the opponent until it has moved or stopped weighing (virtual time: each call 50 ms later)."""
    for step in range(limit):
        if session.phase is not Phase.COMPUTER:
            return None
        move = session.advance(step * 50, 50.0)
        if move is not None:
            return move
    raise AssertionError("the opponent never moved")


def test_a_challenge_goal_solves_or_rejects_a_move_at_once() -> None:
    challenge = next(c for c in load_challenges() if c.kind == "corner")
    session = attempt(challenge)
    wrong = next(sq for sq in challenge.position.legal_squares() if sq != challenge.answer)
    assert isinstance(session.play(wrong), Move)
    assert session.phase is Phase.REJECTED and square_name(wrong) in session.verdict.text
    assert session.play(challenge.answer) is not None  # the next try starts from the challenge's position
    assert session.phase is Phase.OVER and session.verdict.text == "Solved!"
    over = session.play(challenge.answer)
    assert isinstance(over, Refusal) and over.reason is RefusalReason.OVER and "Solved" in over.text


def test_the_solver_answers_an_endgame_and_a_losing_move_is_rejected() -> None:
    challenge = next(c for c in load_challenges() if c.kind == "endgame")
    session = attempt(challenge)
    wrong = next(sq for sq in challenge.position.legal_squares() if sq != challenge.answer)
    session.play(wrong)
    assert session.phase is Phase.REJECTED and "escape" in session.verdict.text
    session.play(challenge.answer)
    assert session.phase is Phase.COMPUTER and isinstance(session.judge, ChallengeJudge)
    reply = run_opponent(session)
    assert session.phase in (Phase.HUMAN, Phase.OVER)
    assert reply is None or reply.colour != challenge.position.to_move
    assert session.thought is not None and session.thought.value is not None


def test_the_book_answers_a_training_line_after_the_reply_delay_and_judges_each_answer() -> None:
    opening = next(o for o in trainable_openings(default_book()) if o.name == "Tiger")
    session = TrainerSession(opening, WHITE, default_book(), random.Random(1))
    assert session.phase is Phase.HUMAN and isinstance(session.judge, LineJudge)
    session.play(sq("g5"))  # more than two discs worse than the best: a mistake
    assert session.phase is Phase.REJECTED and "Better:" in session.verdict.text
    assert isinstance(session.play(sq("f4")), Move)  # another answer takes the mistake back first
    assert session.phase is Phase.COMPUTER and session.record.moves[-1] == sq("f4")
    assert session.advance(0, 10.0, DELAY_MS) is None and session.advance(DELAY_MS - 1, 10.0, DELAY_MS) is None
    reply = session.advance(DELAY_MS, 10.0, DELAY_MS)
    assert reply is not None and reply.colour == BLACK and session.phase is Phase.HUMAN


def test_a_tutorial_step_accepts_only_its_move_then_the_scripted_reply_ends_it() -> None:
    step = SimpleNamespace(targets=(frozenset({sq("b2")}),), refusals={}, refusal="Play b2.", reply=sq("a1"),
                           between="")  # the tutorial's "next to a corner": White takes a1
    board = "".join(("........", "........", "..O.....", "...XX...", "...OO...", "........", "........",
                     "........")) + " X"
    session = lesson(step, Position.from_text(board))
    wrong = next(sq for sq in session.position.legal_squares() if sq not in step.targets[0])
    refused = session.play(wrong)
    assert isinstance(refused, Refusal) and refused.reason is RefusalReason.JUDGE and refused.text == step.refusal
    assert session.record.ply == 0 and session.phase is Phase.HUMAN
    session.play(next(iter(step.targets[0])))
    assert session.phase is Phase.COMPUTER
    assert session.advance(0, 10.0, DELAY_MS) is None
    reply = session.advance(DELAY_MS, 10.0, DELAY_MS)
    assert reply is not None and reply.square == step.reply and session.phase is Phase.OVER
    over = session.play(wrong)
    assert isinstance(over, Refusal) and over.text == "Press Next to go on."
    nothing = SimpleNamespace(targets=(), refusals={}, refusal="", reply=None, between="")
    assert lesson(nothing, Position.start()).phase is Phase.OVER  # a step that asks for nothing is done


def test_a_session_without_an_opponent_plays_both_sides_and_takes_moves_back_from_the_end() -> None:
    session = Session(GameRecord.from_transcript("".join(WIPEOUT[:-1])))  # the analysis: the rules alone
    move = session.play(sq(WIPEOUT[-1]))
    assert isinstance(move, Move) and session.phase is Phase.OVER
    assert session.outcome is not None and session.outcome.reason is EndReason.WIPEOUT
    assert session.undo() and session.phase is Phase.HUMAN and session.outcome is None
    assert isinstance(session.play(sq(WIPEOUT[-1])), Move)
