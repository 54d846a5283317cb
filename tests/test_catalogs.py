"""The catalogs: every string of the screens goes through them, every language translates every string.

* the scenes and widgets pass no bare English to a text-drawing call (read
  with ``ast``: a literal with words where a text is drawn, a toast, a button
  label, a dialog's title or message, must be inside ``_()``, ``N_()``,
  ``ngettext()`` or ``pgettext()``);
* every catalog translates every string the code and the data tables use,
  keeps its placeholders, and the compiled ``.mo`` files are what the
  sources compile to (``python tools/catalogs.py compile``);
* the page's language rule (JavaScript, before any Python runs) is
  ``game.i18n.best_language``'s.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import i18n
from game.ai.levels import LEVELS
from game.play.levels import level_description, level_title

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tools"))

import catalogs  # noqa: E402 - tools/catalogs.py

TEXT_ARGUMENTS: dict[str, tuple[int | str, ...]] = {
    "draw_in": (1, "text"),
    "say": (2, "words"),
    "show": (0, "message"),  # ctx.toasts.show
    "Button": (1, "label", "subtitle"),
    "Dialog": (1, 2, "title", "message"),
    "Toast": (0, "message"),
    "fit": (0,),
}
"""The calls that put a text on the screen, and which of their arguments is the text."""
LABEL_LISTS: dict[str, tuple[int, int]] = {"button_row": (1, 0), "button_rows": (1, 0), "Dialog": (3, 0)}
"""Calls given (label, action) or (action, label) pairs: the argument and the label's place in each pair."""
TRANSLATING = {"_", "N_", "ngettext", "pgettext"}
WORDS = re.compile(r"[^\W\d_]{2,}")
SCANNED = sorted([*(REPO / "game" / "scenes").glob("*.py"), *(REPO / "game" / "ui").glob("*.py")])


