"""Make the game's sounds: a disc being placed and a disc turning over, as OGG Vorbis in ``assets/sounds``.

Both are synthesised from a fixed seed, so running this again gives the
same sounds: a placement is a soft wooden knock (a low damped tone plus a
short filtered noise burst), a flip a lighter, higher click. Needs numpy and
``soundfile`` (PyPI; its wheels bundle libsndfile with Vorbis) - tools only:

    pip install numpy soundfile
    python tools/make_sounds.py
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import soundfile

RATE = 22050
TARGET_DIR = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def _envelope(length: int, attack: float, decay: float) -> np.ndarray:
    """A fast linear attack then an exponential decay (``decay`` is the time constant in seconds)."""
    t = np.arange(length) / RATE
    attack_part = np.clip(t / attack, 0.0, 1.0)
    return attack_part * np.exp(-t / decay)


def _lowpass(signal: np.ndarray, strength: float) -> np.ndarray:
    """A one-pole low-pass filter; ``strength`` in (0, 1), higher is darker."""
    out = np.empty_like(signal)
    acc = 0.0
    for i, sample in enumerate(signal):
        acc = strength * acc + (1.0 - strength) * sample
        out[i] = acc
    return out


def knock(duration: float, pitch: float, brightness: float, seed: int) -> np.ndarray:
    """A damped tone with a pitch drop plus a noise transient: a disc on a wooden board."""
    rng = np.random.default_rng(seed)
    length = int(duration * RATE)
    t = np.arange(length) / RATE
    sweep = pitch * (1.0 + 0.6 * np.exp(-t / 0.012))
    phase = 2 * np.pi * np.cumsum(sweep) / RATE
    body = np.sin(phase) * _envelope(length, 0.002, duration / 5)
    overtone = 0.35 * np.sin(2.7 * phase) * _envelope(length, 0.001, duration / 10)
    noise = _lowpass(rng.uniform(-1, 1, length), 1.0 - brightness) * _envelope(length, 0.0005, 0.006)
    mix = 0.8 * body + overtone + 1.4 * noise
    fade = np.ones(length)
    fade[-64:] = np.linspace(1.0, 0.0, 64)
    mix *= fade
    return (0.85 * mix / np.max(np.abs(mix))).astype(np.float32)


SOUNDS = {
    "place.ogg": lambda: knock(0.16, 190.0, 0.35, seed=4),
    "flip.ogg": lambda: 0.55 * knock(0.07, 620.0, 0.6, seed=7),
}


def main() -> None:
    """Write every sound into ``assets/sounds``."""
    TARGET_DIR.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        path = TARGET_DIR / name
        soundfile.write(path, make(), RATE, format="OGG", subtype="VORBIS")
        print(f"{path.relative_to(TARGET_DIR.parent.parent)}: {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
