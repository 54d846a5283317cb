"""How to Play: the rules taught on a live board, one step at a time.

Each step sets up a position and asks for one thing; only the right action
moves on, and every other tap is answered with the reason it is not it
(the board does not change). The player is always Black. Each step is a
play session (``game.play.lesson``): the step is its judge, and White's
scripted reply its opponent. Skip leaves at
any time, back to where the tutorial was opened from (the menu or a game);
the last page has Finish alone. A step once done stays done: Back (and Next
again) shows it as it was left, with Next open. A forced pass is announced
as in a game (the same words, waiting for OK), so the tutorial shows what a
game will do.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.engine import BLACK, Outcome, Position, parse_square
from game.i18n import N_, _, ngettext
from game.play.lesson import LessonJudge, lesson
from game.play.match import MatchSetup, Mode
from game.play.session import Phase, Refusal, RefusalReason, Session
from game.scenes.base import Context
from game.scenes.board_scene import BoardScene
from game.scenes.entries import Entry
from game.scenes.game.panels import pass_message
from game.ui.board_view import Marks
from game.ui.dialog import Dialog
from game.ui.layout import game_layout, is_portrait
from game.ui.session_board import SessionBoard
from game.ui.text_flow import say
from game.ui.widgets import ButtonGroup, button_row, draw_panel, fill_background


def board(*rows: str) -> str:
    """A position text (Black to move) from eight rows of ``X``, ``O`` and ``.``, row 1 first."""
    return "".join(row.replace(" ", "") for row in rows) + " X"


def squares(*names: str) -> frozenset[int]:
    """Square indices from names."""
    return frozenset(parse_square(name) for name in names)


@dataclass(frozen=True)
class Step:
    """One lesson: a position, what to do, and what to say.

    The texts are English, marked with ``N_`` for the catalogs: the scene
    translates them where it shows them (also the judge's refusals and the
    ``between`` words, which come back to it through the session).

    ``targets`` lists the moves that proceed, one set per Black move the step
    asks for (an empty tuple means the step only needs Next). ``refusals``
    explains particular wrong squares; ``reply`` is White's scripted answer.
    """

    title: str
    text: str
    position: str
    targets: tuple[frozenset[int], ...] = ()
    after: str = ""
    refusals: dict[int, str] = field(default_factory=dict)
    refusal: str = N_("Not there: a move must trap white discs in a straight line between it and a black disc.")
    dots: bool = False
    ring: bool = True
    labels: dict[int, str] = field(default_factory=dict)
    reply: int | None = None
    scoring: bool = False
    between: str = ""
    """Said after the first move of a two-move step (the forced pass)."""


START = Position.start().to_text()

STEPS: tuple[Step, ...] = (
    Step(N_("The start"),
         N_("Four discs start in the middle, and Black moves first. Black has four moves: the dotted squares. "
            "Play one of them."),
         START, (squares("d3", "c4", "f5", "e6"),),
         after=N_("Your disc trapped a white disc between itself and another black disc, so it turned black. "
                  "That is a capture. A move must capture at least one disc."),
         dots=True, ring=False),
    Step(N_("A capture"),
         N_("Trap the two white discs in row 4: put a black disc at the other end of the row."),
         board("........", "........", "........", "..XOO...", "........", "........", "........", "........"),
         (squares("f4"),),
         after=N_("Both white discs were between your discs, so both turned black."),
         ring=False),
    Step(N_("Many lines at once"),
         N_("One move can capture along several lines at once. Find the move that captures in three directions."),
         board("........", "........", "........", "...X.X..", "...OO...", "....OOX.", "........", "........"),
         (squares("d6"),),
         after=N_("d6 captured up, diagonally and sideways: four discs in three lines with one move."),
         refusals={parse_square("g7"): N_("g7 captures, but only along one line. Look for a square where "
                                          "three lines of white discs end.")},
         ring=False),
    Step(N_("Gaps and edges"),
         N_("Only one of the marked squares is a legal move. A line with a gap in it, or one that runs into the "
            "edge, traps nothing. Play the one that captures."),
         board("........", ".X......", ".O..OOOO", ".O......", "........", ".X.OO...", "........", "........"),
         (squares("b5"),),
         after=N_("b5 traps b4 and b3 against the black disc on b2."),
         refusals={
             parse_square("f6"): N_("f6 traps nothing: the white line e6, d6 ends in an empty square (a gap), "
                                    "not in a black disc."),
             parse_square("d3"): N_("d3 traps nothing: the white discs run all the way to the edge, with no black "
                                    "disc at the far end."),
         },
         ring=False, labels={parse_square("b5"): "?", parse_square("f6"): "?", parse_square("d3"): "?"}),
    Step(N_("Passing"),
         N_("If you cannot capture anything, you must pass. Play a4 and see what happens to White's turn."),
         "-OOOOOO-X-OO-O--OOOOOOO---OOOO----OOOO-------OO--------O-------- X",
         (squares("a4"), squares("h3", "e6")),
         between=N_("White has no legal move, so White passes: the game says so, as it does in a game, and after "
                    "OK it is your move again. Play one of the dotted squares."),
         after=N_("Passing is never a choice: a side passes only when it has no legal move. The game passes for "
                  "it and tells you."),
         refusals={parse_square("e6"): N_("e6 is legal, but for this lesson play a4.")}),
    Step(N_("The end"),
         N_("The game ends when neither side can move, even with empty squares left. Play Black's last move, b1."),
         board("O.OXXXXO", "XX....XX", "X.X..X.X", "X..XX..X", "X..XX..X", "X.X..X.X", "XX..XXXX",
               "OXXXXXXX"),
         (squares("b1"),),
         after=N_("Neither side can move, so the game is over with 22 empty squares."),
         scoring=True),
    Step(N_("Corners"),
         N_("A disc on a corner can never be flipped: no line can pass over it. Take the corner a1."),
         board(".OOOX...", ".XOX....", "..XOX...", "...XO...", "...OX...", "........", "........", "........"),
         (squares("a1"),),
         after=N_("a1 and the discs it captured along the edge are yours for the rest of the game."),
         refusal=N_("Take the corner: play a1.")),
    Step(N_("Next to a corner"),
         N_("The squares next to an empty corner are dangerous. Play b2 and watch White's answer."),
         board("........", "........", "..O.....", "...XX...", "...OO...", "........", "........", "........"),
         (squares("b2"),),
         after=N_("White took the corner a1 and flipped b2, c3 and d4 back. Playing next to an empty corner "
                  "often hands it to your opponent."),
         refusal=N_("For this lesson, play b2 (the ringed square)."),
         reply=parse_square("a1")),
    Step(N_("You know the rules"),
         N_("Most discs at the end wins. Try the Solo challenges to practise, or play the computer."),
         START),
)


WARNING_MS = 2500
"""How long after a refused square's red flash the words about it stay in the danger colour."""


