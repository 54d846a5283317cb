"""GameRecord: moves and forced passes from any start, undo and redo to any ply, transcripts in and out."""

from __future__ import annotations

import pytest
from reference_othello import (
    BLOCKED_WITH_TWO_EMPTY,
    DRAW_32_32,
    FIVE_WHITE_MOVES_IN_A_ROW,
    SHORTEST_WIPEOUT,
    RefBoard,
    parse_name,
    play_transcript,
)

from game.engine import (
    BLACK,
    PASS,
    WHITE,
    GameRecord,
    IllegalMoveError,
    Position,
    TranscriptError,
    parse_square,
    ply_name,
    split_transcript,
)

SAMPLE_GAMES = [SHORTEST_WIPEOUT, FIVE_WHITE_MOVES_IN_A_ROW, BLOCKED_WITH_TWO_EMPTY, DRAW_32_32]

# Black cannot move; White's d1 then takes Black's last disc.
BLACK_MUST_PASS = Position.from_text("OOX" + "-" * 61 + " X")


def snapshot(record: GameRecord) -> tuple[list[int], int, str, str]:
    """Everything a caller can see change: the plies, the cursor, the position and the transcript."""
    return list(record.plies), record.ply, record.position.to_text(), record.transcript


def reference_positions(transcript: str) -> list[str]:
    """Position text after each ply of a game (passes included), from the reference board."""
    _, plies = play_transcript(transcript)
    board = RefBoard.start()
    texts = [board.to_text()]
    for ply in plies:
        if ply == "pass":
            board.pass_turn()
        else:
            board.play(*parse_name(ply))
        texts.append(board.to_text())
    return texts


# -- transcripts in and out ----------------------------------------------------------------------------


@pytest.mark.parametrize("transcript", SAMPLE_GAMES)
def test_transcript_out_equals_transcript_in(transcript: str) -> None:
    record = GameRecord.from_transcript(transcript)
    assert record.transcript == transcript
    assert GameRecord.from_transcript(record.transcript).plies == record.plies
    assert [ply_name(p) for p in record.plies] == play_transcript(transcript)[1]
    assert record.position.to_text() == reference_positions(transcript)[-1]


def test_transcript_input_is_case_insensitive_with_or_without_spaces_and_move_numbers() -> None:
    canonical = "f5d6c3d3c4f4"
    for text in ("F5D6C3D3C4F4", "f5 d6 c3 d3 c4 f4", "1. F5 d6 2. C3 d3 3. c4 f4", " f5,d6,c3,D3 C4F4 "):
        assert GameRecord.from_transcript(text).transcript == canonical


@pytest.mark.parametrize(
    ("transcript", "message"),
    [
        ("f5d6c3d3c4f4g3", "ply 7: g3 is not a legal move for Black"),
        ("f5f5", "ply 2: f5 is not a legal move for White"),
        ("d4", "ply 1: d4 is not a legal move for Black"),  # occupied at the start
        ("a1", "ply 1: a1 is not a legal move for Black"),
        ("f5d6c3z9", "ply 4: 'z9' is not a square"),
        ("f5d6c", "ply 3: 'c' is not a square"),
        (SHORTEST_WIPEOUT + "d3", "ply 10: d3 comes after the end of the game"),
        (SHORTEST_WIPEOUT + "e3", "ply 10: e3 comes after the end of the game"),
    ],
)
def test_rejected_transcripts_name_the_ply_and_the_reason(transcript: str, message: str) -> None:
    with pytest.raises(TranscriptError, match=message.replace("(", r"\(")):
        GameRecord.from_transcript(transcript)


def test_g3_really_is_an_empty_square_black_cannot_play_after_f5d6c3d3c4f4() -> None:
    board, _ = play_transcript("f5d6c3d3c4f4")
    row, col = parse_name("g3")
    assert board.to_move == "X" and board.cells[row][col] == "-"
    assert board.cells[row + 1][col - 1] == "O"  # next to a white disc (f4), yet it outflanks nothing
    assert not board.flips(row, col)


def test_a_rejected_transcript_counts_plies_as_written_with_passes_left_out() -> None:
    # Black passes after White's 56th move, so the 57th move written is White's again. The
    # message counts the moves as they appear in the text, where passes are not written.
    moves = split_transcript(FIVE_WHITE_MOVES_IN_A_ROW)
    bad = "".join(moves[:56]) + "a1"  # a1 is taken by then
    with pytest.raises(TranscriptError, match="ply 57: a1 is not a legal move for White"):
        GameRecord.from_transcript(bad)


# -- playing and bad input -----------------------------------------------------------------------------


