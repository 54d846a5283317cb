"""The opening explorer: its counts against a plain scan of the games, its cache, its scene."""

from __future__ import annotations

import os
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.engine import GameRecord, Position, parse_square, square_name
from game.engine.symmetry import canonical, canonical_move, images
from game.library import service as library_service
from game.library.database import GameTable, TableLoader
from game.library.explorer import explore
from game.library.index_builder import IndexBuilder
from game.library.index_file import decode_index, encode_index
from game.library.positions import PositionIndex
from game.library.service import LibraryService, read_cache
from game.platform.storage import MemoryStorage
from game.records.wthor import WTHOR_PATH, read_games, replay
from game.scenes.entries import ExplorerEntry, LibraryEntry, ReviewEntry
from game.ui.explorer_panel import ExplorerPanel

GAMES = 1500
PLIES = 30
Key = tuple[int, int]


@pytest.fixture(scope="module")
def table() -> GameTable:
    full = TableLoader(WTHOR_PATH).run()
    return GameTable(full.games[:GAMES], full.path, full.stamp)


@pytest.fixture(scope="module")
def index(table: GameTable) -> PositionIndex:
    return IndexBuilder(table, PLIES).run()


@pytest.fixture(scope="module")
def scan() -> dict[Key, Counter[int]]:
    """The plain scan, with the game module's own reader and replay: canonical position -> canonical move -> games."""
    counts: dict[Key, Counter[int]] = defaultdict(Counter)
    for game in read_games(limit=GAMES):
        for ply in replay(game.squares[:PLIES]):
            p, o, symmetries = canonical(ply.player, ply.opponent)
            counts[(p, o)][canonical_move(symmetries, ply.move)] += 1
    return counts


def position_after(moves: str) -> Position:
    return GameRecord.from_transcript(moves).position


def expected(scan: dict[Key, Counter[int]], position: Position) -> dict[str, int]:
    """Square name (in the position's own orientation) -> games, from the scan."""
    p, o, symmetries = canonical(position.player, position.opponent)
    found = scan.get((p, o), Counter())
    names = {}
    for square in position.legal_squares():
        games = found.get(canonical_move(symmetries, square), 0)
        if games:
            names[f"{'abcdefgh'[square % 8]}{square // 8 + 1}"] = games
    return names


@pytest.mark.parametrize("moves", ["", "f5", "f5d6", "f5f6", "f5d6c3d3c4", "f5d6c5f4e3c6d3f6e6d7", "f5f4e3f6d3"])
def test_counts_equal_a_plain_scan(index: PositionIndex, scan: dict[Key, Counter[int]], moves: str) -> None:
    position = position_after(moves)
    found = explore(position, index=index)
    assert found.source == "index"
    counted = {name: stats.games for name, stats in found.moves.items() if stats.games}
    assert counted == expected(scan, position) and counted
    assert found.total_games == sum(scan[canonical(position.player, position.opponent)[:2]].values())


def test_mirror_images_and_transpositions_count_as_one(index: PositionIndex, scan: dict[Key, Counter[int]]) -> None:
    tiger = position_after("f5d6c3d3c4")
    from_e6 = position_after("e6f4c3c4d3")  # the same opening begun on e6: the Tiger turned over a diagonal
    assert from_e6 != tiger
    a, b = explore(tiger, index=index), explore(from_e6, index=index)
    assert a.total_games == b.total_games > 20
    assert a.moves["f4"].games == b.moves["d6"].games  # f4 in the Tiger is d6 in its image
    # a board no game reached as it is: the Tiger mirrored left to right (another colour set-up)
    mirrored = Position(images(tiger.black)[1], images(tiger.white)[1], tiger.to_move)
    m = explore(mirrored, index=index)
    assert m.total_games == a.total_games and m.moves["c4"].games == a.moves["f4"].games
    assert {n: s.games for n, s in m.moves.items() if s.games} == expected(scan, mirrored)
    # a transposition: the same position by two move orders, both played in these games
    one, other = position_after("f5f6e6f4e3c5c4d3f3"), position_after("f5f6e6f4e3d3f3c5c4")
    assert one == other
    both = explore(one, index=index)
    assert {n: s.games for n, s in both.moves.items() if s.games} == expected(scan, one)
    lines = [g for g in read_games(limit=GAMES)
             if "".join(f"{'abcdefgh'[m % 8]}{m // 8 + 1}" for m in g.squares[:9]) in (
                 "f5f6e6f4e3c5c4d3f3", "f5f6e6f4e3d3f3c5c4")]
    assert len({tuple(g.squares[:9]) for g in lines}) == 2  # both orders were played, and count together
    assert len(lines) <= both.total_games == sum(scan[canonical(one.player, one.opponent)[:2]].values())


