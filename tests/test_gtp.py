"""The GTP engine as a strict match controller drives it: exact to the protocol, never changed by an error."""

from __future__ import annotations

import io
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.notation import SQUARE_NAMES
from game.interfaces.gtp import MAX_LINE_CHARS, GtpEngine

# After these eight moves Black has no legal move: its pass is on the board at once.
TO_BLACK_PASS = ["d3", "c3", "e6", "d2", "d1", "e1", "b2", "c1"]


def play_lines(moves: list[str]) -> list[str]:
    return [f"play {'b' if i % 2 == 0 else 'w'} {m}" for i, m in enumerate(moves)]


def answers(engine: GtpEngine, lines: list[str]) -> list[str]:
    return [engine.handle(line) for line in lines]


def board(engine: GtpEngine) -> tuple[object, ...]:
    record = engine.record
    return (record.start, tuple(record.plies), record.ply, engine._acknowledged_ply)


# -- item 1: a legal pass in the second game ------------------------------------------------------------


def test_an_explicit_pass_is_accepted_in_every_game_after_clear_board() -> None:
    engine = GtpEngine()
    for _game in range(3):
        assert answers(engine, play_lines(TO_BLACK_PASS)) == ["= \n\n"] * 8
        assert engine.handle("play b pass") == "= \n\n"
        assert engine.handle("play b pass") == "? it is White's turn\n\n"  # confirmed once only
        assert engine.handle("clear_board") == "= \n\n"


def test_undo_takes_back_a_confirmed_pass_then_the_move_before_it() -> None:
    engine = GtpEngine()
    answers(engine, [*play_lines(TO_BLACK_PASS), "play b pass"])
    assert engine.handle("undo") == "= \n\n"  # the pass only: Black's pass is pending again
    assert engine.record.transcript() == "".join(TO_BLACK_PASS)
    assert engine.handle("play b pass") == "= \n\n"
    assert engine.handle("undo") == "= \n\n"
    assert engine.handle("undo") == "= \n\n"  # now White's c1 (and the forced pass after it)
    assert engine.record.transcript() == "".join(TO_BLACK_PASS[:-1])
    assert engine.handle("play w c1") == "= \n\n"
    assert engine.handle("play b pass") == "= \n\n"  # the same ply number, a new pass: accepted


def test_genmove_confirms_a_forced_pass_like_play_does() -> None:
    engine = GtpEngine(move_time=0.05)
    answers(engine, play_lines(TO_BLACK_PASS))
    assert engine.handle("genmove b") == "= pass\n\n"
    assert engine.handle("play b pass") == "? it is White's turn\n\n"
    engine.handle("clear_board")
    answers(engine, play_lines(TO_BLACK_PASS))
    assert engine.handle("play b pass") == "= \n\n"


# -- item 6: the protocol's input rules, echoes, closed pipes -------------------------------------------


def test_control_characters_are_removed_and_tabs_are_spaces() -> None:
    engine = GtpEngine()
    assert engine.handle("1\tplay\tb\tf5\r\n") == "=1 \n\n"
    assert engine.handle("2 pl\x00ay w\x7f \x1bd6\r") == "=2 \n\n"
    assert engine.handle("\x01\x02\r\n") == ""
    assert engine.handle("# a comment\n") == ""
    assert engine.record.transcript() == "f5d6"


def test_an_id_is_ascii_digits_only() -> None:
    engine = GtpEngine()
    assert engine.handle("\u00b2 name").startswith("? unknown command")  # a superscript two is no id


def test_what_an_error_echoes_is_cut_short_and_ascii() -> None:
    engine = GtpEngine()
    answer = engine.handle("x" * 10_000)
    assert answer.startswith("? unknown command 'xxxx") and len(answer) < 80
    answer = engine.handle("play " + "\u00e9" * 5000 + " f5")
    assert answer.isascii() and len(answer) < 200
    answer = engine.handle("play b " + "z" * 5000)
    assert answer.startswith("? invalid move") and len(answer) < 100


def test_a_line_longer_than_the_bound_is_refused_and_the_session_goes_on() -> None:
    engine = GtpEngine()
    out = io.StringIO()
    engine.serve(io.StringIO("name " + "y" * (3 * MAX_LINE_CHARS) + "\n1 play b f5\nquit\n"), out)
    replies = out.getvalue().split("\n\n")
    assert replies[0].startswith("? command line longer than")
    assert replies[1:3] == ["=1 ", "= "]
    assert engine.record.transcript() == "f5"


def test_bad_clocks_are_refused() -> None:
    engine = GtpEngine()
    for seconds in ("nan", "inf", "-inf", "soon"):
        assert engine.handle(f"time_left b {seconds} 0").startswith("? invalid time")
    assert engine.level == engine.base_level


def test_a_closed_pipe_ends_the_engine_quietly() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "game.cli", "gtp", "--level", "0"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stdin is not None
    process.stdout.close()  # the controller goes away before reading a thing
    try:
        process.stdin.write(b"name\n" * 20_000)
        process.stdin.close()
    except BrokenPipeError:
        pass
    _, err = process.communicate(timeout=60)
    assert b"Traceback" not in err and b"BrokenPipe" not in err
    assert process.returncode == 0


# -- properties: any session, any error, the board stays ---------------------------------------------

_WORDS = st.sampled_from([
    "play", "genmove", "undo", "clear_board", "showboard", "final_score", "boardsize", "known_command",
    "time_left", "time_settings", "name", "list_commands", "protocol_version", "flip", "", "#",
])
_ARGS = st.sampled_from(["b", "w", "black", "white", "pass", "PASS", "8", "9", "nan", "-3", "1e400", "x",
                         *SQUARE_NAMES])
_LINE = st.one_of(
    st.builds(lambda w, a: " ".join([w, *a]), _WORDS, st.lists(_ARGS, max_size=3)),
    st.builds(lambda m: f"play {'b' if m[1] else 'w'} {m[0]}", st.tuples(st.sampled_from(SQUARE_NAMES), st.booleans())),
    st.text(max_size=40),
)


@settings(max_examples=100, deadline=None)
@given(st.lists(_LINE, max_size=30))
def test_every_answer_is_one_protocol_reply_and_an_error_changes_nothing(lines: list[str]) -> None:
    engine = GtpEngine(move_time=0.01)
    for line in lines:
        if line.split()[:1] == ["genmove"]:
            line = "showboard"  # searching is not what is tested here, and would be slow
        before = board(engine)
        answer = engine.handle(line)
        if answer == "":  # only for a line that is blank once cleaned, or a comment
            cleaned = "".join(" " if c == "\t" else c for c in line if c in "\t\n" or 32 <= ord(c) != 127)
            assert not cleaned.split("#", 1)[0].strip()
            continue
        assert answer[0] in "=?" and answer.endswith("\n\n") and "\n\n" not in answer[:-2]
        if answer.startswith("?"):
            assert board(engine) == before, (line, answer)
        if engine.quit:
            break


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(SQUARE_NAMES + ("pass",)), st.booleans()), max_size=70))
def test_the_board_is_what_the_accepted_moves_make_it(moves: list[tuple[str, bool]]) -> None:
    from game.engine import GameRecord

    engine = GtpEngine()
    accepted: list[str] = []
    for move, black in moves:
        if engine.handle(f"play {'b' if black else 'w'} {move}").startswith("=") and move != "pass":
            accepted.append(move)
    assert engine.record.transcript() == GameRecord.from_transcript("".join(accepted)).transcript()
