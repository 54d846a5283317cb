"""The game's advice and the Master's endgame on master-game positions: losses against exact values.

    python -m bench.advice [--hint old|new|none] [--seeds 0 1 2] [--max-empties 22]
    python -m bench.advice --midgame [--hint old|new] [--limit 100] [--deep-seconds 10]

Run it as a module from the repository root (``-m``), so the checkout's ``game`` is the one measured.
The positions are ``bench/data/advice_set.json`` (``python -m tools.advice_set build``; master games
before 2023, every move's exact value at 14-22 empties). Figures only, no assertions.

Endgame set: the Master (``think(position, LEVELS[-1], seed=s)``, its own 1 s a move, wall clock)
once per seed, and a hint (``--hint old``: today's ``analyze(position, 3)``, the ringed move being
``.best[0]``; ``--hint new``: ``advise(position, HINT_LIMITS)``), each move's loss in discs against
the best move's exact value, by empties; for the hint its exact-best rate at <= 18 empties, its mean
loss at 19-22 and its mean time.

Midgame set (``--midgame``): how often the hint's first move is the Master's given ``--deep-seconds``
(10 s: its engine's iterative deepening, ``Engine.deepen``, the one ``think`` and ``analyze`` run), and
the hint move's loss by the Master's values at the depth it reached (the hint move's child searched to
that depth by the same engine). Valuing every move at that depth as ``analyze`` does takes minutes a
position, so only those two moves are valued (``midgame``). The analyses (about 10-15 s each) are
cached in ``bench/data/advice_midgame.json``, written after each one, so ``--limit N`` runs add to it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from game.ai import DISC, LEVELS, Analysis, Job, analyze, think
from game.ai.lab import INF, Engine, new_engine
from game.engine.notation import square_name
from game.engine.position import Position
from tools.advice_set import SET_PATH, AdviceSetError, Entry, load_set

MIDGAME_CACHE = SET_PATH.with_name("advice_midgame.json")
HINT_LEVEL = 3
"""Today's hint: ``analyze(position, 3)`` (``game/play/match_controller.py``, ``start_hint``)."""

Hint = Callable[[Position], Analysis]


def old_hint(position: Position) -> Analysis:
    return analyze(position, HINT_LEVEL).run()


def hint_named(name: str) -> Hint:
    """The hint under test: ``old`` (today's) or ``new`` (``advise(position, HINT_LIMITS)``, once it has landed)."""
    if name == "old":
        return old_hint
    try:
        from game.ai import HINT_LIMITS, advise  # type: ignore[attr-defined]
    except ImportError:
        sys.exit("--hint new: game.ai has no advise and HINT_LIMITS here (the new hint has not landed on this"
                 " branch); use --hint old")

    def new_hint(position: Position) -> Analysis:
        found: Analysis = advise(position, HINT_LIMITS).run()
        return found

    return new_hint


def keeps_result(entry: Entry, move: int) -> bool:
    """Whether ``move`` keeps the position's result (a win, a draw or a loss) under perfect play."""
    assert entry.values is not None
    return (entry.values[move] > 0) - (entry.values[move] < 0) == (entry.best_value > 0) - (entry.best_value < 0)


def mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else float("nan")


