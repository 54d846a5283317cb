"""The opening trainer: the book's judgement of answers, the computer's book replies, progress, and the scenes.

The model tests need no window; the scene tests drive the real ``App`` with
pygame events under ``SDL_VIDEODRIVER=dummy`` (``tests/app_driver.py``).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pygame
import pytest

from game.ai import Limits, advise
from game.ai.book import default_book
from game.engine import BLACK, WHITE, GameRecord, parse_square, square_name
from game.i18n import pgettext
from game.library.explorer import explore
from game.platform.documents import JsonDocuments
from game.platform.storage import MemoryStorage
from game.play.session import Move, Phase
from game.scenes.entries import ReviewEntry, TrainerEntry
from game.scenes.trainer import TrainerListScene, TrainerScene
from game.trainer.feedback import Feedback, disc_text
from game.trainer.model import GOOD_MARGIN, LineResult, TrainerSession
from game.trainer.openings import START_NAME, opening_at, trainable_openings
from game.trainer.progress import PROGRESS_KEY, TrainerProgress
from game.ui.layout import LANDSCAPE, PORTRAIT
from tests.app_driver import Player, start_two_player_game

TIGER = "f5d6c3d3c4"


def tiger_session(colour: str = WHITE, seed: int = 1, **kwargs: object) -> TrainerSession:
    opening = next(o for o in trainable_openings(default_book()) if o.name == "Tiger")
    return TrainerSession(opening, colour, default_book(), random.Random(seed), **kwargs)  # type: ignore[arg-type]


def answer(session: TrainerSession, square: int) -> tuple[Feedback, Move]:
    """The player's answer through the session, as the screen gives it: played and judged (a refusal fails)."""
    played = session.play(square)
    assert isinstance(played, Move), played
    assert session.feedback is not None
    return session.feedback, played


def book_reply(session: TrainerSession) -> Move | None:
    """The computer's book move at once (the screen waits for its animation first)."""
    return session.advance(0, 0.0) if session.phase is Phase.COMPUTER else None


def book_at(transcript: str) -> dict[int, object]:
    position = GameRecord.from_transcript(transcript).position
    return default_book().lookup(position.player, position.opponent)  # type: ignore[return-value]


# -- judging answers -------------------------------------------------------------------


def test_a_move_the_book_values_more_than_two_discs_worse_names_the_better_moves() -> None:
    moves = default_book().lookup(*(lambda p: (p.player, p.opponent))(GameRecord.from_transcript(TIGER).position))
    best = max(entry.value for entry in moves.values())
    g5 = parse_square("g5")
    assert moves[g5].value < best - GOOD_MARGIN  # the book's verdict, read from the file, not assumed
    expected = sorted((sq for sq, e in moves.items() if e.value >= best - GOOD_MARGIN),
                      key=lambda sq: -moves[sq].value)
    session = tiger_session()
    assert session.phase is Phase.HUMAN  # White answers the Tiger's c4
    feedback, played = answer(session, g5)
    assert feedback.verdict == "weak" and feedback.mistake
    assert [b.square for b in feedback.better] == expected
    for better in feedback.better:
        assert square_name(better.square) in feedback.text
        assert f"{better.value:+.1f}" in feedback.text
    assert "f4 (-0.3, 46,513 games)" in feedback.text  # the Tiger's main line, with its value and games
    assert "b3" not in feedback.text  # 2.1 discs below the best: not one of the better moves
    assert session.phase is Phase.REJECTED and played.square == g5
    assert session.score.answered == 1 and session.score.good == 0 and session.score.in_book == 1
    assert session.retry() and session.phase is Phase.HUMAN
    assert session.record.transcript == TIGER