def test_the_start_shows_every_game_under_each_first_move(index: PositionIndex) -> None:
    start = explore(Position.start(), index=index)
    assert sorted(start.moves) == ["c4", "d3", "e6", "f5"]
    assert {s.games for s in start.moves.values()} == {GAMES} and start.total_games == GAMES
    assert start.moves["f5"].value is not None  # the book's value beside the count


def test_scores_are_the_movers_average_result(index: PositionIndex, table: GameTable) -> None:
    after = position_after("f5d6")  # Black to move
    found = explore(after, index=index)
    games = [g for g in table.games if g.moves.startswith("f5d6c3")]
    assert found.moves["c3"].games == len(games)
    score = found.moves["c3"].score
    assert score is not None and score == pytest.approx(sum(g.black_margin for g in games) / len(games))
    white = explore(position_after("f5d6c3"), index=index)  # White to move: the sign turns
    replies = [g for g in table.games if g.moves.startswith("f5d6c3d3")]
    d3 = white.moves["d3"].score
    assert d3 is not None and d3 == pytest.approx(-sum(g.black_margin for g in replies) / len(replies))


def test_beyond_the_plies_and_without_an_index_the_book_answers(index: PositionIndex) -> None:
    book = explore(position_after("f5d6c3d3c4"), index=None)
    assert book.source == "book" and book.moves["f4"].games > 40_000 and book.name == "Tiger"
    deep = "f5d6c3d3c4f4f6f3e6e7d7g6f8f7g5h6h4e8d8c8c7b8h5g4g3h3e3c5c6b6"  # 30 moves: past the index
    assert explore(position_after(deep), index=index).source == "book"
    assert explore(position_after("f5d6c3d3c4"), line=[parse_square(s) for s in ("f5", "d6", "c3", "d3", "c4")],
                   index=index).name == "Tiger"


def test_the_cache_round_trips_and_a_bad_one_is_rebuilt(index: PositionIndex, table: GameTable,
                                                        tmp_path: Path) -> None:
    data = encode_index(index)
    again = decode_index(data)
    assert again.positions == index.positions and again.stamp == index.stamp
    assert explore(Position.start(), index=again) == explore(Position.start(), index=index)
    path = tmp_path / "explorer-30.bin"
    for bad in (b"", b"OTXI", data[:-10], data[:40] + bytes(len(data) - 40), b"junk" * 100):
        path.write_bytes(bad)
        assert read_cache(path, index.stamp, PLIES) is None
    path.write_bytes(data)
    assert read_cache(path, "another-stamp-00", PLIES) is None  # stale: other games
    assert read_cache(path, index.stamp, PLIES) is not None


def test_a_corrupt_cache_is_rebuilt_not_a_crash(tmp_path: Path, table: GameTable) -> None:
    from tests.test_library import write_table

    lines = ["\t".join([str(g.year), g.event, g.black, g.white, g.result, g.moves]) for g in table.games[:200]]
    games = write_table(tmp_path / "wthor-1977-2023.tsv.xz", lines)  # named as the full database
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "explorer-30.bin").write_bytes(b"OTXI\x01\x00garbage")
    service = LibraryService(games, cache=cache).run()
    assert service.index is not None and service.error is None and "build" in service.timings
    assert service.note is not None and service.note.startswith("The explorer's cache was rebuilt")  # said once
    assert "explorer index cache" in service.note and "\n" not in service.note  # and why
    rebuilt = read_cache(cache / "explorer-30.bin", service.index.stamp, PLIES)
    assert rebuilt is not None and rebuilt.positions == service.index.positions
    second = LibraryService(games, cache=cache).run()  # now read, not built
    assert "build" not in second.timings and second.index is not None and second.note is None


