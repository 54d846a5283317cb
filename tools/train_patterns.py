"""Train the pattern evaluation (``game/ai/patterns.py``) from the project's own self-play.

The whole pipeline, rerunnable by anyone (numpy needed; nothing here runs in the game):

1. ``generate``: self-play games (``tools/selfplay_data.py``), once with the
   exact endgame solver labelling every position with at most ``--exact-max``
   empty squares, once without labels (cheap, for variety in the midgame).
2. ``fit``: phase by phase from the end of the game backwards. Positions in a
   phase's window (its own empties plus ``--margin`` on each side) without an
   exact score are labelled by a one-ply search whose leaves are scored by the
   evaluation fitted so far (this phase's current weights; the children have
   one empty square fewer), then the phase's weights are fitted by ridge least
   squares that pulls every weight towards the previous (later-game) phase's
   value, so configurations seldom seen inherit a sensible value. Labelling and
   fitting alternate ``--rounds`` times. Weights shared by symmetric readings
   are one parameter, so the evaluation is exactly symmetric.
3. ``match``: the trained evaluation against ``HeuristicEvaluation`` at the
   same fixed search depth from balanced openings, colours swapped.

Usage (from the repository root; data goes to ``build/patterns``)::

    nice python -m tools.train_patterns generate --solved-games 4000 --exact-max 14 --unsolved-games 20000
    nice python -m tools.train_patterns fit --out game/ai/weights/patterns.bin
    nice python -m tools.train_patterns match --depth 2 --games 100
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from game.ai.evaluation import DISC, Evaluation, HeuristicEvaluation
from game.ai.patterns import (
    N_PHASES,
    PATTERNS,
    PHASE_OF_EMPTIES,
    WEIGHTS_PATH,
    PatternEvaluation,
    PatternWeights,
    canonical_indices,
    encode_weights,
    instances,
    load,
)
from game.engine.bitboard import FLIPPERS, legal_moves
from tools.selfplay_data import UNKNOWN, generate, load_dir

DATA = Path("build/patterns")
OPENINGS = Path(__file__).resolve().parent.parent.parent / "shared/reference/openings/xot-50.txt"


def log(message: str) -> None:
    print(time.strftime("%H:%M:%S"), message, flush=True)


# -- features -------------------------------------------------------------------


class FeatureSpace:
    """Maps (pattern, canonical index) to one column each, plus one bias column per empties count."""

    def __init__(self) -> None:
        self.canon: list[np.ndarray] = []  # per pattern: index -> column
        self.offsets: list[int] = []
        self.instances = [instances(p) for p in PATTERNS]
        column = 0
        for pattern in PATTERNS:
            canon = np.array(canonical_indices(pattern), dtype=np.int64)
            classes, compact = np.unique(canon, return_inverse=True)
            self.canon.append(compact.astype(np.int32) + column)
            self.offsets.append(column)
            column += len(classes)
        self.bias_column = column
        self.n_columns = column + 65
        self.n_instances = sum(len(i) for i in self.instances)

    def columns(self, player: np.ndarray, opponent: np.ndarray, empties: np.ndarray) -> np.ndarray:
        """The active columns of each position: (n, instances + 1) int32."""
        n = len(player)
        digits = np.empty((64, n), dtype=np.int32)
        for sq in range(64):
            bit = np.uint64(sq)
            digits[sq] = ((player >> bit) & np.uint64(1)).astype(np.int32) + 2 * (
                (opponent >> bit) & np.uint64(1)
            ).astype(np.int32)
        out = np.empty((n, self.n_instances + 1), dtype=np.int32)
        j = 0
        for k, pattern_instances in enumerate(self.instances):
            for squares in pattern_instances:
                index = np.zeros(n, dtype=np.int32)
                for i, sq in enumerate(squares):
                    index += digits[sq] * (3**i)
                out[:, j] = self.canon[k][index]
                j += 1
        out[:, j] = self.bias_column + empties.astype(np.int32)
        return out

    def tables(self, w: np.ndarray) -> tuple[list[list[int]], list[int]]:
        """Full int16 tables of one phase and the bias per empties from a column vector."""
        tables = [np.clip(np.rint(w[canon]), -32000, 32000).astype(int).tolist() for canon in self.canon]
        bias = np.clip(np.rint(w[self.bias_column :]), -32000, 32000).astype(int).tolist()
        return tables, bias


def ridge_fit(
    cols: np.ndarray, y: np.ndarray, prior: np.ndarray, lam: float, start: np.ndarray | None = None, iters: int = 300
) -> np.ndarray:
    """argmin ||X w - y||^2 + lam ||w - prior||^2 for a 0/1 design given by active columns.

    Conjugate gradients on the normal equations, from ``start`` (default: the prior).
    """
    n_cols = len(prior)
    flat = cols.ravel()
    width = cols.shape[1]

    def xv(v: np.ndarray) -> np.ndarray:
        return v[cols].sum(axis=1)

    def xtv(r: np.ndarray) -> np.ndarray:
        return np.bincount(flat, weights=np.repeat(r, width), minlength=n_cols)

    def a(v: np.ndarray) -> np.ndarray:
        return xtv(xv(v)) + lam * v

    b = xtv(y - xv(prior))
    delta = np.zeros(n_cols) if start is None else start - prior
    r = b - a(delta) if start is not None else b.copy()
    d = r.copy()
    rr = r @ r
    stop = 1e-8 * (b @ b)
    for _ in range(iters):
        if rr <= stop:
            break
        ad = a(d)
        step = rr / (d @ ad)
        delta += step * d
        r -= step * ad
        rr_new = r @ r
        d = r + (rr_new / rr) * d
        rr = rr_new
    return prior + delta


# -- labelling by search --------------------------------------------------------


def final_score(p: int, o: int) -> int:
    mine, theirs = p.bit_count(), o.bit_count()
    diff = mine - theirs
    empties = 64 - mine - theirs
    return diff + empties if diff > 0 else diff - empties if diff < 0 else 0


def node_value(evaluate: Evaluation, p: int, o: int) -> int:
    """Evaluation of a position for the side to move, passing if it must, exact if the game is over."""
    if legal_moves(p, o):
        return evaluate(p, o)
    if legal_moves(o, p):
        return -evaluate(o, p)
    return DISC * final_score(p, o)


def one_ply_labels(evaluate: Evaluation, player: np.ndarray, opponent: np.ndarray) -> np.ndarray:
    """Best child value (negamax over one ply) of each position, in ``DISC`` units."""
    out = np.empty(len(player))
    flippers = FLIPPERS
    for i, (p, o) in enumerate(zip(player.tolist(), opponent.tolist(), strict=True)):
        moves = legal_moves(p, o)
        best = -(10**9)
        while moves:
            bit = moves & -moves
            moves ^= bit
            f = flippers[bit.bit_length() - 1](p, o)
            value = -node_value(evaluate, o ^ f, p | f | bit)
            if value > best:
                best = value
        out[i] = best
    return out


# -- fitting ------------------------------------------------------------------------


def phase_range(phase: int) -> tuple[int, int]:
    """The empties counts (inclusive) of a phase."""
    own = [e for e in range(1, 61) if PHASE_OF_EMPTIES[e] == phase]
    return own[0], own[-1]


def game_labels(player: np.ndarray, game: np.ndarray, label: np.ndarray) -> np.ndarray:
    """Each position's game outcome for its side to move: the first known score later in its game.

    That score is the exact value (perfect play from there) of the game's first
    solved position, or the final score of an unsolved game. Positions are in
    game order; who is to move is inferred from the discs (a move only adds
    discs to the mover), so passes are handled. NaN where the game has none.
    """
    n = len(player)
    switched = np.zeros(n, dtype=np.int64)
    same_game = game[1:] == game[:-1]
    same_side = (player[:-1] & ~player[1:]) == 0
    switched[1:] = same_game & ~same_side
    parity = np.cumsum(switched) % 2
    known = np.flatnonzero(label != UNKNOWN)
    games_with, first = np.unique(game[known], return_index=True)
    anchor = known[first]
    slot = np.clip(np.searchsorted(games_with, game), 0, len(games_with) - 1)
    has = games_with[slot] == game
    a = anchor[slot]
    sign = np.where(parity == parity[a], 1.0, -1.0)
    return np.where(has, sign * label[a].astype(np.float64), np.nan)


def next_positions(player: np.ndarray, game: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Index of the next recorded position of the same game (-1 if none), and +1/-1: same side to move or not."""
    n = len(player)
    following = np.full(n, -1, dtype=np.int64)
    same_game = game[1:] == game[:-1]
    following[:-1] = np.where(same_game, np.arange(1, n), -1)
    sign = np.ones(n)
    sign[:-1] = np.where((player[:-1] & ~player[1:]) == 0, 1.0, -1.0)
    return following, sign


