"""The evaluation a choice names (``game.ai.evaluation_choice``), built, and its Multi-ProbCut tables.

Multi-ProbCut's tables were fitted for the shipped pattern evaluation, so
only it gets them.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from .evaluation import Evaluation, HeuristicEvaluation
from .evaluation_choice import EvaluationChoice, Evaluator, WeightsFile
from .mpc import EndgameProbes, MpcError, ProbeTable, default_endgame_probes, default_probes
from .patterns import load as load_weights
from .shipped_evaluation import default_evaluation


def evaluation_of(choice: EvaluationChoice) -> Evaluation:
    """The evaluation ``choice`` names (the pattern ones loaded once and shared)."""
    if isinstance(choice, WeightsFile):
        return _weights_file_evaluation(choice.path)
    if choice is Evaluator.PATTERN:
        return default_evaluation()
    return HeuristicEvaluation()


@cache
def _weights_file_evaluation(path: str) -> Evaluation:
    return load_weights(Path(path))


def probes_for(choice: EvaluationChoice) -> tuple[ProbeTable | None, EndgameProbes | None]:
    """Multi-ProbCut's tables (midgame, win/loss/draw stage) for ``choice``: fitted for the pattern one only.

    Damaged or missing parameters mean a full-width search (weaker, never wrong).
    """
    if choice is not Evaluator.PATTERN:
        return None, None
    try:
        midgame, endgame = default_probes(), default_endgame_probes()
    except MpcError:
        return None, None
    return midgame, endgame if any(endgame) else None
