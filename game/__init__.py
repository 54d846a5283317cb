"""Othello: a bitboard engine, an AI and a pygame-ce game that also runs in the browser.

This package imports nothing from pygame, so the engine and its command
line (``python -m game.cli``) work where pygame is absent.
"""

__version__ = "0.1.0"
