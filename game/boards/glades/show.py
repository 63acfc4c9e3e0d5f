"""Glades animation plans, as small dataclasses, and the timeline each sets up.

* :class:`Drop`: the placed domino flies from its slot in the tray to its squares,
  turning on the way, and lands (``place``); the contacts it made flash.
* :class:`Passed`: a banner says who passed (``click``).
* :class:`Scoring`: the game is over: the glades are found one at a time and filled
  with their owner's colour, each with its reason, while the totals count up
  (``splay`` for a claimed glade, ``click`` for an unclaimed one, ``win`` at the end).

Timings keep the whole show (a last move and every glade) under about 3.4 seconds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game import theme
from game.rules.glades import NB

FLY_TIME = theme.MOVE_TIME * 1.5  # the domino's flight from the tray
LAND_TIME = theme.FADE_TIME * 1.6  # the contacts' flash after landing
PASS_TIME = theme.FADE_TIME * 5  # the "passed" banner
GLADES_TIME = 2.2  # every glade of the scoring show, together
GLADE_MAX = 0.5  # one glade at most
FINALE = 0.45  # the totals settle


@dataclass
class Drop:
    """``seat`` places ``tile`` (low, high) on ``squares`` showing ``values``;
    ``contacts``: (its square, the touching square) pairs."""

    seat: int
    tile: tuple
    squares: tuple
    values: tuple
    contacts: tuple = ()


@dataclass
class Passed:
    seat: int


@dataclass
class GladeStep:
    """One glade of the show: its result (``rules.glades.GladeResult``), the fill order
    (``depth[square]``, rings outward from its first square), when it starts."""

    glade: object
    depth: dict
    start: float
    length: float

    @property
    def deepest(self) -> int:
        return max(self.depth.values(), default=0)


@dataclass
class Scoring:
    steps: list = field(default_factory=list)
    begin: float = 0.0
    end: float = 0.0
    totals: tuple = (0, 0)


def depths(squares) -> dict:
    """Breadth-first distance of each square of a glade from its first square."""
    inside = set(squares)
    if not squares:
        return {}
    first = min(squares)
    out = {first: 0}
    frontier = [first]
    while frontier:
        nxt = []
        for s in frontier:
            for n in NB[s]:
                if n in inside and n not in out:
                    out[n] = out[s] + 1
                    nxt.append(n)
        frontier = nxt
    return out


def schedule_drop(plan: Drop, timeline) -> float:
    """The flight and landing; returns when it is over."""
    timeline.add("fly", FLY_TIME, theme.ease_in_out)
    timeline.cue("place", FLY_TIME)
    timeline.add("land", LAND_TIME, theme.ease_out_cubic, delay=FLY_TIME)
    return FLY_TIME + LAND_TIME * 0.5


def schedule_pass(plan: Passed, timeline) -> float:
    timeline.add("passed", PASS_TIME, theme.linear)
    timeline.cue("click", 0.0)
    return PASS_TIME * 0.6


def plan_scoring(state, begin: float) -> Scoring:
    """The show for the final ``state``, starting ``begin`` seconds from now."""
    glades = state.glades()
    n = max(1, len(glades))
    each = min(GLADE_MAX, GLADES_TIME / n)
    steps = [
        GladeStep(g, depths(g.squares), begin + k * each, each * 1.25) for k, g in enumerate(glades)
    ]
    end = begin + each * len(glades) + FINALE
    return Scoring(steps, begin, end, tuple(state.scores()))


def schedule_scoring(plan: Scoring, timeline) -> None:
    for k, st in enumerate(plan.steps):
        timeline.add(("fill", k), st.length, theme.ease_out_cubic, delay=st.start)
        timeline.cue("splay" if st.glade.owner is not None else "click", st.start)
    timeline.add("finale", FINALE, theme.ease_out_back, delay=plan.end - FINALE)
    timeline.cue("win", plan.end - FINALE)
    timeline.add("show", plan.end, theme.linear)


def counted(plan: Scoring, timeline) -> tuple[int, int]:
    """The totals counted so far (each claimed glade adds its squares as it fills)."""
    out = [0.0, 0.0]
    for k, st in enumerate(plan.steps):
        owner = st.glade.owner
        if owner is None:
            continue
        out[owner] += st.glade.size * min(1.0, timeline.raw(("fill", k), 1.0))
    return int(round(out[0])), int(round(out[1]))


def current(plan: Scoring, timeline):
    """The index of the glade being found now (the latest one started), or None."""
    cur = None
    for k in range(len(plan.steps)):
        tw = timeline.get(("fill", k))
        if tw is None or tw.started:
            cur = k
    return cur
