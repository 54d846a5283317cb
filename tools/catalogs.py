"""The translation catalogs: find the strings, keep the sources up to date, compile, check.

    python tools/catalogs.py update     # every area's .po files get the strings the code uses now
    python tools/catalogs.py compile    # game/locale/<code>.mo from game/locale/po/<area>/<code>.po
    python tools/catalogs.py check      # untranslated, fuzzy or placeholder-breaking entries; status 1 if any
    python tools/catalogs.py stats      # strings per catalog

Strings are found by reading the code with ``ast`` (nothing is run): the
literal arguments of ``_()``, ``N_()``, ``ngettext()`` and ``pgettext()``
calls, plus the player-facing texts of data tables (``DATA_SOURCES``: the
levels' names and descriptions, the openings' names, the templates of the
engine's and the records' errors). Each string belongs
to the *area* of the file it is in (``AREAS``), and each area has its own
``.po`` file per language, so that translators (and sessions) can work on
different areas at once; compiling merges the areas into one catalog per
language. Needs Babel (a development dependency: ``pip install -e ".[test]"``);
the game itself reads the compiled catalogs with the standard library's
``gettext``. See ``docs/translating.md``.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import io
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from game.i18n import LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE  # noqa: E402

SOURCES_DIR = LOCALE_DIR / "po"
KEYWORDS = {"_": ("message",), "N_": ("message",), "ngettext": ("message", "plural"),
            "pgettext": ("context", "message")}
"""The translating functions and what their leading literal arguments are."""

AREAS: dict[str, tuple[str, ...]] = {
    "learn": ("game/scenes/tutorial.py", "game/scenes/challenges.py", "game/scenes/challenge_list.py",
              "game/scenes/trainer/", "game/scenes/review.py", "game/scenes/library.py", "game/scenes/explorer.py",
              "game/review/", "game/challenges/", "game/trainer/", "game/library/", "game/data/openings.txt"),
    "page": ("index.html",),
    "play": ("game/",),
}
"""Which area each file's strings belong to: the first area with a prefix of its path (``play`` takes the rest)."""

SOURCES_DATE = datetime.datetime(2026, 12, 1, tzinfo=datetime.UTC)
"""Written in every source's header, so that updating changes a file only when its strings change."""
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:![rsa])?(?::[^{}]*)?\}")
"""A ``str.format`` field such as ``{moves}`` or ``{value:+.1f}``: a translation keeps every one."""


@dataclass
class Message:
    """One string to translate: its text, plural and context, and where it is used."""

    message: str
    plural: str | None = None
    context: str | None = None
    locations: list[tuple[str, int]] = field(default_factory=list)

    @property
    def key(self) -> tuple[str | None, str]:
        """How the catalog tells messages apart."""
        return (self.context, self.message)


def area_of(path: str) -> str:
    """The area of a repository path (``game/scenes/menu.py`` -> ``play``)."""
    for area, prefixes in AREAS.items():
        if any(path == prefix or (prefix.endswith("/") and path.startswith(prefix)) for prefix in prefixes):
            return area
    return "play"


def messages_in_code(path: Path) -> Iterator[Message]:
    """The literal strings passed to the translating functions in one source file."""
    relative = path.relative_to(REPO).as_posix()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=relative)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in KEYWORDS):
            continue
        roles = KEYWORDS[node.func.id]
        values = [arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None
                  for arg in node.args[: len(roles)]]
        if len(values) < len(roles) or None in values:
            continue  # not a literal: a variable translated where it is shown, found at its definition
        found = dict(zip(roles, values, strict=True))
        yield Message(found["message"] or "", found.get("plural"), found.get("context"), [(relative, node.lineno)])


def _level_messages() -> Iterator[Message]:
    from game.ai.lab import LEVELS

    for level in LEVELS:
        yield Message(level.name, context="level", locations=[("game/ai/levels.py", 0)])
        yield Message(level.description, locations=[("game/ai/levels.py", 0)])


def _opening_messages() -> Iterator[Message]:
    from game.records.openings import DATA_FILE

    for number, line in enumerate(DATA_FILE.read_text(encoding="utf-8").splitlines(), start=1):
        if "|" in line and not line.lstrip().startswith("#"):
            name = line.split("|", 1)[1].strip()
            yield Message(name, context="opening", locations=[("game/data/openings.txt", number)])


