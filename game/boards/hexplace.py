"""A view base for games that drop pieces on hexhex cells (Splay, Glorieta).

:class:`HexPlaceView` holds a :class:`~game.boards.hexboard.HexBoard` and does what
such games share: layout, cell hit-testing and ``cell_name``, hover (the hovered cell
outlined, faint guides along its row and its diagonal column to their edge labels, which
light up), the legal-target dots (and ``target_ring`` for a target on a piece), the
last-move outline, the hint, the refused click's shake and flash, the drop of a piece (a
tween per cell: ``schedule_drop``, read back by ``drop_lift``), and a click that hands on
the legal move of the clicked cell or refuses with the rules' reason.

A game's view supplies, from its rules:

* ``targets_of(state)`` -> {cell index: move}: where the player to move may drop;
* ``why_not(cell)`` -> str: why a click on that cell is refused;
* ``paint(surface)``: its pieces (``draw_marks`` draws the shared markers);

and may override ``click_cell(i)`` (Splay's forced pass: any click passes).
``stone(entry)`` is a flat disc in a theme colour entry (with the ring cue of the
dark colours), the piece of games whose stones do not stack.
"""

from __future__ import annotations

import math

import pygame

from game import theme
from game.boards.base import AnimatedView, ClickResult, screen_point
from game.boards.grid import polyline
from game.boards.hexboard import SUPERSAMPLE, HexBoard, target_ring
from game.rules import IllegalMove

DROP_FROM = 1.7  # a dropping piece starts this many radii above its place


