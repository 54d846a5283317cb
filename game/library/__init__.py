"""The library of master games (the FFO's WTHOR database) and the opening explorer's data.

* ``explorer``: ``explore(position) -> Exploration``, each move's games, score and book value;
* ``database``: the games table (``GameTable`` of ``game.records.wthor.WthorGame``, each line read by
  ``game.records.wthor.parse_line``), loaded from an xz or gzip file in bounded steps (``TableLoader``);
* ``search``: the library's searches (player, colour, event, years, opening);
* ``famous``: the shelf of World Championship finals;
* ``table_cache``: the parsed table kept between runs of the command line (``games-<stamp>.bin``);
* ``positions``: the explorer's index of every position of the games' first moves (``PositionIndex``);
* ``index_builder``: the index built from the games table in bounded steps (``IndexBuilder``);
* ``index_file``: the index's cache file (``encode_index``, ``decode_index`` and their stepwise forms);
* ``service``: the process's shared table and index, loaded a slice at a time, with the index cached;
* ``words``: what the library's screen says of a game and a search, in the player's language;

Pure Python; nothing here imports pygame. See ``docs/library.md``.
"""
