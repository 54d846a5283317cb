"""Solo challenges: the list (by kind and difficulty, with solved marks and stars) and the challenge itself.

A challenge is a position and a goal. For the one-move kinds the player's
move is judged at once from the exact move values stored with the
challenge; for "win the endgame" the exact solver answers each move,
a slice per frame through a ``Job``, and the attempt fails the moment a
move lets the opponent escape. Progress (stars, solutions seen) is saved
through the storage interface after every change.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ai import Job, solve_position
from game.challenges import (
    DIFFICULTY_NAMES,
    KIND_BLURBS,
    KIND_NAMES,
    KINDS,
    PROGRESS_KEY,
    Challenge,
    ChallengeError,
    Kind,
    Progress,
    load_challenges,
    meets_goal,
    outcome_words,
)
from game.engine import COLOR_NAMES, Color, opponent_of, square_name
from game.scenes.base import Context, Scene
from game.scenes.names import CHALLENGE, CHALLENGES
from game.ui.board_play import BoardPlay
from game.ui.board_view import Marks, spinner
from game.ui.layout import game_layout, is_portrait
from game.ui.widgets import Button, ButtonGroup, button_row, draw_panel, fill_background

REPLY_MIN_MS = 450
"""The solver's reply appears no sooner than this, so the player sees the move land."""
SOLUTION_STEP_MS = 900
"""Time between moves when the solution plays itself out."""

_LOADED: list[Challenge] | None = None
_LOAD_ERROR = ""


def shipped_challenges() -> tuple[list[Challenge], str]:
    """The challenges file, read once; on a broken file an empty list and the reason."""
    global _LOADED, _LOAD_ERROR
    if _LOADED is None:
        try:
            _LOADED = load_challenges()
        except (OSError, ChallengeError) as exc:
            _LOADED, _LOAD_ERROR = [], f"The challenges could not be loaded: {exc}"
    return _LOADED, _LOAD_ERROR


def load_progress(ctx: Context) -> Progress:
    """The saved progress (a corrupt file is set aside with a message)."""
    progress = ctx.documents.load(PROGRESS_KEY, Progress.from_json, "challenge progress") or Progress()
    ctx.flush_storage_messages()
    return progress


def save_progress(ctx: Context, progress: Progress) -> None:
    """Store the progress."""
    ctx.documents.save(PROGRESS_KEY, progress.to_json(), "challenge progress")
    ctx.flush_storage_messages()


def draw_stars(surface: pygame.Surface, centre: tuple[int, int], count: int, size: int,
               lit: tuple[int, int, int], unlit: tuple[int, int, int]) -> None:
    """Three five-pointed stars, ``count`` of them filled in ``lit``, the others outlined in ``unlit``."""
    import math

    for i in range(3):
        cx = centre[0] + (i - 1) * size * 1.15
        points = []
        for k in range(10):
            radius = size / 2 if k % 2 == 0 else size / 4.6
            angle = -math.pi / 2 + k * math.pi / 5
            points.append((cx + radius * math.cos(angle), centre[1] + radius * math.sin(angle)))
        if i < count:
            pygame.draw.polygon(surface, lit, points)
        else:  # an empty star as a clear outline (a dark fill vanished on the tiles)
            pygame.draw.polygon(surface, unlit, points, width=2)


# -- the list ----------------------------------------------------------------------


