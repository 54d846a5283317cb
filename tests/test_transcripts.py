"""Transcripts in and out: the common forms round-trip, bad ones are refused with their ply and reason
and change nothing, and the transcript scene driven by typed and pasted text."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import BLACK, GameRecord, Position, TranscriptError, square_name
from game.platform.storage import FileStorage
from game.play.match import MatchSetup
from game.records.formats import read_ggf
from game.records.transcripts import game_text, read_game
from game.scenes import transcript as transcript_scene
from game.scenes.entries import GameEntry
from game.scenes.review import ReviewScene
from game.scenes.transcript import TranscriptScene
from tests.app_driver import Player
from tests.test_formats import GGS_GAME

TIGER = "f5d6c3d3c4"
LONG_GAME = ("c4c5f6c3b5g7e3e6c2f3g3a5h8b3f4f2b4f5f7h3a3d2e2e1a6e7d7c1c6g8f1g4d1b6b1d3g6b7f8a7c7h6a8b2"
             "g5g2a1d6h2h5a4d8c8h7e8a2h4b8g1")
"""59 moves of a legal game, typed without spaces."""
ONE_FROM_WIPEOUT = "d3c3b3d2e1d6d7e3"
"""Black to move; f4 takes White's last disc (a 64-0 win)."""
WIPEOUT_POSITION = "----X------X-----XXXO------XO------XO------X-------X------------ X"
"""The position after ``ONE_FROM_WIPEOUT``, as a 64-square text."""


def random_game(seed: int, moves: int = 60) -> GameRecord:
    rng = random.Random(seed)
    record = GameRecord()
    while not record.is_over() and len(record.moves) < moves:
        record.play(rng.choice(record.position.legal_squares()))
    return record


def forms_of(names: list[str]) -> list[str]:
    """The same moves written the ways people write them."""
    pairs = [names[i: i + 2] for i in range(0, len(names), 2)]
    numbered = " ".join(f"{n}. {' '.join(pair)}" for n, pair in enumerate(pairs, start=1))
    return ["".join(names), " ".join(names), "".join(names).upper(), " ".join(n.upper() for n in names),
            ", ".join(names), numbered, "\n".join(names)]


@pytest.mark.parametrize("seed", range(6))
def test_every_common_form_reads_back_to_the_same_game(seed: int) -> None:
    record = random_game(seed)
    names = [square_name(sq) for sq in record.moves]
    for text in forms_of(names):
        again = read_game(text)
        assert again.transcript == record.transcript, text
        assert again.position == record.position
        assert game_text(again) == record.transcript


def test_the_issue_examples_read_as_the_same_moves() -> None:
    for text in ("f5d6c3", "F5D6C3", "F5 d6 C3", "1. f5 d6 2. c3", "1.f5 d6 2.c3"):
        assert read_game(text).transcript == "f5d6c3", text


def test_a_game_from_a_set_up_position_round_trips_with_its_position_line() -> None:
    start = Position.from_text("---------------------------OX------XO--------------------------- O")
    record = GameRecord(start)
    record.play(record.position.legal_squares()[0])
    text = game_text(record)
    assert text.splitlines()[0] == start.to_text()
    again = read_game(text)
    assert again.start == start and again.transcript == record.transcript


@pytest.mark.parametrize(("text", "message"), [
    ("", "the transcript is empty"),
    ("   ", "the transcript is empty"),
    ("f5 d6 z9", "ply 3: 'z9' is not a square (a1 to h8)"),
    ("f5 f5", "ply 2: f5 is not a legal move for White"),
    ("f5d6c3d3c4f4a1", "ply 7: a1 is not a legal move for Black"),
    ("hello", "ply 1: 'he' is not a square"),
    ("f5 d6 c3 d3 c4 f4 f6 f3 e6 e7 d7 g6 f8 f7 g5 h6 h4 g4 h3 h5 h7 c5 b4 e8 d8 b5 e3 c8 b8 c6 a5 d2 b6 c7 b3 f2 "
     "c2 a6 d1 a4 e2 g3 f1 g2 a3 a2 g8 c1 e1 b2 a1 b1 a7 b7 h2 h1 g1 h8 a8 g7 a1", "ply 61"),
])
def test_bad_transcripts_are_refused_naming_the_ply_and_the_reason(text: str, message: str) -> None:
    with pytest.raises(TranscriptError, match=message.replace("(", r"\(").replace(")", r"\)")):
        read_game(text)


