"""The table of named openings: every line legal, names found from any first move and by transposition."""

from __future__ import annotations

import pytest

from game.engine import GameRecord, Position, parse_square, split_transcript
from game.records.openings import DATA_FILE, OpeningBook, default_book, opening_name, parse_table, position_key


def moves_of(transcript: str) -> list[int]:
    return [parse_square(name) for name in split_transcript(transcript)]


def test_every_opening_in_the_table_is_legal_from_the_start_and_reaches_its_own_name() -> None:
    book = default_book()
    assert len(book.openings) >= 60
    for opening in book.openings:
        record = GameRecord()
        for square in opening.moves:
            record.play(square)  # raises IllegalMoveError on an illegal sequence
        assert opening.moves[0] == parse_square("f5"), opening.name
        assert book.named(record.position) is opening, opening.name


def test_the_names_the_players_know_are_in_the_table() -> None:
    names = {opening.short_name for opening in default_book().openings}
    for name in ("Tiger", "Rose", "Buffalo", "Heath", "Cow", "Chimney", "Snake", "Aubrey", "Rose-v-Toth",
                 "Brightwell", "Leader's Tiger", "Stephenson", "No-Kung", "Ganglion", "Mimura", "Inoue", "Iago",
                 "Italian", "Bat", "Rabbit", "Perpendicular", "Parallel", "Diagonal"):
        assert name in names, name


@pytest.mark.parametrize(("transcript", "name"), [
    ("f5d6c3d3c4", "Tiger"),
    ("f5d6c3d3c4f4e6", "Leader's Tiger"),
    ("f5d6c5f4e3c6d3f6e6d7", "Rose"),
    ("f5f6e6f4e3", "Cow"),
    ("f5f6e6f4e3d6", "Chimney"),
    ("f5f6e6f4c3", "Buffalo (Kenichi variation)"),
    ("f5f6e6f4g5", "Heath (Tobidashi)"),
    ("f5d6c3d3c4b3", "Aubrey (Tanaka)"),
    ("f5f4", "Parallel"),
    ("f5d6", "Perpendicular"),
])
def test_known_sequences_are_named(transcript: str, name: str) -> None:
    assert opening_name(moves_of(transcript)) == name


@pytest.mark.parametrize("tiger", ["f5d6c3d3c4", "d3c5f6f5e6", "c4e3f6e6f5", "e6f4c3c4d3"])
def test_any_of_the_four_first_moves_finds_the_name(tiger: str) -> None:
    assert opening_name(moves_of(tiger)) == "Tiger"


def test_the_diagonal_lines_are_found_whichever_twin_move_white_chooses() -> None:
    # after f5 f6 e6 the board is symmetric in the a1-h8 diagonal: f4 and d6 are the same move
    assert opening_name(moves_of("f5f6e6d6c5")) == "Cow"
    assert opening_name(moves_of("f5f6e6f4e3")) == "Cow"


def test_the_deepest_name_stays_when_the_game_leaves_the_book() -> None:
    assert opening_name(moves_of("f5d6c3d3c4f4f6g5")) == "No-Kung"
    assert opening_name(moves_of("f5d6c3d3c4f4f6g5e6d7")) == "No-Kung"


def test_an_unnamed_start_has_no_name_and_a_set_up_position_never_has_one() -> None:
    assert opening_name([]) is None
    assert opening_name(moves_of("f5")) is None
    other_start = Position.start().play(parse_square("f5"))
    assert opening_name(moves_of("d6"), start=other_start) is None


def test_symmetric_positions_share_a_key_and_different_ones_do_not() -> None:
    f5 = Position.start().play(parse_square("f5"))
    d3 = Position.start().play(parse_square("d3"))
    assert position_key(f5) == position_key(d3)
    assert position_key(f5) != position_key(Position.start())


def test_a_bad_table_line_is_refused_with_its_line_number() -> None:
    with pytest.raises(ValueError, match="line 2"):
        parse_table("f5d6 | Perpendicular\nf5a1 | Nonsense\n")
    with pytest.raises(ValueError, match="line 1"):
        parse_table("f5d6 Perpendicular\n")
    with pytest.raises(ValueError, match="line 1"):
        parse_table("f5z9 | Typo\n")


def test_the_table_file_is_the_one_the_game_loads() -> None:
    book = OpeningBook(parse_table(DATA_FILE.read_text(encoding="utf-8")))
    assert [o.name for o in book.openings] == [o.name for o in default_book().openings]
