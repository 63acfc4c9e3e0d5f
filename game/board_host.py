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

from game import catalog


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
        if match is not None:
            match.listen(self._follow)
            match.hold = lambda: self.view.animating
            if match.move_objs:
                self.view.set_state(match.state, match.move_objs[-1], animate=False)
            self.view.interactive = match.interactive

    # --- following a match ------------------------------------------------------------------
    def _follow(self, state, move, animate: bool) -> None:
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

    # --- the frame --------------------------------------------------------------------------
    def layout(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        self.view.layout(self.rect.copy())

    def update(self, dt: float) -> None:
        view = self.view
        m = self.match
        if m is not None:
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
        self.view.draw(surface)
