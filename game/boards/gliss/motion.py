"""Gliss's animation plans, as small dataclasses, made from the move object's own
details (``path``, ``points``, ``forced``, ``captured``, ``converted``, ``docked``,
``off``: worked out by the rules on the position before the move).

A :class:`Flight` lifts the three stones, flies the path one eased step at a time,
then lands (captures pop, a conversion bursts, a dock flashes) or drifts off the
board; a :class:`Drop` drops a build's four stones in one after the other; a
:class:`Fade` cross-fades a position the move does not explain.  Every plan has a
duration ``dur`` and its sound ``cues`` ((name, seconds) pairs); the view runs one
"master" tween and reads the plan at its elapsed time."""

from __future__ import annotations

from dataclasses import dataclass, field

from game import theme
from game.ui.anim import lerp

LIFT = 0.14  # seconds the stones take to lift off
FLY_BUDGET = 2.2  # the whole flight takes at most about this long
STEP_MIN, STEP_MAX = 0.09, 0.22
CAPTURE_TIME = 0.42
CONVERT_TIME = 0.55
OFF_TIME = 0.35
DROP_STAGGER = 0.06


@dataclass
class Flight:
    mover: int
    pts: list  # the three points at each position of the path
    forced: tuple
    T: float  # seconds per step
    off: bool
    captured: list  # [(point, owner)]
    conv: tuple | None  # the converted tower
    docked: bool
    board0: tuple  # before landing: the glider lifted off
    board1: tuple  # after landing, before the conversion
    new: tuple
    dur: float = 0.0
    cues: list = field(default_factory=list)

    @property
    def steps(self) -> int:
        return max(1, len(self.pts) - 1)

    @property
    def t_land(self) -> float:
        return LIFT + self.steps * self.T

    @property
    def t_conv(self) -> float:
        return self.t_land + 0.1

    def board_at(self, t: float) -> tuple:
        """The stones standing still at time ``t``."""
        if self.off or t < self.t_land:
            return self.board0
        if self.conv is not None and t < self.t_conv:
            return self.board1
        return self.new

    def flyer_at(self, t: float):
        """(three fractional points, alpha, scale) of the flying glider at time ``t``."""
        pts = self.pts
        if t < LIFT:
            return pts[0], 255, 1.0 + 0.12 * theme.ease_out_cubic(t / LIFT)
        u = (t - LIFT) / self.T
        if u >= self.steps:
            if self.off:
                q = theme.clamp01((t - self.t_land) / OFF_TIME)
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
        return (
            tuple((lerp(p[0], q[0], f), lerp(p[1], q[1], f)) for p, q in zip(a0, a1, strict=False)),
            255,
            1.12,
        )


@dataclass
class Drop:
    mover: int
    pts: list
    board0: tuple
    dur: float
    cues: list = field(default_factory=list)

    def board_at(self, t: float) -> tuple:
        return self.board0


@dataclass
class Fade:
    board0: tuple
    new: tuple
    dur: float
    cues: list = field(default_factory=list)

    def board_at(self, t: float) -> tuple:
        return self.new


@dataclass
class LastMove:
    """The marks of the last move: where stones landed, where it came from, its path."""

    land: list
    start: tuple | None = None
    path: list = field(default_factory=list)


def off_step(m, n: int) -> tuple[int, int]:
    """The grid step (columns, rows) that takes the glider of ``m`` over the edge of a
    board of ``n`` lines."""
    trio = m.points[-1]
    for p in trio[1:]:
        if not (1 <= p[0] <= n and 1 <= p[1] <= n):
            return p[0] - trio[0][0], p[1] - trio[0][1]
    return (0, 1)


def last_marks(m, n: int) -> LastMove | None:
    if m is None:
        return None
    if m.kind == "build":
        return LastMove([tuple(p) for p in m.sources])
    path = [tuple(p) for p in m.path]
    land = [] if m.off else [tuple(p) for p in m.points[-1]]
    if m.off and path:
        dc, dr = off_step(m, n)
        c, r = path[-1]
        path.append((c + dc * 1.2, r + dr * 1.2))
    return LastMove(land, path[0], path)


def plan_for(prev, state, m):
    """The plan from ``prev`` to ``state``: along ``m`` (a legal move of ``prev`` that
    gives ``state``), else a fade (None when the stones did not change)."""
    if m is None:
        if prev.size != state.size or tuple(prev.board) == tuple(state.board):
            return None
        return Fade(tuple(prev.board), tuple(state.board), theme.FADE_TIME * 1.5)
    n = state.size
    old, new = tuple(prev.board), tuple(state.board)
    mover = prev.player
    if m.kind == "build":
        pts = sorted((tuple(p) for p in m.sources), key=lambda p: (-p[1], p[0]))
        dur = DROP_STAGGER * (len(pts) - 1) + theme.MOVE_TIME
        return Drop(mover, pts, old, dur, [("place", theme.MOVE_TIME * 0.36)])
    pts = [tuple(tuple(q) for q in trio) for trio in m.points]
    steps = max(1, len(pts) - 1)
    T = max(STEP_MIN, min(STEP_MAX, FLY_BUDGET / steps))
    board0 = list(old)
    for c, r in m.sources:
        board0[(r - 1) * n + c - 1] = -1
    captured = [(tuple(p), old[(p[1] - 1) * n + p[0] - 1]) for p in m.captured]
    conv = tuple(m.converted) if m.converted else None
    board1 = list(new)
    if conv is not None:
        board1[(conv[1] - 1) * n + conv[0] - 1] = 1 - mover
    plan = Flight(
        mover,
        pts,
        tuple(m.forced),
        T,
        bool(m.off),
        captured,
        conv,
        bool(m.docked),
        tuple(board0),
        tuple(board1),
        new,
    )
    t_land = plan.t_land
    if plan.off:
        plan.dur = t_land + OFF_TIME
        plan.cues.append(("capture", t_land + OFF_TIME * 0.5))
        return plan
    plan.dur = t_land + 0.12
    plan.cues.append(("place", t_land))
    if captured:
        plan.cues.append(("capture", t_land + 0.02))
        plan.dur = max(plan.dur, t_land + CAPTURE_TIME)
    if conv is not None:
        plan.cues.append(("splay", plan.t_conv))
        plan.dur = max(plan.dur, plan.t_conv + CONVERT_TIME)
    elif plan.docked:
        plan.dur = max(plan.dur, plan.t_conv + CONVERT_TIME * 0.8)
    return plan
