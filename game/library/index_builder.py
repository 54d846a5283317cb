"""Building the explorer's position index (``game.library.positions``) from a table of games.

``IndexBuilder`` builds it from a ``GameTable`` one ply at a time in bounded
steps (``advance(max_ms)``), so a scene can spread the work over frames and
show ``progress``.

Pure Python; nothing here imports pygame.
"""

from __future__ import annotations

import array
from dataclasses import dataclass, field
from itertools import accumulate

from game.ai import stepwise
from game.engine.bitboard import FLIPPERS
from game.engine.position import START_BLACK, START_WHITE
from game.library.database import GameTable
from game.library.positions import PLIES, PlyTable, PositionIndex

_SQUARE = {f"{c}{r}": (r - 1) * 8 + "abcdefgh".index(c) for c in "abcdefgh" for r in range(1, 9)}


@dataclass
class IndexBuilder:
    """Builds a ``PositionIndex`` from a table, ply by ply: call ``advance(max_ms)`` until it returns ``True``.

    Each ply has three phases: the games are grouped by their first moves (a
    dict of transcript prefixes, so a line that thousands of games share is
    replayed once); each distinct line is played one move further and its
    games' counts are added to the position it left; the ply's positions are
    sorted into its table.
    """

    table: GameTable
    plies: int = PLIES
    index: PositionIndex | None = None
    # The work in progress is kept in plain ints (no tuples or lists per line or position), which
    # the cyclic garbage collector does not track: with a tuple per line, its full collections over
    # a million live objects stalled a slice for 100-700 ms.
    _ply: int = 0
    _at: int = 0
    _done_steps: int = 0
    _total_steps: int = 0
    _positions: dict[str, int] = field(default_factory=dict)
    """Line (moves text) -> the position after it: player | opponent << 64 | (Black to move) << 128."""
    _next: dict[str, int] = field(default_factory=dict)
    _lines: dict[str, int] = field(default_factory=dict)
    """Line one move longer -> games << 40 plus the sum of Black's results (``_count_sum``)."""
    _edges: list[str] | None = None
    _stats: dict[int, int | list[int]] = field(default_factory=dict)
    """Position (player << 64 | opponent) -> one packed move (``_pack_move``) or a list of them."""
    _tables: list[PlyTable] = field(default_factory=list)
    _maker: _TableMaker | None = None
    _skipped: int = 0

    def __post_init__(self) -> None:
        games = self.table.games
        self._total_steps = sum(2 * min(self.plies, g.move_count) for g in games) or 1
        # each game's moves and its count (its row << 80, one game, Black's result), read once
        self._rows = [(g.moves, i << 80 | _ONE_GAME + g.black_margin) for i, g in enumerate(games)]
        self._shared = list(range(len(games)))
        """The games still sharing their line with another (grouped by line each ply)."""
        self._alone = bytearray(len(games))
        """1 for a game alone on its line (played on by itself) or left out."""
        self._solo_games: list[int] = []
        """The games alone on their lines, and (``_solo_positions``) the position each has reached."""
        self._solo_positions: list[int] = []
        self._next_solo_games: list[int] = []
        self._next_solo_positions: list[int] = []
        self._solo_at = 0
        self._positions = {"": START_BLACK | START_WHITE << 64 | 1 << 128}
        self._job = stepwise(lambda: self._step(1000), lambda: self.index is not None)

    @property
    def done(self) -> bool:
        """Whether the index is built."""
        return self.index is not None

    @property
    def progress(self) -> float:
        """The share of the work done, 0 to 1 (counted in games' moves)."""
        if self.index is not None:
            return 1.0
        return min(1.0, self._done_steps / self._total_steps)

    def advance(self, max_ms: float) -> bool:
        """Work for about ``max_ms`` milliseconds (at least one step of 1,000 games or lines); ``True`` when built."""
        self._job.advance(max_ms)
        return self.index is not None

    def run(self) -> PositionIndex:
        """Build at once."""
        self._job.run_until(None)
        assert self.index is not None
        return self.index

    def _step(self, count: int) -> None:
        if self._ply >= self.plies or not (self._positions or self._solo_games):
            self.index = PositionIndex(
                self.plies, len(self.table.games), self.table.stamp, self._tables, self._skipped
            )
            while len(self.index.tables) < self.plies:  # no game got this far (a tiny table)
                self.index.tables.append(_ply_table({}))
            return
        if self._maker is not None:  # phase 4: the ply's table, in slices
            table = self._maker.step(5 * count)
            if table is not None:
                self._tables.append(table)
                self._maker = None
                self._ply += 1
        elif self._edges is None:
            self._group(count)
        elif self._at < len(self._edges):
            self._play(count)
        else:
            self._play_solos(count)

    def _group(self, count: int) -> None:
        """Phase 1: count the games (and Black's results) of every line one move longer than this ply.

        Only the games that still share their line with another: a game alone on its line is played on
        by itself (``_play_solos``), without making its line's text again at every ply.
        """
        rows, shared = self._rows, self._shared
        cut = 2 * self._ply + 2
        lines = self._lines
        get = lines.get
        end = min(len(shared), self._at + count)
        for g in shared[self._at : end]:
            moves, one = rows[g]
            if len(moves) >= cut:
                line = moves[:cut]
                lines[line] = get(line, 0) + one
        self._done_steps += end - self._at
        self._at = end
        if end >= len(shared):
            self._edges, self._at = list(lines), 0

    def _play(self, count: int) -> None:
        """Phase 2: play each line's last move from the position it left, and count it there."""
        assert self._edges is not None
        edges = self._edges
        at2 = 2 * self._ply
        parent_of, stats, following, lines = self._positions.get, self._stats, self._next, self._lines
        flippers, square_of = FLIPPERS, _SQUARE
        alone, solo_games, solo_positions = self._alone, self._next_solo_games, self._next_solo_positions
        bias, mask = _SUM_BIAS, _MASK
        end = min(len(edges), self._at + count)
        done = 0
        for line in edges[self._at : end]:
            packed = lines[line]  # _count_sum, inlined (as _pack_move below): a call per line is a tenth of the build
            games = (packed + bias) >> 40
            game = games >> 40  # with one game, its row (``_rows``); else a sum of rows, unused
            games &= _GAMES_MASK
            black_sum = packed - (games << 40) - (game << 80)
            done += games
            parent = parent_of(line[:at2])
            if parent is None:  # the line left the rules earlier
                continue
            p, o, black = parent & mask, parent >> 64 & mask, parent >> 128
            sq = square_of[line[at2:]]
            f = flippers[sq](p, o)
            if not f:  # the side to move has no move and passes (or the move is illegal)
                p, o, black = o, p, 1 - black
                f = flippers[sq](p, o)
            if not f or (p | o) >> sq & 1:
                self._skipped += games
                if games == 1:
                    alone[game] = 1
                continue
            key = p << 64 | o
            entry = sq | games << 6 | ((black_sum if black else -black_sum) + bias) << 32
            moves = stats.get(key)
            if moves is None:
                stats[key] = entry
            elif isinstance(moves, int):
                stats[key] = [moves, entry]  # another move, or the same one by another move order
            else:
                moves.append(entry)
            after = (o ^ f) | (p | f | (1 << sq)) << 64 | (1 - black) << 128
            if games == 1:  # alone from here on: played on by itself
                alone[game] = 1
                solo_games.append(game)
                solo_positions.append(after)
            else:
                following[line] = after
        self._done_steps += done
        self._at = end

    def _play_solos(self, count: int) -> None:
        """Phase 3: play this ply's move of each game alone on its line, and count it; then the ply's table."""
        rows, stats, games, positions = self._rows, self._stats, self._solo_games, self._solo_positions
        keep_games, keep_positions = self._next_solo_games, self._next_solo_positions
        at2 = 2 * self._ply
        cut = at2 + 2
        flippers, square_of = FLIPPERS, _SQUARE
        bias, mask = _SUM_BIAS, _MASK
        end = min(len(games), self._solo_at + count)
        for i in range(self._solo_at, end):
            moves, one = rows[games[i]]
            if len(moves) < cut:
                continue
            position = positions[i]
            p, o, black = position & mask, position >> 64 & mask, position >> 128
            sq = square_of[moves[at2:cut]]
            f = flippers[sq](p, o)
            if not f:
                p, o, black = o, p, 1 - black
                f = flippers[sq](p, o)
            if not f or (p | o) >> sq & 1:
                self._skipped += 1
                continue
            margin = (one & _LINE_MASK) - _ONE_GAME
            key = p << 64 | o
            entry = sq | 1 << 6 | ((margin if black else -margin) + bias) << 32
            moves_here = stats.get(key)
            if moves_here is None:
                stats[key] = entry
            elif isinstance(moves_here, int):
                stats[key] = [moves_here, entry]
            else:
                moves_here.append(entry)
            keep_games.append(games[i])
            keep_positions.append((o ^ f) | (p | f | (1 << sq)) << 64 | (1 - black) << 128)
        self._done_steps += 2 * (end - self._solo_at)
        self._solo_at = end
        if end >= len(games):
            self._maker = _TableMaker(stats)
            alone, following = self._alone, self._next
            rows = self._rows
            self._shared = [g for g in self._shared if not alone[g] and len(rows[g][0]) > cut]
            self._solo_games, self._solo_positions = keep_games, keep_positions
            self._next_solo_games, self._next_solo_positions = [], []
            self._positions, self._next, self._stats, self._lines = following, {}, {}, {}
            self._edges, self._at, self._solo_at = None, 0, 0


