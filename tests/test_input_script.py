"""The input script of ``othello --script``: what the parser accepts, its messages, and how the file is read.

Every number a script holds is ASCII digits of bounded length and value; anything else is a
``ScriptError`` naming the line, never a traceback. The file is opened only if it is a regular
file (a named pipe, a folder or a device is refused without blocking), and read with a bound.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.interfaces.input_script import (
    COMMANDS,
    MAX_COMMANDS,
    MAX_COORDINATE,
    MAX_SCRIPT_BYTES,
    MAX_WAIT,
    Command,
    ScriptError,
    ScriptRunner,
    load_script,
    parse_script,
    shown_name,
)

REPO = Path(__file__).resolve().parent.parent
WAIT = f"wait takes a number of frames, 1 to {MAX_WAIT}"
CLICK = f"click takes a button's action or two whole numbers x y from -{MAX_COORDINATE} to {MAX_COORDINATE}"


def refusal(text: str) -> str:
    with pytest.raises(ScriptError) as caught:
        parse_script(text, "s")
    return str(caught.value)


# -- numbers ------------------------------------------------------------------

@pytest.mark.parametrize(("text", "message"), [
    ("wait ²", f"s line 1: {WAIT}"),  # str.isdigit() says yes, int() says no
    ("wait ٣", f"s line 1: {WAIT}"),  # an Arabic-Indic 3: int() reads it, the script does not
    ("wait ３", f"s line 1: {WAIT}"),  # a full-width 3
    pytest.param("wait 1" + "0" * 4400, f"s line 1: {WAIT}", id="wait-4401-digits"),  # past int()'s limit of 4,300
    pytest.param("wait " + "0" * 5000 + "1" * 21, f"s line 1: {WAIT}", id="wait-21-digits-after-zeros"),
    ("wait +5", f"s line 1: {WAIT}"),
    ("wait 1_000", f"s line 1: {WAIT}"),
    ("wait -1", f"s line 1: {WAIT}"),
    (f"wait {MAX_WAIT + 1}", f"s line 1: {WAIT}"),
    ("click ² 5", f"s line 1: {CLICK}"),
    ("click 5 ٣", f"s line 1: {CLICK}"),
    ("click 99999999999999999999 5", f"s line 1: {CLICK}"),  # was a TypeError from pygame.event.Event
    ("click 5 -99999999999999999999", f"s line 1: {CLICK}"),
    (f"click {MAX_COORDINATE + 1} 0", f"s line 1: {CLICK}"),
    pytest.param("click 1" + "0" * 5000 + " 5", f"s line 1: {CLICK}", id="click-5001-digits"),
    ("click - 5", f"s line 1: {CLICK}"),
    ("click --5 5", f"s line 1: {CLICK}"),
    ("click 1 2 3", f"s line 1: {CLICK}"),
])
def test_a_number_is_ascii_digits_of_bounded_size(text: str, message: str) -> None:
    assert refusal(text) == message


@pytest.mark.parametrize(("text", "commands"), [
    (f"wait {MAX_WAIT}", [Command("wait", (str(MAX_WAIT),), 1)]),
    ("wait 0007", [Command("wait", ("0007",), 1)]),
    pytest.param("wait " + "0" * 31 + "5", [Command("wait", ("0" * 31 + "5",), 1)], id="wait-leading-zeros"),
    (f"click -{MAX_COORDINATE} {MAX_COORDINATE}", [Command("click", (f"-{MAX_COORDINATE}", str(MAX_COORDINATE)), 1)]),
    ("click ²", [Command("click", ("²",), 1)]),  # one word is a button's action, whatever it is
])
def test_numbers_in_range_are_accepted(text: str, commands: list[Command]) -> None:
    assert parse_script(text, "s") == commands


@pytest.mark.parametrize(("text", "line"), [
    ("wait 1\r\nwait 1\rwait 0", 3),  # Windows and old Mac line ends count as one line each
    ("wait 1\x0c\nwait 0", 2),  # a form feed, a vertical tab, NEL or U+2028 end no line in an editor
    ("wait 1 \x0b\x85\u2028\u2029\x1c\nwait 0", 2),
    ("wait 1\x0cwait 1\nwait 0", 1),  # so this is one line: a wait with three words after it
    ("\ufeffwait 1\nwait 0", 2),  # a byte-order mark is not part of the first command
])
def test_the_line_named_is_the_line_an_editor_shows(text: str, line: int) -> None:
    assert refusal(text) == f"s line {line}: {WAIT}"


def test_too_many_commands_names_the_line_of_the_first_one_too_many() -> None:
    message = refusal("# start\n" + "wait 1\n" * (MAX_COMMANDS + 1))
    assert message == f"s line {MAX_COMMANDS + 2}: more than {MAX_COMMANDS} commands"


def test_a_long_word_is_shown_shortened_in_the_message() -> None:
    message = refusal("x" * 10_000)
    assert message.startswith("s line 1: unknown command 'xxxx") and len(message) < 200


# -- any text at all ----------------------------------------------------------

NUMBERS = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30).map(str),  # in range and far out of it
    st.integers(min_value=-MAX_COORDINATE - 2, max_value=MAX_WAIT + 2).map(str),
    st.integers(min_value=0, max_value=5000).map(lambda n: "9" * n),  # past int()'s 4,300 digits too
    st.text(st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=4),  # digits that are not ASCII
    st.tuples(st.sampled_from(["", "-", "+", "--"]), st.text("0123456789²٣３_", min_size=1, max_size=6)).map("".join),
)
WORDS = st.one_of(
    NUMBERS,
    st.sampled_from(["escape", "a", "return", "two", "menu", "game", "#", "-", "nosuchkey"]),
    st.text(max_size=8),
    st.text(st.characters(codec=None, categories=["Cs", "Cc", "Cf", "Zs", "Zl", "Zp"]), min_size=1, max_size=3),
)
LINES = st.tuples(
    st.sampled_from([*COMMANDS, *COMMANDS, "WAIT", "Click", "jump", "", "#"]) | st.text(max_size=6),
    st.lists(WORDS, max_size=3),
    st.sampled_from([" ", "\t", "\u3000", "\x0c", " # "]),
).map(lambda line: line[2].join([line[0], *line[1]]))
LINE_ENDS = st.sampled_from(["\n", "\r\n", "\r", "\x0b", "\x85", "\u2028", "\x00\n"])
SCRIPTS = st.one_of(
    st.text(),  # anything at all
    st.lists(st.tuples(LINES, LINE_ENDS), max_size=12).map(lambda lines: "".join(a + b for a, b in lines)),
)


def line_count(text: str) -> int:
    return text.replace("\r\n", "\n").replace("\r", "\n").count("\n") + 1


class FakeApp:
    """What a script drives, without a window: one scene with one button, "two"."""

    scene_name = "menu"

    def __init__(self) -> None:
        button = type("Button", (), {"action": "two", "rect": pygame.Rect(100, 100, 80, 40)})
        self.scene = type("Scene", (), {"group": type("Group", (), {"buttons": [button]})})

    def to_window(self, pos: tuple[float, float]) -> tuple[int, int]:
        return int(pos[0] * 1.5), int(pos[1] * 1.5)


@pytest.fixture(scope="module")
def events() -> Any:
    pygame.display.init()  # pygame.event.post needs the video system (the dummy driver here)
    yield
    pygame.quit()


def parses_or_names_a_line(text: str) -> None:
    """``text`` parses and plays, or is refused in one line naming one of its lines."""
    try:
        commands = parse_script(text, "s")
    except ScriptError as exc:
        message = str(exc)
        assert message.isprintable(), message  # one line, nothing that moves the terminal's cursor
        if message != f"s: larger than {MAX_SCRIPT_BYTES} bytes":
            assert message.startswith("s line "), message
            line = int(message[len("s line "):].split(":", 1)[0])
            assert 1 <= line <= line_count(text)
        return
    # what was accepted plays: every event it posts is one pygame takes (waits and expects post nothing)
    for command in commands:
        if command.name == "wait":
            assert 1 <= int(command.args[0]) <= MAX_WAIT
    played = [c for c in commands if c.name not in ("wait", "expect")
              and not (c.name == "click" and len(c.args) == 1 and c.args[0] != "two")]  # FakeApp has one button
    runner = ScriptRunner(played, source="s")
    app = FakeApp()
    while not runner.finished:
        assert runner.step(app)
        pygame.event.clear()
    assert runner.failure is None


@settings(max_examples=500, deadline=None)
@given(text=SCRIPTS)
def test_any_text_parses_or_is_refused_naming_a_line(text: str, events: Any) -> None:
    parses_or_names_a_line(text)


@settings(max_examples=500, deadline=None)
@given(name=st.sampled_from(COMMANDS), args=st.lists(WORDS, min_size=1, max_size=2))
def test_any_arguments_parse_or_are_refused_naming_the_line(name: str, args: list[str], events: Any) -> None:
    parses_or_names_a_line("# a script\n" + " ".join([name, *args]))


# -- the file -----------------------------------------------------------------

def test_a_script_file_is_read(tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_bytes(b"wait 2\r\nclick two\n")
    assert load_script(script) == [Command("wait", ("2",), 1), Command("click", ("two",), 2)]


def test_a_script_file_of_the_largest_size_is_read(tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_bytes(b"wait 1\n" + b"#" * (MAX_SCRIPT_BYTES - 8) + b"\n")
    assert load_script(script) == [Command("wait", ("1",), 1)]
    script.write_bytes(b"wait 1\n" + b"#" * (MAX_SCRIPT_BYTES - 7) + b"\n")
    with pytest.raises(ScriptError, match=f"^{script}: larger than {MAX_SCRIPT_BYTES} bytes$"):
        load_script(script)


def test_a_huge_file_is_refused_by_its_size(tmp_path: Path) -> None:
    script = tmp_path / "huge.txt"
    with script.open("wb") as handle:
        handle.truncate(4 * 1024**3)  # sparse: 4 GB that take no room
    with pytest.raises(ScriptError, match=f"^{script}: larger than {MAX_SCRIPT_BYTES} bytes$"):
        load_script(script)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "s.fifo"
    os.mkfifo(fifo)
    outcome: list[BaseException | object] = []

    def load() -> None:
        try:
            outcome.append(load_script(fifo))
        except BaseException as exc:  # noqa: BLE001 - handed to the test's thread
            outcome.append(exc)

    reader = threading.Thread(target=load, daemon=True)
    reader.start()
    reader.join(timeout=10)
    if reader.is_alive():  # blocked in open(): give it a writer so the thread ends, then fail
        with fifo.open("wb"):
            pass
        reader.join(timeout=10)
        pytest.fail("load_script blocked on a named pipe")
    assert len(outcome) == 1 and isinstance(outcome[0], ScriptError)
    assert str(outcome[0]) == f"{fifo}: not a regular file (a named pipe)"


@pytest.mark.parametrize(("make", "kind"), [
    (lambda tmp: tmp, "a folder"),
    (lambda tmp: Path("/dev/zero"), "a device"),
    (lambda tmp: Path("/dev/null"), "a device"),
])
def test_a_folder_or_a_device_is_refused(tmp_path: Path, make: Any, kind: str) -> None:
    path = make(tmp_path)
    if not path.exists():
        pytest.skip(f"no {path} here")
    with pytest.raises(ScriptError) as caught:
        load_script(path)
    assert str(caught.value) == f"{path}: not a regular file ({kind})"


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_link_to_a_device_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "s.txt"
    link.symlink_to("/dev/zero")
    with pytest.raises(ScriptError, match=r"not a regular file \(a device\)$"):
        load_script(link)


def test_a_link_to_a_script_is_read(tmp_path: Path) -> None:
    (tmp_path / "real.txt").write_text("quit\n", encoding="utf-8")
    (tmp_path / "s.txt").symlink_to("real.txt")
    assert load_script(tmp_path / "s.txt") == [Command("quit", (), 1)]


def test_a_missing_file_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(ScriptError) as caught:
        load_script(tmp_path / "none.txt")
    assert str(caught.value) == f"{tmp_path / 'none.txt'}: No such file or directory"


def test_text_that_is_not_utf8_names_its_line(tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_bytes(b"wait 1\nclick caf\xe9\n")
    with pytest.raises(ScriptError) as caught:
        load_script(script)
    assert str(caught.value) == f"{script} line 2: not UTF-8 text"


def test_a_file_name_that_is_not_utf8_is_shown_readably(tmp_path: Path) -> None:
    try:
        script = Path(os.fsdecode(os.fsencode(tmp_path) + b"/\xffscript"))
        script.write_text("jump\n", encoding="utf-8")
    except (OSError, UnicodeError):
        pytest.skip("this file system takes only UTF-8 names")
    with pytest.raises(ScriptError) as caught:
        load_script(script)
    assert str(caught.value) == f"{tmp_path}/\\xffscript line 1: unknown command 'jump' (known: {', '.join(COMMANDS)})"
    str(caught.value).encode("utf-8")  # no surrogate left to fail on when printed


def test_a_file_name_with_a_line_break_is_shown_on_one_line(tmp_path: Path) -> None:
    script = tmp_path / "a\nb.txt"
    script.write_text("jump\n", encoding="utf-8")
    with pytest.raises(ScriptError) as caught:
        load_script(script)
    assert str(caught.value).startswith(f"{tmp_path}/a\\nb.txt line 1: unknown command")


def test_names_are_shown_as_they_are_when_they_can_be() -> None:
    assert shown_name(Path("scripts/été.txt")) == "scripts/été.txt"
    assert shown_name(Path("a\u202eb")) == "a\\u202eb"  # a right-to-left override would turn the line around


def test_a_file_name_with_a_nul_is_refused() -> None:
    with pytest.raises(ScriptError, match=r"^a\\x00b: not a usable file name$"):
        load_script(Path("a\0b"))


# -- the command --------------------------------------------------------------

def othello(tmp_path: Path, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "game", "--data-dir", str(tmp_path / "data"), *args],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=timeout)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_the_command_refuses_a_named_pipe_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "s.fifo"
    os.mkfifo(fifo)
    try:
        completed = othello(tmp_path, "--script", str(fifo), "--frames", "5", timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("othello --script FIFO blocked")
    assert (completed.returncode, completed.stderr) == (2, f"othello: {fifo}: not a regular file (a named pipe)\n")
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_the_command_refuses_unicode_digits_in_one_line(tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text("wait 2\nclick 99999999999999999999 5\n", encoding="utf-8")
    completed = othello(tmp_path, "--script", str(script), "--frames", "5")
    assert (completed.returncode, completed.stderr) == (2, f"othello: {script} line 2: {CLICK}\n")
