"""Train the pattern evaluation on the WTHOR master games (numpy; offline only, never at run time).

Every position of the 131,212 games of ``game/data/wthor`` (the FFO's
database) is a training example for the side to move; its label is the
final disc difference under the FFO rule (empties to the winner), made
exact where the project's solver has done its work: ``tools/wthor_exact.py``
solves each game from N empty squares on, and that exact score replaces the
players' result for the game's earlier positions too (it removes the
endgame mistakes humans make), while the positions from N empties on get
their own exact scores. The games of ``HELD_OUT_YEAR`` are never trained on.

The fit is regularised least squares over all phases at once: one weight
per (phase, pattern, symmetric class of readings) plus one per number of
empty squares, with a ridge penalty ``--lam`` and a smoothness penalty
``--smooth`` that ties each phase's weights to its neighbours', so rare
configurations take their neighbours' values. Solved by conjugate gradients
with a diagonal preconditioner. Weights are written quantised and
compressed (``game.ai.weights_file.encode_weights``).

Usage (from the repository root; intermediate data goes to ``build/wthor``)::

    nice python -m tools.train_wthor extract          # replay the games once (about a minute)
    nice python -m tools.train_wthor fit --out game/ai/weights/patterns.bin
    nice python -m tools.train_wthor accuracy --weights game/ai/weights/patterns.bin bench/weights/patterns-v1.bin

``fit --drop NAME``, ``--extras NAME`` and ``--add NAME`` (an experimental shape of
``tools/extra_patterns.py``) fit another model only to print its held-out error:
the game's evaluation reads exactly its own patterns, so they write no weights file
(``--add`` refuses an ``--out``).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from game.ai.lab import PATTERNS, WEIGHTS_PATH, canonical_indices, encode_weights, instances, load, phase_table
from game.records.wthor import read_games, replay
from tools.extra_patterns import BY_NAME as EXTRA_PATTERNS
from tools.wthor_exact import HELD_OUT_YEAR, exact_games

DATA = Path("build/wthor")


def log(message: str) -> None:
    """A time-stamped progress line."""
    print(time.strftime("%H:%M:%S"), message, flush=True)


# -- positions ----------------------------------------------------------------------


def extract(out: Path = DATA / "positions.npz") -> None:
    """Replay every game once and keep its positions as arrays (player, opponent, game, ply, colour)."""
    player, opponent, game, ply, black, year, margin = [], [], [], [], [], [], []
    for g in read_games():
        year.append(g.year)
        margin.append(g.black_margin)
        for i, step in enumerate(replay(g.squares)):
            player.append(step.player)
            opponent.append(step.opponent)
            game.append(g.index)
            ply.append(i)
            black.append(step.black_to_move)
        if g.index % 20000 == 0:
            log(f"game {g.index}")
    out.parent.mkdir(parents=True, exist_ok=True)
    np.savez(
        out,
        player=np.array(player, dtype=np.uint64),
        opponent=np.array(opponent, dtype=np.uint64),
        game=np.array(game, dtype=np.int32),
        ply=np.array(ply, dtype=np.int16),
        black=np.array(black, dtype=bool),
        year=np.array(year, dtype=np.int16),
        margin=np.array(margin, dtype=np.int16),
    )
    log(f"{len(player)} positions from {len(year)} games -> {out}")


def labels(data: dict[str, np.ndarray], exact_empties: list[int] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(label in discs for the side to move, whether it is an exact score) for every position.

    Each game takes its label from the exact cache with the most empties
    that holds it (``exact_empties`` lists the caches to use, default all:
    ``tools.wthor_exact.exact_games``), else from the players' result.
    """
    game, black = data["game"], data["black"]
    sign = np.where(black, 1, -1)
    label = data["margin"][game].astype(np.int64) * sign
    exact = np.zeros(len(game), dtype=bool)
    starts = np.searchsorted(game, np.arange(len(data["year"])))
    for index, (first, scores) in exact_games(exact_empties).items():
        at = starts[index]
        rows = at + first + np.arange(len(scores))
        label[rows] = scores
        exact[rows] = True
        # earlier positions: the exact score at the first solved ply, from their side to move
        if first:
            early = np.arange(at, at + first)
            label[early] = scores[0] * sign[at + first] * sign[early]
    return label, exact


