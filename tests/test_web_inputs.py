"""The web build's inputs (``--title``, ``--cdn``, ``--share-base``, the folder's name): checked, escaped.

Cheap: the checks and the template filling are tested directly on the
template, with hostile values; a build is refused before pygbag runs.
Where Node.js is installed, its ``new URL`` (a browser's URL parser) and
``node --check`` say whether what the build accepts reads as meant.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from game.platform.links import valid_share_base, web_address
from game.web.__main__ import main
from game.web.build import (
    DEFAULT_CDN,
    MAX_TITLE,
    app_name,
    check_title,
    fill_page_values,
    valid_cdn,
)
from game.web.offline import safe_file_name
from game.web.runtime_pins import runtime_root

REPO = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="Node.js checks the page's JavaScript and URLs")

HOSTILE = [
    'a"b</script><!--<script>',
    "Tom & Jerry's \\ {{x}} ${x} `x` %s {0}",
    "__OTHELLO_CDN_JS__ __OTHELLO_TITLE_HTML__",
    "line\nbreak\r\u2028\u2029\t\x00",
    "オセロ 😀 \u202eevil",
    "'''\"\"\"\\",
]
"""Values no check lets through, given to the escaping directly: each must still reach the page as itself."""


def node(script: str, argument: object) -> object:
    """Run ``script`` with ``ARG`` bound to ``argument`` (JSON) in Node; what it prints, read as JSON."""
    assert NODE is not None
    # the program on stdin: the page's scripts are longer than one command-line argument may be (128 kB)
    completed = subprocess.run([NODE, "-"], input=f"const ARG = {json.dumps(argument)};\n{script}",
                               capture_output=True, text=True, timeout=30, check=True)
    return json.loads(completed.stdout)


# -- item 10: every value reaches the page through its context's escaping ---------------------------


def filled(value: str) -> str:
    """The template with pygbag's fields filled as pygbag would, and ``value`` as title, runtime and app name."""
    page = (REPO / "index.html").read_text(encoding="utf-8")
    for field, text in {"PYBUILD": "3.12", "ume_block": "0", "autorun": "0", "version": "0.9.3"}.items():
        page = page.replace("{{cookiecutter." + field + "}}", text)
    page = re.sub(r"\{\{cookiecutter\.\w+\}\}", "1", page)
    return fill_page_values(page, title=value, cdn=value, app=value)


