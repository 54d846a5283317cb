"""Buttons, button groups with keyboard focus, segmented choices, panels and modal dialogs.

Widgets work in logical coordinates (the app maps window events into
them before any scene sees an event). A button acts on release inside the
rect it was pressed in, so a tap acts once and a drag off cancels.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

import pygame

from game.ui.text import TextRenderer
from game.ui.theme import Theme

ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, radius: int = 14) -> None:
    """A rounded panel with a thin edge."""
    pygame.draw.rect(surface, theme.panel, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.panel_edge, rect, width=2 if theme.name == "contrast" else 1,
                     border_radius=radius)


def fill_background(surface: pygame.Surface, theme: Theme) -> None:
    """The scene background: a soft vertical gradient in the classic theme."""
    if theme.background_top == theme.background:
        surface.fill(theme.background)
        return
    height = surface.get_height()
    width = surface.get_width()
    bands = 24
    for band in range(bands):
        t = band / (bands - 1)
        colour = tuple(int(a + (b - a) * t) for a, b in zip(theme.background_top, theme.background, strict=True))
        top = height * band // bands
        surface.fill(colour, (0, top, width, height * (band + 1) // bands - top))


TWO_LINES_GAIN = 3
"""How many points larger two lines of a button's label must be than one before it wraps."""
TWO_LINES_MARGIN = 10
"""Pixels of a button's inside that two lines of its label leave free (so they do not touch its edges)."""
MIN_BUTTON_TEXT = 12
"""The smallest size a button's label shrinks to (``TextRenderer.fit_size``'s floor) before it is cut short."""
SUBTITLE_LINE_GAP = 1.2
"""A subtitle that takes two lines, this many of its sizes apart."""
LABEL_MARGIN = 12
"""Pixels between a button's label and its left and right edges (8 looked like touching: issue 47, item 8)."""
TIGHT_LABEL_MARGIN = 8
"""The margin a label gets where even its smallest size would not fit ``LABEL_MARGIN``'s room."""
ROW_GAP_MAX = 40
"""Buttons of one height side by side less than this far apart are one row (for sharing a size and a width)."""


def _two_line_room(inner: pygame.Rect) -> tuple[int, int]:
    """The room two lines of a label may fill: the button's inside less a margin above and below."""
    return inner.width, inner.height - TWO_LINES_MARGIN


