"""Transcripts in and out: type or paste a game to replay, review or continue it; copy, save or open files.

The text box takes typed text (pygame ``TEXTINPUT`` events, Backspace,
Ctrl+V to paste where the clipboard can be read, Ctrl+A to select it all so
that what comes next replaces it), wraps it between moves, never inside one,
and checks it as you type: a malformed or illegal transcript is named with
its ply and reason, and the buttons that would use it stay disabled.
Opened from the menu it starts with the game in progress (or else the last
finished game); opened from the review it holds the game reviewed. On the
desktop Save… and Open… use the in-game file chooser (GGF games, OBF
positions, transcripts: the name's ending decides); in the browser Download
offers the game as a GGF file (a position alone as OBF) and Paste reads one.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.engine import BLACK, GameRecord, Outcome, Position, TranscriptError
from game.i18n import _, translated
from game.platform.browser import copy_to_clipboard, download_text, paste_from_clipboard
from game.platform.page_text_field import PageTextField
from game.platform.storage import games_folder
from game.play.match import MatchSetup, Mode, file_players
from game.records.formats import FormatError, GgfGame, ggf_result, write_ggf
from game.records.game_files import default_file_name, file_text, parse_text
from game.records.transcripts import game_text, read_game
from game.scenes.base import Context, TextScene
from game.scenes.entries import Entry, GameEntry, NewGameEntry, ReviewEntry, TranscriptEntry
from game.ui import transcript_words as words
from game.ui.board_view import Marks
from game.ui.layout import is_low, is_phone, is_portrait
from game.ui.line_breaks import move_pieces
from game.ui.text import drawable, full_stop
from game.ui.text_field import backspaced, selects_all, typed_into
from game.ui.widgets import ButtonGroup, button_row, draw_panel, fill_background

if TYPE_CHECKING:
    from game.ui.file_chooser import Choice, FileChooser

MAX_TEXT = 4000
"""Longest text the box takes (a whole GGF game with evaluations and times fits)."""
FILE_TYPES = (".ggf", ".obf", ".txt")
"""What Save… writes and Open… reads: a GGF game, an OBF position, a transcript."""
CARET_MS = 530


class TranscriptScene(TextScene):
    """A text box for a game's transcript, its board, and what can be done with it."""


    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.text = ""
        self.selected = False
        """Whether the whole text is selected (Ctrl+A): what is typed or pasted replaces it, Backspace clears it."""
        self.record: GameRecord | None = None
        self.preview: GameRecord | None = None
        """The last game the text described (kept on the board while the text has an error)."""
        self.error = ""
        self.ggf: GgfGame | None = None
        """The GGF game the text holds, when it is GGF (its players and result are kept)."""
        self.ggf_count = 0
        self.ended: tuple[str, Outcome] | None = None
        """The game handed in as text, with how it ended (a resignation, a loss on time) when that is known."""
        self.named: tuple[str, tuple[str, str]] | None = None
        """The game handed in (or in progress) as text, with its (Black, White) names for its files."""
        self.group = ButtonGroup()
        self.now_ms = 0
        self.typed_ms = 0
        self.field = PageTextField()
        """On a touch screen in the browser, an HTML text box over ours: the phone's keyboard, its paste."""
        self.chooser: FileChooser | None = None
        """The file chooser while it is open (desktop)."""

    # -- life cycle -----------------------------------------------------------

    def startup(self, now_ms: int, entry: Entry) -> None:
        """Start with the game handed on, else the game in progress, else the last finished game."""
        assert isinstance(entry, TranscriptEntry)
        self.now_ms = self.typed_ms = now_ms
        record, players = entry.record, entry.players
        if record is None:
            saved = self.ctx.store.load_saved_game()
            record = saved.record if saved is not None else None
            if saved is not None:
                players = file_players(saved.setup)
        if record is None:
            last = self.ctx.store.load_last_game()
            if last is not None:
                record, players = last.record, last.players
        useful = record is not None and (bool(record.moves) or record.start != Position.start())
        self.ended = (game_text(record), entry.outcome) if record is not None and entry.outcome is not None else None
        self.named = (game_text(record), players) if record is not None and players is not None else None
        self.set_text(game_text(record) if record is not None and useful else "")
        self.chooser = None
        super().startup(now_ms, entry)

    def close_page_field(self) -> None:
        """The page's field over the box goes with the text input."""
        self.field.close()

    def layout(self) -> None:
        """The box and status on one side, the board on the other (stacked in portrait)."""
        width, height = self.ctx.size
        if is_portrait(self.ctx.size):
            self.box = pygame.Rect(24, 110, width - 48, 230)
            self.status = pygame.Rect(24, 350, width - 48, 64)
            self.board_rect = pygame.Rect((width - 440) // 2, 420, 440, 440)
            rows = (pygame.Rect(24, height - 250, width - 48, 62), pygame.Rect(24, height - 172, width - 48, 62),
                    pygame.Rect(24, height - 94, width - 48, 70))
        elif is_low(self.ctx.size):  # a phone on its side: the board as high as the screen, beside the rest
            self.board_rect = pygame.Rect(width - 24 - 500, 20, 500, 500)
            column = self.board_rect.left - 24 - 24
            self.box = pygame.Rect(24, 64, column, 150)
            self.status = pygame.Rect(24, 220, column, 50)
            rows = (pygame.Rect(24, 344, column, 52), pygame.Rect(24, 406, column, 52),
                    pygame.Rect(24, 468, column, 52))
        else:
            self.box = pygame.Rect(40, 110, 760, 250)
            self.status = pygame.Rect(40, 370, 760, 80)
            self.board_rect = pygame.Rect(836, 96, 420, 420)
            rows = (pygame.Rect(40, 470, 760, 60), pygame.Rect(40, 548, 760, 60), pygame.Rect(40, 640, 760, 64))
        tools = words.labels(words.TOOLS + (words.BROWSER_TOOLS if self.ctx.is_browser else words.DESKTOP_TOOLS))
        if is_phone(self.ctx.size) or is_low(self.ctx.size):  # the tools in two rows, above the others
            half = (len(tools) + 1) // 2
            buttons = button_row(rows[0].move(0, rows[0].top - rows[1].top), tools[:half], gap=12, size=22)
            buttons += button_row(rows[0], tools[half:], gap=12, size=22)
        else:
            buttons = button_row(rows[0], tools, gap=12, size=22)
        buttons += button_row(rows[1], words.labels(words.USES), gap=12, size=22)
        back = button_row(rows[2], [(_("Menu"), "menu")], size=26)
        self.group = ButtonGroup(buttons + back)
        self.view = self.ctx.board_view(self.board_rect)
        box = self.box.inflate(-12, -12)
        self.field.open((box.x / width, box.y / height, box.width / width, box.height / height), self.text,
                        _(words.PLACEHOLDER))
        if is_phone(self.ctx.size) or is_low(self.ctx.size):  # no room by the board: a toast shows over it
            self.ctx.toasts.area = self.board_rect.copy()
        elif is_portrait(self.ctx.size):
            self.ctx.toasts.area = pygame.Rect(24, self.board_rect.bottom + 8, width - 48, rows[0].top - 16
                                              - self.board_rect.bottom)
        else:
            self.ctx.toasts.area = pygame.Rect(self.board_rect.left, self.board_rect.bottom + 16,
                                              self.board_rect.width, height - self.board_rect.bottom - 40)

    # -- text -------------------------------------------------------------------

    def set_text(self, text: str) -> None:
        """Replace the text and check it."""
        self.text = text[:MAX_TEXT]
        self.selected = False
        self._check()

    def _check(self) -> None:
        if not self.text.strip():
            self.record = self.preview = None
            self.error = ""
            return
        self.ggf = None
        try:
            self.record, self.ggf, self.ggf_count = parse_text(self.text)
            self.error = ""
            self.preview = self.record
        except (TranscriptError, FormatError) as exc:
            self.record, self.error = None, translated(exc)

    def type_text(self, typed: str) -> None:
        """Add typed or pasted text at the end, or in place of a selected text (line breaks kept, other control
        characters dropped)."""
        text, fitted = typed_into("" if self.selected else self.text, typed, MAX_TEXT, multiline=True)
        if self.selected and not text:
            return  # nothing typeable: the selection stays
        if not fitted:
            self.ctx.toasts.show(
                _("That is too long: a transcript has at most {most} characters.").format(most=MAX_TEXT), error=True)
        self.set_text(text)
        self.typed_ms = self.now_ms

    def backspace(self, whole_word: bool = False) -> None:
        """Delete the last character (or the last word), or the whole text when it is selected."""
        self.set_text("" if self.selected else backspaced(self.text, whole_word))
        self.typed_ms = self.now_ms

    # -- events -------------------------------------------------------------------

    def get_event(self, event: pygame.event.Event) -> None:
        """Typing, editing keys and the buttons (or the file chooser, while it is open)."""
        if self.chooser is not None:
            choice = self.chooser.handle(event)
            if choice is not None:
                self._chosen(choice)
            return
        if event.type == pygame.TEXTINPUT:
            self.type_text(event.text)
            return
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.selected = False
        action = self.group.handle(event) if event.type != pygame.KEYDOWN or event.key in (
            pygame.K_TAB, pygame.K_UP, pygame.K_DOWN) else None
        if action is not None:
            self.act(action)

    def _key(self, event: pygame.event.Event) -> bool:
        """Editing keys; True if the key was used."""
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if event.key == pygame.K_ESCAPE:
            self.act("menu")
        elif selects_all(event):
            self.selected = bool(self.text)
        elif event.key == pygame.K_BACKSPACE:
            self.backspace(whole_word=ctrl)
        elif ctrl and event.key == pygame.K_v:
            self.act("paste")
        elif ctrl and event.key == pygame.K_c:
            self.act("copy")
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            focus = self.group.focus
            if focus is not None and self.group.buttons[focus].enabled:
                self.act(self.group.buttons[focus].action)
            elif self.record is not None:
                self.act("review")
            else:
                self.type_text("\n")
        else:
            return False
        return True

    def enabled(self, action: str) -> bool:
        """Whether a button can do anything now."""
        if action in ("copy", "copy_ggf", "save", "download", "review", "two", "computer"):
            return self.record is not None and (action != "review" or self._has_moves_or_play())
        if action == "clear":
            return bool(self.text)
        return True

    def _has_moves_or_play(self) -> bool:
        record = self.record
        return record is not None and (bool(record.moves) or not record.is_over())

    def act(self, action: str) -> None:
        """Carry out a button's action."""
        if action == "menu":
            self.home()
            return
        if action == "clear":
            self.set_text("")
            return
        if action == "open":
            self._open_chooser("open", "")
            return
        if action == "paste":
            paste_from_clipboard(self._paste)  # in the browser the answer (it may ask first) comes later
            return
        record = self.record
        if record is None or not self.enabled(action):
            self.ctx.toasts.show(_("Nothing to use yet: {error}").format(error=self.error) if self.error else
                                 _("Type a game first."), error=bool(self.error))
            return
        if action == "copy":
            text = game_text(record)
            copy_to_clipboard(text, lambda copied: self.ctx.toasts.show(
                (_("Copied: {game}") if copied else _("Could not reach the clipboard. The game: {game}"))
                .format(game=text), ms=5000))
        elif action == "copy_ggf":
            ggf = write_ggf(record, *self._players(), self._result(record), time_control=self._time_control())
            copy_to_clipboard(ggf, lambda copied: self.ctx.toasts.show(
                _("Copied the game as GGF.") if copied else _("Could not reach the clipboard. The game: {game}").format(
                    game=ggf), ms=5000))
        elif action == "save":
            self._open_chooser("save", default_file_name(record))
        elif action == "download":
            name = default_file_name(record)
            text = file_text(record, Path(name).suffix, *self._players(), self._time_control(), self._result(record))
            if download_text(name, text):
                self.ctx.toasts.show(
                    _("Downloading {name} (your browser keeps it with its downloads).").format(name=name), ms=6000)
            else:
                self.ctx.toasts.show(_("The browser refused the download: use Copy GGF instead."), error=True, ms=6000)
        elif action == "review":
            named = self.ggf is not None and bool(self.ggf.black or self.ggf.white)
            self.open(ReviewEntry(_copy_record(record), MatchSetup(Mode.TWO, BLACK, start=_start_text(record)),
                                  players=self._players() if named or self.named is not None else None))
        elif action in ("two", "computer"):
            if record.is_over():
                self.ctx.toasts.show(_("This game is over: there is nothing to play on. Review it instead."))
                return
            message = words.replayed(len(record.moves))
            if action == "computer":  # the level and the colour first, as from the editor
                self.open(NewGameEntry(start=_start_text(record), record=_copy_record(record), message=message))
            else:
                self.start_game(GameEntry(MatchSetup(Mode.TWO, BLACK, start=_start_text(record)), _copy_record(record),
                                          message=message))

    def _open_chooser(self, mode: str, name: str) -> None:
        """The file chooser in the games folder (made when saving; the home folder if it cannot be)."""
        folder = games_folder(self.ctx.store.folder)
        try:
            if mode == "save":
                folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            pass
        if not folder.is_dir():
            folder = Path.home()
        from game.ui.file_chooser import FileChooser  # the desktop's: never packed for the browser

        self.chooser = FileChooser(self.ctx.size, "save" if mode == "save" else "open", folder, FILE_TYPES, name,
                                   _("Save the game") if mode == "save" else _("Open a game or a position"))

    def _chosen(self, choice: Choice) -> None:
        """Save to or open the chosen file; a failure keeps the chooser open, saying why, and changes nothing."""
        from game.ui.file_chooser import read_text_file, write_text_file

        chooser, path = self.chooser, choice.path
        if chooser is None or choice.action == "cancel" or path is None:
            self.chooser = None
            return
        if choice.action == "save":
            record = self.record
            if record is None:
                chooser.fail(_("There is no game to save."))
                return
            try:
                write_text_file(path, file_text(record, path.suffix.lower(), *self._players(), self._time_control(),
                                            self._result(record)))
            except OSError as exc:
                chooser.fail(full_stop(_("Could not save {name}: {reason}").format(name=path.name,
                                                                                      reason=exc.strerror or exc)))
                return
            self.chooser = None
            self.ctx.toasts.show(_("Saved as {path}").format(path=drawable(str(path))), ms=6000)
            return
        try:
            text = read_text_file(path)  # its reasons name the file
        except ValueError as exc:
            chooser.fail(words.nothing_changed(str(exc)))
            return
        try:
            record, ggf, count = parse_text(text)
        except (TranscriptError, FormatError) as exc:
            chooser.fail(words.nothing_changed(f"{path.name}: {translated(exc)}"))
            return
        if len(text) > MAX_TEXT:  # a long file (many games): the box takes its first game
            text = write_ggf(record, *((ggf.black, ggf.white) if ggf is not None else ("Black", "White")),
                             result=ggf.result if ggf is not None else None,
                             time_control=ggf.properties.get("TI") if ggf is not None else None)
        self.chooser = None
        self.set_text(text.strip())
        if self.ggf is not None:
            self.ggf_count = count  # the file's games, though the box holds only the first
        self.ctx.toasts.show(full_stop(_("Opened {name}").format(name=drawable(path.name))), ms=4000)

    def _result(self, record: GameRecord) -> str | None:
        """GGF's result: the outcome's for the game handed in, the one read from GGF, else none (the record's)."""
        if self.ended is not None and self.ended[0] == game_text(record):
            return ggf_result(self.ended[1])
        return (self.ggf.result or None) if self.ggf is not None else None

    def _time_control(self) -> str | None:
        """The time control of a GGF game read (its ``TI``), kept when it is written again."""
        return self.ggf.properties.get("TI") if self.ggf is not None else None

    def _players(self) -> tuple[str, str]:
        """The players' names for a GGF file: the ones read, else the game's handed in (you and the computer's
        level, a master game's players) while the text is that game, else Black and White."""
        if self.ggf is not None:
            return self.ggf.black or "Black", self.ggf.white or "White"
        if self.named is not None and self.record is not None and self.named[0] == game_text(self.record):
            return self.named[1]
        return "Black", "White"

    def _paste(self, pasted: str | None) -> None:
        if pasted is None:
            self.ctx.toasts.show(_("The clipboard cannot be read here: type the moves instead."))
        else:
            apart = not self.text or self.selected or self.text.endswith((" ", "\n"))
            self.type_text(pasted if apart else " " + pasted)

    # -- drawing -------------------------------------------------------------------

    def update(self, now_ms: int) -> None:
        """Keep the clock for the caret; take what was typed in the page's text box."""
        self.now_ms = now_ms
        typed = self.field.sync(self.text)
        if typed is not None:
            self.set_text(typed)

    def status_lines(self) -> tuple[str, bool]:
        """What the line under the box says, and whether it is an error."""
        return words.status_line(self.record, self.error, self.ggf, self.ggf_count)

    def draw(self, surface: pygame.Surface, now_ms: int) -> None:
        """Title, the text box with its caret, the status, the board and the buttons."""
        theme, text = self.ctx.theme, self.ctx.text
        fill_background(surface, theme)
        width = self.ctx.size[0]
        portrait = is_portrait(self.ctx.size)
        title = pygame.Rect(16, 30, width - 32, 52) if portrait else \
            pygame.Rect(self.box.left, max(8, self.box.top - 80), self.box.width, 52)
        text.draw_in(surface, _("Transcript"), 44, theme.text, title, "center" if portrait else "left", bold=True)
        draw_panel(surface, self.box, theme)
        inner = self.box.inflate(-32, -28)
        lines = text.wrap(self.text.replace("\n", " \n "), 24, inner.width, pieces=move_pieces) if self.text else []
        y = inner.top
        if not self.text:
            text.draw_in(surface, _(words.PLACEHOLDER), 22, theme.text_dim, inner, "left", "top", wrap=True)
        shown = lines[-(inner.height // 32):] if lines else [""]
        selected = self.selected and bool(self.text)
        for line in shown:
            if selected and line:
                pygame.draw.rect(surface, theme.accent, pygame.Rect(inner.left - 4, y, text.width(drawable(line), 24)
                                                                     + 8, 30), border_radius=4)
            text.draw_in(surface, line, 24, theme.accent_text if selected else theme.text,
                         pygame.Rect(inner.left, y, inner.width, 32), "left", "top")
            y += 32
        if (now_ms - self.typed_ms) // CARET_MS % 2 == 0:
            last = shown[-1] if self.text else ""
            x = inner.left + text.width(drawable(last), 24) + 2
            top = inner.top + (len(shown) - 1) * 32 if self.text else inner.top
            pygame.draw.line(surface, theme.accent, (x, top + 2), (x, top + 28), 2)
        status, is_error = self.status_lines()
        text.draw_in(surface, drawable(status), 20, theme.danger if is_error else theme.text_dim, self.status, "left",
                     "top", wrap=True, line_gap=1.3)
        record = self.preview
        if record is not None:
            self.view.draw(surface, record.position, Marks(last_move=record.last_move))
        else:
            self.view.draw(surface, GameRecord().position, Marks())
            veil = pygame.Surface(self.view.rect.size, pygame.SRCALPHA)
            veil.fill((0, 0, 0, 110))
            surface.blit(veil, self.view.rect)
        for button in self.group.buttons:
            button.enabled = self.enabled(button.action)
        self.group.draw(surface, text, theme)
        if self.chooser is not None:
            self.chooser.draw(surface, text, theme, now_ms)


def _start_text(record: GameRecord) -> str | None:
    return None if record.start == Position.start() else record.start.to_text()


def _copy_record(record: GameRecord) -> GameRecord:
    """A fresh record with the same moves (the scene's own stays as typed)."""
    return read_game(game_text(record)) if record.moves else GameRecord(record.start)
