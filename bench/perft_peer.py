"""Perft speed side by side: this engine against a well-known pure-Python peer, in one run.

    pip install creversi-python     # the peer: "Fast pure-Python Reversi/Othello library" on PyPI
    python bench/perft_peer.py [--depth 8] [--repeat 3]

Both count the same tree (a pass is a move, a finished game is one leaf) from
the start position, with bulk counting (the last ply counted from the legal
move bitboard) and without (every leaf move made). The peer is measured
two ways: through its public ``Board`` class (copy, move, legal_moves: how
its users call it), and as a perft written here in the same shape as ours on
its low-level bitboard functions (``mobility``, ``flip``). Best of ``--repeat`` runs is reported.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from game.engine import Position, perft


def peer_perft(bulk: bool) -> Callable[[int], int] | None:
    """A perft over creversi-python's primitives, or None if it is not installed."""
    try:
        from creversi import _bitboard as cb  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    mobility, flip = cb.mobility, cb.flip
    p0, o0 = cb.INITIAL_PLAYER, cb.INITIAL_OPPONENT

    def count(p: int, o: int, depth: int) -> int:
        moves = mobility(p, o)
        if not moves:
            if bulk and depth == 1:
                return 1
            if mobility(o, p):
                return 1 if depth == 1 else count(o, p, depth - 1)
            return 1
        if bulk and depth == 1:
            return bin(moves).count("1")
        total = 0
        while moves:
            bit = moves & -moves
            moves ^= bit
            sq = bit.bit_length() - 1
            f = flip(p, o, sq)
            if depth == 1:
                total += 1
            else:
                total += count(o & ~f, p | f | bit, depth - 1)
        return total

    return lambda depth: count(p0, o0, depth)


def peer_board_perft(bulk: bool) -> Callable[[int], int] | None:
    """A perft through creversi-python's public ``Board`` class (copy, move, legal_moves)."""
    try:
        import creversi  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None

    def count(board: object, depth: int) -> int:
        if board.is_game_over():  # type: ignore[attr-defined]
            return 1
        moves = board.legal_moves  # type: ignore[attr-defined]
        if depth == 1 and bulk:
            return len(moves)
        total = 0
        for move in moves:
            child = board.copy()  # type: ignore[attr-defined]
            child.move(move)
            total += 1 if depth == 1 else count(child, depth - 1)
        return total

    return lambda depth: count(creversi.Board(), depth)


def best_rate(run: Callable[[int], int], depth: int, repeat: int) -> tuple[int, float]:
    """(nodes, best nodes per second) over ``repeat`` runs."""
    best = 0.0
    nodes = 0
    for _ in range(repeat):
        started = time.perf_counter()
        nodes = run(depth)
        best = max(best, nodes / (time.perf_counter() - started))
    return nodes, best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    start = Position.start()
    print(f"perft({args.depth}) from the start, best of {args.repeat}")
    for bulk in (True, False):
        label = "bulk" if bulk else "no-bulk"
        nodes, rate = best_rate(lambda d, b=bulk: perft(start, d, bulk=b), args.depth, args.repeat)
        print(f"  {'this engine':18} {label:8} {nodes:>10} nodes {rate:>12,.0f} nodes/s")
        for name, peer in (("creversi Board API", peer_board_perft(bulk)), ("creversi bitboards", peer_perft(bulk))):
            if peer is None:
                print(f"  {name:18} {label:8} (not installed: pip install creversi-python)")
                continue
            peer_nodes, peer_rate = best_rate(peer, args.depth, args.repeat)
            assert peer_nodes == nodes, f"{name} counted {peer_nodes}, we counted {nodes}"
            print(f"  {name:18} {label:8} {peer_nodes:>10} nodes {peer_rate:>12,.0f} nodes/s"
                  f"   (ours {rate / peer_rate:.1f}x)")


if __name__ == "__main__":
    main()
