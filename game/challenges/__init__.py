"""Solo challenges: puzzles taken from the project's own self-play games, checked by the exact solver.

Pure Python (no pygame): the model and the file (``model``), what each
goal means (``objectives``), one attempt as a play session with the goal
as its judge and the exact solver as its opponent (``attempt``) and the
player's progress (``progress``); the words shown are written from
templates when shown, in the player's language (``words``). The scenes
are ``game.scenes.challenges`` (one challenge) and ``game.scenes.challenge_list``; the file is made by
``tools/make_challenges.py``.

The package imports none of its modules: the player's progress (which the game reads at its
start) comes without the challenges' file and their goals; import from the modules.
"""
