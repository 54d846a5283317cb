"""The list of solo challenges: by kind and difficulty, with solved marks and stars; the shipped file and progress.

The challenge itself is ``game.scenes.challenges``. Progress (stars,
solutions seen) is saved through the storage interface after every change.
"""

from __future__ import annotations

import pygame

from game.challenges import words
from game.challenges.model import (
    DIFFICULTY_NAMES,
    KIND_BLURBS,
    KIND_NAMES,
    KINDS,
    Challenge,
    ChallengeError,
    Kind,
    load_challenges,
)
from game.challenges.progress import ChallengeProgress
from game.i18n import _, pgettext
from game.play.words import colour_name
from game.scenes.base import Context, Scene
from game.scenes.entries import ChallengeEntry, ChallengesEntry, Entry
from game.ui.layout import is_low, is_phone, is_portrait
from game.ui.stars import draw_stars
from game.ui.widgets import Button, ButtonGroup, button_row, fill_background, row_sizes

_LOADED: list[Challenge] | None = None
_LOAD_ERROR = ""


def shipped_challenges() -> tuple[list[Challenge], str]:
    """The challenges file, read once; on a broken file an empty list and the reason (English: the file's fault)."""
    global _LOADED, _LOAD_ERROR
    if _LOADED is None:
        try:
            _LOADED = load_challenges()
        except (OSError, ChallengeError) as exc:
            _LOADED, _LOAD_ERROR = [], str(exc)
    return _LOADED, _LOAD_ERROR


LOW_BACK = pygame.Rect(16, 8, 160, 48)
"""Back on a phone held sideways: at the top left, in the title's row (the tiles take the screen's foot)."""
TILE_TITLE_SIZE = 20
"""A challenge tile's title at its largest (a row of tiles shares the size its longest title fits)."""

