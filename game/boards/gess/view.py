"""The Gess view: state, geometry and input (see the package docstring)."""

from __future__ import annotations

from game import theme
from game.boards.base import ClickResult
from game.boards.gess import motion
from game.boards.gess.paint import GessPainter
from game.boards.grid import SQUARES, GridBoard, GridView
from game.rules import IllegalMove
from game.rules.core import BadNotation, RuleViolation
from game.rules.gess import footprint, on_grid, read_ends, square_name

N = 20  # the label grid is N x N (a..t x 1..20)
LABEL_MIN = 16  # cell size (px) from which labels are shown
CONFIRM_MESSAGE = "this move leaves you without a ring and loses: click again to confirm"


class GessView(GessPainter, GridView):
    """The Gess board view (see the package docstring)."""

    def __init__(self, game, state):
        self.selected = None  # a piece centre (x, y) of the player to move
        self._dests: dict = {}  # reachable centre -> move, for ``selected``
        self._dirs: set = set()
        self._losing: set = set()  # destinations of ``selected`` that lose at once
        self._captures: set = set()  # destinations whose footprint holds stones
        self.armed = None  # the ring-losing move awaiting its confirmation
        self._press = None  # the centre a press selected (for drags)
        self.plan = None  # the running animation plan (motion.Slide / Fade)
        self._last = None  # (src, dst) of the last move
        self._hint = (None, None)  # (hint, its move) resolved against the state
        super().__init__(game, state)
        self._refresh()

    def make_grid(self, state) -> GridBoard:
        return GridBoard(
            N,
            N,
            SQUARES,
            room=1.1,
            label_room=1.5,
            label_min=LABEL_MIN,
            label_at=0.9,
            plate=0.3,
            whole=True,
            plate_fill=theme.BOARD_EDGE,
            dim_labels=(0, N - 1),
            paint=self.paint_plate,
        )

    # --- geometry (the grid's, under the names the tests and scenes know) ---------------
    @property
    def cell(self) -> int:
        return int(self.grid.pitch)

    @property
    def show_labels(self) -> bool:
        return self.grid.show_labels

    @property
    def hover_sq(self):
        return self.hover_at

    def square_rect(self, x: int, y: int):
        return self.grid.square_rect(x, y)

    def center(self, x: float, y: float) -> tuple[float, float]:
        """Screen centre of square (x, y) (fractions allowed, for motion)."""
        return self.grid.center(x, y)

    def point(self, x: int, y: int) -> tuple[int, int]:
        return self.grid.point(x, y)

    def name_of(self, c: int, r: int) -> str:
        return square_name(c, r)

    def square_at(self, pos):
        """The grid square (x, y) under the screen point ``pos``, or None."""
        return None if self.rect is None else self.grid.at(pos)

    # --- state --------------------------------------------------------------------------
    def _refresh(self) -> None:
        state = self.state
        self.board = state.board()
        self.rings = [state.rings(0), state.rings(1)]
        self._by_src = state.moves_by_source()
        self._lose_cache: dict = {}

    @property
    def movable(self) -> dict:
        """Piece centre -> {destination: move} for the player to move."""
        return self._by_src

    def set_state(self, state, move=None, animate: bool = True) -> None:
        if self.timeline.running:
            self.skip_animation()
        prev, old_board, old_rings = self.state, self.board, self.rings
        self.state = state
        self.last_move = move
        self._refresh()
        self.cancel_selection()
        self.timeline.clear()
        self.fx.clear()
        self.refused = None
        self.plan = None
        self._last = self._ends_of(prev, move)
        if animate and move is not None and prev is not None and prev is not state:
            self.plan = motion.plan_for(prev, state, move, old_board, old_rings)
            if self.plan is not None:
                motion.schedule(self.plan, self.timeline)

    @staticmethod
    def _ends_of(prev, move):
        """(src, dst) of ``move`` (a move object, or a notation read against ``prev``)."""
        if move is None:
            return None
        src, dst = getattr(move, "src", None), getattr(move, "dst", None)
        if src is None and prev is not None:
            try:
                m = prev.find_move(move)
                src, dst = m.src, m.dst
            except IllegalMove:
                return None
        return None if src is None else (src, dst)

    def hint_ends(self):
        """(src, dst) of the hint when it names a legal move here, else None."""
        if self.hint is None:
            return None
        if self._hint[0] != (self.hint, id(self.state)):
            try:
                m = self.state.find_move(self.hint)
                ends = (m.src, m.dst)
            except IllegalMove:
                ends = None
            self._hint = ((self.hint, id(self.state)), ends)
        return self._hint[1]

    def hint_at(self, pos) -> bool:
        """The hint's destination square (the centre of its glowing frame)."""
        ends = self.hint_ends()
        return ends is not None and self.square_at(pos) == tuple(ends[1])

    def _animation_ended(self) -> None:
        self.plan = None

    # --- clicks for a move --------------------------------------------------------------
    def point_for(self, notation):
        """The destination's screen point for a move ``c3-c6`` (its second click), or None."""
        pts = self.points_for(notation)
        return pts[-1] if pts else None

    def points_for(self, notation):
        """The clicks that play ``notation`` from a view with nothing selected: the piece's
        centre, then the destination, then the destination again when the move leaves
        the mover without a ring (the confirmation).  None for a notation that does not
        read as a move of this game."""
        self._ensure_layout()
        try:
            m = self.state.find_move(notation)
        except BadNotation:
            return None
        except RuleViolation:  # readable but refused: its two clicks all the same
            try:
                src, dst = read_ends(notation)
            except BadNotation:
                return None
            return [self.point(*src), self.point(*dst)]
        pts = [self.point(*m.src), self.point(*m.dst)]
        if self._loses(m):
            pts.append(self.point(*m.dst))
        return pts

    def _loses(self, move) -> bool:
        """Does this legal move leave the mover without a ring (losing at once)?"""
        hit = self._lose_cache.get(move)
        if hit is None:
            hit = self._lose_cache[move] = self.state.loses_at_once(move)
        return hit

    # --- input --------------------------------------------------------------------------
    def has_selection(self) -> bool:
        return self.selected is not None

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
        f0 = set(footprint(*sq))
        for dst, m in dests.items():
            self._dirs.add(m.direction)
            if self._loses(m):
                self._losing.add(dst)
            if any(
                on_grid(fx, fy) and self.board[fy][fx] is not None
                for fx, fy in footprint(*dst)
                if (fx, fy) not in f0
            ):
                self._captures.add(dst)

    def click(self, pos, button: int = 1) -> ClickResult:
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
            return ClickResult(
                message=f"piece on {square_name(*sq)}: click a marked centre to move it"
            )
        self.refuse(sq)
        if self.state.is_piece(*sq):
            return ClickResult(illegal=True, message=self.state.why_stuck(*sq))
        if self.selected is not None:
            self.armed = None
            sx, sy = self.selected
            dx, dy = sq[0] - sx, sq[1] - sy
            if dx == 0 or dy == 0 or abs(dx) == abs(dy):
                reason = self.state.refusal(self.selected, sq)
                return ClickResult(illegal=True, message=reason or "not a move of this piece")
        return ClickResult(illegal=True, message=self.state.why_not_piece(*sq))

    def _choose(self, sq) -> ClickResult:
        move = self._dests[sq]
        if sq in self._losing and self.armed != move:
            self.armed = move
            return ClickResult(message=CONFIRM_MESSAGE)
        self.cancel_selection()
        return ClickResult(move=move)

    def release(self, pos, button: int = 1) -> ClickResult:
        """The mouse button went up at ``pos``: ends a drag from the selected centre.

        A release on the pressed centre itself keeps the selection (a plain click);
        on one of its reachable centres it plays the move (with the ring-loss
        confirmation); anywhere else it does nothing."""
        press, self._press = self._press, None
        if button != 1 or press is None or press != self.selected:
            return ClickResult()
        sq = self.square_at(pos)
        if sq is None or sq == press or sq not in self._dests:
            return ClickResult()
        if not self.interactive or self.state.is_over():
            return ClickResult()
        return self._choose(sq)