def _page_messages() -> Iterator[Message]:
    from game.web.page_texts import page_messages

    for text in page_messages((REPO / "index.html").read_text(encoding="utf-8")):
        yield Message(text, locations=[("index.html", 0)])


ERROR_CLASSES = frozenset({"NotationError", "IllegalMoveError", "TranscriptError", "FormatError"})
"""The engine's and the records' errors that keep an English template (``game.engine.errors.ExplainedError``)."""
ERROR_MODULES = ("game/engine/", "game/records/")
"""Where they are raised."""


def _error_messages() -> Iterator[Message]:
    """The templates of the errors the game shows translated: every literal in the first argument of their calls.

    (``IllegalMoveError("... for Black" if ... else "... for White", move=...)`` gives both.)
    """
    for prefix in ERROR_MODULES:
        for path in sorted((REPO / prefix).rglob("*.py")):
            relative = path.relative_to(REPO).as_posix()
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=relative)):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and node.func.id in ERROR_CLASSES and node.args):
                    continue
                for part in ast.walk(node.args[0]):
                    if isinstance(part, ast.Constant) and isinstance(part.value, str) and part.value:
                        yield Message(part.value, locations=[(relative, part.lineno)])


DATA_SOURCES: tuple[tuple[str, Callable[[], Iterable[Message]]], ...] = (
    ("game/ai/levels.py", _level_messages),
    ("game/data/openings.txt", _opening_messages),
    ("index.html", _page_messages),
    ("game/engine/errors.py", _error_messages),
)
"""Player-facing texts that live in data, not in ``_()`` calls: (the path that names their area, a reader)."""


def collect() -> dict[str, dict[tuple[str | None, str], Message]]:
    """Every message the game uses, by area, in the order first found."""
    areas: dict[str, dict[tuple[str | None, str], Message]] = {area: {} for area in AREAS}

    def add(area: str, message: Message) -> None:
        known = areas[area].get(message.key)
        if known is None:
            areas[area][message.key] = message
        else:
            known.locations += message.locations
            known.plural = known.plural or message.plural

    for path in sorted((REPO / "game").rglob("*.py")):
        if "web" in path.relative_to(REPO).parts[1:2]:
            continue  # the web build's tooling shows players nothing
        for message in messages_in_code(path):
            add(area_of(message.locations[0][0]), message)
    for path, reader in DATA_SOURCES:
        for message in reader():
            add(area_of(path), message)
    return areas


def source_path(area: str, code: str) -> Path:
    """The ``.po`` source of ``area`` in language ``code``."""
    return SOURCES_DIR / area / f"{code}.po"


def _babel():  # type: ignore[no-untyped-def]
    try:
        from babel.messages import mofile, pofile
        from babel.messages.catalog import Catalog
    except ImportError:
        raise SystemExit("Babel is needed: pip install -e '.[test]'") from None
    return Catalog, pofile, mofile


def read_source(area: str, code: str):  # type: ignore[no-untyped-def]
    """The area's catalog in language ``code`` as Babel reads it (a new, empty one if there is none)."""
    Catalog, pofile, _ = _babel()
    path = source_path(area, code)
    if not path.is_file():
        return Catalog(locale=code, domain=area, project="Othello", fuzzy=False)
    with path.open("rb") as handle:
        return pofile.read_po(handle, locale=code, domain=area)


