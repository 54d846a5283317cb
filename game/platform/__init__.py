"""Where the game runs: the browser or the desktop, and where it keeps its files.

* ``storage``: the key -> text store protocol, files (``FileStorage``, written durably) and memory;
* ``documents``: JSON documents on a store (``JsonDocuments``; a damaged one set aside with a message);
* ``files``: the one bounded reader of a file a user can replace (regular files only, never blocking);
* ``bytecode``: the game's modules compiled into Python's bytecode cache ahead of their import (the page
  while it waits for the tap, the AI's warm-up a step before each import), and imported ahead where they
  need no installed package (the page, while it waits);
* ``web_storage``: the page's ``localStorage`` (memory once it is full, or when it is blocked) and
  ``default_storage()``, the store this run uses;
* ``browser``: the page around the canvas (clipboard, downloads, audio unlock, canvas size, the
  loading screen);
* ``page_text_field``: a text field of the page's over the canvas, for touch screens' keyboards;
* ``links``: the game in the page address (``#f5d6c3``) and share links;
* ``dirs``: the per-user data folder of each desktop platform;
* ``resources``: where the bundled fonts, sounds and icon are;
* ``languages``: the languages the player's system asks for, best first (the browser's or the locale);
* ``window_memory``: the desktop window's size and place between runs.

Only ``window_memory`` imports pygame at import time (it moves the desktop window); ``browser``
imports it lazily, inside the functions that need it.
"""
