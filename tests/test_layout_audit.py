"""The layout audit (issue 21): every scene, in the states that matter, on each logical surface, in both themes.

Each state is drawn once with the text renderer recording (``TextRenderer.record``): every text with
its rect, the box it was given, its colour and size, and the colour under it just before it was drawn;
every button and toast with its rect. The audit then fails on

- text outside its box, or outside the screen (or the sprite it was drawn on);
- text that overlaps a button it does not belong to, and a toast over a button or a text;
- text whose contrast with what is behind it is under 4.5:1 (3:1 for large text: 24 px bold, 30 px
  and up), by WCAG's relative luminance.

The states carry the long cases: the longest level name, a custom level, the longest opening name of
``game/data/openings.txt``, a 30-character player name and four-digit statistics. A frame is drawn per
state; no game is played through.
"""

from __future__ import annotations

import functools
import tempfile
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.ai import Limits
from game.ai.levels import LEVELS
from game.challenges.model import load_challenges
from game.engine import BLACK, WHITE, GameRecord, Outcome, Position, opponent_of
from game.i18n import pgettext
from game.platform.storage import MemoryStorage
from game.play.levels import level_title
from game.play.match import MatchSetup
from game.play.rating import MAX_HISTORY, PlayerRating, RatingChange, my_level
from game.play.stats import Tally
from game.records.openings import DATA_FILE, parse_table
from game.records.wthor import WthorGame
from game.scenes.entries import (
    AnalysisEntry,
    ChallengeEntry,
    ChallengesEntry,
    EditorEntry,
    ExplorerEntry,
    GameEntry,
    LibraryEntry,
    NewGameEntry,
    ResultsEntry,
    ReviewEntry,
    SettingsEntry,
    StatsEntry,
    TrainerEntry,
    TranscriptEntry,
    TutorialEntry,
)
from game.scenes.new_game import LEVEL_ROWS
from game.ui.drawn import DrawnText, Recording
from game.ui.layout import PHONE, PHONE_LANDSCAPE, is_low, is_portrait, text_floor
from game.ui.line_breaks import split_ideographs
from game.ui.text import drawable
from game.ui.theme import RGB
from game.ui.widgets import TIGHT_LABEL_MARGIN, Button, ButtonGroup
from tests.app_driver import Player
from tests.test_scenes import BLOCKED_39_3
from tests.test_trainer import click_square, open_trainer

SIZES = ((1280, 800), (720, 1280), PHONE, PHONE_LANDSCAPE)
"""Each logical surface the app draws on, by a window of its size. A smaller window of the same shape (the desktop's
640 x 400) draws the same surface scaled (``App.map_event`` maps its clicks; ``tests/test_scenes.py``), so auditing
it again found nothing new."""
THEMES = ("classic", "contrast")

LONGEST_LEVEL = max(LEVELS, key=lambda level: len(level.name))
LONGEST_OPENING = max(parse_table(DATA_FILE.read_text(encoding="utf-8")), key=lambda o: len(o.name))
LONG_NAME = "Maximilian Alexander Fitzgeral"
assert len(LONG_NAME) == 30
PASS_GAME = "d3c3e6d2d1e1b2"
WIPEOUT_GAME = "d3c3b3d2e1d6d7e3f4"  # Black wipes White out on the ninth move


# -- what the audit checks --------------------------------------------------


def luminance(colour: RGB) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio of two colours, from 1 to 21."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def needed_contrast(drawn: DrawnText) -> float:
    """4.5:1, or 3:1 for large text (24 px bold, 30 px and up)."""
    return 3.0 if drawn.size >= 30 or (drawn.bold and drawn.size >= 24) else 4.5


