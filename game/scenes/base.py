"""The Scene base class and drawing shared by the scenes (background, headings)."""

from __future__ import annotations

import math

import pygame

from game import theme
from game.widgets import FocusGroup, draw_text


class Scene:
    """One screen.  ``overlay`` scenes draw over the scene beneath them; ``update_below``
    lets the scene beneath keep running (e.g. the title's attract game under Settings)."""

    overlay = False
    update_below = False

    def __init__(self, app):
        self.app = app
        self.ui = FocusGroup(app)
        self.time = 0.0

    # life cycle
    def enter(self) -> None:
        self.layout(self.app.size)

    def exit(self) -> None:
        """Leaving for good (popped or replaced)."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """The scene above was popped."""
        self.layout(self.app.size)

    def layout(self, size) -> None:
        """Place the widgets for a window of ``size``."""

    # the frame
    def handle_event(self, event) -> None:
        self.ui.handle_event(event)

    def update(self, dt: float) -> None:
        self.time += dt
        self.ui.update(dt)

    def draw(self, surface) -> None:
        draw_background(surface, self.app.time)
        self.ui.draw(surface)


_bg_cache: dict = {}
DOT_STEP = 48


def _backdrop(size, glow: bool) -> pygame.Surface:
    """The backdrop (glow and a grid of dots), built once per window size."""
    key = (tuple(size), glow)
    surf = _bg_cache.get(key)
    if surf is None:
        w, h = size
        step = DOT_STEP
        surf = pygame.Surface((w + step, h + step))
        surf.fill(theme.BG)
        if glow:
            cx, cy = w // 2 + step, int(h * 0.38) + step
            r_max = int(max(w, h) * 0.7)
            steps = 28
            for i in range(steps, 0, -1):
                t = i / steps
                col = theme.mix(theme.BG, theme.BG_GLOW, (1 - t) ** 1.6 * 0.9)
                pygame.draw.circle(surf, col, (cx, cy), int(r_max * t))
        col = theme.mix(theme.BG, theme.GRID_LINE, 0.16)
        for y in range(0, h + step, step):
            for x in range(0, w + step, step):
                pygame.draw.circle(surf, col, (x + step // 2, y + step // 2), 1)
        if len(_bg_cache) > 4:
            _bg_cache.clear()
        _bg_cache[key] = surf
    return surf


def draw_background(surface, t: float, glow: bool = True) -> None:
    """The night-blue backdrop with its glow and a grid of dots (one blit)."""
    w, h = surface.get_size()
    surface.blit(_backdrop((w, h), glow), (-DOT_STEP // 2, -DOT_STEP // 2))


def heading(
    surface, text: str, pos, t: float, size: int = theme.FONT_LARGE, anchor: str = "midtop"
) -> pygame.Rect:
    """A scene heading with a pink underline that breathes."""
    rect = draw_text(surface, text, size, theme.TEXT, pos, anchor)
    glow = theme.pulse(t, 2.4)
    w = int(rect.width * (0.35 + 0.15 * glow))
    y = rect.bottom + 4
    pygame.draw.line(
        surface,
        theme.mix(theme.ACCENT, theme.ACCENT_2, glow),
        (rect.centerx - w // 2, y),
        (rect.centerx + w // 2, y),
        3,
    )
    return rect


def wobble(t: float, i: int, amp: float = 6.0) -> float:
    return amp * math.sin(t * 2.2 + i * 0.55)
