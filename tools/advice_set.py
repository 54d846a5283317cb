"""A fair measurement set for the game's advice and the Master's endgame, from master games (issue 45, "Measure").

Usage (from the repository root; heavy, so ``nice``)::

    nice -n 10 python -m tools.advice_set build [--max-empties 18] [--minutes 60]
    python -m tools.advice_set check            # load the file, say what is solved
    python -m tools.advice_set verify [--count 3] [--max-empties 16]   # per-move solve == ALL_VALUES

Positions come from the WTHOR master games (``game.records.wthor``) of the years before
``HELD_OUT_YEAR`` (2023, the evaluation's held-out year), picked reproducibly (``SEED``): a year
drawn uniformly from those with games, then a game of that year, one position per game, the side
to move having at least two legal moves. The endgame set: ``PER_EMPTIES`` positions at each count
of empty squares from 14 to 22, every legal move's exact value (the final disc difference for the
side to move, empty squares to the winner, as the project's solver counts). The midgame set:
``MIDGAME_COUNT`` positions at 25 to 45 empties from other games, positions only.

The file ``bench/data/advice_set.json`` is written when the positions are picked (values ``null``)
and again, atomically (``game.platform.storage.write_durably``), after each solved position, fewest
empties first: an interrupted build resumes where it stopped. Each move's exact value is the child
position's (after the move) exact score, negated, searched with narrow windows around a shallow
midgame search's guess (``Solver.aspirated``, ``first_guess.first_guess``): faster than one full-window
``SolveMode.ALL_VALUES`` root and the same values (``verify`` checks it on positions of the set).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai import Job, Limits, SolveMode, advise
from game.ai.lab import new_engine
from game.engine.bitboard import legal_moves
from game.engine.notation import square_name
from game.engine.position import Position
from game.platform.storage import write_durably
from game.records.wthor import WthorGame, read_games, replay

SET_PATH = Path(__file__).resolve().parent.parent / "bench" / "data" / "advice_set.json"
FORMAT = "othello advice set 1"
SEED = 45
HELD_OUT_YEAR = 2023
ENDGAME_EMPTIES = range(14, 23)
PER_EMPTIES = 6
MIDGAME_EMPTIES = range(25, 46)
MIDGAME_COUNT = 100


class AdviceSetError(ValueError):
    """The set's file is missing, not JSON, or an entry of it is damaged (the message says where and what)."""


@dataclass
class Entry:
    """One position of the set: where it comes from and, for the endgame set, each move's exact value."""

    position: Position
    year: int
    event: str
    black: str
    white: str
    game: int
    """The game's index in the WTHOR file (from 0)."""
    ply: int
    """The move number in the game, from 0, before which the position stands."""
    values: dict[int, int] | None = None
    """Square -> exact final disc difference for the side to move after that move (``None``: not solved yet)."""
    seconds: float | None = None
    """How long the build took to solve it (informative; this machine, that day)."""

    @property
    def empties(self) -> int:
        """Number of empty squares."""
        return self.position.empty_count

    @property
    def best_value(self) -> int:
        """The exact score of the position (its best move's value)."""
        assert self.values is not None
        return max(self.values.values())

    @property
    def best(self) -> list[int]:
        """Every move reaching the exact score."""
        assert self.values is not None
        top = self.best_value
        return sorted(sq for sq, v in self.values.items() if v == top)

    def loss(self, square: int) -> int:
        """Discs lost by playing ``square`` rather than a best move."""
        assert self.values is not None
        return self.best_value - self.values[square]

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "position": self.position.to_text(), "empties": self.empties, "year": self.year, "event": self.event,
            "black": self.black, "white": self.white, "game": self.game, "ply": self.ply,
        }  # fmt: skip
        if self.values is not None:
            out["values"] = {square_name(sq): v for sq, v in sorted(self.values.items())}
            out["seconds"] = None if self.seconds is None else round(self.seconds, 1)
        return out


@dataclass
class AdviceSet:
    """The endgame set (values solved or not yet) and the midgame set (positions only)."""

    endgame: list[Entry]
    midgame: list[Entry]
    seed: int = SEED

    def solved(self) -> list[Entry]:
        """The endgame entries whose values are known."""
        return [e for e in self.endgame if e.values is not None]


# -- the file -------------------------------------------------------------------------------------------


