"""Experimental pattern shapes for ``tools.train_wthor fit --add`` (training only; the game cannot read them).

The game's evaluator (``game.ai.patterns``) computes exactly its own eleven
patterns with hand-written look-ups, and its weights file holds exactly
those; a shape here is only fitted beside them to measure what it would buy
on the held-out static error, before anyone writes the code to evaluate it.
Squares are named as everywhere in the project: a1 top-left, rows 1-8
downwards. Each shape's instances are its images under the board's eight
symmetries (``game.ai.pattern_geometry.instances``), and readings that a symmetry
maps onto each other share a weight (``canonical_indices``), so a shape
symmetric in itself (the triangle and the cross in the a1-h8 diagonal, the
edge shapes in the column mirror) has 4 instances and about half as many
weights as readings.

The shapes are those of Egaroucid's evaluation (Edax has the edge + block
one too):

===============  ====================================  =========
name             squares (canonical instance)          instances
===============  ====================================  =========
triangle         a1-d1, a2-c2, a3-b3, a4                4
edge_block       a1 c1 d1 e1 f1 h1, c2-f2               4
cross            a1 b2 c3 d4, b1 c2 d3, a2 b3 c4        4
edge_2y          a1-h1 with c2, f2                      4
narrow_triangle  a1-e1, a2 b2, a3, a4, a5               4
fish             a1 b1, a2-d2, b3 c3, b4 d4             4
===============  ====================================  =========
"""

from __future__ import annotations

from game.ai.lab import Pattern

EXTRA_PATTERNS: tuple[Pattern, ...] = (
    Pattern.of("triangle", "a1 b1 c1 d1 a2 b2 c2 a3 b3 a4"),
    Pattern.of("edge_block", "a1 c1 d1 e1 f1 h1 c2 d2 e2 f2"),
    Pattern.of("cross", "a1 b2 c3 d4 b1 c2 d3 a2 b3 c4"),
    Pattern.of("edge_2y", "a1 b1 c1 d1 e1 f1 g1 h1 c2 f2"),
    Pattern.of("narrow_triangle", "a1 b1 c1 d1 e1 a2 b2 a3 a4 a5"),
    Pattern.of("fish", "a1 b1 a2 b2 c2 d2 b3 c3 b4 d4"),
)
"""Shapes ``fit --add`` can fit beside the game's patterns (never written to a weights file)."""

BY_NAME: dict[str, Pattern] = {pattern.name: pattern for pattern in EXTRA_PATTERNS}
