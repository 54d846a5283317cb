"""The Transcript screen's words, in the player's language: its buttons, its status line and its messages.

Kept out of ``game.scenes.transcript`` (a scene module stays short); the
players' names in files stay as they are (English "Black" and "White" when
a game has none, as GGF files have them).
"""

from __future__ import annotations

from game.engine import BLACK, WHITE, GameRecord
from game.i18n import N_, _, ngettext, pgettext
from game.play.words import colour_name
from game.records.formats import GgfGame
from game.records.openings import opening_name
from game.ui.text import full_stop

PLACEHOLDER = N_("Type or paste a game, e.g. f5 d6 c3 d3 c4")
"""What the empty box says (marked: translated where drawn)."""
TOOLS = [(N_("Paste"), "paste"), (N_("Clear"), "clear"), (N_("Copy"), "copy"), (N_("Copy GGF"), "copy_ggf")]
BROWSER_TOOLS = [(N_("Download"), "download")]
DESKTOP_TOOLS = [(N_("Save…"), "save"), (N_("Open…"), "open")]
USES = [(N_("Review"), "review"), (N_("Two players"), "two"), (N_("Play the computer"), "computer")]
"""The rows of buttons (labels marked: ``labels`` translates them when laid out)."""


def labels(row: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A row of (marked label, action) with the labels in the player's language."""
    return [(_(label), action) for label, action in row]


def nothing_changed(reason: str) -> str:
    """A reason a text or a file was refused, and that nothing was changed."""
    return _("{reason} Nothing was changed.").format(reason=full_stop(reason))


def replayed(moves: int) -> str:
    """The toast when a game handed in as text is played on."""
    if not moves:
        return _("Playing from the position given.")
    return ngettext("Replayed {n} move. Undo steps back through it.",
                    "Replayed {n} moves. Undo steps back through them.", moves).format(n=moves)


def status_line(record: GameRecord | None, error: str, ggf: GgfGame | None, ggf_count: int) -> tuple[str, bool]:
    """What the line under the box says (the error, or what the text holds), and whether it is an error."""
    if error:
        return nothing_changed(error[0].upper() + error[1:]), True
    if record is None:
        return _("Moves are checked as you type. Enter opens the review."), False
    moves = len(record.moves)
    parts = [ngettext("{n} move, all legal", "{n} moves, all legal", moves).format(n=moves)]
    if ggf is not None:
        black, white = ggf.black or colour_name(BLACK), ggf.white or colour_name(WHITE)
        if ggf.result:
            players = _("GGF: {black} vs {white}, result {result}").format(black=black, white=white, result=ggf.result)
        else:
            players = _("GGF: {black} vs {white}").format(black=black, white=white)
        if ggf_count > 1:
            players = _("{players} (the first of {count} games)").format(players=players, count=ggf_count)
        parts.insert(0, players)
    name = opening_name(record.moves, record.start)
    if name:
        parts.append(_("opening: {name}").format(name=pgettext("opening", name)))
    if record.is_over():
        result = record.result
        if result is not None:
            parts.append(_("game over ({black}-{white})").format(black=result.black, white=result.white))
    else:
        parts.append(_("{colour} to move").format(colour=colour_name(record.position.to_move)))
    return full_stop(pgettext("list separator", "; ").join(parts)), False
