"""The page fetches the game's archive while CPython starts, and pygbag's package index and pygame-ce's wheel
before the tap, never at the game's cost.

The head script (``index.html``, section 6, "The game's archive and the packages
pygbag installs after the tap, fetched ahead") runs in Node with a fake page and
a fake network; the runtime's downloads are fetches through the page's own
``fetch``, the boot code's opening of the archive and pygbag's installer are
stood in for by their requests as ``fopen`` makes them: the archive, then the
index, then ``$PYGPI`` + its entry + ``#``. What must hold: each file is
fetched once and handed to the boot code's or pygbag's own request, even one
made while the copy is still arriving; the archive only once the runtime's wasm
and whatever else was arriving are in; a copy that could not be had (an error
status, no network, an index that names no wheel) changes nothing: the request
goes to the network as it always did. That the real page does this in chromium
is ``tests/test_real_browser_prefetch.py``'s business.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.test_page_head_script import head_script

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="Node.js runs the page's JavaScript")

PACKAGES = "https://cdn.example/cdn/"
INDEX = PACKAGES + "index-0.9.3-cp312.json"
WHEEL = PACKAGES + "cp312/pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl"
INDEX_TEXT = json.dumps({"-CDN-": "https://pygame-web.github.io/cdn/",
                         "pygame": "cp312/pygame_ce-2.5.7.dev1-<abi>-<abi>-<api>.whl"})
FOPEN_FLAGS = {"redirect": "follow", "credentials": "omit"}
"""What pygbag's fopen hands fetch() (aio/filelike.py's ``fopen.flags``, through pythons.js's cross_file)."""

PAGE = r"""
"use strict"
const vm = require("vm")
const source = require("fs").readFileSync(process.argv[2], "utf8")
const scenario = JSON.parse(process.argv[3])
const network = []
const times = []  // ms from the start of each request in network
const asked = {}
const began = Date.now()
// the fake network: each address's answers in turn (the last one again), "error" for no network at all; an
// answer's body arrives body_ms after its headers (a long download)
function answer(address, options) {
    network.push([String(address), options || null])
    times.push(Date.now() - began)
    const bare = new URL(String(address), "https://game.example/othello/index.html").href.split("#")[0]
    const answers = scenario.routes[bare] || ["error"]
    const route = answers[Math.min(asked[bare] = (asked[bare] || 0) + 1, answers.length) - 1]
    const body = (route) => new ReadableStream({ start(controller) {
        setTimeout(() => { controller.enqueue(new TextEncoder().encode(route.body)); controller.close() },
                   route.body_ms || 0)
    } })
    const response = (route) => Object.defineProperty(new Response(body(route), { status: route.status }), "url",
                                                      { value: bare })
    const settle = (resolve, reject) => route === "error" ? reject(new TypeError("Failed to fetch"))
        : resolve(response(route))
    return new Promise((resolve, reject) => setTimeout(settle, route.delay_ms || 0, resolve, reject))
}
const nothing = () => {}
const element = () => ({ style: {}, dataset: {}, addEventListener: nothing,
                         classList: { add: nothing, remove: nothing } })
const page = {
    fetch: answer, setTimeout, setInterval: nothing, addEventListener: nothing, console,
    URL, Response, Blob, ReadableStream, TransformStream, TextEncoder, WebAssembly, JSON, Object, String, Date, Map,
    Promise,
    navigator: { languages: ["en"] }, history: { replaceState: nothing },
    document: { addEventListener: nothing, getElementById: element, documentElement: {}, readyState: "complete" },
    location: { href: "https://game.example/othello/index.html", hash: "", search: "",
                pathname: "/othello/index.html" },
    localStorage: { getItem: () => null, setItem: nothing },
    performance: { mark: nothing, getEntriesByType: () => [] },
}
page.window = page
const context = vm.createContext(page)
vm.runInContext(source, context)
;(async () => {
    const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
    const fopen = async (address) => {  // pygbag's fopen: fetch() with its flags, the body read whole
        try {
            const response = await page.fetch(address, { redirect: "follow", credentials: "omit" })
            return [response.status, await response.text()]
        } catch (error) {
            return [0, String(error)]
        }
    }
    // the runtime's downloads (or the page's own fetches), all at once, each read whole
    await Promise.all(scenario.early.map(async (address) => (await page.fetch(address)).text()))
    const before_boot = network.length
    vm.runInContext("othello_loader.step('unpack', 'unpack')", context)  // the boot code starts
    const boot_got = []
    for (const address of scenario.boot) boot_got.push(await fopen(address))  // its fopen of the archive
    await wait(scenario.archive_after_ms)
    const before_archive = network.length
    vm.runInContext("othello_loader.ready()", context)  // the archive is in: the page waits for the tap
    await wait(scenario.pygbag_after_ms)
    const prefetched = network.length
    const got = []
    for (const address of scenario.pygbag) got.push(await fopen(address))  // pygbag's installer, one after another
    process.stdout.write(JSON.stringify({ network, times, before_boot, boot_got, before_archive, prefetched, got }))
})()
"""