@dataclass
class Button:
    """A clickable, focusable button that reports ``action`` when activated."""

    rect: pygame.Rect
    label: str
    action: str
    enabled: bool = True
    primary: bool = False
    selected: bool = False
    subtitle: str = ""
    short_subtitle: str = ""
    """What the subtitle says where it is wider than the button (a longer language at a phone's text floor),
    instead of a second line the button has no room for ("Wertung 1078" for "3 · Wertung 1078")."""
    size: int = 26
    hovered: bool = False
    pressed: bool = False
    lit_changes: ClassVar[int] = 0
    """How many times the pointer has lit a button up or down, any button: what the pointer changes of a screen of
    buttons (``App._pointer_looks``)."""

    def handle(self, event: pygame.event.Event) -> str | None:
        """The action if this event activates the button, else ``None``."""
        if event.type == pygame.MOUSEMOTION:
            hovered = self.rect.collidepoint(event.pos)
            if hovered != self.hovered:
                Button.lit_changes += 1
            self.hovered = hovered
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.enabled and self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_pressed, self.pressed = self.pressed, False
            if was_pressed and self.enabled and self.rect.collidepoint(event.pos):
                return self.action
        return None

    def draw(self, surface: pygame.Surface, text: TextRenderer, theme: Theme, focused: bool = False,
             size: int | None = None, default: bool | None = None) -> None:
        """Draw the button in its current state (``size``: the label's size, shared with its row).

        ``default``: whether it is the button Enter presses (drawn in the accent colour, ringed when
        it has the keyboard focus); ``None`` means ``primary``. A ``selected`` choice has an accent
        edge, not the fill, so there is only ever one filled button.
        """
        default = self.primary if default is None else default
        contrast = theme.name == "contrast"
        if not self.enabled:
            fill, colour, edge = theme.button_disabled, theme.button_disabled_text, theme.button_disabled_edge
        elif default:
            fill, colour, edge = theme.accent, theme.accent_text, theme.accent
        else:
            fill = theme.button_hover if (self.hovered or self.pressed) else theme.button
            colour = theme.accent if self.selected else theme.button_text
            edge = theme.accent if self.selected else theme.text if contrast else theme.panel_edge
        rect = self.rect.move(0, 2) if self.pressed else self.rect
        radius = min(12, rect.height // 2)
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        width = 3 if self.selected and self.enabled and not default else 2 if contrast and self.enabled else 1
        pygame.draw.rect(surface, edge, rect, width=width, border_radius=radius)
        if focused:
            pygame.draw.rect(surface, theme.cursor, rect.inflate(8, 8), width=3, border_radius=radius + 4)
            text.note_focus(rect)
        text.note_widget(surface, rect, "button", self.label)
        size = size or self.label_size(text)
        inner = self.label_box(text, rect)
        if self.subtitle:
            small, label_height, subtitle_height = self._stacked(text, size, inner)
            subtitle = self.shown_subtitle(text, small, inner)
            two_lines = subtitle_height > text.assets.font(small).get_height()
            top = pygame.Rect(inner.left, inner.top, inner.width,
                              inner.height * label_height // max(1, label_height + subtitle_height))
            bottom = pygame.Rect(inner.left, top.bottom, inner.width, inner.bottom - top.bottom)
            text.draw_in(surface, self.label, size, colour, top, valign="bottom", bold=True)
            text.draw_in(surface, subtitle, small, colour, bottom, valign="top", smallest=12, wrap=two_lines,
                         line_gap=SUBTITLE_LINE_GAP)
        else:
            # two lines where one would be too small, never cutting a word
            wrap = (text.width(self.label, size, True) > inner.width
                    and text.lines_size(self.label, size, _two_line_room(inner), bold=True, smallest=size) is not None)
            text.draw_in(surface, self.label, size, colour, inner, bold=True, wrap=wrap)

    def _stacked(self, text: TextRenderer, size: int, inner: pygame.Rect) -> tuple[int, int, int]:
        """(the subtitle's size, the label's height, the subtitle's height) under a label of ``size`` in ``inner``:
        the subtitle takes two lines where it is wider than one (where the smallest text is large: a phone)."""
        small = max(12, int(size * 0.62))
        subtitle_height = text.assets.font(small).get_height()
        if text.width(self.shown_subtitle(text, small, inner), small) > inner.width:
            subtitle_height += int(text.assets.readable(small) * SUBTITLE_LINE_GAP)
        return small, text.assets.font(size, True).get_height(), subtitle_height

    def shown_subtitle(self, text: TextRenderer, small: int, inner: pygame.Rect) -> str:
        """The subtitle, or its short form where it is wider than ``inner`` at ``small``."""
        if self.short_subtitle and text.width(self.subtitle, small) > inner.width:
            return self.short_subtitle
        return self.subtitle

    def height_for(self, text: TextRenderer, size: int) -> int:
        """The least height at which a label of ``size`` and the subtitle under it are drawn whole."""
        inner = self.label_box(text, self.rect)
        if not self.subtitle:
            return text.assets.font(size, True).get_height() + self.rect.height - inner.height
        _small, label_height, subtitle_height = self._stacked(text, size, inner)
        return label_height + subtitle_height + self.rect.height - inner.height

    def label_box(self, text: TextRenderer, rect: pygame.Rect) -> pygame.Rect:
        """Where the label goes in ``rect``: ``LABEL_MARGIN`` from the edges, or ``TIGHT_LABEL_MARGIN`` for a label
        that even at its smallest would not fit the roomier box (a long word in a row of five)."""
        roomy = rect.inflate(-2 * LABEL_MARGIN, -6)
        if text.width(self.label, min(self.size, MIN_BUTTON_TEXT), True) <= roomy.width:
            return roomy
        return rect.inflate(-2 * TIGHT_LABEL_MARGIN, -6)

    def label_fits(self, text: TextRenderer) -> bool:
        """Whether the label is drawn whole at the smallest size or larger: on one line, or two where it wraps."""
        inner = self.label_box(text, self.rect)
        smallest = min(self.size, MIN_BUTTON_TEXT)
        if text.width(self.label, smallest, True) <= inner.width:
            return True
        return not self.subtitle and text.lines_size(self.label, self.size, _two_line_room(inner), bold=True,
                                                     smallest=smallest) is not None

    def needed_width(self, text: TextRenderer, size: int) -> int:
        """The width at which the label (and the subtitle) fit on one line at ``size``."""
        width = text.width(self.label, size, True)
        if self.subtitle:
            small = max(12, int(size * 0.62))
            said = min((s for s in (self.subtitle, self.short_subtitle) if s), key=lambda s: text.width(s, small))
            width = max(width, text.width(said, small))
        return width + 2 * LABEL_MARGIN

    def label_size(self, text: TextRenderer) -> int:
        """The largest size up to ``size`` at which the label fits: on one line, or on two where the button
        is tall enough and they are at least ``TWO_LINES_GAIN`` larger (a subtitle keeps the label on one)."""
        inner = self.label_box(text, self.rect)
        if inner.width > self.rect.width - 2 * LABEL_MARGIN:  # the tight margin is for a label that is as small as
            return min(self.size, MIN_BUTTON_TEXT)  # it gets: a larger one that close to the edge looks cut
        one_line = text.fit_size(self.label, self.size, inner.width, bold=True)
        if self.subtitle:  # the label as large as leaves the subtitle its room, so its row draws at that size
            key = ("stacked", self.label, self.subtitle, self.short_subtitle, self.rect.size, one_line,
                   text.assets.text_floor)
            stacked = text.remembered(key, lambda: next(
                (size for size in range(one_line, MIN_BUTTON_TEXT, -1)
                 if self.height_for(text, size) <= self.rect.height), min(one_line, MIN_BUTTON_TEXT)))
            return one_line if stacked is None else stacked
        if one_line >= self.size:
            return one_line
        two_lines = text.lines_size(self.label, self.size, _two_line_room(inner), bold=True,
                                    smallest=one_line + TWO_LINES_GAIN)
        return one_line if two_lines is None else two_lines


def fit_heights(buttons: Sequence[Button], text: TextRenderer) -> None:
    """Shrink the buttons' labels (all alike) to the largest size at which each label and its subtitle fit its
    button's height: on a layout with a text floor the subtitle cannot shrink, so the label makes room."""
    most = max((button.size for button in buttons), default=0)
    size = next((size for size in range(most, 0, -1)
                 if all(button.height_for(text, size) <= button.rect.height for button in buttons)), 1)
    for button in buttons:
        button.size = size


def row_sizes(fitted: Iterable[tuple[pygame.Rect, int]]) -> dict[tuple[int, int], int]:
    """One text size for each row of controls (one top and height): the smallest each control's text fits.

    >>> left, right, below = pygame.Rect(0, 0, 90, 40), pygame.Rect(100, 0, 90, 40), pygame.Rect(0, 50, 90, 40)
    >>> row_sizes([(left, 20), (right, 16), (below, 18)])
    {(0, 40): 16, (50, 40): 18}
    """
    sizes: dict[tuple[int, int], int] = {}
    for rect, size in fitted:
        row = (rect.top, rect.height)
        sizes[row] = min(sizes.get(row, size), size)
    return sizes


ARROW_DIRECTIONS = {pygame.K_DOWN: (0, 1), pygame.K_UP: (0, -1), pygame.K_RIGHT: (1, 0), pygame.K_LEFT: (-1, 0)}
"""Where each arrow key moves the focus: (x, y) steps on the screen."""


def nearest_score(here: pygame.Rect, there: pygame.Rect, direction: tuple[int, int]) -> float | None:
    """How far ``there`` is from ``here`` going in ``direction`` (lower is nearer); ``None`` if it is not that way.

    The gap along the direction counts once, the offset across it twice (a
    control straight below is nearer than one below and far to the side), so
    the arrows walk a grid as the eye reads it, whatever order the controls
    were made in.

    >>> here, below, far_aside = pygame.Rect(0, 0, 100, 40), pygame.Rect(0, 60, 100, 40), pygame.Rect(300, 60, 100, 40)
    >>> nearest_score(here, below, (0, 1)), nearest_score(here, below, (0, -1))
    (20.0, None)
    >>> nearest_score(here, far_aside, (0, 1)) > nearest_score(here, pygame.Rect(0, 200, 100, 40), (0, 1))
    True
    """
    dx, dy = direction
    if dy:
        ahead = there.top - here.bottom if dy > 0 else here.top - there.bottom
        beside = max(0, there.left - here.right, here.left - there.right)
        centres = abs(there.centerx - here.centerx)
        if (there.centery - here.centery) * dy <= 0:
            return None
    else:
        ahead = there.left - here.right if dx > 0 else here.left - there.right
        beside = max(0, there.top - here.bottom, here.top - there.bottom)
        centres = abs(there.centery - here.centery)
        if (there.centerx - here.centerx) * dx <= 0:
            return None
    return max(0, ahead) + 2.0 * beside + 0.01 * centres


@dataclass
class ButtonGroup:
    """Buttons navigated with the mouse or the keyboard (arrows/Tab move focus, Enter activates)."""

    buttons: list[Button] = field(default_factory=list)
    focus: int | None = None
    _fitted: tuple[object, ...] | None = field(default=None, init=False, repr=False, compare=False)
    """The layout ``fit_rows`` last left (its labels, rects and font): nothing to do while it stands."""

    def handle(self, event: pygame.event.Event) -> str | None:
        """The action chosen by this event, if any."""
        if event.type == pygame.KEYDOWN:
            return self._handle_key(event.key)
        for index, button in enumerate(self.buttons):
            action = button.handle(event)
            if event.type == pygame.MOUSEMOTION and button.hovered and button.enabled:
                self.focus = None
            if action is not None:
                self.focus = None if event.type != pygame.KEYDOWN else index
                return action
        return None

    def _handle_key(self, key: int) -> str | None:
        enabled = [i for i, b in enumerate(self.buttons) if b.enabled]
        if not enabled:
            return None
        if key in ACTIVATE_KEYS and self.focus is not None and self.buttons[self.focus].enabled:
            return self.buttons[self.focus].action
        direction = ARROW_DIRECTIONS.get(key)
        if key != pygame.K_TAB and direction is None:
            return None
        if self.focus is None:
            self.focus = enabled[-1] if direction in ((0, -1), (-1, 0)) else enabled[0]
            return None
        if direction is None:  # Tab: the next control in reading order, round again
            self.focus = next((i for i in enabled if i > self.focus), enabled[0])
            return None
        here = self.buttons[self.focus].rect
        scored = ((nearest_score(here, self.buttons[i].rect, direction), i) for i in enabled if i != self.focus)
        nearest = min(((score, i) for score, i in scored if score is not None), default=None)
        if nearest is not None:  # nothing that way: the focus stays
            self.focus = nearest[1]
        return None

    @property
    def default(self) -> int | None:
        """The button Enter presses, the one rule of every group: the focused one, else the first primary one."""
        if self.focus is not None and 0 <= self.focus < len(self.buttons) and self.buttons[self.focus].enabled:
            return self.focus
        return next((i for i, b in enumerate(self.buttons) if b.primary and b.enabled), None)

    def draw(self, surface: pygame.Surface, text: TextRenderer, theme: Theme) -> None:
        """Draw every button; the default one is filled, and ringed too when it has the keyboard focus.

        Buttons in one row share one label size; a row in which a label would be cut short first
        shares its width by what each label needs (``fit_rows``).
        """
        self.fit_rows(text)
        # with a subtitle too: a level named at a smaller size reads as a lesser one
        sizes = row_sizes((button.rect, button.label_size(text)) for button in self.buttons)
        default = self.default
        for index, button in enumerate(self.buttons):
            size = sizes[(button.rect.top, button.rect.height)]
            button.draw(surface, text, theme, focused=index == self.focus and index == default, size=size,
                        default=index == default)

    def rows(self) -> list[list[Button]]:
        """The buttons side by side, left to right: one height and top, less than ``ROW_GAP_MAX`` apart."""
        by_line: dict[tuple[int, int], list[Button]] = {}
        for button in self.buttons:
            by_line.setdefault((button.rect.top, button.rect.height), []).append(button)
        runs: list[list[Button]] = []
        for line in by_line.values():
            line.sort(key=lambda b: b.rect.left)
            run = [line[0]]
            for button in line[1:]:
                if 0 <= button.rect.left - run[-1].rect.right < ROW_GAP_MAX:
                    run.append(button)
                else:
                    runs.append(run)
                    run = [button]
            runs.append(run)
        return runs

    def fit_rows(self, text: TextRenderer) -> None:
        """Widen a button whose label would be cut short at its row's other buttons' expense.

        The row keeps its span and its gaps; the widths follow what each label needs at the largest size at
        which all fit, the room left shared equally. Rows that fit keep their widths (grids stay aligned).
        Worked out again only when the labels, the rects or the font change.
        """
        if self._layout(text) == self._fitted:
            return
        for run in self.rows():
            if len(run) > 1 and not all(button.label_fits(text) for button in run):
                _share_by_need(run, text)
        self._fitted = self._layout(text)

    def _layout(self, text: TextRenderer) -> tuple[object, ...]:
        return (text.assets.script, *((b.label, b.subtitle, b.size, tuple(b.rect)) for b in self.buttons))


def _share_by_need(run: list[Button], text: TextRenderer) -> None:
    """Give the buttons of ``run`` widths by their labels' needs, keeping the run's span and gaps."""
    gaps = [b.rect.left - a.rect.right for a, b in zip(run, run[1:], strict=False)]
    room = run[-1].rect.right - run[0].rect.left - sum(gaps)
    largest = max(button.size for button in run)
    size = next((s for s in range(largest, MIN_BUTTON_TEXT - 1, -1)
                 if sum(b.needed_width(text, s) for b in run) <= room), MIN_BUTTON_TEXT)
    needs = [button.needed_width(text, size) for button in run]
    if sum(needs) > room:  # even the smallest size does not fit them all: the least cutting, in proportion
        widths = [room * need // sum(needs) for need in needs]
    else:
        widths = [need + (room - sum(needs)) // len(run) for need in needs]
    widths[-1] += room - sum(widths)
    left = run[0].rect.left
    for button, width, gap in zip(run, widths, [*gaps, 0], strict=True):
        button.rect = pygame.Rect(left, button.rect.top, width, button.rect.height)
        left += width + gap


def button_row(rect: pygame.Rect, labels: Sequence[tuple[str, str]], gap: int = 10, size: int = 22) -> list[Button]:
    """Buttons (label, action) side by side filling ``rect``, one width for all (so rows line up in columns;
    ``ButtonGroup.fit_rows`` widens a label that would be cut at its neighbours' expense)."""
    count = max(1, len(labels))
    width = (rect.width - gap * (count - 1)) // count
    return [
        Button(pygame.Rect(rect.left + i * (width + gap), rect.top, width, rect.height), label, action, size=size)
        for i, (label, action) in enumerate(labels)
    ]


def button_rows(rects: Sequence[pygame.Rect], labels: Sequence[tuple[str, str]], gap: int = 10,
                size: int = 22) -> list[Button]:
    """Buttons (label, action) shared out in order over the rows ``rects``, as many to a row (the last may have
    fewer), each row filled as ``button_row`` fills one."""
    per_row = -(-len(labels) // max(1, len(rects)))
    return [button for i, rect in enumerate(rects)
            for button in button_row(rect, labels[i * per_row:(i + 1) * per_row], gap, size)]


def draw_tooltip(surface: pygame.Surface, text: TextRenderer, theme: Theme, pointer: tuple[int, int] | None) -> None:
    """The full words of a text shortened this frame: the one under ``pointer``, else the focused widget's."""
    marks = text.marks
    shown = next((full for rect, full in marks.shortened if pointer is not None and rect.collidepoint(pointer)), None)
    anchor = pointer
    if shown is None and marks.focus is not None:
        focus = marks.focus
        shown = next((full for rect, full in marks.shortened if focus.contains(rect)), None)
        anchor = focus.midbottom
    if shown is None or anchor is None:
        return
    screen = surface.get_rect().inflate(-8, -8)
    lines = text.wrap(shown, 18, min(520, screen.width - 24))
    width = max(text.width(line, 18) for line in lines) + 24
    rect = pygame.Rect(0, 0, width, 22 * len(lines) + 14)
    rect.midtop = (anchor[0], anchor[1] + 18)
    if rect.bottom > screen.bottom:
        rect.bottom = anchor[1] - 18
    rect.clamp_ip(screen)
    text.new_layer()
    text.note_widget(surface, rect, "tooltip", shown)
    pygame.draw.rect(surface, theme.toast, rect, border_radius=8)
    pygame.draw.rect(surface, theme.text, rect, width=1, border_radius=8)
    for i, line in enumerate(lines):
        text.draw_in(surface, line, 18, theme.text, pygame.Rect(rect.left + 12, rect.top + 7 + 22 * i,
                                                                 rect.width - 24, 22))
