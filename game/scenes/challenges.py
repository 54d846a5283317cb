"""One solo challenge: its position and goal, hint, retry, the solution played out, next, and the explanation.

The attempt is a play session (``game.challenges.attempt``): the goal
judges every move, and in "win the endgame" the exact solver answers each
move, a slice per frame (``ctx.frame.slice_ms``). This scene draws it,
animates the moves, counts the tries and keeps the progress (stars,
solutions seen), saved after every change. The list of challenges is
``game.scenes.challenge_list``.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.challenges import words
from game.challenges.attempt import SOLVED, ChallengeJudge, attempt
from game.challenges.model import KIND_NAMES, Challenge
from game.challenges.progress import ChallengeProgress
from game.engine import square_name
from game.i18n import _
from game.play.session import Move, Phase, Refusal, RefusalReason, Session
from game.scenes.base import Context
from game.scenes.board_scene import BoardScene
from game.scenes.challenge_list import ChallengeListScene, shipped_challenges
from game.scenes.entries import ChallengeEntry, Entry
from game.ui.board_view import Marks, spinner
from game.ui.layout import game_layout, is_low, is_portrait
from game.ui.session_board import SessionBoard
from game.ui.stars import draw_stars
from game.ui.text_flow import say
from game.ui.widgets import ButtonGroup, button_row, draw_panel, fill_background

__all__ = ["ChallengeListScene", "ChallengeScene", "draw_stars", "shipped_challenges"]

SOLUTION_STEP_MS = 900
"""Time between moves when the solution plays itself out."""
RESTART_MS = 2000
"""After a wrong try, how long its position stays on the board before the challenge starts again by itself."""


class ChallengeScene(BoardScene):
    """Solve one challenge: objective, hint, retry, show solution, next, and the explanation."""

    shortcuts: ClassVar[dict[int, str]] = {pygame.K_h: "hint", pygame.K_r: "retry", pygame.K_s: "solution",
                                           pygame.K_n: "next", pygame.K_ESCAPE: "list"}

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.challenge: Challenge | None = None
        self.board = SessionBoard(ctx)
        self.session: Session = self.board.session
        """The attempt (the board shows another session while the solution plays out)."""
        self.progress = ChallengeProgress()
        self.solution = False
        """Whether the solution is being shown (the attempt is left)."""
        self.wrong_tries = 0
        self.used_hint = False
        self.show_hint = False
        self.message = ""
        self.earned = 0
        self.solution_step = 0
        self.auto_solution = True
        self.next_step_ms = 0
        self.restart_ms: int | None = None
        """When a failed try goes back to the start by itself (``None``: not yet due)."""
        self.now_ms = 0
        self.group = ButtonGroup()

    @property
    def phase(self) -> Phase:
        """The attempt's phase: your move, the solver's, failed (``REJECTED``) or solved (``OVER``)."""
        return self.session.phase

    @property
    def solved(self) -> bool:
        """Whether this attempt met the goal."""
        return self.session.phase is Phase.OVER and not self.solution

    @property
    def judge(self) -> ChallengeJudge:
        """The attempt's judge (the challenge's goal)."""
        judge = self.session.judge
        assert isinstance(judge, ChallengeJudge)
        return judge

    # -- life cycle --------------------------------------------------------------

    def startup(self, now_ms: int, entry: Entry) -> None:
        """Open the challenge the entry names (the first one if unknown)."""
        assert isinstance(entry, ChallengeEntry)
        self.now_ms = now_ms
        self.progress = self.ctx.store.load_challenge_progress()
        challenges = shipped_challenges()[0]
        chosen = next((c for c in challenges if c.id == entry.challenge_id), challenges[0] if challenges else None)
        super().startup(now_ms, entry)
        if chosen is None:
            self.back()
            return
        self.open_challenge(chosen)

    def cleanup(self) -> None:
        """Stop the solver before leaving."""
        self.session.stop()

    def open_challenge(self, challenge: Challenge) -> None:
        """Start ``challenge`` afresh (no tries yet, no hint)."""
        self.challenge = challenge
        self.wrong_tries = 0
        self.used_hint = False
        self.show_hint = False
        self.earned = 0
        self.retry()
        self.message = ""

    def retry(self) -> None:
        """Back to the challenge's position for another try."""
        assert self.challenge is not None
        self.session.stop()
        self.session = attempt(self.challenge)
        self.board.bind(self.session)
        self._set_solution(False)
        self.restart_ms = None
        self.message = _("Try again.") if self.wrong_tries else ""

    def restart_after_failure(self) -> None:
        """A failed try goes back to the start, saying why it failed and that it is the player's move again."""
        why = self.session.verdict.text
        self.retry()
        self.message = _("{reason} Your move again, from the start.").format(reason=why)

    def layout(self) -> None:
        """Board, the text panel and the buttons."""
        width, height = self.ctx.size
        rects = game_layout(self.ctx.size)
        board_rect = rects.board
        if is_portrait(self.ctx.size):
            self.header = pygame.Rect(16, 12, width - 32, 160)
            board_rect = pygame.Rect((width - 640) // 2, 176, 640, 640)
            rows = (pygame.Rect(16, 830, width - 32, 62), pygame.Rect(16, 904, width - 32, 62))
            self.panel = pygame.Rect(16, 980, width - 32, height - 996)
        else:
            side = rects.side
            self.header = pygame.Rect(side.left, side.top, side.width, 190)
            self.panel = pygame.Rect(side.left, side.top + 200, side.width, 420 - 24)
            rows = (pygame.Rect(side.left, side.bottom - 140, side.width, 60),
                    pygame.Rect(side.left, side.bottom - 66, side.width, 60))
            if is_low(self.ctx.size):  # a phone on its side: the panel between a shorter header and the buttons
                self.header.height = 136
                rows = (pygame.Rect(side.left, side.bottom - 124, side.width, 56),
                        pygame.Rect(side.left, side.bottom - 56, side.width, 56))
                self.panel = pygame.Rect(side.left, self.header.bottom + 6, side.width,
                                         rows[0].top - 12 - self.header.bottom - 6)
        self.board.view = self.ctx.board_view(board_rect)
        if self.solution:  # the solution line can be stepped through
            top = button_row(rows[0], [(_("< Move"), "sol_prev"), (_("Move >"), "sol_next"), (_("Retry"), "retry")])
        else:
            top = button_row(rows[0], [(_("Hint"), "hint"), (_("Retry"), "retry"), (_("Solution"), "solution")])
        bottom = button_row(rows[1], [(_("All challenges"), "list"), (_("Next"), "next")])
        self.group = ButtonGroup(top + bottom)

    # -- events ------------------------------------------------------------------

    def shortcut(self, event: pygame.event.Event) -> str | None:
        """The letters, Escape for the list, and, while the solution is shown, Left and Right to step it."""
        if self.solution and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            return "sol_prev" if event.key == pygame.K_LEFT else "sol_next"
        return super().shortcut(event)

    def act(self, action: str) -> None:
        """Carry out a button's action."""
        if action == "hint":
            self.show_hint = True
            if not self.solved and not self.solution:
                self.used_hint = True
        elif action == "retry":
            self.retry()
        elif action == "solution":
            self.show_solution()
        elif action in ("sol_prev", "sol_next"):
            self.step_solution(-1 if action == "sol_prev" else 1)
        elif action == "next":
            self.open_next()
        elif action == "list":
            self.session.stop()
            self.back()  # to the list, at the kind it was showing

    def open_next(self) -> None:
        """The next challenge in the list (after the last, the first)."""
        challenges = shipped_challenges()[0]
        if not challenges or self.challenge is None:
            return
        index = next(i for i, c in enumerate(challenges) if c.id == self.challenge.id)
        self.open_challenge(challenges[(index + 1) % len(challenges)])

    def try_move(self, square: int) -> None:
        """The player's move, played and judged by the attempt.

        A click after a failed try starts the next one at once, and plays
        the square if it is a move at the start (else it only restarts).
        """
        if self.challenge is None or self.solution:
            return
        if self.session.phase is Phase.REJECTED:
            self.restart_after_failure()  # a click after a wrong try starts the next try at once
            if not self.session.position.is_legal(square):
                return  # the click only restarted: the square was one of the failed position's
        played = self.board.click(square, self.now_ms)
        if isinstance(played, Refusal):
            if played.reason in (RefusalReason.ILLEGAL, RefusalReason.JUDGE, RefusalReason.OVER):
                self.message = played.text
            return
        self._show(played)

    def _show(self, move: Move | None) -> None:
        """A move the attempt made (the board animates it), or a thought: say what the judge said.

        A failure or a solve is counted.
        """
        verdict = self.session.verdict
        if self.session.phase is Phase.REJECTED:
            self.wrong_tries += 1
            self.restart_ms = None  # due once the move has been seen (``update``)
            self.message = _("{reason} The challenge starts again in a moment.").format(reason=verdict.text)
        elif self.session.phase is Phase.OVER:
            assert self.challenge is not None
            self.earned = self.progress.record_solve(self.challenge.id, self.wrong_tries == 0, self.used_hint)
            self.ctx.store.save_challenge_progress(self.progress)
            self.message = _(SOLVED)
        else:
            self.message = verdict.text

    def show_solution(self) -> None:
        """Give up: replay the solution from the start, then explain."""
        challenge = self.challenge
        if challenge is None:
            return
        self.session.stop()
        if not self.solved:
            self.progress.record_solution_seen(challenge.id)
            self.ctx.store.save_challenge_progress(self.progress)
        self.board.reset(challenge.position)
        self.solution_step = 0
        self.auto_solution = True
        self._set_solution(True)
        self.next_step_ms = self.now_ms + 300
        self.message = ""

    def _set_solution(self, showing: bool) -> None:
        """Show the solution or leave it; the buttons change with it."""
        relayout = showing != self.solution
        self.solution = showing
        if relayout:
            focus = self.group.focus
            self.layout()
            self.group.focus = focus

    def step_solution(self, delta: int) -> None:
        """Show the solution line one move further (or back); the automatic play-out stops."""
        assert self.challenge is not None
        line = self.solution_line()
        target = max(0, min(len(line), self.solution_step + delta))
        self.auto_solution = False
        if target == self.solution_step:
            return
        self.board.reset(self.challenge.position)
        for square in line[: target - 1 if target > self.solution_step else target]:
            self.board.record.play(square)
        if target > self.solution_step:
            self.board.play(line[target - 1], self.now_ms)
        self.solution_step = target

    def solution_line(self) -> tuple[int, ...]:
        """The moves the solution plays."""
        assert self.challenge is not None
        return self.challenge.line or (self.challenge.answer,)

    # -- time ----------------------------------------------------------------------

    def still(self) -> bool:
        """Whether the frame on screen can stay: your move or the challenge solved, nothing moving on the board, no
        question up; not while the solver answers (its spinner turns), a failed attempt waits to start again or the
        solution is shown."""
        return (self.dialog is None and not self.solution and self.phase in (Phase.HUMAN, Phase.OVER)
                and self.board.at_rest(self.now_ms))

    def update(self, now_ms: int) -> None:
        """The solver's reply, the solution playing out, and animations."""
        self.now_ms = now_ms
        if self.solution:
            animating = self.board.update(now_ms)
            if self.auto_solution and not animating and now_ms >= self.next_step_ms:
                line = self.solution_line()
                if self.solution_step < len(line):
                    self.board.play(line[self.solution_step], now_ms)
                    self.solution_step += 1
                    self.next_step_ms = now_ms + SOLUTION_STEP_MS
            return
        replying = self.session.phase is Phase.COMPUTER
        move = self.board.advance(now_ms, self.ctx.frame.slice_ms)
        if replying and (move is not None or self.session.phase is not Phase.COMPUTER):
            self._show(move)
        elif self.session.phase is Phase.REJECTED and not self.board.animating(now_ms):
            # a failed position is shown for a while, then the board goes back to the start by itself
            if self.restart_ms is None:
                self.restart_ms = now_ms + RESTART_MS
            elif now_ms >= self.restart_ms:
                self.restart_after_failure()

    # -- drawing -------------------------------------------------------------------

    def marks(self) -> Marks:
        """Dots on your turn; the answer ringed while the solution plays."""
        marks = self.board.marks(self.now_ms, legal=self.phase is Phase.HUMAN and not self.solution)
        if self.solution and self.challenge is not None and self.solution_step == 0:
            marks.best = [self.challenge.answer]
        return marks

    def draw(self, surface: pygame.Surface, now_ms: int) -> None:
        """Board, header (kind, title, objective), the text panel and the buttons."""
        theme, text = self.ctx.theme, self.ctx.text
        fill_background(surface, theme)
        self.board.draw(surface, self.marks(), now_ms)
        challenge = self.challenge
        if challenge is None:
            return
        header = self.header
        kind_line = _("{kind} · {difficulty}").format(kind=_(KIND_NAMES[challenge.kind]),
                                                     difficulty=challenge.difficulty_name)
        text.draw_in(surface, kind_line, 18, theme.accent,
                     pygame.Rect(header.left, header.top + 6, header.width - 110, 26), "left", "top", bold=True)
        draw_stars(surface, (header.right - 50, header.top + 18), self.progress.stars.get(challenge.id, 0), 22,
                   theme.accent, theme.text_dim)
        text.draw_in(surface, words.title(challenge), 36, theme.text,
                     pygame.Rect(header.left, header.top + 36, header.width, 50), "left", "top", bold=True, smallest=12)
        icon = self.board.view.disc_icon(challenge.position.to_move, 30) if self.board.view else None
        objective_rect = pygame.Rect(header.left + 40, header.top + 92, header.width - 40, 96)
        if icon is not None:
            surface.blit(icon, (header.left, header.top + 92))
        text.draw_in(surface, words.objective(challenge), 22, theme.text, objective_rect, "left", "top", bold=True,
                     wrap=True, line_gap=1.3)
        self._draw_panel(surface, now_ms)
        for button in self.group.buttons:
            button.enabled = self._enabled(button.action)
            button.primary = (button.action == "next" and (self.solved or self.solution)) or (
                button.action == "retry" and self.phase is Phase.REJECTED)
        self.group.draw(surface, text, theme)

    def _enabled(self, action: str) -> bool:
        if action == "hint":
            return not self.show_hint
        if action == "retry":
            return self.solution or self.phase is not Phase.HUMAN or bool(self.board.record.moves)
        if action == "solution":
            return not self.solution
        if action == "sol_prev":
            return self.solution_step > 0
        if action == "sol_next":
            return self.solution and self.solution_step < len(self.solution_line())
        return True

    def _draw_panel(self, surface: pygame.Surface, now_ms: int) -> None:
        theme, text = self.ctx.theme, self.ctx.text
        challenge = self.challenge
        assert challenge is not None
        panel = self.panel
        draw_panel(surface, panel, theme)
        inner = panel.inflate(-36, -32)
        column = pygame.Rect(inner.left, inner.top, inner.width, inner.height - 28)  # the counts below
        y = inner.top
        if self.solved:
            text.draw_in(surface, _("Solved!"), 34, theme.accent, pygame.Rect(inner.left, y, inner.width - 110, 46),
                         "left", "top", bold=True)
            draw_stars(surface, (inner.right - 52, y + 18), self.earned, 28, theme.accent, theme.text_dim)
            y = say(text, surface, words.explanation(challenge), 19, theme.text, column, y + 50, inner.height,
                    line_gap=1.25) + 8
        elif self.solution:
            text.draw_in(surface, _("Solution"), 30, theme.accent, pygame.Rect(inner.left, y, inner.width, 42), "left",
                         "top", bold=True)
            y += 44
            if self.solution_step >= len(self.solution_line()) and not self.board.animating(now_ms):
                y = say(text, surface, words.explanation(challenge), 19, theme.text, column, y, inner.height,
                        line_gap=1.25) + 8
            else:
                moves = " ".join(square_name(sq) for sq in self.solution_line()[: self.solution_step])
                y = say(text, surface, _("Playing it out: {moves}…").format(moves=moves) if moves else
                        _("The answer is {square}.").format(square=square_name(challenge.answer)), 20, theme.text,
                        column, y, 80)
        else:
            if self.phase is Phase.COMPUTER:
                spinner(surface, (inner.left + 10, y + 12), 10, theme.accent, now_ms)
                answering = _("{other} is answering with perfect play…").format(other=self.judge.them)
                text.draw_in(surface, answering, 20, theme.text, pygame.Rect(inner.left + 30, y, inner.width - 30, 26),
                             "left")
                y += 40
            elif self.phase is Phase.HUMAN and not self.message:
                turn = _("Your move.") if self.board.record.moves else _("Your move: choose a square with a dot.")
                y = say(text, surface, turn, 20, theme.text_dim, column, y, 56) + 10
            if self.message:
                colour = theme.danger if self.phase is Phase.REJECTED else theme.text
                y = say(text, surface, self.message, 20, colour, column, y, 120, line_gap=1.25) + 10
        position = self.board.position
        counts = _("Black {black} · White {white} · {empty} empty").format(
            black=position.black_count, white=position.white_count, empty=position.empty_count)
        text.draw_in(surface, counts, 17, theme.text_dim, pygame.Rect(inner.left, inner.bottom - 24, inner.width, 24),
                     "left", "bottom")
        if self.show_hint and not self.solved and not self.solution:
            text.draw_in(surface, _("Hint"), 18, theme.hint, pygame.Rect(inner.left, y, inner.width, 24), "left", "top",
                         bold=True)
            say(text, surface, words.hint(challenge), 19, theme.text_dim, column, y + 26, inner.height, line_gap=1.25)
