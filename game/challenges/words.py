"""A challenge's words, written when shown from a few templates, in the player's language.

The challenge file stores what a challenge *is* (kind, goal, position,
answer, every move's value, the solution line); its title, objective, hint
and explanation follow from that, so they are built here from some thirty
messages with placeholders (squares, counts, scores) instead of being
translated one sentence at a time. The file keeps the English words too
(``tools/make_challenges.py`` writes them with these functions), for the
tools and for anyone reading it. Pure Python, no pygame.

>>> from game.i18n import use
>>> use("en")
True
>>> outcome_text(OUTCOME_WITH_PERFECT_PLAY, 6), outcome_text(OUTCOME_WITH_PERFECT_PLAY, -4)
('With perfect play you win 35-29.', 'With perfect play you lose 30-34.')
"""

from __future__ import annotations

from game.engine import Position, opponent_of, square_name, tournament_split
from game.engine.bitboard import CORNERS
from game.i18n import N_, _, ngettext, sentences
from game.play.words import colour_name

from .model import Challenge, Kind

TITLES: dict[Kind, str] = {
    "corner": N_("Corner lock {number}"),
    "survive": N_("Narrow escape {number}"),
    "pass": N_("Silence {number}"),
    "parity": N_("Last word {number}"),
    "endgame": N_("Endgame {number}"),
}
QUARTERS = (N_("in the top-left quarter"), N_("in the top-right quarter"), N_("in the bottom-left quarter"),
            N_("in the bottom-right quarter"))
"""Where a square is, as a phrase that fits "The winning move is …" and "look …"."""

Outcomes = tuple[str, str, str]
"""One sentence written three times: for a win, a draw and a loss (``{score}`` is filled in)."""
OUTCOME_AGAINST_ANY_DEFENCE: Outcomes = (
    N_("With {square} you win {score} against any defence."),
    N_("With {square} you draw {score} against any defence."),
    N_("With {square} you lose {score} against any defence."),
)
OUTCOME_WITH_PERFECT_PLAY: Outcomes = (
    N_("With perfect play you win {score}."),
    N_("With perfect play you draw {score}."),
    N_("With perfect play you lose {score}."),
)
OUTCOME_OF_THE_REST: Outcomes = (
    N_("Every other move falls short: the best of them, {square}, would win {score}."),
    N_("Every other move falls short: the best of them, {square}, would draw {score}."),
    N_("Every other move falls short: the best of them, {square}, would lose {score}."),
)
OUTCOME_FALLS_SHORT: Outcomes = (
    N_("{square} falls short: with perfect play you would win {score}."),
    N_("{square} falls short: with perfect play you would draw {score}."),
    N_("{square} falls short: with perfect play you would lose {score}."),
)
OUTCOME_SQUARE_ESCAPES: Outcomes = (
    N_("{square} lets {other} escape: with perfect play you would win {score}."),
    N_("{square} lets {other} escape: with perfect play you would draw {score}."),
    N_("{square} lets {other} escape: with perfect play you would lose {score}."),
)
OUTCOME_ESCAPES: Outcomes = (
    N_("That lets {other} escape: with perfect play you would win {score}."),
    N_("That lets {other} escape: with perfect play you would draw {score}."),
    N_("That lets {other} escape: with perfect play you would lose {score}."),
)


def score_text(difference: int) -> str:
    """The final counts (the mover's first) of a disc difference under the tournament rule: ``'37-27'``."""
    mine, theirs = tournament_split(difference)
    return f"{mine}-{theirs}"


def outcome_text(sentences: Outcomes, difference: int, **fields: str) -> str:
    """The sentence for the outcome of ``difference`` (win, draw or loss), translated and filled in."""
    chosen = sentences[0] if difference > 0 else sentences[2] if difference < 0 else sentences[1]
    return _(chosen).format(score=score_text(difference), **fields)


def quarter_of(square: int) -> int:
    """Which quarter of the board ``square`` is in: 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right."""
    row, col = divmod(square, 8)
    return (row >= 4) * 2 + (col >= 4)


def where(square: int) -> str:
    """The quarter of ``square`` as a phrase ("in the top-left quarter")."""
    return _(QUARTERS[quarter_of(square)])


def empty_regions(position: Position) -> list[list[int]]:
    """The empty squares grouped into regions (squares touching, diagonals included), each sorted."""
    empty = set(sq for sq in range(64) if position.color_at(sq) is None)
    regions: list[list[int]] = []
    while empty:
        stack = [empty.pop()]
        region: list[int] = []
        while stack:
            sq = stack.pop()
            region.append(sq)
            row, col = divmod(sq, 8)
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    r, c = row + dr, col + dc
                    if 0 <= r < 8 and 0 <= c < 8 and r * 8 + c in empty:
                        empty.discard(r * 8 + c)
                        stack.append(r * 8 + c)
        regions.append(sorted(region))
    return sorted(regions, key=lambda reg: reg[0])


def second_best(values: dict[int, int], answer: int) -> tuple[int, int]:
    """The best of the moves other than ``answer``, and its value."""
    others = {sq: v for sq, v in values.items() if sq != answer}
    square = max(others, key=lambda sq: (others[sq], -sq))
    return square, others[square]


def number_of(challenge: Challenge) -> int:
    """The challenge's number within its kind, from its id (``'corner-07'`` -> 7)."""
    tail = challenge.id.rsplit("-", 1)[-1]
    return int(tail) if tail.isdigit() else 1


def title(challenge: Challenge) -> str:
    """'Corner lock 7'."""
    return _(TITLES[challenge.kind]).format(number=number_of(challenge))


