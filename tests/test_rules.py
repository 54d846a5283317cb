"""The worked examples of the rule texts (/work/shared/reference/rules/), one test each.

Every position is built with ``Position.from_text`` from an 8x8 diagram (row 1 at
the top, column a on the left). Where a test names flips or legal moves, the
simple list-based reference in ``reference_othello`` is asked too, so each
example checks the bitboard engine and the reference against the rule text.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference_othello import (
    BLOCKED_WITH_TWO_EMPTY,
    DRAW_32_32,
    FIVE_WHITE_MOVES_IN_A_ROW,
    SHORTEST_WIPEOUT,
    RefBoard,
    parse_name,
    play_transcript,
)
from reference_othello import square_name as ref_square_name

from game.engine import (
    BLACK,
    PASS,
    WHITE,
    GameRecord,
    IllegalMoveError,
    Outcome,
    Position,
    TranscriptError,
    flips,
    parse_square,
    square_name,
    squares_of,
)

CORNERS = ("a1", "h1", "a8", "h8")


def position(diagram: str, to_move: str) -> Position:
    """A position from eight rows of eight ``X``/``O``/``-`` (row 1 first) and the side to move."""
    cells = "".join(diagram.split())
    assert len(cells) == 64, "test diagram must have 64 squares"
    return Position.from_text(f"{cells} {to_move}")


def names(bitboard: int) -> list[str]:
    """Square names of a bitboard, a1..h8 order."""
    return [square_name(sq) for sq in squares_of(bitboard)]


def reference(pos: Position) -> RefBoard:
    """The same position on the reference board."""
    return RefBoard.from_text(pos.to_text())


def assert_legal(pos: Position, expected: list[str]) -> None:
    """Both implementations list exactly ``expected`` as the legal moves (a1..h8 order)."""
    assert names(pos.legal_moves()) == expected
    assert [ref_square_name(r, c) for r, c in reference(pos).legal_moves()] == expected


def assert_flips(pos: Position, move: str, expected: list[str]) -> None:
    """Both implementations flip exactly ``expected`` (a1..h8 order) for ``move``."""
    assert names(pos.flips(parse_square(move))) == expected
    ref_flips = reference(pos).flips(*parse_name(move))
    assert [ref_square_name(r, c) for r, c in ref_flips] == expected


def ended(pos: Position) -> Outcome:
    """The outcome of a position the rules have ended."""
    outcome = Outcome.of(pos)
    assert outcome is not None, "the game is not over"
    return outcome


def colors(pos: Position, squares: str) -> str:
    """The discs on the given space-separated squares, e.g. ``'XXO'``."""
    return "".join(pos.color_at(parse_square(s)) or "-" for s in squares.split())


# -- setup and the opening ------------------------------------------------------------------------


def test_start_position_has_white_on_d4_e5_and_black_on_d5_e4_with_black_to_move() -> None:
    start = Position.start()
    assert colors(start, "d4 e5 d5 e4") == "OOXX"
    assert start.black_count == start.white_count == 2
    assert start.to_move == BLACK
    assert start.to_text() == "---------------------------OX------XO--------------------------- X"
    assert start.to_text() == RefBoard.start().to_text()


def test_black_has_exactly_four_opening_moves_d3_c4_f5_e6() -> None:
    assert_legal(Position.start(), ["d3", "c4", "f5", "e6"])


@pytest.mark.parametrize(
    ("move", "flipped", "black_after"),
    [
        ("d3", "d4", "d3 d4 d5 e4"),
        ("c4", "d4", "c4 d4 d5 e4"),
        ("f5", "e5", "d5 e4 e5 f5"),
        ("e6", "e5", "d5 e4 e5 e6"),
    ],
)
def test_each_opening_move_traps_exactly_one_white_disc(move: str, flipped: str, black_after: str) -> None:
    start = Position.start()
    assert_flips(start, move, [flipped])
    after = start.play(parse_square(move))
    assert after.to_move == WHITE
    assert (after.black_count, after.white_count) == (4, 1)
    assert sorted(names(after.black)) == sorted(black_after.split())


def test_after_f5_white_may_answer_f4_d6_or_f6() -> None:
    """The introduction's example: F5 flips the disc between F5 and Black's own disc, then White moves."""
    after_f5 = Position.start().play(parse_square("f5"))
    assert_legal(after_f5, ["f4", "d6", "f6"])


def test_official_sample_game_black_c4_then_white_c3() -> None:
    start = Position.start()
    after_c4 = start.play(parse_square("c4"))  # Figures 7 and 8: the white disc on d4 is outflanked
    assert colors(after_c4, "c4 d4 d5 e4 e5") == "XXXXO"
    # White's choices are c3, e3 and c5, each outflanking one black disc.
    assert_legal(after_c4, ["c3", "e3", "c5"])
    assert_flips(after_c4, "c3", ["d4"])
    assert_flips(after_c4, "e3", ["e4"])
    assert_flips(after_c4, "c5", ["d5"])
    after_c3 = after_c4.play(parse_square("c3"))  # Figures 9 and 10
    assert colors(after_c3, "c3 d4 e5 c4 d5 e4") == "OOOXXX"
    assert after_c3.to_move == BLACK
    assert (after_c3.black_count, after_c3.white_count) == (3, 3)


# -- how a move captures ----------------------------------------------------------------------------


def test_how_to_play_example_d4_flips_the_lone_white_disc_on_d5() -> None:
    pos = position(
        """
        --------
        --------
        --------
        --------
        ---O----
        ---X----
        --------
        --------
        """,
        "X",
    )
    assert_legal(pos, ["d4"])
    assert_flips(pos, "d4", ["d5"])
    after = pos.play(parse_square("d4"))
    assert colors(after, "d4 d5 d6") == "XXX"
    # White has no disc left: a wipeout ends the game at once.
    assert after.is_over()
    result = ended(after)
    assert (result.black, result.white, result.reason, result.winner) == (3, 0, "wipeout", "X")
    assert result.score_tournament == "64-0"


def test_one_move_captures_in_all_eight_directions_at_once() -> None:
    pos = position(
        """
        --------
        -X-X-X--
        --OOO---
        -XO-OOOX
        --OOO---
        -X-O-O--
        ---X--X-
        -------O
        """,
        "X",
    )
    expected = ["c3", "d3", "e3", "c4", "e4", "f4", "g4", "c5", "d5", "e5", "d6", "f6"]
    assert_flips(pos, "d4", expected)
    after = pos.play(parse_square("d4"))
    assert after.black_count == pos.black_count + 1 + len(expected)
    assert after.white_count == 1
    assert colors(after, "h8") == "O"


def test_a_move_needs_only_one_direction_and_flips_only_the_directions_that_succeed() -> None:
    # d1: to the left the run reaches the edge, downward it meets a gap, to the right it is closed.
    pos = position(
        """
        OOO-OOX-
        ---O----
        --------
        ---X----
        --------
        --------
        --------
        --------
        """,
        "X",
    )
    assert_flips(pos, "d1", ["e1", "f1"])
    after = pos.play(parse_square("d1"))
    assert colors(after, "a1 b1 c1 d1 e1 f1 g1 d2") == "OOOXXXXO"


def test_a_disc_outflanked_by_the_move_and_also_bracketed_in_another_line_flips_once() -> None:
    # e5 lies on the move's diagonal (c3 d4 e5 f6) and is also bracketed by d5-f5 and e4-e6.
    pos = position(
        """
        --------
        --------
        --------
        ---OX---
        ---XOX--
        ----XX--
        --------
        --------
        """,
        "X",
    )
    assert_flips(pos, "c3", ["d4", "e5"])
    after = pos.play(parse_square("c3"))
    assert colors(after, "c3 d4 e5 f6") == "XXXX"
    assert after.black_count == pos.black_count + 3
    assert after.white_count == pos.white_count - 2 == 0


def test_no_skipping_over_own_discs_official_figure_4() -> None:
    # Black a4 outflanks White disc 1 (b4) only; d4 lies beyond Black's own disc on c4.
    pos = position(
        """
        --------
        --------
        --------
        -OXOX---
        --------
        --------
        --------
        --------
        """,
        "X",
    )
    assert_flips(pos, "a4", ["b4"])
    assert colors(pos.play(parse_square("a4")), "a4 b4 c4 d4 e4") == "XXXOX"


def test_only_discs_in_the_direct_line_flip_official_figures_5_and_6() -> None:
    # c3 flips d4 and e5 on its diagonal. Afterwards e4 (between d4 and f4) and d5 (between d4 and
    # d6) look outflanked, but they are not in a line from c3 and stay white.
    pos = position(
        """
        --------
        --------
        --------
        ---OOX--
        ---OO---
        ---X-X--
        --------
        --------
        """,
        "X",
    )
    assert_flips(pos, "c3", ["d4", "e5"])
    after = pos.play(parse_square("c3"))
    assert colors(after, "c3 d4 e5 f6") == "XXXX"
    assert colors(after, "e4 d5") == "OO"


def test_a_run_that_reaches_the_edge_captures_nothing() -> None:
    pos = position(
        """
        -OOOOOOO
        --------
        --------
        ---X----
        --------
        --------
        --------
        --------
        """,
        "X",
    )
    assert_flips(pos, "a1", [])
    assert not pos.is_legal(parse_square("a1"))
    with pytest.raises(IllegalMoveError, match="a1 is not a legal move for Black"):
        pos.play(parse_square("a1"))


def test_a_run_broken_by_an_empty_square_captures_nothing() -> None:
    # a1 and d1 each see two white discs, but the gap on d1 / a1 breaks the run before e1 closes it.
    pos = position(
        """
        -OO-X---
        --------
        --------
        --------
        --------
        --------
        --------
        --------
        """,
        "X",
    )
    assert_flips(pos, "a1", [])
    assert_flips(pos, "d1", [])
    assert_legal(pos, [])


@pytest.mark.parametrize("row", range(1, 8))
def test_a_run_to_the_right_edge_does_not_wrap_onto_the_next_row(row: int) -> None:
    # h{row} is white and a{row+1}, the next square in a1..h8 order, is black: g{row} still captures nothing.
    cells = ["-"] * 64
    cells[parse_square(f"h{row}")] = "O"
    cells[parse_square(f"a{row + 1}")] = "X"
    pos = Position.from_text("".join(cells) + " X")
    assert_flips(pos, f"g{row}", [])
    # The same from White's side, leftwards: a{row+1} white, h{row} black, b{row+1} captures nothing.
    swapped = Position.from_text("".join({"X": "O", "O": "X"}.get(c, c) for c in cells) + " X")
    assert_flips(swapped, f"b{row + 1}", [])


def test_diagonal_runs_do_not_wrap_around_the_edges() -> None:
    # h4 white with black on a6 (h4's index + 9): g3 captures nothing down-right.
    # a5 white with black on h3 (a5's index - 9): b6 captures nothing up-left.
    pos = position(
        """
        --------
        --------
        -------X
        -------O
        O-------
        X-------
        --------
        --------
        """,
        "X",
    )
    assert_flips(pos, "g3", [])
    assert_flips(pos, "b6", [])


# -- corners ------------------------------------------------------------------------------------------


def test_a_corner_disc_is_never_flipped_even_at_the_end_of_long_runs() -> None:
    # Three white runs end in White's corner a1. From h1, a8 and h8 each run reaches a1 and then the
    # edge: no black disc can lie beyond a corner, so nothing is captured there. Black's only move,
    # c4, flips c3 on the long diagonal and leaves the corner alone.
    diagram = """
        OOOOOOO-
        OOX-----
        O-O-----
        O--O----
        O---O---
        O----O--
        O-----O-
        --------
    """
    pos = position(diagram, "X")
    for move in ("h1", "a8", "h8"):
        assert_flips(pos, move, [])
    assert_legal(pos, ["c4"])
    assert_flips(pos, "c4", ["c3"])
    # With a black disc on a1 instead, the same three squares capture whole runs.
    black_corner = position("X" + "".join(diagram.split())[1:], "X")
    assert_legal(black_corner, ["h1", "c4", "a8", "h8"])
    assert_flips(black_corner, "h1", ["b1", "c1", "d1", "e1", "f1", "g1"])
    assert_flips(black_corner, "a8", ["a2", "a3", "a4", "a5", "a6", "a7"])
    assert_flips(black_corner, "h8", ["b2", "c3", "d4", "e5", "f6", "g7"])


CORNER_BITS = sum(1 << parse_square(name) for name in CORNERS)


@settings(max_examples=300, deadline=None)
@given(cells=st.lists(st.sampled_from("XO-"), min_size=64, max_size=64), side=st.sampled_from("XO"))
def test_no_move_on_any_board_flips_a_corner(cells: list[str], side: str) -> None:
    pos = Position.from_text("".join(cells) + " " + side)
    for sq in range(64):
        assert not pos.flips(sq) & CORNER_BITS
        assert not flips(pos.player, pos.opponent, sq) & CORNER_BITS


# -- passes ---------------------------------------------------------------------------------------------


def test_forced_pass_black_has_no_move_so_white_moves_again() -> None:
    pos = position(
        """
        OOX-----
        --------
        --------
        --------
        --------
        --------
        --------
        --------
        """,
        "X",
    )
    assert_legal(pos, [])
    assert names(pos.pass_turn().legal_moves()) == ["d1"]
    assert pos.must_pass() and not pos.is_over()

    record = GameRecord(pos)  # the record makes the forced pass itself
    assert record.plies == [PASS]
    assert record.position.to_move == WHITE
    record.play(parse_square("d1"))
    result = record.result
    assert result is not None
    assert (result.score_discs, result.score_tournament, result.reason) == ("0-4", "0-64", "wipeout")


def test_passing_is_never_optional_while_a_move_exists() -> None:
    with pytest.raises(TranscriptError, match="ply 1: Black has a legal move and may not pass"):
        GameRecord.from_transcript("pass")
    with pytest.raises(TranscriptError, match="ply 2: White has a legal move and may not pass"):
        GameRecord.from_transcript("f5 pass")


def test_passing_is_impossible_once_the_game_is_over() -> None:
    with pytest.raises(TranscriptError, match="ply 10: pass comes after the end of the game"):
        GameRecord.from_transcript(SHORTEST_WIPEOUT + " pass")


def test_one_side_passes_several_times_in_a_row_while_the_other_keeps_moving() -> None:
    record = GameRecord.from_transcript(FIVE_WHITE_MOVES_IN_A_ROW)
    tail = record.plies[55:]
    assert [ply == PASS for ply in tail] == [False, True, False, True, False, True, False, True, False]
    for index in (55, 57, 59, 61, 63):  # White's five moves in a row
        assert record.position_at(index).to_move == WHITE
    for index in (56, 58, 60, 62):  # Black cannot move, White can: Black passes
        assert record.position_at(index).to_move == BLACK
        assert record.position_at(index).must_pass()
    _, ref_plies = play_transcript(FIVE_WHITE_MOVES_IN_A_ROW)
    assert [("pass" if p == PASS else square_name(p)) for p in record.plies] == ref_plies
    assert record.transcript == FIVE_WHITE_MOVES_IN_A_ROW  # the passes stay implied


# -- the end of the game and the score --------------------------------------------------------------


BLOCKED_39_3 = """
    OOXXXXXX
    O--XXXXX
    X-XXXXXX
    XXXXXX--
    XXXXXX--
    XXXXX---
    XXX-----
    X-------
