"""The web build: pygbag packing the game into a static site in ``build/web/``, served or zipped.

``python -m game.web build`` builds offline with the project's own template
(``index.html``), icon (``assets/icon.png``) and exclusions (``pygbag.ini``);
``python -m game.web serve`` serves the result on this computer;
``python -m game.web build --archive`` also writes the zip itch.io accepts.

The files: ``build`` (pygbag run offline, the result checked), ``slim``
(the packed Python without docstrings and comments, line for line),
``page_texts`` (the page's texts, name, description and manifests in every
language), ``escape`` (the title, runtime address and app name written into
the page, one escaping per context), ``policy`` (the page's
Content-Security-Policy), ``offline`` (the
service worker, the manifests and icons), ``runtime_pins`` (the runtime
files' hashes the worker checks its copies against), ``fetch_runtime`` (a copy of
the runtime downloaded once, whose hashes those are), ``figures`` (docs/web.md's size
figures), ``serve`` (the static server), ``__main__`` (the command line).

This is development tooling: ``pygbag.ini`` keeps ``game/web`` out of the
packed app, and nothing in the game imports it.
"""
