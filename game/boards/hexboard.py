"""A reusable hexhex board renderer (Splay now, Glorieta later).

:class:`HexBoard` fits a :class:`game.rules.hexhex.HexHex` into a rectangle at
any size (from a full window down to a menu thumbnail), gives the screen
centre and polygon of every cell, turns a pixel into a cell (``cell_at``) and
draws the empty board: a glowing plate, the cells (border cells lighter) and,
when the cells are large enough, the coordinate labels (column letters straight
below each column's lowest cell, row numbers left of each row, each on its cells'
line; ``label_size`` scales them with the cells, never below ``LABEL_FLOOR``), and on
request draws a label lit (``draw_lit_label``: the hovered cell's row and column).

Cells are pointy-top hexagons; ``radius`` is the hexagon's outer radius (the
centre-to-corner distance) in pixels.  The static board is drawn once per
layout into a cached, supersampled surface, so ``draw_base`` is one blit.

It also keeps small caches of sprites (hex tiles, glows, discs) keyed by
colour and size, shared by the views that use it.
"""

from __future__ import annotations

import math

import pygame

from game import theme
from game.boards.base import screen_point
from game.ui.widgets import note_text, recording

SQRT3 = math.sqrt(3.0)
SUPERSAMPLE = 3  # the static board and sprites are drawn 3x and smoothed down
LABEL_MIN_RADIUS = 17  # coordinate labels only when cells are at least this big
LABEL_FLOOR = 24  # board labels: at least this font size (digits ~12 px tall) ...
LABEL_CAP = 32  # ... and at most this, however large the board
PLATE = 1.45  # the plate's rim reaches this many radii beyond the corner cells
# column letters sit straight below their column's lowest cell (same x), this many radii
# below its centre under the bottom row; under a cell of the lower right side the rim runs
# at 60 degrees, so the letter drops below it (``_side_drop``; about this much to fit)
COL_LABEL_DROP = 1.8
COL_LABEL_DROP_SIDE = 3.6

_fonts: dict[int, pygame.font.Font] = {}


def font(size: int) -> pygame.font.Font:
    """pygame-ce's default font at ``size`` pixels (cached)."""
    size = max(6, int(size))
    f = _fonts.get(size)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        f = pygame.font.Font(None, size)
        _fonts[size] = f
    return f


def _for_display(surface):
    """``surface`` in the display's pixel format when there is a window (faster blits).

    A tuple whose first item is the surface (a sprite with its anchor) works too."""
    if isinstance(surface, tuple):
        return (_for_display(surface[0]),) + surface[1:]
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        try:
            return surface.convert_alpha()
        except pygame.error:
            pass
    return surface


