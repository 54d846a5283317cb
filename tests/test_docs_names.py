"""Every name the docs point into the code with still exists (read with ``ast``; nothing is imported).

The docs (``docs/*.md`` and ``README.md``) name the code in backticks. A span
is checked when it clearly points into the project; the rule, applied to each
backticked span outside fenced code blocks:

- A name in ``NOT_THE_GAMES`` (the browser's, pygbag's) is not checked.
- Call parentheses are dropped with what is in them: ``analyze(position, 3)``
  is ``analyze``.
- What is left is not checked if it has a space in it (prose or a shell
  command: ``python -m game.cli solve``), a ``<``, ``*`` or ``...`` (a
  pattern), or starts with ``-`` (a command-line flag).
- A path under ``game/``, ``tools/``, ``bench/``, ``tests/`` or ``docs/``
  must exist, unless ``.gitignore`` names it (it is generated) or it exists
  only in a built package (``BUILT_ONLY``); if it does not, a last part
  ``module.attr`` is read as a module file and one of its names
  (``game/ai/thinking.load_ahead``).
- A dotted name ending in a file extension (``window.json``, ``book.py``) is a
  file name: a ``.py`` one must be a file somewhere in the project; other
  files are not checked.
- A dotted name starting with ``game``, ``tools`` or ``bench`` is a module
  path and the names inside it: ``game.ai.book.canonical`` must be a module
  and then a name defined in it (a function, a class, an assignment, an
  import, which is followed) and so on into classes (their methods, class
  attributes, ``self.x`` attributes and their bases').
- Any other dotted name, ``first.rest``, is the game's when ``first`` is not
  a standard-library module and names a module under ``game/`` (by its last
  part: ``font_file`` is ``game.ui.font_file``) or a class defined at the top
  of one (``Analyzer``): then ``rest`` must resolve in one of them. Names
  whose first part is nothing of the game (``window.localStorage``,
  ``asyncio.run``) are not checked.
- A lone call, ``name(...)``, is the game's when ``name`` is not a builtin:
  it must be defined somewhere in the project's Python (a function, method or
  class) or be a function of the page's JavaScript (``alert()``,
  ``fit_canvas()``).
"""

from __future__ import annotations

import ast
import builtins
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
DOCS = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]

PATH_ROOTS = ("game/", "tools/", "bench/", "tests/", "docs/")
"""A span starting with one of these is a path in the repository."""
PACKAGE_ROOTS = ("game", "tools", "bench")
"""A dotted name starting with one of these is a module path."""
FILE_EXTENSIONS = {"py", "json", "js", "mjs", "md", "txt", "bin", "gz", "xz", "zip", "html", "wasm", "toml", "ini",
                   "tmpl", "png", "ogg", "wav", "otf", "ttf", "webmanifest", "data", "mo", "po", "pot", "tsv", "obf",
                   "ggf", "sgf", "pgn", "wtb", "csv", "apk", "svg", "css", "yml", "yaml", "cfg", "spec", "zst"}
"""A dotted name ending in one of these is a file name, not a Python name."""
JAVASCRIPT = ("game/web", "index.html", "tests/page")
"""Where the page's JavaScript functions are defined (for lone calls like ``fit_canvas()``)."""
NOT_THE_GAMES = {
    "alert": "the browser's", "decodeURI": "the browser's", "register": "the browser's service worker's",
    "custom_site": "pygbag's boot code", "window_resize": "pygbag's", "cpythonrc.py": "pygbag's loader",
}
"""Names the docs give that look like the game's but belong to the browser or to pygbag."""
BUILT_ONLY = {"game/assets": "setup.py maps the top-level assets/ there in the built package"}
"""Paths that exist only in a built package (a path in ``.gitignore`` is a generated one too)."""

SPAN = re.compile(r"`([^`\n]+)`")
FENCE = re.compile(r"^\s*```.*?^\s*```", re.MULTILINE | re.DOTALL)
DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
CALL = re.compile(r"([^()\s]+)\(.*\)")
IDENTIFIER = re.compile(r"[A-Za-z_]\w*")