def run(tmp_path: Path, routes: dict[str, list[Any]], pygbag: list[str], pygbag_after_ms: int = 100,
        packages: str = PACKAGES, archive_after_ms: int = 0, early: tuple[str, ...] = (),
        boot: tuple[str, ...] = ()) -> dict[str, Any]:
    """The head script with ``routes`` as the network: the page fetches ``early`` (the runtime's downloads, or
    its own) all at once, the boot code starts and opens ``boot`` (the game's archive), the archive is in
    ``archive_after_ms`` later, and pygbag asks for ``pygbag`` ``pygbag_after_ms`` after that.
    What went to the network (address, options) and when (``times``, ms), how much of it before the boot code
    started, before the archive was in and before pygbag asked, and what the boot code and pygbag got
    (status, text)."""
    script = head_script({"__OTHELLO_PACKAGES_JS__": packages, "__OTHELLO_APP_JS__": "othello",
                          "{{cookiecutter.version}}": "0.9.3", "{{cookiecutter.PYBUILD}}": "3.12"})
    (tmp_path / "script.js").write_text(script, encoding="utf-8")
    (tmp_path / "page.js").write_text(PAGE, encoding="utf-8")
    scenario = {"routes": routes, "pygbag": pygbag, "pygbag_after_ms": pygbag_after_ms,
                "archive_after_ms": archive_after_ms, "early": list(early), "boot": list(boot)}
    completed = subprocess.run(["node", str(tmp_path / "page.js"), str(tmp_path / "script.js"), json.dumps(scenario)],
                               capture_output=True, text=True, timeout=30, check=True)
    report: dict[str, Any] = json.loads(completed.stdout)
    return report


def ok(body: str, delay_ms: int = 0, body_ms: int = 0) -> dict[str, Any]:
    """A ``200`` with ``body``: its headers after ``delay_ms``, its body ``body_ms`` after them."""
    return {"status": 200, "body": body, "delay_ms": delay_ms, "body_ms": body_ms}


def test_the_index_and_the_wheel_are_fetched_once_before_pygbag_asks_and_handed_to_it(tmp_path: Path) -> None:
    report = run(tmp_path, {INDEX: [ok(INDEX_TEXT)], WHEEL: [ok("the wheel")]}, [INDEX, WHEEL + "#"])
    assert report["network"] == [[INDEX, FOPEN_FLAGS], [WHEEL, FOPEN_FLAGS]]  # pygbag's own way: same cache key
    assert report["prefetched"] == 2
    assert report["got"] == [[200, INDEX_TEXT], [200, "the wheel"]]


def test_the_wheel_waits_for_the_archive_so_as_not_to_share_the_network_with_it(tmp_path: Path) -> None:
    report = run(tmp_path, {INDEX: [ok(INDEX_TEXT)], WHEEL: [ok("the wheel")]}, [INDEX, WHEEL + "#"],
                 archive_after_ms=200)
    assert report["before_archive"] == 1  # the index only
    assert [address for address, _options in report["network"]] == [INDEX, WHEEL]


