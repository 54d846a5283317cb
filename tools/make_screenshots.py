"""Render the README's screenshots from the real scenes: ``docs/screens/*.png``.

    python tools/make_screenshots.py                   # the README's five, into docs/screens/
    python tools/make_screenshots.py menu game         # only these
    python tools/make_screenshots.py --out /tmp/shots --width 800
    python tools/make_screenshots.py --language ja --language de menu game tutorial   # <name>-<code>.png

Headless (``SDL_VIDEODRIVER=dummy``): each picture is the real ``App`` driven
with real events and a virtual clock (``tests/app_driver.Player``), its logical
surface scaled down (``smoothscale``) and its colours reduced to a small
palette (pure pygame, below), so the five stay a few hundred kB in all. The
game's data folder is a temporary one: the player's own games, settings and
caches are never read or written. The library and the explorer load the whole
WTHOR database (``game/data/wthor/``) and build the explorer's index, which
takes some seconds. Rerun it whenever a scene's look changes.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402 - the drivers must be chosen before pygame is imported

from game.engine import GameRecord, parse_square  # noqa: E402
from game.i18n import LANGUAGES  # noqa: E402
from game.library import service as library_service  # noqa: E402
from game.library.famous import find_finals  # noqa: E402
from game.library.service import LibraryService  # noqa: E402
from game.platform.storage import DATA_DIR_ENV, MemoryStorage  # noqa: E402
from game.play.match import MatchSetup  # noqa: E402
from game.records.wthor import WTHOR_PATH  # noqa: E402
from game.scenes.entries import ExplorerEntry, GameEntry, LibraryEntry, ReviewEntry, TutorialEntry  # noqa: E402
from game.scenes.library import LibraryScene  # noqa: E402
from game.scenes.review import ReviewScene  # noqa: E402
from tests.app_driver import Player  # noqa: E402

OUT_DIR = ROOT / "docs" / "screens"
WIDTH = 640
"""The pictures' width in pixels (the logical surface is 1280 wide: half)."""
COLOURS = 128
"""The palette's size: enough for anti-aliased text on flat panels, small enough to keep each PNG tens of kB."""
DISTINCT = 9 * 24**2
"""How unlike (``distance``) a colour must be from those already in the palette to go in first."""
WINDOW = (1280, 800)
OPENING = "f5d6c3d3c4f4f6f3e6e7"
"""The game's moves: the Tiger, then a common continuation (d6, c3 and d3 of the main line)."""
SEARCH = ("Takanashi", "World")
"""The library's search (player, event): the world champion's games at the championships, starred."""
EXPLORED = "f5d6c3d3c4"
"""The explorer's position: the Tiger, with the masters' replies."""

_library: LibraryService | None = None


def shared_library() -> LibraryService:
    """The whole database and the explorer's index, loaded once for every picture that needs them."""
    global _library
    if _library is None:
        _library = LibraryService(WTHOR_PATH).run()
        library_service.set_shared(_library)
    return _library


LANGUAGE = ["en"]
"""The language the pictures are drawn in (``--language``)."""


def new_player() -> Player:
    """A fresh app in the landscape window, its settings in memory, animations off, in ``LANGUAGE``."""
    player = Player(MemoryStorage(), window_size=WINDOW)
    if not player.app.ctx.languages.choose(LANGUAGE[0]):
        raise SystemExit(f"cannot draw in {LANGUAGE[0]!r}: its catalog or font is missing (docs/translating.md)")
    return player


def settle(player: Player, frames: int = 4) -> None:
    """A few frames, so what was just asked for is drawn (and toasts from before have faded less)."""
    for _ in range(frames):
        player.frame()


def show_menu() -> Player:
    """The menu, as the game opens."""
    player = new_player()
    settle(player)
    return player


def show_game() -> Player:
    """A two-player game with every move's value shown (hints: all values) and the move list, after an opening."""
    player = new_player()
    player.app.ctx.settings.hints = "all"
    player.app.scene.open(GameEntry(setup=MatchSetup("two")))
    player.frame()
    for square in (OPENING[i : i + 2] for i in range(0, len(OPENING), 2)):
        player.run_until(player.my_turn)
        player.click(player.game.view.square_center(parse_square(square)))
    scene = player.game
    player.run_until(lambda: scene.hint is not None and not scene.match.hint_running, frames=2000)
    settle(player)
    return player


