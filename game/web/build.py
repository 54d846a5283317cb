"""Build ``build/web/`` with pygbag 0.9.3, offline, and zip it for itch.io.

pygbag fetches two things from its CDN while building: the page template
and the favicon. Passing a local ``--template`` and a local ``--icon`` makes
it use files instead (``pygbag/app.py`` only downloads when the path given
is not a file), so the build needs no network. To be sure of that, pygbag
runs in a child process in which its downloader refuses every URL.

Two other side effects of pygbag are switched off because they would change
the source tree: ``--no_opt`` (otherwise pngquant and ffmpeg, when installed,
write ``*-pygbag.png``/``*-pygbag.ogg`` files next to the assets) and
reformatting with ``black`` (pygbag runs it over the whole app folder
whenever ``black`` is importable).

pygbag writes the app twice, as ``<name>.apk`` (a zip) and ``<name>.tar.gz``;
the page only loads the ``.tar.gz``, so the ``.apk`` is deleted and only what
the page needs is published: ``index.html``, the ``.tar.gz`` and
``favicon.png``, and for offline play and installing as an app the service
worker ``sw.js``, ``manifest.webmanifest`` and its icons (``offline.py``).

pygbag packs a staged copy of the app (``build/stage/``, removed afterwards)
whose Python has no docstrings or comments, line for line (``slim.py``):
about 100 kB less to download, and the repository is never touched.

The browser still loads pygbag's runtime (CPython 3.12 for WebAssembly,
pygame-ce) from the CDN at play time: ``cdn`` points it elsewhere.

``share_base`` records where the site will be published, in
``game/share_base.txt`` (not in git), so that the desktop game's Share can
give a real link to it (``game.platform.links.share_base``); the page itself always
uses its own address.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import unicodedata
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.platform.links import SHARE_BASE_FILE, valid_share_base, web_address
from game.platform.resources import SCRIPT_FONTS, WEB_LOCALE_DIR
from game.web.escape import html_attribute, html_text, js_string, python_string
from game.web.offline import add_offline_files, safe_file_name
from game.web.page_texts import fill_page_texts, page_heads, page_translations
from game.web.policy import fill_policy
from game.web.runtime_pins import runtime_pins, runtime_root
from game.web.slim import slim, slim_tree

PYGBAG_VERSION = "0.9.3"
DEFAULT_CDN = f"https://pygame-web.github.io/cdn/{PYGBAG_VERSION}/"
"""Where pygbag's page loads its runtime from unless ``--cdn`` says otherwise."""
DEFAULT_TITLE = "Othello"
MAX_TITLE = 60
"""The longest ``--title``, in characters."""
TEMPLATE_NAME = "index.html"
ICON_PATH = Path("assets") / "icon.png"
OUTPUT_DIR = Path("build") / "web"
ARCHIVE_PATH = Path("build") / "web.zip"
LOG_PATH = Path("build") / "pygbag.log"
STAGE_DIR = Path("build") / "stage"
"""Where the build copies the app for pygbag (``stage_app``); removed once the site is built."""
OFFLINE_MARKER = "OFFLINE BUILD: refused to fetch"
BUILD_TIMEOUT_S = 600
_TEMPLATE_FIELD = re.compile(r"\{\{\s*cookiecutter\.\w+\s*\}\}")
_PAGE_VALUE = re.compile(r"__OTHELLO_(TITLE|CDN|PACKAGES|APP)_(HTML|ATTRIBUTE|JS|PYTHON)__")
ESCAPES: dict[str, Callable[[str], str]] = {
    "HTML": html_text, "ATTRIBUTE": html_attribute, "JS": js_string, "PYTHON": python_string}
"""The template's ``__OTHELLO_<VALUE>_<CONTEXT>__`` fields: each context's one escaping function (``escape.py``)."""
_RELATIVE_CDN = re.compile(r"(?!//)[A-Za-z0-9._~/-]+")
_TITLE_FORMAT_KEPT = {"\u200c", "\u200d"}
"""Invisible characters a title may hold: the zero-width (non-)joiners that some scripts and emoji need."""

# Runs pygbag as `python -m pygbag` would, with its downloader refusing every URL and with
# `import black` failing (pygbag would reformat the app folder in place with it).
_BOOTSTRAP = f"""
import runpy, sys
sys.modules["black"] = None

import pygbag.web

def _refuse(url, path):
    print("{OFFLINE_MARKER} " + str(url), file=sys.stderr, flush=True)
    raise OSError("network access is disabled in this build: " + str(url))

pygbag.web.get = _refuse
sys.argv[0] = "pygbag"
runpy.run_module("pygbag", run_name="__main__", alter_sys=True)
"""


