"""The web build: ``python -m game.web build`` runs pygbag offline and packs only the game.

The build runs on a copy of this working tree (its tracked and untracked,
not ignored, files) in a temporary folder, so it never replaces the
``build/web`` someone may be serving. Junk that must stay out of the packed
app is added to the copy (a ``.git`` folder, an old ``build/``,
``node_modules``, tool caches). If the game's ``main.py`` has not been
written yet, the copy gets a three-line one.
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tokenize
import urllib.request
import warnings
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.i18n import LANGUAGES
from game.platform.resources import SCRIPT_FONTS
from game.web.build import DEFAULT_CDN, OFFLINE_MARKER, BuildError, check_sources, pygbag_command
from game.web.serve import make_server
from game.web.slim import metadata_rows

REPO = Path(__file__).resolve().parent.parent
APP_NAME = "othello"  # pygbag names the packed app after the project folder
DEAD_PROXY = "http://127.0.0.1:9"  # any download attempt fails at once

TINY_MAIN = "import asyncio\n\n\nasync def main():\n    await asyncio.sleep(0)\n\nasyncio.run(main())\n"

JUNK = {
    ".git/HEAD": "ref: refs/heads/main\n",
    ".git/objects/ab/cdef": "blob",
    "build/old/stale.py": "print('stale')\n",
    "docs/extra-note.md": "# not for the app\n",
    "tests/extra/test_extra.py": "def test_x():\n    pass\n",
    "node_modules/pyodide/pyodide.js": "// not for the app\n",
    ".pytest_cache/v/cache/lastfailed": "{}",
    ".ruff_cache/x": "x",
    ".hypothesis/examples/x": "x",
    "game/__pycache__/browser.cpython-311.pyc": "not really bytecode",
}


def repository_files() -> list[Path]:
    """The working tree's files as git sees them (tracked or new, not ignored)."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=REPO,
        capture_output=True,
        check=True,
    ).stdout.decode()
    return [Path(name) for name in listed.split("\0") if name and (REPO / name).is_file()]


def offline_env() -> dict[str, str]:
    """The environment with every proxy pointing nowhere, so nothing can be downloaded."""
    env = {k: v for k, v in os.environ.items() if not k.lower().endswith("_proxy")}
    env.update(http_proxy=DEAD_PROXY, https_proxy=DEAD_PROXY, HTTP_PROXY=DEAD_PROXY, HTTPS_PROXY=DEAD_PROXY)
    return env


