"""The web build's inputs (``--title``, ``--cdn``, ``--share-base``, the folder's name): checked, escaped.

Cheap: the checks and the template filling are tested directly on the
template, with hostile values; a build is refused before pygbag runs.
Where Node.js is installed, its ``new URL`` (a browser's URL parser) and
``node --check`` say whether what the build accepts reads as meant.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from game.platform.links import valid_share_base, web_address

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
    completed = subprocess.run([NODE, "-e", f"const ARG = {json.dumps(argument)};\n{script}"],
                               capture_output=True, text=True, timeout=30, check=True)
    return json.loads(completed.stdout)


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