def small_full_database(tmp_path: Path, table: GameTable, count: int = 200) -> Path:
    """A games file of ``count`` games named as the full database (so the service builds the index)."""
    from tests.test_library import write_table

    lines = ["\t".join([str(g.year), g.event, g.black, g.white, g.result, g.moves]) for g in table.games[:count]]
    return write_table(tmp_path / "wthor-1977-2023.tsv.xz", lines)


def test_every_kind_of_bad_cache_is_rebuilt_with_one_line_saying_why(tmp_path: Path, table: GameTable) -> None:
    from game.library.table_cache import file_stamp

    games = small_full_database(tmp_path, table)
    cache = tmp_path / "cache"
    assert LibraryService(games, cache=cache).run().note is None  # none yet: built and saved, nothing to say
    good = (cache / "explorer-30.bin").read_bytes()
    other = encode_index(IndexBuilder(GameTable(table.games[:10], table.path, "0" * 16), PLIES).run())
    stamp = file_stamp(games)
    fewer = encode_index(IndexBuilder(GameTable(table.games[:200], table.path, stamp), 20).run())  # 20 plies
    damaged = {"truncated": good[:-10], "garbage": b"junk" * 100, "empty": b"", "other games": other,
               "other plies": fewer, "zeroed": good[:40] + bytes(len(good) - 40)}
    for what, data in damaged.items():
        (cache / "explorer-30.bin").write_bytes(data)
        service = LibraryService(games, cache=cache).run()
        assert service.index is not None and service.error is None, what
        note = service.note
        assert note is not None and note.startswith("The explorer's cache was rebuilt") and ": " in note, what
        assert (cache / "explorer-30.bin").read_bytes() == good, what  # and replaced by a good one
        assert LibraryService(games, cache=cache).run().note is None, what  # said once


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")
def test_a_fifo_as_the_explorer_cache_is_refused_at_once_and_replaced(tmp_path: Path, table: GameTable) -> None:
    from tests.test_storage import finishes

    games = small_full_database(tmp_path, table)
    cache = tmp_path / "cache"
    cache.mkdir()
    os.mkfifo(cache / "explorer-30.bin")
    service = LibraryService(games, cache=cache)
    finishes(service.run, unblock=cache / "explorer-30.bin")
    assert service.index is not None and service.error is None
    assert service.note is not None and "not a regular file (a named pipe)" in service.note
    assert (cache / "explorer-30.bin").is_file()
    assert read_cache(cache / "explorer-30.bin", service.index.stamp, PLIES) is not None


def test_the_service_removes_old_temporary_files_from_the_cache_folder(tmp_path: Path, table: GameTable) -> None:
    games = small_full_database(tmp_path, table)
    cache = tmp_path / "cache"
    cache.mkdir()
    stale = [cache / f".explorer-30.bin.{n:08d}.tmp" for n in range(3)]
    fresh = cache / ".explorer-30.bin.inflight.tmp"  # a few seconds old: another copy's write in progress
    an_hour_ago = time.time() - 3600
    for path in stale + [fresh]:
        path.write_bytes(b"half an index")
    for path in stale:
        os.utime(path, (an_hour_ago, an_hour_ago))
    LibraryService(games, cache=cache).run()
    assert sorted(p.name for p in cache.iterdir()) == [fresh.name, "explorer-30.bin"]


# -- the scene -------------------------------------------------------------------------------


@pytest.fixture
def shared_index(index: PositionIndex, table: GameTable) -> Iterator[LibraryService]:
    service = LibraryService(WTHOR_PATH)
    service.table, service.index = table, index
    service._loader = None  # already loaded
    service._done = True
    library_service.set_shared(service)
    yield service
    library_service.set_shared(None)


