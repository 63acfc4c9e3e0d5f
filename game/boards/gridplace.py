"""A view base for games that drop stones on the squares of a square board.

:class:`GridPlaceView` is the square-board counterpart of :mod:`game.boards.hexplace`: it
holds a :class:`~game.boards.grid.GridBoard` and does what such games share: layout, the
hovered square (outlined, its row's and column's labels lit), ``cell_name``, the legal-target
dots, the last move's outline, the hint's ghost stone (a click there plays it), the
refused click's shake and red flash with the rules' reason, the drop of a stone (a bounce,
the ``place`` sound as it lands), a click that hands on the legal move of the clicked
square, and buttons for the moves that are not on the board (``actions``).

A square is ``(c, r)``: column ``c`` from the left, row ``r`` from the bottom, both from 0,
named ``a1`` at the bottom left as the notation of such games names it.  What a game's view
supplies, from its rules (each has a default that reads the public contract):

* ``grid_size(state)`` -> ``(cols, rows)``: by default ``state.cols``, ``state.rows`` or a
  square ``state.size``;
* ``colour_at(state, c, r)`` -> the colour (as the rules name it, a ``theme.COLOURS``
  key) of the stone on the square, or None: by default ``state.colour_at(name)``;
* ``targets_of(state)`` -> {(c, r): move}: by default every legal move whose notation is a
  square's name;
* ``why_not(square)`` -> str: by default the rules' own reason for refusing that move;

and may override ``paint_square`` for pieces that are not plain stones.
"""

from __future__ import annotations

import pygame

from game import theme
from game.boards.base import Action, ClickResult, screen_point
from game.boards.grid import SQUARES, GridBoard, GridView, blit
from game.rules import IllegalMove

DROP_FROM = 1.2  # a dropping stone starts this many pitches above its square