def problems_in(recording: Recording, screen: pygame.Surface, toast_area: pygame.Rect | None) -> list[str]:
    """Everything wrong with one recorded frame, in words."""
    found: list[str] = []
    screen_rect = screen.get_rect()
    texts = [t for t in recording.texts if t.rect.width > 0 and t.shown.strip()]
    buttons = [w for w in recording.widgets if w.kind == "button" and w.target is screen]
    toasts = [w for w in recording.widgets if w.kind == "toast" and w.target is screen]
    floor = text_floor(screen.get_size())
    for t in texts:
        where = f"{t.shown!r} ({t.size} px at {tuple(t.rect)})"
        if t.size < floor:
            found.append(f"{where} is smaller than this layout's smallest readable size, {floor} px")
        if cut_short(t.text, t.shown):
            found.append(f"{where} is cut short of {t.text!r}")
        bounds = screen_rect if t.target is screen else t.target.get_rect()
        if not bounds.contains(t.rect):
            found.append(f"{where} runs off the {'screen' if t.target is screen else 'sprite'}")
        if t.box is not None and not t.box.contains(t.rect):
            found.append(f"{where} leaves its box {tuple(t.box)}")
        if t.background is not None and contrast(t.colour, t.background) < needed_contrast(t):
            found.append(f"{where} has contrast {contrast(t.colour, t.background):.2f} "
                         f"({t.colour} on {t.background})")
        if t.target is not screen:
            continue
        for w in buttons:
            own = t.box is not None and w.rect.contains(t.box)
            if w.layer == t.layer and not own and t.rect.colliderect(w.rect):
                found.append(f"{where} overlaps the button {w.label!r} {tuple(w.rect)}")
        for toast in toasts:
            inside = toast_area is not None and toast_area.contains(t.rect)
            if t.layer < toast.layer and not inside and t.rect.colliderect(toast.rect):
                found.append(f"the toast {tuple(toast.rect)} covers the text {where}")
    for toast in toasts:
        for w in buttons:
            if w.layer < toast.layer and toast.rect.colliderect(w.rect):
                found.append(f"the toast {tuple(toast.rect)} covers the button {w.label!r}")
    pieces: dict[tuple[str, tuple[int, ...]], list[str]] = {}
    for t in texts:  # a text wrapped in its box is drawn a line at a time: together they must say all of it
        if t.box is not None and t.target is screen:
            pieces.setdefault((t.text, tuple(t.box)), []).append(t.shown)
    for (whole_text, box), shown in pieces.items():
        if len(shown) > 1 and dropped_words(whole_text, shown):
            found.append(f"{whole_text!r} shows only {shown} in its box {box}")
    rows: dict[tuple[int, int], dict[int, str]] = {}
    for w in buttons:  # one size a row of controls (issue 47, item 9): a smaller name reads as a lesser choice
        for t in texts:
            if t.text == w.label and t.box is not None and w.rect.contains(t.box):
                rows.setdefault((w.rect.top, w.rect.height), {})[t.size] = w.label
    for (top, _height), sizes in rows.items():
        if len(sizes) > 1:
            found.append(f"the controls at y={top} are in {len(sizes)} sizes: {sorted(sizes.items())}")
    for w in buttons:  # a label at its button's edge looks cut (issue 47, item 8: "Play the computer", "Rematch")
        for t in texts:
            if t.text == w.label and t.box is not None and w.rect.contains(t.box):
                room = min(t.rect.left - w.rect.left, w.rect.right - t.rect.right)
                if room < (MIN_LABEL_ROOM if t.size > max(CROWDED_LABEL_SIZE, floor) else TIGHT_LABEL_MARGIN):
                    found.append(f"the label {w.label!r} is {room} px from its button's edge {tuple(w.rect)}")
    for w in buttons:
        lines = [t for t in texts if t.text == w.label and t.box is not None and w.rect.contains(t.box)]
        if lines and len(w.label) <= LONGEST_WORDS_LABEL and not whole(w.label, [t.shown for t in lines]):
            found.append(f"the button {w.label!r} shows only {[t.shown for t in lines]} ({lines[0].size} px)")
    return found


def cut_short(text: str, shown: str) -> bool:
    """Whether words were cut short with an ellipsis ("…played in…"): never a sentence, a name or a placeholder.

    The players' and files' names the states made long on purpose (``LONG_NAME``) are data, which may be cut.
    """
    # a line of a wrapped text may end at the text's own ellipsis ("is thinking…" before the speed): not a cut
    ellipsis = shown.rstrip().endswith("…") and shown.strip() not in text
    return ellipsis and LONG_NAME not in text and LONG_NAME[::-1] not in text


def dropped_words(text: str, lines: list[str]) -> bool:
    """Whether ``lines``, drawn one under another, leave out some of ``text`` (a last line that did not fit)."""
    said = "".join("".join(lines).split()).replace("…", "")
    whole_text = "".join(text.split()).replace("…", "")
    return len(said) < len(whole_text) and LONG_NAME not in text and LONG_NAME[::-1] not in text


MIN_LABEL_ROOM = 10
"""Pixels at least between a button's label and its left and right edges (a label shrunk to
``CROWDED_LABEL_SIZE`` or less may have ``TIGHT_LABEL_MARGIN``: a long word in a row of five)."""
CROWDED_LABEL_SIZE = 14
"""A label this size or smaller, or at the layout's text floor (the phone's), is crowded (it could shrink no more)."""
LONGEST_WORDS_LABEL = 40
"""Button labels up to this long are words (an action, a level, a challenge) and must show whole; longer ones
are data (a game's players and event, a file's name) that may be cut short, the tooltip showing them all."""