def _bare_words(node: ast.AST) -> str | None:
    """The words of a literal (or an f-string's literal parts) that no translating call wraps, if any."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and WORDS.search(node.value):
        return node.value
    if isinstance(node, ast.JoinedStr):
        literal = "".join(part.value for part in node.values if isinstance(part, ast.Constant) and isinstance(
            part.value, str))
        if WORDS.search(literal):
            return literal
    if isinstance(node, ast.BinOp):  # "Score: " + str(n)
        return _bare_words(node.left) or _bare_words(node.right)
    if isinstance(node, ast.IfExp):
        return _bare_words(node.body) or _bare_words(node.orelse)
    return None


def _callee(node: ast.Call) -> str:
    if isinstance(node.func, ast.Name):
        return node.func.id
    return node.func.attr if isinstance(node.func, ast.Attribute) else ""


def bypasses(path: Path, root: Path = REPO) -> Iterator[str]:
    """Where ``path`` (below ``root``) hands a text-drawing call words that are not translated."""
    relative = path.relative_to(root).as_posix()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = _callee(node)
        texts: list[ast.AST] = []
        for place in TEXT_ARGUMENTS.get(name, ()):
            if isinstance(place, int) and place < len(node.args):
                texts.append(node.args[place])
            texts += [kw.value for kw in node.keywords if kw.arg == place]
        if name in LABEL_LISTS:
            index, slot = LABEL_LISTS[name]
            if index < len(node.args) and isinstance(node.args[index], ast.List | ast.Tuple):
                for pair in node.args[index].elts:  # type: ignore[attr-defined]
                    if isinstance(pair, ast.Tuple) and len(pair.elts) > slot:
                        texts.append(pair.elts[slot])
        for text in texts:
            words = _bare_words(text)
            if words is not None:
                yield f"{relative}:{text.lineno}: {name}(… {words!r} …) is not translated"  # type: ignore[attr-defined]


def test_no_screen_draws_words_that_bypass_the_catalog() -> None:
    found = [problem for path in SCANNED for problem in bypasses(path)]
    assert found == [], "\n".join(found)


def test_the_scan_finds_a_bare_text(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        'self.ctx.toasts.show("Saved the game")\n'
        'text.draw_in(surface, _("Fine"), 20, ink, box)\n'
        'text.draw_in(surface, f"{n} moves left", 20, ink, box)\n'
        'button_row(rect, [(_("Back"), "back"), ("Play", "play")])\n'
        'text.draw_in(surface, "f5", 20, ink, box)\n',
        encoding="utf-8",
    )
    found = [line.split(": ", 1)[1] for line in bypasses(sample, tmp_path)]
    assert found == ["show(… 'Saved the game' …) is not translated",
                     "draw_in(… ' moves left' …) is not translated",
                     "button_row(… 'Play' …) is not translated"]


# -- the catalogs ---------------------------------------------------------------------------------


@pytest.mark.parametrize("code", [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE])
def test_every_catalog_translates_every_string_and_keeps_its_placeholders(code: str) -> None:
    problems = catalogs.problems(code)
    assert problems == [], f"{len(problems)} problems, e.g.\n" + "\n".join(problems[:20])


@pytest.mark.parametrize("code", [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE])
def test_the_compiled_catalogs_are_what_their_sources_compile_to(code: str) -> None:
    assert i18n.catalog_path(code).read_bytes() == catalogs.compiled(code), "run python tools/catalogs.py compile"


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_every_level_has_a_name_and_a_description_of_its_own_in_every_language(code: str) -> None:
    """Two levels with one name (Seasoned and a new level both "Veteran" in Spanish) could not be told apart
    in the picker or the statistics."""
    assert i18n.use(code)
    try:
        names = [level_title(level.name).casefold() for level in LEVELS]
        descriptions = [level_description(level) for level in LEVELS]
    finally:
        i18n.use("en")
    assert len(set(names)) == len(names), sorted(name for name in names if names.count(name) > 1)
    assert len(set(descriptions)) == len(descriptions), sorted(d for d in descriptions if descriptions.count(d) > 1)


def test_a_broken_catalog_is_refused_and_the_game_keeps_its_language(tmp_path: Path) -> None:
    assert i18n.use("en")
    french = i18n.catalog_path("fr").read_bytes()
    assert b"charset=utf-8" in french
    unknown_charset = french.replace(b"charset=utf-8", b"charset=nope1")  # same length: still a catalog's shape
    for data in (b"", b"not a catalog at all", french[:40], unknown_charset):
        with pytest.raises(i18n.CatalogError, match="Français catalog"):
            i18n.parse_catalog(data, "fr")
    assert not i18n.use("xx") and i18n.language() == "en"


def test_numbers_follow_the_language() -> None:
    assert i18n.use("fr")
    french = i18n.number(131212)
    assert i18n.use("de")
    german = i18n.number(131212), i18n.number(2.5, 1)
    assert french.replace("\u202f", " ").replace("\xa0", " ") == "131 212"
    assert german == ("131.212", "2,5")


# -- the page's language ----------------------------------------------------------------------------


PAGE_CASES = [["fr-CA", "en"], ["zh-Hans-CN"], ["pt-BR"], ["ja_JP.UTF-8"], ["de_AT"], ["zh-TW", "nl"], ["es-419"],
              ["en-GB", "fr"], [], ["ZH"], ["nl-BE"]]


def test_the_page_picks_its_language_by_the_games_rule(tmp_path: Path) -> None:
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    template = (REPO / "index.html").read_text(encoding="utf-8")
    function = re.search(r"function othello_page_language\(\) \{.*?\n\}\n", template, re.S)
    assert function is not None
    everyone = {code: {"x": "y"} for code in i18n.LANGUAGES if code != "en"}
    script = tmp_path / "language.js"
    script.write_text(
        f"const OTHELLO_PAGE_TEXTS = {json.dumps(everyone)}\n"
        "let stored = null\n"
        "globalThis.localStorage = { getItem: () => stored }\n"
        f"{function.group(0)}\n"
        f"const cases = {json.dumps(PAGE_CASES)}\n"
        "const out = cases.map((languages) => {\n"
        "  Object.defineProperty(globalThis, 'navigator', { value: { languages }, configurable: true })\n"
        "  return othello_page_language() })\n"
        "stored = JSON.stringify({ language: 'nl' })\n"
        "out.push(othello_page_language())\n"
        "Object.defineProperty(globalThis, 'navigator', { value: { languages: ['fr-FR'] }, configurable: true })\n"
        "for (const name of ['__proto__', 'constructor', 'toString']) {\n"
        "  stored = JSON.stringify({ language: name }); out.push(othello_page_language()) }\n"
        "console.log(JSON.stringify(out))\n",
        encoding="utf-8",
    )
    answer = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=60, check=True)
    # the saved choice comes first; a saved name that is no language (an object's own keys) is not one
    expected = [i18n.best_language(case) for case in PAGE_CASES] + ["nl"] + ["fr"] * 3
    assert json.loads(answer.stdout) == expected


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_are_a_catalog_or_a_clear_refusal(data: bytes) -> None:
    try:
        catalog = i18n.parse_catalog(data, "de")
    except i18n.CatalogError as exc:
        assert "Deutsch catalog" in str(exc)
    else:
        assert isinstance(catalog.gettext("Pass"), str)
