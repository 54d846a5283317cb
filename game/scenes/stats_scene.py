"""Statistics: games against each level as Black and as White, best wins, two-player games, and the rating.

The rating panel shows the player's rating (``game.play.rating``) with its
uncertainty, the level that gives about an even game, and its history as a
graph; "Play at my level…" opens the new game screen with that level chosen.
"""

from __future__ import annotations

import pygame

from game.ai import LEVELS
from game.engine import BLACK, WHITE
from game.i18n import N_, _, ngettext, pgettext
from game.play.levels import is_custom_name, level_title
from game.play.rating import my_level
from game.play.stats import Stats, Tally
from game.scenes.base import Context, Scene
from game.scenes.entries import Entry, NewGameEntry
from game.ui.dialog import Dialog
from game.ui.layout import is_low, is_phone, is_portrait
from game.ui.rating_graph import draw_rating_graph
from game.ui.text_flow import say
from game.ui.widgets import ButtonGroup, button_row, draw_panel, fill_background

ROW_PITCH = 48
"""A level's row in the table, when there is room for it (rows get closer with many levels)."""
PORTRAIT_PANEL = 340
"""The least height of the rating panel under the table in portrait."""
COLUMN_SHARES = (0, 0.22, 0.37, 0.605, 0.84, 1.0)
"""Where the table's columns start, as shares of its width (and where the last ends), but on the phone.

The rating column fits its heading ("Classement"); the tallies need less than their headings, which take two
lines where they must. The phone's columns are as wide as what they hold (``columns_by_need``)."""
LOW_TOP = 64
"""Where the table and the rating panel begin on a phone held sideways: under the title's row of buttons."""
LOW_TABLE_WIDTH = 640
"""The table's width on a phone held sideways: its columns as wide as what they hold, as on the phone (French needs
about 600 px at 16 px: "Classement", "Meilleure victoire" and two four-digit tallies)."""
LOW_BACK_WIDTH = 160
"""Back's width on a phone held sideways, at the left of the title's row (the title is over the table, the other
buttons over the rating panel)."""
LOW_HEADINGS = 54
"""The table's room above its first row on a phone held sideways: its headings, two lines at the most."""
PHONE_MARGIN = 8
"""The phone's panels come this close to the screen's edges (its table's columns need the room)."""
PHONE_CHOICE_TOP = 80
"""Where the phone's choice of colour (whose tallies the table shows) begins: under the title."""
PHONE_SUMMARY_ROOM = 148
"""The phone's table keeps this much under its rows: the totals in six lines of 16 px (French, Spanish)."""
TALLY_CHOICES = [(N_("As Black (W–L–D)"), "tallies:black"), (N_("As White (W–L–D)"), "tallies:white")]
"""The phone's choice of the colour whose tallies its table shows (one colour's fit its width, not both)."""
RULE_HEIGHT = 84
"""The most the rule of what counts may take: four lines at 16 px (French takes four on a phone)."""
RATING_RULE = N_("Only games against a named level from the standard start count toward it: custom levels, "
                 "practice games and two-player games do not.")
"""What counts toward the rating, in words (``docs/rating.md``; marked: translated where drawn)."""


def tally_text(tally: Tally, dash: str = " – ") -> str:
    """'3 – 1 – 0' (won, lost, drawn; the phone's '3–1–0') or a dash."""
    return dash.join(str(count) for count in (tally.won, tally.lost, tally.drawn)) if tally.played else "–"


def columns_by_need(needs: list[int], left: int, width: int) -> list[int]:
    """Where columns that need ``needs`` pixels start in ``width`` from ``left`` (and where the last ends):
    each as wide as it needs, the room left shared out equally.

    >>> columns_by_need([10, 20], 0, 50)
    [0, 20, 50]
    """
    spare = (width - sum(needs)) // len(needs)
    starts = [left]
    for need in needs:
        starts.append(starts[-1] + need + spare)
    starts[-1] = left + width
    return starts


def rating_text(rating: int | None) -> str:
    """A level's rating as shown beside its name, or a dash when it has none."""
    return str(rating) if rating is not None else "–"


