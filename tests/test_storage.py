"""The storage interface and the JSON documents on it: settings, statistics, the autosaved game and the rest.

Every stored document is safe: a damaged one is set aside as it was, with one message, whatever the damage
(nesting, numbers, bytes, sizes); a save survives a kill at any point.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import select
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import LEVELS
from game.challenges.progress import PROGRESS_KEY, ChallengeProgress
from game.engine import BLACK, WHITE, GameRecord
from game.platform.documents import JsonDocuments, decode_document
from game.platform.storage import DATA_DIR_ENV, MAX_DOCUMENT_CHARS, FileStorage, MemoryStorage, user_data_dir
from game.platform.web_storage import default_storage
from game.play.match import SAVEGAME_KEY, MatchSetup, SavedGame
from game.play.settings import SETTINGS_KEY, Settings
from game.play.stats import STATS_KEY, Stats
from game.play.store import PlayerStore
from game.records.transcripts import LAST_GAME_KEY, LastGame, last_game_from_json, last_game_to_json


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
    bad = Stats.from_json({"vs_computer": {"Novice:X": {"won": -1}}})  # that tally alone is set aside
    assert bad.vs_computer == {} and bad.tallies_set_aside == {"Novice:X": {"won": -1}}


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
    from game.platform.documents import MAX_ASIDE_TRIES

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
    from game.platform.documents import MAX_ASIDE_TRIES

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


# -- every stored document: nesting and every other kind of damage are set aside, whatever they raise -----


DOCUMENTS: list[tuple[str, Callable[[Any], Any], str]] = [
    (SETTINGS_KEY, Settings.from_json, "settings"),
    (STATS_KEY, Stats.from_json, "statistics"),
    (SAVEGAME_KEY, SavedGame.from_json, "saved game"),
    (LAST_GAME_KEY, last_game_from_json, "last game"),
    (PROGRESS_KEY, ChallengeProgress.from_json, "challenge progress"),
]
KINDS = (Settings, Stats, SavedGame, LastGame, ChallengeProgress)
IDS = [key for key, _, _ in DOCUMENTS]

GOOD: dict[str, Any] = {
    SETTINGS_KEY: Settings(sound=False).to_json(),
    STATS_KEY: Stats(two_player_games=3).to_json(),
    SAVEGAME_KEY: SavedGame(MatchSetup(), GameRecord.from_transcript("f5d6c3")).to_json(),
    LAST_GAME_KEY: last_game_to_json(GameRecord.from_transcript("f5d6")),
    PROGRESS_KEY: ChallengeProgress(stars={"corner-01": 2}).to_json(),
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


# -- damaged files kept as they were, temporary files cleaned, the directory synced, true is no count -----


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
    assert Stats.from_json({"vs_computer": {"Novice:X": {"won": 1, "best": True}}}).vs_computer == {}  # set aside
    with pytest.raises(ValueError, match="squares only"):  # the saved form never writes passes
        SavedGame.from_json({**good, "moves": "d3c3e6d2d1e1b2c1 pass", "played": 8})


# -- a long run of digits in a saved or last game is refused at once -------------------------------------


@pytest.mark.parametrize("text", ["1" * 65536, "1" * 40000 + ".", "f5" + "9" * 3000])
def test_long_digit_runs_in_a_saved_or_last_game_are_refused_at_once(text: str) -> None:
    setup = MatchSetup().to_json()
    load_checked(json.dumps({"version": 1, "setup": setup, "moves": text, "played": 0}), SAVEGAME_KEY,
                 SavedGame.from_json, "saved game")
    load_checked(json.dumps({"game": text}), LAST_GAME_KEY, last_game_from_json, "last game")


# -- a kill in the middle of saving ---------------------------------------------------------------------


def kill_while_writing(keep_writing: Callable[[int], None], times: int, seed: int, longest_pause: float,
                       after_each: Callable[[], None] | None = None) -> None:
    """Fork a writer and SIGKILL it at a random moment, ``times`` times, calling ``after_each`` after each kill.

    The child runs ``keep_writing(started)``: it writes a byte (``b"!"``) to the pipe ``started`` once
    well under way, then writes on; it is killed within ``longest_pause`` seconds of that byte.
    """
    rng = random.Random(seed)
    for _ in range(times):
        started_read, started_write = os.pipe()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            try:
                os.close(started_read)
                keep_writing(started_write)
            finally:
                os._exit(0)
        os.close(started_write)
        ready, _, _ = select.select([started_read], [], [], 30)
        assert ready and os.read(started_read, 1) == b"!", "the writer never got going"
        os.close(started_read)
        time.sleep(rng.uniform(0.0, longest_pause))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        if after_each is not None:
            after_each()


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

    def old_or_new() -> None:
        text = FileStorage(tmp_path).read(SAVEGAME_KEY)
        assert text in (old, new), "the save was lost or half-written"

    kill_while_writing(lambda started: _keep_saving(tmp_path, (new, old), started), times=40, seed=2026,
                       longest_pause=0.005, after_each=old_or_new)
    FileStorage(tmp_path, stale_seconds=0).read(SAVEGAME_KEY)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["savegame.json"]  # its leftovers cleaned up


# -- issue 21, item 10: the damaged-file message names the file and says what is wrong in words -------------


@pytest.mark.parametrize(("content", "says"), [
    ("{not json", "settings.json is damaged at line 1, character 2 (not the text the game writes)."),
    ('{"sound": true', "settings.json breaks off before its end."),
    ("", "settings.json is empty."),
    ('{"sound": NaN}', "settings.json does not make sense to the game (NaN is not a number JSON allows)."),
])
def test_a_damaged_settings_file_is_named_as_on_disk_and_said_in_words(player_factory, tmp_path: Path,
                                                                         content: str, says: str) -> None:
    (tmp_path / "settings.json").write_text(content, encoding="utf-8")
    player = player_factory()
    player.frame()
    shown = [t.message for t in player.app.ctx.toasts if "could not be read" in t.message]
    assert len(shown) == 1, [t.message for t in player.app.ctx.toasts]
    message = shown[0]
    assert message.startswith(f"Your settings could not be read: {says} It was set aside as 'settings.corrupt-")
    assert message.endswith(".json'. Starting afresh.") and ".." not in message
    for parser_text in ("Expecting", "char ", "delimiter", "(char"):
        assert parser_text not in message
    [aside] = tmp_path.glob("settings.corrupt-*.json")
    assert aside.name in message


# -- issue 46, item 3: a level name that matches no level -------------------------------------------------

NO_LEVEL = [{"level_name": "Grandmaster"}, {"level_name": ""}, {"level_name": None}, {"level_name": 7}, {}]


@pytest.mark.parametrize("named", NO_LEVEL, ids=["unknown", "empty", "null", "number", "missing"])
@pytest.mark.parametrize("index", [0, 3])
def test_a_saved_game_whose_level_is_named_by_no_level_is_set_aside_never_played_at_its_index(
        named: dict[str, Any], index: int) -> None:
    good = GOOD[SAVEGAME_KEY]
    setup = {key: value for key, value in good["setup"].items() if key != "level_name"} | {"level": index} | named
    store = MemoryStorage({"savegame": json.dumps(good | {"setup": setup})})
    documents = JsonDocuments(store)
    assert documents.load("savegame", SavedGame.from_json, "saved game") is None
    [message] = documents.take_messages()
    assert "saved game could not be read" in message
    assert ("no level is called 'Grandmaster'" in message) == (named.get("level_name") == "Grandmaster")
    assert [key for key in store.data if key.startswith("savegame.corrupt-")]


def test_a_saved_game_of_the_first_ladders_time_is_still_read_by_its_index() -> None:
    first = {"mode": "computer", "human": "X", "level": 3, "start": None, "given": 0, "custom": None, "clock": None}
    saved = SavedGame.from_json({"version": 1, "setup": first, "moves": "f5d6", "played": 2})
    assert LEVELS[saved.setup.level].name == "Club"  # the sixth-level ladder's index 3
    assert LEVELS[SavedGame.from_json(GOOD[SAVEGAME_KEY] | {"setup": first | {"level_name": "Expert"}}).setup.level
                  ].name == "Expert"


@pytest.mark.parametrize("named", NO_LEVEL, ids=["unknown", "empty", "null", "number", "missing"])
def test_settings_whose_level_is_named_by_no_level_keep_the_rest_and_say_so(named: dict[str, Any]) -> None:
    data = Settings(sound=False, level=3, language="fr").to_json()
    del data["level_name"]
    store = MemoryStorage({"settings": json.dumps(data | named)})
    player_store = PlayerStore(store)
    settings = player_store.settings
    assert settings.level is None and settings.sound is False and settings.language == "fr"
    [message] = player_store.take_messages()
    assert message.startswith("Your settings named a level the game does not have")
    first = {"show_legal": True, "sound": False, "level": 3}  # a file of the first ladder's time
    assert LEVELS[Settings.from_json(first).level or 0].name == "Club" and Settings.from_json(first).notice is None


# -- issue 49, item 4: the store says what went wrong itself -------------------------------------------------


class RefusingStorage(MemoryStorage):
    """A store that reads but, once ``full``, refuses every write (a full disk)."""

    full = False

    def write(self, key: str, text: str) -> None:
        """Refuse once full."""
        if self.full:
            raise OSError(28, "No space left on device")
        super().write(key, text)


def test_a_failed_save_reaches_the_toasts_without_any_screen_passing_it_on(player_factory) -> None:
    storage = RefusingStorage()
    player = player_factory(storage)
    player.frame()
    storage.full = True
    before = len([t for t in player.app.ctx.toasts if t.error])
    player.app.ctx.store.save_challenge_progress(ChallengeProgress(stars={"corner-01": 3}))  # no scene involved
    said = [t.message for t in player.app.ctx.toasts if t.error]
    assert len(said) == before + 1 and said[-1].startswith("Could not save your challenge progress: ")
    assert "No space left on device" in said[-1] and PROGRESS_KEY not in storage.data  # nothing else changed
    assert player.app.ctx.store.take_messages() == []  # said once, not kept for a second showing


def test_what_goes_wrong_before_the_screen_is_up_waits_for_it_then_shows() -> None:
    storage = RefusingStorage({SETTINGS_KEY: "{not json"})
    store = PlayerStore(storage)
    shown: list[str] = []
    store.tell("a problem of the start")
    store.report_to(shown.extend)
    assert len(shown) == 2 and shown[0].startswith("Your settings could not be read")
    assert shown[1] == "a problem of the start"
    storage.full = True
    store.save_settings()
    assert len(shown) == 3 and shown[2] == "Could not save your settings: [Errno 28] No space left on device"
    assert store.take_messages() == []
