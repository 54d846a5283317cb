"""Issue 13's tools for strong players, driven by real events through the real scenes (headless).

The engine output while the computer thinks, a custom level kept over a
restart, Fischer clocks and flag falls, GGF files saved and opened through
the in-game file chooser (and bad files refused with nothing changed), the
browser's download.
"""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game.ai import LEVELS, Progress, think
from game.engine import BLACK, WHITE, GameRecord, Position, parse_square
from game.platform import browser, links
from game.platform.storage import FileStorage
from game.play.engine_output import thinking_lines
from game.play.levels import clocked_level, custom_level
from game.records.formats import read_ggf
from game.scenes.game_scene import GameScene
from game.scenes.results import ResultsScene
from game.scenes.transcript import TranscriptScene
from game.ui.file_chooser import MAX_READ_BYTES, FileChooser, check_name, list_folder
from tests.app_driver import Player
from tests.test_formats import GGS_GAME


def level_by_name(name: str):  # noqa: ANN201 - a Level
    return next(level for level in LEVELS if level.name == name)


def random_record(plies: int, seed: int) -> GameRecord:
    rng = random.Random(seed)
    record = GameRecord()
    while len(record.moves) < plies and not record.is_over():
        record.play(rng.choice(record.position.legal_squares()))
    return record


# -- engine output ---------------------------------------------------------------------------------


def test_the_engine_output_shows_a_depth_and_a_line_while_the_computer_thinks(player_factory) -> None:
    player = player_factory()
    player.click_button("scene:new_game")
    player.click_button("colour:white")
    player.click_button("custom:depth:12")  # no book, deep enough to think for many frames
    player.click_button("start")
    game = player.game
    assert game.computer_to_move()
    player.frame()
    assert game.engine_lines() is None  # off by default: a newcomer sees only "thinking"
    assert "is thinking" in game.status_text()
    player.press(pygame.K_o)
    assert player.app.ctx.settings.engine_output
    player.run_until(lambda: game.match.thinking_progress() is not None
                     and game.match.thinking_progress().depth >= 2, frames=400)
    lines = game.engine_lines()
    assert lines is not None, game.status_text()
    first, second = lines
    assert first.startswith("depth ") and "nodes" in first and "/s" in first
    assert second.startswith("Black ")  # the computer's (the mover's) view, named
    line = second.split(": ", 1)[1].split()
    assert line and parse_square(line[0]) in Position.start().legal_squares()
    progress = game.match.thinking_progress()
    assert progress is not None and progress.nodes > 0 and progress.nodes_per_second > 0
    before = progress.nodes
    player.frame()
    assert game.match.thinking_progress() is None or game.match.thinking_progress().nodes >= before  # live
    player.press(pygame.K_ESCAPE)
    assert player.app.scene_name == "menu"


def test_the_endgame_solve_is_named_in_the_progress() -> None:
    record = random_record(46, seed=7)  # 14 empties: Club solves them win-loss after a quick look
    position = record.position
    assert position.empty_count == 14 and position.legal_moves()
    job = think(position, level_by_name("Club"))
    seen: set[str | None] = set()
    move = None
    while move is None:
        move = job.advance(1)
        seen.add(job.progress.solving)
    progress = job.progress
    assert progress.endgame == "win-loss" and progress.deepened and progress.depth >= 1
    assert "win-loss" in seen or progress.exact  # the solve took slices of its own (unless the look was exact)
    assert move in position.legal_squares()


def test_engine_output_words() -> None:
    mid = Progress(nodes=12_300, seconds=0.5, depth=9, value=2.46, pv=(19, 18, 26))
    assert thinking_lines(mid, WHITE) == ("depth 9 · 12.3k nodes · 24.6k/s", "White +2.5: d3 c3 c4")
    solving = Progress(nodes=2_000_000, seconds=1.0, depth=6, value=-1.0, pv=(19,), deepened=True,
                       endgame="exact")
    assert thinking_lines(solving, BLACK)[0] == "depth 6, solving (exact) · 2.0M nodes · 2.0M/s"
    assert thinking_lines(Progress(), BLACK)[0].startswith("Searching")


# -- the custom level --------------------------------------------------------------------------------


def test_a_custom_level_survives_a_restart_in_the_settings_and_the_saved_game(tmp_path: Path) -> None:
    player = Player(FileStorage(tmp_path))
    player.click_button("scene:new_game")
    player.click_button("custom:depth:4")
    player.click_button("colour:black")
    player.click_button("start")
    player.click_square("f5")
    player.run_until(lambda: player.my_turn())
    assert player.game.level.name == "Custom (depth 4)"
    pygame.quit()

    again = Player(FileStorage(tmp_path))  # a restart: settings and the autosave read back from files
    assert again.app.ctx.settings.custom == "depth:4"
    again.click_button("continue")
    assert again.game.level.name == "Custom (depth 4)" and len(again.game.record.moves) == 2
    again.press(pygame.K_ESCAPE)
    again.click_button("scene:new_game")
    again.click_button("confirm")  # the game in progress may go
    selected = [b.action for b in again.app.scene.group.buttons if b.selected]  # type: ignore[attr-defined]
    assert "custom:depth:4" in selected and not any(a.startswith("level:") for a in selected)
    again.click_button("level:2")  # a named level again: the custom one is forgotten
    assert again.app.ctx.settings.custom is None and again.app.ctx.settings.level == 2
    pygame.quit()


