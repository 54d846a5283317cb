"""Game records and the names they carry: files in and out, the master games, the openings.

* ``formats``: GGF game records and OBF positions, read and written;
* ``wthor``: the FFO's WTHOR database of master games, read and replayed;
* ``openings``: the named openings table and the name a game is following.

Transcripts (``f5d6c3…``) are the engine's (``game.engine.record``); the
transcript files the scenes read are ``game.review.transcripts``.
Pure Python; nothing here imports pygame.
"""
