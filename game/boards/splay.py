"""Splay's board: towers as stacked discs with a numeral, markers as territory tiles.

Drawing (see ``draw``), from the bottom up: the hexhex board (border ring
lighter), marker tiles (the whole cell in the owner's colour with a small
flag; player 1's tiles and discs carry a light inner ring as a shape cue), the
legal targets of the player to move (cyan dots; a cyan ring round an own
tower), the last move (pink outline), the hint (pulsing cyan double outline
with a ghost checker), the hover glow (cyan when the cell is a legal target,
a faint red outline when it is not), the towers, and the effects.

Animations are derived by diffing the previous and the new state in
``set_state``: the checker drops onto its cell or stack with a bounce; on a
splay the tower bursts into a marker and markers ripple outward to the empty
neighbours; collapsed towers sink into markers; anything else that changed
fades across; a pass shows a short "PASS" banner.  Each animated cell draws its
old content until its tween starts and its new content once it ends, so nothing
jumps or flickers.  ``pop_events`` yields ``place`` when the checker lands,
``splay`` when the ripple starts and ``capture`` when towers collapse (``click``
for a pass).

Input: a click on a legal cell gives its notation; on any other cell an
``illegal`` result with the reason (the rules' own message when it is specific)
and a shake-and-flash of the cell.  That feedback effect does not count as
``animating`` (it never holds the game up).  When the player to move can only
pass, a "PASS" banner shows and any click on the board returns ``pass``.
"""
from __future__ import annotations

import math

import pygame

from game import theme
from game.anim import flash, lerp, shake
from game.boards.base import AnimatedView, ClickResult
from game.boards.hexboard import SUPERSAMPLE, HexBoard, font, hex_points

try:  # the rules' IllegalMove (a ValueError); the view never needs more of the rules
    from game.rules.core import IllegalMove
except Exception:  # pragma: no cover
    IllegalMove = ValueError

TOWER_R = 0.58      # disc radius, in cell radii
STEP = 0.15         # how much each disc of a stack rises, in cell radii
DROP_FROM = 1.7     # a dropping checker starts this many radii above its place
MAX_DISCS = 6       # taller stacks (only in hand-edited positions) show 6 discs + numeral
PASS_MESSAGE = "no legal placement: you must pass"


def _content(state, i):
    """None, ('T', owner, height) or ('M', owner, 0) for cell ``i``."""
    p = state.piece(i)
    if p is None:
        return None
    owner, height = p
    return ("T", owner, height) if height >= 1 else ("M", owner, 0)


