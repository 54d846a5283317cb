"""What every test shares: no real window or sound device, a data folder of the run's own, the app driver,
and pygame's loaders taking paths only (``tests/asset_guard.py``: the browser's pygame-ce opens no file object).

The SDL drivers are chosen here, before any test module imports pygame, so
scene tests open a dummy display and a silent mixer wherever they run (CI
has no screen). Subprocesses that start the game set them in their own
environment.
"""

from __future__ import annotations

import os

collect_ignore_glob = ["page/*.py"]
"""The page's own Python (``tests/page/pygbag_standin.py``) runs in the browser only: it imports Pyodide's ``js``."""

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# the game picks its language from the system on a first start: the tests' is English, wherever they run
os.environ["LANGUAGE"] = "en"

from collections.abc import Callable, Iterator  # noqa: E402 - after the drivers are chosen
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests import asset_guard  # noqa: E402

# before the game is imported: pygame's loaders refuse anything but a path, as in the browser
asset_guard.install()

from game.platform.storage import DATA_DIR_ENV, FileStorage, Storage  # noqa: E402
from tests.app_driver import Player  # noqa: E402


@pytest.fixture(autouse=True)
def loaders_given_paths_only() -> Iterator[None]:
    """A test fails if pygame was handed a file object for a font, image or sound (the browser opens only paths),
    even when the game caught the error."""
    asset_guard.take_refusals()
    yield
    refused = asset_guard.take_refusals()
    assert not refused, "\n".join(refused)


@pytest.fixture(autouse=True)
def english_after_each_test() -> Iterator[None]:
    """A test that switches the game's language leaves it English for the next one."""
    from game import i18n

    yield
    i18n.use(i18n.SOURCE_LANGUAGE)


@pytest.fixture(scope="session", autouse=True)
def data_dir_of_the_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The game's data folder for the whole run, one per xdist worker (caches the command line writes): never the
    user's own."""
    folder = tmp_path_factory.mktemp("othello-data")
    before = os.environ.get(DATA_DIR_ENV)
    os.environ[DATA_DIR_ENV] = str(folder)
    yield folder
    if before is None:
        os.environ.pop(DATA_DIR_ENV, None)
    else:
        os.environ[DATA_DIR_ENV] = before


@pytest.fixture
def player_factory(tmp_path: Path) -> Iterator[Callable[..., Player]]:
    """Players driving a fresh ``App`` each (files in ``tmp_path`` unless a storage is given)."""

    def make(storage: Storage | None = None, **kwargs: object) -> Player:
        return Player(storage if storage is not None else FileStorage(tmp_path), **kwargs)  # type: ignore[arg-type]

    yield make
    pygame.quit()


@pytest.fixture(autouse=True)
def no_shared_library_after_each_test() -> Iterator[None]:
    """The process's library (``game.library.service.shared()``), which a test may have started loading (the
    app loads it ahead of need when the explorer is on), is not the next test's."""
    yield
    from game.library import service

    service.set_shared(None)


@pytest.fixture(scope="session")
def real_page_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """The page built to take its runtime from ``cdn/0.9.3/`` beside it, with the real-browser harness's runtime
    there (``tests/real_browser.py``), served for the run: the desktop and the phone tests share it (one per
    pytest-xdist worker that runs them: each file runs on one worker)."""
    from tests.chromium import SwitchableSite, built_site
    from tests.real_browser import RUNTIME_PATH, add_runtime, pygame_wheel

    wheel = pygame_wheel()
    assert wheel is not None
    web = add_runtime(built_site(tmp_path_factory.mktemp("real"), cdn=RUNTIME_PATH), wheel)
    with SwitchableSite(web) as server:
        yield server


@pytest.fixture(scope="session")
def real_page_browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """One headless chromium for the run's real-browser tests, with a fresh profile (one per xdist worker)."""
    from tests.chromium import headless_browser

    with headless_browser(tmp_path_factory.mktemp("profile")) as running:
        yield running
