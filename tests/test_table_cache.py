"""The games table cache of the command line's library searches: read back equal, rebuilt when bad."""

from __future__ import annotations

from pathlib import Path

import pytest

import game.library.table_cache as table_cache
from game.library.database import SUBSET_PATH, LibraryError, TableLoader
from game.library.table_cache import cached_table, decode_table, encode_table


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
    assert note is None and rebuilt.games == table.games
    assert decode_table(cache.read_bytes(), SUBSET_PATH).games == table.games  # and written again


def test_a_cache_of_other_games_is_never_used(tmp_path: Path) -> None:
    table = TableLoader(SUBSET_PATH).run()
    other = table.__class__(table.games[:3], SUBSET_PATH, "0" * 16)
    stamp = table.stamp
    (tmp_path / f"games-{stamp}.bin").write_bytes(encode_table(other))  # right name, wrong stamp inside
    found, _ = cached_table(SUBSET_PATH, tmp_path)
    assert len(found.games) == len(table.games)


def test_a_cache_that_cannot_be_written_costs_only_speed(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    table, note = cached_table(SUBSET_PATH, blocked)
    assert len(table.games) == 52
    assert note is not None and note.startswith("the games cache could not be saved")
