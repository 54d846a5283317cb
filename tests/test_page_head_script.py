"""The page's head script (``index.html``) in Node with a fake page: it runs to its end where workers are refused.

In a frame sandboxed without ``allow-same-origin`` merely reading
``navigator.serviceWorker`` throws a ``SecurityError``; the script must still
install its error listeners, its byte-counting ``fetch`` and its WebAssembly
check (docs/web.md: "works exactly as without a worker"). The fake page here
is just enough for the script to run; the real page in chromium is
``tests/test_page.py``'s business.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="Node.js runs the page's JavaScript")

FAKE_PAGE = r"""
"use strict"
const vm = require("vm")
const source = require("fs").readFileSync(process.argv[2], "utf8")
const listeners = []
function element() {
    return { style: {}, dataset: {}, classList: { add() {}, remove() {}, contains() { return false } },
             addEventListener() {}, textContent: "" }
}
const navigator = { languages: ["en"], language: "en" }
Object.defineProperty(navigator, "serviceWorker", { get() {
    throw new Error("SecurityError: Failed to read the 'serviceWorker' property from 'Navigator'") } })
const window = {
    addEventListener(type) { listeners.push(type) },
    fetch: function original() {},
}
Object.assign(window, {
    window, navigator, console, URL, Response, WebAssembly, TransformStream, Date, JSON, Object, String,
    document: { addEventListener() {}, getElementById: element, documentElement: {}, readyState: "loading",
                hidden: false },
    location: { href: "https://game.example/othello/index.html", hash: "", search: "",
                pathname: "/othello/index.html" },
    history: { replaceState() {} },
    localStorage: { getItem() { throw new Error("SecurityError: storage") }, setItem() {} },
    performance: { mark() {}, getEntriesByType() { return [] } },
    setInterval() {}, setTimeout() {},
})
const context = vm.createContext(window)
let error = null
try { vm.runInContext(source, context) } catch (e) { error = String(e && e.message || e) }
process.stdout.write(JSON.stringify({
    error, listeners, fetch_counted: window.fetch.name !== "original",
    controlled: vm.runInContext("typeof othello_offline === 'object' ? othello_offline.controlled : null", context),
}))
"""


def head_script(fields: dict[str, str] | None = None) -> str:
    """The template's head script, its build fields filled in with plain values (``fields``' first: a field's text
    as it stands in the template, ``{{cookiecutter.version}}`` or ``__OTHELLO_PACKAGES_JS__``, and its value)."""
    page = (REPO / "index.html").read_text(encoding="utf-8")
    script = page.split('<script type="application/javascript">', 1)[1].split("</script>", 1)[0]
    for field, value in (fields or {}).items():
        script = script.replace(field, value)
    script = re.sub(r"\{\{cookiecutter\.[a-z_A-Z]+\}\}", "0", script)
    for field, value in {"__OTHELLO_OFFLINE__": "true", "__OTHELLO_PAGE_TEXTS__": "{}",
                         "__OTHELLO_PAGE_HEADS__": "{}"}.items():
        script = script.replace(field, value)
    return re.sub(r"__OTHELLO_[A-Z_]+__", "x", script)


def test_the_head_script_runs_to_its_end_where_reading_the_worker_throws(tmp_path: Path) -> None:
    (tmp_path / "script.js").write_text(head_script(), encoding="utf-8")
    (tmp_path / "page.js").write_text(FAKE_PAGE, encoding="utf-8")
    completed = subprocess.run(["node", str(tmp_path / "page.js"), str(tmp_path / "script.js")],
                               capture_output=True, text=True, timeout=30, check=True)
    report = json.loads(completed.stdout)
    assert report["error"] is None
    assert report["controlled"] is False
    assert {"error", "unhandledrejection"} <= set(report["listeners"])  # the listeners after the worker's part
    assert report["fetch_counted"]  # and the byte counting, the script's last part
