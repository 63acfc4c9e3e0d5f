"""The win-chance graph of a reviewed game: seat 0's chances position by position.

The area under the line is seat 0's colour and the area above it seat 1's, so the graph
reads like the eval bar turned on its side, move by move.  Marked moves (inaccuracy,
mistake, blunder) are dots in their class's colour; the position shown is a vertical line.
A click asks for a position (``position_at``).  ``draw`` only draws.
"""

from __future__ import annotations

import pygame

from ai.winchance import percent
from game import theme
from game.ui.widgets import draw_text

# the look of each class of mistake: a symbol for the move list and a colour
MARKS = {
    "inaccuracy": ("?!", theme.WARN),
    "mistake": ("?", theme.mix(theme.WARN, theme.BAD, 0.55)),
    "blunder": ("??", theme.BAD),
}


class WinGraph:
    def __init__(self):
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.chances: list[float | None] = []  # seat 0's chance in % per position
        self.marks: dict[int, str] = {}  # position -> class of the move that led there
        self.current = 0
        self.pals: tuple[dict, dict] = (theme.colour("white"), theme.colour("black"))
        self.hover: int | None = None
        self.names: tuple = ("", "")  # the seats' names, for the hover text

    def layout(self, rect) -> None:
        self.rect = pygame.Rect(rect)

    @property
    def inner(self) -> pygame.Rect:
        return self.rect.inflate(-12, -12)

    def x_of(self, position: int) -> int:
        n = max(1, len(self.chances) - 1)
        inner = self.inner
        return inner.x + inner.width * position // n

    def y_of(self, chance: float) -> int:
        inner = self.inner
        return inner.bottom - int(inner.height * max(0.0, min(100.0, chance)) / 100)

    def position_at(self, pos) -> int | None:
        """The position whose column holds ``pos``, or None off the graph."""
        if not self.rect.collidepoint(pos) or len(self.chances) < 2:
            return None
        n = len(self.chances) - 1
        inner = self.inner
        frac = (pos[0] - inner.x) / max(1, inner.width)
        return max(0, min(n, int(round(frac * n))))

    def draw(self, surface) -> None:
        box = self.rect
        pygame.draw.rect(
            surface, theme.mix(theme.PANEL, theme.BG, 0.5), box, border_radius=theme.RADIUS // 2
        )
        inner = self.inner
        pts = [(self.x_of(i), self.y_of(c)) for i, c in enumerate(self.chances) if c is not None]
        if len(pts) >= 2:
            area = pygame.Surface(box.size, pygame.SRCALPHA)
            ox, oy = box.topleft
            shifted = [(x - ox, y - oy) for x, y in pts]
            top = [(shifted[0][0], inner.y - oy)] + shifted + [(shifted[-1][0], inner.y - oy)]
            bottom = (
                [(shifted[0][0], inner.bottom - oy)]
                + shifted
                + [(shifted[-1][0], inner.bottom - oy)]
            )
            pygame.draw.polygon(area, (*self.pals[1]["fill"], 150), top)
            pygame.draw.polygon(area, (*self.pals[0]["fill"], 190), bottom)
            surface.blit(area, box.topleft)
            pygame.draw.lines(surface, theme.ACCENT_2, False, pts, 2)
        mid = self.y_of(50)
        pygame.draw.line(
            surface,
            theme.mix(theme.PANEL_EDGE, theme.TEXT, 0.3),
            (inner.x, mid),
            (inner.right, mid),
            1,
        )
        if self.chances:
            x = self.x_of(self.current)
            pygame.draw.line(surface, theme.ACCENT, (x, box.y + 2), (x, box.bottom - 3), 2)
        for position, label in self.marks.items():
            if position >= len(self.chances) or self.chances[position] is None:
                continue
            col = MARKS.get(label, ("", theme.WARN))[1]
            c = (self.x_of(position), self.y_of(self.chances[position] or 50.0))
            pygame.draw.circle(surface, theme.BG, c, 6)
            pygame.draw.circle(surface, col, c, 5)
        if self.hover is not None and self.hover < len(self.chances):
            chance = self.chances[self.hover]
            if chance is not None:
                x = self.x_of(self.hover)
                pygame.draw.line(surface, theme.TEXT_DIM, (x, inner.y), (x, inner.bottom), 1)
                # seat 0's chance, named, as the play panel's bar shows it (0 and 100 %
                # only for a proof)
                pct = percent(chance / 100.0)
                text = f"{self.names[0]} {pct}%".strip() if self.names[0] else f"{pct}%"
                anchor = "topleft" if x < box.centerx else "topright"
                draw_text(
                    surface,
                    text,
                    theme.FONT_TINY,
                    self.pals[0].get("text", theme.TEXT),
                    (x + (4 if anchor == "topleft" else -4), box.y + 2),
                    anchor,
                )
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=theme.RADIUS // 2)
