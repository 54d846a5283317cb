"""A game being played, as players choose and keep it, without pygame.

* ``match``: who plays whom (``MatchSetup``) and the autosaved game's JSON form;
* ``levels``: the computer's level as players choose it (a named level by index, a custom one by
  time or depth, a match's level, that level on a clock);
* ``session``: the one play session (an explicit phase, a move judged once, a pluggable opponent
  and judge; the opponent's move held back for the delay the screen asks);
* ``thinking``: what a session's opponent found (``Thought``) and a search as its thinking (``JobThinking``);
* ``match_controller``: a match in progress as the game's session (the engine as opponent, clocks,
  undo, the hint, the end);
* ``lesson``: a tutorial step as a session (the step judges, a scripted reply answers);
* ``frame_budget``: how much of a frame background work may take (the one place slices are sized);
* ``live_analysis``: analysis until stopped, one depth after another;
* ``engine_output``: the engine's progress in words (depth, value, line, speed);
* ``settings``: the player's settings and their JSON form;
* ``store``: the player's documents (settings, statistics, the game in progress, the last game, the challenges'
  and the trainer's progress) by what they are; it says what went wrong itself, to the toasts it is handed;
* ``level_compat``: the levels of old save files, read as today's;
* ``stats``: wins, losses and draws against each level, and the player's rating;
* ``rating``: the player's rating (Glicko-1 against the levels' ratings) and the level for an even game.

The scenes (``game.scenes``) draw these; nothing here imports pygame.
"""
