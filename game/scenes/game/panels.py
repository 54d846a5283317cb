"""The game screen's panels and words: the player cards with their clocks, the status, the move list, sharing.

Drawing only: what they show comes from the match (``game.play.match_controller``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.engine import BLACK, WHITE, Color, GameRecord, Position, opponent_of, square_name
from game.i18n import N_, _, ngettext, pgettext
from game.platform.browser import copy_to_clipboard
from game.platform.links import share_link
from game.play.engine_output import speed_text
from game.play.levels import level_title
from game.play.match import MatchSetup, Mode
from game.play.match_controller import MatchController
from game.play.session import Phase
from game.play.words import colour_name
from game.records.openings import opening_name
from game.records.transcripts import game_text
from game.review.hints import book_note, value_label
from game.ui.board_play import BoardPlay
from game.ui.board_view import spinner
from game.ui.move_list import MoveList
from game.ui.screen import Screen
from game.ui.widgets import Button, button_rows, draw_panel

CLOCK_WARNING_MS = 10_000
"""A clock with less than this left is drawn in the danger colour."""
TOP_BUTTONS = [(N_("Undo"), "undo"), (N_("Redo"), "redo"), (N_("Hint"), "hint"), (N_("Analyse"), "analyse"),
               (N_("Share"), "share")]
BOTTOM_BUTTONS = [(N_("New game"), "new"), (N_("Resign"), "resign"), (N_("Rules"), "rules"), (N_("Menu"), "menu")]
"""The game scene's two rows of buttons (labels marked: ``labels`` translates them when laid out)."""


def game_buttons(rows: tuple[pygame.Rect, ...]) -> list[Button]:
    """The game's buttons shared out in order over ``rows``: five then four on two rows, three a row on the
    phone's three."""
    return button_rows(rows, labels(TOP_BUTTONS + BOTTOM_BUTTONS))


