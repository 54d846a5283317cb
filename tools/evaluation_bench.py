"""Measure a pattern evaluation: a fixed-depth match against another, and its speed.

The training is ``tools/train_wthor.py``; this is how its result is checked
quickly, without the game's real search (the ladder, ``bench/ladder.py``,
is the formal measure):

    python -m tools.evaluation_bench match --depth 3 --games 100 --baseline bench/weights/patterns-v1.bin
    python -m tools.evaluation_bench match --depth 2 --games 100 --baseline heuristic
    python -m tools.evaluation_bench bench          # load time, warm-up steps, microseconds per call
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from game.ai.lab import DISC, WEIGHTS_PATH, Evaluation, HeuristicEvaluation, load
from game.engine import final_score
from game.engine.bitboard import FLIPPERS, legal_moves

OPENINGS = Path(__file__).resolve().parent.parent.parent / "shared/reference/openings/xot-50.txt"


def log(message: str) -> None:
    """A time-stamped line."""
    print(time.strftime("%H:%M:%S"), message, flush=True)


def alphabeta(evaluate: Evaluation, p: int, o: int, depth: int, alpha: int, beta: int, passed: bool = False) -> int:
    """Plain negamax alpha-beta to a fixed depth; exact scores at the end of the game."""
    moves = legal_moves(p, o)
    if not moves:
        if passed:
            return DISC * final_score(p, o)
        return -alphabeta(evaluate, o, p, depth, -beta, -alpha, True)
    if depth == 0:
        return evaluate(p, o)
    best = -(10**9)
    while moves:
        bit = moves & -moves
        moves ^= bit
        f = FLIPPERS[bit.bit_length() - 1](p, o)
        value = -alphabeta(evaluate, o ^ f, p | f | bit, depth - 1, -beta, -alpha)
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    return best


def best_move(evaluate: Evaluation, p: int, o: int, depth: int) -> int:
    """The square of the best move by ``depth``-ply alpha-beta (lowest square on ties)."""
    moves = legal_moves(p, o)
    best, best_sq = -(10**9) - 1, -1
    while moves:
        bit = moves & -moves
        moves ^= bit
        f = FLIPPERS[bit.bit_length() - 1](p, o)
        value = -alphabeta(evaluate, o ^ f, p | f | bit, depth - 1, -(10**9), -best)
        if value > best:
            best, best_sq = value, bit.bit_length() - 1
    return best_sq


def play_opening(line: str) -> tuple[int, int]:
    """The position (side to move first) after an opening like ``f5d6c3``."""
    p, o = 0x0000000810000000, 0x0000001008000000
    for i in range(0, len(line), 2):
        sq = (int(line[i + 1]) - 1) * 8 + "abcdefgh".index(line[i])
        if not legal_moves(p, o):
            p, o = o, p
        f = FLIPPERS[sq](p, o)
        if not f:
            raise ValueError(f"illegal opening move {line[i : i + 2]} in {line}")
        p, o = o ^ f, p | f | (1 << sq)
    return p, o


def play(first: Evaluation, second: Evaluation, p: int, o: int, depth: int) -> int:
    """Final disc difference (empties to the winner) for ``first``, who is to move in (p, o)."""
    sides = (first, second)
    turn = 0
    passed = False
    while True:
        if not legal_moves(p, o):
            if passed:
                score = final_score(p, o)
                return score if turn == 0 else -score
            p, o, turn, passed = o, p, 1 - turn, True
            continue
        passed = False
        sq = best_move(sides[turn], p, o, depth)
        f = FLIPPERS[sq](p, o)
        p, o, turn = o ^ f, p | f | (1 << sq), 1 - turn


def match(candidate: Evaluation, baseline: Evaluation, depth: int, games: int) -> None:
    """Play ``games`` games from the XOT openings, each opening with colours swapped; print W/L/D."""
    lines = [ln.strip() for ln in OPENINGS.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    wins = losses = draws = 0
    total = 0
    started = time.time()
    for g in range(games):
        p, o = play_opening(lines[(g // 2) % len(lines)])
        # the candidate moves first in even games, second in odd ones
        score = play(candidate, baseline, p, o, depth) if g % 2 == 0 else -play(baseline, candidate, p, o, depth)
        total += score
        wins += score > 0
        losses += score < 0
        draws += score == 0
    log(
        f"{candidate.name} vs {baseline.name} at depth {depth}: {games} games, "
        f"+{wins} -{losses} ={draws}, score {100 * (wins + draws / 2) / games:.1f}%, "
        f"mean disc difference {total / games:+.1f} ({time.time() - started:.0f}s)"
    )


def bench(weights: Path, n_positions: int) -> None:
    """Load time, warm-up steps and microseconds per call over self-play positions, in CPU time.

    CPU time, so that a busy machine disturbs the figures less.
    """
    import random
    import timeit

    from tools.selfplay_data import play_game

    started = time.process_time()
    evaluation = load(weights)
    loaded = time.process_time() - started
    steps = []
    for _ in evaluation.warm_up_steps():
        steps.append(time.process_time() - started - loaded - sum(steps))
    prepared = sum(steps)
    rng = random.Random(99)
    positions: list[tuple[int, int]] = []
    while len(positions) < n_positions:
        positions += [(r[0], r[1]) for r in play_game(rng, 0) if not r[4]]
    positions = positions[:n_positions]
    heuristic = HeuristicEvaluation()
    for name, function in (
        ("patterns", evaluation.evaluate),
        ("patterns (via __call__)", evaluation),
        ("heuristic", heuristic),
    ):
        runs = timeit.repeat(
            lambda f=function: [f(p, o) for p, o in positions], number=5, repeat=5, timer=time.process_time
        )
        seconds = min(runs) / 5
        print(f"{name}: {1e6 * seconds / len(positions):.2f} us per call over {len(positions)} positions")
    print(
        f"load: {1000 * loaded:.1f} ms ({weights.stat().st_size} bytes); "
        f"warm-up of all {evaluation.weights.n_phases} phases: {1000 * prepared:.1f} ms in {len(steps)} steps, "
        f"longest step {1000 * max(steps):.1f} ms"
    )


def _evaluation(text: str) -> Evaluation:
    if text == "heuristic":
        return HeuristicEvaluation()
    evaluation = load(Path(text))
    evaluation.name = Path(text).stem
    return evaluation


def main(argv: list[str] | None = None) -> int:
    """The command line: match, bench."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    match_p = sub.add_parser("match", help="one evaluation against another at a fixed depth")
    match_p.add_argument("--weights", default=str(WEIGHTS_PATH))
    match_p.add_argument("--baseline", default="heuristic", help="a weights file or 'heuristic'")
    match_p.add_argument("--depth", type=int, default=2)
    match_p.add_argument("--games", type=int, default=100)
    bench_p = sub.add_parser("bench", help="load time, warm-up and microseconds per evaluation")
    bench_p.add_argument("--weights", type=Path, default=WEIGHTS_PATH)
    bench_p.add_argument("--positions", type=int, default=3000)
    args = parser.parse_args(argv)
    if args.command == "match":
        match(_evaluation(args.weights), _evaluation(args.baseline), args.depth, args.games)
    else:
        bench(args.weights, args.positions)
    return 0


if __name__ == "__main__":
    sys.exit(main())
