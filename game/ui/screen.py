"""What the widgets need of the screen they draw on: the scenes' ``Context`` has all of it.

The ui modules sit below the scenes, so they name this protocol rather than
``game.scenes.base.Context`` (which would be an import pointing up).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.play.settings import Settings
from game.ui.assets import Assets
from game.ui.text import TextRenderer
from game.ui.theme import Theme
from game.ui.toasts import Toasts


class Screen(Protocol):
    """The assets, settings, theme and text renderer of the screen, and its messages."""

    assets: Assets
    text: TextRenderer
    is_browser: bool
    print_line: Callable[[str], None]
    toasts: Toasts

    @property
    def settings(self) -> Settings: ...

    @property
    def theme(self) -> Theme: ...
