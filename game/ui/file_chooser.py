"""A small in-game file chooser for the desktop (pygame has no native dialog).

``FileChooser`` is a modal box like ``Dialog``: the current folder's
sub-folders and matching files a page at a time (click a folder to enter it,
Up for its parent, a file to take its name), a file-name field, and
Cancel / Save (or Open). ``handle(event)`` returns a ``Choice`` once the
player has chosen; the scene does the reading or writing and, when that
fails, calls ``fail(message)`` so the box stays open and says why.

The pygame-free part is bounded and checked: ``list_folder`` lists at most
``MAX_ENTRIES`` entries (and says when it left some out), ``check_name``
turns a typed name into a path inside the folder or a one-line reason (by
the name's bytes, as the file system counts), ``read_text_file`` reads at
most ``MAX_READ_BYTES`` and ``write_text_file`` writes durably. Every name
is drawn through ``drawable``: a name on disk that is not UTF-8 shows with
replacement characters (and still opens).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import pygame

from game.i18n import _, number, pgettext
from game.platform.files import FileTooLargeError, NotRegularFileError, read_regular_file
from game.platform.storage import write_durably
from game.ui.text import TextRenderer, drawable, full_stop
from game.ui.text_field import edited_line, typeable
from game.ui.theme import Theme
from game.ui.widgets import ButtonGroup, button_row, draw_panel

MAX_ENTRIES = 1000
"""Entries listed from one folder at most (the rest are left out, and the box says so)."""
MAX_NAME = 120
"""The longest file name the field takes (in characters)."""
MAX_NAME_BYTES = 255
"""The longest file name in bytes as the file system stores it (ext4, APFS, NTFS all allow 255 at most)."""
MAX_READ_BYTES = 1_000_000
"""The largest file ``read_text_file`` reads (a game record or a position is a few kB)."""
ROW_HEIGHT = 34
Mode = Literal["save", "open"]


@dataclass(frozen=True)
class Entry:
    """One line of the listing."""

    name: str
    is_dir: bool
    size: int = 0


@dataclass(frozen=True)
class Choice:
    """What the player chose: ``'cancel'``, or ``'save'``/``'open'`` with the file's path."""

    action: str
    path: Path | None = None


def list_folder(folder: Path, extensions: Sequence[str]) -> tuple[list[Entry], bool]:
    """The sub-folders, then the files ending in one of ``extensions``, by name; and whether some were left out.

    Hidden entries (a leading dot) are not listed. ``OSError`` if the folder cannot be read.
    """
    entries: list[Entry] = []
    left_out = False
    suffixes = tuple(e.lower() for e in extensions)
    with os.scandir(folder) as scan:
        for item in scan:
            if item.name.startswith("."):
                continue
            try:
                is_dir = item.is_dir()
                if not is_dir and not (item.is_file() and item.name.lower().endswith(suffixes)):
                    continue
                size = 0 if is_dir else item.stat().st_size
            except OSError:
                continue  # a broken link, a file gone meanwhile: not offered
            if len(entries) >= MAX_ENTRIES:
                left_out = True
                break
            entries.append(Entry(item.name, is_dir, size))
    entries.sort(key=lambda e: (not e.is_dir, e.name.casefold()))
    return entries, left_out


def check_name(folder: Path, name: str, extensions: Sequence[str]) -> Path:
    """The path of file ``name`` in ``folder``; ``ValueError`` with a one-line reason if it is not a fit name."""
    name = name.strip()
    if not name:
        raise ValueError(_("Type a file name first."))
    if len(name) > MAX_NAME:
        raise ValueError(_("That name is too long (at most {most} characters).").format(most=MAX_NAME))
    if any(sep in name for sep in ("/", "\\", ":")) or name in (".", "..") or name.startswith("."):
        raise ValueError(_("A file name cannot hold '/', '\\' or ':' nor start with a dot."))
    if not all(typeable(ch) for ch in name):
        raise ValueError(_("A file name cannot hold control or format characters (such as DEL or a right-to-left "
                           "mark)."))
    size = len(os.fsencode(name))
    if size > MAX_NAME_BYTES:
        raise ValueError(_("That name is too long for the disk: {size} bytes, at most {most} (a letter like é takes "
                           "2).").format(size=size, most=MAX_NAME_BYTES))
    if not name.lower().endswith(tuple(e.lower() for e in extensions)):
        raise ValueError(_("The name must end in {extensions}.").format(extensions=", ".join(extensions)))
    return folder / name


