"""Numbers on the command line and over GTP (issue 46, items 8 and 9): one reader, ASCII digits, capped limits.

Everything here reads numbers or caps limits; no search runs longer than a
one-empty position's (the suite is near its time limit).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import cli
from game.ai import MAX_NODES, MAX_SECONDS, CustomSpec, Limits, capped, level_by_name_or_index
from game.engine import NumberError, decimal_number, whole_number
from game.interfaces.gtp import GtpEngine

FFO_3 = "----OX----OOXX---OOOXX-XOOXXOOOOOXXOXXOOOXXXOOOOOXXXXOXO--OOOOOX X"
START = "---------------------------OX------XO--------------------------- X"
ONE_EMPTY = "X" * 61 + "O-- X"  # Black takes g8 and wins 64-0: any search of it is instant

FOREIGN_DIGITS = ["١", "١٨", "१८", "１８", "²", "٣٠٠", "۳", "３", "٣٠", "½", "Ⅻ", "𝟑"]
"""Arabic-Indic, Devanagari, full-width, superscript, extended Arabic-Indic, fractions, Roman, mathematical digits."""


def run_main(argv: list[str]) -> tuple[int, str, str]:
    """``game.cli.main(argv)`` in this process: the status, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(argv)
    return status, out.getvalue(), err.getvalue()


# -- the one reader -----------------------------------------------------------------------------------


@pytest.mark.parametrize("text", FOREIGN_DIGITS)
def test_digits_other_than_ascii_are_no_number(text: str) -> None:
    with pytest.raises(NumberError, match="in the digits 0-9"):
        whole_number(text, "plies", 0)
    with pytest.raises(NumberError, match="in the digits 0-9"):
        decimal_number(text, "seconds", above=0.0)


@pytest.mark.parametrize("text", ["9" * 5000, "1" + "0" * 4400, "+" + "7" * 21])
def test_a_huge_whole_number_is_too_large_before_int_sees_it(text: str) -> None:
    with pytest.raises(NumberError) as caught:
        whole_number(text, "nodes", 1)
    message = str(caught.value)
    assert message.startswith("too large:") and "4300" not in message and len(message) < 200


@pytest.mark.parametrize(("text", "value"), [("3", 3), ("+3", 3), ("007", 7), (" 12\t", 12), ("0" * 40 + "5", 5)])
def test_whole_numbers_in_ascii_digits(text: str, value: int) -> None:
    assert whole_number(text, "plies", 0) == value


@pytest.mark.parametrize("text", ["", "+", "-", "--5", "1_000", "1.0", "0x10", "1e3", "٣", "+-3"])
def test_not_whole_numbers(text: str) -> None:
    with pytest.raises(NumberError):
        whole_number(text, "plies", 0)


@pytest.mark.parametrize(("text", "value"), [("1", 1.0), ("2.5", 2.5), (".5", 0.5), ("3.", 3.0), ("1e3", 1000.0),
                                             ("-0.25", -0.25), ("1E-2", 0.01), ("1e999", float("inf"))])
def test_decimal_numbers_in_ascii_digits(text: str, value: float) -> None:
    assert decimal_number(text, "seconds") == value


@pytest.mark.parametrize("text", ["nan", "inf", "-inf", "infinity", "1_000", "1e", ".", "e3", "0x1p3", "1" * 41, "٣.٥"])
def test_not_decimal_numbers(text: str) -> None:
    with pytest.raises(NumberError):
        decimal_number(text, "seconds")


WHOLE = re.compile(r"[ \t\n\r\f\v]*[+-]?[0-9]+[ \t\n\r\f\v]*")
DECIMAL = re.compile(r"[ \t\n\r\f\v]*[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?[ \t\n\r\f\v]*")
TEXTS = st.one_of(
    st.text(max_size=30),
    st.text(st.sampled_from("0123456789+-._eE ٣３²"), max_size=30),
    st.text(st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=4),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
)


@settings(max_examples=200, deadline=None)
@given(TEXTS, st.sampled_from([None, 0, 1]), st.sampled_from([None, 5, 10**20]))
def test_any_text_is_a_whole_number_by_the_ascii_rule_or_one_line_refusal(
        text: str, least: int | None, most: int | None) -> None:
    try:
        value = whole_number(text, "things", least, most)
    except NumberError as exc:
        assert "\n" not in str(exc) and str(exc).isascii() and len(str(exc)) < 300
        return
    assert WHOLE.fullmatch(text) and value == int(text)
    assert (least is None or value >= least) and (most is None or value <= most)


