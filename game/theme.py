"""The one theme of the app: palette, type sizes, spacing, timings and easing curves.

Every colour, size and curve used by the scenes and boards comes from here.
Player colours are named by each game's rules (``COLOURS``: red and blue, white and
black, green and orange...); the two of a game differ in lightness as well as hue
(colour-blind safe), and the dark ones carry a shape cue (a light inner ring).
"""

from __future__ import annotations

import math

from game.session.settings import CONTRAST_NAMES, DEFAULT_WINDOW, MIN_WINDOW

# --- palette ------------------------------------------------------------------------
BG = (14, 16, 32)  # deep night blue
BG_GLOW = (40, 28, 84)  # the glow behind the title
PANEL = (26, 30, 56)
PANEL_EDGE = (70, 78, 140)
TEXT = (240, 240, 250)
TEXT_DIM = (160, 166, 200)
ACCENT = (255, 92, 170)  # arcade pink: focus, selection
ACCENT_2 = (60, 230, 220)  # cyan: legal targets, hints
GOOD = (120, 240, 120)
BAD = (255, 90, 80)
WARN = (255, 200, 60)

BOARD = (44, 52, 92)
BOARD_EDGE = (90, 104, 170)
BOARD_BORDER_CELL = (64, 74, 124)  # Splay's border ring, lighter than the interior
GRID_LINE = (120, 130, 190)
SHADE = (0, 0, 0)  # mixed into a colour for the dark side of a piece
SHINE = (255, 255, 255)  # mixed into a colour for highlights

# Piece colours, by the name the rules give them (``Game.colours``, ``State.seat_colour``).
# Each looks like its name, and the two colours of any one game differ strongly in
# lightness (colour-blind safe): white, orange and red are light, black, green and blue
# dark.  The dark ones also carry a shape cue, a light inner ring (``ring``).
# ``fill``: the piece; ``edge``: its outline; ``ink``: text on the piece; ``text``: the
# colour for the player's name on the dark panels.  Neutral (Glorieta's shared stones) is
# drawn as both of its game's colours at once; its entry is the fallback for one colour.
COLOURS: dict[str, dict] = {
    "white": {
        "fill": (244, 240, 228),
        "edge": (170, 160, 140),
        "ink": (30, 30, 40),
        "text": (244, 240, 228),
        "ring": False,
    },
    "black": {
        "fill": (34, 34, 44),
        "edge": (150, 150, 175),
        "ink": (235, 235, 245),
        "text": (190, 190, 210),
        "ring": True,
    },
    "red": {
        "fill": (255, 140, 120),
        "edge": (170, 52, 40),
        "ink": (45, 12, 8),
        "text": (255, 140, 122),
        "ring": False,
    },
    "blue": {
        "fill": (36, 58, 176),
        "edge": (150, 176, 255),
        "ink": (236, 242, 255),
        "text": (128, 162, 255),
        "ring": True,
    },
    "green": {
        "fill": (22, 100, 52),
        "edge": (130, 220, 150),
        "ink": (235, 255, 240),
        "text": (110, 215, 140),
        "ring": True,
    },
    "orange": {
        "fill": (255, 168, 56),
        "edge": (180, 100, 20),
        "ink": (50, 25, 0),
        "text": (255, 178, 80),
        "ring": False,
    },
    "neutral": {
        "fill": (150, 140, 150),
        "edge": (220, 210, 220),
        "ink": (20, 20, 20),
        "text": (200, 196, 205),
        "ring": False,
    },
}
UNDECIDED = {
    "fill": (120, 126, 160),
    "edge": (200, 204, 230),
    "ink": (20, 20, 30),
    "text": TEXT_DIM,
    "ring": False,
}


