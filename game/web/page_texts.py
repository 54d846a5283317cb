"""The page's own texts (loading, failures, updates) in every language, from the game's catalogs.

The template (``index.html``) writes each text it shows as ``T("…")``; the
catalog tool finds them there (``tools/catalogs.py``, area ``page``) like
the game's ``_()`` calls, and the build writes their translations into the
page (``__OTHELLO_PAGE_TEXTS__``: ``{code: {English: translated}}``), read
from the compiled catalogs. So the loading screen speaks the player's
language before any Python runs: the one saved in Settings, else the
browser's first that the game speaks.

>>> page_messages('x = T("Downloading") + T("Ready")  // T(not a literal)')
['Downloading', 'Ready']
"""

from __future__ import annotations

import json
import re

from game.i18n import LANGUAGES, SOURCE_LANGUAGE, CatalogError, read_catalog

FIELD = "__OTHELLO_PAGE_TEXTS__"
_CALL = re.compile(r'\bT\("((?:[^"\\]|\\.)*)"\)')


def page_messages(template: str) -> list[str]:
    """The texts the template shows, in order, each once (``T("…")`` with a plain double-quoted literal)."""
    found: list[str] = []
    for match in _CALL.finditer(template):
        text = json.loads(f'"{match.group(1)}"')
        if text not in found:
            found.append(text)
    return found


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


def fill_page_texts(page: str, template: str) -> str:
    """``page`` with its texts field filled in (JSON, safe inside a script element)."""
    data = json.dumps(page_translations(template), ensure_ascii=True, sort_keys=True).replace("</", "<\\/")
    return page.replace(FIELD, data)
