"""Sound effects, synthesised with numpy when the mixer starts (no files).

    sound = Sound(volume=0.7)
    sound.play("place")          # place, splay, capture, win, click, error
    sound.toggle_mute()
    sound.volume = 0.5

Every method silently does nothing when there is no audio device (the mixer
cannot start, or SDL's dummy driver refuses): sound is never a reason for the
app to fail.  All six effects together are about 2.3 s of audio and take
about 15 ms to synthesise on an idle core; each is made on its first ``play``
(or all at once by ``preload()``), so start-up only pays for the mixer.
"""

from __future__ import annotations

import numpy as np

try:
    import pygame
except Exception:  # pragma: no cover - pygame is a dependency
    pygame = None

NAMES = ("place", "splay", "capture", "win", "click", "error")
# what the mixer raises when the audio device went away during the game (unplugged, taken
# by another program): the game plays on in silence
AUDIO_ERRORS: tuple[type[BaseException], ...] = (pygame.error,) if pygame is not None else ()


def _note(n: float) -> float:
    """Frequency of the note ``n`` semitones above A4 (440 Hz)."""
    return 440.0 * 2.0 ** (n / 12.0)


class _Synth:
    """Little building blocks: tones, sweeps and envelopes as float arrays in [-1, 1]."""

    def __init__(self, rate: int):
        self.rate = rate

    def t(self, dur: float) -> np.ndarray:
        return np.arange(int(self.rate * dur), dtype=np.float32) / self.rate

    def env(self, dur: float, attack: float = 0.004, decay: float = 8.0) -> np.ndarray:
        """A quick linear attack then an exponential decay (``decay`` per second)."""
        t = self.t(dur)
        a = np.clip(t / max(attack, 1e-4), 0.0, 1.0)
        tail = np.clip((dur - t) / 0.01, 0.0, 1.0)  # no click at the end
        return (a * np.exp(-decay * t) * tail).astype(np.float32)

    def wave(self, freq, dur: float, shape: str = "sine") -> np.ndarray:
        """A waveform; ``freq`` may be an array (a sweep), integrated into a phase."""
        n = int(self.rate * dur)
        f = np.broadcast_to(np.asarray(freq, dtype=np.float32), (n,))
        phase = 2 * np.pi * np.cumsum(f) / self.rate
        if shape == "sine":
            return np.sin(phase).astype(np.float32)
        if shape == "tri":
            return (2 / np.pi * np.arcsin(np.sin(phase))).astype(np.float32)
        if shape == "square":  # a soft square: a few odd harmonics
            return ((np.sin(phase) + np.sin(3 * phase) / 3 + np.sin(5 * phase) / 5) * 0.8).astype(
                np.float32
            )
        raise ValueError(shape)

    def sweep(self, f0: float, f1: float, dur: float, shape: str = "sine") -> np.ndarray:
        n = int(self.rate * dur)
        freq = f0 * (f1 / f0) ** np.linspace(0.0, 1.0, n, dtype=np.float32)  # exponential
        return self.wave(freq, dur, shape)

    def noise(self, dur: float, seed: int = 7) -> np.ndarray:
        # a cheap hash-style noise (no random generator to set up)
        i = np.arange(int(self.rate * dur), dtype=np.float64) + seed * 977.0
        x = np.sin(i * 12.9898) * 43758.5453
        return ((x - np.floor(x)) * 2.0 - 1.0).astype(np.float32)

    @staticmethod
    def mix(total: int, *parts: tuple[int, np.ndarray]) -> np.ndarray:
        """Sum ``(offset_in_samples, signal)`` parts into one buffer ``total`` long."""
        out = np.zeros(total, dtype=np.float32)
        for offset, sig in parts:
            end = min(total, offset + len(sig))
            if end > offset:
                out[offset:end] += sig[: end - offset]
        return out

    # --- the effects -------------------------------------------------------------------
    def place(self) -> np.ndarray:
        """A woody 'tok': a falling sine with a triangle body and a tiny click."""
        d = 0.14
        body = self.sweep(900, 520, d) * self.env(d, 0.002, 30)
        tri = self.sweep(450, 260, d, "tri") * self.env(d, 0.002, 22) * 0.5
        click = self.noise(0.006) * self.env(0.006, 0.0005, 400) * 0.35
        return self.mix(int(self.rate * d), (0, body + tri), (0, click)) * 0.8

    def splay(self) -> np.ndarray:
        """A quick rising arpeggio with a shimmer: territory spreading."""
        step = 0.055
        notes = (3, 7, 10, 15, 19)  # C5 E5 G5 C6 E6 (semitones above A4)
        total = int(self.rate * (step * len(notes) + 0.25))
        parts = []
        for k, n in enumerate(notes):
            d = 0.22
            sig = self.wave(_note(n), d, "square") * self.env(d, 0.003, 14) * 0.45
            sig += self.wave(_note(n + 12), d) * self.env(d, 0.003, 20) * 0.25
            parts.append((int(self.rate * step * k), sig))
        return self.mix(total, *parts)

    def capture(self) -> np.ndarray:
        """A falling 'whoomp' with a soft thud: towers collapsing."""
        d = 0.32
        fall = self.sweep(520, 90, d, "tri") * self.env(d, 0.004, 7) * 0.7
        thud = self.sweep(140, 50, 0.18) * self.env(0.18, 0.002, 18) * 0.8
        hiss = self.noise(0.08, 3) * self.env(0.08, 0.001, 45) * 0.15
        return self.mix(int(self.rate * d), (0, fall), (0, hiss), (int(self.rate * 0.05), thud))

    def win(self) -> np.ndarray:
        """A little fanfare: C-E-G then a held, shimmering C major chord."""
        total = int(self.rate * 1.05)
        parts = []
        for k, n in enumerate((3, 7, 10)):
            d = 0.16
            sig = self.wave(_note(n), d, "square") * self.env(d, 0.004, 10) * 0.4
            parts.append((int(self.rate * 0.11 * k), sig))
        d = 0.7
        t = self.t(d)
        vib = 1.0 + 0.006 * np.sin(2 * np.pi * 6.0 * t)
        chord = sum(
            self.wave(_note(n) * vib, d, "square") * w
            for n, w in ((15, 0.35), (19, 0.25), (22, 0.25))
        )
        parts.append((int(self.rate * 0.33), chord * self.env(d, 0.01, 3.2)))
        return self.mix(total, *parts)

    def click(self) -> np.ndarray:
        """A short, bright UI tick."""
        d = 0.035
        return (self.wave(2200, d) * 0.5 + self.wave(3300, d) * 0.2) * self.env(d, 0.0008, 120)

    def error(self) -> np.ndarray:
        """A low two-note 'bu-bup'."""
        total = int(self.rate * 0.24)
        a = self.wave(196, 0.09, "square") * self.env(0.09, 0.003, 12) * 0.55
        b = self.wave(147, 0.11, "square") * self.env(0.11, 0.003, 12) * 0.55
        return self.mix(total, (0, a), (int(self.rate * 0.11), b))


