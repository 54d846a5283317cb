"""The player's challenge progress: which are solved, with how many stars, and which solutions were seen.

Stars for a solve: three for the first try without a hint, two for the
first try with a hint or a later try without one, one otherwise. The best
result is kept. Saved as JSON under ``PROGRESS_KEY`` by the player's store
(``game.play.store.PlayerStore``); a bad file is set aside there, with a message.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.i18n import N_

PROGRESS_KEY = "challenges"
WHAT = N_("challenge progress")
"""What the progress is called in a storage message (translated there)."""


def stars_for(first_try: bool, used_hint: bool) -> int:
    """Stars for a solve: 3 first try without a hint, 2 with one flaw, 1 with both."""
    return 1 + int(first_try) + int(not used_hint)


@dataclass
class ChallengeProgress:
    """Stars per solved challenge id, and the ids whose solution the player has looked at."""

    stars: dict[str, int] = field(default_factory=dict)
    seen_solution: set[str] = field(default_factory=set)

    def record_solve(self, challenge_id: str, first_try: bool, used_hint: bool) -> int:
        """Note a solve; returns its stars (the best so far is what is kept)."""
        earned = stars_for(first_try, used_hint)
        self.stars[challenge_id] = max(earned, self.stars.get(challenge_id, 0))
        return earned

    def record_solution_seen(self, challenge_id: str) -> None:
        """Note that the player gave up and looked at the solution."""
        self.seen_solution.add(challenge_id)

    def is_solved(self, challenge_id: str) -> bool:
        """Whether the challenge has been solved at least once."""
        return challenge_id in self.stars

    def total_stars(self) -> int:
        """All stars earned."""
        return sum(self.stars.values())

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"stars": dict(sorted(self.stars.items())), "seen_solution": sorted(self.seen_solution)}

    @classmethod
    def from_json(cls, data: Any) -> ChallengeProgress:
        """Progress from its dict; ``TypeError``/``ValueError`` for a wrong shape (the file is then set aside)."""
        if not isinstance(data, dict):
            raise TypeError("challenge progress must be a JSON object")
        stars = data.get("stars", {})
        seen = data.get("seen_solution", [])
        if not isinstance(stars, dict) or not isinstance(seen, list):
            raise TypeError("challenge progress needs a 'stars' object and a 'seen_solution' list")
        progress = cls()
        for key, value in stars.items():
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 3:
                raise ValueError(f"stars for {key!r} must be 1, 2 or 3, not {value!r}")
            progress.stars[str(key)] = value
        for key in seen:
            if not isinstance(key, str):
                raise ValueError("seen_solution must list challenge ids")
            progress.seen_solution.add(key)
        return progress

