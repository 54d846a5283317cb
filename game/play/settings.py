"""The player's settings: what they are, their defaults, and their JSON form.

Unknown or bad values in a stored file fall back to the default for that
setting only, so a settings file from another version still loads.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from game.ai import CustomSpec, level_at
from game.i18n import LANGUAGES, N_, _
from game.play.level_compat import FIRST_SETTINGS_FIELDS, document_level

ANIMATION_SECONDS: dict[str, float] = {"off": 0.0, "fast": 0.15, "normal": 0.3, "slow": 0.6}
"""How long one disc takes to turn over at each animation setting."""

ANIMATION_NAMES: dict[str, str] = {"off": N_("Off"), "fast": N_("Fast"), "normal": N_("Normal"), "slow": N_("Slow")}
THEME_NAMES: dict[str, str] = {"classic": N_("Classic"), "contrast": N_("High contrast")}
HEADLINE_NAMES: dict[str, str] = {"tournament": N_("Empties to winner"), "discs": N_("Discs on board")}
COLOUR_CHOICES: tuple[str, ...] = ("black", "white", "random")
HINT_NAMES: dict[str, str] = {"off": N_("Off"), "best": N_("Best move"), "all": N_("All values")}
"""Hints in play: only on request, the best move ringed, or every legal move's value on its square.

The names are English, marked for the catalogs: ``_()`` them where they are shown."""

SETTINGS_KEY = "settings"


@dataclass
class Settings:
    """Everything the player can choose; saved whenever one changes."""

    show_legal: bool = True
    animation: str = "normal"
    sound: bool = True
    theme: str = "classic"
    headline: str = "tournament"
    level: int | None = None
    colour: str = "black"
    hints: str = "off"
    engine_output: bool = False
    """Show the computer's search (depth, value, line, speed) while it thinks; off so a newcomer is not distracted."""
    show_explorer: bool = False
    """The opening explorer beside the board in play (masters' moves and the book's values): off, so as not to spoil
    a game against the computer."""
    custom: str | None = None
    """The custom level last chosen (``'time:3'``, ``'depth:8'``), used instead of ``level`` when set."""
    language: str | None = None
    """The language the game speaks (a code of ``game.i18n.LANGUAGES``); ``None`` until the first start picks one."""
    notice: str | None = field(default=None, compare=False, repr=False)
    """What the player should be told about how these settings were read (not stored); see ``take_notice``."""

    def take_notice(self) -> str | None:
        """The notice about how the settings were read, once (then ``None``)."""
        notice, self.notice = self.notice, None
        return notice

    @property
    def flip_seconds(self) -> float:
        """Seconds per flipped disc (0 means no animation)."""
        return ANIMATION_SECONDS[self.animation]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (the level also by name, so a reordered ladder keeps the player's choice)."""
        data = asdict(self)
        del data["notice"]
        named = level_at(self.level)
        if named is not None:
            data["level_name"] = named.name
        return data

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Settings from a stored dict; bad entries take their defaults. ``TypeError`` if not a dict."""
        if not isinstance(data, dict):
            raise TypeError("settings must be a JSON object")
        settings = cls()
        allowed: dict[str, Any] = {
            "animation": ANIMATION_SECONDS,
            "theme": THEME_NAMES,
            "headline": HEADLINE_NAMES,
            "colour": COLOUR_CHOICES,
            "hints": HINT_NAMES,
        }
        for entry in fields(cls):
            if entry.name not in data:
                continue
            value = data[entry.name]
            if entry.name in allowed:
                if isinstance(value, str) and value in allowed[entry.name]:
                    setattr(settings, entry.name, value)
            elif entry.name == "level":
                settings.level = document_level(data, FIRST_SETTINGS_FIELDS)
                if settings.level is None and value is not None:  # never the level its index happens to have
                    settings.notice = _("Your settings named a level the game does not have ({name}); choose "
                                        "one in New game.").format(name=str(data.get("level_name", value))[:40])
            elif entry.name == "notice":
                continue
            elif entry.name == "custom":
                settings.custom = _custom_or_none(value)
            elif entry.name == "language":
                settings.language = value if isinstance(value, str) and value in LANGUAGES else None
            elif isinstance(value, bool):
                setattr(settings, entry.name, value)
        return settings


def _custom_or_none(value: Any) -> str | None:
    """A stored custom level spec if it is a valid one, else ``None``."""
    if not isinstance(value, str):
        return None
    try:
        CustomSpec.parse(value)
    except ValueError:
        return None
    return value