# -- clocks -----------------------------------------------------------------------------------------


def test_a_fischer_clock_adds_its_increment_after_each_move(player_factory) -> None:
    player = player_factory()
    player.click_button("scene:new_game")
    player.click_button("colour:black")
    player.click_button("clock:300+3")
    player.click_button("two")
    game = player.game
    assert (game.setup.clock, game.setup.increment) == (300, 3)
    player.now += 2000
    player.frame()
    before = game.match.clocks[BLACK]
    assert 297_900 <= before <= 298_000
    player.click_square("f5")
    after = game.match.clocks[BLACK]
    assert before + 3000 - 100 <= after <= before + 3000  # Black moved: three seconds back (less its last frame)
    player.now += 10_000
    player.frame()
    player.click_square("d6")
    assert 292_900 <= game.match.clocks[WHITE] <= 293_000  # 300 - 10 + 3, less a frame or two
    player.press(pygame.K_ESCAPE)  # kept with the game
    player.click_button("continue")
    assert player.game.setup.increment == 3
    assert after - 200 <= player.game.match.clocks[BLACK] <= after  # Black's clock ran while leaving


def test_a_flag_fall_against_the_computer_loses_on_time(player_factory) -> None:
    player = player_factory()
    player.click_button("scene:new_game")
    player.click_button("colour:black")
    player.click_button("clock:60")
    player.click_button("level:0")
    player.click_button("start")
    assert isinstance(player.app.scene, GameScene) and player.game.match.clocks is not None
    player.now += 61_000
    player.frame()
    outcome = player.game.match.outcome
    assert player.game.match.over and outcome is not None and outcome.stopped == BLACK
    player.run_until(lambda: isinstance(player.app.scene, ResultsScene))
    summary = player.app.scene.summary()  # type: ignore[attr-defined]
    assert summary.winner == WHITE and "ran out of time" in summary.reason
    stats = player.app.ctx.stats
    assert stats.vs_computer[stats.key("Novice", BLACK)].lost == 1


def test_with_a_clock_the_computer_thinks_within_what_its_clock_affords() -> None:
    master = level_by_name("Master")
    assert clocked_level(master, 600_000, 0, 56).seconds == master.seconds  # ten minutes: its own pace
    short = clocked_level(master, 30_000, 0, 56).seconds
    assert short is not None and short < master.seconds and short * 32 <= 30.0  # spread over the moves to come
    deep = clocked_level(custom_level("depth:12"), 20_000, 3, 20).seconds
    assert deep is not None and 2.4 < deep < 20 / 14 + 2.5  # a fixed depth gets a time limit too, plus the increment


# -- files through the chooser ------------------------------------------------------------------------


def open_transcript(player: Player) -> TranscriptScene:
    player.click_button("scene:transcript")
    scene = player.app.scene
    assert isinstance(scene, TranscriptScene)
    return scene


def click_entry(player: Player, chooser: FileChooser, name: str) -> None:
    row = next(i for i, entry in enumerate(chooser.visible()) if entry.name == name)
    player.click((chooser.list_rect.left + 40, chooser.list_rect.top + row * 34 + 17))


def test_a_ggf_file_saved_through_the_chooser_opens_back_as_the_same_game(player_factory, tmp_path) -> None:
    player = player_factory()
    scene = open_transcript(player)
    scene.set_text("")
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text=GGS_GAME)])
    played = scene.record.played if scene.record is not None else None
    assert played
    player.click_button("save")
    chooser = scene.chooser
    assert chooser is not None and chooser.folder == tmp_path / "games" and chooser.name.endswith(".ggf")
    player.type_name("match.ggf")
    player.click_button("confirm")
    assert scene.chooser is None and "match.ggf" in player.app.ctx.toasts[-1].message
    saved = tmp_path / "games" / "match.ggf"
    assert read_ggf(saved.read_text(encoding="utf-8"))[0].black == "hercule"

    player.click_button("save")  # the same name again: asked before it is replaced
    player.type_name("match.ggf")
    player.click_button("confirm")
    assert scene.chooser is not None and "already exists" in scene.chooser.message
    player.click_button("cancel")
    assert scene.chooser is None

    player.click_button("clear")
    assert scene.record is None
    player.click_button("open")
    chooser = scene.chooser
    assert chooser is not None
    click_entry(player, chooser, "match.ggf")
    assert chooser.name == "match.ggf"
    player.click_button("confirm")
    assert scene.chooser is None and scene.record is not None
    assert scene.record.played == played and scene.ggf is not None and scene.ggf.black == "hercule"


