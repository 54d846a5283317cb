"""Square names, transcripts and position text: round trips, and bad input rejected with a clear message."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference_othello import RefBoard, parse_name

from game.engine import (
    BLACK,
    WHITE,
    NotationError,
    Position,
    parse_square,
    split_transcript,
    square_name,
)
from game.engine.notation import MAX_TRANSCRIPT_CHARS

START_TEXT = "---------------------------OX------XO--------------------------- X"

# -- squares -------------------------------------------------------------------------------------------


def test_square_names_run_a1_top_left_to_h8_bottom_right() -> None:
    assert [square_name(sq) for sq in (0, 7, 8, 56, 63)] == ["a1", "h1", "a2", "a8", "h8"]
    assert parse_square("d3") == 2 * 8 + 3  # column d = 3, row 3 = 2


def test_every_square_name_round_trips() -> None:
    for sq in range(64):
        name = square_name(sq)
        assert parse_square(name) == sq
        assert parse_square(name.upper()) == sq
        assert parse_square(f"  {name}\t") == sq
        row, col = parse_name(name)  # the reference agrees on what each name means
        assert row * 8 + col == sq


@pytest.mark.parametrize("text", ["i1", "a9", "a0", "", "d", "d33", "3d", "pass", "A10", "-1", "d 3"])
def test_bad_square_names_are_rejected_naming_the_text(text: str) -> None:
    with pytest.raises(NotationError, match=r"is not a square \(a1 to h8\)") as info:
        parse_square(text)
    assert repr(text.strip()) in str(info.value)


@pytest.mark.parametrize("index", [-1, 64, 100])
def test_square_indices_off_the_board_are_rejected(index: int) -> None:
    with pytest.raises(NotationError, match=f"square index {index} is off the board"):
        square_name(index)


# -- transcripts ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "f5d6c3d3",
        "F5D6C3D3",
        "f5 d6 c3 d3",
        "F5 d6 C3 d3",
        "  f5\nd6\tc3  d3 ",
        "f5, d6, c3, d3",
        "f5;d6;c3;d3",
        "1. f5 d6 2. c3 d3",
        "1.f5 d6 2.c3 d3",
        "1. F5 2. D6 3. C3 4. D3",
        "1... f5 d6 2... c3 d3",
    ],
)
def test_transcripts_are_read_in_every_common_form(text: str) -> None:
    assert split_transcript(text) == ["f5", "d6", "c3", "d3"]


def test_explicit_passes_are_read_in_every_spelling() -> None:
    assert split_transcript("f5 pass d6 PS c3 -- d3 @@ e3 pa") == ["f5", "pass", "d6", "pass", "c3", "pass", "d3",
                                                                  "pass", "e3", "pass"]
    assert split_transcript("f5pass") == ["f5", "pass"]


def test_a_transcript_longer_than_the_bound_is_refused_before_reading() -> None:
    with pytest.raises(NotationError, match="too long"):
        split_transcript("f5" * (MAX_TRANSCRIPT_CHARS // 2 + 1))
    assert len(split_transcript("f5" * (MAX_TRANSCRIPT_CHARS // 2))) == MAX_TRANSCRIPT_CHARS // 2


@pytest.mark.parametrize("text", ["1" * 4000, "1." * 2000, "9" * 4095 + ".", " " * 4096, "a" * 4096])
def test_long_runs_are_read_in_linear_time(text: str) -> None:
    # 40,000 digits once took 7 s through a backtracking pattern; the bounded scan is instant
    try:
        split_transcript(text)
    except NotationError as exc:
        assert "ply 1" in str(exc)


@settings(max_examples=300, deadline=2000)
@given(st.text(max_size=600))
def test_any_text_is_a_list_of_moves_or_a_one_line_error(text: str) -> None:
    try:
        moves = split_transcript(text)
    except NotationError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("ply ")
        return
    assert all(m == "pass" or parse_square(m) >= 0 for m in moves)


@settings(max_examples=200, deadline=2000)
@given(st.lists(st.sampled_from([*(square_name(s) for s in range(64)), "pass", "--", "1.", "12...", " ", ","]),
                max_size=80))
def test_transcripts_built_from_tokens_read_back_as_those_moves(tokens: list[str]) -> None:
    text = " ".join(tokens)
    expected = [("pass" if t == "--" else t) for t in tokens if t not in ("1.", "12...", " ", ",")]
    assert split_transcript(text) == expected


def test_an_empty_transcript_has_no_moves() -> None:
    assert split_transcript("") == []
    assert split_transcript("  \n ") == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("f5 z9", "ply 2: 'z9' is not a square"),
        ("f5d6i3", "ply 3: 'i3' is not a square"),
        ("f5d", "ply 2: 'd' is not a square"),
        ("f5 d9 c3", "ply 2: 'd9' is not a square"),
        ("f5-d6", "ply 2: '-' is not a square (a1 to h8), at character 3"),
        ("f5 10 d6", "ply 2: '10' is not a square or a move number like '1.', at character 4"),
        ("x", "ply 1: 'x' is not a square"),
        # the dot after a square is reported as itself, where it is (it used to read as 'fd')
        ("f5.d6", "ply 2: '.' is not a square (a1 to h8), at character 3"),
        ("f5 d6 c3 zz", "ply 4: 'zz' is not a square (a1 to h8), at character 10"),
    ],
)
def test_bad_transcript_tokens_are_rejected_with_the_ply(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=re.escape(message)):
        split_transcript(text)


# -- positions ----------------------------------------------------------------------------------------


def test_the_start_position_text() -> None:
    assert Position.from_text(START_TEXT) == Position.start()
    assert Position.start().to_text() == START_TEXT


@settings(max_examples=300, deadline=None)
@given(cells=st.lists(st.sampled_from("XO-"), min_size=64, max_size=64), side=st.sampled_from("XO"))
def test_position_text_round_trips(cells: list[str], side: str) -> None:
    text = "".join(cells) + " " + side
    pos = Position.from_text(text)
    assert pos.to_text() == text
    assert Position.from_text(pos.to_text()) == pos
    assert pos.to_move == side
    for sq, cell in enumerate(cells):
        assert pos.color_at(sq) == {"X": BLACK, "O": WHITE, "-": None}[cell]
    assert RefBoard.from_text(text).to_text() == text


@pytest.mark.parametrize(
    "text",
    [
        START_TEXT.lower(),  # lower-case discs and side
        START_TEXT.replace("-", "."),  # dots for empty squares
        START_TEXT.replace("-", "_"),
        "\n".join(START_TEXT[row * 8 : row * 8 + 8] for row in range(8)) + "\nx",  # a diagram, row per line
        " ".join(START_TEXT[row * 8 : row * 8 + 8] for row in range(8)) + " X",
        "  " + START_TEXT + "\n",
        START_TEXT.replace("X", "B").replace("O", "W"),  # B/W letters
        START_TEXT.replace("X", "*"),
    ],
)
def test_common_variants_of_the_position_text_are_accepted(text: str) -> None:
    assert Position.from_text(text) == Position.start()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty position"),
        ("   \n", "empty position"),
        (START_TEXT[:64], "position needs 64 squares, a space, then the side to move"),
        (START_TEXT[:64] + "X", "position needs 64 squares, a space, then the side to move"),
        ("-" * 63 + " X", "position has 63 squares; it needs exactly 64"),
        ("-" * 65 + " X", "position has 65 squares; it needs exactly 64"),
        (START_TEXT[:27] + "Q" + START_TEXT[28:], "square d4 holds 'Q'; use X"),
        ("?" + START_TEXT[1:], "square a1 holds '?'"),
        (START_TEXT[:63] + "0 X", "square h8 holds '0'"),
        (START_TEXT[:-1] + "Y", "side to move is 'Y'; use X"),
        (START_TEXT[:-1] + "black", "side to move is 'black'"),
        (START_TEXT[:-1] + "XO", "side to move is 'XO'"),
        (START_TEXT[:-1] + "-", "side to move is '-'"),
    ],
)
def test_bad_position_text_is_rejected_with_its_reason(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        Position.from_text(text)


def test_position_errors_are_value_errors_for_callers_that_catch_broadly() -> None:
    with pytest.raises(ValueError, match="side to move"):
        Position.from_text(START_TEXT[:-1] + "Z")


def test_board_diagram_has_coordinates_and_marks() -> None:
    start = Position.start()
    diagram = start.board_diagram(marks=start.legal_moves())
    assert diagram.splitlines() == [
        "  a b c d e f g h",
        "1 - - - - - - - -",
        "2 - - - - - - - -",
        "3 - - - * - - - -",
        "4 - - * O X - - -",
        "5 - - - X O * - -",
        "6 - - - - * - - -",
        "7 - - - - - - - -",
        "8 - - - - - - - -",
    ]


@settings(max_examples=300, deadline=2000)
@given(st.text(max_size=200) | st.text(alphabet="XOxo-.*bw \n", min_size=60, max_size=80))
def test_any_text_is_a_position_or_one_clear_line(text: str) -> None:
    try:
        position = Position.from_text(text)
    except NotationError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    assert Position.from_text(position.to_text()) == position


def test_a_huge_position_text_is_refused_quickly() -> None:
    with pytest.raises(NotationError, match="squares"):
        Position.from_text("X" * 1_000_000 + " X")
