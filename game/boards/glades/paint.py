"""Painting the Glades view (a mixin of :class:`GladesView`; it only reads the view).

Bottom up: the cached plate (a soft checker of 81 squares, labels), the glades (during
play every claimed one tinted by who would claim it now; at the end every glade filled
with its owner's colour and its size, unclaimed ones hatched), the last move's
outline, the dominoes, the Fits marks, the hint, the ghost of the picked tile (green
frame where it fits, red with the rule's reason where it does not), the flying domino,
the refused spot's shake, the pass banner, the scoring show's reason label, and the
two trays with their dominoes, header and buttons.
"""

from __future__ import annotations

import math

import pygame

from game import theme
from game.boards.glades import show
from game.boards.grid import blit
from game.boards.hexboard import SUPERSAMPLE, font
from game.rules.glades import NB, PLAYER_NAMES, SIZE
from game.ui.widgets import blit_text, note_blit

# pip places in a half (fractions of its side), by value
PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.28, 0.22), (0.72, 0.22), (0.28, 0.5), (0.72, 0.5), (0.28, 0.78), (0.72, 0.78)),
}


def make_domino(
    entry: dict, first: int, second: int, unit: int, vertical: bool, ghost: bool = False
) -> pygame.Surface:
    """A domino of two ``unit`` squares in a theme colour ``entry``: ``first`` on the
    left (or bottom) half, ``second`` on the right (or top); pips, not digits.  The dark
    colour carries a light inner ring (the theme's shape cue)."""
    ss = SUPERSAMPLE
    u = max(2, unit)
    w, h = (u, 2 * u) if vertical else (2 * u, u)
    big = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
    U = u * ss
    m = max(1.0, U * 0.07)
    body = pygame.Rect(0, 0, int(w * ss - 2 * m), int(h * ss - 2 * m))
    body.center = (w * ss // 2, h * ss // 2)
    rad = int(U * 0.2)
    fill, edge, ink = tuple(entry["fill"]), tuple(entry["edge"]), tuple(entry["ink"])
    a = 150 if ghost else 255
    if not ghost:
        pygame.draw.rect(
            big, theme.SHADE + (110,), body.move(int(U * 0.03), int(U * 0.06)), border_radius=rad
        )
    pygame.draw.rect(big, fill + (a,), body, border_radius=rad)
    if not ghost:  # a soft light on the upper face
        hi = body.inflate(-int(U * 0.16), -int(U * 0.16))
        hi.height = int(hi.height * 0.45)
        pygame.draw.rect(
            big,
            theme.mix(fill, theme.SHINE, 0.13) + (255,),
            hi,
            border_radius=max(1, rad - int(U * 0.06)),
        )
        lower = body.inflate(-int(U * 0.16), -int(U * 0.16))
        lower.height -= hi.height
        lower.y = hi.bottom
        pygame.draw.rect(big, fill + (255,), lower, border_radius=max(1, rad - int(U * 0.06)))
    rim = edge if entry.get("ring") else theme.mix(edge, theme.SHADE, 0.1)
    pygame.draw.rect(big, rim + (a,), body, max(1, int(U * 0.05)), border_radius=rad)
    if entry.get("ring") and u >= 10:  # the dark colour's shape cue
        inner = body.inflate(-int(U * 0.2), -int(U * 0.2))
        pygame.draw.rect(
            big,
            theme.mix(edge, fill, 0.35) + (a,),
            inner,
            max(1, int(U * 0.035)),
            border_radius=max(1, rad - int(U * 0.1)),
        )
    # the divider
    cx, cy = body.center
    dl = U * 0.3
    dw = max(1, int(U * 0.045))
    if vertical:
        pygame.draw.line(big, ink + (150,), (cx - dl, cy), (cx + dl, cy), dw)
    else:
        pygame.draw.line(big, ink + (150,), (cx, cy - dl), (cx, cy + dl), dw)
    # the pips: first half left / bottom, second right / top
    halves = ((0, U, first), (0, 0, second)) if vertical else ((0, 0, first), (U, 0, second))
    pr = max(1.0, U * (0.085 if u >= 14 else 0.1))
    for ox, oy, v in halves:
        for fx, fy in PIPS.get(v, ()):
            pygame.draw.circle(big, ink + (a,), (ox + fx * U, oy + fy * U), pr)
    return pygame.transform.smoothscale(big, (w, h))


def wrap(f, text: str, maxw: int) -> list:
    """``text`` in lines no wider than ``maxw`` in font ``f`` (a long word stays whole)."""
    lines, cur = [], ""
    for word in text.split():
        trial = f"{cur} {word}".strip()
        if cur and f.size(trial)[0] > maxw:
            lines.append(cur)
            cur = word
        else:
            cur = trial
    lines.append(cur)
    return lines


class GladesPainter:
    """Drawing for the Glades view (``paint`` and the plate painter)."""

    # --- the static board ---------------------------------------------------------------------
    @staticmethod
    def paint_plate(surf, grid, dx, dy) -> None:
        c = int(grid.pitch)
        gx, gy = int(grid.left) + dx, int(grid.top) + dy
        light = theme.mix(theme.BOARD, theme.GRID_LINE, 0.13)
        for r in range(SIZE):
            for col in range(SIZE):
                surf.fill(
                    light if (r + col) % 2 else theme.BOARD,
                    pygame.Rect(gx + col * c, gy + r * c, c, c),
                )
        line = theme.mix(theme.BOARD, theme.GRID_LINE, 0.4)
        span = SIZE * c
        if c >= 6:
            for i in range(SIZE + 1):
                pygame.draw.line(surf, line, (gx + i * c, gy), (gx + i * c, gy + span - 1))
                pygame.draw.line(surf, line, (gx, gy + i * c), (gx + span - 1, gy + i * c))
        if c >= 12:  # the centre point
            pygame.draw.circle(surf, line, (gx + span // 2, gy + span // 2), max(2, c // 10))

    # --- sprites --------------------------------------------------------------------------------
    def _entry(self, seat: int) -> dict:
        return theme.seat_colour(self.state, seat)

    def domino(
        self, seat: int, first: int, second: int, unit: int, vertical: bool, ghost: bool = False
    ):
        entry = self._entry(seat)
        return self.grid.sprite(
            ("domino", seat, first, second, unit, vertical, ghost),
            lambda: make_domino(entry, first, second, unit, vertical, ghost),
        )

    def _board_domino(self, seat, squares, values, ghost=False):
        a, b = squares
        return self.domino(seat, values[0], values[1], int(self.grid.pitch), b - a != 1, ghost)

    def _tray_domino(self, seat, tile, unit):
        lo, hi = tile
        return self.domino(seat, hi, lo, unit, True)  # low half on top

    def _meadow(self, col, alpha: int):
        c = max(1, int(self.grid.pitch))

        def make():
            s = pygame.Surface((c, c), pygame.SRCALPHA)
            s.fill(tuple(col) + (alpha,))
            return s

        return self.grid.sprite(("meadow", tuple(col), alpha), make)

    def _hatch(self):
        c = max(1, int(self.grid.pitch))

        def make():
            s = pygame.Surface((c, c), pygame.SRCALPHA)
            s.fill(theme.mix(theme.BG, theme.BOARD, 0.5) + (120,))
            col = theme.TEXT_DIM + (70,)
            step = max(3, c // 5)
            for k in range(-c, c, step):
                pygame.draw.line(s, col, (k, c), (k + c, 0), 1)
            return s

        return self.grid.sprite(("hatch",), make)

    def _mark(self, vertical: bool, bright: bool):
        p = max(4, int(self.grid.pitch))

        def make():
            ss = SUPERSAMPLE
            lw, sw = int(p * 0.62), max(3, int(p * 0.24))
            w, h = (sw, lw) if vertical else (lw, sw)
            big = pygame.Surface((w * ss + 4 * ss, h * ss + 4 * ss), pygame.SRCALPHA)
            r = pygame.Rect(2 * ss, 2 * ss, w * ss, h * ss)
            if bright:
                pygame.draw.rect(
                    big, theme.SHADE + (150,), r.inflate(2 * ss, 2 * ss), border_radius=sw * ss
                )
                pygame.draw.rect(big, theme.ACCENT_2, r, border_radius=sw * ss)
            else:
                pygame.draw.rect(
                    big,
                    theme.ACCENT_2 + (150,),
                    r,
                    max(1, int(ss * p * 0.05)),
                    border_radius=sw * ss,
                )
            return pygame.transform.smoothscale(big, (w + 4, h + 4))

        return self.grid.sprite(("mark", vertical, bright), make)

    # --- helpers ----------------------------------------------------------------------------------
    def _spot_center(self, squares):
        (xa, ya), (xb, yb) = (self.grid.center(*self.cr(s)) for s in squares)
        return (xa + xb) / 2, (ya + yb) / 2

    def _spot_top(self, squares) -> float:
        """A little above the top edge of a domino on ``squares`` (for a label)."""
        top = min(self.grid.center(*self.cr(s))[1] for s in squares) - self.grid.pitch * 0.55
        return max(top, self.grid.plate_rect().y + self.grid.pitch * 0.9)

    def _frame_spot(self, surface, squares, col, width, alpha=255, glow=False, fill=0, dx=0.0):
        a, b = squares
        w, h = (2, 1) if b - a == 1 else (1, 2)
        x, y = self._spot_center(squares)
        blit(surface, self.grid.frame(w, h, col, width, glow, fill), x + dx, y, alpha)

    def _note_away(self, surface, text, squares, col) -> None:
        """A note at the board's top or bottom edge, whichever is farther from
        ``squares`` (so it never hides the tiles it talks about)."""
        plate = self.grid.plate_rect()
        y = sum(self.grid.center(*self.cr(s))[1] for s in squares) / max(1, len(squares))
        p = self.grid.pitch
        size = int(min(theme.FONT_SMALL, max(14, p * 0.5)))
        if y > plate.centery:
            self._note(surface, text, plate.centerx, plate.y + 4, col, size, top=True)
        else:
            self._note(surface, text, plate.centerx, plate.bottom - 4, col, size)

    def _note(self, surface, text, cx, bottom, col, size, top=False) -> None:
        """A note in a small panel above (cx, bottom) (below it: ``top``), wrapped to
        the board's width."""
        bounds = self.grid.plate_rect().inflate(-4, -4)
        size = max(14, size)
        f = font(size)
        maxw = max(40, bounds.w - 12)
        texts = wrap(f, text, maxw)
        imgs = [f.render(t, True, col) for t in texts]
        imgs = [
            i if i.get_width() <= maxw else pygame.transform.smoothscale(i, (maxw, i.get_height()))
            for i in imgs
        ]
        pad = 5
        lh = f.get_linesize()
        box = pygame.Rect(
            0, 0, max(i.get_width() for i in imgs) + 2 * pad, lh * len(imgs) + 2 * pad
        )
        if top:
            box.midtop = (int(cx), int(bottom))
        else:
            box.midbottom = (int(cx), int(bottom))
        box.clamp_ip(bounds)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, theme.PANEL + (236,), panel.get_rect(), border_radius=6)
        pygame.draw.rect(panel, tuple(col) + (255,), panel.get_rect(), 1, border_radius=6)
        for k, img in enumerate(imgs):
            blit_text(panel, img, img.get_rect(midtop=(box.w // 2, pad + k * lh)), texts[k])
        surface.blit(panel, box)
        note_blit(surface, panel, box)

    def _text(self, surface, text, size, col, box=None, **where):
        img = font(size).render(text, True, col)
        blit_text(surface, img, img.get_rect(**where), text, box)
        return img.get_width()

    # --- the picture --------------------------------------------------------------------------
    def paint(self, surface) -> None:
        p = self.grid.pitch
        self._draw_glades(surface)
        plan = self.plan
        flying = plan.squares if isinstance(plan, show.Drop) else ()
        if self.last_move is not None and plan is None and self.scoring is None:
            m = self._as_move(self.last_move)
            if m is not None and not m.is_pass and self.state.owner_at(m.squares[0]) is not None:
                self._frame_spot(surface, m.squares, theme.ACCENT, 0.06, 200)
        for t in self.state.tiles():
            if t.squares[0] in flying:
                continue
            x, y = self._spot_center(t.squares)
            blit(surface, self._board_domino(t.seat, t.squares, t.values), x, y)
        if isinstance(plan, show.Drop):
            self._draw_drop(surface, plan)
        elif isinstance(plan, show.Passed):
            t = self.timeline.raw("passed", 1.0)
            alpha = theme.clamp01(min(t / 0.12, (1.0 - t) / 0.3))
            self._banner(
                surface, "PASS", f"{PLAYER_NAMES[plan.seat]} has no legal placement", alpha
            )
        busy = self.animating
        if not busy and not self.over:
            self._draw_marks(surface)
            self._draw_hint(surface)
            if self.interactive:
                self._draw_ghost(surface)
        if self.refused is not None:
            dx = self.shake_offset(self.refused, p * 0.22)
            self._frame_spot(
                surface, self.refused, theme.BAD, 0.1, self.shake_alpha(), True, 60, dx
            )
        if self.pass_only and not busy:
            line = self.pass_reason()
            sub = "click the board or Pass" if self.interactive else ""
            self._banner(surface, "PASS", line, 1.0, sub)
        if self.scoring is not None:
            self._draw_show_label(surface)
        for seat in (0, 1):
            self._draw_tray(surface, seat)

    # --- glades ---------------------------------------------------------------------------------
    def _draw_glades(self, surface) -> None:
        grid = self.grid
        sc = self.scoring
        if sc is not None:
            for k, st in enumerate(sc.steps):
                raw = self.timeline.raw(("fill", k), 1.0)
                if raw <= 0:
                    continue
                D = st.deepest + 1
                for s, d in st.depth.items():
                    q = theme.ease_out_cubic(theme.clamp01(raw * D * 1.4 - d))
                    self._paint_square(surface, st.glade.owner, s, q)
                if raw >= 1:
                    self._glade_number(surface, k)
            return
        if self.over:
            for k, g in enumerate(self.glades):
                for s in g.squares:
                    self._paint_square(surface, g.owner, s, 1.0)
                self._glade_number(surface, k)
            return
        sprites = {}  # during play: every glade shaded by who would claim it now
        for s, owner in self.glade_shading().items():
            if owner not in sprites:
                sprites[owner] = self._meadow(self._entry(owner)["fill"], 85)
            x, y = grid.center(*self.cr(s))
            blit(surface, sprites[owner], x, y)
        for k, g in enumerate(self.glades):  # and its size, what it adds to the score now
            if g.owner is not None:
                self._glade_size_now(surface, k)

    def _paint_square(self, surface, owner, s, q) -> None:
        if q <= 0:
            return
        x, y = self.grid.center(*self.cr(s))
        if owner is None:
            blit(surface, self._hatch(), x, y, 255 * q)
            return
        e = self._entry(owner)
        blit(surface, self._meadow(e["fill"], 140), x, y, 255 * q, 0.6 + 0.4 * q)

    def _glade_number(self, surface, k) -> None:
        g = self.glades[k] if k < len(self.glades) else None
        if g is None or g.owner is None or self.grid.pitch < 10:
            return
        s = self._centre_square(k)
        x, y = self.grid.center(*self.cr(s))
        e = self._entry(g.owner)
        size = max(10, int(self.grid.pitch * 0.55))
        img = font(size).render(str(g.size), True, e["ink"])
        if e.get("ring"):  # the dark colour's cue: the number in a light ring
            pygame.draw.circle(
                surface,
                e["edge"],
                (int(x), int(y)),
                int(self.grid.pitch * 0.34),
                max(1, int(self.grid.pitch * 0.05)),
            )
        surface.blit(img, img.get_rect(center=(int(x), int(y) + 1)))

    def _glade_size_now(self, surface, k) -> None:
        """A claimed glade's size during play: small, in its owner's text colour."""
        g = self.glades[k]
        if self.grid.pitch < 14:
            return
        x, y = self.grid.center(*self.cr(self._centre_square(k)))
        size = max(12, int(self.grid.pitch * 0.55))
        img = font(size).render(str(g.size), True, self._entry(g.owner)["text"])
        img.set_alpha(230)
        surface.blit(img, img.get_rect(center=(int(x), int(y) + 1)))

    def _centre_square(self, k) -> int:
        cache = self.__dict__.setdefault("_centres", {})
        key = (id(self.state), k)
        if key not in cache:
            sq = self.glades[k].squares
            if len(sq) > 40:
                pts = [self.cr(s) for s in sq]
                mx = sum(c for c, _ in pts) / len(pts)
                my = sum(r for _, r in pts) / len(pts)
                best = min(sq, key=lambda s: (self.cr(s)[0] - mx) ** 2 + (self.cr(s)[1] - my) ** 2)
            else:

                def spread(s):
                    c, r = self.cr(s)
                    return sum(abs(c - self.cr(t)[0]) + abs(r - self.cr(t)[1]) for t in sq)

                best = min(sq, key=spread)
            if len(cache) > 200:
                cache.clear()
            cache[key] = best
        return cache[key]

    def _touching_halves(self, glade) -> list:
        """The squares of tiles that touch ``glade`` (the halves that contribute)."""
        inside = set(glade.squares)
        out = set()
        for s in glade.squares:
            for n in NB[s]:
                if n not in inside and self.state.owner_at(n) is not None:
                    out.add(n)
        return sorted(out)

    def _draw_show_label(self, surface) -> None:
        sc = self.scoring
        k = show.current(sc, self.timeline)
        if k is None:
            return
        st = sc.steps[k]
        g = st.glade
        for s in self._touching_halves(g):
            owner = self.state.owner_at(s)
            col = (
                self._entry(owner)["edge"]
                if self._entry(owner).get("ring")
                else self._entry(owner)["fill"]
            )
            x, y = self.grid.center(*self.cr(s))
            blit(surface, self.grid.frame(1, 1, col, 0.09, True), x, y, 230)
        who = "unclaimed" if g.owner is None else f"{PLAYER_NAMES[g.owner]} +{g.size}"
        text = f"{who}: {g.reason}"
        col = theme.TEXT if g.owner is None else self._entry(g.owner)["text"]
        self._note_away(surface, text, g.squares, col)

    # --- moves ------------------------------------------------------------------------------------
    def _draw_drop(self, surface, plan) -> None:
        p = self.grid.pitch
        raw = self.timeline.raw("fly", 1.0)
        t = theme.ease_in_out(raw)
        x1, y1 = self._spot_center(plan.squares)
        tray = self.trays[plan.seat]
        slot = tray.slots.get(plan.tile)
        sprite = self._board_domino(plan.seat, plan.squares, plan.values)
        if raw < 1 and slot is not None:
            from game.boards.glades.view import DOWN, orientation_of

            o = orientation_of(plan.squares, plan.values)
            angle = -90 * ((DOWN - o) % 4)
            if angle < -180:
                angle += 360
            x0, y0 = slot.center
            scale0 = tray.unit / max(1.0, p)
            scale = scale0 + (1 - scale0) * t
            lift = math.sin(math.pi * t) * p * 0.9
            x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
            img = pygame.transform.rotozoom(
                sprite, angle * (1 - t), scale * (1 + 0.12 * math.sin(math.pi * t))
            )
            sh = img.copy()
            sh.fill((0, 0, 0, 90), special_flags=pygame.BLEND_RGBA_MULT)
            surface.blit(sh, sh.get_rect(center=(int(x + lift * 0.25), int(y + lift * 0.35))))
            surface.blit(img, img.get_rect(center=(int(x), int(y - lift))))
            return
        land = self.timeline.value("land", 1.0)
        blit(surface, sprite, x1, y1, 255, 1.0 + 0.06 * (1 - land))
        if land < 1:
            for s, n in plan.contacts:
                (xa, ya), (xb, yb) = (self.grid.center(*self.cr(q)) for q in (s, n))
                mx, my = (xa + xb) / 2, (ya + yb) / 2
                r = p * (0.15 + 0.35 * land)
                pygame.draw.circle(
                    surface,
                    theme.GOOD,
                    (int(mx), int(my)),
                    max(2, int(r)),
                    max(1, int(p * 0.08 * (1 - land)) + 1),
                )

    def _draw_marks(self, surface) -> None:
        moves = self.marked_moves()
        if not moves:
            return
        from game.boards.glades.view import orientation_of

        o = self.orientation
        lo, hi = self.picked
        a = int(170 + 70 * theme.pulse(self.time, 1.6))
        for m in moves:
            mo = orientation_of(m.squares, m.values)
            same = mo == o or (lo == hi and (mo - o) % 2 == 0)
            x, y = self._spot_center(m.squares)
            blit(
                surface,
                self._mark(m.squares[1] - m.squares[0] != 1, same),
                x,
                y,
                a if same else 200,
            )

    def _draw_hint(self, surface) -> None:
        m = self.hint_move()
        if m is None or m.is_pass:
            return
        a, b = m.squares
        reason = self.state.check_placement(a, m.values[0], b, m.values[1])
        x, y = self._spot_center(m.squares)
        pulse = theme.pulse(self.time, 0.9)
        over = self.interactive and self.hover_pos is not None and self.hint_at(self.hover_pos)
        blit(
            surface,
            self._board_domino(self.mover, m.squares, m.values, True),
            x,
            y,
            235 if over else 150 + 60 * pulse,  # brighter under the pointer: a click plays it
        )
        col = theme.ACCENT_2 if reason is None else theme.BAD
        self._frame_spot(surface, m.squares, col, 0.09, int(160 + 90 * pulse), True)
        if reason is not None:
            self._note_away(surface, reason, m.squares, theme.BAD)

    def _draw_ghost(self, surface) -> None:
        g = self.ghost
        if g is None:
            return
        p = self.grid.pitch
        x, y = self._spot_center(g.squares)
        sprite = self._board_domino(self.mover, g.squares, g.values)
        tw = self.ui.get("turn")
        if tw is not None and tw.raw < 1:
            angle = 90 * getattr(self, "_turn_dir", 1) * (1 - tw.value)
            sprite = pygame.transform.rotozoom(sprite, angle, 1.0)
        blit(surface, sprite, x, y, 215 if g.legal else 150)
        col = theme.GOOD if g.legal else theme.BAD
        self._frame_spot(
            surface, g.squares, col, 0.08, int(190 + 60 * theme.pulse(self.time, 1.0)), True
        )
        if g.legal:
            a, b = g.squares
            for s in (a, b):
                for n in NB[s]:
                    if n not in (a, b) and self.state.owner_at(n) is not None:
                        (xa, ya), (xb, yb) = (self.grid.center(*self.cr(q)) for q in (s, n))
                        pygame.draw.circle(
                            surface,
                            theme.GOOD,
                            (int((xa + xb) / 2), int((ya + yb) / 2)),
                            max(2, int(p * 0.12)),
                        )
        else:
            self._note_away(surface, g.reason, g.squares, theme.BAD)

    def _banner(self, surface, title, line, alpha=1.0, sub="") -> None:
        if alpha <= 0:
            return
        p = self.grid.pitch
        plate = self.grid.plate_rect()
        big = font(max(14, min(theme.FONT_LARGE, int(p * 1.3))))
        small = font(max(11, min(theme.FONT_SMALL, int(p * 0.5))))
        maxw = plate.w - 16 - 2 * max(6, int(p * 0.35))
        texts = [title] + wrap(small, line, maxw) + ([sub] if sub else [])
        imgs = [big.render(title, True, theme.WARN)]
        imgs += [small.render(t, True, theme.TEXT) for t in texts[1 : len(texts) - bool(sub)]]
        if sub:
            imgs.append(small.render(sub, True, theme.TEXT_DIM))
        fitted = []
        for img in imgs:
            if img.get_width() > maxw > 0:
                img = pygame.transform.smoothscale(
                    img, (maxw, max(1, int(img.get_height() * maxw / img.get_width())))
                )
            fitted.append(img)
        pad = max(6, int(p * 0.35))
        w = max(i.get_width() for i in fitted) + 2 * pad
        h = sum(i.get_height() for i in fitted) + 2 * pad + 4 * (len(fitted) - 1)
        box = pygame.Surface((w, h), pygame.SRCALPHA)
        rad = max(2, min(theme.RADIUS, h // 4))
        pygame.draw.rect(box, theme.PANEL + (232,), box.get_rect(), border_radius=rad)
        glow = int(140 + 100 * theme.pulse(self.time, 1.0))
        pygame.draw.rect(
            box, theme.WARN + (glow,), box.get_rect(), max(1, int(p * 0.08)), border_radius=rad
        )
        yy = pad
        for img, text in zip(fitted, texts, strict=False):
            blit_text(box, img, img.get_rect(midtop=(w // 2, yy)), text)
            yy += img.get_height() + 4
        if alpha < 1:
            box.set_alpha(int(255 * alpha))
        where = box.get_rect(center=plate.center)
        surface.blit(box, where)
        note_blit(surface, box, where)

    # --- the trays ----------------------------------------------------------------------------
    def _draw_tray(self, surface, seat: int) -> None:
        tray = self.trays[seat]
        box = tray.box
        if box.w < 8 or box.h < 8:
            return
        e = self._entry(seat)
        mover = seat == self.mover and not self.over
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, theme.PANEL + (235,), panel.get_rect(), border_radius=theme.RADIUS)
        if mover:
            glow = int(150 + 90 * theme.pulse(self.time, 1.8))
            edge = tuple(e["text"]) + (glow,)
            width = 3
        else:
            edge = theme.PANEL_EDGE + (200,)
            width = 1
        pygame.draw.rect(panel, edge, panel.get_rect(), width, border_radius=theme.RADIUS)
        surface.blit(panel, box)
        head = tray.head
        hs = max(12, min(theme.FONT_SMALL, head.h))
        # name, tiles left, passed
        chip = max(6, int(head.h * 0.55))
        cy = head.centery
        pygame.draw.circle(surface, e["edge"], (head.x + chip // 2 + 1, cy), chip // 2 + 1)
        pygame.draw.circle(surface, e["fill"], (head.x + chip // 2 + 1, cy), chip // 2)
        x = head.x + chip + 6
        left = self.state.tiles_left(seat)
        # a tray too narrow for its name (a menu thumbnail) shows the chip and the dominoes
        # only: clipped words would read as a mistake
        words = x + font(hs).size(PLAYER_NAMES[seat])[0] <= head.right
        if words:
            x += self._text(surface, PLAYER_NAMES[seat], hs, e["text"], midleft=(x, cy)) + 6
        note = f"{len(left)} left"
        if self.state.passed(seat) and not self.over:
            note += ", passed"
        show_buttons = mover and self.interactive and not self.pass_only
        narrow = not self.arr.stacked
        score = self._tray_score(seat)
        if words and narrow:
            # a narrow tray: the count goes under the name, the buttons at the bottom
            self._text(
                surface,
                note,
                max(11, hs - 5),
                theme.TEXT_DIM,
                topleft=(head.x + 2, head.bottom + 1),
            )
        elif words:
            self._text(surface, note, max(11, hs - 4), theme.TEXT_DIM, midleft=(x, cy + 1))
        if score is not None and words:
            size = max(14, min(theme.FONT_MEDIUM, int(head.h * 1.3)))
            right = head.right if not show_buttons or narrow else tray.turn.x - 8
            text = str(score)
            # the score never over the name ("Orang49"): smaller beside it, else on the
            # count's line under it (a narrow tray), else left out like a thumbnail's name
            while size > 11 and x + font(size).size(text)[0] > right:
                size -= 1
            if x + font(size).size(text)[0] <= right:
                self._text(surface, text, size, e["text"], tray.box, midright=(right, cy))
            else:
                size = max(11, hs - 5)
                note_w = font(size).size(note)[0] if narrow else 0
                if narrow and head.x + 2 + note_w + 6 + font(size).size(text)[0] <= right:
                    where = {"topright": (right, head.bottom + 1)}
                    self._text(surface, text, size, e["text"], tray.box, **where)
        if show_buttons:
            self._button(
                surface,
                tray.turn,
                "Turn  R",
                self.picked is not None,
                self._hover_button == "turn",
                False,
            )
            self._button(
                surface,
                tray.fits,
                "Fits  F",
                self.picked is not None,
                self._hover_button == "fits",
                self.show_fits,
            )
        # the dominoes
        u = tray.unit
        have = set(left)
        for t, r in tray.slots.items():
            if t not in have:
                pygame.draw.rect(
                    surface,
                    theme.mix(theme.PANEL, theme.PANEL_EDGE, 0.45),
                    r.inflate(-max(2, u // 6), -max(2, u // 6)),
                    1,
                    border_radius=max(2, u // 4),
                )
                continue
            sprite = self._tray_domino(seat, t, u)
            alpha = 255
            dy = 0
            if mover and self.interactive:
                if self.picked == t:
                    dy = -max(2, u // 3)
                    blit(surface, self._tray_glow(u), r.centerx, r.centery + dy)
                elif t not in self.fits:
                    alpha = 95
            elif not mover and not self.over:
                alpha = 200
            blit(surface, sprite, r.centerx, r.centery + dy, alpha)

    def _tray_score(self, seat):
        """The score shown on a tray: counting up during the show, final at the end."""
        if self.scoring is not None:
            return show.counted(self.scoring, self.timeline)[seat]
        if self.over:
            return self.state.scores()[seat]
        return None

    def _tray_glow(self, u):
        def make():
            w, h = u + 10, 2 * u + 10
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            rad = max(2, u // 4)
            pygame.draw.rect(s, theme.ACCENT + (70,), s.get_rect(), border_radius=rad + 3)
            pygame.draw.rect(
                s, theme.ACCENT, s.get_rect().inflate(-2, -2), 2, border_radius=rad + 2
            )
            return s

        return self.grid.sprite(("trayglow", u), make)

    def _button(self, surface, rect, text, enabled, hover, active) -> None:
        if rect.w < 6 or rect.h < 6:
            return
        fill = theme.mix(theme.PANEL, theme.ACCENT_2, 0.45 if active else 0.18 if hover else 0.08)
        pygame.draw.rect(surface, fill, rect, border_radius=max(3, rect.h // 3))
        edge = theme.ACCENT_2 if enabled else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, rect, 1, border_radius=max(3, rect.h // 3))
        size = max(11, min(theme.FONT_SMALL, int(rect.h * 0.8)))
        img = font(size).render(text, True, theme.TEXT if enabled else theme.TEXT_DIM)
        if img.get_width() > rect.w - 4:
            img = pygame.transform.smoothscale(
                img, (rect.w - 4, max(1, int(img.get_height() * (rect.w - 4) / img.get_width())))
            )
        blit_text(surface, img, img.get_rect(center=rect.center), text, rect)
