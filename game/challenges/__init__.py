"""Solo challenges: puzzles taken from the project's own self-play games, checked by the exact solver.

Pure Python (no pygame): the model and the file (``model``), what each
goal means (``objectives``), one attempt as a play session with the goal
as its judge and the exact solver as its opponent (``attempt``) and the
player's progress (``progress``); the words shown are written from
templates when shown, in the player's language (``words``). The scenes
are ``game.scenes.challenges`` (one challenge) and ``game.scenes.challenge_list``; the file is made by
``tools/make_challenges.py``.
"""

from .model import (
    CHALLENGES_FILE,
    DIFFICULTY_NAMES,
    KIND_BLURBS,
    KIND_NAMES,
    KINDS,
    Challenge,
    ChallengeError,
    Goal,
    Kind,
    load_challenges,
    parse_challenges,
)
from .objectives import meets_goal, moves_meeting_goal
from .progress import PROGRESS_KEY, ChallengeProgress, stars_for

__all__ = [
    "CHALLENGES_FILE",
    "DIFFICULTY_NAMES",
    "KINDS",
    "KIND_BLURBS",
    "KIND_NAMES",
    "PROGRESS_KEY",
    "Challenge",
    "ChallengeError",
    "ChallengeProgress",
    "Goal",
    "Kind",
    "load_challenges",
    "meets_goal",
    "moves_meeting_goal",
    "parse_challenges",
    "stars_for",
]
