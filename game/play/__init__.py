"""A game being played, as players choose and keep it, without pygame.

* ``match``: who plays whom (``MatchSetup``) and the autosaved game's JSON form;
* ``match_controller``: the turn logic of a match in progress (one explicit phase, moves, undo, the end);
* ``live_analysis``: analysis until stopped, one depth after another;
* ``engine_output``: the engine's progress in words (depth, value, line, speed);
* ``settings``: the player's settings and their JSON form;
* ``stats``: wins, losses and draws against each level.

The scenes (``game.scenes``) draw these; nothing here imports pygame.
"""
