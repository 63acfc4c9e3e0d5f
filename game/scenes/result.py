"""The result screen (winner, score, how it ended) and the move-by-move replay."""

from __future__ import annotations

import math

import pygame

from game import flow, keeping, theme
from game.board_host import BoardHost
from game.play_panel import draw_swatch
from game.scenes.base import Scene, draw_background, heading
from game.widgets import Button, draw_text, fit_text, line_height, panel, text_surface, wrap_text


class Confetti:
    """Falling bits in the winner's colours; plain arithmetic in update, drawn in draw."""

    def __init__(self, rng, colors, n: int = 90):
        self.rng = rng
        self.colors = colors
        self.bits: list[list[float]] = []
        self.n = n
        self.size = (800, 600)

    def reset(self, size) -> None:
        self.size = size
        w, h = size
        self.bits = [self._bit(w, -self.rng.uniform(0, h)) for _ in range(self.n)]

    def _bit(self, w, y):
        r = self.rng
        return [
            r.uniform(0, w),
            y,
            r.uniform(-30, 30),
            r.uniform(80, 200),
            r.uniform(0, 6.3),
            r.uniform(-5, 5),
            r.randrange(len(self.colors)),
        ]

    def update(self, dt: float) -> None:
        w, h = self.size
        for b in self.bits:
            b[0] += b[2] * dt + math.sin(b[4]) * 20 * dt
            b[1] += b[3] * dt
            b[4] += b[5] * dt
            if b[1] > h + 10:
                b[:] = self._bit(w, -10)

    def draw(self, surface) -> None:
        for x, y, _, _, a, _, c in self.bits:
            wdt = 3 + 4 * abs(math.cos(a))
            pygame.draw.rect(surface, self.colors[c], (int(x), int(y), int(wdt) + 1, 8))


