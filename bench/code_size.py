"""Lines of code per package of ``game/`` and the largest functions, for this checkout or a commit.

``python bench/code_size.py`` measures the working tree; ``python bench/code_size.py 6808c5b`` a commit
(read with ``git archive``, nothing is checked out). ``--top N`` lists N functions (default 5); ``--under
scenes,ui`` restricts that list to some packages.
"""

from __future__ import annotations

import argparse
import ast
import io
import subprocess
import tarfile
from collections import Counter
from pathlib import Path, PurePosixPath

REPO = Path(__file__).resolve().parent.parent


def sources(rev: str | None) -> dict[str, str]:
    """``game/**/*.py`` by path: from the working tree, or from commit ``rev``."""
    if rev is None:
        return {p.relative_to(REPO).as_posix(): p.read_text(encoding="utf-8") for p in (REPO / "game").rglob("*.py")}
    data = subprocess.run(["git", "-C", str(REPO), "archive", rev, "game"], capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as archive:
        return {m.name: archive.extractfile(m).read().decode("utf-8")  # type: ignore[union-attr]
                for m in archive if m.isfile() and m.name.endswith(".py")}


def package_of(path: str) -> str:
    """``game/play/match.py`` -> ``game/play``; a module at the top of ``game/`` -> ``game/ (top)``."""
    parts = PurePosixPath(path).parts
    return "game/ (top)" if len(parts) == 2 else f"{parts[0]}/{parts[1]}"


def main() -> None:
    """Print the table and the functions."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev", nargs="?", help="a commit (default: the working tree)")
    parser.add_argument("--top", type=int, default=5)
    parser.add_argument("--under", default="", help="packages for the function list, e.g. scenes,ui")
    args = parser.parse_args()
    files = sources(args.rev)
    lines: Counter[str] = Counter()
    modules: Counter[str] = Counter()
    functions: list[tuple[int, str]] = []
    wanted = {f"game/{name}" for name in args.under.split(",") if name}
    for path, text in sorted(files.items()):
        package = package_of(path)
        lines[package] += len(text.splitlines())
        modules[package] += 1
        if wanted and package not in wanted:
            continue
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                functions.append((node.end_lineno - node.lineno + 1, f"{path}:{node.name}"))  # type: ignore[operator]
    for package in sorted(lines):
        print(f"{package:22s} {lines[package]:7,d} lines  {modules[package]:3d} modules")
    print(f"{'total':22s} {sum(lines.values()):7,d} lines")
    for length, name in sorted(functions, reverse=True)[: args.top]:
        print(f"{length:4d}  {name}")


if __name__ == "__main__":
    main()
