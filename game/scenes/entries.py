"""What each scene is opened with: one typed entry per scene, naming the scene it opens.

A scene is opened by handing the app an entry (``Scene.open`` puts it above
the current scene, ``Scene.switch`` in its place); the entry's class says
which scene (``scene``) and its fields are everything that scene needs.
Nothing is handed back: Back closes the scene on top and the one below it,
kept alive all along, carries on where it was (``Scene.resume``).

>>> ReviewEntry(GameRecord()).scene
'review'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from game.engine import Color, GameRecord, Outcome, Position
from game.i18n import N_
from game.play.match import MatchSetup, Mode
from game.play.rating import RatingChange
from game.scenes import names

if TYPE_CHECKING:
    from game.trainer.openings import TrainingOpening  # the trainer's modules load when it opens


@dataclass(frozen=True)
class Entry:
    """The base of every scene's entry: ``scene`` is the name of the scene it opens.

    An entry that sets ``menu_label`` is an item of the main menu (at ``menu_order``, lower higher up, with
    ``menu_subtitle`` under it): the menu reads the entries, so it imports no scene it does not open.
    """

    scene: ClassVar[str]
    menu_label: ClassVar[str | None] = None
    menu_order: ClassVar[int] = 100
    menu_subtitle: ClassVar[str] = ""


@dataclass(frozen=True)
class MenuEntry(Entry):
    """The main menu (the bottom of the stack)."""

    scene = names.MENU


@dataclass(frozen=True)
class NewGameEntry(Entry):
    """Choosing a colour, a clock and a level before a game against the computer (from ``start``, a position's
    text, when one was set up; else the standard start; ``record``: moves from there to play on from, a
    transcript's, with ``message`` said as the game opens)."""

    start: str | None = None
    record: GameRecord | None = None
    message: str = ""

    scene = names.NEW_GAME


@dataclass(frozen=True)
class GameEntry(Entry):
    """A match: its set-up, and the record it continues (a saved game, a pasted one, a review's position)."""

    setup: MatchSetup = field(default_factory=MatchSetup)
    record: GameRecord | None = None
    resume: bool = False
    """The record is this match's own (a saved game continued), not moves handed in (practice)."""
    clocks: tuple[int, int] | None = None
    """(Black, White) milliseconds left, for a saved game with clocks."""
    message: str = ""
    """A toast to show as the game opens."""

    scene = names.GAME


@dataclass(frozen=True)
class AskNewGameEntry(Entry):
    """Before ``then`` replaces the game in progress: ask first (the menu's question)."""

    then: GameEntry

    scene = names.ASK_NEW_GAME


@dataclass(frozen=True)
class ResultsEntry(Entry):
    """A game that ended: the one played here (with its ``outcome``), or a finished record handed in."""

    setup: MatchSetup
    record: GameRecord
    outcome: Outcome | None = None
    counted: bool = False
    """Whether the game went into the statistics."""
    rating: RatingChange | None = None
    """What the game did to the player's rating (``None``: an unrated game, or one not counted)."""

    scene = names.RESULTS


@dataclass(frozen=True)
class ReviewEntry(Entry):
    """A game to review, shown from position ``index``."""

    record: GameRecord
    setup: MatchSetup = field(default_factory=lambda: MatchSetup(Mode.TWO))
    index: int = 0
    recorded: tuple[int, int] | None = None
    """The final (Black, White) discs the game's record gives (a library game's), to check the replay against."""
    outcome: Outcome | None = None
    """How the game ended, when it ended here (its files say so: a resignation, a loss on time)."""
    players: tuple[str, str] | None = None
    """(Black's, White's) names, when the game comes with them (a library game, a GGF file)."""

    scene = names.REVIEW


@dataclass(frozen=True)
class AnalysisEntry(Entry):
    """A position to analyse until stopped."""

    position: Position

    scene = names.ANALYSIS


@dataclass(frozen=True)
class ExplorerEntry(Entry):
    """The opening explorer at ``moves`` from the start, or at a set-up ``position``."""

    moves: Sequence[int] = ()
    position: Position | None = None

    scene = names.EXPLORER


@dataclass(frozen=True)
class EditorEntry(Entry):
    """Setting up a position: the one handed in, else the one set up last."""

    position: Position | None = None

    scene = names.EDITOR
    menu_label = N_("Set up a position")
    menu_order = 50
    menu_subtitle = N_("Place discs, then play or analyse")


@dataclass(frozen=True)
class TranscriptEntry(Entry):
    """Transcripts and game files: the game handed in, else the one in progress, else the last finished."""

    record: GameRecord | None = None
    outcome: Outcome | None = None
    """How the game handed in ended, when known: its GGF result is the outcome's, not worked out again."""
    players: tuple[str, str] | None = None
    """(Black's, White's) names for the game handed in, written into its GGF (``PB``, ``PW``)."""

    scene = names.TRANSCRIPT
    menu_label = N_("Transcript")
    menu_order = 55
    menu_subtitle = N_("Review the last game, or type or paste one")


@dataclass(frozen=True)
class ChallengesEntry(Entry):
    """The list of solo challenges, at one kind (the one just played) or where it was."""

    kind: str | None = None

    scene = names.CHALLENGES
    menu_label = N_("Solo challenges")
    menu_order = 30
    menu_subtitle = N_("Puzzles from real games, checked by the solver")


@dataclass(frozen=True)
class ChallengeEntry(Entry):
    """One solo challenge by its id (the first if unknown)."""

    challenge_id: str

    scene = names.CHALLENGE


@dataclass(frozen=True)
class TutorialEntry(Entry):
    """How to play, from its first step."""

    scene = names.TUTORIAL
    menu_label = N_("How to play")
    menu_order = 40
    menu_subtitle = N_("Learn the rules on a live board")


@dataclass(frozen=True)
class TrainerEntry(Entry):
    """The opening trainer's list, playing ``colour``; a line handed in (``moves`` or ``position``) heads it."""

    colour: Color | None = None
    moves: Sequence[int] | None = None
    position: Position | None = None

    scene = names.TRAINER
    menu_label = N_("Opening trainer")
    menu_order = 35
    menu_subtitle = N_("Answer the masters' main lines, judged by the book")


@dataclass(frozen=True)
class TrainerPlayEntry(Entry):
    """Training one line: a named opening, or the line at ``moves`` / ``position`` (the explorer's)."""

    colour: Color
    opening: TrainingOpening | None = None
    moves: Sequence[int] | None = None
    position: Position | None = None

    scene = names.TRAINER_PLAY


@dataclass(frozen=True)
class LibraryEntry(Entry):
    """The library of master games, where it was left."""

    scene = names.LIBRARY
    menu_label = N_("Library")
    menu_order = 36
    menu_subtitle = N_("Master games, world finals, opening explorer")


@dataclass(frozen=True)
class StatsEntry(Entry):
    """The statistics."""

    scene = names.STATS
    menu_label = N_("Statistics")
    menu_order = 60
    menu_subtitle = N_("Results by level, and your rating")


@dataclass(frozen=True)
class SettingsEntry(Entry):
    """The settings."""

    scene = names.SETTINGS
    menu_label = N_("Settings")
    menu_order = 70
    menu_subtitle = N_("Language, dots, hints, animation, sound, theme, scoring")


ENTRY_TYPES: dict[str, type[Entry]] = {
    entry.scene: entry
    for entry in (MenuEntry, NewGameEntry, GameEntry, ResultsEntry, ReviewEntry, AnalysisEntry,
                  ExplorerEntry, EditorEntry, TranscriptEntry, ChallengesEntry, ChallengeEntry, TutorialEntry,
                  TrainerEntry, TrainerPlayEntry, LibraryEntry, StatsEntry, SettingsEntry)
}
"""Each screen's entry type, by the scene's name (the question before a new game is opened only by
``Scene.start_game``, never by name)."""
