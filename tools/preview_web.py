"""Play the built page on real WebAssembly in your own browser, without pygbag's CDN.

    python tools/preview_web.py                      # the wheel from ../shared/runtime/
    python tools/preview_web.py --pygame-wheel PATH  # pygbag's pygame-ce wheel for CPython 3.12
    python tools/preview_web.py --port 8010

Builds the page (the same build as ``python -m game.web build``, with its
runtime looked for in ``cdn/0.9.3/`` beside it) into a temporary folder,
puts there the runtime the real-browser tests use (``tests/real_browser.py``:
the npm ``pyodide@0.27.8``, CPython 3.12 on WebAssembly, with pygbag's own
pygame-ce wasm wheel, started by ``tests/page/pyodide_loader.js`` in place
of pygbag's loader) and serves it on http://127.0.0.1:8000/ until Ctrl+C.
Needs ``npm ci``. What differs from pygbag's runtime: ``docs/web.md``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from game.web.serve import DEFAULT_PORT, make_server, page_url, serve_until_interrupted  # noqa: E402 - after the path
from tests.chromium import built_site  # noqa: E402
from tests.real_browser import PYODIDE, RUNTIME_PATH, WHEEL_ENV, add_runtime, pygame_wheel  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Build, add the runtime, serve; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pygame-wheel", type=Path, help=f"pygame-ce's cp312 wasm wheel (default: ${WHEEL_ENV}"
                        " or ../shared/runtime/)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    args = parser.parse_args(argv)
    wheel = args.pygame_wheel or pygame_wheel()
    if wheel is None or not wheel.is_file():
        print("preview: no pygame-ce wasm wheel: give --pygame-wheel PATH (pygbag's "
              "https://pygame-web.github.io/cdn/cp312/ wheel)", file=sys.stderr)
        return 2
    if not (PYODIDE / "pyodide.asm.wasm").is_file():
        print("preview: node_modules/pyodide is absent: run `npm ci` in the repository", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="othello-preview-") as folder:
        site = add_runtime(built_site(Path(folder), cdn=RUNTIME_PATH), wheel)
        try:
            server = make_server(site, port=args.port)
        except OSError as error:
            print(f"preview: cannot serve on port {args.port}: {error.strerror}", file=sys.stderr)
            return 2
        print(f"the game on real WebAssembly: {page_url(server)} (Ctrl+C stops)", flush=True)
        serve_until_interrupted(server)
    return 0


if __name__ == "__main__":
    sys.exit(main())