@dataclass(frozen=True)
class Mention:
    """A backticked name in a doc and what it must resolve to."""

    doc: str
    line: int
    span: str
    name: str
    kind: str  # "path", "file", "module", "short" or "call"


def spans(text: str) -> Iterator[tuple[int, str]]:
    """``(line, span)`` for each backticked span outside fenced code blocks."""
    text = FENCE.sub(lambda match: "\n" * match.group(0).count("\n"), text)
    for match in SPAN.finditer(text):
        yield text.count("\n", 0, match.start()) + 1, match.group(1)


def classify(span: str) -> tuple[str, str] | None:
    """``(kind, name)`` for a span that points into the code, else ``None`` (see the module's rule)."""
    span = span.strip()
    call = CALL.fullmatch(span)
    name = call.group(1) if call else span
    if not name or any(c.isspace() for c in name) or any(p in name for p in ("<", "*", "...", "…")):
        return None
    if name.startswith("-") or name in NOT_THE_GAMES:
        return None
    if name.startswith(PATH_ROOTS):
        return "path", name.rstrip("/")
    if "/" in name:
        return None
    if IDENTIFIER.fullmatch(name):
        return ("call", name) if call and not hasattr(builtins, name) else None
    if not DOTTED.fullmatch(name):
        return None
    first, last = name.partition(".")[0], name.rpartition(".")[2]
    if last in FILE_EXTENSIONS:
        return ("file", name) if last == "py" else None
    if first in PACKAGE_ROOTS:
        return "module", name
    if first in sys.stdlib_module_names:
        return None
    return "short", name


def mentions(docs: list[Path] = DOCS) -> Iterator[Mention]:
    """Every checked name in the docs."""
    for doc in docs:
        for line, span in spans(doc.read_text(encoding="utf-8")):
            found = classify(span)
            if found:
                yield Mention(doc.relative_to(ROOT).as_posix(), line, span, found[1], found[0])


# -- the code, read with ast -------------------------------------------------------------------------


@dataclass
class Scope:
    """The names bound in a module or a class body (a name -> its node, or a module it comes from)."""

    module: str
    names: dict[str, ast.AST | tuple[str, str | None]] = field(default_factory=dict)
    bases: list[ast.expr] = field(default_factory=list)
    is_module: bool = False


