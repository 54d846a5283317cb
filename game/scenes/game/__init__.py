"""The game screen: a match in progress, with panels of its own.

* ``scene``: ``GameScene``, the match on the board bound to its session, the buttons, the dialogs,
  the autosave and the one place a match's end is saved;
* ``panels``: what only this screen draws and says: the player cards with their clocks, the status
  line, the move list's panel, the pass and resignation words, sharing the game.
"""

from game.scenes.game.scene import GameScene

__all__ = ["GameScene"]
