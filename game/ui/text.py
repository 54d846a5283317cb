"""Text drawing with a cache: each (text, size, colour, weight) is rendered once.

Every piece of text goes through ``drawable`` on its way to the font, so a
file name that is not UTF-8 or a control character in a message never
reaches SDL (which cannot encode the one and would break the line on the
other).

``TextRenderer.draw_in`` is how text that has a box is drawn: it shrinks the
text to a floor size, then shortens it with an ellipsis (or wraps it), and
clips to the box, so nothing it draws can leave the box. What it shortened
is kept for the frame with its full text, for the tooltip
(``game.ui.widgets.draw_tooltip``). A ``Recording`` (``TextRenderer.record``,
``game.ui.drawn``) keeps every text drawn and every widget's rect, with the
colour under the text, for the layout audit (``tests/test_layout_audit.py``).
Where lines may break besides spaces is ``game.ui.line_breaks``.
"""

from __future__ import annotations

import unicodedata
from collections import OrderedDict
from collections.abc import Callable
from typing import Literal

import pygame

from game.i18n import pgettext
from game.ui.assets import Assets
from game.ui.drawn import DrawnText, DrawnWidget, FrameMarks, Recording, background_under
from game.ui.line_breaks import split_ideographs
from game.ui.theme import RGB

REPLACEMENT = "\ufffd"
_UNDRAWABLE = frozenset({"Cc", "Cs", "Zl", "Zp"})
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def drawable(text: str) -> str:
    """``text`` as a font can draw it on one line, whatever it came from (a file name, an error).

    A name on disk that is not UTF-8 reaches Python with surrogate escapes,
    which the font cannot even encode; control characters, line and paragraph
    separators and right-to-left overrides would break the line or disguise
    the name. Each becomes U+FFFD; other text is returned as it is.
    """
    if text.isascii() and text.isprintable():
        return text
    return "".join(REPLACEMENT if unicodedata.category(ch) in _UNDRAWABLE or ch in _BIDI_CONTROLS else ch
                   for ch in text)


CUT_AFTER = (frozenset("/\\"), frozenset("-_."))
"""Where a word wider than a line is cut, best first, if the part before fits: after a folder's separator, else
after a hyphen, an underscore or a dot (a path, a file's name), not inside a name's letters where it need not be."""
MIN_TEXT_SIZE = 13
"""The floor ``draw_in`` shrinks text to before it shortens or wraps it."""

Align = Literal["left", "center", "right"]
VAlign = Literal["top", "middle", "bottom"]


def full_stop(text: str) -> str:
    """``text`` ending in one full stop (the language's): none added after one (no "name.ggf.." in a message).

    >>> full_stop("Saved as a.ggf"), full_stop("Opened it."), full_stop("Really?")
    ('Saved as a.ggf.', 'Opened it.', 'Really?')
    """
    text = text.rstrip()
    return text if text.endswith((".", "!", "?", "…", "。", "！", "？")) else text + pgettext("full stop", ".")


def _drawn(font: pygame.font.Font, piece: str, colour: RGB) -> pygame.Surface:
    """``piece`` in ``font``; an empty surface for marks that take no room (a soft hyphen, an accent), which
    pygame refuses ("Text has zero width"), so the rest of a mixed-font text still shows."""
    try:
        return font.render(piece, True, colour)
    except pygame.error:
        return pygame.Surface((0, font.get_height()), pygame.SRCALPHA)