def whole(label: str, shown: list[str]) -> bool:
    """Whether the lines ``shown`` are all of ``label``: nothing cut short, and each line break where a line
    may break (between words, or between Japanese and Chinese characters), never inside a word."""
    text = drawable(label)
    if "".join("".join(line.split()) for line in shown) != "".join(text.split()):
        return False
    breaks, position = set(), 0
    for unit in (unit for word in text.split() for unit in split_ideographs(word)):
        position += len(unit)
        breaks.add(position)
    position = 0
    for line in shown[:-1]:
        position += len("".join(line.split()))
        if position not in breaks:
            return False
    return True


# -- the states ------------------------------------------------------------


def open_entry(entry: object) -> Callable[[Player], None]:
    """A state: the scene of ``entry``, opened over the menu."""
    def setup(player: Player) -> None:
        player.app.scene.open(entry)  # type: ignore[arg-type]
        player.frame()
    return setup


def mid_game_with_a_clock(player: Player) -> None:
    """The computer at the longest-named level thinking, clocks on, engine output on."""
    player.app.ctx.settings.engine_output = True
    setup = MatchSetup("computer", WHITE, LONGEST_LEVEL.index, clock=300, increment=3)
    player.app.scene.open(GameEntry(setup, GameRecord.from_transcript("f5d6c3d3c4f4f6")))
    player.frame()
    player.frame()


def custom_level_game(player: Player) -> None:
    """A game against a custom level, its opening the longest name, the computer to move."""
    record = GameRecord.from_transcript("".join(square_names(LONGEST_OPENING.moves)))
    setup = MatchSetup("computer", opponent_of(record.position.to_move), custom="time:1", clock=60)
    player.app.scene.open(GameEntry(setup, record))
    player.frame()


def square_names(squares: tuple[int, ...]) -> list[str]:
    from game.engine import square_name
    return [square_name(s) for s in squares]


def pass_dialog(player: Player) -> None:
    """A two-player game where Black must pass: the announcement is up."""
    player.app.scene.open(GameEntry(MatchSetup("two", BLACK), GameRecord.from_transcript(PASS_GAME)))
    player.frame()
    player.click_square("c1")
    player.run_until(lambda: getattr(player.app.scene, "dialog", None) is not None)


def results(outcome_of: Callable[[GameRecord], Outcome], transcript: str = "", start: str | None = None,
            setup: MatchSetup | None = None, rating: RatingChange | None = None) -> Callable[[Player], None]:
    """The results after a game that ended by ``outcome_of`` (and moved the rating by ``rating``)."""
    def state(player: Player) -> None:
        record = GameRecord.from_transcript(transcript, Position.from_text(start) if start else None)
        chosen = setup or MatchSetup("computer", BLACK, custom="time:1", start=start)
        player.app.scene.open(ResultsEntry(chosen, record, outcome_of(record), counted=True, rating=rating))
        player.frame()
    return state


def by_rules(record: GameRecord) -> Outcome:
    outcome = Outcome.of(record.position)
    assert outcome is not None
    return outcome


def full_board_record() -> str:
    """A whole game to a full board: the long transcript, played out."""
    from tests.test_transcripts import LONG_GAME
    record = GameRecord.from_transcript(LONG_GAME)
    while not record.is_over():
        record.play(record.position.legal_squares()[0])
    return record.transcript


def review_with_summary(player: Player) -> None:
    """The review of a short game, analysed to the end: the summary is shown."""
    setup = MatchSetup("computer", WHITE, LONGEST_LEVEL.index)
    player.app.scene.open(ReviewEntry(GameRecord.from_transcript(WIPEOUT_GAME), setup, index=9))
    player.frame()
    analysis = player.app.scene.analysis  # type: ignore[attr-defined]
    while analysis is not None and not analysis.done:
        analysis.advance(200)
    player.frame()


def library_with_results(player: Player) -> None:
    """The library showing search results with 30-character player names."""
    player.app.scene.open(LibraryEntry())
    player.frame()
    scene = player.app.scene
    games = [WthorGame(i, 2010 - i, "World Championship - 2010 and a long event name", LONG_NAME, LONG_NAME[::-1],
                       40 + i, 24 - i, "f5d6c3d3c4f4f6f3e6e7") for i in range(8)]
    scene.mode, scene.page = "search", 0  # type: ignore[attr-defined]
    scene.results, scene.total = games, 1234  # type: ignore[attr-defined]
    scene.heading = f"1,234 games, newest first · {LONGEST_OPENING.name}"  # type: ignore[attr-defined]
    scene.choose(games[0])  # type: ignore[attr-defined]
    scene.layout()
    player.frame()


