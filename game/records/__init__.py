"""Game records and the names they carry: files in and out, the master games, the openings.

* ``transcripts``: a game as text (``f5 d6 c3 …``, move numbers and passes allowed), read and written,
  and the last finished game's stored form;
* ``formats``: GGF game records and OBF positions, read and written;
* ``game_files``: what a pasted or opened text holds (GGF, OBF or a transcript) and what a saved file says;
* ``wthor``: the FFO's WTHOR database of master games: the one game type (``WthorGame``, moves as text,
  ``squares`` for replaying), the one line parser (``parse_line``, ``WthorError``), the tools' reader
  (``read_games``) and ``replay``; the library (``game.library``) reads its table through the same parser;
* ``openings``: the named openings table and the name a game is following.

The notation itself (squares, ``f5d6c3`` transcripts) is the engine's (``game.engine.notation``,
``game.engine.record``). Pure Python; nothing here imports pygame.
"""
