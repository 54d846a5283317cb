"""The storage interface and the JSON documents on it: settings, statistics and the autosaved game."""

from __future__ import annotations

import contextlib
import json
import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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
    assert restored.record.transcript == "f5d6c3"
    restored.record.redo()
    restored.record.redo()
    assert restored.record.transcript == "f5d6c3d3c4"


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


# -- issue 20, item 6: a store that fails while a bad document is set aside -----------------------------------


class _Endless(BaseException):
    """Raised by the fake stores below after far more calls than a bounded search makes (the old endless loop)."""


class _RevokedStore:
    """A store revoked in the middle of a session: the first read gives bad JSON, then ``answers`` in turn.

    Each answer is ``'raise'`` (the store fails), ``'present'`` (some text) or ``'absent'`` (``None``);
    the last one repeats for ever.
    """

    def __init__(self, answers: list[str]) -> None:
        self.answers = answers
        self.reads = 0
        self.written: dict[str, str] = {}

    def read(self, key: str) -> str | None:
        self.reads += 1
        if self.reads == 1:
            return "not json"
        if self.reads > 100_000:
            raise _Endless
        answer = self.answers[min(self.reads - 2, len(self.answers) - 1)]
        if answer == "raise":
            raise OSError("the storage was revoked")
        return "{}" if answer == "present" else None

    def write(self, key: str, text: str) -> None:
        self.written[key] = text

    def delete(self, key: str) -> None:
        self.written.pop(key, None)


def test_setting_aside_on_a_revoked_store_gives_up_and_says_so() -> None:
    from game.platform.storage import MAX_ASIDE_TRIES

    for answers in (["raise"], ["present"], ["present", "raise"]):
        store = _RevokedStore(answers)
        documents = JsonDocuments(store)
        assert documents.load("settings", Settings.from_json, "settings") is None
        assert store.reads <= MAX_ASIDE_TRIES + 1 and not store.written
        (message,) = documents.take_messages()
        assert message.startswith("Your settings could not be read") and "could not be kept" in message
        assert f"{MAX_ASIDE_TRIES} tried" in message


@settings(max_examples=200)
@given(st.lists(st.sampled_from(["raise", "present", "absent"]), min_size=1, max_size=150))
def test_setting_aside_ends_whatever_the_store_answers(answers: list[str]) -> None:
    from game.platform.storage import MAX_ASIDE_TRIES

    store = _RevokedStore(answers)
    documents = JsonDocuments(store, clock=lambda: 0.0)
    assert documents.load("stats", Stats.from_json, "statistics") is None
    (message,) = documents.take_messages()
    free = next((n for n, a in enumerate(answers[:MAX_ASIDE_TRIES]) if a == "absent"), None)
    if free is None:  # every name tried was taken or unreadable
        assert "could not be kept" in message and not store.written
    else:
        (aside,) = store.written
        assert aside.startswith("stats.corrupt-") and store.written[aside] == "not json"
        assert aside.endswith("" if free == 0 else f"-{free + 1}") and f"'{aside}'" in message


# -- issue 20, item 8: special files in place of a document -----------------------------------------------------


def finishes(work: Callable[[], object], seconds: float = 10.0, unblock: Path | None = None) -> object:
    """``work()``'s value, or a failure if it has not returned within ``seconds`` (a FIFO is then unblocked)."""
    box: list[object] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            box.append(work())
        except BaseException as exc:  # raised again in the test's own thread
            failed.append(exc)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        if unblock is not None:  # let the blocked reader go, so the failing test does not hang the run
            with contextlib.suppress(OSError):
                os.close(os.open(unblock, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail(f"still blocked after {seconds} s")
    if failed:
        raise failed[0]
    return box[0] if box else None


needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")


@needs_fifo
def test_a_fifo_in_place_of_a_document_is_refused_at_once(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "settings.json")
    documents = JsonDocuments(FileStorage(tmp_path))
    loaded = finishes(lambda: documents.load("settings", Settings.from_json, "settings"),
                      unblock=tmp_path / "settings.json")
    assert loaded is None
    (message,) = documents.take_messages()
    assert "not a regular file (a named pipe)" in message
    documents.save("settings", Settings().to_json(), "settings")  # the next save replaces it with a file
    assert (tmp_path / "settings.json").is_file()


@needs_fifo
def test_the_shared_reader_takes_regular_files_only_and_reads_with_a_bound(tmp_path: Path) -> None:
    from game.platform.files import FileTooLargeError, NotRegularFileError, read_regular_file

    good = tmp_path / "good.bin"
    good.write_bytes(b"x" * 1000)
    assert read_regular_file(good, 1000) == b"x" * 1000
    (tmp_path / "link.bin").symlink_to(good)  # a symlink to a regular file is that file
    assert read_regular_file(tmp_path / "link.bin", 5000) == b"x" * 1000
    with pytest.raises(FileTooLargeError, match="larger than 999 bytes"):
        read_regular_file(good, 999)
    os.mkfifo(tmp_path / "fifo")
    special = {tmp_path / "fifo": "a named pipe", tmp_path: "a folder"}
    if Path("/dev/zero").exists():
        (tmp_path / "zero").symlink_to("/dev/zero")
        special[tmp_path / "zero"] = "a device"
    for path, kind in special.items():
        with pytest.raises(NotRegularFileError, match=f"not a regular file \\({kind}\\)"):
            finishes(lambda path=path: read_regular_file(path, 1 << 30), unblock=path)
    with pytest.raises(FileNotFoundError):
        read_regular_file(tmp_path / "none", 10)
