"""Fit the Multi-ProbCut parameters from the current evaluation: ``game/ai/mpc.json``.

    python -m tools.fit_mpc [--games 200] [--max-depth 7] [--out game/ai/mpc.json]

Positions come from games that open with six random moves and go on with the
Casual level (seeded, so a rerun with the same weights gives the same file);
one position in five from 14 to 56 empties is kept. Each is searched to
every depth from 1 to ``--max-depth`` (no Multi-ProbCut, full window), and for
each depth ``d`` from ``mpc.MIN_DEPTH`` and each phase the deep score is
regressed on the score at the probe's depth ``mpc.shallow_depth(d)``: ``deep
≈ a * shallow + b``, with ``sigma`` the residuals' standard deviation. Rerun
it whenever the evaluation's weights change.

    python -m tools.fit_mpc --endgame [--positions 60]

fits the win/loss/draw stage's probes instead (``endgame_fits``, the rest of
the file kept): positions at 12 to 19 empties from WTHOR master games (every
year but the held-out one), each solved exactly and searched to the probe's
depth (``mpc.endgame_probe_depth``); the exact score in discs is regressed on
the probe's score, per two numbers of empties.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

from game.ai import Job, think
from game.ai.lab import (
    INF,
    MIN_DEPTH,
    PARAMETERS_PATH,
    WEIGHTS_PATH,
    build_search,
    default_evaluation,
    endgame_probe_depth,
    mpc,
    shallow_depth,
    solve,
)
from game.engine import PASS, GameRecord
from game.records.wthor import read_games, replay
from tools.wthor_exact import HELD_OUT_YEAR

PHASES = ((14, 24), (25, 34), (35, 44), (45, 56))
"""Empties ranges fitted separately."""
SAMPLE_EVERY = 5
ENDGAME_BUCKETS = ((12, 13), (14, 15), (16, 17), (18, 19))
"""Empties ranges of the win/loss/draw stage fitted separately (each within one probe depth)."""
ENDGAME_GAME_STRIDE = 97
"""The endgame fit takes every this many-th master game (spread over the years)."""


def sample_positions(games: int) -> list[tuple[int, int, int]]:
    """(player, opponent, empties) of positions from seeded games."""
    found = []
    for game in range(games):
        rng = random.Random(game)
        record = GameRecord()
        while not record.is_over():
            position = record.position
            if not position.legal_moves():
                record.play(PASS)
                continue
            if record.ply < 6:
                record.play(rng.choice(position.legal_squares()))
                continue
            empties = position.empty_count
            if 14 <= empties <= 56 and record.ply % SAMPLE_EVERY == game % SAMPLE_EVERY:
                found.append((position.player, position.opponent, empties))
            record.play(think(position, 2, seed=game * 100 + record.ply).run())
    return found


def depth_scores(player: int, opponent: int, max_depth: int) -> list[int]:
    """The root score at depths 1 to ``max_depth`` (evaluation units)."""
    search = build_search(default_evaluation())
    return [Job(search.root(player, opponent, d, -INF, INF)).run()[0] for d in range(1, max_depth + 1)]


def fit(pairs: list[tuple[int, int]]) -> tuple[float, float, float]:
    """Least squares ``deep = a * shallow + b`` and the residuals' standard deviation."""
    xs = [float(x) for x, _ in pairs]
    ys = [float(y) for _, y in pairs]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    a = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx if sxx else 1.0
    b = my - a * mx
    sigma = statistics.pstdev([y - (a * x + b) for x, y in zip(xs, ys, strict=True)])
    return a, b, sigma


