"""Where the game runs: the browser or the desktop, and where it keeps its files.

* ``storage``: a key -> text store (a folder, the browser's localStorage, memory) and JSON documents on it;
* ``browser``: everything that depends on running in a web page (pygbag), from clipboard to the URL hash;
* ``dirs``: the per-user data folder of each desktop platform;
* ``resources``: where the bundled fonts, sounds and icon are;
* ``window_memory``: the desktop window's size and place between runs.

Only ``window_memory`` imports pygame (it moves the desktop window).
"""
