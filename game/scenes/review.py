"""Review a game: step through it with the evaluation graph, each move's loss, the better move, a summary.

The review opens at once; the analysis (``game.review.analysis``) runs a
slice per frame and the graph, the move marks and the summary fill in as
it goes, with a progress bar. The board shows the position before the
move being looked at: the move played as a faint disc, the best move
ringed, and the values of the moves where they are known. Leaving stops
the work; coming back to the same game carries on where it stopped.

Keys: Left/Right step, Home/End jump, Escape goes back. The slider and the
graph can be clicked or dragged to any move.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import BLACK, PASS, WHITE, Color, GameRecord, Outcome, Position
from game.i18n import _, pgettext
from game.library.service import still_loading
from game.play.match import MatchSetup, Mode, file_players
from game.play.words import colour_name
from game.records.openings import opening_name
from game.records.transcripts import game_text
from game.review import comments
from game.review.analysis import GameAnalysis, MoveReview, PlayerSummary
from game.review.hints import value_label
from game.scenes.base import Context, Scene
from game.scenes.entries import AnalysisEntry, Entry, ExplorerEntry, GameEntry, ReviewEntry, TranscriptEntry
from game.ui.board_view import Marks
from game.ui.eval_graph import VERDICT_MARK, draw_eval_graph, draw_slider, slider_index
from game.ui.explorer_panel import ExplorerPanel
from game.ui.layout import game_layout, is_low, is_phone, is_portrait
from game.ui.move_list import MoveList
from game.ui.widgets import ButtonGroup, button_row, draw_panel, fill_background

CACHE_SIZE = 3
"""Analyses kept for games reviewed recently (coming back resumes them)."""

_ANALYSES: dict[str, GameAnalysis] = {}


def analysis_for(record: GameRecord) -> GameAnalysis:
    """The analysis of this game: the one started before if there is one, else a new one."""
    key = game_text(record)
    analysis = _ANALYSES.pop(key, None)
    if analysis is None or analysis.cancelled:
        analysis = GameAnalysis(record)
    _ANALYSES[key] = analysis
    while len(_ANALYSES) > CACHE_SIZE:
        oldest = next(iter(_ANALYSES))
        _ANALYSES.pop(oldest).cancel()
    return analysis


class ReviewScene(Scene):
    """Step through a finished (or any) game with the analysis filling in."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.record = GameRecord()
        self.setup = MatchSetup(Mode.TWO, BLACK)
        self.analysis: GameAnalysis | None = None
        self.index = 0
        self.dragging: str | None = None
        self.group = ButtonGroup()
        self.move_list = MoveList(pygame.Rect(0, 0, 0, 0))
        self.opening = ""
        self.explorer = ExplorerPanel()
        self.recorded: tuple[int, int] | None = None
        self.outcome: Outcome | None = None
        self.players: tuple[str, str] | None = None
        """(Black's, White's) names when the game came with them (a library game, a GGF file)."""
        self.show_explorer = False
        """The opening explorer in place of the summary and the move list (the Explorer button, E): never at
        first, whatever the setting (the setting puts it beside the move list in play)."""

    # -- life cycle -------------------------------------------------------------------

    def startup(self, now_ms: int, entry: Entry) -> None:
        """Take the game to review, from the position the entry names."""
        assert isinstance(entry, ReviewEntry)
        self.record = entry.record
        self.setup = entry.setup
        self.recorded = entry.recorded
        self.outcome = entry.outcome
        self.players = entry.players
        self.analysis = analysis_for(self.record)
        self.index = 0
        self.go_to(entry.index)
        self.dragging = None
        self.opening = opening_name(self.record.moves, self.record.start) or ""
        self.show_explorer = False  # the summary and the move list first; the Explorer button (E) shows it
        super().startup(now_ms, entry)

    def pause(self, now_ms: int) -> None:
        """The analysis waits (it runs only while the review is shown)."""
        self.dragging = None

    def cleanup(self) -> None:
        """Leave the analysis parked: it does no work until the review is opened again."""
        self.dragging = None

    @property
    def last_index(self) -> int:
        """The index of the final position reviewed."""
        return len(self.record.played)

    def layout(self) -> None:
        """Board, graph, slider, navigation, comment, summary, move list and actions."""
        width, height = self.ctx.size
        if is_portrait(self.ctx.size):
            side = min(600, width)
            board = pygame.Rect((width - side) // 2, 52, side, side)
            self.view = self.ctx.board_view(board)
            left, column = 16, width - 32
            self.graph = pygame.Rect(left, board.bottom + 8, column, 110)
            self.slider = pygame.Rect(left, self.graph.bottom + 6, column, 30)
            nav = pygame.Rect(left, self.slider.bottom + 6, column, 52)
            self.comment = pygame.Rect(left, nav.bottom + 8, column, 84)
            # a side's line takes two lines of the phone's larger smallest text
            summary_height = 92 if is_phone(self.ctx.size) else 70
            self.summary_rect = pygame.Rect(left, self.comment.bottom + 6, column, summary_height)
            actions = pygame.Rect(left, height - 80, column, 62)
            self.moves_rect = pygame.Rect(left, self.summary_rect.bottom + 8, column,
                                          actions.top - 10 - self.summary_rect.bottom - 8)
            self.title_pos = (left, 26)
        elif is_low(self.ctx.size):  # a phone on its side: the moves in a narrow column beside the rest
            rects = game_layout(self.ctx.size)
            self.view = self.ctx.board_view(rects.board)
            left, column = rects.side.left, rects.side.width - 192
            self.graph = pygame.Rect(left, 56, column, 104)
            self.slider = pygame.Rect(left, 166, column, 30)
            nav = pygame.Rect(left, 202, column, 48)
            self.comment = pygame.Rect(left, 258, column, 96)
            self.summary_rect = pygame.Rect(left, 360, column, 92)
            self.moves_rect = pygame.Rect(left + column + 12, 56, 180, 396)
            actions = pygame.Rect(left, rects.side.bottom - 56, rects.side.width, 56)
            self.title_pos = (left, 30)
        else:
            rects = game_layout(self.ctx.size)
            self.view = self.ctx.board_view(rects.board)
            left, column = rects.side.left, rects.side.width
            self.graph = pygame.Rect(left, 70, column, 160)
            self.slider = pygame.Rect(left, 238, column, 30)
            nav = pygame.Rect(left, 276, column, 50)
            self.comment = pygame.Rect(left, 336, column, 96)
            self.summary_rect = pygame.Rect(left, 440, column, 78)
            self.moves_rect = pygame.Rect(left, 526, column, 178)
            actions = pygame.Rect(left, 714, column, 58)
            self.title_pos = (left, 38)
        columns = 1 if is_low(self.ctx.size) else 3
        self.move_list = MoveList(self.moves_rect.inflate(-12, -12), columns=columns, row_height=24, size=16)
        self.ctx.toasts.area = self.comment.union(self.summary_rect)
        buttons = button_row(nav, [("|<", "first"), ("<", "previous"), (">", "next"), (">|", "last"),
                                   (_("Explorer"), "explorer")], gap=8, size=24)
        row = button_row(actions, [(_("Back"), "back"), (_("Transcript"), "transcript"), (_("Play from here"), "play"),
                                   (_("Analyse"), "analyse")], gap=8, size=20)
        x, widths = actions.left, [self.ctx.text.width(b.label, b.size, bold=True) + 24 for b in row]
        for button, share in zip(row, widths, strict=True):  # as wide as its label needs: "Play from here" uncut
            button.rect.left, button.rect.width = x, (actions.width - 8 * (len(row) - 1)) * share // sum(widths)
            x = button.rect.right + 8
        buttons += row
        self.group = ButtonGroup(buttons)

    # -- navigation ----------------------------------------------------------------------

    def go_to(self, index: int) -> None:
        """Show position ``index`` (0 = the start), clamped; a forced pass is stepped over."""
        index = max(0, min(self.last_index, index))
        plies = self.record.played
        if index < self.last_index and plies[index] == PASS:
            index = index + 1 if index >= self.index else max(0, index - 1)
        self.index = index

    def step(self, delta: int) -> None:
        """One move forward or back."""
        self.go_to(self.index + delta)

    def get_event(self, event: pygame.event.Event) -> None:
        """Keys, buttons, and clicks or drags on the slider, the graph and the move list."""
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_LEFT: "previous", pygame.K_RIGHT: "next", pygame.K_HOME: "first", pygame.K_END: "last",
                    pygame.K_ESCAPE: "back", pygame.K_e: "explorer"}
            if event.key in keys:
                self.act(keys[event.key])
                return
        if (self.show_explorer and event.type == pygame.MOUSEBUTTONUP and event.button == 1
                and self.summary_rect.union(self.moves_rect).collidepoint(event.pos)):
            self.open_explorer()  # a click on the explorer panel opens the explorer scene here
            return
        ply = self.move_list.handle(event) if not self.show_explorer else None
        if ply is not None:
            self.go_to(ply)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.slider.collidepoint(event.pos) or self.graph.collidepoint(event.pos):
                self.dragging = "slider"
                self._drag_to(event.pos[0])
                return
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self._drag_to(event.pos[0])
            return
        elif event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = None
            return
        action = self.group.handle(event)
        if action is not None:
            self.act(action)

    def _drag_to(self, x: int) -> None:
        self.go_to(slider_index(self.slider, x, self.last_index))

    def act(self, action: str) -> None:
        """Carry out a button's action."""
        if action == "first":
            self.go_to(0)
        elif action == "previous":
            self.step(-1)
        elif action == "next":
            self.step(1)
        elif action == "last":
            self.go_to(self.last_index)
        elif action == "explorer":
            self.show_explorer = not self.show_explorer
        elif action == "back":
            self.back()
        elif action == "transcript":
            self.open(TranscriptEntry(self.record, self.outcome, self.file_players()))
        elif action == "play":
            self.play_from_here()
        elif action == "analyse":
            self.open(AnalysisEntry(self.record.position_at(self.index)))

    def open_explorer(self) -> None:
        """The opening explorer scene at the position shown; its Back returns to this review."""
        if self.record.start == Position.start():
            self.open(ExplorerEntry([p for p in self.record.played[: self.index] if p != PASS]))
        else:
            self.open(ExplorerEntry(position=self.record.position_at(self.index)))

    def play_from_here(self) -> None:
        """Continue the game from the position shown (two players; the later moves can be redone)."""
        record = GameRecord.from_transcript(self.record.transcript, self.record.start) \
            if self.record.moves else GameRecord(self.record.start)
        record.goto(self.index)
        if record.is_over():
            self.ctx.toasts.show(_("The game is over here: step back to a position where a move can be played."))
            return
        start = None if self.record.start == Position.start() else self.record.start.to_text()
        self.start_game(GameEntry(MatchSetup(Mode.TWO, BLACK, start=start), record,
                              message=_("Playing on from the review. Redo replays the game's later moves.")))

    def still(self) -> bool:
        """Whether the frame on screen can stay: the analysis has ended (or stopped), and the explorer, when shown, has
        no library still loading that would change its figures."""
        analysis = self.analysis
        settled = analysis is None or analysis.done or analysis.cancelled
        return settled and not (self.show_explorer and still_loading())

    def update(self, now_ms: int) -> None:
        """Advance the analysis by a slice of the frame."""
        analysis = self.analysis
        if analysis is not None and not analysis.done and not analysis.cancelled:
            analysis.advance(self.ctx.frame.slice_ms)

    # -- what the review says ---------------------------------------------------------------

    def current_move(self) -> MoveReview | None:
        """The review of the move played from the position shown, once analysed."""
        if self.analysis is None or self.index >= self.last_index:
            return None
        return self.analysis.moves[self.index]

    def name_of(self, colour: Color) -> str:
        """Who played ``colour``: the player's name when the game gives it, else Black or White."""
        if self.players is not None:
            return self.players[0 if colour == BLACK else 1] or colour_name(colour)
        return colour_name(colour)

    def file_players(self) -> tuple[str, str] | None:
        """The (Black, White) names for the game's file: the game's own, or you and the computer's level."""
        if self.players is not None:
            return self.players
        return file_players(self.setup)

    def player_label(self, colour: Color) -> str:
        """How a side is named in the review."""
        if self.players is not None:
            return self.name_of(colour)
        if self.setup.mode is Mode.COMPUTER:
            you = _("{colour} (you)") if colour == self.setup.human else _("{colour} (computer)")
            return you.format(colour=colour_name(colour))
        return colour_name(colour)

    def comment_lines(self) -> list[tuple[str, str]]:
        """(text, style) lines about the position shown; style is 'title', 'good', 'bad' or 'dim'."""
        position = self.record.position_at(self.index)
        if self.index >= self.last_index:
            at_end = self.recorded is not None and self.index == self.last_index
            values = self.analysis.move_values(self.index) if self.analysis is not None else {}
            return comments.final_lines(position, self.name_of, self.recorded if at_end else None, values)
        number = sum(1 for p in self.record.played[: self.index] if p != PASS) + 1
        given = self.index < self.setup.given  # handed in, not played here: no verdict, good or bad
        return comments.move_lines(position, self.record.played[self.index], number, self.name_of(position.to_move),
                                   given, None if self.analysis is None else self.current_move())

    def marks(self) -> Marks:
        """The board's marks: the previous move, the move played (faint disc), the best move and values."""
        plies = self.record.played
        previous = next((p for p in reversed(plies[: self.index]) if p != PASS), None)
        marks = Marks(last_move=previous)
        position = self.record.position_at(self.index)
        analysis = self.analysis
        if self.index < self.last_index and plies[self.index] != PASS:
            marks.ghost = (plies[self.index], position.to_move)
        if analysis is None or position.is_over():
            return marks
        values = analysis.move_values(self.index)
        marks.hints = {sq: value_label(v, analysis.value_is_exact(self.index, sq)) for sq, v in values.items()}
        move = self.current_move()
        best = analysis.best_moves(self.index)
        if move is not None and move.square not in marks.hints:
            marks.hints[move.square] = value_label(move.played_value, move.exact)
            for square in best:
                marks.hints.setdefault(square, value_label(move.best_value, analysis.is_exact(self.index)))
        marks.best = best
        return marks

    # -- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, now_ms: int) -> None:
        """Everything."""
        theme, text = self.ctx.theme, self.ctx.text
        fill_background(surface, theme)
        self.view.draw(surface, self.record.position_at(self.index), self.marks())
        band = pygame.Rect(self.graph.left, self.title_pos[1] - 22, self.graph.width, 44)
        title = text.draw_in(surface, _("Review"), 34, theme.text, band, "left", bold=True)
        if self.opening:
            room = pygame.Rect(title.right + 24, band.top, band.right - title.right - 24, band.height)
            text.draw_in(surface, pgettext("opening", self.opening), 18, theme.text_dim, room, "right")
        draw_eval_graph(surface, text, theme, self.graph, self.analysis, self.index, self.last_index)
        draw_slider(surface, theme, self.slider, self.index, self.last_index)
        self._draw_comment(surface)
        if self.show_explorer:
            line = [p for p in self.record.played[: self.index] if p != PASS] \
                if self.record.start == Position.start() else None
            self.explorer.draw(surface, text, theme, self.summary_rect.union(self.moves_rect),
                               self.record.position_at(self.index), line)
        else:
            self._draw_summary(surface)
            self._draw_moves(surface)
        for button in self.group.buttons:
            button.selected = button.action == "explorer" and self.show_explorer
            if button.action in ("first", "previous"):
                button.enabled = self.index > 0
            elif button.action in ("next", "last"):
                button.enabled = self.index < self.last_index
        self.group.draw(surface, text, theme)

    def _draw_comment(self, surface: pygame.Surface) -> None:
        theme, text = self.ctx.theme, self.ctx.text
        draw_panel(surface, self.comment, theme)
        inner = self.comment.inflate(-28, -18)
        y = inner.top
        colours = {"title": theme.text, "good": theme.text, "bad": theme.danger, "dim": theme.text_dim}
        for line, style in self.comment_lines():
            size = 20 if style == "title" else 17
            row = pygame.Rect(inner.left, y, inner.width, inner.bottom - y)
            if row.height <= 0:
                break
            taken = text.draw_in(surface, line, size, colours[style], row, "left", "top", style == "title", wrap=True,
                                 line_gap=1.2)  # a second line where the column is narrow (a phone), not cut short
            y = taken.bottom + 4

    def summary(self, colour: Color) -> PlayerSummary | None:
        """``colour``'s moves summed up: only those played in this game, not the ones it was given."""
        return self.analysis.summary(colour, self.setup.given) if self.analysis is not None else None

    def _summary_line(self, summary: PlayerSummary) -> str:
        none_of_their_own = bool(self.setup.given) and self.analysis is not None and self.analysis.done
        return comments.summary_line(self.player_label(summary.colour), summary, none_of_their_own)

    def _draw_summary(self, surface: pygame.Surface) -> None:
        theme, text = self.ctx.theme, self.ctx.text
        draw_panel(surface, self.summary_rect, theme)
        inner = self.summary_rect.inflate(-28, -8)  # room for two lines a side at 14 px, where one does not fit
        if self.analysis is None:
            return
        row_height = inner.height // 2
        for number, colour in enumerate((BLACK, WHITE)):
            summary = self.summary(colour)
            assert summary is not None
            row = pygame.Rect(inner.left, inner.top + number * row_height, inner.width, row_height)
            surface.blit(self.view.disc_icon(colour, 18), (row.left, row.centery - 9))
            text.draw_in(surface, self._summary_line(summary), 17, theme.text, row.inflate(-28, 0).move(14, 0), "left",
                         wrap=True)

    def _draw_moves(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        draw_panel(surface, self.moves_rect, theme)
        analysis = self.analysis

        def annotate(ply: int) -> tuple[str, Any] | None:
            move = analysis.moves[ply] if analysis is not None and ply >= self.setup.given else None
            if move is None or move.verdict not in VERDICT_MARK:
                return None
            return VERDICT_MARK[move.verdict], theme.danger if move.verdict == "blunder" else theme.accent

        plies = self.record.played
        self.move_list.draw(surface, self.ctx.text, theme, plies, self.record.start.to_move, len(plies),
                            self.index if self.index < len(plies) else None, annotate)
