"""The player's language: every player-facing string goes through here, gettext style.

* ``_(text)``: ``text`` in the player's language (English, the source
  language, when the catalog has no translation);
* ``N_(text)``: marks a string defined before it is shown (a table of
  button labels at import time) for the catalogs; ``_()`` it when drawing;
* ``ngettext(one, many, n)``: plural forms, as each language has them;
* ``pgettext(context, text)``: a short text that means different things
  in different places ("Open" a file, an "open" game);
* ``number(value)``: a number with the language's digit grouping and
  decimal mark ("131,212", "131 212", "131.212"), from the catalog;
* ``use(code, catalog)``: switch language at once; ``generation()`` changes
  with every switch, so a screen that laid out its texts can lay them out
  again.

Placeholders are named and filled after translating
(``_("{moves} moves to go").format(moves=n)``), never glued together.
The catalogs are ``game/locale/<code>.mo``, compiled from the sources in
``game/locale/po/`` by ``python tools/catalogs.py compile``
(``docs/translating.md``). The command line, GTP and JSON keys stay English.

>>> use("en")
True
>>> _("Pass"), ngettext("{n} move", "{n} moves", 2).format(n=2), number(131212)
('Pass', '2 moves', '131,212')
"""

from __future__ import annotations

import gettext
import io
import string
import struct
from collections.abc import Iterable, Iterator
from pathlib import Path

from game.platform.files import UnreadableFileError, read_regular_file

LANGUAGES: dict[str, str] = {
    "en": "English",
    "ja": "日本語",
    "zh_CN": "简体中文",
    "fr": "Français",
    "de": "Deutsch",
    "nl": "Nederlands",
    "es": "Español",
}
"""The languages the game speaks, each named in itself (as the Settings list shows them)."""
SOURCE_LANGUAGE = "en"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
"""Where the compiled catalogs are: ``<code>.mo``."""
MAX_CATALOG_BYTES = 2 * 1024 * 1024
"""A catalog larger than this is refused (no catalog of ours is near it)."""

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE
_generation = 0


PLURAL_CHECK_COUNTS = range(201)
"""A catalog's plural rule is tried on these counts when it loads: each must give one of its forms."""


class CatalogError(ValueError):
    """A catalog that cannot be read or is not a catalog; the message says which and why."""


class Catalog(gettext.GNUTranslations):
    """A compiled catalog that passed the checks; ``dropped`` lists the English texts whose translation was set aside.

    A translation is set aside when its placeholders are not its English
    text's (``{nope}``, ``{0}``, a lone ``{``): filling it would raise, so the
    English text shows instead.
    """

    dropped: tuple[str, ...] = ()


def _(message: str) -> str:
    """``message`` in the player's language."""
    return _translations.gettext(message)


def N_(message: str) -> str:  # noqa: N802 - gettext's own name for the marker
    """``message`` itself: marks it for the catalogs; translate it with ``_()`` where it is shown."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of ``singular``/``plural`` that ``count`` takes in the player's language (fill ``{n}`` after)."""
    return _translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the player's language, where ``context`` tells apart texts spelt alike."""
    return _translations.pgettext(context, message)


def number(value: float, decimals: int = 0) -> str:
    """``value`` written the player's way: digit groups and decimal mark from the catalog.

    >>> use("en")
    True
    >>> number(1234567.891, 2), number(-5), number(999)
    ('1,234,567.89', '-5', '999')
    """
    text = f"{value:,.{decimals}f}"
    group, point = pgettext("digit group separator", ","), pgettext("decimal mark", ".")
    return text.replace(",", "\0").replace(".", point).replace("\0", group)


def translated(error: BaseException) -> str:
    """An error's message in the player's language: ``_(template).format(**params)``, else ``str(error)``.

    The engine's and the records' errors (``game.engine.errors.ExplainedError``)
    keep their English ``template`` and its ``params``; a param that is such an
    error itself is translated in its turn, the others are data (squares,
    moves, numbers) or words given as they are (an operating system's reason).

    >>> use("en")
    True
    >>> from game.engine import NotationError
    >>> translated(NotationError("{text!r} is not a square (a1 to h8)", text="z9")), translated(OSError("gone"))
    ("'z9' is not a square (a1 to h8)", 'gone')
    """
    template, params = getattr(error, "template", None), getattr(error, "params", None)
    if not isinstance(template, str) or not isinstance(params, dict):
        return str(error)
    text = _(template)
    if not params:
        return text
    shown = {key: translated(value) if isinstance(value, BaseException) else value for key, value in params.items()}
    try:
        return text.format(**shown)
    except (KeyError, IndexError, ValueError, AttributeError):  # a translation that lost a placeholder
        return str(error)


