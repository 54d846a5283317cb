"""Desktop conventions: the data folder of each platform, opening it, the window's remembered place,
scripted input and the ``othello`` command's options (in this process; tests/test_packaging.py runs the
installed command)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.__main__ import main as othello_main
from game.app import MIN_WINDOW, App
from game.interfaces.input_script import ScriptError, ScriptRunner, parse_script
from game.platform.dirs import app_data_dir, open_folder, shown_path, shown_path_end
from game.platform.resources import CHECKOUT_ASSETS, MissingAssetsError, assets_dir
from game.platform.storage import DATA_DIR_ENV, FileStorage, MemoryStorage, user_data_dir
from game.platform.window_memory import POSITION_ENV, SAVE_AFTER_MS, WINDOW_KEY, Placement, known_desktops
from game.scenes import settings_scene
from tests.app_driver import Player
from tests.test_layout_audit import SIZES as AUDIT_SIZES
from tests.test_layout_audit import problems_in

REPO = Path(__file__).resolve().parent.parent
HOME = Path("/home/ann")


@pytest.fixture(autouse=True)
def _quit_pygame() -> Any:
    yield
    pygame.quit()


# -- the data folder ----------------------------------------------------------

@pytest.mark.parametrize(("platform", "environ", "expected"), [
    ("linux", {}, HOME / ".local/share/othello-wasm"),
    ("linux", {"XDG_DATA_HOME": "/data/ann"}, Path("/data/ann/othello-wasm")),
    ("linux", {"XDG_DATA_HOME": "relative/path"}, HOME / ".local/share/othello-wasm"),  # the spec: ignore it
    ("freebsd14", {}, HOME / ".local/share/othello-wasm"),
    ("darwin", {"XDG_DATA_HOME": "/data/ann"}, HOME / "Library/Application Support/othello-wasm"),
    ("win32", {"APPDATA": "C:/Users/ann/AppData/Roaming"}, Path("C:/Users/ann/AppData/Roaming/othello-wasm")),
    ("win32", {}, HOME / "AppData/Roaming/othello-wasm"),
])
def test_the_data_folder_follows_each_platform(platform: str, environ: dict[str, str], expected: Path) -> None:
    assert app_data_dir(platform, environ, HOME) == expected


@pytest.mark.parametrize(("platform", "program"), [("linux", "xdg-open"), ("darwin", "open")])
def test_opening_the_data_folder_starts_the_file_manager(tmp_path: Path, platform: str, program: str) -> None:
    started: list[list[str]] = []
    folder = tmp_path / "not-yet"
    assert open_folder(folder, platform, launch=lambda command, **_: started.append(command)) is None
    assert started == [[program, str(folder)]]
    assert folder.is_dir()


def test_a_file_manager_that_cannot_start_is_a_message(tmp_path: Path) -> None:
    def missing(command: list[str], **_: object) -> None:
        raise FileNotFoundError(2, "No such file or directory")

    message = open_folder(tmp_path, "linux", launch=missing)
    assert message == f"Could not open {tmp_path}: [Errno 2] No such file or directory"


def test_the_shown_path_abbreviates_home() -> None:
    assert shown_path(HOME / ".local/share/othello-wasm", HOME) == str(Path("~/.local/share/othello-wasm"))
    assert shown_path(Path("/srv/othello"), HOME) == "/srv/othello"


def test_settings_show_the_data_folder_and_open_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[Path] = []
    monkeypatch.setattr(settings_scene, "open_folder", lambda path: opened.append(path))
    player = Player(FileStorage(tmp_path / "data"))
    player.click_button("scene:settings")
    button = next(b for b in player.app.scene.group.buttons if b.action == settings_scene.OPEN_DATA)  # type: ignore[attr-defined]
    assert button.subtitle == shown_path(tmp_path / "data")
    player.click_button(settings_scene.OPEN_DATA)
    assert opened == [tmp_path / "data"]
    assert player.app.ctx.toasts[-1].message == f"Opened {shown_path(tmp_path / 'data')}"


@pytest.mark.parametrize("size", AUDIT_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_long_data_folder_fits_its_button_beside_back_at_one_size(tmp_path: Path, size: tuple[int, int]) -> None:
    folder = tmp_path / "a_rather_long_home_directory" / "of_a_player" / ".local" / "share" / "othello-game-data"
    player = Player(FileStorage(folder), window_size=size)
    player.click_button("scene:settings")
    recording = player.recorded_frame()
    assert problems_in(recording, player.app.surface, player.app.ctx.toasts.area) == []  # nothing cut or overlapping
    labels = {drawn.text: drawn.size for drawn in recording.texts if drawn.text in ("Back", "Open data folder")}
    assert len(labels) == 2 and len(set(labels.values())) == 1, labels  # one row, one size
    path_lines = [drawn.shown for drawn in recording.texts if drawn.text.endswith("othello-game-data")]
    # the whole path where it fits, else its end (this game's folder) on a line or two, cut at a separator
    assert "".join(path_lines) in (shown_path(folder), shown_path_end(folder)), path_lines
    assert all(line.endswith("/") or line.endswith("othello-game-data") for line in path_lines), path_lines


def test_settings_offer_no_folder_without_files(monkeypatch: pytest.MonkeyPatch) -> None:
    player = Player(MemoryStorage())  # as in the browser: localStorage, no folder
    player.click_button("scene:settings")
    assert settings_scene.OPEN_DATA not in [b.action for b in player.app.scene.group.buttons]  # type: ignore[attr-defined]


# -- the assets ---------------------------------------------------------------

def test_assets_come_from_the_package_else_the_checkout(tmp_path: Path) -> None:
    assert assets_dir() == CHECKOUT_ASSETS  # a checkout has no game/assets
    packaged = tmp_path / "game" / "assets"
    (packaged / "fonts").mkdir(parents=True)
    (packaged / "fonts" / "DejaVuSans.ttf").write_bytes(b"font")
    assert assets_dir((packaged, CHECKOUT_ASSETS)) == packaged
    with pytest.raises(MissingAssetsError, match="reinstall the game"):
        assets_dir((tmp_path / "nothing", tmp_path / "neither"))


# -- the window's place -------------------------------------------------------

def test_the_headless_driver_knows_no_desktop_so_nothing_is_fitted() -> None:
    pygame.display.init()
    assert known_desktops() == []  # the dummy driver's 1024 x 768 is made up: the window keeps its logical size


@pytest.mark.parametrize("document", [
    [], {"size": [800]}, {"size": [800, "600"]}, {"size": [0, 600]}, {"size": [800, 600], "position": [1, True]},
    {"size": [99999, 600]},
])
def test_a_bad_placement_document_is_refused(document: Any) -> None:
    with pytest.raises(ValueError):
        Placement.from_json(document)


def test_the_window_opens_where_it_was_closed() -> None:
    storage = MemoryStorage({WINDOW_KEY: json.dumps({"size": [900, 600], "position": [10, 20]})})
    app = App(storage=storage)
    assert app.window.get_size() == (900, 600)
    assert pygame.display.get_window_position() == (10, 20)
    assert POSITION_ENV not in os.environ  # asked of SDL once, not passed on
    pygame.display.set_mode((1000, 700), pygame.RESIZABLE)
    app.close()
    assert json.loads(storage.data[WINDOW_KEY])["size"] == [1000, 700]


def test_a_moved_window_is_saved_once_it_stays_put() -> None:
    now = [0]
    storage = MemoryStorage({})
    app = App(storage=storage, clock=lambda: now[0])
    pygame.display.set_window_position((30, 40))
    app.frame([pygame.event.Event(pygame.WINDOWMOVED, x=30, y=40)])
    now[0] = SAVE_AFTER_MS - 1
    app.frame([])
    assert WINDOW_KEY not in storage.data  # a drag sends many moves: not a write for each
    now[0] = SAVE_AFTER_MS
    app.frame([])
    assert json.loads(storage.data[WINDOW_KEY]) == {"size": [1280, 800], "position": [30, 40]}
    pygame.quit()


def test_a_corrupt_window_place_is_set_aside_and_the_window_opens_anyway() -> None:
    storage = MemoryStorage({WINDOW_KEY: '{"size": "big"}'})
    app = App(storage=storage)
    assert app.window.get_size() == (1280, 800)
    assert any(key.startswith("window.corrupt-") for key in storage.data)
    assert any("window size and position" in toast.message for toast in app.ctx.toasts)


def test_the_desktop_window_has_a_minimum_size(player_factory) -> None:
    player_factory()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    assert window.minimum_size == MIN_WINDOW


def test_a_size_asked_for_is_not_remembered() -> None:
    storage = MemoryStorage()
    App(storage=storage, window_size=(800, 500)).close()
    assert WINDOW_KEY not in storage.data


# -- scripted input -----------------------------------------------------------

@pytest.mark.parametrize(("text", "message"), [
    ("jump 3", "s line 1: unknown command 'jump' (known: wait, click, key, expect, quit)"),
    ("# fine\nwait 0", "s line 2: wait takes a number of frames, 1 to 1000000"),
    ("click 1 2 3", "s line 1: click takes a button's action or two whole numbers x y from -10000 to 10000"),
    ("key nosuchkey", "s line 1: unknown key 'nosuchkey'"),
    ("expect", "s line 1: expect takes one scene name"),
    ("quit now", "s line 1: quit takes nothing"),
    ("wait 1\n" * 2001, "s line 2001: more than 2000 commands"),
])
def test_a_bad_script_is_refused_naming_its_line(text: str, message: str) -> None:
    with pytest.raises(ScriptError) as caught:
        parse_script(text, "s")
    assert str(caught.value) == message


def run_script(text: str, frames: int | None) -> tuple[App, ScriptRunner]:
    app = App(storage=MemoryStorage(), window_size=(1280, 800))
    runner = ScriptRunner(parse_script(text, "s"), frames, "s")
    while runner.step(app) and app.frame():
        pass
    return app, runner


def test_a_script_clicks_and_presses_keys_as_a_player_does() -> None:
    app, runner = run_script("wait 2\nclick two\nexpect game\nkey escape\nexpect menu\nquit", frames=50)
    assert runner.failure is None and runner.finished
    assert not app.running  # quit closed it, as the window's close button does
    assert runner.frames_run < 50


def test_a_script_that_expects_the_wrong_screen_fails() -> None:
    _, runner = run_script("click two\nexpect settings", frames=50)
    assert runner.failure == "s line 2: expected the 'settings' screen, in 'game'"


def test_a_script_that_outlasts_its_frames_fails() -> None:
    _, runner = run_script("wait 100\nclick two", frames=20)
    assert runner.frames_run == 20
    assert runner.failure == "s: 20 frames passed with 1 command(s) still to play"


def test_a_script_cannot_click_a_button_that_is_not_there() -> None:
    _, runner = run_script("click resign", frames=20)
    assert runner.failure == "s line 1: no button 'resign' in the 'menu' screen"


# -- the othello command ------------------------------------------------------

def test_the_command_refuses_bad_input_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert othello_main(["--frames", "x"]) == 2
    expected = "othello: argument --frames: must be a whole number of frames from 1 to 10000000, not 'x'\n"
    assert capsys.readouterr().err == expected
    script = tmp_path / "s.txt"
    script.write_bytes(b"\xff\xfe")
    assert othello_main(["--script", str(script)]) == 2
    assert capsys.readouterr().err == f"othello: {script} line 1: not UTF-8 text\n"


@pytest.mark.parametrize(("frames", "said"), [
    ("²", r"in the digits 0-9, not '\xb2'"),  # str.isdigit() passes it, int() refuses it
    ("٣", r"in the digits 0-9, not '\u0663'"),  # int() reads this Arabic-Indic digit as 3
    ("３", r"in the digits 0-9, not '\uff13'"),
    ("+5", "not '+5'"),  # a count of frames has no sign
    ("1_000", "not '1_000'"),
    ("0", "not '0'"),
    ("10000001", "not '10000001'"),
    pytest.param("9" * 25, "has 25 digits", id="25-digits"),
    pytest.param("1" * 4400, "has 4400 digits", id="4400-digits"),  # past int()'s 4,300-digit limit; a short message
])
def test_frames_are_ascii_digits_of_bounded_size(frames: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    """One line from the one reader of numbers (``game.engine.whole_number``), never Python's own messages."""
    assert othello_main(["--frames", frames]) == 2
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("othello: argument --frames: ") and "from 1 to 10000000" in line and said in line
    assert line.isascii() and len(line) < 200


