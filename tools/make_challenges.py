"""Mine the project's own self-play games for challenges and write ``game/challenges/challenges.json``.

Games are played by the game's own AI (``game.ai.think`` at the Beginner
and Casual levels, which choose with some randomness, so the games vary and
contain the kind of mistakes puzzles are made of). Every position of a game
with ``--min-empties`` to ``--max-empties`` empty squares is solved exactly
(every legal move's value, ``Solver.root(..., "all_values")``) and kept as
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
within their kind. Titles, hints and explanations are written from what the
solver found. The same seed and options give the same file.

Usage (from the repository root; about 4 minutes of one core for 500 games)::

    nice -n 10 python -m tools.make_challenges --games 500 --log build/make_challenges.log
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.ai import think
from game.ai.endgame import Solver, run_to_end
from game.challenges.model import (
    CHALLENGES_FILE,
    KINDS,
    Challenge,
    Goal,
    Kind,
    dump_challenges,
    outcome_words,
)
from game.challenges.objectives import moves_meeting_goal
from game.engine import COLOR_NAMES, GameRecord, Position, opponent_of, square_name
from game.engine.bitboard import CORNERS

X_AND_C_SQUARES = {1, 6, 8, 15, 48, 55, 57, 62, 9, 14, 49, 54}
QUARTER_NAMES = ("top-left", "top-right", "bottom-left", "bottom-right")
PER_KIND = {"corner": 10, "survive": 10, "pass": 9, "parity": 9, "endgame": 10}
TITLES: dict[Kind, str] = {
    "corner": "Corner lock",
    "survive": "Narrow escape",
    "pass": "Silence",
    "parity": "Last word",
    "endgame": "Endgame",
}


def all_values(position: Position) -> dict[int, int]:
    """Exact value of every legal move for the side to move."""
    outcome = run_to_end(Solver().root(position.player, position.opponent, "all_values"))
    assert isinstance(outcome, tuple)
    values: dict[int, int] = outcome[2]
    return values


def quarter_of(square: int) -> str:
    """Which quarter of the board a square is in, in words."""
    row, col = divmod(square, 8)
    return QUARTER_NAMES[(row >= 4) * 2 + (col >= 4)]


def empty_regions(position: Position) -> list[list[int]]:
    """The empty squares grouped into regions (squares touching, diagonals included)."""
    empty = set(sq for sq in range(64) if position.color_at(sq) is None)
    regions: list[list[int]] = []
    while empty:
        stack = [empty.pop()]
        region: list[int] = []
        while stack:
            sq = stack.pop()
            region.append(sq)
            row, col = divmod(sq, 8)
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    r, c = row + dr, col + dc
                    if 0 <= r < 8 and 0 <= c < 8 and r * 8 + c in empty:
                        empty.discard(r * 8 + c)
                        stack.append(r * 8 + c)
        regions.append(sorted(region))
    return sorted(regions, key=lambda reg: reg[0])


def names(squares: list[int]) -> str:
    """'a1, b1 and c2'."""
    spelled = [square_name(sq) for sq in squares]
    return spelled[0] if len(spelled) == 1 else ", ".join(spelled[:-1]) + " and " + spelled[-1]


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


def second_best(candidate: Candidate) -> tuple[int, int]:
    """The best of the other moves and its value."""
    others = {sq: v for sq, v in candidate.values.items() if sq != candidate.answer}
    square = max(others, key=lambda sq: (others[sq], -sq))
    return square, others[square]


def words_for(candidate: Candidate, number: int) -> tuple[str, str, str, str]:
    """Title, objective, hint and explanation."""
    position, answer = candidate.position, candidate.answer
    me = COLOR_NAMES[position.to_move]
    them = COLOR_NAMES[opponent_of(position.to_move)]
    value = candidate.values[answer]
    other, other_value = second_best(candidate)
    where = quarter_of(answer)
    title = f"{TITLES[candidate.kind]} {number}"
    tail = (f" Every other move falls short: the best of them, {square_name(other)}, would "
            f"{outcome_words(other_value)}.")
    if candidate.kind == "corner":
        corners = [sq for sq in position.legal_squares() if CORNERS >> sq & 1]
        objective = f"{me} to play: find the one move that wins."
        if len(corners) > 1:
            hint = f"You can take {len(corners)} corners, but only one of them wins. Which corner leaves {them} " \
                   "nothing good?"
        else:
            hint = f"A disc on a corner can never be flipped back. The winning move is in the {where} quarter."
        explanation = (f"{square_name(answer)} takes a corner: no disc there can ever be flipped, so it anchors "
                       f"the edges beside it. With it you {outcome_words(value)} against any defence.{tail}")
    elif candidate.kind == "survive":
        if candidate.goal == "no_wipeout":
            objective = f"{me} to play: find the only move that avoids a wipeout."
            hint = f"Most moves let {them} take every disc. Keep one disc {them} can never reach; " \
                   f"look in the {where} quarter."
            explanation = (f"Only {square_name(answer)} keeps a disc for you to the end: with perfect play you "
                           f"{outcome_words(value)}, but every other move loses all your discs.")
        else:
            objective = f"{me} to play: find the only move that does not lose."
            hint = f"All moves but one lose. Think about what each one lets {them} do next; the saving move " \
                   f"is in the {where} quarter."
            result = "holds the draw" if value == 0 else f"even wins {outcome_words(value).split()[1]}"
            explanation = (f"{square_name(answer)} is the only move that does not lose: with perfect play it "
                           f"{result}.{tail}")
    elif candidate.kind == "pass":
        objective = f"{me} to play: leave {them} without a legal move."
        hint = f"{them} needs one of your discs at the far end of a line to move at all. Take those lines away; " \
               f"look in the {where} quarter."
        after = position.play(answer)
        explanation = (f"After {square_name(answer)}, {them} has no legal move and must pass, so you move again "
                       f"({len(after.pass_turn().legal_squares())} moves to choose from). It is also a best move "
                       f"here: you {outcome_words(value)} with perfect play. No other move leaves {them} stuck.")
    elif candidate.kind == "parity":
        regions = empty_regions(position)
        home = next(reg for reg in regions if answer in reg)
        odd = [reg for reg in regions if len(reg) % 2]
        counts = ", ".join(str(len(reg)) for reg in regions)
        objective = f"{me} to play: find the one move that wins. Mind the parity."
        hint = (f"The {position.empty_count} empty squares form {len(regions)} regions ({counts} squares). "
                f"Play into a region with an odd count, so the last move there is yours.")
        explanation = (f"{square_name(answer)} goes into the {len(home)}-square region {names(home)}; "
                       f"{len(odd)} of the {len(regions)} regions have an odd count. Taking the odd region "
                       f"leaves an even number behind, so {them} must open each region for you. With "
                       f"{square_name(answer)} you {outcome_words(value)} against any defence.{tail}")
    else:
        line = " ".join(square_name(sq) for sq in candidate.line)
        objective = f"{me} to play: win against perfect play. The computer answers every move."
        hint = (f"Only one first move wins, and it is in the {where} quarter. Later, aim to make the last "
                "move in each region of empty squares.")
        explanation = (f"Only {square_name(answer)} wins at the start. One winning line against best defence: "
                       f"{line}. You {outcome_words(value)}.{tail}")
    return title, objective, hint, explanation


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
            title, objective, hint, explanation = words_for(candidate, number)
            challenges.append(Challenge(
                f"{kind}-{number:02d}", kind, candidate.goal, title, objective, grades[index],
                candidate.position, candidate.answer, dict(candidate.values), hint, explanation, candidate.line,
            ))
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
    args = parser.parse_args(argv)
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
