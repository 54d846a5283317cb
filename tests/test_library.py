"""The game library: loading, search against a plain scan of the file, the finals shelf, the CLI, the scene."""

from __future__ import annotations

import json
import lzma
import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cli import main as cli_main
from game.engine import BLACK, GameRecord, square_name
from game.library import service as library_service
from game.library.database import LibraryError, TableLoader
from game.library.famous import find_finals
from game.library.search import Query, QueryError, SearchIndex, opening_line, parse_years
from game.library.service import LibraryService
from game.platform.storage import MemoryStorage
from game.records.wthor import HEADER, WTHOR_PATH, WthorError, WthorGame, parse_line

Row = tuple[int, list[str]]


@pytest.fixture(scope="module")
def rows() -> list[Row]:
    """The plain scan: every line of the database split on tabs, with its index."""
    with lzma.open(WTHOR_PATH, "rt", encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    assert lines[0] == HEADER
    return [(i, line.split("\t")) for i, line in enumerate(lines[1:]) if line]


@pytest.fixture(scope="module")
def index() -> SearchIndex:
    return SearchIndex(TableLoader(WTHOR_PATH).run())


def newest_first(found: list[Row]) -> list[int]:
    return [i for i, _ in sorted(found, key=lambda r: (-int(r[1][0]), r[0]))]


def indices(games: list[WthorGame]) -> list[int]:
    return [g.index for g in games]


def test_the_whole_database_loads(rows: list[Row], index: SearchIndex) -> None:
    assert len(index.table.games) == len(rows) == 131_212
    game = index.table.games[12_345]
    assert [str(game.year), game.event, game.black, game.white, game.result, game.moves] == rows[12_345][1]


def test_search_by_player_either_colour_and_one_colour(rows: list[Row], index: SearchIndex) -> None:
    both = index.search(Query(player="SHAMAN"), limit=10_000)
    expected = newest_first([r for r in rows if "shaman" in r[1][2].lower() or "shaman" in r[1][3].lower()])
    assert both.total == len(expected) > 1000
    assert indices(both.games) == expected
    white = index.search(Query(player="takanashi", color="white"), limit=10_000)
    assert indices(white.games) == newest_first([r for r in rows if "takanashi" in r[1][3].lower()])


def test_search_by_event_and_years(rows: list[Row], index: SearchIndex) -> None:
    found = index.search(Query(event="world championship", years=(1990, 1994)), limit=10_000)
    expected = newest_first([r for r in rows if "world championship" in r[1][1].lower()
                             and 1990 <= int(r[1][0]) <= 1994])
    assert indices(found.games) == expected and len(expected) > 900
    assert all(g.championship for g in found.games)


def test_search_by_opening_moves_from_any_first_move(rows: list[Row], index: SearchIndex) -> None:
    found = index.search(Query(opening="f5d6c3d3c4f4f6"), limit=10_000)
    expected = newest_first([r for r in rows if r[1][5].startswith("f5d6c3d3c4f4f6")])
    assert found.total == len(expected) > 1000
    assert indices(found.games) == expected[:10_000]
    turned = index.search(Query(opening="e6f4c3c4d3"), limit=10)  # the Tiger begun on e6
    assert turned.lines == ("f5d6c3d3c4",)


def test_search_by_opening_name_uses_its_line(rows: list[Row], index: SearchIndex) -> None:
    found = index.search(Query(opening="tiger", player="murakami"), limit=10_000)
    assert found.openings == ("Tiger",) and found.lines == ("f5d6c3d3c4",)
    expected = newest_first([r for r in rows if r[1][5].startswith("f5d6c3d3c4")
                             and ("murakami" in r[1][2].lower() or "murakami" in r[1][3].lower())])
    assert indices(found.games) == expected and expected


def test_bad_search_texts_are_refused_with_a_reason(index: SearchIndex) -> None:
    for query, words in ((Query(opening="f5f5"), "not a legal move"), (Query(opening="no such opening"), "no opening")):
        with pytest.raises(QueryError, match=words):
            index.search(query)
    for text in ("19x", "1999-1990", "", "2000-", "12345"):
        with pytest.raises(QueryError):
            parse_years(text)
    assert parse_years("1990-1999") == (1990, 1999)


@given(st.text(max_size=30))
def test_year_parser_never_fails_otherwise(text: str) -> None:
    try:
        first, last = parse_years(text)
    except QueryError:
        return
    assert 0 <= first <= last <= 9999


@settings(max_examples=200)
@given(st.text(alphabet="abcdefgh12345678 9-\t\nxX", max_size=60))
def test_row_parser_accepts_only_well_formed_lines(text: str) -> None:
    try:
        game = parse_line(text, 0)
    except WthorError as err:
        assert str(err).startswith("line 2: ")  # the first game is the file's second line
        return
    row = "\t".join([str(game.year), game.event, game.black, game.white, game.result, game.moves])
    assert row == text.rstrip("\r\n")
    assert game.black_discs + game.white_discs <= 64 and len(game.moves) % 2 == 0


@settings(max_examples=50)
@given(st.lists(st.sampled_from(["f5", "d6", "c3", "d3", "c4", "f4", "e6", "f6"]), max_size=6))
def test_opening_lines_are_legal_and_begin_on_f5(names: list[str]) -> None:
    try:
        line = opening_line("".join(names))
    except QueryError:
        return
    if line:
        assert line.startswith("f5")
        GameRecord.from_transcript(line)  # legal


# -- files ---------------------------------------------------------------------------


def write_table(path: Path, lines: list[str]) -> Path:
    with lzma.open(path, "wt", encoding="utf-8") as handle:
        handle.write(HEADER + "\n" + "".join(line + "\n" for line in lines))
    return path


def test_missing_corrupt_truncated_and_bad_files_give_one_clear_error(tmp_path: Path, rows: list[Row]) -> None:
    good = write_table(tmp_path / "good.tsv.xz", ["\t".join(r[1]) for r in rows[:50]])
    assert len(TableLoader(good).run().games) == 50
    truncated = tmp_path / "cut.tsv.xz"
    truncated.write_bytes(good.read_bytes()[:-40])
    garbage = tmp_path / "junk.tsv.xz"
    garbage.write_bytes(b"\xfd7zXZ" + bytes(range(256)) * 8)
    bad_rows = ["\t".join(r[1]) for r in rows[:3]] + ["1990\tx\ty\tz\t33-31\tf5zz"]
    bad_line = write_table(tmp_path / "bad.tsv.xz", bad_rows)
    cases = {tmp_path / "none.tsv.xz": "cannot be read", truncated: "truncated|cannot be read",
             garbage: "cannot be read", bad_line: "line 5", tmp_path / "x.csv": "cannot be read|not a"}
    (tmp_path / "x.csv").write_text("hello")
    for path, words in cases.items():
        loader = TableLoader(path)
        assert loader.advance(1000.0) and loader.table is None
        assert loader.error is not None and "\n" not in loader.error
        with pytest.raises(LibraryError, match=words):
            TableLoader(path).run()


# -- the shelf -------------------------------------------------------------------------


def test_the_shelf_has_the_finals_found_by_the_rule(index: SearchIndex) -> None:
    finals = {f.year: f for f in find_finals(index.table)}
    final = finals[2010]  # Takanashi beat Borassi 2-1 (published result)
    assert (final.winner, final.runner_up, final.score) == ("Takanashi Yusuke", "Borassi Michele", (2.0, 1.0))
    assert all(g.event == "World Championship - 2010" for g in final.games)
    assert finals[1980].winner in ("Cerf Jonathan", "Mimura Takuya")
    assert list(finals) == sorted(finals, reverse=True) and 1978 not in finals
    for f in finals.values():  # each final is a run of games in a row between the same two players
        assert len(f.games) >= 2 and len({frozenset((g.black, g.white)) for g in f.games}) == 1
        assert [g.index for g in f.games] == list(range(f.games[0].index, f.games[0].index + len(f.games)))


# -- the command line ------------------------------------------------------------------


def test_cli_lists_games_as_one_json_object(capsys: pytest.CaptureFixture[str], rows: list[Row]) -> None:
    assert cli_main(["library", "--player", "tastet", "--year", "1992-1994", "--opening", "f5d6", "--limit", "3",
                     "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    expected = newest_first([r for r in rows if 1992 <= int(r[1][0]) <= 1994 and r[1][5].startswith("f5d6")
                             and ("tastet" in r[1][2].lower() or "tastet" in r[1][3].lower())])
    assert data["total"] == len(expected)
    assert [list(g.values()) for g in data["games"]] == [
        [int(rows[i][1][0]), *rows[i][1][1:]] for i in expected[:3]]
    assert list(data["games"][0]) == ["year", "event", "black", "white", "result", "moves"]
    assert "FFO" in data["credit"]


@pytest.mark.parametrize("args", [["--year", "19x"], ["--limit", "0"], ["--opening", "f5f5"], ["--color", "red"],
                                  ["--year", "2000-1990"]])
def test_cli_refuses_bad_input_with_one_line(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    assert cli_main(["library", *args, "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1


# -- the scene ---------------------------------------------------------------------------


@pytest.fixture
def small_library(tmp_path: Path, rows: list[Row]) -> Iterator[LibraryService]:
    """The shared library pointed at a small file: the 2010 championship and a few hundred other games."""
    chosen = [r for r in rows if r[1][1] == "World Championship - 2010"] + rows[:300]
    path = write_table(tmp_path / "small.tsv.xz", ["\t".join(r[1]) for r in chosen])
    service = LibraryService(path, cache=tmp_path / "cache")
    library_service.set_shared(service)
    yield service
    library_service.set_shared(None)


def test_a_final_from_the_shelf_opens_in_the_review_with_its_true_score(player_factory, small_library) -> None:
    player = player_factory(MemoryStorage())
    player.click_button("scene:library")
    assert player.app.scene_name == "library"
    player.run_until(lambda: player.scene.finals is not None)  # type: ignore[attr-defined]
    player.frame()
    player.click_button("final:0")
    game = player.scene.selected  # type: ignore[attr-defined]
    assert game is not None and game.event == "World Championship - 2010"
    player.click_button("review")
    assert player.app.scene_name == "review"
    review = player.scene
    end = review.record.position_at(review.last_index)  # type: ignore[attr-defined]
    assert end.is_over() and (end.black_count, end.white_count) == (game.black_discs, game.white_discs)
    player.press(pygame.K_END)
    lines = " ".join(text for text, _ in review.comment_lines())  # type: ignore[attr-defined]
    assert f"{game.black_discs}-{game.white_discs} on the board" in lines
    player.click_button("back")
    assert player.app.scene_name == "library" and player.scene.selected is game  # type: ignore[attr-defined]


def test_search_in_the_scene_then_play_on_against_the_computer_as_practice(player_factory, small_library) -> None:
    player = player_factory(MemoryStorage())
    player.click_button("scene:library")
    player.run_until(lambda: small_library.table is not None)
    player.click_button("search")
    player.click(player.scene.fields[0].rect.center)  # type: ignore[attr-defined]
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text="borassi")])
    player.press(pygame.K_RETURN)
    scene = player.scene
    expected = [g for g in small_library.table.games if "borassi" in (g.black + g.white).lower()]
    assert scene.total == len(expected) > 0  # type: ignore[attr-defined]
    player.click_button("game:0")
    for _ in range(40):
        player.click_button("previous")
    assert scene.ply == len(scene.record.plies) - 40  # type: ignore[attr-defined]
    player.click_button("play")
    assert player.app.scene_name == "game"
    game = player.game
    assert game.setup.mode == "computer" and not game.setup.counts
    assert game.record.moves == scene.played_moves()  # type: ignore[attr-defined]
    assert game.human_can_move()
    player.press(pygame.K_ESCAPE)


def test_a_bad_search_field_is_named_and_changes_nothing(player_factory, small_library) -> None:
    player = player_factory(MemoryStorage())
    player.click_button("scene:library")
    player.run_until(lambda: small_library.table is not None)
    player.click_button("search")
    player.click(player.scene.fields[2].rect.center)  # type: ignore[attr-defined]
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text="19x")])
    player.click_button("find")
    assert player.scene.results == []  # type: ignore[attr-defined]
    assert any("year must be" in t.message for t in player.app.ctx.toasts)