class _Reader(HTMLParser):
    """The page's scripts (as the HTML parser ends them), its texts and attributes where the values go."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.scripts: list[str] = []
        self.texts: dict[str, str] = {}
        self.attributes: dict[str, str] = {}
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "script":
            self.scripts.append("")
            if found.get("id") == "site":
                self.attributes["src"] = found["src"] or ""
        if tag == "meta" and found.get("name") == "apple-mobile-web-app-title":
            self.attributes["meta"] = found["content"] or ""
        if tag == "canvas" and found.get("id") == "canvas":
            self.attributes["aria-label"] = found["aria-label"] or ""
        self._in = tag

    def handle_endtag(self, tag: str) -> None:
        self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "script":
            self.scripts[-1] += data
        elif self._in in ("title", "h1"):
            self.texts[self._in] = self.texts.get(self._in, "") + data


def read(page: str) -> _Reader:
    reader = _Reader()
    reader.feed(page)
    reader.close()
    return reader


def boot_code(script: str) -> str:
    return script[script.index("#<!--"):script.index("# -->")]


def test_each_hostile_value_reaches_html_text_and_attributes_as_itself() -> None:
    plain = read(filled("Othello"))
    for value in HOSTILE:
        page = read(filled(value))
        assert len(page.scripts) == len(plain.scripts), value  # no element opened or closed
        assert page.texts == {"title": value, "h1": value}
        assert page.attributes == {"src": value + "pythons.js", "meta": value, "aria-label": value}


def test_each_hostile_value_reaches_the_boot_code_as_itself() -> None:
    for value in HOSTILE:
        code = boot_code(read(filled(value)).scripts[0])
        compile(code, "index.html", "exec")
        assigned = dict(re.findall(r'^\s*(os.environ\["PYGPI"\]|bundle) = (".*")$', code, re.M))
        assert eval(assigned["bundle"]) == value  # noqa: S307 - string literals only
        assert eval(assigned['os.environ["PYGPI"]']) == runtime_root(value)  # noqa: S307 - the runtime's, one folder up
        loading = re.search(r"^print\((.*)\)$", code, re.M)
        assert loading is not None
        assert eval(loading.group(1)).startswith(f"Loading {value} from {value}.tar.gz")  # noqa: S307


@needs_node
def test_each_hostile_value_reaches_the_pages_javascript_as_itself() -> None:
    configs = []
    for value in HOSTILE:
        scripts = read(filled(value)).scripts
        configs.append(next(script for script in scripts if "var config = {" in script))
    # each script checked as the browser would run it; config's two values read back
    read_back = node("""
        const vm = require("vm")
        const out = ARG.map((source) => {
            const context = { document: { getElementById: () => ({ dataset: {} }) }, location: { hash: "",
                search: "", pathname: "/", href: "https://h/" }, history: {}, window: {}, localStorage: {} }
            new vm.Script(source)  // a syntax error throws here
            const found = source.match(/var config = \\{[^]*?\\n\\}/)[0]
            vm.runInNewContext(found.replace("debug : OTHELLO_DEBUG", "debug : 0"), context)
            return [context.config.cdn, context.config.archive]
        })
        console.log(JSON.stringify(out))
    """, configs)
    assert read_back == [[value, value] for value in HOSTILE]


def test_a_value_that_looks_like_a_field_is_not_filled_again() -> None:
    page = fill_page_values("<h1>__OTHELLO_TITLE_HTML__</h1>|__OTHELLO_CDN_JS__",
                            title="__OTHELLO_CDN_JS__", cdn="x", app="y")
    assert page == "<h1>__OTHELLO_CDN_JS__</h1>|x"


def test_the_template_takes_the_title_runtime_and_app_name_only_through_the_builds_fields() -> None:
    template = (REPO / "index.html").read_text(encoding="utf-8")
    assert not re.search(r"\{\{\s*cookiecutter\.(title|cdn|archive)\s*\}\}", template)
    fields = set(re.findall(r"__OTHELLO_(?:TITLE|CDN|PACKAGES|APP)_[A-Z]+__", template))
    assert fields == {f"__OTHELLO_{value}_{context}__" for value, context in [
        ("TITLE", "HTML"), ("TITLE", "ATTRIBUTE"), ("TITLE", "PYTHON"), ("CDN", "ATTRIBUTE"), ("CDN", "JS"),
        ("PACKAGES", "PYTHON"), ("PACKAGES", "JS"), ("APP", "PYTHON"), ("APP", "JS")]}


@pytest.mark.parametrize("title", ["a\nb", "a\tb", "a\x00b", "   ", "", "x" * (MAX_TITLE + 1), "\u202eOthello",
                                   "Othello\u2028", "a\u200eb"])
def test_a_title_that_is_not_one_line_of_plain_text_is_refused(title: str) -> None:
    with pytest.raises(ValueError, match="must be plain text"):
        check_title(title)


@pytest.mark.parametrize("title", ['Othello "deluxe"', "<b>Othello</b>", "Tom & Jerry", "オセロ", "x" * MAX_TITLE,
                                   "👩\u200d👩\u200d👧"])
def test_a_plain_text_title_is_taken_as_it_is(title: str) -> None:
    assert check_title(title) == title


@pytest.mark.parametrize("cdn", ['https://x.org/a"b</x>/', "javascript:alert(1)//", "//evil.example/cdn/",
                                 "data:text/javascript,alert(1)//", "https://x.org/cdn/?v=1", "https://x.org/cdn/#x",
                                 "ftp://x.org/cdn/", "", "https:x.org/cdn/", "cdn\\0.9.3/", "https://x.org/a b/",
                                 "c:/cdn/", "https://u:p@x.org/cdn/"])
def test_a_cdn_that_is_no_http_address_or_page_folder_is_refused(cdn: str) -> None:
    with pytest.raises(ValueError, match="--cdn"):
        valid_cdn(cdn)


@pytest.mark.parametrize(("cdn", "why"), [
    ("//host/", "give the scheme"),                # protocol-relative: the policy would lack the runtime's origin
    ("//host/cdn/0.9.3/", "give the scheme"),
    ("https://host/", "folder of the host"),       # a mirror at a host's root: PYGPI would be "https://"
    ("https://host", "folder of the host"),
    ("0.9.3/", "folder of a folder"),              # relative with no folder above: PYGPI would be empty, and
    ("cdn", "folder of a folder"),                 # pygbag would fall back to its own CDN, which the policy blocks
])
def test_a_protocol_relative_cdn_or_one_at_a_hosts_root_is_refused_at_build_time(cdn: str, why: str) -> None:
    # issue 48, item 9: each would build a page that cannot load its runtime or its packages
    with pytest.raises(ValueError, match=f"--cdn.*{why}"):
        valid_cdn(cdn)


def test_a_cdn_is_an_http_address_or_a_folder_of_the_page_ending_in_a_slash() -> None:
    assert valid_cdn(DEFAULT_CDN) == DEFAULT_CDN
    assert valid_cdn("https://mirror.example.org/pygbag/0.9.3") == "https://mirror.example.org/pygbag/0.9.3/"
    assert valid_cdn("http://127.0.0.1:8123/cdn/0.9.3/") == "http://127.0.0.1:8123/cdn/0.9.3/"
    assert valid_cdn("cdn/0.9.3") == "cdn/0.9.3/"


# -- item 12: a share base is a URL as a browser parses it ------------------------------------------

REFUSED_BASES = ["https://#x", "https://?q", "https://h:99999/", "https://\u202eh/", "https://[::1/",
                 "javascript:x", "https:example.org", "https://u:p@h/", "https://1.2.3.999/", "https://h/a b",
                 "https://h\\x/", "https://[::1%eth0]/", "https://h/%zz", "https://h/../x", "https://[::1]x/",
                 "https://h:/", "https://xn--/", "OWNER here"]
ACCEPTED_BASES = {
    "https://someone.github.io/othello/": "https://someone.github.io/othello/",
    "HTTPS://Example.ORG": "https://example.org/",
    "https://example.org:443/play?x=1#old": "https://example.org/play?x=1",
    "http://127.0.0.1:8000/": "http://127.0.0.1:8000/",
    "https://[0:0::1]:8000/a": "https://[::1]:8000/a",
    "https://xn--n8jyd3c.example/": "https://xn--n8jyd3c.example/",
    "https://h/~me/%C3%A9/": "https://h/~me/%C3%A9/",
}


@pytest.mark.parametrize("address", REFUSED_BASES)
def test_a_share_base_a_browser_would_refuse_or_read_otherwise_is_refused(address: str) -> None:
    with pytest.raises(ValueError, match="not a web page address"):
        valid_share_base(address)


def test_a_share_base_is_kept_as_a_browser_writes_it_without_its_fragment() -> None:
    assert {address: valid_share_base(address) for address in ACCEPTED_BASES} == ACCEPTED_BASES


@needs_node
def test_the_browsers_url_parser_agrees_with_what_is_refused_and_kept() -> None:
    verdicts = node("""
        console.log(JSON.stringify(ARG.map((address) => {
            try { return new URL(address).href } catch (e) { return null }
        })))
    """, [*ACCEPTED_BASES, *REFUSED_BASES[:5]])
    assert verdicts[:len(ACCEPTED_BASES)] == [web_address(address).href for address in ACCEPTED_BASES]
    assert verdicts[len(ACCEPTED_BASES):] == [None] * 5  # the five: new URL throws
    links = node("console.log(JSON.stringify(ARG.map((base) => new URL(base + '#f5d6').href)))",
                 list(ACCEPTED_BASES.values()))
    assert links == [base + "#f5d6" for base in ACCEPTED_BASES.values()]


# -- item 11: the packed app's name is one the worker can fetch --------------------------------------

UNREACHABLE = ["a#b", "a?b", "a%20b", "a\\b", "a\nb", "a\tb", "a:b", "javascript:x", "http:x", ".hidden", "オセロ",
               "a\"b", "a<b>"]
REACHABLE = {"othello": "othello", "Othello Game": "othello.game", "wt-web": "wt-web", "my_game.2": "my_game.2"}


@pytest.mark.parametrize("folder", UNREACHABLE)
def test_a_folder_whose_name_the_worker_cannot_fetch_is_refused(folder: str) -> None:
    with pytest.raises(ValueError, match="rename the folder"):
        app_name(Path("/somewhere") / folder)


def test_a_safe_folder_name_is_the_packed_apps_as_pygbag_writes_it() -> None:
    assert {folder: app_name(Path("/somewhere") / folder) for folder in REACHABLE} == REACHABLE


@needs_node
def test_every_safe_name_resolves_to_itself_from_the_workers_scope() -> None:
    names = [f"{name}.tar.gz" for name in REACHABLE.values()]
    names += ["index.html", "manifest-zh_CN.webmanifest", "icon-apple-180.png", "_x-1.y"]
    assert [safe_file_name(name) for name in names] == names
    resolved = node("console.log(JSON.stringify(ARG.map((n) => new URL(n, 'https://h/games/').href)))", names)
    assert resolved == [f"https://h/games/{name}" for name in names]


# -- the command line: one line, a non-zero exit, nothing written -----------------------------------


def project(folder: Path) -> Path:
    """The least a build needs to get as far as checking its input (it is refused before pygbag runs)."""
    (folder / "game").mkdir(parents=True)
    for name in ("main.py", "index.html", "pygbag.ini"):
        shutil.copy2(REPO / name, folder / name)
    (folder / "assets").mkdir()
    shutil.copy2(REPO / "assets" / "icon.png", folder / "assets" / "icon.png")
    return folder


@pytest.mark.parametrize(("folder", "options"), [
    ("othello", ["--cdn", 'https://x.org/a"b</x>/']),
    ("othello", ["--cdn", "javascript:alert(1)//"]),
    ("othello", ["--title", "a\nb"]),
    ("othello", ["--title", "Othello", "--share-base", "https://#x"]),
    ("a#b", []),
])
def test_a_refused_build_says_why_in_one_line_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], folder: str, options: list[str]) -> None:
    root = project(tmp_path / folder)
    before = sorted(root.rglob("*"))
    assert main(["--repo", str(root), "build", "--share-base", "https://example.org/", *options]) == 1
    error = capsys.readouterr().err
    assert error.startswith("error: ") and error.count("\n") == 1, error
    assert sorted(root.rglob("*")) == before  # no build/, no game/share_base.txt
