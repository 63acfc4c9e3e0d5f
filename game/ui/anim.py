"""Tweens and timelines, driven by ``update(dt)`` (never by the wall clock).

A :class:`Tween` runs from 0 to 1 over ``duration`` seconds after an optional
``delay`` and reports its eased progress through ``value``.  A
:class:`Timeline` holds named tweens and cues (named moments, e.g. for a sound
when a checker lands) and is what the board views advance each frame.

Everything here is plain arithmetic: no pygame, so it is cheap to test.
"""

from __future__ import annotations

import math
from typing import Callable, Hashable

from game import theme

Ease = Callable[[float], float]


class Tween:
    """Progress 0..1 over ``duration`` seconds, starting after ``delay``."""

    __slots__ = ("duration", "delay", "ease", "elapsed")

    def __init__(self, duration: float, ease: Ease = theme.ease_in_out, delay: float = 0.0):
        self.duration = max(0.0, float(duration))
        self.delay = max(0.0, float(delay))
        self.ease = ease
        self.elapsed = 0.0

    @property
    def end(self) -> float:
        """Seconds from the tween's creation to its end."""
        return self.delay + self.duration

    def update(self, dt: float) -> None:
        if dt > 0:
            self.elapsed = min(self.end, self.elapsed + dt)

    def finish(self) -> None:
        self.elapsed = self.end

    @property
    def started(self) -> bool:
        return self.elapsed > self.delay or (self.duration == 0 and self.elapsed >= self.delay)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.end

    @property
    def raw(self) -> float:
        """Linear progress 0..1 (0 before the delay has passed)."""
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return theme.clamp01((self.elapsed - self.delay) / self.duration)

    @property
    def value(self) -> float:
        """Eased progress (an overshooting easing may leave [0, 1] mid-way)."""
        r = self.raw
        if r <= 0.0:
            return 0.0
        if r >= 1.0:
            return 1.0
        return self.ease(r)


class Timeline:
    """Named tweens and cues advanced together.

    * ``add(key, duration, ease, delay)`` starts (or replaces) a tween;
    * ``cue(name, at)`` fires ``name`` once when the timeline passes ``at`` seconds
      from now; fired cues are collected by ``pop_cues()``;
    * ``value(key, default)`` is the eased progress of a tween (``default`` when
      there is no such tween, usually 1.0 = "finished");
    * ``running`` is True while a tween or cue is pending.
    """

    def __init__(self):
        self.tweens: dict[Hashable, Tween] = {}
        self._cues: list[tuple[float, str]] = []  # (seconds from now, name)
        self._fired: list[str] = []

    def add(
        self, key: Hashable, duration: float, ease: Ease = theme.ease_in_out, delay: float = 0.0
    ) -> Tween:
        tween = Tween(duration, ease, delay)
        self.tweens[key] = tween
        return tween

    def cue(self, name: str, at: float = 0.0) -> None:
        if at <= 0:
            self._fired.append(name)
        else:
            self._cues.append((float(at), name))

    def get(self, key: Hashable) -> Tween | None:
        return self.tweens.get(key)

    def value(self, key: Hashable, default: float = 1.0) -> float:
        tween = self.tweens.get(key)
        return default if tween is None else tween.value

    def raw(self, key: Hashable, default: float = 1.0) -> float:
        tween = self.tweens.get(key)
        return default if tween is None else tween.raw

    def update(self, dt: float) -> None:
        if dt <= 0:
            return
        for tween in self.tweens.values():
            tween.update(dt)
        if self._cues:
            left = []
            for at, name in self._cues:
                at -= dt
                if at <= 0:
                    self._fired.append(name)
                else:
                    left.append((at, name))
            self._cues = left
        # drop finished tweens so ``value`` falls back to the default (finished)
        if any(t.done for t in self.tweens.values()):
            self.tweens = {k: t for k, t in self.tweens.items() if not t.done}

    @property
    def running(self) -> bool:
        return bool(self.tweens) or bool(self._cues)

    @property
    def remaining(self) -> float:
        """Seconds until every tween and cue is done."""
        longest = max((t.end - t.elapsed for t in self.tweens.values()), default=0.0)
        return max([longest] + [at for at, _ in self._cues])

    def finish(self, fire_cues: bool = False) -> None:
        """Jump to the end: tweens finish; pending cues are dropped (or fired)."""
        if fire_cues:
            self._fired.extend(name for _, name in self._cues)
        self._cues = []
        self.tweens = {}

    def pop_cues(self) -> list[str]:
        fired, self._fired = self._fired, []
        return fired

    def clear(self) -> None:
        self.tweens = {}
        self._cues = []
        self._fired = []


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def shake(t: float, cycles: float = 3.0) -> float:
    """A damped side-to-side offset in [-1, 1] for t in [0, 1] (0 at both ends)."""
    t = theme.clamp01(t)
    return math.sin(t * cycles * 2 * math.pi) * (1.0 - t)


def flash(t: float) -> float:
    """A quick rise and slow decay, 0..1..0, for t in [0, 1]."""
    t = theme.clamp01(t)
    if t < 0.12:
        return t / 0.12
    return (1.0 - t) / 0.88
