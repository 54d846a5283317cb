"""The opening book: its counts against the WTHOR data, the file's checks, symmetric lookups, the choice, the CLI."""

from __future__ import annotations

import importlib.util
import json
import lzma
import random
import re
from collections import defaultdict
from pathlib import Path

import pytest

from game.ai.book import (
    BOOK_PATH,
    NO_SCORE,
    BookError,
    BookInfo,
    canonical,
    choose_book_move,
    decode_book,
    default_book,
    encode_book,
    load_book,
)
from game.engine import GameRecord, Position
from game.records.wthor import WTHOR_PATH
from tests.reference_othello import BLACK, RefBoard, other, parse_name
from tests.test_cli import cli

# Lines whose position the games reach in several move orders (4 to 11 of them),
# the start (symmetric: its four moves are one) and a rare reply.
TARGETS = [
    "",
    "f5f4",
    "f5d6c3d3c4f3f4",
    "f5d6c3d3c4f4f6g5e3f3g4e2",
    "f5f6e6f4e3c5c4e7c6e2f2d2f3d3c3c2",
    "f5d6c3d3c4f4f6f3e6e7d7g6g5c5c6f7e8h6d2c8",
]

# The 8 symmetries as maps of (row, column), written out here apart from game.ai.book.
SYMMETRIES = [
    lambda r, c: (r, c), lambda r, c: (r, 7 - c), lambda r, c: (7 - r, c), lambda r, c: (7 - r, 7 - c),
    lambda r, c: (c, r), lambda r, c: (7 - c, r), lambda r, c: (c, 7 - r), lambda r, c: (7 - c, 7 - r),
]  # fmt: skip