def test_the_library_is_drawn_while_it_loads_then_stays_until_the_player_acts(
        player_factory, small_library, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.test_still_frames import counting_draws

    advance = small_library.advance
    monkeypatch.setattr(small_library, "advance", lambda _slice_ms: advance(0.01))  # a step a frame: a slow device
    player = player_factory(MemoryStorage())
    player.click_button("scene:library")
    drawn = counting_draws(player)
    assert not player.scene.still()
    player.run_until(player.scene.still, frames=2000)
    assert small_library.done and drawn[-1] == player.now  # drawn as it loaded, and in the frame it was done
    assert player.scene.finals  # type: ignore[attr-defined]  # the shelf shows
    loaded = len(drawn)
    for _ in range(5):
        player.frame()
    assert len(drawn) == loaded
    player.click_button("search")
    player.click(player.scene.fields[0].rect.center)  # type: ignore[attr-defined]
    player.frame()
    assert not player.scene.still()  # a page field may take typing on a touch screen: drawn every frame
    player.click_button("shelf")
    player.frame()
    assert player.scene.still()


def test_the_library_lays_out_in_portrait(player_factory, small_library) -> None:
    player = player_factory(MemoryStorage(), window_size=(720, 1280))
    player.click_button("scene:library")
    player.run_until(lambda: player.scene.finals is not None)  # type: ignore[attr-defined]
    player.frame()
    buttons = player.scene.group.buttons  # type: ignore[attr-defined]
    screen = pygame.Rect(0, 0, 720, 1280)
    assert all(screen.contains(b.rect) for b in buttons)
    for a in buttons:
        assert not any(a is not b and a.rect.colliderect(b.rect) for b in buttons), a.action


def test_the_browsers_subset_is_what_the_tool_makes_and_loads(index: SearchIndex) -> None:
    import importlib.util

    from game.library.database import SUBSET_PATH

    spec = importlib.util.spec_from_file_location("make_library_subset", Path("tools/make_library_subset.py"))
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    games, _ = tool.choose(index.table.games, tool.DEFAULT_MAX_BYTES)
    assert tool.pack(games) == SUBSET_PATH.read_bytes()  # regenerate it (tools/) when the rules change
    subset = TableLoader(SUBSET_PATH).run()
    assert not subset.full and len(subset.games) == len(games)
    assert [f.title for f in find_finals(subset)] == [f.title for f in find_finals(index.table)]


BROWSER_FILES = ["game/library/__init__.py", "game/library/database.py", "game/library/explorer.py",
                 "game/library/famous.py", "game/library/positions.py", "game/library/index_builder.py",
                 "game/library/index_file.py", "game/library/search.py",
                 "game/library/service.py", "game/records/wthor.py", "game/records/openings.py",
                 "game/platform/__init__.py", "game/platform/files.py", "game/platform/storage.py",
                 "game/platform/dirs.py", "game/i18n/__init__.py",
                 "game/data/openings.txt",
                 "game/data/library/web-games.tsv.gz"]
BROWSER_CHECK = """
import base64, builtins, os
for name, data in FILES.items():
    os.makedirs(os.path.dirname(name), exist_ok=True)
    with open(name, "wb") as handle:
        handle.write(base64.b64decode(data))
real_import = builtins.__import__
def without_lzma(name, *args, **kwargs):  # the browser's CPython may lack it: the library must not need it
    if name == "lzma":
        raise ImportError("no lzma in this build")
    return real_import(name, *args, **kwargs)
builtins.__import__ = without_lzma
from game.engine import GameRecord
from game.library.explorer import explore
from game.library.famous import find_finals
from game.library.search import Query, SearchIndex
from game.library.service import LibraryService
service = LibraryService()
while not service.advance(8.0):
    pass
tiger = explore(GameRecord.from_transcript("f5d6c3d3c4").position)
[service.table.path.name, len(service.table.games), service.index is None, len(find_finals(service.table)),
 SearchIndex(service.table).search(Query(player="takanashi")).total, tiger.source, tiger.name]
"""


def test_the_library_runs_in_cpython_on_webassembly_without_the_database_or_lzma(index: SearchIndex,
                                                                                  tmp_path: Path) -> None:
    import base64
    import shutil
    import subprocess

    repo = Path(__file__).resolve().parent.parent
    if shutil.which("node") is None or not (repo / "node_modules" / "pyodide" / "pyodide.asm.wasm").is_file():
        pytest.skip("Node.js and node_modules/pyodide (npm ci) are needed")
    files = {name: base64.b64encode((repo / name).read_bytes()).decode() for name in BROWSER_FILES}
    script = tmp_path / "check.py"  # a file: the files' text is longer than one command-line argument may be
    script.write_text(f"FILES = {files!r}\n" + BROWSER_CHECK, encoding="utf-8")
    done = subprocess.run(["node", str(repo / "tests" / "wasm" / "run_in_pyodide.mjs"), str(script)], cwd=repo,
                          capture_output=True, text=True, timeout=180, check=False)
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["ok"], report.get("error")
    from game.library.database import SUBSET_PATH

    subset = TableLoader(SUBSET_PATH).run()
    takanashi = SearchIndex(subset).search(Query(player="takanashi")).total
    assert report["value"] == ["web-games.tsv.gz", len(subset.games), True, len(find_finals(index.table)),
                               takanashi, "book", "Tiger"]


def test_the_colour_button_looks_for_the_player_on_one_side(player_factory, small_library) -> None:
    player = player_factory(MemoryStorage())
    player.click_button("scene:library")
    player.run_until(lambda: small_library.table is not None)
    player.click_button("search")
    player.click(player.scene.fields[0].rect.center)  # type: ignore[attr-defined]
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text="takanashi")])
    player.press(pygame.K_RETURN)
    games = small_library.table.games
    assert player.scene.total == sum("Takanashi" in g.black + g.white for g in games)  # type: ignore[attr-defined]
    player.click_button("color")  # as Black
    assert player.scene.total == sum("Takanashi" in g.black for g in games) > 0  # type: ignore[attr-defined]
    player.click_button("color")  # as White
    assert player.scene.total == sum("Takanashi" in g.white for g in games) > 0  # type: ignore[attr-defined]
    assert all("Takanashi" in g.white for g in player.scene.results)  # type: ignore[attr-defined]


