"""Splay's board: towers as stacked discs with a numeral, markers as territory tiles.

Built on :class:`~game.boards.hexplace.HexPlaceView` (hit-testing, target dots,
last move, hint, hover, the refused click's shake, the checker's drop); this module
adds what is Splay's own: towers and markers, the splay ripple and the pass.

Drawing, from the bottom up: the hexhex board (border ring lighter), marker tiles
(the whole cell in the owner's colour with a small flag; the dark colour's tiles and
discs carry a light inner ring as a shape cue), the legal targets of the player to
move (cyan dots; a bright cyan ring between dark outlines round an own tower that takes
a checker, drawn above it), the last move (pink outline), the hint, the hover (the cell
outlined, faint guides along its row and diagonal column, their edge labels lit), the
towers, and the effects.  White (seat 0) and Black wear
the theme entries of their colours (``theme.seat_colour``).

Animations are planned per cell by diffing the previous and the new state in
``set_state`` (small dataclasses: :class:`Drop`, :class:`Spread`, :class:`Sink`,
:class:`Swap`): the checker drops onto its cell or stack with a bounce; on a splay
the tower bursts into a marker and markers ripple outward to the empty neighbours;
collapsed towers sink into markers; anything else that changed fades across; a pass
shows a short banner.  A splay is given a beat (``CAPTION_TIME``): a caption from the
rules' ``splay_of`` ("f6 splays: 5 markers, 1 tower collapses") shows at the board's
edge while the view still animates, so the computer's reply waits for it.  The move list
marks a splay with ``+5`` (``move_mark``) and hovering a cell where the next stone
splays a tower warns of it (``hover_note``).  ``pop_events`` yields ``place`` when the
checker lands, ``splay`` when the ripple starts and ``capture`` when towers collapse
(``click`` for a pass).

Input: a click on a legal cell gives its move; on any other cell an ``illegal``
result with the rules' reason and a shake of the cell.  When the player to move can
only pass, a "PASS" banner shows, any click on the board passes, and ``actions()``
offers the pass as a button.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game import theme
from game.boards.base import Action, ClickResult
from game.boards.hexboard import SUPERSAMPLE, font, hex_points
from game.boards.hexplace import HexPlaceView
from game.ui.anim import lerp
from game.ui.widgets import blit_text, note_blit

TOWER_R = 0.58  # disc radius, in cell radii
STEP = 0.15  # how much each disc of a stack rises, in cell radii
MAX_DISCS = 6  # taller stacks (only in hand-edited positions) show 6 discs + numeral
CAPTION_TIME = 1.4  # a splay's caption ("f6 splays: 5 markers"), from the ripple on
PASS_MESSAGE = "no legal placement: you must pass"


def _content(state, i):
    """None, ('T', owner, height) or ('M', owner, 0) for cell ``i``."""
    p = state.piece(i)
    if p is None:
        return None
    owner, height = p
    return ("T", owner, height) if height >= 1 else ("M", owner, 0)


@dataclass
class Drop:
    """The checker dropping on its cell: the stack it makes (``h``), the tower it lands
    on (``base``, or None), and whether the stack then splays."""

    h: int
    owner: int
    base: tuple | None
    splay: bool


@dataclass
class Spread:
    """A marker flying out from the splayed cell ``origin``."""

    origin: int
    owner: int


@dataclass
class Sink:
    """A tower collapsing into a marker."""

    old: tuple


@dataclass
class Swap:
    """Anything else that changed: the old content fades into the new."""

    old: tuple | None
    new: tuple | None


class SplayView(HexPlaceView):
    """The Splay board view (see the module docstring)."""

    def __init__(self, game, state):
        self.plans: dict = {}  # cell -> Drop / Spread / Sink / Swap
        self._ripple_cell: int | None = None
        self._ripple_owner = 0
        self._passer = 0  # who passed (for the "passed" banner)
        self._splay = None  # the rules' SplayOutcome of the splay being shown
        super().__init__(game, state)

    # --- rules ----------------------------------------------------------------------------
    def targets_of(self, state) -> dict:
        """Every legal placement (on an empty cell or an own tower): cell -> move."""
        return {} if state.is_over() else state.placements()

    def why_not(self, i: int) -> str:
        return self.state.why_not_place(i) or f"{self.geo.names[i]} is not a legal placement"

    @property
    def legal_cells(self) -> dict:
        """Cell index -> move for every legal placement of the player to move."""
        return dict(self.targets)

    @property
    def pass_only(self) -> bool:
        """True when the player to move has no placement and must pass."""
        return not self.state.is_over() and self.state.forced_pass() is not None

    def actions(self) -> list:
        m = None if self.state.is_over() else self.state.forced_pass()
        return [] if m is None else [Action("Pass", m, "no placement is open to you")]

    def hover_ok(self, i: int) -> bool:
        return i in self.targets or self.pass_only

    def click_cell(self, i: int) -> ClickResult:
        if self.pass_only:
            return ClickResult(move=self.state.forced_pass(), message=PASS_MESSAGE)
        return super().click_cell(i)

    def point_for(self, notation):
        """Where a click plays ``notation``: the cell's centre; for ``pass`` (only when it
        is the one move) the board's centre cell; None for anything else."""
        self._ensure_layout()
        if str(notation).strip().lower() == "pass":
            return self.board.point(self.middle_cell()) if self.pass_only else None
        return super().point_for(notation)

    # --- state ------------------------------------------------------------------------
    def set_state(self, state, move=None, animate: bool = True) -> None:
        prev = self.state
        m = self.begin_state(state, move)
        self.plans = {}
        self._ripple_cell = None
        self._splay = None
        if state.geometry is not getattr(prev, "geometry", None):
            prev = None
        if animate and move is not None and prev is not None and prev is not state:
            self._plan(prev, state, m)

    def _plan(self, prev, state, m) -> None:
        g = self.geo
        old = [_content(prev, i) for i in range(g.size)]
        new = [_content(state, i) for i in range(g.size)]
        changed = {i for i in range(g.size) if old[i] != new[i]}
        tl = self.timeline
        mover = prev.player
        handled: set[int] = set()
        if m is not None and m.cell is None:  # a pass: a brief banner saying who passed
            tl.add("passed", theme.FADE_TIME * 4, theme.linear)
            tl.cue("click", 0.0)
            self._passer = mover
        mc = None if m is None else m.cell
        if mc is not None and mc in changed:
            o = old[mc]
            base = o if (o is not None and o[0] == "T") else None
            plan = Drop((base[2] if base else 0) + 1, mover, base, False)
            self.schedule_drop(mc)
            handled.add(mc)
            nw = new[mc]
            if nw is not None and nw[0] == "M":
                plan.splay = True
                handled |= self._plan_splay(mc, mover, old, new, changed, handled)
                self._splay = prev.splay_of(mc, mover)
                if self._splay is not None:  # a beat with its caption: the reply waits
                    tl.add("caption", CAPTION_TIME, theme.linear, delay=theme.MOVE_TIME + 0.05)
            self.plans[mc] = plan
        for j in sorted(changed - handled):
            self.plans[j] = Swap(old[j], new[j])
            tl.add(("pop", j), theme.FADE_TIME, theme.ease_in_out)

    def _plan_splay(self, mc, mover, old, new, changed, handled) -> set:
        g, tl = self.geo, self.timeline
        t_s = theme.MOVE_TIME + 0.05
        tl.add(("burst", mc), theme.FADE_TIME, theme.ease_out_cubic, delay=t_s)
        tl.add("ripple", theme.SPREAD_TIME * 1.3, theme.ease_out_cubic, delay=t_s)
        tl.cue("splay", t_s)
        self._ripple_cell, self._ripple_owner = mc, mover
        cx, cy = g.center_xy(mc)
        spreads = [
            j
            for j in g.neighbours[mc]
            if old[j] is None and new[j] is not None and new[j][0] == "M"
        ]
        spreads.sort(key=lambda j: math.atan2(g.center_xy(j)[1] - cy, g.center_xy(j)[0] - cx))
        done = set()
        for k, j in enumerate(spreads):
            self.plans[j] = Spread(mc, new[j][1])
            tl.add(("spread", j), theme.SPREAD_TIME, theme.ease_out_back, delay=t_s + 0.03 * k)
            done.add(j)
        t_c = t_s + theme.SPREAD_TIME * 0.8
        sinks = [
            j
            for j in sorted(changed - handled - done)
            if old[j] is not None and old[j][0] == "T" and new[j] is not None and new[j][0] == "M"
        ]
        for j in sinks:
            self.plans[j] = Sink(old[j])
            tl.add(("sink", j), theme.FADE_TIME * 2.0, theme.ease_in_out, delay=t_c)
            done.add(j)
        if sinks:
            tl.cue("capture", t_c)
        return done

    def _animation_ended(self) -> None:
        self.plans = {}
        self._ripple_cell = None
        self._splay = None

    # --- splays: the caption, the move list's mark, the warning on hover -----------------
    def splay_caption(self) -> str | None:
        """The caption of the splay being shown ("f6 splays: 5 markers"), else None."""
        return None if self._splay is None else self._splay.caption()

    def move_mark(self, before, move) -> str | None:
        """``+5`` beside a move that splayed a tower into 5 markers."""
        cell = getattr(move, "cell", None)
        if cell is None or not hasattr(before, "splay_of"):
            return None
        out = before.splay_of(cell)
        return None if out is None else f"+{len(out.markers)}"

    def hover_note(self) -> str | None:
        """A warning on a cell where the next stone splays a tower: the player to move's
        placement there, or the other player's tower that their next stone would splay."""
        i = self.hover_cell
        st = self.state
        if i is None or not 0 <= i < self.geo.size or st.is_over():
            return None
        out = st.splay_of(i)
        if out is not None:
            n = len(out.markers)
            return f"a stone here splays: {n} markers" + self._collapse_words(out)
        p = st.piece(i)
        if p is not None and p[1] >= 1 and p[0] != st.player:
            out = st.splay_of(i, p[0])
            if out is not None:
                who = st.seat_name(p[0])
                n = len(out.markers)
                return f"{who}'s next stone here splays: {n} markers" + self._collapse_words(out)
        return None

    @staticmethod
    def _collapse_words(out) -> str:
        k = len(out.collapsed)
        return "" if not k else f", {k} tower{'s collapse' if k != 1 else ' collapses'}"

    def _entry(self, owner: int) -> dict:
        return theme.seat_colour(self.state, owner)

    # --- sprites ------------------------------------------------------------------------
    def _tower_sprite(self, owner: int, h: int, label: int | None = None):
        """A stack of ``h`` discs with ``label`` (default ``h``) on top.

        Returns (surface, ax, ay): (ax, ay) is the bottom disc's face centre."""
        label = h if label is None else label
        h = min(h, MAX_DISCS)
        r = self.board.radius

        def make():
            ss = SUPERSAMPLE
            R = self._disc_scale() * r
            step = max(1.0, STEP * r)
            pad = 3
            w = int(math.ceil(2 * R)) + 2 * pad
            hh = int(math.ceil(2 * R + h * step)) + 2 * pad
            big = pygame.Surface((w * ss, hh * ss), pygame.SRCALPHA)
            e = self._entry(owner)
            fill, edge = e["fill"], e["edge"]
            side = theme.mix(fill, theme.SHADE, 0.2 if e["ring"] else 0.3)
            rim = edge if e["ring"] else theme.mix(edge, theme.SHADE, 0.15)
            cx = w * ss / 2
            top_y = (pad + R) * ss  # the top disc's face centre
            line = max(1, int(round(R * 0.07 * ss)))
            for k in range(h):  # bottom disc first
                y = top_y + (h - 1 - k) * step * ss
                pygame.draw.circle(big, theme.SHADE + (120,), (cx, y + step * ss), R * ss + line)
                pygame.draw.circle(big, side, (cx, y + step * ss), R * ss)
                pygame.draw.circle(big, fill, (cx, y), R * ss)
                pygame.draw.circle(big, rim, (cx, y), R * ss, line)
            # a gentle dome of light on the top face
            for f, t in ((0.84, 0.10), (0.66, 0.18)):
                pygame.draw.circle(
                    big,
                    theme.mix(fill, theme.SHINE, t),
                    (cx - R * (0.9 - f) * 0.5 * ss, top_y - R * (0.9 - f) * 0.6 * ss),
                    R * f * ss,
                )
            if e["ring"] and r >= 10:  # the shape cue: a light inner ring
                pygame.draw.circle(
                    big, edge, (cx, top_y), R * 0.74 * ss, max(1, int(round(R * 0.1 * ss)))
                )
            surf = pygame.transform.smoothscale(big, (w, hh))
            if label:
                size = max(10, int(R * 1.55))
                img = font(size).render(str(label), True, e["ink"])
                surf.blit(img, img.get_rect(center=(w / 2, pad + R + size * 0.04)))
            ay = pad + R + (h - 1) * step
            return surf, w / 2, ay

        return self.board.sprite(("tower", self._entry(owner)["fill"], h, label), make)

    def _disc_scale(self) -> float:
        """Disc radius in cell radii: bigger on small boards so numerals stay legible."""
        r = self.board.radius
        if r >= 14:
            return TOWER_R
        return TOWER_R + (0.8 - TOWER_R) * min(1.0, (14 - r) / 8)

    def _marker_sprite(self, owner: int):
        r = self.board.radius

        def make():
            ss = SUPERSAMPLE
            size = int(math.ceil(2 * r)) + 4
            big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
            c = size * ss / 2
            e = self._entry(owner)
            fill, edge, ink = e["fill"], e["edge"], e["ink"]
            base = theme.mix(fill, theme.BOARD, 0.18)
            pygame.draw.polygon(big, base, hex_points(c, c, r * 0.94 * ss))
            pygame.draw.polygon(
                big,
                theme.mix(fill, theme.SHINE, 0.15),
                hex_points(c, c, r * 0.94 * ss),
                max(1, int(r * 0.09 * ss)),
            )
            if e["ring"]:  # the shape cue: a light inner ring
                pygame.draw.polygon(
                    big, edge, hex_points(c, c, r * 0.66 * ss), max(1, int(r * 0.08 * ss))
                )
            else:
                pygame.draw.polygon(
                    big, theme.mix(fill, edge, 0.45), hex_points(c, c, r * 0.66 * ss)
                )
            if r < 8:  # too small for a flag
                return pygame.transform.smoothscale(big, (size, size))
            # a little flag: pole and pennant
            flag = theme.mix(fill, theme.SHINE, 0.7) + (220,) if e["ring"] else tuple(ink) + (200,)
            pw = max(1, int(r * 0.07 * ss))
            px = c - r * 0.14 * ss
            top = c - r * 0.36 * ss
            pygame.draw.line(big, flag, (px, top), (px, c + r * 0.36 * ss), pw)
            pygame.draw.polygon(
                big,
                flag,
                [(px, top), (px + r * 0.42 * ss, top + r * 0.15 * ss), (px, top + r * 0.32 * ss)],
            )
            return pygame.transform.smoothscale(big, (size, size))

        return self.board.sprite(("marker", self._entry(owner)["fill"]), make)

    # --- drawing ------------------------------------------------------------------------
    def _stack_base_y(self, cy: float, h: int) -> float:
        """Screen y of the bottom disc's face centre for a stack of ``h`` on a cell at cy."""
        step = max(1.0, STEP * self.board.radius)
        h = min(h, MAX_DISCS)
        return cy + (h - 1) * step / 2 - step / 2

    def _draw_tower(
        self, surface, x, y, owner, h, *, base_h=None, label=None, alpha=255, scale=1.0, lift=0.0
    ):
        """A stack of ``h`` on a cell centred (x, y); laid out as a stack of ``base_h``;
        ``lift`` raises the whole stack (pixels)."""
        if h <= 0 or alpha <= 0:
            return
        base_h = h if base_h is None else base_h
        surf, ax, ay = self._tower_sprite(owner, h, label)
        by = self._stack_base_y(y, base_h) - lift
        if scale != 1.0:
            if scale <= 0.02:
                return
            w, hh = surf.get_size()
            surf = pygame.transform.smoothscale(
                surf, (max(1, int(w * scale)), max(1, int(hh * scale)))
            )
            ax, ay = ax * scale, ay * scale
        pos = (int(round(x - ax)), int(round(by - ay)))
        if alpha < 255:
            surf.set_alpha(int(alpha))
            surface.blit(surf, pos)
            surf.set_alpha(255)
        else:
            surface.blit(surf, pos)

    def _top_y(self, cy: float, h: int) -> float:
        step = max(1.0, STEP * self.board.radius)
        return self._stack_base_y(cy, h) - (min(h, MAX_DISCS) - 1) * step

    def draw(self, surface) -> None:
        self._ensure_layout(surface)
        b = self.board
        r = b.radius
        b.draw_base(surface)
        cells = range(self.geo.size)
        order = [i for row in self.geo.rows for i in row]  # top row first
        final = [_content(self.state, i) for i in cells]

        # 1. marker tiles
        for i in cells:
            self._draw_tile_layer(surface, i, final[i])
        # 2. legal targets on empty cells, last move, hint, hover
        show = self.showing_targets() and not self.pass_only
        empty = (
            [i for i in self.targets if final[i] is None and i not in self.plans] if show else []
        )
        hint_cell = self.draw_marks(surface, empty)
        # 3. towers, top row first so lower stacks overlap the ones behind them
        for i in order:
            self._draw_tower_layer(surface, i, final[i])
        # 4. rings round own towers that take a checker; ghosts for hover and hint
        if show and r >= 4:
            fade_in = theme.ease_out_cubic(self._calm / theme.FADE_TIME)
            a = int((185 + 70 * theme.pulse(self.time, 1.6)) * fade_in)
            ring = self.target_ring(self._disc_scale() + 0.14)
            for i in self.targets:
                c = final[i]
                if c is not None and c[0] == "T" and i not in self.plans:
                    x, y = b.center(i)
                    b.blit_center(surface, ring, x, self._top_y(y, c[2]), a)
        hv = self.hover_cell
        for cell, alpha in (
            (hint_cell, 120),
            (hv if (self.interactive and hv in self.targets) else None, 150),
        ):
            if cell is None or cell in self.plans or self.state.is_over():
                continue
            if final[cell] is not None or cell not in self.targets:
                continue  # ghosts only on empty cells: numerals never overlap
            x, y = b.center(cell)
            self._draw_tower(surface, x, y, self.state.player, 1, alpha=alpha)
        # 5. effects: the splay ripple and its caption, the refused click
        self._draw_ripple(surface)
        self._draw_caption(surface)
        self.draw_shake(surface)
        # 6. the pass affordance
        if self.pass_only and self.interactive:
            self._draw_pass_banner(surface)
        elif self.timeline.get("passed") is not None:
            t = self.timeline.raw("passed", 1.0)
            alpha = theme.clamp01(min(t / 0.15, (1.0 - t) / 0.3))
            self._draw_pass_banner(
                surface, f"{self.state.seat_name(self._passer)} has no placement", alpha
            )

    def _draw_tile_layer(self, surface, i, final):
        b = self.board
        x, y = b.center(i)
        x += self.shake_dx(i)
        plan = self.plans.get(i)
        tl = self.timeline
        if plan is None:
            if final is not None and final[0] == "M":
                b.blit_center(surface, self._marker_sprite(final[1]), x, y)
        elif isinstance(plan, Drop):
            if plan.splay:
                p = tl.value(("burst", i), 1.0)
                if p > 0:
                    self._blit_scaled(
                        surface,
                        self._marker_sprite(plan.owner),
                        x,
                        y,
                        0.4 + 0.6 * min(1.0, p),
                        int(255 * min(1.0, p * 1.5)),
                    )
        elif isinstance(plan, Spread):
            raw = tl.raw(("spread", i), 1.0)
            if raw > 0:
                p = tl.value(("spread", i), 1.0)
                fx, fy = b.center(plan.origin)
                px, py = lerp(fx, x, min(1.0, p)), lerp(fy, y, min(1.0, p))
                self._blit_scaled(
                    surface,
                    self._marker_sprite(plan.owner),
                    px,
                    py,
                    max(0.05, 0.35 + 0.65 * p),
                    int(255 * min(1.0, raw * 2.5)),
                )
        elif isinstance(plan, Sink):
            p = tl.value(("sink", i), 1.0)
            if p > 0:
                self._blit_scaled(
                    surface, self._marker_sprite(plan.old[1]), x, y, 0.7 + 0.3 * p, int(255 * p)
                )
        else:
            p = tl.value(("pop", i), 1.0)
            if plan.old is not None and plan.old[0] == "M" and p < 1:
                b.blit_center(surface, self._marker_sprite(plan.old[1]), x, y, int(255 * (1 - p)))
            if plan.new is not None and plan.new[0] == "M" and p > 0:
                b.blit_center(surface, self._marker_sprite(plan.new[1]), x, y, int(255 * p))

    def _draw_tower_layer(self, surface, i, final):
        b = self.board
        x, y = b.center(i)
        x += self.shake_dx(i)
        plan = self.plans.get(i)
        tl = self.timeline
        if plan is None:
            if final is not None and final[0] == "T":
                self._draw_tower(surface, x, y, final[1], final[2])
        elif isinstance(plan, Drop):
            h, owner, base = plan.h, plan.owner, plan.base
            burst = tl.value(("burst", i), 1.0) if plan.splay else 0.0
            if burst >= 1.0:
                return
            if burst > 0:  # the tower bursts: it swells a little and fades away
                self._draw_tower(
                    surface, x, y, owner, h, alpha=int(255 * (1 - burst)), scale=1.0 + 0.25 * burst
                )
                return
            drop = self.drop_lift(i)
            if drop is None:
                self._draw_tower(surface, x, y, owner, h)
                return
            if base is not None:
                self._draw_tower(surface, x, y, base[1], base[2], base_h=h)
            lift, alpha = drop
            top = self._top_y(y, h)
            self._draw_tower(
                surface,
                x,
                top - self._stack_base_y(y, 1) + y,
                owner,
                1,
                label=h,
                lift=lift,
                alpha=alpha,
            )
        elif isinstance(plan, Sink):
            p = tl.value(("sink", i), 1.0)
            if p < 1:
                self._draw_tower(
                    surface,
                    x,
                    y,
                    plan.old[1],
                    plan.old[2],
                    alpha=int(255 * (1 - p)),
                    scale=1.0 - 0.45 * p,
                    lift=-p * b.radius * 0.25,
                )
        elif isinstance(plan, Swap):
            p = tl.value(("pop", i), 1.0)
            if plan.old is not None and plan.old[0] == "T" and p < 1:
                self._draw_tower(surface, x, y, plan.old[1], plan.old[2], alpha=int(255 * (1 - p)))
            if plan.new is not None and plan.new[0] == "T" and p > 0:
                self._draw_tower(surface, x, y, plan.new[1], plan.new[2], alpha=int(255 * p))

    def _blit_scaled(self, surface, sprite, x, y, scale, alpha):
        if scale <= 0.02 or alpha <= 0:
            return
        if abs(scale - 1.0) > 0.01:
            w, h = sprite.get_size()
            sprite = pygame.transform.smoothscale(
                sprite, (max(1, int(w * scale)), max(1, int(h * scale)))
            )
        self.board.blit_center(surface, sprite, x, y, min(255, alpha))

    def _draw_ripple(self, surface) -> None:
        mc = self._ripple_cell
        if mc is None:
            return
        tw = self.timeline.get("ripple")
        if tw is None or tw.raw <= 0:
            return
        p = tw.value
        r = self.board.radius
        rad = lerp(0.4 * r, 2.8 * r, p)
        width = max(2, int(r * 0.22 * (1 - p)) + 1)
        size = int(2 * rad) + 2 * width + 4
        ring = pygame.Surface((size, size), pygame.SRCALPHA)
        col = theme.mix(self._entry(self._ripple_owner)["fill"], theme.SHINE, 0.35)
        pygame.draw.circle(ring, col + (int(230 * (1 - p)),), (size / 2, size / 2), rad, width)
        x, y = self.board.center(mc)
        surface.blit(ring, ring.get_rect(center=(int(x), int(y))))

    def _draw_caption(self, surface) -> None:
        """The splay's caption, in a box at the board's top or bottom edge (whichever is
        farther from the splayed cell), fading in and out over its beat."""
        text = self.splay_caption()
        tw = self.timeline.get("caption")
        if text is None or tw is None or tw.raw <= 0:
            return
        t = tw.raw
        alpha = theme.clamp01(min(t / 0.12, (1.0 - t) / 0.2))
        if alpha <= 0:
            return
        b = self.board
        r = b.radius
        f = font(max(14, min(theme.FONT_MEDIUM, int(r * 1.1))))
        col = self._entry(self._splay.player)
        img = f.render(text, True, theme.TEXT)
        pad = max(6, int(r * 0.4))
        box = pygame.Rect(0, 0, img.get_width() + 2 * pad, img.get_height() + pad)
        ys = [y for _, y in b.centers]
        _, cy = b.center(self._splay.cell)
        mx = sum(x for x, _ in b.centers) / len(b.centers)
        if cy > (min(ys) + max(ys)) / 2:
            box.midtop = (int(mx), int(min(ys) - r * 0.6))
        else:
            box.midbottom = (int(mx), int(max(ys) + r * 0.6))
        if self.rect is not None:
            box.clamp_ip(self.rect)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        rad = max(2, min(theme.RADIUS, box.h // 3))
        pygame.draw.rect(panel, theme.PANEL + (235,), panel.get_rect(), border_radius=rad)
        edge = col["edge"] if col.get("ring") else col["fill"]
        pygame.draw.rect(panel, tuple(edge) + (255,), panel.get_rect(), 2, border_radius=rad)
        panel.blit(img, img.get_rect(center=panel.get_rect().center))
        if alpha < 1:
            panel.set_alpha(int(255 * alpha))
        surface.blit(panel, box)

    def _draw_pass_banner(
        self, surface, line: str = "no legal placement: click to pass", alpha: float = 1.0
    ) -> None:
        if alpha <= 0:
            return
        b = self.board
        r = b.radius
        mx, my = b.center(self.middle_cell())
        big = font(max(14, min(theme.FONT_LARGE, int(r * 1.9))))
        small = font(max(10, min(theme.FONT_SMALL, int(r * 0.85))))
        t1 = big.render("PASS", True, theme.WARN)
        t2 = small.render(line, True, theme.TEXT)
        w = max(t1.get_width(), t2.get_width()) + 2 * max(6, int(r * 0.8))
        h = t1.get_height() + t2.get_height() + max(6, int(r * 0.6))
        panel = pygame.Rect(0, 0, w, h)
        panel.center = (int(mx), int(my))
        glow = int(140 + 100 * theme.pulse(self.time, 1.0))
        box = pygame.Surface(panel.size, pygame.SRCALPHA)
        rad = max(2, min(theme.RADIUS, h // 4))
        pygame.draw.rect(box, theme.PANEL + (225,), box.get_rect(), border_radius=rad)
        pygame.draw.rect(
            box, theme.WARN + (glow,), box.get_rect(), max(1, int(r * 0.12)), border_radius=rad
        )
        blit_text(box, t1, t1.get_rect(midtop=(panel.w // 2, int(r * 0.25))), "PASS")
        blit_text(box, t2, t2.get_rect(midbottom=(panel.w // 2, panel.h - int(r * 0.3))), line)
        if alpha < 1:
            box.set_alpha(int(255 * alpha))
        surface.blit(box, panel)
        note_blit(surface, box, panel)
