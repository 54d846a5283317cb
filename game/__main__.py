"""The ``othello`` command (also ``python -m game``): the desktop game, with a few options.

``--data-dir PATH`` keeps everything the game stores (games, settings,
statistics, caches) in ``PATH`` instead of the platform's folder
(``game.platform.dirs``), as ``$OTHELLO_DATA_DIR`` does;
``--reset-settings`` puts the settings and the window's place back to their
defaults (saved games and statistics are kept); ``--script FILE`` and
``--frames N`` feed scripted input and stop after ``N`` frames
(``game.interfaces.input_script``), which is how an installed game is smoke-tested.
Exit status: 0, 1 when a script failed, 2 for bad input (one line on stderr).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from game.engine import NumberError, whole_number
from game.interfaces.cli_args import OneLineParser, UsageError
from game.platform.documents import JsonDocuments
from game.platform.storage import use_data_dir
from game.platform.web_storage import default_storage
from game.play.settings import SETTINGS_KEY

MAX_FRAMES = 10_000_000


def frames_arg(text: str) -> int:
    """A number of frames, 1 to ``MAX_FRAMES``, in the digits 0-9 (``game.engine.whole_number``)."""
    try:
        return whole_number(text, "frames", 1, MAX_FRAMES, signs="")  # a count of frames has no sign
    except NumberError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def build_parser() -> argparse.ArgumentParser:
    """The ``othello`` command's options."""
    parser = OneLineParser(prog="othello", description="Othello: play the computer or a friend.")
    parser.add_argument("--data-dir", type=Path, metavar="PATH",
                        help="keep games, settings and statistics in PATH (default: the platform's data folder)")
    parser.add_argument("--reset-settings", action="store_true",
                        help="put the settings and the window's size and place back to their defaults "
                             "(saved games and statistics are kept)")
    parser.add_argument("--script", type=Path, metavar="FILE",
                        help="play the clicks, keys and waits in FILE as input (see game/interfaces/input_script.py)")
    parser.add_argument("--frames", type=frames_arg, metavar="N", help="close the game after N frames")
    return parser


def data_dir(path: Path) -> Path:
    """``path`` made this run's data folder (created if missing); ``UsageError`` if it cannot be one."""
    try:
        return use_data_dir(path)
    except ValueError as exc:
        raise UsageError(f"othello: --data-dir: {exc}") from None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``othello`` command; returns the exit status."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # a desktop game, not a console banner
    from game.interfaces.input_script import ScriptError, ScriptRunner, load_script, shown_name
    from game.platform.resources import MissingAssetsError
    from game.start import run_game

    try:
        args = build_parser().parse_args(argv)
        if args.data_dir is not None:  # for everything that keeps files there (saves, the library's caches)
            data_dir(args.data_dir)
        storage = default_storage()
        commands = load_script(args.script) if args.script is not None else []
    except (UsageError, ScriptError) as exc:
        message = str(exc).splitlines()[0] if str(exc) else "error"
        print(message if message.startswith("othello") else f"othello: {message}", file=sys.stderr)
        return 2
    if args.reset_settings:
        reset_settings(JsonDocuments(storage))
    runner = None
    if args.script is not None or args.frames is not None:
        runner = ScriptRunner(commands, args.frames, shown_name(args.script) if args.script is not None else "--frames")
    try:
        asyncio.run(run_game(storage, runner.step if runner is not None else None))
    except KeyboardInterrupt:
        return 130
    except MissingAssetsError as exc:  # a broken install: its fonts missing or damaged
        print(f"othello: {exc}", file=sys.stderr)
        return 1
    if runner is not None and runner.failure:
        print(f"othello: {runner.failure}", file=sys.stderr)
        return 1
    return 0


def reset_settings(documents: JsonDocuments) -> None:
    """Forget the stored settings and window place, and say so (the rest of the data stays)."""
    from game.platform.window_memory import WINDOW_KEY

    for key in (SETTINGS_KEY, WINDOW_KEY):
        documents.delete(key)
    for message in documents.take_messages():
        print(f"othello: {message}", file=sys.stderr)
    print("othello: settings reset to their defaults")


if __name__ == "__main__":
    sys.exit(main())
