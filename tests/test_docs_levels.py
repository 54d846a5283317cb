"""The docs' levels are the table's (issue 49, item 2): the count where the docs state it, and the strength table.

``docs/strength.md`` copies ``game.ai.LEVELS`` into a table by hand and says
how many levels there are, the one document that does (the others say "the
levels", checked here too): a 21st level (or a changed depth or rating) fails
here, naming the line to change, instead of leaving the docs behind.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.ai import LEVELS
from game.ai.evaluation_choice import Evaluator

REPO = Path(__file__).resolve().parent.parent
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
                "twenty-one", "twenty-two", "twenty-three", "twenty-four")

TODAYS_COUNT = [
    ("docs/strength.md", r"\(`LEVELS`\), (\S+) since"),
]
"""Where the docs state how many levels there are today: (file, the phrase, its number word captured). One
place, beside the table: the other documents say "the levels", so a 21st level changes none of them."""
COUNT_FREE = ("README.md", "docs/ai.md", "docs/rating.md", "docs/game.md", "docs/architecture.md")
"""Documents that name no count of today's levels (nor the last index, nor a row count the picker derives)."""


@pytest.mark.parametrize(("name", "phrase"), TODAYS_COUNT)
def test_the_docs_say_how_many_levels_there_are(name: str, phrase: str) -> None:
    text = (REPO / name).read_text(encoding="utf-8")
    found = re.search(phrase, text, re.MULTILINE | re.IGNORECASE)
    assert found is not None, f"{name} no longer says {phrase!r}: update TODAYS_COUNT with its new wording"
    assert found.group(1).lower() == NUMBER_WORDS[len(LEVELS)], f"{name}: {found.group(0)!r}"


@pytest.mark.parametrize("name", COUNT_FREE)
def test_the_other_docs_name_no_count_of_levels(name: str) -> None:
    text = (REPO / name).read_text(encoding="utf-8")
    counts = "|".join(NUMBER_WORDS[14:])  # the ladders of today's size; "the ladder of fourteen" is history
    found = re.search(rf"\b({counts})\s+(named |rated )?levels\b|\bindex(es)? 0-[0-9]+|`LEVELS` of [a-z]+",
                      text, re.IGNORECASE)
    assert found is None, f"{name} states a count of today's levels ({found.group(0)!r}): say 'the levels'"


def strength_rows() -> list[list[str]]:
    """The rows of docs/strength.md's table of the levels, each a list of its cells."""
    text = (REPO / "docs" / "strength.md").read_text(encoding="utf-8")
    table = text.split("| index | level |", 1)[1].split("\n\n", 1)[0]
    return [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in table.splitlines()[2:]]


def test_the_strength_table_is_the_levels_table() -> None:
    rows = strength_rows()
    assert len(rows) == len(LEVELS)
    for row, level in zip(rows, LEVELS, strict=True):
        index, name, evaluation, depth, time, exact, wld, randomness, _book, rating = row
        limits = level.limits
        assert (int(index), name, int(depth), int(rating)) == (level.index, level.name, limits.depth, level.rating)
        assert evaluation == ("hand-written" if level.evaluation is Evaluator.HEURISTIC else "trained patterns"), name
        assert time == ("-" if limits.seconds is None else f"{limits.seconds:g} s"), name
        assert exact == ("never" if not limits.exact_empties else f"{limits.exact_empties} empties"), name
        assert wld == ("never" if not limits.wld_empties else f"{limits.wld_empties} empties"), name
        assert (randomness == "none") == (level.temperature == 0), name
