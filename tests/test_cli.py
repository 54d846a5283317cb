"""The engine command line as other programs use it: JSON on stdout, one-line errors, GTP."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

START = "---------------------------OX------XO--------------------------- X"
# FFO #3 (14 empties): D1 +2 is the only best move; every value is known.
FFO_3 = "----OX----OOXX---OOOXX-XOOXXOOOOOXXOXXOOOXXXOOOOOXXXXOXO--OOOOOX X"
FFO_3_VALUES = {"d1": 2, "g3": 0, "b8": -2, "b1": -4, "c1": -4, "a2": -4, "a3": -6, "b2": -12}


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game.cli", *args], input=stdin, capture_output=True, text=True, timeout=120
    )


def cli_json(*args: str) -> dict[str, object]:
    done = cli(*args, "--json")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1  # exactly one JSON object
    data = json.loads(lines[0])
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize("depth,nodes", [(1, 4), (4, 244), (6, 8200)])
def test_perft_json(depth: int, nodes: int) -> None:
    for extra in ((), ("--no-bulk",)):
        data = cli_json("perft", str(depth), *extra)
        assert set(data) == {"depth", "nodes", "seconds", "nps"}
        assert data["depth"] == depth and data["nodes"] == nodes


def test_perft_from_a_position() -> None:
    after_f5 = "---------------------------OX------XXX-------------------------- O"
    assert cli_json("perft", "1", "--position", after_f5)["nodes"] == 3
    # the four openings are symmetric, so each holds a quarter of perft(3) from the start
    assert cli_json("perft", "2", "--position", after_f5)["nodes"] == 56 // 4


def test_show_json_keys_and_values() -> None:
    data = cli_json("show", "f5d6c3d3c4f4")
    board = ["-"] * 64
    for square, disc in {"c3": "X", "d3": "O", "c4": "X", "d4": "X", "e4": "X", "f4": "O",
                         "d5": "O", "e5": "O", "f5": "X", "d6": "O"}.items():
        board["abcdefgh".index(square[0]) + 8 * (int(square[1]) - 1)] = disc
    assert data["board"] == "".join(board)
    assert set(data) == {
        "board", "to_move", "legal", "black", "white", "empty", "over", "winner",
        "score_discs", "score_tournament", "transcript",
    }  # fmt: skip
    assert data["to_move"] == "X"
    assert data["legal"] == sorted(data["legal"], key=lambda s: (int(s[1]), s[0]))
    assert data["black"] + data["white"] + data["empty"] == 64  # type: ignore[operator]
    assert data["transcript"] == "f5d6c3d3c4f4"
    assert data["over"] is False and data["winner"] is None


def test_show_start_position() -> None:
    data = cli_json("show", "--position", START)
    assert data["board"] == START[:64]
    assert data["legal"] == ["d3", "c4", "f5", "e6"]
    assert (data["black"], data["white"], data["empty"]) == (2, 2, 60)


def test_show_finished_game_scores_both_ways() -> None:
    # 39 black, 3 white, 22 empty and nobody can move: 39-3 on the board, 61-3 by the tournament rule.
    position = "X" * 32 + "XXXXXXX-" + "-" * 16 + "-----OOO"
    data = cli_json("show", "--position", position + " X")
    assert data["over"] is True and data["empty"] == 22
    assert data["score_discs"] == "39-3" and data["score_tournament"] == "61-3"
    assert data["winner"] == "X" and data["to_move"] is None


@pytest.mark.parametrize(
    "args,message",
    [
        (("show", "f5d6c3d3c4f4a1"), "ply 7: a1 is not a legal move for Black"),
        (("show", "f5zz"), "ply 2"),
        (("show", "--position", "XO X"), "64"),
        (("show", "--position", "X" * 64 + " Z"), "side to move"),
        (("perft", "-1"), "depth"),
        (("bench", "--depth", "-1"), "--depth"),
        (("solve", FFO_3, "--time", "nan"), "--time"),
        (("solve", FFO_3, "--nodes", "0"), "--nodes"),
        (("analyze", FFO_3, "--time", "-2"), "--time"),
        (("solve", START), "--max-empties 30; or bound the search with --time or --nodes"),
        (("perft",), "depth"),
        (("perft", "14", "--max-seconds", "0.1"), "perft stopped at its time limit of 0.1 s (depth 14"),
        (("bench", "--depth", "14", "--max-seconds", "0.1"), "raise --max-seconds"),
        (("solve", "nonsense"), "position"),
        (("analyze", START, "--level", "grandmaster"), "unknown level"),
        (("frobnicate",), "invalid choice"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_nonzero(args: tuple[str, ...], message: str) -> None:
    done = cli(*args, "--json") if args[0] in ("show", "perft", "solve", "analyze", "bench") else cli(*args)
    assert done.returncode != 0
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1
    assert message in done.stderr


def test_solve_json() -> None:
    data = cli_json("solve", FFO_3)
    assert set(data) == {"score", "best", "nodes", "seconds", "exact"}
    assert data["score"] == 2 and data["best"] == ["d1"] and data["exact"] is True


def test_solve_lists_every_best_move() -> None:
    # FFO #4: H8 and A5 both give 0.
    ffo_4 = "-XXXXXX-X-XXXOO-XOXXXOOXXXOXOOOX-OXOOXXX--OOOXXX--OOXX----XOXXO- X"
    assert cli_json("solve", ffo_4)["best"] == ["a5", "h8"]


def test_analyze_exact_values() -> None:
    data = cli_json("analyze", FFO_3)
    assert data["exact"] is True
    assert data["moves"] == FFO_3_VALUES
    assert isinstance(data["pv"], list) and data["pv"][0] == "d1"


def test_analyze_midgame_estimates() -> None:
    data = cli_json("analyze", START, "--level", "2")
    assert data["exact"] is False
    assert set(data["moves"]) == {"d3", "c4", "f5", "e6"}  # type: ignore[arg-type]
    assert data["pv"][0] in data["moves"]  # type: ignore[index]


def test_gtp_session() -> None:
    script = "\n".join([
        "1 protocol_version",
        "2 name",
        "known_command genmove",
        "known_command fly",
        "boardsize 9",
        "boardsize 8",
        "clear_board",
        "play black f5",
        "play black d6",
        "play white F6",
        "play black a1",
        "play b pass",
        "genmove black",
        "undo",
        "flip",
        "showboard",
        "quit",
    ]) + "\n"
    done = cli("gtp", "--level", "1", stdin=script)
    assert done.returncode == 0
    answers = [a for a in done.stdout.split("\n\n") if a.strip()]
    assert answers[0] == "=1 2"
    assert answers[1] == "=2 Othello-WASM"
    assert answers[2:4] == ["= true", "= false"]
    assert answers[4].startswith("? unacceptable size")
    assert answers[5:8] == ["= ", "= ", "= "]
    assert answers[8] == "? it is White's turn"
    assert answers[9] == "= "
    assert answers[10].startswith("? illegal move")
    assert answers[11].startswith("? Black has a legal move")
    move = answers[12].removeprefix("= ")
    assert len(move) == 2 and move[0] in "abcdefgh" and move[1] in "12345678"
    assert answers[13] == "= "
    assert answers[14].startswith("? unknown command")
    board = answers[15]
    assert "a b c d e f g h" in board and "Black to move" in board
    assert answers[16] == "= "


def test_gtp_forced_pass() -> None:
    # After d3 c3 e6 d2 d1 e1 b2 c1 Black has no move: the pass is on the board at once,
    # "play black pass" confirms it (once), and genmove answers pass for a side that must pass.
    moves = ["d3", "c3", "e6", "d2", "d1", "e1", "b2", "c1"]
    script = [f"play {'black' if i % 2 == 0 else 'white'} {m}" for i, m in enumerate(moves)]
    script += ["play black pass", "play black pass", "play white pass", "genmove white", "quit"]
    done = cli("gtp", "--level", "0", stdin="\n".join(script) + "\n")
    answers = [a for a in done.stdout.split("\n\n") if a.strip()]
    assert answers[:8] == ["= "] * 8
    assert answers[8] == "= "
    assert answers[9] == "? it is White's turn"  # the pass was confirmed already
    assert answers[10].startswith("? White has a legal move")
    assert answers[11].removeprefix("= ") != "pass"
    done = cli("gtp", "--level", "0", stdin="\n".join(script[:8] + ["genmove black", "quit"]) + "\n")
    answers = [a for a in done.stdout.split("\n\n") if a.strip()]
    assert answers[8] == "= pass"


def test_gtp_final_score_and_clock() -> None:
    # The shortest wipeout: Black wins 13-0 with 51 empty squares, 64-0 by the tournament rule.
    moves = ["f5", "d6", "c5", "f4", "e7", "f6", "g5", "e6", "e3"]
    script = ["final_score", "time_settings 60 0 0", "time_left black 30 0", "time_settings x"]
    script += [f"play {'b' if i % 2 == 0 else 'w'} {m}" for i, m in enumerate(moves)]
    script += ["final_score", "genmove white", "quit"]
    done = cli("gtp", "--level", "5", stdin="\n".join(script) + "\n")
    answers = [a for a in done.stdout.split("\n\n") if a.strip()]
    assert answers[0] == "? the game is not over"
    assert answers[1:3] == ["= ", "= "]
    assert answers[3].startswith("? syntax: time_settings")
    assert answers[4:13] == ["= "] * 9
    assert answers[13] == "= B+64"
    assert answers[14] == "= pass"


# -- bounded searches (issue 11, item 2) --------------------------------------------------------------

def test_a_node_limit_ends_a_long_solve_with_the_best_found() -> None:
    # 60 empties: an unbounded solve would never end
    data = cli_json("solve", START, "--nodes", "20000")
    assert set(data) == {"score", "best", "nodes", "seconds", "exact"}
    assert data["exact"] is False and data["nodes"] > 0  # type: ignore[operator]
    assert data["best"] and set(data["best"]) <= {"d3", "c4", "f5", "e6"}  # type: ignore[arg-type]
    # the node count is about the limit, not far past it
    assert data["nodes"] <= 2 * 20000  # type: ignore[operator]


def test_a_time_limit_ends_a_long_solve_with_the_best_found() -> None:
    data = cli_json("solve", START, "--time", "0.3")
    assert data["exact"] is False and data["nodes"] > 0  # type: ignore[operator]
    assert set(data["best"]) <= {"d3", "c4", "f5", "e6"}  # type: ignore[arg-type]


def test_limits_that_are_enough_give_the_exact_answer() -> None:
    data = cli_json("solve", FFO_3, "--nodes", "100000000", "--time", "100")
    assert data["exact"] is True and data["score"] == 2 and data["best"] == ["d1"]


def test_analyze_within_limits() -> None:
    data = cli_json("analyze", FFO_3, "--nodes", "500")
    assert data["exact"] is False and data["nodes"] > 0  # type: ignore[operator]
    assert set(data["moves"]) == set(FFO_3_VALUES)  # type: ignore[arg-type]
    assert data["pv"][0] in data["moves"]  # type: ignore[index]
    data = cli_json("analyze", FFO_3, "--time", "60")
    assert data["exact"] is True and data["moves"] == FFO_3_VALUES
    assert data["pv"][0] == "d1" and data["nodes"] > 0  # type: ignore[index, operator]


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "0", "-1", "soon"])
def test_gtp_move_time_must_be_a_positive_number(value: str) -> None:
    done = cli("gtp", "--move-time", value, stdin="genmove b\nquit\n")
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "--move-time" in done.stderr


def test_bench_at_depth_zero_does_not_divide_by_zero() -> None:
    data = cli_json("bench", "--depth", "0")
    assert data["bulk"]["nodes"] == 1  # type: ignore[index]


# -- any command line: one JSON object or one error line ----------------------------------------------

_TOKENS = st.sampled_from([
    "show", "perft", "solve", "analyze", "bench", "--json", "--position", "--time", "--nodes", "--level",
    "--max-empties", "--depth", "--no-bulk", "0", "1", "2", "-1", "nan", "inf", "1e9", "x", "", "f5d6", "f5.d6",
    "f5 pass", "1" * 300, START, FFO_3, START.replace("X", "Z"), "d3c3e6d2d1e1b2c1 pass a3", "max", "9",
])


@settings(max_examples=150, deadline=None)
@given(st.lists(_TOKENS, min_size=1, max_size=6))
def test_any_command_line_prints_one_json_object_or_one_error_line(argv: list[str]) -> None:
    from game.cli import main

    if any(t in ("solve", "analyze") for t in argv) and "--nodes" not in argv:
        argv = [*argv, "--nodes", "2000"]  # the reading of the line is tested, not a search (--time 1e9 is a day)
    if "perft" in argv or "bench" in argv:
        argv = [t if t not in ("1e9", "9") else "2" for t in argv]  # perft has no limit but its depth
        if "--depth" not in argv:
            argv = [*argv, "--depth", "1"]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    if status == 0:  # quiet, or one note per limit past its cap (1e9 seconds is more than a day)
        assert all(line.startswith("note: ") and "capped at" in line for line in err.getvalue().splitlines())
        if "--json" in argv:
            assert len(out.getvalue().splitlines()) == 1 and isinstance(json.loads(out.getvalue()), dict)
    else:
        assert status == 2 and out.getvalue() == ""
        assert len(err.getvalue().strip().splitlines()) == 1


# -- reliability, round two (issue 20) ----------------------------------------------------------------


def run_main(argv: list[str]) -> tuple[int, str, str]:
    """``main(argv)`` in this process: the status, stdout and stderr."""
    from game.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("variant", ["empty", "half", "flipped payload", "not weights", "junk after"])
@pytest.mark.parametrize(
    "args",
    [("solve", FFO_3), ("solve", START, "--nodes", "500"), ("analyze", FFO_3), ("analyze", START, "--time", "1")],
)
def test_damaged_weights_are_one_line_on_stderr_and_status_2(variant: str, args: tuple[str, ...]) -> None:
    # item 1: was a WeightsError traceback
    from tests.test_patterns import DAMAGED_VARIANTS, shipped_weights

    with shipped_weights(DAMAGED_VARIANTS[variant]):
        status, out, err = run_main([*args, "--json"])
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert err.startswith(f"{args[0]}: the evaluation's weights cannot be used: ") and "weights file" in err


def test_damaged_weights_cost_nothing_that_does_not_need_them() -> None:
    from tests.test_patterns import shipped_weights

    with shipped_weights(b""):
        status, out, _ = run_main(["analyze", START, "--level", "novice", "--json"])  # the hand-written evaluation
        assert status == 0 and set(json.loads(out)["moves"]) == {"d3", "c4", "f5", "e6"}
        status, out, _ = run_main(["show", "f5d6c3", "--json"])
        assert status == 0 and json.loads(out)["transcript"] == "f5d6c3"


@pytest.mark.parametrize(
    "args",
    [
        ("show", "f5d6c3"),
        ("show", "f5d6c3", "--json"),
        ("perft", "3"),
        ("bench", "--depth", "2", "--json"),
        ("solve", FFO_3),
        ("analyze", FFO_3, "--nodes", "500", "--json"),
        ("book", "f5d6"),
        ("library", "--limit", "10000", "--json"),
        ("--help",),
    ],
)
def test_a_reader_that_closes_stdout_ends_any_subcommand_quietly(args: tuple[str, ...]) -> None:
    # item 5: `python -m game.cli show f5d6c3 | true` printed a BrokenPipeError traceback
    process = subprocess.Popen(
        [sys.executable, "-m", "game.cli", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert process.stdout is not None
    process.stdout.close()  # the reader goes away before the first byte (as `| true` does)
    _, err = process.communicate(timeout=120)
    assert b"Traceback" not in err and b"BrokenPipe" not in err and b"Exception ignored" not in err, err
    assert process.returncode in (0, 1)  # 1 when the closed pipe was noticed; 0 for --help's exit


def test_a_reader_that_stops_after_ten_bytes_ends_the_library_quietly() -> None:
    # `python -m game.cli library --limit 10000 --json | head -c 10`: a few MB of JSON, read 10 bytes
    process = subprocess.Popen(
        [sys.executable, "-m", "game.cli", "library", "--limit", "10000", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    assert process.stdout is not None
    assert process.stdout.read(10) == b'{"games": '
    process.stdout.close()
    _, err = process.communicate(timeout=120)
    assert b"Traceback" not in err and b"BrokenPipe" not in err, err
    assert process.returncode == 1


def test_solve_caps_a_huge_max_empties_at_the_exact_solvers_limit() -> None:
    # item 9: never answered (an exact solve from the start)
    done = cli("solve", START, "--max-empties", "99999999999999999999")
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1
    assert "the exact solver's limit of 30" in done.stderr and "--time or --nodes" in done.stderr


@settings(max_examples=40, deadline=None)
@given(st.integers(31, 10**20 - 1), st.sampled_from([START, "-" * 27 + "OX------XO" + "-" * 27 + " O"]))
def test_no_max_empties_lets_an_unbounded_solve_past_the_limit(max_empties: int, position: str) -> None:
    status, out, err = run_main(["solve", position, "--max-empties", str(max_empties), "--json"])
    assert status == 2 and out == "" and "limit of 30" in err and len(err.strip().splitlines()) == 1


def test_a_huge_max_empties_with_a_limit_searches_within_the_limit() -> None:
    status, out, _ = run_main(["solve", START, "--max-empties", "99999999999999999999", "--nodes", "2000", "--json"])
    assert status == 0 and json.loads(out)["exact"] is False
    status, out, _ = run_main(["solve", FFO_3, "--max-empties", "99999999999999999999", "--json"])
    assert status == 0 and json.loads(out)["score"] == 2  # within the limit: solved as before


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([["perft", "{}"], ["bench", "--depth", "{}"], ["solve", FFO_3, "--nodes", "{}"],
                     ["solve", FFO_3, "--max-empties", "{}"], ["library", "--limit", "{}"]]),
    st.integers(10**20, 10**400),
    st.sampled_from(["", "+", "0", "000"]),
)
def test_a_whole_number_of_more_than_20_digits_is_too_large(argv: list[str], value: int, prefix: str) -> None:
    # smaller item: a 23-digit perft depth was refused as "must be a whole number of plies from 0 up"
    status, out, err = run_main([a.format(prefix + str(value)) for a in argv])
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "too large" in err and "from 0 up, not" not in err and "from 1 up, not" not in err


def test_leading_zeros_do_not_make_a_number_too_large() -> None:
    status, out, _ = run_main(["perft", "0" * 30 + "3", "--json"])
    assert status == 0 and json.loads(out)["nodes"] == 56
    for blank in (" " * 25, "-" + "1" * 25, "x" * 25):
        status, _, err = run_main(["perft", blank])
        assert status == 2 and "from 0 up" in err
