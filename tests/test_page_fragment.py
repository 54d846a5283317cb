"""The address's fragment, after the page's head script, parsed by pygbag 0.9.3's real ``auto_conf`` in Node.

``pythons.js`` builds ``<src> + location.search + location.hash`` and splits it
on the last ``#`` (the rest, on ``%20``, is ``sys.argv``) and then on the last
``?`` (the rest, on ``&``, is ``PyConfig.orig_argv``: ``KEY=VALUE`` becomes
``os.environ[KEY]``, a first ``python3.x`` picks the interpreter, ``"`` is
spliced into the ``PyConfig`` JSON). A ``?`` in the fragment therefore reached
``orig_argv`` although the head script drops the query. Here the head script
runs on a fake page (``tests/test_page_head_script.py``'s), ``history.replaceState``
updates the fake address, and then ``String.prototype.rsplit`` and ``auto_conf``,
cut out of the real loader unmodified, parse it. ``tests/test_page_loader.py``
does the same in chromium with the whole loader. Skipped without Node or the loader.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from game.platform.links import clean_fragment
from tests.real_browser import shared_runtime_file
from tests.test_page_head_script import head_script

PYGBAG_LOADER = shared_runtime_file("pygbag-0.9.3/pythons.js")

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None or PYGBAG_LOADER is None,
    reason="needs Node.js and pygbag 0.9.3's pythons.js in ../shared/runtime/pygbag-0.9.3/",
)

ATTACKER = "https://attacker.example/cdn/"

HARNESS = r"""
"use strict"
const vm = require("vm")
const fs = require("fs")
const [head, loader, search, hash] = process.argv.slice(2)
function element() {
    return { style: {}, dataset: {}, classList: { add() {}, remove() {}, contains() { return false } },
             addEventListener() {}, textContent: "" }
}
const location = { href: "https://game.example/othello/index.html" + search + hash, hash, search,
                   pathname: "/othello/index.html", hostname: "game.example" }
const history = { replaceState(state, title, address) {
    const url = new URL(address, location.href)
    Object.assign(location, { href: url.href, search: url.search, hash: url.hash }) } }
const quiet = { log() {}, warn() {}, error() {}, info() {} }
const window = { addEventListener() {}, fetch() {} }
Object.assign(window, {
    window, navigator: { languages: ["en"], language: "en" }, console: quiet, URL, Response, WebAssembly,
    TransformStream,
    document: { addEventListener() {}, getElementById: element, documentElement: {}, readyState: "loading",
                hidden: false, location },
    location, history,
    localStorage: { getItem() { return null }, setItem() {} },
    performance: { mark() {}, getEntriesByType() { return [] } },
    setInterval() {}, setTimeout() {},
})
const context = vm.createContext(window)
vm.runInContext(fs.readFileSync(head, "utf8"), context)
// pygbag's own parsing, unmodified: its rsplit and its auto_conf, with the state they use
const source = fs.readFileSync(loader, "utf8")
function cut(start, end) {
    const from = source.indexOf(start), to = source.indexOf(end, from)
    if (from < 0 || to < 0) throw new Error("pythons.js has changed: no " + start)
    return source.slice(from, to)
}
vm.runInContext('const module_name = "pythons.js"\n'
    + 'const vm = { script: {}, cpy_argv: [], sys_argv: [] }\n'
    + cut("String.prototype.rsplit", "function jsimport(") + cut("function auto_conf(cfg)", "function auto_start(")
    + 'auto_conf({ url: "https://game.example/othello/cdn/0.9.3/pythons.js", text: "", os: "snd,gui",'
    + ' python: "python3.12", module: false, id: "site", columns: 132, lines: 42 })', context)
process.stdout.write(vm.runInContext("JSON.stringify({ config: vm.PyConfig, hash: location.hash,"
    + " search: location.search, debug: !!config.debug, interactive: config.interactive })", context))
"""


def parsed(tmp_path: Path, search: str, hash_text: str) -> dict[str, Any]:
    """What pygbag's ``auto_conf`` makes of the address ``index.html<search><hash_text>`` after the head script."""
    assert PYGBAG_LOADER is not None
    (tmp_path / "head.js").write_text(head_script(), encoding="utf-8")
    (tmp_path / "harness.js").write_text(HARNESS, encoding="utf-8")
    completed = subprocess.run(
        ["node", str(tmp_path / "harness.js"), str(tmp_path / "head.js"), str(PYGBAG_LOADER), search, hash_text],
        capture_output=True, text=True, timeout=30, check=False)
    assert completed.returncode == 0, completed.stderr
    return dict(json.loads(completed.stdout))


ATTACKS = [
    f"#?x&PYGPI={ATTACKER}#f5d6",                   # os.environ["PYGPI"]: the package index
    "#?python3.13#f5d6",                            # another interpreter: cpython313/main.js
    "#?cpython3.12%22,%22dev_mode%22:1,%22x%22:%22#f5d6",  # spliced into PyConfig's JSON
    "#?x&-i#f5d6",                                  # an interactive console
]


@pytest.mark.parametrize("hash_text", ATTACKS)
def test_no_fragment_text_reaches_orig_argv_environ_or_pyconfig(tmp_path: Path, hash_text: str) -> None:
    handed = parsed(tmp_path, "", hash_text)
    config = handed["config"]
    assert config["orig_argv"] == [""]  # as for an address without a query: no KEY=VALUE, no interpreter
    assert config["executable"] == "xcpython312/main.js"  # the head script's cdn is "x" in this harness
    assert config["dev_mode"] == -1
    assert "x" not in config
    assert config["interactive"] is False
    assert handed["interactive"] is False
    assert handed["debug"] is False
    # one "#", then no "?", "&" or "#": all of it is sys.argv, and the game still reads what the link said
    assert handed["hash"].count("#") == 1 and not set("?&") & set(handed["hash"])
    assert len(config["argv"]) == 1
    assert clean_fragment(handed["hash"]) == clean_fragment(hash_text)


@pytest.mark.parametrize("hash_text", ["#f5d6c3", "#debug", "#F5-d6%20c3", ""])
def test_games_and_debug_in_the_fragment_reach_the_game_unchanged(tmp_path: Path, hash_text: str) -> None:
    handed = parsed(tmp_path, "", hash_text)
    assert handed["hash"] == hash_text
    assert handed["config"]["orig_argv"] == [""]
    assert handed["debug"] is (hash_text == "#debug")


def test_debug_in_the_query_with_an_attack_in_the_fragment(tmp_path: Path) -> None:
    handed = parsed(tmp_path, "?debug", f"#?x&PYGPI={ATTACKER}#f5d6")
    assert handed["search"] == "?debug"
    assert handed["config"]["orig_argv"] == ["debug"]
    assert handed["debug"] is True
