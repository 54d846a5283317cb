"""Multi-ProbCut: its parameters file, that it cuts in the midgame, and that it never touches an exact score."""

from __future__ import annotations

import json

import pytest

from game.ai.endgame import run_to_end, solve
from game.ai.evaluation import HeuristicEvaluation
from game.ai.mpc import MpcError, default_probes, parse
from game.ai.search import INF, MidgameSearch
from game.engine import GameRecord
from tests.test_ai import random_position


def aggressive() -> str:
    """Parameters that cut whenever a probe leans either way (sigma 0), at every depth and phase."""
    fits = [{"depth": d, "empties_min": 0, "empties_max": 64, "a": 1.0, "b": 0.0, "sigma": 0.0} for d in range(3, 9)]
    return json.dumps({"version": 1, "fits": fits})


def test_the_shipped_parameters_load_and_cover_the_midgame() -> None:
    probes = default_probes()
    assert probes[6][40] is not None and probes[6][40].depth < 6
    assert probes[12][30] is not None  # deeper than fitted: the deepest fit is used


@pytest.mark.parametrize("text", ["", "{}", '{"version": 9, "fits": []}', '{"version": 1, "fits": []}',
                                  '{"version": 1, "fits": [{"depth": 4}]}',
                                  '{"version": 1, "fits": [{"depth": 4, "empties_min": 0, "empties_max": 64,'
                                  ' "a": -1, "b": 0, "sigma": 1}]}'])
def test_damaged_parameters_are_refused_with_a_message(text: str) -> None:
    with pytest.raises(MpcError, match="Multi-ProbCut parameters"):
        parse(text)


def test_multi_probcut_cuts_midgame_nodes() -> None:
    position = GameRecord.from_transcript("f5d6c3d3c4f4f6f3e6e7").position
    plain = MidgameSearch(HeuristicEvaluation())
    cut = MidgameSearch(HeuristicEvaluation(), probes=parse(aggressive()))
    for search in (plain, cut):
        run_to_end(search.root(position.player, position.opponent, 6, -INF, INF))
    assert cut.nodes < plain.nodes


@pytest.mark.parametrize("seed,empties", [(51, 9), (52, 10), (53, 11), (54, 12)])
def test_multi_probcut_never_changes_an_exact_score(seed: int, empties: int) -> None:
    # a search as deep as the empties is exact: however aggressive the parameters, its score is the solver's
    position = random_position(seed, empties)
    exact = solve(position.player, position.opponent, all_best=False).score
    search = MidgameSearch(HeuristicEvaluation(), probes=parse(aggressive()))
    for alpha, beta in ((-INF, INF), (exact * 100 - 100, exact * 100 + 100)):
        score, _, _ = run_to_end(search.root(position.player, position.opponent, empties, alpha, beta))
        assert score == exact * 100