def test_a_move_out_of_the_book_says_so_and_a_good_move_hands_the_turn_over() -> None:
    rose_bill = "f5d6c3d3c4f4c5b3c2b4"  # the Central Rose-Bill: no master played a2 here
    moves = [parse_square(rose_bill[i:i + 2]) for i in range(0, len(rose_bill), 2)]
    opening = opening_at(moves)
    assert opening.name == "Central Rose-Bill" and opening.saved
    session = TrainerSession(opening, BLACK, default_book(), random.Random(1))
    book_moves = session.book_moves()
    best = max(book_moves, key=lambda sq: book_moves[sq].value)
    assert parse_square("a2") not in book_moves and session.position.is_legal(parse_square("a2"))
    before = session.position
    feedback, _ = answer(session, parse_square("a2"))
    # the engine values it as the book's moves are valued: searched as deep as the book's leaves
    engine = advise(before, Limits(depth=default_book().info.depth), every_value=True).run().values
    assert feedback.verdict == "out_of_book" and feedback.value == engine[parse_square("a2")]
    assert feedback.value < book_moves[best].value and disc_text(feedback.value) in feedback.text
    assert "a2 leaves the book" in feedback.text and square_name(best) in feedback.text
    assert session.score.in_book == 0
    feedback, _ = answer(session, best)  # answering after a mistake takes it back first
    assert feedback.verdict == "best" and not feedback.mistake
    assert session.record.transcript == rose_bill + square_name(best)
    assert session.phase is Phase.COMPUTER
    assert session.score.answered == 2 and session.score.good == 1


def test_the_computer_replies_with_book_moves_weighted_by_master_games() -> None:
    moves = book_at("f5")
    played = {sq: e.games for sq, e in moves.items() if e.games > 0}  # type: ignore[attr-defined]
    total = sum(played.values())
    session = TrainerSession(opening_at([parse_square("f5")]), BLACK, default_book(), random.Random(11))
    counts: Counter[int] = Counter()
    draws = 3000
    for _ in range(draws):
        assert session.phase is Phase.COMPUTER
        reply = book_reply(session)
        assert reply is not None and reply.colour == WHITE
        counts[reply.square] += 1
        session.start_line()
    assert set(counts) <= set(played)
    for square, games in played.items():
        assert abs(counts[square] / draws - games / total) < 0.03, square_name(square)
    again = TrainerSession(opening_at([parse_square("f5")]), BLACK, default_book(), random.Random(11))
    replay = []
    for _ in range(20):
        reply = book_reply(again)
        assert reply is not None
        replay.append(reply.square)
        again.start_line()
    first = TrainerSession(opening_at([parse_square("f5")]), BLACK, default_book(), random.Random(11))
    seeded = []
    for _ in range(20):
        reply = book_reply(first)
        assert reply is not None
        seeded.append(reply.square)
        first.start_line()
    assert replay == seeded  # the same seed, the same replies


def test_a_line_runs_to_the_end_of_the_book_and_is_reported_once() -> None:
    ended: list[LineResult] = []
    session = tiger_session(seed=3, on_line_end=ended.append)
    for _ in range(60):
        if session.phase is Phase.COMPUTER:
            assert book_reply(session) is not None
        elif session.phase is Phase.HUMAN:
            moves = session.book_moves()
            answer(session, max(moves, key=lambda sq: moves[sq].value))
        else:
            break
    assert session.phase is Phase.OVER
    assert "book ends" in session.end_reason or "line ends" in session.end_reason
    # reported answer by answer: one new line, the end once, with its last report
    assert [r.new_line for r in ended] == [True] + [False] * (len(ended) - 1)
    assert [r.completed for r in ended] == [False] * (len(ended) - 1) + [True] and ended[-1].mistakes == 0
    assert sum(r.answered for r in ended) == sum(r.good for r in ended) == session.score.answered > 0
    reports = len(ended)
    session.next_line()
    assert len(ended) == reports  # a line already reported is not counted again
    assert session.record.transcript == TIGER and session.phase is Phase.HUMAN