def test_the_explorer_says_once_that_its_damaged_cache_was_rebuilt(player_factory, tmp_path: Path,
                                                                  table: GameTable) -> None:
    games = small_full_database(tmp_path, table)
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "explorer-30.bin").write_bytes(b"junk" * 100)
    library_service.set_shared(LibraryService(games, cache=cache))
    try:
        player = player_factory(MemoryStorage())
        player.app.scene.open(ExplorerEntry())  # type: ignore[attr-defined]
        player.run_until(lambda: library_service.shared().done, frames=2000)
        for _ in range(3):
            player.frame()
        said = [t.message for t in player.app.ctx.toasts if "explorer's cache was rebuilt" in t.message]
        assert len(said) == 1 and ": " in said[0]
        player.app.scene.open(LibraryEntry())  # type: ignore[attr-defined]
        player.frame()
        assert [t.message for t in player.app.ctx.toasts].count(said[0]) == 1  # not said again elsewhere
    finally:
        library_service.set_shared(None)


def test_walking_the_tree_with_clicks_and_back(player_factory, shared_index, scan) -> None:
    player = player_factory(MemoryStorage())
    player.app.scene.open(ExplorerEntry())  # type: ignore[attr-defined]
    player.frame()
    assert player.app.scene_name == "explorer"
    scene = player.scene
    assert scene.exploration.source == "index"  # type: ignore[attr-defined]
    player.click_button("move:f5")  # a row
    player.click(scene.board.view.square_center(parse_square("d6")))  # type: ignore[attr-defined]
    player.click_button("move:c3")
    assert scene.record.transcript == "f5d6c3"  # type: ignore[attr-defined]
    rows = {b.action: b.label for b in player.scene.group.buttons if b.action.startswith("move:")}  # type: ignore
    position = position_after("f5d6c3")
    for name, games in expected(scan, position).items():
        if f"move:{name}" in rows:
            assert rows[f"move:{name}"].split()[1] == f"{games:,}"
    player.click_button("undo")
    assert scene.record.transcript == "f5d6"  # type: ignore[attr-defined]
    player.press(pygame.K_RIGHT)
    assert scene.record.transcript == "f5d6c3"  # type: ignore[attr-defined]
    player.press(pygame.K_HOME)
    assert scene.record.transcript == ""  # type: ignore[attr-defined]
    player.click(scene.board.view.square_center(parse_square("a1")))  # type: ignore[attr-defined]
    assert scene.record.transcript == ""  # an illegal square changes nothing  # type: ignore[attr-defined]
    assert scene.board.bad_square == parse_square("a1")  # but flashes, as on every board  # type: ignore[attr-defined]
    player.click_button("back")
    assert player.app.scene_name == "menu"


def test_the_explorer_stays_on_screen_between_moves_and_draws_each_move_as_it_plays(player_factory,
                                                                                    shared_index) -> None:
    from tests.test_still_frames import counting_draws

    player = player_factory(MemoryStorage(), animation="normal")
    player.app.scene.open(ExplorerEntry())  # type: ignore[attr-defined]
    player.frame()
    player.frame()
    scene = player.scene
    drawn = counting_draws(player)
    assert scene.still()
    for _ in range(5):
        player.frame()
    assert drawn == []
    player.click(scene.board.view.square_center(parse_square("f5")))  # type: ignore[attr-defined]
    assert not scene.still()  # the discs turn
    player.run_until(scene.still)
    moved = len(drawn)
    assert moved > 3 and drawn[-1] == player.now  # each frame of the move, and the one it ended in
    for _ in range(5):
        player.frame()
    assert len(drawn) == moved


