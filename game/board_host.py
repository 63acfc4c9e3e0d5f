"""One component that hosts a board view inside a scene.

The play, demo, result, replay and tour scenes and the title's attract game all show a
board the same way: a view made for the game (``game.catalog``), fitted to a rect, run
on the scene's clock, its sound cues played in time with its animations, and a click
on it while it animates skipping the animation.  When a :class:`game.match.Match` is
attached, the host follows it: every position change is shown (animated when the match
says so), the board takes clicks only on a human's turn, and the hint is drawn.
"""

from __future__ import annotations

import pygame

from game import catalog, theme, widgets
from game.widgets import draw_text, line_height, text_size


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
        else:
            if self.mouse is not None:
                self.view.hover((-1, -1))
            self.mouse = None
            self.cell = None

    # --- the frame --------------------------------------------------------------------------
    def layout(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        self.view.layout(self.rect.copy())

    def update(self, dt: float) -> None:
        view = self.view
        m = self.match
        if m is not None and not self.browsing:
            view.interactive = m.interactive
            view.hint = m.hint
        view.update(dt * getattr(self.app, "animation_speed", 1.0))  # the player's setting
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
        if self.cell and self.mouse is not None:
            self.draw_cell_tag(surface)
        widgets.set_layer(below)

    def draw_cell_tag(self, surface) -> None:
        """The hovered cell's name beside the cursor, as the notation writes it."""
        text = str(self.cell)
        size = theme.FONT_SMALL
        tw, _ = text_size(text, size)
        h = line_height(size) + 4
        x, y = self.mouse
        box = pygame.Rect(x + 18, y + 14, tw + 14, h)
        if box.right > self.rect.right:
            box.right = x - 10
        if box.bottom > self.rect.bottom:
            box.bottom = y - 10
        pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.BG, 0.3), box, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT_2, box, 2, border_radius=6)
        draw_text(surface, text, size, theme.TEXT, box.center, "center")