def _entry(raw: object, where: str, with_values: bool) -> Entry:
    if not isinstance(raw, dict):
        raise AdviceSetError(f"{where}: expected an object, found {type(raw).__name__}")
    try:
        position = Position.from_text(str(raw["position"]))
        entry = Entry(position, int(raw["year"]), str(raw["event"]), str(raw["black"]), str(raw["white"]),
                      int(raw["game"]), int(raw["ply"]))
        empties = int(raw["empties"])
    except KeyError as missing:
        raise AdviceSetError(f"{where}: missing {missing}") from None
    except (TypeError, ValueError) as bad:
        raise AdviceSetError(f"{where}: {bad}") from None
    if empties != entry.empties:
        raise AdviceSetError(f"{where}: says {empties} empties, the position has {entry.empties}")
    if entry.year >= HELD_OUT_YEAR:
        raise AdviceSetError(f"{where}: a game of {entry.year}, the held-out year or later")
    legal = set(position.legal_squares())
    if len(legal) < 2:
        raise AdviceSetError(f"{where}: the side to move has {len(legal)} legal move(s), the set needs 2 or more")
    values = raw.get("values")
    if values is None:
        return entry
    if not with_values:
        raise AdviceSetError(f"{where}: a midgame position carries values")
    if not isinstance(values, dict):
        raise AdviceSetError(f"{where}: values must be an object square -> disc difference")
    named = {square_name(sq): sq for sq in legal}
    if set(values) != set(named):
        raise AdviceSetError(f"{where}: values for {sorted(values)}, but the legal moves are {sorted(named)}")
    checked: dict[int, int] = {}
    for name, value in values.items():
        if type(value) is not int or not -64 <= value <= 64:
            raise AdviceSetError(f"{where}: the value of {name} is {value!r}, not a disc difference -64..64")
        checked[named[name]] = value
    entry.values = checked
    seconds = raw.get("seconds")
    entry.seconds = float(seconds) if isinstance(seconds, int | float) else None
    return entry


def load_set(path: Path = SET_PATH) -> AdviceSet:
    """The set in ``path``; ``AdviceSetError`` says what is wrong with a missing or damaged file."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise AdviceSetError(f"{path}: no such file (build it: python -m tools.advice_set build)") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as bad:
        raise AdviceSetError(f"{path}: not a JSON file ({bad})") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        found = raw.get("format") if isinstance(raw, dict) else type(raw).__name__
        raise AdviceSetError(f"{path}: not an advice set (format {found!r}, expected {FORMAT!r})")
    parts = []
    for name in ("endgame", "midgame"):
        items = raw.get(name)
        if not isinstance(items, list):
            raise AdviceSetError(f"{path}: '{name}' must be a list of positions")
        parts.append([_entry(item, f"{path}: {name} entry {at + 1}", name == "endgame")
                      for at, item in enumerate(items)])
    seen: set[int] = set()
    for entry in parts[0] + parts[1]:
        if entry.game in seen:
            raise AdviceSetError(f"{path}: game {entry.game} gives two positions (one a game only)")
        seen.add(entry.game)
    seed = raw.get("seed")
    return AdviceSet(parts[0], parts[1], seed if isinstance(seed, int) else SEED)


def save_set(advice: AdviceSet, path: Path = SET_PATH) -> None:
    """Write ``advice`` atomically (a temporary file replaces the old one), one position a line."""
    head = {
        "format": FORMAT, "seed": advice.seed, "held_out_year": HELD_OUT_YEAR,
        "source": "WTHOR games (FFO, ffothello.org) before the held-out year; python -m tools.advice_set build",
        "values": "each legal move's exact final disc difference for the side to move (empties to the winner)",
    }  # fmt: skip
    lines = ["{"] + [f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in head.items()]
    for name, entries in (("endgame", advice.endgame), ("midgame", advice.midgame)):
        rows = [" " + json.dumps(e.as_json(), ensure_ascii=False) for e in entries]
        lines.append(f' "{name}": [\n' + ",\n".join(rows) + "\n ]" + ("," if name == "endgame" else ""))
    lines.append("}")
    path.parent.mkdir(parents=True, exist_ok=True)
    write_durably(path, "\n".join(lines) + "\n")


# -- picking ----------------------------------------------------------------------------------------------


class _Picker:
    """Positions from games not yet used, each at an asked count of empties (a year first, then a game of it)."""

    def __init__(self, games: list[WthorGame], seed: int) -> None:
        self.by_year: dict[int, list[WthorGame]] = defaultdict(list)
        for game in games:
            if game.year < HELD_OUT_YEAR:
                self.by_year[game.year].append(game)
        self.years = sorted(self.by_year)
        self.rng = random.Random(seed)
        self.used: set[int] = set()

    def pick(self, empties: int) -> Entry:
        while True:
            game = self.rng.choice(self.by_year[self.rng.choice(self.years)])
            if game.index in self.used:
                continue
            plies = replay(game.squares)
            at = next((i for i, ply in enumerate(plies) if ply.empties == empties), None)
            if at is None or legal_moves(plies[at].player, plies[at].opponent).bit_count() < 2:
                continue
            self.used.add(game.index)
            ply = plies[at]
            position = Position.from_player_opponent(ply.player, ply.opponent, "X" if ply.black_to_move else "O")
            return Entry(position, game.year, game.event, game.black, game.white, game.index, at)


def pick(seed: int = SEED) -> AdviceSet:
    """The set's positions (no values): ``PER_EMPTIES`` at each endgame count, then the midgame ones."""
    picker = _Picker(list(read_games()), seed)
    endgame = [picker.pick(n) for _ in range(PER_EMPTIES) for n in ENDGAME_EMPTIES]
    span = len(MIDGAME_EMPTIES)
    midgame = [picker.pick(MIDGAME_EMPTIES[i % span]) for i in range(MIDGAME_COUNT)]
    endgame.sort(key=lambda e: e.empties)  # stable: the round order within each count
    midgame.sort(key=lambda e: e.empties)
    return AdviceSet(endgame, midgame, seed)