def selfplay_positions(directory: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(player, opponent, label, exact) of the project's self-play games (``tools/selfplay_data.py``).

    A position's label is its exact score where the solver gave one, its
    search value in a searched game, else the game's first known score (or
    its final score), seen from its side to move; final positions are left
    out (the evaluation is never asked there). Only solver scores count as exact.
    """
    from tools.selfplay_data import UNKNOWN, load_dir

    data = load_dir(directory)
    if not len(data["game"]):
        return (np.zeros(0, np.uint64),) * 2 + (np.zeros(0), np.zeros(0, bool))  # type: ignore[return-value]
    player, opponent, game, label = data["player"], data["opponent"], data["game"], data["label"]
    # who is to move, from the discs: a move only adds discs to the mover, so the side changed
    # between two positions of a game exactly when the new mover lost discs
    switched = np.zeros(len(game), dtype=np.int64)
    switched[1:] = (game[1:] == game[:-1]) & ((player[:-1] & ~player[1:]) != 0)
    parity = np.cumsum(switched) % 2
    known = np.flatnonzero(label != UNKNOWN)
    games_with, first = np.unique(game[known], return_index=True)
    anchor = known[first]
    slot = np.clip(np.searchsorted(games_with, game), 0, len(games_with) - 1)
    a = anchor[slot]
    sign = np.where(parity == parity[a], 1, -1)
    known_here = label != UNKNOWN
    labelled = np.where(known_here, label, sign * label[a]).astype(np.int64)
    exact = known_here & ~data["searched"]
    keep = (games_with[slot] == game) & ~data["terminal"]
    return player[keep], opponent[keep], labelled[keep], exact[keep]


# -- features -------------------------------------------------------------------------


INNER_COLUMNS = np.uint64(0x7E7E7E7E7E7E7E7E)
NOT_COLUMN_A = np.uint64(0xFEFEFEFEFEFEFEFE)
NOT_COLUMN_H = np.uint64(0x7F7F7F7F7F7F7F7F)


def mobility(player: np.ndarray, opponent: np.ndarray) -> np.ndarray:
    """The number of legal moves of ``player`` in each position (``game.engine.bitboard.legal_moves``, vectorised)."""
    empty = ~(player | opponent)
    moves = np.zeros_like(player)
    for amount, runs in ((1, opponent & INNER_COLUMNS), (8, opponent), (7, opponent & INNER_COLUMNS),
                         (9, opponent & INNER_COLUMNS)):
        shift = np.uint64(amount)
        for step in (np.left_shift, np.right_shift):
            t = runs & step(player, shift)
            for _ in range(5):
                t |= runs & step(t, shift)
            moves |= step(t, shift)
    return np.bitwise_count(moves & empty).astype(np.int64)


def potential_mobility(player: np.ndarray, opponent: np.ndarray) -> np.ndarray:
    """The number of empty squares next to one of ``opponent``'s discs: where ``player`` may come to move."""
    o = opponent
    one, seven, eight, nine = (np.uint64(k) for k in (1, 7, 8, 9))
    around = ((o & NOT_COLUMN_H) << one) | ((o & NOT_COLUMN_A) >> one) | (o << eight) | (o >> eight)
    around |= ((o & NOT_COLUMN_A) << seven) | ((o & NOT_COLUMN_H) >> seven)
    around |= ((o & NOT_COLUMN_H) << nine) | ((o & NOT_COLUMN_A) >> nine)
    return np.bitwise_count(around & ~(player | opponent)).astype(np.int64)


EXTRAS = {
    "mobility": mobility,
    "opponent-mobility": lambda p, o: mobility(o, p),
    "potential": potential_mobility,
    "opponent-potential": lambda p, o: potential_mobility(o, p),
}
"""Features beside the patterns whose worth ``fit --extras`` measures: a count, one weight per (phase, value)."""
EXTRA_VALUES = 64


