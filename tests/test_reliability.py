"""Every stored document is safe: damaged ones are set aside as they were, saves survive a kill (issue 11)."""

from __future__ import annotations

import json
import os
import random
import select
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.challenges.progress import PROGRESS_KEY, Progress
from game.engine import GameRecord
from game.platform.storage import MAX_DOCUMENT_CHARS, FileStorage, JsonDocuments, MemoryStorage, decode_document
from game.play.match import SAVEGAME_KEY, MatchSetup, SavedGame
from game.play.settings import SETTINGS_KEY, Settings
from game.play.stats import STATS_KEY, Stats
from game.records.transcripts import LAST_GAME_KEY, last_game_from_json, last_game_to_json

DOCUMENTS: list[tuple[str, Callable[[Any], Any], str]] = [
    (SETTINGS_KEY, Settings.from_json, "settings"),
    (STATS_KEY, Stats.from_json, "statistics"),
    (SAVEGAME_KEY, SavedGame.from_json, "saved game"),
    (LAST_GAME_KEY, last_game_from_json, "last game"),
    (PROGRESS_KEY, Progress.from_json, "challenge progress"),
]
KINDS = (Settings, Stats, SavedGame, GameRecord, Progress)
IDS = [key for key, _, _ in DOCUMENTS]

GOOD: dict[str, Any] = {
    SETTINGS_KEY: Settings(sound=False).to_json(),
    STATS_KEY: Stats(two_player_games=3).to_json(),
    SAVEGAME_KEY: SavedGame(MatchSetup(), GameRecord.from_transcript("f5d6c3")).to_json(),
    LAST_GAME_KEY: last_game_to_json(GameRecord.from_transcript("f5d6")),
    PROGRESS_KEY: Progress(stars={"corner-01": 2}).to_json(),
}


def asides(storage: MemoryStorage, key: str) -> list[str]:
    return [text for name, text in sorted(storage.data.items()) if name.startswith(f"{key}.corrupt-")]


def load_checked(text: str, key: str, parse: Callable[[Any], Any], what: str) -> None:
    """Load ``text`` as ``key``: a valid value, or ``None`` with one message and the text set aside as it was."""
    storage = MemoryStorage({key: text})
    documents = JsonDocuments(storage)
    started = time.perf_counter()
    value = documents.load(key, parse, what)
    assert time.perf_counter() - started < 5  # bounded, not a speed test: a backtracking parse took minutes
    messages = documents.take_messages()
    if value is None:
        assert len(messages) == 1 and what in messages[0] and "\n" not in messages[0]
        assert storage.read(key) is None and asides(storage, key) == [text]
    else:
        assert isinstance(value, KINDS) and messages == []


# -- item 4: nesting, and every other kind of damage, whatever it raises --------------------------------


@pytest.mark.parametrize(("key", "parse", "what"), DOCUMENTS, ids=IDS)
@pytest.mark.parametrize("text", ["[" * 1000 + "]" * 1000, "[" * 2048, '{"a":' * 500 + "1" + "}" * 500,
                                  '{"stars": ' + "[" * 5000 + "]" * 5000 + "}"])
def test_deeply_nested_json_is_set_aside_for_every_document(key: str, parse: Callable[[Any], Any], what: str,
                                                            text: str) -> None:
    load_checked(text, key, parse, what)


@pytest.mark.parametrize(("key", "parse", "what"), DOCUMENTS, ids=IDS)
def test_good_documents_load_and_strange_numbers_do_not(key: str, parse: Callable[[Any], Any], what: str) -> None:
    load_checked(json.dumps(GOOD[key]), key, parse, what)
    assert JsonDocuments(MemoryStorage({key: json.dumps(GOOD[key])})).load(key, parse, what) is not None
    for text in ("NaN", "[Infinity]", "1e999", "9" * 5000, "-" * 10, '"\\ud800"', "\x00", ""):
        load_checked(text, key, parse, what)
    huge = json.dumps({"pad": "x" * (MAX_DOCUMENT_CHARS + 1)})
    load_checked(huge, key, parse, what)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=25,
)


