"""The games table cache of the command line's library searches: read back equal, rebuilt when bad."""

from __future__ import annotations

import dataclasses
import os
import time
from pathlib import Path

import pytest

import game.library.table_cache as table_cache
from game.library.database import SUBSET_PATH, LibraryError, TableLoader
from game.library.table_cache import cached_table, decode_table, encode_table
from game.records.wthor import WthorGame
from tests.test_storage import kill_while_writing


def test_the_first_run_writes_the_cache_and_the_next_one_reads_it(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    table, note = cached_table(SUBSET_PATH, tmp_path)
    assert note is None and len(list(tmp_path.glob("games-*.bin"))) == 1
    assert table.games == TableLoader(SUBSET_PATH).run().games

    def no_reading(*_: object) -> None:
        raise AssertionError("the games file was parsed again")

    monkeypatch.setattr(table_cache, "TableLoader", no_reading)
    again, note = cached_table(SUBSET_PATH, tmp_path)
    assert note is None and again.games == table.games and again.stamp == table.stamp
    assert again.path == SUBSET_PATH



def test_the_cache_holds_the_game_types_fields_and_its_version_says_which() -> None:
    """The rows are ``WthorGame``'s fields after ``index``: a change to them must come with a new ``VERSION``
    (then an old cache is refused and rebuilt, never misread). Change this test and ``VERSION`` together."""
    fields = [(f.name, f.type) for f in dataclasses.fields(WthorGame)]
    assert (table_cache.VERSION, fields) == (2, [
        ("index", "int"), ("year", "int"), ("event", "str"), ("black", "str"), ("white", "str"),
        ("black_discs", "int"), ("white_discs", "int"), ("moves", "str")])
    table = TableLoader(SUBSET_PATH).run()
    again = decode_table(encode_table(table), SUBSET_PATH).games
    assert again == table.games and again[3].squares == table.games[3].squares


@pytest.mark.parametrize("damage", ["flip", "truncate", "magic", "empty"])
def test_a_damaged_cache_is_refused_and_rebuilt(tmp_path: Path, damage: str) -> None:
    table, _ = cached_table(SUBSET_PATH, tmp_path)
    (cache,) = tmp_path.glob("games-*.bin")
    data = bytearray(cache.read_bytes())
    if damage == "flip":
        data[-5] ^= 0xFF
    elif damage == "truncate":
        data = data[: len(data) // 2]
    elif damage == "magic":
        data[:4] = b"XXXX"
    else:
        data = bytearray()
    with pytest.raises(LibraryError, match="games cache"):
        decode_table(bytes(data), SUBSET_PATH)
    cache.write_bytes(bytes(data))
    rebuilt, note = cached_table(SUBSET_PATH, tmp_path)
    assert rebuilt.games == table.games
    why = {"flip": "checksum mismatch", "truncate": "checksum mismatch", "magic": "not a games cache",
           "empty": "truncated"}[damage]
    assert note is not None and note.startswith("The games cache was rebuilt") and why in note  # said once
    assert decode_table(cache.read_bytes(), SUBSET_PATH).games == table.games  # and written again
    assert cached_table(SUBSET_PATH, tmp_path)[1] is None  # and not said again


def test_a_cache_of_other_games_is_never_used(tmp_path: Path) -> None:
    table = TableLoader(SUBSET_PATH).run()
    other = table.__class__(table.games[:3], SUBSET_PATH, "0" * 16)
    stamp = table.stamp
    (tmp_path / f"games-{stamp}.bin").write_bytes(encode_table(other))  # right name, wrong stamp inside
    found, note = cached_table(SUBSET_PATH, tmp_path)
    assert len(found.games) == len(table.games)
    assert note is not None and "made from other games" in note


def test_a_cache_that_cannot_be_written_costs_only_speed(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    table, note = cached_table(SUBSET_PATH, blocked)
    assert len(table.games) == 52
    assert note is not None and note.startswith("the games cache could not be saved")


# -- issue 20 -------------------------------------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")
def test_a_fifo_or_a_device_as_the_games_cache_is_refused_at_once_and_replaced(tmp_path: Path) -> None:
    from tests.test_storage import finishes

    stamp = table_cache.file_stamp(SUBSET_PATH)
    cache = tmp_path / f"games-{stamp}.bin"
    kinds = {"fifo": "a named pipe"}
    if Path("/dev/zero").exists():
        kinds["zero"] = "a device"  # its stat size is 0: it passed the old size check and was read without end
    for how, kind in kinds.items():
        if how == "fifo":
            os.mkfifo(cache)
        else:
            cache.symlink_to("/dev/zero")
        found = finishes(lambda: cached_table(SUBSET_PATH, tmp_path), unblock=cache)
        assert isinstance(found, tuple)
        table, note = found
        assert len(table.games) == 52
        assert note is not None and f"not a regular file ({kind})" in note and "rebuilt" in note
        assert cache.is_file() and not cache.is_symlink()  # replaced by a good cache
        assert decode_table(cache.read_bytes(), SUBSET_PATH).games == table.games
        cache.unlink()


def test_a_fifo_as_the_games_file_is_refused_for_its_stamp(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("needs FIFOs (POSIX)")
    from tests.test_storage import finishes

    fifo = tmp_path / "web-games.tsv.gz"
    os.mkfifo(fifo)
    with pytest.raises(LibraryError, match="not a regular file"):
        finishes(lambda: cached_table(fifo, tmp_path / "cache"), unblock=fifo)


def _keep_writing_caches(directory: Path, data: bytes, started: int) -> None:  # pragma: no cover - the child
    from game.library.service import write_cache

    write_cache(directory / "games-0000000000000000.bin", data)
    os.write(started, b"!")
    while True:
        write_cache(directory / "games-0000000000000000.bin", data)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork to kill a writer quickly")
def test_temporary_files_that_killed_cache_writes_leave_are_removed_once_old(tmp_path: Path) -> None:
    data = os.urandom(4 * 1024 * 1024)  # big enough that kills land inside a write
    kill_while_writing(lambda started: _keep_writing_caches(tmp_path, data, started), times=12, seed=20,
                       longest_pause=0.01)
    fresh = tmp_path / ".games-1111111111111111.bin.abcdefgh.tmp"  # another copy's write in progress
    fresh.write_bytes(b"half")
    leftovers = [p for p in tmp_path.glob(".*.tmp") if p != fresh]
    an_hour_ago = time.time() - 3600
    for path in leftovers + [tmp_path / ".games-2222222222222222.bin.zzzzzzzz.tmp"]:
        path.write_bytes(path.read_bytes() if path.exists() else b"old")
        os.utime(path, (an_hour_ago, an_hour_ago))
    cached_table(SUBSET_PATH, tmp_path)
    assert sorted(p.name for p in tmp_path.glob(".*")) == [fresh.name]  # the old ones gone, the fresh one kept
