"""The Scene base class and drawing shared by the scenes (background, headings)."""

from __future__ import annotations

import math

import pygame

from game import theme
from game.ui.widgets import Button, FocusGroup, dim, draw_text, panel


class Scene:
    """One screen.  ``overlay`` scenes draw over the scene beneath them; ``update_below``
    lets the scene beneath keep running (e.g. the title's attract game under Settings)."""

    overlay = False
    update_below = False

    def __init__(self, app):
        self.app = app
        self.ui = FocusGroup(app)
        self.time = 0.0

    # life cycle
    def enter(self) -> None:
        self.layout(self.app.size)

    def exit(self) -> None:
        """Leaving for good (popped or replaced)."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """The scene above was popped."""
        self.layout(self.app.size)

    def layout(self, size) -> None:
        """Place the widgets for a window of ``size``."""

    def split_panel(self, size, least: int, most: int, share: float | None = None) -> None:
        """Set ``self.panel_rect``, a side panel at the right (two fifths of the width, or
        ``share`` of it, from ``least`` to ``most`` pixels), and ``self.board_rect``, the
        room left of it."""
        w, h = size
        pad = theme.PAD
        pw = max(least, min(most, w * 2 // 5 if share is None else int(w * share)))
        self.panel_rect = pygame.Rect(w - pw - pad, pad, pw, h - 2 * pad)
        self.board_rect = pygame.Rect(pad, pad, self.panel_rect.x - 2 * pad, h - 2 * pad)

    @staticmethod
    def click_view(view, pos, button: int, handle) -> None:
        """A click on a board ``view`` where the player may move: the right button asks the
        view's alternative (else drops a half-made move), other buttons than the left go
        to the view alone (the wheel), the left one's result goes to ``handle``."""
        if button == 3:
            res = view.alt_click(pos)
            if res is None:
                view.cancel_selection()
            else:
                handle(res)
            return
        if button != 1:
            view.click(pos, button)
            return
        handle(view.click(pos, button))

    @staticmethod
    def stack_button_rows(inner, bh: int, rows) -> int:
        """Lay ``rows`` of buttons, two a row (the right one may be None), up from the
        bottom of ``inner``, ``theme.GAP`` apart; the top row's y."""
        gap = theme.GAP
        half = (inner.width - gap) // 2
        y = inner.bottom - bh
        for left, right in reversed(rows):
            left.rect = pygame.Rect(inner.x, y, half, bh)
            if right is not None:
                right.rect = pygame.Rect(inner.x + half + gap, y, inner.width - half - gap, bh)
            y -= gap + bh
        return y + gap + bh

    def toast_area(self, size) -> pygame.Rect | None:
        """Where the app's messages (toasts) go over this scene: their bottom centre at
        the rect's, no wider than it; None for the bottom of the window.  A scene with a
        board names a place off the board, so a toast never hides its labels: by default
        its side panel (``panel_rect``) when it has one."""
        r = getattr(self, "panel_rect", None)
        if getattr(self, "overlay", False) or r is None or r.width <= 40:
            return None  # an overlay: where the scene beneath says
        return pygame.Rect(r)

    # the frame
    def handle_event(self, event) -> None:
        self.ui.handle_event(event)

    def update(self, dt: float) -> None:
        self.time += dt
        self.ui.update(dt)

    def draw(self, surface) -> None:
        draw_background(surface, self.app.time)
        self.ui.draw(surface)

    def board_result(self, res, play, note_seconds: float = 2.5) -> None:
        """Act on what a board view made of an input: ``play(move)`` for a move; a refused
        move gets its reason and the error sound; a note from the view is shown."""
        if res is None:
            return
        if res.move is not None:
            play(res.move)
        elif res.illegal:
            self.app.message(res.message or "That is not a legal move", "bad", 2.5)
            self.app.play_sound("error")
        elif res.message:
            self.app.message(res.message, "info", note_seconds)

    # the view's moves that are not made on the board (a pass, a colour to choose)
    def offer_actions(self, key, actions, on_action) -> None:
        """Show ``actions`` as buttons unless ``key`` (what they were built for) is the one
        they were last built for (``self._actions_key``)."""
        if key == getattr(self, "_actions_key", None):
            return
        self._actions_key = key
        self.set_action_buttons(actions, on_action)

    def set_action_buttons(self, actions, on_action) -> None:
        """Replace ``self.action_buttons`` by one small button per action (a click calls
        ``on_action(action)``), then lay the scene out again."""
        for b in getattr(self, "action_buttons", []):
            self.ui.remove(b)
        self.action_buttons = [
            self.ui.add(
                Button(
                    a.label,
                    lambda a=a: on_action(a),
                    size=theme.FONT_SMALL,
                    accent=theme.ACCENT_2,
                )
            )
            for a in actions
        ]
        self.layout(self.app.size)


