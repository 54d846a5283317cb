"""The results: who won and why, the score under both rules, rematch or back to the menu.

Everything shown is read from the game's ``Outcome`` (``game.engine``), built once by its session, in the
play area's words (``game.play.words``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from game.engine import BLACK, WHITE, Color, EndReason, GameRecord, Outcome
from game.i18n import N_, _, ngettext
from game.play.levels import level_for, level_title
from game.play.match import MatchSetup, Mode
from game.play.rating import RatingChange
from game.play.words import colour_name, explanation_text, reason_text, score_text
from game.scenes.base import Context, Scene
from game.scenes.entries import Entry, GameEntry, ResultsEntry, ReviewEntry
from game.ui.board_view import Marks
from game.ui.layout import game_layout, is_low, is_portrait
from game.ui.widgets import ButtonGroup, button_row, draw_panel, fill_background

RESULT_ACTIONS: list[tuple[str, str]] = [(N_("Rematch"), "rematch"), (N_("Review"), "review"), (N_("Menu"), "menu")]
"""The results scene's buttons (labels marked: translated when laid out)."""


@dataclass(frozen=True)
class Summary:
    """Everything the results screen says, worked out once."""

    headline: str
    reason: str
    main_score: str
    main_rule: str
    other_score: str
    other_rule: str
    explanation: str
    winner: Color | None


def summarise(setup: MatchSetup, record: GameRecord, outcome: Outcome | None, headline_rule: str) -> Summary:
    """The words and numbers for a game that ended (by the rules, a resignation or a loss on time).

    Without an ``outcome`` (a record that has not ended) it shows the discs on the board and no winner.
    """
    position = record.position
    if outcome is None:
        discs = score_text(f"{position.black_count}-{position.white_count}")
        return Summary(_("It's a draw"), "", discs, _("Discs on the board"), "", "", "", None)
    winner = outcome.winner
    if outcome.by_rules:
        reason = reason_text(outcome.reason)
        if outcome.reason is EndReason.WIPEOUT:
            loser = WHITE if outcome.white == 0 else BLACK
            reason = _("{colour} has no discs left.").format(colour=colour_name(loser))
        explanation = explanation_text(outcome) if outcome.rules_differ else ""
    else:
        reason = stopped_reason(setup, outcome.stopped, outcome.reason is EndReason.RESIGNATION, len(record.moves),
                                position.empty_count)
        if outcome.reason is EndReason.RESIGNATION:
            explanation = _("A resignation counts as a loss, whatever the discs say.")
        else:
            explanation = _("Running out of time counts as a loss, whatever the discs say.")
    if winner is None:
        headline = _("It's a draw")
    elif setup.mode is Mode.COMPUTER:
        headline = _("You win!") if winner == setup.human else _("The computer wins")
    else:
        headline = _("{colour} wins! ({player})").format(colour=colour_name(winner), player=setup.player_name(winner))
    discs = score_text(outcome.score_discs)
    if not outcome.by_rules:
        return Summary(headline, reason, discs, _("Discs on the board when play stopped"), "", "", explanation,
                       winner)
    if not outcome.rules_differ:
        return Summary(headline, reason, discs, _("Discs on the board"), "", "", explanation, winner)
    tournament = (score_text(outcome.score_tournament), _("Empty squares to the winner"))
    on_board = (discs, _("Discs on the board"))
    (main, main_rule), (other, other_rule) = (on_board, tournament) if headline_rule == "discs" else (tournament,
                                                                                                      on_board)
    return Summary(headline, reason, main, main_rule, other, other_rule, explanation, winner)


def stopped_reason(setup: MatchSetup, stopped: Color | None, resigned: bool, moves: int, empty: int) -> str:
    """Who stopped play (resigned or ran out of time), after how many moves, with how many squares empty."""
    if setup.mode is Mode.COMPUTER:
        who = _("You") if stopped == setup.human else _("The computer")
    elif stopped is not None:
        who = _("{colour} ({player})").format(colour=colour_name(stopped), player=setup.player_name(stopped))
    else:
        who = ""
    after = ngettext("{n} move", "{n} moves", moves).format(n=moves)
    still = ngettext("{n} square", "{n} squares", empty).format(n=empty)
    if resigned:
        words = _("{who} resigned after {moves}, with {squares} still empty.")
    else:
        words = _("{who} ran out of time after {moves}, with {squares} still empty.")
    return words.format(who=who, moves=after, squares=still)


def rating_lines(change: RatingChange) -> tuple[str, str]:
    """What a rated game did to the rating, as the card says it: ``'Rating +697 → 1897'``, then the ``±``.

    The change is between the rounded ratings, so the two numbers add up as read; a fall has a minus sign.
    """
    after = change.after
    signed = change.signed.replace("-", "\u2212")  # the minus sign, as wide as the plus
    headline = _("Rating {change} → {rating}").format(change=signed, rating=f"{after.rating:.0f}")
    deviation = f"{after.deviation:.0f}"
    if after.provisional:
        note = ngettext("± {deviation} after {n} rated game: provisional, the ± narrows as you play.",
                        "± {deviation} after {n} rated games: provisional, the ± narrows as you play.",
                        after.games)
    else:
        note = ngettext("± {deviation} after {n} rated game.", "± {deviation} after {n} rated games.", after.games)
    return headline, note.format(deviation=deviation, n=after.games)