def test_a_new_record_starts_at_the_standard_start() -> None:
    record = GameRecord()
    assert record.position == Position.start()
    assert (record.plies, record.ply, record.transcript) == ([], 0, "")
    assert not record.can_undo() and not record.can_redo()
    assert record.last_move is None and record.result is None


@pytest.mark.parametrize("square", [parse_square("a1"), parse_square("d4"), -1, 64, PASS])
def test_an_illegal_move_changes_nothing(square: int) -> None:
    record = GameRecord.from_transcript("f5d6c3")
    before = snapshot(record)
    with pytest.raises(IllegalMoveError, match="is not a legal move for White"):
        record.play(square)
    assert snapshot(record) == before


def test_no_move_is_accepted_after_the_end_of_the_game() -> None:
    record = GameRecord.from_transcript(SHORTEST_WIPEOUT)
    before = snapshot(record)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        record.play(parse_square("d3"))
    assert snapshot(record) == before


def test_moves_played_and_last_move_leave_passes_out() -> None:
    record = GameRecord.from_transcript(FIVE_WHITE_MOVES_IN_A_ROW)
    moves = split_transcript(FIVE_WHITE_MOVES_IN_A_ROW)
    assert [ply_name(p) for p in record.moves] == moves
    assert record.played == record.plies and len(record.plies) == len(moves) + 4
    assert ply_name(record.last_move or 0) == moves[-1]
    record.goto(57)  # just after Black's first pass
    assert record.played[-1] == PASS
    assert ply_name(record.last_move or 0) == moves[55]


# -- forced passes --------------------------------------------------------------------------------------


def test_forced_passes_are_recorded_as_pass_plies() -> None:
    record = GameRecord.from_transcript(FIVE_WHITE_MOVES_IN_A_ROW)
    assert [i for i, ply in enumerate(record.plies) if ply == PASS] == [56, 58, 60, 62]
    assert [ply_name(p) for p in record.plies] == play_transcript(FIVE_WHITE_MOVES_IN_A_ROW)[1]
    for index, text in enumerate(reference_positions(FIVE_WHITE_MOVES_IN_A_ROW)):
        assert record.position_at(index).to_text() == text


def test_undo_takes_back_a_move_together_with_the_pass_that_followed_it() -> None:
    record = GameRecord.from_transcript(FIVE_WHITE_MOVES_IN_A_ROW)
    moves = split_transcript(FIVE_WHITE_MOVES_IN_A_ROW)
    assert record.ply == 64
    expected_cursors = [63, 61, 59, 57, 55, 54]
    for undone, cursor in enumerate(expected_cursors, start=1):
        record.undo()
        assert record.ply == cursor
        assert record.transcript == "".join(moves[: len(moves) - undone])
        assert not record.position.must_pass()  # the cursor never rests where the mover must pass
        assert record.position.to_move == (BLACK if cursor == 54 else WHITE)
    for cursor in [55, 57, 59, 61, 63, 64]:  # redo replays each move and the pass after it
        record.redo()
        assert record.ply == cursor
    assert record.transcript == FIVE_WHITE_MOVES_IN_A_ROW


# -- undo and redo ---------------------------------------------------------------------------------------


def test_undo_to_the_start_and_redo_to_the_end_one_move_at_a_time() -> None:
    record = GameRecord.from_transcript(DRAW_32_32)
    moves = split_transcript(DRAW_32_32)
    positions = reference_positions(DRAW_32_32)  # no passes in this game: one position per move
    assert record.ply == len(moves) == 60 and record.result is not None
    for count in range(len(moves) - 1, -1, -1):
        record.undo()
        assert record.ply == count
        assert record.position.to_text() == positions[count]
        assert record.transcript == "".join(moves[:count])
        assert record.can_redo()
        assert record.result is None
    assert not record.can_undo()
    record.undo()  # nothing left to take back
    assert record.ply == 0 and record.position == Position.start()
    for count in range(1, len(moves) + 1):
        record.redo()
        assert record.position.to_text() == positions[count]
    assert not record.can_redo()
    record.redo()  # nothing left to replay
    assert record.ply == 60 and record.transcript == DRAW_32_32
    result = record.result
    assert result is not None and result.score_discs == "32-32"


def test_goto_reaches_any_ply_and_back() -> None:
    record = GameRecord.from_transcript(FIVE_WHITE_MOVES_IN_A_ROW)
    positions = reference_positions(FIVE_WHITE_MOVES_IN_A_ROW)
    for ply in [0, 64, 30, 57, 56, 1, 63, 64]:
        record.goto(ply)
        assert record.ply == ply
        assert record.position.to_text() == positions[ply]
        assert record.position == record.position_at(ply)
    for bad in (-1, 65):
        with pytest.raises(IndexError, match=f"ply {bad} is outside 0..64"):
            record.goto(bad)
    assert record.ply == 64


