"""The counting subcommands: ``perft`` and ``bench`` (``python -m game.cli``)."""

from __future__ import annotations

import argparse
import time
from typing import Any

from game.engine import PerftTimeout, Position, timed_perft
from game.interfaces.cli_args import UsageError, emit, position_arg, seconds_option

PERFT_SECONDS = 600.0
"""perft's and bench's default time limit: deep counts grow about eightfold a ply."""


def _perft_seconds(args: argparse.Namespace) -> float:
    """perft's and bench's ``--max-seconds``: ``PERFT_SECONDS`` if not given, at most ``MAX_SECONDS``."""
    return PERFT_SECONDS if args.max_seconds is None else seconds_option(args.max_seconds, "--max-seconds")


def _timed(position: Position, depth: int, bulk: bool, max_seconds: float) -> int:
    try:
        return timed_perft(position, depth, max_seconds, bulk=bulk)
    except PerftTimeout as exc:
        raise UsageError(f"{exc} (depth {depth}; raise --max-seconds to count deeper)") from None


def cmd_perft(args: argparse.Namespace) -> None:
    """Count leaf nodes ``depth`` plies ahead."""
    position = position_arg(args.position)
    max_seconds = _perft_seconds(args)
    started = time.perf_counter()
    nodes = _timed(position, args.depth, not args.no_bulk, max_seconds)
    seconds = time.perf_counter() - started
    nps = round(nodes / seconds) if seconds > 0 else 0
    data = {"depth": args.depth, "nodes": nodes, "seconds": round(seconds, 6), "nps": nps}
    emit(args, data, f"perft({args.depth}) = {nodes}  ({seconds:.3f} s, {nps:,} nodes/s)")


def cmd_bench(args: argparse.Namespace) -> None:
    """Perft nodes per second with and without bulk counting."""
    position = Position.start()
    results: dict[str, Any] = {"depth": args.depth}
    lines = []
    max_seconds = _perft_seconds(args)
    for label, bulk in (("bulk", True), ("no_bulk", False)):
        started = time.perf_counter()
        nodes = _timed(position, args.depth, bulk, max_seconds)
        seconds = time.perf_counter() - started
        nps = round(nodes / seconds) if seconds > 0 else 0
        results[label] = {"nodes": nodes, "seconds": round(seconds, 6), "nps": nps}
        lines.append(f"perft({args.depth}) {label:8} {nodes} nodes {seconds:.3f} s {nps:,} nodes/s")
    emit(args, results, "\n".join(lines))