def practice_note(setup: MatchSetup) -> str:
    """Why a game was not counted, in the player's words: where it started."""
    if setup.start is not None:
        return _("A practice game from a set-up position: not counted in the statistics.")
    return ngettext("A practice game, played on after {n} move handed in: not counted in the statistics.",
                    "A practice game, played on after {n} moves handed in: not counted in the statistics.",
                    setup.given).format(n=setup.given)


class ResultsScene(Scene):
    """Shown after the last move (or a resignation)."""

    changes_only_on_input = True

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.setup = MatchSetup()
        self.record = GameRecord()
        self.outcome: Outcome | None = None
        self.counted = False
        self.rating: RatingChange | None = None
        """What this game did to the rating, shown on the card (``None``: an unrated game)."""
        self.group = ButtonGroup()

    def startup(self, now_ms: int, entry: Entry) -> None:
        """Show the game that ended: its ``outcome`` (the session's; a finished record handed in has its own).

        Nothing is saved here: a game played here was saved when it ended (``GameScene._on_end``).
        """
        assert isinstance(entry, ResultsEntry)
        self.setup = entry.setup
        self.record = entry.record
        outcome = entry.outcome
        self.outcome = outcome if isinstance(outcome, Outcome) else Outcome.of(self.record.position)
        self.counted = entry.counted
        self.rating = entry.rating if entry.counted else None
        super().startup(now_ms, entry)

    def summary(self) -> Summary:
        """The results in words (the headline rule from the settings)."""
        return summarise(self.setup, self.record, self.outcome, self.ctx.settings.headline)

    @property
    def stopped(self) -> bool:
        """Whether play was stopped by a player (a resignation or a loss on time), not the rules."""
        return self.outcome is not None and not self.outcome.by_rules

    def layout(self) -> None:
        """Board on one side, the results card on the other (taller in landscape when it shows the rating)."""
        rects = game_layout(self.ctx.size)
        if is_portrait(self.ctx.size):
            width, height = self.ctx.size
            self.view = self.ctx.board_view(pygame.Rect((width - 640) // 2, 16, 640, 640))
            self.card = pygame.Rect(16, 672, width - 32, height - 672 - 116)
            row = pygame.Rect(16, height - 100, width - 32, 76)
        elif is_low(self.ctx.size):  # the card from the side's top to the buttons at the board's foot
            self.view = self.ctx.board_view(rects.board)
            row = pygame.Rect(rects.side.left, rects.side.bottom - 60, rects.side.width, 60)
            self.card = pygame.Rect(rects.side.left, rects.side.top, rects.side.width, row.top - 12 - rects.side.top)
        else:
            self.view = self.ctx.board_view(rects.board)
            row = pygame.Rect(rects.side.left, rects.side.bottom - 80, rects.side.width, 72)
            top = rects.side.top + 40
            height = 470 if self.rating is None else min(470 + 90, row.top - 24 - top)  # room for the rating
            self.card = pygame.Rect(rects.side.left, top, rects.side.width, height)
        labels = [(_(label), action) for label, action in RESULT_ACTIONS]
        self.group = ButtonGroup(button_row(row, labels, gap=16, size=26))
        self.group.buttons[0].primary = True
        self.group.focus = 0

    def get_event(self, event: pygame.event.Event) -> None:
        """Rematch or menu."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.home()
            return
        action = self.group.handle(event)
        if action == "rematch":
            self.switch(GameEntry(self.rematch_setup()))
        elif action == "menu":
            self.home()
        elif action == "review":
            self.open(ReviewEntry(self.record, self.setup, outcome=self.outcome))

    def rematch_setup(self) -> MatchSetup:
        """Two players swap colours; against the computer you keep your choice (random is drawn again)."""
        setup = self.setup.rematch()
        if setup.mode is Mode.TWO:
            return setup.swapped()
        if self.ctx.settings.colour == "random":
            return replace(setup, human=self.ctx.rng.choice((BLACK, WHITE)))
        return setup

    def draw(self, surface: pygame.Surface, now_ms: int) -> None:
        """The final board and the results card."""
        theme, text = self.ctx.theme, self.ctx.text
        fill_background(surface, theme)
        self.view.draw(surface, self.record.position, Marks(last_move=self.record.last_move))
        summary = self.summary()
        card = self.card
        draw_panel(surface, card, theme, radius=18)
        inner = card.inflate(-48, 0)

        def row(top: int, height: int) -> pygame.Rect:
            return pygame.Rect(inner.left, top, inner.width, height)

        def paragraph(line: str, size: int, top: int, height: int) -> int:
            """``line`` wrapped into the card from ``top``; the y under it."""
            taken = text.draw_in(surface, line, size, theme.text_dim, row(top, height), valign="top", wrap=True,
                                 line_gap=1.3)
            return taken.bottom + 2

        tight = is_low(self.ctx.size)  # a phone on its side: the same lines, closer and a little smaller
        y = card.top + (16 if tight else 28)
        size = text.fit_size(summary.headline, 36 if tight else 44, inner.width, bold=True)
        text.draw_in(surface, summary.headline, size, theme.accent, row(y, size + 8), valign="top", bold=True)
        y += size + 12
        y = paragraph(summary.reason, 20, y, 60)
        moves = len(self.record.moves)
        passes = len(self.record.played) - moves
        length = ngettext("{n} move", "{n} moves", moves).format(n=moves)
        if passes:
            length = ngettext("{moves}, {n} pass", "{moves}, {n} passes", passes).format(moves=length, n=passes)
        if moves and not self.stopped:
            text.draw_in(surface, length, 18, theme.text_dim, row(y, 24), valign="top")
        y += 26 if tight else 34
        icon = self.view.disc_icon(BLACK, 40)
        score_size = 44 if tight else 56
        score_rect = text.draw_in(surface, summary.main_score, score_size, theme.text, row(y, score_size + 12),
                                  valign="top", bold=True, smallest=30)
        surface.blit(icon, icon.get_rect(midright=(score_rect.left - 18, score_rect.centery)))
        surface.blit(self.view.disc_icon(WHITE, 40),
                     icon.get_rect(midleft=(score_rect.right + 18, score_rect.centery)))
        y = score_rect.bottom + 4
        text.draw_in(surface, summary.main_rule, 18, theme.text_dim, row(y, 24), valign="top")
        y += 26 if tight else 30
        if self.stopped:
            y = paragraph(summary.explanation, 18, y, 60)
        if summary.other_score:
            other = _("{rule}: {score}").format(rule=summary.other_rule, score=summary.other_score)
            text.draw_in(surface, other, 22, theme.text, row(y, 30),
                         valign="top", bold=True)
            y += 28 if tight else 32
            y = paragraph(summary.explanation, 18, y, 60)
            if not (tight and self.rating is not None):  # low on room, the rating's words come first
                note = _("Headline rule: change it in Settings.")
                text.draw_in(surface, note, 16, theme.text_dim, row(y + 4, 22), valign="top")
                y += 26
        foot = self._foot_line(inner.width)  # at the card's foot: the practice note or the tallies
        foot_top = card.bottom - 58
        if tight and foot:  # only as high as its lines: what is over it (the rating's note) may take the rest
            foot_top = card.bottom - 12 - 24 * len(text.wrap(foot, 18, inner.width))
        if self.rating is not None:
            self._draw_rating(surface, self.rating, pygame.Rect(inner.left, y, inner.width, foot_top - 4 - y))
        if foot:
            text.draw_in(surface, foot, 18, theme.text_dim, row(foot_top, card.bottom - foot_top - 8), valign="top",
                         wrap=True, line_gap=1.3)
        self.group.draw(surface, text, theme)

    def _foot_line(self, width: int) -> str:
        """The card's last words: why the game does not count, or the tallies against this level and colour."""
        if not self.setup.counts:
            return practice_note(self.setup)
        if self.setup.mode is not Mode.COMPUTER:
            return ""
        level = level_for(self.setup)
        tally = self.ctx.stats.tally(level.name, self.setup.human)
        against = _("Against {level} as {colour}:").format(level=level_title(level.name),
                                                           colour=colour_name(self.setup.human))
        tallies = _("{won} won, {lost} lost, {drawn} drawn").format(won=tally.won, lost=tally.lost, drawn=tally.drawn)
        line = f"{against} {tallies}"  # else two lines, broken where the sentence is
        return line if self.ctx.text.width(line, 18) <= width else f"{against}\n{tallies}"

    def _draw_rating(self, surface: pygame.Surface, change: RatingChange, space: pygame.Rect) -> None:
        """The rating's change and its new value, low in the card's free ``space`` (over the tallies)."""
        theme, text = self.ctx.theme, self.ctx.text
        headline, note = rating_lines(change)
        size = text.fit_size(headline, 28, space.width, bold=True, smallest=18)
        note_height = min(48, max(0, space.height - size - 14))
        top = max(space.top, space.bottom - size - 10 - note_height)
        colour = theme.accent if change.change > 0 else theme.text
        text.draw_in(surface, headline, size, colour, pygame.Rect(space.left, top, space.width, size + 8),
                     valign="top", bold=True, smallest=16)
        if note_height >= text.assets.font(16).get_height():
            text.draw_in(surface, note, 16, theme.text_dim,
                         pygame.Rect(space.left, top + size + 10, space.width, note_height), valign="top",
                         wrap=True, line_gap=1.2)
