"""The scenes' names: the keys of ``SCENES`` and what ``Scene.go`` takes, spelled once."""

from __future__ import annotations

MENU = "menu"
NEW_GAME = "new_game"
GAME = "game"
RESULTS = "results"
STATS = "stats"
SETTINGS = "settings"
REVIEW = "review"
EDITOR = "editor"
TRANSCRIPT = "transcript"
CHALLENGES = "challenges"
CHALLENGE = "challenge"
TUTORIAL = "tutorial"
ANALYSIS = "analysis"
TRAINER = "trainer"
TRAINER_PLAY = "trainer_play"
