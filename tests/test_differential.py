"""Differential tests: the bitboard engine against the list-based reference, on random games.

Hypothesis chooses the moves; both implementations play the same game and must agree
on every legal-move set, every flip set (for every empty square, not just the move
played), every pass and the final result. A failing example prints the transcript.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference_othello import BLACK, WHITE, RefBoard, other

from game.engine import (
    PASS,
    GameRecord,
    Outcome,
    Position,
    flips,
    legal_moves,
    square_name,
    squares_of,
)

CORNERS = (0, 7, 56, 63)


def ref_bitboard(squares: list[tuple[int, int]]) -> int:
    """(row, col) pairs as a bitboard, bit row * 8 + col."""
    bb = 0
    for row, col in squares:
        bb |= 1 << (row * 8 + col)
    return bb


def assert_same_rules(pos: Position, ref: RefBoard, context: str) -> list[int]:
    """Legal moves and every square's flips agree, and so do passes; return the mover's legal squares.

    The reference works out the flips of every square from scratch; its legal moves are
    the squares that flip something. When the mover has none, the other side's moves
    decide between a pass and the end of the game, and are compared too.
    """
    assert pos.to_text() == ref.to_text(), context
    ref_legal = 0
    for sq in range(64):
        ref_flips = ref_bitboard(ref.flips(*divmod(sq, 8)))
        assert pos.flips(sq) == ref_flips, f"{context}: flips on {square_name(sq)}"
        if ref_flips:
            ref_legal |= 1 << sq
            assert flips(pos.player, pos.opponent, sq) == ref_flips, f"{context}: raw flips {square_name(sq)}"
    assert pos.legal_moves() == ref_legal, f"{context}: legal moves"
    if not ref_legal:
        other_legal = ref_bitboard(ref.legal_moves(other(ref.to_move)))
        assert legal_moves(pos.opponent, pos.player) == other_legal, f"{context}: the other side's moves"
        assert pos.must_pass() == bool(other_legal), context
        assert pos.is_over() == (not other_legal), context
    else:
        assert not pos.must_pass() and not pos.is_over(), context
    return squares_of(ref_legal)


def assert_same_result(result: Outcome | None, ref: RefBoard, context: str) -> None:
    """Both scores, the winner and the reason agree with the reference's longhand count."""
    expected = ref.result()
    assert result is not None, context
    assert (result.black, result.white, result.empty) == (expected.black, expected.white, expected.empty)
    assert (result.winner or "draw") == expected.winner, context
    assert result.reason == expected.reason, context
    assert result.score_discs == f"{expected.black}-{expected.white}", context
    assert result.score_tournament == f"{expected.tournament_black}-{expected.tournament_white}", context


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(choices=st.lists(st.integers(min_value=0, max_value=2**20), min_size=64, max_size=64))
def test_random_games_agree_with_the_reference(choices: list[int]) -> None:
    pos = Position.start()
    ref = RefBoard.start()
    record = GameRecord()
    corner_owner: dict[int, str] = {}
    moves_played: list[str] = []
    plies: list[int] = []
    turn = 0
    while True:
        context = "after " + ("".join(moves_played) or "the start")
        legal = assert_same_rules(pos, ref, context)
        if not legal:
            if ref.is_over():
                break
            pos = pos.pass_turn()  # the reference says no move is legal
            ref.pass_turn()
            plies.append(PASS)
            continue
        move = legal[choices[turn % len(choices)] % len(legal)]
        turn += 1
        before = pos
        pos = pos.play(move)
        ref_flipped = ref.play(*divmod(move, 8))
        assert (before.black ^ pos.black) | (before.white ^ pos.white) == ref_bitboard(ref_flipped) | 1 << move
        plies.append(move)
        moves_played.append(square_name(move))
        record.play(move)
        for corner in CORNERS:  # once taken, a corner keeps its colour
            colour = pos.color_at(corner)
            if colour is not None:
                assert corner_owner.setdefault(corner, colour) == colour, context

    transcript = "".join(moves_played)
    assert record.plies == plies, transcript  # the record made exactly the same passes
    assert record.transcript == transcript
    assert record.position == pos
    result = record.result
    assert result is not None, transcript
    assert result == Outcome.of(pos)
    assert_same_result(result, ref, transcript)
    replayed = GameRecord.from_transcript(transcript.upper())
    assert replayed.plies == plies and replayed.transcript == transcript


board_cells = st.lists(st.sampled_from("XXOO-"), min_size=64, max_size=64)


@settings(max_examples=1000, deadline=None)
@given(cells=board_cells, side=st.sampled_from([BLACK, WHITE]))
def test_arbitrary_boards_agree_with_the_reference(cells: list[str], side: str) -> None:
    """Dense, unreachable boards reach corners of the rules random games rarely touch."""
    text = "".join(cells) + " " + side
    pos = Position.from_text(text)
    ref = RefBoard.from_text(text)
    assert pos.to_text() == text
    assert_same_rules(pos, ref, text)
    assert legal_moves(pos.player, pos.opponent) == pos.legal_moves()
    if pos.is_over():
        assert_same_result(Outcome.of(pos), ref, text)
    else:
        for move in squares_of(pos.legal_moves()):
            child = RefBoard.from_text(text)
            child.play(*divmod(move, 8))
            assert pos.play(move).to_text() == child.to_text(), f"{text}: {square_name(move)}"
