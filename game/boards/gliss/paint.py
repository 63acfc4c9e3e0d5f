"""Painting the Gliss board (a mixin of :class:`GlissView`; it only reads the view).

Every group is drawn so that its kind reads at a glance (the kinds come from the
rules, ``state.shapes()`` / ``gliss.shapes``): a **base** sits on a rounded tile of
its owner's colour that links its four stones; a **glider**'s three stones are joined
by a bar, its core carries a small diamond and two chevrons beyond its arms show the
two directions it may fly; a **tower** is a lone stone with a dot (a "beacon").  Each
side wears the theme entry of the colour it plays (Red light, Blue dark with the light
inner ring).

Bottom up: the plate and lines, the last move's faint trail, group links, stones
(captured ones breaking away underneath), the last move's rings, the hint, the
selection with its destinations (or the hover: the piece a click would pick, or the
2x2 build ghost with the rules' reason when it is refused), the animation on top,
and the refused click's shake.
"""

from __future__ import annotations

import math

import pygame

from game import theme
from game.boards.gliss.motion import (
    CAPTURE_TIME,
    CONVERT_TIME,
    DROP_STAGGER,
    LIFT,
    Drop,
    Fade,
    Flight,
    off_step,
)
from game.boards.grid import blit, label, polyline, ring, tile
from game.boards.hexboard import font
from game.rules.gliss import shapes
from game.ui.anim import lerp
from game.ui.widgets import blit_text

STONE_R = 0.45  # stone radius, in spacings
# a destination's colour by outcome (its ring when it lies on a stone)
KIND_COLOUR = {
    "land": theme.ACCENT_2,
    "capture": theme.ACCENT,
    "convert": theme.WARN,
    "dock": theme.GOOD,
    "off": theme.WARN,
}
KIND_LABEL = {
    "land": "land",
    "capture": "capture",
    "dock": "dock",
    "convert": "convert",
    "off": "fly off",
}


