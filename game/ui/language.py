"""The language the game speaks: its catalog and its fonts switched together; in the browser, fetched first.

``game.i18n`` holds the catalogs and ``Assets`` the fonts; this is the one
place that switches both, and, in the browser, has the page fetch what a
language needs and is not in the game's archive (its catalog, and the
Japanese or Chinese font) before it speaks it. The choice itself is kept by
``remember`` (the settings); messages go to the toasts.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

from game import i18n
from game.i18n import _, best_language
from game.platform.browser import fetch_page_file
from game.platform.languages import system_languages
from game.platform.resources import SCRIPT_FONTS, WEB_LOCALE_DIR
from game.ui.assets import FETCHED_DIR, Assets
from game.ui.text import TextRenderer
from game.ui.toasts import Toasts


class LanguageSwitch:
    """Speak a language: ``start`` with the chosen one (or the system's), ``choose`` another later.

    ``chosen`` gives the language the player chose (``None``: none yet);
    ``remember`` keeps a new choice. ``in_browser`` says whether the game runs
    in the page (asked, not kept: the screen's ``is_browser`` is the one place
    that says so), where the catalogs and the CJK fonts are fetched from beside
    the page rather than read from the game's files.
    """

    def __init__(self, assets: Assets, text: TextRenderer, toasts: Toasts, in_browser: Callable[[], bool],
                 chosen: Callable[[], str | None], remember: Callable[[str], None]) -> None:
        self.assets = assets
        self.text = text
        self.toasts = toasts
        self._in_browser = in_browser
        self._chosen = chosen
        self._remember = remember
        self._fetching: set[str] = set()
        self._told_dropped: set[str] = set()

    def start(self) -> str | None:
        """Speak the language chosen in Settings, or the system's until one is chosen; a message if it cannot."""
        # until the player chooses one in Settings, the game follows the system's language (nothing is saved)
        code = self._chosen() or best_language(system_languages())
        if self._speak(code) or self._fetch(code):
            return None
        self._speak(i18n.SOURCE_LANGUAGE)
        return _("The {language} texts could not be read; the game speaks English.").format(
            language=i18n.LANGUAGES.get(code, code))

    def choose(self, code: str) -> bool:
        """Speak ``code`` from now on and remember it; False if it cannot be spoken yet (with a message).

        In the browser a language with its own font speaks once the page has
        fetched it (a frame or a few seconds later); the choice is kept
        meanwhile. Screens lay their texts out again when the language changes
        (``Scene.follow_language``).
        """
        if self._speak(code):
            self._remember(code)
            return True
        if self._fetch(code):
            self._remember(code)
            self.toasts.show(_("Fetching the {language} texts…").format(language=i18n.LANGUAGES[code]))
            return False
        self.toasts.show(_("The texts of this language could not be read."), error=True)
        return False

    def _speak(self, code: str) -> bool:
        """Switch the catalog and the fonts together; False (nothing changed) if either cannot be had here."""
        if code not in i18n.LANGUAGES:
            return False
        try:
            catalog = None if code == i18n.SOURCE_LANGUAGE else i18n.read_catalog(code, (FETCHED_DIR,))
        except i18n.CatalogError:
            return False
        if not self.assets.use_fonts_for(code):
            return False
        i18n.use(code, catalog)
        self.text.forget()
        if catalog is not None and catalog.dropped and code not in self._told_dropped:
            self._told_dropped.add(code)  # once a language, however often it is chosen again
            self.toasts.show(_("Some {language} texts could not be read; they show in English.").format(
                language=i18n.LANGUAGES[code]), error=True)
        return True

    def _missing_files(self, code: str) -> list[tuple[str, Path]]:
        """What the page must fetch before ``code`` can be spoken in the browser: (address beside the page, path)."""
        missing = []
        if code != i18n.SOURCE_LANGUAGE and i18n.catalog_file(code, (FETCHED_DIR,)) is None:
            missing.append((f"{WEB_LOCALE_DIR}/{code}.mo", FETCHED_DIR / f"{code}.mo"))
        font = SCRIPT_FONTS.get(code)
        if font is not None and self.assets.script_font_path(code) is None:
            missing.append((font, FETCHED_DIR / Path(font).name))
        return missing

    def _fetch(self, code: str) -> bool:
        """In the browser, have the page fetch ``code``'s catalog and font (not in the archive); speak it then.

        Until they arrive the game speaks what it spoke. False where there is
        nothing to fetch (the desktop, or nothing missing).
        """
        missing = self._missing_files(code) if self._in_browser() and code in i18n.LANGUAGES else []
        if not missing:
            return False
        if code in self._fetching:
            return True
        try:
            FETCHED_DIR.mkdir(parents=True, exist_ok=True)
        except OSError:
            return False
        waiting = {address for address, _ in missing}

        def arrived(address: str, ok: bool, detail: str) -> None:
            if code not in self._fetching:
                return  # one of its files failed already
            waiting.discard(address)
            if ok and waiting:
                return
            self._fetching.discard(code)
            if ok and self._chosen() == code and not self._speak(code):
                ok, detail = False, _("the files are damaged")
            if not ok:
                self.toasts.show(_("The {language} texts could not be downloaded ({detail}); the game speaks "
                                   "English until they can be.").format(language=i18n.LANGUAGES[code], detail=detail),
                                 error=True)

        self._fetching.add(code)
        for address, path in missing:
            fetch_page_file(address, str(path), functools.partial(arrived, address))
        return True
