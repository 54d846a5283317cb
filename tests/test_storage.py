"""The storage interface and the JSON documents on it: settings, statistics and the autosaved game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine import BLACK, WHITE, GameRecord
from game.platform.storage import (
    DATA_DIR_ENV,
    FileStorage,
    JsonDocuments,
    MemoryStorage,
    user_data_dir,
)
from game.platform.web_storage import default_storage
from game.play.match import MatchSetup, SavedGame
from game.play.settings import Settings
from game.play.stats import Stats


def test_file_storage_round_trip_and_delete(tmp_path: Path) -> None:
    store = FileStorage(tmp_path / "data")
    assert store.read("settings") is None
    store.write("settings", '{"a": 1}')
    assert store.read("settings") == '{"a": 1}'
    store.write("settings", "second")
    assert store.read("settings") == "second"
    # the atomic write leaves no temporary file behind
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == ["settings.json"]
    store.delete("settings")
    store.delete("settings")  # deleting twice is fine
    assert store.read("settings") is None


def test_file_storage_rejects_keys_that_are_not_plain_names(tmp_path: Path) -> None:
    store = FileStorage(tmp_path)
    for bad in ("../escape", "a/b", "", "UPPER"):
        with pytest.raises(ValueError):
            store.write(bad, "x")


def test_memory_storage_behaves_like_a_store() -> None:
    store = MemoryStorage()
    store.write("stats", "1")
    assert store.read("stats") == "1"
    store.delete("stats")
    assert store.read("stats") is None


def test_default_storage_honours_the_data_dir_variable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "here"))
    assert user_data_dir() == tmp_path / "here"
    store = default_storage()
    store.write("settings", "{}")
    assert (tmp_path / "here" / "settings.json").read_text() == "{}"


def test_corrupt_document_is_set_aside_with_a_message(tmp_path: Path) -> None:
    store = FileStorage(tmp_path)
    (tmp_path / "savegame.json").write_text("{not json", encoding="utf-8")
    documents = JsonDocuments(store)
    assert documents.load("savegame", SavedGame.from_json, "saved game") is None
    messages = documents.take_messages()
    assert len(messages) == 1 and "saved game could not be read" in messages[0]
    assert not (tmp_path / "savegame.json").exists()
    [aside] = tmp_path.glob("savegame.corrupt-*.json")
    assert aside.read_text(encoding="utf-8") == "{not json"
    # the next load finds nothing and says nothing
    assert documents.load("savegame", SavedGame.from_json, "saved game") is None
    assert documents.take_messages() == []


def test_saved_game_with_an_illegal_move_is_set_aside() -> None:
    bad = {"version": 1, "setup": {"mode": "computer", "human": "X", "level": 1, "start": None},
           "moves": "f5f5", "played": 2}
    store = MemoryStorage({"savegame": json.dumps(bad)})
    documents = JsonDocuments(store)
    assert documents.load("savegame", SavedGame.from_json, "saved game") is None
    assert "ply 2" in documents.take_messages()[0]
    assert store.read("savegame") is None
    assert [k for k in store.data if k.startswith("savegame.corrupt-")]


def test_saved_game_keeps_the_redo_tail_and_set_up() -> None:
    record = GameRecord.from_transcript("f5d6c3d3c4")
    record.undo()
    record.undo()
    setup = MatchSetup("computer", WHITE, 3)
    restored = SavedGame.from_json(json.loads(json.dumps(SavedGame(setup, record).to_json())))
    assert restored.setup == setup
    assert restored.record.transcript() == "f5d6c3"
    restored.record.redo()
    restored.record.redo()
    assert restored.record.transcript() == "f5d6c3d3c4"


def test_settings_fall_back_per_field_on_bad_values() -> None:
    settings = Settings.from_json({"show_legal": False, "animation": "warp", "theme": "contrast", "level": -3,
                                   "unknown": 1})
    assert settings.show_legal is False
    assert settings.animation == "normal"
    assert settings.theme == "contrast"
    assert settings.level is None
    with pytest.raises(TypeError):
        Settings.from_json([1, 2])


def test_stats_round_trip_and_best_result() -> None:
    stats = Stats()
    stats.record_computer_game("Novice", BLACK, 20)
    stats.record_computer_game("Novice", BLACK, 36)
    stats.record_computer_game("Novice", BLACK, -4)
    stats.record_computer_game("Master", WHITE, 0)
    stats.two_player_games = 2
    again = Stats.from_json(json.loads(json.dumps(stats.to_json())))
    novice = again.tally("Novice", BLACK)
    assert (novice.won, novice.lost, novice.drawn, novice.best) == (2, 1, 0, 36)
    assert again.tally("Master", WHITE).drawn == 1
    assert again.tally("Master", BLACK).played == 0
    assert again.two_player_games == 2
    with pytest.raises(ValueError):
        Stats.from_json({"vs_computer": {"Novice:X": {"won": -1}}})