def test_a_bad_start_position_line_is_refused_with_its_reason() -> None:
    with pytest.raises(TranscriptError, match="start position: position has 63 squares"):
        read_game("-" * 63 + " X\nf5")


@pytest.mark.parametrize("text", ["1" * 40_000, "1" * 65_536, "x" * 100_000, "-" * 30 + "\n" + "1" * 70_000])
def test_a_huge_text_is_refused_at_once_before_any_pattern(text: str) -> None:
    # 40,000 digits once took 7 s in a backtracking move-number pattern, 64 KB 21 s
    with pytest.raises(TranscriptError, match="too long"):
        read_game(text)


@settings(max_examples=200, deadline=2000)
@given(st.text(max_size=300) | st.text(alphabet="abcdefgh12345678 .-\nXO", max_size=300))
def test_any_text_reads_as_a_game_or_one_clear_line(text: str) -> None:
    try:
        record = read_game(text)
    except TranscriptError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    if record.moves:  # what was read writes out and reads back the same
        assert read_game(game_text(record)).plies == record.plies


def test_a_game_text_with_explicit_passes_reads_back() -> None:
    record = read_game("d3 c3 e6 d2 d1 e1 b2 c1 pass a3")
    assert record.transcript == "d3c3e6d2d1e1b2c1a3"


# -- the scene ------------------------------------------------------------------




def type_text(player: Player, text: str) -> None:
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in text])


def paste_text(player: Player, text: str) -> None:
    """``text`` arriving at once, as a paste does (one text event)."""
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text=text)])


def open_transcript(player: Player, pasted: str | None = None) -> TranscriptScene:
    """The transcript scene, from the menu; with ``pasted``, its text replaced by that and read as a game."""
    player.click_button("scene:transcript")
    scene = player.app.scene
    assert isinstance(scene, TranscriptScene)
    if pasted is not None:
        scene.set_text("")  # it opens on the last game
        paste_text(player, pasted)
        assert scene.record is not None, scene.error
    return scene


def test_typing_a_transcript_then_playing_on_as_two_players(player_factory) -> None:
    player = player_factory()
    scene = open_transcript(player)
    assert scene.text == ""
    type_text(player, "1. F5 d6 2. C3 d3 3. c4")
    assert scene.record is not None and scene.record.transcript == TIGER
    assert "opening: Tiger" in scene.status_lines()[0]
    player.click_button("two")
    game = player.game
    assert game.record.transcript == TIGER
    assert game.setup.mode == "two"


def test_a_long_transcript_or_position_stays_inside_the_box(player_factory) -> None:
    player = player_factory()
    player.click_button("scene:transcript")
    scene = player.app.scene
    assert isinstance(scene, TranscriptScene)
    gap = pygame.Rect(scene.box.right + 2, scene.box.top, scene.board_rect.left - scene.box.right - 4,
                      scene.box.height)

    def gap_pixels() -> list[tuple[int, int, int]]:
        return [player.pixel((x, y)) for x in range(gap.left, gap.right) for y in range(gap.top, gap.bottom, 3)]

    empty = gap_pixels()
    for typed in (LONG_GAME, WIPEOUT_POSITION + "\n" + "f4"):
        player.click_button("clear")
        paste_text(player, typed)
        assert scene.record is not None, scene.error
        player.frame()
        assert gap_pixels() == empty  # nothing ran past the box into the preview board
        lines = player.app.ctx.text.wrap(scene.text, 24, scene.box.width - 32)
        assert all(player.app.ctx.text.width(line, 24) <= scene.box.width - 32 for line in lines)