# -- solving ----------------------------------------------------------------------------------------------


def move_values(position: Position) -> dict[int, int]:
    """Every legal move's exact value, by the game's one source of advice with no time limit (the best moves
    proved first, then each other move's child solved in narrow windows)."""
    analysis = advise(position, Limits(exact_empties=64)).run()
    assert analysis.exact  # no time limit: every move is solved
    return {sq: int(v) for sq, v in analysis.values.items()}


def all_values(position: Position) -> dict[int, int]:
    """Every legal move's exact value by the solver's own full-window ``SolveMode.ALL_VALUES`` root (slower)."""
    solver = new_engine().solver
    _, _, values = Job(solver.root(position.player, position.opponent, SolveMode.ALL_VALUES)).run()
    return values


def build(path: Path, max_empties: int, minutes: float | None) -> int:
    if path.exists():
        advice = load_set(path)
        print(f"{path}: {len(advice.solved())} of {len(advice.endgame)} endgame positions solved", flush=True)
    else:
        advice = pick()
        save_set(advice, path)
        print(f"{path}: picked {len(advice.endgame)} endgame and {len(advice.midgame)} midgame positions",
              flush=True)
    started = time.perf_counter()
    for number, entry in enumerate(advice.endgame, 1):
        if entry.values is not None or entry.empties > max_empties:
            continue
        if minutes is not None and time.perf_counter() - started > minutes * 60:
            print("time limit reached; run again to continue", flush=True)
            return 0
        begun = time.perf_counter()
        entry.values = move_values(entry.position)
        entry.seconds = time.perf_counter() - begun
        save_set(advice, path)
        moves = " ".join(f"{square_name(sq)}{v:+d}" for sq, v in sorted(entry.values.items(), key=lambda x: -x[1]))
        print(f"{number}/{len(advice.endgame)} ({entry.empties} empties, {entry.year}): {entry.seconds:.1f} s"
              f" [{moves}] ({(time.perf_counter() - started) / 60:.1f} min)", flush=True)
    left = [e for e in advice.endgame if e.values is None]
    print(f"done up to {max_empties} empties; {len(left)} positions left unsolved", flush=True)
    return 0


def verify(path: Path, count: int, max_empties: int) -> int:
    """Compare the build's values with ``SolveMode.ALL_VALUES`` on ``count`` solved positions (fewest empties)."""
    chosen = [e for e in load_set(path).solved() if e.empties <= max_empties]
    picked = chosen[:: max(1, len(chosen) // count)][:count]
    bad = 0
    for entry in picked:
        begun = time.perf_counter()
        values = all_values(entry.position)
        seconds = time.perf_counter() - begun
        begun = time.perf_counter()
        aspirated = move_values(entry.position)
        fast = time.perf_counter() - begun
        same = values == entry.values == aspirated
        bad += not same
        print(f"{entry.empties} empties: ALL_VALUES {seconds:.1f} s, per move aspirated {fast:.1f} s:"
              f" {'same values' if same else f'DIFFERENT {values} {aspirated} {entry.values}'}", flush=True)
    return 1 if bad else 0


def check(path: Path) -> int:
    advice = load_set(path)
    counts: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for entry in advice.endgame:
        counts[entry.empties][0] += 1
        counts[entry.empties][1] += entry.values is not None
    for empties, (total, solved) in sorted(counts.items()):
        print(f"{empties} empties: {solved}/{total} solved")
    print(f"midgame: {len(advice.midgame)} positions at {advice.midgame[0].empties}-{advice.midgame[-1].empties}"
          " empties" if advice.midgame else "midgame: none")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["build", "check", "verify"])
    parser.add_argument("--path", type=Path, default=SET_PATH)
    parser.add_argument("--max-empties", type=int, default=max(ENDGAME_EMPTIES),
                        help="build: solve positions up to this many empties (fewest first); verify: the same bound")
    parser.add_argument("--minutes", type=float, default=None, help="build: start no new position after this long")
    parser.add_argument("--count", type=int, default=3, help="verify: how many positions")
    args = parser.parse_args(argv)
    try:
        if args.command == "build":
            return build(args.path, args.max_empties, args.minutes)
        if args.command == "verify":
            return verify(args.path, args.count, args.max_empties)
        return check(args.path)
    except AdviceSetError as bad:
        parser.exit(2, f"advice set: {bad}\n")


if __name__ == "__main__":
    raise SystemExit(main())