def _mutations(good: dict[str, Any]) -> st.SearchStrategy[Any]:
    """A good document with one entry replaced by any JSON value (wrong types, nesting, sizes)."""
    return st.builds(lambda name, value: {**good, name: value}, st.sampled_from(sorted(good)), _JSON)


@pytest.mark.parametrize(("key", "parse", "what"), DOCUMENTS, ids=IDS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_json_value_loads_or_is_set_aside(key: str, parse: Callable[[Any], Any], what: str,
                                               data: st.DataObject) -> None:
    value = data.draw(_JSON | _mutations(GOOD[key]))
    load_checked(json.dumps(value), key, parse, what)


@pytest.mark.parametrize(("key", "parse", "what"), DOCUMENTS, ids=IDS)
@settings(max_examples=40, deadline=None)
@given(raw=st.binary(max_size=300))
def test_any_bytes_on_disk_load_or_are_set_aside_unchanged(key: str, parse: Callable[[Any], Any], what: str,
                                                           raw: bytes, tmp_path_factory: pytest.TempPathFactory,
                                                           ) -> None:
    directory = tmp_path_factory.mktemp("bytes")
    (directory / f"{key}.json").write_bytes(raw)
    documents = JsonDocuments(FileStorage(directory))
    value = documents.load(key, parse, what)
    if value is None:
        [aside] = directory.glob(f"{key}.corrupt-*.json")
        assert aside.read_bytes() == raw and len(documents.take_messages()) == 1
    else:
        assert isinstance(value, KINDS)


def test_nesting_is_checked_outside_strings_only() -> None:
    assert decode_document(json.dumps({"text": "[" * 100 + "\\\"{" * 50})) == {"text": "[" * 100 + "\\\"{" * 50}
    with pytest.raises(ValueError, match="nests deeper"):
        decode_document("[" * 17 + "]" * 17)
    assert decode_document("[" * 16 + "]" * 16) == [[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]


# -- item 5: bytes kept, both copies kept, temporary files cleaned, directory synced, true is no count ---


def test_bad_utf8_is_set_aside_as_its_bytes_not_quietly_repaired(tmp_path: Path) -> None:
    raw = b'{"sound": false, "theme": "contrast\xff"}'
    (tmp_path / "settings.json").write_bytes(raw)
    documents = JsonDocuments(FileStorage(tmp_path))
    assert documents.load(SETTINGS_KEY, Settings.from_json, "settings") is None
    [message] = documents.take_messages()
    assert "not UTF-8" in message
    [aside] = tmp_path.glob("settings.corrupt-*.json")
    assert aside.read_bytes() == raw


def test_a_second_corrupt_file_keeps_the_first_copy(tmp_path: Path) -> None:
    store = FileStorage(tmp_path)
    documents = JsonDocuments(store, clock=lambda: 1_700_000_000.0)  # both at the same second
    for text in ("{first", "{second", "{third"):
        store.write(STATS_KEY, text)
        assert documents.load(STATS_KEY, Stats.from_json, "statistics") is None
    copies = sorted(tmp_path.glob("stats.corrupt-*.json"))
    assert sorted(p.read_text(encoding="utf-8") for p in copies) == ["{first", "{second", "{third"]
    memory = MemoryStorage()
    documents = JsonDocuments(memory, clock=lambda: 0.0)
    for text in ("[", "]"):
        memory.write(STATS_KEY, text)
        documents.load(STATS_KEY, Stats.from_json, "statistics")
    assert asides(memory, STATS_KEY) == ["[", "]"]


def test_temporary_files_left_by_a_kill_are_removed_once_old(tmp_path: Path) -> None:
    stale, fresh = tmp_path / ".savegame.abc123.tmp", tmp_path / ".savegame.def456.tmp"
    for path in (stale, fresh):
        path.write_text("half a sav", encoding="utf-8")
    an_hour_ago = time.time() - 3600
    os.utime(stale, (an_hour_ago, an_hour_ago))
    FileStorage(tmp_path).read(SAVEGAME_KEY)
    assert not stale.exists() and fresh.exists()  # a fresh one may be another copy's write in progress
    FileStorage(tmp_path, stale_seconds=0).write(SAVEGAME_KEY, "{}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["savegame.json"]


def test_the_directory_is_synced_after_the_rename(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if os.name == "nt":
        pytest.skip("Windows cannot open a directory to sync it")
    synced: list[bool] = []
    real_fsync = os.fsync

    def spy(fd: int) -> None:
        synced.append(os.path.isdir(f"/proc/self/fd/{fd}") if os.path.exists("/proc/self/fd") else True)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", spy)
    FileStorage(tmp_path).write(SETTINGS_KEY, "{}")
    assert synced[-1] is True and len(synced) == 2  # the file, then its directory


def test_true_is_not_a_count_in_a_saved_game() -> None:
    good = GOOD[SAVEGAME_KEY]
    assert SavedGame.from_json(good).record.transcript == "f5d6c3"
    with pytest.raises(ValueError):
        SavedGame.from_json({**good, "moves": "f5d6", "played": True})
    with pytest.raises(ValueError):
        Stats.from_json({"vs_computer": {"Novice:X": {"won": 1, "best": True}}})
    with pytest.raises(ValueError, match="squares only"):  # the saved form never writes passes
        SavedGame.from_json({**good, "moves": "d3c3e6d2d1e1b2c1 pass", "played": 8})


# -- item 3 through the stored documents: a long run of digits no longer freezes the menu ------------------


@pytest.mark.parametrize("text", ["1" * 65536, "1" * 40000 + ".", "f5" + "9" * 3000])
def test_long_digit_runs_in_a_saved_or_last_game_are_refused_at_once(text: str) -> None:
    setup = MatchSetup().to_json()
    load_checked(json.dumps({"version": 1, "setup": setup, "moves": text, "played": 0}), SAVEGAME_KEY,
                 SavedGame.from_json, "saved game")
    load_checked(json.dumps({"game": text}), LAST_GAME_KEY, last_game_from_json, "last game")


# -- a kill in the middle of saving ---------------------------------------------------------------------


def _keep_saving(directory: Path, texts: tuple[str, str], started: int) -> None:  # pragma: no cover - the child
    store = FileStorage(directory)
    store.write(SAVEGAME_KEY, texts[0])
    os.write(started, b"!")  # the parent kills only a writer that is well under way
    index = 1
    while True:
        store.write(SAVEGAME_KEY, texts[index % 2])
        index += 1


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork to kill a writer quickly")
def test_a_kill_at_any_point_of_a_save_leaves_the_old_or_the_new_file(tmp_path: Path) -> None:
    # big enough that kills land inside the write, the flush and the rename, not only between saves
    old = json.dumps({"which": "old", "pad": "o" * 200_000})
    new = json.dumps({"which": "new", "pad": "n" * 200_000})
    FileStorage(tmp_path).write(SAVEGAME_KEY, old)
    rng = random.Random(2026)
    for _ in range(40):
        started_read, started_write = os.pipe()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            try:
                os.close(started_read)
                _keep_saving(tmp_path, (new, old), started_write)
            finally:
                os._exit(0)
        os.close(started_write)
        ready, _, _ = select.select([started_read], [], [], 30)
        assert ready and os.read(started_read, 1) == b"!", "the writer never got going"
        os.close(started_read)
        time.sleep(rng.uniform(0.0, 0.005))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        text = FileStorage(tmp_path).read(SAVEGAME_KEY)
        assert text in (old, new), "the save was lost or half-written"
    FileStorage(tmp_path, stale_seconds=0).read(SAVEGAME_KEY)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["savegame.json"]  # its leftovers cleaned up
