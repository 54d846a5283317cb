"""The game as people install it: the sdist and wheel built from this tree, installed into a fresh virtual
environment (not editable), started as ``othello`` from a folder outside the checkout, headless.

The venv sees the test environment's site-packages (``--system-site-packages``) only to get pygame-ce
without a download; every test checks that ``game`` comes from the venv, not the checkout.
``OTHELLO_TEST_WHEEL`` names a wheel already built (the release workflow tests the one it publishes).
The PyInstaller build is ``slow`` (deselected by default; ``pytest -m slow`` runs it).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

from game.platform.resources import ASSET_FILES

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tools"))
import build_executable  # noqa: E402

RUNTIME_FILES = [f"game/assets/{name}" for name in ASSET_FILES] + [
    "game/ai/weights/patterns.bin",
    "game/ai/weights/book.bin",
    "game/ai/mpc.json",
    "game/challenges/challenges.json",
    "game/data/openings.txt",
    "game/data/wthor/wthor-1977-2023.tsv.xz",
    "game/data/wthor/README.md",
]
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
BIN = "Scripts" if os.name == "nt" else "bin"


def tree_files() -> list[str]:
    """This working tree's files as git sees them (tracked or new, not ignored), as the web build takes them."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"], cwd=REPO,
                            capture_output=True, check=True).stdout.decode()
    return [name for name in listed.split("\0") if name and (REPO / name).is_file()]


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The sdist and the wheel, built the way a release builds them (``python -m build``: the wheel from the sdist).

    ``source`` is the copy of the tree they were built from (the tree may change meanwhile).
    """
    out = tmp_path_factory.mktemp("dist")
    given = os.environ.get("OTHELLO_TEST_WHEEL")
    if given:
        return {"wheel": Path(given), "source": REPO}
    source = tmp_path_factory.mktemp("source")  # a copy, so no build/ or egg-info lands in the checkout
    for name in tree_files():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, source / name)
    completed = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(source)],
                               capture_output=True, text=True, timeout=300)
    assert completed.returncode == 0, completed.stdout[-2000:] + completed.stderr[-2000:]
    return {"wheel": next(out.glob("*.whl")), "sdist": next(out.glob("*.tar.gz")), "source": source}


@pytest.fixture(scope="module")
def installed(dist: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the wheel installed (not editable); returns its scripts folder."""
    root = tmp_path_factory.mktemp("venv")
    venv.EnvBuilder(system_site_packages=True, with_pip=False).create(root)
    scripts = root / BIN
    # this environment's pip installs into the venv (--python): seconds, where a venv's own pip takes many
    completed = subprocess.run([sys.executable, "-m", "pip", "--python", str(scripts / "python"), "install",
                                "--no-deps", "--no-index", "-q", str(dist["wheel"])],
                               capture_output=True, text=True, timeout=300)
    assert completed.returncode == 0, completed.stderr[-2000:]
    return scripts


def wheel_names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


def test_the_wheel_carries_every_file_the_game_reads(dist: dict[str, Path]) -> None:
    names = wheel_names(dist["wheel"])
    missing = [name for name in RUNTIME_FILES if name not in names]
    assert not missing, missing
    assert any(name.endswith("dist-info/licenses/assets/fonts/LICENSE-DejaVu.txt") for name in names)
    entry_points = next(name for name in names if name.endswith("entry_points.txt"))
    with zipfile.ZipFile(dist["wheel"]) as archive:
        scripts = archive.read(entry_points).decode()
    assert "othello = game.__main__:main" in scripts
    assert "othello-engine = game.cli:main" in scripts


def test_every_package_of_the_tree_is_in_the_wheel(dist: dict[str, Path]) -> None:
    names = wheel_names(dist["wheel"])
    source = dist["source"]
    modules = [path.relative_to(source).as_posix() for path in (source / "game").rglob("*.py")
               if "__pycache__" not in path.parts]
    assert modules
    assert [name for name in modules if name not in names] == []


def test_every_data_file_of_the_package_is_in_the_wheel(dist: dict[str, Path]) -> None:
    source = dist["source"]
    # the web build's files (service workers, the app's icons) and the translators' sources: the checkout's
    tooling = ("game/web/", "game/locale/po/")
    data = [path.relative_to(source).as_posix() for path in (source / "game").rglob("*")
            if path.is_file() and path.suffix not in (".py", ".pyc")
            and not path.relative_to(source).as_posix().startswith(tooling)]
    assert "game/data/openings.txt" in data
    assert [name for name in data if name not in wheel_names(dist["wheel"])] == []


def test_the_executable_bundles_the_same_data_files_as_the_wheel(dist: dict[str, Path]) -> None:
    names = wheel_names(dist["wheel"])
    wheel_data = {name for name in names if name.startswith("game/") and not name.endswith(".py")}
    bundled = {f"{folder}/{path.name}" for path, folder in build_executable.package_data_files()}
    assert bundled == wheel_data


def test_the_sdist_carries_the_assets_and_the_mapping(dist: dict[str, Path]) -> None:
    if "sdist" not in dist:
        pytest.skip("OTHELLO_TEST_WHEEL names a wheel only")
    with tarfile.open(dist["sdist"]) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {f"assets/{name}" for name in ASSET_FILES} <= names
    assert {"setup.py", "pyproject.toml", "game/ai/weights/book.bin", "game/data/wthor/wthor-1977-2023.tsv.xz"} <= names