@settings(max_examples=200, deadline=None)
@given(TEXTS, st.sampled_from([None, 0.0]))
def test_any_text_is_a_decimal_number_by_the_ascii_rule_or_one_line_refusal(text: str, above: float | None) -> None:
    try:
        value = decimal_number(text, "seconds", above=above)
    except NumberError as exc:
        assert "\n" not in str(exc) and str(exc).isascii() and len(str(exc)) < 300
        return
    assert DECIMAL.fullmatch(text) and value == float(text) and (above is None or value > above)


# -- the command line: every option that takes a number ---------------------------------------------

OPTIONS = [
    ["perft", "{}"],
    ["perft", "3", "--max-seconds", "{}"],
    ["bench", "--depth", "{}"],
    ["bench", "--depth", "1", "--max-seconds", "{}"],
    ["library", "--limit", "{}"],
    ["solve", FFO_3, "--time", "{}"],
    ["solve", FFO_3, "--nodes", "{}"],
    ["solve", FFO_3, "--max-empties", "{}"],
    ["analyze", FFO_3, "--time", "{}"],
    ["analyze", FFO_3, "--nodes", "{}"],
    ["gtp", "--move-time", "{}"],
]


@pytest.mark.parametrize("digits", ["١", "١٨", "१८", "１８", "٣٠٠", "۳", "３", "²"])
@pytest.mark.parametrize("argv", OPTIONS, ids=lambda argv: " ".join(a for a in argv if len(a) < 20))
def test_no_option_reads_digits_other_than_ascii(argv: list[str], digits: str) -> None:
    status, out, err = run_main([a.format(digits) for a in argv] + ["--json"])
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "in the digits 0-9" in err and "Traceback" not in err


@pytest.mark.parametrize("digits", ["١", "١٨", "१८", "１８", "²", "9" * 5000])
@pytest.mark.parametrize("argv", [["analyze", ONE_EMPTY, "--level", "{}"], ["gtp", "--level", "{}"]])
def test_level_is_no_foreign_digit_and_no_huge_number(argv: list[str], digits: str) -> None:
    status, out, err = run_main([a.format(digits) for a in argv])
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1 and len(err) < 700
    assert "unknown level" in err and "invalid literal" not in err and "Exceeds" not in err


@pytest.mark.parametrize("text", ["١", "١٨", "१८", "１８", "²", "9" * 5000, "+3", "-0", "3.0"])
def test_level_by_name_or_index_takes_ascii_indexes_only(text: str) -> None:
    with pytest.raises(ValueError, match="unknown level"):
        level_by_name_or_index(text)
    assert level_by_name_or_index("18").name == "Expert" and level_by_name_or_index(" 01 ").index == 1


def test_a_custom_level_is_read_in_ascii_digits() -> None:
    assert CustomSpec.parse("time:3") == CustomSpec("time", 3.0)
    for spec in ("time:٣", "depth:٨", "time:３", "time:nan"):
        with pytest.raises(ValueError, match="bad custom level"):
            CustomSpec.parse(spec)


def test_the_game_and_the_web_server_read_ascii_digits_too() -> None:
    from game.__main__ import frames_arg
    from game.web.__main__ import port_arg

    assert frames_arg("30") == 30 and port_arg("8000") == 8000
    for text in ("٣٠", "３", "9" * 5000):
        for read in (frames_arg, port_arg):
            with pytest.raises(argparse.ArgumentTypeError, match="whole number"):
                read(text)


# -- the caps (item 8) ----------------------------------------------------------------------------------


def test_capped_says_in_one_line_what_it_capped() -> None:
    assert capped(MAX_SECONDS, MAX_SECONDS, "--time", "seconds") == (MAX_SECONDS, None)
    value, note = capped(float("inf"), MAX_SECONDS, "--time", "seconds")
    assert value == MAX_SECONDS and note is not None and "capped at 86400" in note and "\n" not in note


@pytest.fixture
def searched(monkeypatch: pytest.MonkeyPatch) -> list[Limits]:
    """The limits ``solve`` and ``analyze`` hand to ``limited_search`` (which then searches the one-empty position)."""
    import game.ai

    seen: list[Limits] = []
    real = game.ai.limited_search

    def spy(position: Any, limits: Limits, **kwargs: Any) -> Any:
        seen.append(limits)
        return real(position, limits, **kwargs)

    monkeypatch.setattr(game.ai, "limited_search", spy)
    return seen


