"""Multi-ProbCut: its parameters file, that it cuts in the midgame, and that it never touches an exact score."""

from __future__ import annotations

import json
from collections.abc import Generator

import pytest

from game.ai import Job
from game.ai.endgame import ProbeSearch, SolveMode, Solver
from game.ai.evaluation import HeuristicEvaluation
from game.ai.exact import solve
from game.ai.factory import build_search
from game.ai.mpc import (
    PARAMETERS_PATH,
    WLD_MIN_EMPTIES,
    EndgameProbes,
    MpcError,
    default_endgame_probes,
    default_probes,
    endgame_probe_depth,
    parse,
    parse_endgame,
)
from game.ai.patterns import WEIGHTS_PATH
from game.ai.search import INF, MidgameSearch
from game.ai.table import EXACT_DEPTH
from game.engine import GameRecord
from tests.test_ai import random_position


def aggressive() -> str:
    """Parameters that cut whenever a probe leans either way (sigma 0), at every depth and phase."""
    fits = [{"depth": d, "empties_min": 0, "empties_max": 64, "a": 1.0, "b": 0.0, "sigma": 0.0} for d in range(3, 9)]
    return json.dumps({"version": 1, "fits": fits})


def test_the_shipped_parameters_were_fitted_with_the_shipped_weights() -> None:
    """A new weights file needs ``tools/fit_mpc.py`` run again: issue 36's weights with the old fit played
    +19 Elo, with their own +137. The fit records the size of the weights it searched with."""
    fitted = json.loads(PARAMETERS_PATH.read_text(encoding="utf-8"))
    assert fitted["weights"] == WEIGHTS_PATH.name and fitted["weights_bytes"] == WEIGHTS_PATH.stat().st_size


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
    plain = build_search(HeuristicEvaluation())
    cut = build_search(HeuristicEvaluation(), probes=parse(aggressive()))
    for search in (plain, cut):
        Job(search.root(position.player, position.opponent, 6, -INF, INF)).run()
    assert cut.nodes < plain.nodes


@pytest.mark.parametrize("seed,empties", [(51, 9), (52, 10), (53, 11), (54, 12)])
def test_multi_probcut_never_changes_an_exact_score(seed: int, empties: int) -> None:
    # a search as deep as the empties is exact: however aggressive the parameters, its score is the solver's
    position = random_position(seed, empties)
    exact = solve(position.player, position.opponent, all_best=False).score
    search = build_search(HeuristicEvaluation(), probes=parse(aggressive()))
    for alpha, beta in ((-INF, INF), (exact * 100 - 100, exact * 100 + 100)):
        score, _, _ = Job(search.root(position.player, position.opponent, empties, alpha, beta)).run()
        assert score == exact * 100


def aggressive_endgame() -> EndgameProbes:
    """Win/loss/draw probes that cut whenever a depth-2 probe leans either way (sigma 0), at every node."""
    fits = [{"probe": endgame_probe_depth(lo), "empties_min": lo, "empties_max": hi, "a": 0.01, "b": 0.0,
             "sigma": 0.0} for lo, hi in ((12, 15), (16, 64))]
    return parse_endgame(json.dumps({"version": 1, "fits": [], "endgame_fits": fits}))


def test_the_shipped_parameters_cover_the_win_loss_draw_stage() -> None:
    probes = default_endgame_probes()
    assert all(probes[e] is None for e in range(WLD_MIN_EMPTIES))
    assert all(probes[e] is not None for e in range(WLD_MIN_EMPTIES, 30))  # more empties than fitted too
    assert probes[14].depth == 2 and probes[18].depth == 4  # type: ignore[union-attr]


@pytest.mark.parametrize("fits", ['[{"probe": 2}]', '[{"probe": 2, "empties_min": 12, "empties_max": 17, "a": 0.01,'
                                  ' "b": 0, "sigma": 2}]', '[{"probe": 2, "empties_min": 4, "empties_max": 5,'
                                  ' "a": 0.01, "b": 0, "sigma": 2}]', '"no"'])
def test_damaged_endgame_parameters_are_refused_with_a_message(fits: str) -> None:
    with pytest.raises(MpcError, match="Multi-ProbCut endgame parameters"):
        parse_endgame('{"version": 1, "fits": [], "endgame_fits": ' + fits + "}")
    assert parse_endgame('{"version": 1, "fits": []}') == [None] * 65  # a file without them: no probes


def selective_solver() -> tuple[Solver, MidgameSearch]:
    search = build_search(HeuristicEvaluation(), endgame_probes=aggressive_endgame())
    return search.solver, search


def test_a_selective_win_loss_draw_search_probes_and_cuts() -> None:
    position = random_position(61, 16)
    p, o = position.player, position.opponent
    exact_solver = Solver()
    Job(exact_solver.root(p, o, SolveMode.BEST, -1, 1)).run()
    solver, _ = selective_solver()
    Job(solver.root(p, o, SolveMode.BEST, -1, 1, selective=True)).run()
    assert solver.nodes < exact_solver.nodes


@pytest.mark.parametrize("seed", [61, 62, 63])
def test_a_selective_search_leaves_no_trace_in_a_later_exact_solve(seed: int) -> None:
    # the aggressive probes give wrong bounds often; the exact solve after them, on the same tables, must not
    # use any of them
    position = random_position(seed, 15)
    p, o = position.player, position.opponent
    truth = solve(p, o, all_best=False).score
    solver, _ = selective_solver()
    Job(solver.root(p, o, SolveMode.BEST, -1, 1, selective=True)).run()
    assert solver.table_depth == EXACT_DEPTH
    score, _, values = Job(solver.root(p, o, SolveMode.ALL_VALUES)).run()
    assert score == truth
    assert values == Job(Solver().root(p, o, SolveMode.ALL_VALUES)).run()[2]


def test_a_solve_without_selective_never_probes() -> None:
    position = random_position(64, 14)
    calls: dict[bool, int] = {}
    for selective in (False, True):
        solver, search = selective_solver()
        real_pvs = search.pvs
        calls[selective] = 0

        def counting(*args: int, selective: bool = selective, real_pvs: ProbeSearch = real_pvs
                     ) -> Generator[None, None, int]:
            calls[selective] += 1
            return (yield from real_pvs(*args))

        solver.probe_search = counting
        Job(solver.root(position.player, position.opponent, SolveMode.BEST, -1, 1, selective=selective)).run()
    assert calls[False] == 0
    assert calls[True] > 0


def test_the_warm_up_parses_the_multi_probcut_tables_before_the_first_move() -> None:
    from game.ai import warm_up
    from game.ai.mpc import default_endgame_probes, default_probes

    default_probes.cache_clear()
    default_endgame_probes.cache_clear()
    for _ in warm_up():
        pass
    assert default_probes.cache_info().currsize == 1
    assert default_endgame_probes.cache_info().currsize == 1