def test_the_ply_limit_ends_a_line() -> None:
    session = tiger_session(ply_limit=2)
    answer(session, parse_square("f4"))
    book_reply(session)
    assert session.phase is Phase.OVER and "after 2 moves" in session.end_reason


def test_a_position_handed_in_is_trained_from_there() -> None:
    position = GameRecord.from_transcript(TIGER).position
    opening = opening_at(position=position)
    assert opening.name == "Tiger" and opening.saved and opening.start == position
    session = TrainerSession(opening, WHITE, default_book(), random.Random(1))
    assert session.phase is Phase.HUMAN and session.position == position
    unnamed = opening_at([parse_square("f5")])  # no name: counted in the opening it is in, here the start
    assert unnamed.name == "This line" and unnamed.saved and unnamed.progress_name == START_NAME
    assert not opening_at(position=GameRecord.from_transcript("f5").position).saved  # a set-up with no name
    with pytest.raises(ValueError):
        opening_at([parse_square("a1")])


def test_the_trainable_openings_are_the_named_ones_the_book_has() -> None:
    openings = trainable_openings(default_book())
    names = [o.name for o in openings]
    assert names[0] == "From the start" and "Tiger" in names and "Rose" in names
    for opening in openings:
        position = opening.record().position
        assert default_book().lookup(position.player, position.opponent), opening.name


# -- progress ------------------------------------------------------------------------


def test_progress_is_saved_and_read_back() -> None:
    progress = TrainerProgress()
    progress.record_line("Tiger", WHITE, answered=6, good=5, completed=True, mistakes=1)
    progress.record_line("Tiger", WHITE, answered=4, good=4, completed=True, mistakes=0)
    progress.record_line("Rose", BLACK, answered=2, good=1, completed=False, mistakes=1)
    storage = MemoryStorage()
    assert JsonDocuments(storage).save(PROGRESS_KEY, progress.to_json(), "opening-trainer progress")
    loaded = JsonDocuments(storage).load(PROGRESS_KEY, TrainerProgress.from_json, "opening-trainer progress")
    assert loaded is not None
    tiger = loaded.of("Tiger", WHITE)
    assert (tiger.lines, tiger.completed, tiger.clean, tiger.answered, tiger.good) == (2, 2, 1, 10, 9)
    assert loaded.of("Tiger", BLACK).lines == 0
    assert loaded.of("Rose", BLACK).summary() == "1 line, 0 clean · 50% good"


@pytest.mark.parametrize("bad", [
    "{not json",
    json.dumps({"openings": {"Tiger": {"white": {"lines": 1, "clean": 2, "completed": 1}}}}),
    json.dumps({"openings": {"Tiger": {"purple": {"lines": 1}}}}),
    json.dumps({"openings": {"Tiger": {"black": {"lines": -1}}}}),
    json.dumps([1, 2]),
])
def test_a_corrupt_progress_store_is_set_aside_with_a_message_and_nothing_else_is_lost(bad: str) -> None:
    challenges = json.dumps({"stars": {"corner-1": 3}, "seen_solution": []})
    storage = MemoryStorage({PROGRESS_KEY: bad, "challenges": challenges})
    documents = JsonDocuments(storage)
    assert documents.load(PROGRESS_KEY, TrainerProgress.from_json, "opening-trainer progress") is None
    [message] = documents.take_messages()
    assert message.startswith("Your opening-trainer progress could not be read")
    aside = [key for key in storage.data if key.startswith(f"{PROGRESS_KEY}.corrupt-")]
    assert len(aside) == 1 and storage.data[aside[0]] == bad and PROGRESS_KEY not in storage.data
    assert storage.data["challenges"] == challenges


# -- the scenes, with real events ------------------------------------------------------