class HexPlaceView(AnimatedView):
    """The shared part of the hex placement views (see the module docstring)."""

    def __init__(self, game, state):
        super().__init__(game, state)
        self.geo = state.geometry
        self.board = HexBoard(self.geo)
        self.hover_cell: int | None = None
        self.last_cell: int | None = None
        self.targets: dict = {}
        self._hint = (None, None)
        self.targets = self.targets_of(state)

    # --- what the game supplies -----------------------------------------------------------
    def targets_of(self, state) -> dict:
        """Cell index -> the legal move that drops there (the player to move)."""
        return {}

    def why_not(self, i: int) -> str:
        """Why a click on cell ``i`` is refused."""
        return f"{self.geo.names[i]} is not a legal move here"

    # --- state ------------------------------------------------------------------------
    @property
    def shake_cell(self) -> int | None:
        """The refused cell while it shakes, else None."""
        return self.refused

    def begin_state(self, state, move) -> object:
        """The common part of ``set_state``: forget the running animation, take
        ``state``, resolve ``move`` against the previous state (returned: the move
        object, or None when it does not apply there)."""
        if self.timeline.running:
            self.skip_animation()
        prev = self.state
        self.state = state
        if state.geometry is not self.geo:
            self.geo = state.geometry
            self.board = HexBoard(self.geo)
            if self.rect is not None:
                self.board.layout(self.rect)
            prev = None
        self.last_move = move
        self.timeline.clear()
        self.fx.clear()
        self.refused = None
        self.targets = self.targets_of(state)
        m = None
        if move is not None:
            if hasattr(move, "cell"):
                m = move
            elif prev is not None:
                try:
                    m = prev.find_move(move)
                except IllegalMove:
                    m = None
        self.last_cell = getattr(m, "cell", None)
        return m

    def hint_cell(self) -> int | None:
        """The cell of the hint when it names a legal drop here."""
        if self.hint is None:
            return None
        if self._hint[0] != (self.hint, id(self.state)):
            try:
                cell = getattr(self.state.find_move(self.hint), "cell", None)
            except IllegalMove:
                cell = None
            self._hint = ((self.hint, id(self.state)), cell)
        return self._hint[1]

    # --- geometry ---------------------------------------------------------------------
    def layout(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        self.board.layout(self.rect)

    def _ensure_layout(self, surface=None) -> None:
        if self.rect is None:
            self.layout(
                surface.get_rect() if surface is not None else pygame.Rect(0, 0, *theme.MIN_SIZE)
            )

    def cell_center(self, notation: str) -> tuple[int, int]:
        """The screen point of a cell's centre; ValueError for a name not on the board."""
        self._ensure_layout()
        key = str(notation).strip().lower()
        if key not in self.geo.by_name:
            raise ValueError(f"{notation!r} is not a cell of this board")
        return self.board.point(self.geo.by_name[key])

    def point_for(self, notation):
        """The centre of the cell ``notation`` names, or None."""
        self._ensure_layout()
        i = self.geo.by_name.get(str(notation).strip().lower())
        return None if i is None else self.board.point(i)

    def cell_name(self, pos) -> str | None:
        """The name of the cell under ``pos`` (``f6``), None off the board or for odd input."""
        pt = screen_point(pos)
        if self.rect is None or pt is None:
            return None
        i = self.board.cell_at(pt)
        return None if i is None else self.geo.names[i]

    def cursor_cells(self) -> list:
        """Every cell with its screen centre (the keyboard cursor)."""
        self._ensure_layout()
        return list(zip(self.geo.names, self.board.centers, strict=False))

    def hex_cursor(self) -> bool:
        return True

    def middle_cell(self) -> int:
        c = self.geo.side
        return self.geo.index[(c, c)]

    # --- input ------------------------------------------------------------------------
    def hover(self, pos) -> None:
        pt = screen_point(pos)
        self.hover_cell = None if self.rect is None or pt is None else self.board.cell_at(pt)

    def click(self, pos, button: int = 1) -> ClickResult:
        if button != 1:
            if button == 3:
                self.cancel_selection()
            return ClickResult()
        pt = screen_point(pos)
        if self.rect is None or pt is None:
            return ClickResult()
        i = self.board.cell_at(pt)
        if i is None:
            return ClickResult()
        if self.state.is_over():
            return ClickResult(message="the game is over")
        if not self.interactive:
            return ClickResult(message="wait: it is not your turn")
        return self.click_cell(i)

    def hint_at(self, pos) -> bool:
        """The hint's cell (its ghost stone)."""
        pt = screen_point(pos)
        cell = self.hint_cell()
        return (
            cell is not None
            and pt is not None
            and self.rect is not None
            and self.board.cell_at(pt) == cell
        )

    def click_cell(self, i: int) -> ClickResult:
        """A click on cell ``i`` by the player to move."""
        if i in self.targets:
            return ClickResult(move=self.targets[i])
        self.refuse(i)
        return ClickResult(illegal=True, message=self.why_not(i))

    # --- the drop ---------------------------------------------------------------------
    def schedule_drop(self, cell: int, sound: str = "place") -> None:
        """A piece drops onto ``cell`` with a bounce (sound when it lands)."""
        self.timeline.add(("drop", cell), theme.MOVE_TIME, theme.ease_out_bounce)
        self.timeline.cue(sound, theme.MOVE_TIME * 0.36)

    def drop_lift(self, cell: int):
        """(lift in pixels, alpha) of the piece dropping onto ``cell``, or None when no
        drop runs there."""
        if self.timeline.get(("drop", cell)) is None:
            return None
        p = self.timeline.value(("drop", cell), 1.0)
        raw = self.timeline.raw(("drop", cell), 1.0)
        return (1.0 - p) * DROP_FROM * self.board.radius, int(255 * min(1.0, 0.25 + raw * 3))

    # --- sprites and markers ----------------------------------------------------------
    def ring_sprite(self, color, scale: float, width: float):
        """A ring of ``scale`` cell radii, ``width`` cell radii thick (selection, hover)."""
        r = self.board.radius

        def make():
            ss = SUPERSAMPLE
            size = int(math.ceil(2 * r * scale)) + 6
            big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
            c = size * ss / 2
            pygame.draw.circle(big, color, (c, c), r * scale * ss, max(1, int(r * width * ss)))
            return pygame.transform.smoothscale(big, (size, size))

        return self.board.sprite(("ring", tuple(color), scale, width), make)

    def stone(self, entry: dict, scale: float = 0.62):
        """A flat stone of ``scale`` cell radii in a theme colour entry."""
        r = self.board.radius
        fill, edge = tuple(entry["fill"]), tuple(entry["edge"])

        def make():
            ss = SUPERSAMPLE
            R = r * scale
            size = int(math.ceil(2 * R)) + 6
            big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
            c = size * ss / 2
            pygame.draw.circle(big, theme.SHADE + (110,), (c, c + R * 0.12 * ss), R * ss)
            pygame.draw.circle(big, edge, (c, c), R * ss)
            pygame.draw.circle(big, fill, (c, c), R * 0.86 * ss)
            pygame.draw.circle(
                big,
                theme.mix(fill, theme.SHINE, 0.16),
                (c - R * 0.15 * ss, c - R * 0.18 * ss),
                R * 0.5 * ss,
            )
            if entry.get("ring") and r >= 8:
                pygame.draw.circle(big, edge, (c, c), R * 0.6 * ss, max(1, int(R * 0.1 * ss)))
            return pygame.transform.smoothscale(big, (size, size))

        return self.board.sprite(("stone", fill, edge, bool(entry.get("ring")), scale), make)

    def dot_sprite(self):
        r = self.board.radius

        def make():
            ss = SUPERSAMPLE
            size = int(math.ceil(r * 0.9)) + 4
            big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
            c = size * ss / 2
            pygame.draw.circle(big, theme.ACCENT_2 + (45,), (c, c), r * 0.34 * ss)
            pygame.draw.circle(big, theme.ACCENT_2 + (90,), (c, c), r * 0.22 * ss)
            pygame.draw.circle(big, theme.ACCENT_2, (c, c), r * 0.13 * ss)
            return pygame.transform.smoothscale(big, (size, size))

        return self.board.sprite(("dot",), make)

    def shake_dx(self, i: int) -> float:
        return self.shake_offset(i, self.board.radius * 0.22)

    def showing_targets(self) -> bool:
        return self.interactive and not self.state.is_over() and not self.timeline.running

    def draw_guides(self, surface) -> None:
        """The hovered cell's row and diagonal column, followed by faint lines from their
        edge labels (lit) to the far edge, and the cell's outline."""
        hv = self.hover_cell
        b = self.board
        if hv is None or hv >= self.geo.size:
            return
        c, r = self.geo.coords[hv]
        index = self.geo.index
        span = range(1, self.geo.span + 1)
        row = [index[(k, r)] for k in span if (k, r) in index]
        col = [index[(c, k)] for k in span if (c, k) in index]
        col_name = self.geo.names[hv].rstrip("0123456789")
        width = max(1, int(b.radius * 0.1))
        for cells, text in ((row, str(r)), (col, col_name)):
            pts = [b.center(i) for i in cells]
            line = [pts[0], pts[-1]]
            spot = b.label_xy.get(text)
            if spot is not None:  # from just inside the label, then along the cells
                x0, y0 = pts[0]
                lx, ly = spot
                line.insert(0, (lx + (x0 - lx) * 0.45, ly + (y0 - ly) * 0.45))
            if len(pts) > 1:
                polyline(surface, theme.ACCENT_2, line, width, 60)
            b.draw_lit_label(surface, text)
        b.blit_center(surface, b.hex_sprite(theme.TEXT, 0.95, 0.05), *b.center(hv), 130)

    def draw_marks(self, surface, empty_targets) -> int | None:
        """The shared markers under the pieces: the hover guides, legal-target dots on
        ``empty_targets``, the last move's outline, the hint and the hover glow.
        Returns the hint cell."""
        b = self.board
        self.draw_guides(surface)
        if self.showing_targets() and b.radius >= 4:
            fade_in = theme.ease_out_cubic(self._calm / theme.FADE_TIME)
            a = int((150 + 70 * theme.pulse(self.time, 1.6)) * fade_in)
            dot = self.dot_sprite()
            for i in empty_targets:
                b.blit_center(surface, dot, *b.center(i), a)
        if self.last_cell is not None:
            b.blit_center(
                surface, b.hex_sprite(theme.ACCENT, 0.97, 0.11), *b.center(self.last_cell)
            )
        hint = self.hint_cell()
        if hint is not None:
            x, y = b.center(hint)
            a = int(150 + 105 * theme.pulse(self.time, 0.9))
            b.blit_center(surface, b.glow_sprite(theme.ACCENT_2, 1.0), x, y, a // 2)
            b.blit_center(surface, b.hex_sprite(theme.ACCENT_2, 1.0, 0.1), x, y, a)
            b.blit_center(surface, b.hex_sprite(theme.ACCENT_2, 0.74, 0.07), x, y, a)
        hv = self.hover_cell
        if hv is not None and not self.state.is_over():
            x, y = b.center(hv)
            if self.interactive and self.hover_ok(hv):
                a = int(170 + 70 * theme.pulse(self.time, 0.8))
                b.blit_center(surface, b.glow_sprite(theme.ACCENT_2, 0.98), x, y, a)
            elif self.interactive:
                b.blit_center(surface, b.hex_sprite(theme.BAD, 0.92, 0.06), x, y, 150)
            else:
                b.blit_center(surface, b.hex_sprite(theme.TEXT_DIM, 0.92, 0.05), x, y, 90)
        return hint

    def target_ring(self, scale: float, color=None):
        """The ring that marks a legal target on a piece (``scale`` cell radii across the
        middle of the band): bright, between dark outlines, so it reads on any stone."""
        r = self.board.radius
        col = theme.ACCENT_2 if color is None else color
        width = max(2.0, r * 0.13)
        return self.board.sprite(
            ("target", tuple(col), round(scale, 3)), lambda: target_ring(r * scale, width, col)
        )

    def hover_ok(self, i: int) -> bool:
        """Does a click on the hovered cell play a move?"""
        return i in self.targets

    def draw_shake(self, surface) -> None:
        """The refused cell's red flash (it shakes sideways)."""
        i = self.refused
        if i is None:
            return
        b = self.board
        x, y = b.center(i)
        b.blit_center(
            surface, b.glow_sprite(theme.BAD, 0.98), x + self.shake_dx(i), y, self.shake_alpha()
        )