def endgame(entries: list[Entry], seeds: list[int], hint: Hint | None, hint_name: str) -> None:
    master = LEVELS[-1]
    master_loss: dict[int, list[int]] = defaultdict(list)
    master_kept: dict[int, list[bool]] = defaultdict(list)
    master_seconds: list[float] = []
    master_cpu: list[float] = []
    hint_loss: dict[int, list[int]] = defaultdict(list)
    hint_seconds: dict[int, list[float]] = defaultdict(list)
    hint_kept: list[bool] = []
    # seed by seed over the whole set: the Master's tables carry from one position to the next, as from one
    # move to the next in a game, but never from the same position under another seed
    for seed in seeds:
        for number, entry in enumerate(entries, 1):
            started, cpu = time.perf_counter(), time.process_time()
            move = think(entry.position, master, seed=seed).run()
            master_seconds.append(time.perf_counter() - started)
            master_cpu.append(time.process_time() - cpu)
            master_loss[entry.empties].append(entry.loss(move))
            master_kept[entry.empties].append(keeps_result(entry, move))
            best = "/".join(square_name(sq) for sq in entry.best)
            print(f"  Master seed {seed} {number}/{len(entries)} {entry.empties} empties, best {best}"
                  f" {entry.best_value:+d}: {square_name(move)} -{entry.loss(move)}", file=sys.stderr, flush=True)
    for number, entry in enumerate(entries, 1):
        if hint is None:
            break
        started = time.perf_counter()
        analysis = hint(entry.position)
        hint_seconds[entry.empties].append(time.perf_counter() - started)
        first = analysis.best[0]
        hint_loss[entry.empties].append(entry.loss(first))
        hint_kept.append(keeps_result(entry, first))
        best = "/".join(square_name(sq) for sq in entry.best)
        print(f"  hint {number}/{len(entries)} {entry.empties} empties, best {best} {entry.best_value:+d}:"
              f" {square_name(first)} -{entry.loss(first)} ({hint_seconds[entry.empties][-1]:.2f} s)",
              file=sys.stderr, flush=True)
    print()
    print(f"| empties | positions | Master mean loss ({len(seeds)} seeds) | Master best | Master result kept | "
          f"hint ({hint_name}) best | hint mean loss | hint mean s |")
    print("|---|---|---|---|---|---|---|---|")
    for empties in sorted({e.empties for e in entries}):
        m, h = master_loss[empties], hint_loss[empties]
        n = sum(e.empties == empties for e in entries)
        kept = master_kept[empties]
        master_cells = (f"{mean(m):.2f} | {sum(x == 0 for x in m)}/{len(m)} | {sum(kept)}/{len(kept)}"
                        if m else "- | - | -")
        hint_cells = (f"{sum(x == 0 for x in h)}/{len(h)} | {mean(h):.2f} | {mean(hint_seconds[empties]):.3f}"
                      if h else "- | - | -")
        print(f"| {empties} | {n} | {master_cells} | {hint_cells} |")
    every = [x for xs in master_loss.values() for x in xs]
    if every:
        print(f"\nMaster: mean loss {mean(every):.2f} discs over {len(every)} moves, best move"
              f" {sum(x == 0 for x in every)}/{len(every)}, result kept"
              f" {sum(k for ks in master_kept.values() for k in ks)}/{len(every)};"
              f" mean {mean(master_seconds):.2f} s a move"
              f" ({mean(master_cpu):.2f} s of CPU: the level's clock is the wall clock),"
              f" worst {max(master_seconds):.2f} s")
    if hint is not None:
        low = [x for n, xs in hint_loss.items() if n <= 18 for x in xs]
        high = [x for n, xs in hint_loss.items() if n >= 19 for x in xs]
        seconds = [s for xs in hint_seconds.values() for s in xs]
        if low:
            print(f"hint ({hint_name}): exact-best at <= 18 empties {sum(x == 0 for x in low)}/{len(low)}"
                  f" ({100 * sum(x == 0 for x in low) / len(low):.0f} %), mean loss {mean(low):.2f}")
        if high:
            print(f"hint ({hint_name}): at 19-22 empties mean loss {mean(high):.2f} discs,"
                  f" best {sum(x == 0 for x in high)}/{len(high)}")
        print(f"hint ({hint_name}): result kept {sum(hint_kept)}/{len(hint_kept)};"
              f" mean {mean(seconds):.3f} s, worst {max(seconds):.3f} s")


def load_deep(path: Path) -> dict[str, dict[str, Any]]:
    if not path.exists():
        return {}
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as bad:
        sys.exit(f"{path}: not a JSON file ({bad}); delete it to start the deep analyses again")
    if not isinstance(raw, dict) or not isinstance(raw.get("analyses"), dict):
        sys.exit(f"{path}: not a cache of deep analyses (no 'analyses' object)")
    analyses: dict[str, dict[str, Any]] = raw["analyses"]
    return analyses


def save_deep(path: Path, analyses: dict[str, dict[str, Any]]) -> None:
    note = ("the Master's search given deep_seconds: its move and value at the depth it reached (discs); 'values'"
            " holds that move's and each hint move's value at that depth (python -m bench.advice --midgame)")
    text = json.dumps({"about": note, "analyses": analyses}, indent=0, sort_keys=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text + "\n", encoding="utf-8")
    os.replace(tmp, path)


def deep_analysis(position: Position, seconds: float, engine: Engine) -> dict[str, Any]:
    """The Master's iterative deepening (its evaluation, Multi-ProbCut and tables) given ``seconds``."""
    p, o = position.player, position.opponent
    budget = engine.budget
    started, cpu = budget.clock(), time.process_time()
    depth = min(LEVELS[-1].limits.depth or 64, position.empty_count)
    decision = Job(engine.deepen(p, o, depth, seconds, started), budget).run()
    value = round(decision.value / DISC, 2)
    return {
        "deep_seconds": seconds, "move": square_name(decision.move), "value": value, "depth": decision.depth,
        "exact": decision.exact, "values": {square_name(decision.move): value},
        "wall_seconds": round(budget.clock() - started, 1), "cpu_seconds": round(time.process_time() - cpu, 1),
    }  # fmt: skip


def move_value(position: Position, move: int, depth: int, near: float, engine: Engine) -> float:
    """``move``'s value (discs) by the same search to the same depth: its child searched ``depth - 1`` plies.

    In windows around ``near`` (the Master's value, discs) that widen on the side they fail: a full
    window at depth 17 or more can take minutes.
    """
    p, o = position.player, position.opponent
    f = position.flips(move)
    child_p, child_o = o ^ f, p | f | (1 << move)
    guess, width = -round(near * DISC), 2 * DISC
    alpha, beta = guess - width, guess + width
    while True:
        score = Job(engine.search.pvs(child_p, child_o, depth - 1, alpha, beta), engine.budget).run()
        width *= 4
        if score <= alpha and alpha > -INF:
            alpha = max(score - width, -INF)
        elif score >= beta and beta < INF:
            beta = min(score + width, INF)
        else:
            return round(-score / DISC, 2)