def open_trainer(player: Player, opening: str, colour: str) -> TrainerScene:
    player.click_button("scene:trainer")
    scene = player.app.scene
    assert isinstance(scene, TrainerListScene)
    player.click_button(f"colour:{colour}")
    while scene.page > 0:  # the list stays on the page it was left at
        player.click_button("page:-1")
    for _ in range(10):
        shown = pgettext("opening", opening)  # the tile's name in the language in use
        tile = next((b for b in player.app.scene.group.buttons if b.label == shown), None)  # type: ignore[attr-defined]
        if tile is not None:
            break
        player.click_button("page:1")
    assert tile is not None, opening
    player.click(tile.rect.center)
    trainer = player.app.scene
    assert isinstance(trainer, TrainerScene) and trainer.session is not None
    return trainer


def click_square(player: Player, scene: TrainerScene, name: str) -> None:
    assert scene.board.view is not None
    player.click(scene.board.view.square_center(parse_square(name)))


@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT])
def test_the_trainer_judges_a_bad_move_and_rings_the_better_one(player_factory, size) -> None:
    storage = MemoryStorage()
    player = player_factory(storage, window_size=size)
    scene = open_trainer(player, "Tiger", WHITE)
    session = scene.session
    assert session is not None and session.colour == WHITE and session.record.transcript == TIGER
    click_square(player, scene, "g5")
    feedback = session.feedback
    assert feedback is not None and feedback.verdict == "weak"
    assert "f4 (-0.3" in feedback.text
    assert scene.marks().best == [parse_square("f4")]
    player.frame()
    view = scene.board.view
    assert view is not None
    ring = view.square_rect(parse_square("f4"))
    assert player.pixel((ring.centerx, ring.top + 4)) == player.app.ctx.theme.hint  # the better move ringed
    player.click_button("retry")
    assert session.phase is Phase.HUMAN and session.record.transcript == TIGER
    click_square(player, scene, "f4")
    assert session.feedback is not None and session.feedback.verdict == "best"
    player.run_until(lambda: session.phase is not Phase.COMPUTER)
    assert len(session.record.moves) == 7  # the computer answered with a book move
    player.click_button("next")  # leaving a line with answers records it
    saved = TrainerProgress.from_json(json.loads(storage.data[PROGRESS_KEY]))
    assert saved.of("Tiger", WHITE).lines == 1 and saved.of("Tiger", WHITE).good == 1
    player.click_button("list")
    assert isinstance(player.app.scene, TrainerListScene)
    tile = next(b for b in player.app.scene.group.buttons if b.label == "Tiger")
    assert tile.subtitle.startswith("1 line, 0 clean")


def test_an_illegal_click_in_the_trainer_changes_nothing(player_factory) -> None:
    player = player_factory(MemoryStorage())
    scene = open_trainer(player, "Tiger", WHITE)
    click_square(player, scene, "a1")
    assert scene.session is not None and scene.session.score.answered == 0
    assert "not a legal move" in scene.message and scene.session.record.transcript == TIGER


def test_a_corrupt_trainer_store_gives_a_message_and_the_trainer_opens(player_factory) -> None:
    challenges = json.dumps({"stars": {"corner-1": 3}, "seen_solution": []})
    storage = MemoryStorage({PROGRESS_KEY: "{oops", "challenges": challenges})
    player = player_factory(storage)
    player.click_button("scene:trainer")
    assert isinstance(player.app.scene, TrainerListScene)
    messages = [t.message for t in player.app.ctx.toasts]
    assert any("opening-trainer progress could not be read" in m for m in messages)
    assert storage.data["challenges"] == challenges
    assert any(key.startswith(f"{PROGRESS_KEY}.corrupt-") for key in storage.data)