class StatsScene(Scene):
    """A table of results by level and colour, and the player's rating with its graph."""

    changes_only_on_input = True

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.group = ButtonGroup()
        self.dialog: Dialog | None = None
        self.tallies_of = BLACK
        """The colour whose tallies the phone's table shows (``TALLY_CHOICES``; elsewhere it shows both)."""

    def startup(self, now_ms: int, entry: Entry) -> None:
        """Show the table (no dialog open)."""
        self.dialog = None
        super().startup(now_ms, entry)

    def layout(self) -> None:
        """The table, the rating panel (beside it in landscape, under it in portrait) and the buttons."""
        width, height = self.ctx.size
        portrait, phone = is_portrait(self.ctx.size), is_phone(self.ctx.size)
        actions = [(_("Back"), "back"), (_("Play at my level…"), "my_level"), (_("Reset…"), "reset")]
        if is_low(self.ctx.size):  # the buttons in the title's row, the table and the rating side by side under it
            self.table = pygame.Rect(16, LOW_TOP, LOW_TABLE_WIDTH, height - LOW_TOP - 10)
            self.panel = pygame.Rect(self.table.right + 16, LOW_TOP, width - 48 - LOW_TABLE_WIDTH, self.table.height)
            self.pitch = (self.table.height - LOW_HEADINGS) // max(1, len(LEVELS))
            back, *others = actions
            buttons = button_row(pygame.Rect(16, 8, LOW_BACK_WIDTH, 48), [back], size=22)
            buttons += button_row(pygame.Rect(self.panel.left, 8, self.panel.width, 48), others, gap=12, size=22)
        else:
            # the phone's choice of colour takes a row under the title: its title and actions close up for it
            top = PHONE_CHOICE_TOP + 60 if phone else 180 if portrait else 130
            row = pygame.Rect(16, height - 76, width - 32, 60) if phone else \
                pygame.Rect(16, height - 100, width - 32, 68) if portrait else \
                pygame.Rect((width - 760) // 2, height - 100, 760, 68)
            bottom = row.top - (16 if phone else 24)
            if portrait:
                margin = PHONE_MARGIN if phone else 16
                wanted = 64 + ROW_PITCH * len(LEVELS) + 120
                self.table = pygame.Rect(margin, top, width - 2 * margin,
                                         min(wanted, bottom - top - PORTRAIT_PANEL - 16))
                self.panel = pygame.Rect(margin, self.table.bottom + 16, self.table.width,
                                         bottom - self.table.bottom - 16)
            else:
                self.table = pygame.Rect(16, top, (width - 48) * 3 // 5, bottom - top)
                self.panel = pygame.Rect(self.table.right + 16, top, width - 32 - self.table.width - 16, bottom - top)
            summary_room = PHONE_SUMMARY_ROOM if phone else 120
            self.pitch = min(ROW_PITCH, (self.table.height - 64 - summary_room) // max(1, len(LEVELS)))
            # the phone's choice of colour first: Tab goes down the screen
            buttons = button_row(pygame.Rect(self.table.left, PHONE_CHOICE_TOP, self.table.width, 48),
                                 [(_(label), action) for label, action in TALLY_CHOICES], gap=12, size=20) \
                if phone else []
            buttons += button_row(row, actions, gap=24, size=26)
        self.group = ButtonGroup(buttons)
        self.group.focus = next(i for i, button in enumerate(buttons) if button.action == "back")
        self._mark_tallies()
        if phone or is_low(self.ctx.size):  # no free band on a phone's full screen: over the rating panel's foot
            self.ctx.toasts.area = self.panel.inflate(-16, -16)

    def _mark_tallies(self) -> None:
        for button in self.group.buttons:
            if button.action.startswith("tallies:"):
                button.selected = button.action == f"tallies:{'black' if self.tallies_of == BLACK else 'white'}"

    def get_event(self, event: pygame.event.Event) -> None:
        """Back to the menu, play at my level, or reset (after asking; keeping them is the default)."""
        if self.dialog is not None:
            answer = self.dialog.handle(event)
            if answer is not None:
                self.dialog = None
                if answer == "confirm":
                    self.reset()
            return
        action = self.menu_choice(self.group, event)
        if action is not None and action.startswith("tallies:"):
            self.tallies_of = BLACK if action == "tallies:black" else WHITE
            self._mark_tallies()
        elif action == "my_level":
            self.choose_my_level()
        elif action == "reset":
            self.dialog = Dialog(self.ctx.size, _("Reset the statistics?"),
                                 _("Every result against the computer, the two-player count and your rating go back "
                                   "to the start. This cannot be undone."),
                                 [(_("Keep them"), "cancel"), (_("Reset"), "confirm")], self.ctx.text)

    def choose_my_level(self) -> None:
        """The new game screen, with the level that gives about an even game chosen."""
        found = my_level(self.ctx.stats.rating)
        if found is not None:
            self.ctx.settings.custom = None
            self.ctx.settings.level = found[0].index
            self.ctx.store.save_settings()
        self.switch(NewGameEntry())

    def reset(self) -> None:
        """Start the statistics afresh (an unreadable rating set aside earlier is still kept)."""
        self.ctx.store.stats = Stats(rating_set_aside=self.ctx.stats.rating_set_aside)
        self.ctx.store.save_stats()
        self.ctx.toasts.show(_("Statistics reset."))

    def draw(self, surface: pygame.Surface, now_ms: int) -> None:
        """Title, table (won – lost – drawn per level and colour) and the rating panel."""
        theme, text = self.ctx.theme, self.ctx.text
        fill_background(surface, theme)
        if is_low(self.ctx.size):
            title = pygame.Rect(32 + LOW_BACK_WIDTH, 4, self.table.right - 48 - LOW_BACK_WIDTH, LOW_TOP - 8)
        else:
            title_top = PHONE_CHOICE_TOP - 72 if is_phone(self.ctx.size) else self.table.top - 92
            title = pygame.Rect(16, title_top, self.ctx.size[0] - 32, 64)
        text.draw_in(surface, _("Statistics"), 48, theme.text, title, bold=True)
        self.draw_table(surface)
        self.draw_rating(surface)
        self.group.draw(surface, text, theme)
        if self.dialog is not None:
            self.dialog.draw(surface, text, theme)

    def draw_table(self, surface: pygame.Surface) -> None:
        """One row per level (its rating beside its name), then the totals."""
        theme, text, stats = self.ctx.theme, self.ctx.text, self.ctx.stats
        draw_panel(surface, self.table, theme)
        phone, low = is_phone(self.ctx.size), is_low(self.ctx.size)
        compact = phone or low  # text at the floor: the columns as wide as what they hold
        padding = 12 if compact else 20
        left, width = self.table.left + padding, self.table.width - 2 * padding
        size = min(20 if width > 700 else 16, max(13, self.pitch - 10))
        # the upright phone has room for one colour's tallies: the one chosen above the table
        colours = (self.tallies_of,) if phone else (BLACK, WHITE)
        headers = [pgettext("heading", "Level"), _("Rating"),
                   *(_(TALLY_CHOICES[0 if colour == BLACK else 1][0]) for colour in colours), _("Best win")]
        rows = []
        for level in LEVELS:
            tallies = [stats.tally(level.name, colour) for colour in colours]
            bests = [t.best for t in (stats.tally(level.name, BLACK), stats.tally(level.name, WHITE))
                     if t.best is not None]  # the level's best win, whichever colour's tallies are shown
            # a phone's row is one line of 16 px text: the row's place gives the level's number
            rows.append([level_title(level.name, numbered=not compact), rating_text(level.rating),
                         *(tally_text(tally, "–" if compact else " – ") for tally in tallies),
                         f"+{max(bests)}" if bests else "–"])
        gap = 6 if compact else 8
        if compact:
            needs = [max(max(text.width(word, size, True) for word in header.split()),
                         max(text.width(cells[i], size) for cells in rows)) + gap for i, header in enumerate(headers)]
            columns = columns_by_need(needs, left, width + gap)
        else:
            columns = [int(left + width * share) for share in COLUMN_SHARES]
        cell_boxes = [pygame.Rect(x, 0, right - x - gap, min(40, self.pitch - (0 if compact else 2)))
                      for x, right in zip(columns, columns[1:], strict=False)]
        y = self.table.top + (LOW_HEADINGS - 44 if low else 20)
        for box, header in zip(cell_boxes, headers, strict=True):
            text.draw_in(surface, header, size, theme.text_dim, pygame.Rect(box.x, y, box.width, 40), "left", "top",
                         bold=True, wrap=True, line_gap=1.1)
        y += 44
        for cells in rows:
            for box, cell in zip(cell_boxes, cells, strict=True):
                text.draw_in(surface, cell, size, theme.text, box.move(0, y), "left", "top")
            y += self.pitch
        if not low:  # beside the rating there: the table's every row is needed to fit the screen's height
            column = pygame.Rect(left, self.table.top, width, self.table.height - 16)
            say(text, surface, self.summary(), 18, theme.text_dim, column, y + 8, column.bottom - y - 8)

    def summary(self) -> str:
        """The totals under the table: against the computer, two-player, custom levels, and what is not counted."""
        stats = self.ctx.stats
        total = stats.totals()
        summary = "   ".join([
            _("All games against the computer: {won} won, {lost} lost, {drawn} drawn.").format(
                won=total.won, lost=total.lost, drawn=total.drawn),
            _("Two-player games: {count}.").format(count=stats.two_player_games)])
        custom = [t for key, t in stats.vs_computer.items() if is_custom_name(key)]
        if custom:
            won, lost, drawn = (sum(t.won for t in custom), sum(t.lost for t in custom),
                                sum(t.drawn for t in custom))
            summary += "   " + _("Custom levels: {won} won, {lost} lost, {drawn} drawn.").format(won=won, lost=lost,
                                                                                                drawn=drawn)
        return summary + "   " + _("Practice games (from a set-up position, or played on from moves handed in) are "
                                    "not counted.")

    def draw_rating(self, surface: pygame.Surface) -> None:
        """The rating and its deviation, the level for an even game, the rule of what counts, and the graph."""
        theme, text, rating = self.ctx.theme, self.ctx.text, self.ctx.stats.rating
        draw_panel(surface, self.panel, theme)
        inner = self.panel.inflate(-40, -32)
        text.draw_in(surface, _("Your rating"), 20, theme.text_dim, pygame.Rect(inner.left, inner.top, inner.width, 28),
                     "left", "top", bold=True)
        headline = _("{rating}  (provisional)").format(rating=rating.label) if rating.provisional else rating.label
        text.draw_in(surface, headline, 36, theme.accent, pygame.Rect(inner.left, inner.top + 30, inner.width, 46),
                     "left", "top", bold=True)
        found = my_level(rating)
        if found is not None:
            games = ngettext("{n} rated game; about an even game: {level} ({rating}).",
                             "{n} rated games; about an even game: {level} ({rating}).", rating.games).format(
                n=rating.games, level=level_title(found[0].name), rating=found[0].rating)
        else:
            games = ngettext("{n} rated game.", "{n} rated games.", rating.games).format(n=rating.games)
        y = say(text, surface, games, 18, theme.text, inner, inner.top + 82, 50)
        y = say(text, surface, _(RATING_RULE), 16, theme.text_dim, inner, y + 6, RULE_HEIGHT)
        if is_low(self.ctx.size):
            y = say(text, surface, self.summary(), 16, theme.text_dim, inner, y + 10, inner.bottom - y - 10)
        graph = pygame.Rect(inner.left, y + 12, inner.width, inner.bottom - y - 12)
        if graph.height >= 80:
            # the graph's labels give the ratings: the ladder's numbers would only cut the names short
            levels = [(level_title(level.name, numbered=False), level.rating) for level in LEVELS
                      if level.rating is not None]
            draw_rating_graph(surface, text, theme, graph, rating.graph_points, levels)
