"""Painting the Gess board (a mixin of :class:`GessView`; it only reads the view).

Bottom up: the cached plate (gutter, checkered playing area, grid, labels), every
ring of both players (a soft glow and an outline round its 3 x 3 in the owner's
colour), the last move (pink outlines of the footprint it left and the one it
reached, joined by a thin line), the stones (and the moving piece), then the
overlays: the hint (a pulsing cyan outline at its destination, a faint one at its
centre, a line and arrowhead between), the hover footprint (green when the centre
under the cursor is a piece that can move, dim otherwise), the selection (pink
footprint, cyan arrows for the directions it can move in, a dot on every reachable
centre: cyan for a plain slide, cyan ringed red for a capture, red ringed amber for a
move that leaves the mover without a ring; a centre on a stone is also ringed, above
the stone, in a pulsing cyan (red for the losing move) ring between dark outlines), a
ghost of the piece at the hovered (or armed) destination (the stones it would capture,
or carry off the board, crossed out), and the refused click's flash; then (the grid
view's) the hovered square's outline and its lit edge labels.
"""

from __future__ import annotations

import math

import pygame

from game import theme
from game.boards.gess.motion import Fade, Slide
from game.boards.grid import blit
from game.boards.hexboard import SUPERSAMPLE
from game.rules.gess import footprint, on_board, on_grid

N = 20
STONE_R = 0.4  # stone radius, in cells