def update() -> dict[str, int]:
    """Bring every area's sources up to date with the code: new strings added, gone ones dropped."""
    _, pofile, _ = _babel()
    added: dict[str, int] = {}
    for area, messages in collect().items():
        for code in LANGUAGES:
            if code == SOURCE_LANGUAGE:
                continue
            catalog = read_source(area, code)
            old = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in catalog if m.id}
            fresh = type(catalog)(locale=code, domain=area, project="Othello", version="1", fuzzy=False,
                                  header_comment=f"# The game's {LANGUAGES[code]} texts ({area}): docs/translating.md",
                                  last_translator="Othello sessions", language_team=LANGUAGES[code],
                                  creation_date=SOURCES_DATE, revision_date=SOURCES_DATE)
            for key, message in messages.items():
                before = old.get(key)
                msgid = message.message if message.plural is None else (message.message, message.plural)
                if before is not None and before.string:
                    string = before.string
                    if message.plural is not None and isinstance(string, str):
                        string = (string,) + ("",) * (fresh.num_plurals - 1)
                    elif message.plural is None and not isinstance(string, str):
                        string = string[0]
                else:
                    string = "" if message.plural is None else ("",) * fresh.num_plurals
                    added[code] = added.get(code, 0) + 1
                fresh.add(msgid, string, locations=[(p, n) for p, n in message.locations][:5],
                          context=message.context, flags=before.flags if before is not None else ())
            path = source_path(area, code)
            path.parent.mkdir(parents=True, exist_ok=True)
            buffer = io.BytesIO()
            pofile.write_po(buffer, fresh, width=100, omit_header=False, sort_output=False, include_lineno=True)
            path.write_bytes(buffer.getvalue())
    return added


def compiled(code: str) -> bytes:
    """The compiled catalog (``.mo``) of ``code``: every area's translations merged."""
    Catalog, _, mofile = _babel()
    # dated, so that the same sources give the same bytes
    merged = Catalog(locale=code, domain="game", project="Othello", version="1", fuzzy=False,
                     creation_date=SOURCES_DATE, revision_date=SOURCES_DATE)
    for area in AREAS:
        for message in read_source(area, code):
            if message.id and message.string and "fuzzy" not in message.flags:
                merged.add(message.id, message.string, context=message.context)
    buffer = io.BytesIO()
    mofile.write_mo(buffer, merged, use_fuzzy=False)
    return buffer.getvalue()


def compile_all() -> list[Path]:
    """Write ``game/locale/<code>.mo`` for every language but the source one."""
    written = []
    for code in LANGUAGES:
        if code != SOURCE_LANGUAGE:
            path = LOCALE_DIR / f"{code}.mo"
            path.write_bytes(compiled(code))
            written.append(path)
    return written


def problems(code: str) -> list[str]:
    """What is wrong with language ``code``'s sources: untranslated, fuzzy, or placeholders not kept."""
    found = []
    messages = collect()
    for area, wanted in messages.items():
        catalog = read_source(area, code)
        have = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in catalog if m.id}
        for key, message in wanted.items():
            entry = have.get(key)
            where = f"{area}/{code}.po: {message.message!r}"
            strings = [] if entry is None else [entry.string] if isinstance(entry.string, str) else list(entry.string)
            if entry is None or not all(strings):
                found.append(f"{where} is not translated")
                continue
            if "fuzzy" in entry.flags:
                found.append(f"{where} is marked fuzzy")
            expected = set(PLACEHOLDER.findall(message.message)) | set(PLACEHOLDER.findall(message.plural or ""))
            for string in strings:
                if set(PLACEHOLDER.findall(string)) != expected:
                    found.append(f"{where}: {string!r} does not keep the placeholders {sorted(expected)}")
    return found


def main(argv: list[str] | None = None) -> int:
    """Run one command; see the module's docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("update", "compile", "check", "stats"))
    parser.add_argument("--language", choices=[c for c in LANGUAGES if c != SOURCE_LANGUAGE],
                        help="check only this language")
    args = parser.parse_args(argv)
    if args.command == "update":
        for code, count in sorted(update().items()):
            print(f"{code}: {count} strings to translate")
        print("updated the sources in", SOURCES_DIR.relative_to(REPO))
        return 0
    if args.command == "compile":
        for path in compile_all():
            print(f"wrote {path.relative_to(REPO)} ({path.stat().st_size:,} bytes)")
        return 0
    if args.command == "stats":
        total = sum(len(messages) for messages in collect().values())
        print(f"{total} strings: " + ", ".join(f"{area} {len(m)}" for area, m in collect().items()))
        return 0
    codes = [args.language] if args.language else [c for c in LANGUAGES if c != SOURCE_LANGUAGE]
    issues = [issue for code in codes for issue in problems(code)]
    for issue in issues:
        print(issue)
    print(f"{len(issues)} problems in {', '.join(codes)}")
    return 1 if issues else 0


if __name__ == "__main__":
    raise SystemExit(main())