def read_text_file(path: Path, limit: int = MAX_READ_BYTES) -> str:
    """The text of a small file (UTF-8, else Latin-1); ``ValueError`` with a one-line reason otherwise."""
    try:
        data = read_regular_file(path, limit)
    except FileTooLargeError:
        raise ValueError(_("{name} is too big for a game record (over {size} kB).").format(
            name=path.name, size=number(limit // 1000))) from None
    except NotRegularFileError:
        raise ValueError(_("{name} is not a file.").format(name=path.name)) from None
    except OSError as exc:
        raise ValueError(full_stop(_("{name} cannot be read: {reason}").format(
            name=path.name, reason=exc.strerror or exc))) from None
    if b"\0" in data:
        raise ValueError(_("{name} is not a text file.").format(name=path.name))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def write_text_file(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` as the documents are written (``storage.write_durably``): never half a
    file, and on the disk when it returns; ``OSError``."""
    write_durably(path, text)


def size_text(size: int) -> str:
    """'812 B', '3.4 kB' (the decimal mark the language's)."""
    return _("{size} B").format(size=size) if size < 1000 else _("{size} kB").format(size=number(size / 1000, 1))


class FileChooser:
    """A modal box to choose a file to save to or open, in folders of the computer."""

    def __init__(self, surface_size: tuple[int, int], mode: Mode, folder: Path, extensions: Sequence[str],
                 name: str = "", title: str | None = None) -> None:
        self.mode: Mode = mode
        self.extensions = tuple(extensions)
        self.title = title or (_("Save a file") if mode == "save" else _("Open a file"))
        self.name = name
        self.selected = bool(name)
        """Whether the whole name is selected: the default name is, so typing replaces it (Ctrl+A selects again)."""
        self.message = ""
        self.is_error = False
        self.folder = folder
        self.entries: list[Entry] = []
        self.left_out = False
        self.page = 0
        self._confirm_replace: Path | None = None
        width, height = surface_size
        self.rect = pygame.Rect(0, 0, min(780, width - 40), min(660, height - 40))
        self.rect.center = (width // 2, height // 2)
        inner = self.rect.inflate(-48, -40)
        self.list_rect = pygame.Rect(inner.left, inner.top + 86, inner.width, 0)
        bottom = inner.bottom
        actions = pygame.Rect(inner.left, bottom - 56, inner.width, 56)
        self.field_rect = pygame.Rect(inner.left, actions.top - 56 - 48, inner.width, 48)  # two message lines
        paging = pygame.Rect(inner.left, self.field_rect.top - 38 - 50, inner.width, 46)
        self.list_rect.height = paging.top - 10 - self.list_rect.top
        self.rows = max(1, self.list_rect.height // ROW_HEIGHT)
        buttons = button_row(paging, [(_("Up a folder"), "up"), (_("Previous"), "previous"), (_("Next"), "next")],
                             gap=12, size=20)
        confirm = pgettext("file", "Save") if mode == "save" else pgettext("file", "Open")
        buttons += button_row(actions, [(_("Cancel"), "cancel"), (confirm, "confirm")], gap=16, size=22)
        self.group = ButtonGroup(buttons)
        buttons[-1].primary = True
        self.enter(folder)

    # -- the folder ---------------------------------------------------------------------

    @property
    def pages(self) -> int:
        """How many pages the listing takes."""
        return max(1, (len(self.entries) + self.rows - 1) // self.rows)

    def visible(self) -> list[Entry]:
        """The entries of the page shown."""
        return self.entries[self.page * self.rows: (self.page + 1) * self.rows]

    def enter(self, folder: Path) -> bool:
        """Show ``folder``; False (and a message, the listing unchanged) if it cannot be read."""
        try:
            entries, left_out = list_folder(folder, self.extensions)
        except OSError as exc:
            self.say(full_stop(_("Cannot open the folder {folder}: {reason}").format(
                folder=folder.name or folder, reason=exc.strerror or exc)), error=True)
            return False
        self.folder, self.entries, self.left_out, self.page = folder, entries, left_out, 0
        self._confirm_replace = None
        self.say(_("Only the first {count} entries are listed.").format(count=number(MAX_ENTRIES)) if left_out else "")
        return True

    def say(self, message: str, error: bool = False) -> None:
        """Show a line under the field (any name in it drawn as it can be)."""
        self.message, self.is_error = drawable(message), error

    def fail(self, message: str) -> None:
        """The scene could not use the chosen file: stay open and say why."""
        self._confirm_replace = None
        self.say(message, error=True)

    # -- input ----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> Choice | None:
        """Typing, the listing and the buttons; the ``Choice`` once made (Escape cancels, Enter confirms)."""
        edit = edited_line(self.name, self.selected, event, MAX_NAME)
        if edit is not None:
            if edit[0] != self.name:
                self._confirm_replace = None
            self.name, self.selected = edit
            return None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return Choice("cancel")
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.group.focus is None:
                return self._confirm()
            if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                self._turn(1 if event.key == pygame.K_PAGEDOWN else -1)
                return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.list_rect.collidepoint(event.pos):
            row = (event.pos[1] - self.list_rect.top) // ROW_HEIGHT
            shown = self.visible()
            if 0 <= row < len(shown):
                self._pick(shown[row])
            return None
        action = self.group.handle(event)
        if action == "cancel":
            return Choice("cancel")
        if action == "confirm":
            return self._confirm()
        if action == "up":
            self.enter(self.folder.parent)
        elif action in ("previous", "next"):
            self._turn(1 if action == "next" else -1)
        return None

    def _turn(self, step: int) -> None:
        self.page = max(0, min(self.pages - 1, self.page + step))

    def _pick(self, entry: Entry) -> None:
        if entry.is_dir:
            self.enter(self.folder / entry.name)
        else:
            self.name, self.selected = entry.name, False
            self._confirm_replace = None
            self.say("")

    def _confirm(self) -> Choice | None:
        listed = any(not e.is_dir and e.name == self.name for e in self.entries)
        try:  # a name picked from the listing is taken as the disk has it; a typed one is checked
            path = self.folder / self.name if listed else check_name(self.folder, self.name, self.extensions)
        except ValueError as exc:
            self.say(str(exc), error=True)
            return None
        try:
            exists, is_file = path.exists(), path.is_file()
        except OSError as exc:  # a path too long for the system, a folder that cannot be searched
            self.say(full_stop(_("{name} cannot be used: {reason}").format(name=path.name, reason=exc.strerror or exc)),
                     error=True)
            return None
        if self.mode == "open":
            if not is_file:
                self.say(_("There is no file {name} here.").format(name=path.name), error=True)
                return None
            return Choice("open", path)
        if exists and self._confirm_replace != path:
            self._confirm_replace = path
            self.say(_("{name} already exists: Save again to replace it.").format(name=path.name), error=True)
            return None
        return Choice("save", path)

    # -- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, text: TextRenderer, theme: Theme, now_ms: int = 0) -> None:
        """Dim the screen and draw the box."""
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        surface.blit(veil, (0, 0))
        text.new_layer()
        draw_panel(surface, self.rect, theme, radius=18)
        inner = self.rect.inflate(-48, -40)
        text.draw_in(surface, self.title, 28, theme.text, pygame.Rect(inner.left, inner.top, inner.width, 38), "left",
                     "top", bold=True)
        folder = drawable(str(self.folder))
        while len(folder) > 4 and text.width(folder, 18) > inner.width:  # the end of the path shows
            folder = "…" + folder[2:]
        text.draw_in(surface, folder, 18, theme.text_dim, pygame.Rect(inner.left, inner.top + 40, inner.width, 23),
                     "left", "top")
        pygame.draw.rect(surface, theme.background, self.list_rect, border_radius=8)
        shown = self.visible()
        for row, entry in enumerate(shown):
            line = pygame.Rect(self.list_rect.left + 12, self.list_rect.top + row * ROW_HEIGHT,
                               self.list_rect.width - 24, ROW_HEIGHT)
            label = drawable(entry.name) + ("/" if entry.is_dir else "")
            colour = theme.accent if not entry.is_dir and entry.name == self.name.strip() else theme.text
            size = "" if entry.is_dir else size_text(entry.size)
            room = line.width - (text.width(size, 18) + 12 if size else 0)
            if size:
                text.draw_in(surface, size, 18, theme.text_dim, line, "right")
            text.draw_in(surface, label, 20, colour, pygame.Rect(line.left, line.top, room, line.height), "left",
                         bold=entry.is_dir, smallest=20)  # a long name is cut short, its rows all one size
        if not shown:
            empty = _("No folders or {extensions} files here.").format(extensions=", ".join(self.extensions))
            text.draw_in(surface, empty, 18, theme.text_dim, self.list_rect.inflate(-24, -16), "left", "top",
                         wrap=True)
        page = _("page {page} of {pages}").format(page=self.page + 1, pages=self.pages)
        text.draw_in(surface, page, 16, theme.text_dim, pygame.Rect(inner.left, self.list_rect.top - 22, inner.width,
                                                                    20), "right", "bottom")
        for button in self.group.buttons:
            if button.action == "previous":
                button.enabled = self.page > 0
            elif button.action == "next":
                button.enabled = self.page < self.pages - 1
            elif button.action == "up":
                button.enabled = self.folder.parent != self.folder
        field = self.field_rect
        text.draw_in(surface, _("File name"), 16, theme.text_dim,
                     pygame.Rect(field.left, field.top - 24, field.width, 20), "left", "bottom")
        pygame.draw.rect(surface, theme.background, field, border_radius=8)
        pygame.draw.rect(surface, theme.accent, field, width=2, border_radius=8)
        shown_name = drawable(self.name)
        while shown_name and text.width(shown_name, 22) > field.width - 30:  # the end shows, where the caret is
            shown_name = shown_name[1:]
        if self.selected and shown_name:
            pygame.draw.rect(surface, theme.accent, pygame.Rect(field.left + 8, field.top + 8,
                                                                text.width(shown_name, 22) + 8,
                                                                field.height - 16), border_radius=4)
        name_box = pygame.Rect(field.left + 12, field.top + 4, field.width - 24, field.height - 8)
        name_rect = text.draw_in(surface, shown_name, 22, theme.accent_text if self.selected else theme.text,
                                 name_box, "left", smallest=22)
        if now_ms // 530 % 2 == 0:
            pygame.draw.line(surface, theme.text, (name_rect.right + 2, field.top + 10),
                             (name_rect.right + 2, field.bottom - 10), 2)
        if self.message:  # two lines at most, the second cut short
            text.draw_in(surface, self.message, 16, theme.danger if self.is_error else theme.text_dim,
                         pygame.Rect(field.left, field.bottom + 6, field.width, 20 + 19), "left", "top", wrap=True,
                         smallest=16, line_gap=1.25)
        self.group.draw(surface, text, theme)
