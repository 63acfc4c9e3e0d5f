"""Gess's board: a 20 x 20 grid (the 18 x 18 playing area inside a gutter ring),
stones on squares, 3 x 3 pieces picked by their centre.

Geometry.  The whole label grid a..t x 1..20 is laid out as square cells of an
integer size ``cell`` (row 1 at the bottom).  The outer ring (files a and t,
rows 1 and 20) is drawn as a hatched gutter: piece centres may stand there
(option ``offboard_centres``, on by default) but stones never stay.  File
letters and row numbers are shown when cells are at least ``LABEL_MIN`` pixels.
Any rect from a full window down to a 160 x 120 thumbnail fits.

Drawing, bottom up: the cached plate (gutter, checkered playing area, grid,
labels), every ring of both players (a soft glow and an outline round its
3 x 3 in the owner's colour), the last move (pink outlines of the footprint it
left and the one it reached, joined by a thin line), the stones (Black,
player 0, in the dark ``theme.PLAYER[1]`` with a light inner ring as the shape cue;
White in the light ``theme.PLAYER[0]``: see ``theme.colour_slot``), then the overlays: the hint (a pulsing cyan glowing outline at
its destination, a faint one at its centre, a line and arrowhead between), the hover
footprint (green when the centre under the cursor is a piece that can move,
dim otherwise), the selection (pink footprint, cyan arrows for the directions
it can move in, a dot on every reachable centre: cyan for a plain slide, cyan
ringed red for a capture, red ringed amber for a move that leaves the mover
without a ring), a ghost of the piece at the hovered (or armed) destination
(the stones it would capture, or carry off the board, crossed out; a red
outline for a ring-losing move), and the illegal-click flash.

Input.  A click picks a piece centre (on a stone or an empty square); a second
click on one of its reachable centres plays the move.  A click on a square
that is not a piece of the player to move is refused with the reason ("no
piece centred on j9: the footprint holds an enemy stone").  Clicking another
own piece reselects; right-click or ``cancel_selection`` (Esc) clears.  A move
that leaves the mover without a ring (legal by default, and lost at once)
needs a second click on the same destination to confirm.  ``release(pos)``
completes a drag from the selected centre to a destination (the scene must
forward the mouse-up for dragging; clicking works without it).

``points_for(notation)`` lists the clicks that play a move from a clean view:
the centre, then the destination (then the destination again when the move
needs the ring-loss confirmation); ``point_for`` gives the destination.

Animation (``set_state`` diffs the two positions along the move): the whole
3 x 3 slides square by square (each step eased), lifted with a shadow; on
arrival the stones under the landing footprint pop (swell and fade) and stones
carried off the playing area fall away (drop and fade); rings that appear or
vanish fade.  ``pop_events`` yields ``place`` on arrival and ``capture`` when
stones are taken.  A position that does not match the move cross-fades.
"""
from __future__ import annotations

import math
import re

import pygame

from game import theme
from game.anim import flash, shake
from game.boards.base import AnimatedView, ClickResult
from game.boards.hexboard import SUPERSAMPLE, font

try:  # the rules' IllegalMove (a ValueError)
    from game.rules.core import IllegalMove
except Exception:  # pragma: no cover
    IllegalMove = ValueError

N = 20                      # the label grid is N x N (a..t x 1..20)
FILES = "abcdefghijklmnopqrst"
LABEL_MIN = 16              # cell size (px) from which labels are shown
LABEL_BAND = 0.95           # label band width, in cells
PLATE_MARGIN = 0.3          # plate rim beyond the grid, in cells
OVERHANG = 1.1              # room kept beyond the grid (outer-ring footprints), in cells
STONE_R = 0.4               # stone radius, in cells
STEP_TIME = theme.MOVE_TIME * 0.4   # one square of a slide
SLIDE_MAX = theme.MOVE_TIME * 4.5   # a long slide takes at most this long
CONFIRM_MESSAGE = "this move leaves you without a ring and loses: click again to confirm"

DIRS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
_NOTATION = re.compile(r"^\s*([a-tA-T])\s*(\d{1,2})\s*-\s*([a-tA-T])\s*(\d{1,2})\s*$")


def sq_name(x: int, y: int) -> str:
    return f"{FILES[x]}{y + 1}"


def parse_move(text):
    """((sx, sy), (tx, ty)) for a notation like ``c3-c6`` on the grid, else None."""
    if text is None:
        return None
    src = getattr(text, "src", None)
    dst = getattr(text, "dst", None)
    if src is not None and dst is not None:
        try:
            return (int(src[0]), int(src[1])), (int(dst[0]), int(dst[1]))
        except (TypeError, ValueError, IndexError):
            pass
    m = _NOTATION.match(str(text))
    if not m:
        return None
    sx, sy = FILES.index(m.group(1).lower()), int(m.group(2)) - 1
    tx, ty = FILES.index(m.group(3).lower()), int(m.group(4)) - 1
    if not (0 <= sy < N and 0 <= ty < N) or (sx, sy) == (tx, ty):
        return None
    return (sx, sy), (tx, ty)


def on_board(x: int, y: int) -> bool:
    """Is (x, y) on the 18 x 18 playing area (b..s x 2..19)?"""
    return 1 <= x <= N - 2 and 1 <= y <= N - 2


def on_grid(x: int, y: int) -> bool:
    return 0 <= x < N and 0 <= y < N


def footprint(x: int, y: int):
    return [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]