def trainer_feedback(player: Player) -> None:
    """The opening trainer after a weak answer: the feedback and the value labels on the discs."""
    player.app.ctx.settings.hints = "values"
    scene = open_trainer(player, "Tiger", WHITE)
    click_square(player, scene, "g5")
    player.frame()


def statistics(player: Player) -> None:
    """Four-digit statistics at every level, and at a custom one."""
    stats = player.app.ctx.stats
    for level in LEVELS:
        for colour in ("X", "O"):
            stats.vs_computer[stats.key(level.name, colour)] = Tally(1234, 5678, 9012, 64)
    stats.vs_computer[stats.key("Custom (1 s a move)", "X")] = Tally(1000, 2000, 3000, 12)
    stats.two_player_games = 4321
    player.app.scene.open(StatsEntry())
    player.frame()


def menu_with_a_saved_game(player: Player) -> None:
    """The menu with a game to continue, last played at a custom level."""
    player.app.ctx.settings.custom = "time:1"
    player.app.scene.open(GameEntry(MatchSetup("computer", BLACK, custom="time:1")))
    player.frame()
    player.click_square("f5")
    player.app.scene.home()
    player.frame()


RATED_LOSS = RatingChange(PlayerRating(3999.6, 349.4, 1), PlayerRating(3000.2, 349.4, 2))
"""The longest rating change a card can show: four digits each side, a provisional ±, plural games."""

STATES: dict[str, Callable[[Player], None]] = {
    "menu": lambda player: None,
    "menu with a saved game": menu_with_a_saved_game,
    "new game": open_entry(NewGameEntry()),
    "game with a clock and engine output": mid_game_with_a_clock,
    "game at a custom level, longest opening": custom_level_game,
    "pass dialog": pass_dialog,
    "results: board full": results(by_rules, full_board_record()),
    "results: wipeout": results(by_rules, WIPEOUT_GAME),
    "results: blocked": results(by_rules, start=BLOCKED_39_3),
    "results: resignation": results(lambda r: Outcome.resignation(r.position, BLACK), "f5d6"),
    "results: time, rated": results(lambda r: Outcome.time(r.position, BLACK), "f5d6c3",
                                    setup=MatchSetup("computer", BLACK, LONGEST_LEVEL.index, clock=60),
                                    rating=RATED_LOSS),
    "results: both rules, rated": results(by_rules, setup=MatchSetup("computer", BLACK, LONGEST_LEVEL.index),
                                          start=BLOCKED_39_3, rating=RATED_LOSS),
    "review with its summary": review_with_summary,
    "library with results": library_with_results,
    "explorer on the longest opening": open_entry(ExplorerEntry(LONGEST_OPENING.moves)),
    "trainer feedback": trainer_feedback,
    "trainer list": open_entry(TrainerEntry()),
    "editor": open_entry(EditorEntry()),
    "settings": open_entry(SettingsEntry()),
    "statistics, four digits": statistics,
    "transcript": open_entry(TranscriptEntry()),
    "challenges": open_entry(ChallengesEntry()),
    "tutorial": open_entry(TutorialEntry()),
    "analysis": open_entry(AnalysisEntry(Position.start())),
}

TOAST = "Opened the shared game (59 moves). Undo steps back through it, and Redo steps forward again."


def recorded(player: Player, name: str, with_toast: bool = True) -> Recording:
    """Draw ``name``'s state once from the menu (with a toast up, or none), recording."""
    player.app.scene.home()
    player.frame()
    STATES[name](player)
    ctx = player.app.ctx
    ctx.toasts.clear()
    if with_toast:
        ctx.toasts.show(TOAST, ms=60_000)
    return player.recorded_frame()


def audit_state(player: Player, name: str, with_toast: bool) -> list[str]:
    """Draw ``name``'s state once, recording, and return what is wrong with it."""
    recording = recorded(player, name, with_toast)
    return problems_in(recording, player.app.surface, player.app.ctx.toasts.area)


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_scene_fits_its_text_and_is_readable(player_factory, size: tuple[int, int], theme: str) -> None:
    player = player_factory(MemoryStorage(), window_size=size)
    player.app.ctx.settings.theme = theme
    failures: list[str] = []
    for name in STATES:
        for problem in audit_state(player, name, with_toast=True):
            failures.append(f"{name} @ {size[0]}x{size[1]} {theme}: {problem}")
    assert not failures, f"{len(failures)} problems:\n" + "\n".join(failures)


