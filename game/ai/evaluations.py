"""Which evaluation a search uses, as a typed value, and what it takes to build it.

``Evaluator.HEURISTIC`` is the hand-written evaluation of the lower levels,
``Evaluator.PATTERN`` the trained pattern evaluation with the shipped weights;
``WeightsFile(path)`` is the pattern evaluation with other weights
(benchmarks and experiments only). Multi-ProbCut's tables were fitted for the
shipped pattern evaluation, so only it gets them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path

from .evaluation import Evaluation, HeuristicEvaluation
from .mpc import EndgameProbes, MpcError, ProbeTable, default_endgame_probes, default_probes
from .patterns import load as load_weights
from .shipped_evaluation import default_evaluation


class Evaluator(StrEnum):
    """The evaluations the levels use."""

    HEURISTIC = "heuristic"
    PATTERN = "pattern"


@dataclass(frozen=True)
class WeightsFile:
    """The pattern evaluation with the weights stored at ``path`` (benchmarks, experiments)."""

    path: str


EvaluationChoice = Evaluator | WeightsFile
"""What a level or a search names as its evaluation."""


def evaluation_of(choice: EvaluationChoice) -> Evaluation:
    """The evaluation ``choice`` names (the pattern ones loaded once and shared)."""
    if isinstance(choice, WeightsFile):
        return _weights_file_evaluation(choice.path)
    if choice is Evaluator.PATTERN:
        return default_evaluation()
    return HeuristicEvaluation()


def parse_evaluation(text: str) -> EvaluationChoice:
    """A choice from its name on a command line: ``heuristic``, ``pattern`` or ``pattern:PATH``."""
    kind, colon, path = text.partition(":")
    if colon and kind == Evaluator.PATTERN and path:
        return WeightsFile(path)
    try:
        return Evaluator(text)
    except ValueError:
        raise ValueError(f"unknown evaluation {text!r}") from None


def evaluation_text(choice: EvaluationChoice) -> str:
    """``choice`` as a command line names it: the inverse of ``parse_evaluation``.

    >>> evaluation_text(parse_evaluation("pattern:bench/weights/patterns-v1.bin"))
    'pattern:bench/weights/patterns-v1.bin'
    """
    if isinstance(choice, WeightsFile):
        return f"{Evaluator.PATTERN}:{choice.path}"
    return str(choice)


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
