"""``python main.py`` (the README's first command) takes the options of ``python -m game``, one parser."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def main_py(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python main.py ARGS`` in a clean environment: the data folder only where ``--data-dir`` says."""
    env = {k: v for k, v in os.environ.items() if k != "OTHELLO_DATA_DIR"}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(tmp_path / "home"),
               XDG_DATA_HOME=str(tmp_path / "xdg"))
    return subprocess.run([sys.executable, str(REPO / "main.py"), *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("args", [["--bogus"], ["--frames"], ["--frames", "x"], ["extra"]])
def test_an_unknown_or_bad_option_is_refused_in_one_line(tmp_path: Path, args: list[str]) -> None:
    completed = main_py(tmp_path, *args)
    assert completed.returncode == 2
    lines = [line for line in completed.stderr.splitlines() if line.startswith("othello")]
    assert len(lines) == 1, completed.stderr
    assert not (tmp_path / "xdg").exists() and not (tmp_path / "home").exists()  # nothing written anywhere


def test_the_data_dir_option_keeps_everything_there(tmp_path: Path) -> None:
    completed = main_py(tmp_path, "--data-dir", str(tmp_path / "mine"), "--frames", "3")
    assert completed.returncode == 0, completed.stderr
    assert (tmp_path / "mine" / "window.json").is_file()
    assert not (tmp_path / "xdg").exists()  # the platform's own folder is left alone


def test_the_library_command_takes_a_data_dir_for_its_cache(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "OTHELLO_DATA_DIR"}
    env.update(HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(tmp_path / "xdg"))
    completed = subprocess.run([sys.executable, "-m", "game.cli", "library", "--player", "tastet", "--limit", "1",
                                "--json", "--data-dir", str(tmp_path / "d")],
                               cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert completed.returncode == 0, completed.stderr
    assert list((tmp_path / "d" / "cache").glob("games-*.bin"))
    assert not (tmp_path / "xdg").exists()
    bad = subprocess.run([sys.executable, "-m", "game.cli", "library", "--data-dir", str(REPO / "README.md")],
                         cwd=REPO, env=env, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "is not a folder" in bad.stderr
