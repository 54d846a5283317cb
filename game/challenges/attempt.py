"""One attempt at a challenge as a play session: the goal judges each move, the exact solver answers.

For the one-move kinds the player's move is judged at once from the exact
move values stored with the challenge: it solves the challenge or fails
the attempt. For "win the endgame" the first move is judged from the
stored values too; after it, the exact solver (``SolverOpponent``) weighs
every position the player leaves, also one where the opponent must pass,
and answers with a best move; the attempt fails the moment a move lets
the opponent escape, and is solved when the game ends in a win. Pure
Python; nothing here imports pygame.
"""

from __future__ import annotations

from game.ai import solve_position
from game.engine import GameRecord, Outcome, Position, opponent_of, square_name
from game.i18n import N_, _, ngettext
from game.play.session import GO_ON, Judge, Move, Opponent, Ruling, Session, Verdict
from game.play.thinking import JobThinking, Thought
from game.play.words import colour_name

from .model import Challenge
from .objectives import meets_goal
from .words import OUTCOME_ESCAPES, OUTCOME_FALLS_SHORT, OUTCOME_SQUARE_ESCAPES, outcome_text

SOLVED = N_("Solved!")
"""The verdict's words when the goal is met (English: ``_()`` it where shown)."""


def _thought(found: tuple[int, list[int], dict[int, int]]) -> Thought:
    score, best, _values = found
    return Thought(best[0] if best else None, score)


class SolverOpponent(Opponent):
    """The exact solver: weighs the position (its value for the side to move) and plays a best move."""

    wait_text = N_("Wait: the solver is answering.")
    weighs_passes = True

    def think(self, session: Session, position: Position) -> JobThinking[tuple[int, list[int], dict[int, int]]]:
        """Start an exact solve of ``position``."""
        return JobThinking(solve_position(position), _thought)


class ChallengeJudge(Judge):
    """A challenge's goal: solved, or the attempt fails with the reason."""

    over_text = N_("Solved! Press Next for another challenge, or Retry to play it again.")

    def __init__(self, challenge: Challenge) -> None:
        self.challenge = challenge

    @property
    def them(self) -> str:
        """The opponent's colour in words (the player's language)."""
        return colour_name(opponent_of(self.challenge.position.to_move))

    def after_move(self, session: Session, move: Move) -> Verdict:
        """One-move kinds: judged now. The endgame: the first move by the stored values, the rest by the solver."""
        challenge = self.challenge
        square = move.square
        if challenge.goal != "win_endgame":
            return self._single(session, square)
        if move.before == challenge.position and not meets_goal(challenge.goal, move.before, square,
                                                                challenge.values[square]):
            return Verdict(Ruling.REJECT, outcome_text(OUTCOME_SQUARE_ESCAPES, challenge.values[square],
                                                       square=square_name(square), other=self.them))
        return GO_ON

    def _single(self, session: Session, square: int) -> Verdict:
        challenge = self.challenge
        value = challenge.values[square]
        if meets_goal(challenge.goal, challenge.position, square, value):
            return Verdict(Ruling.END, _(SOLVED))
        name = square_name(square)
        if challenge.goal == "force_pass":
            after = session.position
            replies = len(after.legal_squares()) if after.to_move != challenge.position.to_move else 0
            why = ngettext("After {square}, {other} still has {n} move.",
                           "After {square}, {other} still has {n} moves.", replies).format(
                square=name, other=self.them, n=replies)
        elif challenge.goal == "no_wipeout":
            why = _("After {square}, perfect play takes every one of your discs.").format(square=name)
        else:
            why = outcome_text(OUTCOME_FALLS_SHORT, value, square=name)
        return Verdict(Ruling.REJECT, why)

    def after_thought(self, session: Session, thought: Thought) -> Verdict:
        """The solver's value of the position the player left: an escape fails the attempt."""
        me = self.challenge.position.to_move
        value = thought.value or 0
        mine = value if session.position.to_move == me else -value
        if mine <= 0:
            return Verdict(Ruling.REJECT, outcome_text(OUTCOME_ESCAPES, int(mine), other=self.them))
        if session.position.to_move == me:
            return Verdict(Ruling.GO_ON, _("{other} has no legal move and passes: your move again.").format(
                other=self.them))
        return GO_ON

    def after_reply(self, session: Session, move: Move) -> Verdict:
        """The solver's move: your turn again, or you must pass."""
        if session.position.to_move == self.challenge.position.to_move:
            return Verdict(Ruling.GO_ON, _("{other} played {square}. Your move.").format(
                other=self.them, square=square_name(move.square)))
        if move.passer is not None:
            return Verdict(Ruling.GO_ON, _("You have no legal move and pass: {other} moves again.").format(
                other=self.them))
        return GO_ON

    def at_end(self, session: Session, outcome: Outcome) -> Verdict:
        """The game is over: a win solves it."""
        if outcome.winner == self.challenge.position.to_move:
            return Verdict(Ruling.END, _(SOLVED))
        return Verdict(Ruling.REJECT, _("The game ended {score}: not a win.").format(
            score=outcome.score_discs))


def attempt(challenge: Challenge) -> Session:
    """A fresh attempt at ``challenge``: the player moves for the side to move; the solver answers."""
    me = challenge.position.to_move
    return Session(GameRecord(challenge.position), SolverOpponent(), ChallengeJudge(challenge),
                   opponent_plays=lambda colour: colour != me, retry_to_start=True)