# -- the audit itself catches what it must ------------------------------------


def test_the_audit_sees_text_off_its_box_low_contrast_and_overlap(player_factory) -> None:
    player = player_factory(MemoryStorage())
    text, surface = player.app.ctx.text, player.app.surface
    text.begin_frame(surface)
    recording = text.record()
    surface.fill((250, 250, 250))
    text.draw(surface, "white on white", 20, (255, 255, 255), (100, 100))
    text.draw(surface, "off the screen", 20, (0, 0, 0), (1270, 100))
    button = Button(pygame.Rect(400, 400, 200, 60), "Undo", "undo")
    ButtonGroup([button]).draw(surface, text, player.app.ctx.theme)
    text.draw(surface, "over a button", 20, (0, 0, 0), (420, 410))
    text.recording = None
    problems = problems_in(recording, surface, None)
    assert any("'white on white'" in p and "contrast" in p for p in problems)
    assert any("'off the screen'" in p and "runs off" in p for p in problems)
    assert any("'over a button'" in p and "overlaps the button 'Undo'" in p for p in problems)
    assert not any("'Undo'" in p.split(" overlaps")[0] for p in problems)


def test_draw_in_shrinks_then_shortens_and_never_leaves_its_box(player_factory) -> None:
    player = player_factory(MemoryStorage())
    text, surface = player.app.ctx.text, player.app.surface
    text.begin_frame(surface)
    recording = text.record()
    box = pygame.Rect(100, 100, 160, 30)
    sentence = "Against Custom (1 s a move) as White: 0 won, 1 lost, 0 drawn"
    rect = text.draw_in(surface, sentence, 24, (255, 255, 255), box)
    wrapped = text.draw_in(surface, sentence * 3, 24, (255, 255, 255), pygame.Rect(100, 200, 300, 60), wrap=True)
    text.recording = None
    assert box.contains(rect) and pygame.Rect(100, 200, 300, 60).contains(wrapped)
    first = recording.texts[0]
    assert first.size == 13 and first.shown.endswith("…")
    assert [full for _, full in text.marks.shortened] == [sentence, sentence * 3]


def test_a_long_label_on_a_tall_button_takes_two_lines_larger_than_one_and_its_row_follows(player_factory) -> None:
    player = player_factory(MemoryStorage())
    text, surface, theme = player.app.ctx.text, player.app.surface, player.app.ctx.theme
    tall = [Button(pygame.Rect(20 + i * 230, 100, 220, 72), label, label) for i, label in
            enumerate(("Back", "Two players", "Play against the computer"))]
    flat = Button(pygame.Rect(20, 300, 220, 40), "Play against the computer", "flat")
    one_word = Button(pygame.Rect(20, 400, 120, 72), "Hobbyspieler", "word")  # one word: one line, never cut
    one_line = text.fit_size("Play against the computer", 26, 220 - 16, bold=True)
    two_lines = tall[2].label_size(text)
    assert two_lines >= one_line + 3 and flat.label_size(text) == one_line  # two lines only where they fit
    assert one_word.label_size(text) == text.fit_size("Hobbyspieler", 26, 120 - 16, bold=True)
    text.begin_frame(surface)
    recording = text.record()
    ButtonGroup(tall + [flat, one_word]).draw(surface, text, theme)
    text.recording = None
    drawn = [t for t in recording.texts if t.box.top < 200]
    assert {t.size for t in drawn} == {two_lines}  # the row shares the larger size
    assert [t.shown for t in drawn] == ["Back", "Two players", "Play against", "the computer"]
    assert all(b.rect.contains(t.box) for t in drawn for b in tall if b.rect.colliderect(t.box))
    assert [t.shown for t in recording.texts if t.text == "Hobbyspieler"] == ["Hobbyspieler"]
    assert not text.marks.shortened


def test_a_shortened_text_shows_in_full_in_a_tooltip_under_the_pointer(player_factory) -> None:
    player = player_factory(MemoryStorage())
    text = player.app.ctx.text
    sentence = "Against Custom (1 s a move) as White: 0 won, 1 lost, 0 drawn"
    drawn: dict[str, pygame.Rect] = {}

    def draw(surface: pygame.Surface, now_ms: int) -> None:
        drawn["rect"] = text.draw_in(surface, sentence, 24, (255, 255, 255), pygame.Rect(100, 100, 160, 30))

    player.app.scene.draw = draw  # type: ignore[method-assign]
    player.app.scene.still = lambda: False  # type: ignore[method-assign]  # it draws something else now
    player.frame()
    recording = player.recorded_frame([pygame.event.Event(
        pygame.MOUSEMOTION, pos=player.app.to_window(drawn["rect"].center), rel=(0, 0), buttons=(0, 0, 0))])
    assert [w.label for w in recording.widgets if w.kind == "tooltip"] == [sentence]
    assert " ".join(t.shown for t in recording.texts[1:]) == sentence


