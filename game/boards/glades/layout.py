"""Where things go in the Glades view: the 9 x 9 board and the two trays of dominoes.

``arrange(rect)`` picks, for the view's rect, either trays above and below the board (a
tall rect, such as the play scene's at 800 x 600) or trays left and right of it (a wide
rect), and the tray size that best balances the board's square size against the tray's
domino size.  A :class:`Tray` holds the geometry of one player's tray: its box, the
header line (name, tiles left, score), one slot per domino of the set (``TILES``
order; a slot stays where it is when its tile is placed) and, for the player to move,
the Turn and Fits buttons.  Pure geometry (pygame Rects), no drawing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.rules.glades import SIZE, TILES

LABEL_ROOM = 0.95  # pitches round the board for the coordinate labels
LABEL_MIN = 18  # square size (px) from which the labels show
ROOM = 0.35  # pitches round the board without labels
GAP = 0.32  # gap between tray slots, in slot units
TRAY_SHARE = 0.47  # a tray domino's square is about this share of a board square


@dataclass
class Tray:
    """One player's tray (see the module doc): ``box``, ``head`` (the header line),
    ``slots`` (tile -> Rect of a standing domino, low half on top), ``unit`` (a slot's
    width, one domino square), ``turn`` and ``fits`` (the buttons' Rects)."""

    seat: int
    box: pygame.Rect
    head: pygame.Rect
    slots: dict = field(default_factory=dict)
    unit: int = 1
    turn: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    fits: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def slot_at(self, pos):
        """The tile whose slot holds ``pos`` (with a little slack), or None."""
        for t, r in self.slots.items():
            if r.inflate(max(2, self.unit // 4), max(2, self.unit // 4)).collidepoint(pos):
                return t
        return None


def _pitch(w: float, h: float) -> float:
    """The board's square size in a ``w`` x ``h`` area (labels when they fit)."""
    p = min(w, h) / (SIZE + 2 * LABEL_ROOM)
    if p < LABEL_MIN:
        p = min(w, h) / (SIZE + 2 * ROOM)
    return max(2.0, float(int(p)))


def _pack(w: float, h: float) -> tuple[float, int, int]:
    """The largest slot unit for 21 standing dominoes in ``w`` x ``h``: (unit, cols, rows)."""
    best = (0.0, len(TILES), 1)
    for rows in range(1, 8):
        cols = math.ceil(len(TILES) / rows)
        u = min(w / (cols + (cols + 1) * GAP), h / (2 * rows + (rows + 1) * GAP))
        if u > best[0]:
            best = (u, cols, rows)
    return best


def _head(unit_hint: float) -> int:
    return int(max(18, min(30, unit_hint * 0.75)))


def _tray_area(box: pygame.Rect, wide: bool) -> tuple[pygame.Rect, pygame.Rect, int]:
    """(header, tile area, button-row height) inside a tray box."""
    hh = _head(min(box.w, box.h) / 3.2)
    if wide:  # a strip: the buttons sit at the right end of the header line
        head = pygame.Rect(box.x + 6, box.y + 3, box.w - 12, hh)
        area = pygame.Rect(box.x + 4, head.bottom, box.w - 8, box.bottom - head.bottom - 2)
        return head, area, 0
    bh = hh + 4
    head = pygame.Rect(box.x + 6, box.y + 4, box.w - 12, hh)
    top = head.bottom + int(hh * 0.8)  # the line under the name: tiles left
    area = pygame.Rect(box.x + 4, top, box.w - 8, box.bottom - top - bh - 8)
    return head, area, bh


def _fill_tray(tray: Tray, wide: bool) -> None:
    head, area, bh = _tray_area(tray.box, wide)
    tray.head = head
    u, cols, rows = _pack(area.w, area.h)
    u = max(2, int(u))
    tray.unit = u
    g = max(1, int(u * GAP))
    gw = cols * u + (cols - 1) * g
    gh = rows * 2 * u + (rows - 1) * g
    x0 = area.x + (area.w - gw) // 2
    y0 = area.y + (area.h - gh) // 2
    tray.slots = {}
    for k, t in enumerate(TILES):
        r, c = divmod(k, cols)
        tray.slots[t] = pygame.Rect(x0 + c * (u + g), y0 + r * (2 * u + g), u, 2 * u)
    if not wide:  # a column: as tall as its contents, centred
        extra = area.h - gh - 8
        if extra > 0:
            box = tray.box
            tray.box = pygame.Rect(box.x, box.y + extra // 2, box.w, box.h - extra)
            head, area, bh = _tray_area(tray.box, wide)
            tray.head = head
            y0 = area.y + (area.h - gh) // 2
            for k, t in enumerate(TILES):
                r, c = divmod(k, cols)
                tray.slots[t] = pygame.Rect(x0 + c * (u + g), y0 + r * (2 * u + g), u, 2 * u)
    # the buttons
    if wide:
        bw = max(44, min(96, head.h * 3))
        tray.fits = pygame.Rect(head.right - bw, head.y + 1, bw, head.h - 2)
        tray.turn = pygame.Rect(tray.fits.x - 6 - bw, head.y + 1, bw, head.h - 2)
    else:
        bw = (tray.box.w - 18) // 2
        y = tray.box.bottom - bh - 4
        tray.turn = pygame.Rect(tray.box.x + 6, y, bw, bh)
        tray.fits = pygame.Rect(tray.turn.right + 6, y, bw, bh)


@dataclass
class Arrangement:
    """The board area and the two trays (``trays[seat]``); ``stacked`` when the trays
    are above and below the board."""

    board: pygame.Rect
    trays: tuple
    stacked: bool


def arrange(rect) -> Arrangement:
    """Board and trays for ``rect`` (see the module doc)."""
    rect = pygame.Rect(rect)
    W, H = max(1, rect.w), max(1, rect.h)
    best = None
    for stacked in (True, False):
        long_side = H if stacked else W
        for k in range(6, 36):
            t = long_side * k / 100.0
            gap = max(2, int(long_side * 0.012))
            if stacked:
                bw, bh = W, H - 2 * t - 2 * gap
                tw, th = W, t
            else:
                bw, bh = W - 2 * t - 2 * gap, H
                tw, th = t, H
            if bw < 4 or bh < 4 or tw < 4 or th < 4:
                continue
            p = _pitch(bw, bh)
            box = pygame.Rect(0, 0, int(tw), int(th))
            _head_r, area, _bh = _tray_area(box, stacked)
            u = _pack(max(1, area.w), max(1, area.h))[0]
            score = min(p, u / TRAY_SHARE) + 0.01 * p
            if best is None or score > best[0]:
                best = (score, stacked, t, gap)
    if best is None:  # a rect too small for anything: board only, empty trays
        empty = pygame.Rect(rect.x, rect.y, 0, 0)
        trays = tuple(Tray(s, empty.copy(), empty.copy()) for s in (0, 1))
        return Arrangement(rect.copy(), trays, True)
    _score, stacked, t, gap = best
    # room the board cannot use (it is square) goes mostly to the trays
    bw, bh = (W, H - 2 * t - 2 * gap) if stacked else (W - 2 * t - 2 * gap, H)
    p = _pitch(bw, bh)
    need = p * (SIZE + 2 * (LABEL_ROOM if p >= LABEL_MIN else ROOM))
    slack = (bh if stacked else bw) - need
    if slack > 0:
        t += slack * 0.4
    t = int(t)
    if stacked:
        top = pygame.Rect(rect.x, rect.y, rect.w, t)
        bottom = pygame.Rect(rect.x, rect.bottom - t, rect.w, t)
        board = pygame.Rect(rect.x, top.bottom + gap, rect.w, bottom.y - gap - top.bottom - gap)
        boxes = (bottom, top)  # Green (seat 0) below, Orange above
    else:
        left = pygame.Rect(rect.x, rect.y, t, rect.h)
        right = pygame.Rect(rect.right - t, rect.y, t, rect.h)
        board = pygame.Rect(left.right + gap, rect.y, right.x - gap - left.right - gap, rect.h)
        boxes = (left, right)
    trays = []
    for seat in (0, 1):
        tray = Tray(seat, boxes[seat], boxes[seat].copy())
        _fill_tray(tray, stacked)
        trays.append(tray)
    return Arrangement(board, tuple(trays), stacked)
