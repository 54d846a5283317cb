"""Assets loaded once: the bundled fonts (at any size, cached) and the icon at start-up, the sounds at the first
click, tap or key press (``Assets.load_sounds``).

Sound is optional: without an audio device (or in a browser before the
first click) the game plays silently instead of failing. A damaged font costs
that font, never the game: each is checked before pygame sees it
(``game.ui.font_file.font_problem``), since FreeType crashes the whole process
on some damaged fonts, and tried once; a damaged DejaVu gives way to pygame's
own font, and each refusal is said on stderr (the browser's console).

pygame opens every one of them by its path, never from a file object such as
``io.BytesIO``: pygame-ce compiled for WebAssembly (the browser build) opens
fonts, images and sounds only from a path, anything else is "can't access
resource on platform". ``tests/asset_guard.py`` holds every test to that.
"""

from __future__ import annotations

import contextlib
import sys
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.platform.files import check_regular_file, read_regular_file
from game.platform.resources import (
    FONT_BOLD,
    FONT_NAMES,
    FONT_REGULAR,
    ICON_FILE,
    SCRIPT_FONTS,
    SOUND_FILES,
    MissingAssetsError,
    assets_dir,
)
from game.ui.font_file import DamagedFont, font_characters, font_problem

MAX_FONT_BYTES = 32 * 1024 * 1024
"""A font larger than this is refused unread (ours are under 200 kB; checking one this large takes about
0.2 s)."""
MAX_MEDIA_BYTES = 4 * 1024 * 1024
"""A sound or the icon larger than this is left out (the shipped ones are 4-6 kB)."""
TRIAL_TEXT = "Othello 0123"
"""What a font draws once when it is read: a font that passes the check and still cannot draw (damaged hinting
instructions, outlines) raises ``pygame.error: Couldn't find glyph`` here rather than at the first screen."""
FETCHED_DIR = Path("/tmp/othello-fetched")
"""Where the page writes what it fetched for the game in the browser: a language's catalog and font."""


class Sounds:
    """The game's sounds, with a mute switch; silent when there is no mixer."""

    def __init__(self, sounds: dict[str, pygame.mixer.Sound]) -> None:
        self._sounds = sounds
        self._muted: Callable[[], bool] = lambda: False

    def add(self, sounds: dict[str, pygame.mixer.Sound]) -> None:
        """Play these too (loaded after the start)."""
        self._sounds.update(sounds)

    def follow(self, muted: Callable[[], bool]) -> None:
        """Be silent whenever ``muted()`` says so (the settings' sound switch, read at each sound)."""
        self._muted = muted

    @property
    def muted(self) -> bool:
        """Whether sounds are silenced now."""
        return self._muted()

    @property
    def available(self) -> bool:
        """Whether sounds could be loaded (a mixer exists)."""
        return bool(self._sounds)

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play a sound by name unless muted or unavailable."""
        sound = self._sounds.get(name)
        if sound is None or self.muted:
            return
        try:
            channel = sound.play()
            if channel is not None:
                channel.set_volume(volume)
        except pygame.error:
            pass


def _loaded_sounds(root: Path) -> dict[str, pygame.mixer.Sound]:
    """The sounds under ``root`` that could be loaded, the mixer opened first (none without an audio device)."""
    sounds: dict[str, pygame.mixer.Sound] = {}
    if _init_mixer():
        for name, relative in SOUND_FILES.items():
            with contextlib.suppress(pygame.error, OSError):
                check_regular_file(root / relative, MAX_MEDIA_BYTES)  # pygame would wait on a named pipe
                sounds[name] = pygame.mixer.Sound(str(root / relative))
    return sounds


def _init_mixer() -> bool:
    if pygame.mixer.get_init():
        return True
    try:
        pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
    except pygame.error:
        return False
    return bool(pygame.mixer.get_init())


@dataclass(frozen=True)
class FontFile:
    """A font file found whole: pygame opens it by its ``path``, its characters are read from ``data``."""

    path: Path
    data: bytes
    """The bytes that were checked whole."""

    def open(self, size: int) -> pygame.font.Font:
        """The font at ``size`` pixels, opened by its path (pygame-ce on WebAssembly opens no file object)."""
        return pygame.font.Font(str(self.path), size)


def read_font(path: Path, checked: bool = True) -> FontFile:
    """The font at ``path``, checked (unless not ``checked``), then opened and tried once.

    ``DamagedFont`` saying why if it is missing, too large, unreadable, damaged or cannot draw. The check comes
    before pygame sees the file: pygame-ce crashes the process on a truncated font or a zeroed ``head`` table.
    """
    try:
        data = read_regular_file(path, MAX_FONT_BYTES)
    except OSError as exc:
        raise DamagedFont(f"{path} cannot be read ({exc.strerror or exc})") from None
    problem = font_problem(data) if checked else None
    if problem is not None:
        raise DamagedFont(f"{path} is damaged: {problem}")
    font = FontFile(path, data)
    try:
        font.open(20).size(TRIAL_TEXT)
    except pygame.error as exc:
        raise DamagedFont(f"{path} cannot draw: {exc}") from None
    return font


def font_file(path: Path, report: Callable[[str], None] | None = None) -> FontFile | None:
    """The font at ``path`` (``read_font``), or ``None`` if it cannot be used, said to ``report`` with why."""
    try:
        return read_font(path)
    except DamagedFont as problem:
        if report is not None:
            report(f"the font {problem}")
        return None


def builtin_font() -> Path:
    """pygame's own font (FreeSans Bold, in the pygame package), the stand-in for a damaged DejaVu."""
    return Path(pygame.__file__).parent / pygame.font.get_default_font()