def run_installed(scripts: Path, command: str, *args: str, cwd: Path,
                  timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run one of the venv's commands headless in ``cwd``, outside the checkout and without its data folder."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "OTHELLO_DATA_DIR")}
    env.update(HEADLESS)
    return subprocess.run([str(scripts / command), *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)


def test_the_installed_game_reads_its_files_from_the_venv(installed: Path, tmp_path: Path) -> None:
    code = "import game, game.platform.resources as r; print(game.__file__); print(r.assets_dir())"
    completed = run_installed(installed, "python", "-c", code, cwd=tmp_path)
    assert completed.returncode == 0, completed.stderr
    package, assets = completed.stdout.split()
    venv_root = installed.parent.resolve()
    assert Path(package).resolve().is_relative_to(venv_root)
    assert Path(assets).resolve() == Path(package).resolve().parent / "assets"


def d3_centre() -> tuple[int, int]:
    """Where d3 is on the logical screen in a two-player game (asked of the game itself, in this process)."""
    from game.engine import parse_square
    from game.platform.storage import MemoryStorage
    from tests.app_driver import Player

    player = Player(MemoryStorage())
    player.click_button("two")
    centre = player.game.view.square_center(parse_square("d3"))
    player.app.close()
    return centre


def test_othello_plays_headless_through_a_menu_click_into_a_game_and_back(installed: Path, tmp_path: Path) -> None:
    x, y = d3_centre()
    script = tmp_path / "smoke.txt"
    script.write_text("wait 20\nexpect menu\nclick two\nexpect game\nwait 10\n"
                      f"click {x} {y}\nwait 60\nclick menu\nexpect menu\nwait 20\n", encoding="utf-8")
    data = tmp_path / "data"
    completed = run_installed(installed, "othello", "--data-dir", str(data), "--script", str(script),
                              "--frames", "240", cwd=tmp_path)
    assert completed.returncode == 0, completed.stdout + completed.stderr
    saved = json.loads((data / "savegame.json").read_text(encoding="utf-8"))
    assert saved["moves"] == "d3" and saved["setup"]["mode"] == "two"  # the click was a move in the game
    window = json.loads((data / "window.json").read_text(encoding="utf-8"))
    assert len(window["size"]) == 2


def test_a_failed_script_is_a_failure_of_the_command(installed: Path, tmp_path: Path) -> None:
    script = tmp_path / "wrong.txt"
    script.write_text("wait 2\nexpect game\n", encoding="utf-8")
    completed = run_installed(installed, "othello", "--data-dir", str(tmp_path / "data"), "--script", str(script),
                              "--frames", "30", cwd=tmp_path)
    assert completed.returncode == 1
    last = completed.stderr.strip().splitlines()[-1]
    assert last == f"othello: {script} line 2: expected the 'game' screen, in 'menu'"


def test_reset_settings_keeps_the_statistics(installed: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text('{"theme": "contrast"}', encoding="utf-8")
    (data / "window.json").write_text('{"size": [700, 500]}', encoding="utf-8")
    stats = json.dumps({"version": 1, "vs_computer": {}, "two_player_games": 3})
    (data / "stats.json").write_text(stats, encoding="utf-8")
    completed = run_installed(installed, "othello", "--data-dir", str(data), "--reset-settings", "--frames", "3",
                              cwd=tmp_path)
    assert completed.returncode == 0, completed.stderr
    assert "othello: settings reset to their defaults" in completed.stdout
    assert not (data / "settings.json").exists()
    assert (data / "stats.json").read_text(encoding="utf-8") == stats
    assert json.loads((data / "window.json").read_text(encoding="utf-8"))["size"] != [700, 500]


@pytest.mark.parametrize(("args", "message"), [
    (["--frames", "0"], "othello: argument --frames: must be a whole number of frames from 1 to 10000000, not '0'"),
    (["--data-dir", "{file}"], "othello: --data-dir: {file} is not a folder"),
    (["--script", "{missing}"], "othello: {missing}: No such file or directory"),
    (["--colour", "red"], "othello: unrecognized arguments: --colour red"),
])
def test_bad_input_is_one_line_and_changes_nothing(installed: Path, tmp_path: Path, args: list[str],
                                                   message: str) -> None:
    names = {"file": str(tmp_path / "a-file"), "missing": str(tmp_path / "missing.txt")}
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    before = sorted(tmp_path.iterdir())
    completed = run_installed(installed, "othello", *[a.format(**names) for a in args], cwd=tmp_path)
    assert completed.returncode == 2
    assert completed.stderr.strip() == message.format(**names)
    assert sorted(tmp_path.iterdir()) == before


def test_othello_engine_counts_perft_6(installed: Path, tmp_path: Path) -> None:
    completed = run_installed(installed, "othello-engine", "perft", "6", "--json", cwd=tmp_path)
    assert completed.returncode == 0, completed.stderr
    result = json.loads(completed.stdout)
    assert (result["depth"], result["nodes"]) == (6, 8200)


@pytest.mark.slow
def test_the_pyinstaller_executable_builds_and_starts_headless() -> None:
    pytest.importorskip("PyInstaller")
    completed = subprocess.run([sys.executable, str(REPO / "tools" / "build_executable.py")], cwd=REPO,
                               capture_output=True, text=True, timeout=1200)
    assert completed.returncode == 0, completed.stdout[-2000:] + completed.stderr[-2000:]
    assert "smoke test passed" in completed.stdout