class GridPlaceView(GridView):
    """The shared part of the square placement views (see the module docstring)."""

    def __init__(self, game, state):
        super().__init__(game, state)
        self.last_square: tuple[int, int] | None = None
        self._hint: tuple = (None, None)
        self.targets = self.targets_of(state)

    # --- what the game supplies (defaults read the contract) ----------------------------
    def grid_size(self, state) -> tuple[int, int]:
        cols = getattr(state, "cols", None) or getattr(state, "size", None)
        rows = getattr(state, "rows", None) or getattr(state, "size", None)
        if not cols or not rows:
            raise TypeError("a square placement game's state names its size (cols, rows)")
        return int(cols), int(rows)

    def colour_at(self, state, c: int, r: int) -> str | None:
        return state.colour_at(self.name_of(c, r))

    def targets_of(self, state) -> dict:
        if state.is_over():
            return {}
        out = {}
        for m in state.legal_moves():
            sq = self.square_of(str(m))
            if sq is not None:
                out[sq] = m
        return out

    def why_not(self, square) -> str:
        name = self.name_of(*square)
        try:
            self.state.play(name)
        except IllegalMove as exc:
            return str(exc)
        return f"{name} is not a move here"

    # --- squares and names --------------------------------------------------------------
    def make_grid(self, state) -> GridBoard:
        cols, rows = self.grid_size(state)
        return GridBoard(cols, rows, SQUARES, paint=self.paint_squares)

    @staticmethod
    def paint_squares(surf, grid, dx, dy) -> None:
        """The squares on the plate: every other one a shade lighter, thin lines round them."""
        p = grid.pitch
        light = theme.mix(theme.BOARD, theme.TEXT, 0.05)
        for c in range(grid.cols):
            for r in range(grid.rows):
                if (c + r) % 2:
                    pygame.draw.rect(surf, light, grid.square_rect(c, r).move(dx, dy))
        line = theme.mix(theme.BOARD, theme.TEXT, 0.22)
        width = max(1, int(p * 0.03))
        x0, y0 = grid.left + dx, grid.top + dy
        x1, y1 = x0 + grid.cols * p, y0 + grid.rows * p
        for k in range(grid.cols + 1):
            x = x0 + k * p
            pygame.draw.line(surf, line, (x, y0), (x, y1), width)
        for k in range(grid.rows + 1):
            y = y0 + k * p
            pygame.draw.line(surf, line, (x0, y), (x1, y), width)

    def square_of(self, notation) -> tuple[int, int] | None:
        """The square a name (``c3``) stands for on this board, or None."""
        text = str(notation).strip().lower()
        if len(text) < 2 or not text[0].isalpha() or not text[1:].isdigit():
            return None
        c, r = ord(text[0]) - ord("a"), int(text[1:]) - 1
        if not self.grid.contains(c, r) or self.name_of(c, r) != text:
            return None
        return c, r

    def point_for(self, notation):
        self._ensure_layout()
        sq = self.square_of(notation)
        return None if sq is None else self.grid.point(*sq)

    # --- state --------------------------------------------------------------------------
    def set_state(self, state, move=None, animate: bool = True) -> None:
        if self.timeline.running:
            self.skip_animation()
        self.state = state
        if self.grid_size(state) != (self.grid.cols, self.grid.rows):
            self.grid = self.make_grid(state)
            if self.rect is not None:
                self.grid.layout(self.rect)
        self.last_move = move
        self.timeline.clear()
        self.fx.clear()
        self.refused = None
        self._hint = (None, None)
        self.targets = self.targets_of(state)
        self.last_square = None if move is None else self.square_of(str(move))
        if animate and self.last_square is not None:
            self.timeline.add(("drop", self.last_square), theme.MOVE_TIME, theme.ease_out_bounce)
            self.timeline.cue("place", theme.MOVE_TIME * 0.36)

    def hint_square(self) -> tuple[int, int] | None:
        """The hint's square when it names a legal drop here."""
        if self.hint is None:
            return None
        key = (str(self.hint), id(self.state))
        if self._hint[0] != key:
            sq = self.square_of(str(self.hint))
            self._hint = (key, sq if sq in self.targets else None)
        return self._hint[1]

    # --- input --------------------------------------------------------------------------
    def click(self, pos, button: int = 1) -> ClickResult:
        if button != 1:
            if button == 3:
                self.cancel_selection()
            return ClickResult()
        if self.rect is None or screen_point(pos) is None:
            return ClickResult()
        sq = self.grid.at(pos)
        if sq is None:
            return ClickResult()
        if self.state.is_over():
            return ClickResult(message="the game is over")
        if not self.interactive:
            return ClickResult(message="wait: it is not your turn")
        if sq in self.targets:
            return ClickResult(move=self.targets[sq])
        self.refuse(sq)
        return ClickResult(illegal=True, message=self.why_not(sq))

    def hint_at(self, pos) -> bool:
        sq = self.hint_square()
        return sq is not None and self.rect is not None and self.grid.at(pos) == sq

    def actions(self) -> list:
        """The legal moves that name no square (a pass), as buttons."""
        if self.state.is_over():
            return []
        return [
            Action(self.state.move_words(m), m)
            for m in self.state.legal_moves()
            if self.square_of(str(m)) is None
        ]

    # --- drawing ------------------------------------------------------------------------
    def drop_lift(self, square) -> tuple[float, int] | None:
        """(lift in pixels, alpha) of the stone dropping onto ``square``, or None."""
        key = ("drop", square)
        if self.timeline.get(key) is None:
            return None
        p = self.timeline.value(key, 1.0)
        raw = self.timeline.raw(key, 1.0)
        return (1.0 - p) * DROP_FROM * self.grid.pitch, int(255 * min(1.0, 0.25 + raw * 3))

    def paint(self, surface) -> None:
        g = self.grid
        showing = self.interactive and not self.state.is_over() and not self.timeline.running
        if showing:
            a = int(150 + 70 * theme.pulse(self.time, 1.6))
            self.draw_targets(surface, self.targets, alpha=a)
        if self.last_square is not None:
            self.mark_squares(surface, [self.last_square])
        for c in range(g.cols):
            for r in range(g.rows):
                colour = self.colour_at(self.state, c, r)
                if colour is not None:
                    self.paint_square(surface, c, r, colour)
        hint = self.hint_square()
        if hint is not None:
            x, y = g.center(*hint)
            ghost = g.stone(theme.colour(self.state.seat_colour(self.state.player)), ghost=True)
            blit(surface, ghost, x, y, int(150 + 105 * theme.pulse(self.time, 0.9)))
            self.mark_squares(surface, [hint], theme.ACCENT_2)
        if self.refused is not None:
            x, y = g.center(*self.refused)
            dx = self.shake_offset(self.refused, g.pitch * 0.12)
            blit(surface, g.frame(1, 1, theme.BAD, 0.1), x + dx, y, self.shake_alpha())

    def paint_square(self, surface, c: int, r: int, colour: str) -> None:
        """The stone of ``colour`` on square (c, r), dropping while its drop runs."""
        g = self.grid
        x, y = g.center(c, r)
        lift = self.drop_lift((c, r))
        alpha = 255
        if lift is not None:
            blit(surface, g.shadow(), x, y, 120)
            y -= lift[0]
            alpha = lift[1]
        blit(surface, g.stone(theme.colour(colour)), x, y, alpha)