def test_a_game_that_stopped_early_shows_its_recorded_result_in_the_review(player_factory, small_library) -> None:
    player = player_factory(MemoryStorage())
    player.click_button("scene:library")
    player.run_until(lambda: small_library.table is not None)
    early = next(g for g in small_library.table.games
                 if not GameRecord.from_transcript(g.moves).is_over())  # a resignation or a time loss
    scene = player.scene
    scene.mode, scene.results = "search", [early]  # type: ignore[attr-defined]
    scene.layout()  # type: ignore[attr-defined]
    player.click_button("game:0")
    player.click_button("review")
    player.press(pygame.K_END)
    lines = [text for text, _ in player.scene.comment_lines()]  # type: ignore[attr-defined]
    assert lines[0] == "The game stopped here"
    assert f"Recorded result {early.black_discs}-{early.white_discs}" in lines[1]


# -- issue 20: games files read whole, special files refused, long openings used whole -----------------------------

SPLIT_NAMES = ["Müller Jörg", "Нарышкин Иван", "高橋 晃", "Étienne Ø", "😀 emoji", "Plain Name"]


def table_text(count: int, names: list[str] = SPLIT_NAMES) -> str:
    """A games file's text: the header and ``count`` games between the ``names``, each game its own line."""
    lines = [f"{1980 + i % 40}\tEvent {i}\t{names[i % len(names)]}\t{names[(i + 1) % len(names)]}\t33-31\tf5d6c3"
             for i in range(count)]
    return HEADER + "\n" + "".join(line + "\n" for line in lines)


