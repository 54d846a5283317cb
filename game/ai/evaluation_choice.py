"""Which evaluation a search uses, as a typed value, and its name on a command line.

``Evaluator.HEURISTIC`` is the hand-written evaluation of the lower levels,
``Evaluator.PATTERN`` the trained pattern evaluation with the shipped weights;
``WeightsFile(path)`` is the pattern evaluation with other weights
(benchmarks and experiments only). Building the evaluation a choice names is
``game.ai.evaluations``'; this module is apart from it so that the levels'
table (which the menu reads) does not load the evaluations.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


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
