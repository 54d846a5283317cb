"""The opening trainer's two screens (``docs/trainer.md``).

* ``openings``: ``TrainerListScene``, the openings to train, a page at a time, and the colour to play;
* ``line``: ``TrainerScene``, one opening's lines: the book's moves, your answers, the feedback, the score;
* ``book``: what both open with: the opening book, and the line another screen hands in.
"""

from game.scenes.trainer.line import TrainerScene
from game.scenes.trainer.openings import TrainerListScene

__all__ = ["TrainerListScene", "TrainerScene"]
