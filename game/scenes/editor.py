"""Board set-up: place, remove and flip discs, choose the side to move, then play or analyse from there.

A click (or a drag) paints with the chosen tool; the right button removes.
Keys: arrows move the cursor, B and W place, F flips, Delete/X removes,
Space uses the chosen tool. A position can also be typed or pasted as
text (the 64 squares and the side to move, or an OBF line) in the field
under the buttons, then set with Enter or Set board: the same checks as
Paste position. A position no game could reach is allowed and flagged;
one where neither side can move is refused for play and analysis with the
reason, and nothing changes.
"""

from __future__ import annotations

import pygame

from game.engine import BLACK, WHITE, Color, Position
from game.i18n import N_, _
from game.platform.browser import copy_to_clipboard, paste_from_clipboard
from game.platform.page_text_field import PageTextField
from game.play.match import MatchSetup, Mode
from game.play.words import colour_name
from game.records.formats import write_obf
from game.review.board_setup import NotABoard, SetupCheck, check_position, read_board
from game.scenes.base import Context, TextScene
from game.scenes.entries import AnalysisEntry, EditorEntry, Entry, GameEntry, NewGameEntry
from game.ui.board_view import Marks
from game.ui.layout import game_layout, is_low, is_portrait
from game.ui.text_field import TextField, typed_into
from game.ui.transcript_words import nothing_changed
from game.ui.widgets import ButtonGroup, button_row, draw_panel, fill_background

TOOLS: list[tuple[str, str]] = [(N_("Black"), "tool:black"), (N_("White"), "tool:white"),
                                (N_("Remove"), "tool:remove"), (N_("Flip"), "tool:flip")]
"""The tools (labels marked: translated when laid out)."""
KEY_STEPS = {pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1), pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0)}
POSITION_CHARS = 200
"""The position field takes this much: 66 characters for a position, more for an OBF line with move values."""


def with_square(position: Position, square: int, colour: Color | None) -> Position:
    """``position`` with ``square`` holding ``colour`` (``None`` = empty)."""
    bit = 1 << square
    black, white = position.black & ~bit, position.white & ~bit
    if colour == BLACK:
        black |= bit
    elif colour == WHITE:
        white |= bit
    return Position(black, white, position.to_move)