"""
"""White's three discs hold the a1 corner; every line from them through black ends at the edge or
starts on an empty square, so White cannot move, and Black has nothing left to outflank."""


@pytest.mark.parametrize("to_move", ["X", "O"])
def test_game_ends_with_22_empty_squares_39_3_is_61_3_by_the_tournament_rule(to_move: str) -> None:
    pos = position(BLOCKED_39_3, to_move)
    assert (pos.black_count, pos.white_count, pos.empty_count) == (39, 3, 22)
    assert_legal(pos, [])
    assert_legal(pos.pass_turn(), [])
    assert pos.is_over() and not pos.must_pass()
    ref = reference(pos)
    assert ref.is_over()
    result = ended(pos)
    assert (result.winner, result.reason) == ("X", "blocked")
    assert result.score_discs == "39-3"
    assert result.score_tournament == "61-3"
    assert result.tournament_counts == (ref.result().tournament_black, ref.result().tournament_white)
    assert GameRecord(pos).result == result


def test_real_game_blocked_with_two_empty_squares_gives_them_to_white() -> None:
    record = GameRecord.from_transcript(BLOCKED_WITH_TWO_EMPTY)
    result = record.result
    assert result is not None
    assert (result.black, result.white, result.empty) == (29, 33, 2)
    assert record.position.color_at(parse_square("a1")) is None
    assert record.position.color_at(parse_square("h1")) is None
    assert (result.winner, result.reason) == ("O", "blocked")
    assert (result.score_discs, result.score_tournament) == ("29-33", "29-35")


def test_shortest_wipeout_ends_the_game_at_once() -> None:
    record = GameRecord.from_transcript(SHORTEST_WIPEOUT)
    assert record.is_over()
    result = record.result
    assert result is not None
    assert (result.black, result.white, result.empty) == (13, 0, 51)
    assert (result.winner, result.reason) == ("X", "wipeout")
    assert (result.score_discs, result.score_tournament) == ("13-0", "64-0")


def test_real_game_ending_32_32_on_a_full_board_is_a_draw() -> None:
    record = GameRecord.from_transcript(DRAW_32_32)
    result = record.result
    assert result is not None
    assert (result.black, result.white, result.empty) == (32, 32, 0)
    assert (result.winner, result.reason) == (None, "board full")
    assert result.score_discs == result.score_tournament == "32-32"
    assert not result.rules_differ


def test_a_blocked_draw_splits_the_empty_squares_32_32() -> None:
    # Every line from a1 and from h8 is a single colour up to the edge or the other empty corner.
    pos = position(
        """
        -XXXXXXX
        OOXXXXXX
        OOOXXXXX
        OXOOXXXX
        OOXOOXXX
        OOOXOOXX
        OOOOOOOX
        OOOOOOO-
        """,
        "O",
    )
    assert pos.is_over()
    result = ended(pos)
    assert (result.black, result.white, result.empty) == (31, 31, 2)
    assert result.winner is None and result.draw and result.reason == "blocked"
    assert (result.score_discs, result.score_tournament) == ("31-31", "32-32")


def test_a_game_in_progress_has_no_result() -> None:
    assert Outcome.of(Position.start()) is None
    assert GameRecord().result is None
