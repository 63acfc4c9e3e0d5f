"""The keyboard on a board outside the play scene: the analysis board, the exercises and
the learn-from-mistakes scene share it (issue 29: every game without a mouse).

One :class:`BoardKeys` per scene takes the board's keys: the arrows and Q E Z C move the
board cursor (``BoardHost.move_cursor``), Enter or Space does what a click on the cursor's
cell does, Esc first cancels a half-made move, ``/`` opens the move box
(:class:`game.ui.move_entry.MoveBox`: a typed move, the rules' reason for a bad one) and
``?`` the keys' legend.  The scene gives it the board (a host, duck-typed: this floor
sits below ``game.board_host``), the position typed moves are for, its "try this move",
its mouse handler (Enter sends it a left click and release on the cursor's cell, so a key
does just what the mouse does), and whether the board takes a move now.
"""

from __future__ import annotations

import pygame

from game.ui import keys
from game.ui.move_entry import MoveBox

NO_CURSOR = "This board has no cursor: type a move with /"


def step_cursor(host, key: int, say) -> bool:
    """An arrow or Q/E/Z/C: the cursor one cell that way (False: not such a key)."""
    step = keys.step_of(key)
    if step is None:
        return False
    if not host.move_cursor(*step) and not host.cursor_cells():
        say(NO_CURSOR)
    return True


def click_cursor(host, click, say, why_not=None) -> None:
    """Enter or Space: ``click(point)`` where a click does what Enter on the cursor's cell
    does (the first press only shows the cursor; ``why_not()`` a reason to refuse)."""
    if not host.cursor_shown:
        if not host.start_cursor():
            say(NO_CURSOR)
        return
    pt = host.cursor_point()
    if pt is None:
        return
    reason = why_not() if why_not is not None else None
    if reason:
        say(reason)
        return
    click(pt)
    host.refresh_cursor()


class BoardKeys:
    """``host_of()`` the scene's BoardHost (or None); ``state_of()`` the position shown;
    ``play(move)`` the scene's try (True when played); ``mouse(event)`` the scene's
    mouse handler; ``why_not()`` None when the board takes a move now, else why not;
    ``say(text)`` a short message; ``help_lines`` the scene's own keys for the legend;
    ``ui`` the scene's widgets: Tab (theirs) focuses a button, Enter and Space then press
    it, an arrow takes the focus back to the board."""

    def __init__(self, host_of, state_of, play, mouse, why_not, say, help_lines=(), ui=None):
        self.host_of = host_of
        self.play = play
        self.mouse = mouse
        self.why_not = why_not
        self.say = say
        self.help_lines = list(help_lines)
        self.ui = ui
        self.box = MoveBox(state_of, self._typed)
        self.legend_open = False

    @property
    def typing(self) -> bool:
        """The move box is open: every key is text (the scene's ``text_input_active``)."""
        return self.box.active

    def _typed(self, move) -> bool:
        reason = self.why_not()
        if reason:
            self.box.reason = reason
            return False
        return bool(self.play(move))

    def open_box(self) -> None:
        reason = self.why_not()
        if reason:
            self.say(reason)
            return
        self.legend_open = False
        host = self.host_of()
        if host is not None:
            host.view.cancel_selection()
        self.box.open("/")

    def close(self) -> None:
        """Close the box and the legend (the scene changed what the board shows)."""
        self.box.close()
        self.legend_open = False

    def legend(self) -> list[str]:
        host = self.host_of()
        view = None if host is None else host.view
        return keys.legend(view, keys.BOARD_COMMON + self.help_lines)

    # --- events ------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        """A key for the board (True: used; the scene's own shortcuts come after it)."""
        if self.box.active:
            return self.box.handle_event(event)
        if event.type != pygame.KEYDOWN:
            return event.type == pygame.TEXTINPUT  # text outside the box: the keys acted
        key = event.key
        mod = getattr(event, "mod", 0)
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        char = getattr(event, "unicode", "") or ""
        if char == "?" or (key == pygame.K_SLASH and mod & pygame.KMOD_SHIFT):
            self.legend_open = not self.legend_open
            return True
        if key == pygame.K_SLASH or char == "/":
            self.open_box()
            return True
        host = self.host_of()
        if host is None:
            return False
        focused = None if self.ui is None else self.ui.focused
        if keys.step_of(key) is not None:
            if focused is not None:
                self.ui.set_focus(None)  # the board takes the focus back from the buttons
            return step_cursor(host, key, self.say)
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if focused is not None:
                return False  # the focused button takes it
            if key == pygame.K_SPACE and host.skip():
                return True
            self.activate(host)
            return True
        if key == pygame.K_ESCAPE:
            if self.legend_open:
                self.legend_open = False
                return True
            if host.view.has_selection():
                host.view.cancel_selection()
                host.refresh_cursor()
                self.say("Selection cancelled")
                return True
        return False

    def activate(self, host) -> None:
        """Enter or Space: a click on the cursor's cell (the first press shows the cursor)."""
        click_cursor(host, self._click, self.say, self.why_not)

    def _click(self, pt) -> None:
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse(pygame.event.Event(kind, pos=pt, button=1))

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, surface, rect) -> None:
        """The legend and the move box over ``rect`` (the board), when open."""
        if self.legend_open:
            keys.draw_legend(surface, rect, self.legend())
        self.box.draw(surface, rect)
