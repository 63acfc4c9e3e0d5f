"""The title: the name, animated, over a computer-vs-computer game (attract mode)."""

from __future__ import annotations

import math

import pygame

from game import catalog, rules, theme
from game.board_host import BoardHost
from game.scenes.base import Scene, draw_background
from game.session import keeping, progress
from game.session.match import Match
from game.session.seats import Seat
from game.ui import flow, opening, widgets
from game.ui.widgets import Button, dim, draw_text, line_height, text_size, text_surface

ATTRACT_SPEC = {"time_limit": 0.25}  # the attract game thinks briefly
ATTRACT_RESTART = 3.0  # seconds of the final position before a new game
ATTRACT_CAP = 80  # moves (rows of the move list), as the move cap counts them


class Attract:
    """A computer-vs-computer game that plays itself behind a menu, for ever."""

    def __init__(self, app, game_id: str | None = None):
        self.app = app
        self.game_id = game_id
        self.match: Match | None = None
        self.host: BoardHost | None = None
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.fade = 0.0
        self.end_timer = 0.0
        self.failed = False

    def _new_match(self) -> None:
        ids = list(rules.GAMES)
        if not ids:
            self.failed = True
            return
        if self.game_id in ids:
            gid = self.game_id
        else:  # prefer games with a board of their own over the generic view
            drawn = [e.id for e in catalog.entries() if e.has_view]
            gid = self.app.rng.choice(drawn or ids)
        self.failed = True  # until it is built: a game that cannot start stays off
        had = self.match is not None
        self.match = self.host = None
        if had:  # free the finished game's board now (App.collect_garbage)
            self.app.collect_garbage()
        game = rules.get(gid)
        self.match = self.app.new_match(
            game,
            {},
            [Seat("computer", "easy")] * 2,
            move_cap=ATTRACT_CAP,
            think_delay=theme.DEMO_DELAY,
            spec_overrides=ATTRACT_SPEC,
        )
        self.host = BoardHost(self.app, game, match=self.match, quiet=True)
        self.host.layout(self.rect)
        self.failed = False
        self.end_timer = 0.0

    def layout(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        if self.host is not None:
            self.host.layout(self.rect)

    def update(self, dt: float) -> None:
        if self.failed:
            return
        if self.match is None:
            if not self.app.ai_ready:  # wait for the first frame to be on screen
                return
            self._new_match()
            if self.match is None:
                return
        self.fade = min(1.0, self.fade + dt / 1.2)
        m = self.match
        self.host.update(dt)
        m.update(dt)
        m.pop_events()
        if m.over and not self.host.animating:
            self.end_timer += dt
            if self.end_timer >= ATTRACT_RESTART:
                m.cancel()
                self._new_match()

    def stop(self) -> None:
        if self.match is not None:
            self.match.cancel()

    def draw(self, surface) -> None:
        if self.host is None:
            return
        below = widgets.layer()
        widgets.set_layer((below, "attract"))  # a dimmed picture under the menu
        self.host.draw(surface)
        widgets.set_layer(below)


def learn_label() -> str:
    """The Learn button's label, with the exercises solved when there are any."""
    stars, _ = progress.load()  # a file that does not read is said on the Learn screen
    total = solved = 0
    for gid in rules.GAMES:
        titles = [ex.title for ex in catalog.exercises(gid)]
        total += len(titles)
        solved += stars.solved(gid, titles)
    return f"Learn  ({solved}/{total} solved)" if solved else "Learn"


class TitleScene(Scene):
    """Play, Learn, Load, Watch a demo, Settings, Quit; arrows and Enter work too."""

    def __init__(self, app, attract_game: str | None = None):
        super().__init__(app)
        self.attract = Attract(app, attract_game)
        # the newest unfinished game, to continue; its slot is kept when there is none,
        # so the buttons stand in the same places either way
        found = keeping.newest_in_progress(app)
        self.saved_path, self.saved = found if found else (None, None)
        others = len(keeping.in_progress_paths()) - 1 if found else 0
        self.more_note = (
            f"{others} more game{'s' if others > 1 else ''} in progress: Load a game"
            if others > 0
            else ""
        )
        self.b_continue = None
        self.buttons = []
        if self.saved is not None:
            self.b_continue = self.ui.add(
                Button(keeping.continue_label(self.saved), self.resume_saved, accent=theme.GOOD)
            )
            self.buttons.append(self.b_continue)
        self.buttons += [
            self.ui.add(Button("Play", self.play)),
            self.ui.add(Button(learn_label(), self.learn, accent=theme.GOOD)),
            self.ui.add(Button("Puzzles", self.puzzles, accent=theme.ACCENT_2)),
            self.ui.add(Button("Load a game", self.load)),
            self.ui.add(Button("Watch a demo", self.demo, accent=theme.ACCENT_2)),
            self.ui.add(Button("Settings", self.settings, accent=theme.WARN)),
            self.ui.add(Button("Quit", self.app.request_quit, accent=theme.BAD)),
        ]
        self.ui.set_focus(self.buttons[0])
        self.title_y = 0
        self.veil_alpha = 150

    def layout(self, size) -> None:
        w, h = size
        self.attract.layout(pygame.Rect(theme.PAD, theme.PAD, w - 2 * theme.PAD, h - 2 * theme.PAD))
        self.title_y = int(h * 0.08)
        bw = min(440 if w >= 1000 else 360, w - 4 * theme.PAD)
        n = 8  # Continue's slot is reserved
        gap = theme.GAP + (6 if h >= 700 else 2)
        top = self.title_y + 2 * line_height(theme.FONT_HUGE) + (40 if h >= 700 else 16)
        bh = max(38, min(56 if h >= 700 else 48, (h - 44 - top) // n - gap))
        top = min(top, h - n * (bh + gap) - 40)
        first = n - len(self.buttons)
        for i, b in enumerate(self.buttons, first):
            b.rect = pygame.Rect(0, 0, bw, bh)
            b.rect.midtop = (w // 2, top + i * (bh + gap))

    def exit(self) -> None:
        self.attract.stop()

    def pause(self) -> None:
        pass  # the attract game goes on under Settings

    def play(self) -> None:
        flow.replace(self.app, "select")

    def learn(self) -> None:
        flow.replace(self.app, "learn")

    def puzzles(self) -> None:
        flow.replace(self.app, "puzzles")

    def resume_saved(self) -> None:
        if self.saved is not None:
            opening.open_record(self.app, self.saved, self.saved_path)

    def load(self) -> None:
        flow.push(self.app, "load")

    def handle_event(self, event) -> None:
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_v
            and getattr(event, "mod", 0) & pygame.KMOD_CTRL
        ):
            opening.paste(self.app)
            return
        super().handle_event(event)

    def demo(self) -> None:
        gid = None
        if self.attract.match is not None:
            gid = self.attract.match.game.id
        flow.replace(self.app, "demo", gid)

    def settings(self) -> None:
        flow.push(self.app, "settings")

    def update(self, dt: float) -> None:
        super().update(dt)
        self.attract.update(dt)

    def draw(self, surface) -> None:
        draw_background(surface, self.app.time)
        if self.attract.match is not None:
            self.attract.draw(surface)
            dim(surface, int(255 - (255 - self.veil_alpha) * theme.ease_in_out(self.attract.fade)))
        self.draw_title(surface)
        self.ui.draw(surface)
        w, h = surface.get_size()
        if self.more_note:  # on a plate of its own, over the attract board's labels
            tw, th = text_size(self.more_note, theme.FONT_TINY)
            plate = pygame.Rect(0, 0, tw + 2 * theme.GAP, th + 4)
            plate.midbottom = (w // 2, h - 12 - line_height(theme.FONT_TINY))
            pygame.draw.rect(surface, theme.BG, plate, border_radius=theme.RADIUS)
            draw_text(surface, self.more_note, theme.FONT_TINY, theme.GOOD, plate.center, "center")
        draw_text(
            surface,
            "arrows + Enter  |  M mute  |  F11 full screen",
            theme.FONT_TINY,
            theme.TEXT_DIM,
            (w // 2, h - 10),
            "midbottom",
        )
        if self.attract.match is not None:
            m = self.attract.match
            draw_text(
                surface,
                f"Now playing: {m.game.name}",
                theme.FONT_TINY,
                theme.TEXT_DIM,
                (w - theme.PAD, h - 10),
                "bottomright",
            )

    def draw_title(self, surface) -> None:
        w, _ = surface.get_size()
        t = self.time
        appear = theme.ease_out_back(min(1.0, t / 0.9))
        for row, (word, base) in enumerate((("ABSTRACT", theme.TEXT), ("ARCADE", theme.ACCENT))):
            size = theme.FONT_HUGE
            letters = [text_surface(ch, size, base) for ch in word]
            shadows = [text_surface(ch, size, theme.BG_GLOW) for ch in word]
            spacing = 6
            total = sum(s.get_width() for s in letters) + spacing * (len(word) - 1)
            x = w // 2 - total // 2
            y0 = self.title_y + row * (line_height(size) - 6)
            for i, (s, sh) in enumerate(zip(letters, shadows, strict=False)):
                phase = t * 3.0 - i * 0.45 - row * 1.3
                dy = -8 * max(0.0, math.sin(phase)) ** 3
                drop = (1 - appear) * (-120 - 20 * i)
                y = int(y0 + dy + drop)
                surface.blit(sh, (x + 5, y + 6))
                if row == 1:
                    s = text_surface(word[i], size, _quant(_cycle(t * 0.6 + i * 0.35)))
                surface.blit(s, (x, y))
                x += s.get_width() + spacing


_CYCLE = (theme.ACCENT, theme.WARN, theme.ACCENT_2, theme.colour("blue")["edge"])


def _cycle(x: float):
    """A colour moving smoothly round the arcade palette (x: turns of a quarter)."""
    i = int(math.floor(x)) % len(_CYCLE)
    return theme.mix(_CYCLE[i], _CYCLE[(i + 1) % len(_CYCLE)], theme.ease_in_out(x % 1.0))


def _quant(col, step: int = 24):
    """Round a colour so the text cache sees few distinct colours."""
    return tuple(min(255, int(round(c / step)) * step) for c in col)