def endgame_positions(per_bucket: int) -> list[tuple[int, int, int]]:
    """(player, opponent, empties) before a move of a master game, ``per_bucket`` for each empties range."""
    wanted = {bucket: per_bucket for bucket in ENDGAME_BUCKETS}
    found = []
    for game in read_games():
        if game.index % ENDGAME_GAME_STRIDE or game.year == HELD_OUT_YEAR:
            continue
        bucket = ENDGAME_BUCKETS[(game.index // ENDGAME_GAME_STRIDE) % len(ENDGAME_BUCKETS)]
        if not wanted[bucket]:
            if not any(wanted.values()):
                break
            continue
        target = bucket[0] + (game.index // ENDGAME_GAME_STRIDE // len(ENDGAME_BUCKETS)) % 2
        for ply in replay(game.squares):
            if 64 - (ply.player | ply.opponent).bit_count() == target:
                found.append((ply.player, ply.opponent, target))
                wanted[bucket] -= 1
                break
    return found


def fit_endgame(per_bucket: int, out: Path) -> int:
    """Solve, probe, fit and write ``endgame_fits`` into the parameters file at ``out``."""
    started = time.perf_counter()
    positions = endgame_positions(per_bucket)
    evaluation = default_evaluation()
    print(f"{len(positions)} positions from master games", flush=True)
    rows: list[tuple[int, int, int]] = []
    for i, (p, o, empties) in enumerate(positions):
        exact = solve(p, o, all_best=False, evaluation=evaluation).score
        search = build_search(evaluation)
        shallow = Job(search.root(p, o, endgame_probe_depth(empties), -INF, INF)).run()[0]
        rows.append((empties, shallow, exact))
        if (i + 1) % 10 == 0:
            print(f"  {i + 1}/{len(positions)} solved, {time.perf_counter() - started:.0f} s", flush=True)
    fits = []
    for lo, hi in ENDGAME_BUCKETS:
        pairs = [(shallow, exact) for e, shallow, exact in rows if lo <= e <= hi]
        if len(pairs) < 10:
            continue
        a, b, sigma = fit(pairs)
        fits.append({"probe": endgame_probe_depth(lo), "empties_min": lo, "empties_max": hi, "a": round(a, 5),
                     "b": round(b, 2), "sigma": round(sigma, 2), "positions": len(pairs)})
        print(f"endgame {lo}-{hi} empties (probe {endgame_probe_depth(lo)}): exact = {a * 100:.3f} * shallow"
              f" discs + {b:.2f}, sigma {sigma:.2f} discs over {len(pairs)} positions", flush=True)
    data = json.loads(out.read_text(encoding="utf-8"))
    data["endgame_fits"] = fits
    data["endgame_positions_per_range"] = per_bucket
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out} in {time.perf_counter() - started:.0f} s")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Sample, search, fit and write the parameters file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--max-depth", type=int, default=7)
    parser.add_argument("--out", type=Path, default=PARAMETERS_PATH)
    parser.add_argument("--endgame", action="store_true", help="fit the win/loss/draw stage's probes instead")
    parser.add_argument("--positions", type=int, default=60, help="positions per empties range (--endgame)")
    args = parser.parse_args(argv)
    if args.endgame:
        if not 10 <= args.positions <= 1000:
            print("error: --positions 10..1000", file=sys.stderr)
            return 2
        return fit_endgame(args.positions, args.out)
    if not 1 <= args.games <= 10_000 or not MIN_DEPTH <= args.max_depth <= 12:
        print(f"error: --games 1..10000 and --max-depth {MIN_DEPTH}..12", file=sys.stderr)
        return 2
    started = time.perf_counter()
    positions = sample_positions(args.games)
    print(f"{len(positions)} positions sampled in {time.perf_counter() - started:.0f} s", flush=True)
    rows: list[tuple[int, list[int]]] = []
    for i, (p, o, empties) in enumerate(positions):
        rows.append((empties, depth_scores(p, o, min(args.max_depth, empties - 1))))
        if (i + 1) % 20 == 0:
            print(f"  {i + 1}/{len(positions)} searched, {time.perf_counter() - started:.0f} s", flush=True)
    fits = []
    for depth in range(MIN_DEPTH, args.max_depth + 1):
        probe = shallow_depth(depth)
        for lo, hi in PHASES:
            pairs = [(s[probe - 1], s[depth - 1]) for e, s in rows if lo <= e <= hi and len(s) >= depth]
            if len(pairs) < 10:
                continue
            a, b, sigma = fit(pairs)
            fits.append({"depth": depth, "probe": probe, "empties_min": lo, "empties_max": hi, "a": round(a, 4),
                         "b": round(b, 1), "sigma": round(sigma, 1), "positions": len(pairs)})
            print(f"depth {depth} (probe {probe}) empties {lo}-{hi}: deep = {a:.3f} * shallow + {b:.0f},"
                  f" sigma {sigma / 100:.2f} discs over {len(pairs)} positions", flush=True)
    data = {"version": mpc.VERSION, "weights": WEIGHTS_PATH.name, "weights_bytes": WEIGHTS_PATH.stat().st_size,
            "games": args.games, "max_depth": args.max_depth, "fits": fits}
    if args.out.exists():  # keep the win/loss/draw stage's fit (refit it with --endgame)
        for key, value in json.loads(args.out.read_text(encoding="utf-8")).items():
            if key.startswith("endgame"):
                data[key] = value
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out} in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
