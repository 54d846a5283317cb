"""The game's screens, one module (or package) each, and the registry the scene stack opens them from.

* ``base``: the scene protocol (startup, pause, resume, cleanup; open, switch, back, home) and the
  ``Context`` every scene shares; ``entries``: what each scene is opened with; ``names``: their names;
  ``stack``: the stack of open scenes the app keeps (``docs/architecture.md``); ``board_scene``: the one
  input order of the screens that play on the board (``BoardScene``: a dialog, keys, buttons, the board);
* the screens: ``menu``, ``new_game``, ``game`` (a package: the scene and its panels), ``results``,
  ``review``, ``analysis`` (the analysis mode), ``editor``, ``transcript``, ``challenge_list`` and
  ``challenges``, ``tutorial``, ``trainer`` (a package: the list and one opening's lines), ``library``,
  ``explorer``, ``stats_scene``, ``settings_scene``; ``ask_new_game``, the question before a new game
  replaces the one in progress.

To add a scene: write its module, give it an entry in ``entries`` and add one line to ``SCENE_PLACES``.
An entry class that sets ``menu_label`` (and ``menu_order``) appears in the main menu by itself.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module

from game.scenes.base import Context, Scene
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

SCENE_PLACES: dict[str, tuple[str, str]] = {
    MENU: ("game.scenes.menu", "MenuScene"),
    NEW_GAME: ("game.scenes.new_game", "NewGameScene"),
    GAME: ("game.scenes.game", "GameScene"),
    ASK_NEW_GAME: ("game.scenes.ask_new_game", "AskNewGameScene"),
    RESULTS: ("game.scenes.results", "ResultsScene"),
    STATS: ("game.scenes.stats_scene", "StatsScene"),
    SETTINGS: ("game.scenes.settings_scene", "SettingsScene"),
    REVIEW: ("game.scenes.review", "ReviewScene"),
    EDITOR: ("game.scenes.editor", "EditorScene"),
    TRANSCRIPT: ("game.scenes.transcript", "TranscriptScene"),
    CHALLENGES: ("game.scenes.challenge_list", "ChallengeListScene"),
    CHALLENGE: ("game.scenes.challenges", "ChallengeScene"),
    TUTORIAL: ("game.scenes.tutorial", "TutorialScene"),
    ANALYSIS: ("game.scenes.analysis", "AnalysisScene"),
    TRAINER: ("game.scenes.trainer", "TrainerListScene"),
    TRAINER_PLAY: ("game.scenes.trainer", "TrainerScene"),
    LIBRARY: ("game.scenes.library", "LibraryScene"),
    EXPLORER: ("game.scenes.explorer", "ExplorerScene"),
}
"""Where each scene's class is: (module, class name), by the scene's name."""


class SceneRegistry(Mapping[str, type[Scene]]):
    """The scenes' classes by name, each module imported when its scene is first opened.

    Start-up imports the menu's module alone (the menu's items come from the
    entries, ``entries.ENTRY_TYPES``), not the 17 other screens': in the
    browser that import was half of the time from ``main.py`` to the first
    frame (issue 48, item 3).
    """

    def __getitem__(self, name: str) -> type[Scene]:
        module, class_name = SCENE_PLACES[name]
        scene_class: type[Scene] = getattr(import_module(module), class_name)
        return scene_class

    def __iter__(self) -> Iterator[str]:
        return iter(SCENE_PLACES)

    def __len__(self) -> int:
        return len(SCENE_PLACES)


SCENES = SceneRegistry()
"""The registry the scene stack opens scenes from."""

__all__ = ["SCENES", "SCENE_PLACES", "Context", "Scene", "SceneRegistry"]
