"""The opening trainer: play the book's main lines against the computer, each answer judged by the book.

Pure Python (no pygame): the session (``model``: a play session with the
book as its opponent, ``BookOpponent``, and its judge, ``LineJudge``), where
a line starts (``openings``: ``TrainingOpening``, ``trainable_openings``,
``opening_at``), what the book says of an answer (``feedback``: ``Feedback``,
``Score``) and the player's progress (``progress``). The screens are
``game.scenes.trainer``'s; see ``docs/trainer.md``.

The package imports none of its modules: the player's progress (which the game reads at its
start) comes without the sessions, the book's judge and the searches they run; import from the
modules.
"""
