"""The player's opening-trainer progress: per opening and colour, lines played, finished, finished clean, answers.

Saved as JSON under ``PROGRESS_KEY`` by the player's store (``game.play.store.PlayerStore``), like the
challenge progress; a file that cannot be read is set aside there (with a message) and the trainer starts
afresh, touching no other key.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from game.engine import BLACK, WHITE, Color
from game.i18n import N_, _, ngettext, pgettext

PROGRESS_KEY = "trainer"
WHAT = N_("opening-trainer progress")
"""What the progress is called in a storage message (translated there)."""
MAX_OPENINGS = 1000
"""More entries than this is not a file the game wrote (there are fewer than 100 named openings)."""
MAX_COUNT = 10**9
COLOUR_KEYS: dict[Color, str] = {BLACK: "black", WHITE: "white"}


@dataclass
class OpeningProgress:
    """One opening with one colour."""

    lines: int = 0
    """Lines with at least one answer, finished or left."""
    completed: int = 0
    """Lines played to the book's end (or the ply limit)."""
    clean: int = 0
    """Completed lines without a mistake."""
    answered: int = 0
    good: int = 0

    def summary(self) -> str:
        """``'3 lines, 2 clean · 80% good'``."""
        if not self.lines:
            return _("not tried")
        if not self.answered:
            return ngettext("{n} line, {clean} clean", "{n} lines, {clean} clean", self.lines).format(
                n=self.lines, clean=self.clean)
        share = pgettext("percent", "{n}%").format(n=round(100 * self.good / self.answered))
        return ngettext("{n} line, {clean} clean · {share} good", "{n} lines, {clean} clean · {share} good",
                        self.lines).format(n=self.lines, clean=self.clean, share=share)


@dataclass
class TrainerProgress:
    """Progress by opening name, then by colour."""

    openings: dict[str, dict[Color, OpeningProgress]] = field(default_factory=dict)

    def of(self, name: str, colour: Color) -> OpeningProgress:
        """The progress of an opening with a colour (zeros if never tried)."""
        return self.openings.get(name, {}).get(colour) or OpeningProgress()

    def record_line(self, name: str, colour: Color, answered: int, good: int, completed: bool,
                    mistakes: int, new_line: bool = True) -> OpeningProgress:
        """Count a line, or (``new_line`` false) more of one already counted; returns the opening's progress.

        A line is reported as it is played: ``answered`` and ``good`` are the
        answers new since its last report, ``completed`` comes once, with
        its last report, and ``mistakes`` are the whole line's.
        """
        entry = self.openings.setdefault(name, {}).setdefault(colour, OpeningProgress())
        entry.lines += new_line
        entry.completed += completed
        entry.clean += completed and not mistakes
        entry.answered += answered
        entry.good += min(good, answered)
        return entry

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"openings": {name: {COLOUR_KEYS[c]: asdict(p) for c, p in sorted(by_colour.items())}
                             for name, by_colour in sorted(self.openings.items())}}

    @classmethod
    def from_json(cls, data: Any) -> TrainerProgress:
        """Progress from its dict; ``TypeError``/``ValueError`` for a wrong shape (the file is then set aside)."""
        if not isinstance(data, dict) or not isinstance(data.get("openings", {}), dict):
            raise TypeError("trainer progress must be an object with an 'openings' object")
        openings = data.get("openings", {})
        if len(openings) > MAX_OPENINGS:
            raise ValueError(f"more than {MAX_OPENINGS} openings")
        colours = {text: colour for colour, text in COLOUR_KEYS.items()}
        names = [f.name for f in fields(OpeningProgress)]
        progress = cls()
        for name, by_colour in openings.items():
            if not isinstance(by_colour, dict):
                raise TypeError(f"progress for {name!r} must be an object")
            for colour_text, counts in by_colour.items():
                if colour_text not in colours or not isinstance(counts, dict):
                    raise ValueError(f"progress for {name!r}: expected 'black'/'white' objects")
                values = {}
                for key in names:
                    value = counts.get(key, 0)
                    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_COUNT:
                        raise ValueError(f"{key} for {name!r} must be a count, not {value!r}")
                    values[key] = value
                entry = OpeningProgress(**values)
                if not entry.clean <= entry.completed <= entry.lines or entry.good > entry.answered:
                    raise ValueError(f"the counts for {name!r} do not add up")
                progress.openings.setdefault(str(name), {})[colours[colour_text]] = entry
        return progress

