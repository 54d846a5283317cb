"""Every screen in every language: nothing drawn escapes the catalog, and every text fits its box.

* **A pseudo-language** marks every translated string (``⟦…⟧``); every
  state of the layout audit is drawn in it, and any text with words that is
  drawn without the mark came from somewhere the catalog does not reach.
* **The layout audit** (``tests/test_layout_audit.py``) runs in each of the
  six translated languages at the desktop's three window sizes: German and French run
  longer than English, Japanese and Chinese wrap without spaces. A control's
  word means one thing wherever the player meets it: no control reads like
  another English word's translation ("Zurück" for Back and for Undo).
* **Every character** of each language's catalog is in the font that
  language is drawn with (no boxes).
* **The first start** picks the system's language: ``LANG=ja_JP.UTF-8``
  with a fresh data folder opens in Japanese.
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import i18n
from game.platform.resources import FONT_NAMES, FONT_REGULAR
from game.platform.storage import MemoryStorage
from game.ui.font_file import font_characters, is_whole_font
from game.ui.text import REPLACEMENT
from tests.app_driver import Player
from tests.test_layout_audit import LONG_NAME, SIZES, STATES, problems_in, recorded, whole

LANGUAGE_SIZES = SIZES
"""The audit's sizes, the phone's both ways up too: a longer language's words meet the phone's text floor there."""

MARK_OPEN, MARK_CLOSE = "⟦", "⟧"
WORDS = re.compile(r"[^\W\d_]{2,}")
DATA_TEXT = re.compile(
    r"^(?:[a-hA-H][1-8][ ,.\-]*)+$"  # moves and squares: f5 d6 c3
    r"|^[-XO*. ]+$"  # a position's diagram
)
"""Texts that are data, not language: moves, squares, positions."""
FILE_OR_FOLDER = re.compile(r"(^/|/$|\.(ggf|obf|txt|json)$)")
"""A path, a folder or a game file's name, as the file chooser lists them."""


class Pseudo(gettext.NullTranslations):
    """A language in which every translated text is marked, so an unmarked text on screen was never translated."""

    def gettext(self, message: str) -> str:
        return f"{MARK_OPEN}{message}{MARK_CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"{MARK_OPEN}{msgid1 if n == 1 else msgid2}{MARK_CLOSE}"

    def pgettext(self, context: str, message: str) -> str:
        if context in ("digit group separator", "decimal mark"):
            return message
        return f"{MARK_OPEN}{message}{MARK_CLOSE}"


def untranslated(text: str, known_data: set[str]) -> bool:
    """Whether a drawn text has words and no mark: not data (moves, file names, names the states typed).

    A text drawn in pieces (a sentence at a time) carries one of the two marks.
    """
    if MARK_OPEN in text or MARK_CLOSE in text or not WORDS.search(text):
        return False
    words = set(WORDS.findall(text))
    data_words = {word for name in known_data for word in WORDS.findall(name)}
    return not (DATA_TEXT.match(text.strip()) or words <= data_words or FILE_OR_FOLDER.search(text))


def _known_data() -> set[str]:
    """Texts the audit's states themselves put on screen: typed names, a made-up event, a set heading."""
    return {LONG_NAME, LONG_NAME[::-1], "World Championship - 2010 and a long event name", "1,234 games, newest first",
            *i18n.LANGUAGES.values()}  # the languages are named in themselves


def test_nothing_on_any_screen_escapes_the_catalog(player_factory) -> None:
    player = player_factory(MemoryStorage(), window_size=SIZES[0])
    assert i18n.use("fr", Pseudo())  # after the start, which speaks the tests' English
    known = _known_data()
    found: list[str] = []
    for name in STATES:
        for drawn in recorded(player, name, with_toast=False).texts:
            if untranslated(drawn.text, known):
                found.append(f"{name}: {drawn.text!r}")
    assert not found, f"{len(found)} texts drawn without the catalog:\n" + "\n".join(sorted(set(found)))


