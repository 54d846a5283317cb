"""The offline worker's decisions, run in Node with a fake network and cache (``tests/page/worker_harness.js``).

Fast cases of what ``tests/test_page_worker.py`` and ``tests/test_page_offline.py``
check in a real browser: each one a way the worker once lost or spoiled a
visitor's offline copy (issue 48):

* an update whose refetch of the runtime failed (the CDN down, a 503) installed
  anyway, and its ``activate`` deleted the old, working cache;
* a 200 HTML page sent with CORS headers for ``main.js`` (a CDN's error page, a
  proxy's) was kept as the runtime.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from game.web.offline import BUILD_FIELD, FILES_FIELD, HERE

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="Node.js runs the worker's JavaScript")

HARNESS = Path(__file__).resolve().parent / "page" / "worker_harness.js"
SCOPE = "https://game.example/othello/"
PAGE_FILES = ["index.html", "othello.tar.gz", "favicon.png"]
OLD = f"othello:{SCOPE}:0123456789ab"
NEW = f"othello:{SCOPE}:ba9876543210"
MAIN_JS = "https://cdn.example/cdn/0.9.3/cpython312/main.js"
MAIN_WASM = "https://cdn.example/cdn/0.9.3/cpython312/main.wasm"
SCRIPT = {"status": 200, "type": "cors", "contentType": "text/javascript", "body": "// CPython"}
WASM = {"status": 200, "type": "cors", "contentType": "application/wasm", "body": "\0asm"}
ERROR_PAGE = {"status": 200, "type": "cors", "contentType": "text/html; charset=utf-8",
              "body": "<!doctype html><title>Service unavailable</title>"}


def run_worker(steps: list[list[Any]], network: dict[str, Any], old_cache: dict[str, str] | None = None,
               ) -> dict[str, Any]:
    """The harness's report: each step's outcome and every cache's addresses and bodies afterwards."""
    worker = (HERE / "service_worker.js").read_text(encoding="utf-8")
    worker = worker.replace(BUILD_FIELD, NEW.rsplit(":", 1)[1]).replace(FILES_FIELD, json.dumps(PAGE_FILES))
    page = {SCOPE + name: {"status": 200, "responseType": "basic", "body": f"new {name}"} for name in PAGE_FILES}
    caches = {}
    if old_cache is not None:
        caches[OLD] = {SCOPE + name: {"body": f"old {name}"} for name in PAGE_FILES}
        caches[OLD].update({url: {"body": body} for url, body in old_cache.items()})
    scenario = {"worker": worker, "scope": SCOPE, "caches": caches, "network": page | network, "steps": steps}
    completed = subprocess.run(["node", str(HARNESS)], input=json.dumps(scenario), capture_output=True,
                               text=True, timeout=30, check=True)
    return dict(json.loads(completed.stdout))


def update(network: dict[str, Any]) -> dict[str, Any]:
    """A new build's worker installing (and activating if it installed) over an old cache holding the runtime."""
    return run_worker([["install"], ["activate"]], network,
                      old_cache={MAIN_JS: "// old CPython", MAIN_WASM: "old wasm"})


def test_an_update_refetches_the_runtime_and_then_drops_the_old_cache() -> None:
    report = update({MAIN_JS: SCRIPT, MAIN_WASM: WASM})
    assert [step["ok"] for step in report["steps"]] == [True, True]
    assert list(report["caches"]) == [NEW]
    assert report["caches"][NEW][MAIN_JS] == "// CPython"
    assert report["caches"][NEW][MAIN_WASM] == "\0asm"


@pytest.mark.parametrize("answer", [
    "offline",                                                       # the runtime's host down
    {"status": 503, "type": "cors", "contentType": "text/plain", "body": "busy"},  # or refusing for a while
    ERROR_PAGE,                                                      # or its error page, as a 200
])
def test_an_update_that_cannot_refetch_the_runtime_does_not_install_and_the_old_copy_stays(answer: Any) -> None:
    report = update({MAIN_JS: SCRIPT, MAIN_WASM: answer})
    assert report["steps"][0]["ok"] is False  # the install fails: the old worker keeps serving
    assert len(report["steps"]) == 1          # so the new one never activates
    assert report["caches"][OLD][MAIN_WASM] == "old wasm"
    assert report["caches"][OLD][MAIN_JS] == "// old CPython"


def test_a_runtime_file_that_is_gone_for_good_is_left_out_of_the_update() -> None:
    # a language dropped from the game, an old runtime version removed: a 404 is an answer, not an outage
    report = update({MAIN_JS: SCRIPT, MAIN_WASM: {"status": 404, "type": "cors", "body": "not found"}})
    assert [step["ok"] for step in report["steps"]] == [True, True]
    assert list(report["caches"]) == [NEW]
    assert MAIN_WASM not in report["caches"][NEW] and MAIN_JS in report["caches"][NEW]


def test_an_html_page_is_never_kept_as_a_runtime_file() -> None:
    report = run_worker([["install"], ["fetch", MAIN_JS, "no-cors"], ["keep", [MAIN_WASM]]],
                        {MAIN_JS: ERROR_PAGE, MAIN_WASM: ERROR_PAGE | {"contentType": "application/xhtml+xml"}})
    assert [step["ok"] for step in report["steps"]] == [True, True, True]
    assert report["steps"][1]["answer"]["body"] == ERROR_PAGE["body"]  # passed on to the page, as the network said
    assert report["steps"][2]["answer"]["failed"] == [MAIN_WASM]
    assert MAIN_JS not in report["caches"][NEW] and MAIN_WASM not in report["caches"][NEW]


def test_a_runtime_file_is_kept_whatever_its_non_html_type() -> None:
    data = {"status": 200, "type": "cors", "contentType": "application/octet-stream", "body": "data"}
    untyped = {"status": 200, "type": "cors", "body": "js"}
    report = run_worker([["install"], ["fetch", MAIN_JS, "no-cors"], ["keep", [MAIN_WASM]]],
                        {MAIN_JS: untyped, MAIN_WASM: data})
    assert report["caches"][NEW][MAIN_JS] == "js" and report["caches"][NEW][MAIN_WASM] == "data"