# --- contrast: the normal palette, or a high-contrast one (Settings > Contrast) ------------
# ``apply_contrast`` swaps the palette's names above in place (everything reads ``theme.X``
# when it draws, and the colour entries are updated inside their dicts), so the change
# shows without a restart once the scenes are laid out again (their cached board images
# are drawn anew).  High contrast: black ground, white text and lines, a yellow focus,
# the players' colours pushed further apart in lightness, every piece with an outline of
# the opposite lightness.  docs/accessibility.md gives the figures (tests/ui/test_access.py).
CONTRASTS = CONTRAST_NAMES  # the palettes a player can choose (a setting)
_NAMES = (
    "BG BG_GLOW PANEL PANEL_EDGE TEXT TEXT_DIM ACCENT ACCENT_2 GOOD BAD WARN BOARD BOARD_EDGE "
    "BOARD_BORDER_CELL GRID_LINE"
).split()
_NORMAL = {name: globals()[name] for name in _NAMES}
_NORMAL_COLOURS = {k: dict(v) for k, v in COLOURS.items()}
_NORMAL_UNDECIDED = dict(UNDECIDED)
HIGH = {
    "BG": (0, 0, 0),
    "BG_GLOW": (24, 24, 24),
    "PANEL": (12, 12, 12),
    "PANEL_EDGE": (235, 235, 235),
    "TEXT": (255, 255, 255),
    "TEXT_DIM": (215, 215, 215),
    "ACCENT": (255, 230, 0),
    "ACCENT_2": (0, 235, 255),
    "GOOD": (90, 255, 90),
    "BAD": (255, 80, 80),
    "WARN": (255, 210, 0),
    "BOARD": (28, 28, 28),
    "BOARD_EDGE": (240, 240, 240),
    "BOARD_BORDER_CELL": (70, 70, 70),
    "GRID_LINE": (200, 200, 200),
}
HIGH_COLOURS = {
    "white": {
        "fill": (255, 255, 255),
        "edge": (0, 0, 0),
        "ink": (0, 0, 0),
        "text": (255, 255, 255),
    },
    "black": {
        "fill": (0, 0, 0),
        "edge": (255, 255, 255),
        "ink": (255, 255, 255),
        "text": (200, 200, 200),
    },
    "red": {"fill": (255, 150, 130), "edge": (0, 0, 0), "ink": (0, 0, 0), "text": (255, 160, 140)},
    "blue": {
        "fill": (20, 40, 150),
        "edge": (255, 255, 255),
        "ink": (255, 255, 255),
        "text": (150, 180, 255),
    },
    "green": {
        "fill": (0, 80, 36),
        "edge": (255, 255, 255),
        "ink": (255, 255, 255),
        "text": (120, 235, 150),
    },
    "orange": {
        "fill": (255, 190, 80),
        "edge": (0, 0, 0),
        "ink": (0, 0, 0),
        "text": (255, 195, 100),
    },
    "neutral": {
        "fill": (150, 150, 150),
        "edge": (255, 255, 255),
        "ink": (0, 0, 0),
        "text": (220, 220, 220),
    },
}
contrast = "normal"


_BY_VALUE = {v: k for k, v in _NORMAL.items()}


def live(color):
    """``color`` as the palette shows it now: a normal palette colour a widget kept
    (a button's accent) reads as that name's current colour; any other is itself."""
    name = _BY_VALUE.get(tuple(color)) if color is not None else None
    return globals()[name] if name is not None else color


def apply_contrast(name: str) -> str:
    """Use the "normal" or the "high" contrast palette (anything else: normal); the name
    used.  Scenes must be laid out again for cached board images to follow."""
    global contrast
    name = name if name in CONTRASTS else "normal"
    base = dict(_NORMAL)
    if name == "high":
        base.update(HIGH)
    globals().update(base)
    for key, entry in COLOURS.items():
        entry.clear()
        entry.update(_NORMAL_COLOURS[key])
        if name == "high":
            entry.update(HIGH_COLOURS.get(key, {}))
    UNDECIDED.clear()
    UNDECIDED.update(_NORMAL_UNDECIDED)
    UNDECIDED["text"] = globals()["TEXT_DIM"]
    contrast = name
    return name


def colour(name: str | None) -> dict:
    """The palette entry of a colour the rules name (None: a seat whose colour is open)."""
    return COLOURS.get((name or "").lower(), UNDECIDED)


def seat_colour(state, seat: int) -> dict:
    """The palette entry of the colour ``seat`` plays in ``state``."""
    try:
        name = state.seat_colour(seat)
    except AttributeError:  # a state without the accessor: the game's own order
        name = state.game.colours[seat]
    return colour(name)


def mix(a, b, t: float):
    """Blend two RGB colours, t in [0, 1]."""
    t = 0.0 if t < 0 else 1.0 if t > 1 else t
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b, strict=False))


# --- type ---------------------------------------------------------------------------
FONT_HUGE = 96  # the title
FONT_LARGE = 48  # scene headings
FONT_MEDIUM = 32  # buttons, the panel's main lines
FONT_SMALL = 24  # body text, move lists
FONT_TINY = 18  # captions
TEXT_SCALE_MAX = 1.5  # the five sizes above grow with the window up to this (widgets.font)

# --- spacing ------------------------------------------------------------------------
PAD = 16
GAP = 10
RADIUS = 12  # rounded corners
PANEL_WIDTH = 340  # the side panel in the play scene
MIN_SIZE = MIN_WINDOW  # the window's bounds are the settings' (game/session/settings.py)
DEFAULT_SIZE = DEFAULT_WINDOW

# --- timing (seconds) ---------------------------------------------------------------
MOVE_TIME = 0.35  # a piece moving one step / dropping
SPREAD_TIME = 0.45  # a splay's ripple
FADE_TIME = 0.25
FLASH_TIME = 0.6  # an illegal-click shake
DEMO_DELAY = 0.6  # pause between moves in demo mode


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
