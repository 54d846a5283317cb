"""``python -m game.web fetch-runtime``: a copy of the runtime, downloaded once, against a stand-in CDN on 127.0.0.1.

The stand-in (``tests/chromium.py``'s ``standin_runtime``) holds the files
pygbag 0.9.3's page fetches, named as on pygbag's CDN; the copy must be
exactly those files, one request each, laid out as ``--runtime-files``
takes them, and ``--print-pins`` their hashes as ``PYGBAG_RUNTIME`` holds them.
A file that cannot be had (a 404, a 503, no answer in time, too large, an index
naming no wheel) is named with why, and nothing is written.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.web.__main__ import main
from game.web.fetch_runtime import FetchError, fetch_runtime
from game.web.runtime_pins import hash_folder
from tests.chromium import WHEEL, SwitchableSite, standin_runtime

RUNTIME_PATHS = {"0.9.3/pythons.js", "0.9.3/cpython312/main.js", "0.9.3/cpython312/main.wasm",
                 "0.9.3/cpython312/main.data", "0.9.3/cpythonrc.py", "index-0.9.3-cp312.json", WHEEL}
"""What a page built for pygbag's CDN fetches below ``https://pygame-web.github.io/cdn/`` (docs/web.md, first visit)."""
MAX_BYTES = 100_000
"""A size limit above each stand-in file's (the loader's is the largest, about 12 kB)."""


@pytest.fixture
def cdn() -> Iterator[SwitchableSite]:
    """The stand-in CDN, served; its runtime is at ``<url>cdn/0.9.3/``."""
    with tempfile.TemporaryDirectory() as folder:
        root = standin_runtime(Path(folder))
        (root / "index.html").write_text("the stand-in CDN\n", encoding="utf-8")  # the server wants a page
        with SwitchableSite(root) as site:
            yield site


def runtime_at(site: SwitchableSite) -> str:
    """The stand-in runtime's address."""
    return site.url + "cdn/0.9.3/"


def test_the_copy_is_the_cdns_files_one_request_each_laid_out_for_runtime_files(
        cdn: SwitchableSite, tmp_path: Path) -> None:
    hashes = fetch_runtime(tmp_path / "copy", runtime_at(cdn), "0.9.3")
    assert set(hashes) == RUNTIME_PATHS
    assert hashes == hash_folder(cdn.site / "cdn")  # byte for byte
    assert sorted(cdn.requests) == sorted("/cdn/" + path for path in RUNTIME_PATHS)


def test_print_pins_prints_the_table_to_paste_into_runtime_pins(
        cdn: SwitchableSite, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fetch-runtime", str(tmp_path / "copy"), "--cdn", runtime_at(cdn), "--print-pins"]) == 0
    printed = capsys.readouterr().out
    table = printed[printed.index("PYGBAG_RUNTIME"):]
    namespace: dict[str, object] = {}
    exec(table, namespace)  # noqa: S102 - the table is Python to paste
    assert namespace["PYGBAG_RUNTIME"] == hash_folder(tmp_path / "copy")
    assert all(len(line) <= 120 for line in table.splitlines())


@pytest.mark.parametrize(("spoil", "why"), [
    (lambda site: (site.site / "cdn/0.9.3/cpython312/main.data").unlink(), "cpython312/main.data: HTTP 404"),
    (lambda site: site.failing.add("/cdn/0.9.3/cpython312/main.js"), "cpython312/main.js: HTTP 503"),
    (lambda site: site.stalling.add("/cdn/0.9.3/cpython312/main.wasm"), "main.wasm: no answer within 0.5 s"),
    (lambda site: (site.site / "cdn" / WHEEL).write_bytes(b"x" * (MAX_BYTES + 1)),
     "pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl: larger than 100,000"),
    (lambda site: (site.site / "cdn/index-0.9.3-cp312.json").write_text('{"pygame_ce": "x.whl"}'),
     "index-0.9.3-cp312.json: the package index names no 'pygame'"),
], ids=["404", "503", "timeout", "oversized", "index-without-pygame"])
def test_a_file_that_cannot_be_had_is_named_and_nothing_is_written(
        cdn: SwitchableSite, tmp_path: Path, spoil: object, why: str) -> None:
    spoil(cdn)  # type: ignore[operator]
    with pytest.raises(FetchError) as raised:
        fetch_runtime(tmp_path / "copy", runtime_at(cdn), "0.9.3", max_bytes=MAX_BYTES, timeout_s=0.5)
    lines = str(raised.value).splitlines()
    assert lines[0] == "1 of the runtime's files could not be had (nothing written):"
    assert len(lines) == 2 and why in lines[1]
    assert not (tmp_path / "copy").exists()
    assert len(cdn.requests) == len(set(cdn.requests))  # one request a file, none retried


def test_the_command_says_what_failed_in_error_lines_and_exits_1(
        cdn: SwitchableSite, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cdn.offline = True  # the CDN drops every request unanswered
    assert main(["fetch-runtime", str(tmp_path / "copy"), "--cdn", runtime_at(cdn)]) == 1
    error = capsys.readouterr().err
    assert error.startswith("error: 6 of the runtime's files could not be had (nothing written):")
    assert "pythons.js" in error and "index-0.9.3-cp312.json" in error


@pytest.mark.parametrize("cdn_value", ["cdn/0.9.3/", "ftp://x.org/cdn/0.9.3/"])
def test_a_runtime_not_on_the_network_is_refused(tmp_path: Path, cdn_value: str) -> None:
    assert main(["fetch-runtime", str(tmp_path / "copy"), "--cdn", cdn_value]) == 1


def test_a_folder_holding_files_is_refused_since_each_would_be_pinned(cdn: SwitchableSite, tmp_path: Path) -> None:
    (tmp_path / "copy").mkdir()
    (tmp_path / "copy" / "notes.txt").write_text("mine")
    with pytest.raises(ValueError, match="not an empty folder"):
        fetch_runtime(tmp_path / "copy", runtime_at(cdn), "0.9.3")
    assert cdn.requests == []
