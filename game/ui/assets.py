"""Assets loaded once at start-up: the bundled fonts (at any size, cached), the sounds and the icon.

Sound is optional: without an audio device (or in a browser before the
first click) the game plays silently instead of failing.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import pygame

from game.platform.resources import FONT_BOLD, FONT_REGULAR, ICON_FILE, SOUND_FILES, assets_dir


class Sounds:
    """The game's sounds, with a mute switch; silent when there is no mixer."""

    def __init__(self, sounds: dict[str, pygame.mixer.Sound]) -> None:
        self._sounds = sounds
        self.muted = False

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


def _init_mixer() -> bool:
    if pygame.mixer.get_init():
        return True
    try:
        pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
    except pygame.error:
        return False
    return bool(pygame.mixer.get_init())


class Assets:
    """Fonts, sounds and the icon from the assets folder (``game.platform.resources.assets_dir()`` unless given)."""

    def __init__(self, root: Path | None = None, with_sound: bool = True) -> None:
        root = assets_dir() if root is None else root
        self.root = root
        if not pygame.font.get_init():
            pygame.font.init()
        self._font_bytes = {
            False: (root / FONT_REGULAR).read_bytes(),
            True: (root / FONT_BOLD).read_bytes(),
        }
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        sounds: dict[str, pygame.mixer.Sound] = {}
        if with_sound and _init_mixer():
            for name, relative in SOUND_FILES.items():
                with contextlib.suppress(pygame.error, FileNotFoundError):
                    sounds[name] = pygame.mixer.Sound(str(root / relative))
        self.sounds = Sounds(sounds)
        icon_path = root / ICON_FILE
        self.icon: pygame.Surface | None = pygame.image.load(str(icon_path)) if icon_path.exists() else None

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The bundled font at ``size`` pixels (cached)."""
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            import io

            font = pygame.font.Font(io.BytesIO(self._font_bytes[bold]), size)
            self._fonts[key] = font
        return font