def fit(
    data_dirs: list[Path],
    out: Path,
    lam: float,
    margin: int,
    rounds: int,
    holdout: int,
    game_weight: float,
    td_lambda: float,
) -> None:
    """Fit all phases backwards from the end and write the weights file."""
    parts = [load_dir(d) for d in data_dirs if d.exists()]
    data = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
    # game ids are per directory: make them unique
    game = np.concatenate([p["game"] + 10_000_000 * i for i, p in enumerate(parts)])
    outcome = game_labels(data["player"], game, data["label"])
    log(f"game outcomes known for {np.isfinite(outcome).mean():.1%} of positions")
    following, next_sign = next_positions(data["player"], game)
    trainable = ~data["terminal"]
    valid = game % holdout == 0
    log(f"{trainable.sum()} positions from {len(np.unique(game))} games; {(valid & trainable).sum()} held out")
    space = FeatureSpace()
    log(f"{space.n_columns} parameters per phase")

    weights = np.zeros(space.n_columns)
    tables: list[list[list[int]]] = []
    bias = [0] * 65
    report = []
    empties_all = data["empties"].astype(np.int32)
    labels_exact = data["label"].astype(np.float64)
    exact_all = data["label"] != UNKNOWN
    # the current label of every position (for TD returns); NaN until labelled
    current = np.where(exact_all, labels_exact * DISC, np.nan)
    for phase in range(N_PHASES):
        lo, hi = phase_range(phase)
        window = (empties_all >= lo - margin) & (empties_all <= hi + margin) & trainable
        own = (empties_all >= lo) & (empties_all <= hi) & trainable
        where = np.flatnonzero(window)
        player, opponent = data["player"][window], data["opponent"][window]
        empties = empties_all[window]
        exact = exact_all[window]
        y = np.where(exact, labels_exact[window] * DISC, 0.0)
        from_game = outcome[window][~exact] * DISC
        has_game = np.isfinite(from_game)
        cols = space.columns(player, opponent, empties)
        train = ~valid[window]
        prior = weights.copy()
        for round_ in range(rounds if not exact.all() else 1):
            if not exact.all():
                phase_tables, phase_bias = space.tables(weights)
                evaluation = PatternEvaluation(
                    PatternWeights(tables + [phase_tables] * (N_PHASES - phase), _merge_bias(bias, phase_bias, lo))
                )
                started = time.time()
                searched = one_ply_labels(evaluation.evaluate, player[~exact], opponent[~exact])
                if td_lambda > 0:
                    y[~exact] = td_returns(
                        searched, where[~exact], empties[~exact], following, next_sign, current, td_lambda
                    )
                else:
                    # mix the search's value with where the game actually went
                    y[~exact] = np.where(has_game, (1 - game_weight) * searched + game_weight * from_game, searched)
                log(f"phase {phase} round {round_}: labelled {len(searched)} positions in {time.time() - started:.0f}s")
            weights = ridge_fit(cols[train], y[train], prior, lam, start=weights)
        pred = weights[cols].sum(axis=1)
        err = pred - y
        row = {
            "phase": phase,
            "empties": f"{lo}-{hi}",
            "positions": int(own.sum()),
            "exact": int((exact & own[window]).sum()),
            "train_rmse": float(np.sqrt(np.mean(err[train & own[window]] ** 2)) / DISC),
            "valid_rmse": float(np.sqrt(np.mean(err[~train & own[window]] ** 2)) / DISC),
            "valid_exact_rmse": float(np.sqrt(np.mean(err[~train & own[window] & exact] ** 2)) / DISC)
            if (~train & own[window] & exact).any()
            else float("nan"),
        }
        report.append(row)
        log(
            f"phase {phase} ({lo}-{hi} empties): {row['positions']} positions ({row['exact']} exact), "
            f"rmse train {row['train_rmse']:.2f} valid {row['valid_rmse']:.2f} "
            f"(exact only {row['valid_exact_rmse']:.2f}) discs"
        )
        phase_tables, phase_bias = space.tables(weights)
        tables.append(phase_tables)
        bias = _merge_bias(bias, phase_bias, lo)
    flat: list[int] = list(bias)
    for phase_tables in tables:
        for table in phase_tables:
            flat.extend(table)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(encode_weights(flat))
    log(f"wrote {out} ({out.stat().st_size} bytes)")
    print(
        "| phase | empties | positions | exact labels | train RMSE | validation RMSE | "
        "validation RMSE, exact labels only |"
    )
    print("|---|---|---|---|---|---|---|")
    for row in report:
        print(
            f"| {row['phase']} | {row['empties']} | {row['positions']} | {row['exact']} | "
            f"{row['train_rmse']:.2f} | {row['valid_rmse']:.2f} | {row['valid_exact_rmse']:.2f} |"
        )