def test_a_disabled_button_looks_disabled_in_both_themes(player_factory) -> None:
    player = player_factory(MemoryStorage())
    text, surface = player.app.ctx.text, player.app.surface
    for theme_name in THEMES:
        player.app.ctx.settings.theme = theme_name
        theme = player.app.ctx.theme
        recording = text.record()
        on, off = Button(pygame.Rect(10, 10, 200, 60), "Undo", "undo"), Button(pygame.Rect(10, 90, 200, 60),
                                                                                 "Redo", "redo", enabled=False)
        ButtonGroup([on, off]).draw(surface, text, theme)
        text.recording = None
        enabled, disabled = recording.texts
        assert contrast(enabled.colour, disabled.colour) >= 1.5, theme_name
        assert surface.get_at((11, 40)) != surface.get_at((11, 120)), theme_name  # the edges differ too


def test_one_button_is_the_default_and_the_focus_ring_goes_with_it(player_factory) -> None:
    player = player_factory(MemoryStorage())
    text, surface, theme = player.app.ctx.text, player.app.surface, player.app.ctx.theme
    buttons = [Button(pygame.Rect(10 + 220 * i, 10, 200, 60), label, label) for i, label in enumerate("ABC")]
    buttons[0].primary = True
    group = ButtonGroup(buttons)
    assert group.default == 0
    group.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT))  # focus on A
    group.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT))  # then on B
    assert group.focus == 1 and group.default == 1
    group.draw(surface, text, theme)
    filled = [b.label for b in buttons if surface.get_at(b.rect.move(0, 0).inflate(-30, -8).topleft)[:3]
              == theme.accent]
    assert filled == ["B"]
    assert group.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN)) == "B"


# -- more states: a long review, the file chooser, the editor's field ------------------------------------


def long_review(player: Player) -> None:
    """The review of a whole game played badly (the first legal move each time) between two 30-character names,
    analysed to the end: the summary's longest lines ("…: accuracy 51%, lost 242 discs, 11 mistakes, 10 blunders")."""
    record = GameRecord.from_transcript(full_board_record())
    player.app.scene.open(ReviewEntry(record, MatchSetup("computer", BLACK), index=len(record.played),
                                      players=(LONG_NAME, LONG_NAME[::-1])))
    player.frame()
    analysis = player.app.scene.analysis  # type: ignore[attr-defined]
    while analysis is not None and not analysis.done:
        analysis.advance(200)
    player.frame()


STATES["review of a long game with many mistakes, 30-character names"] = long_review


def game_with_a_hint(player: Player) -> None:
    """Issue 47, item 8: the hint's sentence ("…played in {n} master games"), asked for with hints off."""
    player.app.ctx.settings.hints = "off"
    player.app.scene.open(GameEntry(MatchSetup("computer", BLACK, 0), GameRecord.from_transcript("f5d6c3d3")))
    player.frame()
    match = player.app.scene.match  # type: ignore[attr-defined]
    match.hint_limits = Limits(seconds=0.05, exact_empties=0)  # the sentence, not its strength: a few frames
    player.press(pygame.K_h)
    for _ in range(60):
        player.frame()
        if match.hint is not None:
            break


def game_while_the_master_solves(player: Player) -> None:
    """Issue 47, item 8: the engine line while the Master solves the endgame ("depth 6, solving (win-loss) · …")."""
    player.app.ctx.settings.engine_output = True
    record = GameRecord.from_transcript(SOLVING_GAME)
    player.app.scene.open(GameEntry(MatchSetup("computer", opponent_of(record.position.to_move), LEVELS[-1].index),
                                    record))
    for _ in range(40):
        player.frame()
        lines = player.app.scene.engine_lines()  # type: ignore[attr-defined]
        if lines and pgettext("search", "win-loss") in lines[0]:
            break


SOLVING_GAME = "f5f6e6f4g6c5g4g5f3e3h5f2d2d3c2g3f1h6e2c1d1e1b1g2c4c6d6c3b3a3b4a4b5d7d8c7g1h1a2a1h2b2"
"""A master game (bench/data/endgame-24.txt's first) played on to 18 empties: the Master solves at once."""
STATES["game with a hint asked for"] = game_with_a_hint
STATES["game while the Master solves the endgame"] = game_while_the_master_solves