class Features:
    """Columns of the joint model: (phase, pattern, class of readings), one per empties count, then extras.

    The patterns are the game's (``PATTERNS``, less ``dropped``) and then the
    experimental shapes ``added`` (``tools.extra_patterns``), whose columns
    follow the game's within each phase.
    """

    def __init__(
        self,
        n_phases: int,
        phase_of: list[int],
        extras: tuple[str, ...] = (),
        dropped: tuple[str, ...] = (),
        added: tuple[str, ...] = (),
    ) -> None:
        self.n_phases = n_phases
        self.extras = extras
        self.dropped = dropped
        self.added = added
        self.patterns = PATTERNS + tuple(EXTRA_PATTERNS[name] for name in added)
        self.phase_of = np.array(phase_of, dtype=np.int64)
        self.instances = [instances(p) for p in self.patterns]
        self.class_of: list[np.ndarray] = []  # per pattern: full index -> class within the pattern
        self.offsets: list[int] = []
        column = 0
        for pattern in self.patterns:
            canon = np.array(canonical_indices(pattern), dtype=np.int64)
            classes, compact = np.unique(canon, return_inverse=True)
            self.class_of.append(compact.astype(np.int32))
            self.offsets.append(column)
            column += len(classes)
        self.per_phase = column
        self.bias_column = n_phases * column
        self.extra_column = self.bias_column + 65
        self.n_columns = self.extra_column + len(extras) * n_phases * EXTRA_VALUES

    def columns(self, player: np.ndarray, opponent: np.ndarray) -> np.ndarray:
        """The active columns of each position: (n, instances + 1) int32."""
        n = len(player)
        digits = np.empty((64, n), dtype=np.int32)
        one = np.uint64(1)
        for sq in range(64):
            bit = np.uint64(sq)
            digits[sq] = ((player >> bit) & one).astype(np.int32) + 2 * ((opponent >> bit) & one).astype(np.int32)
        empties = 64 - (digits > 0).sum(axis=0)
        phase_base = (self.phase_of[empties] * self.per_phase).astype(np.int32)
        kept = [k for k, pattern in enumerate(self.patterns) if pattern.name not in self.dropped]
        width = sum(len(self.instances[k]) for k in kept) + 1 + len(self.extras)
        out = np.empty((n, width), dtype=np.int32)
        j = 0
        for k in kept:
            for squares in self.instances[k]:
                index = np.zeros(n, dtype=np.int32)
                for i, sq in enumerate(squares):
                    index += digits[sq] * (3**i)
                out[:, j] = phase_base + self.offsets[k] + self.class_of[k][index]
                j += 1
        out[:, j] = self.bias_column + empties
        for k, name in enumerate(self.extras):
            value = np.clip(EXTRAS[name](player, opponent), 0, EXTRA_VALUES - 1)
            out[:, j + 1 + k] = self.extra_column + (k * self.n_phases + self.phase_of[empties]) * EXTRA_VALUES + value
        return out

    def weight_values(self, w: np.ndarray) -> list[list[np.ndarray]]:
        """Per phase, per pattern of the game (``PATTERNS``): the class weights (in discs)."""
        out = []
        for phase in range(self.n_phases):
            base = phase * self.per_phase
            row = []
            for k in range(len(PATTERNS)):
                size = len(np.unique(self.class_of[k]))
                row.append(w[base + self.offsets[k] : base + self.offsets[k] + size])
            out.append(row)
        return out


def columns_in_batches(
    features: Features, player: np.ndarray, opponent: np.ndarray, batch: int = 500_000
) -> np.ndarray:
    """``features.columns`` over many positions without holding the 64 digit rows of all of them."""
    parts = [features.columns(player[i : i + batch], opponent[i : i + batch]) for i in range(0, len(player), batch)]
    return np.concatenate(parts)


# -- the fit ----------------------------------------------------------------------------


def fit_joint(
    cols: np.ndarray,
    y: np.ndarray,
    sample_weight: np.ndarray,
    features: Features,
    lam: float,
    smooth: float,
    iters: int,
) -> np.ndarray:
    """argmin sum_i s_i (x_i w - y_i)^2 + lam |w|^2 + smooth sum_phases |w_k - w_(k+1)|^2, by preconditioned CG."""
    n_cols = features.n_columns
    columns = np.ascontiguousarray(cols.T)  # one row per feature slot: gathers and counts run along rows
    n_ph, per = features.n_phases, features.per_phase

    def laplacian(v: np.ndarray) -> np.ndarray:
        out = np.zeros_like(v)
        grid = v[: n_ph * per].reshape(n_ph, per)
        lap = np.zeros_like(grid)
        diff = grid[1:] - grid[:-1]
        lap[1:] += diff
        lap[:-1] -= diff
        out[: n_ph * per] = lap.ravel()
        return out

    def xv(v: np.ndarray) -> np.ndarray:
        out = v[columns[0]]
        for row in columns[1:]:
            out += v[row]
        return out

    def xtv(r: np.ndarray) -> np.ndarray:
        out = np.zeros(n_cols)
        for row in columns:
            out += np.bincount(row, weights=r, minlength=n_cols)
        return out

    def a(v: np.ndarray) -> np.ndarray:
        return xtv(sample_weight * xv(v)) + lam * v + smooth * laplacian(v)

    degree = np.zeros(n_cols)
    degree[: n_ph * per] = 2.0
    degree[:per] = degree[(n_ph - 1) * per : n_ph * per] = 1.0
    diagonal = xtv(sample_weight) + lam + smooth * degree
    inverse = 1.0 / diagonal

    b = xtv(sample_weight * y)
    w = np.zeros(n_cols)
    r = b.copy()
    z = inverse * r
    d = z.copy()
    rz = r @ z
    b_norm = float(np.sqrt(b @ b))
    for it in range(iters):
        ad = a(d)
        step = rz / (d @ ad)
        w += step * d
        r -= step * ad
        if it % 10 == 0:
            log(f"  CG {it}: residual {float(np.sqrt(r @ r)) / b_norm:.2e}")
        z = inverse * r
        rz_new = r @ z
        d = z + (rz_new / rz) * d
        rz = rz_new
    return w