class SplayView(AnimatedView):
    """The Splay board view (see the module docstring)."""

    def __init__(self, game, state):
        super().__init__(game, state)
        self.geo = state.geometry
        self.board = HexBoard(self.geo)
        self.hover_cell: int | None = None
        self.shake_cell: int | None = None
        self._anim: dict[int, dict] = {}
        self._ripple_cell: int | None = None
        self._ripple_owner = 0
        self._passer = 0                # who passed (for the "passed" banner)
        self._legal: dict[int, str] = {}
        self._pass_only = False
        self._refresh()

    # --- state --------------------------------------------------------------------------
    def _refresh(self) -> None:
        self._legal = {}
        self._pass_only = False
        state = self.state
        try:
            if state.is_over():
                return
            moves = list(state.legal_moves())
        except Exception:
            return
        for m in moves:
            text = str(m)
            cell = getattr(m, "cell", None)
            if cell is None:
                cell = self.geo.by_name.get(text.strip().lower())
            if cell is not None:
                self._legal[cell] = text
        self._pass_only = bool(moves) and not self._legal and \
            any(str(m).strip().lower() == "pass" for m in moves)

    @property
    def legal_cells(self) -> dict[int, str]:
        """Cell index -> notation for every legal placement of the player to move."""
        return dict(self._legal)

    @property
    def pass_only(self) -> bool:
        """True when the player to move has no placement and must pass."""
        return self._pass_only

    def set_state(self, state, move=None, animate: bool = True) -> None:
        if self.timeline.running:
            self.skip_animation()
        prev = self.state
        self.state = state
        if state.geometry is not self.geo:
            self.geo = state.geometry
            self.board = HexBoard(self.geo)
            if self.rect is not None:
                self.board.layout(self.rect)
            prev = None
        self.last_move = None if move is None else str(move)
        self._refresh()
        self._anim = {}
        self._ripple_cell = None
        self.timeline.clear()
        self.fx.clear()
        self.shake_cell = None
        if animate and move is not None and prev is not None and prev is not state:
            try:
                self._build_animation(prev, state, str(move))
            except Exception:          # a strange diff never breaks the view
                self._anim = {}
                self.timeline.clear()

    def _build_animation(self, prev, state, move_text: str) -> None:
        g = self.geo
        old = [_content(prev, i) for i in range(g.size)]
        new = [_content(state, i) for i in range(g.size)]
        changed = {i for i in range(g.size) if old[i] != new[i]}
        tl = self.timeline
        mover = prev.player
        handled: set[int] = set()
        mc = g.by_name.get(move_text.strip().lower())
        if move_text.strip().lower() == "pass":
            # a pass: a brief banner saying who passed
            tl.add("passed", theme.FADE_TIME * 4, theme.linear)
            tl.cue("click", 0.0)
            self._passer = mover
        if mc is not None and mc in changed:
            o = old[mc]
            base = o if (o is not None and o[0] == "T") else None
            h = (base[2] if base else 0) + 1
            spec = {"kind": "drop", "h": h, "owner": mover, "old": base, "splay": False}
            tl.add(("drop", mc), theme.MOVE_TIME, theme.ease_out_bounce)
            tl.cue("place", theme.MOVE_TIME * 0.36)
            handled.add(mc)
            nw = new[mc]
            if nw is not None and nw[0] == "M":
                spec["splay"] = True
                t_s = theme.MOVE_TIME + 0.05
                tl.add(("burst", mc), theme.FADE_TIME, theme.ease_out_cubic, delay=t_s)
                tl.add("ripple", theme.SPREAD_TIME * 1.3, theme.ease_out_cubic, delay=t_s)
                tl.cue("splay", t_s)
                self._ripple_cell = mc
                self._ripple_owner = mover
                cx, cy = g.center_xy(mc)
                spreads = [j for j in g.neighbours[mc]
                           if old[j] is None and new[j] is not None and new[j][0] == "M"]
                spreads.sort(key=lambda j: math.atan2(g.center_xy(j)[1] - cy,
                                                      g.center_xy(j)[0] - cx))
                for k, j in enumerate(spreads):
                    self._anim[j] = {"kind": "spread", "from": mc, "owner": new[j][1]}
                    tl.add(("spread", j), theme.SPREAD_TIME, theme.ease_out_back,
                           delay=t_s + 0.03 * k)
                    handled.add(j)
                t_c = t_s + theme.SPREAD_TIME * 0.8
                sinks = [j for j in sorted(changed - handled)
                         if old[j] is not None and old[j][0] == "T"
                         and new[j] is not None and new[j][0] == "M"]
                for j in sinks:
                    self._anim[j] = {"kind": "sink", "old": old[j]}
                    tl.add(("sink", j), theme.FADE_TIME * 2.0, theme.ease_in_out, delay=t_c)
                    handled.add(j)
                if sinks:
                    tl.cue("capture", t_c)
            self._anim[mc] = spec
        for j in sorted(changed - handled):
            self._anim[j] = {"kind": "pop", "old": old[j], "new": new[j]}
            tl.add(("pop", j), theme.FADE_TIME, theme.ease_in_out)

    def _animation_ended(self) -> None:
        self._anim = {}
        self._ripple_cell = None

    def _feedback_ended(self) -> None:
        self.shake_cell = None

    # --- geometry -----------------------------------------------------------------------
    def layout(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        self.board.layout(self.rect)

    def _ensure_layout(self, surface=None) -> None:
        if self.rect is None:
            self.layout(surface.get_rect() if surface is not None
                        else pygame.Rect(0, 0, *theme.MIN_SIZE))

    def cell_center(self, notation: str) -> tuple[int, int]:
        """The screen point of a cell's centre; ValueError for a name not on the board."""
        self._ensure_layout()
        key = str(notation).strip().lower()
        if key not in self.geo.by_name:
            raise ValueError(f"{notation!r} is not a cell of this board")
        return self.board.point(self.geo.by_name[key])

    def point_for(self, notation):
        """Where a click plays ``notation``: the cell's centre; for ``pass`` (only when it
        is the one move) the board's centre cell; None for anything else."""
        self._ensure_layout()
        key = str(notation).strip().lower()
        if key == "pass":
            if not self._pass_only:
                return None
            return self.board.point(self._middle_cell())
        i = self.geo.by_name.get(key)
        return None if i is None else self.board.point(i)

    def _middle_cell(self) -> int:
        c = self.geo.side
        return self.geo.index[(c, c)]

    # --- input --------------------------------------------------------------------------
    def hover(self, pos) -> None:
        if self.rect is None or pos is None:
            self.hover_cell = None
            return
        try:
            self.hover_cell = self.board.cell_at(pos)
        except Exception:
            self.hover_cell = None

    def _click(self, pos, button: int) -> ClickResult:
        if button != 1:
            if button == 3:
                self.cancel_selection()
            return ClickResult()
        if self.rect is None:
            return ClickResult()
        i = self.board.cell_at(pos)
        if i is None:
            return ClickResult()
        if self.state.is_over():
            return ClickResult(message="the game is over")
        if not self.interactive:
            return ClickResult(message="wait: it is not your turn")
        if self._pass_only:
            return ClickResult(move="pass", message=PASS_MESSAGE)
        if i in self._legal:
            return ClickResult(move=self._legal[i])
        self.shake_cell = i
        self.fx.clear()
        self.fx.add("shake", theme.FLASH_TIME, theme.linear)
        return ClickResult(illegal=True, message=self.why_illegal(i))

    def why_illegal(self, i: int) -> str:
        """Why the player to move may not place on cell ``i``."""
        name = self.geo.names[i]
        rules_msg = None
        try:
            self.state.play(name)
        except IllegalMove as exc:
            rules_msg = str(exc)
        except Exception:
            rules_msg = None
        if rules_msg and "not a legal move" not in rules_msg:
            return rules_msg
        return self._reason(i) or rules_msg or f"{name} is not a legal placement"

    def _reason(self, i: int) -> str | None:
        st, g = self.state, self.geo
        name = g.names[i]
        p = st.piece(i)

        def empties(j):
            return sum(1 for k in g.neighbours[j] if st.piece(k) is None)

        if p is not None:
            owner, height = p
            if height == 0:
                return f"{name} holds a marker: markers are permanent"
            if owner != st.player:
                return f"{name} is your opponent's tower: stack only on your own"
            return None
        if g.border[i]:
            return "border cells only take markers"
        if empties(i) == 0:
            return "a new checker needs an empty neighbour"
        for j in g.neighbours[i]:
            q = st.piece(j)
            if q is not None and q[1] >= 1 and empties(j) < q[1] + 2:
                return (f"that would leave the tower on {g.names[j]} "
                        f"with too few empty neighbours")
        return None

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
            fill = theme.player_fill(owner)
            edge = theme.player_edge(owner)
            side = theme.mix(fill, theme.SHADE, 0.3 if owner == 0 else 0.2)
            rim = theme.mix(edge, theme.SHADE, 0.15) if owner == 0 else edge
            cx = w * ss / 2
            top_y = (pad + R) * ss          # the top disc's face centre
            line = max(1, int(round(R * 0.07 * ss)))
            for k in range(h):              # bottom disc first
                y = top_y + (h - 1 - k) * step * ss
                pygame.draw.circle(big, theme.SHADE + (120,), (cx, y + step * ss), R * ss + line)
                pygame.draw.circle(big, side, (cx, y + step * ss), R * ss)
                pygame.draw.circle(big, fill, (cx, y), R * ss)
                pygame.draw.circle(big, rim, (cx, y), R * ss, line)
            # a gentle dome of light on the top face
            for f, t in ((0.84, 0.10), (0.66, 0.18)):
                pygame.draw.circle(big, theme.mix(fill, theme.SHINE, t),
                                   (cx - R * (0.9 - f) * 0.5 * ss, top_y - R * (0.9 - f) * 0.6 * ss),
                                   R * f * ss)
            if owner == 1 and r >= 10:      # the shape cue: a light inner ring
                pygame.draw.circle(big, edge, (cx, top_y), R * 0.74 * ss,
                                   max(1, int(round(R * 0.1 * ss))))
            surf = pygame.transform.smoothscale(big, (w, hh))
            if label:
                size = max(10, int(R * 1.55))
                img = font(size).render(str(label), True, theme.player_ink(owner))
                surf.blit(img, img.get_rect(center=(w / 2, pad + R + size * 0.04)))
            ay = pad + R + (h - 1) * step
            return surf, w / 2, ay
        return self.board.sprite(("tower", owner, h, label), make)

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
            fill = theme.player_fill(owner)
            edge = theme.player_edge(owner)
            ink = theme.player_ink(owner)
            base = theme.mix(fill, theme.BOARD, 0.18)
            pygame.draw.polygon(big, base, hex_points(c, c, r * 0.94 * ss))
            pygame.draw.polygon(big, theme.mix(fill, theme.SHINE, 0.15),
                                hex_points(c, c, r * 0.94 * ss), max(1, int(r * 0.09 * ss)))
            if owner == 1:                  # the shape cue: a light inner ring
                pygame.draw.polygon(big, edge, hex_points(c, c, r * 0.66 * ss),
                                    max(1, int(r * 0.08 * ss)))
            else:
                pygame.draw.polygon(big, theme.mix(fill, edge, 0.45),
                                    hex_points(c, c, r * 0.66 * ss))
            if r < 8:                       # too small for a flag
                return pygame.transform.smoothscale(big, (size, size))
            # a little flag: pole and pennant
            flag = ink + (200,) if owner == 0 else theme.mix(fill, theme.SHINE, 0.7) + (220,)
            pw = max(1, int(r * 0.07 * ss))
            px = c - r * 0.14 * ss
            top = c - r * 0.36 * ss
            pygame.draw.line(big, flag, (px, top), (px, c + r * 0.36 * ss), pw)
            pygame.draw.polygon(big, flag, [(px, top), (px + r * 0.42 * ss, top + r * 0.15 * ss),
                                            (px, top + r * 0.32 * ss)])
            return pygame.transform.smoothscale(big, (size, size))
        return self.board.sprite(("marker", owner), make)

    def _dot_sprite(self):
        r = self.board.radius

        def make():
            ss = SUPERSAMPLE
            size = int(math.ceil(r * 0.9)) + 4
            big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
            c = size * ss / 2
            pygame.draw.circle(big, theme.ACCENT_2 + (45,), (c, c), r * 0.34 * ss)
            pygame.draw.circle(big, theme.ACCENT_2 + (90,), (c, c), r * 0.22 * ss)
            pygame.draw.circle(big, theme.ACCENT_2, (c, c), r * 0.13 * ss)
            return pygame.transform.smoothscale(big, (size, size))
        return self.board.sprite(("dot",), make)

    def _ring_sprite(self, color, radius_scale: float, width_scale: float):
        r = self.board.radius

        def make():
            ss = SUPERSAMPLE
            size = int(math.ceil(2 * r * radius_scale)) + 6
            big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
            c = size * ss / 2
            pygame.draw.circle(big, color, (c, c), r * radius_scale * ss,
                               max(1, int(r * width_scale * ss)))
            return pygame.transform.smoothscale(big, (size, size))
        return self.board.sprite(("ring", tuple(color), radius_scale, width_scale), make)

    # --- drawing ------------------------------------------------------------------------
    def _stack_base_y(self, cy: float, h: int) -> float:
        """Screen y of the bottom disc's face centre for a stack of ``h`` on a cell at cy."""
        step = max(1.0, STEP * self.board.radius)
        h = min(h, MAX_DISCS)
        return cy + (h - 1) * step / 2 - step / 2

    def _draw_tower(self, surface, x, y, owner, h, *, base_h=None, label=None,
                    alpha=255, scale=1.0, lift=0.0):
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
            surf = pygame.transform.smoothscale(surf, (max(1, int(w * scale)),
                                                       max(1, int(hh * scale))))
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

    def _shake_dx(self, i: int) -> float:
        if i != self.shake_cell:
            return 0.0
        return shake(self.fx.raw("shake", 1.0)) * self.board.radius * 0.22

    def draw(self, surface) -> None:
        self._ensure_layout(surface)
        b = self.board
        r = b.radius
        b.draw_base(surface)
        cells = range(self.geo.size)
        order = [i for row in self.geo.rows for i in row]   # top row first
        final = [_content(self.state, i) for i in cells]

        # 1. marker tiles
        for i in cells:
            self._draw_tile_layer(surface, i, final[i])

        show_targets = (self.interactive and not self.state.is_over() and not self._pass_only
                        and not self.timeline.running)
        # 2. legal targets on empty cells, last move, hint, hover
        fade_in = theme.ease_out_cubic(self._calm / theme.FADE_TIME)
        if show_targets and r >= 4:
            a = int((150 + 70 * theme.pulse(self.time, 1.6)) * fade_in)
            dot = self._dot_sprite()
            for i in self._legal:
                if final[i] is None and i not in self._anim:
                    x, y = b.center(i)
                    b.blit_center(surface, dot, x, y, a)
        if self.last_move is not None:
            i = self.geo.by_name.get(self.last_move.strip().lower())
            if i is not None:
                x, y = b.center(i)
                b.blit_center(surface, b.hex_sprite(theme.ACCENT, 0.97, 0.11), x, y)
        hint_cell = None
        if self.hint is not None:
            hint_cell = self.geo.by_name.get(str(self.hint).strip().lower())
            if hint_cell is not None:
                x, y = b.center(hint_cell)
                a = int(150 + 105 * theme.pulse(self.time, 0.9))
                b.blit_center(surface, b.glow_sprite(theme.ACCENT_2, 1.0), x, y, a // 2)
                b.blit_center(surface, b.hex_sprite(theme.ACCENT_2, 1.0, 0.1), x, y, a)
                b.blit_center(surface, b.hex_sprite(theme.ACCENT_2, 0.74, 0.07), x, y, a)
        hv = self.hover_cell
        if hv is not None and not self.state.is_over():
            x, y = b.center(hv)
            if self.interactive and (hv in self._legal or self._pass_only):
                a = int(170 + 70 * theme.pulse(self.time, 0.8))
                b.blit_center(surface, b.glow_sprite(theme.ACCENT_2, 0.98), x, y, a)
            elif self.interactive:
                b.blit_center(surface, b.hex_sprite(theme.BAD, 0.92, 0.06), x, y, 150)
            else:
                b.blit_center(surface, b.hex_sprite(theme.TEXT_DIM, 0.92, 0.05), x, y, 90)

        # 3. towers, top row first so lower stacks overlap the ones behind them
        for i in order:
            self._draw_tower_layer(surface, i, final[i])

        # 4. rings round own towers that take a checker; ghosts for hover and hint
        if show_targets and r >= 4:
            a = int((150 + 105 * theme.pulse(self.time, 1.6)) * fade_in)
            ring = self._ring_sprite(theme.ACCENT_2, self._disc_scale() + 0.12, 0.07)
            for i in self._legal:
                c = final[i]
                if c is not None and c[0] == "T" and i not in self._anim:
                    x, y = b.center(i)
                    b.blit_center(surface, ring, x, self._top_y(y, c[2]), a)
        for cell, alpha in ((hint_cell, 120),
                            (hv if (self.interactive and hv in self._legal) else None, 150)):
            if cell is None or cell in self._anim or self.state.is_over():
                continue
            if final[cell] is not None or cell not in self._legal:
                continue            # ghosts only on empty cells: numerals never overlap
            x, y = b.center(cell)
            self._draw_tower(surface, x, y, self.state.player, 1, alpha=alpha)

        # 5. effects: the splay ripple, the illegal-click flash
        self._draw_ripple(surface)
        if self.shake_cell is not None:
            t = self.fx.raw("shake", 1.0)
            x, y = b.center(self.shake_cell)
            b.blit_center(surface, b.glow_sprite(theme.BAD, 0.98), x + self._shake_dx(self.shake_cell),
                          y, int(255 * flash(t)))

        # 6. the pass affordance
        if self._pass_only and self.interactive and not self.state.is_over():
            self._draw_pass_banner(surface)
        elif self.timeline.get("passed") is not None:
            t = self.timeline.raw("passed", 1.0)
            alpha = theme.clamp01(min(t / 0.15, (1.0 - t) / 0.3))
            names = getattr(self.game, "players", None) or ("Player 0", "Player 1")
            who = names[self._passer] if self._passer < len(names) else "A player"
            self._draw_pass_banner(surface, f"{who} has no placement", alpha)

    def _draw_tile_layer(self, surface, i, final):
        b = self.board
        x, y = b.center(i)
        x += self._shake_dx(i)
        spec = self._anim.get(i)
        tl = self.timeline
        if spec is None:
            if final is not None and final[0] == "M":
                b.blit_center(surface, self._marker_sprite(final[1]), x, y)
            return
        kind = spec["kind"]
        if kind == "drop":
            if spec["splay"]:
                p = tl.value(("burst", i), 1.0)
                if p > 0:
                    sprite = self._marker_sprite(spec["owner"])
                    self._blit_scaled(surface, sprite, x, y, 0.4 + 0.6 * min(1.0, p),
                                      int(255 * min(1.0, p * 1.5)))
        elif kind == "spread":
            raw = tl.raw(("spread", i), 1.0)
            if raw > 0:
                p = tl.value(("spread", i), 1.0)
                fx, fy = b.center(spec["from"])
                px, py = lerp(fx, x, min(1.0, p)), lerp(fy, y, min(1.0, p))
                self._blit_scaled(surface, self._marker_sprite(spec["owner"]), px, py,
                                  max(0.05, 0.35 + 0.65 * p), int(255 * min(1.0, raw * 2.5)))
        elif kind == "sink":
            p = tl.value(("sink", i), 1.0)
            if p > 0:
                self._blit_scaled(surface, self._marker_sprite(spec["old"][1]), x, y,
                                  0.7 + 0.3 * p, int(255 * p))
        elif kind == "pop":
            p = tl.value(("pop", i), 1.0)
            old, new = spec["old"], spec["new"]
            if old is not None and old[0] == "M" and p < 1:
                b.blit_center(surface, self._marker_sprite(old[1]), x, y, int(255 * (1 - p)))
            if new is not None and new[0] == "M" and p > 0:
                b.blit_center(surface, self._marker_sprite(new[1]), x, y, int(255 * p))

    def _draw_tower_layer(self, surface, i, final):
        b = self.board
        x, y = b.center(i)
        x += self._shake_dx(i)
        spec = self._anim.get(i)
        tl = self.timeline
        if spec is None:
            if final is not None and final[0] == "T":
                self._draw_tower(surface, x, y, final[1], final[2])
            return
        kind = spec["kind"]
        if kind == "drop":
            h, owner, base = spec["h"], spec["owner"], spec["old"]
            burst = tl.value(("burst", i), 1.0) if spec["splay"] else 0.0
            if burst >= 1.0:
                return
            if burst > 0:
                # the tower bursts: it swells a little and fades into the marker
                self._draw_tower(surface, x, y, owner, h, alpha=int(255 * (1 - burst)),
                                 scale=1.0 + 0.25 * burst)
                return
            if not tl.get(("drop", i)):
                self._draw_tower(surface, x, y, owner, h)
                return
            if base is not None:
                self._draw_tower(surface, x, y, base[1], base[2], base_h=h)
            p = tl.value(("drop", i), 1.0)
            raw = tl.raw(("drop", i), 1.0)
            top = self._top_y(y, h)
            lift = (1.0 - p) * DROP_FROM * b.radius
            self._draw_tower(surface, x, top - self._stack_base_y(y, 1) + y, owner, 1,
                             label=h, lift=lift, alpha=int(255 * min(1.0, 0.25 + raw * 3)))
        elif kind == "sink":
            p = tl.value(("sink", i), 1.0)
            old = spec["old"]
            if p < 1:
                self._draw_tower(surface, x, y, old[1], old[2], alpha=int(255 * (1 - p)),
                                 scale=1.0 - 0.45 * p, lift=-p * b.radius * 0.25)
        elif kind == "pop":
            p = tl.value(("pop", i), 1.0)
            old, new = spec["old"], spec["new"]
            if old is not None and old[0] == "T" and p < 1:
                self._draw_tower(surface, x, y, old[1], old[2], alpha=int(255 * (1 - p)))
            if new is not None and new[0] == "T" and p > 0:
                self._draw_tower(surface, x, y, new[1], new[2], alpha=int(255 * p))

    def _blit_scaled(self, surface, sprite, x, y, scale, alpha):
        if scale <= 0.02 or alpha <= 0:
            return
        if abs(scale - 1.0) > 0.01:
            w, h = sprite.get_size()
            sprite = pygame.transform.smoothscale(sprite, (max(1, int(w * scale)),
                                                           max(1, int(h * scale))))
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
        col = theme.mix(theme.player_fill(self._ripple_owner), theme.SHINE, 0.35)
        pygame.draw.circle(ring, col + (int(230 * (1 - p)),), (size / 2, size / 2), rad, width)
        x, y = self.board.center(mc)
        surface.blit(ring, ring.get_rect(center=(int(x), int(y))))

    def _draw_pass_banner(self, surface, line: str = "no legal placement: click to pass",
                          alpha: float = 1.0) -> None:
        if alpha <= 0:
            return
        b = self.board
        r = b.radius
        mx, my = b.center(self._middle_cell())
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
        pygame.draw.rect(box, theme.WARN + (glow,), box.get_rect(), max(1, int(r * 0.12)),
                         border_radius=rad)
        box.blit(t1, t1.get_rect(midtop=(panel.w // 2, int(r * 0.25))))
        box.blit(t2, t2.get_rect(midbottom=(panel.w // 2, panel.h - int(r * 0.3))))
        if alpha < 1:
            box.set_alpha(int(255 * alpha))
        surface.blit(box, panel)
