"""Othello: a bitboard engine, an AI and a pygame-ce game that also runs in the browser.

This package imports nothing from pygame, so the engine and its command
line (``python -m game.cli``) work where pygame is absent. At its top are the
entry points only: ``start`` (the one frame loop that ``main.py`` and the
``othello`` command run), ``app`` (the window, the frame loop and the scene
stack), ``__main__`` (``python -m game``, ``othello``) and ``cli``
(``python -m game.cli``: perft, show, solve, analyze, book, gtp, ...). The
packages below them are mapped in ``docs/architecture.md``.
"""

__version__ = "0.1.0"
