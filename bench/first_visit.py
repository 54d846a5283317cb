"""What a first visit, a repeat visit and an offline visit download, file by file.

    python bench/first_visit.py [--cache-control "max-age=600"] [--write docs/web.md]

Builds the page against a stand-in for pygbag's CDN on another origin (the
files pygbag 0.9.3's loader requests, by their real names, as small stand-ins:
the real runtime cannot be fetched here), serves both like GitHub Pages
(``Cache-Control: max-age=600``, revalidated by date; ``--cache-control``
changes it) and visits the page three times in one headless chromium
profile: the first visit, a repeat visit online, a visit with both servers
unreachable. Prints every request each server answered with its status and
body bytes, and the totals. The game's own files are real, so their sizes
are what a visitor downloads; the runtime's are not (see docs/web.md for
what they weigh). ``--write`` puts the summary table between the
first-visit markers of docs/web.md. Needs chromium.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import datetime  # noqa: E402

from game.web.figures import write_into  # noqa: E402
from tests.chromium import CHROMIUM, SwitchableSite, built_against_standin, standin_runtime, visit  # noqa: E402

VISITS = (("first", False), ("repeat, online", False), ("offline", True))
BEGIN = "<!-- first visit: python bench/first_visit.py --write docs/web.md -->"
END = "<!-- end of first visit -->"
Answered = list[tuple[str, int, int]]
"""What a server answered during a visit: each request's path, status and body bytes."""


def described(answered: Answered, sizes: bool) -> str:
    """One cell of the summary: the requests, their bytes (``sizes``) and each file's share."""
    if not answered:
        return "0 requests"
    by_file: dict[str, list[tuple[int, int]]] = {}
    for path, code, size in answered:
        by_file.setdefault(path.split("?")[0].lstrip("/") or "/", []).append((code, size))
    parts = []
    for name, answers in by_file.items():
        notes = [f"{len(answers)} requests"] if len(answers) > 1 else []
        not_modified = sum(1 for code, _ in answers if code == 304)
        notes += [f"{not_modified} of them `304`" if len(answers) > 1 else "`304`"] if not_modified else []
        size = f" {sum(size for _, size in answers):,}" if sizes else ""
        parts.append(f"`{name}`{size}" + (f" ({', '.join(notes)})" if notes else ""))
    total = f", **{sum(size for _, _, size in answered):,} bytes**" if sizes else ""
    return f"{len(answered)} request{'s' if len(answered) > 1 else ''}{total}: " + ", ".join(parts)


def summary(visits: list[tuple[str, Answered, Answered]], cache_control: str) -> str:
    """The table for docs/web.md: each visit's requests to the page's server (with bytes) and to the CDN."""
    rows = [f"Measured on {datetime.date.today().isoformat()} by `python bench/first_visit.py --write docs/web.md` "
            f"(both servers sending `Cache-Control: {cache_control}`):", "",
            "| visit | the game's own files (page's server) | pygbag's runtime (CDN; sizes of stand-ins, not shown) |",
            "| --- | --- | --- |"]
    rows += [f"| {name} | {described(page, True)} | {described(cdn, False)} |" for name, page, cdn in visits]
    return "\n".join(rows)


def run(cache_control: str, doc: Path | None = None) -> int:
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
        site = built_against_standin(root / "game", cdn)
        page = SwitchableSite(site, cache_control=cache_control)
        profile = root / "profile"
        status = 0
        visits: list[tuple[str, Answered, Answered]] = []
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
                answers = {}
                for label, server in (("page", page), ("CDN", cdn)):
                    answered = [row for row in server.served if row[0] != "/__wait"]
                    for path, code, size in answered:
                        print(f"| {label} | `{path}` | {code} | {size:,} |")
                    totals[label] = (len(answered), sum(size for _, _, size in answered))
                    answers[label] = answered
                print("\n" + ", ".join(f"{label}: {count} requests, {size:,} bytes"
                                       for label, (count, size) in totals.items()))
                visits.append((name, answers["page"], answers["CDN"]))
        finally:
            page.close()
            cdn.close()
    table = summary(visits, cache_control)
    print("\n" + table)
    if doc is not None and status == 0:
        write_into(doc, table, BEGIN, END)
        print(f"wrote the table into {doc}")
    return status


def main(argv: list[str] | None = None) -> int:
    """Parse the options and run."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache-control", default="max-age=600", help="what both servers send (default: GitHub "
                                                                        "Pages' max-age=600)")
    parser.add_argument("--write", type=Path, metavar="DOC", help="put the summary table into DOC (docs/web.md), "
                                                                  "between its first-visit markers")
    args = parser.parse_args(argv)
    return run(args.cache_control, args.write)


if __name__ == "__main__":
    raise SystemExit(main())
