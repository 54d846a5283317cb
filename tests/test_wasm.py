"""The pure-Python engine and AI inside CPython on WebAssembly (Pyodide 0.27, CPython 3.12, under Node.js).

The harness ``tests/wasm/run_in_pyodide.mjs`` copies ``game/engine`` and
``game/ai`` from this working tree into Pyodide's filesystem and runs the
code given to it, so these tests exercise exactly the code the browser
build ships. They need ``node`` and ``node_modules`` (``npm ci``); without
them they are skipped with the reason.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parent.parent
HARNESS = REPO / "tests" / "wasm" / "run_in_pyodide.mjs"
PYODIDE_PACKAGE = REPO / "node_modules" / "pyodide" / "pyodide.asm.wasm"

pytestmark = [
    pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed"),
    pytest.mark.skipif(
        not PYODIDE_PACKAGE.is_file(), reason="node_modules/pyodide is absent: run `npm ci` in the repository"
    ),
]


def run_in_pyodide(code: str, timeout: float = 120) -> dict[str, Any]:
    """Run ``code`` in Pyodide; the harness's JSON report (``value`` is the last expression)."""
    completed = subprocess.run(
        ["node", str(HARNESS), "-c", code],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert completed.stdout.strip(), f"no report from the harness; stderr:\n{completed.stderr}"
    report: dict[str, Any] = json.loads(completed.stdout.strip().splitlines()[-1])
    assert report["ok"], f"Python in Pyodide failed:\n{report.get('error')}"
    return report


TRANSCRIPT = "f5d6c3d3c4f4f6f3e6e7"


@pytest.fixture(scope="module")
def engine_in_pyodide() -> dict[str, Any]:
    """One Pyodide session answering the engine questions (loading the runtime takes ~2 s)."""
    report = run_in_pyodide(
        "import sys, platform\n"
        "from game.engine import GameRecord, Position, perft\n"
        f"p = GameRecord.from_transcript({TRANSCRIPT!r}).position\n"
        "{'platform': sys.platform, 'version': list(sys.version_info[:2]), 'machine': platform.machine(),\n"
        " 'perft6': perft(Position.start(), 6), 'board': [p.player, p.opponent, p.to_move]}"
    )
    value: dict[str, Any] = report["value"]
    return value


def test_the_runtime_is_cpython_312_on_webassembly(engine_in_pyodide: dict[str, Any]) -> None:
    assert engine_in_pyodide["platform"] == "emscripten"
    assert engine_in_pyodide["machine"] == "wasm32"
    assert engine_in_pyodide["version"] == [3, 12]  # the CPython pygbag 0.9.3 runs in the browser


def test_perft_6_counts_8200_leaves_in_webassembly(engine_in_pyodide: dict[str, Any]) -> None:
    assert engine_in_pyodide["perft6"] == 8200


def test_a_transcript_replays_to_the_same_board_as_natively(engine_in_pyodide: dict[str, Any]) -> None:
    from game.engine import GameRecord

    native = GameRecord.from_transcript(TRANSCRIPT).position
    assert engine_in_pyodide["board"] == [native.player, native.opponent, native.to_move]


def test_errors_inside_webassembly_are_reported_not_swallowed() -> None:
    completed = subprocess.run(
        ["node", str(HARNESS), "-c", "from game.engine import GameRecord\nGameRecord.from_transcript('f5f5')"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    report = json.loads(completed.stdout.strip().splitlines()[-1])
    assert completed.returncode == 1
    assert not report["ok"]
    assert "TranscriptError" in report["error"]
