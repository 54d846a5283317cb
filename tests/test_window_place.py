"""Where the desktop window opens (``game.platform.window_memory.choose``): a first window fitted to its
desktop and left for SDL to centre, a saved place kept only while it lies mostly on a desktop. Pure geometry,
plus one real window under Xvfb when it is installed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.platform.window_memory import (
    LARGEST,
    Placement,
    choose,
    desktop_areas,
    first_size,
    mostly_on,
    overlap,
    smallest,
    usable,
)

REPO = Path(__file__).resolve().parent.parent
LANDSCAPE = (1280, 800)
PORTRAIT = (720, 1280)
MINIMUM = (640, 400)
TWO = [(1920, 1080), (1280, 1024)]


def opens(saved: Placement | None, desktops: list[tuple[int, int]]) -> Placement:
    return choose(saved, desktops, LANDSCAPE, MINIMUM)


# -- a first start ------------------------------------------------------------

@pytest.mark.parametrize(("desktop", "size"), [
    ((720, 1280), (648, 405)),  # the issue's portrait screen: no longer 1280 wide at x = -280
    ((640, 400), (576, 336)),  # smaller than the minimum: the minimum gives way to the usable part
    ((1024, 768), (922, 576)),
    ((1366, 768), (1107, 692)),
    ((1920, 1080), (1280, 800)),  # room enough: the logical size, never enlarged
    ((3840, 2160), (1280, 800)),
])
def test_the_first_window_fits_the_usable_part_of_its_desktop_and_is_centred_by_sdl(
        desktop: tuple[int, int], size: tuple[int, int]) -> None:
    assert opens(None, [desktop]) == Placement(size, None)
    room = usable(desktop)
    assert size[0] <= room[0] and size[1] <= room[1]


def test_the_first_window_keeps_its_shape_unless_the_minimum_holds_it() -> None:
    width, height = first_size(LANDSCAPE, (1366, 768), MINIMUM)
    assert abs(width / height - 1280 / 800) < 0.01
    assert first_size(PORTRAIT, (1920, 1080), MINIMUM) == (640, 972)  # 546 wide by its height, held at 640
    assert first_size(LANDSCAPE, (100, 100), MINIMUM) == (50, 50)  # a toy screen: half of each side at least


def test_the_usable_part_and_the_smallest_window() -> None:
    assert usable((1920, 1080)) == (1728, 972)
    assert usable((640, 400)) == (576, 336)
    assert smallest([(1920, 1080)], MINIMUM) == MINIMUM
    assert smallest([(1920, 1080), (640, 400)], MINIMUM) == (576, 336)
    assert smallest([], MINIMUM) == MINIMUM


# -- a saved place --------------------------------------------------------------

def test_the_issues_window_is_dropped_on_the_small_screen_and_cut_on_the_portrait_one() -> None:
    saved = Placement((1280, 800), (-280, 240))
    assert opens(saved, [(640, 400)]) == Placement((576, 336), None)  # 22 % on the screen: a first start
    # wider than the screen but 56 % on it: cut to the screen's width, from its left edge
    assert opens(saved, [(720, 1280)]) == Placement((720, 800), (0, 240))
    assert opens(Placement((1280, 800), (0, 0)), [(720, 1280)]) == Placement((720, 800), (0, 0))


@pytest.mark.parametrize(("saved", "desktops", "expected"), [
    (Placement((800, 600), (100, 50)), TWO, Placement((800, 600), (100, 50))),  # on display 0: as it was
    (Placement((800, 600), (2000, 10)), TWO, Placement((800, 600), (2000, 10))),  # on the monitor to the right
    (Placement((800, 600), (-1000, 100)), TWO, Placement((800, 600), (-1000, 100))),  # ... or to the left
    (Placement((800, 600), (300, 1200)), TWO, Placement((800, 600), (300, 1200))),  # ... or below
    (Placement((800, 600), (2000, 10)), [(1920, 1080)], Placement((1280, 800), None)),  # that monitor unplugged
    (Placement((800, 600), (4000, 10)), TWO, Placement((1280, 800), None)),  # beyond every desktop
    (Placement((800, 600), (10, -2000)), TWO, Placement((1280, 800), None)),
    (Placement((800, 600), (1500, 100)), [(1920, 1080)], Placement((800, 600), (1500, 100))),  # 52 % on
    (Placement((800, 600), (1600, 100)), [(1920, 1080)], Placement((1280, 800), None)),  # 40 % on
    (Placement((800, 600), (100, 700)), [(1920, 1080)], Placement((800, 600), (100, 700))),  # 63 % on
    (Placement((800, 600), (100, -50)), [(1920, 1080)], Placement((1280, 800), None)),  # its title bar above
    (Placement((100, 100), (10, 10)), [(1920, 1080)], Placement((640, 400), (10, 10))),  # raised to the minimum
    (Placement((1920, 1050), (0, 30)), [(1280, 720)], Placement((1036, 648), None)),  # a big screen's, 44 % on
    (Placement((2000, 300), (-40, 10)), TWO, Placement((1920, 400), (0, 10))),  # 96 % on display 0: cut to it
    (Placement((5000, 300), (-100, 10)), TWO, Placement((1280, 800), None)),  # 38 % on display 0
    (Placement((5000, 300), None), TWO, Placement((1728, 400), None)),  # no place known: fits to be centred
    (Placement((800, 600), None), [(640, 400)], Placement((576, 336), None)),
])
def test_a_saved_place_is_kept_only_while_it_lies_mostly_on_a_desktop(
        saved: Placement, desktops: list[tuple[int, int]], expected: Placement) -> None:
    assert opens(saved, desktops) == expected


def test_without_a_known_desktop_nothing_is_fitted() -> None:
    saved = Placement((5000, 300), (-9000, 10))
    assert opens(saved, []) == saved
    assert opens(None, []) == Placement(LANDSCAPE, None)


def test_the_other_desktops_are_guessed_beside_display_0() -> None:
    areas = desktop_areas(TWO)
    assert areas[0] == (0, 0, 1920, 1080)
    assert {(1920, 0, 1280, 1024), (-1280, 0, 1280, 1024), (0, 1080, 1280, 1024), (0, -1024, 1280, 1024),
            (1920, 56, 1280, 1024)} <= set(areas)
    assert desktop_areas([(1920, 1080), (1920, 1080)]).count((1920, 0, 1920, 1080)) == 1
    assert overlap((1820, 0), (200, 100), areas[0]) == 100 * 100
    assert mostly_on((1820, 0), (200, 100), areas[0]) and not mostly_on((1821, 0), (200, 100), areas[0])


# -- properties -------------------------------------------------------------------

desktop_sizes = st.tuples(st.integers(100, 8000), st.integers(100, 8000))
places = st.builds(
    Placement,
    st.tuples(st.integers(1, LARGEST), st.integers(1, LARGEST)),
    st.none() | st.tuples(st.integers(-LARGEST, LARGEST), st.integers(-LARGEST, LARGEST)))


@settings(max_examples=300, deadline=None)
@given(st.none() | places, st.lists(desktop_sizes, min_size=1, max_size=3), st.sampled_from([LANDSCAPE, PORTRAIT]))
def test_the_window_always_opens_mostly_on_a_desktop_and_fits_it(
        saved: Placement | None, desktops: list[tuple[int, int]], preferred: tuple[int, int]) -> None:
    chosen = choose(saved, desktops, preferred, MINIMUM)
    floor = smallest(desktops, MINIMUM)
    width, height = chosen.size
    assert width >= floor[0] and height >= floor[1]
    if chosen.position is None:  # SDL centres it on display 0: it lies wholly on its usable part
        room = usable(desktops[0])
        assert width <= room[0] and height <= room[1]
    else:
        assert saved is not None and saved.position is not None
        assert any(mostly_on(chosen.position, chosen.size, area) and width <= area[2] and height <= area[3]
                   for area in desktop_areas(desktops))


@settings(max_examples=200, deadline=None)
@given(st.lists(desktop_sizes, min_size=1, max_size=3), st.data())
def test_a_window_left_on_display_0_reopens_exactly_there(desktops: list[tuple[int, int]], data: st.DataObject) -> None:
    floor = smallest(desktops, MINIMUM)
    width, height = desktops[0]
    size = (data.draw(st.integers(floor[0], width)), data.draw(st.integers(floor[1], height)))
    position = (data.draw(st.integers(0, width - size[0])), data.draw(st.integers(0, height - size[1])))
    assert choose(Placement(size, position), desktops, LANDSCAPE, MINIMUM) == Placement(size, position)


# -- a real window -------------------------------------------------------------------

@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="Xvfb is not installed")
def test_under_a_real_small_screen_a_place_mostly_off_it_is_dropped_and_the_real_place_saved(tmp_path: Path) -> None:
    (tmp_path / "window.json").write_text('{"size": [1280, 800], "position": [-280, 240]}', encoding="utf-8")
    env = dict(os.environ, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy")
    env.pop("SDL_VIDEO_WINDOW_POS", None)
    completed = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 640x400x24",
                                sys.executable, "-m", "game", "--data-dir", str(tmp_path), "--frames", "3"],
                               cwd=REPO, env=env, capture_output=True, text=True, timeout=60)
    assert completed.returncode == 0, completed.stderr
    saved = json.loads((tmp_path / "window.json").read_text(encoding="utf-8"))
    assert saved == {"size": [540, 336], "position": [50, 32]}  # fitted, centred by SDL, read back from the window