class TutorialScene(BoardScene):
    """The interactive How to Play."""


    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.board = SessionBoard(ctx, lesson(STEPS[0], Position.start()))
        self.index = 0
        self.kept_steps: dict[int, Session] = {}
        """The steps finished in this visit, as they were left."""
        self.message = ""
        """What the last tap or Next was told (as the session or the step gave it: translated when drawn)."""
        self.now_ms = 0
        self.group = ButtonGroup()

    @property
    def session(self) -> Session:
        """The step being shown, as a session (the board's)."""
        return self.board.session

    @property
    def step(self) -> Step:
        """The current step."""
        return STEPS[self.index]

    @property
    def finished_step(self) -> bool:
        """Whether the step's asked-for moves (and White's reply) have been made."""
        return self.session.phase is Phase.OVER

    @property
    def move_index(self) -> int:
        """How many of the step's asked-for moves have been made."""
        judge = self.session.judge
        assert isinstance(judge, LessonJudge)
        return judge.move_index

    def startup(self, now_ms: int, entry: Entry) -> None:
        """Begin at the first step (leaving goes back to where it was opened: the menu or the game)."""
        self.now_ms = now_ms
        self.kept_steps = {}
        self.index = 0
        super().startup(now_ms, entry)
        self.begin(0)

    def begin(self, index: int) -> None:
        """Show step ``index``: as it was finished, if it was, else set up afresh."""
        if self.finished_step:
            self.kept_steps[self.index] = self.session
        last = self.index == len(STEPS) - 1
        self.index = index
        self.session.stop()
        self.board.bind(self.kept_steps.get(index) or lesson(self.step, Position.from_text(self.step.position)))
        self.message = ""
        if last != (index == len(STEPS) - 1):  # the last page has other buttons
            focus = self.group.focus
            self.layout()
            self.group.focus = focus if focus is not None and focus < len(self.group.buttons) else None

    def layout(self) -> None:
        """A big board, the lesson text beside (or under) it, Skip and Next."""
        width, height = self.ctx.size
        rects = game_layout(self.ctx.size)
        board_rect = rects.board
        if is_portrait(self.ctx.size):
            board_rect = pygame.Rect((width - 620) // 2, 8, 620, 620)
            self.panel = pygame.Rect(16, 636, width - 32, height - 636 - 100)
            row = pygame.Rect(16, height - 88, width - 32, 72)
        else:
            self.panel = pygame.Rect(rects.side.left, rects.side.top, rects.side.width, rects.side.height - 96)
            row = pygame.Rect(rects.side.left, rects.side.bottom - 76, rects.side.width, 72)
        self.board.view = self.ctx.board_view(board_rect)
        # one way out of the last page: Finish (Skip would do the same)
        buttons = [(_("Back"), "back"), (_("Finish"), "next")] if self.index == len(STEPS) - 1 else \
            [(_("Back"), "back"), (_("Skip"), "skip"), (_("Next"), "next")]
        self.group = ButtonGroup(button_row(row, buttons, gap=16, size=26))

    # -- events --------------------------------------------------------------------

    def shortcut(self, event: pygame.event.Event) -> str | None:
        """Escape leaves; Enter goes on once the step is done (and no cursor is on the board to play on)."""
        if event.key == pygame.K_ESCAPE:
            return "skip"
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.finished_step and self.board.cursor is None:
            return "next"
        return None

    def act(self, action: str) -> None:
        """Skip (or Escape) leaves, Back and Next (or Enter) go through the steps."""
        if action == "skip":
            self.leave()
        elif action == "back":
            self.previous_step()
        elif action == "next":
            self.next_step()

    def close_dialog(self, answer: str) -> None:
        """The pass was acknowledged: play goes on."""
        self.dialog = None
        self.session.acknowledge_pass()

    def try_move(self, square: int) -> None:
        """The player taps ``square``: the step's move proceeds, anything else is explained."""
        played = self.board.click(square, self.now_ms)
        if isinstance(played, Refusal):
            if played.reason is not RefusalReason.WAIT:
                self.message = played.text
            return
        self.message = self.session.verdict.text

    def next_step(self) -> None:
        """On to the next step (only once this one is done); after the last, leave."""
        if not self.finished_step:
            self.message = N_("First do what the step asks (above), then press Next.")
            return
        if self.index + 1 < len(STEPS):
            self.begin(self.index + 1)
        else:
            self.leave()

    def previous_step(self) -> None:
        """Back to the step before (set up afresh)."""
        if self.index > 0:
            self.begin(self.index - 1)

    def leave(self) -> None:
        """Back to the menu, or to the game the tutorial was opened from."""
        self.back()

    def _warning(self, now_ms: int) -> bool:
        """Whether the words about a square that cannot be played are still in the danger colour (a while after its
        red flash)."""
        return self.board.bad_square is not None and now_ms < self.board.bad_until_ms + WARNING_MS

    def still(self) -> bool:
        """Whether the frame on screen can stay: the step waits for a move (or is done), nothing moves on the board,
        no question is up and no warning is still to fade; not while White's reply or a pass is on its way."""
        return (self.dialog is None and self.session.phase in (Phase.HUMAN, Phase.OVER)
                and self.session.pending_pass is None and self.board.at_rest(self.now_ms)
                and not self._warning(self.now_ms))

    def update(self, now_ms: int) -> None:
        """White's scripted reply once Black's move has landed; a forced pass announced once it has."""
        self.now_ms = now_ms
        self.board.advance(now_ms, self.ctx.frame.slice_ms, hold=self.dialog is not None)
        passer = self.session.pending_pass
        if passer is not None and self.dialog is None and not self.board.animating(now_ms):
            # the game's own words for the computer's pass: White is the side the tutorial plays
            title, detail = pass_message(MatchSetup(Mode.COMPUTER, BLACK), passer, "")
            self.dialog = Dialog(self.ctx.size, title, detail, [(_("OK"), "ok")], self.ctx.text)

    # -- drawing -------------------------------------------------------------------

    def marks(self) -> Marks:
        """Dots or a ring on the squares the step asks for, and question marks."""
        step = self.step
        asking = self.session.phase is Phase.HUMAN
        marks = self.board.marks(self.now_ms, legal=asking and (step.dots or self.move_index > 0))
        if asking and step.ring and self.move_index == 0:
            marks.best = sorted(step.targets[0])
        if asking:
            marks.hints = dict(step.labels)
        return marks

    def draw(self, surface: pygame.Surface, now_ms: int) -> None:
        """Board, the step's text and the buttons."""
        theme, text = self.ctx.theme, self.ctx.text
        fill_background(surface, theme)
        self.board.draw(surface, self.marks(), now_ms)
        panel = self.panel
        draw_panel(surface, panel, theme)
        inner = panel.inflate(-40, -36)
        step = self.step
        text.draw_in(surface, _("How to play · {step} of {steps}").format(step=self.index + 1, steps=len(STEPS)),
                     18, theme.accent,
                     pygame.Rect(inner.left, inner.top, inner.width, 26), "left", "top", bold=True)
        text.draw_in(surface, _(step.title), 38, theme.text, pygame.Rect(inner.left, inner.top + 30, inner.width, 52),
                     "left", "top", bold=True)
        y = say(text, surface, _(step.text), 23, theme.text, inner, inner.top + 90, 200) + 14
        if self.message:
            colour = theme.danger if self._warning(now_ms) else theme.accent
            y = say(text, surface, _(self.message), 21, colour, inner, y, 150) + 14
        if self.finished_step and step.after and not self.board.animating(now_ms):
            y = say(text, surface, _(step.after), 21, theme.text_dim, inner, y, 150) + 14
            if step.scoring:
                self._draw_scores(surface, pygame.Rect(inner.left, y, inner.width, inner.bottom - y))
        for button in self.group.buttons:
            if button.action == "back":
                button.enabled = self.index > 0
            if button.action == "next":
                button.enabled = self.finished_step and not self.board.animating(now_ms)
                button.primary = button.enabled
                button.label = _("Finish") if self.index == len(STEPS) - 1 else _("Next")
        self.group.draw(surface, text, theme)
        if self.dialog is not None:
            self.dialog.draw(surface, text, theme)

    def _draw_scores(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        theme, text = self.ctx.theme, self.ctx.text
        outcome = Outcome.of(self.board.position)
        assert outcome is not None, "the scoring step shows a finished game"
        black, white = outcome.tournament_counts
        lines = [
            (_("On the board: {black} – {white}").format(black=outcome.black, white=outcome.white),
             _("Count the discs of each colour.")),
            (_("Empties to the winner: {black} – {white}").format(black=black, white=white),
             ngettext("The tournament rule gives the {n} empty square to the winner.",
                      "The tournament rule gives the {n} empty squares to the winner.", outcome.empty).format(
                 n=outcome.empty)),
        ]
        y = rect.top
        for headline, note in lines:
            if rect.bottom - y < 20:
                break
            taken = text.draw_in(surface, headline, 26, theme.text, pygame.Rect(rect.left, y, rect.width,
                                                                                min(34, rect.bottom - y)),
                                 "left", "top", bold=True)
            y = say(text, surface, note, 18, theme.text_dim, rect, taken.bottom + 6, 60) + 12