class EditorScene(TextScene):
    """Set up any position on the board."""


    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.position = Position.start()
        self.tool = "black"
        self.cursor: int | None = None
        self.painting: Color | None | str = "none"
        """While the button is held: what the drag paints (a colour, None to erase); 'none' when not dragging."""
        self.refused = ""
        self.group = ButtonGroup()
        self.field = TextField(pygame.Rect(0, 0, 0, 0), "", size=17, max_chars=POSITION_CHARS)
        self.page_field = PageTextField()
        """On a touch screen in the browser, an HTML field over ours brings up the keyboard."""
        self._page_field_open = False

    def startup(self, now_ms: int, entry: Entry) -> None:
        """Keep the last position set up, or take one handed on."""
        assert isinstance(entry, EditorEntry)
        if entry.position is not None:
            self.position = entry.position
        self.refused = ""
        self.painting = "none"
        self.field.focused = False
        super().startup(now_ms, entry)

    def close_page_field(self) -> None:
        """The page's field over the position field goes with the text input."""
        self.page_field.close()
        self._page_field_open = False

    def still(self) -> bool:
        """Whether the frame on screen can stay: no page field takes typing (on a touch screen what is typed there
        comes with no event); everything else here changes only on input."""
        return not self._page_field_open

    def update(self, now_ms: int) -> None:
        """On a touch screen, keep the page's field over the focused position field and take what is typed there."""
        if self.field.focused != self._page_field_open:
            if self.field.focused:
                width, height = self.ctx.size
                box = self.field.rect
                self.page_field.open((box.x / width, box.y / height, box.width / width, box.height / height),
                                     self.field.text, self.field.placeholder)
                self._page_field_open = True
            else:
                self.close_page_field()
        if self.field.focused:
            typed = self.page_field.sync(self.field.text)
            if typed is not None:
                self.field.text, _cut = typed_into("", typed, POSITION_CHARS)
                if "\n" in typed or "\r" in typed:  # the phone keyboard's Enter
                    self.act("set_position")

    def layout(self) -> None:
        """The board, the tools and the actions beside (or below) it."""
        width, height = self.ctx.size
        low = is_low(self.ctx.size)  # a phone on its side: rows a little thinner, the four actions in one row
        if is_portrait(self.ctx.size):
            self.view = self.ctx.board_view(pygame.Rect(80, 80, width - 160, width - 160))
            left, column, top = 16, width - 32, width - 80
            self.title_box = pygame.Rect(16, 16, width - 32, 52)
        else:
            rects = game_layout(self.ctx.size)
            self.view = self.ctx.board_view(rects.board)
            left, column, top = rects.side.left, rects.side.width, 62 if low else 100
            self.title_box = pygame.Rect(left, 12 if low else 20, column, 44 if low else 52)
        # the top of each row below ``top``, and the heights of the choices' and the tools' rows
        tools, side, clear, paste, field = (26, 100, 152, 202, 252) if low else (30, 118, 182, 236, 290)
        tall, short = (44, 44) if low else (52, 46)
        actions_top = height - (76 if low else 164)
        buttons = button_row(pygame.Rect(left, top + tools, column, tall),
                             [(_(label), action) for label, action in TOOLS], gap=8, size=20)
        buttons += button_row(pygame.Rect(left, top + side, column, tall),
                              [(_("Black to move"), "move:X"), (_("White to move"), "move:O")], gap=8, size=20)
        buttons += button_row(pygame.Rect(left, top + clear, column, short),
                              [(_("Clear board"), "clear"), (_("Start position"), "start")], gap=8, size=19)
        buttons += button_row(pygame.Rect(left, top + paste, column, short),
                              [(_("Paste position"), "paste_position"), (_("Copy position"), "copy_position")], gap=8,
                              size=19)
        self.field.rect = pygame.Rect(left, top + field, column - 158, short)
        self.field.placeholder = _("Type or paste a position")
        buttons += button_row(pygame.Rect(left + column - 150, top + field, 150, short),
                              [(_("Set board"), "set_position")], size=19)
        self.info = pygame.Rect(left, top + field + short + 12, column, actions_top - top - field - short - 24)
        actions = [(_("Play computer"), "computer"), (_("Two players"), "two"), (_("Analyse"), "analyse")]
        if low:
            buttons += button_row(pygame.Rect(left, actions_top, column, 56), actions + [(_("Menu"), "menu")], gap=8,
                                  size=20)
        else:
            buttons += button_row(pygame.Rect(left, actions_top, column, 66), actions, gap=8, size=20)
            buttons += button_row(pygame.Rect(left, actions_top + 80, column, 60), [(_("Menu"), "menu")], size=22)
        self.group = ButtonGroup(buttons)
        self.ctx.toasts.area = self.info  # beside the board, over what is said about the position: never on it
        self._mark()

    def _mark(self) -> None:
        for button in self.group.buttons:
            if button.action.startswith("tool:"):
                button.selected = button.action == f"tool:{self.tool}"
            elif button.action.startswith("move:"):
                button.selected = button.action == f"move:{self.position.to_move}"

    # -- editing ------------------------------------------------------------------

    def apply_tool(self, square: int, tool: str | None = None) -> None:
        """Use ``tool`` (default: the chosen one) on ``square``."""
        tool = tool or self.tool
        current = self.position.color_at(square)
        target: Color | None
        if tool == "flip":
            if current is None:
                return
            target = WHITE if current == BLACK else BLACK
        elif tool == "remove":
            target = None
        else:
            colour: Color = BLACK if tool == "black" else WHITE
            target = None if current == colour else colour  # a second click on the same colour removes it
        self.set_square(square, target)
        self.painting = target if tool != "flip" else "none"

    def set_square(self, square: int, colour: Color | None) -> None:
        """Put ``colour`` (or nothing) on ``square``."""
        self.position = with_square(self.position, square, colour)
        self.refused = ""

    def set_to_move(self, colour: Color) -> None:
        """Choose the side to move."""
        self.position = Position(self.position.black, self.position.white, colour)
        self.refused = ""
        self._mark()

    def check(self) -> SetupCheck:
        """What the editor says about the current position."""
        return check_position(self.position)

    # -- events ---------------------------------------------------------------------

    def get_event(self, event: pygame.event.Event) -> None:
        """The position field, board clicks and drags, keys, buttons."""
        if self._typed(event):
            return
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            square = self.view.square_at(event.pos)
            if square is not None:
                self.cursor = None
                self.apply_tool(square, "remove" if event.button == 3 else None)
                return
        elif event.type == pygame.MOUSEMOTION and self.painting != "none":
            square = self.view.square_at(event.pos)
            if square is not None and getattr(event, "buttons", (0, 0, 0)) != (0, 0, 0):
                colour = self.painting if self.painting in (BLACK, WHITE) else None
                if self.position.color_at(square) != colour:
                    self.set_square(square, colour)
        elif event.type == pygame.MOUSEBUTTONUP:
            self.painting = "none"
        action = self.group.handle(event)
        if action is not None:
            self.act(action)

    def _typed(self, event: pygame.event.Event) -> bool:
        """Whether the position field took ``event`` (a click in it, or typing while it has the focus)."""
        was = self.field.focused
        if self.field.handle(event) == "submit":
            self.act("set_position")
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self.field.focused
        if was and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.field.focused = False  # Escape leaves the field; a second one leaves the editor
            return True
        return was and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT)

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE:
            self.act("menu")
            return True
        if key in KEY_STEPS and self.group.focus is None:
            drow, dcol = KEY_STEPS[key]
            if self.cursor is None:
                self.cursor = 27
            else:
                row, col = divmod(self.cursor, 8)
                self.cursor = max(0, min(7, row + drow)) * 8 + max(0, min(7, col + dcol))
            return True
        tools = {pygame.K_b: "black", pygame.K_w: "white", pygame.K_f: "flip", pygame.K_x: "remove",
                 pygame.K_DELETE: "remove", pygame.K_BACKSPACE: "remove"}
        if self.cursor is not None and (key in tools or key == pygame.K_SPACE):
            self.apply_tool(self.cursor, tools.get(key))
            self.painting = "none"
            return True
        return False

    def act(self, action: str) -> None:
        """Carry out a button's action."""
        if action.startswith("tool:"):
            self.tool = action.removeprefix("tool:")
            self._mark()
        elif action.startswith("move:"):
            self.set_to_move(BLACK if action == "move:X" else WHITE)
        elif action == "clear":
            self.position = Position(0, 0, self.position.to_move)
            self.refused = ""
        elif action == "start":
            self.position = Position.start()
            self.refused = ""
            self._mark()
        elif action == "menu":
            self.home()
        elif action == "paste_position":
            paste_from_clipboard(self.paste_position)
        elif action == "set_position":
            if self.take_position(self.field.text, _("Position set.")):
                self.field.text, self.field.focused = "", False
        elif action == "copy_position":
            line = write_obf(self.position)
            copy_to_clipboard(line, lambda copied: self.ctx.toasts.show(
                (_("Copied the position (OBF): {line}") if copied else _("Could not reach the clipboard. {line}"))
                .format(line=line), ms=5000))
        elif action in ("computer", "two", "analyse"):
            self.leave_with(action)

    def paste_position(self, text: str | None) -> None:
        """Set the board from a pasted position (OBF, or the 64-square text); anything else changes nothing."""
        if text is None:
            self.ctx.toasts.show(_("The clipboard cannot be read here."), error=True)
            return
        self.take_position(text, _("Position pasted."))

    def take_position(self, text: str, done: str) -> bool:
        """Set the board from ``text`` (OBF, or the 64-square text) and say ``done``; else say why, changing nothing."""
        try:
            position = read_board(text)
        except NotABoard as refused:
            self.ctx.toasts.show(nothing_changed(str(refused)), error=True, ms=6000)
            return False
        self.position = position
        self.refused = ""
        self._mark()
        self.ctx.toasts.show(done)
        return True

    def leave_with(self, action: str) -> bool:
        """Play or analyse from the position; refused (with the reason, nothing changed) when it cannot be."""
        check = self.check()
        if check.refusal is not None:
            self.refused = check.refusal
            self.ctx.toasts.show(check.refusal, error=True)
            return False
        start = self.position.to_text()
        if action == "analyse":
            self.open(AnalysisEntry(self.position))  # its Back comes back to this board
            return True
        if action == "computer":
            self.open(NewGameEntry(start=start))  # the level and the colour first; its Back comes back here
            return True
        self.start_game(GameEntry(MatchSetup(Mode.TWO, BLACK, start=start), message=_("Playing from your position.")))
        return True

    # -- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, now_ms: int) -> None:
        """Board, tools, what the check found, actions."""
        theme, text = self.ctx.theme, self.ctx.text
        fill_background(surface, theme)
        check = self.check()
        legal = self.position.legal_moves() if check.playable else 0
        self.view.draw(surface, self.position, Marks(legal=legal, cursor=self.cursor))
        first = self.group.buttons[0].rect
        portrait = is_portrait(self.ctx.size)
        text.draw_in(surface, _("Set up a position"), 40, theme.text, self.title_box, "center" if portrait else "left",
                     bold=True)
        side_button = next(b for b in self.group.buttons if b.action.startswith("move:"))
        for label, above in ((_("Tool (right click removes)"), first), (_("Side to move"), side_button.rect)):
            text.draw_in(surface, label, 18, theme.text_dim,
                         pygame.Rect(above.left, above.top - 30, self.info.width, 22), "left", "bottom")
        self._draw_info(surface, check)
        self.field.draw(surface, text, theme)
        for button in self.group.buttons:
            if button.action in ("computer", "two", "analyse"):
                button.enabled = check.playable
        self.group.draw(surface, text, theme)

    def _draw_info(self, surface: pygame.Surface, check: SetupCheck) -> None:
        theme, text = self.ctx.theme, self.ctx.text
        rect = self.info
        draw_panel(surface, rect, theme)
        inner = rect.inflate(-28, -20)
        position = self.position
        counts = _("Black {black} · White {white} · {empty} empty · {colour} to move").format(
            black=position.black_count, white=position.white_count, empty=position.empty_count,
            colour=colour_name(position.to_move))
        text.draw_in(surface, counts, 18, theme.text, pygame.Rect(inner.left, inner.top, inner.width, 28), "left",
                     "top", bold=True, smallest=12)
        y = inner.top + 32
        colours = {"refusal": theme.danger, "flag": theme.accent}
        for kind, line in check.lines():
            colour = colours.get(kind, theme.text_dim)
            y = text.draw_in(surface, line, 17, colour, pygame.Rect(inner.left, y, inner.width, inner.bottom - y),
                             "left", "top", wrap=True).bottom + 6
            if y > inner.bottom - 20:
                break
