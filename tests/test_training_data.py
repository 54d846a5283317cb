"""The evaluation's training data (issue 36): searched self-play games, their chunks, and the labels.

The tools are offline (numpy is a development dependency), but what they
write is what the shipped weights learn from, so each label is checked
against the project's solver or search computed independently here.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from game.ai import Job
from game.ai.evaluation import DISC
from game.ai.exact import solve
from game.ai.factory import build_search
from game.ai.patterns import load
from game.ai.table import INF
from game.engine import final_score
from game.engine.bitboard import FLIPPERS, legal_moves
from tools import eval_error, selfplay_data, train_wthor, wthor_exact
from tools.evaluation_bench import alphabeta


@pytest.fixture(scope="module")
def searched_game() -> list[selfplay_data.SearchedRecord]:
    search = build_search(load())
    return selfplay_data.play_searched_game(random.Random(7), search, exact_max=8, label_depth=2)


def test_a_searched_game_is_a_legal_game(searched_game: list[selfplay_data.SearchedRecord]) -> None:
    # each position follows the one before by one legal move of its side to move, or by a pass
    for (p, o, *_), (q, r, *_) in zip(searched_game, searched_game[1:], strict=False):
        successors = set()
        moves = legal_moves(p, o)
        while moves:
            bit = moves & -moves
            moves ^= bit
            f = FLIPPERS[bit.bit_length() - 1](p, o)
            successors.add((o ^ f, p | f | bit))
            # the next record may be after the opponent's pass: the same side to move again
            successors.add((p | f | bit, o ^ f))
        assert (q, r) in successors
    *_, terminal = searched_game[-1]
    assert terminal and sum(record[5] for record in searched_game) == 1


def test_exact_labels_are_the_solvers_and_the_others_the_searchs(
    searched_game: list[selfplay_data.SearchedRecord],
) -> None:
    fresh = build_search(load())
    exact = searched = 0
    for p, o, empties, label, is_searched, terminal in searched_game:
        assert empties == 64 - (p | o).bit_count()
        if terminal:
            assert label == final_score(p, o)
        elif empties <= 8:
            assert not is_searched and label == solve(p, o, all_best=False).score
            exact += 1
        else:
            value, _, _ = Job(fresh.root(p, o, 2, -INF, INF)).run()
            assert is_searched and label == max(-64, min(64, round(value / DISC)))
            searched += 1
    assert exact >= 8 and searched >= 40


def test_chunks_round_trip_and_older_chunks_have_no_search_labels(
    tmp_path: Path, searched_game: list[selfplay_data.SearchedRecord]
) -> None:
    selfplay_data.save_chunk(tmp_path / "chunk-1-00000.npz", [searched_game, searched_game[:5]], 0)
    older = searched_game[:3]
    np.savez_compressed(  # a chunk from before search labels and final positions were recorded
        tmp_path / "chunk-1-00001.npz",
        player=np.array([r[0] for r in older], dtype=np.uint64),
        opponent=np.array([r[1] for r in older], dtype=np.uint64),
        empties=np.array([r[2] for r in older], dtype=np.int8),
        label=np.array([r[3] for r in older], dtype=np.int8),
        game=np.zeros(len(older), dtype=np.int32),
    )
    assert not list(tmp_path.glob("*.part"))
    data = selfplay_data.load_dir(tmp_path)
    n = len(searched_game)
    assert len(data["player"]) == n + 5 + 3
    assert [int(x) for x in data["player"][:n]] == [r[0] for r in searched_game]
    assert [int(x) for x in data["label"][:n]] == [r[3] for r in searched_game]
    assert [bool(x) for x in data["searched"][:n]] == [r[4] for r in searched_game]
    assert not data["searched"][n + 5 :].any() and not data["terminal"][n + 5 :].any()
    assert len(set(data["game"].tolist())) == 3  # game ids unique across chunks


def test_training_takes_search_labels_as_labels_but_not_as_exact(
    tmp_path: Path, searched_game: list[selfplay_data.SearchedRecord]
) -> None:
    selfplay_data.save_chunk(tmp_path / "chunk-1-00000.npz", [searched_game], 0)
    player, _, label, exact = train_wthor.selfplay_positions(tmp_path)
    inner = [r for r in searched_game if not r[5]]
    assert [int(x) for x in player] == [r[0] for r in inner]
    assert label.tolist() == [r[3] for r in inner]
    assert exact.tolist() == [not r[4] for r in inner]


def test_labels_come_from_the_cache_with_the_most_empties(monkeypatch: pytest.MonkeyPatch) -> None:
    # two games of five positions, black to move at even plies; the players' margins +10 and -4 for black
    data = {
        "game": np.repeat(np.arange(2), 5),
        "black": np.tile(np.array([True, False, True, False, True]), 2),
        "margin": np.array([10, -4]),
        "year": np.array([2000, 2001]),
    }
    caches = {12: {0: (2, [6, -6, 6]), 1: (3, [2, -2])}, 14: {0: (1, [-8, 8, -8, 8])}}
    monkeypatch.setattr(wthor_exact, "load", lambda empties: caches.get(empties, {}))
    label, exact = train_wthor.labels(data, [12, 14])
    # game 0 from the 14-empty cache: exact from ply 1, ply 0 takes ply 1's score from its side
    assert label[:5].tolist() == [8, -8, 8, -8, 8]
    assert exact[:5].tolist() == [False, True, True, True, True]
    # game 1 only in the 12-empty cache
    assert label[5:].tolist() == [-2, 2, -2, 2, -2]
    assert exact[5:].tolist() == [False, False, False, True, True]
    # without caches: the players' result, from the side to move
    label, exact = train_wthor.labels(data, [])
    assert label.tolist() == [10, -10, 10, -10, 10, -4, 4, -4, 4, -4] and not exact.any()


def test_the_yardstick_is_exact_where_the_search_reaches_the_end() -> None:
    positions = eval_error.held_out_positions([4], limit=30)
    assert len(positions) >= 25 and all(s.empties == 4 for s in positions)
    # a 4-ply search from 4 empties plays the game out: the cached exact scores must agree with it
    assert eval_error.errors(train_wthor.WEIGHTS_PATH, positions, depth=4) == [0.0] * len(positions)
    assert max(eval_error.errors(train_wthor.WEIGHTS_PATH, positions, depth=0)) > 0
    evaluate = load().evaluate
    for s in positions:
        value = alphabeta(evaluate, s.player, s.opponent, 4, -(10**9), 10**9)
        assert value == DISC * s.score


def test_the_measured_extras_count_what_they_say() -> None:
    positions = [(p, o) for p, o, *_ in selfplay_data.play_game(random.Random(3), 0)]
    player = np.array([p for p, _ in positions], dtype=np.uint64)
    opponent = np.array([o for _, o in positions], dtype=np.uint64)

    def empty_next_to(p: int, o: int) -> int:  # the empty squares with one of o's discs among their 8 neighbours
        count = 0
        for sq in range(64):
            if (p | o) >> sq & 1:
                continue
            row, col = divmod(sq, 8)
            count += any(0 <= row + dr < 8 and 0 <= col + dc < 8 and o >> ((row + dr) * 8 + col + dc) & 1
                         for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)
        return count

    assert train_wthor.mobility(player, opponent).tolist() == [legal_moves(p, o).bit_count() for p, o in positions]
    assert train_wthor.potential_mobility(player, opponent).tolist() == [empty_next_to(p, o) for p, o in positions]


def test_a_measured_model_leaves_out_what_it_drops_and_adds_its_extras() -> None:
    positions = [(p, o) for p, o, *_ in selfplay_data.play_game(random.Random(5), 0)]
    player = np.array([p for p, _ in positions], dtype=np.uint64)
    opponent = np.array([o for _, o in positions], dtype=np.uint64)
    n_phases, phase_of = train_wthor.phase_table(20)
    full = train_wthor.Features(n_phases, phase_of).columns(player, opponent)
    assert full.shape == (len(positions), 46 + 1)  # 46 pattern instances and the bias of the empties count
    measured = train_wthor.Features(n_phases, phase_of, extras=("mobility",), dropped=("diag4", "corner3"))
    columns = measured.columns(player, opponent)
    assert columns.shape == (len(positions), 46 - 4 - 4 + 1 + 1)
    # the dropped patterns' columns never appear; the extra's column is its phase's slot for the count
    assert (columns[:, :-2] == full[:, [j for j in range(46) if not 4 <= j < 8 and j < 42]]).all()
    mobility = [legal_moves(p, o).bit_count() for p, o in positions]
    expected = [measured.extra_column + phase_of[64 - (p | o).bit_count()] * train_wthor.EXTRA_VALUES + m
                for (p, o), m in zip(positions, mobility, strict=True)]
    assert columns[:, -1].tolist() == expected


@pytest.mark.parametrize("option", [["--selfplay-weight", "0"], ["--exact-weight", "-1"], ["--lam", "-2"],
                                    ["--iters", "0"], ["--phases", "61"], ["--step", "0"]])
def test_a_fit_with_a_meaningless_setting_is_refused_before_any_work(
    option: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "weights.bin"
    with pytest.raises(SystemExit) as stopped:
        train_wthor.main(["fit", "--out", str(out), *option])
    assert stopped.value.code == 2 and option[0] in capsys.readouterr().err and not out.exists()