def hex_points(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hexagon, clockwise from the top."""
    pts = []
    for k in range(6):
        a = math.radians(-90 + 60 * k)
        pts.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return pts


def inside_hex(dx: float, dy: float, radius: float) -> bool:
    """Is the offset (dx, dy) from a centre inside a pointy-top hexagon of ``radius``?"""
    ax, ay = abs(dx), abs(dy)
    return ax <= radius * SQRT3 / 2 + 1e-9 and ay <= radius - ax / SQRT3 + 1e-9


def target_ring(radius: float, width: float, color) -> pygame.Surface:
    """A legal-target ring that reads on any stone: ``color`` (``width`` px thick) between
    two dark outlines, ``radius`` px to the middle of the band, antialiased.  Drawn
    above the pieces; blit it centred on the target."""
    ss = SUPERSAMPLE
    edge = max(1.0, width * 0.45)
    outer = radius + width / 2 + edge
    size = int(math.ceil(2 * outer)) + 4
    big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
    c = size * ss / 2
    pygame.draw.circle(big, theme.SHADE + (210,), (c, c), outer * ss, int((width + 2 * edge) * ss))
    pygame.draw.circle(
        big, tuple(color), (c, c), (radius + width / 2) * ss, max(1, int(round(width * ss)))
    )
    return pygame.transform.smoothscale(big, (size, size))


class HexBoard:
    """Screen geometry and base drawing of one hexhex board."""

    def __init__(self, geometry, *, labels: bool = True):
        self.geo = geometry
        self.labels_wanted = labels
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.radius = 0.0
        self.centers: list[tuple[float, float]] = []
        self.show_labels = False
        self.label_spots: list[tuple[str, float, float]] = []
        self.label_xy: dict[str, tuple[float, float]] = {}  # label text -> its spot
        self._unit = [geometry.center_xy(i) for i in range(geometry.size)]
        self._base: pygame.Surface | None = None
        self._base_pos = (0, 0)
        self._sprites: dict = {}
        # virtual off-board spots for labels, in unit coordinates
        side = geometry.side
        span = geometry.span
        self._row_label_unit = []
        for r in range(1, span + 1):
            c = max(1, r - (side - 1)) - 1  # the cell left of the row's first
            self._row_label_unit.append((str(r), self._label_xy(c + 1, r, c, r)))
        self._col_label_unit = []
        for c in range(1, span + 1):
            x, y = self._unit_xy(c, max(1, c - (side - 1)))  # the column's lowest cell
            # straight below that cell, on its line: under the bottom row, or (a column
            # ending on the lower right side) far enough down to clear the plate's rim
            drop = COL_LABEL_DROP if c <= side else COL_LABEL_DROP_SIDE
            self._col_label_unit.append((chr(ord("a") + c - 1), (x, y + drop)))
        self._side_letters = {chr(ord("a") + c - 1) for c in range(side + 1, span + 1)}
        # the six corner cells (three neighbours), ordered by angle, for the plate
        cx = sum(x for x, _ in self._unit) / len(self._unit)
        cy = sum(y for _, y in self._unit) / len(self._unit)
        self._unit_mid = (cx, cy)
        corners = [i for i in range(geometry.size) if len(geometry.neighbours[i]) == 3]
        corners.sort(key=lambda i: math.atan2(self._unit[i][1] - cy, self._unit[i][0] - cx))
        self._corners = corners

    @staticmethod
    def _unit_xy(c: int, r: int) -> tuple[float, float]:
        return (c - r / 2.0) * SQRT3, -(r - 1) * 1.5

    def _label_xy(self, c0: int, r0: int, c1: int, r1: int, reach: float = 1.2):
        """A label spot beyond cell (c0, r0), ``reach`` steps toward the off-board (c1, r1)."""
        x0, y0 = self._unit_xy(c0, r0)
        x1, y1 = self._unit_xy(c1, r1)
        return x0 + (x1 - x0) * reach, y0 + (y1 - y0) * reach

    # --- layout -----------------------------------------------------------------------
    def layout(self, rect) -> None:
        """Fit the board (and its labels when they fit) into ``rect``."""
        rect = pygame.Rect(rect)
        self.rect = rect
        m = PLATE + 0.1
        pts = [(x, y, m) for x, y in self._unit]
        radius, origin = self._fit(rect, pts)
        show = False
        if self.labels_wanted:
            lpts = pts + [(x, y, 0.7) for _, (x, y) in self._row_label_unit + self._col_label_unit]
            r2, o2 = self._fit(rect, lpts)
            if r2 >= LABEL_MIN_RADIUS:
                radius, origin, show = r2, o2, True
        self.radius = radius
        self.show_labels = show
        ox, oy = origin
        self.centers = [(ox + x * radius, oy + y * radius) for x, y in self._unit]
        self.label_spots = []
        if show:
            side_dy = (self._side_drop() - COL_LABEL_DROP_SIDE) * radius
            for text, (x, y) in self._row_label_unit + self._col_label_unit:
                dy = side_dy if text in self._side_letters else 0.0
                self.label_spots.append((text, ox + x * radius, oy + y * radius + dy))
        self.label_xy = {text: (x, y) for text, x, y in self.label_spots}
        self._base = None
        self._sprites.clear()

    def _side_drop(self) -> float:
        """How far (radii) below a lower-right side cell its letter goes so that the whole
        glyph clears the plate's rim: the rim is 2 * PLATE * cos 30 below the cell there
        and falls 1.73 px per px leftward, so the glyph's top left corner sets the drop."""
        w, h = max(font(self.label_size()).size(t) for t in self._side_letters or {"m"})
        rim = 2 * PLATE * math.cos(math.pi / 6)
        return rim + (h / 2 + SQRT3 * w / 2 + 3) / max(1.0, self.radius)

    @staticmethod
    def _fit(rect, pts):
        """Largest radius (and origin) so that every (x, y, margin) -- a unit point and
        how many radii around it must show -- fits in ``rect``."""
        left = min(x - m for x, _, m in pts)
        right = max(x + m for x, _, m in pts)
        top = min(y - m for _, y, m in pts)
        bottom = max(y + m for _, y, m in pts)
        radius = max(1.0, min(rect.w / (right - left), rect.h / (bottom - top)))
        mx, my = (left + right) / 2, (top + bottom) / 2
        origin = (rect.centerx - mx * radius, rect.centery - my * radius)
        return radius, origin

    # --- geometry queries ---------------------------------------------------------------
    def center(self, i: int) -> tuple[float, float]:
        return self.centers[i]

    def point(self, i: int) -> tuple[int, int]:
        """Integer screen point of cell ``i``'s centre (a click there hits the cell)."""
        x, y = self.centers[i]
        return int(round(x)), int(round(y))

    def polygon(self, i: int, scale: float = 1.0, dx: float = 0.0, dy: float = 0.0):
        x, y = self.centers[i]
        return hex_points(x + dx, y + dy, self.radius * scale)

    def cell_at(self, pos) -> int | None:
        """The cell under the screen point ``pos``, or None off the board."""
        if not self.centers:
            return None
        pt = screen_point(pos)
        if pt is None:
            return None
        px, py = pt
        best, best_d = None, float("inf")
        for i, (x, y) in enumerate(self.centers):
            d = (x - px) ** 2 + (y - py) ** 2
            if d < best_d:
                best, best_d = i, d
        x, y = self.centers[best]
        if inside_hex(px - x, py - y, self.radius):
            return best
        return None

    def board_polygon(self, grow: float = 1.0):
        """Corners of the plate behind the cells (a large hexagon), in screen pixels."""
        ox, oy = (
            self.centers[0][0] - self._unit[0][0] * self.radius,
            self.centers[0][1] - self._unit[0][1] * self.radius,
        )
        mx, my = self._unit_mid
        pts = []
        for i in self._corners:
            ux, uy = self._unit[i]
            dx, dy = ux - mx, uy - my
            d = math.hypot(dx, dy) or 1.0
            ex, ey = ux + dx / d * grow, uy + dy / d * grow
            pts.append((ox + ex * self.radius, oy + ey * self.radius))
        return pts

    # --- drawing ------------------------------------------------------------------------
    def draw_base(self, surface: pygame.Surface) -> None:
        """The plate, the cells and the labels (one cached blit)."""
        if self._base is None:
            base, self._base_pos = self._render_base()
            self._base = _for_display(base)
        surface.blit(self._base, self._base_pos)
        if recording() and self.show_labels:  # the labels in the cached surface (tests)
            f = font(self.label_size())
            for text, x, y in self.label_spots:
                r = pygame.Rect((0, 0), f.size(text))
                r.center = (int(x), int(y))
                note_text(surface, text, r, self.rect)

    def _render_base(self):
        pad = int(self.radius * (PLATE + 0.5)) + 4
        xs = [x for x, _ in self.centers]
        ys = [y for _, y in self.centers]
        spots = [(x, y) for _, x, y in self.label_spots]
        xs += [x for x, _ in spots]
        ys += [y for _, y in spots]
        left = int(min(xs) - self.radius - pad)
        top = int(min(ys) - self.radius - pad)
        w = int(max(xs) + self.radius + pad) - left
        h = int(max(ys) + self.radius + pad) - top
        ss = SUPERSAMPLE if w * h < 250_000 else 2
        big = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)

        def tr(pts):
            return [((x - left) * ss, (y - top) * ss) for x, y in pts]

        r = self.radius
        # a soft neon glow: the plate drawn small, blurred and scaled up
        blur = 4
        small = pygame.Surface((max(1, w // blur), max(1, h // blur)), pygame.SRCALPHA)
        pygame.draw.polygon(
            small,
            tuple(theme.BOARD_EDGE) + (170,),
            [
                ((x - left) / blur, (y - top) / blur)
                for x, y in self.board_polygon(grow=PLATE + 0.1)
            ],
        )
        radius_px = max(1, int(r * 0.3 / blur))
        small = pygame.transform.gaussian_blur(small, radius_px, False)
        glow = pygame.transform.smoothscale(small, (w, h))
        pygame.draw.polygon(big, theme.BOARD_EDGE, tr(self.board_polygon(grow=PLATE)))
        pygame.draw.polygon(
            big,
            theme.mix(theme.BOARD_EDGE, theme.TEXT, 0.45),
            tr(self.board_polygon(grow=PLATE - 0.04)),
            max(1, int(r * 0.03 * ss)),
        )
        pygame.draw.polygon(
            big, theme.mix(theme.BG, theme.BOARD, 0.55), tr(self.board_polygon(grow=PLATE - 0.1))
        )
        # the cells: filled hexagons with a thin gap, border cells lighter
        edge_w = max(1, int(round(r * 0.07 * ss)))
        for i in range(self.geo.size):
            border = self.geo.border[i]
            fill = theme.BOARD_BORDER_CELL if border else theme.BOARD
            poly = tr(self.polygon(i, 0.94))
            pygame.draw.polygon(big, fill, poly)
            if r >= 5:
                top_edge = theme.mix(fill, theme.GRID_LINE, 0.55 if border else 0.45)
                pygame.draw.polygon(big, top_edge, poly, edge_w)
        surf = glow
        surf.blit(pygame.transform.smoothscale(big, (w, h)), (0, 0))
        # labels are drawn at final size so the glyphs stay crisp
        if self.show_labels:
            f = font(self.label_size())
            for text, x, y in self.label_spots:
                img = f.render(text, True, theme.TEXT_DIM)
                surf.blit(img, img.get_rect(center=(int(x - left), int(y - top))))
        return surf, (left, top)

    def label_size(self) -> int:
        """The labels' font size: with the cells, between LABEL_FLOOR and LABEL_CAP."""
        return max(LABEL_FLOOR, min(LABEL_CAP, int(self.radius * 0.9)))

    def draw_lit_label(self, surface, text: str, color=None) -> None:
        """Draw the label ``text`` (a row number, a column letter) lit over the board's
        dim one, on a soft backing (the hovered cell's row and column)."""
        spot = self.label_xy.get(text)
        if spot is None:
            return
        col = theme.ACCENT_2 if color is None else color

        def make():
            img = font(self.label_size()).render(text, True, col)
            w, h = img.get_size()
            pad = max(3, h // 4)
            box = pygame.Surface((max(w + 2 * pad, h + pad), h + pad), pygame.SRCALPHA)
            pygame.draw.rect(
                box, theme.PANEL + (235,), box.get_rect(), 0, border_radius=(h + pad) // 2
            )
            pygame.draw.rect(
                box, tuple(col) + (120,), box.get_rect(), 1, border_radius=(h + pad) // 2
            )
            box.blit(img, img.get_rect(center=box.get_rect().center))
            return box

        self.blit_center(surface, self.sprite(("lit", text, tuple(col)), make), *spot)

    # --- shared sprites -----------------------------------------------------------------
    def sprite(self, key, make):
        """A cached sprite for ``key`` (cleared on layout); ``make()`` builds it."""
        s = self._sprites.get(key)
        if s is None:
            s = _for_display(make())
            self._sprites[key] = s
        return s

    def hex_sprite(self, color, scale: float = 1.0, width: float = 0.0):
        """A pointy-top hexagon (filled, or an outline ``width`` radii thick), antialiased.

        Returns the surface; blit it centred on a cell centre."""
        key = ("hex", tuple(color), round(scale, 3), round(width, 3))

        def make():
            r = self.radius * scale
            size = int(math.ceil(2 * r)) + 4
            ss = SUPERSAMPLE
            big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
            c = size * ss / 2
            pts = hex_points(c, c, r * ss)
            if width <= 0:
                pygame.draw.polygon(big, color, pts)
            else:
                pygame.draw.polygon(big, color, pts, max(1, int(round(width * self.radius * ss))))
            return pygame.transform.smoothscale(big, (size, size))

        return self.sprite(key, make)

    def glow_sprite(self, color, scale: float = 1.0):
        """A soft hexagonal glow (bright rim fading inward)."""
        key = ("glow", tuple(color), round(scale, 3))

        def make():
            r = self.radius * scale
            size = int(math.ceil(2 * r)) + 4
            ss = 2
            big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
            c = size * ss / 2
            steps = 6
            for k in range(steps):
                f = 1.0 - k * 0.09
                alpha = int(40 + 150 * (k / (steps - 1)) ** 1.6) if k else 40
                pygame.draw.polygon(
                    big,
                    tuple(color) + (min(255, alpha),),
                    hex_points(c, c, r * f * ss),
                    max(1, int(r * 0.1 * ss)),
                )
            pygame.draw.polygon(big, tuple(color) + (70,), hex_points(c, c, r * 0.55 * ss))
            return pygame.transform.smoothscale(big, (size, size))

        return self.sprite(key, make)

    def blit_center(self, surface, sprite, x: float, y: float, alpha: int = 255) -> None:
        """Blit ``sprite`` centred on (x, y) with an overall ``alpha``."""
        if alpha <= 0:
            return
        rect = sprite.get_rect(center=(int(round(x)), int(round(y))))
        if alpha < 255:
            sprite.set_alpha(alpha)
            surface.blit(sprite, rect)
            sprite.set_alpha(255)
        else:
            surface.blit(sprite, rect)