LONG_FILE_NAME = f"{LONG_NAME} against {LONG_NAME[::-1]}, World Championship 2010 final, round 12.ggf"


@functools.cache
def chooser_folder() -> Path:
    """A folder for the file chooser: a long file name, a folder and a short file (made once, in the temp folder)."""
    folder = Path(tempfile.mkdtemp(prefix="othello-audit-"))
    (folder / "older games").mkdir()
    (folder / LONG_FILE_NAME).write_text("(;GM[Othello]PB[a]PW[b]TY[8]BO[8 --------------------------- * ];)")
    (folder / "match.ggf").write_text("(;GM[Othello];)")
    return folder


def file_chooser_save(player: Player) -> None:
    """The transcript scene's Save… open on a folder with a long file name, the default name a long one too."""
    from game.scenes import transcript

    player.app.scene.open(TranscriptEntry())
    player.frame()
    scene = player.app.scene
    scene.set_text(LONG_GAME_TRANSCRIPT)  # type: ignore[attr-defined]
    player.frame()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(transcript, "games_folder", lambda storage: chooser_folder())
        patch.setattr(transcript, "default_file_name", lambda record: LONG_FILE_NAME)
        player.click_button("save")
    assert scene.chooser is not None, scene.status_lines()  # type: ignore[attr-defined]


def editor_with_a_position_typed(player: Player) -> None:
    """The editor with its position field focused and a position longer than the field typed in it."""
    player.app.scene.open(EditorEntry())
    player.frame()
    field = player.app.scene.field  # type: ignore[attr-defined]
    player.click(field.rect.center)
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text="-" * 27 + "OX" + "-" * 6 + "XO" + "-" * 27 + " X")])


LONG_GAME_TRANSCRIPT = "f5d6c3d3c4f4f6f3e6e7"
STATES["file chooser: Save… with a long default name"] = file_chooser_save
STATES["editor with a position typed in its field"] = editor_with_a_position_typed

@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_text_of_every_state_is_drawn_in_its_box(player_factory, size: tuple[int, int]) -> None:
    """No text anywhere is drawn without the box it must fit (``TextRenderer.draw_in``), a toast up too."""
    player = player_factory(MemoryStorage(), window_size=size)
    boxless = [f"{name} @ {size[0]}x{size[1]}: {t.shown!r} ({t.size} px at {tuple(t.rect)})"
               for name in STATES for t in recorded(player, name).texts if t.box is None]
    assert not boxless, f"{len(boxless)} texts drawn with no box:\n" + "\n".join(boxless)


def test_the_new_states_show_what_they_are_about(player_factory) -> None:
    player = player_factory(MemoryStorage())
    shown = " ".join(t.shown for t in recorded(player, "file chooser: Save… with a long default name").texts)
    assert "Save the game" in shown and "older games/" in shown and "match.ggf" in shown
    shown = " ".join(t.shown for t in recorded(player, "editor with a position typed in its field").texts)
    assert "X" in shown and "Type or paste a position" not in shown


def test_the_computer_level_and_the_opening_name_are_shown_whole_in_a_game(player_factory) -> None:
    for size in SIZES:
        player = player_factory(MemoryStorage(), window_size=size)
        for name, wanted in (("game at a custom level, longest opening", ("Custom (1 s a move)", LONGEST_OPENING.name)),
                             ("game with a clock and engine output", (level_title(LONGEST_LEVEL.name),))):
            texts = recorded(player, name).texts
            for words in wanted:
                assert any(t.text == words and t.shown == words for t in texts), (size, name, words)


# -- the rating (issue 23): the statistics' rating panel and graph, the level picker with ratings -------------


def a_rating_history(player: Player, games: int = MAX_HISTORY + 20) -> None:
    """A full history: a player climbing from the start, winning two games in three at the level nearest them."""
    stats = player.app.ctx.stats
    for game in range(games):
        found = my_level(stats.rating)
        assert found is not None and found[0].rating is not None
        stats.rating = stats.rating.after(found[0].rating, 0.0 if game % 3 == 2 else 1.0)


def statistics_with_a_rating(player: Player) -> None:
    """Four-digit statistics and a rating with a full history."""
    a_rating_history(player)
    statistics(player)


def new_game_at_a_custom_level_with_a_rating(player: Player) -> None:
    """The level picker at a custom level (unrated), with a rating to play at."""
    a_rating_history(player, 30)
    player.app.ctx.settings.custom = "time:10"
    player.app.scene.open(NewGameEntry())
    player.frame()


