"""The game's screens, one module (or package) each, and the registry the scene stack opens them from.

* ``base``: the scene protocol (startup, pause, resume, cleanup; open, switch, back, home) and the
  ``Context`` every scene shares; ``entries``: what each scene is opened with; ``names``: their names;
  ``stack``: the stack of open scenes the app keeps (``docs/architecture.md``);
* the screens: ``menu``, ``new_game``, ``game`` (a package: the scene and its panels), ``results``,
  ``review``, ``analysis`` (the analysis mode), ``editor``, ``transcript``, ``challenge_list`` and
  ``challenges``, ``tutorial``, ``trainer`` (a package: the list and one opening's lines), ``library``,
  ``explorer``, ``stats_scene``, ``settings_scene``; ``ask_new_game``, the question before a new game
  replaces the one in progress.

To add a scene: write its module, give it an entry in ``entries`` and add one line to ``SCENES``.
A scene class that sets ``menu_label`` (and ``menu_order``) appears in the main menu by itself.
"""

from __future__ import annotations

from game.scenes.analysis import AnalysisScene
from game.scenes.ask_new_game import AskNewGameScene
from game.scenes.base import Context, Scene
from game.scenes.challenges import ChallengeListScene, ChallengeScene
from game.scenes.editor import EditorScene
from game.scenes.explorer import ExplorerScene
from game.scenes.game import GameScene
from game.scenes.library import LibraryScene
from game.scenes.menu import MenuScene
from game.scenes.names import (
    ANALYSIS,
    ASK_NEW_GAME,
    CHALLENGE,
    CHALLENGES,
    EDITOR,
    EXPLORER,
    GAME,
    LIBRARY,
    MENU,
    NEW_GAME,
    RESULTS,
    REVIEW,
    SETTINGS,
    STATS,
    TRAINER,
    TRAINER_PLAY,
    TRANSCRIPT,
    TUTORIAL,
)
from game.scenes.new_game import NewGameScene
from game.scenes.results import ResultsScene
from game.scenes.review import ReviewScene
from game.scenes.settings_scene import SettingsScene
from game.scenes.stats_scene import StatsScene
from game.scenes.trainer import TrainerListScene, TrainerScene
from game.scenes.transcript import TranscriptScene
from game.scenes.tutorial import TutorialScene

SCENES: dict[str, type[Scene]] = {
    MENU: MenuScene,
    NEW_GAME: NewGameScene,
    GAME: GameScene,
    ASK_NEW_GAME: AskNewGameScene,
    RESULTS: ResultsScene,
    STATS: StatsScene,
    SETTINGS: SettingsScene,
    REVIEW: ReviewScene,
    EDITOR: EditorScene,
    TRANSCRIPT: TranscriptScene,
    CHALLENGES: ChallengeListScene,
    CHALLENGE: ChallengeScene,
    TUTORIAL: TutorialScene,
    ANALYSIS: AnalysisScene,
    TRAINER: TrainerListScene,
    TRAINER_PLAY: TrainerScene,
    LIBRARY: LibraryScene,
    EXPLORER: ExplorerScene,
}

__all__ = ["SCENES", "Context", "Scene"]