_bg_cache: dict = {}
DOT_STEP = 48


def _backdrop(size, glow: bool) -> pygame.Surface:
    """The backdrop (glow and a grid of dots), built once per window size."""
    key = (tuple(size), glow)
    surf = _bg_cache.get(key)
    if surf is None:
        w, h = size
        step = DOT_STEP
        surf = pygame.Surface((w + step, h + step))
        surf.fill(theme.BG)
        if glow:
            cx, cy = w // 2 + step, int(h * 0.38) + step
            r_max = int(max(w, h) * 0.7)
            steps = 28
            for i in range(steps, 0, -1):
                t = i / steps
                col = theme.mix(theme.BG, theme.BG_GLOW, (1 - t) ** 1.6 * 0.9)
                pygame.draw.circle(surf, col, (cx, cy), int(r_max * t))
        col = theme.mix(theme.BG, theme.GRID_LINE, 0.16)
        for y in range(0, h + step, step):
            for x in range(0, w + step, step):
                pygame.draw.circle(surf, col, (x + step // 2, y + step // 2), 1)
        if len(_bg_cache) > 4:
            _bg_cache.clear()
        _bg_cache[key] = surf
    return surf


def draw_background(surface, t: float, glow: bool = True) -> None:
    """The night-blue backdrop with its glow and a grid of dots (one blit)."""
    w, h = surface.get_size()
    surface.blit(_backdrop((w, h), glow), (-DOT_STEP // 2, -DOT_STEP // 2))


def heading(
    surface, text: str, pos, t: float, size: int = theme.FONT_LARGE, anchor: str = "midtop"
) -> pygame.Rect:
    """A scene heading with a pink underline that breathes."""
    rect = draw_text(surface, text, size, theme.TEXT, pos, anchor)
    glow = theme.pulse(t, 2.4)
    w = int(rect.width * (0.35 + 0.15 * glow))
    y = rect.bottom + 4
    pygame.draw.line(
        surface,
        theme.mix(theme.ACCENT, theme.ACCENT_2, glow),
        (rect.centerx - w // 2, y),
        (rect.centerx + w // 2, y),
        3,
    )
    return rect


def wobble(t: float, i: int, amp: float = 6.0) -> float:
    return amp * math.sin(t * 2.2 + i * 0.55)


REPLY_PAUSE = 0.35  # seconds between the player's move and each scripted reply shown


class TryBoard:
    """For a scene where the player moves on a board against scripted replies (the
    exercises, the puzzles): the replies queued and shown one by one once the board is
    still, the red flash of a wrong move, and the pointer on the board.

    The scene has ``host`` (a BoardHost), ``view``, ``board_rect``, ``attempt`` (with
    ``over``), ``board_click(pos, button)``, ``_handle_result(result)`` and
    ``_set_interactive()``; it calls ``init_replies`` in its constructor."""

    def init_replies(self) -> None:
        self.queue: list = []  # (state, move) still to show: the replies
        self.queue_wait = 0.0
        self.flash_t = 0.0

    def queue_replies(self, replies) -> None:
        """Show these ``(state, move)`` after the pause, one by one."""
        self.queue = list(replies)
        self.queue_wait = REPLY_PAUSE

    def _can_move(self) -> bool:
        a = self.attempt
        return (
            self.view is not None
            and a is not None
            and not a.over
            and not self.queue
            and not self.view.animating
        )

    def pointer_event(self, event) -> bool:
        """The mouse on the board; True when the event is used up."""
        et = event.type
        if et == pygame.MOUSEMOTION and self.host is not None:
            self.host.mouse_moved(event.pos)
        if et == pygame.MOUSEBUTTONDOWN and self.board_rect.collidepoint(event.pos):
            self.board_click(event.pos, getattr(event, "button", 1))
            return True
        if et == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            if self.board_rect.collidepoint(event.pos) and self._can_move():
                self._handle_result(self.view.release(event.pos, 1))
        return False

    def update_replies(self, dt: float) -> None:
        """The flash fades; the board animates; the next reply comes once it is still."""
        if self.flash_t > 0:
            self.flash_t = max(0.0, self.flash_t - dt)
        if self.host is not None:
            self.host.update(dt)
            if self.queue and not self.view.animating:
                self.queue_wait -= dt
                if self.queue_wait <= 0:
                    state, move = self.queue.pop(0)
                    self.host.show(state, move, animate=True)
                    self.queue_wait = REPLY_PAUSE
                    self._set_interactive()

    def draw_board_and_flash(self, surface) -> float:
        """``draw_flashed_board`` of this scene: the flash's strength (0 to 1)."""
        return draw_flashed_board(self, surface)


def draw_flashed_board(scene, surface) -> float:
    """The background, ``scene``'s board (its ``host``) and the board's red edge while a
    wrong move flashes (``flash_t``), and the side panel; the flash's strength (0 to 1).
    The exercises, the puzzles and the rules tour draw their board this way."""
    draw_background(surface, scene.app.time, glow=False)
    if scene.host is not None:
        scene.host.draw(surface)
    k = scene.flash_t / theme.FLASH_TIME if theme.FLASH_TIME > 0 else 0.0
    if k > 0:
        edge = theme.mix(theme.BG, theme.BAD, k)
        pygame.draw.rect(
            surface, edge, scene.board_rect.inflate(6, 6), 4, border_radius=theme.RADIUS
        )
    panel(surface, scene.panel_rect, edge=theme.mix(theme.PANEL_EDGE, theme.BAD, k))
    return k


class Overlay(Scene):
    """A centred panel over the (dimmed) scene beneath; Esc closes it."""

    overlay = True
    panel_size = (460, 420)
    title = ""

    def __init__(self, app):
        super().__init__(app)
        self.panel_rect = pygame.Rect(0, 0, 10, 10)
        self.appear = 0.0

    def layout(self, size) -> None:
        w, h = size
        pw = min(self.panel_size[0], w - 2 * theme.PAD)
        ph = min(self.panel_size[1], h - 2 * theme.PAD)
        self.panel_rect = pygame.Rect(0, 0, pw, ph)
        self.panel_rect.center = (w // 2, h // 2)

    def close(self) -> None:
        if self.app.scene is self:
            self.app.pop()

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        self.ui.handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.appear = min(1.0, self.appear + dt / theme.FADE_TIME)

    def draw(self, surface) -> None:
        dim(surface, int(170 * theme.ease_out_cubic(self.appear)))
        k = theme.ease_out_back(self.appear)
        rect = self.panel_rect.inflate(-int(40 * (1 - k)), -int(40 * (1 - k)))
        panel(surface, rect, edge=theme.ACCENT)
        if self.title:
            heading(surface, self.title, (rect.centerx, rect.y + theme.PAD), self.time)
        self.draw_body(surface)
        self.ui.draw(surface)

    def draw_body(self, surface) -> None:
        pass

    def stack_buttons(self, buttons, top: int, bh: int = 50) -> None:
        gap = theme.GAP + 4
        x = self.panel_rect.x + 2 * theme.PAD
        w = self.panel_rect.width - 4 * theme.PAD
        for i, b in enumerate(buttons):
            b.rect = pygame.Rect(x, top + i * (bh + gap), w, bh)