def read_board(state) -> list[list[int | None]]:
    """``board[y][x]``: the owner of the stone on (x, y) or None (from ``state.board()``,
    or read from ``str(state)`` when the state has no such accessor)."""
    try:
        b = state.board()
        if len(b) == N and all(len(row) == N for row in b):
            return [list(row) for row in b]
    except Exception:
        pass
    board = [[None] * N for _ in range(N)]
    try:
        for line in str(state).splitlines():
            parts = line.split()
            if len(parts) >= N + 1 and parts[0].isdigit():
                y = int(parts[0]) - 1
                if 0 <= y < N:
                    for x, t in enumerate(parts[1:N + 1]):
                        board[y][x] = 0 if t in ("x", "b") else 1 if t in ("o", "w") else None
    except Exception:
        pass
    return board


def read_rings(state, board) -> list[list[tuple[int, int]]]:
    """The ring centres of both players (``state.rings(p)``, else found on ``board``)."""
    try:
        return [list(state.rings(0)), list(state.rings(1))]
    except Exception:
        pass
    out = [[], []]
    for y in range(2, N - 2):
        for x in range(2, N - 2):
            if board[y][x] is not None:
                continue
            owners = {board[y + dy][x + dx] for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                      if dx or dy}
            if len(owners) == 1 and None not in owners:
                out[owners.pop()].append((x, y))
    return out


