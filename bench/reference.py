"""An earlier commit's level as an opponent: the yardstick for "stronger than it was at equal time".

The ladder (``bench/ladder.py``) names one as ``ref@<commit>:<level>`` (``ref@3c40fef:master``). The commit is
checked out once into a git worktree under ``build/reference/<commit>`` (its own code, weights and book, as
they were), and each game talks to that checkout's GTP engine (``python -m game.cli gtp``) in a process of
its own, so two versions of the same modules never share an interpreter. Its time per move is the level's,
times the ladder's ``--time-scale`` (``--move-time``), the same rule as for the current levels.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from game.engine import COLOR_NAMES, PASS, GameRecord, parse_square, square_name

ROOT = Path(__file__).resolve().parent.parent
WORKTREES = ROOT / "build" / "reference"
GTP_REPLY_LIMIT = 4096
"""The longest answer line read from the reference engine."""


class ReferenceEngineError(RuntimeError):
    """The reference engine cannot be set up or answered something that is not a legal move."""


@dataclass(frozen=True)
class Reference:
    """A level of an earlier commit, played through that commit's GTP engine."""

    commit: str
    level: str
    seconds: float
    name: str

    def settings(self) -> dict[str, object]:
        """What identifies its play (the ladder's cache key)."""
        return {"reference": self.commit, "level": self.level, "seconds": self.seconds}


def full_commit(commit: str) -> str:
    """The full hash of ``commit`` in this repository (``ReferenceEngineError`` if git does not know it)."""
    found = subprocess.run(["git", "rev-parse", "--verify", f"{commit}^{{commit}}"], cwd=ROOT,
                           capture_output=True, text=True, check=False)
    if found.returncode != 0:
        raise ReferenceEngineError(f"no commit {commit!r} in {ROOT}: {found.stderr.strip()}")
    return found.stdout.strip()


def worktree(commit: str) -> Path:
    """The checkout of ``commit`` (made on first use, detached, under ``build/reference``)."""
    path = WORKTREES / commit[:12]
    if not (path / "game" / "cli.py").is_file():
        WORKTREES.mkdir(parents=True, exist_ok=True)
        made = subprocess.run(["git", "worktree", "add", "--force", "--detach", str(path), commit], cwd=ROOT,
                              capture_output=True, text=True, check=False)
        if made.returncode != 0:
            raise ReferenceEngineError(f"cannot check out {commit[:12]} into {path}: {made.stderr.strip()}")
    return path


def reference_level(key: str, seconds_of: dict[str, float | None], time_scale: float) -> Reference:
    """``ref@<commit>:<level>`` as a ``Reference`` (its level's seconds scaled like the current levels')."""
    spec = key[len("ref@"):]
    commit, _, level = spec.partition(":")
    if not commit or not level:
        raise ValueError(f"a reference is ref@<commit>:<level>, not {key!r}")
    full = full_commit(commit)
    worktree(full)
    seconds = seconds_of.get(level.lower())
    if seconds is None:
        raise ValueError(f"the reference level {level!r} must be a timed level of today's ladder "
                         f"({', '.join(sorted(name for name, s in seconds_of.items() if s))})")
    return Reference(full, level.lower(), seconds * time_scale, f"{level.title()} @{full[:7]}")


class GtpOpponent:
    """One game's conversation with a reference engine (a process, closed with ``close``)."""

    def __init__(self, reference: Reference) -> None:
        path = worktree(reference.commit)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "game.cli", "gtp", "--level", reference.level, "--move-time",
             f"{reference.seconds:g}"],
            cwd=path, env={**os.environ, "PYTHONPATH": str(path)}, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True,
        )
        self.sent: list[int] = []
        """The moves the engine's board holds (what ``move`` need not send again)."""

    def ask(self, command: str) -> str:
        """The answer to one command (``ReferenceEngineError`` on ``? ...`` or a closed engine)."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        lines: list[str] = []
        while True:
            line = self.process.stdout.readline(GTP_REPLY_LIMIT)
            if not line:
                raise ReferenceEngineError(f"the reference engine closed during {command!r}")
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.strip())
        answer = " ".join(lines)
        if not answer.startswith("="):
            raise ReferenceEngineError(f"the reference engine refused {command!r}: {answer}")
        return answer[1:].strip()

    def move(self, record: GameRecord) -> int:
        """Its move in ``record``'s position (the moves its board lacks sent first; the game replayed if it differs)."""
        moves = record.moves
        if moves[: len(self.sent)] != self.sent:
            self.ask("clear_board")
            self.sent = []
        replay = GameRecord()
        for square in moves[: len(self.sent)]:
            replay.play(square)
        for square in moves[len(self.sent):]:
            self.ask(f"play {COLOR_NAMES[replay.position.to_move].lower()} {square_name(square)}")
            replay.play(square)
        answer = self.ask(f"genmove {COLOR_NAMES[record.position.to_move].lower()}")
        if answer.lower() == "pass":
            self.sent = list(moves)
            return PASS
        square = parse_square(answer)
        self.sent = [*moves, square]  # genmove plays its move on the engine's board
        return square

    def close(self) -> None:
        """Ends the engine's process."""
        if self.process.poll() is None:
            with contextlib.suppress(ReferenceEngineError, OSError):
                self.ask("quit")
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