class BuildError(RuntimeError):
    """The web build could not be made; the message says why and where the log is."""


@dataclass(frozen=True)
class BuildResult:
    """What a successful build produced."""

    output_dir: Path
    index_html: Path
    tarball: Path
    favicon: Path
    archive: Path | None
    log: Path
    version: str = ""
    """The build's hash (``offline.build_hash``): what the service worker's cache is named after."""

    @property
    def packed_bytes(self) -> int:
        """Size of the packed app the page downloads (the ``.tar.gz``) beside pygbag's runtime."""
        return self.tarball.stat().st_size


def pygbag_command(repo: Path) -> list[str]:
    """The child-process command line that builds ``repo`` with pygbag, offline.

    The title and the runtime's address are not given to pygbag: the
    template has no field of pygbag's for them, the build writes them in
    itself (``fill_page_values``).
    """
    return [
        sys.executable,
        "-c",
        _BOOTSTRAP,
        "--build",
        "--no_opt",
        "--template",
        str(repo / TEMPLATE_NAME),
        "--icon",
        str(repo / ICON_PATH),
        str(repo),
    ]


def check_title(title: str) -> str:
    """``title`` if it is plain text for the page's name, else ``ValueError`` saying why.

    One line of at most ``MAX_TITLE`` characters, not blank, with no control,
    format (bidirectional overrides) or unassigned characters. Quotes,
    ``<``, ``&`` and the like are fine: they are escaped where they go.
    """
    shown = repr(title[:MAX_TITLE + 10])
    if not title.strip():
        raise ValueError(f"the title {shown} must be plain text, not blank")
    if len(title) > MAX_TITLE:
        raise ValueError(f"the title {shown} must be plain text of at most {MAX_TITLE} characters")
    for char in title:
        if unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp") and char not in _TITLE_FORMAT_KEPT:
            raise ValueError(f"the title {shown} must be plain text on one line: it has U+{ord(char):04X}")
    return title


def valid_cdn(cdn: str) -> str:
    """Where the page loads pygbag's runtime from, with its final ``/``; ``ValueError`` if ``cdn`` is not such a place.

    An http or https address as a browser parses it (``links.web_address``,
    the check ``--share-base`` has too) with no query or fragment, or a
    folder relative to the page (``cdn/0.9.3/``: letters, digits and
    ``._~-/``). Not a protocol-relative ``//host/`` (write its scheme), nor
    a host's root (the package index is one folder above the runtime).

    >>> valid_cdn("HTTPS://Mirror.example.org/pygbag/0.9.3"), valid_cdn("cdn/0.9.3/")
    ('https://mirror.example.org/pygbag/0.9.3/', 'cdn/0.9.3/')
    """
    def refuse(why: str) -> ValueError:
        return ValueError(f"--cdn {cdn[:60]!r}: {why} (expected e.g. https://your.host/cdn/0.9.3/)")

    if cdn.startswith("//"):
        raise refuse("give the scheme (https://)")
    if _RELATIVE_CDN.fullmatch(cdn) and ":" not in cdn:
        if "/" not in cdn.strip("/"):
            raise refuse("the runtime must be in a folder of a folder: its package index is the folder above")
        return cdn if cdn.endswith("/") else cdn + "/"
    try:
        address = web_address(cdn)
    except ValueError as exc:
        raise refuse(f"not an http(s) address or a folder relative to the page: {exc}") from None
    if address.query or address.fragment:
        raise refuse("the runtime's address has no query or fragment")
    if address.path.strip("/") == "":
        raise refuse("the runtime must be in a folder of the host: its package index is the folder above")
    href = address.href
    return href if href.endswith("/") else href + "/"


def app_name(repo: Path) -> str:
    """The name pygbag gives the packed app (``<name>.tar.gz``): the folder's, lower case, spaces as dots.

    ``ValueError`` unless ``<name>.tar.gz`` is a ``safe_file_name``.
    """
    name = repo.name.lower().replace(" ", ".")  # pygbag/app.py's app_name
    try:
        safe_file_name(name + ".tar.gz")
    except ValueError:
        raise ValueError(f"the project folder {repo.name!r} names the packed app ({name}.tar.gz), which the page "
                         "and its service worker could not fetch: rename the folder (ASCII letters, digits, "
                         "'_', '-', '.' not first)") from None
    return name


