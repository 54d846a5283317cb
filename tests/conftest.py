"""Fixtures shared by the scene tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game.storage import FileStorage, Storage
from tests.app_driver import Player


@pytest.fixture
def player_factory(tmp_path: Path) -> Iterator[Callable[..., Player]]:
    """Players driving a fresh ``App`` each (files in ``tmp_path`` unless a storage is given)."""

    def make(storage: Storage | None = None, **kwargs: object) -> Player:
        return Player(storage if storage is not None else FileStorage(tmp_path), **kwargs)  # type: ignore[arg-type]

    yield make
    pygame.quit()
