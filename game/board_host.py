"""One component that hosts a board view inside a scene.

The play, demo, result, replay and tour scenes and the title's attract game all show a
board the same way: a view made for the game (``game.catalog``), fitted to a rect, run
on the scene's clock, its sound cues played in time with its animations, and a click
on it while it animates skipping the animation.  When a :class:`game.session.match.Match` is
attached, the host follows it: every position change is shown (animated when the match
says so), the board takes clicks only on a human's turn, and the hint is drawn.
"""

from __future__ import annotations

import math

import pygame

from game import catalog, theme
from game.ui import widgets
from game.ui.widgets import draw_text, line_height, text_size, wrap_text

ANIMATION_BOUND = 30.0  # seconds: longer than any animation, run at once when there is none


class BoardHost:
    def __init__(self, app, game, state=None, match=None, quiet: bool = False):
        self.app = app
        self.game = game
        self.match = match
        self.quiet = quiet  # no sounds (the title's attract game)
        if state is None:
            state = match.state if match is not None else game.start()
        self.view = catalog.view_for(game, state)
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.view.interactive = False
        self.browsing = False  # showing an earlier position of the match it follows
        self.mouse: tuple[int, int] | None = None  # over the board, for the cell's name
        self.cell = None  # the name of the cell under the mouse
        self.note: str | None = None  # the view's note on it (a warning, a reason)
        self.cursor: str | None = None  # the keyboard cursor's cell (its name)
        self.cursor_xy: tuple[float, float] | None = None  # its centre on the screen
        self.cursor_shown = False  # a key moved it last (the mouse hides it)
        self._sticky: list[float | None] = [None, None]  # the column (x) and row (y) kept
        if match is not None:
            match.listen(self._follow)
            match.hold = lambda: self.view.animating
            if match.move_objs:
                self.view.set_state(match.state, match.move_objs[-1], animate=False)
            self.view.interactive = match.interactive

    # --- following a match ------------------------------------------------------------------
    def _follow(self, state, move, animate: bool) -> None:
        if self.browsing:  # the newest position is shown again by live()
            return
        view = self.view
        view.hint = None
        view.cancel_selection()
        if move is None:  # undo and the like: no single move led here
            view.skip_animation()
            last = self.match.move_objs[-1] if self.match.move_objs else None
            view.set_state(state, last, animate=False)
        else:
            view.set_state(state, move, animate=animate)
        view.interactive = self.match.interactive

    # --- showing a position (replay, tour) ---------------------------------------------------
    def show(self, state, move=None, animate: bool = True) -> None:
        self.view.skip_animation()
        self.view.set_state(state, move, animate=animate)

    def browse(self, state, move=None, animate: bool = False) -> None:
        """Show an earlier position of the followed match (a view: nothing is played)."""
        self.browsing = True
        view = self.view
        view.hint = None
        view.cancel_selection()
        view.interactive = False
        self.show(state, move, animate)

    def live(self, animate_from=None) -> None:
        """Back to the match's newest position (animating its last move when the position
        shown was the one before it)."""
        self.browsing = False
        m = self.match
        if m is None:
            return
        last = m.move_objs[-1] if m.move_objs else None
        self.show(m.state, last, animate=animate_from is not None and animate_from == m.ply - 1)
        self.view.interactive = m.interactive

    # --- the cell under the mouse --------------------------------------------------------------
    def hover(self, pos) -> None:
        """The mouse moved to ``pos``: the view marks the cell, the host names it."""
        if pos is not None and self.rect.collidepoint(pos):
            self.mouse = (int(pos[0]), int(pos[1]))
            self.view.hover(pos)
            self.cell = self.view.cell_name(pos)
            self.note = self.view.hover_note()
        else:
            self.note = None
            if self.mouse is not None:
                self.view.hover((-1, -1))
            self.mouse = None
            self.cell = None

    def mouse_moved(self, pos) -> None:
        """The pointer moved: it takes over from the keyboard cursor."""
        self.cursor_shown = False
        self.hover(pos)

    # --- the keyboard cursor ---------------------------------------------------------------
    def cursor_cells(self) -> list:
        try:
            return [(str(n), (float(p[0]), float(p[1]))) for n, p in self.view.cursor_cells()]
        except (TypeError, ValueError, IndexError):
            return []

    def _place_cursor(self, name: str, xy) -> None:
        self.cursor, self.cursor_xy = name, xy
        self.cursor_shown = True
        self.refresh_cursor()

    def refresh_cursor(self) -> None:
        """Hover where Enter would click (the view's preview, the cell's name and note
        follow the cursor; again after a pick, which may change what Enter does)."""
        if self.cursor_shown:
            p = self.cursor_point()
            if p is not None:
                self.hover(p)

    def start_cursor(self) -> bool:
        """Show the cursor where it was, else on the cell nearest the board's middle."""
        cells = self.cursor_cells()
        if not cells:
            return False
        for name, xy in cells:
            if name == self.cursor:
                self._place_cursor(name, xy)
                return True
        cx, cy = self.rect.center
        name, xy = min(cells, key=lambda c: (c[1][0] - cx) ** 2 + (c[1][1] - cy) ** 2)
        self._sticky = [xy[0], xy[1]]
        self._place_cursor(name, xy)
        return True

    def move_cursor(self, dx: float, dy: float) -> bool:
        """Step the cursor to the next cell in the screen direction (dx, dy) (y down).

        The next cell is the nearest one within 40 degrees of that direction; among equally
        near ones the one nearest the column (or row) the cursor keeps, so Up and Down
        zig-zag up a hex board's column and go straight on a square grid.  False when no
        cell lies that way (the cursor stays) or the view has no cursor."""
        if self.cursor is None or not self.cursor_shown:
            return self.start_cursor()
        cells = self.cursor_cells()
        here = next((xy for n, xy in cells if n == self.cursor), None)
        if here is None:
            return self.start_cursor()
        norm = math.hypot(dx, dy) or 1.0
        ux, uy = dx / norm, dy / norm
        found = []
        for name, (x, y) in cells:
            vx, vy = x - here[0], y - here[1]
            along = vx * ux + vy * uy
            if along <= 1e-6:
                continue
            across = abs(vx * uy - vy * ux)
            if across > along * math.tan(math.radians(40)):
                continue
            found.append((math.hypot(vx, vy), name, (x, y)))
        if not found:
            return False
        nearest = min(d for d, _, _ in found)
        near = [f for f in found if f[0] <= nearest * 1.05]
        vertical = abs(uy) > abs(ux)
        axis = 0 if vertical else 1  # a vertical step keeps the column (x)
        keep = self._sticky[axis]
        if keep is None:
            keep = here[axis]
        _, name, xy = min(near, key=lambda f: (abs(f[2][axis] - keep), f[2][axis]))
        if abs(ux) > 1e-6 and abs(uy) > 1e-6:  # a diagonal step: both kept anew
            self._sticky = [xy[0], xy[1]]
        else:
            self._sticky[1 - axis] = xy[1 - axis]
            if self._sticky[axis] is None:
                self._sticky[axis] = here[axis]
        self._place_cursor(name, xy)
        return True

    def cursor_point(self):
        """Where a click does what Enter on the cursor's cell does, or None."""
        if self.cursor is None or self.cursor_xy is None:
            return None
        p = self.view.cursor_point(self.cursor, self.cursor_xy)
        return None if p is None else (int(round(p[0])), int(round(p[1])))

    def _relayout_cursor(self) -> None:
        if self.cursor is None:
            return
        for name, xy in self.cursor_cells():
            if name == self.cursor:
                self.cursor_xy = xy
                self._sticky = [xy[0], xy[1]]
                self.refresh_cursor()
                return
        self.cursor = self.cursor_xy = None
        self.cursor_shown = False

    # --- the frame --------------------------------------------------------------------------
    def layout(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        self.view.layout(self.rect.copy())
        self._relayout_cursor()

    def update(self, dt: float) -> None:
        view = self.view
        m = self.match
        if m is not None and not self.browsing:
            view.interactive = m.interactive
            view.hint = m.hint
        speed = getattr(self.app, "animation_speed", 1.0)  # the player's setting
        if speed <= 0 and view.animating:  # "none": the move shows at once, its sounds too
            view.update(ANIMATION_BOUND)
            if view.animating:
                view.skip_animation()
        else:  # (with nothing animating, "none" still lets the pulses run)
            view.update(dt * speed if speed > 0 else dt)
        self.note = view.hover_note() if self.mouse is not None else None
        cues = view.pop_events()
        if not self.quiet:
            for name in cues:  # sounds in time with the board's animation
                self.app.play_sound(name)

    @property
    def animating(self) -> bool:
        return self.view.animating

    def skip(self) -> bool:
        """Skip a running animation; True if there was one."""
        if self.view.animating:
            self.view.skip_animation()
            return True
        return False

    def contains(self, pos) -> bool:
        return self.rect.collidepoint(pos)

    def draw(self, surface) -> None:
        below = widgets.layer()
        widgets.set_layer((below, "board"))  # (the record: a toast must keep off it)
        self.view.draw(surface)
        if self.cursor_shown and self.cursor_xy is not None:
            self.draw_cursor(surface)
        if (self.cell or self.note) and self.mouse is not None:
            self.draw_cell_tag(surface)
        widgets.set_layer(below)

    def draw_cursor(self, surface) -> None:
        """The keyboard cursor: a bright double ring round its cell, sized to the cells."""
        x, y = self.cursor_xy
        cells = self.cursor_cells()
        gap = min(
            (math.hypot(cx - x, cy - y) for n, (cx, cy) in cells if n != self.cursor),
            default=40.0,
        )
        r = max(6, int(gap * 0.48))
        box = pygame.Rect(0, 0, 2 * r, 2 * r)
        box.center = (int(round(x)), int(round(y)))
        pygame.draw.rect(surface, theme.BG, box.inflate(4, 4), 5, border_radius=r // 2)
        pygame.draw.rect(surface, theme.ACCENT, box, 3, border_radius=r // 2)

    def draw_cell_tag(self, surface) -> None:
        """The hovered cell's name beside the cursor, as the notation writes it, and under
        it the view's note on that point (wrapped to the board's width)."""
        text = str(self.cell or "")
        size = theme.FONT_SMALL
        tiny = theme.FONT_TINY
        lh = line_height(size)
        notes = []
        if self.note:
            width = max(80, min(self.rect.width - 40, max(420, self.rect.width // 2)))
            notes = wrap_text(str(self.note), tiny, width)
        tw = max([text_size(text, size)[0]] + [text_size(n, tiny)[0] for n in notes])
        h = (lh + 4 if text else 4) + line_height(tiny) * len(notes) + (4 if notes else 0)
        x, y = self.mouse
        box = pygame.Rect(x + 18, y + 14, tw + 14, h)
        if box.right > self.rect.right:
            box.right = x - 10
        if box.bottom > self.rect.bottom:
            box.bottom = y - 10
        box.clamp_ip(self.rect)
        pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.BG, 0.3), box, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT_2, box, 2, border_radius=6)
        ty = box.y + 2
        if text:
            draw_text(surface, text, size, theme.TEXT, (box.centerx, ty + lh // 2 + 1), "center")
            ty += lh + 2
        for line in notes:
            draw_text(surface, line, tiny, theme.TEXT, (box.x + 7, ty))
            ty += line_height(tiny)