class ChallengeListScene(Scene):
    """Every challenge of one kind, in rows by difficulty, with a tab per kind."""

    menu_label = "Solo challenges"
    menu_order = 30
    menu_subtitle = "Puzzles from real games, checked by the solver"

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.kind: Kind = KINDS[0]
        self.progress = Progress()
        self.group = ButtonGroup()
        self.tiles: list[tuple[Button, Challenge]] = []

    def startup(self, now_ms: int, persist: dict[str, Any]) -> None:
        """Open on the kind handed in (the one just played) or the first; load the progress."""
        kind = persist.get("kind")
        if kind in KINDS:
            self.kind = kind
        self.progress = load_progress(self.ctx)
        super().startup(now_ms, persist)
        challenges, error = shipped_challenges()
        if error:
            self.ctx.toast(error, error=True, ms=8000)

    def challenges_of(self, kind: Kind) -> list[Challenge]:
        """The challenges of a kind, easiest first."""
        return [c for c in shipped_challenges()[0] if c.kind == kind]

    def layout(self) -> None:
        """Kind tabs across the top, tiles below grouped by difficulty, Back at the bottom."""
        width, height = self.ctx.size
        portrait = is_portrait(self.ctx.size)
        margin = 24
        labels = [(KIND_NAMES[k], f"kind:{k}") for k in KINDS]
        self.ctx.toast_area = pygame.Rect(margin, 4, width - 2 * margin, 102)  # over the title, not the tabs
        if portrait:
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
        columns = 6 if not portrait else 3
        tile_w = (width - 2 * margin - 200 * (not portrait) - (columns - 1) * 12) // columns
        tile_h = 96
        y = tab_row.bottom + 70
        self.rows: list[tuple[int, str]] = []
        left = margin + (200 if not portrait else 0)
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
                self.tiles.append((Button(rect, challenge.title, f"play:{challenge.id}", size=20), challenge))
            y += ((len(group) + columns - 1) // columns) * (tile_h + 12) + 18
        back = pygame.Rect((width - 320) // 2, height - 96, 320, 68)
        buttons = tabs + [tile for tile, _ in self.tiles] + button_row(back, [("Back", "back")], size=24)
        self.group = ButtonGroup(buttons, columns=1)

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
            self.go(CHALLENGE, challenge_id=action.removeprefix("play:"))

    def draw(self, surface: pygame.Surface, now_ms: int) -> None:
        """Title, progress, tabs and tiles (solved ones ticked, with their stars)."""
        theme, text = self.ctx.theme, self.ctx.text
        fill_background(surface, theme)
        width = self.ctx.size[0]
        text.draw(surface, "Solo challenges", 46, theme.text, (width // 2, 46), "center", True)
        all_challenges = shipped_challenges()[0]
        solved = sum(self.progress.is_solved(c.id) for c in all_challenges)
        summary = (f"{solved} of {len(all_challenges)} solved · {self.progress.total_stars()} of "
                   f"{3 * len(all_challenges)} stars")
        text.draw(surface, summary, 20, theme.text_dim, (width // 2, 88), "center")
        blurb_y = 202 if not is_portrait(self.ctx.size) else 262
        text.draw(surface, KIND_BLURBS[self.kind], 21, theme.text, (width // 2, blurb_y), "center")
        for y, name in self.rows:
            if is_portrait(self.ctx.size):
                text.draw(surface, name, 22, theme.text_dim, (24, y), "topleft", True)
            else:
                text.draw(surface, name, 24, theme.text_dim, (40, y), "midleft", True)
        for index, button in enumerate(self.group.buttons):
            tile = next((c for b, c in self.tiles if b is button), None)
            if tile is None:
                button.draw(surface, text, theme, focused=index == self.group.focus)
            else:
                self._draw_tile(surface, button, tile, index == self.group.focus)

    def _draw_tile(self, surface: pygame.Surface, button: Button, challenge: Challenge, focused: bool) -> None:
        theme, text = self.ctx.theme, self.ctx.text
        rect = button.rect
        solved = self.progress.is_solved(challenge.id)
        fill = theme.button_hover if button.hovered or button.pressed else theme.button
        pygame.draw.rect(surface, fill, rect, border_radius=12)
        edge = theme.accent if solved else theme.panel_edge
        pygame.draw.rect(surface, edge, rect, width=2, border_radius=12)
        if focused:
            pygame.draw.rect(surface, theme.cursor, rect.inflate(8, 8), width=3, border_radius=16)
        size = text.fit_size(challenge.title, 20, rect.width - 44, bold=True)
        text.draw(surface, challenge.title, size, theme.text, (rect.left + 14, rect.top + 12), "topleft", True)
        text.draw(surface, challenge.mover, 15, theme.text_dim, (rect.left + 14, rect.top + 40), "topleft")
        if solved:
            text.draw(surface, "✓", 26, theme.accent, (rect.right - 12, rect.top + 6), "topright", True)
        elif challenge.id in self.progress.seen_solution:
            text.draw(surface, "seen", 14, theme.text_dim, (rect.right - 12, rect.top + 12), "topright")
        draw_stars(surface, (rect.centerx, rect.bottom - 20), self.progress.stars.get(challenge.id, 0), 20,
                   theme.accent, theme.text_dim)


# -- one challenge -------------------------------------------------------------------


class ChallengeScene(Scene):
    """Solve one challenge: objective, hint, retry, show solution, next, and the explanation."""

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.challenge: Challenge | None = None
        self.board = BoardPlay(ctx)
        self.progress = Progress()
        self.phase = "play"
        """'play' (your move), 'reply' (the solver answers), 'solved', 'failed' or 'solution'."""
        self.wrong_tries = 0
        self.used_hint = False
        self.show_hint = False
        self.message = ""
        self.earned = 0
        self.job: Job[tuple[int, list[int], dict[int, int]]] | None = None
        self.reply: int | None = None
        self.reply_due_ms = 0
        self.solution_step = 0
        self.auto_solution = True
        self.next_step_ms = 0
        self.now_ms = 0
        self.group = ButtonGroup()

    # -- life cycle --------------------------------------------------------------

    def startup(self, now_ms: int, persist: dict[str, Any]) -> None:
        """Open the challenge named in ``persist['challenge_id']`` (the first one if unknown)."""
        self.now_ms = now_ms
        self.progress = load_progress(self.ctx)
        challenges, _ = shipped_challenges()
        wanted = persist.get("challenge_id")
        chosen = next((c for c in challenges if c.id == wanted), challenges[0] if challenges else None)
        super().startup(now_ms, persist)
        if chosen is None:
            self.go(CHALLENGES)
            return
        self.open(chosen)

    def cleanup(self) -> dict[str, Any]:
        """Stop the solver before leaving."""
        self._cancel_job()
        return super().cleanup()

    def open(self, challenge: Challenge) -> None:
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
        self._cancel_job()
        self.board.reset(self.challenge.position)
        self._set_phase("play")
        self.message = "Try again." if self.wrong_tries else ""

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
        self.board.view = self.ctx.board_view(board_rect)
        if self.phase == "solution":  # the solution line can be stepped through
            top = button_row(rows[0], [("< Move", "sol_prev"), ("Move >", "sol_next"), ("Retry", "retry")])
        else:
            top = button_row(rows[0], [("Hint", "hint"), ("Retry", "retry"), ("Solution", "solution")])
        bottom = button_row(rows[1], [("All challenges", "list"), ("Next", "next")])
        self.group = ButtonGroup(top + bottom, columns=3)

    # -- events ------------------------------------------------------------------

    def get_event(self, event: pygame.event.Event) -> None:
        """Buttons, the board and shortcut keys."""
        action = self.group.handle(event) if event.type != pygame.KEYDOWN else None
        if action is not None:
            self.act(action)
            return
        if event.type == pygame.KEYDOWN and self.phase == "solution" and event.key in (pygame.K_LEFT,
                                                                                      pygame.K_RIGHT):
            self.step_solution(-1 if event.key == pygame.K_LEFT else 1)
            return
        if event.type == pygame.KEYDOWN:
            shortcut = {pygame.K_h: "hint", pygame.K_r: "retry", pygame.K_s: "solution", pygame.K_n: "next",
                        pygame.K_ESCAPE: "list"}
            if event.key in shortcut:
                self.act(shortcut[event.key])
                return
        square = self.board.pick(event)
        if square is not None:
            self.try_move(square)

    def act(self, action: str) -> None:
        """Carry out a button's action."""
        if action == "hint":
            self.show_hint = True
            if self.phase in ("play", "reply", "failed"):
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
            self._cancel_job()
            self.go(CHALLENGES, kind=self.challenge.kind if self.challenge else None)

    def open_next(self) -> None:
        """The next challenge in the list (after the last, the first)."""
        challenges, _ = shipped_challenges()
        if not challenges or self.challenge is None:
            return
        index = next(i for i, c in enumerate(challenges) if c.id == self.challenge.id)
        self.open(challenges[(index + 1) % len(challenges)])

    def try_move(self, square: int) -> None:
        """The player's move: judged against the goal (one-move kinds) or answered by the solver (endgame)."""
        challenge = self.challenge
        if challenge is None or self.phase in ("reply", "solution"):
            return
        if self.phase == "failed":
            self.retry()  # a click after a wrong try starts the next try
        elif self.phase == "solved":
            self.message = "Solved! Press Next for another challenge, or Retry to play it again."
            return
        if self.board.animating(self.now_ms) or self.board.position.to_move != challenge.position.to_move:
            return
        position = self.board.position
        if not position.is_legal(square):
            self.board.flash_bad(square, self.now_ms)
            name = square_name(square)
            taken = position.color_at(square) is not None
            self.message = (f"{name} is already taken." if taken else
                            f"{name} is not a legal move: a move must outflank at least one disc.")
            return
        self.message = ""
        first_move = not self.board.record.moves()
        self.board.play(square, self.now_ms)
        if challenge.goal != "win_endgame":
            self._judge_single(square)
        elif first_move and not meets_goal(challenge.goal, position, square, challenge.values[square]):
            self._fail(f"{square_name(square)} lets {self._them()} escape: with perfect play you would "
                       f"{outcome_words(challenge.values[square])}.")
        else:
            self._after_endgame_move()

    def _them(self) -> str:
        assert self.challenge is not None
        return COLOR_NAMES[opponent_of(self.challenge.position.to_move)]

    def _judge_single(self, square: int) -> None:
        challenge = self.challenge
        assert challenge is not None
        value = challenge.values[square]
        if meets_goal(challenge.goal, challenge.position, square, value):
            self._solve()
            return
        name = square_name(square)
        if challenge.goal == "force_pass":
            replies = len(self.board.position.legal_squares()) if self.board.position.to_move != \
                challenge.position.to_move else 0
            self._fail(f"After {name}, {self._them()} still has {replies} move{'s' if replies != 1 else ''}.")
        elif challenge.goal == "no_wipeout":
            self._fail(f"After {name}, perfect play takes every one of your discs.")
        else:
            self._fail(f"{name} falls short: with perfect play you would {outcome_words(value)}.")

    def _fail(self, why: str) -> None:
        self.phase = "failed"
        self.wrong_tries += 1
        self._cancel_job()
        self.message = why + " Play on the board or press Retry to try again."

    def _solve(self) -> None:
        assert self.challenge is not None
        self.phase = "solved"
        self.earned = self.progress.record_solve(self.challenge.id, self.wrong_tries == 0, self.used_hint)
        save_progress(self.ctx, self.progress)
        self.message = "Solved!"

    def show_solution(self) -> None:
        """Give up: replay the solution from the start, then explain."""
        challenge = self.challenge
        if challenge is None:
            return
        self._cancel_job()
        if self.phase != "solved":
            self.progress.record_solution_seen(challenge.id)
            save_progress(self.ctx, self.progress)
        self.board.reset(challenge.position)
        self.solution_step = 0
        self.auto_solution = True
        self._set_phase("solution")
        self.next_step_ms = self.now_ms + 300
        self.message = ""

    def _set_phase(self, phase: str) -> None:
        """Change the phase; the buttons change with the solution phase."""
        relayout = (phase == "solution") != (self.phase == "solution")
        self.phase = phase
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

    # -- the solver's side (endgame) ---------------------------------------------------

    def _after_endgame_move(self) -> None:
        """After any move in an endgame: finished, or ask the solver about the new position."""
        record = self.board.record
        if record.is_over():
            result = record.result()
            assert result is not None and self.challenge is not None
            if result.winner == self.challenge.position.to_move:
                self._solve()
            else:
                self._fail(f"The game ended {result.score_discs}: not a win.")
            return
        self.phase = "reply"
        position = record.position
        self.job = solve_position(position)
        self.reply = None
        self.reply_due_ms = self.now_ms + REPLY_MIN_MS

    def _cancel_job(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None
        self.reply = None

    def _advance_reply(self, now_ms: int) -> None:
        challenge = self.challenge
        assert challenge is not None
        me: Color = challenge.position.to_move
        if self.job is not None:
            found = self.job.advance(self.ctx.frame.slice_ms)
            if found is None:
                return
            self.job = None
            score, best, _ = found
            position = self.board.position
            mine = score if position.to_move == me else -score
            if mine <= 0:
                self._fail(f"That lets {self._them()} escape: with perfect play you would "
                           f"{outcome_words(mine)}.")
                return
            if position.to_move == me:
                self.phase = "play"
                self.message = f"{self._them()} has no legal move and passes: your move again."
                return
            self.reply = best[0]
        if self.reply is not None and now_ms >= self.reply_due_ms and not self.board.animating(now_ms):
            square, self.reply = self.reply, None
            before = self.board.record.ply
            self.board.play(square, now_ms)
            passed = self.board.record.ply > before + 1
            if self.board.record.is_over():
                self._after_endgame_move()
            elif self.board.position.to_move == me:
                self.phase = "play"
                self.message = f"{self._them()} played {square_name(square)}. Your move."
            else:
                self.message = f"You have no legal move and pass: {self._them()} moves again." if passed else ""
                self._after_endgame_move()

    # -- time ----------------------------------------------------------------------

    def update(self, now_ms: int) -> None:
        """The solver's reply, the solution playing out, and animations."""
        self.now_ms = now_ms
        animating = self.board.animating(now_ms)
        if self.phase == "reply":
            self._advance_reply(now_ms)
        elif self.phase == "solution" and self.auto_solution and not animating and now_ms >= self.next_step_ms:
            line = self.solution_line()
            if self.solution_step < len(line):
                self.board.play(line[self.solution_step], now_ms)
                self.solution_step += 1
                self.next_step_ms = now_ms + SOLUTION_STEP_MS

    # -- drawing -------------------------------------------------------------------

    def marks(self) -> Marks:
        """Dots on your turn; the answer ringed while the solution plays."""
        marks = self.board.marks(self.now_ms, legal=self.phase == "play")
        if self.phase == "solution" and self.challenge is not None and self.solution_step == 0:
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
        kind_line = f"{KIND_NAMES[challenge.kind]} · {challenge.difficulty_name}"
        text.draw(surface, kind_line, 18, theme.accent, (header.left, header.top + 8), "topleft", True)
        draw_stars(surface, (header.right - 50, header.top + 18), self.progress.stars.get(challenge.id, 0), 22,
                   theme.accent, theme.text_dim)
        size = text.fit_size(challenge.title, 36, header.width, bold=True)
        text.draw(surface, challenge.title, size, theme.text, (header.left, header.top + 38), "topleft", True)
        icon = self.board.view.disc_icon(challenge.position.to_move, 30) if self.board.view else None
        objective_rect = pygame.Rect(header.left + 40, header.top + 92, header.width - 40, 96)
        if icon is not None:
            surface.blit(icon, (header.left, header.top + 92))
        text.draw_wrapped(surface, challenge.objective, 22, theme.text, objective_rect, bold=True)
        self._draw_panel(surface, now_ms)
        for button in self.group.buttons:
            button.enabled = self._enabled(button.action)
            button.primary = (button.action == "next" and self.phase in ("solved", "solution")) or (
                button.action == "retry" and self.phase == "failed")
        self.group.draw(surface, text, theme)

    def _enabled(self, action: str) -> bool:
        if action == "hint":
            return not self.show_hint
        if action == "retry":
            return self.phase != "play" or bool(self.board.record.moves())
        if action == "solution":
            return self.phase != "solution"
        if action == "sol_prev":
            return self.solution_step > 0
        if action == "sol_next":
            return self.phase == "solution" and self.solution_step < len(self.solution_line())
        return True

    def _draw_panel(self, surface: pygame.Surface, now_ms: int) -> None:
        theme, text = self.ctx.theme, self.ctx.text
        challenge = self.challenge
        assert challenge is not None
        panel = self.panel
        draw_panel(surface, panel, theme)
        inner = panel.inflate(-36, -32)
        y = inner.top
        if self.phase == "solved":
            text.draw(surface, "Solved!", 34, theme.accent, (inner.left, y), "topleft", True)
            draw_stars(surface, (inner.right - 52, y + 18), self.earned, 28, theme.accent, theme.text_dim)
            y += 50
            y = text.draw_wrapped(surface, challenge.explanation, 19, theme.text,
                                  pygame.Rect(inner.left, y, inner.width, inner.height), line_gap=1.25) + 8
        elif self.phase == "solution":
            text.draw(surface, "Solution", 30, theme.accent, (inner.left, y), "topleft", True)
            y += 44
            if self.solution_step >= len(self.solution_line()) and not self.board.animating(now_ms):
                y = text.draw_wrapped(surface, challenge.explanation, 19, theme.text,
                                      pygame.Rect(inner.left, y, inner.width, inner.height), line_gap=1.25) + 8
            else:
                moves = " ".join(square_name(sq) for sq in self.solution_line()[: self.solution_step])
                y = text.draw_wrapped(surface, f"Playing it out: {moves}…" if moves else
                                      f"The answer is {square_name(challenge.answer)}.", 20, theme.text,
                                      pygame.Rect(inner.left, y, inner.width, 80))
        else:
            if self.phase == "reply":
                spinner(surface, (inner.left + 10, y + 12), 10, theme.accent, now_ms)
                text.draw(surface, f"{self._them()} is answering with perfect play…", 20, theme.text,
                          (inner.left + 30, y + 12), "midleft")
                y += 40
            elif self.phase == "play" and not self.message:
                turn = "Your move" if self.board.record.moves() else "Your move: choose a square with a dot"
                text.draw(surface, turn + ".", 20, theme.text_dim, (inner.left, y), "topleft")
                y += 36
            if self.message:
                colour = theme.danger if self.phase == "failed" else theme.text
                y = text.draw_wrapped(surface, self.message, 20, colour,
                                      pygame.Rect(inner.left, y, inner.width, 120), line_gap=1.25) + 10
        position = self.board.position
        counts = (f"Black {position.black_count} · White {position.white_count} · "
                  f"{position.empty_count} empty")
        text.draw(surface, counts, 17, theme.text_dim, (inner.left, inner.bottom), "bottomleft")
        if self.show_hint and self.phase not in ("solved", "solution"):
            text.draw(surface, "Hint", 18, theme.hint, (inner.left, y), "topleft", True)
            y += 26
            text.draw_wrapped(surface, challenge.hint, 19, theme.text_dim,
                              pygame.Rect(inner.left, y, inner.width, inner.bottom - y), line_gap=1.25)