def fill_page_values(page: str, *, title: str, cdn: str, app: str) -> str:
    """``page`` with the title, the runtime's address and the app's name filled in, each escaped for where it is.

    A field ``__OTHELLO_<VALUE>_<CONTEXT>__`` gets ``ESCAPES[CONTEXT]`` of
    that value, in one pass: a value that looks like a field stays as it is.
    ``PACKAGES`` is the package index's folder, one above the runtime (``$PYGPI``).
    """
    values = {"TITLE": title, "CDN": cdn, "PACKAGES": runtime_root(cdn), "APP": app}
    return _PAGE_VALUE.sub(lambda field: ESCAPES[field.group(2)](values[field.group(1)]), page)


def checked_share_base(address: str) -> str:
    """``address`` as ``valid_share_base`` gives it; ``BuildError`` saying why it is not a web page address."""
    try:
        return valid_share_base(address)
    except ValueError as exc:
        raise BuildError(f"--share-base: {exc}") from None


def record_share_base(repo: Path, address: str) -> Path:
    """Write the site's published address into the checkout's ``game/share_base.txt``; ``BuildError`` if bad."""
    path = repo / "game" / SHARE_BASE_FILE.name
    path.write_text(checked_share_base(address) + "\n", encoding="utf-8")
    return path


def check_sources(repo: Path) -> None:
    """Raise ``BuildError`` naming every file the build needs but ``repo`` lacks."""
    needed = [Path("main.py"), Path(TEMPLATE_NAME), Path("pygbag.ini"), ICON_PATH]
    missing = [str(path) for path in needed if not (repo / path).is_file()]
    if missing:
        raise BuildError(f"cannot build {repo}: missing {', '.join(missing)}")
    try:
        import pygbag
    except ImportError:
        raise BuildError("pygbag is not installed: pip install -e '.[test]'") from None
    if getattr(pygbag, "VERSION", None) != PYGBAG_VERSION:
        raise BuildError(f"pygbag {PYGBAG_VERSION} is needed, found {getattr(pygbag, 'VERSION', '?')}")


def build(
    repo: Path,
    *,
    title: str = DEFAULT_TITLE,
    cdn: str | None = None,
    archive: bool = False,
    quiet: bool = True,
    share_base: str | None = None,
    offline: bool = True,
    runtime_files: Path | None = None,
) -> BuildResult:
    """Build the static site into ``repo/build/web`` (replacing what was there) and check it.

    pygbag's own output goes to ``build/pygbag.log`` (and to the terminal
    unless ``quiet``). With ``archive`` also writes ``build/web.zip``. With
    ``share_base`` records where the site is published (see the module).
    ``offline=False`` publishes the retiring service worker instead of the
    offline one (``docs/web.md``, "Offline play": how to turn it off).
    ``runtime_files``: a copy of the runtime the page loads (laid out as the
    folder above it), whose files' hashes the service worker checks its
    copies against (``runtime_pins.py``).
    """
    repo = repo.resolve()
    check_sources(repo)
    try:  # every value checked before anything is written
        title = check_title(title)
        runtime = DEFAULT_CDN if cdn is None else valid_cdn(cdn)
        app = app_name(repo)
        pins = runtime_pins(runtime, DEFAULT_CDN, runtime_files)
    except (ValueError, FileNotFoundError) as exc:
        raise BuildError(str(exc)) from None
    if share_base is not None:
        record_share_base(repo, checked_share_base(share_base))
    output_dir = repo / OUTPUT_DIR
    if output_dir.exists():
        shutil.rmtree(output_dir)  # stale files (an apk named after another folder) would be published
    log_path = repo / LOG_PATH
    log_path.parent.mkdir(parents=True, exist_ok=True)
    stage = stage_app(repo)
    (stage / OUTPUT_DIR).mkdir(parents=True)  # pygbag creates it only when it resets its cache
    env = dict(os.environ, PYTHONIOENCODING="utf-8", PYTHONDONTWRITEBYTECODE="1")
    command = pygbag_command(stage)
    with log_path.open("w", encoding="utf-8") as log:
        try:
            completed = subprocess.run(
                command,
                cwd=stage,  # pygbag reads pygbag.ini from the working directory
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                encoding="utf-8",
                errors="replace",
                timeout=BUILD_TIMEOUT_S,
                check=False,
            )
        except subprocess.TimeoutExpired:
            raise BuildError(f"pygbag took over {BUILD_TIMEOUT_S} s; see {log_path}") from None
        log.write(completed.stdout)
    if not quiet:
        sys.stdout.write(completed.stdout)
    if OFFLINE_MARKER in completed.stdout:
        raise BuildError(f"pygbag tried to download something (it must build offline); see {log_path}")
    if completed.returncode != 0:
        raise BuildError(f"pygbag failed with status {completed.returncode}; see {log_path}")
    shutil.move(stage / OUTPUT_DIR, output_dir)
    shutil.rmtree(stage.parent)
    result = _collect(output_dir, log_path)
    copy_language_files(repo, output_dir)
    page = result.index_html.read_text(encoding="utf-8")
    tables = page_translations((repo / TEMPLATE_NAME).read_text(encoding="utf-8"))
    heads = page_heads(title, tables)
    page = fill_policy(fill_page_texts(page, tables, heads), runtime)
    page = fill_page_values(page, title=title, cdn=runtime, app=app)
    result.index_html.write_text(page, encoding="utf-8")
    version = add_offline_files(output_dir, result.tarball, heads, offline=offline, runtime_pins=pins)
    result = BuildResult(**{**result.__dict__, "version": version})
    if archive:
        result = BuildResult(**{**result.__dict__, "archive": write_archive(output_dir, repo / ARCHIVE_PATH)})
    return result