def fit(args: argparse.Namespace) -> None:
    """Fit the weights on every game but the held-out year and write the weights file."""
    data = dict(np.load(DATA / "positions.npz"))
    n_phases, phase_of = phase_table(args.phases)
    features = Features(n_phases, phase_of, tuple(args.extras), tuple(args.drop), tuple(args.add))
    y, exact = labels(data, args.exact_empties)
    train = data["year"][data["game"]] != HELD_OUT_YEAR
    if args.subsample > 1:
        train &= data["game"] % args.subsample == 0
    n_exact = int((exact & train).sum())
    log(f"{int(train.sum())} training positions ({n_exact} exact labels), {features.n_columns} columns")
    player, opponent, target, is_exact = data["player"][train], data["opponent"][train], y[train], exact[train]
    source_weight = np.ones(len(player))
    for directory in args.selfplay:
        sp_player, sp_opponent, sp_label, sp_exact = selfplay_positions(directory)
        log(f"{len(sp_player)} self-play positions ({int(sp_exact.sum())} exact labels) from {directory}")
        player, opponent = np.concatenate([player, sp_player]), np.concatenate([opponent, sp_opponent])
        target, is_exact = np.concatenate([target, sp_label]), np.concatenate([is_exact, sp_exact])
        source_weight = np.concatenate([source_weight, np.full(len(sp_player), args.selfplay_weight)])
    cols = columns_in_batches(features, player, opponent)
    log("features built")
    weights = np.where(is_exact, args.exact_weight, 1.0) * source_weight
    w = fit_joint(cols, target.astype(np.float64), weights, features, args.lam, args.smooth, args.iters)
    residual = w[cols[:, 0]] + sum(w[cols[:, j]] for j in range(1, cols.shape[1])) - target
    log(f"training MAE {np.abs(residual).mean():.2f} discs")
    held = (data["year"][data["game"]] == HELD_OUT_YEAR) & exact
    held_cols = columns_in_batches(features, data["player"][held], data["opponent"][held])
    predicted = w[held_cols].sum(axis=1)
    held_empties = 64 - np.bitwise_count(data["player"][held] | data["opponent"][held]).astype(np.int64)
    for wanted in (8, 12, 14, 16):
        rows = held_empties == wanted
        if rows.any():
            error = np.abs(predicted[rows] - y[held][rows]).mean()
            log(f"held-out static error at {wanted} empties: {error:.2f} discs ({int(rows.sum())} exact labels)")
    if args.extras or args.drop or args.add:
        log(f"measured with extras {args.extras}, without patterns {args.drop} and with the added shapes "
            f"{args.add}; the game's evaluation reads exactly its patterns: no file written")
        return
    bias = (100 * w[features.bias_column :]).tolist()
    classes = [[(100 * values).tolist() for values in phase] for phase in features.weight_values(w)]
    blob = encode_weights(phase_of, classes, bias, step=args.step)
    out = args.out if args.out is not None else WEIGHTS_PATH
    out.write_bytes(blob)
    log(f"wrote {out} ({len(blob)} bytes)")


# -- accuracy ---------------------------------------------------------------------------------


