"""Statistics: games against each level as Black and as White, best wins, and two-player games."""

from __future__ import annotations

import pygame

from game.ai import LEVELS
from game.engine import BLACK, WHITE
from game.play.levels import is_custom_name
from game.play.stats import Stats, Tally
from game.scenes.base import Context, Scene
from game.scenes.entries import Entry
from game.ui.layout import is_portrait
from game.ui.widgets import ButtonGroup, Dialog, button_row, draw_panel, fill_background


def tally_text(tally: Tally) -> str:
    """'3 – 1 – 0' (won, lost, drawn) or a dash."""
    return f"{tally.won} – {tally.lost} – {tally.drawn}" if tally.played else "–"


class StatsScene(Scene):
    """A table of results by level and colour."""

    menu_label = "Statistics"
    menu_order = 60
    menu_subtitle = "Wins, losses and draws by level"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.group = ButtonGroup()
        self.dialog: Dialog | None = None

    def startup(self, now_ms: int, entry: Entry) -> None:
        """Show the table (no dialog open)."""
        self.dialog = None
        super().startup(now_ms, entry)

    def layout(self) -> None:
        """The table area and the Back button."""
        width, height = self.ctx.size
        column = min(980, width - 32)
        self.table = pygame.Rect((width - column) // 2, 130 if not is_portrait(self.ctx.size) else 180, column,
                                 64 + 48 * len(LEVELS) + 80)
        row = pygame.Rect((width - 560) // 2, min(height - 100, self.table.bottom + 30), 560, 68)
        self.group = ButtonGroup(button_row(row, [("Back", "back"), ("Reset…", "reset")], gap=24, size=26),
                                 columns=2)
        self.group.focus = 0

    def get_event(self, event: pygame.event.Event) -> None:
        """Back to the menu, or reset (after asking; keeping them is the default)."""
        if self.dialog is not None:
            answer = self.dialog.handle(event)
            if answer is not None:
                self.dialog = None
                if answer == "confirm":
                    self.reset()
            return
        if self.menu_choice(self.group, event) == "reset":
            self.dialog = Dialog(self.ctx.size, "Reset the statistics?",
                                 "Every result against the computer and the two-player count go back to zero. "
                                 "This cannot be undone.", [("Keep them", "cancel"), ("Reset", "confirm")],
                                 self.ctx.text)

    def reset(self) -> None:
        """Start the statistics afresh."""
        self.ctx.stats = Stats()
        self.ctx.save_stats()
        self.ctx.toast("Statistics reset.")

    def draw(self, surface: pygame.Surface, now_ms: int) -> None:
        """Title and table (won – lost – drawn per level and colour)."""
        theme, text = self.ctx.theme, self.ctx.text
        fill_background(surface, theme)
        stats = self.ctx.stats
        text.draw_in(surface, "Statistics", 48, theme.text,
                     pygame.Rect(16, self.table.top - 92, self.ctx.size[0] - 32, 64), bold=True)
        draw_panel(surface, self.table, theme)
        left, width = self.table.left + 20, self.table.width - 40
        columns = [int(left + width * share) for share in (0, 0.24, 0.50, 0.76, 1.0)]
        cell_boxes = [pygame.Rect(x, 0, right - x - 8, 40) for x, right in zip(columns, columns[1:], strict=False)]
        size = 20 if width > 700 else 16
        headers = ["Level", "As Black (W–L–D)", "As White (W–L–D)", "Best win"]
        y = self.table.top + 20
        for box, header in zip(cell_boxes, headers, strict=True):
            text.draw_in(surface, header, size, theme.text_dim, box.move(0, y), "left", "top", bold=True)
        y += 44
        for level in LEVELS:
            black, white = stats.tally(level.name, BLACK), stats.tally(level.name, WHITE)
            bests = [t.best for t in (black, white) if t.best is not None]
            cells = [level.name, tally_text(black), tally_text(white), f"+{max(bests)}" if bests else "–"]
            for box, cell in zip(cell_boxes, cells, strict=True):
                text.draw_in(surface, cell, size, theme.text, box.move(0, y), "left", "top")
            y += 48
        total = stats.totals()
        summary = (f"All games against the computer: {total.won} won, {total.lost} lost, {total.drawn} drawn."
                   f"   Two-player games: {stats.two_player_games}.")
        custom = [t for key, t in stats.vs_computer.items() if is_custom_name(key)]
        if custom:
            won, lost, drawn = (sum(t.won for t in custom), sum(t.lost for t in custom),
                                sum(t.drawn for t in custom))
            summary += f"   Custom levels: {won} won, {lost} lost, {drawn} drawn."
        summary += "   Practice games (from a set-up position, or played on from moves handed in) are not counted."
        text.draw_in(surface, summary, 18, theme.text_dim, pygame.Rect(left, y + 12, width, self.table.bottom - y - 20),
                     "left", "top", wrap=True, line_gap=1.3)
        self.group.draw(surface, text, theme)
        if self.dialog is not None:
            self.dialog.draw(surface, text, theme)