def _latin_font(path: Path, report: Callable[[str], None]) -> FontFile:
    """The DejaVu font at ``path``, or pygame's own if it cannot be used (said to ``report``)."""
    font = font_file(path, report)
    if font is not None:
        return font
    try:
        # pygame's font, not ours to check: its OS/2 checksum is wrong, and FreeType reads it as any other
        stand_in = read_font(builtin_font(), checked=False)
    except DamagedFont:
        raise MissingAssetsError(f"the game's font {path} is missing or damaged; reinstall the game") from None
    report(f"drawing with pygame's own font instead of {path.name}; reinstall the game to have its own")
    return stand_in


def say_on_stderr(message: str) -> None:
    """Say ``message`` where a player or a packager can read it: stderr, the browser's console."""
    print(f"othello: {message}", file=sys.stderr)


def _closer(assets: Assets) -> Callable[[], None]:
    """``assets.close`` if ``assets`` is still alive then (holding it would keep every font it opens)."""
    alive = weakref.ref(assets)

    def close() -> None:
        still = alive()
        if still is not None:
            still.close()

    return close


class Assets:
    """Fonts, sounds and the icon from the assets folder (``game.platform.resources.assets_dir()`` unless given)."""

    def __init__(self, root: Path | None = None, with_sound: bool = True,
                 report: Callable[[str], None] = say_on_stderr) -> None:
        root = assets_dir() if root is None else root
        self.root = root
        self.report = report
        """Told why a font could not be used."""
        if not pygame.font.get_init():
            pygame.font.init()
        pygame.register_quit(_closer(self))  # before the font module's own quit: the last registered runs first
        self._latin = {False: _latin_font(root / FONT_REGULAR, report), True: _latin_font(root / FONT_BOLD, report)}
        self._font_files = self._latin
        """The language's font, per weight."""
        self._synthetic_bold = False
        self._scale = 1.0
        """A script font's sizes are scaled so its lines are no taller than DejaVu's: boxes are made for those."""
        self.script: str | None = None
        """The language whose own font is in use (``'ja'``, ``'zh_CN'``), ``None`` for DejaVu."""
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self.text_floor = 0
        """The smallest size any text is drawn at (the layout's: a phone's raises it), whatever size is asked."""
        self._names: FontFile | None = None
        """The fallback font (``None`` if missing or damaged: a character no font has is drawn as a box)."""
        self._names_scale = 1.0
        self._names_covered: frozenset[int] = frozenset()
        """The characters the fallback font has."""
        names = font_file(root / FONT_NAMES, report)
        if names is not None:
            names_height = names.open(100).get_height()
            latin_height = self._latin[False].open(100).get_height()
            self._names, self._names_scale = names, min(1.0, latin_height / max(1, names_height))
            self._names_covered = font_characters(names.data)
        self._fallbacks: dict[tuple[int, bool], pygame.font.Font] = {}
        self._covered: dict[bool, tuple[frozenset[int], bool]] = {}
        """Per weight: the characters the language's font has, and whether printable ASCII is all among them."""
        self.sounds = Sounds({})
        self._sounds_wanted = with_sound
        """Whether ``load_sounds`` is still to open the mixer and load the sounds."""

    def load_icon(self) -> pygame.Surface | None:
        """The window's icon, read now (``None`` if missing or damaged: the window keeps the system's).

        Only a desktop window has one: the page has its own, so the browser's start does not read it.
        """
        path = self.root / ICON_FILE
        with contextlib.suppress(pygame.error, OSError):
            check_regular_file(path, MAX_MEDIA_BYTES)
            return pygame.image.load(str(path))
        return None

    def load_sounds(self) -> None:
        """Open the mixer and load the sounds, the first time (unless made ``with_sound=False``).

        The app calls it at the player's first click, tap or key press rather than at the start: opening the
        mixer was among the slowest steps before the page's first frame, and a browser lets sound play only
        after such a gesture anyway. No sound is played before one.
        """
        if self._sounds_wanted:
            self._sounds_wanted = False
            self.sounds.add(_loaded_sounds(self.root))

    def readable(self, size: int) -> int:
        """The size a text asked for at ``size`` is drawn at: never under the layout's ``text_floor``."""
        return max(size, self.text_floor)

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The font of the language in use at ``size`` pixels, raised to the text floor (cached)."""
        key = (self.readable(size), bold)
        font = self._fonts.get(key)
        if font is None:
            font = self._font_files[bold].open(max(6, round(key[0] * self._scale)))
            if bold and self._synthetic_bold:
                font.set_bold(True)  # the script fonts come in one face: FreeType emboldens it
            self._fonts[key] = font
        return font

    def close(self) -> None:
        """Let go of every font opened so far (any asked for later is opened again).

        ``pygame.quit()`` calls it first, whoever calls that: a font opened by path holds its file open while
        it lives, and pygame-ce never closes the file of a font freed after ``pygame.quit()``."""
        self._fonts.clear()
        self._fallbacks.clear()

    def runs(self, text: str, size: int, bold: bool = False) -> list[tuple[str, pygame.font.Font]]:
        """``text`` in pieces, each with the font that draws it: the language's, or the fallback for the
        characters the language's font lacks (one piece, in the language's font, when it has them all)."""
        known = self._covered.get(bold)
        if known is None:
            characters = font_characters(self._font_files[bold].data)
            known = self._covered[bold] = (characters, all(code in characters for code in range(0x21, 0x7F)))
        covered, has_ascii = known
        font = self.font(size, bold)
        if (self._names is None or (has_ascii and text.isascii())
                or all(ord(ch) in covered or ch.isspace() for ch in text)):
            return [(text, font)]
        fallback = self._fallback(size, bold)
        theirs = self._names_covered
        pieces: list[tuple[str, pygame.font.Font]] = []
        for ch in text:
            # a character neither font has stays in the language's font, which draws it as its box
            own = ord(ch) in covered or ch.isspace() or ord(ch) not in theirs
            chosen = font if own else fallback
            if pieces and pieces[-1][1] is chosen:
                pieces[-1] = (pieces[-1][0] + ch, chosen)
            else:
                pieces.append((ch, chosen))
        return pieces

    def _fallback(self, size: int, bold: bool) -> pygame.font.Font:
        key = (self.readable(size), bold)
        font = self._fallbacks.get(key)
        if font is None:
            assert self._names is not None
            font = self._names.open(max(6, round(key[0] * self._names_scale)))
            font.set_bold(bold)  # one face: FreeType emboldens it
            self._fallbacks[key] = font
        return font

    def script_font_path(self, code: str) -> Path | None:
        """Where language ``code``'s own font is (the assets, or the browser's fetched copy); ``None`` if absent."""
        relative = SCRIPT_FONTS.get(code)
        if relative is None:
            return None
        for candidate in (self.root / relative, FETCHED_DIR / Path(relative).name):
            if candidate.is_file():
                return candidate
        return None

    def use_fonts_for(self, code: str) -> bool:
        """Draw with the fonts language ``code`` needs from now on; False (nothing changed) if its font is absent."""
        if code not in SCRIPT_FONTS:
            if self.script is not None:
                self._font_files, self._synthetic_bold, self.script, self._scale = self._latin, False, None, 1.0
                self._fonts.clear()
                self._covered.clear()
            return True
        if self.script == code:
            return True
        path = self.script_font_path(code)
        script = None if path is None else font_file(path, self.report)
        if script is None:
            return False
        try:
            script_height = script.open(100).get_height()
        except pygame.error:
            return False
        latin_height = self._latin[False].open(100).get_height()
        self._scale = min(1.0, latin_height / max(1, script_height))
        self._font_files, self._synthetic_bold, self.script = {False: script, True: script}, True, code
        self._fonts.clear()
        self._covered.clear()
        return True