def expected_games(text: str) -> list[list[str]]:
    return [line.split("\t") for line in text.split("\n")[1:] if line]


def as_rows(games: list[WthorGame]) -> list[list[str]]:
    return [[str(g.year), g.event, g.black, g.white, g.result, g.moves] for g in games]


def test_a_games_file_of_two_gzip_members_is_read_to_its_end(tmp_path: Path) -> None:
    import gzip

    text = table_text(1000).encode("utf-8")
    cut = text.index(b"\n", len(text) // 2) + 1  # 500 games in each member
    path = tmp_path / "two.tsv.gz"
    path.write_bytes(gzip.compress(text[:cut]) + gzip.compress(text[cut:]))
    assert as_rows(TableLoader(path).run().games) == expected_games(text.decode())
    assert len(TableLoader(path).run().games) == 1000
    padded = tmp_path / "padded.tsv.gz"  # zero bytes between and after members, as gzip allows
    padded.write_bytes(gzip.compress(text[:cut]) + bytes(8) + gzip.compress(text[cut:]) + bytes(5))
    assert len(TableLoader(padded).run().games) == 1000
    streams = tmp_path / "two.tsv.xz"  # xz: two streams
    streams.write_bytes(lzma.compress(text[:cut]) + lzma.compress(text[cut:]))
    assert len(TableLoader(streams).run().games) == 1000
    junk = tmp_path / "junk.tsv.gz"  # what follows the first member must be a member too: never a silent half
    junk.write_bytes(gzip.compress(text[:cut]) + b"this is not gzip" + gzip.compress(text[cut:]))
    with pytest.raises(LibraryError, match="cannot be read"):
        TableLoader(junk).run()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10_000), max_size=6), st.sampled_from(["gz", "xz"]))