def copy_language_files(repo: Path, output_dir: Path) -> list[Path]:
    """Put the catalogs (``locale/``) and the Japanese and Chinese fonts (``fonts/``) beside the page.

    They are too large for the archive's budget (``pygbag.ini`` leaves them out
    of it): the game fetches those of the language in use only, and the
    service worker keeps them for offline play.
    """
    sources = [(repo / "assets" / relative, output_dir / relative) for relative in SCRIPT_FONTS.values()]
    sources += [(catalog, output_dir / WEB_LOCALE_DIR / catalog.name)
                for catalog in sorted((repo / "game" / "locale").glob("*.mo"))]
    copied = []
    for source, target in sources:
        if source.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
            copied.append(target)
    return copied


def stage_app(repo: Path) -> Path:
    """Copy what pygbag packs into ``build/stage/<name>`` and slim its Python (``slim.py``); the copy.

    The copy keeps the repository folder's name, which pygbag names the
    archive after. The WTHOR database and caches are not copied (pygbag.ini
    leaves them out anyway).
    """
    stage = repo / STAGE_DIR / repo.name
    if stage.parent.exists():
        shutil.rmtree(stage.parent)
    stage.mkdir(parents=True)
    for name in ("main.py", TEMPLATE_NAME, "pygbag.ini"):
        shutil.copy2(repo / name, stage / name)
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "wthor")
    for folder in ("game", "assets"):
        shutil.copytree(repo / folder, stage / folder, ignore=skip)
    slim_tree(stage / "game")
    (stage / "main.py").write_text(slim((stage / "main.py").read_text(encoding="utf-8")), encoding="utf-8")
    return stage


def _collect(output_dir: Path, log_path: Path) -> BuildResult:
    """The build's files, after checking each is there and the template was filled in.

    pygbag's ``.apk`` (the same files as the ``.tar.gz``, which the page does
    not load) is deleted here, so it is never published.
    """
    apks = sorted(output_dir.glob("*.apk"))
    tarballs = sorted(output_dir.glob("*.tar.gz"))
    index_html = output_dir / "index.html"
    favicon = output_dir / "favicon.png"
    problems = []
    if len(apks) != 1 or len(tarballs) != 1:
        problems.append(f"expected one .apk and one .tar.gz, found {[p.name for p in apks + tarballs]}")
    if not index_html.is_file():
        problems.append("no index.html")
    elif unfilled := sorted(set(_TEMPLATE_FIELD.findall(index_html.read_text(encoding="utf-8")))):
        problems.append(f"index.html has template fields left unfilled: {', '.join(unfilled)}")
    if not favicon.is_file():
        problems.append("no favicon.png")
    if problems:
        raise BuildError(f"the build in {output_dir} is incomplete: {'; '.join(problems)}; see {log_path}")
    apks[0].unlink()
    return BuildResult(output_dir, index_html, tarballs[0], favicon, None, log_path)


def write_archive(output_dir: Path, archive_path: Path) -> Path:
    """Zip the site for itch.io: every file of ``output_dir`` with ``index.html`` at the zip's root.

    (pygbag's own ``--archive`` leaves out the ``.tar.gz`` this template loads.)
    """
    files = sorted(path for path in output_dir.rglob("*") if path.is_file())
    if not any(path.name == "index.html" and path.parent == output_dir for path in files):
        raise BuildError(f"{output_dir} has no index.html to archive")
    archive_path.unlink(missing_ok=True)
    with zipfile.ZipFile(archive_path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for path in files:
            zf.write(path, path.relative_to(output_dir).as_posix())
    return archive_path