class TextRenderer:
    """Renders and caches text surfaces; draws them anchored to a point or fitted into a box."""

    def __init__(self, assets: Assets, capacity: int = 600) -> None:
        self.assets = assets
        self.capacity = capacity
        self._cache: OrderedDict[tuple[str, int, RGB, bool], pygame.Surface] = OrderedDict()
        self._fits: OrderedDict[tuple[str, int, tuple[int, int], bool, bool, int, float], tuple[list[str], int]] = \
            OrderedDict()
        """How each (text, size, box size, …) was fitted: shrinking and wrapping measure the text many times."""
        self._measured: OrderedDict[tuple[object, ...], int | None] = OrderedDict()
        """``fit_size``, ``lines_size`` and the widgets' ``remembered`` answers: buttons ask them every frame."""
        self.recording: Recording | None = None
        self.marks = FrameMarks()
        self.screen: pygame.Surface | None = None
        """The surface the frame is drawn on (texts elsewhere, on a sprite, are not in ``marks.occupied``)."""

    # -- the frame and the audit -------------------------------------------

    def begin_frame(self, screen: pygame.Surface) -> None:
        """A new frame on ``screen``: forget the last frame's marks."""
        self.screen = screen
        self.marks = FrameMarks()
        if self.recording is not None:
            self.recording.layer = 0

    def record(self) -> Recording:
        """Start recording every text and widget drawn (for the audit); the recording fills as they are."""
        self.recording = Recording()
        return self.recording

    def new_layer(self) -> None:
        """What is drawn from now on covers what was drawn before (a dialog's veil, a toast)."""
        if self.recording is not None:
            self.recording.layer += 1

    def note_widget(self, target: pygame.Surface, rect: pygame.Rect, kind: str, label: str = "") -> None:
        """A widget (a button, a toast) was drawn at ``rect``."""
        if target is self.screen:
            self.marks.occupied.append(rect.copy())
        if self.recording is not None:
            self.recording.widgets.append(DrawnWidget(rect.copy(), kind, label, target, self.recording.layer))

    def note_focus(self, rect: pygame.Rect) -> None:
        """The keyboard focus is on the widget at ``rect`` (its shortened text gets the tooltip)."""
        self.marks.focus = rect.copy()

    def _blit(self, target: pygame.Surface, surface: pygame.Surface, rect: pygame.Rect, text: str, shown: str,
              box: pygame.Rect | None, colour: RGB, size: int, bold: bool) -> None:
        if self.recording is not None:
            background = background_under(target, surface, rect)
            self.recording.texts.append(DrawnText(text, shown, rect.copy(), box.copy() if box else None, colour,
                                                  size, bold, background, target, self.recording.layer))
        if target is self.screen and surface.get_width():
            self.marks.occupied.append(rect.copy())
        target.blit(surface, rect)

    def render(self, text: str, size: int, colour: RGB, bold: bool = False) -> pygame.Surface:
        """The text as a surface with per-pixel alpha."""
        size = self.assets.readable(size)
        key = (text, size, colour, bold)
        surface = self._cache.get(key)
        if surface is not None:
            self._cache.move_to_end(key)
            return surface
        font = self.assets.font(size, bold)
        runs = self.assets.runs(drawable(text), size, bold)
        if len(runs) == 1:
            surface = _drawn(runs[0][1], runs[0][0], colour)
        else:  # characters the language's font lacks, from the fallback font, on the same baseline
            pieces = [(_drawn(piece_font, piece, colour), piece_font) for piece, piece_font in runs]
            ascent = max(piece_font.get_ascent() for _, piece_font in pieces)
            height = max(ascent - piece_font.get_ascent() + piece.get_height() for piece, piece_font in pieces)
            width = sum(piece.get_width() for piece, _ in pieces)
            surface = pygame.Surface((width, max(height, font.get_height())), pygame.SRCALPHA)
            x = 0
            for piece, piece_font in pieces:
                surface.blit(piece, (x, ascent - piece_font.get_ascent()))
                x += piece.get_width()
        self._cache[key] = surface
        if len(self._cache) > self.capacity:
            self._cache.popitem(last=False)
        return surface

    def draw(
        self,
        target: pygame.Surface,
        text: str,
        size: int,
        colour: RGB,
        pos: tuple[int, int],
        anchor: str = "topleft",
        bold: bool = False,
    ) -> pygame.Rect:
        """Draw ``text`` with its ``anchor`` (a ``pygame.Rect`` attribute name) at ``pos``; its rect."""
        size = self.assets.readable(size)
        surface = self.render(text, size, colour, bold)
        rect = surface.get_rect(**{anchor: pos})
        self._blit(target, surface, rect, text, text, None, colour, size, bold)
        return rect

    def draw_in(
        self,
        target: pygame.Surface,
        text: str,
        size: int,
        colour: RGB,
        box: pygame.Rect,
        align: Align = "center",
        valign: VAlign = "middle",
        bold: bool = False,
        wrap: bool = False,
        smallest: int = MIN_TEXT_SIZE,
        line_gap: float = 1.25,
    ) -> pygame.Rect:
        """Draw ``text`` inside ``box``, never outside it; the rect it took.

        One line shrinks from ``size`` down to ``smallest``, then is cut short
        with an ellipsis; with ``wrap`` the lines shrink the same way until they
        fit the box's height, and the last that fits is cut short. Text that is
        shortened is noted for the tooltip with its full words.
        """
        size, smallest = self.assets.readable(size), self.assets.readable(smallest)
        lines, size = self._fitted(text, size, box.size, bold, wrap, min(smallest, size), line_gap)
        step = int(size * line_gap) if len(lines) > 1 else self.assets.font(size, bold).get_height()
        height = step * (len(lines) - 1) + self.assets.font(size, bold).get_height()
        top = {"top": box.top, "middle": box.centery - height // 2, "bottom": box.bottom - height}[valign]
        top = max(box.top, top)
        clip = target.get_clip()
        target.set_clip(box.clip(clip))
        taken: pygame.Rect | None = None
        try:
            for i, line in enumerate(lines):
                surface = self.render(line, size, colour, bold)
                rect = surface.get_rect(top=top + i * step)
                if align == "left":
                    rect.left = box.left
                elif align == "right":
                    rect.right = box.right
                else:
                    rect.centerx = box.centerx
                self._blit(target, surface, rect, text, line, box, colour, size, bold)
                taken = rect if taken is None else taken.union(rect)
        finally:
            target.set_clip(clip)
        assert taken is not None
        if "".join("".join(lines).split()) != "".join(drawable(text).split()):
            self.marks.shortened.append((taken.clip(box) if taken.colliderect(box) else box.copy(), text))
        return taken

    def _fitted(self, text: str, size: int, box: tuple[int, int], bold: bool, wrap: bool, smallest: int,
                line_gap: float) -> tuple[list[str], int]:
        """The lines and size ``text`` takes in a box of ``box`` size, worked out once: a frame draws it again."""
        key = (text, size, box, bold, wrap, smallest, line_gap)
        fitted = self._fits.get(key)
        if fitted is not None:
            self._fits.move_to_end(key)
            return fitted
        width, height = box
        if wrap:
            fitted = self._fit_lines(text, size, pygame.Rect((0, 0), box), bold, smallest, line_gap)
        else:
            size = self.fit_size(text, size, width, bold, smallest)
            while size > smallest and self.assets.font(size, bold).get_height() > height:
                size -= 1
            fitted = [self.ellipsize(text, size, width, bold)], size
        self._fits[key] = fitted
        if len(self._fits) > self.capacity:
            self._fits.popitem(last=False)
        return fitted

    def _fit_lines(self, text: str, size: int, box: pygame.Rect, bold: bool, smallest: int,
                   line_gap: float) -> tuple[list[str], int]:
        """The lines and size at which ``text`` wraps into ``box`` (the last line cut short at the floor)."""
        while True:
            lines = self.wrap(text, size, box.width, bold)
            room = self._line_room(size, bold, box.height, line_gap)
            if len(lines) <= room:
                return lines, size
            if size <= smallest:
                kept = lines[:room]
                kept[-1] = self.ellipsize(" ".join(lines[room - 1:]), size, box.width, bold)
                return kept, size
            size -= 1

    def _line_room(self, size: int, bold: bool, height: int, line_gap: float) -> int:
        """How many lines of ``size`` fit in ``height`` (one at least), ``line_gap`` sizes apart."""
        return max(1, 1 + (height - self.assets.font(size, bold).get_height()) // max(1, int(size * line_gap)))

    def remembered(self, key: tuple[object, ...], work: Callable[[], int | None]) -> int | None:
        """A measurement's answer (a size, or ``None``), worked out by ``work`` the first time ``key`` is asked.

        For what a widget measures every frame with the same arguments; the key holds every argument,
        the sizes with the text floor applied (or the floor itself), and ``forget`` drops them all.
        """
        if key in self._measured:
            self._measured.move_to_end(key)
            return self._measured[key]
        answer = self._measured[key] = work()
        if len(self._measured) > self.capacity:
            self._measured.popitem(last=False)
        return answer

    def forget(self) -> None:
        """Drop every drawn and measured text: the fonts changed (another language's script)."""
        self._cache.clear()
        self._fits.clear()
        self._measured.clear()

    def width(self, text: str, size: int, bold: bool = False) -> int:
        """The width ``text`` would take when drawn at ``size`` (the layout's text floor at least, as it is drawn)."""
        size = self.assets.readable(size)
        return sum(font.size(piece)[0] for piece, font in self.assets.runs(drawable(text), size, bold))

    def fit_size(self, text: str, size: int, max_width: int, bold: bool = False, smallest: int = 12) -> int:
        """The largest size up to ``size`` at which ``text`` fits in ``max_width`` (the text floor at least)."""
        size, smallest = self.assets.readable(size), self.assets.readable(smallest)

        def work() -> int:
            fitted = size
            while fitted > smallest and self.width(text, fitted, bold) > max_width:
                fitted -= 1
            return fitted

        answer = self.remembered(("fit", text, size, max_width, bold, smallest), work)
        assert answer is not None
        return answer

    def fits_one_line(self, text: str, size: int, max_width: int, bold: bool = False,
                      smallest: int = MIN_TEXT_SIZE) -> bool:
        """Whether ``text`` fits ``max_width`` on one line at ``size`` or smaller, down to ``smallest``: what
        ``draw_in`` shrinks it to before it cuts it short (where not, a caller gives it a second line)."""
        return self.width(text, self.fit_size(text, size, max_width, bold, smallest), bold) <= max_width

    def lines_size(self, text: str, size: int, box: tuple[int, int], bold: bool = False, most_lines: int = 2,
                   smallest: int = MIN_TEXT_SIZE, line_gap: float = 1.25) -> int | None:
        """The largest size up to ``size`` at which ``text`` wraps into ``box`` in at most ``most_lines``
        lines with no word cut (what ``draw_in(..., wrap=True)`` then draws); ``None`` below ``smallest``.
        """
        size, smallest = self.assets.readable(size), self.assets.readable(smallest)
        width, height = box
        units = [unit for word in text.split() for unit in split_ideographs(word)]

        def work() -> int | None:
            for candidate in range(size, smallest - 1, -1):
                if any(self.width(unit, candidate, bold) > width for unit in units):
                    continue  # a word would be cut
                room = min(most_lines, self._line_room(candidate, bold, height, line_gap))
                if len(self.wrap(text, candidate, width, bold)) <= room:
                    return candidate
            return None

        return self.remembered(("lines", text, size, box, bold, most_lines, smallest, line_gap), work)

    def ellipsize(self, text: str, size: int, max_width: int, bold: bool = False) -> str:
        """``text``, cut short with an ellipsis if it is wider than ``max_width`` (the size stays the same)."""
        if self.width(text, size, bold) <= max_width:
            return text
        low, high = 0, len(text)
        while low < high:
            middle = (low + high + 1) // 2
            if self.width(text[:middle].rstrip() + "…", size, bold) <= max_width:
                low = middle
            else:
                high = middle - 1
        return text[:low].rstrip() + "…"

    def wrap(self, text: str, size: int, max_width: int, bold: bool = False,
             pieces: Callable[[str], list[str]] | None = None) -> list[str]:
        """``text`` broken into lines no wider than ``max_width``.

        Lines break between words, and in Japanese and Chinese between any two
        characters (never before a closing mark such as 。 or 」); ``pieces``,
        when given, cuts a word where a line may break instead (``move_pieces``:
        between the moves of a transcript typed without spaces). A word or piece
        wider than a whole line (a 64-square position) is cut where it must be.
        """
        lines: list[str] = []
        for paragraph in text.split("\n"):
            current = ""
            for glue, unit in self._units(paragraph, size, max_width, bold, pieces or split_ideographs):
                candidate = f"{current}{glue}{unit}" if current else unit
                if current and self.width(candidate, size, bold) > max_width:
                    lines.append(current)
                    current = unit
                else:
                    current = candidate
            lines.append(current)
        return lines

    def _units(self, paragraph: str, size: int, max_width: int, bold: bool,
               pieces: Callable[[str], list[str]]) -> list[tuple[str, str]]:
        """What a line may break between, each with what joins it to the one before (a space, or nothing)."""
        units: list[tuple[str, str]] = []
        for word in paragraph.split():
            glue = " "
            for piece in self._pieces(pieces(word), size, max_width, bold):
                units.append((glue, piece))
                glue = ""
        return units

    def _pieces(self, words: list[str], size: int, max_width: int, bold: bool) -> list[str]:
        """The words, with any wider than ``max_width`` cut into pieces that fit (after a ``CUT_AFTER`` mark where
        the piece before it fits).

        >>> TextRenderer(Assets(with_sound=False)).wrap("…/share/othello-game-data", 16, 150)
        ['…/share/', 'othello-game-data']
        """
        pieces: list[str] = []
        for word in words:
            while len(word) > 1 and self.width(word, size, bold) > max_width:
                low, high = 1, len(word) - 1  # the longest prefix that fits, by halving
                while low < high:
                    middle = (low + high + 1) // 2
                    if self.width(word[:middle], size, bold) <= max_width:
                        low = middle
                    else:
                        high = middle - 1
                # after a separator where there is one (a path's slash, a name's hyphen), as a browser cuts an address
                cut = next((max(after) for marks in CUT_AFTER
                            if (after := [at + 1 for at in range(1, low) if word[at] in marks])), low)
                pieces.append(word[:cut])
                word = word[cut:]
            pieces.append(word)
        return pieces


def plural(count: int, word: str, many: str | None = None) -> str:
    """``'1 move'``, ``'2 moves'``: a count with its noun in the right number."""
    return f"{count} {word if count == 1 else many or word + 's'}"
