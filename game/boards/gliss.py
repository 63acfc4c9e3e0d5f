"""Gliss's board: a Go grid with stones on the points, gliders that fly.

Geometry
--------
The board is ``size`` x ``size`` lines (12..19) on a plate; row 1 (Red's edge)
is at the bottom, column a on the left.  ``layout`` fits it into any rect, from
the full window down to a 160x120 thumbnail; coordinate labels are drawn on
all four sides when the spacing is at least ``LABEL_MIN_SPACING`` pixels.
Points are 1-based ``(column, row)`` pairs, as the rules give them.

Pieces
------
Every group is drawn so that its kind reads at a glance: a **base** sits on a
rounded tile of its owner's colour that links its four stones; a **glider**'s
three stones are joined by a bar, its core carries a small diamond and two
small chevrons beyond its arms show the two directions it may fly; a **tower**
is a lone stone with a dot (a "beacon").  Player 0 uses ``theme.PLAYER[0]``
and player 1 ``theme.PLAYER[1]`` (which also has a light inner ring).

Input
-----
* Build: over empty points a 2x2 ghost follows the cursor (the grid square
  under the cursor, i.e. the 2x2 block of points at its corners).  It is green
  where the build is legal and red, with the rules' reason written next to it,
  where it is not; clicking it plays it or returns ``illegal`` with that reason.
* Fly: click any stone of one of your gliders to select it; or click the stone
  of one of your bases that should *stay behind* as the tower (the other three
  deploy).  Clicking another stone of the same base changes the kept corner.
  Every destination of the selection is then marked on the board, where its
  core ends: a cyan dot for a plain landing, a pink crosshair for a capture, a
  green square for a dock (with a ring when an enemy tower is converted) and an
  amber arrow, pointing off the board, for the flight that leaves the board
  (drawn where the core is when the glider goes over the edge).  Hovering a
  destination draws its flight: the core's path as a polyline, forced points
  ringed in amber, the landing as a ghost, stones that would be captured
  crossed out and a tower that would convert ringed.  Clicking it plays it.
  Clicking a point ahead of the glider that is no destination refuses with the
  rules' reason; clicking anywhere else drops the selection.  Right click (or
  ``cancel_selection``) drops it too.
* Several moves on one destination: with the rules in ``game/rules/gliss.py``
  this cannot happen (the core's end point decides the whole outcome: one
  notation per outcome, and each source has at most one ``>off``), but the view
  does not rely on it: such a click opens a small *chooser* (one labelled chip
  per outcome under the point) and the next click on a chip plays that move.
  ``points_for`` includes the chip's point in that case.

``points_for(notation)`` gives the clicks that play a move: ``[square centre]``
for a build, ``[source stone, destination]`` for a flight (the kept corner for
a deployment); None when it is not legal.  ``point_for`` is the last of those
clicks (as for every view), or a point's centre for a bare point name.

Animation
---------
Derived in ``set_state`` from the previous state and the move (the move's
``path``/``points``/``captured``/``converted``/``off`` as computed by the
rules on the previous state).  A flight lifts the three stones, then flies the
path one eased step at a time, leaving a fading trail with the forced points
ringed in amber; on landing the captured stones pop and break into shards, a
converted tower changes colour under a ring burst and a dock flashes its new
square; a glider going over the edge keeps drifting and vanishes.  A build
drops its four stones in, one after the other, with a bounce.  ``pop_events``
yields ``place`` on landing, ``capture`` on captures (and when a glider is lost
over the edge) and ``splay`` on a conversion.  The last move is marked (pink
rings on the landed stones, a dot on where it came from), the hint (``hint``)
with a pulsing cyan path and outline.

``panel_lines()`` gives the counts for the scene's side panel.
"""
from __future__ import annotations

import math

import pygame

from game import theme
from game.anim import flash, lerp, shake
from game.boards.base import AnimatedView, ClickResult
from game.boards.hexboard import SUPERSAMPLE, font

try:  # the rules' IllegalMove (a ValueError)
    from game.rules.core import IllegalMove
except Exception:  # pragma: no cover
    IllegalMove = ValueError

LETTERS = "abcdefghijklmnopqrstuvwxyz"
PLATE = 0.75                 # the plate reaches this many spacings beyond the outer lines
LABEL_MARGIN = 0.85          # room for the labels, in spacings, on each side
LABEL_MIN_SPACING = 20       # labels only when the lines are at least this far apart
STONE_R = 0.45               # stone radius, in spacings
LIFT = 0.14                  # seconds the stones take to lift off
FLY_BUDGET = 2.2             # the whole flight takes at most about this long
STEP_MIN, STEP_MAX = 0.09, 0.22
CAPTURE_TIME = 0.42
CONVERT_TIME = 0.55
OFF_TIME = 0.35
DROP_STAGGER = 0.06
KIND_LABEL = {"land": "land", "capture": "capture", "dock": "dock", "convert": "convert",
              "off": "fly off"}


# --- notation helpers ----------------------------------------------------------------------
def pt_name(pt) -> str:
    return f"{LETTERS[pt[0] - 1]}{pt[1]}"


def parse_pt(text: str):
    """'c6' -> (3, 6); None when it is no point name."""
    t = str(text).strip().lower()
    if len(t) < 2 or t[0] not in LETTERS or not t[1:].isdigit():
        return None
    return LETTERS.index(t[0]) + 1, int(t[1:])


def parse_move(text: str):
    """Split a notation: ('build', ll) / ('fly', core, end) / ('deploy', kept, core, end).

    ``end`` is a point or 'off'.  None when it does not read."""
    t = "".join(str(text).split()).lower()
    if t.endswith("+"):
        p = parse_pt(t[:-1])
        return None if p is None else ("build", p)
    if ">" not in t:
        return None
    head, _, tail = t.partition(">")
    end = "off" if tail == "off" else parse_pt(tail)
    if end is None:
        return None
    if ":" in head:
        a, _, b = head.partition(":")
        kept, core = parse_pt(a), parse_pt(b)
        if kept is None or core is None:
            return None
        return ("deploy", kept, core, end)
    core = parse_pt(head)
    return None if core is None else ("fly", core, end)


def classify(board, n: int):
    """The groups of a board tuple (row 1 first, -1 empty): a list of
    ``(owner, kind, points, core)`` with kind 'tower', 'glider', 'base' or 'odd'."""
    seen = set()
    out = []
    for i, o in enumerate(board):
        if o < 0 or i in seen:
            continue
        c0, r0 = i % n + 1, i // n + 1
        grp = [(c0, r0)]
        seen.add(i)
        k = 0
        while k < len(grp):
            c, r = grp[k]
            k += 1
            for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                cc, rr = c + dc, r + dr
                if 1 <= cc <= n and 1 <= rr <= n:
                    j = (rr - 1) * n + cc - 1
                    if j not in seen and board[j] == o:
                        seen.add(j)
                        grp.append((cc, rr))
        core = None
        if len(grp) == 1:
            kind = "tower"
        elif len(grp) == 3:
            s = set(grp)
            cores = [p for p in grp if sum((p[0] + d[0], p[1] + d[1]) in s
                                           for d in ((1, 0), (-1, 0), (0, 1), (0, -1))) == 2]
            kind = "glider" if len(cores) == 1 and _is_l(cores[0], grp) else "odd"
            core = cores[0] if kind == "glider" else None
        elif len(grp) == 4 and len({p[0] for p in grp}) == 2 and len({p[1] for p in grp}) == 2:
            kind = "base"
        else:
            kind = "odd"
        out.append((o, kind, tuple(grp), core))
    return out