class GessView(AnimatedView):
    """The Gess board view (see the module docstring)."""

    def __init__(self, game, state):
        super().__init__(game, state)
        self.cell = 0
        self.origin = (0, 0)            # screen point of the grid's top-left corner
        self.show_labels = False
        self._base = None
        self._base_pos = (0, 0)
        self._sprites: dict = {}
        self.hover_sq = None
        self.selected = None            # a piece centre (x, y) of the player to move
        self._dests: dict = {}          # reachable centre -> notation, for ``selected``
        self._dirs: set = set()
        self._losing: set = set()       # notations that leave the mover ringless
        self._captures: set = set()     # destinations whose footprint holds stones
        self.armed = None               # the ring-losing move awaiting its confirmation
        self._press = None              # the centre a press selected (for drags)
        self._flash_sq = None
        self._anim = None
        self._lose_cache: dict = {}
        self._refresh()

    # --- state --------------------------------------------------------------------------
    def _refresh(self) -> None:
        state = self.state
        self.board = read_board(state)
        self.rings = read_rings(state, self.board)
        self._by_src: dict = {}
        self._lose_cache = {}
        try:
            over = state.is_over()
            moves = [] if over else list(state.legal_moves())
        except Exception:
            moves = []
        for m in moves:
            pm = parse_move(m)
            if pm is None:
                continue
            (s, t) = pm
            self._by_src.setdefault(s, {})[t] = str(m)
        opts = getattr(state, "options", None) or {}
        self._offboard = bool(opts.get("offboard_centres", True))
        self._ringless_illegal = bool(opts.get("ringless_move_illegal", False))

    @property
    def movable(self) -> dict:
        """Piece centre -> {destination: notation} for the player to move."""
        return self._by_src

    def set_state(self, state, move=None, animate: bool = True) -> None:
        if self.timeline.running:
            self.skip_animation()
        prev = self.state
        prev_board, prev_rings = self.board, self.rings
        self.state = state
        self.last_move = None if move is None else str(move)
        self._refresh()
        self.cancel_selection()
        self.timeline.clear()
        self.fx.clear()
        self._flash_sq = None
        self._anim = None
        if animate and move is not None and prev is not None and prev is not state:
            try:
                self._build_animation(prev, prev_board, prev_rings, move)
            except Exception:          # a strange diff never breaks the view
                self._anim = None
                self.timeline.clear()

    def _build_animation(self, prev, old, old_rings, move) -> None:
        new = self.board
        tl = self.timeline
        pm = parse_move(move)
        mover = getattr(prev, "player", None)
        spec = None
        if pm is not None and mover in (0, 1):
            (sx, sy), (tx, ty) = pm
            dx, dy = tx - sx, ty - sy
            k = max(abs(dx), abs(dy))
            if (dx == 0 or dy == 0 or abs(dx) == abs(dy)) and k > 0:
                ux, uy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
                spec = self._slide_spec(old, new, mover, (sx, sy), (ux, uy), k)
        changed = [(x, y) for y in range(N) for x in range(N) if old[y][x] != new[y][x]]
        if spec is None:
            if not changed:
                return
            # a position the move does not explain: cross-fade what changed
            self._anim = {"kind": "fade", "old": old, "changed": set(changed),
                          "old_rings": old_rings}
            tl.add("fade", theme.FADE_TIME * 1.6, theme.ease_in_out)
            tl.add("rings", theme.FADE_TIME * 1.6, theme.ease_in_out)
            tl.cue("place", 0.0)
            return
        k = spec["k"]
        step = min(STEP_TIME, SLIDE_MAX / k)
        arrive = step * k
        spec.update(kind="slide", old_rings=old_rings, step=step)
        self._anim = spec
        tl.add("slide", arrive, theme.linear)
        tl.add("rings", theme.FADE_TIME, theme.ease_in_out, delay=arrive)
        tl.cue("place", arrive)
        if spec["captured"]:
            tl.add("pop", theme.FADE_TIME * 1.6, theme.ease_out_cubic, delay=arrive)
        if spec["fallers"]:
            tl.add("fall", theme.MOVE_TIME * 1.8, theme.ease_in_cubic, delay=arrive)
        if spec["captured"] or spec["fallers"]:
            tl.cue("capture", arrive + 0.04)

    def _slide_spec(self, old, new, mover, src, d, k):
        """The pieces of a slide, or None when ``new`` is not what the slide gives."""
        sx, sy = src
        ux, uy = d
        tx, ty = sx + ux * k, sy + uy * k
        f0 = set(footprint(sx, sy))
        fk = set(footprint(tx, ty))
        piece = [(x - sx, y - sy, old[y][x]) for (x, y) in footprint(sx, sy)
                 if on_grid(x, y) and old[y][x] is not None]
        if not piece or any(o != mover for _, _, o in piece):
            return None
        captured = [(x, y, old[y][x]) for (x, y) in fk - f0
                    if on_grid(x, y) and old[y][x] is not None]
        landed, fallers = [], []
        for ox, oy, o in piece:
            x, y = tx + ox, ty + oy
            (landed if on_board(x, y) else fallers).append((x, y, o))
        expect = [row[:] for row in old]
        for x, y in f0 | fk:
            if on_grid(x, y):
                expect[y][x] = None
        for x, y, o in landed:
            expect[y][x] = o
        if expect != new:
            return None
        static = [row[:] for row in old]
        for x, y in f0:
            if on_grid(x, y):
                static[y][x] = None
        for x, y, _ in captured:
            static[y][x] = None
        return {"src": src, "dst": (tx, ty), "d": d, "k": k, "piece": piece,
                "captured": captured, "landed": landed, "fallers": fallers,
                "static": static}

    def _animation_ended(self) -> None:
        self._anim = None

    def _feedback_ended(self) -> None:
        self._flash_sq = None

    # --- geometry -----------------------------------------------------------------------
    def layout(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        w, h = self.rect.size
        plain = N + 2 * OVERHANG
        labelled = N + 2 * max(OVERHANG, PLATE_MARGIN + LABEL_BAND)
        cell = int(min(w, h) / labelled)
        self.show_labels = cell >= LABEL_MIN
        if not self.show_labels:
            cell = int(min(w, h) / plain)
        self.cell = max(2, cell)
        span = N * self.cell
        self.origin = (self.rect.x + (w - span) // 2, self.rect.y + (h - span) // 2)
        self._base = None
        self._sprites.clear()

    def _ensure_layout(self, surface=None) -> None:
        if self.rect is None:
            self.layout(surface.get_rect() if surface is not None
                        else pygame.Rect(0, 0, *theme.MIN_SIZE))

    def square_rect(self, x: int, y: int) -> pygame.Rect:
        c = self.cell
        return pygame.Rect(self.origin[0] + x * c, self.origin[1] + (N - 1 - y) * c, c, c)

    def center(self, x: float, y: float) -> tuple[float, float]:
        """Screen centre of square (x, y) (fractions allowed, for motion)."""
        c = self.cell
        return self.origin[0] + (x + 0.5) * c, self.origin[1] + (N - 1 - y + 0.5) * c

    def point(self, x: int, y: int) -> tuple[int, int]:
        cx, cy = self.center(x, y)
        return int(cx), int(cy)

    def square_at(self, pos):
        """The grid square (x, y) under the screen point ``pos``, or None."""
        if self.rect is None or self.cell <= 0:
            return None
        try:
            px, py = float(pos[0]), float(pos[1])
        except (TypeError, ValueError, IndexError):
            return None
        gx = math.floor((px - self.origin[0]) / self.cell)
        gy = math.floor((py - self.origin[1]) / self.cell)
        if 0 <= gx < N and 0 <= gy < N:
            return gx, N - 1 - gy
        return None

    def point_for(self, notation):
        """The destination's screen point for a move ``c3-c6`` (its second click), or None."""
        pts = self.points_for(notation)
        return pts[-1] if pts else None

    def points_for(self, notation):
        """The clicks that play ``notation`` from a view with nothing selected: the piece's
        centre, then the destination, then the destination again when the move leaves
        the mover without a ring (the confirmation).  None for a notation that is not a
        centre-to-centre move on the grid."""
        self._ensure_layout()
        pm = parse_move(notation)
        if pm is None:
            return None
        s, t = pm
        pts = [self.point(*s), self.point(*t)]
        text = self._by_src.get(s, {}).get(t)
        if text is not None and self._loses(text):
            pts.append(self.point(*t))
        return pts

    # --- rules helpers ------------------------------------------------------------------
    def _loses(self, notation: str) -> bool:
        """Does this legal move leave the mover without a ring (losing at once)?"""
        hit = self._lose_cache.get(notation)
        if hit is None:
            hit = False
            try:
                after = self.state.play(notation)
                hit = after.is_over() and after.winner() == 1 - self.state.player
            except Exception:
                hit = False
            self._lose_cache[notation] = hit
        return hit

    def _in_range(self, x: int, y: int) -> bool:
        if self._offboard:
            return on_grid(x, y)
        return on_board(x, y)

    def why_not_piece(self, x: int, y: int) -> str:
        """Why (x, y) is not the centre of a piece of the player to move."""
        name = sq_name(x, y)
        me = self.state.player
        if not self._in_range(x, y):
            return (f"no piece centred on {name}: a piece's centre must be on b..s, rows "
                    f"2..19 (option offboard_centres is off)")
        foot = [(fx, fy) for fx, fy in footprint(x, y) if on_grid(fx, fy)]
        enemy = [sq_name(fx, fy) for fx, fy in foot if self.board[fy][fx] == 1 - me]
        if enemy:
            return f"no piece centred on {name}: the footprint holds an enemy stone"
        own = [(fx, fy) for fx, fy in foot if self.board[fy][fx] == me]
        if not own:
            return f"no piece centred on {name}: the footprint holds none of your stones"
        if own == [(x, y)]:
            return f"no piece centred on {name}: a piece needs a stone around its centre"
        return f"no piece centred on {name}"

    def why_cannot_move(self, x: int, y: int) -> str:
        """Why the piece centred on (x, y) has no legal move."""
        name = sq_name(x, y)
        me = self.state.player
        reasons = []
        for dx, dy in DIRS:
            nx, ny = x + dx, y + dy
            if on_grid(nx, ny) and self.board[ny][nx] == me:
                try:
                    self.state.play(f"{name}-{sq_name(nx, ny)}")
                except Exception as exc:
                    reasons.append(str(exc))
        if self._ringless_illegal and any("ring" in r for r in reasons):
            return f"the piece on {name} cannot move: every move would leave you without a ring"
        detail = f" ({reasons[0]})" if reasons else ""
        return f"the piece on {name} has nowhere to go{detail}"

    # --- input --------------------------------------------------------------------------
    def hover(self, pos) -> None:
        if pos is None:
            self.hover_sq = None
            return
        self.hover_sq = self.square_at(pos)

    def cancel_selection(self) -> None:
        self.selected = None
        self._dests = {}
        self._dirs = set()
        self._losing = set()
        self._captures = set()
        self.armed = None
        self._press = None

    def select(self, sq) -> None:
        """Select the piece centred on ``sq`` (one of ``movable``)."""
        self.cancel_selection()
        dests = self._by_src.get(sq)
        if not dests:
            return
        self.selected = sq
        self._dests = dict(dests)
        sx, sy = sq
        for (tx, ty), text in dests.items():
            self._dirs.add(((tx > sx) - (tx < sx), (ty > sy) - (ty < sy)))
            if self._loses(text):
                self._losing.add(text)
            f0 = set(footprint(sx, sy))
            if any(on_grid(fx, fy) and self.board[fy][fx] is not None
                   for fx, fy in footprint(tx, ty) if (fx, fy) not in f0):
                self._captures.add((tx, ty))

    def _click(self, pos, button: int) -> ClickResult:
        if button == 3:
            self.cancel_selection()
            return ClickResult()
        if button != 1 or self.rect is None:
            return ClickResult()
        sq = self.square_at(pos)
        if sq is None:
            self.cancel_selection()
            return ClickResult()
        if self.state.is_over():
            return ClickResult(message="the game is over")
        if not self.interactive:
            return ClickResult(message="wait: it is not your turn")
        self._press = None
        if self.selected is not None and sq in self._dests:
            return self._choose(sq)
        if sq in self._by_src:
            self.select(sq)
            self._press = sq
            return ClickResult(message=f"piece on {sq_name(*sq)}: click a marked centre "
                                       f"to move it")
        self._flash(sq)
        if self._is_piece(sq):
            return ClickResult(illegal=True, message=self.why_cannot_move(*sq))
        if self.selected is not None:
            self.armed = None
            sx, sy = self.selected
            dx, dy = sq[0] - sx, sq[1] - sy
            if dx == 0 or dy == 0 or abs(dx) == abs(dy):
                move = f"{sq_name(sx, sy)}-{sq_name(*sq)}"
                try:
                    self.state.play(move)
                    reason = f"{move} is not a move of this piece"
                except Exception as exc:
                    reason = str(exc) or f"{move} is not a legal move"
                return ClickResult(illegal=True, message=reason)
        return ClickResult(illegal=True, message=self.why_not_piece(*sq))

    def _is_piece(self, sq) -> bool:
        try:
            return bool(self.state.is_piece(*sq))
        except Exception:
            return False

    def _choose(self, sq) -> ClickResult:
        text = self._dests[sq]
        if text in self._losing and self.armed != text:
            self.armed = text
            return ClickResult(message=CONFIRM_MESSAGE)
        self.cancel_selection()
        return ClickResult(move=text)

    def release(self, pos, button: int = 1) -> ClickResult:
        """The mouse button went up at ``pos``: ends a drag from the selected centre.

        A release on the pressed centre itself keeps the selection (a plain click);
        on one of its reachable centres it plays the move (with the ring-loss
        confirmation); anywhere else it does nothing."""
        try:
            press, self._press = self._press, None
            if button != 1 or press is None or press != self.selected:
                return ClickResult()
            sq = self.square_at(pos)
            if sq is None or sq == press or sq not in self._dests:
                return ClickResult()
            if not self.interactive or self.state.is_over():
                return ClickResult()
            return self._choose(sq)
        except Exception as exc:
            return ClickResult(message=f"could not read that drag ({exc})")

    def _flash(self, sq) -> None:
        self._flash_sq = sq
        self.fx.clear()
        self.fx.add("flash", theme.FLASH_TIME, theme.linear)

    # --- sprites ------------------------------------------------------------------------
    def _sprite(self, key, make):
        s = self._sprites.get(key)
        if s is None:
            s = make()
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                try:
                    s = s.convert_alpha()
                except pygame.error:
                    pass
            self._sprites[key] = s
        return s

    def _stone(self, owner: int, scale: float = 1.0):
        c = self.cell

        def make():
            ss = SUPERSAMPLE
            r = STONE_R * c * scale
            size = int(math.ceil(2 * r)) + 4
            big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
            m = size * ss / 2
            slot = theme.colour_slot("gess", owner)     # Black wears the dark colour
            fill = theme.player_fill(slot)
            edge = theme.player_edge(slot)
            pygame.draw.circle(big, edge, (m, m), r * ss)
            pygame.draw.circle(big, fill, (m, m), r * ss * 0.86)
            if c >= 8:      # a dome of light
                for f, t in ((0.62, 0.12), (0.4, 0.22)):
                    pygame.draw.circle(big, theme.mix(fill, theme.SHINE, t),
                                       (m - r * 0.18 * ss, m - r * 0.2 * ss), r * f * ss)
            if slot == 1 and c >= 10:       # the shape cue: a light inner ring
                pygame.draw.circle(big, edge, (m, m), r * 0.56 * ss,
                                   max(1, int(round(r * 0.13 * ss))))
            return pygame.transform.smoothscale(big, (size, size))
        return self._sprite(("stone", owner, round(scale, 2)), make)

    def _shadow(self):
        c = self.cell

        def make():
            r = STONE_R * c
            size = int(math.ceil(2 * r)) + 6
            s = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.circle(s, theme.SHADE + (110,), (size / 2, size / 2), r + 1)
            return s
        return self._sprite(("shadow",), make)

    def _frame(self, color, width: float, glow: bool = False, fill_alpha: int = 0):
        """A rounded outline around a 3 x 3 footprint (``width`` in cells)."""
        c = self.cell

        def make():
            pad = max(2, int(c * 0.5)) if glow else 2
            side = 3 * c + 2 * pad
            surf = pygame.Surface((side, side), pygame.SRCALPHA)
            rad = max(2, int(c * 0.35))
            inner = pygame.Rect(pad, pad, 3 * c, 3 * c)
            if glow and c >= 6:
                layer = pygame.Surface((side, side), pygame.SRCALPHA)
                for k in range(4, 0, -1):
                    grow = int(c * 0.1 * k)
                    pygame.draw.rect(layer, tuple(color) + (int(60 / k),), inner.inflate(
                        2 * grow, 2 * grow), max(1, int(c * 0.12)), border_radius=rad + grow)
                surf.blit(layer, (0, 0))
            if fill_alpha:
                pygame.draw.rect(surf, tuple(color) + (fill_alpha,), inner, 0,
                                 border_radius=rad)
            w = max(1, int(round(c * width)))
            pygame.draw.rect(surf, color, inner.inflate(w // 2 * 2, w // 2 * 2), w,
                             border_radius=rad)
            return surf
        return self._sprite(("frame", tuple(color), round(width, 3), glow, fill_alpha), make)

    def _dot(self, color, ring=None):
        c = self.cell

        def make():
            ss = SUPERSAMPLE
            size = c
            big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
            m = size * ss / 2
            if ring is not None:
                w = max(1, int(c * 0.08 * ss))
                pygame.draw.circle(big, theme.SHADE + (150,), (m, m), c * 0.33 * ss + w, w * 3)
                pygame.draw.circle(big, ring, (m, m), c * 0.33 * ss, w)
            pygame.draw.circle(big, theme.SHADE + (150,), (m, m), c * 0.19 * ss)
            pygame.draw.circle(big, color, (m, m), c * 0.15 * ss)
            return pygame.transform.smoothscale(big, (size, size))
        return self._sprite(("dot", tuple(color), ring), make)

    def _arrow(self, d, color):
        c = self.cell

        def make():
            ss = SUPERSAMPLE
            size = max(4, int(c * 0.9))
            big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
            m = size * ss / 2
            ang = math.atan2(-d[1], d[0])           # screen y grows downward
            L = size * ss * 0.42

            def pt(a, r):
                return m + math.cos(a) * r, m + math.sin(a) * r
            tip = pt(ang, L)
            left = pt(ang + 2.45, L * 0.85)
            right = pt(ang - 2.45, L * 0.85)
            pygame.draw.polygon(big, theme.SHADE + (120,), [tip, left, right])
            pygame.draw.polygon(big, color, [pt(ang, L * 0.8), pt(ang + 2.45, L * 0.68),
                                             pt(ang - 2.45, L * 0.68)])
            return pygame.transform.smoothscale(big, (size, size))
        return self._sprite(("arrow", d, tuple(color)), make)

    def _cross(self):
        c = self.cell

        def make():
            ss = SUPERSAMPLE
            size = c
            big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
            a, b = size * ss * 0.22, size * ss * 0.78
            w = max(1, int(c * 0.1 * ss))
            pygame.draw.line(big, theme.BAD, (a, a), (b, b), w)
            pygame.draw.line(big, theme.BAD, (a, b), (b, a), w)
            return pygame.transform.smoothscale(big, (size, size))
        return self._sprite(("cross",), make)

    # --- the static board ---------------------------------------------------------------
    def _render_base(self):
        c = self.cell
        ox, oy = self.origin
        span = N * c
        margin = max(2, int(c * PLATE_MARGIN))
        band = int(c * LABEL_BAND) if self.show_labels else 0
        left = ox - margin - band
        top = oy - margin - band
        size = span + 2 * (margin + band)
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        gx, gy = ox - left, oy - top            # the grid's corner on this surface
        rad = max(2, min(theme.RADIUS, int(c * 0.6)))
        plate = pygame.Rect(gx - margin, gy - margin, span + 2 * margin, span + 2 * margin)
        # a soft glow behind the plate
        if c >= 6:
            for k in range(3, 0, -1):
                grow = int(margin * 0.5 * k)
                pygame.draw.rect(surf, theme.BOARD_EDGE + (int(50 / k),),
                                 plate.inflate(2 * grow, 2 * grow), 0,
                                 border_radius=rad + grow)
        pygame.draw.rect(surf, theme.BOARD_EDGE, plate, 0, border_radius=rad)
        gutter = theme.mix(theme.BG, theme.BOARD_BORDER_CELL, 0.6)
        pygame.draw.rect(surf, gutter, pygame.Rect(gx, gy, span, span))
        # hatch the gutter: off the board, stones never stay there
        if c >= 6:
            hatch = theme.mix(gutter, theme.GRID_LINE, 0.22)
            step = max(3, c // 3)
            clip = surf.get_clip()
            bands = (pygame.Rect(gx, gy, span, c), pygame.Rect(gx, gy + span - c, span, c),
                     pygame.Rect(gx, gy, c, span), pygame.Rect(gx + span - c, gy, c, span))
            for band_rect in bands:
                surf.set_clip(band_rect)
                x0 = band_rect.x - band_rect.h
                while x0 < band_rect.right:
                    pygame.draw.line(surf, hatch, (x0, band_rect.bottom),
                                     (x0 + band_rect.h, band_rect.y), 1)
                    x0 += step
            surf.set_clip(clip)
        # the playing area: a faint checker so squares can be counted
        light = theme.mix(theme.BOARD, theme.GRID_LINE, 0.1)
        for y in range(1, N - 1):
            for x in range(1, N - 1):
                col = light if (x + y) % 2 else theme.BOARD
                surf.fill(col, pygame.Rect(gx + x * c, gy + (N - 1 - y) * c, c, c))
        line = theme.mix(theme.BOARD, theme.GRID_LINE, 0.45)
        gline = theme.mix(gutter, theme.GRID_LINE, 0.35)
        if c >= 5:
            for i in range(N + 1):
                col = line if 1 <= i <= N - 1 else gline
                pygame.draw.line(surf, gline, (gx + i * c, gy), (gx + i * c, gy + span - 1))
                pygame.draw.line(surf, gline, (gx, gy + i * c), (gx + span - 1, gy + i * c))
                if 1 <= i <= N - 1:
                    pygame.draw.line(surf, col, (gx + i * c, gy + c), (gx + i * c, gy + span - c))
                    pygame.draw.line(surf, col, (gx + c, gy + i * c), (gx + span - c, gy + i * c))
        # the playing area's edge
        edge = theme.mix(theme.BOARD_EDGE, theme.TEXT, 0.35)
        pygame.draw.rect(surf, edge, pygame.Rect(gx + c - 1, gy + c - 1, span - 2 * c + 3,
                                                 span - 2 * c + 3), max(1, c // 10))
        # small star points, as on the printed boards (every 3 squares from the edge)
        if c >= 10:
            for y in (4, 9, 14):
                for x in (4, 9, 14):
                    px, py = gx + x * c + c, gy + (N - 1 - y) * c
                    pygame.draw.circle(surf, line, (px, py), max(2, c // 9))
        pygame.draw.rect(surf, theme.mix(theme.BOARD_EDGE, theme.TEXT, 0.45), plate,
                         max(1, c // 12), border_radius=rad)
        if self.show_labels:
            f = font(max(theme.FONT_TINY - 4, min(theme.FONT_SMALL, int(c * 0.62))))
            for i in range(N):
                col = theme.TEXT_DIM if 1 <= i <= N - 2 else \
                    theme.mix(theme.TEXT_DIM, theme.BG, 0.4)
                img = f.render(FILES[i], True, col)
                cx = gx + i * c + c // 2
                surf.blit(img, img.get_rect(center=(cx, gy + span + margin + band // 2)))
                surf.blit(img, img.get_rect(center=(cx, gy - margin - band // 2)))
                img = f.render(str(i + 1), True, col)
                cy = gy + (N - 1 - i) * c + c // 2
                surf.blit(img, img.get_rect(center=(gx - margin - band // 2, cy)))
                surf.blit(img, img.get_rect(center=(gx + span + margin + band // 2, cy)))
        return surf, (left, top)

    def _draw_base(self, surface) -> None:
        if self._base is None:
            base, self._base_pos = self._render_base()
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                try:
                    base = base.convert_alpha()
                except pygame.error:
                    pass
            self._base = base
        surface.blit(self._base, self._base_pos)

    # --- drawing ------------------------------------------------------------------------
    @staticmethod
    def _blit(surface, sprite, x, y, alpha=255):
        if alpha <= 0:
            return
        rect = sprite.get_rect(center=(int(round(x)), int(round(y))))
        if alpha < 255:
            sprite.set_alpha(int(alpha))
            surface.blit(sprite, rect)
            sprite.set_alpha(255)
        else:
            surface.blit(sprite, rect)

    def _blit_scaled(self, surface, sprite, x, y, scale, alpha):
        if scale <= 0.02 or alpha <= 0:
            return
        if abs(scale - 1.0) > 0.01:
            w, h = sprite.get_size()
            sprite = pygame.transform.smoothscale(sprite, (max(1, int(w * scale)),
                                                           max(1, int(h * scale))))
        self._blit(surface, sprite, x, y, min(255, int(alpha)))

    def _frame_at(self, surface, sq, color, width, alpha=255, glow=False, fill_alpha=0,
                  dx=0.0):
        x, y = self.center(*sq)
        self._blit(surface, self._frame(color, width, glow, fill_alpha), x + dx, y, alpha)

    def _stone_at(self, surface, x, y, owner, alpha=255):
        cx, cy = self.center(x, y)
        self._blit(surface, self._stone(owner), cx, cy, alpha)

    def draw(self, surface) -> None:
        self._ensure_layout(surface)
        c = self.cell
        self._draw_base(surface)
        anim = self._anim
        over = self.state.is_over()

        # 1. rings of both players (under the stones)
        self._draw_rings(surface, anim)

        # 2. the last move
        lm = parse_move(self.last_move) if anim is None or anim["kind"] != "slide" else None
        if lm is not None:
            (s, t) = lm
            self._frame_at(surface, s, theme.ACCENT, 0.06, 110)
            self._frame_at(surface, t, theme.ACCENT, 0.09, 220)
            if c >= 8:
                pygame.draw.line(surface, theme.mix(theme.ACCENT, theme.BOARD, 0.35),
                                 self.point(*s), self.point(*t), max(1, c // 12))

        # 3. stones (and the moving piece)
        if anim is None:
            self._draw_stones(surface, self.board)
        elif anim["kind"] == "fade":
            self._draw_fade(surface, anim)
        else:
            self._draw_slide(surface, anim)

        if anim is not None and anim["kind"] == "slide":
            return      # no input overlays while a move slides

        # 4. the hint
        hm = parse_move(self.hint) if self.hint is not None else None
        if hm is not None and not over:
            self._draw_hint(surface, hm)

        # 5. hover, selection, destinations, ghost
        fade_in = theme.ease_out_cubic(self._calm / theme.FADE_TIME)
        if self.interactive and not over:
            self._draw_input(surface, fade_in)

        # 6. the illegal-click flash
        if self._flash_sq is not None:
            t = self.fx.raw("flash", 1.0)
            dx = shake(t) * c * 0.25
            self._frame_at(surface, self._flash_sq, theme.BAD, 0.12, int(255 * flash(t)),
                           glow=True, dx=dx)

    def _draw_rings(self, surface, anim) -> None:
        if anim is None:
            pairs = [(p, sq, 255) for p in (0, 1) for sq in self.rings[p]]
        else:
            t = self.timeline.value("rings", 1.0)
            old = anim["old_rings"]
            pairs = []
            for p in (0, 1):
                o, n = set(old[p]), set(self.rings[p])
                pairs += [(p, sq, 255) for sq in o & n]
                pairs += [(p, sq, int(255 * (1 - t))) for sq in o - n]
                pairs += [(p, sq, int(255 * t)) for sq in n - o]
        glow = 0.75 + 0.25 * theme.pulse(self.time, 2.4)
        for p, sq, a in pairs:
            col = self._ring_color(p)
            self._frame_at(surface, sq, col, 0.08, int(a * glow), glow=True, fill_alpha=34)

    @staticmethod
    def _ring_color(p: int):
        # the brighter of the player's two colours, so it reads on the dark board
        slot = theme.colour_slot("gess", p)
        return theme.player_fill(0) if slot == 0 else theme.player_edge(1)

    def _draw_stones(self, surface, board, skip=()) -> None:
        s0, s1 = self._stone(0), self._stone(1)
        half = s0.get_width() // 2
        c = self.cell
        ox, oy = self.origin
        for y in range(N):
            row = board[y]
            sy = oy + (N - 1 - y) * c + c // 2 - half
            for x in range(N):
                o = row[x]
                if o is None or (x, y) in skip:
                    continue
                surface.blit(s0 if o == 0 else s1, (ox + x * c + c // 2 - half, sy))

    def _draw_fade(self, surface, anim) -> None:
        p = self.timeline.value("fade", 1.0)
        changed = anim["changed"]
        self._draw_stones(surface, self.board, skip=changed)
        old = anim["old"]
        for x, y in changed:
            if old[y][x] is not None and p < 1:
                self._stone_at(surface, x, y, old[y][x], int(255 * (1 - p)))
            if self.board[y][x] is not None and p > 0:
                self._stone_at(surface, x, y, self.board[y][x], int(255 * p))

    def _slide_pos(self, anim) -> float:
        """How many squares the piece has travelled (each step eased)."""
        k = anim["k"]
        raw = self.timeline.raw("slide", 1.0)
        if raw >= 1.0:
            return float(k)
        t = raw * k
        j = min(k - 1, int(t))
        return j + theme.ease_in_out(t - j)

    def _draw_slide(self, surface, anim) -> None:
        c = self.cell
        self._draw_stones(surface, anim["static"])
        pos = self._slide_pos(anim)
        arrived = pos >= anim["k"]
        sx, sy = anim["src"]
        ux, uy = anim["d"]
        # the stones under the landing footprint: still there, then popping
        pop = self.timeline.value("pop", 1.0) if arrived else 0.0
        for x, y, o in anim["captured"]:
            if pop <= 0:
                self._stone_at(surface, x, y, o)
            elif pop < 1:
                cx, cy = self.center(x, y)
                self._blit_scaled(surface, self._stone(o), cx, cy, 1.0 + 0.7 * pop,
                                  255 * (1 - pop))
        if not arrived:
            px, py = sx + ux * pos, sy + uy * pos
            lift = c * 0.12 * math.sin(math.pi * min(1.0, pos / max(1, anim["k"]))) \
                if c >= 8 else 0
            cx, cy = self.center(px, py)
            self._blit(surface, self._frame(theme.ACCENT, 0.07, True), cx, cy - lift, 170)
            shadow = self._shadow()
            for ox, oy, o in anim["piece"]:
                qx, qy = self.center(px + ox, py + oy)
                if lift:
                    self._blit(surface, shadow, qx + lift * 0.5, qy + lift * 0.6)
                self._blit(surface, self._stone(o), qx, qy - lift)
            return
        for x, y, o in anim["landed"]:
            self._stone_at(surface, x, y, o)
        fall = self.timeline.value("fall", 1.0)
        if fall < 1:
            for x, y, o in anim["fallers"]:
                cx, cy = self.center(x, y)
                self._blit_scaled(surface, self._stone(o), cx, cy + fall * c * 1.4,
                                  1.0 - 0.45 * fall, 255 * (1 - fall))

    def _draw_hint(self, surface, hm) -> None:
        c = self.cell
        (s, t) = hm
        a = int(150 + 105 * theme.pulse(self.time, 0.9))
        self._frame_at(surface, s, theme.ACCENT_2, 0.06, a // 2)
        self._frame_at(surface, t, theme.ACCENT_2, 0.1, a, glow=True)
        if c >= 6:
            p0, p1 = self.center(*s), self.center(*t)
            pygame.draw.line(surface, theme.ACCENT_2, p0, p1, max(1, c // 8))
            pygame.draw.circle(surface, theme.ACCENT_2, p0, max(2, c // 6))
            d = ((t[0] > s[0]) - (t[0] < s[0]), (t[1] > s[1]) - (t[1] < s[1]))
            if c >= 10:
                self._blit(surface, self._arrow(d, theme.ACCENT_2), p1[0], p1[1])

    def _draw_input(self, surface, fade_in: float) -> None:
        c = self.cell
        hv = self.hover_sq
        sel = self.selected
        # hover footprint (not over a destination of the selection)
        if hv is not None and not (sel is not None and (hv in self._dests or hv == sel)):
            if hv in self._by_src:
                a = int(170 + 70 * theme.pulse(self.time, 0.8))
                self._frame_at(surface, hv, theme.GOOD, 0.08, a, glow=True)
            else:
                self._frame_at(surface, hv, theme.TEXT_DIM, 0.05, 90)
        if sel is None:
            return
        a = int(200 + 55 * theme.pulse(self.time, 1.0))
        self._frame_at(surface, sel, theme.ACCENT, 0.1, a, glow=True, fill_alpha=26)
        sx, sy = sel
        if c >= 6:
            for d in self._dirs:
                ax, ay = self.center(sx + d[0] * 1.6, sy + d[1] * 1.6)
                self._blit(surface, self._arrow(d, theme.ACCENT_2), ax, ay, int(255 * fade_in))
        # destinations
        da = int((170 + 70 * theme.pulse(self.time, 1.6)) * fade_in)
        plain = self._dot(theme.ACCENT_2)
        cap = self._dot(theme.ACCENT_2, theme.BAD)
        lose = self._dot(theme.BAD, theme.WARN)
        for sq, text in self._dests.items():
            sprite = lose if text in self._losing else cap if sq in self._captures else plain
            x, y = self.center(*sq)
            self._blit(surface, sprite, x, y, da)
        # the ghost of the piece at the hovered (or armed) destination
        target = None
        if self.armed is not None:
            pm = parse_move(self.armed)
            target = pm[1] if pm else None
        elif hv in self._dests:
            target = hv
        if target is not None:
            self._draw_ghost(surface, sel, target, self._dests[target] in self._losing)

    def _draw_ghost(self, surface, src, dst, losing) -> None:
        c = self.cell
        col = theme.BAD if losing else theme.ACCENT_2
        armed = self.armed is not None
        a = int(190 + 65 * theme.pulse(self.time, 0.6 if armed else 1.0))
        self._frame_at(surface, dst, col, 0.1 if armed else 0.08, a, glow=True)
        if c >= 6:
            pygame.draw.line(surface, col, self.center(*src), self.center(*dst), max(1, c // 10))
        sx, sy = src
        tx, ty = dst
        f0 = set(footprint(sx, sy))
        cross = self._cross()
        for fx, fy in footprint(tx, ty):
            if (fx, fy) in f0 or not on_grid(fx, fy) or self.board[fy][fx] is None:
                continue
            x, y = self.center(fx, fy)
            self._blit(surface, cross, x, y)
        for ox in (-1, 0, 1):
            for oy in (-1, 0, 1):
                x0, y0 = sx + ox, sy + oy
                if not on_grid(x0, y0) or self.board[y0][x0] is None:
                    continue
                x1, y1 = tx + ox, ty + oy
                cx, cy = self.center(x1, y1)
                if on_board(x1, y1):
                    self._blit(surface, self._stone(self.board[y0][x0]), cx, cy, 130)
                else:           # this stone would be carried off the board
                    self._blit(surface, self._stone(self.board[y0][x0]), cx, cy, 60)
                    self._blit(surface, cross, cx, cy, 200)