def td_returns(
    searched: np.ndarray,
    index: np.ndarray,
    empties: np.ndarray,
    following: np.ndarray,
    next_sign: np.ndarray,
    current: np.ndarray,
    td_lambda: float,
) -> np.ndarray:
    """TD(lambda) returns: ``(1 - lambda) * search + lambda * (next position's return, from our side)``.

    Positions are done from the fewest empties up, so the next position of a
    game (one empty fewer) already has its return; ``current`` (all positions)
    is updated in place.
    """
    out = searched.copy()
    for e in np.unique(empties):
        at = np.flatnonzero(empties == e)
        nxt = following[index[at]]
        later = np.where(nxt >= 0, current[np.maximum(nxt, 0)] * next_sign[index[at]], np.nan)
        mixed = (1 - td_lambda) * searched[at] + td_lambda * later
        out[at] = np.where(np.isfinite(later), mixed, searched[at])
        current[index[at]] = out[at]
    return out


def _merge_bias(bias: list[int], phase_bias: list[int], lo: int) -> list[int]:
    """The phase's bias for its own empties and above; fitted earlier phases keep theirs below."""
    return bias[:lo] + phase_bias[lo:]


# -- a quick match ---------------------------------------------------------------


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
    """Print the load time and the microseconds per call of both evaluations over self-play positions."""
    import random
    import timeit

    from tools.selfplay_data import play_game

    started = time.perf_counter()
    evaluation = load(weights)
    loaded = time.perf_counter() - started
    started = time.perf_counter()
    for e in range(1, 61):  # first use of each phase turns its tables into lists
        evaluation.evaluate(0, (1 << (64 - e)) - 1)
    prepared = time.perf_counter() - started
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
        seconds = min(timeit.repeat(lambda f=function: [f(p, o) for p, o in positions], number=5, repeat=5)) / 5
        print(f"{name}: {1e6 * seconds / len(positions):.2f} us per call over {len(positions)} positions")
    print(
        f"load: {1000 * loaded:.1f} ms ({weights.stat().st_size} bytes); "
        f"first use of all 15 phases: {1000 * prepared:.1f} ms"
    )