@pytest.mark.parametrize(("content", "says"), [
    ("(;GM[Othello]B[f5]W[f5];)", "not a legal move"),
    (b"\x89PNG\r\n\x1a\n\x00\x00", "not a text file"),
    (b"f5" * (MAX_READ_BYTES // 2 + 1), "too big"),
])
def test_a_bad_file_gives_a_message_and_changes_nothing(player_factory, tmp_path, content, says) -> None:
    games = tmp_path / "games"
    games.mkdir()
    bad = games / "bad.ggf"
    if isinstance(content, bytes):
        bad.write_bytes(content)
    else:
        bad.write_text(content, encoding="utf-8")
    player = player_factory()
    scene = open_transcript(player)
    scene.set_text("f5d6c3")
    player.click_button("open")
    chooser = scene.chooser
    assert chooser is not None
    click_entry(player, chooser, "bad.ggf")
    player.click_button("confirm")
    assert scene.chooser is chooser and chooser.is_error  # still open, saying why
    assert says in chooser.message and "Nothing was changed" in chooser.message
    assert scene.text == "f5d6c3" and scene.record is not None and len(scene.record.moves) == 3
    player.press(pygame.K_ESCAPE)
    assert scene.chooser is None and scene.text == "f5d6c3"


def test_the_chooser_pages_enters_folders_and_checks_names(player_factory, tmp_path) -> None:
    games = tmp_path / "games"
    (games / "old").mkdir(parents=True)
    for n in range(25):
        (games / f"game-{n:02d}.ggf").write_text("f5d6", encoding="utf-8")
    (games / "notes.md").write_text("not a game", encoding="utf-8")
    (games / "old" / "first.obf").write_text(Position.start().to_text() + ";", encoding="utf-8")
    player = player_factory()
    scene = open_transcript(player)
    player.click_button("open")
    chooser = scene.chooser
    assert chooser is not None and chooser.pages >= 2
    assert chooser.visible()[0].name == "old" and "notes.md" not in [e.name for e in chooser.entries]
    first_page = [e.name for e in chooser.visible()]
    player.click_button("next")
    assert chooser.page == 1 and not set(first_page) & {e.name for e in chooser.visible()}
    player.click_button("previous")
    click_entry(player, chooser, "old")
    assert chooser.folder == games / "old" and [e.name for e in chooser.entries] == ["first.obf"]
    player.click_button("up")
    assert chooser.folder == games
    for name, why in (("../x.ggf", "cannot hold"), ("game.png", "must end in"), ("", "Type a file name")):
        with pytest.raises(ValueError, match=why):
            check_name(games, name, (".ggf", ".obf", ".txt"))
    player.type_name("../escape.ggf")
    player.press(pygame.K_RETURN)
    assert scene.chooser is chooser and "cannot hold" in chooser.message
    entries, left_out = list_folder(games, (".ggf",))
    assert len(entries) == 26 and not left_out


# -- the browser: a download -------------------------------------------------------------------------


def test_in_the_browser_download_offers_the_game_as_a_ggf_file(player_factory, monkeypatch) -> None:
    window = SimpleNamespace(evaluated=[])
    window.eval = lambda code: window.evaluated.append(code) or 1
    player = player_factory()
    player.app.ctx.is_browser = True
    scene = open_transcript(player)  # its text box stays the canvas's own (no page to hold a field over it)
    monkeypatch.setattr(browser, "IS_BROWSER", True)
    monkeypatch.setattr(browser, "_browser_window", lambda: window)
    actions = [b.action for b in scene.group.buttons]
    assert "download" in actions and "save" not in actions and "open" not in actions
    scene.set_text("f5d6c3")
    player.frame()
    player.click_button("download")
    (code,) = [c for c in window.evaluated if "Blob" in c]
    assert ".ggf" in code and "B[F5]W[D6]B[C3]" in code
    assert "Downloading othello-" in player.app.ctx.toasts[-1].message


def test_on_the_desktop_download_does_nothing_and_says_so() -> None:
    assert browser.download_text("x.ggf", "(;GM[Othello];)") is False


# -- the share base -------------------------------------------------------------------------------


def test_the_share_base_command_records_the_address_and_refuses_a_bad_one(tmp_path, capsys, monkeypatch) -> None:
    from game.web.__main__ import main

    monkeypatch.delenv(links.SHARE_BASE_ENV, raising=False)
    (tmp_path / "game").mkdir()
    assert main(["--repo", str(tmp_path), "share-base", "https://someone.github.io/othello/"]) == 0
    recorded = tmp_path / "game" / "share_base.txt"
    assert links.share_base(recorded) == "https://someone.github.io/othello/"
    assert recorded.read_text(encoding="utf-8").strip() == "https://someone.github.io/othello/"
    assert main(["--repo", str(tmp_path), "share-base", "OWNER"]) == 1
    error = capsys.readouterr().err.strip()
    assert error.count("\n") == 0 and "not a web page address" in error
    assert recorded.read_text(encoding="utf-8").strip() == "https://someone.github.io/othello/"  # unchanged