def _sides(challenge: Challenge) -> dict[str, str]:
    mover = challenge.position.to_move
    return {"colour": colour_name(mover), "other": colour_name(opponent_of(mover))}


def objective(challenge: Challenge) -> str:
    """What to do, in one line: 'Black to play: find the one move that wins.'."""
    goal, kind = challenge.goal, challenge.kind
    if goal == "no_wipeout":
        template = _("{colour} to play: find the only move that avoids a wipeout.")
    elif goal == "not_lose":
        template = _("{colour} to play: find the only move that does not lose.")
    elif goal == "force_pass":
        template = _("{colour} to play: leave {other} without a legal move.")
    elif goal == "win_endgame":
        template = _("{colour} to play: win against perfect play. The computer answers every move.")
    elif kind == "parity":
        template = _("{colour} to play: find the one move that wins. Mind the parity.")
    else:
        template = _("{colour} to play: find the one move that wins.")
    return template.format(**_sides(challenge))


def hint(challenge: Challenge) -> str:
    """A nudge towards the answer (where it is, what to think about)."""
    position, answer, goal = challenge.position, challenge.answer, challenge.goal
    fields = dict(_sides(challenge), where=where(answer))
    if goal == "no_wipeout":
        return _("Most moves let {other} take every disc. Keep one disc {other} can never reach; "
                 "look {where}.").format(**fields)
    if goal == "not_lose":
        return _("All moves but one lose. Think about what each one lets {other} do next; "
                 "the saving move is {where}.").format(**fields)
    if goal == "force_pass":
        return _("{other} needs one of your discs at the far end of a line to move at all. "
                 "Take those lines away; look {where}.").format(**fields)
    if goal == "win_endgame":
        return _("Only one first move wins, and it is {where}. Later, aim to make the last move "
                 "in each region of empty squares.").format(**fields)
    if challenge.kind == "parity":
        regions = empty_regions(position)
        return _("The {empties} empty squares form {regions} regions ({counts} squares). Play into a region "
                 "with an odd count, so the last move there is yours.").format(
            empties=position.empty_count, regions=len(regions), counts=" + ".join(str(len(r)) for r in regions))
    corners = [sq for sq in position.legal_squares() if CORNERS >> sq & 1]
    if len(corners) > 1:
        return ngettext("You can take {n} corner, but only one of them wins. Which corner leaves {other} "
                        "nothing good?",
                        "You can take {n} corners, but only one of them wins. Which corner leaves {other} "
                        "nothing good?", len(corners)).format(n=len(corners), **fields)
    return _("A disc on a corner can never be flipped back. The winning move is {where}.").format(**fields)


def explanation(challenge: Challenge) -> str:
    """Why the answer is the answer, with its outcome and that of the best other move."""
    position, answer, goal = challenge.position, challenge.answer, challenge.goal
    value = challenge.values[answer]
    square = square_name(answer)
    other = _sides(challenge)["other"]
    runner_up, runner_up_value = second_best(challenge.values, answer)
    rest = outcome_text(OUTCOME_OF_THE_REST, runner_up_value, square=square_name(runner_up))
    if goal == "no_wipeout":
        return sentences(_("Only {square} keeps a disc for you to the end; every other move loses all "
                           "your discs.").format(square=square),
                         outcome_text(OUTCOME_WITH_PERFECT_PLAY, value))
    if goal == "not_lose":
        saving = _("{square} is the only move that does not lose: with perfect play it holds the draw.") \
            if value == 0 else _("{square} is the only move that does not lose: with perfect play it even "
                                 "wins {score}.")
        return sentences(saving.format(square=square, score=score_text(value)), rest)
    if goal == "force_pass":
        choices = len(position.play(answer).pass_turn().legal_squares())
        return sentences(
            ngettext("After {square}, {other} has no legal move and must pass, so you move again "
                     "({n} move to choose from).",
                     "After {square}, {other} has no legal move and must pass, so you move again "
                     "({n} moves to choose from).", choices).format(square=square, other=other, n=choices),
            _("It is also a best move here."), outcome_text(OUTCOME_WITH_PERFECT_PLAY, value),
            _("No other move leaves {other} stuck.").format(other=other))
    if goal == "win_endgame":
        line = " ".join(square_name(sq) for sq in challenge.line or (answer,))
        return sentences(_("Only {square} wins at the start. One winning line against best defence: "
                           "{line}.").format(square=square, line=line),
                         outcome_text(OUTCOME_WITH_PERFECT_PLAY, value), rest)
    if challenge.kind == "parity":
        regions = empty_regions(position)
        home = next(region for region in regions if answer in region)
        odd = sum(1 for region in regions if len(region) % 2)
        return sentences(
            ngettext("{square} goes into a region of {size} square ({squares}).",
                     "{square} goes into a region of {size} squares ({squares}).", len(home)).format(
                square=square, size=len(home), squares=" ".join(square_name(sq) for sq in home)),
            ngettext("{odd} of the {regions} regions has an odd count.",
                     "{odd} of the {regions} regions have an odd count.", odd).format(odd=odd, regions=len(regions)),
            _("Taking the odd region leaves an even number behind, so {other} must open each region "
              "for you.").format(other=other),
            outcome_text(OUTCOME_AGAINST_ANY_DEFENCE, value, square=square), rest)
    return sentences(_("{square} takes a corner: no disc there can ever be flipped, so it anchors the edges "
                       "beside it.").format(square=square),
                     outcome_text(OUTCOME_AGAINST_ANY_DEFENCE, value, square=square), rest)
