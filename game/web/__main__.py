"""``python -m game.web build|serve``: the static web build (see ``docs/web.md``).

    python -m game.web build              # build/web/ offline (pygbag 0.9.3, our template and icon)
    python -m game.web build --archive    # ... and build/web.zip for itch.io
    python -m game.web build --cdn URL    # the page loads pygbag's runtime from URL instead
    python -m game.web build --cdn URL --runtime-files DIR   # ... pinned to the files of DIR, a copy of it
    python -m game.web build --no-offline # no offline play: retire the service worker of earlier builds
    python -m game.web build --share-base https://you.github.io/othello/   # where it will be published
    python -m game.web share-base URL     # only record that address (a desktop build's share links)
    python -m game.web serve [--build]    # serve build/web on http://127.0.0.1:8000/
    python -m game.web fetch-runtime DIR [--cdn URL] [--print-pins]   # a copy of the runtime, for --runtime-files
"""

from __future__ import annotations

import argparse
import datetime
import sys
from pathlib import Path

from game.engine import NumberError, whole_number

from .build import (
    DEFAULT_CDN,
    DEFAULT_TITLE,
    OUTPUT_DIR,
    PYGBAG_VERSION,
    BuildError,
    BuildResult,
    build,
    record_share_base,
    valid_cdn,
)
from .fetch_runtime import FetchError, fetch_runtime, pins_table
from .figures import LANGUAGE_BEGIN, LANGUAGE_END, language_files, table, write_into
from .page_texts import MANIFEST
from .serve import DEFAULT_BIND, DEFAULT_PORT, make_server, page_url, serve_until_interrupted

REPO = Path(__file__).resolve().parents[2]


def _describe(result: BuildResult, repo: Path) -> str:
    lines = [
        f"built {result.output_dir.relative_to(repo)}/",
        f"  packed app {result.tarball.name}: {result.packed_bytes:,} bytes ({result.packed_bytes / 1024:.0f} KiB)",
        f"  build {result.version}: with sw.js, {MANIFEST} (one per language) and its icons",
        f"  pygbag log: {result.log.relative_to(repo)}",
    ]
    if result.archive is not None:
        lines.append(f"  itch.io archive: {result.archive.relative_to(repo)} (upload as an HTML project)")
    return "\n".join(lines)


def port_arg(text: str) -> int:
    """A TCP port, 0 to 65535, in the digits 0-9 (``game.engine.whole_number``; 0: any free port)."""
    try:
        return whole_number(text, "", 0, 65_535)
    except NumberError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game.web", description="Build or serve the web version.")
    parser.add_argument("--repo", type=Path, default=REPO, help="the project folder (default: this checkout)")
    commands = parser.add_subparsers(dest="command", required=True)

    build_cmd = commands.add_parser("build", help="build build/web/ with pygbag, offline")
    build_cmd.add_argument("--archive", action="store_true", help="also write build/web.zip for itch.io")
    build_cmd.add_argument("--cdn", help="where the page loads pygbag's runtime from (default: pygbag's CDN)")
    build_cmd.add_argument("--runtime-files", type=Path, metavar="DIR",
                           help="a copy of the runtime at --cdn (the folder above it), whose files' hashes the "
                                "service worker checks its copies against")
    build_cmd.add_argument("--title", default=DEFAULT_TITLE, help=f"page title (default: {DEFAULT_TITLE})")
    build_cmd.add_argument("--verbose", action="store_true", help="show pygbag's output")
    build_cmd.add_argument("--figures", type=Path, metavar="DOC",
                           help="write the size table and the language files' sizes into DOC (docs/web.md), "
                                "between their markers")
    build_cmd.add_argument("--no-offline", action="store_true",
                           help="publish no offline play: a service worker that removes an earlier build's")
    build_cmd.add_argument("--share-base", help="the address the site is published at, for the desktop's share "
                                                "links (recorded in game/share_base.txt)")

    base_cmd = commands.add_parser("share-base", help="record where the site is published (game/share_base.txt)")
    base_cmd.add_argument("address", help="e.g. https://you.github.io/othello/")

    fetch_cmd = commands.add_parser("fetch-runtime", help="download a copy of the runtime the page fetches into DIR "
                                                          "(for --runtime-files, or a mirror)")
    fetch_cmd.add_argument("folder", type=Path, metavar="DIR", help="an empty or new folder")
    fetch_cmd.add_argument("--cdn", default=DEFAULT_CDN, help="the runtime's address (default: pygbag's CDN)")
    fetch_cmd.add_argument("--print-pins", action="store_true",
                           help="print the files' hashes as game/web/runtime_pins.py's PYGBAG_RUNTIME, to paste")

    serve_cmd = commands.add_parser("serve", help="serve build/web/ on this computer")
    serve_cmd.add_argument("--build", action="store_true", help="build first")
    serve_cmd.add_argument("--port", type=port_arg, default=DEFAULT_PORT, help=f"default {DEFAULT_PORT}")
    serve_cmd.add_argument("--bind", default=DEFAULT_BIND, help=f"default {DEFAULT_BIND} (see docs/web.md)")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command; 0 on success, 1 with a one-line message on stderr otherwise."""
    args = _parser().parse_args(argv)
    repo: Path = args.repo.resolve()
    try:
        if args.command == "share-base":
            print(f"recorded {record_share_base(repo, args.address).relative_to(repo)}")
            return 0
        if args.command == "fetch-runtime":
            cdn = valid_cdn(args.cdn)
            hashes = fetch_runtime(args.folder, cdn, PYGBAG_VERSION)
            print(f"fetched {len(hashes)} files of the runtime at {cdn} into {args.folder}")
            if args.print_pins:
                print(pins_table(hashes, cdn))
            return 0
        if args.command == "build" or args.build:
            result = build(
                repo,
                title=getattr(args, "title", DEFAULT_TITLE),
                cdn=getattr(args, "cdn", None),
                archive=getattr(args, "archive", False),
                quiet=not getattr(args, "verbose", False),
                share_base=getattr(args, "share_base", None),
                offline=not getattr(args, "no_offline", False),
                runtime_files=getattr(args, "runtime_files", None),
            )
            print(_describe(result, repo))
            if getattr(args, "figures", None) is not None:
                write_into(args.figures, table(result.tarball, result.index_html, result.favicon,
                                              datetime.date.today().isoformat()))
                write_into(args.figures, language_files(result.output_dir), LANGUAGE_BEGIN, LANGUAGE_END)
                print(f"wrote the size table and the language files' sizes into {args.figures}")
        if args.command == "serve":
            server = make_server(repo / OUTPUT_DIR, args.bind, args.port)
            print(f"serving {OUTPUT_DIR}/ at {page_url(server)}  (Ctrl+C stops)")
            print(f"  debug console: {page_url(server)}?debug   a shared game: {page_url(server)}#f5d6c3")
            serve_until_interrupted(server)
    except (BuildError, FetchError, FileNotFoundError, OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
