"""Gess's animation plans: what a move animates, as small dataclasses, and the
timeline each one sets up.  ``plan_for`` asks the rules what the move does
(``state.slide``) and falls back to a cross-fade when the new position is not what
the move gives (a position that was set, not played)."""

from __future__ import annotations

from dataclasses import dataclass, field

from game import theme
from game.rules import IllegalMove
from game.rules.gess import footprint, on_board, on_grid

N = 20
STEP_TIME = theme.MOVE_TIME * 0.4  # one square of a slide
SLIDE_MAX = theme.MOVE_TIME * 4.5  # a long slide takes at most this long


@dataclass
class Slide:
    """A piece sliding ``distance`` squares from ``src`` along ``direction``.

    ``piece``: the moving stones as (dx, dy, owner) from the centre; ``captured``: the
    stones under the landing footprint, (x, y, owner); ``landed``: the moved stones that
    stay; ``fallers``: those carried off the playing area; ``static``: the board
    without the moving piece and the captured stones (``static[y][x]``);
    ``old_rings``: both players' rings before the move; ``step``: seconds per square."""

    src: tuple[int, int]
    dst: tuple[int, int]
    direction: tuple[int, int]
    distance: int
    piece: tuple
    captured: tuple
    landed: tuple
    fallers: tuple
    static: list
    old_rings: list
    step: float = STEP_TIME

    @property
    def arrive(self) -> float:
        """Seconds until the piece arrives."""
        return self.step * self.distance

    def position(self, raw: float) -> float:
        """How many squares the piece has travelled at linear progress ``raw`` (each
        square eased in and out)."""
        k = self.distance
        if raw >= 1.0:
            return float(k)
        t = raw * k
        j = min(k - 1, int(t))
        return j + theme.ease_in_out(t - j)


@dataclass
class Fade:
    """A position the move does not explain: the changed squares cross-fade."""

    old: list
    changed: set = field(default_factory=set)
    old_rings: list = field(default_factory=list)


def plan_for(prev, state, move, old_board, old_rings):
    """The plan from ``prev`` to ``state`` along ``move`` (None when nothing changed)."""
    try:
        m = prev.find_move(move)
        ok = prev.play(m) == state
    except IllegalMove:
        ok = False
    if ok:
        s = prev.slide(m)
        static = [row[:] for row in old_board]
        sx, sy = s.src
        for x, y in footprint(sx, sy):
            if on_grid(x, y):
                static[y][x] = None
        for x, y, _ in s.captured:
            static[y][x] = None
        step = min(STEP_TIME, SLIDE_MAX / s.distance)
        return Slide(
            s.src,
            s.dst,
            s.direction,
            s.distance,
            s.piece,
            s.captured,
            s.landed,
            s.fallen,
            static,
            old_rings,
            step,
        )
    new = state.board()
    changed = {(x, y) for y in range(N) for x in range(N) if old_board[y][x] != new[y][x]}
    if not changed:
        return None
    return Fade(old_board, changed, old_rings)


def schedule(plan, timeline) -> None:
    """Set up ``timeline`` (tweens and sound cues) for ``plan``."""
    if isinstance(plan, Fade):
        timeline.add("fade", theme.FADE_TIME * 1.6, theme.ease_in_out)
        timeline.add("rings", theme.FADE_TIME * 1.6, theme.ease_in_out)
        timeline.cue("place", 0.0)
        return
    arrive = plan.arrive
    timeline.add("slide", arrive, theme.linear)
    timeline.add("rings", theme.FADE_TIME, theme.ease_in_out, delay=arrive)
    timeline.cue("place", arrive)
    if plan.captured:
        timeline.add("pop", theme.FADE_TIME * 1.6, theme.ease_out_cubic, delay=arrive)
    if plan.fallers:
        timeline.add("fall", theme.MOVE_TIME * 1.8, theme.ease_in_cubic, delay=arrive)
    if plan.captured or plan.fallers:
        timeline.cue("capture", arrive + 0.04)


__all__ = ["Fade", "Slide", "plan_for", "schedule", "on_board"]
