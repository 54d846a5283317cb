"""The board on screen: geometry (square <-> pixel), the felt and grid, shaded discs and the marks on top.

The static board (frame, felt, grid, coordinates) and the disc sprites are
drawn once per size and theme and then blitted each frame; while nothing
moves, the board with its discs is one opaque blit (``_draw_still``).
"""

from __future__ import annotations

import math
from collections.abc import Generator
from dataclasses import dataclass, field

import pygame

from game.ai import Job
from game.engine import BLACK, Color, Position, squares_of
from game.ui.anim import MoveAnimation
from game.ui.text import TextRenderer
from game.ui.theme import RGB, Theme

COLUMNS = "abcdefgh"
SHADOW_OFFSET = 3
"""How far down and right of its disc a resting disc's shadow falls, in pixels (it spills into the next squares)."""


@dataclass
class Marks:
    """What is drawn on top of the discs."""

    legal: int = 0
    last_move: int | None = None
    cursor: int | None = None
    hints: dict[int, str] = field(default_factory=dict)
    best: list[int] = field(default_factory=list)
    bad_square: int | None = None
    bad_strength: float = 0.0
    ghost: tuple[int, Color] | None = None
    """A faint disc where the pointer hovers over a legal move."""


def _lerp(a: RGB, b: RGB, t: float) -> RGB:
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