class Witness(gettext.NullTranslations):
    """A language's catalog that notes which English texts each translation it gave came from."""

    def __init__(self, catalog: gettext.NullTranslations) -> None:
        super().__init__()
        self.catalog = catalog
        self.sources: dict[str, set[str]] = {}

    def _noted(self, translation: str, english: str) -> str:
        self.sources.setdefault(translation, set()).add(english)
        return translation

    def gettext(self, message: str) -> str:
        return self._noted(self.catalog.gettext(message), message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self._noted(self.catalog.ngettext(msgid1, msgid2, n), msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self._noted(self.catalog.pgettext(context, message), message)


SAME_MEANING = [
    {"Moves", "Transcript"}, {"Start position", "the start position"}, {"As White", "Play White", "White to move"},
    {"As Black", "Play Black", "Black to move"}, {"Discs on board", "Discs on the board"}, {"Analyse", "Analysis"},
    {"Opening", "Openings"}, {"Play computer", "Play the computer"}, {"Undo", "Undo move"}, {"Copy", "Copy position"},
    {"Empties to winner", "Empty squares to the winner"}, {"Paste", "Paste position"}, {"Retry", "Try again"},
]
"""English texts that say one thing in other words: a language may give them one translation."""


def meanings(english: set[str]) -> int:
    """How many different things ``english`` texts mean (``SAME_MEANING``'s groups count once)."""
    return len({next((min(group) for group in SAME_MEANING if text in group), text.casefold()) for text in english})


def controls_alike(player: Player, witness: Witness) -> list[str]:
    """Labels of the screen's controls that the language also gives other English words ("Zurück": Back, Undo).

    A control's word must mean one thing wherever the player meets it: the
    witness has seen every translation the game gave so far, on any screen.
    """
    scene = player.app.scene
    groups = [getattr(scene, "group", None), getattr(getattr(scene, "dialog", None), "group", None),
              getattr(getattr(scene, "chooser", None), "group", None)]
    labels = {button.label for group in filter(None, groups) for button in group.buttons}
    return [f"{label!r} stands for {sorted(witness.sources[label])}" for label in sorted(labels)
            if meanings(witness.sources.get(label, set())) > 1]


@pytest.mark.parametrize("code", [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE])
def test_every_screen_fits_its_text_and_names_each_control_once_in_every_language(player_factory, code: str) -> None:
    failures: list[str] = []
    for size in LANGUAGE_SIZES:
        player = player_factory(MemoryStorage(), window_size=size)
        assert player.app.ctx.languages.choose(code)
        witness = Witness(i18n._translations)  # noqa: SLF001 - the catalog the game speaks, watched
        i18n.use(code, witness)
        for name in STATES:
            recording = recorded(player, name, with_toast=False)
            for problem in problems_in(recording, player.app.surface, player.app.ctx.toasts.area):
                failures.append(f"{code} {name} @ {size[0]}x{size[1]}: {problem}")
            if size == SIZES[0]:
                failures.extend(f"{code}: {alike}" for alike in controls_alike(player, witness))
    failures = list(dict.fromkeys(failures))  # a word is named once, not once a screen
    assert not failures, f"{len(failures)} problems:\n" + "\n".join(failures[:60])


@pytest.mark.parametrize("code", [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE])
def test_the_font_of_each_language_has_every_character_of_its_catalog(player_factory, code: str) -> None:
    player = player_factory(MemoryStorage())
    assert player.app.ctx.languages.choose(code)
    catalog = i18n.read_catalog(code)
    characters = {ch for text in catalog._catalog.values() for part in ([text] if isinstance(text, str) else text)  # type: ignore[attr-defined]
                  for ch in part if ch.isprintable() and not ch.isspace()}
    for bold in (False, True):
        font = player.app.ctx.assets.font(20, bold)
        missing = sorted(ch for ch in characters if drawn_as_a_box(font, ch))
        assert not missing, f"{code}: {len(missing)} characters the font lacks: {''.join(missing[:40])}"


NO_SUCH_CHARACTER = "\ue000"
"""A private-use character no bundled font has: what it draws is the font's box for a missing glyph."""


def drawn_as_a_box(font: pygame.font.Font, character: str) -> bool:
    """Whether ``font`` lacks ``character``: it draws the missing glyph's box.

    ``Font.metrics`` cannot tell: for a missing character it gives ``None`` in some fonts and the box's
    metrics in others (the cut Noto Sans CJK), so what is drawn is compared instead.
    """
    def drawing(text: str) -> tuple[tuple[int, int], bytes]:
        surface = font.render(text, True, (255, 255, 255), (0, 0, 0))
        return surface.get_size(), pygame.image.tobytes(surface, "RGB")

    return font.metrics(character)[0] is None or drawing(character) == drawing(NO_SUCH_CHARACTER)


def test_the_english_font_has_every_character_of_the_texts_it_draws(player_factory) -> None:
    player = player_factory(MemoryStorage())
    assert player.app.ctx.languages.choose(i18n.SOURCE_LANGUAGE)
    sources = i18n.read_catalog("fr")._catalog  # type: ignore[attr-defined]  # its keys: every English text
    texts = [part for key in sources for part in ([key] if isinstance(key, str) else [key[0]])]
    characters = {ch for text in texts for ch in text.split("\x04")[-1] if ch.isprintable() and not ch.isspace()}
    for bold in (False, True):
        font = player.app.ctx.assets.font(20, bold)
        missing = sorted(ch for ch in characters if drawn_as_a_box(font, ch))
        assert not missing, f"English: {len(missing)} characters the font lacks: {''.join(missing[:40])}"


def test_the_box_test_sees_a_missing_character_and_passes_a_present_one(player_factory) -> None:
    player = player_factory(MemoryStorage())
    for code, present in (("en", "Aé…"), ("ja", "石打"), ("zh_CN", "棋子")):
        assert player.app.ctx.languages.choose(code)
        font = player.app.ctx.assets.font(20)
        assert drawn_as_a_box(font, NO_SUCH_CHARACTER) and drawn_as_a_box(font, "\U0001f0a1")  # a playing card
        assert not any(drawn_as_a_box(font, ch) for ch in present), code


@pytest.mark.parametrize("code", ["en", "fr", "de", "nl", "es"])
def test_an_undrawable_character_of_a_name_shows_as_the_replacement_mark_not_a_box(player_factory, code: str) -> None:
    """``drawable`` turns a file name's undecodable bytes into U+FFFD; DejaVu draws it (Noto Sans CJK has none:
    in Japanese and Chinese the box stands in)."""
    player = player_factory(MemoryStorage())
    assert player.app.ctx.languages.choose(code)
    for bold in (False, True):
        assert not drawn_as_a_box(player.app.ctx.assets.font(20, bold), REPLACEMENT)


def test_a_first_start_on_a_japanese_desktop_opens_in_japanese(player_factory, monkeypatch, tmp_path: Path) -> None:
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    from game.platform.storage import FileStorage

    player = player_factory(FileStorage(tmp_path))  # a fresh data folder: no settings yet
    assert i18n.language() == "ja" and player.app.ctx.settings.language is None  # the system's, not yet chosen
    drawn = " ".join(t.text for t in player.recorded_frame().texts)
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", drawn), drawn  # kana or kanji on the menu
    assert not (tmp_path / "settings.json").exists()  # following the system writes nothing


def test_in_the_browser_a_language_speaks_once_the_page_has_fetched_its_catalog_and_font(
    player_factory, monkeypatch, tmp_path: Path
) -> None:
    import shutil

    import game.scenes.base as base
    import game.ui.assets as assets_module
    import game.ui.language as language_module
    from game.platform.resources import SCRIPT_FONTS

    repo = Path(base.__file__).resolve().parents[2]
    archive = tmp_path / "assets"  # the browser's archive: no catalogs, no script fonts
    shutil.copytree(repo / "assets", archive, ignore=shutil.ignore_patterns("NotoSansCJK-*"))
    fetched = tmp_path / "fetched"
    monkeypatch.setattr(assets_module, "FETCHED_DIR", fetched)
    monkeypatch.setattr(language_module, "FETCHED_DIR", fetched)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "no-catalogs")
    requests: list[tuple[str, str, object]] = []
    monkeypatch.setattr(language_module, "fetch_page_file",
                        lambda url, path, done: requests.append((url, path, done)) or True)
    player = player_factory(MemoryStorage())
    ctx = player.app.ctx
    ctx.is_browser = True
    ctx.assets.root = archive

    assert ctx.languages.choose("ja") is False  # not yet: its files are on their way
    assert i18n.language() == "en" and ctx.settings.language == "ja"
    assert any("Japan" in toast.message or "日本語" in toast.message for toast in ctx.toasts)
    assert sorted(url for url, _, _ in requests) == sorted(["locale/ja.mo", SCRIPT_FONTS["ja"]])
    assert all(Path(path).parent == fetched for _, path, _ in requests)
    assert ctx.languages.choose("ja") is False and len(requests) == 2  # asked once

    sources = {"locale/ja.mo": repo / "game" / "locale" / "ja.mo",
               SCRIPT_FONTS["ja"]: repo / "assets" / SCRIPT_FONTS["ja"]}
    for number, (url, path, done) in enumerate(requests):
        shutil.copy2(sources[url], path)  # the page wrote it
        done(True, "123456")  # type: ignore[operator]
        assert i18n.language() == ("ja" if number == 1 else "en")  # speaks once both are there
    assert ctx.assets.script == "ja"
    player.frame()  # the screen lays itself out again, in Japanese
    drawn = " ".join(t.text for t in player.recorded_frame().texts)
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", drawn)

    assert ctx.languages.choose("en") and ctx.languages.choose("zh_CN") is False  # Chinese: other files to fetch
    for _url, _path, done in requests[2:]:
        done(False, "HTTP 404")  # type: ignore[operator]
    assert i18n.language() == "en"
    failed = [toast.message for toast in ctx.toasts if toast.error and "(HTTP 404)" in toast.message]
    assert len(failed) == 1  # said once, not once a file


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_the_language_list_names_every_language_in_itself_in_every_language(player_factory, code: str) -> None:
    """日本語 and 简体中文 in a Latin language (and 简体中文 in Japanese) come from the fallback font, not boxes."""
    player = player_factory(MemoryStorage())
    assert player.app.ctx.languages.choose(code)
    assets = player.app.ctx.assets
    fallback = font_characters((assets.root / FONT_NAMES).read_bytes())
    for bold in (False, True):
        own = font_characters(assets._font_files[bold].data)  # noqa: SLF001 - the bytes the language's font is made of
        for name in i18n.LANGUAGES.values():
            for piece, font in assets.runs(name, 20, bold):
                covered = own if font is assets.font(20, bold) else fallback
                assert all(ord(ch) in covered for ch in piece), (code, name, piece)
    text = player.app.ctx.text
    box = text.render(NO_SUCH_CHARACTER * 3, 20, (255, 255, 255))
    drawn = text.render("日本語", 20, (255, 255, 255))
    assert pygame.image.tobytes(drawn, "RGBA") != pygame.image.tobytes(box, "RGBA")
    assert text.width("English 日本語", 20) == text.width("English ", 20) + text.width("日本語", 20)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=600))