def tree_digest(root: Path) -> dict[str, str]:
    """sha256 of every file under ``root`` outside ``build/``."""
    return {
        path.relative_to(root).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(root.rglob("*"))
        if path.is_file() and path.relative_to(root).parts[0] != "build"
    }


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the working tree, with junk that must stay out of the app."""
    if shutil.which("git") is None:
        pytest.skip("git is needed to list the working tree's files")
    root = tmp_path_factory.mktemp("web") / APP_NAME
    for rel in repository_files():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / rel, target)
    if not (root / "main.py").is_file():
        (root / "main.py").write_text(TINY_MAIN)  # until the game's own main.py lands
    for junk, text in JUNK.items():
        (root / junk).parent.mkdir(parents=True, exist_ok=True)
        (root / junk).write_text(text)
    return root


@pytest.fixture(scope="module")
def built(project: Path) -> dict[str, object]:
    """Run ``python -m game.web build --archive`` offline in the copy; its output and digests."""
    before = tree_digest(project)
    completed = subprocess.run(
        [sys.executable, "-m", "game.web", "build", "--archive"],
        cwd=project,
        env=offline_env(),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    return {"stdout": completed.stdout, "before": before, "after": tree_digest(project)}


def web(project: Path) -> Path:
    return project / "build" / "web"


def test_the_build_reports_what_it_made(project: Path, built: dict[str, object]) -> None:
    stdout = str(built["stdout"])
    assert "built build/web/" in stdout
    assert f"packed app {APP_NAME}.tar.gz" in stdout
    assert "build/web.zip" in stdout
    assert "with sw.js, manifest.webmanifest (one per language) and its icons" in stdout
    # only what the page loads is published: pygbag's .apk copy of the app is not
    assert sorted(p.name for p in web(project).iterdir()) == sorted(
        ["index.html", "favicon.png", f"{APP_NAME}.tar.gz", "sw.js", "manifest.webmanifest", "icon-192.png",
         "icon-512.png", "icon-maskable-512.png", "icon-apple-180.png", "fonts", "locale",
         *(f"manifest-{code}.webmanifest" for code in LANGUAGES if code != "en")]
    )
    # each language's catalog and the Japanese and Chinese fonts, fetched by the game when it speaks them
    assert sorted(p.name for p in (web(project) / "locale").iterdir()) == sorted(
        f"{code}.mo" for code in LANGUAGES if code != "en")
    assert sorted(p.name for p in (web(project) / "fonts").iterdir()) == sorted(FETCHED_ON_DEMAND)


def test_the_service_worker_caches_exactly_the_sites_files_under_the_builds_hash(
    project: Path, built: dict[str, object]
) -> None:
    import json
    import re

    worker = (web(project) / "sw.js").read_text(encoding="utf-8")
    page = (web(project) / "index.html").read_text(encoding="utf-8")
    version = re.search(r'const BUILD = "([0-9a-f]{12})"', worker)
    assert version is not None
    assert f'const OTHELLO_BUILD = "{version[1]}"' in page and "const OTHELLO_OFFLINE = true" in page
    files = json.loads(re.search(r"const PAGE_FILES = (\[.*\])", worker)[1])  # type: ignore[index]
    assert sorted(files) == sorted(p.name for p in web(project).iterdir() if p.is_file() and p.name != "sw.js")
    assert "__OTHELLO" not in worker + page  # every field filled in


def test_the_builds_hash_follows_the_files_it_caches(tmp_path: Path) -> None:
    from game.web.offline import add_offline_files
    from game.web.page_texts import page_heads

    def site(archive: bytes) -> str:
        folder = tmp_path / str(len(list(tmp_path.iterdir())))
        folder.mkdir()
        page = 'const OTHELLO_BUILD = "__OTHELLO_BUILD__"\nconst OTHELLO_OFFLINE = __OTHELLO_OFFLINE__\n'
        (folder / "index.html").write_text(page, encoding="utf-8")
        (folder / "favicon.png").write_bytes(b"png")
        (folder / "main.tar.gz").write_bytes(gzip.compress(archive, mtime=0))
        return add_offline_files(folder, folder / "main.tar.gz", page_heads("Othello", {}))

    assert site(b"one") == site(b"one") != site(b"two")


def test_sw_js_pins_the_hash_of_each_page_file_the_build_wrote(tmp_path: Path) -> None:
    import json

    from game.web.offline import add_offline_files
    from game.web.page_texts import page_heads

    page = 'const OTHELLO_BUILD = "__OTHELLO_BUILD__"\nconst OTHELLO_OFFLINE = __OTHELLO_OFFLINE__\n'
    (tmp_path / "index.html").write_text(page, encoding="utf-8")
    (tmp_path / "favicon.png").write_bytes(b"png")
    (tmp_path / "main.tar.gz").write_bytes(gzip.compress(b"the tar"))
    add_offline_files(tmp_path, tmp_path / "main.tar.gz", page_heads("Othello", {}))
    worker = (tmp_path / "sw.js").read_text(encoding="utf-8")
    files = json.loads(re.search(r"const PAGE_FILES = (\[.*\])", worker)[1])  # type: ignore[index]
    pins = json.loads(re.search(r"const HASHES = (\{.*\})", worker)[1])  # type: ignore[index]
    assert sorted(pins) == sorted(files)
    for name in files:  # index.html as filled in, not its template
        written = hashlib.sha256((tmp_path / name).read_bytes()).hexdigest()
        assert pins[name] == ([written, hashlib.sha256(b"the tar").hexdigest()] if name == "main.tar.gz" else written)


def test_sw_js_pins_the_runtime_files_the_build_is_given_beside_the_page_files(tmp_path: Path) -> None:
    # issue 48, item 7: a runtime file planted in the cache outlived every deploy; sw.js knew no runtime hash
    import json

    from game.web.offline import add_offline_files
    from game.web.page_texts import page_heads
    from game.web.runtime_pins import runtime_pins

    runtime = tmp_path / "mirror"
    (runtime / "0.9.3" / "cpython312").mkdir(parents=True)
    (runtime / "cp312").mkdir()
    (runtime / "0.9.3" / "pythons.js").write_text("// loader", encoding="utf-8")
    (runtime / "0.9.3" / "cpython312" / "main.wasm").write_bytes(b"\0asm")
    (runtime / "cp312" / "pygame.whl").write_bytes(b"wheel")
    (runtime / "index-0.9.3-cp312.json").write_text("{}", encoding="utf-8")
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text('const OTHELLO_BUILD = "__OTHELLO_BUILD__"\n', encoding="utf-8")
    (site / "favicon.png").write_bytes(b"png")
    (site / "main.tar.gz").write_bytes(gzip.compress(b"archive"))
    pins = runtime_pins("https://mirror.example/cdn/0.9.3/", DEFAULT_CDN, runtime)
    unpinned = add_offline_files(site, site / "main.tar.gz", page_heads("Othello", {}))
    version = add_offline_files(site, site / "main.tar.gz", page_heads("Othello", {}), runtime_pins=pins)
    hashes = json.loads(re.search(r"const HASHES = (\{.*\})", (site / "sw.js").read_text(encoding="utf-8"))[1])  # type: ignore[index]
    sha = {name: hashlib.sha256((runtime / name).read_bytes()).hexdigest()
           for name in ("0.9.3/pythons.js", "0.9.3/cpython312/main.wasm", "cp312/pygame.whl", "index-0.9.3-cp312.json")}
    assert {url: digest for url, digest in hashes.items() if url.startswith("https:")} == {
        f"https://mirror.example/cdn/{name}": digest for name, digest in sha.items()}
    assert "index.html" in hashes and "main.tar.gz" in hashes
    assert version != unpinned  # other pins, another cache


def test_the_runtime_is_pinned_relative_to_the_page_and_pygbags_cdn_by_the_files_learnt_from_it(tmp_path: Path) -> None:
    from game.web.runtime_pins import PYGBAG_RUNTIME, runtime_pins

    (tmp_path / "0.9.3").mkdir()
    (tmp_path / "0.9.3" / "pythons.js").write_text("// loader", encoding="utf-8")
    loader = hashlib.sha256(b"// loader").hexdigest()
    assert runtime_pins("cdn/0.9.3/", DEFAULT_CDN, tmp_path) == {"cdn/0.9.3/pythons.js": loader}
    assert runtime_pins(DEFAULT_CDN, DEFAULT_CDN) == {
        f"https://pygame-web.github.io/cdn/{name}": digest for name, digest in PYGBAG_RUNTIME.items()}
    assert runtime_pins("https://mirror.example/cdn/0.9.3/", DEFAULT_CDN) == {}  # a mirror's files are its own
    # the copies of pygbag 0.9.3's files beside this checkout are what the table says
    shared = REPO.parent / "shared" / "runtime"
    for name, path in (("0.9.3/pythons.js", "pygbag-0.9.3/pythons.js"),
                       ("0.9.3/cpythonrc.py", "pygbag-0.9.3/cpythonrc.py"),
                       ("cp312/pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl",
                        "pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl")):
        if (shared / path).is_file():
            assert hashlib.sha256((shared / path).read_bytes()).hexdigest() == PYGBAG_RUNTIME[name], name


def test_a_runtime_copy_the_page_could_not_fetch_by_its_names_is_refused(tmp_path: Path) -> None:
    from game.web.runtime_pins import runtime_pins

    (tmp_path / "a#b.js").write_text("", encoding="utf-8")
    with pytest.raises(ValueError, match="safe file name"):
        runtime_pins("cdn/0.9.3/", DEFAULT_CDN, tmp_path)
    with pytest.raises(FileNotFoundError, match="--runtime-files"):
        runtime_pins("cdn/0.9.3/", DEFAULT_CDN, tmp_path / "missing")


def test_without_offline_play_the_build_publishes_the_retiring_worker(project: Path, tmp_path: Path) -> None:
    from game.web.build import build

    copy = tmp_path / APP_NAME
    shutil.copytree(project, copy, ignore=shutil.ignore_patterns("build"))
    result = build(copy, offline=False)
    worker = (result.output_dir / "sw.js").read_text(encoding="utf-8")
    assert "registration.unregister()" in worker and "caches.delete" in worker
    assert 'addEventListener("fetch"' not in worker
    assert "const OTHELLO_OFFLINE = false" in result.index_html.read_text(encoding="utf-8")


def test_the_web_icons_are_what_the_icon_tool_draws(tmp_path: Path) -> None:
    import pygame

    from game.web.offline import APPLE_ICON, ICONS, ICONS_DIR

    subprocess.run([sys.executable, str(REPO / "tools" / "make_icon.py"), "--web", str(tmp_path)],
                   check=True, capture_output=True, timeout=120)
    for name in [name for name, _, _ in ICONS] + [APPLE_ICON]:
        drawn, committed = pygame.image.load(str(tmp_path / name)), pygame.image.load(str(ICONS_DIR / name))
        assert drawn.get_size() == committed.get_size(), name
        assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(committed, "RGBA"), name


def packed_names(project: Path) -> list[str]:
    with tarfile.open(web(project) / f"{APP_NAME}.tar.gz") as tar:
        return sorted(member.name for member in tar.getmembers() if member.isfile())


FETCHED_ON_DEMAND = {Path(relative).name for relative in SCRIPT_FONTS.values()}
"""The fonts the browser fetches beside the page when their language is in use (never in the archive)."""

DESKTOP_ONLY = {"cli.py", "cli_args.py", "cli_perft.py", "cli_show.py", "cli_search.py", "cli_book.py",
                "cli_library.py", "gtp.py", "input_script.py", "__main__.py", "file_chooser.py"}
"""The desktop's command lines and file chooser: never imported by the game in the browser, so left out of the
packed app."""


def test_the_packed_app_holds_main_game_and_assets(project: Path, built: dict[str, object]) -> None:
    names = packed_names(project)
    assert "assets/main.py" in names
    for module in ("game/__init__.py", "game/platform/browser.py", "game/engine/__init__.py", "game/engine/perft.py"):
        assert f"assets/{module}" in names
    expected_assets = {
        f"assets/{p.relative_to(project).as_posix()}" for p in (project / "assets").rglob("*")
        if p.is_file() and p.name not in FETCHED_ON_DEMAND
    }
    assert {n for n in names if n.startswith("assets/assets/")} == expected_assets
    assert not {n for n in names if n.endswith((".mo", ".po"))}  # the catalogs are fetched, not packed
    assert "assets/assets/icon.png" in names
    game_sources = {
        f"assets/{p.relative_to(project).as_posix()}"
        for p in (project / "game").rglob("*.py")
        if "web" not in p.relative_to(project).parts and p.name not in DESKTOP_ONLY
    }
    assert game_sources <= set(names)
    assert not {n for n in names if n.rsplit("/", 1)[-1] in DESKTOP_ONLY}  # the command lines stay out


def test_the_packed_app_holds_nothing_else(project: Path, built: dict[str, object]) -> None:
    names = packed_names(project)
    top_level = {name.split("/")[1] for name in names}
    assert top_level == {"main.py", "game", "assets"}
    for name in names:
        assert not name.endswith(".pyc"), name
        assert not name.startswith("assets/game/web/"), name  # the build tooling stays out
        assert "-pygbag." not in name, name  # pygbag's optimiser is off


def test_the_packed_app_is_within_its_size_budget(project: Path, built: dict[str, object]) -> None:
    # the budget for the game's own archive; pygbag's runtime (12-16 MB) comes on top
    assert (web(project) / f"{APP_NAME}.tar.gz").stat().st_size <= 1_500_000


def test_index_html_carries_the_title_and_the_templates_parts(project: Path, built: dict[str, object]) -> None:
    html = (web(project) / "index.html").read_text(encoding="utf-8")
    assert "<title>Othello</title>" in html
    assert '<h1>Othello</h1>' in html  # the loading screen
    assert re.search(r"\{\{\s*cookiecutter\.", html) is None
    # pygbag's runtime from its CDN, for the CPython it packs for
    assert '<script src="https://pygame-web.github.io/cdn/0.9.3/pythons.js" type=module id="site"' in html
    assert 'data-python="python3.12"' in html
    # deferred, not async: the page's own scripts (address clean-up, error handlers) run before it
    assert " async" not in html.splitlines()[0]
    # the boot code pygbag's loader calls, unpacking this build's archive
    assert "async def custom_site():" in html
    assert f'platform.fopen("{APP_NAME}.tar.gz", "rb")' in html
    assert "asyncio.run(custom_site())" in html
    # the separator between the Python block and the HTML, the canvas and the icon
    assert "# --></script><head>" in html
    assert '<canvas class="emscripten" id="canvas"' in html
    assert '<link rel="icon" type="image/png" href="favicon.png">' in html
    # its policy comes first, before pygbag's loader: scripts and connections to the page and the runtime only
    assert html.splitlines()[1].startswith('<html lang="en"><meta charset="UTF-8">'
                                           '<meta http-equiv="Content-Security-Policy" content="'
                                           "default-src 'self'; script-src 'self' https://pygame-web.github.io ")
    assert "connect-src 'self' https://pygame-web.github.io blob: data:;" in html.splitlines()[1]
    # no debug console unless the address asks for it
    assert 'data-os="snd,gui"' in html
    assert "debug : OTHELLO_DEBUG" in html


def test_a_browser_without_javascript_is_told_so_in_every_language(project: Path, built: dict[str, object]) -> None:
    from game import i18n
    from game.web.page_texts import DESCRIPTION, NEEDS_JAVASCRIPT

    html = (web(project) / "index.html").read_text(encoding="utf-8")
    noscript = html[html.index("<noscript>"):html.index("</noscript>")]
    assert f'<p lang="en">{NEEDS_JAVASCRIPT}</p>' in noscript
    for code in i18n.LANGUAGES:
        if code != i18n.SOURCE_LANGUAGE:
            translated = i18n.read_catalog(code).gettext(NEEDS_JAVASCRIPT)
            assert f'<p lang="{code.replace("_", "-")}">{translated}</p>' in noscript and translated != NEEDS_JAVASCRIPT
    # search engines and a page without scripts read the English description
    assert f'<meta name="description" content="{DESCRIPTION.replace("{title}", "Othello")}">' in html


def test_each_language_has_its_manifest(project: Path, built: dict[str, object]) -> None:
    import json

    from game import i18n

    for code in i18n.LANGUAGES:
        name = "manifest.webmanifest" if code == i18n.SOURCE_LANGUAGE else f"manifest-{code}.webmanifest"
        manifest = json.loads((web(project) / name).read_text(encoding="utf-8"))
        assert manifest["lang"] == code.replace("_", "-") and manifest["start_url"] == "./"
    chinese = json.loads((web(project) / "manifest-zh_CN.webmanifest").read_text(encoding="utf-8"))
    assert chinese["name"] == i18n.read_catalog("zh_CN").gettext("Othello") == "黑白棋"


def test_the_boot_code_is_valid_python(project: Path, built: dict[str, object]) -> None:
    html = (web(project) / "index.html").read_text(encoding="utf-8")
    code = html[html.index('snd,gui" defer>') + len('snd,gui" defer>') : html.index("# --></script>")]
    compile(code, "index.html", "exec")


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is needed to check the page's JavaScript")
def test_the_page_scripts_are_valid_javascript(project: Path, built: dict[str, object], tmp_path: Path) -> None:
    html = (web(project) / "index.html").read_text(encoding="utf-8")
    scripts = re.findall(r'<script type="application/javascript">(.*?)</script>', html, re.S)
    assert len(scripts) == 2
    scripts += re.findall(r"<script nomodule>(.*?)</script>", html, re.S)
    assert len(scripts) == 3
    for number, script in enumerate(scripts):
        path = tmp_path / f"script{number}.js"
        path.write_text(script, encoding="utf-8")
        checked = subprocess.run(["node", "--check", str(path)], capture_output=True, text=True, check=False)
        assert checked.returncode == 0, checked.stderr


def test_the_favicon_is_the_games_icon(project: Path, built: dict[str, object]) -> None:
    assert (web(project) / "favicon.png").read_bytes() == (project / "assets" / "icon.png").read_bytes()


def test_the_itch_io_archive_has_the_whole_site_at_its_root(project: Path, built: dict[str, object]) -> None:
    with zipfile.ZipFile(project / "build" / "web.zip") as archive:
        names = sorted(archive.namelist())
        site = web(project)
        assert names == sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
        assert archive.read("index.html") == (web(project) / "index.html").read_bytes()


def test_building_changes_nothing_outside_build(project: Path, built: dict[str, object]) -> None:
    assert built["after"] == built["before"]


def test_the_build_cannot_download_anything(project: Path, tmp_path: Path) -> None:
    # a template that is not a local file would make pygbag fetch it from its CDN; in a copy, since
    # pygbag run directly writes the copy's build/web
    copy = tmp_path / APP_NAME
    shutil.copytree(project, copy, ignore=shutil.ignore_patterns("build"))
    command = pygbag_command(copy)
    command[command.index("--template") + 1] = "no-such-template.tmpl"
    completed = subprocess.run(
        command, cwd=copy, env=offline_env(), capture_output=True, text=True, timeout=120, check=False
    )
    assert OFFLINE_MARKER in completed.stdout + completed.stderr


def test_cdn_option_points_the_page_elsewhere(project: Path, tmp_path: Path) -> None:
    mirrored = tmp_path / APP_NAME
    shutil.copytree(project, mirrored, ignore=shutil.ignore_patterns("build"))
    completed = subprocess.run(
        [sys.executable, "-m", "game.web", "build", "--cdn", "https://mirror.example.org/pygbag/0.9.3"],
        cwd=mirrored,
        env=offline_env(),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    html = (web(mirrored) / "index.html").read_text(encoding="utf-8")
    assert '<script src="https://mirror.example.org/pygbag/0.9.3/pythons.js"' in html
    assert 'cdn : "https://mirror.example.org/pygbag/0.9.3/"' in html
    assert "https://pygame-web.github.io/cdn/0.9.3" not in html
    assert "connect-src 'self' https://mirror.example.org blob: data:;" in html
    # and the packages (pygame-ce) come from the mirror's package index, one folder up
    code = html[html.index('os.environ["PYGPI"]') : html.index("# do not rename")]
    namespace: dict[str, object] = {"os": SimpleNamespace(environ={})}
    exec(code, namespace)  # noqa: S102 - the page's own boot code
    assert namespace["os"].environ == {"PYGPI": "https://mirror.example.org/pygbag/"}  # type: ignore[attr-defined]


def test_the_default_cdn_pins_pygbags_package_index_whatever_the_environment_says(
        project: Path, built: dict[str, object]) -> None:
    # pygbag's cpythonrc.py turns an address's ?PYGPI=... into os.environ["PYGPI"], and its
    # installer takes pygame-ce from there: the boot code sets it to pygbag's own index (aio/pep0723.py's
    # PKG_BASE_DEFAULT) whatever was there before
    html = (web(project) / "index.html").read_text(encoding="utf-8")
    code = html[html.index('os.environ["PYGPI"]') : html.index("# do not rename")]
    namespace: dict[str, object] = {"os": SimpleNamespace(environ={"PYGPI": "https://attacker.example/cdn/"})}
    exec(code, namespace)  # noqa: S102
    assert namespace["os"].environ == {"PYGPI": "https://pygame-web.github.io/cdn/"}  # type: ignore[attr-defined]


def test_missing_sources_are_named(tmp_path: Path) -> None:
    (tmp_path / "main.py").write_text(TINY_MAIN)
    with pytest.raises(BuildError, match=r"missing index\.html, pygbag\.ini, assets/icon\.png"):
        check_sources(tmp_path)


def test_a_failed_build_is_one_line_on_stderr(tmp_path: Path) -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "game.web", "--repo", str(tmp_path), "build"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert completed.returncode == 1
    assert completed.stderr.startswith("error: cannot build")
    assert completed.stderr.count("\n") == 1


@pytest.fixture
def served(project: Path, built: dict[str, object]) -> Iterator[str]:
    from tests.chromium import serve

    yield from serve(web(project))


def test_serve_hands_out_the_site_like_a_static_host(project: Path, served: str) -> None:
    assert served.startswith("http://127.0.0.1:")
    with urllib.request.urlopen(served) as response:  # noqa: S310 - our own local server
        assert "<title>Othello</title>" in response.read().decode()
        assert response.headers["Cache-Control"] == "no-store"
    with urllib.request.urlopen(served + f"{APP_NAME}.tar.gz") as response:  # noqa: S310
        assert response.headers["Content-Type"] == "application/gzip"
        assert response.headers.get("Content-Encoding") is None  # the page unpacks it itself
        assert response.read() == (web(project) / f"{APP_NAME}.tar.gz").read_bytes()


def test_serve_refuses_a_folder_that_was_not_built(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="python -m game.web build"):
        make_server(tmp_path, "127.0.0.1", 0)


@pytest.mark.parametrize("title", ["Othello\nDeluxe", "   "])  # quotes and <> are escaped (test_web_inputs.py)
def test_a_title_that_would_break_the_page_is_refused(title: str) -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "game.web", "build", "--title", title],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert completed.returncode == 1
    assert "must be plain text" in completed.stderr


# -- the size table in docs/web.md -----------------------------------------------------------------


def test_the_size_table_is_made_from_the_archive_and_written_between_the_markers(tmp_path: Path) -> None:
    import io
    import tarfile

    from game.web.figures import BEGIN, END, table, write_into

    tarball = tmp_path / "main.tar.gz"
    files = {"assets/game/ai/weights/patterns.bin": bytes(range(256)) * 40, "assets/game/x.py": b"print(1)\n" * 50,
             "assets/assets/fonts/a.ttf": b"\x00" * 300, "assets/game/challenges/c.json": b"{}"}
    with tarfile.open(tarball, "w:gz") as archive:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    (tmp_path / "index.html").write_text("<!DOCTYPE html>", encoding="utf-8")
    (tmp_path / "favicon.png").write_bytes(b"png")
    text = table(tarball, tmp_path / "index.html", tmp_path / "favicon.png", "2026-12-01")
    assert f"**{tarball.stat().st_size:,}**" in text
    assert "weights (`game/ai/weights/patterns.bin`, compressed already): 1 files, 10,240 bytes" in text
    assert "the Python code (the desktop's command lines left out): 1 files, 450 bytes" in text
    assert "the fonts (cut by `tools/make_font.py`): 1 files, 300 bytes" in text
    assert "| `index.html` | 15 |" in text
    doc = tmp_path / "web.md"
    doc.write_text(f"before\n{BEGIN}\nold table\n{END}\nafter\n", encoding="utf-8")
    write_into(doc, text)
    written = doc.read_text(encoding="utf-8")
    assert "old table" not in written and text in written and written.startswith("before\n") and "after" in written
    doc.write_text("no markers here", encoding="utf-8")
    with pytest.raises(ValueError, match="markers"):
        write_into(doc, text)


def test_docs_web_md_has_the_markers_of_its_size_table() -> None:
    from game.web.figures import BEGIN, END

    text = (REPO / "docs" / "web.md").read_text(encoding="utf-8")
    assert text.index(BEGIN) < text.index(END)


def test_docs_web_md_has_the_markers_of_its_visit_table_and_the_bench_writes_between_them(tmp_path: Path) -> None:
    first_visit = first_visit_bench()
    text = (REPO / "docs" / "web.md").read_text(encoding="utf-8")
    assert text.index(first_visit.BEGIN) < text.index(first_visit.END)
    page = [("/index.html?standin=playing", 200, 1000), ("/index.html", 200, 1000), ("/sw.js", 304, 0)]
    table = first_visit.summary([("first", page, [("/cdn/0.9.3/pythons.js", 200, 10)]), ("offline", [], [])],
                                "max-age=600")
    assert ("| first | 3 requests, **2,000 bytes**: `index.html` 2,000 (2 requests), `sw.js` 0 (`304`) "
            "| 1 request: `cdn/0.9.3/pythons.js` |") in table
    assert "| offline | 0 requests | 0 requests |" in table
    doc = tmp_path / "web.md"
    doc.write_text(f"before\n{first_visit.BEGIN}\nold\n{first_visit.END}\nafter\n", encoding="utf-8")
    from game.web.figures import write_into

    write_into(doc, table, first_visit.BEGIN, first_visit.END)
    assert doc.read_text(encoding="utf-8") == f"before\n{first_visit.BEGIN}\n{table}\n{first_visit.END}\nafter\n"



def first_visit_bench() -> Any:
    """``bench/first_visit.py`` as a module (bench/ is no package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("first_visit", REPO / "bench" / "first_visit.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def marked(text: str, begin: str, end: str) -> str:
    """What ``text`` holds between the markers ``begin`` and ``end``, stripped."""
    return text[text.index(begin) + len(begin): text.index(end)].strip()


def test_docs_web_md_says_the_language_files_sizes_the_build_measures(project: Path, built: dict[str, object]) -> None:
    # issue 48, item 11: "about 26 kB" and "about 28 kB" by hand, when they were 27.7-29.0 kB
    from game.web.figures import LANGUAGE_BEGIN, LANGUAGE_END, SCRIPT_NAMES, language_files

    assert set(SCRIPT_NAMES) == set(SCRIPT_FONTS)
    doc = (REPO / "docs" / "web.md").read_text(encoding="utf-8")
    assert marked(doc, LANGUAGE_BEGIN, LANGUAGE_END) == language_files(web(project)), (
        "stale: python -m game.web build --figures docs/web.md")


FIGURES_TOLERANCE = {"sw.js": 0.05, "": 0.01}
"""How far a size in docs/web.md's tables may be from this build's: the page names its runtime's address, and
``sw.js`` pins the runtime's files (the first-visit bench's are the stand-in CDN's, seven of them)."""


def test_docs_web_md_tables_give_the_sizes_of_this_builds_files(project: Path, built: dict[str, object]) -> None:
    # issue 48, item 11: the first-visit table was ~3.6 kB stale; each table is regenerated by its command
    from game.web.figures import BEGIN, END

    doc = (REPO / "docs" / "web.md").read_text(encoding="utf-8")
    first_visit = first_visit_bench()
    (first,) = [row for row in marked(doc, first_visit.BEGIN, first_visit.END).splitlines()
                if row.startswith("| first |")]
    tarball = next(web(project).glob("*.tar.gz"))
    said = {}
    for name, size, notes in re.findall(r"`([^`]+)` ([\d,]+)(?: \(([^)]*)\))?", first.split(" | ")[1]):
        requests = int(re.search(r"(\d+) requests", notes)[1]) if "requests" in notes else 1  # type: ignore[index]
        not_modified = re.search(r"(\d+) of them `304`", notes)
        answered = requests - (int(not_modified[1]) if not_modified else 0)
        said[tarball.name if name.endswith(".tar.gz") else name] = int(size.replace(",", "")) / answered
    assert set(said) == {path.name for path in web(project).iterdir() if path.is_file()}
    build_table = marked(doc, BEGIN, END)
    said_by_build = {"index.html": re.search(r"\| `index.html` \| ([\d,]+) \|", build_table),
                     "favicon.png": re.search(r"\| `favicon.png` \| ([\d,]+) \|", build_table),
                     tarball.name: re.search(r"the packed app \(budget [\d,]+\) \| \*\*([\d,]+)\*\*", build_table)}
    for name, found in said_by_build.items():
        assert found is not None, name
        said[f"{name} (build figures)"] = int(found[1].replace(",", ""))
    stale = []
    for name, size in said.items():
        actual = (web(project) / name.split(" ")[0]).stat().st_size
        if abs(size - actual) > FIGURES_TOLERANCE.get(name, FIGURES_TOLERANCE[""]) * actual:
            stale.append(f"{name}: docs say {size:,.0f}, the build wrote {actual:,}")
    assert not stale, ("stale (python bench/first_visit.py --write docs/web.md; python -m game.web build "
                       "--figures docs/web.md): " + "; ".join(stale))


def test_no_packed_module_imports_a_desktop_only_one_when_it_is_imported() -> None:
    """What the packed app imports at module level must be in it: the desktop's files only inside functions."""
    import ast

    desktop = {name.removesuffix(".py") for name in DESKTOP_ONLY}
    for path in sorted((REPO / "game").rglob("*.py")):
        if path.name in DESKTOP_ONLY or "web" in path.relative_to(REPO).parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:  # module level only (TYPE_CHECKING blocks and functions are not run at import)
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
                if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                assert name.rsplit(".", 1)[-1] not in desktop, f"{path.relative_to(REPO)} imports {name} at import time"


def _blank_string_statements(tree: ast.AST) -> ast.AST:
    class_docstrings = {id(node.body[0]) for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            node.value.value = " " if id(node) in class_docstrings else ""
    return tree


def test_a_slimmed_dataclass_keeps_a_docstring_so_none_is_written_at_import() -> None:
    # an empty __doc__ makes dataclass write the class's signature into it (inspect.signature): most of a
    # millisecond a class in the page, for every dataclass the game imports at its start (issue 48, item 3)
    from game.web.slim import slim

    slimmed = slim('from dataclasses import dataclass\n\n\n@dataclass\nclass A:\n    """Doc."""\n\n    x: int\n'
                   '    """Note."""\n\n\ndef f():\n    """Doc."""\n')
    assert slimmed.count('" "') == 1 and slimmed.count('""') == 2  # the class's docstring; the note, the function's
    space: dict[str, object] = {"__name__": __name__}  # dataclass looks its module up
    exec(compile(slimmed, "<slimmed>", "exec"), space)  # noqa: S102
    assert space["A"].__doc__ == " "  # type: ignore[attr-defined]


def test_slimming_keeps_every_line_and_changes_no_code() -> None:
    from game.web.slim import slim

    sources = sorted((REPO / "game").rglob("*.py")) + [REPO / "main.py"]
    before = after = 0
    for path in sources:
        source = path.read_text(encoding="utf-8")
        slimmed = slim(source)
        assert slimmed.count("\n") == source.count("\n"), path  # tracebacks name the repository's lines
        comments = [t.string for t in _tokens(slimmed) if t.type == tokenize.COMMENT]
        kept = metadata_rows(source)
        blocks = [t.string for t in _tokens(source) if t.type == tokenize.COMMENT and t.start[0] in kept]
        assert comments == blocks, path  # only an inline script metadata block is left
        original, result = _blank_string_statements(ast.parse(source)), ast.parse(slimmed)
        assert ast.dump(original) == ast.dump(result), path  # the same program, docstrings aside
        before, after = before + len(source), after + len(slimmed)
    assert after < 0.85 * before


def test_slimming_keeps_the_inline_script_metadata_that_names_pygame_ce() -> None:
    # pygbag installs what main.py's PEP 723 block lists before it runs it: without the block in the
    # packed main.py, the page stops at start with "No module named 'pygame'"
    from game.web.slim import slim

    source = (REPO / "main.py").read_text(encoding="utf-8")
    slimmed = slim(source)
    block = source[source.index("# /// script"):source.index("# ///\n", source.index("# /// script") + 5) + 6]
    assert '#     "pygame-ce",' in block
    assert slimmed.startswith(block)
    block_only = "# /// script\n# dependencies = []\n# ///\n"
    assert slim(block_only + "x = 1  # one\n") == block_only + "x = 1\n"
    assert slim("# /// script\nx = 1  # not a block: no closing line\n") == "\nx = 1\n"


@given(st.text(alphabet=st.sampled_from(list("ab\"'#\n :=()é\\")), max_size=60))
def test_slimming_never_breaks_a_file(source: str) -> None:
    from game.web.slim import slim

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # an odd escape in a generated string is not this test's business
        slimmed = slim(source)
        assert slimmed.count("\n") == source.count("\n") or slimmed == source
        try:
            compile(source, "<original>", "exec")
        except (SyntaxError, ValueError):
            assert slimmed == source  # what does not parse is left as it is
            return
        compile(slimmed, "<slim>", "exec")


def test_the_packed_code_is_slimmed_and_the_working_tree_is_not(project: Path, built: dict[str, object]) -> None:
    with tarfile.open(web(project) / f"{APP_NAME}.tar.gz") as tar:
        member = next(m for m in tar.getmembers() if m.name.endswith("game/play/levels.py"))
        handle = tar.extractfile(member)
        assert handle is not None
        packed = handle.read().decode("utf-8")
    original = (project / "game" / "play" / "levels.py").read_text(encoding="utf-8")
    assert '"""' in original and '"""' not in packed
    assert packed.count("\n") == original.count("\n")
    assert not (project / "build" / "stage").exists()  # the staged copy is gone


def _tokens(source: str) -> list[tokenize.TokenInfo]:
    return list(tokenize.generate_tokens(io.StringIO(source).readline))


def test_the_template_declares_its_charset_within_the_first_1024_bytes() -> None:
    # the browser's prescan reads only so far; a later <meta charset> may be taken for windows-1252
    template = (REPO / "index.html").read_bytes()
    head = template[:template.index(b"<meta charset")]
    assert b'<meta charset="UTF-8">' in template[:1024]
    assert b"{{" not in head and b"__OTHELLO_" not in head  # nothing before it grows when filled in
    assert template.count(b"<meta charset") == 1


def test_serve_sends_html_with_its_charset(tmp_path: Path) -> None:
    from tests.chromium import serve

    (tmp_path / "index.html").write_text("<!DOCTYPE html><meta charset=\"UTF-8\">é", encoding="utf-8")
    for url in serve(tmp_path):
        with urllib.request.urlopen(url) as response:  # noqa: S310 - our own local server
            assert response.headers["Content-Type"] == "text/html; charset=utf-8"