def make_disc(diameter: int, base: RGB, light: RGB, edge: RGB | None, rim_dark: float = 0.25) -> pygame.Surface:
    """A shaded disc: dark rim, a soft light from the upper left, an optional outline."""
    size = diameter
    disc = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = size / 2
    steps = max(8, size // 3)
    for i in range(steps):
        t = i / (steps - 1)
        r = radius * (1.0 - 0.92 * t)
        # the centre of each ring drifts toward the upper left so the light sits off-centre
        cx = radius - radius * 0.18 * t
        cy = radius - radius * 0.22 * t
        colour = _lerp(_lerp(base, (0, 0, 0), rim_dark), light, min(1.0, 1.4 * t) ** 1.4)
        pygame.draw.circle(disc, colour, (cx, cy), r)
    if edge is not None:
        pygame.draw.circle(disc, edge, (radius, radius), radius, width=max(2, size // 22))
    return disc


def make_shadow(diameter: int, alpha: int) -> pygame.Surface:
    """A soft round shadow."""
    size = diameter + 8
    shadow = pygame.Surface((size, size), pygame.SRCALPHA)
    for i in range(5):
        pygame.draw.circle(shadow, (0, 0, 0, alpha // 5), (size / 2, size / 2), diameter / 2 + 4 - i * 1.5)
    return shadow


class BoardView:
    """Draws a position inside ``rect`` (coordinates included) and maps pixels to squares."""

    def __init__(self, rect: pygame.Rect, theme: Theme, text: TextRenderer) -> None:
        self.theme = theme
        self.text = text
        size = min(rect.width, rect.height)
        self.square = int(size / 8.7)
        self.margin = (size - 8 * self.square) // 2
        self.rect = pygame.Rect(0, 0, 8 * self.square + 2 * self.margin, 8 * self.square + 2 * self.margin)
        self.rect.center = rect.center
        self.grid_rect = pygame.Rect(self.rect.left + self.margin, self.rect.top + self.margin,
                                     8 * self.square, 8 * self.square)
        self.diameter = int(self.square * 0.84)
        self._board: pygame.Surface | None = None
        """The empty board, made when first drawn (``empty_board``): the menu's view only lends its discs."""
        edge = theme.disc_edge
        self._discs: dict[Color, pygame.Surface] = {
            BLACK: make_disc(self.diameter, theme.black_disc, theme.black_highlight, edge),
            "O": make_disc(self.diameter, theme.white_shade, theme.white_disc, edge, rim_dark=0.1),
        }
        self._shadow = make_shadow(self.diameter, theme.shadow_alpha) if theme.shadow_alpha else None
        self._squashed: dict[tuple[Color, int], pygame.Surface] = {}
        self._still: tuple[tuple[object, int, int, frozenset[int]], pygame.Surface] | None = None
        """The board with its discs as last drawn while nothing moved, and what it was drawn for (the backdrop, the
        discs, the squares left out)."""
        self._bare: tuple[object, pygame.Surface] | None = None
        """The board with no disc over the backdrop it was last drawn on, and that backdrop (``_redraw_squares``)."""
        self._reaches: list[pygame.Rect] = []

    # -- geometry -----------------------------------------------------------

    def square_rect(self, square: int) -> pygame.Rect:
        """The pixel rect of a square."""
        row, col = divmod(square, 8)
        return pygame.Rect(self.grid_rect.left + col * self.square, self.grid_rect.top + row * self.square,
                           self.square, self.square)

    def square_center(self, square: int) -> tuple[int, int]:
        """The pixel centre of a square."""
        return self.square_rect(square).center

    def square_at(self, pos: tuple[int, int]) -> int | None:
        """The square under a logical pixel, or ``None`` off the grid."""
        if not self.grid_rect.collidepoint(pos):
            return None
        col = (pos[0] - self.grid_rect.left) // self.square
        row = (pos[1] - self.grid_rect.top) // self.square
        return int(row * 8 + col)

    # -- drawing ------------------------------------------------------------

    def empty_board(self) -> pygame.Surface:
        """The board without discs (frame, felt, grid, coordinates), made the first time it is asked for."""
        if self._board is None:
            Job(self.making_board()).run()
        assert self._board is not None
        return self._board

    def making_board(self) -> Generator[None, None, None]:
        """Make the empty board a piece a step, unless it is made (the warm-up behind the menu runs it in its
        frames' slices: in one go it was a frame of 40-110 ms in the browser, the felt's light most of it)."""
        if self._board is not None:
            return
        theme = self.theme
        board = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        outer = board.get_rect()
        pygame.draw.rect(board, theme.board_frame, outer, border_radius=max(8, self.margin // 2))
        grid = pygame.Rect(self.margin, self.margin, 8 * self.square, 8 * self.square)
        board.fill(theme.felt, grid)
        yield
        if theme.felt_light != theme.felt:
            # a soft pool of light in the middle of the felt
            glow = pygame.Surface(grid.size, pygame.SRCALPHA)
            for i in range(12):
                t = i / 11
                radius = grid.width * (0.75 - 0.55 * t)
                colour = (*theme.felt_light, int(10 + 14 * t))
                pygame.draw.circle(glow, colour, (grid.width / 2, grid.height * 0.45), radius)
            yield
            board.blit(glow, grid.topleft)
            yield
        width = theme.grid_width
        for i in range(9):
            x = grid.left + i * self.square
            y = grid.top + i * self.square
            pygame.draw.line(board, theme.grid, (x, grid.top), (x, grid.bottom - 1), width)
            pygame.draw.line(board, theme.grid, (grid.left, y), (grid.right - 1, y), width)
        for gx, gy in ((2, 2), (6, 2), (2, 6), (6, 6)):
            pygame.draw.circle(board, theme.grid, (grid.left + gx * self.square, grid.top + gy * self.square),
                               max(3, self.square // 14))
        size = max(12, int(self.margin * 0.62))
        for i in range(8):
            yield
            centre = grid.left + i * self.square + self.square // 2
            letter = COLUMNS[i]
            number = str(i + 1)
            across = pygame.Rect(centre - self.square // 2, 0, self.square, self.margin)
            down = pygame.Rect(0, centre - self.square // 2, self.margin, self.square)
            for box, label in ((across, letter), (across.move(0, outer.bottom - self.margin), letter),
                               (down, number), (down.move(outer.right - self.margin, 0), number)):
                self.text.draw_in(board, label, size, theme.coordinates, box, bold=True, smallest=12)
        if self._board is None:  # unless a draw asked for the board meanwhile and made it whole
            self._board = board

    def _squashed_disc(self, colour: Color, squash: float) -> pygame.Surface:
        width = max(1, int(self.diameter * squash))
        key = (colour, width)
        surface = self._squashed.get(key)
        if surface is None:
            surface = pygame.transform.smoothscale(self._discs[colour], (width, self.diameter))
            if len(self._squashed) > 400:
                self._squashed.clear()
            self._squashed[key] = surface
        return surface

    def disc_icon(self, colour: Color, size: int) -> pygame.Surface:
        """A disc sprite scaled to ``size`` pixels (cached), for player cards and buttons."""
        key = (colour, -size)
        icon = self._squashed.get(key)
        if icon is None:
            icon = pygame.transform.smoothscale(self._discs[colour], (size, size))
            self._squashed[key] = icon
        return icon

    def draw_disc(self, surface: pygame.Surface, square: int, colour: Color, squash: float = 1.0,
                  lift: float = 0.0, alpha: int = 255) -> None:
        """One disc on a square, optionally squashed (mid-flip) and lifted."""
        cx, cy = self.square_center(square)
        rise = int(lift * self.square * 0.08)
        if self._shadow is not None and alpha == 255:
            offset = SHADOW_OFFSET + int(lift * self.square * 0.1)
            shadow = self._shadow
            if squash < 0.999:
                shadow = pygame.transform.smoothscale(shadow, (max(1, int(shadow.get_width() * max(squash, 0.2))),
                                                               shadow.get_height()))
            surface.blit(shadow, shadow.get_rect(center=(cx + offset, cy + offset)))
        disc = self._discs[colour] if squash >= 0.999 else self._squashed_disc(colour, squash)
        if alpha != 255:
            disc = disc.copy()
            disc.set_alpha(alpha)
        surface.blit(disc, disc.get_rect(center=(cx, cy - rise)))

    def draw(self, surface: pygame.Surface, position: Position, marks: Marks,
             animation: MoveAnimation | None = None, now_ms: int = 0) -> None:
        """The board, the discs (mid-animation where animating) and the marks."""
        if marks.bad_square is not None and marks.bad_strength > 0:  # a shade under the discs: all drawn anew
            self._draw_board_and_discs(surface, position, marks, animation, now_ms)
        else:
            moving = frozenset() if animation is None else frozenset([animation.square, *animation.flipped])
            self._draw_still(surface, position, moving)
            for square in sorted(moving):  # over the still ones: a lifted disc rises above its neighbours
                self._draw_square(surface, position, square, animation, now_ms)
        self._draw_marks(surface, position, marks)

    def _draw_still(self, surface: pygame.Surface, position: Position, moving: frozenset[int]) -> None:
        """The board and its discs but those ``moving``: one opaque copy of what was drawn there last time.

        The board and 2 x 64 disc sprites are blended per pixel (the felt's rounded frame, the discs' edges
        and shadows): in the browser's pygame-ce on WebAssembly that was most of a frame (6.5 of 8 ms in
        the game). The blended result, over the backdrop it was drawn on, is kept and blitted whole while the
        target, the discs and the backdrop at the frame's corners (all that shows through) stay the same.
        After a move only the squares that changed are drawn again on it (``_redraw_squares``).
        """
        if self.rect.clip(surface.get_rect()) != self.rect:  # partly off the surface: drawn as it is
            self._draw_board_and_discs(surface, position, Marks(), None, 0, moving)
            return
        corners = (self.rect.topleft, (self.rect.right - 1, self.rect.top), (self.rect.left, self.rect.bottom - 1),
                   (self.rect.right - 1, self.rect.bottom - 1))
        backdrop = (id(surface), surface.get_size(), tuple(tuple(surface.get_at(corner)) for corner in corners))
        key = (backdrop, position.black, position.white, moving)
        if self._still is not None and self._still[0] == key:
            surface.blit(self._still[1], self.rect)
            return
        if self._still is not None and self._bare is not None and self._still[0][0] == backdrop == self._bare[0]:
            _, black, white, was_moving = self._still[0]
            changed = {square for square in range(64)
                       if (black ^ position.black | white ^ position.white) >> square & 1} | (was_moving ^ moving)
            surface.blit(self._still[1], self.rect)
            self._redraw_squares(surface, position, sorted(changed), moving)
        else:
            self._bare = (backdrop, surface.subsurface(self.rect).copy())
            self._bare[1].blit(self.empty_board(), (0, 0))  # the board over its backdrop, no disc
            self._draw_board_and_discs(surface, position, Marks(), None, 0, moving)
        self._still = (key, surface.subsurface(self.rect).copy())

    def _redraw_squares(self, surface: pygame.Surface, position: Position, changed: list[int],
                        moving: frozenset[int]) -> None:
        """Draw the pixels that the discs of ``changed`` squares cover, or covered, anew: the bare board there, then
        every disc that reaches them, in the order a whole drawing puts them (a shadow spills into its neighbours)."""
        assert self._bare is not None
        bare = self._bare[1]
        clip = surface.get_clip()
        for square in changed:
            reach = self._reach(square)
            surface.set_clip(reach)
            surface.blit(bare, reach, reach.move(-self.rect.left, -self.rect.top))
            for other in range(64):
                if other not in moving and self._reach(other).colliderect(reach):
                    self._draw_square(surface, position, other, None, 0)
        surface.set_clip(clip)

    def _reach(self, square: int) -> pygame.Rect:
        """The pixels a still disc on ``square`` may cover: its square, and its shadow that spills past it."""
        if not self._reaches:
            for each in range(64):
                cx, cy = self.square_center(each)
                reach = self.square_rect(each).union(self._discs[BLACK].get_rect(center=(cx, cy)))
                if self._shadow is not None:  # draw_disc's, at rest
                    reach = reach.union(self._shadow.get_rect(center=(cx + SHADOW_OFFSET, cy + SHADOW_OFFSET)))
                self._reaches.append(reach.clip(self.rect))
        return self._reaches[square]

    def _draw_board_and_discs(self, surface: pygame.Surface, position: Position, marks: Marks,
                              animation: MoveAnimation | None, now_ms: int,
                              leave_out: frozenset[int] = frozenset()) -> None:
        theme = self.theme
        surface.blit(self.empty_board(), self.rect)
        if marks.bad_square is not None and marks.bad_strength > 0:
            # a clear red square with a bright edge (a faint tint on green reads as olive)
            shade = pygame.Surface((self.square, self.square), pygame.SRCALPHA)
            strength = min(1.0, marks.bad_strength * 1.5)
            shade.fill((*theme.bad_move, int(190 * strength)))
            pygame.draw.rect(shade, (255, 235, 230, int(255 * strength)), shade.get_rect(), width=3)
            surface.blit(shade, self.square_rect(marks.bad_square))
        for square in range(64):
            if square not in leave_out:
                self._draw_square(surface, position, square, animation, now_ms)

    def _draw_square(self, surface: pygame.Surface, position: Position, square: int,
                     animation: MoveAnimation | None, now_ms: int) -> None:
        """The disc on ``square``, as it looks mid-animation where it is animating; nothing on an empty square."""
        colour = position.color_at(square)
        if colour is None:
            return
        look = animation.look(square, now_ms) if animation is not None else None
        if look is None:
            self.draw_disc(surface, square, colour)
        else:
            self.draw_disc(surface, square, look.colour, look.squash, look.lift)

    def _draw_marks(self, surface: pygame.Surface, position: Position, marks: Marks) -> None:
        theme = self.theme
        if marks.ghost is not None:
            self.draw_disc(surface, marks.ghost[0], marks.ghost[1], alpha=130)
        dot_radius = max(5, self.square // 7)
        for square in squares_of(marks.legal):
            centre = self.square_center(square)
            pygame.draw.circle(surface, theme.legal_dot, centre, dot_radius)
            pygame.draw.circle(surface, theme.legal_ring, centre, dot_radius, width=2)
        if marks.last_move is not None and position.color_at(marks.last_move) is not None:
            cx, cy = self.square_center(marks.last_move)
            pygame.draw.circle(surface, theme.last_move, (cx, cy), max(4, self.square // 11))
        for square in marks.best:
            rect = self.square_rect(square).inflate(-6, -6)
            pygame.draw.rect(surface, theme.hint, rect, width=4, border_radius=8)
        for square, label in marks.hints.items():
            rect = self.square_rect(square)
            label_colour = theme.hint if square in marks.best else theme.text
            size = max(12, self.square // 4)
            if self.text.width(label, size, True) + 10 > rect.width - 4:  # typography's spaces go before a digit
                label = label.replace("\xa0", "").replace("\u202f", "")  # does ("< 1 %" in French: "<1%")
            # on a dark pill of its own: readable on the felt, a white disc or a hint ring alike
            pill = pygame.Rect(0, 0, min(rect.width - 4, self.text.width(label, size, True) + 10),
                               self.text.assets.font(size, True).get_height())
            pill.midbottom = (rect.centerx, rect.bottom - 3)
            pygame.draw.rect(surface, theme.background, pill, border_radius=pill.height // 2)
            self.text.draw_in(surface, label, size, label_colour, pill.inflate(-4, 0), bold=True, smallest=10)
        if marks.cursor is not None:  # corners, not a ring: a hint is a ring, in a colour close to the cursor's
            corner_brackets(surface, theme.cursor, self.square_rect(marks.cursor).inflate(-4, -4), width=4)


def corner_brackets(surface: pygame.Surface, colour: RGB, rect: pygame.Rect, width: int) -> None:
    """Four L-shaped marks at ``rect``'s corners, each arm a third of its side: the keyboard cursor's shape."""
    arm = max(width * 2, min(rect.width, rect.height) // 3)
    for (x, y), (dx, dy) in ((rect.topleft, (1, 1)), (rect.topright, (-1, 1)), (rect.bottomleft, (1, -1)),
                             (rect.bottomright, (-1, -1))):
        x0 = x if dx > 0 else x - width
        y0 = y if dy > 0 else y - width
        pygame.draw.rect(surface, colour, (x0 if dx > 0 else x - arm, y0, arm, width))
        pygame.draw.rect(surface, colour, (x0, y0 if dy > 0 else y - arm, width, arm))


def spinner(surface: pygame.Surface, centre: tuple[int, int], radius: int, colour: RGB, now_ms: int) -> None:
    """Three dots chasing round: the "thinking" indicator."""
    for i in range(8):
        angle = (now_ms / 700.0) * 2 * math.pi - i * math.pi / 4
        x = centre[0] + math.cos(angle) * radius
        y = centre[1] + math.sin(angle) * radius
        shade = max(0.15, 1.0 - i / 7)
        dot = (int(colour[0] * shade), int(colour[1] * shade), int(colour[2] * shade))
        pygame.draw.circle(surface, dot, (x, y), max(2, radius // 4 - i // 3))