def test_a_file_the_page_fetched_itself_is_not_fetched_ahead_again(tmp_path: Path) -> None:
    report = run(tmp_path, {INDEX: [ok(INDEX_TEXT)], WHEEL: [ok("the wheel")]}, [INDEX], early=(WHEEL,))
    assert [address for address, _options in report["network"]] == [WHEEL, INDEX]


def test_a_copy_is_handed_over_once_and_a_later_request_goes_to_the_network(tmp_path: Path) -> None:
    report = run(tmp_path, {INDEX: [ok(INDEX_TEXT)], WHEEL: [ok("the wheel"), ok("again")]},
                 [INDEX, WHEEL + "#", WHEEL + "#"])
    assert [address for address, _options in report["network"]] == [INDEX, WHEEL, WHEEL + "#"]
    assert report["got"][1:] == [[200, "the wheel"], [200, "again"]]


def test_pygbag_asking_while_the_copies_still_arrive_waits_for_them_rather_than_fetching_again(tmp_path: Path) -> None:
    report = run(tmp_path, {INDEX: [ok(INDEX_TEXT, 200)], WHEEL: [ok("the wheel", 300)]}, [INDEX, WHEEL + "#"],
                 pygbag_after_ms=0)
    assert report["prefetched"] == 1  # only the index was on its way
    assert [address for address, _options in report["network"]] == [INDEX, WHEEL]
    assert report["got"] == [[200, INDEX_TEXT], [200, "the wheel"]]


def test_a_relative_package_index_is_the_address_pygbag_asks_for_relative_to_the_page(tmp_path: Path) -> None:
    relative = "cdn/"
    absolute = "https://game.example/othello/cdn/"
    report = run(tmp_path, {absolute + "index-0.9.3-cp312.json": [ok(INDEX_TEXT)],
                            absolute + WHEEL.removeprefix(PACKAGES): [ok("the wheel")]},
                 [relative + "index-0.9.3-cp312.json", relative + WHEEL.removeprefix(PACKAGES) + "#"],
                 packages=relative)
    assert report["prefetched"] == 2 and len(report["network"]) == 2
    assert report["got"] == [[200, INDEX_TEXT], [200, "the wheel"]]


@pytest.mark.parametrize(("routes", "network", "index_got"), [
    # the wheel refused (a 503, a captive portal): pygbag fetches it itself, and gets what the network gives then
    ({INDEX: [ok(INDEX_TEXT)], WHEEL: [{"status": 503, "body": "<p>later</p>"}, ok("the wheel")]},
     [INDEX, WHEEL, WHEEL + "#"], INDEX_TEXT),
    # no network for the index: nothing more is fetched ahead, pygbag fetches both itself
    ({INDEX: ["error", ok(INDEX_TEXT)], WHEEL: [ok("the wheel")]}, [INDEX, INDEX, WHEEL + "#"], INDEX_TEXT),
    # the wheel unreachable: the same
    ({INDEX: [ok(INDEX_TEXT)], WHEEL: ["error", ok("the wheel")]}, [INDEX, WHEEL, WHEEL + "#"], INDEX_TEXT),
    # an index that is no JSON, or names no pygame: handed over as it is, no wheel fetched ahead
    ({INDEX: [ok("<html>")], WHEEL: [ok("the wheel")]}, [INDEX, WHEEL + "#"], "<html>"),
    ({INDEX: [ok('{"pygame": 3}')], WHEEL: [ok("the wheel")]}, [INDEX, WHEEL + "#"], '{"pygame": 3}'),
], ids=["wheel-503", "index-unreachable", "wheel-unreachable", "index-not-json", "index-without-pygame"])
def test_a_copy_that_could_not_be_had_changes_nothing_pygbag_fetches_as_before(
        tmp_path: Path, routes: dict[str, list[Any]], network: list[str], index_got: str) -> None:
    report = run(tmp_path, routes, [INDEX, WHEEL + "#"])
    assert [address for address, _options in report["network"]] == network
    assert report["got"] == [[200, index_got], [200, "the wheel"]]


