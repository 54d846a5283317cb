"""What the review says about a move, the position at the end, and each side's play, in the player's language.

Whole sentences with placeholders (squares, values, names, counts), so
that each language can order them its own way; pure Python, no pygame.
The review scene (``game.scenes.review``) names the players and draws the
lines; ``style`` is ``'title'``, ``'good'``, ``'bad'`` or ``'dim'``.

>>> from game.i18n import use
>>> use("en")
True
>>> verdict_line(MoveVerdict.MISTAKE, 3)
'A mistake: it loses 3 discs.'
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine import Color, Outcome, Position, square_name
from game.i18n import _, ngettext, pgettext

from .analysis import MoveReview, MoveVerdict, PlayerSummary
from .hints import book_note, value_label

Line = tuple[str, str]
"""(text, style)."""


def squares_text(squares: list[int]) -> str:
    """Squares one after another, as the language lists them: ``'d3, c4'``."""
    return pgettext("list separator", ", ").join(square_name(square) for square in squares)


def verdict_line(verdict: MoveVerdict, loss: int) -> str:
    """How bad a weaker move was: ``'A mistake: it loses 3 discs.'``."""
    if verdict is MoveVerdict.BLUNDER:
        words = ngettext("A blunder: it loses {n} disc.", "A blunder: it loses {n} discs.", loss)
    elif verdict is MoveVerdict.MISTAKE:
        words = ngettext("A mistake: it loses {n} disc.", "A mistake: it loses {n} discs.", loss)
    else:
        words = ngettext("Slightly weaker: it loses {n} disc.", "Slightly weaker: it loses {n} discs.", loss)
    return words.format(n=loss)


def move_lines(position: Position, square: int, number: int, player: str, given: bool,
               move: MoveReview | None) -> list[Line]:
    """The comment on move ``number`` (``square``, played by ``player`` from ``position``).

    ``given``: the move was handed in with the game, not played in it (not
    judged); ``move``: its review, ``None`` while it is being analysed.
    """
    title = (_("Move {number}: {player} played {square}").format(number=number, player=player,
                                                                  square=square_name(square)), "title")
    if given:
        return [title, (_("Handed in with the game, not played in it, so it is not judged."), "dim")]
    if move is None:
        return [title, (_("Analysing this move…"), "dim")]
    best, played = value_label(move.best_value), value_label(move.played_value)
    if move.forced:
        margin = _("Final margin {value} for {player} (exact).") if move.exact else \
            _("Final margin {value} for {player} (estimate).")
        return [title, (_("The only legal move."), "dim"), (margin.format(value=played, player=player), "dim")]
    if move.verdict in (MoveVerdict.BEST, MoveVerdict.GOOD) and move.loss <= 0.5:
        words = _("A best move: {value} for {player} (exact).") if move.exact else \
            _("A best move: {value} for {player} (estimate).")
        note = book_note(position, square)  # the panel has room for one more line here
        return [title, (words.format(value=best, player=player), "good"), *([(note, "dim")] if note else [])]
    better = _("Better: {squares} ({best}) instead of {played} (exact).") if move.exact else \
        _("Better: {squares} ({best}) instead of {played} (estimate).")
    serious = move.verdict in (MoveVerdict.MISTAKE, MoveVerdict.BLUNDER)
    return [title,
            (verdict_line(move.verdict, round(move.loss)), "bad" if serious else "dim"),
            (better.format(squares=squares_text(list(move.best[:3])), best=best, played=played), "dim")]


def final_lines(position: Position, name_of: Callable[[Color], str], recorded: tuple[int, int] | None,
                values: dict[int, float]) -> list[Line]:
    """The comment on the last position: the result, or the recorded result, and its best moves."""
    outcome = Outcome.of(position)
    if outcome is not None:
        if outcome.winner is None:
            score = _("A draw: {black}-{white} on the board.")
        else:
            score = _("{player} wins: {black}-{white} on the board.")
        player = "" if outcome.winner is None else name_of(outcome.winner)
        return [(_("The end"), "title"), (score.format(player=player, black=outcome.black, white=outcome.white), "dim")]
    lines = [(_("The position now"), "title")]
    if recorded is not None:
        black, white = recorded
        lines = [(_("The game stopped here"), "title"),
                 (_("Recorded result {black}-{white} (Black-White).").format(black=black, white=white), "dim")]
    if values:
        best = max(values.values())
        squares = squares_text([s for s, v in sorted(values.items()) if v == best])
        lines.append((_("{player} to move: best {squares} ({value}).").format(
            player=name_of(position.to_move), squares=squares, value=value_label(best)), "good"))
    else:
        lines.append((_("Analysing the moves…"), "dim"))
    return lines


def summary_line(player: str, summary: PlayerSummary, none_of_their_own: bool) -> str:
    """One side's play summed up: accuracy, discs lost, mistakes and blunders."""
    if not summary.moves:
        if none_of_their_own:
            return _("{player}: no moves of their own in this game").format(player=player)
        return _("{player}: no moves analysed yet").format(player=player)
    accuracy = _("accuracy {percent}").format(percent=pgettext("percent", "{n}%").format(n=round(summary.accuracy))) \
        if summary.accuracy is not None else _("no choices")
    lost = round(summary.total_loss)
    return _("{player}: {accuracy}, {lost}, {mistakes}, {blunders}").format(
        player=player, accuracy=accuracy, lost=ngettext("lost {n} disc", "lost {n} discs", lost).format(n=lost),
        mistakes=ngettext("{n} mistake", "{n} mistakes", summary.mistakes).format(n=summary.mistakes),
        blunders=ngettext("{n} blunder", "{n} blunders", summary.blunders).format(n=summary.blunders))