def midgame(entries: list[Entry], hint: Hint, hint_name: str, seconds: float, path: Path) -> None:
    """The hint against the Master given ``seconds``: the same move, and the hint move's loss at the Master's depth.

    Valuing every move at the depth reached (``analyze``'s way) takes minutes a position at 25 empties;
    only the Master's move (its deepening's value) and the hint's move (its child searched to the same
    depth with the same engine, right after, tables warm) are valued. A loss below zero (the hint's move
    valued above the Master's by that separate search: selective searches are not exactly consistent) counts
    as zero.
    """
    analyses = load_deep(path)
    agree, losses, depths, hint_seconds, deep_seconds = 0, [], [], [], []
    for number, entry in enumerate(entries, 1):
        key = entry.position.to_text()
        deep = analyses.get(key)
        engine = None
        if deep is None or deep.get("deep_seconds") != seconds or "move" not in deep:
            engine = new_engine(LEVELS[-1].evaluation)
            deep = analyses[key] = deep_analysis(entry.position, seconds, engine)
            save_deep(path, analyses)
        started = time.perf_counter()
        first = hint(entry.position).best[0]
        hint_seconds.append(time.perf_counter() - started)
        name = square_name(first)
        if name not in deep["values"]:
            if engine is None:  # a hint move not valued yet, on a position analysed in an earlier run: cold tables
                engine = new_engine(LEVELS[-1].evaluation)
            deep["values"][name] = move_value(entry.position, first, deep["depth"], deep["value"], engine)
            save_deep(path, analyses)
        agree += name == deep["move"]
        losses.append(max(0.0, deep["value"] - deep["values"][name]))
        depths.append(deep["depth"])
        deep_seconds.append(deep["wall_seconds"])
        print(f"  {number}/{len(entries)} {entry.empties} empties: Master {deep['move']} {deep['value']:+.2f}"
              f" (depth {deep['depth']}, {deep['wall_seconds']} s), hint {name} -{losses[-1]:.2f}",
              file=sys.stderr, flush=True)
    n = len(entries)
    print(f"\nmidgame, {n} positions at {entries[0].empties}-{entries[-1].empties} empties; the Master given"
          f" {seconds:g} s reached depth {min(depths)}-{max(depths)} (median {statistics.median(depths):g}),"
          f" {mean(deep_seconds):.1f} s wall each:")
    print(f"hint ({hint_name}) first move the Master's: {agree}/{n} ({100 * agree / n:.0f} %);"
          f" no loss at the Master's depth {sum(x == 0 for x in losses)}/{n};"
          f" mean loss by the Master's values {mean(losses):.2f} discs; hint mean {mean(hint_seconds):.3f} s")
    for low, high in ((25, 32), (33, 39), (40, 45)):
        part = [x for e, x in zip(entries, losses, strict=True) if low <= e.empties <= high]
        if part:
            print(f"  {low}-{high} empties: {len(part)} positions, mean loss {mean(part):.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hint", choices=["old", "new", "none"], default="old")
    parser.add_argument("--seeds", type=int, nargs="*", default=[0, 1, 2], help="the Master's seeds (none: skip it)")
    parser.add_argument("--min-empties", type=int, default=14)
    parser.add_argument("--max-empties", type=int, default=22)
    parser.add_argument("--midgame", action="store_true", help="the midgame set against deep analyses instead")
    parser.add_argument("--limit", type=int, default=None, help="at most this many positions")
    parser.add_argument("--deep-seconds", type=float, default=10.0)
    parser.add_argument("--set", type=Path, default=SET_PATH)
    parser.add_argument("--deep-cache", type=Path, default=MIDGAME_CACHE)
    args = parser.parse_args()
    import game

    if Path(game.__file__).resolve().parent.parent != Path(__file__).resolve().parent.parent:
        print(f"note: measuring the game in {Path(game.__file__).parent} (run from the checkout with -m)",
              file=sys.stderr)
    try:
        advice = load_set(args.set)
    except AdviceSetError as bad:
        sys.exit(f"advice set: {bad}")
    hint = None if args.hint == "none" else hint_named(args.hint)
    if args.midgame:
        if hint is None:
            sys.exit("--midgame needs a hint (--hint old or new)")
        entries = advice.midgame[: args.limit]
        midgame(entries, hint, args.hint, args.deep_seconds, args.deep_cache)
        return
    entries = [e for e in advice.solved() if args.min_empties <= e.empties <= args.max_empties][: args.limit]
    unsolved = sum(e.values is None for e in advice.endgame)
    if unsolved:
        print(f"note: {unsolved} endgame positions not solved yet (python -m tools.advice_set build)",
              file=sys.stderr)
    endgame(entries, args.seeds, hint, args.hint)


if __name__ == "__main__":
    main()