def _to_mixer(signal: np.ndarray, fmt: int, channels: int) -> np.ndarray:
    """Convert a float signal in [-1, 1] to the mixer's sample format and channels."""
    peak = float(np.abs(signal).max()) if len(signal) else 0.0
    if peak > 0.9:  # keep headroom rather than clip
        signal = signal * (0.9 / peak)
    sig = np.clip(signal, -1.0, 1.0)
    if fmt == -16:
        data = (sig * 32000).astype(np.int16)
    elif fmt == 16:
        data = (sig * 32000 + 32768).astype(np.uint16)
    elif fmt == -8:
        data = (sig * 126).astype(np.int8)
    elif fmt == 8:
        data = (sig * 126 + 128).astype(np.uint8)
    elif fmt == -32:
        data = (sig * 2.1e9).astype(np.int32)
    else:  # 32: float samples
        data = sig.astype(np.float32)
    if channels > 1:
        data = np.repeat(data[:, None], channels, axis=1)
    return np.ascontiguousarray(data)


class Sound:
    """The game's sound effects; a silent no-op when audio is unavailable."""

    names = NAMES

    def __init__(self, volume: float = 0.7, lazy: bool = True):
        """Start the mixer (if nobody has) and get ready to synthesise.

        With ``lazy`` (the default) each effect is synthesised on its first
        ``play`` (about 0.1-2 ms each), so start-up pays nothing but the
        mixer; ``preload()`` synthesises them all at once."""
        self._volume = self._clamp(volume)
        self.muted = False
        self.available = False
        self._sounds: dict = {}
        self._synth = None
        self._format = None
        if pygame is None:
            return
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            info = pygame.mixer.get_init()
            if not info:
                return
            rate, fmt, channels = info
            self._synth = _Synth(int(rate))
            self._format = (fmt, channels)
            self.available = True
        except Exception:
            self.available = False
            return
        if not lazy:
            self.preload()

    def preload(self) -> None:
        """Synthesise every effect now (a few milliseconds in all)."""
        for name in NAMES:
            self._get(name)

    def _get(self, name: str):
        snd = self._sounds.get(name)
        if snd is None and self.available and name in NAMES:
            try:
                fmt, channels = self._format
                data = _to_mixer(getattr(self._synth, name)(), fmt, channels)
                snd = pygame.mixer.Sound(buffer=data.tobytes())
                snd.set_volume(self._volume)
                self._sounds[name] = snd
            except Exception:
                snd = None
        return snd

    @staticmethod
    def _clamp(v) -> float:
        try:
            v = float(v)
        except (TypeError, ValueError):
            return 0.7
        if v != v:  # NaN
            return 0.0
        return 0.0 if v < 0 else 1.0 if v > 1 else v

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = self._clamp(value)
        for snd in self._sounds.values():
            try:
                snd.set_volume(self._volume)
            except AUDIO_ERRORS:
                pass  # no device now: the volume is kept for the sounds still to play

    def toggle_mute(self) -> bool:
        """Mute or unmute; returns the new ``muted``."""
        self.muted = not self.muted
        if self.muted:
            for snd in self._sounds.values():
                try:
                    snd.stop()
                except AUDIO_ERRORS:
                    pass  # no device now: nothing is playing to stop
        return self.muted

    def play(self, name: str) -> None:
        """Play the effect ``name`` (unknown names, mute and no audio: nothing happens)."""
        if self.muted or not self.available or self._volume <= 0:
            return
        snd = self._get(name)
        if snd is None:
            return
        try:
            snd.play()
        except AUDIO_ERRORS:
            pass  # no device now: the effect is skipped, the game goes on

    def duration(self, name: str) -> float:
        """Length of an effect in seconds (0 when unavailable)."""
        snd = self._get(name)
        try:
            return float(snd.get_length()) if snd is not None else 0.0
        except Exception:
            return 0.0
