"""The player's documents in the game's storage: settings, statistics, the game in progress, the last game,
the challenges' and the opening trainer's progress.

Each document has its key and the name it goes by in a message (marked
where the document is defined, translated when the storage speaks). A
document that cannot be read is set aside and the game starts without it.
Every such problem, and every write that fails, is said to the player by
the store itself: the lines wait until the app hands it a ``report`` (the
toasts, ``report_to``), then go there as they come. No screen passes them on.

The settings and the statistics are read once and held here, the one copy
the screens change and save (``settings``, ``save_settings``...).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.challenges.progress import PROGRESS_KEY as CHALLENGES_KEY
from game.challenges.progress import WHAT as CHALLENGES_WHAT
from game.challenges.progress import ChallengeProgress
from game.engine import GameRecord
from game.i18n import N_
from game.platform.documents import JsonDocuments
from game.platform.storage import Storage, folder_of
from game.play.match import SAVEGAME_KEY, SavedGame
from game.play.settings import SETTINGS_KEY, Settings
from game.play.stats import STATS_KEY, Stats
from game.records.transcripts import LAST_GAME_KEY, LastGame, last_game_from_json, last_game_to_json
from game.trainer.progress import PROGRESS_KEY as TRAINER_KEY
from game.trainer.progress import WHAT as TRAINER_WHAT
from game.trainer.progress import TrainerProgress


class PlayerStore:
    """Load and save the player's documents by what they are, not by key; say what went wrong itself."""

    def __init__(self, storage: Storage) -> None:
        self.documents = JsonDocuments(storage)
        """The documents themselves (the window's place is kept there too, by the app)."""
        self.settings = self._read_settings()
        """The player's settings, read at the start (the defaults if none): change them, then ``save_settings``."""
        self.stats = self._read_stats()
        """The player's statistics, read at the start: add to them, then ``save_stats``."""

    # -- what went wrong ----------------------------------------------------------------------

    def report_to(self, report: Callable[[list[str]], None]) -> None:
        """Say every message to ``report`` from now on (the app's toasts), beginning with those of the start."""
        self.documents.report_to(report)

    def tell(self, message: str) -> None:
        """Say ``message`` with the storage's own (a start-up problem, shown once the screen is up)."""
        self.documents.tell(message)

    def take_messages(self) -> list[str]:
        """What went wrong and is still waiting (nothing once there is a ``report``), emptied."""
        return self.documents.take_messages()

    def store_notice(self) -> str | None:
        """What the store says once about itself (a page that keeps nothing), or ``None``."""
        return self.documents.store_notice()

    @property
    def folder(self) -> Path | None:
        """The folder the documents are files in, or ``None`` (memory, the browser)."""
        return folder_of(self.documents.storage)

    # -- settings and statistics ---------------------------------------------------------------

    def _read_settings(self) -> Settings:
        settings = self.documents.load(SETTINGS_KEY, Settings.from_json, N_("settings")) or Settings()
        notice = settings.take_notice()
        if notice:
            self.tell(notice)
        return settings

    def save_settings(self) -> None:
        """Store ``settings``."""
        self.documents.save(SETTINGS_KEY, self.settings.to_json(), N_("settings"))

    def _read_stats(self) -> Stats:
        # a rating that is not a number a game can have is set aside alone: the results stay
        stats = self.documents.load(STATS_KEY, Stats.from_json, N_("statistics"), lenient_numbers=True) or Stats()
        notice = stats.take_notice()
        if notice:
            self.tell(notice)
        return stats

    def save_stats(self) -> None:
        """Store ``stats``."""
        self.documents.save(STATS_KEY, self.stats.to_json(), N_("statistics"))

    # -- games ---------------------------------------------------------------------------------

    def load_saved_game(self) -> SavedGame | None:
        """The autosaved game in progress, or ``None``."""
        return self.documents.load(SAVEGAME_KEY, SavedGame.from_json, N_("saved game"))

    def save_game(self, saved: SavedGame) -> None:
        """Autosave the game in progress."""
        self.documents.save(SAVEGAME_KEY, saved.to_json(), N_("game"))

    def clear_saved_game(self) -> None:
        """Forget the autosave (the game ended or was abandoned)."""
        self.documents.delete(SAVEGAME_KEY)

    def keep_last_game(self, record: GameRecord, players: tuple[str, str] | None = None) -> None:
        """Keep a game that ended, with its players' names for its files (an empty one is not kept)."""
        if record.moves:
            self.documents.save(LAST_GAME_KEY, last_game_to_json(record, players), N_("last game"))

    def load_last_game(self) -> LastGame | None:
        """The last game that ended, or ``None``."""
        return self.documents.load(LAST_GAME_KEY, last_game_from_json, N_("last game"))

    # -- progress ------------------------------------------------------------------------------

    def load_challenge_progress(self) -> ChallengeProgress:
        """The challenges solved so far, or none yet."""
        return self.documents.load(CHALLENGES_KEY, ChallengeProgress.from_json, CHALLENGES_WHAT) or ChallengeProgress()

    def save_challenge_progress(self, progress: ChallengeProgress) -> None:
        """Store the challenge progress."""
        self.documents.save(CHALLENGES_KEY, progress.to_json(), CHALLENGES_WHAT)

    def load_trainer_progress(self) -> TrainerProgress:
        """The opening trainer's progress so far, or none yet."""
        return self.documents.load(TRAINER_KEY, TrainerProgress.from_json, TRAINER_WHAT) or TrainerProgress()

    def save_trainer_progress(self, progress: TrainerProgress) -> None:
        """Store the opening trainer's progress."""
        self.documents.save(TRAINER_KEY, progress.to_json(), TRAINER_WHAT)
