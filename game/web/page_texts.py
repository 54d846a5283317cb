"""The page's own texts (loading, failures, updates) in every language, from the game's catalogs.

The template (``index.html``) writes each text it shows as ``T("…")``; the
catalog tool finds them there (``tools/catalogs.py``, area ``page``) like
the game's ``_()`` calls, and the build writes their translations into the
page (``__OTHELLO_PAGE_TEXTS__``: ``{code: {English: translated}}``), read
from the compiled catalogs. So the loading screen speaks the player's
language before any Python runs: the one saved in Settings, else the
browser's first that the game speaks.

The page's name, description and ``<noscript>`` text, and the web app
manifest's, are written by the build itself (``page_heads``,
``fill_page_texts``): the HTML holds the English (for a page without scripts
and for search engines), each language's manifest its own, and the page
switches to the one of its language.

>>> page_messages('x = T("Downloading") + T("Ready")  // T(not a literal)')[:2]
['Downloading', 'Ready']
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import asdict, dataclass

from game.i18n import LANGUAGES, SOURCE_LANGUAGE, CatalogError, read_catalog

FIELD = "__OTHELLO_PAGE_TEXTS__"
HEADS_FIELD = "__OTHELLO_PAGE_HEADS__"
"""In the page's script: each language's ``PageHead`` (JSON), which the page applies to itself."""
DESCRIPTION_FIELD = "__OTHELLO_DESCRIPTION__"
"""The meta description's content: the English one."""
NOSCRIPT_FIELD = "__OTHELLO_NOSCRIPT__"
"""The ``<noscript>`` element's content: the message in every language."""
_CALL = re.compile(r'\bT\("((?:[^"\\]|\\.)*)"\)')

GAME_NAME = "Othello"
"""The game's own name, the build's default title: translated ("オセロ"); a host's own ``--title`` is kept as given."""
DESCRIPTION = "{title}: play Othello (Reversi) against the computer or a friend, in the browser."
"""The page's meta description and the manifest's description."""
NEEDS_JAVASCRIPT = "This game needs JavaScript."
"""What a browser without JavaScript shows."""
BUILT_MESSAGES = (GAME_NAME, DESCRIPTION, NEEDS_JAVASCRIPT)
"""The page's texts the build writes itself (no ``T("…")`` in the template)."""


def page_messages(template: str) -> list[str]:
    """The texts the page shows, in order, each once: the template's ``T("…")`` literals, then ``BUILT_MESSAGES``."""
    found: list[str] = []
    texts = [json.loads(f'"{match.group(1)}"') for match in _CALL.finditer(template)]
    for text in [*texts, *BUILT_MESSAGES]:
        if text not in found:
            found.append(text)
    return found


MANIFEST = "manifest.webmanifest"
"""The web app manifest in English; each other language's is ``manifest_file(code)``."""


def manifest_file(code: str) -> str:
    """The file of language ``code``'s manifest: ``MANIFEST`` for English, ``manifest-<code>.webmanifest`` else."""
    return MANIFEST if code == SOURCE_LANGUAGE else f"manifest-{code}.webmanifest"


@dataclass(frozen=True)
class PageHead:
    """A language's name of the game, its description, and its manifest's file, as the page and manifest say them."""

    lang: str
    """The BCP 47 tag (``zh-CN``)."""
    title: str
    description: str
    manifest: str


def page_heads(title: str, tables: dict[str, dict[str, str]]) -> dict[str, PageHead]:
    """Each language's ``PageHead`` for a build called ``title``, from ``page_translations``'s ``tables``.

    >>> heads = page_heads("Othello", {"ja": {"Othello": "オセロ"}})
    >>> heads["ja"].title, heads["ja"].manifest, heads["en"].manifest, heads["fr"].title
    ('オセロ', 'manifest-ja.webmanifest', 'manifest.webmanifest', 'Othello')
    """
    heads = {}
    for code in LANGUAGES:
        table = tables.get(code, {})
        name = table.get(title, title) if title == GAME_NAME else title
        heads[code] = PageHead(
            lang=code.replace("_", "-"),
            title=name,
            description=table.get(DESCRIPTION, DESCRIPTION).replace("{title}", name),
            manifest=manifest_file(code),
        )
    return heads


def page_translations(template: str) -> dict[str, dict[str, str]]:
    """Each language's translations of the page's texts (untranslated ones left out: the page shows English)."""
    messages = page_messages(template)
    tables: dict[str, dict[str, str]] = {}
    for code in LANGUAGES:
        if code == SOURCE_LANGUAGE:
            continue
        try:
            catalog = read_catalog(code)
        except CatalogError:
            continue
        table = {text: catalog.gettext(text) for text in messages if catalog.gettext(text) != text}
        if table:
            tables[code] = table
    return tables


def _script_json(value: object) -> str:
    """``value`` as JSON that is safe inside a script element."""
    return json.dumps(value, ensure_ascii=True, sort_keys=True).replace("</", "<\\/")


def noscript_html(tables: dict[str, dict[str, str]]) -> str:
    """``NEEDS_JAVASCRIPT`` in English, then in each language that translates it, each a paragraph in its language."""
    lines = [f'<p lang="en">{html.escape(NEEDS_JAVASCRIPT)}</p>']
    for code in LANGUAGES:
        translated = tables.get(code, {}).get(NEEDS_JAVASCRIPT)
        if code != SOURCE_LANGUAGE and translated:
            lines.append(f'<p lang="{code.replace("_", "-")}">{html.escape(translated)}</p>')
    return "".join(lines)


def fill_page_texts(page: str, tables: dict[str, dict[str, str]], heads: dict[str, PageHead]) -> str:
    """``page`` with its texts filled in: the translations, each language's head, the description, ``<noscript>``.

    ``tables`` as ``page_translations`` gives them, ``heads`` as ``page_heads``.
    """
    return (page.replace(FIELD, _script_json(tables))
            .replace(HEADS_FIELD, _script_json({code: asdict(head) for code, head in heads.items()}))
            .replace(DESCRIPTION_FIELD, html.escape(heads[SOURCE_LANGUAGE].description))
            .replace(NOSCRIPT_FIELD, noscript_html(tables)))
