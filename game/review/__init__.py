"""Learning from a game: whole-game analysis, board set-up checks and transcript files.

Pure Python (no pygame): the review, editor and transcript scenes use it.
"""
