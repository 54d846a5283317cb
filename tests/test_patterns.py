"""The pattern evaluation: fast feature extraction against a square-by-square reference, symmetry,
the weights file, and that the shipped weights learned something real."""

from __future__ import annotations

import contextlib
import random
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.exact import solve
from game.ai.pattern_geometry import (
    PATTERNS,
    Pattern,
    canonical_indices,
    class_count,
    class_map,
    instances,
    phase_table,
    reference_indices,
)
from game.ai.patterns import WEIGHTS_PATH, PatternEvaluation, board_bytes, load
from game.ai.shipped_evaluation import default_evaluation
from game.ai.weights_file import (
    INFLATE_STEP,
    PatternWeights,
    WeightsError,
    decode_weights,
    decoding_weights,
    encode_weights,
)
from game.engine.bitboard import FLIPPERS, legal_moves
from game.engine.symmetry import image_of
from game.records.wthor import read_games, replay
from game.scenes.entries import GameEntry

START = (0x0000000810000000, 0x0000001008000000)


def random_game_position(rng: random.Random, empties: int) -> tuple[int, int]:
    """A position reached by random legal moves, with about ``empties`` empty squares."""
    p, o = START
    while 64 - (p | o).bit_count() > empties:
        moves = legal_moves(p, o)
        if not moves:
            if not legal_moves(o, p):
                break
            p, o = o, p
            continue
        squares = [sq for sq in range(64) if moves >> sq & 1]
        sq = rng.choice(squares)
        f = FLIPPERS[sq](p, o)
        p, o = o ^ f, p | f | (1 << sq)
    return p, o


def random_board(rng: random.Random) -> tuple[int, int]:
    """Any two disjoint sets of squares (not necessarily reachable in a game)."""
    p = o = 0
    for sq in range(64):
        r = rng.random()
        if r < 0.35:
            p |= 1 << sq
        elif r < 0.7:
            o |= 1 << sq
    return p, o


