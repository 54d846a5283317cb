"""Multi-ProbCut: cutting a deep midgame search early when a shallow search says it will fail.

Buro's observation: the score of a search to depth ``d`` is close to a linear
function of the score of a much shallower search to depth ``s``, ``deep ≈ a *
shallow + b``, with an error of standard deviation ``sigma`` that depends on
the game phase. So before searching a node deeply, a null-window search to
depth ``s`` checks whether the deep score is almost surely (``THRESHOLD``
standard deviations) at least beta, or at most alpha; if so the node is cut.

The parameters come from ``tools/fit_mpc.py`` (a regression of shallow on deep
scores with the current evaluation, per phase and depth), stored in
``mpc.json`` beside this file.

The endgame's win/loss/draw stage uses it too (``endgame_fits`` in the same
file): there the "deep" score is the exact final score in discs and the probe
a shallow midgame search (``endgame_probe_depth``), fitted per number of
empties; a cut needs ``WLD_THRESHOLD`` standard deviations. An exact solve
never uses Multi-ProbCut, so an exact score cannot change.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from game.platform.files import read_regular_file

PARAMETERS_PATH = Path(__file__).with_name("mpc.json")
MAX_PARAMETERS_BYTES = 1024 * 1024
"""A parameters file larger than this is refused unread (the shipped one is 4 kB)."""
THRESHOLD = 1.0
"""Standard deviations of certainty a cut needs (1.0 scored 60 % against no Multi-ProbCut over 64 games
at 0.2 s a move, where 1.5 scored 46 % over 24: ``bench/mpc_match.py``)."""
MIN_DEPTH = 3
"""Nodes shallower than this are not worth a probe."""
WLD_THRESHOLD = 2.0
"""Standard deviations of certainty a cut needs in the win/loss/draw stage (a wrong cut there can turn a
win into a loss, so it asks for more than the midgame's ``THRESHOLD``). ``bench/wld_mpc.py`` on held-out
master positions: 1.5 got 3 of 12 results wrong at 16 empties; 2.0 got 1 of 24 wrong at 16 (0.7 times the
exact search's nodes) and 1 of 16 at 18 (half its nodes, a third of its time); 2.5 none of 24 at 16 (0.8)."""
WLD_MIN_EMPTIES = 12
"""Endgame nodes with fewer empties than this are searched without probes (they are cheap)."""
VERSION = 1


def shallow_depth(depth: int) -> int:
    """The depth of the probe for a search of ``depth``."""
    return max(1, (depth - 1) // 2)


def endgame_probe_depth(empties: int) -> int:
    """The depth of the midgame probe for a win/loss/draw node with ``empties`` empty squares."""
    return 2 if empties < 16 else 4


class MpcError(ValueError):
    """The parameters file is missing, damaged or of another version."""


@dataclass(frozen=True)
class Probe:
    """For one depth and phase: the probe's depth and the window bounds that decide a cut.

    The deep score is predicted as ``a * shallow + b`` with error ``sigma``; a
    shallow score of at least ``(beta + THRESHOLD * sigma - b) / a`` cuts high.
    """

    depth: int
    a: float
    b: float
    sigma: float

    def high(self, beta: int, threshold: float = THRESHOLD) -> int:
        """The shallow score from which the deep one is taken to reach ``beta``."""
        return math.ceil((beta + threshold * self.sigma - self.b) / self.a)

    def low(self, alpha: int, threshold: float = THRESHOLD) -> int:
        """The shallow score up to which the deep one is taken to stay at or below ``alpha``."""
        return math.floor((alpha - threshold * self.sigma - self.b) / self.a)


ProbeTable = list[list[Probe | None]]
"""``table[depth][empties]``: the probe for a node, or ``None`` for no Multi-ProbCut there."""
EndgameProbes = list[Probe | None]
"""``probes[empties]``: the win/loss/draw stage's probe (exact score in discs from the probe's score in
evaluation units), or ``None`` for no Multi-ProbCut there."""


def parse(text: str) -> ProbeTable:
    """The probe table from the parameters file's text; ``MpcError`` if it is not a valid file."""
    try:
        data = json.loads(text)
        if data.get("version") != VERSION:
            raise MpcError(f"Multi-ProbCut parameters version {data.get('version')} is not {VERSION}")
        rows = [(int(r["depth"]), int(r["empties_min"]), int(r["empties_max"]), float(r["a"]), float(r["b"]),
                 float(r["sigma"])) for r in data["fits"]]
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        if isinstance(exc, MpcError):
            raise
        raise MpcError(f"Multi-ProbCut parameters are damaged: {exc}") from None
    if not rows:
        raise MpcError("Multi-ProbCut parameters have no fits")
    deepest = max(r[0] for r in rows)
    table: ProbeTable = [[None] * 65 for _ in range(65)]
    for depth, lo, hi, a, b, sigma in rows:
        if a <= 0 or sigma < 0 or not 0 <= lo <= hi <= 64 or depth < MIN_DEPTH:
            raise MpcError(f"Multi-ProbCut parameters out of range at depth {depth}")
        # deeper searches than were fitted use the deepest fit (the error grows slowly with depth)
        for d in range(depth, 65) if depth == deepest else (depth,):
            # one (immutable) probe for the whole row: making one per square took 10-15 ms in WebAssembly
            table[d][lo : hi + 1] = [Probe(shallow_depth(d), a, b, sigma)] * (hi + 1 - lo)
    return table


def parse_endgame(text: str) -> EndgameProbes:
    """The win/loss/draw stage's probes from the parameters file's text (all ``None`` if it has none)."""
    try:
        data = json.loads(text)
        rows = [(int(r["probe"]), int(r["empties_min"]), int(r["empties_max"]), float(r["a"]), float(r["b"]),
                 float(r["sigma"])) for r in data.get("endgame_fits", [])]
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise MpcError(f"Multi-ProbCut endgame parameters are damaged: {exc}") from None
    probes: EndgameProbes = [None] * 65
    deepest = max((r[2] for r in rows), default=0)
    for probe, lo, hi, a, b, sigma in rows:
        probe_depths = {endgame_probe_depth(lo), endgame_probe_depth(hi)}
        if a <= 0 or sigma < 0 or not WLD_MIN_EMPTIES <= lo <= hi <= 64 or probe_depths != {probe}:
            raise MpcError(f"Multi-ProbCut endgame parameters out of range at {lo}-{hi} empties")
        # more empties than were fitted use the fit with the most (the error shrinks as the game ends)
        shared: dict[int, Probe] = {}  # one (immutable) probe per probe depth, not one per square
        for empties in range(lo, 65 if hi == deepest else hi + 1):
            depth = endgame_probe_depth(empties)
            if depth not in shared:
                shared[depth] = Probe(depth, a, b, sigma)
            probes[empties] = shared[depth]
    return probes


def _parameters_text() -> str:
    try:
        return read_regular_file(PARAMETERS_PATH, MAX_PARAMETERS_BYTES).decode("utf-8")
    except UnicodeDecodeError:
        raise MpcError(f"{PARAMETERS_PATH.name} is not UTF-8 text") from None
    except OSError as exc:
        raise MpcError(f"cannot read {PARAMETERS_PATH.name}: {exc.strerror}") from None


@cache
def default_probes() -> ProbeTable:
    """The probe table of the shipped parameters."""
    return parse(_parameters_text())


@cache
def default_endgame_probes() -> EndgameProbes:
    """The win/loss/draw stage's probes of the shipped parameters."""
    return parse_endgame(_parameters_text())