@pytest.mark.parametrize("command", ["solve", "analyze"])
def test_solve_and_analyze_cap_time_and_nodes_with_a_note(command: str, searched: list[Limits]) -> None:
    status, out, err = run_main([command, ONE_EMPTY, "--time", "1e308", "--nodes", "99999999999999999999", "--json"])
    assert status == 0 and out.count("\n") == 1
    assert searched == [Limits(seconds=MAX_SECONDS, nodes=MAX_NODES)]
    notes = err.splitlines()
    assert len(notes) == 2 and all(n.startswith("note: ") and "capped at" in n for n in notes)
    assert "--time 1e+308" in notes[0] and "--nodes 99999999999999999999" in notes[1]


def test_limits_within_the_caps_pass_unchanged_and_quietly(searched: list[Limits]) -> None:
    status, _, err = run_main(["solve", ONE_EMPTY, "--time", str(MAX_SECONDS), "--nodes", str(MAX_NODES)])
    assert status == 0 and err == "" and searched == [Limits(seconds=MAX_SECONDS, nodes=MAX_NODES)]


def test_gtp_move_time_is_capped_with_a_note(monkeypatch: pytest.MonkeyPatch) -> None:
    import game.interfaces.gtp

    started: list[float | None] = []
    monkeypatch.setattr(game.interfaces.gtp, "run", lambda level, move_time: started.append(move_time))
    status, out, err = run_main(["gtp", "--level", "0", "--move-time", "1e308"])
    assert status == 0 and out == "" and started == [MAX_SECONDS]
    assert err.startswith("note: --move-time 1e+308") and len(err.splitlines()) == 1


def test_perft_max_seconds_is_capped_with_a_note() -> None:
    status, out, err = run_main(["perft", "2", "--max-seconds", "1e308", "--json"])
    assert status == 0 and '"nodes": 12' in out
    assert err.startswith("note: --max-seconds 1e+308") and len(err.splitlines()) == 1


def test_the_help_states_the_caps() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        cli.main(["solve", "--help"])
    text = " ".join(out.getvalue().split())
    assert f"{MAX_NODES:,}" in text and "a day" in text and MAX_SECONDS == 24 * 3600


# -- GTP ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("digits", ["١٠", "१०", "１０", "²", "٣"])
@pytest.mark.parametrize("command", ["time_settings {} 0 0", "time_settings 10 {} 0", "time_settings 10 0 {}",
                                     "time_left b {} 0", "time_left b 10 {}"])
def test_gtp_reads_ascii_digits_only(command: str, digits: str) -> None:
    engine = GtpEngine()
    answer = engine.handle("7 " + command.format(digits))
    assert answer.startswith("?7 invalid ") and "in the digits 0-9" in answer and answer.isascii()
    assert answer.endswith("\n\n") and answer.count("\n") == 2 and engine.clocks == {}


@pytest.mark.parametrize("command", ["time_settings 99999999999999999999999 0 0", "time_left b 10 " + "9" * 5000])
def test_gtp_refuses_a_huge_count_in_its_own_words(command: str) -> None:
    answer = GtpEngine().handle(command)
    assert answer.startswith("? invalid ") and "too large" in answer and "Exceeds" not in answer


def test_gtp_caps_time_left_with_a_note_and_takes_ordinary_clocks() -> None:
    log = io.StringIO()
    engine = GtpEngine(log=log)
    assert engine.handle("time_settings 600 0 0") == "= \n\n"
    assert engine.handle("time_left b 1e308 0") == "= \n\n" and engine.clocks == {"X": MAX_SECONDS}
    assert log.getvalue().startswith("note: time_left 1e+308") and log.getvalue().count("\n") == 1
    assert engine.handle("time_left w 12.5 3") == "= \n\n" and engine.clocks["O"] == 12.5
    assert GtpEngine().handle("time_left b 1e308 0") == "= \n\n"  # no log: the cap is quiet


@pytest.mark.parametrize("move_time", [MAX_SECONDS * 2, float("inf"), 0.0])
def test_a_gtp_engine_refuses_a_move_time_past_the_caps(move_time: float) -> None:
    with pytest.raises(ValueError, match="move time"):
        GtpEngine(move_time=move_time)
    assert GtpEngine(move_time=MAX_SECONDS).limits.seconds == MAX_SECONDS