def sample_positions(n: int, seed: int = 7) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    out = [random_game_position(rng, rng.randint(0, 60)) for _ in range(n)]
    out += [random_board(rng) for _ in range(n // 2)]
    out += [(0, 0), START, (0xFFFFFFFFFFFFFFFF, 0), (0, 0xFFFFFFFFFFFFFFFF)]
    return out


@pytest.fixture(scope="module")
def random_weights() -> PatternWeights:
    """Random weights, tied like trained ones (one value per class of symmetric readings), differing by phase."""
    rng = random.Random(11)
    n_phases, phase_of = phase_table(7)
    classes = [
        [[rng.randint(-200, 200) for _ in range(class_count(k))] for k in range(len(PATTERNS))]
        for _ in range(n_phases)
    ]
    bias = [rng.randint(-99, 99) for _ in range(65)]
    return PatternWeights.from_classes(phase_of, classes, bias, step=3)


def reference_evaluation(weights: PatternWeights, player: int, opponent: int) -> int:
    empties = 64 - (player | opponent).bit_count()
    phase = weights.phase_of[empties]
    total = weights.bias[empties]
    for k, pattern in enumerate(PATTERNS):
        table = weights.table(phase, k)
        total += sum(table[i] for i in reference_indices(pattern, player, opponent))
    return total


def test_classes_of_readings_match_the_digit_by_digit_reference() -> None:
    for k, pattern in enumerate(PATTERNS):
        canon = canonical_indices(pattern)
        representatives = sorted(set(canon))
        rank = {index: c for c, index in enumerate(representatives)}
        assert class_map(k) == [rank[c] for c in canon]
        assert class_count(k) == len(representatives)


def test_instance_counts_are_those_of_the_classic_pattern_set() -> None:
    counts = {p.name: len(instances(p)) for p in PATTERNS}
    assert counts == {
        "edge_x": 4, "corner3": 4, "corner25": 8, "line2": 4, "line3": 4, "line4": 4,
        "diag8": 2, "diag7": 4, "diag6": 4, "diag5": 4, "diag4": 4,
    }  # fmt: skip


def test_board_bytes_hold_rows_columns_and_diagonals() -> None:
    rng = random.Random(3)
    for _ in range(50):
        p, o = random_board(rng)
        data = board_bytes(p, o)
        for side, board in ((0, p), (1, o)):
            for r in range(8):
                row = sum((board >> (r * 8 + c) & 1) << c for c in range(8))
                column = sum((board >> (i * 8 + r) & 1) << i for i in range(8))
                assert data[8 * side + r] == row
                assert data[16 + 8 * side + r] == column
            # byte r, bit i holds file i of a diagonal that wraps around: row r + i (a1-h8
            # direction) or row r - 1 - i (a8-h1 direction), modulo 8
            for r in range(8):
                diagonal = [((r + i) % 8) * 8 + i for i in range(8)]
                anti = [((r - 1 - i) % 8) * 8 + i for i in range(8)]
                assert data[32 + 8 * side + r] == sum((board >> sq & 1) << i for i, sq in enumerate(diagonal))
                assert data[48 + 8 * side + r] == sum((board >> sq & 1) << i for i, sq in enumerate(anti))


def test_fast_evaluation_matches_square_by_square_reference(random_weights: PatternWeights) -> None:
    evaluate = PatternEvaluation(random_weights).evaluate
    for player, opponent in sample_positions(200):
        assert evaluate(player, opponent) == reference_evaluation(random_weights, player, opponent)


@pytest.mark.parametrize("which", ["random", "shipped"])
def test_all_eight_symmetries_give_the_same_value(which: str, random_weights: PatternWeights) -> None:
    evaluation = PatternEvaluation(random_weights) if which == "random" else default_evaluation()
    for player, opponent in sample_positions(60, seed=5):
        value = evaluation(player, opponent)
        for s in range(1, 8):
            assert evaluation(image_of(s, player), image_of(s, opponent)) == value


def test_shipped_weights_are_tied_over_symmetric_readings() -> None:
    weights = default_evaluation().weights
    for k, pattern in enumerate(PATTERNS):
        canon = canonical_indices(pattern)
        for phase in (0, weights.n_phases // 2, weights.n_phases - 1):
            table = weights.table(phase, k)
            assert all(table[i] == table[canon[i]] for i in range(pattern.size))


def test_shipped_evaluation_predicts_exact_endgame_scores() -> None:
    """On late positions the trained evaluation is far closer to the solver's score than a guess of 0."""
    evaluate = default_evaluation().evaluate
    rng = random.Random(2024)
    errors, baseline = [], []
    while len(errors) < 40:
        p, o = random_game_position(rng, rng.randint(6, 10))
        if not legal_moves(p, o):
            continue
        exact = solve(p, o, all_best=False).score
        errors.append(abs(evaluate(p, o) / 100 - exact))
        baseline.append(abs(exact))
    assert sum(errors) < 0.6 * sum(baseline)


def test_shipped_evaluation_likes_corners() -> None:
    """A corner given to one side of a master game's midgame position helps that side, by far on average.

    Positions from the held-out year of the WTHOR games, the kind the
    evaluation is for, each corner given alone (several corners at once are
    rare in master games' midgames, and the evaluation values them too
    little: ``docs/evaluation.md``).
    """
    evaluate = default_evaluation().evaluate
    gains, losses = [], []
    for game in read_games():
        if game.year != 2023:
            continue
        for ply in replay(game.moves)[16:40:6]:
            player, opponent = ply.player, ply.opponent
            for corner in (1, 1 << 7, 1 << 56, 1 << 63):
                if not (player | opponent) & corner:
                    gains.append(evaluate(player | corner, opponent) - evaluate(player, opponent))
                    losses.append(evaluate(player, opponent | corner) - evaluate(player, opponent))
        if len(gains) >= 400:
            break
    assert sum(gains) / len(gains) > 400
    assert sum(losses) / len(losses) < -400


def test_warm_up_changes_no_value(random_weights: PatternWeights) -> None:
    cold = PatternEvaluation(random_weights)
    warm = PatternEvaluation(random_weights)
    warm.warm_up()
    for player, opponent in sample_positions(40, seed=21):
        assert warm(player, opponent) == cold(player, opponent)


def test_default_evaluation_is_loaded_once() -> None:
    assert default_evaluation() is default_evaluation()
    assert default_evaluation().name == "patterns"


def test_weights_round_trip_through_the_file_format(random_weights: PatternWeights) -> None:
    step = random_weights.step
    classes = [
        [[v * step for v in random_weights.class_values(phase, k)] for k in range(len(PATTERNS))]
        for phase in range(random_weights.n_phases)
    ]
    decoded = decode_weights(encode_weights(random_weights.phase_of, classes, random_weights.bias, step))
    assert list(decoded.bias) == list(random_weights.bias)
    assert list(decoded.phase_of) == list(random_weights.phase_of)
    for phase in range(random_weights.n_phases):
        for k in range(len(PATTERNS)):
            assert decoded.table(phase, k) == random_weights.table(phase, k)


def test_encoding_rounds_weights_to_the_step() -> None:
    n_phases, phase_of = phase_table(2)
    classes = [[[7.4] * class_count(k) for k in range(len(PATTERNS))] for _ in range(n_phases)]
    decoded = decode_weights(encode_weights(phase_of, classes, [0.0] * 65, step=5))
    assert set(decoded.table(1, 0)) == {5}


def test_corrupt_weights_files_are_refused_with_a_clear_error(tmp_path: Path) -> None:
    good = WEIGHTS_PATH.read_bytes()
    cases = {
        "empty": b"",
        "not weights": b"PK\x03\x04" + good[4:],
        "truncated": good[: len(good) // 2],
        "flipped bytes": good[:40] + bytes(b ^ 0xFF for b in good[40:80]) + good[80:],
    }
    for name, data in cases.items():
        path = tmp_path / f"{name}.bin"
        path.write_bytes(data)
        with pytest.raises(WeightsError):
            load(path)
    with pytest.raises(WeightsError, match="cannot read"):
        load(tmp_path / "missing.bin")


def test_encoding_refuses_weights_that_do_not_fit_the_patterns() -> None:
    n_phases, phase_of = phase_table(2)
    short = [[[0] * (class_count(k) - (k == 3)) for k in range(len(PATTERNS))] for _ in range(n_phases)]
    with pytest.raises(ValueError, match="do not match"):
        encode_weights(phase_of, short, [0] * 65)
    with pytest.raises(ValueError, match="phase_of"):
        encode_weights(phase_of[:64], short, [0] * 65)


def test_a_payload_that_inflates_beyond_its_declared_size_is_refused() -> None:
    import zlib

    good = WEIGHTS_PATH.read_bytes()
    header = good[: 16 + 65]
    with pytest.raises(WeightsError, match="corrupt"):
        decode_weights(header + zlib.compress(bytes(50_000_000)))


def test_the_shipped_weights_load_in_small_steps_to_the_same_weights() -> None:
    data = WEIGHTS_PATH.read_bytes()
    steps = decoding_weights(data)
    count = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            stepwise = done.value
            break
        count += 1
    whole = decode_weights(data)
    # the 4.5 MB payload is inflated in pieces of INFLATE_STEP, then the phases one per step
    values = len(whole.bias) + sum(len(d) for phase in whole.deltas for d in phase)
    assert count >= 2 * values // INFLATE_STEP + whole.n_phases
    assert stepwise.phase_of == whole.phase_of and list(stepwise.bias) == list(whole.bias)
    assert all(list(a) == list(b) for pa, pb in zip(stepwise.deltas, whole.deltas, strict=True)
               for a, b in zip(pa, pb, strict=True))


# -- a damaged shipped weights file (issue 20, item 1) --------------------------------------------------
# The real file is never touched: ``shipped_weights`` points ``WEIGHTS_PATH`` at a copy of the test's own.

GOOD_WEIGHTS = WEIGHTS_PATH.read_bytes()


def flipped(data: bytes, flips: list[tuple[int, int]]) -> bytes:
    """``data`` with the byte at each position XORed with its mask."""
    damaged = bytearray(data)
    for at, mask in flips:
        damaged[at % len(damaged)] ^= mask
    return bytes(damaged)


DAMAGED_VARIANTS = {
    "empty": b"",
    "one byte": GOOD_WEIGHTS[:1],
    "header only": GOOD_WEIGHTS[:16],
    "no payload": GOOD_WEIGHTS[:81],
    "half": GOOD_WEIGHTS[: len(GOOD_WEIGHTS) // 2],
    "last byte cut": GOOD_WEIGHTS[:-1],
    "not weights": b"PK\x03\x04" + GOOD_WEIGHTS[4:],
    "other version": GOOD_WEIGHTS[:4] + b"\x09\x00" + GOOD_WEIGHTS[6:],
    "flipped header": GOOD_WEIGHTS[:6] + bytes(b ^ 0xFF for b in GOOD_WEIGHTS[6:16]) + GOOD_WEIGHTS[16:],
    "flipped phase table": flipped(GOOD_WEIGHTS, [(20, 0xFF)]),
    "flipped payload": GOOD_WEIGHTS[:40] + bytes(b ^ 0xFF for b in GOOD_WEIGHTS[40:80]) + GOOD_WEIGHTS[80:],
    "zeroed payload": GOOD_WEIGHTS[:81] + bytes(len(GOOD_WEIGHTS) - 81),
    "junk after": GOOD_WEIGHTS + b"junk",
}
"""Files that must be refused: each says what is wrong with it."""

damaged_weights = st.one_of(
    st.integers(0, len(GOOD_WEIGHTS) - 1).map(lambda n: GOOD_WEIGHTS[:n]),  # truncated anywhere
    st.lists(  # bytes flipped, often in the header and phase table, where damage can still decode
        st.tuples(st.one_of(st.integers(0, 100), st.integers(0, len(GOOD_WEIGHTS) - 1)), st.integers(1, 255)),
        min_size=1,
        max_size=6,
    ).map(lambda flips: flipped(GOOD_WEIGHTS, flips)),
    st.binary(min_size=1, max_size=64).map(lambda tail: GOOD_WEIGHTS + tail),  # something after the end
    st.binary(max_size=200),  # anything at all
)


@contextlib.contextmanager
def shipped_weights(data: bytes | None) -> Iterator[Path]:
    """Within the block the shipped weights are ``data`` (``None``: the path names no file), loaded afresh.

    Nothing loaded before (the shared evaluation, the engines, whether the
    game allowed the stand-in) is seen inside, and all of it is back after.
    """
    from game.ai import factory, patterns, shipped_evaluation, stand_in

    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
        path = Path(folder) / "patterns.bin"
        if data is not None:
            path.write_bytes(data)
        patch.setattr(patterns, "WEIGHTS_PATH", path)
        patch.setattr(shipped_evaluation, "_default", [])
        for name in ("_problem", "_stand_in_allowed"):
            patch.setattr(stand_in, name, [])
        patch.setattr(factory, "_ENGINES", {})
        yield path


@pytest.mark.parametrize("name", DAMAGED_VARIANTS)
def test_damaged_shipped_weights_are_a_weights_error_until_the_game_allows_the_stand_in(name: str) -> None:
    from game.ai import stand_in
    from game.ai.evaluation import HeuristicEvaluation

    with shipped_weights(DAMAGED_VARIANTS[name]):
        with pytest.raises(WeightsError) as refused:
            default_evaluation()
        assert stand_in.weights_problem() == str(refused.value)
        stand_in.play_on_without_weights()
        instead = default_evaluation()
        assert isinstance(instead, HeuristicEvaluation) and instead is default_evaluation()
        assert instead(*START) == HeuristicEvaluation()(*START)
        assert stand_in.weights_problem() == str(refused.value)
    assert isinstance(default_evaluation(), PatternEvaluation)  # the real weights, untouched


def test_a_missing_shipped_weights_file_is_a_problem_too() -> None:
    from game.ai import stand_in

    with shipped_weights(None):
        stand_in.play_on_without_weights()
        default_evaluation()
        assert "cannot read weights file" in (stand_in.weights_problem() or "")


@settings(max_examples=60, deadline=None)
@given(damaged_weights)
def test_any_damage_is_refused_or_still_a_working_evaluation(data: bytes) -> None:
    from game.ai import shipped_evaluation, stand_in, warm_up
    from game.ai.evaluation import HeuristicEvaluation

    with shipped_weights(data) as path:
        try:
            evaluation = load(path)
        except WeightsError:
            evaluation = None  # the only way a damaged file may fail
        if evaluation is not None:  # damage the format cannot see (a phase table entry, the step): still usable
            assert isinstance(evaluation(*START), int)
        stand_in.play_on_without_weights()
        steps = warm_up() if evaluation is None else shipped_evaluation.loading_default()  # what the game runs first
        for _ in steps:  # (a whole warm-up of working weights takes seconds, and is tested above)
            pass
        shared = default_evaluation()
        assert isinstance(shared, HeuristicEvaluation if evaluation is None else PatternEvaluation)
        assert (stand_in.weights_problem() is None) == (evaluation is not None)
        assert isinstance(shared(*START), int)


def test_the_computer_plays_on_with_the_stand_in() -> None:
    from game.ai import LEVELS, stand_in, think
    from game.engine import Position

    with shipped_weights(DAMAGED_VARIANTS["half"]):
        stand_in.play_on_without_weights()
        for level in LEVELS:  # pattern levels and book levels alike
            move = think(Position.start(), level, seed=3).run()
            assert move in Position.start().legal_squares()


@pytest.mark.parametrize("name", ["empty", "half", "flipped payload", "not weights"])
def test_the_game_starts_says_why_and_the_computer_moves(name: str, player_factory) -> None:  # type: ignore[no-untyped-def]
    from game.engine import WHITE
    from game.play.match import MatchSetup

    with shipped_weights(DAMAGED_VARIANTS[name]):
        player = player_factory()  # the game at start: the menu, then the warm-up
        player.run_until(lambda: player.app._warming is None, frames=200)
        toasts = [toast.message for toast in player.app.ctx.toasts]
        assert any("trained evaluation could not be read" in m and "hand-written" in m for m in toasts), toasts
        player.app.scene.open(GameEntry(setup=MatchSetup("computer", WHITE, 3)))  # type: ignore[attr-defined]
        player.frame()  # Casual, the first level with the pattern evaluation, plays Black
        player.run_until(lambda: player.game.record.ply >= 1, frames=400)
        assert player.my_turn()


# -- the board's symmetries, as patterns.py numbered them before it took the engine's ------------

OLD_SYMMETRIES = (
    lambda r, c: (r, c),
    lambda r, c: (r, 7 - c),
    lambda r, c: (7 - r, c),
    lambda r, c: (7 - r, 7 - c),
    lambda r, c: (c, r),
    lambda r, c: (c, 7 - r),
    lambda r, c: (7 - c, r),
    lambda r, c: (7 - c, 7 - r),
)
"""A copy of the mapping ``game/ai/patterns.py`` had of its own (its 5 and 6 are the engine's 6 and 5)."""


def old_map_square(symmetry: int, square: int) -> int:
    r, c = OLD_SYMMETRIES[symmetry](square // 8, square % 8)
    return r * 8 + c


def old_instances(pattern: Pattern) -> list[tuple[int, ...]]:
    """``instances`` as it was: the first reading of each distinct square set, symmetries in the old order."""
    seen: set[frozenset[int]] = set()
    found = []
    for s in range(8):
        image = tuple(old_map_square(s, sq) for sq in pattern.squares)
        if frozenset(image) not in seen:
            seen.add(frozenset(image))
            found.append(image)
    return found


def old_class_of_index(pattern: Pattern) -> list[int]:
    """Each index's class of readings as it was: the old digit permutations, the smallest reading, its rank."""
    position = {sq: i for i, sq in enumerate(pattern.squares)}
    perms = []
    for s in range(8):
        image = [old_map_square(s, sq) for sq in pattern.squares]
        if set(image) == set(pattern.squares):
            perms.append(tuple(position[sq] for sq in image))
    n = len(pattern.squares)
    canon = []
    for index in range(pattern.size):
        digits = [index // 3**i % 3 for i in range(n)]
        canon.append(min(sum(digits[i] * 3 ** perm[i] for i in range(n)) for perm in perms))
    rank = {index: c for c, index in enumerate(sorted(set(canon)))}
    return [rank[c] for c in canon]


def test_the_engine_numbering_gives_the_same_instances_and_classes_as_the_old_one() -> None:
    for k, pattern in enumerate(PATTERNS):
        new, old = instances(pattern), old_instances(pattern)
        assert len(new) == len(old) and {frozenset(i) for i in new} == {frozenset(i) for i in old}
        assert class_map(k) == old_class_of_index(pattern)  # the shipped class weights land on the same indices


def test_the_shipped_evaluation_is_the_one_the_old_numbering_gave() -> None:
    """Thousands of positions valued through the old mapping, old instances and old classes, square by square."""
    evaluation = default_evaluation()
    weights = evaluation.weights
    old = [(old_instances(p), old_class_of_index(p)) for p in PATTERNS]
    class_values: dict[tuple[int, int], list[int]] = {}
    for player, opponent in sample_positions(2000, seed=23):
        empties = 64 - (player | opponent).bit_count()
        phase = weights.phase_of[empties]
        total = weights.bias[empties]
        for k, (readings, class_of) in enumerate(old):
            if (phase, k) not in class_values:
                class_values[phase, k] = weights.class_values(phase, k)
            values = class_values[phase, k]
            for squares in readings:
                index = sum(3**i if player >> sq & 1 else 2 * 3**i if opponent >> sq & 1 else 0
                            for i, sq in enumerate(squares))
                total += values[class_of[index]] * weights.step
        assert evaluation(player, opponent) == total


def test_the_row_tables_give_each_pattern_its_columns_digits() -> None:
    # the tables are built with arithmetic on a row's base-3 code; each entry is the digits it names
    from game.ai import patterns

    def digits(code: int) -> list[int]:
        return [code // 3**i % 3 for i in range(8)]

    def code_of(row: list[int]) -> int:
        return sum(d * 3**i for i, d in enumerate(row))

    patterns._row_tables.clear()  # made again, a step at a time, as the warm-up makes them
    steps = sum(1 for _ in patterns._making_row_tables())
    tables = patterns._the_row_tables()
    assert steps >= 4 and patterns._the_row_tables() is tables  # made once, kept
    for code in range(6561):
        d = digits(code)
        assert tables.low3[code] == code_of(d[:3]) and tables.low5[code] == code_of(d[:5])
        assert tables.high3[code] == code_of(d[7:4:-1]) and tables.high5[code] == code_of(d[7:2:-1])
        assert tables.edge_x[code] == 6561 * code_of([d[1], d[6]])
        assert tables.low3_27[code] == 27 * tables.low3[code] and tables.high5_243[code] == 243 * tables.high5[code]
