"""What a first visit, a repeat visit and an offline visit download, file by file.

    python bench/first_visit.py [--cache-control "max-age=600"]

Builds the page against a stand-in for pygbag's CDN on another origin (the
files pygbag 0.9.3's loader requests, by their real names, as small stand-ins:
the real runtime cannot be fetched here), serves both like GitHub Pages
(``Cache-Control: max-age=600``, revalidated by date; ``--cache-control``
changes it) and visits the page three times in one headless chromium
profile: the first visit, a repeat visit online, a visit with both servers
unreachable. Prints every request each server answered with its status and
body bytes, and the totals. The game's own files are real, so their sizes
are what a visitor downloads; the runtime's are not (see docs/web.md for
what they weigh). Needs chromium.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.chromium import CHROMIUM, SwitchableSite, built_site, standin_runtime, visit  # noqa: E402

VISITS = (("first visit", False), ("repeat visit", False), ("offline visit", True))


def run(cache_control: str) -> int:
    """Make the three visits and print the table; 0, or 1 when chromium is missing or a visit failed."""
    if CHROMIUM is None:
        print("chromium is not installed (apt-get install chromium)", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        runtime = standin_runtime(root / "cdn-host")
        (runtime / "index.html").write_text("stand-in CDN\n", encoding="utf-8")
        cdn = SwitchableSite(runtime, cors=True, cache_control=cache_control)
        (root / "game").mkdir()
        site = built_site(root / "game", cdn=cdn.url + "cdn/0.9.3/")
        page = SwitchableSite(site, cache_control=cache_control)
        profile = root / "profile"
        status = 0
        try:
            for name, offline in VISITS:
                page.served.clear()
                cdn.served.clear()
                page.offline = cdn.offline = offline
                seen = visit(f"{page.url}index.html?standin=playing", 20_000, profile)  # plays on 8 s
                started = "first frame" in seen["standin-log"].text and seen.failure() is None
                status |= 0 if started else 1
                print(f"\n### {name}: the game {'started' if started else 'did NOT start'}\n")
                print("| server | request | status | bytes |\n| --- | --- | ---: | ---: |")
                totals = {}
                for label, server in (("page", page), ("CDN", cdn)):
                    answered = [row for row in server.served if row[0] != "/__wait"]
                    for path, code, size in answered:
                        print(f"| {label} | `{path}` | {code} | {size:,} |")
                    totals[label] = (len(answered), sum(size for _, _, size in answered))
                summary = ", ".join(f"{label}: {count} requests, {size:,} bytes"
                                    for label, (count, size) in totals.items())
                print(f"\n{summary}")
        finally:
            page.close()
            cdn.close()
    return status


def main(argv: list[str] | None = None) -> int:
    """Parse the options and run."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache-control", default="max-age=600", help="what both servers send (default: GitHub "
                                                                        "Pages' max-age=600)")
    return run(parser.parse_args(argv).cache_control)


if __name__ == "__main__":
    raise SystemExit(main())