def show_review() -> Player:
    """The review of the newest World Championship final's first game, analysed to the end, at its middle."""
    final = find_finals(shared_library().table)[0]  # type: ignore[arg-type]
    game = final.games[0]
    record = GameRecord.from_transcript(game.moves)
    player = new_player()
    player.app.scene.open(ReviewEntry(record=record, index=len(record.plies) // 2 + 6))
    player.frame()
    scene = player.app.scene
    assert isinstance(scene, ReviewScene) and scene.analysis is not None
    scene.analysis.run()
    settle(player)
    return player


def show_library() -> Player:
    """The library after a search by player and event, the first game found chosen."""
    shared_library()
    player = new_player()
    player.app.scene.open(LibraryEntry())
    player.frame()
    scene = player.app.scene
    assert isinstance(scene, LibraryScene)
    player.click_button("search")
    for field, text in zip(scene.fields[: len(SEARCH)], SEARCH, strict=True):
        player.click(field.rect.center)
        player.frame([pygame.event.Event(pygame.TEXTINPUT, text=text)])
    player.press(pygame.K_RETURN)
    player.click_button("game:0")
    settle(player)
    return player


def show_explorer() -> Player:
    """The opening explorer at the Tiger, with the masters' games under each move."""
    shared_library()
    player = new_player()
    moves = [parse_square(EXPLORED[i : i + 2]) for i in range(0, len(EXPLORED), 2)]
    player.app.scene.open(ExplorerEntry(moves=moves))
    settle(player)
    return player


def show_tutorial() -> Player:
    """How to Play at its first step."""
    player = new_player()
    player.app.scene.open(TutorialEntry())
    settle(player)
    return player


SCREENS: dict[str, Callable[[], Player]] = {
    "menu": show_menu,
    "game": show_game,
    "review": show_review,
    "library": show_library,
    "explorer": show_explorer,
    "tutorial": show_tutorial,
}
README_SCREENS = ("menu", "game", "review", "library", "explorer")
"""What a plain run draws: the README's pictures."""


def palette_of(surface: pygame.Surface, size: int) -> list[tuple[int, int, int]]:
    """``size`` colours for ``surface``: its most frequent ones, each unlike those before it, then the next frequent.

    Colours are counted on an 8-step grid so near shades share one; a rare colour far from the
    rest (the last move's red dot) still gets its own entry, ahead of the many shades of the felt.
    """
    counts: Counter[tuple[int, int, int]] = Counter()
    pixels = pygame.PixelArray(surface)
    for x in range(0, surface.get_width(), 2):
        for y in range(0, surface.get_height(), 2):
            r, g, b, _ = surface.unmap_rgb(int(pixels[x, y]))
            counts[(r | 7, g | 7, b | 7)] += 1
    pixels.close()
    ranked = [colour for colour, _ in counts.most_common()]
    chosen: list[tuple[int, int, int]] = []
    for colour in ranked:
        if len(chosen) == size:
            break
        if all(distance(colour, other) > DISTINCT for other in chosen):
            chosen.append(colour)
    for colour in ranked:
        if len(chosen) == size:
            break
        if colour not in chosen:
            chosen.append(colour)
    return chosen


def distance(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    """How unlike two colours look, roughly: squared differences weighted as the eye weighs red, green, blue."""
    return 3 * (a[0] - b[0]) ** 2 + 4 * (a[1] - b[1]) ** 2 + 2 * (a[2] - b[2]) ** 2


def quantize(surface: pygame.Surface, size: int = COLOURS) -> pygame.Surface:
    """``surface`` on an 8-bit surface with its own palette of ``size`` colours, each pixel its nearest."""
    palette = palette_of(surface, size)
    nearest: dict[int, int] = {}
    out = pygame.Surface(surface.get_size(), 0, 8)
    out.set_palette(palette + [(0, 0, 0)] * (256 - len(palette)))
    source = pygame.PixelArray(surface)
    target = pygame.PixelArray(out)
    for x in range(surface.get_width()):
        for y in range(surface.get_height()):
            key = int(source[x, y])
            index = nearest.get(key)
            if index is None:
                colour = tuple(surface.unmap_rgb(key))[:3]
                index = min(range(len(palette)), key=lambda i: distance(palette[i], colour))  # type: ignore[arg-type]
                nearest[key] = index
            target[x, y] = index  # type: ignore[index]
    source.close()
    target.close()
    return out


def picture(surface: pygame.Surface, width: int = WIDTH, colours: int = COLOURS) -> pygame.Surface:
    """The logical surface scaled to ``width`` (its proportions kept) and reduced to ``colours`` colours."""
    height = round(surface.get_height() * width / surface.get_width())
    scaled = pygame.transform.smoothscale(surface.convert(32, 0) if surface.get_bitsize() != 32 else surface,
                                          (width, height))
    return quantize(scaled, colours) if colours else scaled


def render(name: str, out_dir: Path = OUT_DIR, width: int = WIDTH, colours: int = COLOURS,
           language: str = "en") -> Path:
    """Render the screen ``name`` (a key of ``SCREENS``) into ``out_dir/<name>.png``; the file written.

    In another language than English the file is ``<name>-<code>.png``.
    """
    LANGUAGE[0] = language
    player = SCREENS[name]()
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / (f"{name}.png" if language == "en" else f"{name}-{language}.png")
    pygame.image.save(picture(player.app.surface, width, colours), str(path))
    return path


def main(argv: list[str] | None = None) -> int:
    """Render the screens named (all by default); print each file and its size."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("screens", nargs="*", help=f"which to render: {', '.join(SCREENS)} (all by default)")
    parser.add_argument("--out", type=Path, default=OUT_DIR, help=f"the folder (default {OUT_DIR.relative_to(ROOT)})")
    parser.add_argument("--width", type=int, default=WIDTH, help=f"the pictures' width (default {WIDTH})")
    parser.add_argument("--colours", type=int, default=COLOURS,
                        help=f"the palette's size, 0 for full colour (default {COLOURS})")
    parser.add_argument("--language", action="append", choices=sorted(LANGUAGES),
                        help="draw in this language (again for more; default English)")
    args = parser.parse_args(argv)
    unknown = [name for name in args.screens if name not in SCREENS]
    if unknown:
        parser.error(f"no screen {unknown[0]!r}: choose from {', '.join(SCREENS)}")
    with tempfile.TemporaryDirectory() as data:
        os.environ[DATA_DIR_ENV] = data  # the library's cache and anything saved go here, not the player's folder
        total = 0
        for language in args.language or ["en"]:
            for name in args.screens or README_SCREENS:
                path = render(name, args.out, args.width, args.colours, language)
                total += path.stat().st_size
                print(f"{path}: {path.stat().st_size:,} bytes")
        print(f"{total:,} bytes in all")
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
