"""Learn: every game's rules tour and exercises, with the player's progress in each.

One row per game that has a tour or exercises: its name, how many exercises are solved and
the stars earned ("7/10 solved, 18 of 30 stars"), and two buttons: the rules tour (watched)
and the exercises (played; they open at the first one not yet solved).  The progress is
read from the data folder each time the screen shows (``game.session.progress``); a file
that does not read is said once in a message.
"""

from __future__ import annotations

import math

import pygame

from game import catalog, rules, theme
from game.scenes.base import Scene, draw_background
from game.session import progress as progress_mod
from game.ui import flow
from game.ui.widgets import Button, draw_text, fit_text, line_height, panel

STAR_COLOUR = theme.WARN


def star_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A five-pointed star's outline."""
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return pts


class LearnScene(Scene):
    def __init__(self, app, game_id: str | None = None):
        super().__init__(app)
        self.rows: list[dict] = []
        for gid in rules.GAMES:
            tour = catalog.lessons(gid)
            exercises = catalog.exercises(gid)
            if not tour and not exercises:
                continue
            row = {"id": gid, "name": rules.get(gid).name or gid, "exercises": exercises}
            row["tour"] = self.ui.add(
                Button(
                    "Rules tour",
                    lambda g=gid: self.open_tour(g),
                    size=theme.FONT_SMALL,
                    accent=theme.ACCENT_2,
                )
            )
            row["tour"].enabled = bool(tour)
            row["try"] = self.ui.add(
                Button(
                    "Exercises",
                    lambda g=gid: self.open_exercises(g),
                    size=theme.FONT_SMALL,
                    accent=theme.GOOD,
                )
            )
            row["try"].enabled = bool(exercises)
            self.rows.append(row)
        self.b_back = self.ui.add(
            Button("Back", self.back, size=theme.FONT_SMALL, hotkey="Esc", accent=theme.WARN)
        )
        self.progress = progress_mod.Progress()
        self.note_said = False
        self.reload()
        focus = next((r["try"] for r in self.rows if r["id"] == game_id), None)
        self.ui.set_focus(focus or (self.rows[0]["try"] if self.rows else self.b_back))
        self.header_y = 0

    def reload(self) -> None:
        self.progress, note = progress_mod.load()
        if note and not self.note_said:
            self.note_said = True
            self.app.message(note, "warn", 5.0)

    def resume(self) -> None:
        self.reload()  # stars earned in the exercises just left
        super().resume()

    def counts(self, row) -> tuple[int, int, int]:
        """(solved, exercises, stars) of a row's game."""
        titles = [ex.title for ex in row["exercises"]]
        gid = row["id"]
        return (
            self.progress.solved(gid, titles),
            len(titles),
            self.progress.star_total(gid, titles),
        )

    def summary(self, row) -> str:
        solved, total, stars = self.counts(row)
        if not total:
            return "rules tour only"
        return f"{solved}/{total} solved, {stars} of {3 * total} stars"

    # --- actions ------------------------------------------------------------------------------
    def open_tour(self, gid: str) -> None:
        flow.push(self.app, "tour", gid)

    def open_exercises(self, gid: str) -> None:
        row = next(r for r in self.rows if r["id"] == gid)
        first = next(
            (i for i, ex in enumerate(row["exercises"]) if not self.progress.get(gid, ex.title)),
            0,
        )
        flow.push(self.app, "exercise", gid, first)

    def back(self) -> None:
        app = self.app
        if app.scene is self and len(app.scenes) > 1:
            app.pop()
            return
        flow.replace(app, "title")

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
            return
        super().handle_event(event)

    # --- the frame ------------------------------------------------------------------------------
    def layout(self, size) -> None:
        w, h = size
        self.header_y = theme.PAD + 8
        top = self.header_y + line_height(theme.FONT_LARGE) + line_height(theme.FONT_SMALL) + 16
        n = max(1, len(self.rows))
        bh = 40 if h >= 700 else 34
        row_h = max(bh + 16, min(max(92, h // 8), (h - top - bh - 3 * theme.PAD) // n))
        width = min(max(900, w // 2), w - 2 * theme.PAD)
        left = (w - width) // 2
        bw = min(170, width // 4)
        for i, row in enumerate(self.rows):
            rect = pygame.Rect(left, top + i * row_h, width, row_h - theme.GAP)
            row["rect"] = rect
            y = rect.centery - bh // 2
            row["try"].rect = pygame.Rect(rect.right - theme.PAD - bw, y, bw, bh)
            row["tour"].rect = pygame.Rect(rect.right - 2 * theme.PAD - 2 * bw + 6, y, bw, bh)
        self.b_back.rect = pygame.Rect(0, 0, 180, bh)
        self.b_back.rect.midbottom = (w // 2, h - theme.PAD)

    def draw(self, surface) -> None:
        draw_background(surface, self.app.time)
        w, _ = surface.get_size()
        draw_text(
            surface, "Learn", theme.FONT_LARGE, theme.ACCENT, (w // 2, self.header_y), "midtop"
        )
        draw_text(
            surface,
            "Watch a game's rules tour, then try its exercises on the board.",
            theme.FONT_SMALL,
            theme.TEXT_DIM,
            (w // 2, self.header_y + line_height(theme.FONT_LARGE) + 4),
            "midtop",
        )
        for row in self.rows:
            rect = row.get("rect")
            if rect is None:
                continue
            panel(surface, rect)
            text_w = row["tour"].rect.x - rect.x - 2 * theme.PAD
            x = rect.x + theme.PAD
            lh = line_height(theme.FONT_MEDIUM)
            y = rect.centery - (lh + line_height(theme.FONT_TINY)) // 2
            draw_text(
                surface,
                fit_text(row["name"], theme.FONT_MEDIUM, text_w),
                theme.FONT_MEDIUM,
                theme.TEXT,
                (x, y),
            )
            solved, total, stars = self.counts(row)
            colour = theme.GOOD if total and solved == total else theme.TEXT_DIM
            said = draw_text(
                surface,
                fit_text(self.summary(row), theme.FONT_TINY, text_w - 20),
                theme.FONT_TINY,
                colour,
                (x, y + lh),
            )
            if total:  # the star, drawn (the font may not have the glyph)
                r = max(5, said.height // 3)
                pts = star_points(said.right + 4 + r, said.centery, r)
                pygame.draw.polygon(surface, STAR_COLOUR if stars else theme.TEXT_DIM, pts)
            if total:  # a bar of the stars earned
                bar = pygame.Rect(x, rect.bottom - 9, max(10, text_w), 4)
                pygame.draw.rect(surface, theme.PANEL_EDGE, bar, border_radius=2)
                done = bar.copy()
                done.width = int(bar.width * stars / (3 * total))
                if done.width:
                    pygame.draw.rect(surface, STAR_COLOUR, done, border_radius=2)
        self.ui.draw(surface)
