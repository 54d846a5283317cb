"""GGF game records and OBF positions: real server records parse, written games read back the same."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import BLACK, PASS, WHITE, GameRecord, Position, parse_square
from game.records.formats import (
    MAX_PROPERTY_CHARS,
    FormatError,
    count_ggf_games,
    ggf_value,
    read_ggf,
    read_obf,
    write_ggf,
    write_obf,
)

# Games from the GGS server archive as it writes them: ratings, the time control, each move with the
# mover's evaluation and seconds (either may be missing), passes as PA or pass, a number before a match.
STANDARD_BOARD = "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]"
GGS_GAME = (
    "1 (;GM[Othello]PC[GGS/os]DT[2010.10.17_05:23:05.MDT]PB[hercule]PW[scorp+]RB[2082.33]RW[1669.67]"
    "TI[10:00//02:00]TY[8]RE[+6.000]" + STANDARD_BOARD +
    "B[D3//3.95]W[c5/-18.40/0.10]B[E6//2.30]W[d2/-2.42/0.04]B[C3//2.48]W[e3/0.46]B[F3//2.03]W[f5/2.46]"
    "B[F6//2.91]W[c2/0.46]B[F4//2.61]W[c4/-10.46]B[D6//4.02]W[g4/-10.49]B[G3//3.60]W[c6/16.49]B[B5//2.50]"
    "W[e2/0.49]B[B4//3.08]W[g5/-4.49]B[F2//3.18]W[h3/-4.56]B[H6//2.90]W[e7/-4.56]B[F7//3.07]W[c7/-4.56]"
    "B[D1//3.68]W[b6/-2.56]B[E8//3.37]W[d7/-2.56]B[G6//14.23]W[h5/0.30/0.01]B[C1//21.32]W[e1/0.76/0.01]"
    "B[C8//5.11]W[a3/-1.36]B[A4//3.36]W[a5/-1.43]B[D8//3.72]W[b7/-3.46]B[H4//3.05]W[b3/-3.42]B[H2//3.28]"
    "W[b1/-0.25]B[B2//3.29]W[h7/-6.00/0.02]B[H8//2.95]W[g2/-6.00]B[G1//3.37]W[g8/-6.00]B[F8//2.83]"
    "W[g7/-6.00]B[A7//3.00]W[a8/-6.00]B[B8//2.26]W[a6/-6.00]B[A2//2.76]W[a1/-6.00]B[H1//2.54]W[f1];)"
)
SYNCHRO_PAIR = (
    "2 (;GM[Othello]PC[GGS/os]DT[2009.07.01_02:52:45.MDT]PB[edax]PW[Roxane]RB[2691.38]RW[2693.68]"
    "TI[05:00//02:00]TY[s8r18]RE[-10.000]"
    "BO[8 --**O--- --**---- --*OO--- ****OO-- ---O*--- --O-*--- -------- -------- *]"
    "B[f1/-6.00/26.00]W[C5/8.00/25.36]B[d6/-8.00/9.00]W[B6/8.00/15.61]B[f5/-8.00/26.00]W[D7/8.00/23.46]"
    "B[b5/-8.00/29.00]W[F3/8.00/20.17]B[e2/-10.00/31.00]W[A5/10.00/0.01]B[e7/-10.00/34.00]W[C7/10.00/0.05]"
    "B[f6/-10.00/36.00]W[A3/10.00/15.05]B[d8/-10.00/26.00]W[G5/10.00/75.49]B[g6/-10.00/34.00]W[F8/10.00]"
    "B[f7/-10.00]W[H6/10.00/4.31]B[a6/-10.00]W[A7/10.00]B[b3/-10.00]W[G4/10.00]B[f2/-10.00]W[C8/10.00]"
    "B[h3/-10.00]W[H4/10.00]B[b8/-10.00]W[A2/10.00]B[g3/-10.00]W[G8/10.00]B[b2/-10.00]W[A1/10.00]"
    "B[b1/-10.00]W[G2/10.00]B[h5/-10.00]W[G1/10.00]B[h1/-10.00]W[H2/10.00]B[e8/-10.00]W[A8/10.00]"
    "B[b7/-10.00]W[G7]B[h7/-10.00]W[H8];)"
    "(;GM[Othello]PC[GGS/os]DT[2009.07.01_02:52:45.MDT]PB[Roxane]PW[edax]RB[2693.68]RW[2691.38]"
    "TI[05:00//02:00]TY[s8r18]RE[-10.000]"
    "BO[8 --**O--- --**---- --*OO--- ****OO-- ---O*--- --O-*--- -------- -------- *]"
    "B[F1/-8.00/26.32]W[C5/6.00/13.00]B[D6/-8.00/26.69]W[B6/8.00/28.00]B[F5/-8.00/22.41]W[D7/8.00/31.00]"
    "B[G3/-8.00/43.46]W[F6/8.00/27.00]B[B5/-8.00/53.10]W[G5/8.00/30.00]B[G4/-9.00/54.71]W[F3/10.00/32.00]"
    "B[A7/-10.00/0.02]W[B2/10.00/9.00]B[B3/-10.00/0.09]W[A5/10.00/29.00]B[A6/-10.00/27.62]W[A3/10.00]"
    "B[F2/-10.00]W[B1/10.00]B[E2/-10.00]W[H4/10.00]B[F7/-10.00]W[E7/10.00]B[C8/-10.00]W[A8/10.00]"
    "B[C7/-10.00]W[H3/10.00]B[G6/-10.00]W[B8/10.00]B[B7/-10.00]W[D8/10.00]B[H5/-10.00]W[G1/10.00]"
    "B[E8/-10.00]W[G2/10.00]B[A1/-10.00]W[A2/10.00]B[H1/-10.00]W[H2/10.00]B[PA]W[F8/10.00]B[G7/-10.00]"
    "W[H8/10.00]B[H7/-10.00]W[H6/10.00]B[G8];)"
)


def test_a_server_game_with_evaluations_and_times_parses_and_replays_to_its_result() -> None:
    (game,) = read_ggf(GGS_GAME)
    assert (game.black, game.white, game.result) == ("hercule", "scorp+", "+6.000")
    assert game.properties["TI"] == "10:00//02:00" and game.properties["RB"] == "2082.33"
    first, second, sixth = game.moves[0], game.moves[1], game.moves[5]
    assert (first.square, first.evaluation, first.seconds, first.colour) == (parse_square("d3"), None, 3.95, BLACK)
    assert (second.evaluation, second.seconds, second.colour) == (-18.40, 0.10, WHITE)
    assert (sixth.evaluation, sixth.seconds) == (0.46, None)
    record = game.record()
    result = record.result
    assert result is not None and result.margin(BLACK) == 6 and len(record.moves) == 60


def test_a_synchro_match_from_a_random_start_with_a_pass_parses() -> None:
    first, second = read_ggf(SYNCHRO_PAIR)
    assert first.black == "edax" and second.black == "Roxane"
    assert first.start != Position.start() and first.start == second.start
    record = second.record()
    assert PASS in record.played and record.is_over()
    result = record.result
    assert result is not None and result.margin(BLACK) == -10


def test_a_written_game_reads_back_the_same_game() -> None:
    for record in (GameRecord.from_transcript("f5d6c3d3c4f4f6f3e6e7d7"),
                   read_ggf(SYNCHRO_PAIR)[1].record(),
                   GameRecord.from_transcript("f4", Position.from_text(
                       "----X------X-----XXXO------XO------XO------X-------X------------ X"))):
        text = write_ggf(record, "You", "Computer (Master)")
        (again,) = read_ggf(text)
        back = again.record()
        assert back.start == record.start and back.played == record.played
        assert again.black == "You" and again.white == "Computer (Master)"
        if record.is_over():
            result = record.result
            assert result is not None and again.result == f"{result.black - result.white:+d}.000"
        else:
            assert again.result == "?"
        assert "TI" not in again.properties  # no clock, no time control


def test_a_time_control_read_is_written_again() -> None:
    (server,) = read_ggf(GGS_GAME)
    text = write_ggf(server.record(), server.black, server.white, time_control=server.properties["TI"])
    (again,) = read_ggf(text)
    assert again.properties["TI"] == "10:00//02:00" == server.properties["TI"]
    assert again.record().played == server.record().played


@pytest.mark.parametrize(("text", "reason"), [
    ("(;GM[Othello]" + STANDARD_BOARD + "B[f5]W[f5];)", "game 1: move 2: f5 is not a legal move"),
    ("(;GM[Othello]B[f5]B[d6];)", "game 1: move 2: d6 is written for the wrong side"),
    ("(;GM[Othello]B[PA];)", "game 1: move 1: a pass, but the side to move has a legal move"),
    ("(;GM[Go]B[f5];)", "not Othello"),
    ("(;GM[Othello]TY[10]B[f5];)", "not 8x8"),
    ("(;GM[Othello]BO[10 --];)", "only 8x8"),
    ("(;GM[Othello]B[z9];)", "'z9' is not a square"),
    ("(;GM[Othello]B[f5/x];)", "'x' is not a number"),
    ("(;GM[Othello]B[f5]", "no closing"),
    ("f5d6", "no GGF game found"),
    ("(;GM[Othello]B[f5] junk;)", "cannot read"),
])
def test_bad_ggf_is_refused_with_one_line_saying_where(text: str, reason: str) -> None:
    with pytest.raises(FormatError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        read_ggf(text)


def test_obf_positions_with_move_values_in_and_out() -> None:
    position = GameRecord.from_transcript("f5d6c3").position
    line = write_obf(position, {parse_square("d3"): 1.4, parse_square("g5"): -2.0})
    assert line == position.to_text() + "; D3:+1; G5:-2;"
    back, values = read_obf(line)
    assert back == position and values == {parse_square("d3"): 1, parse_square("g5"): -2}
    assert read_obf(Position.start().to_text())[0] == Position.start()
    for bad in ("", "X" * 10, Position.start().to_text() + "; a1:+3;", Position.start().to_text() + "; d3:big;"):
        with pytest.raises(FormatError):
            read_obf(bad)


# -- issue 20, item 15: values follow the GGF grammar (to the first unescaped ']', backslash escapes) ---------


def test_brackets_and_the_end_of_a_game_inside_a_value_are_read_as_text() -> None:
    (game,) = read_ggf("(;GM[Othello]C[nice ;) game]B[f5];)")
    assert game.properties["C"] == "nice ;) game" and game.record().transcript == "f5"
    text = "(;GM[Othello]C[a [b (; c]B[f5];)"  # an opening bracket, even a game's opening, inside a value
    (game,) = read_ggf(text)
    assert game.properties["C"] == "a [b (; c" and count_ggf_games(text) == 1


def test_an_escaped_bracket_or_backslash_is_read_as_itself() -> None:
    (game,) = read_ggf(r"(;GM[Othello]PB[a\]b]PW[c\\]C[\;\)]B[f5];)")
    assert (game.black, game.white, game.properties["C"]) == ("a]b", "c\\", ";)")
    with pytest.raises(FormatError, match="no closing"):
        read_ggf(r"(;GM[Othello]PB[a\];)")  # the ']' is escaped: the value never ends


def test_the_writer_escapes_brackets_and_backslashes() -> None:
    text = write_ggf(GameRecord.from_transcript("f5d6"), "a]b\\", "[x]", place="GGS ;) room", result="+2.000")
    assert r"PB[a\]b\\]" in text and r"PW[[x\]]" in text and "PC[GGS ;) room]" in text
    (again,) = read_ggf(text)
    assert (again.black, again.white, again.properties["PC"]) == ("a]b\\", "[x]", "GGS ;) room")


VALUES = st.text(max_size=60) | st.text(alphabet="[]\\;()] \n", max_size=30)


@given(black=VALUES, white=VALUES, place=VALUES, clock=VALUES.filter(bool), result=VALUES)
@settings(max_examples=300, deadline=None)
def test_any_names_place_clock_and_result_round_trip_exactly(black: str, white: str, place: str, clock: str,
                                                             result: str) -> None:
    record = GameRecord.from_transcript("f5d6c3")
    text = write_ggf(record, black, white, result=result, place=place, time_control=clock)
    (again,) = read_ggf(text)
    assert (again.black, again.white, again.result) == (black, white, result)
    assert (again.properties["PC"], again.properties["TI"]) == (place, clock)
    assert again.record().played == record.played and count_ggf_games(text) == 1


KEYS = st.from_regex(r"[A-Z]{1,3}", fullmatch=True).filter(lambda key: key not in ("B", "W", "BO", "GM", "TY"))


@given(st.dictionaries(KEYS, VALUES, max_size=6), st.integers(1, 4))
@settings(max_examples=300, deadline=None)
def test_any_property_values_are_read_back_exactly_in_a_file_of_several_games(values: dict[str, str],
                                                                            games: int) -> None:
    game = "(;GM[Othello]" + "".join(f"{key}[{ggf_value(value)}]" for key, value in values.items()) + "B[f5];)"
    text = "\n".join(f"{n} {game}" for n in range(1, games + 1))
    read = read_ggf(text)
    assert len(read) == games == count_ggf_games(text)
    assert all(g.properties == {"GM": "Othello", **values} for g in read)
    (first,) = read_ggf(text, limit=1)
    assert first.properties == read[0].properties


def test_a_value_too_long_is_refused_in_one_line() -> None:
    read_ggf(f"(;GM[Othello]C[{'x' * MAX_PROPERTY_CHARS}];)")
    with pytest.raises(FormatError, match="too long"):
        read_ggf(f"(;GM[Othello]C[{'x' * (MAX_PROPERTY_CHARS + 1)}];)")


# -- issue 20, item 7: the first game of a big file is read without the rest -----------------------------


def test_with_a_limit_only_the_first_games_are_read() -> None:
    text = GGS_GAME + "\n(;GM[Othello]B[f5]W[f5];)"  # a bad second game: refused when read, not when skipped
    with pytest.raises(FormatError, match="game 2"):
        read_ggf(text)
    (first,) = read_ggf(text, limit=1)
    assert first.black == "hercule" and count_ggf_games(text) == 2


@pytest.mark.parametrize("hostile", ["[" * 1_000_000, "[\\]" * 400_000, "(;" * 900_000, "(;C[" + "\\]" * 600_000],
                         ids=["open-brackets", "escaped-closes", "openings", "unclosed-value"])
def test_counting_games_takes_linear_time_on_any_text(hostile: str) -> None:
    started = time.perf_counter()
    count_ggf_games(hostile)
    with pytest.raises(FormatError):
        read_ggf(hostile)
    assert time.perf_counter() - started < 2.0


def test_a_game_that_ended_by_resignation_or_time_is_written_with_its_outcome() -> None:
    from game.engine import Outcome
    from game.records.formats import ggf_result
    from game.records.game_files import file_text

    record = GameRecord.from_transcript("f5d6c3")
    resigned = Outcome.resignation(record.position, WHITE)  # White, to move, resigns
    flagged = Outcome.time(record.position, BLACK)
    for outcome, written in ((resigned, "+64.000:r"), (flagged, "-64.000:t")):
        (again,) = read_ggf(write_ggf(record, result=ggf_result(outcome)))
        assert again.result == written and again.record().played == record.played
        assert f"RE[{written}]" in file_text(record, ".ggf", result=ggf_result(outcome))
    assert "RE[?]" in file_text(record, ".ggf")  # no outcome known: only what the record says
