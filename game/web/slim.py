"""The browser's copy of the Python code without docstrings and comments, line for line.

The packed app has a budget of 1.5 MB (``figures.BUDGET_BYTES``) and about a
third of the code's bytes are documentation, which the game never reads at
run time (nothing in the packed app looks at ``__doc__``). The web build
packs a staged copy of the app whose ``.py`` files went through ``slim``:

* every docstring and every other string statement (the attribute notes
  under dataclass fields) becomes ``""``, but a class's docstring ``" "``:
  ``dataclass`` writes a signature into an empty one (``inspect.signature``,
  most of a millisecond a class in the page, at the game's start);
* every comment goes, except an inline script metadata block (PEP 723,
  ``# /// script``): pygbag reads ``main.py``'s to know what to install
  (pygame-ce) before it runs it.

Each line stays on its line number, so a traceback from the browser points
at the same line of the repository's file. The result is checked by
compiling it; a file that does not parse is left as it is.

>>> print(slim('def f():\\n    "Say hi."  # a note\\n    return 1  # one\\n'))
def f():
    ""
    return 1
<BLANKLINE>
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path


def _string_statements(tree: ast.AST) -> list[ast.Expr]:
    """Every statement that is a bare string: docstrings, and notes under fields and constants."""
    return [node for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)]


METADATA_BLOCK = re.compile(r"(?m)^# /// (?P<type>[a-zA-Z0-9-]+)$\s(?P<content>(^#(| .*)$\s)+)^# ///$")
"""An inline script metadata block (PEP 723's own expression): kept, since installers read it."""


def metadata_rows(source: str) -> set[int]:
    """The line numbers (from 1) of the metadata blocks in ``source``."""
    rows: set[int] = set()
    for match in METADATA_BLOCK.finditer(source):
        first = source.count("\n", 0, match.start()) + 1
        rows.update(range(first, first + match.group(0).count("\n") + 1))
    return rows


def _without_comments(source: str) -> str:
    """``source`` with its comments (but not its metadata blocks) removed and trailing spaces trimmed, line for line."""
    lines = source.splitlines(keepends=True)
    kept = metadata_rows(source)
    cuts: dict[int, int] = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT and token.start[0] not in kept:
            cuts[token.start[0]] = token.start[1]
    for row, column in cuts.items():
        line = lines[row - 1]
        ending = line[len(line.rstrip("\r\n")):]
        lines[row - 1] = line[:column].rstrip() + ending
    return "".join(lines)


def slim(source: str) -> str:
    """``source`` without docstrings, string statements and comments; the same number of lines.

    Returns ``source`` unchanged if it does not parse (it would not run either).
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source
    lines = source.splitlines(keepends=True)
    # ast's columns count UTF-8 bytes: edit the lines as bytes
    encoded = [line.encode("utf-8") for line in lines]
    class_docstrings = {id(node.body[0]) for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}
    for node in sorted(_string_statements(tree), key=lambda n: (n.lineno, n.col_offset), reverse=True):
        first, last = node.lineno - 1, (node.end_lineno or node.lineno) - 1
        start, end = node.col_offset, node.end_col_offset or 0
        head, tail = encoded[first][:start], encoded[last][end:]
        blank = b'" "' if id(node) in class_docstrings else b'""'
        encoded[first:last + 1] = [head + blank + (b"\n" if last > first else tail)] + [b"\n"] * (last - first - 1) + (
            [tail] if last > first else [])
    result = _without_comments(b"".join(encoded).decode("utf-8"))
    try:
        compile(result, "<slim>", "exec", dont_inherit=True)
    except SyntaxError:
        return source
    return result


def slim_tree(root: Path) -> tuple[int, int]:
    """Slim every ``.py`` file under ``root`` in place; the bytes before and after."""
    before = after = 0
    for path in sorted(root.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        slimmed = slim(source)
        before += len(source.encode("utf-8"))
        after += len(slimmed.encode("utf-8"))
        if slimmed != source:
            path.write_text(slimmed, encoding="utf-8")
    return before, after
