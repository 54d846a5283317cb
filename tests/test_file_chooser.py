"""The in-game file chooser, through the real transcript scene (headless) and the chooser's checks.

A GGF file saved through it opens back as the same game; it pages, enters
folders and checks typed names; a bad file is refused with one message and
nothing changed. Names on disk that are not UTF-8 are shown with replacement characters and
still open; typed names are checked by their bytes (as the file system
counts) and for control and format characters; Save writes durably (the
file and its folder synced, through ``storage.write_durably``); Open… of a
file of thousands of games reads only the first; messages end in one stop.
"""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path

import pygame
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.engine import Position
from game.records import formats
from game.records.formats import read_ggf
from game.scenes.transcript import TranscriptScene
from game.ui.assets import Assets
from game.ui.file_chooser import (
    MAX_NAME_BYTES,
    MAX_READ_BYTES,
    FileChooser,
    check_name,
    list_folder,
    write_text_file,
)
from game.ui.text import TextRenderer, drawable, full_stop
from tests.app_driver import Player
from tests.test_formats import GGS_GAME
from tests.test_transcripts import open_transcript

TYPES = (".ggf", ".obf", ".txt")


def open_chooser(player: Player, scene: TranscriptScene, action: str = "open") -> FileChooser:
    """Press the transcript scene's Open… (or Save…): its file chooser, open."""
    player.click_button(action)
    assert scene.chooser is not None
    return scene.chooser


def click_entry(player: Player, chooser: FileChooser, name: str) -> None:
    row = next(i for i, entry in enumerate(chooser.visible()) if entry.name == name)
    player.click((chooser.list_rect.left + 40, chooser.list_rect.top + row * 34 + 17))


def non_utf8(folder: Path, raw: bytes) -> Path:
    """``folder/raw`` made on disk (a name that is not UTF-8), or the test skipped where the disk refuses it."""
    path = Path(os.fsdecode(os.path.join(os.fsencode(folder), raw)))
    try:
        path.touch()
        path.unlink()
    except OSError as exc:  # APFS, Windows: names must be Unicode
        pytest.skip(f"this file system refuses names that are not UTF-8 ({exc.strerror})")
    return path


def encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


# -- saving, opening and finding files ----------------------------------------------------------------


def test_a_ggf_file_saved_through_the_chooser_opens_back_as_the_same_game(player_factory, tmp_path) -> None:
    player = player_factory()
    scene = open_transcript(player)
    scene.set_text("")
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text=GGS_GAME)])
    played = scene.record.played if scene.record is not None else None
    assert played
    chooser = open_chooser(player, scene, "save")
    assert chooser.folder == tmp_path / "games" and chooser.name.endswith(".ggf")
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
    chooser = open_chooser(player, scene, "open")
    click_entry(player, chooser, "match.ggf")
    assert chooser.name == "match.ggf"
    player.click_button("confirm")
    assert scene.chooser is None and scene.record is not None
    assert scene.record.played == played and scene.ggf is not None and scene.ggf.black == "hercule"


def test_the_chooser_pages_enters_folders_and_checks_names(player_factory, tmp_path) -> None:
    games = tmp_path / "games"
    (games / "old").mkdir(parents=True)
    for n in range(25):
        (games / f"game-{n:02d}.ggf").write_text("f5d6", encoding="utf-8")
    (games / "notes.md").write_text("not a game", encoding="utf-8")
    (games / "old" / "first.obf").write_text(Position.start().to_text() + ";", encoding="utf-8")
    player = player_factory()
    scene = open_transcript(player)
    chooser = open_chooser(player, scene, "open")
    assert chooser.pages >= 2
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


# -- item 2: a name that is not UTF-8 -------------------------------------------------------------------


