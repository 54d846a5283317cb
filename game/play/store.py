"""The player's documents in the game's storage: settings, statistics, the game in progress, the last game.

Each document has its key and the name it goes by in a message (marked
here, translated when the storage speaks). A document that cannot be read
is set aside and the game starts without it; every such problem, and every
write that fails, becomes a line in ``take_messages()`` for the screen to
show. The challenges' and the trainer's progress are kept through the same
``documents`` by their own packages (``game.challenges.progress``,
``game.trainer.progress``).
"""

from __future__ import annotations

from game.engine import GameRecord
from game.i18n import N_
from game.platform.storage import JsonDocuments, Storage
from game.play.match import SAVEGAME_KEY, SavedGame
from game.play.settings import SETTINGS_KEY, Settings
from game.play.stats import STATS_KEY, Stats
from game.records.transcripts import LAST_GAME_KEY, LastGame, last_game_from_json, last_game_to_json


class PlayerStore:
    """Load and save the player's documents by what they are, not by key."""

    def __init__(self, storage: Storage) -> None:
        self.documents = JsonDocuments(storage)
        """The documents themselves (the storage's folder, other packages' progress)."""

    def take_messages(self) -> list[str]:
        """What went wrong since the last call (files set aside, failed writes), for the player."""
        return self.documents.take_messages()

    def load_settings(self) -> Settings:
        """The settings, or the defaults."""
        settings = self.documents.load(SETTINGS_KEY, Settings.from_json, N_("settings")) or Settings()
        notice = settings.take_notice()
        if notice:
            self.documents.messages.append(notice)
        return settings

    def save_settings(self, settings: Settings) -> None:
        """Store the settings."""
        self.documents.save(SETTINGS_KEY, settings.to_json(), N_("settings"))

    def load_stats(self) -> Stats:
        """The statistics, or none yet (an unreadable rating is said, once)."""
        # a rating that is not a number a game can have is set aside alone: the results stay
        stats = self.documents.load(STATS_KEY, Stats.from_json, N_("statistics"), lenient_numbers=True) or Stats()
        notice = stats.take_notice()
        if notice:
            self.documents.messages.append(notice)
        return stats

    def save_stats(self, stats: Stats) -> None:
        """Store the statistics."""
        self.documents.save(STATS_KEY, stats.to_json(), N_("statistics"))

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