class GlissPainter:
    """Drawing for the Gliss view (``paint`` and the line painter)."""

    @staticmethod
    def paint_lines(surf, grid, dx, dy) -> None:
        """The lines (the outer ones stronger) and the star points."""
        n, s = grid.cols, grid.pitch
        ox, oy = grid.left + dx, grid.top + dy
        span = (n - 1) * s
        lw = 1 if s < 28 else 2
        for k in range(n):
            edge = k in (0, n - 1)
            col = theme.GRID_LINE if edge else theme.mix(theme.GRID_LINE, theme.BOARD, 0.25)
            w = lw + (1 if edge and s >= 14 else 0)
            x, y = ox + k * s, oy + k * s
            pygame.draw.line(surf, col, (round(x), round(oy)), (round(x), round(oy + span)), w)
            pygame.draw.line(surf, col, (round(ox), round(y)), (round(ox + span), round(y)), w)
        d = 4 if n >= 13 else 3
        stars = [(a, b) for a in (d, n + 1 - d) for b in (d, n + 1 - d)]
        if n % 2:
            stars.append(((n + 1) // 2, (n + 1) // 2))
        for c, r in stars:
            pygame.draw.circle(
                surf,
                theme.GRID_LINE,
                (round(ox + (c - 1) * s), round(oy + (n - r) * s)),
                max(1, int(s * 0.09)),
            )

    # --- helpers --------------------------------------------------------------------
    def _entry(self, owner: int) -> dict:
        return theme.seat_colour(self.state, owner)

    def _stone(self, owner: int, scale: float = 1.0, ghost: bool = False):
        return self.grid.stone(self._entry(owner), STONE_R * scale, ghost)

    def _ring(self, surface, col, x, y, r, width, alpha=255):
        ring(surface, col, x, y, r, width, alpha)

    def _shake_dx(self, p) -> float:
        return self.shake_offset(("pt", p), self.s * 0.15)

    def _groups(self, board):
        cache = getattr(self, "_groups_cache", None)
        if cache is None or len(cache) > 8:
            cache = self._groups_cache = {}
        g = cache.get(board)
        if g is None:
            g = cache[board] = shapes(self.n, board)
        return g

    # --- the picture --------------------------------------------------------------------
    def paint(self, surface) -> None:
        s = self.s
        plan = self.plan
        t = self.anim_time()
        board = plan.board_at(t) if plan is not None else tuple(self.state.board)
        groups = self._groups(board)
        fading = isinstance(plan, Fade)
        n = self.n
        last = self._last
        # 1. the last move's trail (faint) under the pieces
        if last is not None and plan is None and len(last.path) > 1 and s >= 8:
            polyline(
                surface, theme.ACCENT, [self.xy(p) for p in last.path], max(1, int(s * 0.08)), 70
            )
        # 2. group links: base tiles, glider bars
        for sh in groups:
            if fading and any(
                plan.board0[(p[1] - 1) * n + p[0] - 1] != sh.owner for p in sh.points
            ):
                continue
            self._draw_link(surface, sh)
        # 3. stones (captured ones break away underneath)
        if isinstance(plan, Flight) and plan.captured:
            self._draw_pops(surface, plan, t)
        conv = plan.conv if isinstance(plan, Flight) else None
        for sh in groups:
            stone = self._stone(sh.owner)
            for p in sh.points:
                x, y = self.xy(p)
                if fading and plan.board0[(p[1] - 1) * n + p[0] - 1] != sh.owner:
                    blit(surface, stone, x, y, int(255 * theme.clamp01(t / plan.dur)))
                    continue
                blit(surface, stone, x + self._shake_dx(p), y)
                if p == conv and t >= plan.t_conv:
                    q = theme.clamp01((t - plan.t_conv) / (CONVERT_TIME * 0.6))
                    blit(surface, self._stone(1 - sh.owner), x, y, int(255 * (1 - q)))
            self._draw_marks(surface, sh)
        if fading:
            for i, o in enumerate(plan.board0):
                if o >= 0 and plan.new[i] != o:
                    x, y = self.xy((i % n + 1, i // n + 1))
                    blit(
                        surface, self._stone(o), x, y, int(255 * (1 - theme.clamp01(t / plan.dur)))
                    )
        # 4. the last move, the hint
        if last is not None and plan is None and self.sel is None:
            self.mark_points(surface, last.land, scale=STONE_R * 1.12, alpha=230)
            if last.start is not None and last.start not in last.land and s >= 6:
                x, y = self.xy(last.start)
                pygame.draw.circle(
                    surface, theme.ACCENT, (round(x), round(y)), max(1, int(s * 0.12))
                )
        over = self.state.is_over()
        if self.hint is not None and not over:
            self._draw_hint(surface)
        # 5. selection, destinations, hover
        if plan is None and not over:
            self._draw_interaction(surface)
        # 6. the animation on top
        if isinstance(plan, Flight):
            self._draw_flight(surface, plan, t)
        elif isinstance(plan, Drop):
            self._draw_drop(surface, plan, t)
        # 7. the refused click
        if self.refused is not None:
            self._draw_shake(surface)

    # pieces
    def _draw_link(self, surface, sh) -> None:
        s = self.s
        e = self._entry(sh.owner)
        if sh.kind == "base":
            xs = [self.xy(p) for p in sh.points]
            x0, y0 = min(x for x, _ in xs), min(y for _, y in xs)
            pad = s * 0.5
            box = pygame.Rect(int(x0 - pad), int(y0 - pad), int(s + 2 * pad), int(s + 2 * pad))
            rad = max(2, int(s * 0.42))
            tile(surface, box, theme.mix(e["fill"], theme.BOARD, 0.55), int(255 * 0.85), 0, 1, rad)
            tile(surface, box, e["edge"], 0, int(255 * 0.8), max(1, int(s * 0.06)), rad)
        elif sh.kind == "glider":
            col = theme.mix(e["fill"], theme.BOARD, 0.3)
            w = max(2, int(s * 0.3))
            cx, cy = self.xy(sh.core)
            for p in sh.points[1:]:
                x, y = self.xy(p)
                pygame.draw.line(surface, col, (round(cx), round(cy)), (round(x), round(y)), w)

    def _draw_marks(self, surface, sh) -> None:
        s = self.s
        if s < 7:
            return
        e = self._entry(sh.owner)
        R = STONE_R * s
        if sh.kind == "tower":
            x, y = self.xy(sh.points[0])
            pygame.draw.circle(surface, e["ink"], (round(x), round(y)), max(1, int(R * 0.24)))
        elif sh.kind == "glider":
            cx, cy = self.xy(sh.core)
            d = max(2, R * 0.36)
            pygame.draw.polygon(
                surface, e["ink"], [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)]
            )
            if s >= 12:
                col = theme.mix(e["edge"], theme.SHINE, 0.3) if e["ring"] else e["edge"]
                for p in sh.points[1:]:
                    ux, uy = p[0] - sh.core[0], -(p[1] - sh.core[1])  # screen direction
                    ax, ay = self.xy(p)
                    self._chevron(surface, col, ax, ay, ux, uy)

    def _chevron(self, surface, col, ax, ay, ux, uy) -> None:
        s = self.s
        tip = (ax + ux * s * 0.7, ay + uy * s * 0.7)
        wing = s * 0.14
        b = (ax + ux * s * 0.52, ay + uy * s * 0.52)
        px, py = -uy, ux
        pygame.draw.lines(
            surface,
            col,
            False,
            [(b[0] + px * wing, b[1] + py * wing), tip, (b[0] - px * wing, b[1] - py * wing)],
            max(2, int(s * 0.08)),
        )

    # interaction
    def _draw_interaction(self, surface) -> None:
        s = self.s
        R = STONE_R * s
        hp = self.point_at(self.hover_pos) if self.interactive else None
        # over the hint's mark a click plays the hint: nothing else previews there
        hm = self.hint_move() if hp is not None and self.hint_at(self.hover_pos) else None
        if self.sel is not None:
            a = int(170 + 85 * theme.pulse(self.time, 1.0))
            for p in self._sel_stones():
                x, y = self.xy(p)
                self._ring(surface, theme.ACCENT, x, y, R * 1.18, max(2, int(s * 0.1)), a)
            if self.sel[0] == "deploy":
                x, y = self.xy(self.sel[1])
                self._ring(surface, theme.TEXT, x, y, R * 0.55, max(1, int(s * 0.07)), 220)
            hovered = (
                self._chooser[0]
                if self._chooser is not None
                else (hp if hp in self._dest else None)
            )
            if hm is not None and self._chooser is None and hm not in self._dest.get(hp, ()):
                hovered = None
            for pt, moves in self._dest.items():
                self._draw_dest(surface, pt, moves, pt == hovered)
            if hovered is not None:
                self._draw_path(surface, self._dest[hovered][0], theme.ACCENT_2, 230)
            if self._chooser is not None:
                self._draw_chooser(surface)
            return
        if not self.interactive or (hm is not None and hm.kind != "build"):
            return
        key = self._key_of(hp)
        if key is not None:
            sh = self._shape_of[hp]
            stones = sh.points if key[0] == "fly" else [p for p in sh.points if p != hp]
            col = theme.ACCENT_2 if key in self._fly_src else theme.BAD
            for p in stones:
                x, y = self.xy(p)
                self._ring(surface, col, x, y, R * 1.15, max(1, int(s * 0.07)), 170)
            if key[0] == "deploy":
                x, y = self.xy(hp)
                self._ring(surface, theme.TEXT, x, y, R * 0.55, max(1, int(s * 0.07)), 200)
            return
        if hp is not None and hp in self._shape_of:
            return
        ll = self.block_at(self.hover_pos)
        if ll is None:
            return
        legal = ll in self._builds
        col = theme.GOOD if legal else theme.BAD
        x0, y0 = self.xy((ll[0], ll[1] + 1))
        box = pygame.Rect(int(x0 - s * 0.55), int(y0 - s * 0.55), int(s * 2.1), int(s * 2.1))
        tile(surface, box, col, 45, 220, max(1, int(s * 0.08)), max(2, int(s * 0.45)))
        ghost = self._stone(self.state.player, ghost=True)
        for p in ((ll[0], ll[1]), (ll[0] + 1, ll[1]), (ll[0], ll[1] + 1), (ll[0] + 1, ll[1] + 1)):
            if self.state.owner(*p) < 0:
                x, y = self.xy(p)
                blit(surface, ghost, x, y, 150 if legal else 90)
        if not legal and s >= 10:
            label(
                surface,
                self.rect,
                self.build_reason(ll),
                box.centerx,
                box.top - 4,
                theme.BAD,
                min(theme.FONT_SMALL, max(12, int(s * 0.6))),
            )

    def _sel_stones(self):
        sh = self._shape_of.get(self.sel[1]) if self.sel else None
        if sh is None:
            return []
        return (
            list(sh.points) if self.sel[0] == "fly" else [p for p in sh.points if p != self.sel[1]]
        )

    def _draw_dest(self, surface, pt, moves, hovered) -> None:
        s = self.s
        x, y = self.xy(pt)
        kinds = {self.outcome(m) for m in moves}
        kind = next(k for k in ("capture", "convert", "dock", "off", "land") if k in kinds)
        r = s * (0.24 + (0.06 if hovered else 0.0))
        w = max(1, int(s * 0.08))
        a = 255 if hovered else int(200 + 55 * theme.pulse(self.time, 1.2))
        c = (round(x), round(y))
        if self.state.owner(*pt) >= 0:
            # on a stone: a bright ring between dark outlines above it, gently pulsing,
            # and the outcome's colour as a dot on the stone (glyphs would read as its
            # decoration)
            col = KIND_COLOUR[kind]
            pulse = theme.pulse(self.time, 1.2)
            ring_a = 255 if hovered else int(205 + 50 * pulse)
            grow = 1.08 if hovered else 1.0 + 0.06 * pulse
            blit(surface, self.grid.target_ring(col, STONE_R + 0.06, 0.1), x, y, ring_a, grow)
            blit(surface, self.grid.dot(col, scale=1.4), x, y, ring_a)
            self._dest_count(surface, x, y, r, moves)
            return
        if hovered:
            self._ring(surface, theme.SHINE, x, y, s * 0.46, w, 200)
        if kind == "land":
            pygame.draw.circle(surface, theme.ACCENT_2, c, max(2, int(r * 0.8)))
            self._ring(surface, theme.ACCENT_2, x, y, r * 1.35, w, a)
        elif kind == "capture":
            col = theme.ACCENT
            self._ring(surface, col, x, y, r * 1.3, max(2, w + 1), a)
            d = r * 1.8
            for sx, sy in ((1, 0), (0, 1)):
                for sg in (-1, 1):
                    pygame.draw.line(
                        surface,
                        col,
                        (x + sg * sx * d, y + sg * sy * d),
                        (x + sg * sx * d * 0.45, y + sg * sy * d * 0.45),
                        max(2, w),
                    )
            pygame.draw.circle(surface, col, c, max(1, int(r * 0.35)))
        elif kind in ("dock", "convert"):
            q = pygame.Rect(0, 0, int(r * 2.4), int(r * 2.4))
            q.center = c
            pygame.draw.rect(surface, theme.GOOD, q, max(2, w), border_radius=max(1, int(r * 0.3)))
            if kind == "convert":
                self._ring(surface, theme.WARN, x, y, r * 1.9, w, a)
            else:
                pygame.draw.circle(surface, theme.GOOD, c, max(1, int(r * 0.4)))
        else:
            m = next(m for m in moves if self.outcome(m) == "off")
            dc, dr = off_step(m, self.n)
            ux, uy = dc, -dr
            pygame.draw.circle(surface, theme.WARN, c, max(2, int(r * 0.55)))
            tip = (x + ux * s * 0.45, y + uy * s * 0.45)
            base = (x + ux * s * 0.05, y + uy * s * 0.05)
            px, py, wing = -uy, ux, s * 0.2
            pygame.draw.polygon(
                surface,
                theme.WARN,
                [
                    tip,
                    (base[0] + px * wing, base[1] + py * wing),
                    (base[0] - px * wing, base[1] - py * wing),
                ],
            )
        self._dest_count(surface, x, y, r, moves)

    def _dest_count(self, surface, x, y, r, moves) -> None:
        """How many outcomes share a destination, when several do."""
        if len(moves) > 1 and self.s >= 10:
            img = font(max(10, int(self.s * 0.45))).render(str(len(moves)), True, theme.TEXT)
            where = img.get_rect(bottomleft=(int(x + r), int(y - r)))
            blit_text(surface, img, where, str(len(moves)))

    def _draw_path(self, surface, m, col, alpha, width_scale=1.0) -> None:
        s = self.s
        path = [tuple(p) for p in m.path]
        pts = [self.xy(p) for p in path]
        if m.off:
            dc, dr = off_step(m, self.n)
            x, y = pts[-1]
            pts.append((x + dc * s * 1.2, y - dr * s * 1.2))
        polyline(surface, col, pts, max(2, int(s * 0.12 * width_scale)), alpha)
        forced = list(m.forced)
        for j, p in enumerate(path[1:-1]):
            if j < len(forced) and forced[j]:
                x, y = self.xy(p)
                self._ring(surface, theme.WARN, x, y, s * 0.2, max(1, int(s * 0.07)), alpha)
        x, y = pts[0]
        pygame.draw.circle(surface, col, (round(x), round(y)), max(2, int(s * 0.12)))
        if m.off:
            return
        # the landing: ghost stones, the captures crossed out, the conversion ringed
        R = STONE_R * s
        ghost = self._stone(self.state.player, ghost=True)
        for p in m.points[-1]:
            x, y = self.xy(p)
            blit(surface, ghost, x, y, 170)
        for p in m.captured:
            x, y = self.xy(p)
            d, w = R * 0.7, max(2, int(s * 0.1))
            pygame.draw.line(surface, theme.BAD, (x - d, y - d), (x + d, y + d), w)
            pygame.draw.line(surface, theme.BAD, (x - d, y + d), (x + d, y - d), w)
        if m.converted:
            x, y = self.xy(tuple(m.converted))
            self._ring(
                surface,
                theme.WARN,
                x,
                y,
                R * 1.25,
                max(2, int(s * 0.1)),
                int(180 + 75 * theme.pulse(self.time, 0.8)),
            )

    def _draw_chooser(self, surface) -> None:
        pt, moves, rects = self._chooser
        f = font(max(10, min(theme.FONT_TINY, int(self.s * 0.55))))
        for r, m in zip(rects, moves, strict=False):
            pygame.draw.rect(surface, theme.PANEL, r, border_radius=4)
            hov = self.hover_pos is not None and r.collidepoint(self.hover_pos)
            pygame.draw.rect(
                surface, theme.ACCENT_2 if hov else theme.PANEL_EDGE, r, 1, border_radius=4
            )
            word = KIND_LABEL.get(self.outcome(m), "land")
            img = f.render(word, True, theme.TEXT)
            blit_text(surface, img, img.get_rect(center=r.center), word, r)

    def _draw_hint(self, surface) -> None:
        m = self.hint_move()
        if m is None:
            return
        s = self.s
        a = int(150 + 100 * theme.pulse(self.time, 1.4))
        if m.kind == "build":
            x0, y0 = self.xy((m.square[0], m.square[1] + 1))
            box = pygame.Rect(int(x0 - s * 0.6), int(y0 - s * 0.6), int(s * 2.2), int(s * 2.2))
            w, rad = max(1, int(s * 0.08)), max(2, int(s * 0.45))
            tile(surface, box, theme.ACCENT_2, 0, a, w, rad)
            tile(surface, box.inflate(-3 * w, -3 * w), theme.ACCENT_2, 0, a // 2, w, rad)
            ghost = self._stone(self.state.player, ghost=True)
            for p in m.sources:
                x, y = self.xy(tuple(p))
                blit(surface, ghost, x, y, 110)
            return
        self._draw_path(surface, m, theme.ACCENT_2, a, 0.7)
        for p in m.sources:
            x, y = self.xy(tuple(p))
            self._ring(surface, theme.ACCENT_2, x, y, STONE_R * s * 1.2, max(1, int(s * 0.07)), a)

    # animation drawing
    def _draw_flight(self, surface, a: Flight, t: float) -> None:
        s = self.s
        R = STONE_R * s
        fill = self._entry(a.mover)["fill"]
        pts = a.pts
        flying = t < a.t_land or a.off
        end_fade = 1.0 if flying else 1 - theme.clamp01((t - a.t_land) / 0.3)
        if end_fade > 0:  # the trail and the forced marks
            u = max(0.0, (t - LIFT) / a.T)
            k = min(a.steps, int(u))
            trio, _, _ = a.flyer_at(t)
            path = [self.xy(p[0]) for p in pts[: k + 1]]
            if flying and t >= LIFT:
                path.append(self.xy(trio[0]))
            polyline(
                surface,
                theme.mix(fill, theme.SHINE, 0.4),
                path,
                max(2, int(s * 0.1)),
                int(200 * end_fade),
            )
            ghost = self._stone(a.mover, 0.8, ghost=True)
            for j in range(0, min(k + 1, len(pts))):
                alpha = int(170 * end_fade * max(0.0, 1 - (u - j) / 4))
                if alpha > 0:
                    for p in pts[j]:
                        x, y = self.xy(p)
                        blit(surface, ghost, x, y, alpha)
                if 1 <= j <= k and a.forced[j - 1]:
                    x, y = self.xy(pts[j][0])
                    self._ring(
                        surface,
                        theme.WARN,
                        x,
                        y,
                        s * 0.3,
                        max(2, int(s * 0.09)),
                        int(230 * end_fade),
                    )
        if not a.off and t >= a.t_conv and (a.conv is not None or a.docked):
            q = theme.clamp01((t - a.t_conv) / CONVERT_TIME)
            if q < 1:  # the conversion's ring burst, the dock's flash
                if a.conv is not None:
                    x, y = self.xy(a.conv)
                else:
                    xs = [self.xy(p) for p in pts[-1]]
                    x = (min(p[0] for p in xs) + max(p[0] for p in xs)) / 2
                    y = (min(p[1] for p in xs) + max(p[1] for p in xs)) / 2
                e = theme.ease_out_cubic(q)
                self._ring(
                    surface,
                    theme.mix(fill, theme.SHINE, 0.35),
                    x,
                    y,
                    lerp(R * 0.6, s * 2.0, e),
                    max(2, int(s * 0.18 * (1 - q)) + 1),
                    int(240 * (1 - q)),
                )
                if a.conv is not None:
                    self._ring(
                        surface,
                        theme.WARN,
                        x,
                        y,
                        lerp(R * 0.4, s * 1.3, e),
                        max(1, int(s * 0.1 * (1 - q)) + 1),
                        int(200 * (1 - q)),
                    )
        if not flying:
            return
        trio, alpha, scale = a.flyer_at(t)
        if alpha <= 0:
            return
        xy = [self.xy(p) for p in trio]
        sh = R * 0.25 * (scale - 1.0) / 0.12
        for x, y in xy:
            blit(surface, self.grid.shadow(STONE_R), x + sh, y + sh * 1.4, int(alpha * 0.5))
        col = theme.mix(fill, theme.BOARD, 0.3)
        for x, y in xy[1:]:
            pygame.draw.line(
                surface,
                col,
                (round(xy[0][0]), round(xy[0][1])),
                (round(x), round(y)),
                max(2, int(s * 0.3)),
            )
        spr = self._stone(a.mover)
        for x, y in xy:
            blit(surface, spr, x, y, alpha, scale)
        if s >= 7 and alpha > 120:
            x, y = xy[0]
            d = max(2, R * 0.36 * scale)
            pygame.draw.polygon(
                surface,
                self._entry(a.mover)["ink"],
                [(x, y - d), (x + d, y), (x, y + d), (x - d, y)],
            )

    def _draw_pops(self, surface, a: Flight, t: float) -> None:
        """Captured stones swell, fade and break into shards (under the landed glider)."""
        R = STONE_R * self.s
        if a.off or t < a.t_land:
            return
        q = theme.clamp01((t - a.t_land) / CAPTURE_TIME)
        if q >= 1:
            return
        for p, owner in a.captured:
            x, y = self.xy(p)
            blit(
                surface,
                self._stone(owner),
                x,
                y,
                int(255 * (1 - q)),
                1.0 + 0.5 * theme.ease_out_cubic(q),
            )
            for k in range(5):
                ang = k * 2 * math.pi / 5 + (p[0] * 7 + p[1] * 3) * 0.4
                dist = R * (0.6 + 1.6 * theme.ease_out_cubic(q))
                pygame.draw.circle(
                    surface,
                    self._entry(owner)["fill"],
                    (round(x + math.cos(ang) * dist), round(y + math.sin(ang) * dist)),
                    max(1, int(R * 0.22 * (1 - q))),
                )

    def _draw_drop(self, surface, a: Drop, t: float) -> None:
        s = self.s
        spr = self._stone(a.mover)
        for i, p in enumerate(a.pts):
            raw = theme.clamp01((t - i * DROP_STAGGER) / theme.MOVE_TIME)
            if raw <= 0:
                continue
            x, y = self.xy(p)
            lift = (1 - theme.ease_out_bounce(raw)) * s * 1.4
            blit(surface, self.grid.shadow(STONE_R), x, y, int(90 * raw))
            blit(surface, spr, x, y - lift, int(255 * min(1.0, 0.3 + raw * 3)))

    def _draw_shake(self, surface) -> None:
        kind, what = self.refused
        a = self.shake_alpha()
        if a <= 0:
            return
        s = self.s
        if kind == "block":
            x0, y0 = self.xy((what[0], what[1] + 1))
            dx = self.shake_offset(self.refused, s * 0.15)
            box = pygame.Rect(
                int(x0 - s * 0.55 + dx), int(y0 - s * 0.55), int(s * 2.1), int(s * 2.1)
            )
            tile(surface, box, theme.BAD, a // 3, a, max(2, int(s * 0.1)), max(2, int(s * 0.45)))
        else:
            x, y = self.xy(what)
            self._ring(
                surface, theme.BAD, x + self._shake_dx(what), y, s * 0.5, max(2, int(s * 0.1)), a
            )
