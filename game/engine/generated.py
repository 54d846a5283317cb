"""Tables of functions generated from Python source, each compiled when first called.

Compiling the source is the cost (in the browser the game has no ``.pyc``):
about a quarter of a millisecond a function natively and three times that in
WebAssembly, so a table of 64 compiled at import would hold up the game's
start. A ``GeneratedTable``'s ``functions`` is a plain list (indexing it is
as fast as indexing a tuple); each entry starts as a stand-in that compiles
the real function, puts it in its place and calls it, so every later call
goes straight to the compiled one. ``compiling()`` compiles those not yet
called, one a step, for a warm-up spread over frames.

>>> table = GeneratedTable(lambda n: compiled(f"def times(p, o):\\n    return {n} * p + o", "times", "<times>"), 3)
>>> table.pending
3
>>> table.functions[2](10, 1)
21
>>> table.pending
2
>>> sum(1 for _ in table.compiling())
2
>>> table.functions[0](10, 1)
1
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

Generated = Callable[[int, int], int]
"""A generated function: two bitboards in, an int (a bitboard, a score) out."""


def compiled(source: str, name: str, filename: str) -> Generated:
    """The function ``name`` that ``source`` defines, compiled (``filename`` names it in tracebacks)."""
    namespace: dict[str, Generated] = {}
    exec(compile(source, filename, "exec"), namespace)  # noqa: S102
    return namespace[name]


class GeneratedTable:
    """``functions[i]`` is ``make(i)``, made the first time it is called (or by ``compiling()``)."""

    def __init__(self, make: Callable[[int], Generated], size: int) -> None:
        self._make = make
        self._waiting = set(range(size))
        self.functions: list[Generated] = [self._stand_in(index) for index in range(size)]

    @property
    def pending(self) -> int:
        """How many functions are not compiled yet."""
        return len(self._waiting)

    def _stand_in(self, index: int) -> Generated:
        def first_call(p: int, o: int) -> int:
            return self._compile(index)(p, o)

        return first_call

    def _compile(self, index: int) -> Generated:
        """The real ``functions[index]``, compiled and put in its place unless it was already."""
        if index in self._waiting:
            self._waiting.discard(index)
            self.functions[index] = self._make(index)
        return self.functions[index]

    def compiling(self) -> Iterator[None]:
        """Compile every function not compiled yet, one a step."""
        for index in sorted(self._waiting):
            self._compile(index)
            yield None
