"""The library of master games (the FFO's WTHOR database) and the opening explorer's data.

* ``explorer``: ``explore(position) -> Exploration``, each move's games, score and book value;
* ``database``: the games table, read in bounded steps (``TableLoader``);
* ``positions``: the explorer's index of every position of the games' first moves;
* ``service``: the process's shared table and index, loaded a slice at a time, with the index cached;

Pure Python; nothing here imports pygame. See ``docs/library.md``.
"""
