"""The desktop's command lines beside the window (never imported in the browser).

* ``gtp``: the GTP engine that GUIs and match tools talk to (``python -m game.cli gtp``);
* ``input_script``: scripted clicks, keys and waits for ``othello --script``;
* ``closed_pipe``: ``quiet_stdout``, what the command line and GTP do once their reader has closed stdout.

The command itself is ``game.cli``; only ``input_script`` imports pygame (it feeds
the window real events).
"""
