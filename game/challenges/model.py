"""A challenge: a position, what to achieve in it, and the words around it; the file that holds them all.

Challenges live in ``challenges.json`` next to this module, written by
``tools/make_challenges.py``. Each one stores the exact value of every
legal move (final disc difference for the side to move, empty squares to
the winner), so the game can judge a move and explain a wrong one without
searching; the tests check those values against the solver.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from game.engine import NotationError, Position, parse_square, square_name
from game.i18n import N_, _
from game.platform.files import read_regular_file

Kind = Literal["corner", "survive", "pass", "parity", "endgame"]
Goal = Literal["win", "not_lose", "no_wipeout", "force_pass", "win_endgame"]

KINDS: tuple[Kind, ...] = ("corner", "survive", "pass", "parity", "endgame")
"""The kinds in the order the list shows them."""
KIND_NAMES: dict[Kind, str] = {
    "corner": N_("Corners"),
    "survive": N_("Only move"),
    "pass": N_("Force a pass"),
    "parity": N_("Parity"),
    "endgame": N_("Win the endgame"),
}
KIND_BLURBS: dict[Kind, str] = {
    "corner": N_("Take the corner that keeps the win"),
    "survive": N_("Find the one move that does not lose"),
    "pass": N_("Leave your opponent without a move"),
    "parity": N_("Get the last move in the last regions"),
    "endgame": N_("Play it out against perfect defence"),
}
GOALS: tuple[Goal, ...] = ("win", "not_lose", "no_wipeout", "force_pass", "win_endgame")
DIFFICULTY_NAMES: dict[int, str] = {1: N_("Easy"), 2: N_("Medium"), 3: N_("Hard")}
"""The names of the difficulties (English, marked for the catalogs: ``_()`` them where shown)."""

CHALLENGES_FILE = Path(__file__).with_name("challenges.json")
MAX_CHALLENGES_BYTES = 4 * 1024 * 1024
"""A challenges file larger than this is refused unread (the shipped one is a few kB)."""


class ChallengeError(ValueError):
    """A challenge file or entry that cannot be used; the message says which and why."""


@dataclass(frozen=True)
class Challenge:
    """One puzzle. ``answer`` is the one move that meets the goal; ``line`` the solution played out."""

    id: str
    kind: Kind
    goal: Goal
    title: str
    objective: str
    difficulty: int
    position: Position
    answer: int
    values: dict[int, int]
    """Exact value of every legal move for the side to move (empties to the winner)."""
    hint: str
    explanation: str
    line: tuple[int, ...] = field(default=())
    """The solution as played out: the answer, then alternating replies and moves (endgame kind)."""

    @property
    def difficulty_name(self) -> str:
        """'Easy', 'Medium' or 'Hard', in the player's language."""
        return _(DIFFICULTY_NAMES[self.difficulty])

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (squares by name)."""
        data: dict[str, Any] = {
            "id": self.id,
            "kind": self.kind,
            "goal": self.goal,
            "title": self.title,
            "objective": self.objective,
            "difficulty": self.difficulty,
            "position": self.position.to_text(),
            "answer": square_name(self.answer),
            "values": {square_name(sq): v for sq, v in sorted(self.values.items())},
            "hint": self.hint,
            "explanation": self.explanation,
        }
        if self.line:
            data["line"] = [square_name(sq) for sq in self.line]
        return data

    @classmethod
    def from_json(cls, data: Any) -> Challenge:
        """A challenge from its dict; ``ChallengeError`` naming the problem otherwise."""
        if not isinstance(data, dict):
            raise ChallengeError("a challenge must be a JSON object")
        ident = data.get("id", "?")
        try:
            kind, goal, difficulty = data["kind"], data["goal"], data["difficulty"]
            if kind not in KINDS:
                raise ChallengeError(f"unknown kind {kind!r}")
            if goal not in GOALS:
                raise ChallengeError(f"unknown goal {goal!r}")
            if difficulty not in DIFFICULTY_NAMES:
                raise ChallengeError(f"difficulty {difficulty!r} is not 1, 2 or 3")
            position = Position.from_text(data["position"])
            values = {parse_square(name): int(value) for name, value in data["values"].items()}
            answer = parse_square(data["answer"])
            line = tuple(parse_square(name) for name in data.get("line", []))
            texts = [data[key] for key in ("title", "objective", "hint", "explanation")]
            if not all(isinstance(t, str) and t for t in texts) or not isinstance(data["id"], str):
                raise ChallengeError("id, title, objective, hint and explanation must be non-empty text")
        except KeyError as missing:
            raise ChallengeError(f"challenge {ident}: missing {missing}") from None
        except (NotationError, TypeError, AttributeError) as exc:
            raise ChallengeError(f"challenge {ident}: {exc}") from None
        except ChallengeError as exc:
            raise ChallengeError(f"challenge {ident}: {exc}") from None
        legal = set(position.legal_squares())
        if set(values) != legal:
            raise ChallengeError(f"challenge {ident}: values must cover exactly the legal moves")
        if answer not in legal:
            raise ChallengeError(f"challenge {ident}: the answer {square_name(answer)} is not a legal move")
        if line and line[0] != answer:
            raise ChallengeError(f"challenge {ident}: the solution line must start with the answer")
        return cls(data["id"], kind, goal, texts[0], texts[1], difficulty, position, answer, values,
                   texts[2], texts[3], line)


def parse_challenges(text: str) -> list[Challenge]:
    """Every challenge in a challenges file's text; ``ChallengeError`` if any entry is bad."""
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ChallengeError(f"the challenge file is not JSON: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("challenges"), list):
        raise ChallengeError("the challenge file must be an object with a 'challenges' list")
    challenges = [Challenge.from_json(entry) for entry in data["challenges"]]
    seen: set[str] = set()
    for challenge in challenges:
        if challenge.id in seen:
            raise ChallengeError(f"challenge id {challenge.id} appears twice")
        seen.add(challenge.id)
    return challenges


def load_challenges(path: Path = CHALLENGES_FILE) -> list[Challenge]:
    """The challenges shipped with the game, in file order."""
    return parse_challenges(read_regular_file(path, MAX_CHALLENGES_BYTES).decode("utf-8"))


def dump_challenges(challenges: list[Challenge], source: str) -> str:
    """The text of a challenges file (``source`` says how it was made)."""
    return json.dumps({"source": source, "challenges": [c.to_json() for c in challenges]}, indent=1) + "\n"