def test_members_split_anywhere_read_as_one_file(cuts: list[int], kind: str) -> None:
    import gzip
    import tempfile

    text = table_text(120).encode("utf-8")
    edges = sorted({min(c, len(text)) for c in cuts} | {0, len(text)})
    parts = [text[a:b] for a, b in zip(edges, edges[1:], strict=False)]  # inside a line, inside a character too
    pack = gzip.compress if kind == "gz" else lzma.compress
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"games.tsv.{kind}"
        path.write_bytes(b"".join(pack(part) for part in parts))
        assert as_rows(TableLoader(path).run().games) == expected_games(text.decode())


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(st.characters(blacklist_categories=["Cc", "Cs", "Zl", "Zp"]), min_size=1, max_size=12),
                min_size=2, max_size=6),
       st.integers(min_value=1, max_value=97))
def test_utf8_split_at_any_slice_edge_is_read(names: list[str], chunk: int) -> None:
    import gzip
    import tempfile
    from unittest import mock

    import game.library.database as database

    names = [name.replace("\t", " ").strip() or "x" for name in names]
    text = table_text(40, names)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.tsv.gz"
        path.write_bytes(gzip.compress(text.encode("utf-8"), compresslevel=0))  # stored: slices track the text
        with mock.patch.object(database, "CHUNK_BYTES", chunk):
            games = TableLoader(path).run().games
    assert as_rows(games) == expected_games(text)


