"""The Load screen: saved games and the game in progress, newest first, with a preview.

Each row says the game, when it was saved, who played, how many moves and how it stands;
the selected one is drawn on its own board beside the list.  Open continues it (a
finished game opens on its result), Delete removes the file after asking.  A file that
does not read is listed with the reason and can only be deleted.  Up/Down choose, Enter
opens, Delete deletes, Esc goes back.
"""

from __future__ import annotations

import os
import time

import pygame

from game import catalog, flow, keeping, storage, theme
from game.scenes.base import Scene, draw_background, heading
from game.widgets import Button, draw_text, fit_text, line_height, note_blit, panel

ROW_H = 64
TOP = 8  # room above the first row


def _when(entry) -> str:
    """When the game was saved, as a person reads it."""
    if entry.date is not None:
        return entry.date.strftime("%Y-%m-%d %H:%M")
    if entry.modified:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.modified))
    return ""


class LoadScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.entries: list = []
        self.index = 0
        self.scroll = 0
        self.list_rect = pygame.Rect(0, 0, 10, 10)
        self.side_rect = pygame.Rect(0, 0, 10, 10)
        self.preview_rect = pygame.Rect(0, 0, 10, 10)
        self.preview = None
        self.preview_key = None
        self.b_open = self.ui.add(Button("Open", self.open, accent=theme.GOOD))
        self.b_delete = self.ui.add(
            Button("Delete", self.delete, size=theme.FONT_SMALL, accent=theme.BAD)
        )
        self.b_back = self.ui.add(
            Button("Back", self.back, size=theme.FONT_SMALL, accent=theme.WARN)
        )
        self.ui.set_focus(self.b_open)
        self.refresh()

    # --- the list ---------------------------------------------------------------------------
    def refresh(self) -> None:
        self.entries = keeping.saved_games()
        self.index = max(0, min(self.index, len(self.entries) - 1))
        self.preview_key = None

    @property
    def current(self):
        return self.entries[self.index] if self.entries else None

    def select(self, i: int) -> None:
        if self.entries:
            self.index = max(0, min(i, len(self.entries) - 1))
            rows = self.rows_visible()
            if self.index < self.scroll:
                self.scroll = self.index
            elif self.index >= self.scroll + rows:
                self.scroll = self.index - rows + 1

    def rows_visible(self) -> int:
        return max(1, (self.list_rect.height - 2 * TOP) // ROW_H)

    # --- actions ------------------------------------------------------------------------------
    def open(self) -> None:
        e = self.current
        if e is None:
            self.app.message("There is no saved game yet: S saves a game in play.", "warn", 3.0)
            return
        if e.error:
            self.app.message(f"{e.path}: {e.error}", "bad", 6.0)
            return
        keeping.open_file(self.app, e.path)

    def delete(self) -> None:
        e = self.current
        if e is None:
            return
        name = os.path.basename(e.path)
        flow.push(
            self.app,
            "confirm",
            "Delete this game?",
            f"{name} is removed from {os.path.dirname(e.path)} for good.",
            lambda: self._delete_now(e.path),
            yes="Delete",
            no="Keep it",
        )

    def _delete_now(self, path: str) -> None:
        try:
            os.remove(path)
        except FileNotFoundError:
            pass
        except OSError as exc:
            self.app.message(f"Could not delete {path}: {exc.strerror or exc}", "bad", 5.0)
            return
        self.app.message(f"Deleted {path}", "info", 3.0)
        self.refresh()

    def back(self) -> None:
        if self.app.scene is self:
            if len(self.app.scenes) > 1:
                self.app.pop()
            else:
                self.app.go_title()

    # --- layout and events ---------------------------------------------------------------------
    def layout(self, size) -> None:
        w, h = size
        pad = theme.PAD
        top = pad + line_height(theme.FONT_LARGE) + 18
        lw = max(360, int(w * 0.55))
        self.list_rect = pygame.Rect(pad, top, lw, h - top - pad)
        self.side_rect = pygame.Rect(
            self.list_rect.right + pad, top, w - lw - 3 * pad, h - top - pad
        )
        inner = self.side_rect.inflate(-2 * pad, -2 * pad)
        bh = 48
        self.b_back.rect = pygame.Rect(
            inner.x, inner.bottom - bh, (inner.width - theme.GAP) // 2, bh
        )
        self.b_delete.rect = pygame.Rect(
            self.b_back.rect.right + theme.GAP,
            inner.bottom - bh,
            inner.width - self.b_back.rect.width - theme.GAP,
            bh,
        )
        self.b_open.rect = pygame.Rect(
            inner.x, self.b_back.rect.y - theme.GAP - 56, inner.width, 56
        )
        side = min(inner.width, self.b_open.rect.y - inner.y - 5 * line_height(theme.FONT_TINY))
        self.preview_rect = pygame.Rect(
            inner.x + (inner.width - side) // 2, inner.y, max(0, side), max(0, side)
        )
        self.preview_key = None
        self.select(self.index)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k == pygame.K_ESCAPE:
                self.back()
                return
            if k in (pygame.K_UP, pygame.K_DOWN):
                self.select(self.index + (1 if k == pygame.K_DOWN else -1))
                return
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.ui.focused is None:
                self.open()
                return
            if k == pygame.K_DELETE:
                self.delete()
                return
        if event.type == pygame.MOUSEWHEEL and self.list_rect.collidepoint(pygame.mouse.get_pos()):
            most = max(0, len(self.entries) - self.rows_visible())
            self.scroll = max(0, min(most, self.scroll - event.y))
            return
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and getattr(event, "button", 1) == 1
            and self.list_rect.collidepoint(event.pos)
        ):
            i = self.scroll + (event.pos[1] - self.list_rect.y - TOP) // ROW_H
            if 0 <= i < len(self.entries):
                if i == self.index and getattr(event, "clicks", 1) >= 2:
                    self.open()
                self.select(i)
            return
        self.ui.handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        e = self.current
        self.b_open.enabled = e is not None and not e.error
        self.b_delete.enabled = e is not None
        self._refresh_preview()

    def _refresh_preview(self) -> None:
        """Draw the selected game's final position into the preview (once per choice)."""
        e = self.current
        key = (None if e is None else e.path, self.preview_rect.size)
        if key == self.preview_key:
            return
        self.preview_key = key
        self.preview = None
        state = e.final if e is not None else None
        r = self.preview_rect
        if state is None or r.width < 16:
            return
        surf = pygame.Surface(r.size, pygame.SRCALPHA)
        view = catalog.view_for(state.game, state)
        view.layout(pygame.Rect(0, 0, r.width, r.height))
        view.skip_animation()
        view.draw(surf)
        self.preview = surf

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, surface) -> None:
        draw_background(surface, self.app.time)
        w, _ = surface.get_size()
        heading(surface, "Saved games", (w // 2, theme.PAD), self.time)
        panel(surface, self.list_rect)
        panel(surface, self.side_rect)
        self.draw_list(surface)
        self.draw_side(surface)
        self.ui.draw(surface)

    def draw_list(self, surface) -> None:
        r = self.list_rect
        if not self.entries:
            draw_text(
                surface,
                "No saved games yet.",
                theme.FONT_SMALL,
                theme.TEXT,
                (r.x + theme.PAD, r.y + theme.PAD),
            )
            draw_text(
                surface,
                fit_text(
                    f"Games are kept in {storage.data_dir()}",
                    theme.FONT_TINY,
                    r.width - 2 * theme.PAD,
                ),
                theme.FONT_TINY,
                theme.TEXT_DIM,
                (r.x + theme.PAD, r.y + theme.PAD + line_height(theme.FONT_SMALL)),
            )
            return
        clip = surface.get_clip()
        surface.set_clip(r.inflate(-4, -4))
        x = r.x + theme.PAD
        width = r.width - 2 * theme.PAD
        for row, e in enumerate(self.entries[self.scroll : self.scroll + self.rows_visible()]):
            i = self.scroll + row
            y = r.y + TOP + row * ROW_H
            box = pygame.Rect(r.x + 4, y + 3, r.width - 8, ROW_H - 6)
            if i == self.index:
                pygame.draw.rect(
                    surface,
                    theme.mix(theme.PANEL, theme.ACCENT, 0.25),
                    box,
                    border_radius=theme.RADIUS,
                )
                pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=theme.RADIUS)
            error = e.error
            auto = os.path.abspath(e.path) == str(storage.autosave_path())
            title = e.game_name or e.game_id or os.path.basename(e.path)
            if auto:
                title += "  (in progress)"
            draw_text(
                surface,
                fit_text(title, theme.FONT_SMALL, width * 2 // 3),
                theme.FONT_SMALL,
                theme.BAD if error else theme.TEXT,
                (x, y + 6),
            )
            draw_text(
                surface,
                fit_text(_when(e), theme.FONT_TINY, width // 3),
                theme.FONT_TINY,
                theme.TEXT_DIM,
                (r.right - theme.PAD, y + 9),
                "topright",
            )
            if error:
                line = f"{os.path.basename(e.path)}: {error}"
            else:
                line = f"{e.seats}  -  {e.moves} moves  -  {e.result}"
            draw_text(
                surface,
                fit_text(line, theme.FONT_TINY, width),
                theme.FONT_TINY,
                theme.TEXT_DIM,
                (x, y + 6 + line_height(theme.FONT_SMALL)),
            )
        surface.set_clip(clip)

    def draw_side(self, surface) -> None:
        e = self.current
        r = self.preview_rect
        if self.preview is not None:
            surface.blit(self.preview, r)
            note_blit(surface, self.preview, r)
        else:
            pygame.draw.rect(surface, theme.BOARD, r, border_radius=theme.RADIUS)
        if e is None:
            return
        inner = self.side_rect.inflate(-2 * theme.PAD, -2 * theme.PAD)
        y = r.bottom + 6
        lines = [os.path.basename(e.path), os.path.dirname(e.path)]
        for text in lines:
            draw_text(
                surface,
                fit_text(text, theme.FONT_TINY, inner.width),
                theme.FONT_TINY,
                theme.TEXT_DIM,
                (inner.x, y),
            )
            y += line_height(theme.FONT_TINY)