def test_a_bad_move_is_named_and_nothing_can_use_the_text_until_it_is_fixed(player_factory) -> None:
    player = player_factory()
    scene = open_transcript(player)
    type_text(player, "f5 d6 c3 d3 c4 a1")
    status, is_error = scene.status_lines()
    assert is_error and status.startswith("Ply 6: a1 is not a legal move for White")
    assert scene.record is None
    for action in ("review", "two", "computer", "copy"):
        player.click_button(action)
        assert player.app.scene is scene, action
    assert scene.preview is not None and scene.preview.transcript == "f5d6c3d3c4"  # the board keeps the last good one
    player.press(pygame.K_BACKSPACE)
    player.press(pygame.K_BACKSPACE)
    assert scene.record is not None and scene.record.transcript == TIGER
    player.press(pygame.K_BACKSPACE, pygame.KMOD_CTRL)  # a whole word
    assert scene.text == "f5 d6 c3 d3 "


def test_paste_reads_the_clipboard_and_copy_puts_the_clean_transcript_on_it(player_factory, monkeypatch) -> None:
    copied: list[str] = []
    monkeypatch.setattr(transcript_scene, "paste_from_clipboard", lambda on_text: on_text("1. F5 D6 2. C3 D3 3. C4"))
    monkeypatch.setattr(transcript_scene, "copy_to_clipboard", lambda text, on_result=None: copied.append(text) or True)
    player = player_factory()
    scene = open_transcript(player)
    player.press(pygame.K_v, pygame.KMOD_CTRL)
    assert scene.record is not None and scene.record.transcript == TIGER
    player.click_button("copy")
    assert copied == [TIGER]


def test_paste_without_a_clipboard_says_so_and_changes_nothing(player_factory, monkeypatch) -> None:
    monkeypatch.setattr(transcript_scene, "paste_from_clipboard", lambda on_text: on_text(None))
    player = player_factory()
    scene = open_transcript(player)
    type_text(player, "f5")
    player.click_button("paste")
    assert scene.text == "f5"
    assert "cannot be read" in player.app.ctx.toasts[-1].message


def test_save_file_writes_the_game_next_to_the_games_data(tmp_path: Path, player_factory) -> None:
    player = player_factory(FileStorage(tmp_path))
    open_transcript(player)
    type_text(player, TIGER)
    player.click_button("save")  # the file chooser: a name ending in .txt saves the transcript
    player.type_name("othello-mine.txt")
    player.click_button("confirm")
    files = list((tmp_path / "games").glob("othello-*.txt"))
    assert len(files) == 1 and files[0].read_text(encoding="utf-8").strip() == TIGER
    assert str(files[0]) in player.app.ctx.toasts[-1].message


def finish_in_the_game_scene(player: Player, finished: GameRecord) -> None:
    """Play ``finished`` up to its last move handed in, and its last move by a click: the results follow as ever."""
    before = GameRecord.from_transcript(finished.transcript[:-2])
    assert finished.moves[-1] in before.position.legal_squares()
    player.app.scene.open(GameEntry(MatchSetup("two", BLACK), before))
    player.frame()
    player.click_square(square_name(finished.moves[-1]))
    player.run_until(lambda: player.app.scene_name == "results")


def test_the_last_finished_game_is_offered_and_can_be_reviewed(player_factory) -> None:
    finished = random_game(3)
    assert finished.is_over()
    player = player_factory()
    finish_in_the_game_scene(player, finished)  # the game scene keeps the last game as it ends, once
    player.click_button("menu")
    scene = open_transcript(player)
    assert scene.record is not None and scene.record.transcript == finished.transcript
    player.click_button("two")  # the game is over: refused, with a word why
    assert player.app.scene is scene
    player.press(pygame.K_RETURN)  # Enter reviews a good transcript
    assert player.app.scene_name == "review"