def test_the_explorer_opens_from_the_library_at_the_game_shown(player_factory, shared_index) -> None:
    player = player_factory(MemoryStorage())
    player.click_button("scene:library")
    player.run_until(lambda: player.scene.finals is not None)  # type: ignore[attr-defined]
    player.click_button("search")
    player.click(player.scene.fields[3].rect.center)  # type: ignore[attr-defined]
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text="f5d6c3d3c4")])
    player.press(pygame.K_RETURN)
    player.click_button("game:0")
    player.click_button("first")
    for _ in range(5):
        player.click_button("next")
    player.click_button("explorer")
    assert player.app.scene_name == "explorer"
    assert player.scene.record.transcript == "f5d6c3d3c4"  # type: ignore[attr-defined]
    assert player.scene.exploration.name == "Tiger"  # type: ignore[attr-defined]
    player.press(pygame.K_ESCAPE)
    assert player.app.scene_name == "library"


def test_the_explorer_opens_from_the_reviews_panel_and_comes_back(player_factory, shared_index) -> None:
    player = player_factory(MemoryStorage())
    record = GameRecord.from_transcript("f5d6c3d3c4f4f6f3e6e7")
    player.app.scene.open(ReviewEntry(record=record))  # type: ignore[attr-defined]
    player.frame()
    for _ in range(5):
        player.press(pygame.K_RIGHT)
    review = player.scene
    if not review.show_explorer:  # type: ignore[attr-defined]
        player.press(pygame.K_e)
    player.click(review.summary_rect.center)  # type: ignore[attr-defined]
    assert player.app.scene_name == "explorer"
    assert player.scene.record.transcript == "f5d6c3d3c4"  # type: ignore[attr-defined]
    assert player.scene.exploration.name == "Tiger"  # type: ignore[attr-defined]
    player.click_button("back")
    assert player.app.scene_name == "review" and player.scene.index == 5  # type: ignore[attr-defined]


def test_train_opens_the_opening_trainer_at_the_explorers_position(player_factory, shared_index) -> None:
    player = player_factory(MemoryStorage())
    player.app.scene.open(ExplorerEntry())  # type: ignore[attr-defined]
    player.frame()
    for name in ("f5", "d6"):
        player.click_button(f"move:{name}")
    player.click_button("train")
    assert player.app.scene_name == "trainer_play"
    session = player.scene.session  # type: ignore[attr-defined]
    assert session.colour == "X"  # Black is to move after f5 d6: the player answers for Black
    assert session.opening.moves == (parse_square("f5"), parse_square("d6"))


# -- issue 21: mirrored moves once, shares that add up, a few games never 0% -------------------------


def test_the_start_shows_its_mirrored_first_moves_once_with_shares_that_add_up(player_factory, shared_index) -> None:
    player = player_factory(MemoryStorage())
    player.app.scene.open(ExplorerEntry())  # type: ignore[attr-defined]
    player.frame()
    scene = player.scene
    rows = [b for b in scene.group.buttons if b.action.startswith("move:")]  # type: ignore[attr-defined]
    assert [b.action for b in rows] == ["move:f5"]  # c4, d3 and e6 are f5 mirrored: one row, not four at 100%
    assert rows[0].label.endswith(f"{GAMES:,} games (100%)")
    assert all(name in rows[0].subtitle for name in ("c4", "d3", "e6")) and "mirrored" in rows[0].subtitle
    marks = scene.marks()  # type: ignore[attr-defined]
    assert marks.hints == {parse_square("f5"): "100%"}  # the board says it once too
    player.click_button("move:f5")
    shares = [int(b.label.rsplit("(", 1)[1].rstrip("%)")) for b in scene.group.buttons  # type: ignore[attr-defined]
              if b.action.startswith("move:")]
    assert 99 <= sum(shares) <= 101  # no mirrored twins after f5: the shares are the games' own
    player.click(scene.board.view.square_center(parse_square("d3")))  # type: ignore[attr-defined]
    player.press(pygame.K_HOME)
    player.click(scene.board.view.square_center(parse_square("d3")))  # a twin still plays from the board
    assert scene.record.transcript == "d3"  # type: ignore[attr-defined]