@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT])
def test_menu_and_trainer_layouts_fit_the_screen(player_factory, size) -> None:
    player = player_factory(MemoryStorage(), window_size=size)
    screen = pygame.Rect((0, 0), player.app.ctx.size)

    def check() -> None:
        rects = [b.rect for b in player.app.scene.group.buttons]  # type: ignore[attr-defined]
        for i, rect in enumerate(rects):
            assert screen.contains(rect), rect
            assert all(not rect.colliderect(other) for other in rects[i + 1:]), rect

    check()
    assert any(b.label == "Opening trainer" for b in player.app.scene.group.buttons)  # type: ignore[attr-defined]
    player.click_button("scene:trainer")
    check()
    player.click_button("page:1")
    check()
    player.click_button("back")
    scene = open_trainer(player, "Tiger", BLACK)
    check()
    assert scene.board.view is not None
    board = scene.board.view.rect
    assert screen.contains(board) and not any(board.colliderect(b.rect) for b in scene.group.buttons)
    assert not board.colliderect(scene.panel)


# -- the explorer panel beside the board -------------------------------------------------


@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT])
def test_the_explorer_panel_is_in_the_game_only_when_the_setting_is_on(player_factory, size) -> None:
    storage = MemoryStorage()
    player = player_factory(storage, window_size=size)
    assert player.app.ctx.settings.show_explorer is False  # off by default: it would spoil play
    start_two_player_game(player)
    game = player.game
    full_moves = game.layout_rects.moves
    player.frame()
    assert game.explorer_rect is None and game.explorer.mode == ""
    player.press(pygame.K_ESCAPE)
    player.click_button("scene:settings")
    player.click_button("show_explorer=on")
    assert '"show_explorer": true' in (storage.read("settings") or "")
    player.click_button("back")
    player.click_button("two")  # a game without a move is not kept: a new one
    game = player.game
    player.click_square("f5")
    player.frame()
    rect = game.explorer_rect
    assert rect is not None and full_moves.contains(rect) and not rect.colliderect(game.layout_rects.moves)
    assert game.explorer.mode == ("table" if size == LANDSCAPE else "compact")
    data = game.explorer.exploration(game.position, game.record.moves)
    assert data == explore(game.position, line=game.record.moves)  # what the panel shows is the explorer's
    if data.source == "book":  # no library index loaded in this process: the book's own counts
        moves = book_at("f5")
        assert {name: stats.games for name, stats in data.moves.items()} == \
            {square_name(sq): e.games for sq, e in moves.items()}  # type: ignore[attr-defined]
    assert data.moves["d6"].games > data.moves["f4"].games > 0
    screen = pygame.Rect((0, 0), player.app.ctx.size)
    assert screen.contains(rect) and not any(rect.colliderect(b.rect) for b in game.group.buttons)


def test_the_review_shows_the_explorer_on_request(player_factory) -> None:
    player = player_factory(MemoryStorage())
    player.app.scene.open(ReviewEntry(record=GameRecord.from_transcript(TIGER + "f4"), index=5))
    player.frame()
    review = player.app.scene
    assert not review.show_explorer  # type: ignore[attr-defined]
    player.click_button("explorer")
    player.frame()
    assert review.show_explorer and review.explorer.mode == "table"  # type: ignore[attr-defined]
    data = review.explorer.exploration(GameRecord.from_transcript(TIGER).position,  # type: ignore[attr-defined]
                                       GameRecord.from_transcript(TIGER).moves)
    assert data.name == "Tiger" and data.moves["f4"].games >= 46513 and data.moves["f4"].value == -0.3
    player.press(pygame.K_e)
    assert not review.show_explorer  # type: ignore[attr-defined]


def test_a_line_handed_in_from_the_explorer_heads_the_list(player_factory) -> None:
    player = player_factory(MemoryStorage())
    moves = [parse_square(TIGER[i:i + 2]) for i in range(0, len(TIGER), 2)] + [parse_square("f4")]
    player.app.scene.open(TrainerEntry(moves=moves, colour=BLACK))
    player.frame()
    first = next(b for b in player.app.scene.group.buttons if b.action == "open:0")  # type: ignore[attr-defined]
    assert first.label == opening_at(moves).name == "This line"  # no name for this position: listed first
    player.click(first.rect.center)
    trainer = player.app.scene
    assert isinstance(trainer, TrainerScene) and trainer.session is not None
    assert trainer.session.record.transcript == TIGER + "f4" and trainer.session.phase is Phase.HUMAN