class ChallengeListScene(Scene):
    """Every challenge of one kind, in rows by difficulty, with a tab per kind."""

    changes_only_on_input = True

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.kind: Kind = KINDS[0]
        self.progress = ChallengeProgress()
        self.group = ButtonGroup()
        self.tiles: list[tuple[Button, Challenge]] = []

    def startup(self, now_ms: int, entry: Entry) -> None:
        """Open on the kind handed in (the one just played) or the first; load the progress."""
        assert isinstance(entry, ChallengesEntry)
        kind = entry.kind
        if kind in KINDS:
            self.kind = kind
        self.progress = self.ctx.store.load_challenge_progress()
        super().startup(now_ms, entry)
        challenges, error = shipped_challenges()
        if error:
            self.ctx.toasts.show(_("The challenges could not be loaded: {reason}").format(reason=error), error=True,
                                 ms=8000)

    def resume(self, now_ms: int) -> None:
        """Back from a challenge: its stars may have changed."""
        self.progress = self.ctx.store.load_challenge_progress()
        super().resume(now_ms)

    def challenges_of(self, kind: Kind) -> list[Challenge]:
        """The challenges of a kind, easiest first."""
        return [c for c in shipped_challenges()[0] if c.kind == kind]

    def layout(self) -> None:
        """Kind tabs across the top, tiles below grouped by difficulty, Back at the bottom."""
        width, height = self.ctx.size
        portrait, low = is_portrait(self.ctx.size), is_low(self.ctx.size)
        margin = 16 if low or is_phone(self.ctx.size) else 24  # a phone's tabs take all its width ("Forzar un pase")
        labels = [(_(KIND_NAMES[k]), f"kind:{k}") for k in KINDS]
        self.ctx.toasts.area = pygame.Rect(margin, 4, width - 2 * margin, 102)  # over the title, not the tabs
        if low:  # Back in the title's row: a message between it and the screen's right edge
            self.ctx.toasts.area = pygame.Rect(LOW_BACK.right + 16, 4, width - 2 * LOW_BACK.right - 32, 76)
            tab_row = pygame.Rect(margin, 88, width - 2 * margin, 52)
            tabs = button_row(tab_row, labels, gap=8, size=20)
        elif portrait:
            tab_row = pygame.Rect(margin, 110, width - 2 * margin, 56)
            second = pygame.Rect(margin, tab_row.bottom + 8, width - 2 * margin, 56)
            tabs = button_row(tab_row, labels[:3], gap=8, size=20) + button_row(second, labels[3:], gap=8, size=20)
            tab_row = tab_row.union(second)
        else:
            tab_row = pygame.Rect(margin, 110, width - 2 * margin, 64)
            tabs = button_row(tab_row, labels, gap=8, size=20)
        for tab in tabs:
            tab.selected = tab.action == f"kind:{self.kind}"
        self.tiles = []
        # a phone held sideways: four tiles a row, wide enough for "Corner lock 10" at its size
        columns = 4 if low else 6 if not portrait else 2 if is_phone(self.ctx.size) else 3
        names_width = 0 if portrait else 160 if low else 200  # the difficulties' names left of their rows
        tile_w = (width - 2 * margin - names_width - (columns - 1) * 12) // columns
        tile_h = 96
        y = tab_row.bottom + (44 if low else 70)
        self.rows: list[tuple[int, str]] = []
        """Where each difficulty's row is, and its name (English: translated when drawn)."""
        left = margin + names_width
        self.row_label_width = left - 52 if not portrait else width - 48
        for level, level_name in DIFFICULTY_NAMES.items():
            group = [c for c in self.challenges_of(self.kind) if c.difficulty == level]
            if not group:
                continue
            if portrait:
                self.rows.append((y - 6, level_name))
                y += 30
            else:
                self.rows.append((y + tile_h // 2, level_name))
            for i, challenge in enumerate(group):
                row, col = divmod(i, columns)
                rect = pygame.Rect(left + col * (tile_w + 12), y + row * (tile_h + 12), tile_w, tile_h)
                self.tiles.append((Button(rect, words.title(challenge), f"play:{challenge.id}", size=20), challenge))
            y += ((len(group) + columns - 1) // columns) * (tile_h + 12) + (0 if low else 18)
        back = LOW_BACK if low else pygame.Rect((width - 320) // 2, height - 96, 320, 68)
        buttons = tabs + [tile for tile, _challenge in self.tiles] + button_row(back, [(_("Back"), "back")], size=24)
        self.group = ButtonGroup(buttons)

    def get_event(self, event: pygame.event.Event) -> None:
        """A tab, a tile or Back."""
        action = self.menu_choice(self.group, event)
        if action is None:
            return
        if action.startswith("kind:"):
            kind = action.removeprefix("kind:")
            if kind in KINDS:
                self.kind = kind
                focus = self.group.focus
                self.layout()
                self.group.focus = focus
        elif action.startswith("play:"):
            self.open(ChallengeEntry(action.removeprefix("play:")))

    def draw(self, surface: pygame.Surface, now_ms: int) -> None:
        """Title, progress, tabs and tiles (solved ones ticked, with their stars)."""
        theme, text = self.ctx.theme, self.ctx.text
        fill_background(surface, theme)
        width = self.ctx.size[0]
        low = is_low(self.ctx.size)
        text.draw_in(surface, _("Solo challenges"), 46, theme.text,
                     pygame.Rect(16, 4, width - 32, 52) if low else pygame.Rect(16, 16, width - 32, 60), bold=True)
        all_challenges = shipped_challenges()[0]
        solved = sum(self.progress.is_solved(c.id) for c in all_challenges)
        summary = _("{solved} of {total} solved · {stars} of {most} stars").format(
            solved=solved, total=len(all_challenges), stars=self.progress.total_stars(), most=3 * len(all_challenges))
        text.draw_in(surface, summary, 20, theme.text_dim, pygame.Rect(16, 56 if low else 74, width - 32, 28))
        blurb_y = 162 if low else 202 if not is_portrait(self.ctx.size) else 262
        text.draw_in(surface, _(KIND_BLURBS[self.kind]), 21, theme.text, pygame.Rect(16, blurb_y - 15, width - 32, 30))
        for y, name in self.rows:
            if is_portrait(self.ctx.size):
                text.draw_in(surface, _(name), 22, theme.text_dim, pygame.Rect(24, y, self.row_label_width, 30), "left",
                             "top", bold=True)
            else:
                text.draw_in(surface, _(name), 24, theme.text_dim, pygame.Rect(40, y - 20, self.row_label_width, 40),
                             "left", bold=True)
        sizes = row_sizes((button.rect, max(12, text.fit_size(words.title(challenge), TILE_TITLE_SIZE,
                                                              button.rect.width - 28, bold=True)))
                          for button, challenge in self.tiles)  # the longest title sets its row's size
        tiles = {id(b) for b, _challenge in self.tiles}
        sizes.update(row_sizes((b.rect, b.label_size(text)) for b in self.group.buttons if id(b) not in tiles))
        for index, button in enumerate(self.group.buttons):
            tile = next((c for b, c in self.tiles if b is button), None)
            if tile is None:  # a tab or Back, the size of its row (a tab's label shrunk to fit shrinks its row)
                button.draw(surface, text, theme, focused=index == self.group.focus,
                            size=sizes[(button.rect.top, button.rect.height)])
            else:
                self._draw_tile(surface, button, tile, index == self.group.focus,
                                sizes[(button.rect.top, button.rect.height)])

    def _draw_tile(self, surface: pygame.Surface, button: Button, challenge: Challenge, focused: bool,
                   size: int) -> None:
        theme, text = self.ctx.theme, self.ctx.text
        rect = button.rect
        solved = self.progress.is_solved(challenge.id)
        fill = theme.button_hover if button.hovered or button.pressed else theme.button
        pygame.draw.rect(surface, fill, rect, border_radius=12)
        edge = theme.accent if solved else theme.panel_edge
        pygame.draw.rect(surface, edge, rect, width=2, border_radius=12)
        if focused:
            pygame.draw.rect(surface, theme.cursor, rect.inflate(8, 8), width=3, border_radius=16)
        title = words.title(challenge)
        text.note_widget(surface, rect, "button", title)
        text.draw_in(surface, title, size, theme.text,
                     pygame.Rect(rect.left + 14, rect.top + 10, rect.width - 28, 28), "left", "top", bold=True,
                     smallest=12)
        # the mark (solved, or solution seen) sits right of the side to move, whose name is short: the title
        # keeps the tile's whole width, so "Corner lock 10" is never cut to "Corner lock…"
        marked = solved or challenge.id in self.progress.seen_solution
        mark_width = 0 if not marked else 30 if solved else 64
        text.draw_in(surface, colour_name(challenge.position.to_move), 15, theme.text_dim,
                     pygame.Rect(rect.left + 14, rect.top + 40, rect.width - 28 - mark_width, 20), "left", "top")
        if solved:
            text.draw_in(surface, "✓", 26, theme.accent, pygame.Rect(rect.right - 42, rect.top + 34, 28, 28), "right",
                         "middle", bold=True)
        elif marked:
            text.draw_in(surface, pgettext("challenge", "seen"), 14, theme.text_dim,
                         pygame.Rect(rect.right - 14 - mark_width, rect.top + 40, mark_width, 20), "right", "top")
        draw_stars(surface, (rect.centerx, rect.bottom - 20), self.progress.stars.get(challenge.id, 0), 20,
                   theme.accent, theme.text_dim)
