"""The searching subcommands: ``solve``, ``analyze`` and ``gtp`` (``python -m game.cli``).

Their limits (``--time``, ``--nodes``) are read here; a damaged weights file is one line, status 2.
"""

from __future__ import annotations

import argparse
import functools
from typing import TYPE_CHECKING, Any

from game.engine import COLOR_NAMES, square_name
from game.interfaces.cli_args import (
    Command,
    UsageError,
    capped_with_note,
    emit,
    position_arg,
    seconds_option,
)

if TYPE_CHECKING:
    from game.ai import Limits


def _names(squares: list[int]) -> list[str]:
    return [square_name(sq) for sq in squares]


def _limits(args: argparse.Namespace) -> Limits | None:
    """The ``--time``/``--nodes`` limits, or ``None`` when neither was given.

    A limit above ``MAX_SECONDS`` or ``MAX_NODES`` is capped, with one line on stderr saying so.
    """
    from game.ai import MAX_NODES, Limits

    if args.time is None and args.nodes is None:
        return None
    seconds = None if args.time is None else seconds_option(args.time, "--time")
    nodes = None if args.nodes is None else capped_with_note(args.nodes, MAX_NODES, "--nodes", "nodes")
    return Limits(seconds=seconds, nodes=nodes)


def _needs_weights(command: Command) -> Command:
    """A subcommand that may need the trained evaluation: a damaged weights file is one line, status 2."""

    @functools.wraps(command)
    def run(args: argparse.Namespace) -> None:
        from game.ai import WeightsError

        try:
            command(args)
        except WeightsError as exc:
            raise UsageError(f"{args.command}: the evaluation's weights cannot be used: {exc}") from None

    return run


SOLVE_MAX_EMPTIES = 30
"""The exact solver's real limit without ``--time`` or ``--nodes``: more empties would not be solved in a day.

It is ``--max-empties``' default, and a larger ``--max-empties`` is capped at it (the position is
refused with a message saying so); with a limit any position can be searched.
"""


@_needs_weights
def cmd_solve(args: argparse.Namespace) -> None:
    """Solve a position exactly (final disc difference for the side to move, all best moves), or within limits."""
    position = position_arg(args.position)
    limits = _limits(args)
    most = SOLVE_MAX_EMPTIES if limits is None else 64
    max_empties = most if args.max_empties is None else min(args.max_empties, most)
    if position.empty_count > max_empties:
        if args.max_empties is not None and args.max_empties > max_empties:
            raise UsageError(
                f"solve: {position.empty_count} empty squares is more than the exact solver's limit of {most}"
                f" (--max-empties {args.max_empties} is capped at it); bound the search with --time or --nodes"
            )
        raise UsageError(
            f"solve: {position.empty_count} empty squares is more than --max-empties {max_empties}"
            + ("; or bound the search with --time or --nodes" if limits is None else "")
        )
    if limits is None or position.is_over() or position.must_pass():
        from game.ai import solve_exactly

        result = solve_exactly(position)
        exact, score, squares, nodes, seconds = True, result.score, result.best, result.nodes, result.seconds
    else:
        from game.ai import limited_search

        found = limited_search(position, limits)
        exact, score, squares, nodes, seconds = found.exact, found.score, found.best, found.nodes, found.seconds
    if position.is_over():
        best: list[str] = []
    elif position.must_pass():
        best = ["pass"]
    else:
        best = _names(squares)
    data = {"score": score, "best": best, "nodes": nodes, "seconds": round(seconds, 6), "exact": exact}
    side = COLOR_NAMES[position.to_move]
    how = "with perfect play" if exact else "estimated (a limit ended the exact search)"
    text = f"{side} to move: {score:+d} {how}; best: {' '.join(best) or '(game over)'}"
    emit(args, data, f"{text}\n{nodes} nodes in {seconds:.3f} s")


@_needs_weights
def cmd_analyze(args: argparse.Namespace) -> None:
    """The value of every legal move and the expected line; with ``--hint``, exactly what the Hint button shows."""
    from game.ai import analyze, level_by_name_or_index

    position = position_arg(args.position)
    limits = _limits(args)
    if args.hint and (limits is not None or args.level is not None):
        raise UsageError("analyze: --hint has the hint's own limits; leave out --level, --time and --nodes")
    try:
        level = level_by_name_or_index("max" if args.level is None else args.level)
    except ValueError as exc:
        raise UsageError(f"analyze: {exc}") from None
    if position.is_over():
        data: dict[str, Any] = {"moves": {}, "exact": True, "pv": [], "nodes": 0, "best": [], "exact_moves": []}
        emit(args, data, "The game is over: no moves to analyse.")
        return
    passed = position.must_pass()
    if passed:
        position = position.pass_turn()
    seconds: float | None = None
    if args.hint:
        from game.ai import HINT_LIMITS, advise, warm_up

        for _ in warm_up():  # as the game has done before any hint: loading is not the hint's time
            pass
        analysis = advise(position, HINT_LIMITS).run()
        found = _analysed(analysis)
        seconds = analysis.seconds
    elif limits is None:
        found = _analysed(analyze(position, level).run())
    else:
        from game.ai import limited_search

        searched = limited_search(position, limits, every_value=True)
        found = (searched.values, searched.exact, searched.pv, searched.nodes, searched.depth, searched.best,
                 set(searched.values) if searched.exact else set())
    values, exact, line, nodes, depth, best, exact_squares = found
    if passed:  # the only move is the pass; its value is the opponent's best, from our side
        moves: dict[str, float] = {"pass": -max(values.values())}
        best_names, exact_names = ["pass"], ["pass"] if exact else []
    else:
        ranked = sorted(values.items(), key=lambda kv: (-kv[1], kv[0]))
        moves = {square_name(sq): value for sq, value in ranked}
        best_names = _names(sorted(best))
        exact_names = [square_name(sq) for sq, _ in ranked if sq in exact_squares]
    pv = (["pass"] if passed else []) + _names(line)
    data = {"moves": moves, "exact": exact, "pv": pv, "nodes": nodes, "best": best_names, "exact_moves": exact_names}
    if seconds is not None:
        data["seconds"] = round(seconds, 6)
    lines = [f"{name}: {value:+g}{'' if exact or name in exact_names else ' (estimate)'}"
             for name, value in moves.items()]
    if exact:
        how = "exact"
    elif exact_names:
        how = f"best exact, the others estimated at depth {depth}"
    else:
        how = f"depth {depth}"
    lines.append(f"{how}; best: {' '.join(best_names)}; line: {' '.join(pv)}; {nodes} nodes")
    emit(args, data, "\n".join(lines))


def _analysed(analysis: Any) -> tuple[dict[int, float], bool, list[int], int, int, list[int], set[int]]:
    """An ``Analysis``'s values, exactness, line, nodes, depth, best moves and exactly valued squares."""
    exact_squares = set(analysis.values) if analysis.exact else set(analysis.exact_squares)
    return (analysis.values, analysis.exact, analysis.pv, analysis.nodes, analysis.depth, analysis.best,
            exact_squares)


def cmd_gtp(args: argparse.Namespace) -> None:
    """Speak GTP on standard input and output."""
    from game.ai import level_by_name_or_index
    from game.interfaces.gtp import run

    try:
        level = level_by_name_or_index(args.level)
    except ValueError as exc:
        raise UsageError(f"gtp: {exc}") from None
    move_time = None if args.move_time is None else seconds_option(args.move_time, "--move-time")
    run(level, move_time)