def test_a_damaged_font_reads_as_one_without_characters_never_an_error(data: bytes) -> None:
    assert isinstance(font_characters(data), frozenset) and isinstance(is_whole_font(data), bool)


def test_the_font_reader_agrees_with_what_the_fonts_draw(player_factory) -> None:
    player = player_factory(MemoryStorage())
    font = player.app.ctx.assets.font(20)
    characters = font_characters((player.app.ctx.assets.root / FONT_REGULAR).read_bytes())
    assert ord("A") in characters and ord("é") in characters and ord("日") not in characters
    assert all(not drawn_as_a_box(font, chr(code)) for code in sorted(characters) if chr(code).isprintable()
               and not chr(code).isspace())


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_the_statistics_table_shows_its_headings_whole_in_every_language(player_factory, code: str) -> None:
    """'Classement' and 'Meilleure victoire' were cut short: the headings wrap, the rating column fits its own."""
    headings = ["Level", "Rating", "As Black (W–L–D)", "As White (W–L–D)", "Best win"]
    for size in LANGUAGE_SIZES:
        player = player_factory(MemoryStorage(), window_size=size)
        assert player.app.ctx.languages.choose(code)
        translated = [i18n.pgettext("heading", headings[0]), *(i18n._(h) for h in headings[1:])]
        recording = recorded(player, "statistics with a rating history", with_toast=False)
        for heading in translated:  # each place it is drawn (the phone's colour choice says it too), whole
            drawn: dict[tuple[int, ...], list[str]] = {}
            for t in recording.texts:
                if t.text == heading:
                    drawn.setdefault(tuple(t.box or t.rect), []).append(t.shown)
            assert drawn and all(whole(heading, lines) for lines in drawn.values()), (code, size, heading, drawn)


