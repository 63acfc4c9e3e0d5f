"""The Gliss view: state, geometry and input (see the package docstring)."""

from __future__ import annotations

import pygame

from game import theme
from game.boards.base import ClickResult
from game.boards.gliss import motion
from game.boards.gliss.paint import GlissPainter
from game.boards.grid import POINTS, GridBoard, GridView
from game.rules import IllegalMove

PLATE = 0.75  # the plate reaches this many spacings beyond the outer lines
LABEL_MARGIN = 0.85  # room for the labels, in spacings, on each side
LABEL_MIN_SPACING = 20  # labels only when the lines are at least this far apart


class GlissView(GlissPainter, GridView):
    """The Gliss board view (see the package docstring)."""

    def __init__(self, game, state):
        self.n = state.size
        self.plan = None  # the running animation plan (motion.*)
        self.sel = None  # None, ('fly', core) or ('deploy', kept)
        self._dest: dict = {}  # destination point -> [moves]
        self._chooser = None  # (point, [moves], [rects]) when open
        self._last = None  # motion.LastMove marks
        self._hint = (None, None)
        self._refusals: dict = {}
        super().__init__(game, state)
        self._refresh()

    def make_grid(self, state) -> GridBoard:
        return GridBoard(
            state.size,
            state.size,
            POINTS,
            first=1,
            room=PLATE,
            label_room=PLATE + LABEL_MARGIN,
            label_min=LABEL_MIN_SPACING,
            plate=PLATE,
            paint=self.paint_lines,
        )

    # --- geometry (the grid's, under the names the tests know) -------------------------
    @property
    def s(self) -> float:
        return self.grid.pitch

    @property
    def labels(self) -> bool:
        return self.grid.show_labels

    def xy(self, pt) -> tuple[float, float]:
        """Screen position of the (possibly fractional, possibly off-board) point."""
        return self.grid.center(*pt)

    def _ipt(self, pt) -> tuple[int, int]:
        x, y = self.xy(pt)
        return int(round(x)), int(round(y))

    def name_of(self, c: int, r: int) -> str:
        return self.state.point_name((c, r))

    def point_at(self, pos):
        """The point whose square of one spacing contains ``pos``, or None."""
        return None if self.rect is None else self.grid.at(pos)

    def block_at(self, pos):
        """The lower-left point of the 2x2 block whose grid square holds ``pos`` (clamped
        at the edges), or None off the board."""
        return None if self.rect is None else self.grid.between_at(pos)

    def plate_rect(self) -> pygame.Rect:
        return self.grid.plate_rect()

    # --- state -------------------------------------------------------------------------
    def _refresh(self) -> None:
        self.cancel_selection()
        self._refusals = {}
        st = self.state
        me = st.player
        self._shape_of = {p: sh for sh in st.shapes() if sh.owner == me for p in sh.points}
        self._builds = st.builds()
        self._fly_src: dict = {}  # ('fly', core) / ('deploy', kept) -> [moves]
        for m in st.legal_moves():
            if m.kind != "build":
                self._fly_src.setdefault((m.kind, m.source), []).append(m)

    def _key_of(self, pt):
        """The selection a click on the mover's stone ``pt`` makes (None for no source)."""
        sh = self._shape_of.get(pt)
        if sh is None or sh.kind not in ("glider", "base"):
            return None
        return ("fly", sh.core) if sh.kind == "glider" else ("deploy", pt)

    def _select(self, key) -> None:
        self.sel = key
        self._chooser = None
        self._dest = {}
        for m in self._fly_src.get(key, ()):
            self._dest.setdefault(self._end_of(m), []).append(m)

    @staticmethod
    def _end_of(m):
        return tuple(m.path[-1])

    @staticmethod
    def outcome(m) -> str:
        """'capture', 'convert', 'dock', 'off' or 'land' for a flight move."""
        if m.off:
            return "off"
        if m.captured:
            return "capture"
        if m.converted:
            return "convert"
        if m.docked:
            return "dock"
        return "land"

    KEYS_HELP = (
        "Gliss: Enter on a glider or a base's corner picks it, then on the landing "
        "point; on an empty point it builds there; 1 to 9 choose between outcomes",
    )

    def key(self, key: int):
        """1 to 9 pick one of several outcomes that land on the chosen point."""
        if self._chooser is None or not (pygame.K_1 <= key <= pygame.K_9):
            return None
        moves = self._chooser[1]
        i = key - pygame.K_1
        if i >= len(moves):
            return ClickResult(message=f"pick one of the {len(moves)} outcomes: 1 to {len(moves)}")
        self.cancel_selection()
        return ClickResult(move=moves[i])

    def cursor_point(self, name: str, point):
        """Enter on a point: what a click on it does (pick a glider or a base's corner,
        land there, name a tower); on a point no stone uses, a build on the block whose
        lower-left point it is (a click inside that block)."""
        pt = self.point_at(point)
        if pt is None or self._chooser is not None:
            return point
        if self._key_of(pt) is not None or (self.sel is not None and pt in self._dest):
            return point
        sh = self._shape_of.get(pt)
        if sh is not None and sh.kind == "tower":
            return point
        c, r = pt
        return self._ipt((min(c, self.n - 1) + 0.35, min(r, self.n - 1) + 0.35))

    def has_selection(self) -> bool:
        return self.sel is not None

    def cancel_selection(self) -> None:
        self.sel = None
        self._dest = {}
        self._chooser = None

    def set_state(self, state, move=None, animate: bool = True) -> None:
        if self.timeline.running:
            self.skip_animation()
        prev = self.state
        self.state = state
        if state.size != self.n:
            self.n = state.size
            prev = None
            self.grid = self.make_grid(state)
            if self.rect is not None:
                self.layout(self.rect)
        self.last_move = move
        self._refresh()
        self.timeline.clear()
        self.fx.clear()
        self.refused = None
        self.plan = None
        m = None
        if move is not None and prev is not None and prev is not state:
            try:
                m = prev.find_move(move)
                if prev.play(m) != state:
                    m = None
            except IllegalMove:
                m = None
        shown = m if m is not None or not hasattr(move, "kind") else move
        self._last = motion.last_marks(shown, state.size)
        if animate and move is not None and prev is not None and prev is not state:
            self.plan = motion.plan_for(prev, state, m)
            if self.plan is not None:
                self.timeline.add("master", self.plan.dur, theme.linear)
                for name, at in self.plan.cues:
                    self.timeline.cue(name, at)

    def anim_time(self) -> float:
        tw = self.timeline.get("master")
        return tw.elapsed if tw is not None else 1e9

    def _animation_ended(self) -> None:
        self.plan = None

    def hint_move(self):
        """The hint as a legal move here, or None."""
        if self.hint is None:
            return None
        if self._hint[0] != (self.hint, id(self.state)):
            try:
                m = self.state.find_move(self.hint)
            except IllegalMove:
                m = None
            self._hint = ((self.hint, id(self.state)), m)
        return self._hint[1]

    def hint_at(self, pos) -> bool:
        """The hint's block (a build) or its landing point (a flight)."""
        m = self.hint_move()
        if m is None or self.rect is None or self.grid.to_grid(pos) is None:
            return False
        if m.kind == "build":
            return self.block_at(pos) == tuple(m.square)
        return self.point_at(pos) == self._end_of(m)

    # --- clicks for a move -------------------------------------------------------------
    def point_for(self, notation):
        """The last click of ``points_for`` (a build's square centre, a flight's
        destination); None when the move is not legal here."""
        clicks = self.points_for(notation)
        return clicks[-1] if clicks else None

    def points_for(self, notation):
        """The clicks (screen points, in order, from no selection) that play ``notation``:
        [a point in the block's grid square, near its lower-left point] for a build,
        [source stone, destination] for a flight (the kept corner is the source of a
        deployment), plus a chooser chip when the destination holds several moves; None
        when the move is not legal here."""
        self._ensure_layout()
        try:
            target = self.state.find_move(notation)
        except IllegalMove:
            return None
        if target.kind == "build":
            # inside the block's grid square, nearer its lower-left point: the click
            # builds there, and the hovered point is the one the notation names
            c, r = target.square
            return [self._ipt((c + 0.35, r + 0.35))]
        moves = self._fly_src.get((target.kind, target.source), [])
        end = self._end_of(target)
        clicks = [self._ipt(target.source), self._ipt(end)]
        same = [m for m in moves if self._end_of(m) == end]
        if len(same) > 1 and target in same:
            clicks.append(self._chooser_rects(end, len(same))[same.index(target)].center)
        return clicks

    # --- input -------------------------------------------------------------------------
    def click(self, pos, button: int = 1) -> ClickResult:
        if button != 1:
            if button == 3:
                self.cancel_selection()
            return ClickResult()
        if self.rect is None or self.grid.to_grid(pos) is None:
            return ClickResult()
        if self.state.is_over():
            return ClickResult(message="the game is over")
        if not self.interactive:
            return ClickResult(message="wait: it is not your turn")
        pt = self.point_at(pos)
        if self._chooser is not None:
            cpt, cmoves, rects = self._chooser
            for r, m in zip(rects, cmoves, strict=False):
                if r.collidepoint(pos):
                    self.cancel_selection()
                    return ClickResult(move=m)
            self._chooser = None
        if self.sel is not None:
            if pt in self._dest:
                moves = self._dest[pt]
                if len(moves) == 1:
                    return ClickResult(move=moves[0])
                self._chooser = (pt, list(moves), self._chooser_rects(pt, len(moves)))
                return ClickResult(message="several outcomes land here: pick one (or 1 to 9)")
            if self._key_of(pt) is not None:
                return self._pick_source(pt)
            if pt is not None:
                reason = self.state.flight_refusal(self._source_stone(), pt)
                if reason is not None:
                    self.refuse(("pt", pt))
                    return ClickResult(illegal=True, message=reason + " (right click to cancel)")
            self.cancel_selection()
        if self._key_of(pt) is not None:
            return self._pick_source(pt)
        sh = self._shape_of.get(pt)
        if sh is not None and sh.kind == "tower":
            msg = (
                f"{self.state.point_name(pt)} is a control tower: towers never move "
                f"(build, or fly a glider or a base)"
            )
            self.refuse(("pt", pt))
            return ClickResult(illegal=True, message=msg)
        ll = self.block_at(pos)
        if ll is None:
            return ClickResult()
        if ll in self._builds:
            return ClickResult(move=self._builds[ll])
        self.refuse(("block", ll))
        return ClickResult(illegal=True, message=self.build_reason(ll))

    def _source_stone(self):
        """The stone that picked the selection (a glider's core, a base's kept corner)."""
        return self.sel[1]

    def _pick_source(self, pt) -> ClickResult:
        key = self._key_of(pt)
        name = self.state.point_name
        if key[0] == "fly":
            what = f"the glider on {name(key[1])}"
        else:
            what = f"the base, keeping {name(pt)} as a tower,"
        if self.sel == key:
            return ClickResult(message="choose where it lands")
        if not self._fly_src.get(key):
            reason = (
                f"the glider on {name(key[1])} has no legal flight"
                if key[0] == "fly"
                else f"keeping {name(pt)}, the base has no legal flight"
            )
            self.refuse(("pt", pt))
            return ClickResult(illegal=True, message=reason)
        self._select(key)
        k = len(self._dest)
        return ClickResult(
            message=f"{what} can fly to {k} place{'s' if k != 1 else ''}: choose one"
        )

    def build_reason(self, ll) -> str:
        """Why the player to move may not build on the block whose lower-left is ``ll``."""
        if ll not in self._refusals:
            self._refusals[ll] = (
                self.state.build_refusal(ll) or f"no build on {self.state.point_name(ll)}+"
            )
        return self._refusals[ll]

    def _chooser_rects(self, pt, k: int) -> list:
        s = self.s
        w = max(12, int(s * 2.6))
        h = max(10, int(s * 0.8))
        gap = max(2, int(s * 0.15))
        x, y = self.xy(pt)
        total = k * w + (k - 1) * gap
        x0 = max(self.rect.x, min(self.rect.right - total, int(x - total / 2)))
        y0 = int(y + s * 0.6)
        if y0 + h > self.rect.bottom:
            y0 = int(y - s * 0.6 - h)
        return [pygame.Rect(x0 + i * (w + gap), y0, w, h) for i in range(k)]

    # --- side panel ---------------------------------------------------------------------
    def panel_lines(self) -> list[str]:
        """Per player: towers out of the 12 that win, bases and gliders."""
        st = self.state
        out = []
        for p in (0, 1):
            out.append(f"{st.seat_name(p)}: towers {st.towers(p)} of 12")
            out.append(f"   bases {st.bases(p)}, gliders {st.gliders(p)}")
        return out