def test_a_games_file_cut_inside_a_character_is_refused(tmp_path: Path) -> None:
    import gzip

    data = table_text(6).encode("utf-8")
    cut = data.rindex("😀".encode()) + 2
    path = tmp_path / "cut.tsv.gz"
    path.write_bytes(gzip.compress(data[:cut]))
    with pytest.raises(LibraryError, match="UnicodeDecodeError"):
        TableLoader(path).run()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")
def test_a_fifo_or_a_device_as_the_games_file_is_refused_at_once(tmp_path: Path) -> None:
    from tests.test_storage import finishes

    fifo = tmp_path / "fifo.tsv.xz"
    os.mkfifo(fifo)
    cases = {fifo: "a named pipe", tmp_path / "dir.tsv.xz": "a folder"}
    (tmp_path / "dir.tsv.xz").mkdir()
    if Path("/dev/zero").exists():
        (tmp_path / "zero.tsv.xz").symlink_to("/dev/zero")
        cases[tmp_path / "zero.tsv.xz"] = "a device"
    for path, kind in cases.items():
        loader = TableLoader(path)
        assert finishes(lambda loader=loader: loader.advance(1000.0), unblock=path) is True
        assert loader.error is not None and f"not a regular file ({kind})" in loader.error


LONG_LINE = "f5d6c4d3c5f4e3f3f6e6g4c6c2g6d2g5h5h3h4h6g3b5a6a4b6b3c3b4a3a2f7e7e8d8c8d7a5a7f8e2c7e1d1f2g1"


