"""``tools.train_wthor fit --add``: experimental shapes measured in training only, never written as weights.

Small and fast: no fit runs here. The shapes' instances must be the squares
they say, and their readings must be shared across symmetries so the fitted
model scores a position and its mirror images alike.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from game.ai.pattern_geometry import PATTERNS, Pattern, canonical_indices, instances
from game.engine.notation import square_name
from game.engine.symmetry import images
from tools import selfplay_data, train_wthor
from tools.extra_patterns import BY_NAME, EXTRA_PATTERNS


def names(squares: tuple[int, ...]) -> set[str]:
    return {square_name(sq) for sq in squares}


def test_the_triangle_sits_in_each_corner() -> None:
    found = [names(squares) for squares in instances(BY_NAME["triangle"])]
    assert found == [
        {"a1", "b1", "c1", "d1", "a2", "b2", "c2", "a3", "b3", "a4"},
        {"h1", "g1", "f1", "e1", "h2", "g2", "f2", "h3", "g3", "h4"},
        {"a8", "b8", "c8", "d8", "a7", "b7", "c7", "a6", "b6", "a5"},
        {"h8", "g8", "f8", "e8", "h7", "g7", "f7", "h6", "g6", "h5"},
    ]


def test_the_edge_shapes_sit_on_each_edge_and_the_cross_on_each_diagonal() -> None:
    assert [names(s) for s in instances(BY_NAME["edge_block"])] == [
        {"a1", "c1", "d1", "e1", "f1", "h1", "c2", "d2", "e2", "f2"},
        {"a8", "c8", "d8", "e8", "f8", "h8", "c7", "d7", "e7", "f7"},
        {"a1", "a3", "a4", "a5", "a6", "a8", "b3", "b4", "b5", "b6"},
        {"h1", "h3", "h4", "h5", "h6", "h8", "g3", "g4", "g5", "g6"},
    ]
    assert names(instances(BY_NAME["edge_2y"])[3]) == {"h1", "h2", "h3", "h4", "h5", "h6", "h7", "h8", "g3", "g6"}
    assert [names(s) for s in instances(BY_NAME["cross"])][3] == {
        "h8", "g7", "f6", "e5", "g8", "f7", "e6", "h7", "g6", "f5"
    }


@pytest.mark.parametrize("pattern", EXTRA_PATTERNS, ids=lambda p: p.name)
def test_a_shape_covers_its_eight_images_and_shares_weights_where_it_is_symmetric(pattern: Pattern) -> None:
    assert len(pattern.squares) == len(set(pattern.squares)) == 10
    assert pattern.name not in {p.name for p in PATTERNS}
    found = instances(pattern)
    # every symmetric image of the shape is one instance's squares; 8 images, each square set counted once
    assert len(found) * (8 // len(found)) == 8 and len({frozenset(s) for s in found}) == len(found)
    classes = len(set(canonical_indices(pattern)))
    if len(found) == 4:  # a symmetry maps the shape onto itself: a reading and its mirror share a class
        assert pattern.size // 2 < classes < pattern.size
    else:
        assert classes == pattern.size


def test_a_fit_with_added_shapes_scores_symmetric_positions_alike() -> None:
    positions = [(p, o) for p, o, *_ in selfplay_data.play_game(random.Random(11), 0)][::4]
    n_phases, phase_of = train_wthor.phase_table(20)
    features = train_wthor.Features(n_phases, phase_of, added=("triangle", "cross"))
    assert features.patterns[-2:] == (BY_NAME["triangle"], BY_NAME["cross"])
    base = train_wthor.Features(n_phases, phase_of)
    assert features.per_phase == base.per_phase + 29_889 + 30_618  # (3^10 + 3^6) / 2 and (3^10 + 3^7) / 2
    for p, o in positions:
        columns = [
            sorted(features.columns(np.array([pi], np.uint64), np.array([oi], np.uint64))[0].tolist())
            for pi, oi in zip(images(p), images(o), strict=True)
        ]
        assert all(c == columns[0] for c in columns)  # the same weights, so the same score, in all 8 images
        # the game's patterns keep their columns; the added ones come after, 4 instances each
        plain = base.columns(np.array([p], np.uint64), np.array([o], np.uint64))[0]
        row = features.columns(np.array([p], np.uint64), np.array([o], np.uint64))[0]
        phase = phase_of[64 - (p | o).bit_count()]
        assert (row[:46] - phase * features.per_phase == plain[:46] - phase * base.per_phase).all()
        added = row[46:54] - phase * features.per_phase
        assert (added >= base.per_phase).all() and (added < features.per_phase).all()


@pytest.mark.parametrize(
    ("option", "complaint"),
    [
        (["--add", "triangle", "--out", "game/ai/weights/patterns.bin"], "--out"),
        (["--add", "triangle", "--out", "build/triangle.bin"], "--out"),
        (["--add", "cross", "cross"], "twice"),
        (["--add", "line3"], "invalid choice"),  # a pattern of the game's is no experimental shape
        (["--add", "nonsense"], "invalid choice"),
    ],
)
def test_an_added_shape_is_refused_a_weights_file_and_must_be_named_once(
    option: list[str], complaint: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.setattr(train_wthor, "fit", lambda args: pytest.fail("the fit ran"))
    shipped = train_wthor.WEIGHTS_PATH.read_bytes()
    with pytest.raises(SystemExit) as stopped:
        train_wthor.main(["fit", *option])
    assert stopped.value.code == 2 and complaint in capsys.readouterr().err
    assert train_wthor.WEIGHTS_PATH.read_bytes() == shipped and not Path("build/triangle.bin").exists()


def test_added_shapes_without_out_go_on_to_the_fit(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = []
    monkeypatch.setattr(train_wthor, "fit", seen.append)
    assert train_wthor.main(["fit", "--add", "triangle", "edge_block", "--subsample", "2"]) == 0
    assert seen[0].add == ["triangle", "edge_block"] and seen[0].out is None