def accuracy(args: argparse.Namespace) -> None:
    """Mean absolute error by empties on the held-out year, for each weights file, through the game's own code."""
    data = dict(np.load(DATA / "positions.npz"))
    y, exact = labels(data, args.exact_empties)
    held = np.flatnonzero(data["year"][data["game"]] == HELD_OUT_YEAR)
    boards = zip(data["player"][held].tolist(), data["opponent"][held].tolist(), strict=True)
    empties = 64 - np.array([(p | o).bit_count() for p, o in boards])
    print(f"held-out year {HELD_OUT_YEAR}: {len(np.unique(data['game'][held]))} games, {len(held)} positions, "
          f"{int(exact[held].sum())} with exact labels")
    results = []
    for path in args.weights:
        evaluate = load(path).evaluate
        started = time.perf_counter()
        predicted = np.array([evaluate(int(data["player"][i]), int(data["opponent"][i])) for i in held]) / 100.0
        seconds = time.perf_counter() - started
        results.append(np.abs(predicted - y[held]))
        print(f"{path}: {1e6 * seconds / len(held):.1f} us per call")
    header = "| empties | positions | " + " | ".join(f"MAE {Path(p).name}" for p in args.weights) + " |"
    print(header)
    print("|" + "---|" * (2 + len(args.weights)))
    for lo in range(0, 60, args.bucket):
        rows = (empties > lo) & (empties <= lo + args.bucket)
        if rows.any():
            cells = " | ".join(f"{err[rows].mean():.2f}" for err in results)
            print(f"| {lo + 1}-{lo + args.bucket} | {int(rows.sum())} | {cells} |")
    print(f"| all | {len(held)} | " + " | ".join(f"{err.mean():.2f}" for err in results) + " |")


def fit_settings_problem(args: argparse.Namespace) -> str | None:
    """What is wrong with the fit's numbers (a weight of 0 or less makes the least squares meaningless), or None."""
    if not 1 <= args.phases <= 60 or not 1 <= args.iters <= 10_000:
        return "--phases must be 1..60 and --iters 1..10000"
    if args.lam < 0 or args.smooth < 0:
        return "--lam and --smooth must be at least 0"
    if args.exact_weight <= 0 or args.selfplay_weight <= 0:
        return "--exact-weight and --selfplay-weight must be more than 0"
    if not 1 <= args.step <= 1000 or args.subsample < 1:
        return "--step must be 1..1000 and --subsample at least 1"
    if len(set(args.add)) != len(args.add):
        return "--add names a shape twice"
    if args.add and args.out is not None:
        return ("--add fits shapes the game's evaluation cannot read, so it writes no weights file: "
                "leave out --out")
    return None


def main(argv: list[str] | None = None) -> int:
    """The command line: extract, fit, accuracy."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("extract", help="replay every game once into build/wthor/positions.npz")
    p = sub.add_parser("fit", help="fit the weights and write them")
    p.add_argument("--out", type=Path, default=None, help=f"the weights file to write (default {WEIGHTS_PATH})")
    p.add_argument("--phases", type=int, default=20)
    p.add_argument("--lam", type=float, default=2.0)
    p.add_argument("--smooth", type=float, default=20.0)
    p.add_argument("--iters", type=int, default=120)
    p.add_argument("--exact-empties", type=int, nargs="+", default=None,
                   help="the exact caches of tools.wthor_exact to label from (default: all)")
    p.add_argument("--exact-weight", type=float, default=1.0, help="weight of an exactly labelled position")
    p.add_argument("--step", type=int, default=5, help="weights are stored in multiples of this many 1/100 discs")
    p.add_argument("--selfplay", type=Path, nargs="*", default=[], help="also train on self-play chunks in these")
    p.add_argument("--selfplay-weight", type=float, default=1.0,
                   help="weight of a self-play position against a master game's")
    p.add_argument("--subsample", type=int, default=1, help="train on every Nth game only (quick trials)")
    p.add_argument("--extras", nargs="*", default=[], choices=sorted(EXTRAS),
                   help="also fit these features beside the patterns, to measure their worth (writes no file)")
    p.add_argument("--drop", nargs="*", default=[], choices=[pattern.name for pattern in PATTERNS],
                   help="leave these patterns out, to measure what they buy (writes no file)")
    p.add_argument("--add", nargs="*", default=[], choices=sorted(EXTRA_PATTERNS),
                   help="also fit these experimental shapes (tools.extra_patterns), to measure what they would buy "
                        "(writes no file, so --out is refused)")
    p = sub.add_parser("accuracy", help="error by empties on the held-out games")
    p.add_argument("--weights", type=Path, nargs="+", default=[WEIGHTS_PATH])
    p.add_argument("--exact-empties", type=int, nargs="+", default=None)
    p.add_argument("--bucket", type=int, default=4, help="empties per row of the table")
    args = parser.parse_args(argv)
    if args.command == "extract":
        extract()
    elif args.command == "fit":
        problem = fit_settings_problem(args)
        if problem:
            parser.error(problem)
        fit(args)
    else:
        accuracy(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
