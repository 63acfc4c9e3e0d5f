"""The keys of a game in play, in one place: the board cursor's steps and the legend
that ``?`` opens (the README's key table says the same).

The arrows move the board cursor (the move list is browsed with , and . or PageUp and
PageDown, Home and End); Q, E, Z and C step diagonally, which on a hex board are its
four slanted directions.  A step goes to the nearest cell that way on the screen
(``BoardHost.move_cursor``), so square and hex boards share one map.
"""

from __future__ import annotations

import math

import pygame

_R = math.sqrt(0.5)
STEPS = {  # key -> screen direction (x right, y down)
    pygame.K_LEFT: (-1.0, 0.0),
    pygame.K_RIGHT: (1.0, 0.0),
    pygame.K_UP: (0.0, -1.0),
    pygame.K_DOWN: (0.0, 1.0),
    pygame.K_q: (-_R, -_R),
    pygame.K_e: (_R, -_R),
    pygame.K_z: (-_R, _R),
    pygame.K_c: (_R, _R),
}


def step_of(key: int):
    """The cursor's direction for ``key``, or None."""
    return STEPS.get(key)


SQUARE_MAP = [
    "Arrows: move the board cursor one cell; Q E Z C: diagonally",
]
HEX_MAP = [
    "Hex board:     Q up-left   E up-right",
    "          Left west  *  Right east",
    "               Z down-left C down-right",
    "Up / Down zig-zag up or down a column",
]
COMMON = [
    "Enter or Space: what a click on the cursor's cell does (pick, drop, choose)",
    "Esc: cancel a half-made move (then the menu)",
    "Tab / Shift+Tab: the buttons (pass, decline, undo...), then back to the board",
    "/ : type a move (Tab completes, Enter plays, Esc closes)",
    ", and . or PageUp / PageDown: step through the moves; Home, End",
    "L: the log (every move in words) or the move list",
    "U undo, Y redo, H hint, S save, M mute, Ctrl+C copy, ? this legend",
]


BOARD_COMMON = [  # a board outside the play scene (``game.ui.board_keys``)
    "Enter or Space: what a click on the cursor's cell does (pick, drop, choose)",
    "Esc: cancel a half-made move (then back)",
    "Tab / Shift+Tab: the buttons (Enter presses one); an arrow: back to the board",
    "/ : type a move (Tab completes, Enter plays, Esc closes)",
    "? : this legend",
]


def legend(view, common=None) -> list[str]:
    """The lines of the keys' legend for a game on ``view`` (its own keys included);
    ``common`` the scene's keys (the play scene's by default)."""
    try:
        hexes = bool(view.hex_cursor())
    except Exception:  # noqa: BLE001 - a view without the hook
        hexes = False
    lines = list(HEX_MAP if hexes else SQUARE_MAP) + list(COMMON if common is None else common)
    extra = getattr(view, "KEYS_HELP", None)
    if extra:
        lines += list(extra)
    return lines


def draw_legend(surface, rect, lines) -> None:
    """The keys' legend in a box over ``rect`` (the board), wrapped to fit."""
    from game import theme
    from game.ui.widgets import draw_text, line_height, panel, wrap_text

    rect = pygame.Rect(rect)
    size = theme.FONT_TINY
    lh = line_height(size)
    w = min(rect.width - 24, 720)
    wrapped: list[str] = []
    for line in lines:
        parts = wrap_text(line, size, w - 24)
        wrapped += parts[:1] + ["    " + p for p in parts[1:]]
    title = "Keys (? or Esc closes)"
    h = min(rect.height - 16, lh * (len(wrapped) + 1) + 24)
    box = pygame.Rect(0, 0, w, h)
    box.center = rect.center
    panel(surface, box, edge=theme.ACCENT_2)
    draw_text(surface, title, size, theme.ACCENT_2, (box.x + 12, box.y + 8))
    y = box.y + 8 + lh + 4
    for line in wrapped:
        if y + lh > box.bottom - 4:
            break
        draw_text(surface, line, size, theme.TEXT, (box.x + 12, y))
        y += lh