def test_a_move_of_a_few_games_shows_under_one_percent_not_zero(player_factory, shared_index) -> None:
    from game.library.explorer import share_label

    assert (share_label(56, 131_212), share_label(0, 10), share_label(999, 1000), share_label(1000, 1000)) == (
        "<1%", "", ">99%", "100%")
    player = player_factory(MemoryStorage())
    player.app.scene.open(ExplorerEntry([parse_square(s) for s in ("f5", "d6")]))  # type: ignore[attr-defined]
    player.frame()
    scene = player.scene
    rare = next(name for name, stats in scene.exploration.ranked()  # type: ignore[attr-defined]
                if 0 < stats.games < scene.exploration.total_games / 200)  # type: ignore[attr-defined]
    label = next(b.label for b in scene.group.buttons if b.action == f"move:{rare}")  # type: ignore[attr-defined]
    assert label.endswith("(<1%)") and "(0%)" not in label
    assert scene.marks().hints[parse_square(rare)] == "<1%"  # type: ignore[attr-defined]
    panel = ExplorerPanel()
    surface = pygame.Surface((1280, 800))
    panel.draw(surface, player.app.ctx.text, player.app.ctx.theme, pygame.Rect(0, 0, 420, 300),
               scene.record.position, scene.record.moves)  # type: ignore[attr-defined]
    assert panel.mode == "table" and panel.exploration(scene.record.position, scene.record.moves).share(  # type: ignore
        scene.exploration.moves[rare]) == "<1%"  # type: ignore[attr-defined]


# -- issue 47: what the explorer says when it shows no game; its panel in play and in the review -------


def header_says(player) -> list[str]:  # type: ignore[no-untyped-def]
    return [line for line, _size, _dim in player.scene.header_lines()]  # type: ignore[attr-defined]


def silly_line(moves: int) -> list[int]:
    """``moves`` moves from the start, the last legal square each time: a line no master played."""
    record = GameRecord()
    for _ in range(moves):
        record.play(record.position.legal_squares()[-1])
    return record.moves


def test_the_explorer_says_counting_then_beyond_its_index_then_no_game(player_factory, tmp_path: Path,
                                                                       table: GameTable) -> None:
    games = small_full_database(tmp_path, table, count=900)  # a fresh index, never built: counted in frames
    library_service.set_shared(LibraryService(games, cache=tmp_path / "cache"))
    try:
        player = player_factory(MemoryStorage())
        deep = table.games[0].moves  # a master game (of those counted), past the book's 24 moves
        squares = [parse_square(deep[i:i + 2]) for i in range(0, 2 * 26, 2)]
        player.app.scene.open(ExplorerEntry(squares))  # type: ignore[attr-defined]
        counting = 0
        while not library_service.shared().done:
            player.frame()
            if library_service.shared().indexing:
                counting += 1
                assert "Counting the games' openings…" in header_says(player)
                assert "No master game went on from here" not in header_says(player)
        assert counting >= 2, counting  # seen while it was being built, over several frames
        player.frame()
        assert player.scene.exploration.source == "index"  # type: ignore[attr-defined]
        assert "1 master game went on from here" in header_says(player)  # the game itself
        player.app.scene.open(ExplorerEntry([parse_square(deep[i:i + 2]) for i in range(0, 60, 2)]))  # type: ignore
        player.frame()
        assert "Beyond the explorer's index (move 30)" in header_says(player)  # as the library opens move 30
        silly = silly_line(12)
        position = GameRecord.from_transcript("".join(square_name(s) for s in silly)).position
        assert library_service.shared().index.lookup(position.player, position.opponent) == {}  # type: ignore
        player.app.scene.open(ExplorerEntry(silly))  # type: ignore[attr-defined]
        player.frame()
        assert "No master game went on from here" in header_says(player)  # now the truth
    finally:
        library_service.set_shared(None)


