"""Demo: the computer plays itself.  Space pauses, Right steps, +/- change the speed.

It is made of the same parts as the play scene (a match, a board host, the play panel),
with its own buttons.
"""

from __future__ import annotations

import pygame

from game import rules, theme
from game.board_host import BoardHost
from game.scenes.base import Scene, draw_background
from game.session.seats import Seat
from game.ui import flow
from game.ui.play_panel import PlayPanel
from game.ui.widgets import Button

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
BASE_THINK = 1.0  # seconds of thinking per move at speed 1


class DemoScene(Scene):
    """A computer-vs-computer game; it ends on the result screen, or loops."""

    def __init__(
        self,
        app,
        game_id: str | None = None,
        options=None,
        level: str = "medium",
        loop: bool = False,
        speed_index: int = 2,
        move_cap: int | None = None,
    ):
        super().__init__(app)
        ids = list(rules.GAMES)
        if game_id not in ids:
            game_id = app.rng.choice(ids)
        self.game = rules.get(game_id)
        self.level = level
        self.loop = loop
        self.speed_index = max(0, min(len(SPEEDS) - 1, speed_index))
        self.match = app.new_match(
            self.game,
            options or {},
            [Seat("computer", level)] * 2,
            move_cap=move_cap if move_cap is not None else app.move_cap,
        )
        self.host = BoardHost(app, self.game, match=self.match)
        self.view = self.host.view
        self.panel = PlayPanel(self.match, self.view)
        self.panel.corner_prefix = "DEMO "
        self.panel.status_override = self._paused_status
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self.panel_rect = pygame.Rect(0, 0, 10, 10)
        self.ended = False
        self.over_timer = 0.0
        self._apply_speed()
        self.b_pause = self.ui.add(
            Button(
                "Pause",
                self.toggle_pause,
                size=theme.FONT_SMALL,
                hotkey="Spc",
                accent=theme.ACCENT_2,
            )
        )
        self.b_step = self.ui.add(Button("Step", self.step, size=theme.FONT_SMALL, hotkey=">"))
        self.b_slower = self.ui.add(
            Button("Slower", self.slower, size=theme.FONT_SMALL, hotkey="-")
        )
        self.b_faster = self.ui.add(
            Button("Faster", self.faster, size=theme.FONT_SMALL, hotkey="+")
        )
        self.b_stop = self.ui.add(
            Button("Stop", self.end_now, size=theme.FONT_SMALL, accent=theme.BAD)
        )
        self.b_menu = self.ui.add(
            Button("Menu", self.open_pause, size=theme.FONT_SMALL, hotkey="Esc")
        )

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    def _apply_speed(self) -> None:
        m = self.match
        m.think_delay = theme.DEMO_DELAY / self.speed
        m.spec_overrides = {"time_limit": BASE_THINK / self.speed}
        self.panel.corner_prefix = f"DEMO x{self.speed:g} - "

    def _paused_status(self):
        if self.match.paused and not self.match.over:
            return "Paused - Right arrow steps", theme.WARN
        return None

    def say(self, text: str, kind: str = "info", seconds: float = 2.5) -> None:
        self.panel.say(text, kind, seconds)

    def toast_area(self, size) -> pygame.Rect:
        return self.panel.toast_area()

    def layout(self, size) -> None:
        self.board_rect, self.panel_rect = PlayPanel.split(size)
        self.panel.rect = self.panel_rect
        self.host.layout(self.board_rect)
        self.place_buttons(self.panel_rect.inflate(-2 * theme.PAD, -2 * theme.PAD))

    def exit(self) -> None:
        self.match.cancel()

    def pause(self) -> None:
        self.match.cancel()

    def open_pause(self) -> None:
        flow.push(self.app, "pause", self)

    def end_now(self) -> None:
        """Stop here and call the game unfinished."""
        self.match.stop()
        self.over_timer = 1.0

    def place_buttons(self, inner) -> None:
        bh = 40
        gap = theme.GAP
        bw3 = (inner.width - 2 * gap) // 3
        y2 = inner.bottom - bh
        y1 = y2 - gap - bh
        self.panel.buttons_top = y1
        row1 = (self.b_pause, self.b_step, self.b_stop)
        row2 = (self.b_slower, self.b_faster, self.b_menu)
        for row, y in ((row1, y1), (row2, y2)):
            for i, b in enumerate(row):
                b.rect = pygame.Rect(inner.x + i * (bw3 + gap), y, bw3, bh)

    # --- controls -----------------------------------------------------------------------------
    def toggle_pause(self) -> None:
        m = self.match
        m.paused = not m.paused
        m.steps = 0
        self.say("Paused: Right arrow steps" if m.paused else "Playing", "info", 1.5)

    def step(self) -> None:
        m = self.match
        if not m.paused:
            m.paused = True
        m.steps = 1
        self.host.skip()

    def faster(self) -> None:
        if self.speed_index < len(SPEEDS) - 1:
            self.speed_index += 1
            self._apply_speed()
        self.say(f"Speed x{self.speed:g}", "info", 1.2)

    def slower(self) -> None:
        if self.speed_index > 0:
            self.speed_index -= 1
            self._apply_speed()
        self.say(f"Speed x{self.speed:g}", "info", 1.2)

    def restart(self) -> None:
        flow.replace(
            self.app,
            "demo",
            self.game.id,
            self.match.options,
            self.level,
            self.loop,
            self.speed_index,
            self.match.move_cap,
        )

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k == pygame.K_SPACE:
                self.toggle_pause()
                return
            if k == pygame.K_RIGHT:
                self.step()
                return
            if k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.faster()
                return
            if k in (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_UNDERSCORE):
                self.slower()
                return
            if k == pygame.K_ESCAPE:
                self.open_pause()
                return
            if k == pygame.K_l:  # the log: the demo's moves in words
                self.panel.show_log = not self.panel.show_log
                return
            if k in (pygame.K_u, pygame.K_y, pygame.K_h):
                self.say("This is a demo: Space pauses, Right steps, +/- speed", "info", 2.0)
                return
        if event.type == pygame.MOUSEMOTION:
            self.host.hover(event.pos)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            if self.panel.handle_event(event) is not None:  # the list scrolls; a demo runs on
                self.say("This is a demo: the Replay after it steps through the moves", "info")
                return
        if event.type == pygame.MOUSEBUTTONDOWN and self.host.contains(event.pos):
            self.host.skip()
            return
        self.ui.handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.panel.update(dt)
        m = self.match
        self.host.update(dt)
        m.update(dt)
        for kind, text in m.pop_events():
            self.say(text, kind, 3.0)
        self.b_pause.label = "Play" if m.paused else "Pause"
        self.b_stop.enabled = not m.over
        if m.over and not self.ended:
            if self.view.animating:
                return
            self.ended = True
            self.over_timer = max(self.over_timer, 2.0 if self.loop else 1.2)
        if self.ended:
            self.over_timer -= dt
            if self.over_timer <= 0:
                if self.loop:
                    self.restart()
                else:
                    self.to_result()

    def to_result(self) -> None:
        gid, opts, level, cap = self.game.id, self.match.options, self.level, self.match.move_cap
        speed = self.speed_index
        app = self.app

        def again():
            flow.replace(app, "demo", gid, opts, level, False, speed, cap)

        flow.replace(app, "result", self.match, rematch=again)

    def draw(self, surface) -> None:
        draw_background(surface, self.app.time, glow=False)
        self.host.draw(surface)
        self.panel.draw(surface)
        self.ui.draw(surface)
