"""Helpers for the client tests: a small headless App and synthetic input.

The App gets an in-process AI (``InlineAI``) with a tiny iteration budget, so that the
tests never wait on a clock; ``strict=True`` makes any exception in a scene fail the test.
"""

from __future__ import annotations

import pygame

from ai.worker import InlineAI
from game.ui.app import App

DT = 1.0 / 60.0


def make_app(size=(800, 600), iterations: int = 24, seed: int = 1, **kw) -> App:
    ai = InlineAI("ai.worker:default_bot")
    overrides = {"iterations": iterations, "time_limit": None}
    return App(size=size, seed=seed, ai=ai, ai_overrides=overrides, strict=True, **kw)


def frames(app: App, n: int = 1, dt: float = DT, events=None) -> None:
    for i in range(n):
        app.frame(dt, list(events or []) if i == 0 else [])


def ev_down(pos, button: int = 1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(pos), button=button)


def ev_up(pos, button: int = 1):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(pos), button=button)


def ev_move(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(pos), rel=(0, 0), buttons=(0, 0, 0))


def ev_key(key: int, mod: int = 0, unicode: str = ""):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)


def click(app: App, pos, button: int = 1, n_frames: int = 1) -> None:
    """Move there, press and release, then run ``n_frames`` frames."""
    frames(app, n_frames, events=[ev_move(pos), ev_down(pos, button), ev_up(pos, button)])


def press(app: App, key: int, n_frames: int = 1, mod: int = 0) -> None:
    frames(app, n_frames, events=[ev_key(key, mod)])


def click_button(app: App, button) -> None:
    click(app, button.rect.center)


def settle(app: App, scene=None, limit: int = 400, dt: float = 0.1) -> None:
    """Run frames until the view of ``scene`` stops animating and no AI request is live."""
    scene = scene or app.scene
    for _ in range(limit):
        m = getattr(scene, "match", None)
        if app.scene is not scene:
            return
        view = getattr(scene, "view", None)
        animating = view is not None and view.animating
        if m is None or (
            not animating and m.req_id is None and m.pending is None and not m.computer_turn
        ):
            return
        frames(app, 1, dt)


def test_support_app_builds():
    app = make_app()
    assert app.size == (800, 600)
    app.shutdown()