def mapped(symmetry: int, square: int) -> int:
    r, c = SYMMETRIES[symmetry](square // 8, square % 8)
    return r * 8 + c


def mapped_board(symmetry: int, board: int) -> int:
    return sum(1 << mapped(symmetry, sq) for sq in range(64) if board >> sq & 1)


def sides(board: RefBoard) -> tuple[frozenset[int], frozenset[int]]:
    """(the mover's squares, the other side's) of a reference board."""
    mover, them = set(), set()
    for r in range(8):
        for c in range(8):
            if board.cells[r][c] == board.to_move:
                mover.add(r * 8 + c)
            elif board.cells[r][c] == other(board.to_move):
                them.add(r * 8 + c)
    return frozenset(mover), frozenset(them)


def square_of(name: str) -> int:
    r, c = parse_name(name)
    return r * 8 + c


SQUARE_BIT = {f"{'abcdefgh'[c]}{r + 1}": 1 << (r * 8 + c) for r in range(8) for c in range(8)}


def _matches(prefix: str, target: tuple[frozenset[int], frozenset[int]]) -> tuple[bool, list[int]]:
    """After the moves ``prefix`` (passes implied): is Black to move, and the symmetries taking it to ``target``."""
    board = RefBoard.start()
    for at in range(0, len(prefix), 2):
        r, c = parse_name(prefix[at : at + 2])
        if not board.flips(r, c):
            board.pass_turn()
        board.play(r, c)
    if not board.legal_moves():
        board.pass_turn()
    mover, them = sides(board)
    found = [
        s for s in range(8)
        if {mapped(s, q) for q in mover} == target[0] and {mapped(s, q) for q in them} == target[1]
    ]  # fmt: skip
    return board.to_move == BLACK, found


@pytest.fixture(scope="module")
def data_counts() -> dict[str, dict[int, list[int]]]:
    """Per target, straight from the data file: square -> [games, sum of results for the mover].

    A game counts when its position after as many moves is an image of the
    target's under one of the 8 symmetries (the mover's discs on the mover's);
    its next move is mapped back through every symmetry that does it. Only
    games whose first moves cover an image of the target's squares are
    replayed, each move order once.
    """
    targets = []
    for text in TARGETS:
        names = [text[i : i + 2] for i in range(0, len(text), 2)]
        board = RefBoard.start()
        for name in names:
            board.play(*parse_name(name))
        squares = sum(1 << square_of(n) for n in names)
        images = {mapped_board(s, squares) for s in range(8)}
        targets.append((text, len(names), images, sides(board)))
    counts: dict[str, dict[int, list[int]]] = {text: defaultdict(lambda: [0, 0]) for text in TARGETS}
    orders: dict[tuple[str, str], tuple[bool, list[int]]] = {}
    deepest = max(n for _, n, _, _ in targets)
    with lzma.open(WTHOR_PATH, "rt", encoding="utf-8") as lines:
        next(lines)
        for line in lines:
            _, _, _, _, result, moves = line.rstrip("\n").split("\t")
            black_text, white_text = result.split("-")
            margin = int(black_text) - int(white_text)
            prefix = [0]
            for at in range(0, min(len(moves), 2 * deepest), 2):
                prefix.append(prefix[-1] | SQUARE_BIT[moves[at : at + 2]])
            for text, n, images, target in targets:
                if n >= len(moves) // 2 or prefix[n] not in images:
                    continue
                order = (text, moves[: 2 * n])
                if order not in orders:
                    orders[order] = _matches(order[1], target)
                black_to_move, symmetries = orders[order]
                move = square_of(moves[2 * n : 2 * n + 2])
                for square in {mapped(s, move) for s in symmetries}:
                    counts[text][square][0] += 1
                    counts[text][square][1] += margin if black_to_move else -margin
    return counts


@pytest.mark.parametrize("text", TARGETS)
def test_the_books_counts_and_scores_are_the_data_files(text: str, data_counts) -> None:
    book = default_book()
    expected = data_counts[text]
    assert sum(games for games, _ in expected.values()) >= book.info.min_games
    position = GameRecord.from_transcript(text).position
    found = book.lookup(position.player, position.opponent)
    played = {sq: entry for sq, entry in found.items() if entry.games}
    assert set(played) == set(expected)
    for square, (games, total) in expected.items():
        assert played[square].games == games
        assert played[square].score == pytest.approx(total / games, abs=0.05 + 1e-9)
    for entry in found.values():
        assert (entry.score is None) == (entry.games == 0)


def book_positions() -> list[Position]:
    """Positions along the targets' lines, and their children the book also knows."""
    positions = []
    for text in TARGETS:
        record = GameRecord.from_transcript(text)
        positions.extend(record.position_at(ply) for ply in range(0, len(record.plies) + 1, 3))
    return positions


def test_lookups_agree_under_the_eight_symmetries() -> None:
    book = default_book()
    for position in book_positions():
        original = book.lookup(position.player, position.opponent)
        assert original
        for s in range(8):
            turned = book.lookup(mapped_board(s, position.player), mapped_board(s, position.opponent))
            assert turned == {mapped(s, sq): entry for sq, entry in original.items()}


def test_every_book_move_is_legal_and_the_start_offers_the_four_openings() -> None:
    book = default_book()
    for position in book_positions():
        assert set(book.lookup(position.player, position.opponent)) <= set(position.legal_squares())
    start = Position.start()
    moves = book.lookup(start.player, start.opponent)
    assert sorted(moves) == sorted(start.legal_squares())
    assert len(set(moves.values())) == 1  # one entry: the four are the same move
    assert moves[square_of("f5")].games == 131_212


def test_a_position_out_of_the_book_has_no_moves() -> None:
    book = default_book()
    late = GameRecord.from_transcript("f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1a5a4a3f3g4").position
    assert book.lookup(late.player, late.opponent) == {}
    assert choose_book_move(book, late.player, late.opponent, 2.0, random.Random(1)) is None


@pytest.mark.parametrize("margin", [0.0, 1.0, 3.0])
def test_the_choice_stays_within_the_margin(margin: float) -> None:
    book = default_book()
    for position in book_positions():
        moves = book.lookup(position.player, position.opponent)
        best = max(entry.value for entry in moves.values())
        for seed in range(20):
            square = choose_book_move(book, position.player, position.opponent, margin, random.Random(seed))
            assert square is not None and moves[square].value >= best - margin


def test_the_choice_varies_and_follows_the_games() -> None:
    book = default_book()
    start = Position.start()
    chosen = {choose_book_move(book, start.player, start.opponent, 1.0, random.Random(seed)) for seed in range(40)}
    assert chosen == set(start.legal_squares())  # the four openings, equally good, equally played
    # a move no game played is left out while a played one is within the margin, given min_games
    fake = decode_book(encode_book(BookInfo(1, 1, 1, 1, 2, 0), [(0x1, 0x2, [(19, 50, 10, 20), (26, 0, NO_SCORE, 25)])]))
    picks = {choose_book_move(fake, 0x1, 0x2, 1.0, random.Random(seed), min_games=1) for seed in range(20)}
    assert picks == {19}
    assert choose_book_move(fake, 0x1, 0x2, 0.0, random.Random(0), min_games=1) == 26  # only it is within 0
    weighted = [choose_book_move(fake, 0x1, 0x2, 9.0, random.Random(seed)) for seed in range(200)]
    assert 150 < weighted.count(19) < 200  # 50 games against 1


def test_encode_and_decode_round_trip() -> None:
    info = BookInfo(24, 20, 5, 2, 3, 0x1234)
    rows = [(0x1, 0x2, [(3, 7, -15, 22), (9, 0, NO_SCORE, 30)]), (0x08, 0x40, [(5, 131_212, 0, -4)])]
    book = decode_book(encode_book(info, rows))
    assert book.info == info and len(book) == 2
    p, o, symmetries = canonical(0x1, 0x2)
    assert (p, o, symmetries) == (0x1, 0x2, [0])  # already canonical and not symmetric
    moves = book.lookup(0x1, 0x2)
    assert {sq: (e.games, e.score, e.value) for sq, e in moves.items()} == {3: (7, -1.5, 2.2), 9: (0, None, 3.0)}


@pytest.fixture(scope="module")
def shipped() -> bytes:
    return BOOK_PATH.read_bytes()


def test_the_shipped_book_is_compact_and_valid(shipped: bytes) -> None:
    assert len(shipped) <= 300 * 1024
    book = decode_book(shipped)
    assert book.info.positions == len(book) > 1000 and 20 <= book.info.plies <= 24


def test_the_book_loads_in_small_steps_to_the_same_book(shipped: bytes) -> None:
    from game.ai.book import DECODE_STEP, decoding_book

    steps = decoding_book(shipped)
    count = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            stepped = done.value
            break
        count += 1
    # the checksum and the inflating in pieces of DECODE_STEP: no step handles the whole file
    assert count >= len(shipped) // DECODE_STEP + (17 * stepped.info.positions + 9 * stepped.info.moves) // DECODE_STEP
    whole = decode_book(shipped)
    assert stepped.info == whole.info and len(stepped) == len(whole)
    for player, opponent in ((0x0000000810000000, 0x0000001008000000),):
        assert stepped.lookup(player, opponent) == whole.lookup(player, opponent) != {}


@pytest.mark.parametrize(
    "damage,message",
    [
        (lambda d: d[:10], "truncated (no header)"),
        (lambda d: d[:-100], "truncated or corrupt"),
        (lambda d: d[:40] + bytes([d[40] ^ 0xFF]) + d[41:], "truncated or corrupt"),
        (lambda d: b"XXXX" + d[4:], "not an opening book file"),
        (lambda d: d[:4] + b"\x09\x00" + d[6:], "version 9 is not supported"),
        (lambda d: b"", "truncated"),
    ],
)
def test_a_damaged_book_is_refused_with_its_message(shipped: bytes, damage, message: str) -> None:
    with pytest.raises(BookError, match=re.escape(message)):
        decode_book(damage(shipped))


def test_a_missing_book_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(BookError, match="cannot read opening book"):
        load_book(tmp_path / "none.bin")
    bad = tmp_path / "bad.bin"
    bad.write_bytes(b"OTBK" + bytes(40))
    with pytest.raises(BookError):
        load_book(bad)


# -- the builder's negamax ----------------------------------------------------------------


def _make_book_module():
    spec = importlib.util.spec_from_file_location("make_book", Path(__file__).parent.parent / "tools" / "make_book.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_popular_line_that_search_refutes_is_valued_as_bad() -> None:
    make_book = _make_book_module()
    # positions only need their disc counts right here: root (2 discs) -> a (3, in the book) -> leaves (4)
    root, a, b = (0b1, 0b10), (0b100, 0b11), (0b1000, 0b11)
    x, y, z = (0b111, 0b1000), (0b111, 0b10000), (0b1011, 0b100)
    moves_of = {root: {10: a, 11: b}, a: {20: x, 21: y}}
    leaves = {x: -300, y: 200, b: 100}  # for the side to move there, in DISC units
    values = make_book.back_up(moves_of, leaves)
    assert values[a] == {20: 300, 21: -200}
    assert values[root] == {10: -300, 11: -100}  # a's mover has a refutation
    nodes = {root: {10: [5000, 5000 * 8]}, a: {20: [3000, 0], 21: [2000, 0]}}  # humans played 10 and scored +8
    rows = {(p, o): entries for p, o, entries in make_book.book_entries(nodes, values)}
    assert rows[root] == [(10, 5000, 80, -30), (11, 0, NO_SCORE, -10)]  # the unplayed 11 is better
    assert rows[a] == [(20, 3000, 0, 30), (21, 2000, 0, -20)]
    shallow = {b: 50, z: -50}
    moves_of[root][12] = z
    assert make_book.leaves_to_search(nodes, moves_of, shallow, 1) == {x, y, z}


def test_a_cut_short_leaf_cache_line_is_skipped(tmp_path: Path) -> None:
    make_book = _make_book_module()
    cache = tmp_path / "leaves.txt"
    cache.write_text("a b 5 120 .\nc d 4 -7 .\ne f 5 12")
    assert make_book.read_leaf_cache(cache, 5) == {(0xA, 0xB): 120}


# -- the command line -----------------------------------------------------------------------


def test_book_json_lists_the_moves_with_games_score_value_and_the_name() -> None:
    done = cli("book", "f5d6c3d3c4", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert set(data) == {"moves", "name"} and data["name"] == "Tiger"
    assert "f4" in data["moves"] and set(data["moves"]["f4"]) == {"games", "score", "value"}
    position = GameRecord.from_transcript("f5d6c3d3c4").position
    found = default_book().lookup(position.player, position.opponent)
    f4 = found[square_of("f4")]
    assert data["moves"]["f4"] == {"games": f4.games, "score": f4.score, "value": f4.value}
    values = [move["value"] for move in data["moves"].values()]
    assert values == sorted(values, reverse=True)


def test_book_json_from_a_position_text_and_out_of_the_book() -> None:
    start = "---------------------------OX------XO--------------------------- X"
    data = json.loads(cli("book", start, "--json").stdout)
    assert sorted(data["moves"]) == ["c4", "d3", "e6", "f5"] and data["name"] is None
    late = GameRecord.from_transcript("f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1a5a4a3f3g4").position.to_text()
    done = cli("book", late, "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["moves"] == {}


@pytest.mark.parametrize("bad", ["f5f5", "z9", "XXXX X", "-" * 64 + " Q"])
def test_book_bad_input_is_one_line_and_status_2(bad: str) -> None:
    done = cli("book", bad, "--json")
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1