def test_a_file_whose_name_is_not_utf8_is_listed_drawn_and_opened(player_factory, tmp_path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    odd = non_utf8(games, b"\xff-match.ggf")
    odd.write_text(GGS_GAME, encoding="utf-8")
    player = player_factory()
    scene = open_transcript(player)
    chooser = open_chooser(player, scene, "open")  # the frame draws the listing: it crashed here
    assert [e.name for e in chooser.entries] == [odd.name]
    click_entry(player, chooser, odd.name)  # the field now holds the name, drawn
    assert chooser.name == odd.name
    player.click_button("confirm")
    player.frame()  # the toast drawn: it crashed here too
    assert scene.chooser is None and scene.ggf is not None and scene.ggf.black == "hercule"
    message = player.app.ctx.toasts[-1].message
    assert message == "Opened \ufffd-match.ggf." and encodable(message)


def test_a_bad_file_or_a_folder_whose_name_is_not_utf8_gives_a_message_that_can_be_drawn(player_factory,
                                                                                          tmp_path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    folder = non_utf8(games, b"old-\xe9")
    folder.mkdir()
    (folder / "f.ggf").write_text("(;GM[Othello]B[f5]W[f5];)", encoding="utf-8")
    player = player_factory()
    scene = open_transcript(player)
    scene.set_text("f5d6c3")
    chooser = open_chooser(player, scene, "open")
    click_entry(player, chooser, folder.name)  # the folder's path, drawn at the top
    assert chooser.folder == folder
    click_entry(player, chooser, "f.ggf")
    player.click_button("confirm")
    assert scene.chooser is chooser and "not a legal move" in chooser.message and encodable(chooser.message)
    player.press(pygame.K_ESCAPE)
    assert scene.chooser is None and scene.text == "f5d6c3"
    chooser = open_chooser(player, scene, "save")
    click_entry(player, chooser, folder.name)
    player.type_name("kept.ggf")
    player.click_button("confirm")
    player.frame()
    message = player.app.ctx.toasts[-1].message
    assert (folder / "kept.ggf").is_file() and "old-\ufffd" in message and encodable(message)


@given(st.text(max_size=40))
@settings(max_examples=300, deadline=None)
def test_drawable_text_is_always_encodable_and_on_one_line(text: str) -> None:
    name = os.fsdecode(text.encode("utf-8", "surrogatepass")[:30])  # cut anywhere: stray bytes escaped
    for shown in (drawable(text), drawable(name)):
        assert encodable(shown) and "\n" not in shown and "\u2028" not in shown and "\u202e" not in shown
    assert drawable("plain name.ggf") == "plain name.ggf" and drawable("名前.ggf") == "名前.ggf"


# -- item 3: a name too long in bytes -------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["save", "open"])
def test_a_typed_name_over_255_bytes_is_refused_in_one_line(player_factory, tmp_path, mode) -> None:
    (tmp_path / "games").mkdir()
    player = player_factory()
    scene = open_transcript(player)
    scene.set_text("f5d6c3")
    player.frame()
    player.click_button(mode)
    chooser = scene.chooser
    assert chooser is not None
    long_name = "名" * 100 + ".ggf"  # 104 characters, 304 bytes
    player.type_name(long_name)
    assert chooser.name == long_name
    player.click_button("confirm")  # OSError [Errno 36] from Path.exists() before
    assert scene.chooser is chooser and chooser.is_error and "\n" not in chooser.message
    assert "304 bytes" in chooser.message and f"at most {MAX_NAME_BYTES}" in chooser.message
    assert not any("名" in p.name for p in tmp_path.rglob("*"))


def test_a_name_of_just_255_bytes_is_saved(player_factory, tmp_path) -> None:
    player = player_factory()
    scene = open_transcript(player)
    scene.set_text("f5d6c3")
    player.frame()
    player.click_button("save")
    name = "名" * 83 + "ab.ggf"  # 255 bytes: the temporary file's name must fit as well
    assert len(os.fsencode(name)) == MAX_NAME_BYTES
    player.type_name(name)
    player.click_button("confirm")
    assert scene.chooser is None, scene.chooser.message if scene.chooser else ""
    saved = tmp_path / "games" / name
    assert read_ggf(saved.read_text(encoding="utf-8"))[0].record().transcript == "f5d6c3"
    assert sorted(p.name for p in saved.parent.iterdir()) == [name]  # no temporary file left


LONG_NAMES = st.builds(lambda char, count, rest: char * count + rest, st.sampled_from("名éa😀"),
                       st.integers(0, 125), st.text(max_size=8))


@given(st.one_of(st.text(max_size=130), LONG_NAMES))
@settings(max_examples=400, deadline=None)
def test_check_name_refuses_in_one_line_or_gives_a_name_the_disk_takes(text: str) -> None:
    folder = Path("/nonexistent")
    try:
        path = check_name(folder, text + ".ggf", TYPES)
    except ValueError as exc:
        assert str(exc) and "\n" not in str(exc) and str(exc).endswith(".") and not str(exc).endswith("..")
        return
    assert path.parent == folder and len(os.fsencode(path.name)) <= MAX_NAME_BYTES
    assert not {unicodedata.category(char) for char in path.name} & {"Cc", "Cf", "Zl", "Zp", "Cs"}
    assert drawable(path.name) == path.name  # nothing in it that must be replaced to be drawn


@pytest.mark.parametrize("char", ["\x7f", "\x85", "\u2028", "\u2029", "\u202e", "\u200f", "\u2066", "\ufeff",
                                  "\x00", "\n"])
def test_control_and_format_characters_are_refused_and_not_typed(player_factory, char) -> None:
    with pytest.raises(ValueError, match="control or format characters"):
        check_name(Path("/tmp"), f"a{char}b.ggf", TYPES)
    player = player_factory()
    scene = open_transcript(player)
    chooser = open_chooser(player, scene, "open")
    player.type_name(f"a{char}b.ggf")
    assert chooser.name == "ab.ggf"


def test_names_people_type_are_still_taken() -> None:
    for name in ("match 1.ggf", "名人戦.ggf", "Ünïcödé.obf", "a\u3000b.txt", "😀.ggf", "x.GGF"):
        assert check_name(Path("/tmp"), name, TYPES).name == name


# -- item 11: Save is durable ------------------------------------------------------------------------------


def test_save_syncs_the_file_then_its_folder(player_factory, tmp_path, monkeypatch) -> None:
    if os.name == "nt":
        pytest.skip("Windows cannot open a directory to sync it")
    synced: list[str] = []
    real_fsync = os.fsync

    def spy(fd: int) -> None:
        synced.append(os.readlink(f"/proc/self/fd/{fd}") if os.path.exists("/proc/self/fd") else "?")
        real_fsync(fd)

    player = player_factory()
    scene = open_transcript(player)
    scene.set_text("f5d6c3")
    player.frame()
    player.click_button("save")
    player.type_name("durable.ggf")
    monkeypatch.setattr(os, "fsync", spy)
    player.click_button("confirm")
    monkeypatch.undo()
    assert scene.chooser is None
    games = tmp_path / "games"
    assert (games / "durable.ggf").is_file() and len(synced) == 2  # the file, then its folder
    if synced[0] != "?":
        assert Path(synced[0]).parent == games and Path(synced[0]).name.endswith(".tmp")  # before the rename
        assert Path(synced[1]) == games


def test_a_failed_save_leaves_the_old_file_and_no_temporary_one(tmp_path, monkeypatch) -> None:
    target = tmp_path / "game.ggf"
    target.write_text("old", encoding="utf-8")

    def refuse(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", refuse)
    with pytest.raises(OSError):
        write_text_file(target, "new")
    monkeypatch.undo()
    assert target.read_text(encoding="utf-8") == "old" and [p.name for p in tmp_path.iterdir()] == ["game.ggf"]


# -- item 7: Open… of the largest accepted file takes the first game at once ------------------------------


def test_opening_a_file_of_thousands_of_games_reads_only_the_first(player_factory, tmp_path, monkeypatch) -> None:
    games = tmp_path / "games"
    games.mkdir()
    (server,) = read_ggf(GGS_GAME)
    one = formats.write_ggf(server.record(), server.black, server.white) + "\n"  # 60 moves in 500 bytes
    count = (MAX_READ_BYTES - 1000) // len(one.encode("utf-8"))
    (games / "archive.ggf").write_text(one * count, encoding="utf-8")
    replays = 0
    real_record = formats.GgfGame.record

    def counted(game: formats.GgfGame):  # noqa: ANN202 - a GameRecord
        nonlocal replays
        replays += 1
        return real_record(game)

    monkeypatch.setattr(formats.GgfGame, "record", counted)
    player = player_factory()
    scene = open_transcript(player)
    chooser = open_chooser(player, scene, "open")
    click_entry(player, chooser, "archive.ggf")
    player.click_button("confirm")
    assert scene.chooser is None and scene.ggf is not None and scene.ggf.black == "hercule"
    assert count > 1000 and replays <= 4, replays  # every one of the games was replayed before (3 s, now ms)
    status, is_error = scene.status_lines()
    assert not is_error and f"the first of {count} games" in status


# -- smaller: one full stop ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("content", "says"), [
    ("(;GM[Othello]B[f5]W[f5];)", "not a legal move"),
    (b"\x89PNG\r\n\x1a\n\x00\x00", "not a text file"),
    (b"f5" * (MAX_READ_BYTES // 2 + 1), "too big"),
    ("f5 d6 z9", "not a square"),
], ids=["illegal", "binary", "too-big", "transcript"])
def test_a_bad_file_gives_a_message_and_changes_nothing(player_factory, tmp_path, content, says) -> None:
    """The chooser stays open with the reason, named once and ending in one full stop; the text is as it was."""
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
    chooser = open_chooser(player, scene, "open")
    click_entry(player, chooser, "bad.ggf")
    player.click_button("confirm")
    assert scene.chooser is chooser and chooser.is_error  # still open, saying why
    assert says in chooser.message and chooser.message.endswith("Nothing was changed.")
    assert ".." not in chooser.message, chooser.message
    assert chooser.message.count("bad.ggf") == 1, chooser.message  # named once
    assert scene.text == "f5d6c3" and scene.record is not None and len(scene.record.moves) == 3
    player.press(pygame.K_ESCAPE)
    assert scene.chooser is None and scene.text == "f5d6c3"


def test_full_stop_adds_one_only_where_none_is() -> None:
    assert full_stop("Opened a.ggf") == "Opened a.ggf."
    assert full_stop("It is too big (over 1,000 kB).") == "It is too big (over 1,000 kB)."
    assert full_stop("Saved in v2.") == "Saved in v2."
    assert full_stop("Really?") == "Really?" and full_stop("and so on…") == "and so on…"


def test_the_status_of_an_error_ending_in_a_stop_has_one(player_factory) -> None:
    player = player_factory()
    scene = open_transcript(player)
    scene.error = "the text is too long (at most 4000 characters)."
    status, is_error = scene.status_lines()
    assert is_error and ".." not in status and status.endswith("characters). Nothing was changed.")


_RENDERER: list[TextRenderer] = []


def _renderer() -> TextRenderer:
    if not _RENDERER:
        pygame.font.init()
        _RENDERER.append(TextRenderer(Assets(with_sound=False)))
    return _RENDERER[0]


@example("\U000e0000")  # a character no bundled font has, after ones only the language's font has
@given(st.text(max_size=40))
def test_any_text_can_be_measured_and_drawn(text: str) -> None:
    """Surrogate escapes (names that are not UTF-8), NUL and control characters reach the font as U+FFFD."""
    renderer = _renderer()
    assert renderer.width(text, 18) >= 0
    assert renderer.render(text, 18, (255, 255, 255)).get_height() > 0
    assert renderer.render("\udcff\x00" + text, 18, (255, 255, 255)).get_width() > 0


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_opening_a_named_pipe_or_a_device_is_refused_without_waiting(tmp_path: Path) -> None:
    from game.ui.file_chooser import read_text_file

    fifo = tmp_path / "game.ggf"
    os.mkfifo(fifo)  # no writer: a plain open would wait for ever
    with pytest.raises(ValueError, match=r"^game\.ggf is not a file\.$"):
        read_text_file(fifo)
    with pytest.raises(ValueError, match=r"^zero is not a file\.$"):
        read_text_file(Path("/dev/zero"))


# -- issue 21, item 14: Ctrl+A, and the default name starts selected -------------------------------------


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")


def test_the_default_name_is_replaced_by_typing_and_ctrl_a_selects_the_whole_name(player_factory, tmp_path) -> None:
    player = player_factory()
    scene = open_transcript(player, GGS_GAME)
    chooser = open_chooser(player, scene, "save")
    assert chooser.name.endswith(".ggf") and chooser.selected
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text="final.ggf")])  # no Backspace: it replaces the default
    assert chooser.name == "final.ggf" and not chooser.selected
    player.press(pygame.K_BACKSPACE)  # nothing selected now: one character goes
    assert chooser.name == "final.gg"
    player.press(pygame.K_a, pygame.KMOD_LCTRL)
    assert chooser.selected
    player.frame()  # the selection is drawn
    player.press(pygame.K_BACKSPACE)  # one Backspace clears a selected name
    assert chooser.name == "" and not chooser.selected
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text="one.ggf")])
    player.press(pygame.K_a, pygame.KMOD_LMETA)  # Cmd+A on a Mac
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text="two.ggf")])
    assert chooser.name == "two.ggf"
    player.click_button("confirm")
    assert scene.chooser is None and (tmp_path / "games" / "two.ggf").is_file()


def test_a_text_field_selects_all_with_ctrl_a_like_the_file_name() -> None:
    from game.ui.text_field import TextField

    field = TextField(pygame.Rect(0, 0, 200, 40), "Player", focused=True)
    field.handle(pygame.event.Event(pygame.TEXTINPUT, text="Tamenori"))
    assert field.handle(key(pygame.K_a, pygame.KMOD_LCTRL)) is None and field.selected
    assert field.handle(pygame.event.Event(pygame.TEXTINPUT, text="Shaman")) == "changed"
    assert field.text == "Shaman" and not field.selected
    field.handle(key(pygame.K_a, pygame.KMOD_RCTRL))
    assert field.handle(key(pygame.K_BACKSPACE)) == "changed" and field.text == ""
    field.handle(pygame.event.Event(pygame.TEXTINPUT, text="ab"))
    field.handle(key(pygame.K_a, pygame.KMOD_LCTRL))
    field.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1))  # a click ends the selection
    field.handle(key(pygame.K_BACKSPACE))
    assert field.text == "a"