def test_replaying_the_undone_move_keeps_the_redo_tail() -> None:
    record = GameRecord.from_transcript(DRAW_32_32)
    plies = list(record.plies)
    for _ in range(5):
        record.undo()
    record.play(plies[55])  # the same move that was taken back
    assert record.ply == 56
    assert record.plies == plies and record.can_redo()
    for _ in range(4):
        record.redo()
    assert record.transcript == DRAW_32_32 and record.is_over()


def test_playing_a_different_move_drops_the_redo_tail() -> None:
    record = GameRecord.from_transcript(DRAW_32_32)
    plies = list(record.plies)
    moves = split_transcript(DRAW_32_32)
    for _ in range(5):
        record.undo()
    alternatives = [sq for sq in record.position.legal_squares() if sq != plies[55]]
    assert alternatives
    record.play(alternatives[0])
    assert record.plies[:56] == [*plies[:55], alternatives[0]]
    assert record.ply == len(record.plies)
    assert not record.can_redo()
    assert record.transcript == "".join(moves[:55]) + ply_name(alternatives[0])
    record.undo()
    record.redo()
    assert record.transcript == "".join(moves[:55]) + ply_name(alternatives[0])


# -- starting from any position ----------------------------------------------------------------------------


def test_a_record_can_start_from_any_position_and_replay_a_transcript_from_it() -> None:
    board, _ = play_transcript(DRAW_32_32[:40])  # 20 moves in, Black to move
    start = Position.from_text(board.to_text())
    rest = DRAW_32_32[40:]
    record = GameRecord.from_transcript(rest, start=start)
    assert record.start == start
    assert record.transcript == rest
    assert record.result == GameRecord.from_transcript(DRAW_32_32).result
    while record.can_undo():
        record.undo()
    assert record.ply == 0 and record.position == start
    with pytest.raises(TranscriptError, match="ply 1: f5 is not a legal move for Black"):
        GameRecord.from_transcript("f5", start=start)


def test_a_record_from_a_position_where_the_mover_must_pass_begins_with_the_pass() -> None:
    record = GameRecord(BLACK_MUST_PASS)
    assert record.plies == [PASS] and record.ply == 1
    assert record.position.to_move == WHITE
    assert not record.can_undo()
    record.undo()  # the forced pass cannot be taken back
    assert record.ply == 1 and record.position.to_move == WHITE
    record.play(parse_square("d1"))
    assert record.is_over() and record.transcript == "d1"
    record.undo()
    assert record.ply == 1 and record.position.to_move == WHITE and record.result is None
    assert GameRecord.from_transcript("d1", start=BLACK_MUST_PASS).plies == [PASS, parse_square("d1")]


def test_a_record_from_a_finished_position_is_over_at_once() -> None:
    board, _ = play_transcript(SHORTEST_WIPEOUT)
    record = GameRecord(Position.from_text(board.to_text()))
    assert record.plies == [] and record.is_over()
    result = record.result
    assert result is not None and result.score_tournament == "64-0"
    with pytest.raises(TranscriptError, match="ply 1: d3 comes after the end of the game"):
        GameRecord.from_transcript("d3", start=record.start)


# -- explicit passes in transcripts (issue 11, item 6) ----------------------------------------------------


@pytest.mark.parametrize("game", SAMPLE_GAMES)
@pytest.mark.parametrize("spelling", ["pass", "PS", "--", "@@", "pa"])
def test_explicit_passes_where_a_side_must_pass_read_as_the_same_game(game: str, spelling: str) -> None:
    record = GameRecord.from_transcript(game)
    written = " ".join(spelling if p == PASS else ply_name(p) for p in record.plies)
    again = GameRecord.from_transcript(written)
    assert again.plies == record.plies and again.transcript == record.transcript


def test_an_explicit_pass_at_a_start_that_forces_one() -> None:
    record = GameRecord.from_transcript("pass d1", BLACK_MUST_PASS)
    assert record.transcript == "d1" and record.is_over()


@pytest.mark.parametrize(
    ("transcript", "message"),
    [
        ("f5 pass", "ply 2: White has a legal move and may not pass"),
        ("pass", "ply 1: Black has a legal move and may not pass"),
        ("d3 c3 e6 d2 d1 e1 b2 c1 pass pass", "ply 10: White has a legal move and may not pass"),
        (SHORTEST_WIPEOUT + " pass", "ply 10: pass comes after the end of the game"),
    ],
)
def test_a_pass_where_the_side_could_move_is_refused(transcript: str, message: str) -> None:
    with pytest.raises(TranscriptError, match=message):
        GameRecord.from_transcript(transcript)