def labels(row: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A row of (marked label, action) with the labels in the player's language."""
    return [(_(label), action) for label, action in row]


def new_game_question() -> tuple[str, str, list[tuple[str, str]]]:
    """The title, words and choices of the question before a game in progress is abandoned for a new one."""
    return (_("New game?"), _("This game will be abandoned (it does not count)."),
            [(_("Keep playing"), "cancel"), (_("New game"), "confirm")])


def resign_choices() -> list[tuple[str, str]]:
    """The resignation dialog's choices (the safe one first)."""
    return [(_("Keep playing"), "cancel"), (_("Resign"), "confirm")]


def looking_words() -> str:
    """What the status says while the hint is looked for."""
    return _("Looking for the best move…")


def engine_output_words(on: bool) -> str:
    """The toast after O switched the engine output."""
    return _("Engine output on (O switches it).") if on else _("Engine output off (O switches it).")


def clock_text(ms: int) -> str:
    """'4:59', '0:09.5' (tenths in the last ten seconds)."""
    if ms < CLOCK_WARNING_MS:
        return f"0:{ms // 1000:02d}.{ms % 1000 // 100}"
    seconds = (ms + 999) // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


def clocks_shown(match: MatchController) -> tuple[str, str] | None:
    """What the cards' clocks say now, Black's and White's (``clock_text``; ``None``: no clocks): a game with clocks
    looks the same while this does not change."""
    clocks = match.clocks
    return None if clocks is None else (clock_text(clocks[BLACK]), clock_text(clocks[WHITE]))


def pass_message(setup: MatchSetup, passer: Color, level_name: str) -> tuple[str, str]:
    """Title and detail of the announcement that ``passer`` has no legal move."""
    title = _("{colour} has no legal move and passes").format(colour=colour_name(passer))
    other = opponent_of(passer)
    if setup.mode is Mode.COMPUTER:
        if passer == setup.human:
            detail = _("You have nowhere to play, so the computer ({colour}) moves again.").format(
                colour=colour_name(other))
        else:
            detail = _("The computer has nowhere to play. Your turn again ({colour}).").format(
                colour=colour_name(other))
    else:
        detail = _("{colour} ({player}) moves again.").format(colour=colour_name(other),
                                                               player=setup.player_name(other))
    return title, detail


def hint_words(hint: Any, position: Position) -> str | None:
    """The hint in words: the best move, the moves as good, the margin and a book note (``None``: no move)."""
    if hint is None or not hint.best:
        return None
    best = hint.best[0]
    value = round(hint.values.get(best, 0))
    kind = pgettext("value", "exact") if hint.is_exact(best) else pgettext("value", "estimate")
    others = ", ".join(square_name(s) for s in hint.best[1:])
    if others:
        words = ngettext("Hint: {square} (as good: {others}), final margin {value} disc ({kind}).",
                         "Hint: {square} (as good: {others}), final margin {value} discs ({kind}).", abs(value))
    else:
        words = ngettext("Hint: {square}, final margin {value} disc ({kind}).",
                         "Hint: {square}, final margin {value} discs ({kind}).", abs(value))
    words = words.format(square=square_name(best), others=others, value=value_label(value), kind=kind)
    book = book_note(position, best)
    return f"{words} {book}" if book else words


def draw_card(surface: pygame.Surface, ctx: Screen, match: MatchController, board: BoardPlay, colour: Color,
              rect: pygame.Rect, now_ms: int) -> None:
    """A player's card: name, disc, count, and the clock or the thinking spinner."""
    theme, text = ctx.theme, ctx.text
    setup, position = match.setup, match.position
    draw_panel(surface, rect, theme)
    to_move = not match.record.is_over() and position.to_move == colour
    if to_move:
        pygame.draw.rect(surface, theme.accent, rect, width=4, border_radius=14)
    icon_size = 40
    view = board.view
    assert view is not None
    icon = view.disc_icon(colour, icon_size)
    surface.blit(icon, icon.get_rect(topright=(rect.right - 14, rect.top + 12)))
    count = position.black_count if colour == BLACK else position.white_count
    count_rect = text.draw_in(surface, str(count), 34, theme.text,
                              pygame.Rect(rect.right - 84, rect.bottom - 52, 70, 44), "right", "bottom", bold=True)
    left = rect.left + 16
    clocks = match.clocks
    level_name = level_title(match.level.name)
    name = setup.player_name(colour)
    name_box = pygame.Rect(left, rect.top + 10, rect.right - icon_size - 30 - left, 34)
    text.draw_in(surface, name, 24, theme.text, name_box, align="left", bold=True, smallest=16)
    baseline = rect.bottom - 26
    thinking = to_move and match.phase is Phase.COMPUTER and board.animation is None
    if clocks is not None:
        remaining = clocks[colour]
        shade = theme.danger if remaining < CLOCK_WARNING_MS else theme.accent if to_move else theme.text_dim
        line = pygame.Rect(left, baseline - 14, count_rect.left - 10 - left, 28)
        shown = text.draw_in(surface, clock_text(remaining), 22, shade, line, "left", bold=True)
        if setup.increment:  # the time control's increment, so both players know it
            shown = text.draw_in(surface, _("+{seconds} s").format(seconds=setup.increment), 16, theme.text_dim,
                                 pygame.Rect(shown.right + 8, line.top + 1, max(1, line.right - shown.right - 8), 28),
                                 "left")
        if thinking:
            spinner(surface, (shown.right + 16, baseline), 8, theme.accent, now_ms)
            shown = shown.inflate(32, 0)
        if setup.is_computer(colour):  # the level beside the clock if it fits there, else on a line of its own
            room = pygame.Rect(shown.right + 10, baseline - 12, count_rect.left - 10 - shown.right - 10, 24)
            if room.width < text.width(level_name, 16) and rect.height >= 100:
                room = pygame.Rect(left, rect.top + 42, rect.right - icon_size - 22 - left, 20)
            if room.width > 30:
                text.draw_in(surface, level_name, 16, theme.text_dim, room, align="left", valign="top")
    elif thinking:
        spinner(surface, (left + 9, baseline), 9, theme.accent, now_ms)
        text.draw_in(surface, _("thinking"), 18, theme.accent,
                     pygame.Rect(left + 26, baseline - 14, count_rect.left - 36 - left, 28), "left")
    else:
        detail = level_name if setup.is_computer(colour) else colour_name(colour)
        text.draw_in(surface, detail, 18, theme.text_dim,
                     pygame.Rect(left, baseline - 14, count_rect.left - 10 - left, 28), "left")


def draw_status(surface: pygame.Surface, ctx: Screen, rect: pygame.Rect, status: str,
                engine: tuple[str, str] | None, brief: str = "") -> None:
    """The status, wrapped in its box and smaller where it needs a third line (never a line dropped: the hint's
    sentence ended "…played in" at 640×400), or the engine's two lines while it thinks, each shrinking to fit.

    ``brief``: the status without its figures (the search's speed), said where the status does not fit even at
    its smallest (a phone's text floor)."""
    theme, text = ctx.theme, ctx.text
    box = rect.inflate(-8, 0)
    if engine is None:
        if brief and text.lines_size(status, 20, box.size, most_lines=9, line_gap=1.3) is None:
            status = brief
        text.draw_in(surface, status, 20, theme.text, box, wrap=True, line_gap=1.3)
        return
    lines = [line for line in engine if line]
    line_box = pygame.Rect(box.left, rect.centery - 13 * len(lines) + 2, box.width, 26)
    for line in lines:
        line = shed_parts(line, lambda words: text.fits_one_line(words, 18, box.width, smallest=12))
        text.draw_in(surface, line, 18, theme.text, line_box, valign="top", smallest=12)
        line_box = line_box.move(0, 26)


def shed_parts(words: str, fits: Callable[[str], bool]) -> str:
    """``words`` less its last " · " parts until it ``fits``: too long even at its smallest (a phone's floor), a
    status or an engine line drops what is least needed, the speed and then the nodes, not a cut in a number.

    >>> shed_parts("depth 6 · 8.2k nodes · 83.4k/s", lambda words: len(words) < 25)
    'depth 6 · 8.2k nodes'
    """
    while " · " in words and not fits(words):
        words = words.rsplit(" · ", 1)[0]
    return words


def draw_moves(surface: pygame.Surface, ctx: Screen, rect: pygame.Rect, moves: MoveList, record: GameRecord) -> None:
    """The move list's panel: its title, the count, the opening's name and the moves."""
    theme, text = ctx.theme, ctx.text
    draw_panel(surface, rect, theme)
    title = _("Moves")
    title_box = pygame.Rect(rect.left + 16, rect.top + 8, min(text.width(title, 18, bold=True), rect.width // 4), 26)
    text.draw_in(surface, title, 18, theme.text_dim, title_box, "left", "top", bold=True)
    count = ngettext("{n} move played", "{n} moves played", len(record.moves)).format(n=len(record.moves))
    count_rect = text.draw_in(surface, count, 18, theme.text_dim,
                              pygame.Rect(rect.centerx, rect.top + 8, rect.right - 16 - rect.centerx, 26), "right",
                              "top")
    opening = opening_name(record.moves, record.start)
    if opening:
        opening = pgettext("opening", opening)
    plies = moves.rect
    if opening:
        room = 2 * min(rect.centerx - title_box.right - 12, count_rect.left - rect.centerx - 12)
        box = pygame.Rect(rect.centerx - room // 2, rect.top + 8, room, 24)
        if text.width(opening, 16, bold=True) > room:  # a line of its own above the moves, rather than cut short
            box = pygame.Rect(rect.left + 16, plies.top, rect.width - 32, 24)
            moves.rect = pygame.Rect(plies.left, plies.top + 26, plies.width, plies.height - 26)
        text.draw_in(surface, opening, 18, theme.accent, box, bold=True)  # shrinks first; the tooltip has it all
    last = record.ply - 1
    moves.draw(surface, text, theme, record.plies, record.start.to_move, record.ply, last if last >= 0 else None)
    moves.rect = plies


def match_status(match: MatchController, speed: bool = True) -> str:
    """Whose turn it is (and whether the game counts), the computer thinking (with its ``speed``), or the end."""
    setup, outcome = match.setup, match.outcome
    if outcome is not None:
        if outcome.winner is None:
            return _("Game over: a draw.")
        return _("Game over: {colour} wins.").format(colour=colour_name(outcome.winner))
    mover = match.position.to_move
    if setup.mode is Mode.COMPUTER:
        if mover == setup.human:
            turn = _("Your turn ({colour}): choose a square with a dot.").format(colour=colour_name(mover))
            return turn if setup.counts else _("{status} Practice game: not counted.").format(status=turn)
        progress = match.thinking_progress()
        level = level_title(match.level.name)
        if progress is None or progress.seconds < 0.2 or not speed:
            return _("The computer ({level}) is thinking…").format(level=level)
        return _("The computer ({level}) is thinking… {speed}").format(level=level, speed=speed_text(progress))
    turn = _("{colour} to move ({player}).").format(colour=colour_name(mover), player=setup.player_name(mover))
    return turn if setup.counts else _("{status} Practice game: not counted.").format(status=turn)


def share_game(ctx: Screen, record: GameRecord) -> None:
    """Put a link to this game on the clipboard, or the game's text where no web address is known."""
    standard = record.start == Position.start()
    link = share_link(record.transcript) if standard else None
    if link is not None:
        if not ctx.is_browser:
            ctx.print_line(f"Share this game: {link}")
        # the browser answers a frame or two later, and may refuse: the toast says which
        copy_to_clipboard(link, lambda copied: ctx.toasts.show(
            (_("Link copied: {link}") if copied else _("Could not copy the link (the browser refused): {link}"))
            .format(link=link), ms=6000))
        return
    text = game_text(record)
    if not ctx.is_browser:
        ctx.print_line(f"This game: {text}")
    copy_to_clipboard(text, lambda copied: ctx.toasts.show(copied_words(copied, standard), ms=6000))


def copied_words(copied: bool, standard: bool) -> str:
    """The toast after the game's moves went (or not) to the clipboard instead of a link."""
    if standard:
        if copied:
            return _("Copied: the game's moves (no web address is set up for links). Paste them into Transcript.")
        return _("Could not reach the clipboard: the game's moves (no web address is set up for links). "
                 "Paste them into Transcript.")
    if copied:
        return _("Copied: the game's moves (a link holds only games from the start). Paste them into Transcript.")
    return _("Could not reach the clipboard: the game's moves (a link holds only games from the start). "
             "Paste them into Transcript.")


def resign_question(match: MatchController) -> str:
    """The resignation dialog's words: who resigns, and whether the game counts."""
    setup = match.setup
    if setup.mode is Mode.COMPUTER:
        if setup.counts:
            return _("You resign and the game counts as a loss.")
        return _("You resign (a practice game: not counted).")
    colour = colour_name(match.position.to_move)
    if setup.counts:
        return _("{colour} resigns and the game counts as a loss.").format(colour=colour)
    return _("{colour} resigns (a practice game: not counted).").format(colour=colour)