def test_in_play_the_explorer_folds_to_one_line_out_of_the_book_and_the_moves_get_the_room(player_factory) -> None:
    from game.engine import BLACK
    from game.library.database import SUBSET_PATH
    from game.play.match import MatchSetup
    from game.scenes.entries import GameEntry
    from game.ui.explorer_panel import COLLAPSED_HEIGHT

    library_service.set_shared(LibraryService(SUBSET_PATH).run())  # as in the browser: the book's counts
    player = player_factory(MemoryStorage())
    player.app.ctx.settings.show_explorer = True
    booked_line = GameRecord.from_transcript("f5d6c3d3c4f4f6f3e6e7")  # ten moves, all in the book
    player.app.scene.open(GameEntry(setup=MatchSetup("two", BLACK), record=booked_line))  # type: ignore
    player.frame()
    game = player.game
    assert game.explorer.mode == "table"  # in the book: the explorer's table beside the moves
    shared_rows = game.moves.rect.height // game.moves.row_height
    assert "g2" not in game.explorer.exploration(game.position, game.record.moves).moves
    player.click_square("g2")  # a move the book's masters did not play here: out of the book
    player.frame()
    assert game.explorer.mode == "collapsed" and game.explorer_rect is not None
    assert game.explorer_rect.height == COLLAPSED_HEIGHT
    assert "Opening explorer: out of the book" in [t.text for t in player.recorded_frame().texts]
    rows = game.moves.rect.height // game.moves.row_height
    assert rows >= shared_rows + 4 and not game.explorer_rect.colliderect(game.layout_rects.moves)
    player.click_button("undo")  # back into the book: the table again
    player.frame()
    assert game.explorer.mode == "table" and game.moves.rect.height // game.moves.row_height == shared_rows


def test_the_review_opens_with_its_summary_and_moves_even_with_the_explorer_on(player_factory) -> None:
    from game.library.database import SUBSET_PATH

    library_service.set_shared(LibraryService(SUBSET_PATH).run())
    player = player_factory(MemoryStorage())
    player.app.ctx.settings.show_explorer = True
    player.app.scene.open(ReviewEntry(record=GameRecord.from_transcript("f5d6c3d3c4f4f6f3e6e7")))  # type: ignore
    player.frame()
    review = player.scene
    assert not review.show_explorer and review.explorer.mode == ""  # type: ignore[attr-defined]
    player.press(pygame.K_e)  # still there for the asking
    assert review.show_explorer and review.explorer.mode == "table"  # type: ignore[attr-defined]


def test_with_the_explorer_on_the_idle_menu_counts_the_openings_ahead_of_need(player_factory, tmp_path: Path,
                                                                               table: GameTable) -> None:
    service = LibraryService(small_full_database(tmp_path, table, count=300), cache=tmp_path / "cache")
    library_service.set_shared(service)
    player = player_factory(MemoryStorage())
    for _ in range(5):
        player.frame()
    assert not service.started  # the explorer is off: nothing loaded for nothing
    player.app.ctx.settings.show_explorer = True
    player.run_until(lambda: service.done, frames=300)
    assert player.app.scene_name == "menu" and service.index is not None and service.index.games == 300


def test_the_explorers_keys_walk_the_line_and_move_the_buttons_focus_never_a_board_cursor(
        player_factory, shared_index) -> None:
    player = player_factory(MemoryStorage())
    player.app.scene.open(ExplorerEntry())  # type: ignore[attr-defined]
    player.frame()
    scene = player.scene
    player.click_button("move:f5")
    player.click_button("move:d6")
    player.press(pygame.K_LEFT)  # a shortcut: back along the line
    assert scene.record.transcript == "f5"  # type: ignore[attr-defined]
    player.press(pygame.K_RETURN)  # no shortcut: the buttons' (none has the focus yet), not the board's
    player.press(pygame.K_DOWN)
    assert scene.board.cursor is None and scene.record.transcript == "f5"  # type: ignore[attr-defined]
    group = scene.group  # type: ignore[attr-defined]
    for _ in range(len(group.buttons)):
        if group.focus is not None and group.buttons[group.focus].action == "start":
            break
        player.press(pygame.K_TAB)
    assert group.buttons[group.focus].action == "start"
    player.press(pygame.K_RETURN)  # Enter presses the focused button
    assert scene.record.transcript == "" and scene.board.cursor is None  # type: ignore[attr-defined]