RUNTIME = "https://cdn.example/cdn/0.9.3/cpython312/"
WASM = RUNTIME + "main.wasm"
DATA = RUNTIME + "main.data"
ARCHIVE = "othello.tar.gz"
"""The game's archive as the boot code opens it, ``platform.fopen("<app>.tar.gz")``: beside the page."""
ARCHIVE_URL = "https://game.example/othello/othello.tar.gz"


def test_the_archive_is_fetched_once_the_runtime_is_in_and_handed_to_the_boot_code(tmp_path: Path) -> None:
    report = run(tmp_path, {WASM: [ok("wasm", body_ms=100)], DATA: [ok("data")], ARCHIVE_URL: [ok("the archive")]},
                 [], early=(DATA, WASM), boot=(ARCHIVE,), packages="")
    assert report["network"][2:] == [[ARCHIVE, FOPEN_FLAGS]]  # fopen's own way: the same cache key
    assert report["before_boot"] == 3  # fetched while CPython starts, before the boot code runs
    assert report["times"][2] >= 100  # once the wasm had arrived, not before
    assert report["boot_got"] == [[200, "the archive"]]
    assert len(report["network"]) == 3  # the boot code's fopen got the copy: one download


def test_the_archive_waits_for_the_runtimes_data_still_arriving_after_its_wasm(tmp_path: Path) -> None:
    report = run(tmp_path, {WASM: [ok("wasm")], DATA: [ok("data", body_ms=300)], ARCHIVE_URL: [ok("the archive")]},
                 [], early=(WASM, DATA), boot=(ARCHIVE,), packages="")
    assert [address for address, _options in report["network"]] == [WASM, DATA, ARCHIVE]
    assert report["times"][2] >= 300  # not while the data still had the network
    assert report["boot_got"] == [[200, "the archive"]]


def test_the_archive_is_not_fetched_ahead_without_the_runtimes_wasm(tmp_path: Path) -> None:
    report = run(tmp_path, {DATA: [ok("data")], ARCHIVE_URL: [ok("the archive")]}, [], early=(DATA,),
                 boot=(ARCHIVE,), packages="")
    assert report["before_boot"] == 1
    assert [address for address, _options in report["network"]] == [DATA, ARCHIVE]
    assert report["boot_got"] == [[200, "the archive"]]


def test_the_archive_arriving_when_the_boot_code_asks_is_waited_for_not_fetched_again(tmp_path: Path) -> None:
    report = run(tmp_path, {WASM: [ok("wasm")], ARCHIVE_URL: [ok("the archive", body_ms=200)]}, [], early=(WASM,),
                 boot=(ARCHIVE,), packages="")
    assert [address for address, _options in report["network"]] == [WASM, ARCHIVE]
    assert report["boot_got"] == [[200, "the archive"]]


@pytest.mark.parametrize(("answers", "boot_got"), [
    # gone (a deploy that renamed it): the boot code's fopen asks again and gets the 404, and says so as before
    ([{"status": 404, "body": "<p>gone</p>"}], [404, "<p>gone</p>"]),
    # refused for now (a 503, a captive portal): the boot code's fopen asks again and gets what comes then
    ([{"status": 503, "body": "<p>later</p>"}, ok("the archive")], [200, "the archive"]),
    # no network for the copy: the same
    (["error", ok("the archive")], [200, "the archive"]),
], ids=["archive-404", "archive-503", "archive-unreachable"])
def test_an_archive_copy_that_could_not_be_had_changes_nothing_the_boot_code_fetches_as_before(
        tmp_path: Path, answers: list[Any], boot_got: list[Any]) -> None:
    report = run(tmp_path, {WASM: [ok("wasm")], ARCHIVE_URL: answers}, [], early=(WASM,), boot=(ARCHIVE,),
                 packages="")
    assert [address for address, _options in report["network"]] == [WASM, ARCHIVE, ARCHIVE]
    assert report["before_boot"] == 2  # the copy was tried ahead, once
    assert report["boot_got"] == [boot_got]
