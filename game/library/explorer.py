"""The opening explorer's data: what master games played in a position, and what the book thinks of it.

>>> from game.engine import Position
>>> start = explore(Position.start(), index=None)
>>> sorted(start.moves), start.source
(['c4', 'd3', 'e6', 'f5'], 'book')
>>> start.moves["f5"].games == start.total_games == 131212
True

``explore(position)`` answers at once and never builds anything. Counts come
from the full-database ``PositionIndex`` (every master game that reached the
position within the index's first ``PLIES`` moves, any move order, mirror
images folded) when one is loaded (``game.library.service``: the desktop, after
the index is built or read from its cache), else from the opening book (the
positions at least 20 games reached in their first 24 moves: the browser, or
before the index is ready). ``source`` says which. Squares are named in the
queried position's own orientation; a move that the position's symmetry makes
equal to others (the start's four) appears under each of them with the same
figures, and ``total_games`` counts each game once. ``ranked`` lists such a
move once, under the square last in name order (f5 at the start, where the
games' own notation begins), with the others in ``twins``: shown so, the
shares of the moves add up to the games that reached the position.

Pure Python; nothing here imports pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from game.ai import BookError, BookMove, default_book
from game.engine import Position, square_name
from game.engine.symmetry import canonical, canonical_move
from game.i18n import _, ngettext, pgettext
from game.library.positions import PositionIndex
from game.records.openings import default_book as named_openings
from game.records.openings import opening_name
from game.records.wthor import CREDIT

Source = Literal["index", "book"]
"""``'index'``: counts from every master game (the full database); ``'book'``: from the opening book only."""
Coverage = Literal["counted", "counting", "beyond", "rare"]
"""How far the counts are the whole truth about the position (``Exploration.coverage``)."""

_DEFAULT = object()


@dataclass(frozen=True, slots=True)
class MoveStats:
    """One move's figures, for the player making it.

    ``games``: master games that played it here (0 for a move only the book
    suggests); ``score``: their average final disc difference (the FFO rule,
    empty squares to the winner), ``None`` when no game played it; ``value``:
    the book's backed-up value in discs, ``None`` outside the book.
    """

    games: int
    score: float | None
    value: float | None


@dataclass(frozen=True, slots=True)
class Exploration:
    """A position's moves (square name -> figures), the opening's name, how many games reached it, the source."""

    moves: dict[str, MoveStats]
    name: str | None
    total_games: int
    source: Source
    credit: str = CREDIT
    """Where the games come from, to show with the figures."""
    twins: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """A move shown for others the position's symmetry makes the same (``'f5'``: ``('c4', 'd3', 'e6')``)."""
    coverage: Coverage = "counted"
    """``'counted'``: the counts are all the source knows of this position (no move: no game went on);
    ``'counting'``: the full index is being built, these are the book's counts meanwhile; ``'beyond'``: the
    position is deeper than the source counts (``depth`` moves); ``'rare'``: the book's counts, and fewer than
    ``depth`` games reached the position (the book keeps no position fewer reached)."""
    depth: int = 0
    """With ``'beyond'``, the moves the source covers; with ``'rare'``, the games a book position needs."""

    def ranked(self) -> list[tuple[str, MoveStats]]:
        """The moves, most played first (then best book value, then by name); mirrored twins once, in ``twins``."""
        def order(item: tuple[str, MoveStats]) -> tuple[int, float, str]:
            name, stats = item
            return (-stats.games, -(stats.value if stats.value is not None else -99.0), name)

        hidden = {twin for twins in self.twins.values() for twin in twins}
        return sorted(((name, stats) for name, stats in self.moves.items() if name not in hidden), key=order)

    def share(self, stats: MoveStats) -> str:
        """A move's share of the games that reached the position: ``'62%'``, ``'<1%'`` for a few, '' for none."""
        return share_label(stats.games, self.total_games)


def share_label(games: int, total: int) -> str:
    """``games`` of ``total`` as a percentage that never reads 0% for some games nor 100% for not all."""
    if not games or not total:
        return ""
    percent = 100 * games / total
    if percent < 0.5:
        return pgettext("percent", "<{n}%").format(n=1)
    if percent >= 99.5 and games < total:
        return pgettext("percent", ">{n}%").format(n=99)
    return pgettext("percent", "{n}%").format(n=f"{percent:.0f}")


