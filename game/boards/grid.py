"""A square-grid board layer (Gess, Gliss, Glades), beside ``hexboard.py``.

:class:`GridBoard` is the geometry and the static drawing of a ``cols`` x ``rows``
grid in one of two modes:

* ``"squares"``: pieces stand in the squares (Gess, Glades); ``(c, r)`` names a square;
* ``"points"``: pieces stand on the line crossings (Gliss, Go); ``(c, r)`` names a point.

Coordinates count columns from the left and rows from the bottom, starting at
``first`` (0 by default; Gliss numbers its points from 1).  Fractions are allowed
(for motion), and so are coordinates off the grid.

Fit.  ``pitch`` is the distance between neighbouring centres in pixels.  ``layout``
picks the largest pitch at which the grid plus ``room`` pitches on every side fits
the rect; when ``label_room`` pitches fit at a pitch of at least ``label_min``, the
coordinate labels (letters below and above, numbers left and right) are shown too.
``whole`` keeps the pitch a whole number of pixels (crisp squares).

Static drawing (one cached blit, rebuilt on layout): a soft glow, the plate
(``plate`` pitches beyond the grid's edge: the outer square edges, or the outer
lines), then the view's own surface painter (``paint(surf, grid, ox, oy)``: lines,
a checker, a gutter; ``(ox, oy)`` is where the screen origin lies on ``surf``),
the plate's rim and the labels.

Shared overlays: a sprite cache (cleared on layout), a stone in a theme colour entry
(with the dark colours' ring cue), a rounded frame round a block of squares (a
selection, a footprint, a domino), a legal-target dot, a cross, rings and polylines,
and ``blit`` with alpha and scale.  :class:`GridView` is the view base that holds a
grid: layout, clipping to the rect, hover, the last-move and target markers.
"""

from __future__ import annotations

import math

import pygame

from game import theme
from game.boards.base import AnimatedView, screen_point
from game.boards.hexboard import (
    LABEL_CAP,
    LABEL_FLOOR,
    SUPERSAMPLE,
    _for_display,
    font,
    target_ring,
)
from game.ui.widgets import blit_text, note_text, recording

LETTERS = "abcdefghijklmnopqrstuvwxyz"
SQUARES, POINTS = "squares", "points"


