"""Learning from a game: whole-game analysis, hints and board set-up checks.

* ``analysis``: ``GameAnalysis(record)``, the whole game in slices, each move's loss and verdict;
* ``hints``: what the game scene rings and labels, book notes, value labels;
* ``board_setup``: the editor's checks of a set-up position;
* ``comments``: what the review says about a move, the end and each side, in the player's language.

Pure Python (no pygame): the review, game, analysis and editor scenes use it.
"""