WRITTEN_WITHOUT_SPACES = frozenset({"ja", "zh_CN"})
"""The languages that put no space between sentences (nor between words)."""


def sentences(*parts: str) -> str:
    """Sentences one after another as the language writes them: a space between them, none in Japanese or Chinese.

    >>> use("en")
    True
    >>> sentences("White passes.", "", "Black plays again.")
    'White passes. Black plays again.'
    """
    return ("" if _language in WRITTEN_WITHOUT_SPACES else " ").join(part for part in parts if part)


def language() -> str:
    """The code of the language in use (``'en'``, ``'ja'``, …)."""
    return _language


def generation() -> int:
    """A number that changes whenever the language does (screens compare it to lay out again)."""
    return _generation


def best_language(preferences: Iterable[str]) -> str:
    """The first of the player's languages the game speaks (``navigator.languages`` or a locale), else English.

    >>> best_language(["fr-CA", "en"]), best_language(["zh-Hans-CN"]), best_language(["pt-BR"])
    ('fr', 'zh_CN', 'en')
    >>> best_language(["ja_JP.UTF-8"]), best_language(["de_AT"]), best_language(["zh-TW", "nl"])
    ('ja', 'de', 'nl')
    """
    for preference in preferences:
        tag = str(preference).split(".")[0].replace("_", "-").lower()
        parts = tag.split("-")
        if parts[0] == "zh":
            # the Simplified Chinese catalog serves mainland China and Singapore, and plain "zh"
            if len(parts) == 1 or any(part in ("hans", "cn", "sg") for part in parts[1:]):
                return "zh_CN"
            continue
        if parts[0] in LANGUAGES:
            return parts[0]
    return SOURCE_LANGUAGE


def parse_catalog(data: bytes, code: str) -> Catalog:
    """A compiled catalog (``.mo``) from its bytes; ``CatalogError`` naming the language if it is not one.

    Its plural rule must give one of its forms for every count of
    ``PLURAL_CHECK_COUNTS`` (a rule such as ``n/0`` is refused), and each
    translation must use only its English text's placeholders (one that does
    not is dropped, named in ``Catalog.dropped``).
    """
    name = LANGUAGES.get(code, code)
    if len(data) > MAX_CATALOG_BYTES:
        raise CatalogError(f"the {name} catalog is too large ({len(data):,} bytes)")
    try:
        catalog = Catalog(io.BytesIO(data))
        entries = list(_entries(data, catalog.charset() or "ascii"))
    except (OSError, ValueError, UnicodeDecodeError, IndexError, KeyError, OverflowError, LookupError,
            RecursionError, struct.error) as exc:  # LookupError: a charset Python does not know
        raise CatalogError(f"the {name} catalog cannot be read ({exc})") from None
    _check_plural_rule(catalog, name)
    catalog.dropped = tuple(_drop_foreign_placeholders(catalog, entries))
    return catalog


def _entries(data: bytes, charset: str) -> Iterator[tuple[str, str]]:
    """Each (original, translation) of a compiled catalog as its table holds them (plural forms joined by NUL).

    ``gettext`` keeps a plural entry's singular text alone; the placeholder
    check needs its plural text too, so the table is read again here.
    """
    order = "<" if data[:4] == b"\xde\x12\x04\x95" else ">"
    count, originals, translations = struct.unpack(order + "4x4x3I", data[:20])[:3]
    for index in range(count):
        length, start = struct.unpack(order + "2I", data[originals + 8 * index: originals + 8 * index + 8])
        original = data[start: start + length]
        length, start = struct.unpack(order + "2I", data[translations + 8 * index: translations + 8 * index + 8])
        if original:  # the empty original is the header
            yield original.decode(charset), data[start: start + length].decode(charset)


def _check_plural_rule(catalog: gettext.GNUTranslations, name: str) -> None:
    header = catalog.info().get("plural-forms", "")
    forms = next((part.split("=", 1)[1].strip() for part in header.split(";") if part.strip().startswith("nplurals")),
                 "2")
    count = int(forms) if forms.isascii() and forms.isdecimal() and len(forms) < 3 else 0
    rule = catalog.plural  # type: ignore[attr-defined]  # set by gettext from the header
    for n in PLURAL_CHECK_COUNTS:
        try:
            form = rule(n)
        except (ArithmeticError, ValueError, TypeError, RecursionError) as exc:
            raise CatalogError(f"the {name} catalog's plural rule fails for {n} ({exc})") from None
        if not 0 <= form < count:
            raise CatalogError(f"the {name} catalog's plural rule gives form {form} for {n}; it has {count}")


