"""Mine the project's own self-play games for challenges and write ``game/challenges/challenges.json``.

Games are played by the game's own AI (``game.ai.think`` at the Beginner
and Casual levels, which choose with some randomness, so the games vary and
contain the kind of mistakes puzzles are made of). Every position of a game
with ``--min-empties`` to ``--max-empties`` empty squares is solved exactly
(every legal move's value, ``Solver.root(..., SolveMode.ALL_VALUES)``) and kept as
a candidate when exactly one move meets a goal:

* corner - the only winning move is a corner;
* survive - the only move that does not lose (or that avoids a wipeout);
* pass - the only move that leaves the opponent without a legal move, and a best move too;
* parity - the only winning move goes into a region with an odd number of
  empty squares while other moves go into even ones;
* endgame - the only winning first move, in a short endgame played out
  against the solver where the player must find more than that one move.

The most instructive candidates of each kind (more choices, a tempting
wrong move, a clear gap to the next best move) are kept, spread over the
games and the number of empty squares, and graded easy, medium and hard
within their kind. Titles, objectives, hints and explanations follow from
what the solver found: the game writes them from templates when it shows
them (``game.challenges.words``), in the player's language, and the file
keeps them in English. The same seed and options give the same file.

Usage (from the repository root; about 4 minutes of one core for 500 games)::

    nice -n 10 python -m tools.make_challenges --games 500 --log build/make_challenges.log
    python -m tools.make_challenges --rewrite-words    # only the English words again, from the templates
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from game.ai import Job, think
from game.ai.lab import SolveMode, new_solver
from game.challenges import words
from game.challenges.model import (
    CHALLENGES_FILE,
    KINDS,
    Challenge,
    Goal,
    Kind,
    dump_challenges,
    load_challenges,
)
from game.challenges.objectives import moves_meeting_goal
from game.challenges.words import empty_regions
from game.engine import GameRecord, Position
from game.engine.bitboard import CORNERS
from game.i18n import use

X_AND_C_SQUARES = {1, 6, 8, 15, 48, 55, 57, 62, 9, 14, 49, 54}
PER_KIND = {"corner": 10, "survive": 10, "pass": 9, "parity": 9, "endgame": 10}


def all_values(position: Position) -> dict[int, int]:
    """Exact value of every legal move for the side to move."""
    outcome = Job(new_solver().root(position.player, position.opponent, SolveMode.ALL_VALUES)).run()
    assert isinstance(outcome, tuple)
    values: dict[int, int] = outcome[2]
    return values


def greediest(position: Position) -> int:
    """The move that flips the most discs (the beginner's choice)."""
    return max(position.legal_squares(), key=lambda sq: (position.flips(sq).bit_count(), -sq))


@dataclass
class Candidate:
    """A position with exactly one move meeting a goal, and how instructive it looks."""

    kind: Kind
    goal: Goal
    position: Position
    answer: int
    values: dict[int, int]
    game: int
    score: float
    line: tuple[int, ...] = ()


# -- finding candidates --------------------------------------------------------------


def classify(position: Position, values: dict[int, int], game: int) -> list[Candidate]:
    """The challenge candidates one solved position offers (at most one per kind)."""
    found: list[Candidate] = []
    legal = position.legal_squares()
    if len(legal) < 3:
        return found
    best = max(values.values())
    greedy = greediest(position)
    ordered = sorted(values.values(), reverse=True)
    gap = ordered[0] - ordered[1]

    def interest(answer: int) -> float:
        return (len(legal) + 3 * (answer != greedy) + 2 * (answer in X_AND_C_SQUARES)
                + min(gap, 20) / 5 + position.empty_count / 4)

    winners = moves_meeting_goal("win", position, values)
    if len(winners) == 1:
        answer = winners[0]
        if CORNERS >> answer & 1:
            found.append(Candidate("corner", "win", position, answer, values, game, interest(answer)))
        else:
            regions = empty_regions(position)
            size_of = {sq: len(reg) for reg in regions for sq in reg}
            even_moves = [sq for sq in legal if size_of[sq] % 2 == 0]
            if size_of[answer] % 2 == 1 and even_moves and len(regions) >= 2 and position.empty_count <= 12:
                found.append(Candidate("parity", "win", position, answer, values, game, interest(answer)))
    savers = moves_meeting_goal("not_lose", position, values)
    if len(savers) == 1 and len(legal) >= 4 and not CORNERS >> savers[0] & 1:
        found.append(Candidate("survive", "not_lose", position, savers[0], values, game, interest(savers[0])))
    else:
        survivors = moves_meeting_goal("no_wipeout", position, values)
        if len(survivors) == 1:
            found.append(Candidate("survive", "no_wipeout", position, survivors[0], values, game,
                                   interest(survivors[0]) + 5))
    passers = moves_meeting_goal("force_pass", position, values)
    if len(passers) == 1 and values[passers[0]] == best:
        found.append(Candidate("pass", "force_pass", position, passers[0], values, game, interest(passers[0])))
    return found


def endgame_candidate(position: Position, values: dict[int, int], game: int) -> Candidate | None:
    """A win-the-endgame candidate: one winning first move, and more decisions on the way."""
    if len(values) < 3 or len(moves_meeting_goal("win", position, values)) != 1:
        return None
    line: list[int] = []
    record = GameRecord(position)
    me = position.to_move
    traps = 0
    while not record.is_over():
        current = record.position
        move_values = values if not line else all_values(current)
        if current.to_move == me:
            top = max(move_values.values())
            traps += sum(1 for v in move_values.values() if v <= 0 < top)
            move = min(sq for sq, v in move_values.items() if v == top)
        else:
            top = max(move_values.values())
            move = min(sq for sq, v in move_values.items() if v == top)
        line.append(move)
        record.play(move)
    result = record.result
    assert result is not None
    if result.winner != me or traps < 3:
        return None
    score = traps + position.empty_count + len(values)
    answer = line[0]
    return Candidate("endgame", "win_endgame", position, answer, values, game, score, tuple(line))


def self_play(seed: int, stop_empties: int) -> list[Position]:
    """A self-play game by the game's AI (Beginner or Casual on each side) up to ``stop_empties``.

    Returns every position with the side to move able to move.
    """
    rng = random.Random(seed)
    levels = (rng.choice((1, 2)), rng.choice((1, 2)))
    record = GameRecord()
    positions = []
    while not record.is_over() and record.position.empty_count > stop_empties:
        position = record.position
        positions.append(position)
        level = levels[0] if position.to_move == "X" else levels[1]
        job = think(position, level, seed=rng.randrange(1 << 30))
        record.play(job.run())
    while not record.is_over():
        positions.append(record.position)
        legal = record.position.legal_squares()
        record.play(rng.choice(legal))
    return positions


# -- writing the words -------------------------------------------------------------


def with_words(challenge: Challenge) -> Challenge:
    """``challenge`` with its English title, objective, hint and explanation, written from the game's templates.

    The game writes them again when it shows them, in the player's language (``game.challenges.words``);
    the file keeps the English for the tools and for anyone reading it.
    """
    use("en")
    return replace(challenge, title=words.title(challenge), objective=words.objective(challenge),
                   hint=words.hint(challenge), explanation=words.explanation(challenge))


def rewrite_words(path: Path) -> int:
    """Write the words of the challenges in ``path`` again from the templates (nothing is mined); how many."""
    source = json.loads(path.read_text(encoding="utf-8")).get("source", "tools/make_challenges.py")
    challenges = [with_words(challenge) for challenge in load_challenges(path)]
    path.write_text(dump_challenges(challenges, source), encoding="utf-8")
    return len(challenges)


# -- choosing and grading ------------------------------------------------------------


def choose(candidates: list[Candidate], count: int) -> list[Candidate]:
    """The most instructive ``count`` candidates, at most one per game, spread over empties."""
    ranked = sorted(candidates, key=lambda c: (-c.score, c.game, c.position.to_text()))
    chosen: list[Candidate] = []
    games: set[int] = set()
    for candidate in ranked:
        if candidate.game in games:
            continue
        chosen.append(candidate)
        games.add(candidate.game)
        if len(chosen) == count:
            break
    return chosen


def grade(chosen: list[Candidate]) -> dict[int, int]:
    """Difficulty 1-3 for each chosen candidate (by index), by thirds of their scores."""
    order = sorted(range(len(chosen)), key=lambda i: chosen[i].score)
    return {index: 1 + rank * 3 // max(1, len(chosen)) for rank, index in enumerate(order)}


def build(candidates: dict[Kind, list[Candidate]], per_kind: dict[str, int]) -> list[Challenge]:
    """The challenges: each kind's chosen candidates, easiest first."""
    challenges: list[Challenge] = []
    used: set[str] = set()
    for kind in KINDS:
        fresh = [c for c in candidates[kind] if c.position.to_text() not in used]
        chosen = choose(fresh, per_kind[kind])
        grades = grade(chosen)
        order = sorted(range(len(chosen)), key=lambda i: (grades[i], chosen[i].score))
        for number, index in enumerate(order, start=1):
            candidate = chosen[index]
            used.add(candidate.position.to_text())
            challenges.append(with_words(Challenge(
                f"{kind}-{number:02d}", kind, candidate.goal, "-", "-", grades[index],
                candidate.position, candidate.answer, dict(candidate.values), "-", "-", candidate.line,
            )))
    return challenges


def mine(games: int, seed: int, min_empties: int, max_empties: int, endgame_max: int,
         deadline: float, log: Callable[[str], None]) -> dict[Kind, list[Candidate]]:
    """Play and solve games until ``games`` are done or the deadline passes."""
    candidates: dict[Kind, list[Candidate]] = {kind: [] for kind in KINDS}
    seen: set[str] = set()
    for game in range(games):
        if time.monotonic() > deadline:
            log(f"time is up after {game} games")
            break
        for position in self_play(seed * 100_003 + game, max_empties):
            empties = position.empty_count
            key = position.to_text()
            if not min_empties <= empties <= max_empties or key in seen or not position.legal_moves():
                continue
            seen.add(key)
            values = all_values(position)
            for candidate in classify(position, values, game):
                candidates[candidate.kind].append(candidate)
            if empties <= endgame_max:
                found = endgame_candidate(position, values, game)
                if found is not None:
                    candidates["endgame"].append(found)
        if game % 10 == 9:
            counts = ", ".join(f"{kind} {len(found)}" for kind, found in candidates.items())
            log(f"{game + 1} games: {counts}")
    return candidates


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min-empties", type=int, default=6)
    parser.add_argument("--max-empties", type=int, default=12)
    parser.add_argument("--endgame-max", type=int, default=10, help="most empties of a win-the-endgame challenge")
    parser.add_argument("--minutes", type=float, default=12.0, help="stop playing new games after this long")
    parser.add_argument("--out", type=Path, default=CHALLENGES_FILE)
    parser.add_argument("--log", type=Path, default=None)
    parser.add_argument("--rewrite-words", action="store_true",
                        help="write the words of the challenges in --out again from the templates, and stop")
    args = parser.parse_args(argv)
    if args.rewrite_words:
        print(f"rewrote the words of {rewrite_words(args.out)} challenges in {args.out}")
        return 0
    log_file = args.log.open("a", encoding="utf-8") if args.log else None

    def log(line: str) -> None:
        print(line, flush=True)
        if log_file is not None:
            log_file.write(line + "\n")
            log_file.flush()

    started = time.monotonic()
    candidates = mine(args.games, args.seed, args.min_empties, args.max_empties, args.endgame_max,
                      started + args.minutes * 60, log)
    challenges = build(candidates, PER_KIND)
    short = [kind for kind in KINDS if sum(c.kind == kind for c in challenges) < PER_KIND[kind]]
    source = (f"tools/make_challenges.py --games {args.games} --seed {args.seed} --min-empties {args.min_empties} "
              f"--max-empties {args.max_empties} --endgame-max {args.endgame_max}")
    args.out.write_text(dump_challenges(challenges, source), encoding="utf-8")
    log(f"wrote {len(challenges)} challenges to {args.out} in {time.monotonic() - started:.0f} s"
        + (f"; fewer than wanted: {', '.join(short)}" if short else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