def test_a_resigned_game_saved_as_ggf_says_it_was_resigned(tmp_path: Path, player_factory) -> None:
    player = player_factory(FileStorage(tmp_path))
    player.app.scene.open(GameEntry(MatchSetup("two", BLACK)))
    player.frame()
    for square in ("f5", "d6"):
        player.click_square(square)
        player.run_until(lambda: not player.game.board.animation)
    player.click_button("resign")  # Black, to move, resigns
    player.click_button("confirm")
    player.click_button("review")
    player.click_button("transcript")
    scene = player.app.scene
    assert isinstance(scene, TranscriptScene) and scene.text == "f5d6"
    player.click_button("save")
    player.type_name("othello-resigned.ggf")
    player.click_button("confirm")
    (saved,) = (tmp_path / "games").glob("othello-*.ggf")
    text = saved.read_text(encoding="utf-8")
    assert "RE[-64.000:r]" in text and "B[F5]W[D6]" in text  # the outcome's result, not '?' from the record
    type_text(player, "c3")  # another game now: the resignation is not its result
    assert scene.record is not None and scene._result(scene.record) is None


# -- GGF and OBF through the scene ------------------------------------------------


def test_a_pasted_server_ggf_game_is_read_reviewed_and_saved_as_ggf(player_factory, tmp_path) -> None:
    player = player_factory()
    player.click_button("scene:transcript")
    scene = player.app.scene
    assert isinstance(scene, TranscriptScene)
    scene.set_text("")
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text=GGS_GAME)])
    assert scene.record is not None, scene.error
    status, is_error = scene.status_lines()
    assert not is_error and status.startswith("GGF: hercule vs scorp+, result +6.000") and "60 moves" in status
    player.click_button("save")  # the file chooser, in the games folder, with a GGF name
    player.click_button("confirm")
    (saved,) = (tmp_path / "games").glob("othello-*.ggf")
    (again,) = read_ggf(saved.read_text(encoding="utf-8"))
    assert again.black == "hercule" and again.record().played == read_ggf(GGS_GAME)[0].record().played
    player.click_button("review")
    review = player.app.scene
    assert isinstance(review, ReviewScene) and len(review.record.moves) == 60


def test_a_bad_ggf_or_obf_paste_says_why_and_changes_nothing(player_factory) -> None:
    player = player_factory()
    player.click_button("scene:transcript")
    scene = player.app.scene
    assert isinstance(scene, TranscriptScene)
    scene.set_text("")
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text="(;GM[Othello]B[f5]W[f5];)")])
    assert scene.record is None and "move 2: f5 is not a legal move" in scene.status_lines()[0]
    scene.set_text("")
    obf = GameRecord.from_transcript("f5d6c3").position.to_text() + "; D3:+1;"
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text=obf)])
    assert scene.record is not None and scene.record.position == GameRecord.from_transcript("f5d6c3").position
    player.click_button("two")
    assert player.game.position == scene.record.position and not player.game.setup.counts


# -- issue 21: the players' names in the files and the review ------------------------------------


def copied_ggf(player: Player, monkeypatch: pytest.MonkeyPatch) -> str:
    """Press Copy GGF in the transcript scene shown; what it put on the clipboard."""
    copied: list[str] = []
    monkeypatch.setattr(transcript_scene, "copy_to_clipboard", lambda text, on_result=None: copied.append(text))
    player.click_button("copy_ggf")
    (ggf,) = copied
    return ggf


def test_the_ggf_of_a_game_against_the_computer_names_you_and_its_level(player_factory, monkeypatch) -> None:
    from game.scenes.entries import ResultsEntry

    player = player_factory()
    record = GameRecord.from_transcript(TIGER)
    player.app.scene.open(ResultsEntry(setup=MatchSetup("computer", BLACK, 1), record=record))
    player.frame()
    player.click_button("review")
    player.click_button("transcript")
    ggf = copied_ggf(player, monkeypatch)
    assert "PB[You]PW[Othello Apprentice]" in ggf and "PB[Black]" not in ggf
    player.click_button("clear")
    type_text(player, "f5")  # another game now: not the computer's
    assert "PB[Black]PW[White]" in copied_ggf(player, monkeypatch)