def accuracy(weights: Path, data: Path, holdout: int) -> None:
    """RMSE against the solver's exact scores on held-out solved games, by empties; the heuristic for comparison.

    The heuristic is not in disc units, so it gets its best least-squares scale per row.
    """
    solved = load_dir(data / "solved")
    keep = (solved["label"] != UNKNOWN) & ~solved["terminal"] & (solved["game"] % holdout == 0)
    player, opponent = solved["player"][keep].tolist(), solved["opponent"][keep].tolist()
    exact = solved["label"][keep].astype(np.float64)
    empties = solved["empties"][keep]
    evaluate = load(weights).evaluate
    heuristic = HeuristicEvaluation()
    ours = np.array([evaluate(p, o) / DISC for p, o in zip(player, opponent, strict=True)])
    theirs = np.array([heuristic(p, o) for p, o in zip(player, opponent, strict=True)], dtype=np.float64)
    print("| empties | held-out positions | patterns RMSE (discs) | heuristic RMSE, best scale (discs) |")
    print("|---|---|---|---|")
    for lo, hi in ((1, 4), (5, 8), (9, 12), (13, 14)):
        at = (empties >= lo) & (empties <= hi)
        scale = (theirs[at] @ exact[at]) / max(theirs[at] @ theirs[at], 1e-9)
        rmse = np.sqrt(np.mean((ours[at] - exact[at]) ** 2))
        rmse_h = np.sqrt(np.mean((scale * theirs[at] - exact[at]) ** 2))
        print(f"| {lo}-{hi} | {int(at.sum())} | {rmse:.2f} | {rmse_h:.2f} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate", help="play and label self-play games")
    gen.add_argument("--solved-games", type=int, default=4000)
    gen.add_argument("--exact-max", type=int, default=14)
    gen.add_argument("--unsolved-games", type=int, default=20000)
    gen.add_argument("--seed", type=int, default=1)
    gen.add_argument("--workers", type=int, default=1)
    gen.add_argument("--data", type=Path, default=DATA)
    fit_p = sub.add_parser("fit", help="fit the weights, phase by phase")
    fit_p.add_argument("--data", type=Path, default=DATA)
    fit_p.add_argument("--out", type=Path, default=WEIGHTS_PATH)
    fit_p.add_argument("--lam", type=float, default=10.0, help="ridge strength towards the previous phase")
    fit_p.add_argument("--margin", type=int, default=2, help="empties borrowed from each neighbouring phase")
    fit_p.add_argument("--rounds", type=int, default=2, help="label-then-fit rounds per phase")
    fit_p.add_argument("--holdout", type=int, default=10, help="hold out every N-th game for validation")
    fit_p.add_argument("--game-weight", type=float, default=0.5, help="weight of the game outcome in labels")
    fit_p.add_argument("--td-lambda", type=float, default=0.0, help="use TD(lambda) returns instead (0: off)")
    match_p = sub.add_parser("match", help="trained evaluation against the heuristic baseline")
    match_p.add_argument("--weights", type=Path, default=WEIGHTS_PATH)
    match_p.add_argument("--depth", type=int, default=2)
    match_p.add_argument("--games", type=int, default=100)
    bench_p = sub.add_parser("bench", help="load time and microseconds per evaluation")
    bench_p.add_argument("--weights", type=Path, default=WEIGHTS_PATH)
    bench_p.add_argument("--positions", type=int, default=3000)
    accuracy_p = sub.add_parser("accuracy", help="error against exact scores on held-out solved games")
    accuracy_p.add_argument("--weights", type=Path, default=WEIGHTS_PATH)
    accuracy_p.add_argument("--data", type=Path, default=DATA)
    accuracy_p.add_argument("--holdout", type=int, default=10)
    args = parser.parse_args(argv)

    if args.command == "generate":
        generate(args.data / "solved", args.solved_games, args.exact_max, args.seed, args.workers)
        generate(args.data / "unsolved", args.unsolved_games, 0, args.seed + 1, args.workers)
    elif args.command == "fit":
        dirs = [args.data / "solved", args.data / "unsolved"]
        fit(dirs, args.out, args.lam, args.margin, args.rounds, args.holdout, args.game_weight, args.td_lambda)
    elif args.command == "match":
        match(load(args.weights), HeuristicEvaluation(), args.depth, args.games)
    elif args.command == "accuracy":
        accuracy(args.weights, args.data, args.holdout)
    else:
        bench(args.weights, args.positions)
    return 0


if __name__ == "__main__":
    sys.exit(main())