class GridBoard:
    """Screen geometry, static drawing and sprites of one square grid (module doc)."""

    def __init__(
        self,
        cols: int,
        rows: int,
        mode: str = SQUARES,
        *,
        first: int = 0,
        room: float = 1.0,
        label_room: float = 1.6,
        label_min: float = 18,
        label_at: float | None = None,
        plate: float = 0.3,
        whole: bool = False,
        plate_fill=None,
        dim_labels=(),
        paint=None,
    ):
        if mode not in (SQUARES, POINTS):
            raise ValueError(f"grid mode must be {SQUARES!r} or {POINTS!r}")
        self.cols, self.rows, self.mode, self.first = cols, rows, mode, first
        self.room, self.label_room, self.label_min = room, label_room, label_min
        self.label_at = (plate + (label_room - plate) / 2) if label_at is None else label_at
        self.plate = plate
        self.whole = whole
        self.plate_fill = theme.BOARD if plate_fill is None else plate_fill
        self.dim_labels = frozenset(dim_labels)
        self.paint = paint
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.pitch = 1.0
        self.left = self.top = 0.0  # screen point of the grid's top-left edge or line
        self.show_labels = False
        self._half = 0.5 if mode == SQUARES else 0.0
        self._base = None
        self._base_pos = (0, 0)
        self._sprites: dict = {}

    # --- layout -----------------------------------------------------------------------
    @property
    def span_cols(self) -> int:
        """The grid's width in pitches (squares: cols; points: the lines' span)."""
        return self.cols if self.mode == SQUARES else self.cols - 1

    @property
    def span_rows(self) -> int:
        return self.rows if self.mode == SQUARES else self.rows - 1

    def layout(self, rect) -> None:
        """Fit the grid (and its labels when they fit) into ``rect``."""
        self.rect = pygame.Rect(rect)
        w, h = max(1, self.rect.w), max(1, self.rect.h)

        def fit(room):
            p = min(w / (self.span_cols + 2 * room), h / (self.span_rows + 2 * room))
            return float(int(p)) if self.whole else p

        pitch = fit(self.label_room)
        self.show_labels = pitch >= self.label_min
        if not self.show_labels:
            pitch = fit(self.room)
        self.pitch = max(2.0 if self.whole else 1.0, pitch)
        gw, gh = self.span_cols * self.pitch, self.span_rows * self.pitch
        self.left = self.rect.x + (w - gw) / 2
        self.top = self.rect.y + (h - gh) / 2
        if self.whole:
            self.left, self.top = float(int(self.left)), float(int(self.top))
        self._base = None
        self._sprites.clear()

    # --- coordinates ------------------------------------------------------------------
    def center(self, c: float, r: float) -> tuple[float, float]:
        """The screen centre of square or point (c, r) (fractions allowed)."""
        p = self.pitch
        return (
            self.left + (c - self.first + self._half) * p,
            self.top + (self.rows - 1 - (r - self.first) + self._half) * p,
        )

    def point(self, c: int, r: int) -> tuple[int, int]:
        """The integer screen point of (c, r): a click there hits it."""
        x, y = self.center(c, r)
        return int(math.floor(x)), int(math.floor(y))

    def contains(self, c: int, r: int) -> bool:
        return self.first <= c < self.first + self.cols and self.first <= r < self.first + self.rows

    def to_grid(self, pos) -> tuple[float, float] | None:
        """Fractional (c, r) of a screen point (None for something that is no point)."""
        pt = screen_point(pos)
        if pt is None or self.pitch <= 0:
            return None
        p = self.pitch
        c = (pt[0] - self.left) / p - self._half + self.first
        r = self.rows - 1 - ((pt[1] - self.top) / p - self._half) + self.first
        return c, r

    def at(self, pos) -> tuple[int, int] | None:
        """The square or point under ``pos`` (a point owns the square of one pitch
        around it), or None off the grid."""
        g = self.to_grid(pos)
        if g is None:
            return None
        c, r = int(math.floor(g[0] + 0.5)), int(math.floor(g[1] + 0.5))
        return (c, r) if self.contains(c, r) else None

    def between_at(self, pos) -> tuple[int, int] | None:
        """Points mode: the lower-left point of the grid square holding ``pos`` (clamped to
        the squares at the edges), or None beyond the last points' half pitch."""
        g = self.to_grid(pos)
        if g is None:
            return None
        lo, hi = self.first, self.first + self.cols - 1
        if not (lo - 0.5 <= g[0] <= hi + 0.5 and lo - 0.5 <= g[1] <= self.first + self.rows - 0.5):
            return None
        c = min(hi - 1, max(lo, int(math.floor(g[0]))))
        r = min(self.first + self.rows - 2, max(lo, int(math.floor(g[1]))))
        return c, r

    def square_rect(self, c: int, r: int) -> pygame.Rect:
        """Squares mode: the screen rect of square (c, r)."""
        x, y = self.center(c, r)
        p = int(self.pitch)
        return pygame.Rect(int(round(x - self.pitch / 2)), int(round(y - self.pitch / 2)), p, p)

    def block_rect(self, a, b) -> pygame.Rect:
        """The screen rect covering squares (or points, with half a pitch round them)
        ``a`` to ``b`` inclusive: a domino is ``block_rect(one, other)``."""
        (xa, ya), (xb, yb) = self.center(*a), self.center(*b)
        h = self.pitch / 2
        x0, x1 = min(xa, xb) - h, max(xa, xb) + h
        y0, y1 = min(ya, yb) - h, max(ya, yb) + h
        return pygame.Rect(int(round(x0)), int(round(y0)), int(round(x1 - x0)), int(round(y1 - y0)))

    def plate_rect(self) -> pygame.Rect:
        """The plate on screen (clipped to the rect)."""
        m = self.plate * self.pitch
        gw, gh = self.span_cols * self.pitch, self.span_rows * self.pitch
        x0, y0 = int(math.ceil(self.left - m)), int(math.ceil(self.top - m))
        x1, y1 = int(self.left + gw + m), int(self.top + gh + m)
        return pygame.Rect(x0, y0, max(1, x1 - x0), max(1, y1 - y0)).clip(self.rect)

    # --- the static board ---------------------------------------------------------------
    def draw_base(self, surface) -> None:
        """The glow, the plate, the view's painted surface and the labels (one blit)."""
        if self._base is None:
            self._base = _for_display(self._render_base())
            self._base_pos = self.rect.topleft
        surface.blit(self._base, self._base_pos)
        if recording() and self.show_labels:  # the labels in the cached surface (tests)
            f = font(self.label_size())
            for text, x, y in self.label_spots():
                r = pygame.Rect((0, 0), f.size(text))
                r.center = (round(x), round(y))
                note_text(surface, text, r, self.rect)

    def _render_base(self):
        rect = self.rect
        surf = pygame.Surface(rect.size, pygame.SRCALPHA)
        p = self.pitch
        plate = self.plate_rect().move(-rect.x, -rect.y)
        rad = max(2, min(theme.RADIUS, int(p * 0.5)))
        if p >= 6:
            for k in range(3, 0, -1):
                grow = max(1, int(p * 0.12 * k))
                pygame.draw.rect(
                    surf,
                    theme.BOARD_EDGE + (int(50 / k),),
                    plate.inflate(2 * grow, 2 * grow),
                    0,
                    border_radius=rad + grow,
                )
        pygame.draw.rect(surf, self.plate_fill, plate, 0, border_radius=rad)
        if self.paint is not None:
            self.paint(surf, self, -rect.x, -rect.y)
        pygame.draw.rect(
            surf,
            theme.mix(theme.BOARD_EDGE, theme.TEXT, 0.4),
            plate,
            max(1, int(p * 0.07)),
            border_radius=rad,
        )
        if self.show_labels:
            self._draw_labels(surf, -rect.x, -rect.y)
        return surf

    def label_size(self) -> int:
        """The labels' font size: with the pitch, between LABEL_FLOOR and LABEL_CAP, and
        smaller only where even the floor would not fit between the plate and the rect's
        edge (the labels never overlap the board)."""
        gap = (self.label_room - self.plate) * self.pitch - 2
        widest = max(LETTERS[(self.cols - 1) % 26], str(self.rows), "m", key=len)
        size = max(LABEL_FLOOR, min(LABEL_CAP, int(self.pitch * 0.72)))
        while size > 10:
            f = font(size)
            if f.size(widest)[0] <= gap and f.get_height() <= gap + 2:
                break
            size -= 1
        return size

    def label_spots(self, c: int | None = None, r: int | None = None):
        """[(text, x, y)]: the screen spots of the labels of column ``c`` (above and below)
        and row ``r`` (left and right), or of every column and row when both are None."""
        p = self.pitch
        gw, gh = self.span_cols * p, self.span_rows * p
        off = self.label_at * p
        cols = (
            range(self.cols) if c is None and r is None else ([] if c is None else [c - self.first])
        )
        rows = (
            range(self.rows) if c is None and r is None else ([] if r is None else [r - self.first])
        )
        out = []
        for k in cols:
            if 0 <= k < self.cols:
                x = self.center(self.first + k, self.first)[0]
                out.append((LETTERS[k % 26], x, self.top + gh + off))
                out.append((LETTERS[k % 26], x, self.top - off))
        for k in rows:
            if 0 <= k < self.rows:
                y = self.center(self.first, self.first + k)[1]
                out.append((str(k + 1), self.left - off, y))
                out.append((str(k + 1), self.left + gw + off, y))
        return out

    def _draw_labels(self, surf, dx, dy) -> None:
        f = font(self.label_size())
        dim = theme.mix(theme.TEXT_DIM, theme.BG, 0.4)
        for k, (text, x, y) in enumerate(self.label_spots()):
            line = k // 2  # two spots per column, then two per row
            k_index = line if line < self.cols else line - self.cols
            img = f.render(text, True, dim if k_index in self.dim_labels else theme.TEXT_DIM)
            surf.blit(img, img.get_rect(center=(round(x + dx), round(y + dy))))

    def draw_lit_labels(self, surface, c: int | None, r: int | None, color=None) -> None:
        """The labels of column ``c`` and row ``r`` lit over the dim ones, on a soft
        backing (the hovered square's or point's); nothing when labels are hidden."""
        if not self.show_labels:
            return
        col = theme.ACCENT_2 if color is None else color
        for text, x, y in self.label_spots(c, r):

            def make(text=text):
                img = font(self.label_size()).render(text, True, col)
                w, h = img.get_size()
                pad = max(3, h // 4)
                box = pygame.Surface((max(w + 2 * pad, h + pad), h + pad), pygame.SRCALPHA)
                rad = (h + pad) // 2
                pygame.draw.rect(box, theme.PANEL + (235,), box.get_rect(), 0, border_radius=rad)
                pygame.draw.rect(box, tuple(col) + (120,), box.get_rect(), 1, border_radius=rad)
                box.blit(img, img.get_rect(center=box.get_rect().center))
                return box

            blit(surface, self.sprite(("lit", text, tuple(col)), make), x, y)

    # --- sprites ------------------------------------------------------------------------
    def sprite(self, key, make):
        """A cached sprite for ``key`` (cleared on layout); ``make()`` builds it."""
        s = self._sprites.get(key)
        if s is None:
            s = self._sprites[key] = _for_display(make())
        return s

    def stone(self, entry: dict, scale: float = 0.45, ghost: bool = False):
        """A stone of radius ``scale`` pitches in the theme colour ``entry`` (a
        ``theme.colour`` dict): shaded, with a light inner ring for the dark colours;
        ``ghost`` draws a translucent preview instead."""
        r = max(1, int(round(self.pitch * scale)))
        fill, edge = tuple(entry["fill"]), tuple(entry["edge"])

        def make():
            ss = SUPERSAMPLE
            size = 2 * r + 4
            big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
            c = size * ss / 2
            R = r * ss
            if ghost:
                pygame.draw.circle(big, fill + (120,), (c, c), R)
                pygame.draw.circle(
                    big, theme.mix(fill, theme.SHINE, 0.3), (c, c), R, max(1, int(R * 0.2))
                )
            else:
                pygame.draw.circle(big, theme.SHADE + (90,), (c + R * 0.08, c + R * 0.14), R)
                pygame.draw.circle(big, edge, (c, c), R)
                pygame.draw.circle(big, theme.mix(fill, theme.SHADE, 0.12), (c, c), R * 0.86)
                pygame.draw.circle(big, fill, (c - R * 0.08, c - R * 0.1), R * 0.72)
                pygame.draw.circle(
                    big,
                    theme.mix(fill, theme.SHINE, 0.5) + (170,),
                    (c - R * 0.32, c - R * 0.36),
                    R * 0.22,
                )
                if entry.get("ring") and r >= 4:  # the shape cue of the dark colours
                    pygame.draw.circle(
                        big,
                        theme.mix(edge, theme.SHINE, 0.3),
                        (c, c),
                        R * 0.6,
                        max(1, int(R * 0.09)),
                    )
            return pygame.transform.smoothscale(big, (size, size))

        return self.sprite(("stone", fill, edge, bool(entry.get("ring")), r, ghost), make)

    def shadow(self, scale: float = 0.45):
        r = max(1, int(round(self.pitch * scale)))

        def make():
            s = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
            pygame.draw.circle(s, theme.SHADE + (115,), (r + 2, r + 2), r + 1)
            return s

        return self.sprite(("shadow", r), make)

    def frame(self, w: int, h: int, color, width: float, glow: bool = False, fill_alpha: int = 0):
        """A rounded outline round a block of ``w`` x ``h`` pitches (``width`` in pitches),
        with an optional outer glow and a translucent fill; blit it on the block's centre."""
        c = max(1, int(self.pitch))

        def make():
            pad = max(2, int(c * 0.5)) if glow else 2
            sw, sh = w * c + 2 * pad, h * c + 2 * pad
            surf = pygame.Surface((sw, sh), pygame.SRCALPHA)
            rad = max(2, int(c * 0.35))
            inner = pygame.Rect(pad, pad, w * c, h * c)
            if glow and c >= 6:
                for k in range(4, 0, -1):
                    grow = int(c * 0.1 * k)
                    pygame.draw.rect(
                        surf,
                        tuple(color) + (int(60 / k),),
                        inner.inflate(2 * grow, 2 * grow),
                        max(1, int(c * 0.12)),
                        border_radius=rad + grow,
                    )
            if fill_alpha:
                pygame.draw.rect(surf, tuple(color) + (fill_alpha,), inner, 0, border_radius=rad)
            lw = max(1, int(round(c * width)))
            pygame.draw.rect(
                surf, color, inner.inflate(lw // 2 * 2, lw // 2 * 2), lw, border_radius=rad
            )
            return surf

        return self.sprite(("frame", w, h, tuple(color), round(width, 3), glow, fill_alpha), make)

    def dot(self, color, ring=None, scale: float = 1.0):
        """A legal-target dot (shadowed), optionally ringed in ``ring`` (a capture...)."""
        c = max(2, int(self.pitch * scale))

        def make():
            ss = SUPERSAMPLE
            big = pygame.Surface((c * ss, c * ss), pygame.SRCALPHA)
            m = c * ss / 2
            if ring is not None:
                w = max(1, int(c * 0.08 * ss))
                pygame.draw.circle(big, theme.SHADE + (150,), (m, m), c * 0.33 * ss + w, w * 3)
                pygame.draw.circle(big, ring, (m, m), c * 0.33 * ss, w)
            pygame.draw.circle(big, theme.SHADE + (150,), (m, m), c * 0.19 * ss)
            pygame.draw.circle(big, color, (m, m), c * 0.15 * ss)
            return pygame.transform.smoothscale(big, (c, c))

        return self.sprite(("dot", tuple(color), ring, round(scale, 3)), make)

    def target_ring(self, color, scale: float = 0.5, width: float = 0.11):
        """A legal-target ring for a target that holds a stone: ``color`` between dark
        outlines, ``scale`` pitches to the middle of the band, ``width`` pitches thick,
        drawn above the stones."""
        p = self.pitch
        w = max(2.0, p * width)
        return self.sprite(
            ("target", tuple(color), round(scale, 3), round(width, 3)),
            lambda: target_ring(p * scale, w, color),
        )

    def cross(self, color=None):
        """A red (or ``color``) cross the size of a square: a stone that would go."""
        col = theme.BAD if color is None else color
        c = max(2, int(self.pitch))

        def make():
            ss = SUPERSAMPLE
            big = pygame.Surface((c * ss, c * ss), pygame.SRCALPHA)
            a, b = c * ss * 0.22, c * ss * 0.78
            w = max(1, int(c * 0.1 * ss))
            pygame.draw.line(big, col, (a, a), (b, b), w)
            pygame.draw.line(big, col, (a, b), (b, a), w)
            return pygame.transform.smoothscale(big, (c, c))

        return self.sprite(("cross", tuple(col)), make)


# --- drawing helpers (no state) -----------------------------------------------------------
def blit(surface, sprite, x: float, y: float, alpha: float = 255, scale: float = 1.0) -> None:
    """Blit ``sprite`` centred on (x, y) with an overall ``alpha`` and ``scale``."""
    if alpha <= 0 or scale <= 0.02:
        return
    if abs(scale - 1.0) > 0.01:
        w, h = sprite.get_size()
        sprite = pygame.transform.smoothscale(
            sprite, (max(1, int(w * scale)), max(1, int(h * scale)))
        )
    rect = sprite.get_rect(center=(int(round(x)), int(round(y))))
    if alpha < 255:
        sprite.set_alpha(int(alpha))
        surface.blit(sprite, rect)
        sprite.set_alpha(255)
    else:
        surface.blit(sprite, rect)


def ring(surface, col, x: float, y: float, r: float, width: float, alpha: float = 255) -> None:
    """A translucent circle outline of radius ``r`` round (x, y)."""
    if r < 1 or alpha <= 0:
        return
    size = int(2 * r + 2 * width + 4)
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(
        s, tuple(col) + (max(0, min(255, int(alpha))),), (size / 2, size / 2), r, max(1, int(width))
    )
    surface.blit(s, s.get_rect(center=(int(round(x)), int(round(y)))))


def polyline(surface, col, pts, width: float, alpha: float = 255) -> None:
    """A translucent polyline with round joints."""
    if len(pts) < 2 or alpha <= 0:
        return
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    pad = width + 2
    r = pygame.Rect(
        int(min(xs) - pad),
        int(min(ys) - pad),
        int(max(xs) - min(xs) + 2 * pad) + 1,
        int(max(ys) - min(ys) + 2 * pad) + 1,
    )
    s = pygame.Surface(r.size, pygame.SRCALPHA)
    loc = [(x - r.x, y - r.y) for x, y in pts]
    c = tuple(col) + (max(0, min(255, int(alpha))),)
    pygame.draw.lines(s, c, False, loc, max(1, int(width)))
    for q in loc[1:-1]:
        pygame.draw.circle(s, c, q, max(1, width / 2))
    surface.blit(s, r)


def tile(
    surface, box: pygame.Rect, color, fill_alpha: int, edge_alpha: int, width: int, radius: int
) -> None:
    """A translucent rounded tile (a build preview, a refused block)."""
    s = pygame.Surface(box.size, pygame.SRCALPHA)
    if fill_alpha > 0:
        pygame.draw.rect(s, tuple(color) + (fill_alpha,), s.get_rect(), border_radius=radius)
    if edge_alpha > 0:
        pygame.draw.rect(
            s, tuple(color) + (edge_alpha,), s.get_rect(), max(1, width), border_radius=radius
        )
    surface.blit(s, box)


def label(
    surface, bounds: pygame.Rect, text: str, cx: float, bottom: float, col, size: int
) -> None:
    """A one-line note in a small panel above (cx, bottom), kept inside ``bounds``."""
    img = font(size).render(text, True, col)
    maxw = bounds.w - 8
    if img.get_width() > maxw > 0:
        img = pygame.transform.smoothscale(
            img, (maxw, max(1, int(img.get_height() * maxw / img.get_width())))
        )
    pad = 4
    box = pygame.Rect(0, 0, img.get_width() + 2 * pad, img.get_height() + 2 * pad)
    box.midbottom = (int(cx), int(bottom))
    box.clamp_ip(bounds)
    tile(surface, box, theme.PANEL, 230, 0, 1, 6)
    pygame.draw.rect(surface, col, box, 1, border_radius=6)
    blit_text(surface, img, (box.x + pad, box.y + pad), text, bounds)


class GridView(AnimatedView):
    """A board view on a :class:`GridBoard` (``self.grid``, made by ``make_grid``).

    It lays the grid out, clips drawing to the rect (``draw`` calls ``paint``, then
    ``draw_hover``), keeps the hovered square or point (``hover_at``) and names it
    (``cell_name``, through ``name_of``), and draws the shared markers: legal
    targets (``draw_targets``), the last move (``mark_squares`` / ``mark_points``)
    and the refused click's shake (``shake_offset`` of the base)."""

    def __init__(self, game, state):
        super().__init__(game, state)
        self.grid = self.make_grid(state)
        self.hover_pos = None
        self.hover_at = None

    def make_grid(self, state) -> GridBoard:  # pragma: no cover - every view overrides
        raise NotImplementedError

    def layout(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        self.grid.layout(self.rect)

    def _ensure_layout(self, surface=None) -> None:
        if self.rect is None:
            self.layout(
                surface.get_rect() if surface is not None else pygame.Rect(0, 0, *theme.MIN_SIZE)
            )

    def hover(self, pos) -> None:
        self.hover_pos = screen_point(pos)
        self.hover_at = None if self.rect is None else self.grid.at(self.hover_pos)

    def name_of(self, c: int, r: int) -> str:
        """The notation's name of square or point (c, r) (views use their rules' names)."""
        g = self.grid
        return f"{LETTERS[(c - g.first) % 26]}{r - g.first + 1}"

    def cell_name(self, pos) -> str | None:
        """The name of the square or point under ``pos``, None off the grid or for odd input."""
        if self.rect is None or screen_point(pos) is None:
            return None
        at = self.grid.at(pos)
        return None if at is None else self.name_of(*at)

    def cursor_cells(self) -> list:
        """Every square or point of the grid with its screen centre (the keyboard cursor)."""
        self._ensure_layout()
        g = self.grid
        return [
            (self.name_of(c, r), g.center(c, r))
            for r in range(g.first, g.first + g.rows)
            for c in range(g.first, g.first + g.cols)
        ]

    def draw(self, surface) -> None:
        self._ensure_layout(surface)
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        try:
            self.grid.draw_base(surface)
            self.paint(surface)
            self.draw_hover(surface)
        finally:
            surface.set_clip(clip)

    def draw_hover(self, surface) -> None:
        """The hovered square or point, marked subtly (a thin outline, a ring round a
        point) with its column's and row's labels lit, so its name reads off the edges."""
        at = self.hover_at
        if at is None:
            return
        g = self.grid
        g.draw_lit_labels(surface, at[0], at[1])
        x, y = g.center(*at)
        if g.mode == SQUARES:
            blit(surface, g.frame(1, 1, theme.TEXT, 0.05), x, y, 140)
        else:
            ring(surface, theme.TEXT, x, y, g.pitch * 0.5, max(1, int(g.pitch * 0.05)), 140)

    def paint(self, surface) -> None:
        """Everything above the static board (subclasses)."""

    # shared markers
    def draw_targets(self, surface, where, color=None, alpha: float = 255) -> None:
        """A legal-target dot on every square or point in ``where``."""
        dot = self.grid.dot(theme.ACCENT_2 if color is None else color)
        for c, r in where:
            x, y = self.grid.center(c, r)
            blit(surface, dot, x, y, alpha)

    def mark_squares(
        self, surface, squares, color=None, width: float = 0.08, alpha: float = 230
    ) -> None:
        """An outline round each square (a last move, a hint)."""
        fr = self.grid.frame(1, 1, theme.ACCENT if color is None else color, width)
        for c, r in squares:
            x, y = self.grid.center(c, r)
            blit(surface, fr, x, y, alpha)

    def mark_points(
        self,
        surface,
        points,
        color=None,
        scale: float = 0.5,
        width: float = 0.08,
        alpha: float = 230,
    ) -> None:
        """A ring round each point or stone (a last move, a hint)."""
        p = self.grid.pitch
        for c, r in points:
            x, y = self.grid.center(c, r)
            ring(
                surface,
                theme.ACCENT if color is None else color,
                x,
                y,
                p * scale,
                max(1, int(p * width)),
                alpha,
            )
