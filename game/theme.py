"""The one theme of the app: palette, type sizes, spacing, timings and easing curves.

Every colour, size and curve used by the scenes and boards comes from here.
The two player colours differ in lightness as well as hue (colour-blind safe):
player 0 is a light warm ivory-gold, player 1 a deep blue-violet; pieces also
carry a shape cue (player 0 solid, player 1 with a light inner ring).
"""
from __future__ import annotations

import math

# --- palette ------------------------------------------------------------------------
BG = (14, 16, 32)              # deep night blue
BG_GLOW = (40, 28, 84)         # the glow behind the title
PANEL = (26, 30, 56)
PANEL_EDGE = (70, 78, 140)
TEXT = (240, 240, 250)
TEXT_DIM = (160, 166, 200)
ACCENT = (255, 92, 170)        # arcade pink: focus, selection
ACCENT_2 = (60, 230, 220)      # cyan: legal targets, hints
GOOD = (120, 240, 120)
BAD = (255, 90, 80)
WARN = (255, 200, 60)

BOARD = (44, 52, 92)
BOARD_EDGE = (90, 104, 170)
BOARD_BORDER_CELL = (64, 74, 124)   # Splay's border ring, lighter than the interior
GRID_LINE = (120, 130, 190)
SHADE = (0, 0, 0)              # mixed into a colour for the dark side of a piece
SHINE = (255, 255, 255)        # mixed into a colour for highlights

# Player colours: (fill, edge, text-on-piece). Lightness differs strongly.
PLAYER = (
    {"fill": (250, 226, 150), "edge": (180, 140, 50), "ink": (40, 30, 10), "name": "gold"},
    {"fill": (70, 60, 190), "edge": (160, 150, 255), "ink": (240, 240, 255), "name": "violet"},
)


# Which of the two palette colours each player wears.  The light one (slot 0) goes to the
# side a game calls White or Red; Gess calls player 0 Black, so there the sides swap and
# Black wears the dark colour.  Scenes and views pass ``colour_slot(game_id, p)`` to the
# helpers below wherever a colour stands for a player.
DARK_FIRST = frozenset({"gess"})


def colour_slot(game_id: str, player: int) -> int:
    return 1 - player if game_id in DARK_FIRST else player


def player_fill(p: int):
    return PLAYER[p]["fill"]


def player_edge(p: int):
    return PLAYER[p]["edge"]


def player_ink(p: int):
    return PLAYER[p]["ink"]


def mix(a, b, t: float):
    """Blend two RGB colours, t in [0, 1]."""
    t = 0.0 if t < 0 else 1.0 if t > 1 else t
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))


# --- type ---------------------------------------------------------------------------
FONT_HUGE = 96       # the title
FONT_LARGE = 48      # scene headings
FONT_MEDIUM = 32     # buttons, the panel's main lines
FONT_SMALL = 24      # body text, move lists
FONT_TINY = 18       # captions

# --- spacing ------------------------------------------------------------------------
PAD = 16
GAP = 10
RADIUS = 12          # rounded corners
PANEL_WIDTH = 340    # the side panel in the play scene
MIN_SIZE = (800, 600)
DEFAULT_SIZE = (1280, 800)

# --- timing (seconds) ---------------------------------------------------------------
MOVE_TIME = 0.35      # a piece moving one step / dropping
SPREAD_TIME = 0.45    # a splay's ripple
FADE_TIME = 0.25
FLASH_TIME = 0.6      # an illegal-click shake
DEMO_DELAY = 0.6      # pause between moves in demo mode


# --- easing curves (t in [0, 1] -> [0, 1]) ------------------------------------------------
def clamp01(t: float) -> float:
    return 0.0 if t < 0 else 1.0 if t > 1 else t


def linear(t: float) -> float:
    return clamp01(t)


def ease_in_out(t: float) -> float:
    t = clamp01(t)
    return t * t * (3 - 2 * t)


def ease_out_cubic(t: float) -> float:
    t = clamp01(t)
    return 1 - (1 - t) ** 3


def ease_in_cubic(t: float) -> float:
    t = clamp01(t)
    return t * t * t


def ease_out_back(t: float, s: float = 1.70158) -> float:
    t = clamp01(t) - 1
    return t * t * ((s + 1) * t + s) + 1


def ease_out_bounce(t: float) -> float:
    t = clamp01(t)
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


def pulse(time_s: float, period: float = 1.2) -> float:
    """A smooth 0..1 pulse for glows and hover highlights."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * time_s / period)