def test_the_games_icon_is_read_when_the_desktop_window_asks_for_it() -> None:
    from game.ui.assets import Assets

    icon = Assets(with_sound=False).load_icon()
    assert icon is not None and icon.get_size() == (128, 128)


@pytest.mark.parametrize("damage", ["truncated", "not a font", "empty"])
def test_a_damaged_script_font_fallback_or_icon_only_costs_that_file(tmp_path: Path, damage: str) -> None:
    """pygame-ce crashes the process on a truncated font: a damaged Japanese font (a cut download in the
    browser) leaves the game in its language so far, a damaged fallback leaves boxes, and nothing crashes."""
    import shutil

    from game.platform.resources import ICON_FILE, SCRIPT_FONTS, assets_dir
    from game.ui.assets import Assets

    root = tmp_path / "assets"
    shutil.copytree(assets_dir(), root)
    for relative in (FONT_NAMES, SCRIPT_FONTS["ja"]):
        path = root / relative
        path.write_bytes({"truncated": path.read_bytes()[:3000], "not a font": b"not a font", "empty": b""}[damage])
    (root / ICON_FILE).write_bytes(b"\x89PNG cut short")
    assets = Assets(root, with_sound=False)
    assert assets.load_icon() is None  # a damaged icon too: the window keeps the system's
    assert [piece for piece, _ in assets.runs("English 日本語", 20)] == ["English 日本語"]  # drawn, as boxes
    assert not assets.use_fonts_for("ja") and assets.script is None
    assert assets.use_fonts_for("zh_CN") and assets.script == "zh_CN"  # the whole one still loads
