"""Perft: leaf counts of the game tree, from the start and from positions with passes and early ends.

A pass counts as a ply and a game that ends before the depth counts as one leaf. The
start-position counts are the published ones; every other expected count is worked out
here by a brute-force perft over the list-based reference (never taken from the engine).
"""

from __future__ import annotations

import importlib

import pytest
from reference_othello import (
    BLOCKED_WITH_TWO_EMPTY,
    FIVE_WHITE_MOVES_IN_A_ROW,
    SHORTEST_WIPEOUT,
    RefBoard,
    other,
    play_transcript,
)
from reference_othello import perft as reference_perft

from game.engine import PerftTimeout, Position, perft, timed_perft

START_COUNTS = [4, 12, 56, 244, 1396, 8200, 55092, 390216]
"""Leaf nodes 1..8 plies from the start (the published sequence)."""


@pytest.mark.parametrize("depth", range(1, 9))
@pytest.mark.parametrize("bulk", [True, False], ids=["bulk", "no-bulk"])
def test_perft_from_the_start_matches_the_published_counts(depth: int, bulk: bool) -> None:
    assert perft(Position.start(), depth, bulk=bulk) == START_COUNTS[depth - 1]


@pytest.mark.parametrize("depth", range(1, 6))
def test_reference_perft_from_the_start_matches_the_published_counts(depth: int) -> None:
    """The reference is trustworthy enough to supply the other expected counts."""
    assert reference_perft(RefBoard.start(), depth) == START_COUNTS[depth - 1]


def test_perft_at_depth_zero_is_the_position_itself_and_negative_depths_are_refused() -> None:
    assert perft(Position.start(), 0) == 1
    assert perft(Position.start(), 0, bulk=False) == 1
    with pytest.raises(ValueError, match="depth"):
        perft(Position.start(), -1)


def position_after(transcript: str, moves: int) -> str:
    """The position text after the first ``moves`` moves of a sample game, via the reference."""
    board, _ = play_transcript(transcript[: 2 * moves])
    return board.to_text()


def passes_and_ends(board: RefBoard, depth: int) -> tuple[int, int]:
    """How many passes, and how many finished games, the reference tree to ``depth`` contains."""
    if depth == 0:
        return 0, 0
    moves = board.legal_moves()
    if not moves:
        if not board.legal_moves(other(board.to_move)):
            return 0, 1
        passed = board.copy()
        passed.pass_turn()
        passes, ends = passes_and_ends(passed, depth - 1)
        return passes + 1, ends
    passes = ends = 0
    for row, col in moves:
        child = board.copy()
        child.play(row, col)
        child_passes, child_ends = passes_and_ends(child, depth - 1)
        passes += child_passes
        ends += child_ends
    return passes, ends


TREES: dict[str, tuple[str, int, bool]] = {
    # name: (position, deepest depth tested, whether the tree holds passes)
    # 9 empty squares; Black must pass again and again while White fills the board.
    "five-white-moves-in-a-row": (position_after(FIVE_WHITE_MOVES_IN_A_ROW, 55), 11, True),
    # Late in a game that ends blocked with empty squares: passes and early ends in the tree.
    "blocked-ending-6-to-go": (position_after(BLOCKED_WITH_TWO_EMPTY, 52), 8, True),
    "blocked-ending-5-to-go": (position_after(BLOCKED_WITH_TWO_EMPTY, 53), 8, True),
    # Four plies before the shortest wipeout: some lines end before depth 5.
    "wipeout-4-to-go": (position_after(SHORTEST_WIPEOUT, 5), 5, False),
}


@pytest.mark.parametrize("name", TREES)
def test_the_trees_contain_early_game_ends_and_passes(name: str) -> None:
    """Guards the choice of positions: each tree really exercises the pass and end rules."""
    text, depth, has_passes = TREES[name]
    passes, ends = passes_and_ends(RefBoard.from_text(text), depth)
    assert ends > 0
    assert (passes > 0) == has_passes


@pytest.mark.parametrize(
    ("name", "depth"), [(name, depth) for name, (_, top, _) in TREES.items() for depth in range(1, top + 1)]
)
def test_perft_with_passes_and_early_ends_matches_the_reference(name: str, depth: int) -> None:
    text, _, _ = TREES[name]
    expected = reference_perft(RefBoard.from_text(text), depth)
    position = Position.from_text(text)
    assert perft(position, depth) == expected
    assert perft(position, depth, bulk=False) == expected


def test_perft_when_the_side_to_move_must_pass_counts_the_pass_as_a_ply() -> None:
    # Black cannot move; White's only move d1 then wipes Black out. Counted by hand:
    # depth 1 is the pass, depth 2 is d1, and from depth 3 on the finished game is one leaf.
    position = Position.from_text("OOX" + "-" * 61 + " X")
    for depth in range(1, 6):
        assert perft(position, depth) == 1
        assert perft(position, depth, bulk=False) == 1
    # From White's side the same board has one move, then the game is over.
    assert perft(position.pass_turn(), 1) == 1
    assert perft(position.pass_turn(), 4, bulk=False) == 1


def test_perft_of_a_finished_game_is_one_leaf_at_any_depth() -> None:
    rows = ["OOXXXXXX", "O--XXXXX", "X-XXXXXX", "XXXXXX--", "XXXXXX--", "XXXXX---", "XXX-----", "X-------"]
    blocked = Position.from_text("".join(rows) + " X")  # 39-3 with 22 empty, as in test_rules
    assert blocked.is_over()
    for depth in range(1, 6):
        assert perft(blocked, depth) == 1
        assert perft(blocked, depth, bulk=False) == 1


perft_module = importlib.import_module("game.engine.perft")  # the module (the package exports the function)


@pytest.mark.parametrize("name", ["blocked-ending-5-to-go", "wipeout-4-to-go"])
def test_timed_perft_counts_what_perft_counts_through_passes_and_ends(name: str, monkeypatch: pytest.MonkeyPatch
                                                                       ) -> None:
    monkeypatch.setattr(perft_module, "CHECKED_DEPTH", 2)  # split at the top of small trees (fast)
    text, top, _ = TREES[name]
    position = Position.from_text(text)
    for depth in range(1, top + 1):
        assert timed_perft(position, depth, 60.0) == perft(position, depth)
        assert timed_perft(position, depth, 60.0, bulk=False) == perft(position, depth)


def test_timed_perft_stops_at_its_limit_and_says_so() -> None:
    with pytest.raises(PerftTimeout, match="time limit of 0.05 s"):
        timed_perft(Position.start(), 14, 0.05)
    assert timed_perft(Position.start(), 7, 60.0) == 55092
