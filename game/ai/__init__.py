"""The computer opponent: search, evaluation, exact endgame solver, levels.

Pure Python with no dependencies beyond ``game.engine``; runs unchanged in
CPython on WebAssembly. Nothing here imports pygame.
"""
