"""Overlays: the pause menu (Esc in a game), the rules text, and the settings."""

from __future__ import annotations

import pygame

from game import catalog, theme
from game.scenes.base import Overlay
from game.session.settings import ANIMATION_SPEEDS, WINDOW_SIZES, speed_name
from game.ui import flow
from game.ui.widgets import (
    Button,
    Cycler,
    Slider,
    Toggle,
    draw_text,
    line_height,
    scrolls,
    wrap_text,
)


class PauseScene(Overlay):
    """Esc in a game: resume, restart, rules, settings, back to the menu."""

    title = "Paused"
    panel_size = (440, 590)

    def __init__(self, app, play_scene):
        super().__init__(app)
        self.play = play_scene
        self.buttons = [
            self.ui.add(Button("Resume", self.close)),
            self.ui.add(Button("Restart", self.restart)),
            self.ui.add(Button("Rules", self.rules)),
            self.ui.add(Button("Review the moves so far", self.review)),
            self.ui.add(Button("Load a game", self.load)),
            self.ui.add(Button("Settings", self.settings)),
            self.ui.add(Button("Analysis board", self.analyse)),
            self.ui.add(Button("Position editor", self.edit)),
            self.ui.add(Button("Main menu", self.menu, accent=theme.WARN)),
        ]
        self.ui.set_focus(self.buttons[0])

    def layout(self, size) -> None:
        super().layout(size)
        top = self.panel_rect.y + theme.PAD + line_height(theme.FONT_LARGE) + 24
        avail = self.panel_rect.bottom - theme.PAD - top
        bh = max(36, min(54, avail // len(self.buttons) - theme.GAP - 4))
        self.stack_buttons(self.buttons, top, bh)

    def restart(self) -> None:
        if getattr(self.play, "unfinished", False):
            flow.push(
                self.app,
                "confirm",
                "Start again?",
                "The moves of this game are lost: it starts again from its first position.",
                self._restart_now,
                yes="Start again",
                no="Keep playing",
            )
            return
        self._restart_now()

    def _restart_now(self) -> None:
        if self.app.scene is self:
            self.app.pop()
        self.play.restart()

    def rules(self) -> None:
        flow.push(self.app, "rules", self.play.game)

    def settings(self) -> None:
        flow.push(self.app, "settings")

    def review(self) -> None:
        """The review screen over the game (Back returns here, the game as it was)."""
        match = getattr(self.play, "match", None)
        if match is None or not match.ply:
            self.app.message("No moves to review yet.", "warn")
            return
        flow.push(self.app, "review", match)

    def analyse(self) -> None:
        """The analysis board over the game, its moves as the main line (Back returns)."""
        match = getattr(self.play, "match", None)
        if match is None:
            return
        flow.push(
            self.app,
            "analysis",
            match.game,
            match.states[0],
            match.moves,
            getattr(match, "variations", None),
            seats=[s.spec() for s in match.seats],
            match=match,
        )

    def edit(self) -> None:
        """The position editor, on the position of the game."""
        match = getattr(self.play, "match", None)
        if match is not None:
            flow.push(self.app, "editor", match.game, str(match.state))

    def menu(self) -> None:
        if getattr(self.play, "unfinished", False):
            where = (
                "Continue on the title screen brings it back."
                if self.app.persist
                else "It is not saved: press S in the game to save it first."
            )
            flow.push(
                self.app,
                "confirm",
                "Leave this game?",
                where,
                self.app.go_title,
                yes="Leave",
                no="Keep playing",
            )
            return
        self.app.go_title()

    def load(self) -> None:
        flow.push(self.app, "load")


class RulesScene(Overlay):
    """The game's rules summary, scrollable with the wheel or the arrow keys."""

    panel_size = (760, 560)

    def __init__(self, app, game):
        super().__init__(app)
        self.game = game
        self.title = f"How to play {game.name or game.id}"
        self.scroll = 0
        self.lines: list[str] = []
        self.text_rect = pygame.Rect(0, 0, 10, 10)
        self.legend_lines: list[str] = []
        self.legend_top = 0
        self.back = self.ui.add(Button("Back", self.close))
        self.tour_b = None
        if catalog.has_tour(game.id):
            self.tour_b = self.ui.add(
                Button("Watch the rules tour", self.tour, accent=theme.ACCENT_2)
            )
        self.ui.set_focus(self.back)

    def tour(self) -> None:
        flow.push(self.app, "tour", self.game.id)

    def layout(self, size) -> None:
        super().layout(size)
        r = self.panel_rect
        top = r.y + theme.PAD + line_height(theme.FONT_LARGE) + 20
        self.back.rect = pygame.Rect(0, 0, 180, 46)
        self.back.rect.midbottom = (r.centerx, r.bottom - theme.PAD)
        if self.tour_b is not None:
            tw = min(320, r.width - 4 * theme.PAD - 180 - theme.GAP)
            self.back.rect.x = r.centerx - (180 + theme.GAP + tw) // 2
            self.tour_b.rect = pygame.Rect(
                self.back.rect.right + theme.GAP, self.back.rect.y, tw, 46
            )
        width = r.width - 4 * theme.PAD
        legend = getattr(self.game, "notation_help", "")
        self.legend_lines = (
            wrap_text("Notation: " + legend, theme.FONT_TINY, width)[:4] if legend else []
        )
        top += len(self.legend_lines) * line_height(theme.FONT_TINY) + (8 if legend else 0)
        self.legend_top = r.y + theme.PAD + line_height(theme.FONT_LARGE) + 12
        # (the last line stays clear of the "wheel or arrows to scroll" hint under it)
        bottom = self.back.rect.y - theme.GAP - line_height(theme.FONT_TINY)
        self.text_rect = pygame.Rect(r.x + 2 * theme.PAD, top, width, bottom - top)
        text = self.game.rules_text or self.game.summary or "No rules text."
        self.lines = wrap_text(text, theme.FONT_SMALL, self.text_rect.width)
        scrolls(self.lines)
        self.scroll = max(0, min(self.scroll, self.max_scroll()))

    def max_scroll(self) -> int:
        lh = line_height(theme.FONT_SMALL)
        visible = max(1, self.text_rect.height // lh)
        return max(0, len(self.lines) - visible)

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.max_scroll(), self.scroll - event.y * 2))
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll = min(
                self.max_scroll(), self.scroll + (1 if event.key == pygame.K_DOWN else 8)
            )
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll = max(0, self.scroll - (1 if event.key == pygame.K_UP else 8))
            return
        super().handle_event(event)

    def draw_body(self, surface) -> None:
        y = self.legend_top
        for line in self.legend_lines:  # how moves are written, above the rules
            draw_text(surface, line, theme.FONT_TINY, theme.ACCENT_2, (self.text_rect.x, y))
            y += line_height(theme.FONT_TINY)
        lh = line_height(theme.FONT_SMALL)
        y = self.text_rect.y
        for line in self.lines[self.scroll :]:
            if y + lh > self.text_rect.bottom:
                break
            draw_text(surface, line, theme.FONT_SMALL, theme.TEXT, (self.text_rect.x, y))
            y += lh
        if self.max_scroll() > 0:
            draw_text(
                surface,
                "wheel or arrows to scroll",
                theme.FONT_TINY,
                theme.TEXT_DIM,
                (self.text_rect.right, self.back.rect.y - 2),
                "bottomright",
            )


class SettingsScene(Overlay):
    """Volume, mute, full screen, window size, animation speed, the computer's processes,
    how many finished games the archive keeps, and the coach against the computer."""

    title = "Settings"
    panel_size = (540, 590)
    update_below = True

    def __init__(self, app):
        super().__init__(app)
        self.volume = self.ui.add(Slider("Volume", app.volume, app.set_volume, label_width=150))
        self.mute = self.ui.add(
            Toggle("Sound", not app.muted, lambda on: app.set_muted(not on), label_width=150)
        )
        self.full = self.ui.add(Toggle("Full screen", app.fullscreen, self._full, label_width=150))
        self.sizes = self._window_sizes()
        self.window = self.ui.add(
            Cycler(
                "Window",
                self.sizes,
                self.sizes.index(tuple(app.windowed_size)),
                on_change=app.set_window_size,
                fmt=lambda s: f"{s[0]} x {s[1]}",
                label_width=150,
            )
        )
        names = list(ANIMATION_SPEEDS)  # none, fast, normal, slow
        self.anim = self.ui.add(
            Cycler(
                "Animations",
                names,
                names.index(speed_name(app.animation_speed)),
                on_change=lambda name: app.set_animation_speed(ANIMATION_SPEEDS[name]),
                fmt=str.capitalize,
            )
        )
        self.anim.label_width = 150
        self.contrast = self.ui.add(
            Cycler(
                "Contrast",
                list(theme.CONTRASTS),
                list(theme.CONTRASTS).index(theme.contrast),
                on_change=app.set_contrast,
                fmt=str.capitalize,
            )
        )
        self.contrast.label_width = 150
        # the processes the computer thinks in: automatic (the cores less one) or 1..cores;
        # a running worker takes the new count from its next request on
        from game.session import settings as settings_mod

        counts = [None, *range(1, settings_mod.cores() + 1)]
        auto = settings_mod.auto_processes()

        def plural(n: int) -> str:
            return f"{n} process" if n == 1 else f"{n} processes"

        self.procs = self.ui.add(
            Cycler(
                "Computer",
                counts,
                counts.index(app.settings.ai_processes)
                if app.settings.ai_processes in counts
                else len(counts) - 1,
                on_change=self._processes,
                fmt=lambda v: f"auto ({plural(auto)})" if v is None else plural(v),
            )
        )
        self.procs.label_width = 150
        # finished games are archived without asking; keep all (the default) or the newest
        from game.session import keeping

        limits = list(keeping.ARCHIVE_LIMITS)
        limit = app.settings.archive_limit
        if limit not in limits:
            limits.append(limit)
        self.archive = self.ui.add(
            Cycler(
                "Archive",
                limits,
                limits.index(limit),
                on_change=self._archive,
                fmt=lambda v: "every finished game" if v is None else f"the newest {v} games",
            )
        )
        self.archive.label_width = 150
        # the coach: against the computer, a mistake is offered back before the reply
        self.coach = self.ui.add(Toggle("Coach", app.settings.coach, self._coach, label_width=150))
        self.back = self.ui.add(Button("Back", self.close))
        self.ui.set_focus(self.volume)

    def exit(self) -> None:
        self.app.remember()

    def _window_sizes(self) -> list:
        """The window sizes offered: the presets that fit the screen (800 x 600 always)
        and the window's own size when it is none of them."""
        try:
            desk = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError, AttributeError):
            desk = None
        sizes = [
            s
            for s in WINDOW_SIZES
            if s == WINDOW_SIZES[0] or not desk or (s[0] <= desk[0] and s[1] <= desk[1])
        ]
        now = tuple(self.app.windowed_size)
        if now not in sizes:
            sizes = sorted([*sizes, now])
        return sizes

    def _processes(self, count) -> None:
        self.app.settings.ai_processes = count
        worker = self.app.live_ai()
        if worker is not None and hasattr(worker, "set_processes"):
            worker.set_processes(self.app.settings.processes())
        self.app.remember()

    def _archive(self, limit) -> None:
        from game.session import keeping

        self.app.settings.archive_limit = limit
        self.app.remember()
        keeping.prune_archive(self.app)

    def _coach(self, on: bool) -> None:
        self.app.settings.coach = bool(on)
        self.app.remember()

    def _full(self, on: bool) -> None:
        if on != self.app.fullscreen:
            self.app.toggle_fullscreen()

    def layout(self, size) -> None:
        super().layout(size)
        r = self.panel_rect
        x = r.x + 2 * theme.PAD
        w = r.width - 4 * theme.PAD
        y = r.y + theme.PAD + line_height(theme.FONT_LARGE) + 30
        self.back.rect = pygame.Rect(0, 0, 200, 50)
        self.back.rect.midbottom = (r.centerx, r.bottom - theme.PAD - 4)
        rows = (
            self.volume,
            self.mute,
            self.full,
            self.window,
            self.anim,
            self.contrast,
            self.procs,
            self.archive,
            self.coach,
        )
        step = max(44, min(58, (self.back.rect.y - theme.GAP - y) // len(rows)))
        for wdg in rows:
            wdg.rect = pygame.Rect(x, y, w, min(48, step - 6))
            y += step

    def update(self, dt: float) -> None:
        super().update(dt)
        # keys pressed elsewhere (M, F11) keep the switches honest
        self.mute.set_value(not self.app.muted)
        self.full.set_value(self.app.fullscreen)
        self.window.set_value(tuple(self.app.windowed_size))  # a dragged edge, too


class ConfirmScene(Overlay):
    """Asks once before something that cannot be taken back (throwing a game away,
    resigning, deleting a file).  Its buttons wake only after a moment, so the second
    click of a double click, or a held Enter, cannot answer it; Esc or "No" keeps things
    as they were."""

    panel_size = (560, 300)
    ARM_TIME = 0.45

    def __init__(
        self, app, question: str, detail: str, on_yes, yes: str = "Yes", no: str = "No, go back"
    ):
        super().__init__(app)
        self.title = question
        self.detail = detail
        self.on_yes = on_yes
        self.b_no = self.ui.add(Button(no, self.close, accent=theme.GOOD))
        self.b_yes = self.ui.add(Button(yes, self.confirm, accent=theme.BAD, destructive=True))
        self.ui.set_focus(self.b_no)
        self.lines: list[str] = []

    @property
    def armed(self) -> bool:
        return self.time >= self.ARM_TIME

    def confirm(self) -> None:
        if not self.armed:
            return
        self.close()
        self.on_yes()

    def layout(self, size) -> None:
        super().layout(size)
        r = self.panel_rect
        bw = (r.width - 4 * theme.PAD - theme.GAP) // 2
        y = r.bottom - theme.PAD - 52
        self.b_no.rect = pygame.Rect(r.x + 2 * theme.PAD, y, bw, 52)
        self.b_yes.rect = pygame.Rect(self.b_no.rect.right + theme.GAP, y, bw, 52)
        self.lines = wrap_text(self.detail, theme.FONT_SMALL, r.width - 4 * theme.PAD)

    def handle_event(self, event) -> None:
        if (
            not self.armed
            and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)
            and not (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE)
        ):
            return  # too soon: the tail of the click that opened it
        super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.b_yes.enabled = self.b_no.enabled = self.armed

    def draw_body(self, surface) -> None:
        r = self.panel_rect
        y = r.y + theme.PAD + line_height(theme.FONT_LARGE) + 20
        for line in self.lines[:4]:
            draw_text(surface, line, theme.FONT_SMALL, theme.TEXT, (r.x + 2 * theme.PAD, y))
            y += line_height(theme.FONT_SMALL)
