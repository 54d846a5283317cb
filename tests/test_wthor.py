"""The WTHOR database in the repository: its reader, replay, and what it holds."""

from __future__ import annotations

import lzma
from itertools import islice
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import GameRecord, final_score
from game.records.wthor import HEADER, WTHOR_PATH, WthorError, final_position, parse_line, read_games, replay


def test_the_database_is_in_the_package_and_starts_with_the_1977_world_championship() -> None:
    first = next(read_games())
    assert (first.year, first.black, first.white, first.black_discs, first.white_discs) == (
        1977,
        "Inoue Hiroshi",
        "Heiberg Thomas",
        34,
        30,
    )
    assert "World Championship" in first.event


def test_replay_agrees_with_the_game_record_and_the_recorded_result() -> None:
    for game in islice(read_games(), 0, 3000, 100):
        plies = replay(game.squares)
        record = GameRecord.from_transcript("".join("abcdefgh"[sq % 8] + str(sq // 8 + 1) for sq in game.squares))
        assert len(plies) == len(game.squares) == game.move_count and replay(game.moves) == plies
        player, opponent, black_to_move = final_position(game.squares)
        if record.is_over():
            score = final_score(player, opponent) * (1 if black_to_move else -1)
            assert score == game.black_margin


def test_every_ply_is_a_position_where_the_mover_has_that_move() -> None:
    game = next(read_games())
    for ply in replay(game.squares):
        assert ply.player & ply.opponent == 0
        assert not (ply.player | ply.opponent) >> ply.move & 1


def test_an_illegal_move_is_reported_with_its_number() -> None:
    with pytest.raises(WthorError, match="move 2 is illegal"):
        replay(parse_line("2000\te\tb\tw\t32-32\tf5a1").squares)
    with pytest.raises(WthorError, match="'z9' at move 2 is not a square"):
        replay("f5z9")


@pytest.mark.parametrize(
    "line, message",
    [
        ("2000\te\tb\tw\t32-32", "6 tab-separated"),
        ("year\te\tb\tw\t32-32\tf5", "bad year"),
        ("2000\te\tb\tw\t32:32\tf5", "bad year or result"),
        ("2000\te\tb\tw\t32-32\tf5d", "not a list of squares"),
        ("2000\te\tb\tw\t32-32\tf5z9", "'z9' at move 2 is not a square"),
        ("2000\te\tb\tw\t32-32\tf5D6", "'D6' at move 2 is not a square"),
        ("2000\te\tb\tw\t40-32\tf5", "more than 64 discs"),
        ("+200\te\tb\tw\t32-32\tf5", "bad year or result"),
        ("2000\te\tb\tw\t32-\u0663\tf5", "bad year or result"),
        ("2000\te\tb\tw\t32-32\t" + "f5" * 61, "not a list of squares"),
        ("x" * 2000, "longer than"),
    ],
)
def test_malformed_lines_are_refused_with_what_is_wrong(line: str, message: str) -> None:
    with pytest.raises(WthorError, match=message):
        parse_line(line)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_a_game_or_a_clear_error(text: str) -> None:
    try:
        game = parse_line(text)
    except WthorError as err:
        assert str(err)
    else:
        assert all(0 <= sq < 64 for sq in game.squares) and len(game.squares) == game.move_count <= 60


def test_a_file_that_is_not_a_wthor_table_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.tsv.xz"
    with lzma.open(path, "wt") as out:
        out.write("name\tscore\nx\t1\n")
    with pytest.raises(WthorError, match="not a WTHOR table"):
        next(read_games(path))
    good = tmp_path / "good.tsv.xz"
    with lzma.open(good, "wt") as out:
        out.write(HEADER + "\n2000\te\tb\tw\t33-31\tf5d6\n")
    assert [(g.moves, g.squares) for g in read_games(good)] == [("f5d6", [37, 43])]
    assert WTHOR_PATH.stat().st_size > 5_000_000