class ResultScene(Scene):
    """Who won, the score, why it ended; Rematch, Replay, Menu."""

    def __init__(self, app, match, rematch=None):
        super().__init__(app)
        self.match = match
        self.game = match.game
        self.host = BoardHost(app, self.game, match.state)
        if match.move_objs:
            self.host.show(match.state, match.move_objs[-1], animate=False)
        self.view = self.host.view
        self.rematch_fn = rematch
        self.winner = match.winner()
        self.scores = match.state.scores()
        self.reason = match.end_reason()
        self.history = self._score_history(match)
        self.pals = [theme.seat_colour(match.state, p) for p in (0, 1)]
        if self.winner is not None:
            pal = self.pals[self.winner]
            colors = [pal["fill"], pal["edge"], theme.ACCENT, theme.ACCENT_2]
        else:
            colors = [theme.WARN, theme.TEXT_DIM, theme.ACCENT_2]
        # celebrate a win, but not a human's loss to the computer
        winner_is_human = self.winner is not None and not match.is_computer(self.winner)
        self.celebrate = self.winner is not None and (winner_is_human or not match.any_human)
        if self.celebrate:
            app.play_sound("win")
        elif self.winner is not None:
            colors = [theme.TEXT_DIM, theme.PANEL_EDGE]
        self.confetti = Confetti(app.rng, colors, 110 if self.celebrate else 30)
        self.b_rematch = self.ui.add(Button("Rematch", self.rematch, accent=theme.GOOD))
        self.b_replay = self.ui.add(Button("Replay", self.replay, accent=theme.ACCENT_2))
        self.b_save = self.ui.add(Button("Save", self.save, accent=theme.ACCENT_2))
        self.b_menu = self.ui.add(Button("Menu", self.menu, accent=theme.WARN))
        self.ui.set_focus(self.b_rematch)
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self.panel_rect = pygame.Rect(0, 0, 10, 10)
        self.reason_lines: list[str] = []

    @staticmethod
    def _score_history(match) -> list[tuple[int, int]]:
        """Both scores after every move (empty for games without a score)."""
        out = []
        for st in match.states:
            sc = st.scores()
            if sc is None:
                return []
            out.append((int(sc[0]), int(sc[1])))
        return out

    def draw_chart(self, surface, rect) -> None:
        """The score of each player across the game, as two lines."""
        hist = self.history
        if len(hist) < 2 or rect.height < 70 or rect.width < 120:
            return
        draw_text(
            surface, "Score through the game", theme.FONT_TINY, theme.TEXT_DIM, (rect.x, rect.y)
        )
        box = pygame.Rect(
            rect.x,
            rect.y + line_height(theme.FONT_TINY) + 4,
            rect.width,
            rect.height - line_height(theme.FONT_TINY) - 4,
        )
        pygame.draw.rect(
            surface, theme.mix(theme.PANEL, theme.BG, 0.5), box, border_radius=theme.RADIUS // 2
        )
        inner = box.inflate(-16, -16)
        top = max(1, max(max(a, b) for a, b in hist))
        n = len(hist) - 1
        # reveal the lines from left to right as the screen opens
        k = theme.ease_in_out(min(1.0, self.time / 1.2))
        upto = max(1, int(round(n * k)))
        for p in (0, 1):
            pts = [
                (
                    inner.x + inner.width * i // n,
                    inner.bottom - int(inner.height * hist[i][p] / top),
                )
                for i in range(upto + 1)
            ]
            if len(pts) >= 2:
                pygame.draw.lines(surface, self.pals[p]["text"], False, pts, 3)
        draw_text(
            surface, str(top), theme.FONT_TINY, theme.TEXT_DIM, (box.x + 6, box.y + 4), "topleft"
        )

    @property
    def names(self) -> list[str]:
        return [self.match.state.seat_name(p) for p in (0, 1)]

    @property
    def headline(self) -> str:
        names = self.names
        if self.winner is None:
            return "Unfinished" if self.match.unfinished else "A draw"
        return f"{names[self.winner]} wins!"

    def layout(self, size) -> None:
        w, h = size
        pad = theme.PAD
        pw = max(330, min(460, w * 2 // 5))
        self.panel_rect = pygame.Rect(w - pw - pad, pad, pw, h - 2 * pad)
        self.board_rect = pygame.Rect(pad, pad, self.panel_rect.x - 2 * pad, h - 2 * pad)
        self.host.layout(self.board_rect)
        inner = self.panel_rect.inflate(-2 * pad, -2 * pad)
        bh = 52
        gap = theme.GAP + 4
        half = (inner.width - gap) // 2
        self.b_menu.rect = pygame.Rect(inner.x, inner.bottom - bh, inner.width, bh)
        y = self.b_menu.rect.y - gap - bh
        self.b_replay.rect = pygame.Rect(inner.x, y, half, bh)
        self.b_save.rect = pygame.Rect(inner.x + half + gap, y, inner.width - half - gap, bh)
        self.b_rematch.rect = pygame.Rect(inner.x, y - gap - bh, inner.width, bh)
        self.reason_lines = wrap_text(self.reason, theme.FONT_SMALL, inner.width)
        self.confetti.reset(size)

    def exit(self) -> None:
        self.match.cancel()

    def rematch(self) -> None:
        if self.rematch_fn is not None:
            self.rematch_fn()
            return
        m = self.match
        args = m.rematch_args()
        flow.replace(
            self.app,
            "play",
            m.game,
            args["options"],
            m.seats,
            start_state=args["start_state"],
            move_cap=m.move_cap,
        )

    def replay(self) -> None:
        flow.push(self.app, "replay", self.match)

    def save(self) -> None:
        """Keep the finished game (a resignation included) in the data folder."""
        if keeping.save(self.app, self.match):
            self.b_save.label = "Saved"

    def menu(self) -> None:
        self.app.go_title()

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.menu()
            return
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_c
            and getattr(event, "mod", 0) & pygame.KMOD_CTRL
        ):
            keeping.copy_record(self.app, self.match, position=bool(event.mod & pygame.KMOD_SHIFT))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s:
            self.save()
            return
        self.ui.handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.host.update(dt)
        self.confetti.update(dt)

    def draw(self, surface) -> None:
        draw_background(surface, self.app.time)
        self.host.draw(surface)
        self.confetti.draw(surface)
        panel(surface, self.panel_rect, edge=theme.ACCENT)
        inner = self.panel_rect.inflate(-2 * theme.PAD, -2 * theme.PAD)
        y = inner.y
        # the headline pops in, then breathes
        k = theme.ease_out_back(min(1.0, self.time / 0.7))
        col = self.pals[self.winner]["text"] if self.winner is not None else theme.WARN
        size = theme.FONT_LARGE
        text = fit_text(self.headline, size, inner.width)
        surf = text_surface(text, size, col)
        scale = max(0.05, k * (1 + 0.04 * math.sin(self.time * 3)))
        if abs(scale - 1) > 0.01:
            surf = pygame.transform.smoothscale_by(surf, scale)
        rect = surf.get_rect(midtop=(inner.centerx, y + int((1 - min(1, k)) * 20)))
        surface.blit(surf, rect)
        y += line_height(size) + 10
        names = self.names
        if self.scores is not None:
            for p in (0, 1):
                cx = inner.x + inner.width * (1 + 2 * p) // 4
                draw_swatch(surface, (cx - 40, y + 20), self.pals[p], 14)
                draw_text(
                    surface,
                    str(self.scores[p]),
                    theme.FONT_LARGE,
                    self.pals[p]["text"],
                    (cx - 18, y + 20),
                    "midleft",
                )
                draw_text(
                    surface,
                    fit_text(str(names[p]), theme.FONT_TINY, inner.width // 2 - 10),
                    theme.FONT_TINY,
                    theme.TEXT_DIM,
                    (cx, y + 44),
                    "midtop",
                )
            y += 72
        for line in self.reason_lines:
            if y + line_height(theme.FONT_SMALL) > self.b_rematch.rect.y - 40:
                break
            draw_text(surface, line, theme.FONT_SMALL, theme.TEXT, (inner.x, y))
            y += line_height(theme.FONT_SMALL)
        y += 6
        m = self.match
        info = f"{m.ply} moves"
        seats = " vs ".join(s.label() for s in m.seats)
        draw_text(surface, info, theme.FONT_TINY, theme.TEXT_DIM, (inner.x, y))
        y += line_height(theme.FONT_TINY)
        draw_text(
            surface,
            fit_text(seats, theme.FONT_TINY, inner.width),
            theme.FONT_TINY,
            theme.TEXT_DIM,
            (inner.x, y),
        )
        y += line_height(theme.FONT_TINY) + theme.GAP
        chart = pygame.Rect(
            inner.x, y, inner.width, min(220, self.b_rematch.rect.y - theme.PAD - y)
        )
        self.draw_chart(surface, chart)
        self.ui.draw(surface)


class ReplayScene(Scene):
    """Step through a finished game: Left/Right step, Space plays, Home/End jump, Esc back."""

    STEP_TIME = 0.9

    def __init__(self, app, match):
        super().__init__(app)
        self.match = match
        self.game = match.game
        self.states = list(match.states)
        self.moves = list(match.move_objs)
        self.index = 0
        self.host = BoardHost(app, self.game, self.states[0])
        self.view = self.host.view
        self.playing = True
        self.timer = 0.6
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self.b_first = self.ui.add(Button("|<", self.first, size=theme.FONT_SMALL, hotkey=""))
        self.b_prev = self.ui.add(Button("<", self.prev, size=theme.FONT_SMALL))
        self.b_play = self.ui.add(
            Button("Pause", self.toggle, size=theme.FONT_SMALL, accent=theme.ACCENT_2)
        )
        self.b_next = self.ui.add(Button(">", self.next, size=theme.FONT_SMALL))
        self.b_last = self.ui.add(Button(">|", self.last, size=theme.FONT_SMALL))
        self.b_back = self.ui.add(
            Button("Back", self.back, size=theme.FONT_SMALL, accent=theme.WARN)
        )
        self.ui.set_focus(self.b_play)

    def layout(self, size) -> None:
        w, h = size
        pad = theme.PAD
        bar_h = 56
        self.board_rect = pygame.Rect(
            pad,
            pad + line_height(theme.FONT_MEDIUM) + 8,
            w - 2 * pad,
            h - 3 * pad - bar_h - line_height(theme.FONT_MEDIUM) - 8,
        )
        self.host.layout(self.board_rect)
        buttons = [self.b_first, self.b_prev, self.b_play, self.b_next, self.b_last, self.b_back]
        bw = min(130, (w - 2 * pad - 5 * theme.GAP) // len(buttons))
        total = len(buttons) * bw + (len(buttons) - 1) * theme.GAP
        x = w // 2 - total // 2
        for b in buttons:
            b.rect = pygame.Rect(x, h - pad - bar_h + 6, bw, bar_h - 12)
            x += bw + theme.GAP

    def show(self, index: int, animate: bool) -> None:
        index = max(0, min(len(self.states) - 1, index))
        if index == self.index:
            return
        if animate and index == self.index + 1:
            self.host.show(self.states[index], self.moves[index - 1], animate=True)
        else:
            last = self.moves[index - 1] if index > 0 else None
            self.host.show(self.states[index], last, animate=False)
        self.index = index
        if not animate:
            self.app.play_sound("click")

    def first(self) -> None:
        self.playing = False
        self.show(0, False)

    def last(self) -> None:
        self.playing = False
        self.show(len(self.states) - 1, False)

    def prev(self) -> None:
        self.playing = False
        self.show(self.index - 1, False)

    def next(self) -> None:
        self.playing = False
        self.show(self.index + 1, True)

    def toggle(self) -> None:
        self.playing = not self.playing
        if self.playing and self.index >= len(self.states) - 1:
            self.show(0, False)
        self.timer = 0.3

    def back(self) -> None:
        if self.app.scene is self:
            self.app.pop()

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            k = event.key
            actions = {
                pygame.K_RIGHT: self.next,
                pygame.K_LEFT: self.prev,
                pygame.K_HOME: self.first,
                pygame.K_END: self.last,
                pygame.K_SPACE: self.toggle,
                pygame.K_ESCAPE: self.back,
                pygame.K_BACKSPACE: self.back,
            }
            if k in actions:
                actions[k]()
                return
        if event.type == pygame.MOUSEBUTTONDOWN and self.host.contains(event.pos):
            self.host.skip()
            return
        self.ui.handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.host.update(dt)
        self.b_play.label = "Pause" if self.playing else "Play"
        if self.playing and not self.view.animating:
            self.timer -= dt
            if self.timer <= 0:
                if self.index >= len(self.states) - 1:
                    self.playing = False
                else:
                    self.show(self.index + 1, True)
                    self.timer = self.STEP_TIME

    def draw(self, surface) -> None:
        draw_background(surface, self.app.time, glow=False)
        self.host.draw(surface)
        w, _ = surface.get_size()
        n = len(self.states) - 1
        label = (
            "Start position"
            if self.index == 0
            else f"Move {self.index} of {n}: {self.moves[self.index - 1]}"
        )
        heading(
            surface, f"Replay - {label}", (w // 2, theme.PAD), self.time, size=theme.FONT_MEDIUM
        )
        # a progress strip above the buttons
        y = self.b_play.rect.y - 8
        x0, x1 = theme.PAD * 2, w - theme.PAD * 2
        pygame.draw.line(surface, theme.PANEL_EDGE, (x0, y), (x1, y), 3)
        if n > 0:
            xx = x0 + (x1 - x0) * self.index // n
            pygame.draw.line(surface, theme.ACCENT_2, (x0, y), (xx, y), 3)
            pygame.draw.circle(surface, theme.ACCENT, (xx, y), 6)
        self.ui.draw(surface)