class GessPainter:
    """Drawing for the Gess view (``paint`` and the plate painter)."""

    # --- the static board ---------------------------------------------------------------
    @staticmethod
    def paint_plate(surf, grid, dx, dy) -> None:
        """The gutter, the checkered playing area, the lines and the star points."""
        c = int(grid.pitch)
        gx, gy = int(grid.left) + dx, int(grid.top) + dy
        span = N * c
        gutter = theme.mix(theme.BG, theme.BOARD_BORDER_CELL, 0.6)
        pygame.draw.rect(surf, gutter, pygame.Rect(gx, gy, span, span))
        if c >= 6:  # hatch the gutter: off the board, stones never stay there
            hatch = theme.mix(gutter, theme.GRID_LINE, 0.22)
            step = max(3, c // 3)
            clip = surf.get_clip()
            for band in (
                pygame.Rect(gx, gy, span, c),
                pygame.Rect(gx, gy + span - c, span, c),
                pygame.Rect(gx, gy, c, span),
                pygame.Rect(gx + span - c, gy, c, span),
            ):
                surf.set_clip(band)
                x0 = band.x - band.h
                while x0 < band.right:
                    pygame.draw.line(surf, hatch, (x0, band.bottom), (x0 + band.h, band.y), 1)
                    x0 += step
            surf.set_clip(clip)
        light = theme.mix(theme.BOARD, theme.GRID_LINE, 0.1)  # a faint checker
        for y in range(1, N - 1):
            for x in range(1, N - 1):
                surf.fill(
                    light if (x + y) % 2 else theme.BOARD,
                    pygame.Rect(gx + x * c, gy + (N - 1 - y) * c, c, c),
                )
        line = theme.mix(theme.BOARD, theme.GRID_LINE, 0.45)
        gline = theme.mix(gutter, theme.GRID_LINE, 0.35)
        if c >= 5:
            for i in range(N + 1):
                pygame.draw.line(surf, gline, (gx + i * c, gy), (gx + i * c, gy + span - 1))
                pygame.draw.line(surf, gline, (gx, gy + i * c), (gx + span - 1, gy + i * c))
                if 1 <= i <= N - 1:
                    pygame.draw.line(surf, line, (gx + i * c, gy + c), (gx + i * c, gy + span - c))
                    pygame.draw.line(surf, line, (gx + c, gy + i * c), (gx + span - c, gy + i * c))
        edge = theme.mix(theme.BOARD_EDGE, theme.TEXT, 0.35)
        pygame.draw.rect(
            surf,
            edge,
            pygame.Rect(gx + c - 1, gy + c - 1, span - 2 * c + 3, span - 2 * c + 3),
            max(1, c // 10),
        )
        if c >= 10:  # small star points, as on the printed boards
            for y in (4, 9, 14):
                for x in (4, 9, 14):
                    pygame.draw.circle(
                        surf, line, (gx + x * c + c, gy + (N - 1 - y) * c), max(2, c // 9)
                    )

    # --- sprites ------------------------------------------------------------------------
    def _entry(self, owner: int) -> dict:
        return theme.seat_colour(self.state, owner)

    def _stone(self, owner: int):
        return self.grid.stone(self._entry(owner), STONE_R)

    def _ring_color(self, owner: int):
        """The brighter of the colour's fill and edge, so a ring reads on the dark board."""
        e = self._entry(owner)
        return e["edge"] if e["ring"] else e["fill"]

    def _frame_at(
        self, surface, sq, color, width, alpha=255, glow=False, fill_alpha=0, dx=0.0, dy=0.0
    ):
        x, y = self.center(*sq)
        blit(surface, self.grid.frame(3, 3, color, width, glow, fill_alpha), x + dx, y + dy, alpha)

    def _stone_at(self, surface, x, y, owner, alpha=255, scale=1.0, dy=0.0):
        cx, cy = self.center(x, y)
        blit(surface, self._stone(owner), cx, cy + dy, alpha, scale)

    def _arrow(self, d, color):
        c = self.cell

        def make():
            ss = SUPERSAMPLE
            size = max(4, int(c * 0.9))
            big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
            m = size * ss / 2
            ang = math.atan2(-d[1], d[0])  # screen y grows downward
            L = size * ss * 0.42

            def pt(a, r):
                return m + math.cos(a) * r, m + math.sin(a) * r

            pygame.draw.polygon(
                big,
                theme.SHADE + (120,),
                [pt(ang, L), pt(ang + 2.45, L * 0.85), pt(ang - 2.45, L * 0.85)],
            )
            pygame.draw.polygon(
                big, color, [pt(ang, L * 0.8), pt(ang + 2.45, L * 0.68), pt(ang - 2.45, L * 0.68)]
            )
            return pygame.transform.smoothscale(big, (size, size))

        return self.grid.sprite(("arrow", d, tuple(color)), make)

    # --- the picture --------------------------------------------------------------------
    def paint(self, surface) -> None:
        c = self.cell
        plan = self.plan
        over = self.state.is_over()
        self._draw_rings(surface, plan)
        if self._last is not None and not isinstance(plan, Slide):
            s, t = self._last
            self._frame_at(surface, s, theme.ACCENT, 0.06, 110)
            self._frame_at(surface, t, theme.ACCENT, 0.09, 220)
            if c >= 8:
                pygame.draw.line(
                    surface,
                    theme.mix(theme.ACCENT, theme.BOARD, 0.35),
                    self.point(*s),
                    self.point(*t),
                    max(1, c // 12),
                )
        if plan is None:
            self._draw_stones(surface, self.board)
        elif isinstance(plan, Fade):
            self._draw_fade(surface, plan)
        else:
            self._draw_slide(surface, plan)
            return  # no input overlays while a move slides
        hint = self.hint_ends() if not over else None
        if hint is not None:
            self._draw_hint(surface, hint)
        if self.interactive and not over:
            self._draw_input(surface, theme.ease_out_cubic(self._calm / theme.FADE_TIME))
        if self.refused is not None:
            dx = self.shake_offset(self.refused, c * 0.25)
            self._frame_at(
                surface, self.refused, theme.BAD, 0.12, self.shake_alpha(), glow=True, dx=dx
            )

    def _draw_rings(self, surface, plan) -> None:
        if plan is None:
            pairs = [(p, sq, 255) for p in (0, 1) for sq in self.rings[p]]
        else:
            t = self.timeline.value("rings", 1.0)
            pairs = []
            for p in (0, 1):
                o, n = set(plan.old_rings[p]), set(self.rings[p])
                pairs += [(p, sq, 255) for sq in o & n]
                pairs += [(p, sq, int(255 * (1 - t))) for sq in o - n]
                pairs += [(p, sq, int(255 * t)) for sq in n - o]
        glow = 0.75 + 0.25 * theme.pulse(self.time, 2.4)
        for p, sq, a in pairs:
            self._frame_at(
                surface, sq, self._ring_color(p), 0.08, int(a * glow), glow=True, fill_alpha=34
            )

    def _draw_stones(self, surface, board, skip=()) -> None:
        sprites = (self._stone(0), self._stone(1))
        half = sprites[0].get_width() // 2
        c = self.cell
        ox, oy = int(self.grid.left), int(self.grid.top)
        for y in range(N):
            row = board[y]
            sy = oy + (N - 1 - y) * c + c // 2 - half
            for x in range(N):
                o = row[x]
                if o is not None and (x, y) not in skip:
                    surface.blit(sprites[o], (ox + x * c + c // 2 - half, sy))

    def _draw_fade(self, surface, plan: Fade) -> None:
        p = self.timeline.value("fade", 1.0)
        self._draw_stones(surface, self.board, skip=plan.changed)
        for x, y in plan.changed:
            if plan.old[y][x] is not None and p < 1:
                self._stone_at(surface, x, y, plan.old[y][x], int(255 * (1 - p)))
            if self.board[y][x] is not None and p > 0:
                self._stone_at(surface, x, y, self.board[y][x], int(255 * p))

    def _draw_slide(self, surface, plan: Slide) -> None:
        c = self.cell
        self._draw_stones(surface, plan.static)
        pos = plan.position(self.timeline.raw("slide", 1.0))
        arrived = pos >= plan.distance
        pop = self.timeline.value("pop", 1.0) if arrived else 0.0
        for x, y, o in plan.captured:  # still there, then popping
            if pop <= 0:
                self._stone_at(surface, x, y, o)
            elif pop < 1:
                self._stone_at(surface, x, y, o, 255 * (1 - pop), 1.0 + 0.7 * pop)
        if not arrived:
            (sx, sy), (ux, uy) = plan.src, plan.direction
            px, py = sx + ux * pos, sy + uy * pos
            lift = (
                c * 0.12 * math.sin(math.pi * min(1.0, pos / max(1, plan.distance)))
                if c >= 8
                else 0
            )
            cx, cy = self.center(px, py)
            blit(surface, self.grid.frame(3, 3, theme.ACCENT, 0.07, True), cx, cy - lift, 170)
            shadow = self.grid.shadow(STONE_R)
            for ox, oy, o in plan.piece:
                qx, qy = self.center(px + ox, py + oy)
                if lift:
                    blit(surface, shadow, qx + lift * 0.5, qy + lift * 0.6)
                blit(surface, self._stone(o), qx, qy - lift)
            return
        for x, y, o in plan.landed:
            self._stone_at(surface, x, y, o)
        fall = self.timeline.value("fall", 1.0)
        if fall < 1:
            for x, y, o in plan.fallers:
                self._stone_at(
                    surface, x, y, o, 255 * (1 - fall), 1.0 - 0.45 * fall, dy=fall * c * 1.4
                )

    def _draw_hint(self, surface, ends) -> None:
        c = self.cell
        s, t = ends
        a = int(150 + 105 * theme.pulse(self.time, 0.9))
        self._frame_at(surface, s, theme.ACCENT_2, 0.06, a // 2)
        self._frame_at(surface, t, theme.ACCENT_2, 0.1, a, glow=True)
        if c >= 6:
            p0, p1 = self.center(*s), self.center(*t)
            pygame.draw.line(surface, theme.ACCENT_2, p0, p1, max(1, c // 8))
            pygame.draw.circle(surface, theme.ACCENT_2, p0, max(2, c // 6))
            d = ((t[0] > s[0]) - (t[0] < s[0]), (t[1] > s[1]) - (t[1] < s[1]))
            if c >= 10:
                blit(surface, self._arrow(d, theme.ACCENT_2), p1[0], p1[1])

    def _draw_input(self, surface, fade_in: float) -> None:
        c = self.cell
        hv, sel = self.hover_at, self.selected
        if hv is not None and not (sel is not None and (hv in self._dests or hv == sel)):
            if hv in self._by_src:
                self._frame_at(
                    surface,
                    hv,
                    theme.GOOD,
                    0.08,
                    int(170 + 70 * theme.pulse(self.time, 0.8)),
                    glow=True,
                )
            else:
                self._frame_at(surface, hv, theme.TEXT_DIM, 0.05, 90)
        if sel is None:
            return
        self._frame_at(
            surface,
            sel,
            theme.ACCENT,
            0.1,
            int(200 + 55 * theme.pulse(self.time, 1.0)),
            glow=True,
            fill_alpha=26,
        )
        sx, sy = sel
        if c >= 6:
            for d in self._dirs:
                ax, ay = self.center(sx + d[0] * 1.6, sy + d[1] * 1.6)
                blit(surface, self._arrow(d, theme.ACCENT_2), ax, ay, int(255 * fade_in))
        da = int((170 + 70 * theme.pulse(self.time, 1.6)) * fade_in)
        plain = self.grid.dot(theme.ACCENT_2)
        cap = self.grid.dot(theme.ACCENT_2, theme.BAD)
        lose = self.grid.dot(theme.BAD, theme.WARN)
        # a centre on a stone gets a bright ring between dark outlines, above the stone,
        # gently pulsing: a dot alone reads as the stone's decoration
        grow = 1.0 + 0.07 * theme.pulse(self.time, 1.6)
        ra = int((205 + 50 * theme.pulse(self.time, 1.6)) * fade_in)
        for sq in self._dests:
            sprite = lose if sq in self._losing else cap if sq in self._captures else plain
            x, y = self.center(*sq)
            if on_grid(*sq) and self.board[sq[1]][sq[0]] is not None:
                col = theme.BAD if sq in self._losing else theme.ACCENT_2
                blit(surface, self.grid.target_ring(col, STONE_R + 0.07, 0.1), x, y, ra, grow)
            blit(surface, sprite, x, y, da)
        target = self.armed.dst if self.armed is not None else hv if hv in self._dests else None
        hint = self.hint_ends() if self.armed is None else None
        if hint is not None and hv == tuple(hint[1]) and tuple(hint[0]) != tuple(sel):
            target = None  # over the hint's destination a click plays the hint, not this
        if target is not None:
            self._draw_ghost(surface, sel, target, target in self._losing)

    def _draw_ghost(self, surface, src, dst, losing) -> None:
        c = self.cell
        col = theme.BAD if losing else theme.ACCENT_2
        armed = self.armed is not None
        a = int(190 + 65 * theme.pulse(self.time, 0.6 if armed else 1.0))
        self._frame_at(surface, dst, col, 0.1 if armed else 0.08, a, glow=True)
        if c >= 6:
            pygame.draw.line(surface, col, self.center(*src), self.center(*dst), max(1, c // 10))
        (sx, sy), (tx, ty) = src, dst
        f0 = set(footprint(sx, sy))
        cross = self.grid.cross()
        for fx, fy in footprint(tx, ty):
            if (fx, fy) not in f0 and on_grid(fx, fy) and self.board[fy][fx] is not None:
                x, y = self.center(fx, fy)
                blit(surface, cross, x, y)
        for ox in (-1, 0, 1):
            for oy in (-1, 0, 1):
                x0, y0 = sx + ox, sy + oy
                if not on_grid(x0, y0) or self.board[y0][x0] is None:
                    continue
                cx, cy = self.center(tx + ox, ty + oy)
                stone = self._stone(self.board[y0][x0])
                if on_board(tx + ox, ty + oy):
                    blit(surface, stone, cx, cy, 130)
                else:  # this stone would be carried off the board
                    blit(surface, stone, cx, cy, 60)
                    blit(surface, cross, cx, cy, 200)
