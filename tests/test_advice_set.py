"""The committed advice set (``bench/data/advice_set.json``, ``tools/advice_set.py``): its values are the
solver's, its positions are what the set promises, and a damaged file is refused with a clear message."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.ai import SolveMode, solve_position
from tools.advice_set import (
    ENDGAME_EMPTIES,
    HELD_OUT_YEAR,
    MIDGAME_EMPTIES,
    SET_PATH,
    AdviceSet,
    AdviceSetError,
    load_set,
    save_set,
)


@pytest.fixture(scope="module")
def committed() -> AdviceSet:
    return load_set()


def test_the_set_holds_what_it_promises(committed: AdviceSet) -> None:
    counts = Counter(e.empties for e in committed.endgame)
    assert sorted(counts) == list(ENDGAME_EMPTIES)
    assert all(5 <= n <= 6 for n in counts.values())
    assert len(committed.midgame) == 100
    assert all(e.empties in MIDGAME_EMPTIES for e in committed.midgame)
    everything = committed.endgame + committed.midgame
    assert all(e.year < HELD_OUT_YEAR for e in everything)
    assert len({e.game for e in everything}) == len(everything)  # one position a game
    assert all(e.values is not None for e in committed.endgame)


def test_values_are_the_solvers_at_few_empties(committed: AdviceSet) -> None:
    checked = 0
    for entry in committed.endgame:
        if entry.empties > 15 or entry.values is None or checked >= 3 or entry.seconds is None:
            continue
        if entry.seconds > 1.5:  # keep the test short: the quick ones
            continue
        score, best, values = solve_position(entry.position, SolveMode.ALL_VALUES).run()
        assert values == entry.values
        assert score == entry.best_value and best == entry.best
        checked += 1
    assert checked == 3


Change = Callable[[dict[str, Any]], object]


def _damaged(tmp_path: Path, change: Change) -> Path:
    raw = json.loads(SET_PATH.read_text(encoding="utf-8"))
    change(raw)
    path = tmp_path / "set.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


def _first_values(raw: dict[str, Any]) -> dict[str, int]:
    values: dict[str, int] = next(e for e in raw["endgame"] if "values" in e)["values"]
    return values


@pytest.mark.parametrize(("change", "message"), [
    (lambda raw: raw.update(format="something else"), "not an advice set"),
    (lambda raw: raw.pop("midgame"), "'midgame' must be a list"),
    (lambda raw: raw["endgame"][0].update(position="X" * 63 + " X"), "endgame entry 1: position has 63 squares"),
    (lambda raw: raw["endgame"][0].update(empties=30), "endgame entry 1: says 30 empties"),
    (lambda raw: raw["endgame"][0].update(year=2023), "held-out year"),
    (lambda raw: raw["endgame"][0].pop("ply"), "endgame entry 1: missing 'ply'"),
    (lambda raw: _first_values(raw).update(a1=3), "but the legal moves are"),
    (lambda raw: _first_values(raw).update({next(iter(_first_values(raw))): 99}), "not a disc difference"),
    (lambda raw: raw["midgame"][1].update(game=raw["midgame"][0]["game"]), "gives two positions"),
])
def test_a_damaged_file_is_refused_clearly(tmp_path: Path, change: Change, message: str) -> None:
    with pytest.raises(AdviceSetError, match=message):
        load_set(_damaged(tmp_path, change))


def test_a_file_that_is_not_json_or_missing_is_refused(tmp_path: Path) -> None:
    broken = tmp_path / "set.json"
    broken.write_text('{"format": ', encoding="utf-8")
    with pytest.raises(AdviceSetError, match="not a JSON file"):
        load_set(broken)
    with pytest.raises(AdviceSetError, match="no such file.*tools.advice_set build"):
        load_set(tmp_path / "absent.json")


def test_saving_and_loading_give_the_same_set(tmp_path: Path, committed: AdviceSet) -> None:
    path = tmp_path / "again.json"
    save_set(committed, path)
    again = load_set(path)
    assert [e.as_json() for e in again.endgame] == [e.as_json() for e in committed.endgame]
    assert [e.as_json() for e in again.midgame] == [e.as_json() for e in committed.midgame]
