"""Build the one-file desktop executable with PyInstaller: ``dist/othello`` (``othello.exe`` on Windows).

    python -m pip install ".[release]"      # PyInstaller and build
    python tools/build_executable.py        # -> dist/othello, then starts it headless once to check it

The executable is the ``othello`` command (``game.__main__``) with every
file the game reads at run time bundled next to the code, where the package
finds them: the fonts, their licence, the sounds and the icon as
``game/assets`` (``game.platform.resources``), and the package's own data (weights,
book, challenges, openings, the WTHOR games). ``package_data_files`` lists
them; tests/test_packaging.py checks that the list is the wheel's data files.
PyInstaller's work files go to ``build/pyinstaller``.

``--check`` only runs the smoke test on an executable already built;
``--no-check`` skips it. The smoke test plays a short script (menu, a
two-player game, back) with ``SDL_VIDEODRIVER=dummy`` in a temporary data
folder and prints the build time, the file's size and the run's time.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
WORK = REPO / "build" / "pyinstaller"
DIST = REPO / "dist"
NAME = "othello"
DATA_SUFFIXES = {".bin", ".json", ".txt", ".xz", ".gz", ".md", ".ttf", ".otf", ".mo", ".ogg", ".png"}
"""What the package data patterns of pyproject.toml let into the wheel."""
SKIPPED_DIRS = {"__pycache__", "web"}
"""game/web is the web build's tooling; nothing at run time reads it."""
EXCLUDED_MODULES = ["game.web", "pygbag", "tkinter", "numpy", "pytest", "hypothesis", "mypy", "ruff"]
ENTRY = "import sys\n\nfrom game.__main__ import main\n\nsys.exit(main())\n"
SMOKE_SCRIPT = """\
wait 10
expect menu
click two
expect game
wait 10
click menu
expect menu
wait 10
"""
SEPARATOR = ";" if os.name == "nt" else ":"


def package_data_files() -> list[tuple[Path, str]]:
    """(file, folder inside the bundle) for every data file the game reads, as the wheel lays them out."""
    found: list[tuple[Path, str]] = []
    for root, target in ((REPO / "game", "game"), (REPO / "assets", "game/assets")):
        for path in sorted(root.rglob("*")):
            relative = path.relative_to(root)
            if (path.is_file() and path.suffix in DATA_SUFFIXES and not SKIPPED_DIRS & set(relative.parts[:-1])
                    and not (root.name == "game" and relative.parts[0] == "assets")):
                found.append((path, str(Path(target, *relative.parts[:-1]).as_posix())))
    return found


def pyinstaller_command() -> list[str]:
    """The PyInstaller command line for the one-file build."""
    WORK.mkdir(parents=True, exist_ok=True)
    entry = WORK / f"{NAME}_entry.py"
    entry.write_text(ENTRY, encoding="utf-8")
    command = [sys.executable, "-m", "PyInstaller", "--onefile", "--noconfirm", "--clean", "--name", NAME,
               "--distpath", str(DIST), "--workpath", str(WORK / "work"), "--specpath", str(WORK),
               "--paths", str(REPO), "--log-level", "WARN"]
    if sys.platform in ("win32", "darwin"):
        command += ["--icon", str(REPO / "assets" / "icon.png")]  # Pillow converts it; Linux has no file icons
    if sys.platform == "win32":
        command.append("--noconsole")  # a desktop game: no console window behind it
    for module in EXCLUDED_MODULES:
        command += ["--exclude-module", module]
    for path, folder in package_data_files():
        command += ["--add-data", f"{path}{SEPARATOR}{folder}"]
    return [*command, str(entry)]


def executable() -> Path:
    """Where the build puts the executable."""
    return DIST / (f"{NAME}.exe" if sys.platform == "win32" else NAME)


def smoke_test(path: Path) -> float:
    """Start the executable headless through a menu click into a game and back; the seconds it took."""
    with tempfile.TemporaryDirectory() as temp:
        script = Path(temp, "smoke.txt")
        script.write_text(SMOKE_SCRIPT, encoding="utf-8")
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        started = time.perf_counter()
        completed = subprocess.run([str(path), "--data-dir", str(Path(temp, "data")), "--script", str(script),
                                    "--frames", "200"], cwd=temp, env=env, capture_output=True, text=True,
                                   timeout=300)
        seconds = time.perf_counter() - started
        if completed.returncode != 0 or not Path(temp, "data", "savegame.json").is_file():
            raise SystemExit(f"smoke test failed (status {completed.returncode}): {completed.stderr.strip()[-400:]}")
    return seconds


def main(argv: list[str] | None = None) -> int:
    """Build (unless ``--check``), then smoke-test (unless ``--no-check``); prints the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="only smoke-test the executable already built")
    mode.add_argument("--no-check", action="store_true", help="build without the smoke test")
    args = parser.parse_args(argv)
    if not args.check:
        started = time.perf_counter()
        subprocess.run(pyinstaller_command(), cwd=REPO, check=True)
        print(f"built {executable().relative_to(REPO)} in {time.perf_counter() - started:.1f} s, "
              f"{executable().stat().st_size / 1e6:.1f} MB")
    if not executable().is_file():
        print(f"no executable at {executable()}: build it first", file=sys.stderr)
        return 2
    if not args.no_check:
        print(f"smoke test passed: menu, a two-player game and back in {smoke_test(executable()):.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