def reach_words(data: Exploration) -> str | None:
    """What the counts leave out, when that is the news: the index is still being counted, the position is
    beyond its depth, fewer games than the book keeps reached it, or (all counted) none went on. ``None``
    when the counts show moves and are the whole truth."""
    if data.coverage == "counting":
        return _("Counting the games' openings…")
    if data.coverage == "beyond":
        return _("Beyond the explorer's index (move {n})").format(n=data.depth)
    if data.coverage == "rare" and not data.moves:
        return ngettext("Fewer than {n} master game reached this position (the opening book's counts)",
                        "Fewer than {n} master games reached this position (the opening book's counts)",
                        data.depth).format(n=data.depth)
    if not data.moves:
        return _("No master game went on from here")
    return None


def _twins(position: Position, squares: Sequence[int]) -> dict[str, tuple[str, ...]]:
    """The moves the position's own symmetry makes one: the name shown -> the other names."""
    _, _, symmetries = canonical(position.player, position.opponent)
    if len(symmetries) == 1:
        return {}
    groups: dict[int, list[str]] = {}
    for square in squares:
        groups.setdefault(canonical_move(symmetries, square), []).append(square_name(square))
    return {max(names): tuple(sorted(n for n in names if n != max(names)))
            for names in groups.values() if len(names) > 1}


def _book_moves(position: Position) -> dict[int, BookMove]:
    try:
        return default_book().lookup(position.player, position.opponent)
    except BookError:  # a damaged book file: the explorer still shows the games
        return {}


def _book_reach(position: Position, index: object, pending: bool) -> tuple[Coverage, int]:
    """Why the book answers, and how far that is the truth: the index is coming, too deep, too few games."""
    if pending:
        return "counting", 0
    ply = (position.player | position.opponent).bit_count() - 4
    if isinstance(index, PositionIndex) and ply >= index.plies:
        return "beyond", index.plies
    try:
        info = default_book().info
    except BookError:
        return "counted", 0
    if ply >= info.plies:
        return "beyond", info.plies
    return "rare", info.min_games


def _total(position: Position, games_of: dict[int, int]) -> int:
    """Games that played a move here, each counted once (symmetric twins of a move share one count)."""
    _, _, symmetries = canonical(position.player, position.opponent)
    once: dict[int, int] = {}
    for square, games in games_of.items():
        once[canonical_move(symmetries, square)] = games
    return sum(once.values())


def _name(position: Position, line: Sequence[int] | None) -> str | None:
    if line is not None:
        return opening_name(line)
    named = named_openings().named(position)
    return named.name if named is not None else None


def explore(
    position: Position,
    *,
    line: Sequence[int] | None = None,
    index: PositionIndex | None | object = _DEFAULT,
) -> Exploration:
    """What master games played in ``position``, with the book's values and the opening's name.

    ``line``: the moves from the standard start that led here, when known
    (the name is then the deepest named opening the line passed through,
    as the game shows it); otherwise the name of exactly this position.
    ``index``: the position index to count from; by default the shared one
    when it is loaded (``game.library.service.shared().index``), else the
    book; ``None`` forces the book. ``coverage`` says what the book's counts
    leave out: the shared index still being built, a position deeper than
    the source counts, or one too few games reached for the book.
    """
    pending = False
    if index is _DEFAULT:
        from game.library.service import index_pending, loaded_index

        index = loaded_index()
        pending = index is None and index_pending()
    book = _book_moves(position)
    name = _name(position, line)
    counted = index.lookup(position.player, position.opponent) if isinstance(index, PositionIndex) else None
    if counted is None:  # the book alone (no index, or beyond its plies)
        moves = {square_name(sq): MoveStats(e.games, e.score, e.value) for sq, e in book.items()}
        total = _total(position, {sq: e.games for sq, e in book.items()})
        coverage: Coverage = "counted"
        depth = 0
        if pending or not book:
            coverage, depth = _book_reach(position, index, pending)
        return Exploration(moves, name, total, "book", twins=_twins(position, sorted(book)), coverage=coverage,
                           depth=depth)
    stats: dict[str, MoveStats] = {}
    for sq in sorted(set(counted) | set(book)):
        games, result_sum = counted.get(sq, (0, 0))
        entry = book.get(sq)
        score = result_sum / games if games else None
        stats[square_name(sq)] = MoveStats(games, score, entry.value if entry is not None else None)
    total = _total(position, {sq: games for sq, (games, _) in counted.items()})
    return Exploration(stats, name, total, "index", twins=_twins(position, sorted(set(counted) | set(book))))
