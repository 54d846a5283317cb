"""The ladder's command line (``bench/ladder.py``): a level's variants and the games' cache keys."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from game.ai import LEVELS
from game.ai.evaluation_choice import Evaluator, WeightsFile

REPO = Path(__file__).resolve().parent.parent


def _ladder():  # noqa: ANN202 - a module loaded from its file (bench/ is scripts, not a package)
    spec = importlib.util.spec_from_file_location("ladder_under_test", REPO / "bench" / "ladder.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


ladder = _ladder()


def test_a_variant_names_its_evaluation_as_the_command_line_does() -> None:
    level = ladder.level_named("master:evaluation=pattern:bench/weights/patterns-v1.bin", 1.0)
    assert level.evaluation == WeightsFile("bench/weights/patterns-v1.bin")
    assert ladder.level_named("club:evaluation=heuristic", 1.0).evaluation is Evaluator.HEURISTIC
    with pytest.raises(ValueError, match="unknown evaluation"):
        ladder.level_named("club:evaluation=neural", 1.0)


def test_every_pairing_has_a_cache_key_and_the_evaluation_tells_games_apart() -> None:
    master, first_master = ladder.level_named("master", 1.0), ladder.level_named("M1", 1.0)
    key = json.loads(ladder.game_key(first_master, master, "f5d6", 1, 0))
    assert key[0]["evaluation"] == f"pattern:{ladder.FIRST_WEIGHTS}" and key[1]["evaluation"] == "pattern"
    variant = ladder.level_named("master:evaluation=pattern:bench/weights/patterns-v1.bin", 1.0)
    assert ladder.game_key(variant, master, "f5d6", 1, 0) != ladder.game_key(master, master, "f5d6", 1, 0)
    for level in LEVELS:
        json.loads(ladder.game_key(level, ladder.level_named("B", 1.0), "f5d6", 0, 3))