def test_the_explorer_panel_fits_what_room_it_has(player_factory) -> None:
    from game.ui.explorer_panel import ExplorerPanel

    player = player_factory(MemoryStorage())
    ctx = player.app.ctx
    surface = pygame.Surface(ctx.size)
    position = GameRecord.from_transcript(TIGER).position
    panel = ExplorerPanel()
    for height, mode in ((40, "no room"), (90, "compact"), (260, "table")):
        panel.draw(surface, ctx.text, ctx.theme, pygame.Rect(10, 10, 440, height), position)
        assert panel.mode == mode, height
    assert panel.exploration(position).name == "Tiger"
    outside = GameRecord.from_transcript(TIGER + "g5c2").position  # no 20 master games went this way
    if panel.exploration(outside).source == "book":
        assert panel.exploration(outside).moves == {}
    panel.draw(surface, ctx.text, ctx.theme, pygame.Rect(10, 10, 440, 260), outside)
    assert panel.mode == "table"


# -- progress saved after every answer (issue 21, item 5) --------------------------------


def saved_progress(storage: MemoryStorage) -> TrainerProgress:
    assert PROGRESS_KEY in storage.data, "trainer.json was not written"
    return TrainerProgress.from_json(json.loads(storage.data[PROGRESS_KEY]))


def test_a_line_that_ends_on_a_weak_answer_is_saved_without_next_line(player_factory) -> None:
    storage = MemoryStorage()
    player = player_factory(storage)
    scene = open_trainer(player, "Tiger", WHITE)
    click_square(player, scene, "g5")  # weak: the line stops here
    assert scene.session is not None and scene.session.phase is Phase.REJECTED
    tiger = saved_progress(storage).of("Tiger", WHITE)  # saved at once, before any button
    assert (tiger.lines, tiger.answered, tiger.good, tiger.completed) == (1, 1, 0, 0)
    player.click_button("retry")
    click_square(player, scene, "f4")  # the same line goes on: more answers, not another line
    tiger = saved_progress(storage).of("Tiger", WHITE)
    assert (tiger.lines, tiger.answered, tiger.good) == (1, 2, 1)
    player.click_button("list")  # left without Next line
    tile = next(b for b in player.app.scene.group.buttons if b.label == "Tiger")  # type: ignore[attr-defined]
    assert tile.subtitle.startswith("1 line, 0 clean · 50% good")
    assert saved_progress(storage).of("Tiger", WHITE).lines == 1


def test_a_line_trained_from_the_explorer_is_saved(player_factory) -> None:
    from game.scenes.entries import ExplorerEntry

    storage = MemoryStorage()
    player = player_factory(storage)
    player.app.scene.open(ExplorerEntry())  # type: ignore[attr-defined]
    player.frame()
    player.click_button("train")  # at the start: "This line", Black to answer
    scene = player.app.scene
    assert isinstance(scene, TrainerScene) and scene.session is not None
    click_square(player, scene, "f5")
    session = scene.session
    assert session.feedback is not None and not session.feedback.mistake
    player.run_until(lambda: session.phase is not Phase.COMPUTER)
    player.click_button("menu")  # straight to the menu: nothing but the answer made
    start = saved_progress(storage).of(START_NAME, BLACK)
    assert (start.lines, start.answered, start.good) == (1, 1, 1)
    scene_list = open_trainer_list(player, BLACK)
    tile = next(b for b in scene_list.group.buttons if b.label == START_NAME)
    assert tile.subtitle.startswith("1 line, 0 clean · 100% good")


def open_trainer_list(player: Player, colour: str) -> TrainerListScene:
    player.click_button("scene:trainer")
    scene = player.app.scene
    assert isinstance(scene, TrainerListScene)
    player.click_button(f"colour:{colour}")
    while scene.page > 0:
        player.click_button("page:-1")
    return scene
