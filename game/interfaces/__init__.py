"""The desktop's command lines beside the window (never imported in the browser).

* ``gtp``: the GTP engine that GUIs and match tools talk to (``python -m game.cli gtp``);
* ``input_script``: scripted clicks, keys and waits for ``othello --script``;
* ``closed_pipe``: ``quiet_stdout``, what the command line and GTP do once their reader has closed stdout.

The command itself is ``game.cli`` (its parser and ``main``), its subcommands beside these:

* ``cli_args``: ``UsageError``, the one-line parser, the number readers and ``emit``, the one answer;
* ``cli_perft``: ``perft`` and ``bench``, counting nodes;
* ``cli_show``: ``show``, the board after a transcript;
* ``cli_search``: ``solve``, ``analyze`` and ``gtp``, the searching subcommands with their limits;
* ``cli_book``: ``book``, the opening book's moves;
* ``cli_library``: ``library``, master games from the WTHOR database.

Only ``input_script`` imports pygame (it feeds
the window real events).
"""
