"""Keys for the keyboard tests (issue 29): key events as a keyboard sends them, and the
board cursor walked to a cell with the arrows (Q/E/Z/C on a hex board).  A scene here is
any with a ``host`` (``game.board_host.BoardHost``) and its ``view``."""

from __future__ import annotations

import pygame
from test_client_support import ev_key


def send(app, event) -> None:
    app.handle_event(event)
    app.update(1 / 60)


def key(app, k, mod: int = 0, char: str = "") -> None:
    send(app, ev_key(k, mod, char))


def type_text(app, text: str) -> None:
    """As a keyboard sends it: a KEYDOWN (with its own meaning elsewhere) and the text."""
    for ch in text:
        code = pygame.key.key_code(ch) if ch.isalnum() else 0
        key(app, code, 0, ch)
        send(app, pygame.event.Event(pygame.TEXTINPUT, text=ch))


def open_box(app) -> None:
    """The "/" key as a keyboard sends it: the key, then its own text (the box skips it)."""
    key(app, pygame.K_SLASH, 0, "/")
    send(app, pygame.event.Event(pygame.TEXTINPUT, text="/"))


def cursor_to(app, scene, name: str) -> None:
    """Walk the cursor to cell ``name`` with the arrows (Q/E/Z/C on a hex board)."""
    host = scene.host
    if not host.cursor_shown:
        key(app, pygame.K_UP)  # the first key shows the cursor where it is
    target = dict(host.cursor_cells())[name]
    hexes = scene.view.hex_cursor()
    for _ in range(120):
        if host.cursor == name:
            return
        x, y = host.cursor_xy
        dx, dy = target[0] - x, target[1] - y
        if abs(dy) > 4:
            if hexes:
                left = {True: pygame.K_q, False: pygame.K_z}
                right = {True: pygame.K_e, False: pygame.K_c}
                k = (left if dx < 0 else right)[dy < 0]
            else:
                k = pygame.K_UP if dy < 0 else pygame.K_DOWN
        else:
            k = pygame.K_LEFT if dx < 0 else pygame.K_RIGHT
        key(app, k)
    raise AssertionError(f"the cursor never reached {name} (at {host.cursor})")


def cursor_clicks(app, scene, clicks) -> None:
    """Each point's cell reached with the cursor, then Enter: the clicks made by keys."""
    view = scene.view
    for pos in clicks:
        name = view.cell_name(pos)
        assert name, pos
        cursor_to(app, scene, name)
        key(app, pygame.K_RETURN)