def test_a_script_with_unicode_digits_is_refused_naming_its_line(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "s.txt"
    for text, message in [("wait 2\nwait ²\n", "line 2: wait takes a number of frames, 1 to 1000000"),
                          ("click 99999999999999999999 5", "line 1: click takes a button's action or two whole "
                                                           "numbers x y from -10000 to 10000")]:
        script.write_text(text, encoding="utf-8")
        assert othello_main(["--script", str(script), "--frames", "5"]) == 2
        assert capsys.readouterr().err == f"othello: {script} {message}\n"


def test_the_data_dir_option_is_the_data_folder_for_everything(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(DATA_DIR_ENV, raising=False)  # restored afterwards, whatever main() set
    assert othello_main(["--data-dir", str(tmp_path / "mine"), "--frames", "2"]) == 0
    assert user_data_dir() == (tmp_path / "mine").resolve()
    assert (tmp_path / "mine" / "window.json").is_file()


def test_python_m_game_starts_the_game(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    completed = subprocess.run([sys.executable, "-m", "game", "--data-dir", str(tmp_path / "d"), "--frames", "3"],
                               cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert completed.returncode == 0, completed.stderr
    assert (tmp_path / "d" / "window.json").is_file()


@pytest.mark.parametrize("damage", ["truncated", "not a font", "and pygame's own font missing"])
def test_a_damaged_bundled_font_is_a_clear_message_not_a_crash(tmp_path: Path, monkeypatch, capsys,
                                                               damage: str) -> None:
    """pygame-ce crashes the process on a truncated font: the game checks it first, says what to do and draws
    with pygame's own font; only without that one too does it stop (status 1)."""
    import shutil

    import game.ui.assets
    from game.__main__ import main
    from game.platform.resources import FONT_REGULAR

    root = tmp_path / "assets"
    shutil.copytree(assets_dir(), root)
    font = root / FONT_REGULAR
    font.write_bytes(b"not a font" if damage == "not a font" else font.read_bytes()[:5000])
    monkeypatch.setattr(game.ui.assets, "assets_dir", lambda: root)
    if damage == "and pygame's own font missing":
        monkeypatch.setattr(game.ui.assets, "builtin_font", lambda: tmp_path / "no-such-font.ttf")
    status = main(["--data-dir", str(tmp_path / "data"), "--frames", "1"])
    error = capsys.readouterr().err
    assert "DejaVuSans.ttf" in error and "reinstall the game" in error
    assert status == (1 if damage == "and pygame's own font missing" else 0)
    assert ("pygame's own font" in error) == (status == 0)
