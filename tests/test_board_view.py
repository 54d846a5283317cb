"""The board on screen: while nothing moves it is one kept copy, pixel for pixel what drawing it anew gives.

Drawing the board and its 128 disc and shadow sprites blends every pixel,
which in the browser's pygame-ce on WebAssembly took most of a frame; the
view keeps what it drew and blits that while the discs, the target and the
backdrop under its rounded corners stay the same. These tests compare it
with the board drawn from scratch by a fresh view.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.engine import Position, parse_square
from game.ui.assets import Assets
from game.ui.board_view import BoardView, Marks
from game.ui.text import TextRenderer
from game.ui.theme import THEMES

RECT = pygame.Rect(40, 30, 600, 600)


@pytest.fixture
def text() -> Iterator[TextRenderer]:
    pygame.init()
    yield TextRenderer(Assets(with_sound=False))
    pygame.quit()


def drawn(view: BoardView, position: Position, marks: Marks, backdrop: tuple[int, int, int],
          surface: pygame.Surface | None = None) -> pygame.Surface:
    """``surface`` (a new one if not given) filled with ``backdrop``, then the board drawn on it."""
    target = surface if surface is not None else pygame.Surface((700, 680))
    target.fill(backdrop)
    view.draw(target, position, marks)
    return target


def same_pixels(a: pygame.Surface, b: pygame.Surface) -> bool:
    return bytes(pygame.image.tobytes(a, "RGB")) == bytes(pygame.image.tobytes(b, "RGB"))


def test_a_still_board_is_drawn_from_its_kept_copy_exactly_as_anew(text: TextRenderer) -> None:
    theme = next(iter(THEMES.values()))
    position = Position.start().play(parse_square("f5"))
    marks = Marks(legal=position.legal_moves(), last_move=parse_square("f5"), cursor=parse_square("c4"))
    view = BoardView(RECT, theme, text)
    surface = pygame.Surface((700, 680))
    first = drawn(view, position, marks, (30, 40, 35), surface).copy()
    assert view._still is not None
    kept = view._still[1]
    second = drawn(view, position, marks, (30, 40, 35), surface)
    assert view._still[1] is kept  # the kept copy was blitted, not drawn again
    assert same_pixels(first, second)
    assert same_pixels(second, drawn(BoardView(RECT, theme, text), position, marks, (30, 40, 35)))


def test_new_discs_or_a_new_backdrop_draw_the_board_anew(text: TextRenderer) -> None:
    theme = next(iter(THEMES.values()))
    view = BoardView(RECT, theme, text)
    surface = pygame.Surface((700, 680))
    start = Position.start()
    drawn(view, start, Marks(), (30, 40, 35), surface)
    moved = start.play(parse_square("d3"))
    after_move = drawn(view, moved, Marks(), (30, 40, 35), surface)
    assert same_pixels(after_move, drawn(BoardView(RECT, theme, text), moved, Marks(), (30, 40, 35)))
    # the rounded corners show what is beneath: another backdrop is not covered by the old one
    lighter = drawn(view, moved, Marks(), (200, 190, 180), surface)
    assert tuple(lighter.get_at(RECT.topleft))[:3] == (200, 190, 180)
    assert same_pixels(lighter, drawn(BoardView(RECT, theme, text), moved, Marks(), (200, 190, 180)))


def test_a_refused_click_shades_its_square_under_the_discs_as_before(text: TextRenderer) -> None:
    theme = next(iter(THEMES.values()))
    position = Position.start()
    taken = parse_square("d4")
    marks = Marks(bad_square=taken, bad_strength=1.0)
    view = BoardView(RECT, theme, text)
    drawn(view, position, Marks(), (30, 40, 35))  # a kept copy exists
    shaded = drawn(view, position, marks, (30, 40, 35))
    plain = drawn(view, position, Marks(), (30, 40, 35))
    # around the disc the square is shaded; the disc itself is drawn over the shade
    corner = view.square_rect(taken).move(3, 3).topleft
    centre = view.square_center(taken)
    assert shaded.get_at(corner) != plain.get_at(corner)
    assert shaded.get_at(centre) == plain.get_at(centre)


def test_while_a_move_animates_only_its_discs_are_drawn_over_one_kept_copy(text: TextRenderer) -> None:
    from game.ui.anim import MoveAnimation

    theme = next(iter(THEMES.values()))
    before = Position.start()
    after = before.play(parse_square("d3"))
    animation = MoveAnimation(parse_square("d3"), before.to_move, [parse_square("d4")], 0, 400)
    view = BoardView(RECT, theme, text)
    surface = pygame.Surface((700, 680))
    surface.fill((30, 40, 35))
    view.draw(surface, after, Marks(), animation, 50)
    assert view._still is not None
    kept, early = view._still[1], surface.copy()
    surface.fill((30, 40, 35))
    view.draw(surface, after, Marks(), animation, 350)
    assert view._still[1] is kept  # one copy for the whole animation
    centre = view.square_center(parse_square("d4"))
    assert early.get_at(centre) != surface.get_at(centre)  # the flipping disc moved on
    # a disc that does not move looks as it does on the still board drawn anew
    still = drawn(BoardView(RECT, theme, text), after, Marks(), (30, 40, 35))
    for name in ("e5", "h8", "a1"):
        square = view.square_rect(parse_square(name))
        assert same_pixels(surface.subsurface(square), still.subsurface(square)), name


def test_the_keyboard_cursor_is_corners_and_a_hint_a_ring(text: TextRenderer) -> None:
    """Issue 47, item 12: the cursor and the hint ring differ in shape, not only in a colour close to it."""
    for theme in THEMES.values():
        view = BoardView(RECT, theme, text)
        square = parse_square("c4")
        box = view.square_rect(square)
        edge_middle = (box.centerx, box.top + 4)  # on the ring's top side; between the cursor's corners
        corner = (box.left + 4, box.top + 4)
        cursor = drawn(view, Position.start(), Marks(cursor=square), (30, 40, 35))
        hint = drawn(BoardView(RECT, theme, text), Position.start(), Marks(best=[square]), (30, 40, 35))
        assert tuple(cursor.get_at(corner))[:3] == theme.cursor
        assert tuple(cursor.get_at(edge_middle))[:3] != theme.cursor
        assert tuple(hint.get_at((box.centerx, box.top + 4)))[:3] == theme.hint


def test_the_empty_board_is_made_when_first_drawn_not_for_a_disc_icon(text: TextRenderer) -> None:
    # the menu's view lends two disc icons: making its board (frame, felt, 32 coordinates) held up the first frame
    theme = next(iter(THEMES.values()))
    view = BoardView(RECT, theme, text)
    view.disc_icon("X", 44)
    assert view._board is None
    board = view.empty_board()
    assert view.empty_board() is board  # made once
    position = Position.start()
    assert same_pixels(drawn(view, position, Marks(), (0, 0, 0)),
                       drawn(BoardView(RECT, theme, text), position, Marks(), (0, 0, 0)))


@pytest.mark.parametrize("theme_name", sorted(THEMES))
def test_the_board_made_a_piece_a_step_is_the_board_made_at_once(text: TextRenderer, theme_name: str) -> None:
    # the warm-up behind the menu makes it in its frames' slices: in one go it was a 40-110 ms frame in the browser
    theme = THEMES[theme_name]
    stepped = BoardView(RECT, theme, text)
    steps = stepped.making_board()
    assert next(steps) is None and stepped._board is None  # a piece at a time
    taken = 1 + sum(1 for _ in steps)
    assert taken >= 9 and stepped._board is not None
    whole = BoardView(RECT, theme, text).empty_board()
    assert same_pixels(stepped.empty_board(), whole)
    assert list(stepped.making_board()) == []  # made: nothing left to do


def test_a_board_asked_for_while_it_is_being_made_is_made_whole_and_kept(text: TextRenderer) -> None:
    view = BoardView(RECT, next(iter(THEMES.values())), text)
    steps = view.making_board()
    next(steps)
    board = view.empty_board()  # a game drew before the warm-up was done
    for _ in steps:
        pass
    assert view.empty_board() is board


@pytest.mark.parametrize("theme_name", sorted(THEMES))
def test_after_each_move_the_kept_board_is_drawn_anew_only_where_it_changed_exactly_as_whole(
        text: TextRenderer, theme_name: str) -> None:
    import random

    from game.ui.anim import MoveAnimation

    theme = THEMES[theme_name]
    rng = random.Random(theme_name)
    for rect in (RECT, pygame.Rect(10, 20, 380, 380)):  # a phone's squares: the shadows spill into the next ones
        view = BoardView(rect, theme, text)
        surface = pygame.Surface((700, 680))
        position = Position.start()
        drawn(view, position, Marks(), (30, 40, 35), surface)
        bare = view._bare
        for _ in range(40):
            if position.is_over():
                break
            legal = position.legal_squares()
            if not legal:
                position = position.pass_turn()
                continue
            square = rng.choice(legal)
            before, position = position, position.play(square)
            flipped = [sq for sq in range(64) if before.flips(square) >> sq & 1]
            animation = MoveAnimation(square, before.to_move, flipped, 0, 400)
            surface.fill((30, 40, 35))
            view.draw(surface, position, Marks(), animation, 200)  # mid-flip: those squares left out
            kept = drawn(view, position, Marks(), (30, 40, 35), surface)
            assert view._bare is bare  # the same backdrop: only the squares that changed were drawn again
            assert same_pixels(kept, drawn(BoardView(rect, theme, text), position, Marks(), (30, 40, 35)))