RATING_STATES = {"statistics with a rating history": statistics_with_a_rating,
                 "new game at a custom level, with a rating": new_game_at_a_custom_level_with_a_rating}
STATES.update(RATING_STATES)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_level_fits_the_picker_and_the_statistics(player_factory, size: tuple[int, int]) -> None:
    """The real ladder in the picker: at most ``new_game.LEVEL_ROWS`` rows each way up (three rows of six in
    landscape, six of three in portrait for eighteen levels), every name and rating shown in its button."""
    ladder = LEVELS
    assert all(level.rating is not None for level in ladder)
    player = player_factory(MemoryStorage(), window_size=size)
    failures: list[str] = []
    for theme in THEMES:
        player.app.ctx.settings.theme = theme
        for name in ("new game", *RATING_STATES):
            recording = recorded(player, name)
            failures += [f"{name} @ {size[0]}x{size[1]} {theme}: {p}"
                         for p in problems_in(recording, player.app.surface, player.app.ctx.toasts.area)]
            words = " ".join(t.shown for t in recording.texts)
            assert all(level.name in words and str(level.rating) in words for level in ladder), (name, size)
    assert not failures, f"{len(failures)} problems:\n" + "\n".join(failures)
    buttons = [b for b in player.app.scene.group.buttons if b.action.startswith("level:")]  # type: ignore[attr-defined]
    assert len(buttons) == len(ladder) and all(player.app.surface.get_rect().contains(b.rect) for b in buttons)
    rows = {b.rect.top for b in buttons}
    way_up = "low" if is_low(player.app.ctx.size) else "portrait" if is_portrait(player.app.ctx.size) else "landscape"
    assert len(rows) <= LEVEL_ROWS[way_up], sorted(rows)
    lefts = {b.rect.left for b in buttons}
    assert len({b.rect.width for b in buttons}) == 1, "a short last row has the full rows' widths"
    assert all(b.rect.left in lefts for b in buttons if b.rect.top == max(rows)) and len(lefts) < len(buttons)


# -- issue 47, items 3 and 9: the levels say their order, and a row of levels is one size -------------------


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_each_level_button_shows_its_number_and_a_row_of_levels_is_one_size(player_factory,
                                                                             size: tuple[int, int]) -> None:
    player = player_factory(MemoryStorage(), window_size=size)
    texts = recorded(player, "new game", with_toast=False).texts
    buttons = {b.action: b for b in player.app.scene.group.buttons if b.action.startswith("level:")}
    assert len(buttons) == len(LEVELS)
    rows: dict[int, set[int]] = {}
    for level in LEVELS:
        button = buttons[f"level:{level.index}"]
        assert button.subtitle.startswith(f"{level.index + 1} · "), button.subtitle  # its place, weakest first
        label = [t for t in texts if t.text == button.label and t.box is not None and button.rect.contains(t.box)]
        assert label, level.name
        rows.setdefault(button.rect.top, set()).add(label[0].size)
    assert all(len(sizes) == 1 for sizes in rows.values()), rows  # the longest name sets its row's size
    assert [int(b.subtitle.split(" ")[0]) for b in sorted(buttons.values(), key=lambda b: (b.rect.top, b.rect.left))
            ] == list(range(1, len(LEVELS) + 1))  # read left to right, top to bottom: the ladder's order


def challenge_after_a_wrong_try(player: Player) -> None:
    """A corner challenge after a wrong move: the verdict in the panel, the counts under it, Retry offered."""
    challenge = next(c for c in load_challenges() if c.kind == "corner")
    player.app.scene.open(ChallengeEntry(challenge.id))
    player.frame()
    view = player.app.scene.board.view  # type: ignore[attr-defined]
    player.click(view.square_center(next(sq for sq in challenge.position.legal_squares() if sq != challenge.answer)))


STATES["challenge after a wrong try"] = challenge_after_a_wrong_try


def computer_thinking_with_its_speed(player: Player) -> None:
    """A custom level (a long name) thinking long enough that the status gives its speed: on a phone the whole
    line does not fit its two lines at the text floor, and the status says it without the figures."""
    custom_level_game(player)
    match = player.app.scene.match  # type: ignore[attr-defined]

    def showing_speed() -> bool:
        progress = match.thinking_progress()
        return progress is not None and progress.seconds >= 0.25

    player.run_until(showing_speed, frames=2000)


STATES["game while the computer thinks, its speed shown"] = computer_thinking_with_its_speed