_MASK = (1 << 64) - 1
_GAMES_MASK = (1 << 40) - 1
_LINE_MASK = (1 << 80) - 1
"""A game's own count (``_rows``) is its row << 80 plus one game (``_ONE_GAME``) plus Black's result."""
_ONE_GAME = 1 << 40
_SUM_BIAS = 1 << 39
"""A line's games and sum of results in one int: games << 40 plus the sum (|sum| < 64 * 500,000 < 2**39)."""


def _count_sum(packed: int) -> tuple[int, int]:
    games = (packed + _SUM_BIAS) >> 40
    return games, packed - (games << 40)


def _pack_move(square: int, games: int, total: int) -> int:
    """A move's square, games and sum of the mover's results in one int."""
    return square | games << 6 | (total + _SUM_BIAS) << 32


def _unpack_move(packed: int) -> tuple[int, int, int]:
    return packed & 63, packed >> 6 & 0x3FFFFFF, (packed >> 32) - _SUM_BIAS


class _TableMaker:
    """One ply's table from its counts, a slice of positions at a time (the largest plies have 130,000)."""

    def __init__(self, stats: dict[int, int | list[int]]) -> None:
        self.stats = stats
        self.order: list[int] | None = None  # sorted in a step of its own (about 50 ms for 130,000)
        self.at = 0
        self.counts = bytearray()
        self.squares = bytearray()
        self.games: array.array[int] = array.array("I")
        self.sums: array.array[int] = array.array("i")
        self.keys: array.array[int] = array.array("Q")

    def step(self, count: int) -> PlyTable | None:
        """Sort the positions (the first step), then add ``count`` of them a step; the table once all are in."""
        if self.order is None:
            self.order = sorted(self.stats)
            if self.order:
                return None
        stats, bias = self.stats, _SUM_BIAS
        end = min(len(self.order), self.at + count)
        chunk = self.order[self.at : end]
        flat: list[int] = []  # the chunk's moves, packed; unpacked into the columns below a column at a time
        add, add_count = flat.append, self.counts.append
        for moves in [stats[key] for key in chunk]:
            if isinstance(moves, int):  # most positions have one move
                add(moves)
                add_count(1)
                continue
            merged: dict[int, list[int]] = {}
            for packed in moves:  # the same move by different move orders is one entry
                sq, played, total = _unpack_move(packed)
                entry = merged.setdefault(sq, [0, 0])
                entry[0] += played
                entry[1] += total
            add_count(len(merged))
            for sq in sorted(merged):
                add(_pack_move(sq, merged[sq][0], merged[sq][1]))
        self.squares += bytes([v & 63 for v in flat])
        self.games.extend([v >> 6 & 0x3FFFFFF for v in flat])
        self.sums.extend([(v >> 32) - bias for v in flat])
        pairs: list[int] = [0] * (2 * len(chunk))
        pairs[0::2] = [key >> 64 for key in chunk]
        pairs[1::2] = [key & _MASK for key in chunk]
        self.keys.extend(pairs)
        self.at = end
        if end < len(self.order):
            return None
        return PlyTable(self.keys, list(accumulate(self.counts, initial=0)), bytes(self.squares), self.games,
                        self.sums)


def _ply_table(stats: dict[int, int | list[int]]) -> PlyTable:
    """One ply's table at once."""
    table = _TableMaker(stats).step(len(stats))
    assert table is not None
    return table