def _is_l(core, grp) -> bool:
    arms = [p for p in grp if p != core]
    return arms[0][0] != arms[1][0] and arms[0][1] != arms[1][1]


class GlissView(AnimatedView):
    """The Gliss board view (see the module docstring)."""

    def __init__(self, game, state):
        super().__init__(game, state)
        self.n = state.size
        self._anim: dict | None = None
        self.hover_pos = None
        self.sel = None                  # None, ('fly', core) or ('deploy', kept)
        self._dest: dict = {}            # destination point -> [moves]
        self._chooser = None             # (point, [moves], [rects]) when open
        self._shake = None               # ('block', ll) or ('pt', pt)
        self._shake_msg = ""
        self._build_reason: dict = {}
        self._last = None                # last-move marks
        self._hint_cache = (None, None, None)
        self._groups_cache: dict = {}
        self._sprites: dict = {}
        self._base_surf = None
        self.s = 10.0
        self.ox = self.oy = 0.0
        self.labels = False
        self._refresh()

    # --- legal moves -------------------------------------------------------------------
    def _refresh(self) -> None:
        self.sel = None
        self._dest = {}
        self._chooser = None
        self._build_reason = {}
        self._builds: dict = {}
        self._fly_src: dict = {}         # source key -> [moves]
        self._glider_of: dict = {}       # own glider stone -> core
        self._base_of: dict = {}         # own base stone -> its 4 points
        self._towers: set = set()
        st = self.state
        try:
            groups = st.groups(st.player)
            for gl in groups["gliders"]:
                for p in gl:
                    self._glider_of[tuple(p)] = tuple(gl[0])
            for b in groups["bases"]:
                for p in b:
                    self._base_of[tuple(p)] = tuple(tuple(q) for q in b)
            self._towers = {tuple(p) for p in groups["towers"]}
        except Exception:
            pass
        try:
            if st.is_over():
                return
            moves = list(st.legal_moves())
        except Exception:
            return
        for m in moves:
            text = str(m)
            pm = parse_move(text)
            if pm is None:
                continue
            if pm[0] == "build":
                self._builds[pm[1]] = text
            else:
                key = ("fly", pm[1]) if pm[0] == "fly" else ("deploy", pm[1])
                self._fly_src.setdefault(key, []).append(m)

    def _select(self, key) -> None:
        self.sel = key
        self._chooser = None
        self._dest = {}
        for m in self._fly_src.get(key, ()):
            try:
                end = tuple(m.path[-1])
            except Exception:
                pm = parse_move(str(m))
                if pm is None or pm[-1] == "off":
                    continue
                end = pm[-1]
            self._dest.setdefault(end, []).append(m)

    @staticmethod
    def outcome(m) -> str:
        """'capture', 'convert', 'dock', 'off' or 'land' for a flight move."""
        try:
            if m.off:
                return "off"
            if m.captured:
                return "capture"
            if m.converted:
                return "convert"
            if m.docked:
                return "dock"
        except Exception:
            pass
        return "land"

    def cancel_selection(self) -> None:
        self.sel = None
        self._dest = {}
        self._chooser = None

    # --- state -------------------------------------------------------------------------
    def set_state(self, state, move=None, animate: bool = True) -> None:
        if self.timeline.running:
            self.skip_animation()
        prev = self.state
        self.state = state
        if state.size != self.n:
            self.n = state.size
            prev = None
            if self.rect is not None:
                self.layout(self.rect)
        self.last_move = None if move is None else str(move)
        self._refresh()
        self.timeline.clear()
        self.fx.clear()
        self._shake = None
        self._anim = None
        self._last = None
        m = None
        if move is not None and prev is not None and prev is not state:
            try:
                m = prev.find_move(str(move))
                if prev.play(m) != state:
                    m = None
            except Exception:
                m = None
        self._last = self._last_marks(m, self.last_move)
        if animate and move is not None and prev is not None and prev is not state:
            try:
                if m is not None:
                    self._build_animation(prev, state, m)
                else:
                    self._build_fade(prev, state)
            except Exception:           # a strange move never breaks the view
                self._anim = None
                self.timeline.clear()

    def _last_marks(self, m, text):
        if text is None:
            return None
        if m is not None:
            try:
                if m.kind == "build":
                    return {"land": [tuple(p) for p in m.sources], "from": None, "path": []}
                path = [tuple(p) for p in m.path]
                land = [] if m.off else [tuple(p) for p in m.points[-1]]
                if m.off and path:
                    ux, uy = self._off_dir(m)
                    c, r = path[-1]
                    path.append((c + ux * 1.2, r - uy * 1.2))
                return {"land": land, "from": path[0], "path": path, "off": m.off}
            except Exception:
                pass
        pm = parse_move(text)
        if pm is None:
            return None
        if pm[0] == "build":
            c, r = pm[1]
            return {"land": [(c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)], "from": None,
                    "path": []}
        end = pm[-1]
        return {"land": [] if end == "off" else [end], "from": pm[-2], "path": []}

    def _build_animation(self, prev, state, m) -> None:
        n = self.n
        tl = self.timeline
        old = tuple(prev.board)
        new = tuple(state.board)
        mover = prev.player
        if m.kind == "build":
            pts = sorted((tuple(p) for p in m.sources), key=lambda p: (-p[1], p[0]))
            dur = DROP_STAGGER * (len(pts) - 1) + theme.MOVE_TIME
            self._anim = {"kind": "build", "pts": pts, "mover": mover, "board0": old,
                          "dur": dur}
            tl.add("master", dur, theme.linear)
            tl.cue("place", theme.MOVE_TIME * 0.36)
            return
        pts = [tuple(tuple(q) for q in trio) for trio in m.points]
        steps = max(1, len(pts) - 1)
        T = max(STEP_MIN, min(STEP_MAX, FLY_BUDGET / steps))
        t_land = LIFT + steps * T
        lifted = {tuple(p) for p in m.sources}
        board0 = list(old)
        for c, r in lifted:
            board0[(r - 1) * n + c - 1] = -1
        board0 = tuple(board0)
        captured = [(tuple(p), old[(p[1] - 1) * n + p[0] - 1]) for p in m.captured]
        conv = tuple(m.converted) if m.converted else None
        board1 = list(new)
        if conv is not None:
            board1[(conv[1] - 1) * n + conv[0] - 1] = 1 - mover
        board1 = tuple(board1)
        spec = {"kind": "fly", "mover": mover, "pts": pts, "forced": tuple(m.forced),
                "steps": steps, "T": T, "t_land": t_land, "off": bool(m.off),
                "captured": captured, "conv": conv, "docked": bool(m.docked),
                "board0": board0, "board1": board1, "new": new,
                "t_conv": t_land + 0.1}
        if m.off:
            dur = t_land + OFF_TIME
            tl.cue("capture", t_land + OFF_TIME * 0.5)
        else:
            dur = t_land + 0.12
            tl.cue("place", t_land)
            if captured:
                tl.cue("capture", t_land + 0.02)
                dur = max(dur, t_land + CAPTURE_TIME)
            if conv is not None:
                tl.cue("splay", spec["t_conv"])
                dur = max(dur, spec["t_conv"] + CONVERT_TIME)
            elif m.docked:
                dur = max(dur, spec["t_conv"] + CONVERT_TIME * 0.8)
        spec["dur"] = dur
        self._anim = spec
        tl.add("master", dur, theme.linear)

    def _build_fade(self, prev, state) -> None:
        if prev.size != state.size:
            return
        old, new = tuple(prev.board), tuple(state.board)
        if old == new:
            return
        dur = theme.FADE_TIME * 1.5
        self._anim = {"kind": "fade", "board0": old, "new": new, "dur": dur}
        self.timeline.add("master", dur, theme.linear)

    def _anim_t(self) -> float:
        tw = self.timeline.get("master")
        return tw.elapsed if tw is not None else 1e9

    def _animation_ended(self) -> None:
        self._anim = None

    def _feedback_ended(self) -> None:
        self._shake = None

    # --- geometry ----------------------------------------------------------------------
    def layout(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        n = self.n
        w, h = max(1, self.rect.w), max(1, self.rect.h)
        units = (n - 1) + 2 * PLATE + 2 * LABEL_MARGIN
        s = min(w, h) / units
        self.labels = s >= LABEL_MIN_SPACING
        if not self.labels:
            s = min(w, h) / ((n - 1) + 2 * PLATE)
        self.s = max(1.0, s)
        span = (n - 1) * self.s
        self.ox = self.rect.x + (w - span) / 2
        self.oy = self.rect.y + (h - span) / 2
        self._base_surf = None
        self._sprites = {}

    def _ensure_layout(self, surface=None) -> None:
        if self.rect is None:
            self.layout(surface.get_rect() if surface is not None
                        else pygame.Rect(0, 0, *theme.MIN_SIZE))

    def xy(self, pt) -> tuple[float, float]:
        """Screen position of the (possibly fractional, possibly off-board) point."""
        c, r = pt
        return self.ox + (c - 1) * self.s, self.oy + (self.n - r) * self.s

    def grid_at(self, pos) -> tuple[float, float]:
        x, y = pos
        return (x - self.ox) / self.s + 1, self.n - (y - self.oy) / self.s

    def point_at(self, pos):
        """The point whose square of one spacing contains ``pos``, or None."""
        if self.rect is None or pos is None:
            return None
        gc, gr = self.grid_at(pos)
        c, r = int(math.floor(gc + 0.5)), int(math.floor(gr + 0.5))
        if 1 <= c <= self.n and 1 <= r <= self.n:
            return c, r
        return None

    def block_at(self, pos):
        """The lower-left point of the 2x2 block whose grid square holds ``pos`` (clamped
        at the edges), or None off the board."""
        if self.rect is None or pos is None:
            return None
        gc, gr = self.grid_at(pos)
        n = self.n
        if not (0.5 <= gc <= n + 0.5 and 0.5 <= gr <= n + 0.5):
            return None
        c = min(n - 1, max(1, int(math.floor(gc))))
        r = min(n - 1, max(1, int(math.floor(gr))))
        return c, r

    def plate_rect(self) -> pygame.Rect:
        """The board's plate on screen (always inside ``rect``)."""
        m = PLATE * self.s
        span = (self.n - 1) * self.s
        x0, y0 = int(math.ceil(self.ox - m)), int(math.ceil(self.oy - m))
        x1, y1 = int(self.ox + span + m), int(self.oy + span + m)
        return pygame.Rect(x0, y0, max(1, x1 - x0), max(1, y1 - y0)).clip(self.rect)

    # --- clicks ------------------------------------------------------------------------
    def _square_centre(self, ll):
        return self.xy((ll[0] + 0.5, ll[1] + 0.5))

    def _ipt(self, pt):
        x, y = self.xy(pt)
        return int(round(x)), int(round(y))

    def point_for(self, notation):
        """The last click of ``points_for`` (a build's square centre, a flight's
        destination); a bare point name's centre; None for anything else."""
        self._ensure_layout()
        clicks = self.points_for(notation)
        if clicks:
            return clicks[-1]
        p = parse_pt(notation)
        if p is not None and 1 <= p[0] <= self.n and 1 <= p[1] <= self.n:
            return self._ipt(p)
        return None

    def points_for(self, notation):
        """The clicks (screen points, in order, from no selection) that play ``notation``:
        [square centre] for a build, [source stone, destination] for a flight (the kept
        corner is the source of a deployment), plus a chooser chip when the destination
        holds several moves; None when the move is not legal here."""
        self._ensure_layout()
        text = "".join(str(notation).split()).lower()
        pm = parse_move(text)
        if pm is None:
            return None
        if pm[0] == "build":
            if pm[1] not in self._builds:
                return None
            x, y = self._square_centre(pm[1])
            return [(int(round(x)), int(round(y)))]
        key = ("fly", pm[1]) if pm[0] == "fly" else ("deploy", pm[1])
        moves = self._fly_src.get(key)
        if not moves:
            return None
        target = next((m for m in moves if str(m) == text), None)
        if target is None:
            return None
        end = self._end_of(target)
        if end is None:
            return None
        clicks = [self._ipt(pm[1]), self._ipt(end)]
        same = [m for m in moves if self._end_of(m) == end]
        if len(same) > 1:
            rects = self._chooser_rects(end, len(same))
            clicks.append(rects[same.index(target)].center)
        return clicks

    def _end_of(self, m):
        try:
            return tuple(m.path[-1])
        except Exception:
            return None

    def hover(self, pos) -> None:
        self.hover_pos = pos

    def _click(self, pos, button: int) -> ClickResult:
        if button != 1:
            if button == 3:
                self.cancel_selection()
            return ClickResult()
        if self.rect is None or pos is None:
            return ClickResult()
        if self.state.is_over():
            return ClickResult(message="the game is over")
        if not self.interactive:
            return ClickResult(message="wait: it is not your turn")
        pt = self.point_at(pos)
        if self._chooser is not None:
            cpt, cmoves, rects = self._chooser
            for r, m in zip(rects, cmoves):
                if r.collidepoint(pos):
                    self.cancel_selection()
                    return ClickResult(move=str(m))
            self._chooser = None
        if self.sel is not None:
            if pt in self._dest:
                moves = self._dest[pt]
                if len(moves) == 1:
                    return ClickResult(move=str(moves[0]))
                self._chooser = (pt, list(moves), self._chooser_rects(pt, len(moves)))
                return ClickResult(message="several outcomes land here: pick one")
            if pt is not None and (pt in self._glider_of or pt in self._base_of):
                return self._pick_source(pt)
            if pt is not None:
                reason = self._flight_reason(pt)
                if reason is not None:
                    self._start_shake(("pt", pt), reason)
                    return ClickResult(illegal=True, message=reason + " (right click to cancel)")
            self.cancel_selection()
        if pt is not None and (pt in self._glider_of or pt in self._base_of):
            return self._pick_source(pt)
        if pt is not None and pt in self._towers:
            msg = (f"{pt_name(pt)} is a control tower: towers never move "
                   f"(build, or fly a glider or a base)")
            self._start_shake(("pt", pt), msg)
            return ClickResult(illegal=True, message=msg)
        ll = self.block_at(pos)
        if ll is None:
            return ClickResult()
        if ll in self._builds:
            return ClickResult(move=self._builds[ll])
        msg = self.build_reason(ll)
        self._start_shake(("block", ll), msg)
        return ClickResult(illegal=True, message=msg)

    def _pick_source(self, pt) -> ClickResult:
        if pt in self._glider_of:
            key = ("fly", self._glider_of[pt])
            what = f"the glider on {pt_name(key[1])}"
        else:
            key = ("deploy", pt)
            what = f"the base, keeping {pt_name(pt)} as a tower,"
        if self.sel == key:
            return ClickResult(message="choose where it lands")
        if not self._fly_src.get(key):
            reason = self._no_flight_reason(key)
            self._start_shake(("pt", pt), reason)
            return ClickResult(illegal=True, message=reason)
        self._select(key)
        k = len(self._dest)
        return ClickResult(message=f"{what} can fly to {k} place{'s' if k != 1 else ''}: "
                                   f"choose one")

    def _src_text(self, key):
        if key[0] == "fly":
            return pt_name(key[1])
        base = self._base_of.get(key[1])
        if not base:
            return None
        cs = {p[0] for p in base}
        rs = {p[1] for p in base}
        core = ((cs - {key[1][0]}).pop(), (rs - {key[1][1]}).pop())
        return f"{pt_name(key[1])}:{pt_name(core)}"

    def _no_flight_reason(self, key) -> str:
        if key[0] == "fly":
            return f"the glider on {pt_name(key[1])} has no legal flight"
        return f"keeping {pt_name(key[1])}, the base has no legal flight"

    def _flight_reason(self, pt):
        """The rules' reason why the selected source cannot end on ``pt``, or None when
        ``pt`` is not ahead of it (a click there drops the selection)."""
        src = self._src_text(self.sel) if self.sel else None
        if src is None:
            return None
        try:
            self.state.play(f"{src}>{pt_name(pt)}")
        except IllegalMove as exc:
            msg = str(exc)
            if "not ahead" in msg or "at least one step" in msg:
                return None
            return msg.split(": ", 1)[1] if ": " in msg else msg
        except Exception:
            return None
        return None

    def build_reason(self, ll) -> str:
        """Why the player to move may not build on the block whose lower-left is ``ll``."""
        if ll in self._build_reason:
            return self._build_reason[ll]
        text = pt_name(ll) + "+"
        msg = None
        try:
            self.state.play(text)
        except IllegalMove as exc:
            msg = str(exc)
            if msg.startswith(text + ": "):
                msg = msg[len(text) + 2:]
        except Exception:
            msg = None
        if not msg:
            msg = f"no build on {text}" if not self.state.is_over() else "the game is over"
        self._build_reason[ll] = msg
        return msg

    def _start_shake(self, what, msg: str) -> None:
        self._shake = what
        self._shake_msg = msg
        self.fx.clear()
        self.fx.add("shake", theme.FLASH_TIME, theme.linear)

    def _chooser_rects(self, pt, k: int) -> list:
        s = self.s
        w = max(12, int(s * 2.6))
        h = max(10, int(s * 0.8))
        gap = max(2, int(s * 0.15))
        x, y = self.xy(pt)
        total = k * w + (k - 1) * gap
        x0 = int(x - total / 2)
        x0 = max(self.rect.x, min(self.rect.right - total, x0))
        y0 = int(y + s * 0.6)
        if y0 + h > self.rect.bottom:
            y0 = int(y - s * 0.6 - h)
        return [pygame.Rect(x0 + i * (w + gap), y0, w, h) for i in range(k)]

    # --- side panel ---------------------------------------------------------------------
    def panel_lines(self) -> list[str]:
        """Per player: towers out of the 12 that win, bases and gliders."""
        st = self.state
        names = getattr(self.game, "players", None) or ("Red", "Blue")
        out = []
        try:
            for p in (0, 1):
                out.append(f"{names[p]}: towers {st.towers(p)} of 12")
                out.append(f"   bases {st.bases(p)}, gliders {st.gliders(p)}")
        except Exception:
            return []
        return out

    # --- sprites -------------------------------------------------------------------------
    def _stone(self, owner: int, radius: float, ghost: bool = False):
        r = max(1, int(round(radius)))
        key = ("stone", owner, r, ghost)
        spr = self._sprites.get(key)
        if spr is not None:
            return spr
        ss = SUPERSAMPLE
        size = 2 * r + 4
        big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
        c = size * ss / 2
        R = r * ss
        fill = theme.player_fill(owner)
        edge = theme.player_edge(owner)
        if ghost:
            pygame.draw.circle(big, fill + (120,), (c, c), R)
            pygame.draw.circle(big, theme.mix(fill, theme.SHINE, 0.3), (c, c), R,
                               max(1, int(R * 0.2)))
        else:
            pygame.draw.circle(big, theme.SHADE + (90,), (c + R * 0.08, c + R * 0.14), R)
            pygame.draw.circle(big, edge, (c, c), R)
            pygame.draw.circle(big, theme.mix(fill, theme.SHADE, 0.12), (c, c), R * 0.86)
            pygame.draw.circle(big, fill, (c - R * 0.08, c - R * 0.1), R * 0.72)
            pygame.draw.circle(big, theme.mix(fill, theme.SHINE, 0.55) + (170,),
                               (c - R * 0.32, c - R * 0.36), R * 0.22)
            if owner == 1 and r >= 4:
                pygame.draw.circle(big, theme.mix(edge, theme.SHINE, 0.3), (c, c), R * 0.62,
                                   max(1, int(R * 0.08)))
        spr = pygame.transform.smoothscale(big, (size, size))
        self._sprites[key] = spr
        return spr

    def _blit(self, surface, spr, x, y, alpha=255, scale=1.0):
        if alpha <= 0 or scale <= 0.02:
            return
        if abs(scale - 1.0) > 0.01:
            w, h = spr.get_size()
            spr = pygame.transform.smoothscale(spr, (max(1, int(w * scale)),
                                                     max(1, int(h * scale))))
        rect = spr.get_rect(center=(int(round(x)), int(round(y))))
        if alpha < 255:
            spr.set_alpha(int(alpha))
            surface.blit(spr, rect)
            spr.set_alpha(255)
        else:
            surface.blit(spr, rect)

    def _base_surface(self):
        if self._base_surf is not None:
            return self._base_surf
        rect = self.rect
        surf = pygame.Surface(rect.size, pygame.SRCALPHA)
        n, s = self.n, self.s
        pr = self.plate_rect().move(-rect.x, -rect.y)
        rad = max(2, min(theme.RADIUS, int(s * 0.5)))
        glow = pr.inflate(int(s * 0.3) + 2, int(s * 0.3) + 2)
        pygame.draw.rect(surf, theme.BOARD_EDGE + (60,), glow, border_radius=rad + 2)
        pygame.draw.rect(surf, theme.BOARD, pr, border_radius=rad)
        pygame.draw.rect(surf, theme.BOARD_EDGE, pr, max(1, int(s * 0.06)), border_radius=rad)
        ox, oy = self.ox - rect.x, self.oy - rect.y
        span = (n - 1) * s
        lw = 1 if s < 28 else 2
        for k in range(n):
            x = ox + k * s
            y = oy + k * s
            edge = k in (0, n - 1)
            col = theme.GRID_LINE if edge else theme.mix(theme.GRID_LINE, theme.BOARD, 0.25)
            w = lw + (1 if edge and s >= 14 else 0)
            pygame.draw.line(surf, col, (round(x), round(oy)), (round(x), round(oy + span)), w)
            pygame.draw.line(surf, col, (round(ox), round(y)), (round(ox + span), round(y)), w)
        d = 4 if n >= 13 else 3
        stars = [(a, b) for a in (d, n + 1 - d) for b in (d, n + 1 - d)]
        if n % 2:
            stars.append(((n + 1) // 2, (n + 1) // 2))
        for c, r in stars:
            x, y = ox + (c - 1) * s, oy + (n - r) * s
            pygame.draw.circle(surf, theme.GRID_LINE, (round(x), round(y)), max(1, int(s * 0.09)))
        if self.labels:
            f = font(min(theme.FONT_SMALL, max(10, int(s * 0.62))))
            off = (PLATE + LABEL_MARGIN * 0.5) * s
            for k in range(n):
                t = f.render(LETTERS[k], True, theme.TEXT_DIM)
                x = ox + k * s
                surf.blit(t, t.get_rect(center=(round(x), round(oy + span + off))))
                surf.blit(t, t.get_rect(center=(round(x), round(oy - off))))
                t = f.render(str(k + 1), True, theme.TEXT_DIM)
                y = oy + (n - 1 - k) * s
                surf.blit(t, t.get_rect(center=(round(ox - off), round(y))))
                surf.blit(t, t.get_rect(center=(round(ox + span + off), round(y))))
        self._base_surf = surf
        return surf

    # --- drawing -------------------------------------------------------------------------
    def draw(self, surface) -> None:
        self._ensure_layout(surface)
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        try:
            self._draw(surface)
        finally:
            surface.set_clip(clip)

    def _display_board(self):
        """(board tuple, alpha overrides) for the current animation time."""
        a = self._anim
        if a is None:
            return tuple(self.state.board)
        t = self._anim_t()
        if a["kind"] == "fly":
            if a["off"] or t < a["t_land"]:
                return a["board0"]
            if a["conv"] is not None and t < a["t_conv"]:
                return a["board1"]
            return a["new"]
        if a["kind"] == "build":
            return a["board0"]
        return a["new"]

    def _groups(self, board):
        g = self._groups_cache.get(board)
        if g is None:
            if len(self._groups_cache) > 8:
                self._groups_cache = {}
            g = self._groups_cache[board] = classify(board, self.n)
        return g

    def _draw(self, surface) -> None:
        s = self.s
        surface.blit(self._base_surface(), self.rect.topleft)
        board = self._display_board()
        groups = self._groups(board)
        anim = self._anim
        t = self._anim_t()
        fading = anim is not None and anim["kind"] == "fade"

        # 1. the last move's trail (faint) under the pieces
        if self._last and anim is None and self._last.get("path") and s >= 8:
            pts = [self.xy(p) for p in self._last["path"]]
            if len(pts) > 1:
                self._polyline(surface, theme.ACCENT, pts, max(1, int(s * 0.08)), 70)

        # 2. group links: base tiles, glider bars
        for owner, kind, pts, core in groups:
            if fading and any(anim["board0"][(p[1] - 1) * self.n + p[0] - 1] != owner
                              for p in pts):
                continue
            self._draw_link(surface, owner, kind, pts, core, 255)

        # 3. stones (captured ones break away underneath)
        if anim is not None and anim["kind"] == "fly" and anim["captured"]:
            self._draw_pops(surface, anim, t)
        R = STONE_R * s
        conv = anim["conv"] if anim is not None and anim["kind"] == "fly" else None
        for owner, kind, pts, core in groups:
            for p in pts:
                x, y = self.xy(p)
                if fading:
                    i = (p[1] - 1) * self.n + p[0] - 1
                    if anim["board0"][i] != owner:
                        self._blit(surface, self._stone(owner, R), x, y,
                                   int(255 * theme.clamp01(t / anim["dur"])))
                        continue
                dx = self._shake_dx(p)
                self._blit(surface, self._stone(owner, R), x + dx, y)
                if p == conv and t >= anim["t_conv"]:
                    q = theme.clamp01((t - anim["t_conv"]) / (CONVERT_TIME * 0.6))
                    self._blit(surface, self._stone(1 - owner, R), x, y, int(255 * (1 - q)))
            self._draw_marks(surface, owner, kind, pts, core)
        if fading:
            for i, o in enumerate(anim["board0"]):
                if o >= 0 and anim["new"][i] != o:
                    p = (i % self.n + 1, i // self.n + 1)
                    x, y = self.xy(p)
                    self._blit(surface, self._stone(o, R), x, y,
                               int(255 * (1 - theme.clamp01(t / anim["dur"]))))

        # 4. the last move, the hint
        if self._last and anim is None and self.sel is None:
            for p in self._last["land"]:
                x, y = self.xy(p)
                self._ring(surface, theme.ACCENT, x, y, R * 1.12, max(1, int(s * 0.08)), 230)
            f = self._last.get("from")
            if f is not None and f not in self._last["land"] and s >= 6:
                x, y = self.xy(f)
                pygame.draw.circle(surface, theme.ACCENT, (round(x), round(y)),
                                   max(1, int(s * 0.12)))
        if self.hint and not self.state.is_over():
            self._draw_hint(surface)

        # 5. selection, destinations, hover
        if anim is None and not self.state.is_over():
            self._draw_interaction(surface)

        # 6. animation on top
        if anim is not None:
            if anim["kind"] == "fly":
                self._draw_flight(surface, anim, t)
            elif anim["kind"] == "build":
                self._draw_drop(surface, anim, t)

        # 7. illegal-click flash
        if self._shake is not None:
            self._draw_shake(surface)

    # pieces
    def _draw_link(self, surface, owner, kind, pts, core, alpha):
        s = self.s
        if kind == "base":
            xs = [self.xy(p) for p in pts]
            x0 = min(x for x, _ in xs)
            y0 = min(y for _, y in xs)
            pad = s * 0.5
            r = pygame.Rect(int(x0 - pad), int(y0 - pad), int(s + 2 * pad), int(s + 2 * pad))
            tile = pygame.Surface(r.size, pygame.SRCALPHA)
            col = theme.mix(theme.player_fill(owner), theme.BOARD, 0.55)
            rad = max(2, int(s * 0.42))
            pygame.draw.rect(tile, col + (int(alpha * 0.85),), tile.get_rect(), border_radius=rad)
            pygame.draw.rect(tile, theme.player_edge(owner) + (int(alpha * 0.8),), tile.get_rect(),
                             max(1, int(s * 0.06)), border_radius=rad)
            surface.blit(tile, r)
        elif kind == "glider" and core is not None:
            col = theme.mix(theme.player_fill(owner), theme.BOARD, 0.3)
            w = max(2, int(s * 0.3))
            cx, cy = self.xy(core)
            for p in pts:
                if p != core:
                    x, y = self.xy(p)
                    pygame.draw.line(surface, col, (round(cx), round(cy)), (round(x), round(y)), w)

    def _draw_marks(self, surface, owner, kind, pts, core, origin=None, scale=1.0):
        s = self.s
        if s < 7:
            return
        ink = theme.player_ink(owner)
        R = STONE_R * s * scale
        if kind == "tower":
            x, y = origin or self.xy(pts[0])
            pygame.draw.circle(surface, ink, (round(x), round(y)), max(1, int(R * 0.24)))
        elif kind == "glider" and core is not None:
            cx, cy = origin or self.xy(core)
            d = max(2, R * 0.36)
            pygame.draw.polygon(surface, ink, [(cx, cy - d), (cx + d, cy), (cx, cy + d),
                                               (cx - d, cy)])
            if s >= 12:
                for p in pts:
                    if p == core:
                        continue
                    ux, uy = p[0] - core[0], -(p[1] - core[1])   # screen direction
                    ax, ay = self.xy(p)
                    if origin is not None:
                        ax, ay = cx + ux * s, cy + uy * s
                    self._chevron(surface, theme.player_edge(owner) if owner == 0
                                  else theme.mix(theme.player_edge(owner), theme.SHINE, 0.3),
                                  ax, ay, ux, uy)

    def _chevron(self, surface, col, ax, ay, ux, uy):
        s = self.s
        tip = (ax + ux * s * 0.7, ay + uy * s * 0.7)
        back = 0.52
        wing = s * 0.14
        b = (ax + ux * s * back, ay + uy * s * back)
        px, py = -uy, ux
        pts = [(b[0] + px * wing, b[1] + py * wing), tip, (b[0] - px * wing, b[1] - py * wing)]
        pygame.draw.lines(surface, col, False, pts, max(2, int(s * 0.08)))

    def _ring(self, surface, col, x, y, r, width, alpha=255):
        if r < 1:
            return
        size = int(2 * r + 2 * width + 4)
        ring = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(ring, tuple(col) + (max(0, min(255, int(alpha))),),
                           (size / 2, size / 2), r, max(1, int(width)))
        surface.blit(ring, ring.get_rect(center=(int(round(x)), int(round(y)))))

    def _polyline(self, surface, col, pts, width, alpha=255):
        if len(pts) < 2:
            return
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        pad = width + 2
        r = pygame.Rect(int(min(xs) - pad), int(min(ys) - pad),
                        int(max(xs) - min(xs) + 2 * pad) + 1, int(max(ys) - min(ys) + 2 * pad) + 1)
        surf = pygame.Surface(r.size, pygame.SRCALPHA)
        loc = [(x - r.x, y - r.y) for x, y in pts]
        c = tuple(col) + (max(0, min(255, int(alpha))),)
        pygame.draw.lines(surf, c, False, loc, max(1, int(width)))
        for q in loc[1:-1]:
            pygame.draw.circle(surf, c, q, max(1, width / 2))
        surface.blit(surf, r)

    def _shake_dx(self, p) -> float:
        sh = self._shake
        if sh is None or sh[0] != "pt" or sh[1] != p:
            return 0.0
        return shake(self.fx.raw("shake", 1.0)) * self.s * 0.15

    # interaction
    def _draw_interaction(self, surface) -> None:
        s = self.s
        R = STONE_R * s
        me = self.state.player
        hp = self.point_at(self.hover_pos) if self.interactive else None
        if self.sel is not None:
            a = int(170 + 85 * theme.pulse(self.time, 1.0))
            for p in self._sel_stones():
                x, y = self.xy(p)
                self._ring(surface, theme.ACCENT, x, y, R * 1.18, max(2, int(s * 0.1)), a)
            if self.sel[0] == "deploy":
                x, y = self.xy(self.sel[1])
                self._ring(surface, theme.TEXT, x, y, R * 0.55, max(1, int(s * 0.07)), 220)
            hovered = hp if hp in self._dest else None
            if self._chooser is not None:
                hovered = self._chooser[0]
            for pt, moves in self._dest.items():
                self._draw_dest(surface, pt, moves, pt == hovered)
            if hovered is not None:
                self._draw_path(surface, self._dest[hovered][0], theme.ACCENT_2, 230)
            if self._chooser is not None:
                self._draw_chooser(surface)
            return
        if not self.interactive:
            return
        if hp is not None and (hp in self._glider_of or hp in self._base_of):
            if hp in self._glider_of:
                core = self._glider_of[hp]
                stones = [p for p, c in self._glider_of.items() if c == core]
                ok = ("fly", core) in self._fly_src
            else:
                stones = [p for p in self._base_of[hp] if p != hp]
                ok = ("deploy", hp) in self._fly_src
            col = theme.ACCENT_2 if ok else theme.BAD
            for p in stones:
                x, y = self.xy(p)
                self._ring(surface, col, x, y, R * 1.15, max(1, int(s * 0.07)), 170)
            if hp in self._base_of:
                x, y = self.xy(hp)
                self._ring(surface, theme.TEXT, x, y, R * 0.55, max(1, int(s * 0.07)), 200)
            return
        if hp is not None and hp in self._towers:
            return
        ll = self.block_at(self.hover_pos)
        if ll is None:
            return
        legal = ll in self._builds
        col = theme.GOOD if legal else theme.BAD
        pts = [(ll[0], ll[1]), (ll[0] + 1, ll[1]), (ll[0], ll[1] + 1), (ll[0] + 1, ll[1] + 1)]
        x0, y0 = self.xy((ll[0], ll[1] + 1))
        box = pygame.Rect(int(x0 - s * 0.55), int(y0 - s * 0.55), int(s * 2.1), int(s * 2.1))
        tile = pygame.Surface(box.size, pygame.SRCALPHA)
        rad = max(2, int(s * 0.45))
        pygame.draw.rect(tile, col + (45,), tile.get_rect(), border_radius=rad)
        pygame.draw.rect(tile, col + (220,), tile.get_rect(), max(1, int(s * 0.08)),
                         border_radius=rad)
        surface.blit(tile, box)
        ghost = self._stone(me, R, ghost=True)
        for p in pts:
            if self.state.owner(*p) < 0:
                x, y = self.xy(p)
                self._blit(surface, ghost, x, y, 150 if legal else 90)
        if not legal and s >= 10:
            self._label(surface, self.build_reason(ll), box.centerx, box.top - 4, theme.BAD)

    def _sel_stones(self):
        if self.sel is None:
            return []
        if self.sel[0] == "fly":
            return [p for p, c in self._glider_of.items() if c == self.sel[1]]
        return [p for p in self._base_of.get(self.sel[1], ()) if p != self.sel[1]]

    def _label(self, surface, text, cx, bottom, col):
        size = min(theme.FONT_SMALL, max(12, int(self.s * 0.6)))
        f = font(size)
        img = f.render(text, True, col)
        maxw = self.rect.w - 8
        if img.get_width() > maxw:
            img = pygame.transform.smoothscale(
                img, (maxw, max(1, int(img.get_height() * maxw / img.get_width()))))
        pad = 4
        box = pygame.Rect(0, 0, img.get_width() + 2 * pad, img.get_height() + 2 * pad)
        box.midbottom = (int(cx), int(bottom))
        box.clamp_ip(self.rect)
        bg = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, theme.PANEL + (230,), bg.get_rect(), border_radius=6)
        pygame.draw.rect(bg, tuple(col) + (200,), bg.get_rect(), 1, border_radius=6)
        surface.blit(bg, box)
        surface.blit(img, (box.x + pad, box.y + pad))

    def _draw_dest(self, surface, pt, moves, hovered) -> None:
        s = self.s
        x, y = self.xy(pt)
        kinds = {self.outcome(m) for m in moves}
        kind = next(k for k in ("capture", "convert", "dock", "off", "land") if k in kinds)
        pulse = theme.pulse(self.time, 1.2)
        r = s * (0.24 + (0.06 if hovered else 0.0))
        w = max(1, int(s * 0.08))
        a = int(200 + 55 * pulse) if not hovered else 255
        if hovered:
            self._ring(surface, theme.SHINE, x, y, s * 0.46, w, 200)
        if kind == "land":
            pygame.draw.circle(surface, theme.ACCENT_2, (round(x), round(y)), max(2, int(r * 0.8)))
            self._ring(surface, theme.ACCENT_2, x, y, r * 1.35, w, a)
        elif kind == "capture":
            col = theme.ACCENT
            self._ring(surface, col, x, y, r * 1.3, max(2, w + 1), a)
            d = r * 1.8
            for sx, sy in ((1, 0), (0, 1)):
                pygame.draw.line(surface, col, (x - sx * d, y - sy * d), (x - sx * d * 0.45,
                                 y - sy * d * 0.45), max(2, w))
                pygame.draw.line(surface, col, (x + sx * d, y + sy * d), (x + sx * d * 0.45,
                                 y + sy * d * 0.45), max(2, w))
            pygame.draw.circle(surface, col, (round(x), round(y)), max(1, int(r * 0.35)))
        elif kind in ("dock", "convert"):
            col = theme.GOOD
            q = pygame.Rect(0, 0, int(r * 2.4), int(r * 2.4))
            q.center = (round(x), round(y))
            pygame.draw.rect(surface, col, q, max(2, w), border_radius=max(1, int(r * 0.3)))
            if kind == "convert":
                self._ring(surface, theme.WARN, x, y, r * 1.9, w, a)
            else:
                pygame.draw.circle(surface, col, (round(x), round(y)), max(1, int(r * 0.4)))
        elif kind == "off":
            col = theme.WARN
            m = next(m for m in moves if self.outcome(m) == "off")
            ux, uy = self._off_dir(m)
            pygame.draw.circle(surface, col, (round(x), round(y)), max(2, int(r * 0.55)))
            tip = (x + ux * s * 0.45, y + uy * s * 0.45)
            base = (x + ux * s * 0.05, y + uy * s * 0.05)
            px, py = -uy, ux
            wing = s * 0.2
            pygame.draw.polygon(surface, col, [tip, (base[0] + px * wing, base[1] + py * wing),
                                               (base[0] - px * wing, base[1] - py * wing)])
        if len(moves) > 1 and s >= 10:
            f = font(max(10, int(s * 0.45)))
            img = f.render(str(len(moves)), True, theme.TEXT)
            surface.blit(img, img.get_rect(bottomleft=(int(x + r), int(y - r))))

    def _off_dir(self, m):
        """Screen unit vector of the step that takes the glider over the edge."""
        try:
            trio = m.points[-1]
            n = self.n
            for p in trio[1:]:
                if not (1 <= p[0] <= n and 1 <= p[1] <= n):
                    return (p[0] - trio[0][0], -(p[1] - trio[0][1]))
        except Exception:
            pass
        return (0, -1)

    def _draw_path(self, surface, m, col, alpha, width_scale=1.0) -> None:
        s = self.s
        try:
            path = [tuple(p) for p in m.path]
            forced = list(m.forced)
            trio = [tuple(q) for q in m.points[-1]]
        except Exception:
            return
        pts = [self.xy(p) for p in path]
        if m.off:
            ux, uy = self._off_dir(m)
            x, y = pts[-1]
            pts.append((x + ux * s * 1.2, y + uy * s * 1.2))
        self._polyline(surface, col, pts, max(2, int(s * 0.12 * width_scale)), alpha)
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
        ghost = self._stone(self.state.player, R, ghost=True)
        for p in trio:
            x, y = self.xy(p)
            self._blit(surface, ghost, x, y, 170)
        try:
            captured = [tuple(p) for p in m.captured]
            conv = m.converted
        except Exception:
            captured, conv = [], None
        for p in captured:
            x, y = self.xy(p)
            d = R * 0.7
            w = max(2, int(s * 0.1))
            pygame.draw.line(surface, theme.BAD, (x - d, y - d), (x + d, y + d), w)
            pygame.draw.line(surface, theme.BAD, (x - d, y + d), (x + d, y - d), w)
        if conv:
            x, y = self.xy(tuple(conv))
            self._ring(surface, theme.WARN, x, y, R * 1.25, max(2, int(s * 0.1)),
                       int(180 + 75 * theme.pulse(self.time, 0.8)))

    def _draw_chooser(self, surface) -> None:
        pt, moves, rects = self._chooser
        f = font(max(10, min(theme.FONT_TINY, int(self.s * 0.55))))
        for r, m in zip(rects, moves):
            pygame.draw.rect(surface, theme.PANEL, r, border_radius=4)
            hov = self.hover_pos is not None and r.collidepoint(self.hover_pos)
            pygame.draw.rect(surface, theme.ACCENT_2 if hov else theme.PANEL_EDGE, r, 1,
                             border_radius=4)
            img = f.render(KIND_LABEL.get(self.outcome(m), "land"), True, theme.TEXT)
            surface.blit(img, img.get_rect(center=r.center))

    def _hint_move(self):
        h = self.hint
        key = (str(h), id(self.state))
        if self._hint_cache[0] == key:
            return self._hint_cache[2]
        m = None
        try:
            m = self.state.find_move(str(h))
        except Exception:
            m = None
        self._hint_cache = (key, self.state, m)
        return m

    def _draw_hint(self, surface) -> None:
        m = self._hint_move()
        if m is None:
            return
        s = self.s
        a = int(150 + 100 * theme.pulse(self.time, 1.4))
        if m.kind == "build":
            c, r = tuple(m.sources[0])
            ll = min(tuple(p) for p in m.sources)
            x0, y0 = self.xy((ll[0], ll[1] + 1))
            box = pygame.Rect(int(x0 - s * 0.6), int(y0 - s * 0.6), int(s * 2.2), int(s * 2.2))
            tile = pygame.Surface(box.size, pygame.SRCALPHA)
            rad = max(2, int(s * 0.45))
            w = max(1, int(s * 0.08))
            pygame.draw.rect(tile, theme.ACCENT_2 + (a,), tile.get_rect(), w, border_radius=rad)
            pygame.draw.rect(tile, theme.ACCENT_2 + (a // 2,), tile.get_rect().inflate(-3 * w, -3 * w),
                             w, border_radius=rad)
            surface.blit(tile, box)
            ghost = self._stone(self.state.player, STONE_R * s, ghost=True)
            for p in m.sources:
                x, y = self.xy(tuple(p))
                self._blit(surface, ghost, x, y, 110)
            return
        self._draw_path(surface, m, theme.ACCENT_2, a, 0.7)
        for p in m.sources:
            x, y = self.xy(tuple(p))
            self._ring(surface, theme.ACCENT_2, x, y, STONE_R * s * 1.2, max(1, int(s * 0.07)), a)

    # animation drawing
    def _flyer_at(self, a, t):
        """(three fractional points, alpha, scale) of the flying glider at time t."""
        pts = a["pts"]
        steps = a["steps"]
        if t < LIFT:
            return pts[0], 255, 1.0 + 0.12 * theme.ease_out_cubic(t / LIFT)
        u = (t - LIFT) / a["T"]
        if u >= steps:
            if a["off"]:
                q = theme.clamp01((t - a["t_land"]) / OFF_TIME)
                last, prev = pts[-1], pts[-2] if len(pts) > 1 else pts[-1]
                d = (last[0][0] - prev[0][0], last[0][1] - prev[0][1])
                if d == (0, 0):
                    d = (0, -1)
                k = 1.5 * theme.ease_out_cubic(q)
                trio = tuple((p[0] + d[0] * k, p[1] + d[1] * k) for p in last)
                return trio, int(255 * (1 - q)), 1.12 * (1 - 0.5 * q)
            return pts[-1], 255, 1.12
        k = int(u)
        f = theme.ease_in_out(u - k)
        a0, a1 = pts[k], pts[min(k + 1, len(pts) - 1)]
        trio = tuple((lerp(p[0], q[0], f), lerp(p[1], q[1], f)) for p, q in zip(a0, a1))
        return trio, 255, 1.12

    def _draw_flight(self, surface, a, t) -> None:
        s = self.s
        R = STONE_R * s
        mover = a["mover"]
        pts = a["pts"]
        t_land = a["t_land"]
        flying = t < t_land or a["off"]
        # trail and forced marks
        end_fade = 1.0 if flying else 1 - theme.clamp01((t - t_land) / 0.3)
        if end_fade > 0:
            u = max(0.0, (t - LIFT) / a["T"])
            k = min(a["steps"], int(u))
            trio, _, _ = self._flyer_at(a, t)
            path = [self.xy(p[0]) for p in pts[:k + 1]]
            if flying and t >= LIFT:
                path.append(self.xy(trio[0]))
            self._polyline(surface, theme.mix(theme.player_fill(mover), theme.SHINE, 0.4), path,
                           max(2, int(s * 0.1)), int(200 * end_fade))
            ghost = self._stone(mover, R * 0.8, ghost=True)
            for j in range(0, min(k + 1, len(pts))):
                age = u - j
                alpha = int(170 * end_fade * max(0.0, 1 - age / 4))
                if alpha > 0:
                    for p in pts[j]:
                        x, y = self.xy(p)
                        self._blit(surface, ghost, x, y, alpha)
                if j >= 1 and a["forced"][j - 1] and j <= k:
                    x, y = self.xy(pts[j][0])
                    self._ring(surface, theme.WARN, x, y, s * 0.3, max(2, int(s * 0.09)),
                               int(230 * end_fade))
        # conversion ring burst / dock flash
        if not a["off"] and t >= a["t_conv"] and (a["conv"] is not None or a["docked"]):
            q = theme.clamp01((t - a["t_conv"]) / CONVERT_TIME)
            if q < 1:
                if a["conv"] is not None:
                    x, y = self.xy(a["conv"])
                else:
                    land = pts[-1]
                    xs = [self.xy(p) for p in land]
                    x = (min(p[0] for p in xs) + max(p[0] for p in xs)) / 2
                    y = (min(p[1] for p in xs) + max(p[1] for p in xs)) / 2
                col = theme.mix(theme.player_fill(mover), theme.SHINE, 0.35)
                e = theme.ease_out_cubic(q)
                self._ring(surface, col, x, y, lerp(R * 0.6, s * 2.0, e),
                           max(2, int(s * 0.18 * (1 - q)) + 1), int(240 * (1 - q)))
                if a["conv"] is not None:
                    self._ring(surface, theme.WARN, x, y, lerp(R * 0.4, s * 1.3, e),
                               max(1, int(s * 0.1 * (1 - q)) + 1), int(200 * (1 - q)))
        # the glider itself
        if flying:
            trio, alpha, scale = self._flyer_at(a, t)
            if alpha > 0:
                xy = [self.xy(p) for p in trio]
                sh = R * 0.25 * (scale - 1.0) / 0.12
                for x, y in xy:
                    self._blit(surface, self._shadow(R), x + sh, y + sh * 1.4, int(alpha * 0.5))
                col = theme.mix(theme.player_fill(mover), theme.BOARD, 0.3)
                w = max(2, int(s * 0.3))
                for x, y in xy[1:]:
                    pygame.draw.line(surface, col, (round(xy[0][0]), round(xy[0][1])),
                                     (round(x), round(y)), w)
                spr = self._stone(mover, R)
                for x, y in xy:
                    self._blit(surface, spr, x, y, alpha, scale)
                if s >= 7 and alpha > 120:
                    x, y = xy[0]
                    d = max(2, R * 0.36 * scale)
                    pygame.draw.polygon(surface, theme.player_ink(mover),
                                        [(x, y - d), (x + d, y), (x, y + d), (x - d, y)])

    def _draw_pops(self, surface, a, t) -> None:
        """Captured stones swell, fade and break into shards (under the landed glider)."""
        s = self.s
        R = STONE_R * s
        t_land = a["t_land"]
        if not a["off"] and t >= t_land:
            q = theme.clamp01((t - t_land) / CAPTURE_TIME)
            if q < 1:
                for p, owner in a["captured"]:
                    x, y = self.xy(p)
                    self._blit(surface, self._stone(owner, R), x, y, int(255 * (1 - q)),
                               1.0 + 0.5 * theme.ease_out_cubic(q))
                    for k2 in range(5):
                        ang = k2 * 2 * math.pi / 5 + (p[0] * 7 + p[1] * 3) * 0.4
                        dist = R * (0.6 + 1.6 * theme.ease_out_cubic(q))
                        pygame.draw.circle(surface, theme.player_fill(owner),
                                           (round(x + math.cos(ang) * dist),
                                            round(y + math.sin(ang) * dist)),
                                           max(1, int(R * 0.22 * (1 - q))))

    def _shadow(self, R):
        r = max(1, int(round(R)))
        key = ("shadow", r)
        spr = self._sprites.get(key)
        if spr is None:
            spr = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
            pygame.draw.circle(spr, theme.SHADE + (120,), (r + 1, r + 1), r)
            self._sprites[key] = spr
        return spr

    def _draw_drop(self, surface, a, t) -> None:
        s = self.s
        R = STONE_R * s
        spr = self._stone(a["mover"], R)
        for i, p in enumerate(a["pts"]):
            t0 = i * DROP_STAGGER
            raw = theme.clamp01((t - t0) / theme.MOVE_TIME)
            if raw <= 0:
                continue
            v = theme.ease_out_bounce(raw)
            x, y = self.xy(p)
            lift = (1 - v) * s * 1.4
            self._blit(surface, self._shadow(R), x, y, int(90 * raw))
            self._blit(surface, spr, x, y - lift, int(255 * min(1.0, 0.3 + raw * 3)))

    def _draw_shake(self, surface) -> None:
        kind, what = self._shake
        t = self.fx.raw("shake", 1.0)
        a = int(255 * flash(t))
        if a <= 0:
            return
        s = self.s
        if kind == "block":
            x0, y0 = self.xy((what[0], what[1] + 1))
            dx = shake(t) * s * 0.15
            box = pygame.Rect(int(x0 - s * 0.55 + dx), int(y0 - s * 0.55), int(s * 2.1),
                              int(s * 2.1))
            tile = pygame.Surface(box.size, pygame.SRCALPHA)
            rad = max(2, int(s * 0.45))
            pygame.draw.rect(tile, theme.BAD + (a // 3,), tile.get_rect(), border_radius=rad)
            pygame.draw.rect(tile, theme.BAD + (a,), tile.get_rect(), max(2, int(s * 0.1)),
                             border_radius=rad)
            surface.blit(tile, box)
        else:
            x, y = self.xy(what)
            self._ring(surface, theme.BAD, x + shake(t) * s * 0.15, y, s * 0.5,
                       max(2, int(s * 0.1)), a)