Placeholder = tuple[str, str | None, str]
"""A ``str.format`` field as written: its name, its conversion and its format spec."""


def placeholders(text: str) -> frozenset[Placeholder] | None:
    """The ``str.format`` fields of ``text``; ``None`` if it is no format string (a lone ``{``).

    >>> sorted(placeholders("{n} moves, {score:+d}"))
    [('n', None, ''), ('score', None, '+d')]
    >>> placeholders("a lone { brace") is None, placeholders("{{literal}}")
    (True, frozenset())
    """
    try:
        return frozenset((name, conversion, spec or "")
                         for _text, name, spec, conversion in string.Formatter().parse(text) if name is not None)
    except ValueError:
        return None


def _numbered(text: str) -> int:
    """How many fields of ``text`` are filled by position (``{}``, ``{0}``): more than the English has cannot be."""
    try:
        return sum(1 for _text, name, _spec, _conv in string.Formatter().parse(text)
                   if name is not None and (name == "" or name[0].isdigit()))
    except ValueError:
        return 0


def _drop_foreign_placeholders(catalog: gettext.GNUTranslations, entries: list[tuple[str, str]]) -> Iterator[str]:
    """Remove each translation whose placeholders are not among its English texts'; yield those English texts."""
    table: dict[object, str] = catalog._catalog  # type: ignore[attr-defined]  # gettext's own table
    for original, translation in entries:
        context, _, texts = original.rpartition("\x04")
        english = texts.split("\x00")
        allowed = frozenset().union(*(placeholders(text) or frozenset() for text in english))
        if all(placeholders(text) is None for text in english):
            continue  # never filled: its braces are text
        forms = translation.split("\x00")
        numbered = max(_numbered(text) for text in english)
        if all(found is not None and found <= allowed and _numbered(form) <= numbered
               for form, found in zip(forms, map(placeholders, forms), strict=True)):
            continue
        key = f"{context}\x04{english[0]}" if context else english[0]
        for entry in ((key, index) for index in range(len(forms))) if len(english) > 1 else (key,):
            table.pop(entry, None)
        yield english[0]
def catalog_path(code: str) -> Path:
    """Where the compiled catalog of language ``code`` is on this computer."""
    return LOCALE_DIR / f"{code}.mo"


def catalog_file(code: str, folders: tuple[Path, ...] = ()) -> Path | None:
    """The compiled catalog of ``code`` in ``LOCALE_DIR`` or the first of ``folders`` that has one; ``None``."""
    return next((folder / f"{code}.mo" for folder in (LOCALE_DIR, *folders) if (folder / f"{code}.mo").is_file()),
                None)


def read_catalog(code: str, folders: tuple[Path, ...] = ()) -> Catalog:
    """The compiled catalog of ``code`` from ``LOCALE_DIR`` or the first of ``folders`` that has it.

    ``CatalogError`` if it is nowhere, too large or not a catalog. (In the
    browser the catalogs are not in the game's archive: the page fetches the
    one a language needs into a folder of its own.)
    """
    path = catalog_file(code, folders) or catalog_path(code)
    try:
        data = read_regular_file(path, MAX_CATALOG_BYTES)
    except UnreadableFileError as exc:
        raise CatalogError(f"the {LANGUAGES.get(code, code)} catalog cannot be read ({exc.strerror})") from None
    except OSError as exc:
        raise CatalogError(f"the {LANGUAGES.get(code, code)} catalog cannot be read ({exc.strerror})") from None
    return parse_catalog(data, code)


def use(code: str, catalog: gettext.NullTranslations | None = None) -> bool:
    """Speak language ``code`` from now on: ``catalog`` if given, else the one on disk.

    Returns False (and changes nothing) for a language the game does not
    speak or whose catalog cannot be read; English needs no catalog.
    """
    global _translations, _language, _generation
    if code not in LANGUAGES:
        return False
    if catalog is None:
        if code == SOURCE_LANGUAGE:
            catalog = gettext.NullTranslations()
        else:
            try:
                catalog = read_catalog(code)
            except CatalogError:
                return False
    if code != _language or catalog is not _translations:
        _generation += 1
    _translations, _language = catalog, code
    return True