def test_a_long_opening_line_is_used_whole(rows: list[Row], index: SearchIndex,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    expected = newest_first([r for r in rows if r[1][5].startswith(LONG_LINE)])
    assert len(LONG_LINE) == 90 and len(expected) == 1
    spaced = " ".join(LONG_LINE[i : i + 2] for i in range(0, len(LONG_LINE), 2))  # 134 characters
    numbered = " ".join(f"{n // 2 + 1}. {LONG_LINE[n : n + 2]}" for n in range(0, len(LONG_LINE), 2))
    for text in (LONG_LINE, spaced, numbered, LONG_LINE.upper()):
        found = index.search(Query(opening=text))
        assert indices(found.games) == expected and found.lines == (LONG_LINE,)
    assert cli_main(["library", "--opening", spaced, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["total"] == 1 and data["games"][0]["moves"].startswith(LONG_LINE)


def test_search_texts_too_long_to_use_whole_are_refused_not_cut(index: SearchIndex) -> None:
    from game.library.search import MAX_OPENING_TEXT, MAX_TEXT

    with pytest.raises(QueryError, match="opening text is too long"):
        index.search(Query(opening="f5 " * (MAX_OPENING_TEXT // 3 + 1)))
    with pytest.raises(QueryError, match="player text is too long"):
        index.search(Query(player="tastet" + "x" * MAX_TEXT))
    with pytest.raises(QueryError, match="event text is too long"):
        index.search(Query(event="e" * (MAX_TEXT + 1)))
    with pytest.raises(QueryError):
        parse_years(" " * MAX_TEXT + "1990")


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_any_line_a_game_began_with_finds_what_a_plain_scan_finds(rows: list[Row], index: SearchIndex,
                                                                   data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(rows[::97]))[1][5]
    plies = data.draw(st.integers(min_value=1, max_value=len(game) // 2))
    line = game[: 2 * plies]
    written = data.draw(st.sampled_from(["", " ", ", ", "  "])).join(line[i : i + 2] for i in range(0, len(line), 2))
    expected = newest_first([r for r in rows if r[1][5].startswith(line)])
    assert indices(index.search(Query(opening=written), limit=10_000).games) == expected[:10_000]


# -- issue 21: what the library says (the finals' words, names, move number, pages) ----------------


def open_library(player_factory, small_library):  # type: ignore[no-untyped-def]
    """The library scene with its games loaded and its shelf built."""
    player = player_factory(MemoryStorage())
    player.click_button("scene:library")
    player.run_until(lambda: player.scene.finals is not None)  # type: ignore[attr-defined]
    player.frame()
    return player


def test_the_shelf_says_what_each_final_is_in_the_players_words(player_factory, small_library) -> None:
    player = open_library(player_factory, small_library)
    rows = [b for b in player.scene.group.buttons if b.action.startswith("final:")]  # type: ignore[attr-defined]
    assert rows
    for row in rows:
        assert "docs/" not in row.subtitle and ".md" not in row.subtitle and "rule" not in row.subtitle
    final = player.scene.finals[0]  # type: ignore[attr-defined]
    assert rows[0].subtitle == f"{final.event}: the final, {len(final.games)} games"


def drawn_texts(player) -> list[str]:  # type: ignore[no-untyped-def]
    """Every text the scene on top draws in one frame (whole, as asked for, even where it was shortened)."""
    return list(dict.fromkeys(t.text for t in player.recorded_frame().texts))


def test_a_library_game_is_reviewed_under_its_players_names(player_factory, small_library) -> None:
    player = open_library(player_factory, small_library)
    player.click_button("final:0")
    game = player.scene.selected  # type: ignore[attr-defined]
    player.click_button("first")
    player.click_button("review")
    review = player.scene
    assert review.player_label(BLACK) == game.black and review.player_label("O") == game.white  # type: ignore
    assert review.comment_lines()[0][0].startswith(f"Move 1: {game.black} played ")  # type: ignore[attr-defined]


def test_the_library_shows_the_move_number_and_the_page_count(player_factory, small_library) -> None:
    player = open_library(player_factory, small_library)
    assert not any(t.startswith("Page ") for t in drawn_texts(player))  # one final here: one page, no count
    player.click_button("search")
    player.click(player.scene.fields[1].rect.center)  # type: ignore[attr-defined]
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text="world")])
    player.press(pygame.K_RETURN)
    scene = player.scene
    pages = -(-scene.total // scene.rows_per_page)  # type: ignore[attr-defined]
    assert pages > 1
    player.click_button("page:1")
    assert any(t.startswith(f"Page 2 of {pages:,} · ") for t in drawn_texts(player))
    player.click_button(f"game:{scene.rows_per_page}")  # type: ignore[attr-defined]
    total = len(scene.record.moves)  # type: ignore[attr-defined]
    assert scene.move_line().startswith(f"Move {total} of {total}: ")  # type: ignore[attr-defined]
    player.click_button("first")
    assert scene.move_line().startswith(f"The start, before move 1 of {total}")  # type: ignore[attr-defined]
    for _ in range(3):
        player.click_button("next")
    third = square_name(scene.played_moves()[2])  # type: ignore[attr-defined]
    assert scene.move_line().startswith(f"Move 3 of {total}: {third} by Black · White to move")  # type: ignore
    shown = drawn_texts(player)
    assert any(t.startswith(f"Move 3 of {total}") for t in shown), " | ".join(shown)


def test_a_search_lists_seven_games_a_page_in_landscape(player_factory, small_library) -> None:
    player = open_library(player_factory, small_library)
    player.click_button("search")
    player.click(player.scene.fields[1].rect.center)  # type: ignore[attr-defined]
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text="world")])
    player.press(pygame.K_RETURN)
    rows = [b for b in player.scene.group.buttons if b.action.startswith("game:")]  # type: ignore[attr-defined]
    assert player.scene.total > 7 and len(rows) == 7  # type: ignore[attr-defined]
    fields = [f.rect for f in player.scene.fields]  # type: ignore[attr-defined]
    assert len({r.top for r in fields}) == 1  # the four fields side by side: the form is two rows high
    assert all(not a.colliderect(b) for i, a in enumerate(fields) for b in fields[i + 1:])