@cache
def module_paths() -> dict[str, Path]:
    """``game.ai.book`` -> its file, for the game, the tools and the benchmarks."""
    found = {}
    for root in PACKAGE_ROOTS:
        for path in sorted((ROOT / root).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
        found.setdefault(root, ROOT / root)  # tools and bench are directories of scripts
    return found


@cache
def tree(module: str) -> ast.Module:
    path = module_paths()[module]
    if path.is_dir():
        return ast.Module(body=[], type_ignores=[])
    return ast.parse(path.read_text(encoding="utf-8"))


def bind_statements(scope: Scope, body: list[ast.stmt], package: str) -> None:
    """Bind what ``body``'s statements define, looking into ``if``/``try``/``with`` blocks."""
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            scope.names[node.name] = node
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        scope.names[name.id] = node
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    scope.names[alias.asname] = (alias.name, None)
                else:
                    first = alias.name.partition(".")[0]
                    scope.names[first] = (first, None)
        elif isinstance(node, ast.ImportFrom):
            source = node.module or ""
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            for alias in node.names:
                scope.names[alias.asname or alias.name] = (source, alias.name)
        elif isinstance(node, (ast.If, ast.Try, ast.With, ast.For)):
            for block in ("body", "orelse", "finalbody"):
                bind_statements(scope, getattr(node, block, []), package)
            for handler in getattr(node, "handlers", []):
                bind_statements(scope, handler.body, package)


@cache
def module_scope(module: str) -> Scope:
    path = module_paths()[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    scope = Scope(module, is_module=True)
    bind_statements(scope, tree(module).body, package)
    return scope


def class_scope(module: str, node: ast.ClassDef) -> Scope:
    """A class's body, its methods' ``self.x`` attributes and its bases (resolved in ``module``)."""
    scope = Scope(module, bases=list(node.bases))
    bind_statements(scope, node.body, module)
    for method in node.body:
        if isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for sub in ast.walk(method):
                if (isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store)
                        and isinstance(sub.value, ast.Name) and sub.value.id == "self"):
                    scope.names.setdefault(sub.attr, sub)
    return scope


def lookup(scope: Scope, name: str, seen: frozenset[int] = frozenset()) -> Scope | ast.AST | None:
    """What ``name`` is in ``scope``: a scope to go on in, a leaf node, or ``None`` when it is not there."""
    bound = scope.names.get(name)
    if bound is None and scope.is_module:
        submodule = f"{scope.module}.{name}"
        return module_scope(submodule) if submodule in module_paths() else None
    if bound is None:
        for base in scope.bases:
            resolved = expression(scope.module, base, seen)
            if isinstance(resolved, Scope) and id(resolved) not in seen:
                found = lookup(resolved, name, seen | {id(resolved)})
                if found is not None:
                    return found
        return None
    return value(scope.module, bound, seen)


def value(module: str, bound: ast.AST | tuple[str, str | None], seen: frozenset[int]) -> Scope | ast.AST | None:
    """A binding made a scope (a class, a module) or left a leaf."""
    if isinstance(bound, tuple):
        source, name = bound
        if name is None:
            return module_scope(source) if source in module_paths() else ast.Pass()
        if f"{source}.{name}" in module_paths():
            return module_scope(f"{source}.{name}")
        if source in module_paths():
            return lookup(module_scope(source), name, seen)
        return ast.Pass()  # from outside the project: exists, nothing to look into
    if isinstance(bound, ast.ClassDef):
        return class_scope(module, bound)
    return bound


def expression(module: str, node: ast.expr, seen: frozenset[int]) -> Scope | ast.AST | None:
    """A base class's expression (``Scene``, ``base.Scene``) resolved in ``module``."""
    if isinstance(node, ast.Name):
        return lookup(module_scope(module), node.id, seen)
    if isinstance(node, ast.Attribute):
        outer = expression(module, node.value, seen)
        return lookup(outer, node.attr, seen) if isinstance(outer, Scope) else None
    return None


def resolve(scope: Scope | ast.AST | None, parts: list[str]) -> bool:
    """Whether ``parts`` name something, one after the other, from ``scope``."""
    for part in parts:
        if not isinstance(scope, Scope):
            return False
        scope = lookup(scope, part)
        if scope is None:
            return False
    return True


@cache
def game_modules_by_last_part() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for module in module_paths():
        if module.startswith("game."):
            found.setdefault(module.rpartition(".")[2], []).append(module)
    return found


@cache
def game_classes() -> dict[str, list[tuple[str, ast.ClassDef]]]:
    """Each class defined at the top of a game module -> where."""
    found: dict[str, list[tuple[str, ast.ClassDef]]] = {}
    for module in module_paths():
        if module.startswith("game"):
            for node in tree(module).body:
                if isinstance(node, ast.ClassDef):
                    found.setdefault(node.name, []).append((module, node))
    return found


@cache
def defined_anywhere() -> frozenset[str]:
    """Every function, method and class name in the project's Python, and the page's JavaScript functions."""
    names = set()
    for path in module_paths().values():
        if path.is_file():
            names.update(re.findall(r"^\s*(?:async\s+)?(?:def|class)\s+(\w+)", path.read_text(encoding="utf-8"),
                                    re.MULTILINE))
    for place in JAVASCRIPT:
        path = ROOT / place
        files = [path] if path.is_file() else [*path.rglob("*.js"), *path.rglob("*.py"), *path.rglob("*.html"),
                                               *path.rglob("*.tmpl")]
        for file in files:
            text = file.read_text(encoding="utf-8", errors="replace")
            names.update(re.findall(r"function\s+([A-Za-z_$][\w$]*)", text))
            names.update(re.findall(r"([A-Za-z_$][\w$]*)\s*=\s*(?:async\s*)?(?:function|\()", text))
    return frozenset(names)


def is_known_short(name: str) -> bool | None:
    """Whether a short ``first.rest`` resolves; ``None`` when ``first`` names nothing of the game."""
    first, *rest = name.split(".")
    candidates: list[Scope] = [module_scope(module) for module in game_modules_by_last_part().get(first, [])]
    candidates += [class_scope(module, node) for module, node in game_classes().get(first, [])]
    if not candidates:
        return None
    return any(resolve(candidate, rest) for candidate in candidates)


def is_known_module_name(name: str) -> bool:
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        module = ".".join(parts[:cut])
        if module in module_paths():
            return resolve(module_scope(module), parts[cut:])
    return False


@cache
def ignored() -> frozenset[str]:
    """The paths ``.gitignore`` names literally (the generated files the docs may name)."""
    lines = (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip().rstrip("/") for line in lines if "/" in line.strip().rstrip("/"))


def is_known_path(name: str) -> bool:
    if (ROOT / name).exists() or name in ignored() or name in BUILT_ONLY:
        return True
    folder, _, last = name.rpartition("/")
    stem, dot, attribute = last.partition(".")
    if not dot or not IDENTIFIER.fullmatch(stem):
        return False
    module = ".".join([*Path(folder).parts, stem])
    return module in module_paths() and resolve(module_scope(module), attribute.split("."))


@cache
def python_file_names() -> frozenset[str]:
    skip = {".git", "build", "node_modules", ".venv", "dist"}
    return frozenset(path.name for path in ROOT.rglob("*.py") if not skip & set(path.relative_to(ROOT).parts))


def is_known(mention: Mention) -> bool | None:
    """Whether the mention resolves; ``None`` for a short name or a call that is not the game's."""
    if mention.kind == "path":
        return is_known_path(mention.name)
    if mention.kind == "file":
        return mention.name in python_file_names()
    if mention.kind == "module":
        return is_known_module_name(mention.name)
    if mention.kind == "short":
        return is_known_short(mention.name)
    return mention.name in defined_anywhere()


# -- the tests ------------------------------------------------------------------------------------------


def test_every_name_the_docs_give_the_code_exists() -> None:
    checked, stale = 0, []
    for mention in mentions():
        known = is_known(mention)
        if known is None:
            continue
        checked += 1
        if not known:
            stale.append(f"{mention.doc}:{mention.line}: `{mention.span}`")
    assert stale == [], "names in the docs that the code no longer has:\n" + "\n".join(stale)
    assert checked > 300  # the rule still reaches the docs' names


def test_the_rule_finds_good_names_and_flags_wrong_ones() -> None:
    def check(span: str) -> bool | None:
        found = classify(span)
        return None if found is None else is_known(Mention("", 0, span, found[1], found[0]))

    assert check("game.ai.book.canonical") is True
    assert check("game.ai.Analyzer.analyses") is True  # through the door's import into thinking
    assert check("game/ai/thinking.py") is True
    assert check("game/ai/thinking.load_ahead") is True
    assert check("font_file.font_problem") is True
    assert check("Analyzer.analyze(position, 3)") is True
    assert check("Scene.resume()") is True
    assert check("Phase.OVER") is True  # an enum member
    assert check("search_limits.py") is True
    assert check("think(position, level)") is True
    assert check("fit_canvas()") is True  # the page's JavaScript

    assert check("game.ai.no_such_name") is False
    assert check("game.ai.Analyzer.analyse") is False
    assert check("game/ai/no_such_module.py") is False
    assert check("font_file.no_such_problem") is False
    assert check("Scene.go") is False
    assert check("analyse(position)") is False
    assert check("no_such_module.py") is False
    assert check("game/share_base.txt") is True  # generated: .gitignore names it

    for outside in ("python -m game.cli solve", "window.json", "--time", "asyncio.run", "window.localStorage",
                    "game/locale/<code>.mo", "len(moves)", "platform.fopen", "alert()"):
        assert check(outside) is None, outside


def test_fenced_code_blocks_are_left_alone() -> None:
    text = "one `game.ai`\n```\n`game.nothing`\n```\nthree `game.engine`\n"
    assert list(spans(text)) == [(1, "game.ai"), (5, "game.engine")]