def test_the_ggf_of_the_game_in_progress_names_the_computers_level(player_factory, monkeypatch) -> None:
    player = player_factory()
    player.app.scene.open(GameEntry(MatchSetup("computer", "O", 0)))  # the computer (Novice) has Black
    player.frame()
    player.run_until(lambda: player.my_turn(), frames=400)
    player.click_square(square_name(player.game.position.legal_squares()[0]))  # a game without a move of yours
    player.run_until(lambda: player.my_turn(), frames=400)  # is not kept
    player.click_button("menu")
    assert player.app.scene_name == "menu"
    scene = open_transcript(player)
    assert len(scene.text) == 6  # the computer's first move, yours, its reply
    assert "PB[Othello Novice]PW[You]" in copied_ggf(player, monkeypatch)


def test_a_ggf_game_is_reviewed_under_its_players_names(player_factory) -> None:
    player = player_factory()
    open_transcript(player, GGS_GAME)
    player.click_button("review")
    review = player.app.scene
    assert isinstance(review, ReviewScene)
    title = review.comment_lines()[0][0]
    assert title == "Move 1: hercule played d3"
    assert review.player_label(BLACK) == "hercule" and review.player_label("O") == "scorp+"
    player.press(pygame.K_END)
    assert review.comment_lines()[1][0].startswith(("hercule wins", "scorp+ wins", "A draw"))


# -- issue 21, item 10: what "Replayed" says for no move and for one -----------------------------------


@pytest.mark.parametrize(("pasted", "says"), [
    (GameRecord.from_transcript("f5d6c3").position.to_text() + ";", "Playing from the position given."),
    ("f5", "Replayed 1 move. Undo steps back through it."),
    ("f5d6c3", "Replayed 3 moves. Undo steps back through them."),
])
def test_playing_on_from_a_transcript_says_what_was_replayed(player_factory, pasted: str, says: str) -> None:
    player = player_factory()
    open_transcript(player, pasted)
    player.click_button("two")
    player.frame()
    assert player.app.scene_name == "game"
    assert [t.message for t in player.app.ctx.toasts if t.message.startswith(("Replayed", "Playing from"))] == [says]


def test_a_bad_transcripts_error_is_shown_in_the_players_language(player_factory) -> None:
    import gettext

    from game.i18n import catalog_path

    with catalog_path("fr").open("rb") as handle:
        french = gettext.GNUTranslations(handle)
    reason = french.gettext("{move} is not a legal move for White").format(move="a1")
    expected = french.gettext("ply {ply}: {error}").format(ply=6, error=reason)
    assert expected != "ply 6: a1 is not a legal move for White"  # the catalog translates both templates
    player = player_factory()
    assert player.app.ctx.languages.choose("fr")
    try:
        scene = open_transcript(player)
        type_text(player, "f5 d6 c3 d3 c4 a1")
        assert scene.record is None and scene.error == expected
        status, is_error = scene.status_lines()
        assert is_error and status.startswith(expected[0].upper() + expected[1:])
        with pytest.raises(TranscriptError) as refused:
            read_game("f5 d6 c3 d3 c4 a1")
        assert str(refused.value) == "ply 6: a1 is not a legal move for White"  # the English line stays as it was
    finally:
        player.app.ctx.languages.choose("en")


def test_play_the_computer_from_a_transcript_asks_the_level_and_colour_then_plays_on(player_factory) -> None:
    """Issue 47, item 15's sibling: a transcript plays on as the editor's position does, after New game's choice."""
    player = player_factory()
    open_transcript(player, "f5d6c3d3c4")
    player.click_button("computer")
    assert player.app.scene_name == "new_game"
    player.click_button("level:3")
    player.click_button("start")
    game = player.game
    assert game.setup.level == 3 and game.record.transcript.startswith("f5d6c3d3c4") and game.setup.given == 5
