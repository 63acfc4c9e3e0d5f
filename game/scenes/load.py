"""The Load screen: every kept game -- the games in progress, the games the player saved
and the archive of finished games -- newest first, with a preview and filters.

Each row says the game, when it was saved, who played, how many moves and how it stands;
the selected one is drawn on its own board beside the list.  Open continues it (a
finished game opens on its result), Delete removes the file after asking.  A file that
does not read is listed with the reason and can only be deleted.  The filters above the
list choose the game, the result, the opponent and where it is kept.  The files are read
in a thread (``keeping.SummaryReader``): the screen opens at once and fills as they come.
Up/Down choose, Enter opens, Delete deletes, Tab reaches the filters, Esc goes back.
"""

from __future__ import annotations

import os
import time

import pygame

from game import catalog, rules, theme
from game.scenes.base import Scene, draw_background, heading
from game.session import keeping, storage, turns
from game.session.seats import LEVELS
from game.ui import flow, opening
from game.ui.widgets import Button, Cycler, draw_text, fit_text, line_height, note_blit, panel

ROW_H = 64
TOP = 8  # room above the first row
FILTER_H = 40

RESULT_NAMES = {
    None: "Any result",
    "won": "Won",
    "lost": "Lost",
    "drawn": "Drawn",
    "unfinished": "Unfinished",
}
KIND_NAMES = {
    None: "Kept anywhere",
    keeping.IN_PROGRESS: "In progress",
    keeping.SAVED: "Saved by you",
    keeping.ARCHIVE: "Archive",
}


def _against_name(value) -> str:
    if value is None:
        return "Any opponent"
    if value == "human":
        return "vs human"
    if value == "computer":
        return "vs computer"
    return "vs " + value.partition(":")[2].capitalize()


def _game_name(gid) -> str:
    if gid is None:
        return "All games"
    try:
        return rules.get(gid).name or gid
    except (KeyError, ValueError):
        return gid


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
        self.entries: list = []  # every game read so far, newest first
        self.shown: list = []  # those the filters let through
        self.index = 0
        self.scroll = 0
        self.list_rect = pygame.Rect(0, 0, 10, 10)
        self.rows_rect = pygame.Rect(0, 0, 10, 10)
        self.side_rect = pygame.Rect(0, 0, 10, 10)
        self.preview_rect = pygame.Rect(0, 0, 10, 10)
        self.preview = None
        self.preview_key = None
        self.reader = None
        self.f_game = self.ui.add(
            Cycler("Game", [None, *rules.GAMES], 0, self._filtered, fmt=_game_name)
        )
        self.f_result = self.ui.add(
            Cycler("Result", list(RESULT_NAMES), 0, self._filtered, fmt=RESULT_NAMES.get)
        )
        self.f_against = self.ui.add(
            Cycler(
                "Against",
                [None, "human", "computer", *(f"computer:{lv}" for lv in LEVELS)],
                0,
                self._filtered,
                fmt=_against_name,
            )
        )
        self.f_kind = self.ui.add(
            Cycler("Kept", list(KIND_NAMES), 0, self._filtered, fmt=KIND_NAMES.get)
        )
        self.filters = [self.f_game, self.f_result, self.f_against, self.f_kind]
        for f in self.filters:
            f.label_width = 0  # the value says what it is
        self.b_open = self.ui.add(Button("Open", self.open, accent=theme.GOOD))
        self.b_delete = self.ui.add(
            Button("Delete", self.delete, size=theme.FONT_SMALL, accent=theme.BAD, destructive=True)
        )
        self.b_back = self.ui.add(
            Button("Back", self.back, size=theme.FONT_SMALL, accent=theme.WARN)
        )
        self.ui.set_focus(self.b_open)
        self.refresh()

    # --- the list ---------------------------------------------------------------------------
    def refresh(self) -> None:
        """List the kept games again; their files are read in a thread (``update`` takes
        them as they come)."""
        if self.reader is not None:
            self.reader.stop()
        self.entries = []
        self.reader = keeping.SummaryReader(keeping.kept_files()).start()
        self._filtered()

    @property
    def reading(self) -> bool:
        return self.reader is not None

    def take_read(self) -> None:
        """Add what the reader has read since the last frame (keeping the choice)."""
        reader = self.reader
        if reader is None:
            return
        new = reader.take()
        if new:
            self.entries = keeping.sort_newest(self.entries + new)
            self._filtered()
        if reader.done:
            self.reader = None

    def wait_read(self, timeout: float = 60.0) -> None:
        """Read every file now (tests, and the command line)."""
        if self.reader is not None:
            self.reader.join(timeout)
            self.take_read()

    def _filtered(self, *_) -> None:
        keep = self.current.path if self.current is not None else None
        self.shown = [
            e
            for e in self.entries
            if keeping.passes(
                e,
                game=self.f_game.value,
                result=self.f_result.value,
                against=self.f_against.value,
                kind=self.f_kind.value,
            )
        ]
        at = next((i for i, e in enumerate(self.shown) if e.path == keep), None)
        self.select(self.index if at is None else at)

    @property
    def current(self):
        shown = getattr(self, "shown", [])
        return shown[self.index] if shown and self.index < len(shown) else None

    def select(self, i: int) -> None:
        if not self.shown:
            self.index = self.scroll = 0
            return
        if i != self.index and self.ui.focused is self.b_delete:
            self.ui.set_focus(self.b_open)  # another game: Delete lets go of the focus
        self.index = max(0, min(i, len(self.shown) - 1))
        rows = self.rows_visible()
        if self.index < self.scroll:
            self.scroll = self.index
        elif self.index >= self.scroll + rows:
            self.scroll = self.index - rows + 1
        self.scroll = max(0, min(self.scroll, len(self.shown) - rows))

    def rows_visible(self) -> int:
        room = self.rows_rect.height - 2 * TOP - line_height(theme.FONT_TINY)  # the status
        return max(1, room // ROW_H)

    # --- actions ------------------------------------------------------------------------------
    def open(self) -> None:
        e = self.current
        if e is None:
            if self.reading:
                self.app.message("Still reading the saved games...", "info", 2.0)
            elif self.entries:
                self.app.message("No game passes these filters.", "warn", 3.0)
            else:
                self.app.message("There is no saved game yet: S saves a game in play.", "warn", 3.0)
            return
        if e.error:
            self.app.message(f"{e.path}: {e.error}", "bad", 6.0)
            return
        opening.open_file(self.app, e.path)

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
        self.entries = [e for e in self.entries if e.path != path]
        self._filtered()
        self.ui.set_focus(self.b_open)

    def exit(self) -> None:
        if self.reader is not None:
            self.reader.stop()

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
        # the filters across the top of the list: one row when they fit, else two
        inner_w = lw - 2 * theme.GAP
        per_row = 4 if inner_w >= 4 * 230 else 2
        fw = (inner_w - (per_row - 1) * theme.GAP) // per_row
        for i, f in enumerate(self.filters):
            row, col = divmod(i, per_row)
            f.rect = pygame.Rect(
                self.list_rect.x + theme.GAP + col * (fw + theme.GAP),
                self.list_rect.y + theme.GAP + row * (FILTER_H + 4),
                fw,
                FILTER_H,
            )
        below = self.filters[-1].rect.bottom + 4
        self.rows_rect = pygame.Rect(pad, below, lw, self.list_rect.bottom - below)
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
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.ui.focused in (
                None,
                self.b_open,
            ):
                self.open()  # on a file that does not read: says why, the focus stays
                return
            if k == pygame.K_DELETE:
                self.delete()
                return
        if event.type == pygame.MOUSEWHEEL and self.rows_rect.collidepoint(pygame.mouse.get_pos()):
            most = max(0, len(self.shown) - self.rows_visible())
            self.scroll = max(0, min(most, self.scroll - event.y))
            return
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and getattr(event, "button", 1) == 1
            and self.rows_rect.collidepoint(event.pos)
        ):
            i = self.scroll + (event.pos[1] - self.rows_rect.y - TOP) // ROW_H
            if 0 <= i < len(self.shown):
                if i == self.index and getattr(event, "clicks", 1) >= 2:
                    self.open()
                self.select(i)
            return
        self.ui.handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.take_read()
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
        heading(surface, "Your games", (w // 2, theme.PAD), self.time)
        panel(surface, self.list_rect)
        panel(surface, self.side_rect)
        self.draw_list(surface)
        self.draw_side(surface)
        self.ui.draw(surface)

    def status_line(self) -> str:
        """Above the rows: reading, or how many games pass the filters."""
        if self.reader is not None:
            return f"Reading saved games... {self.reader.read} of {self.reader.total}"
        n, total = len(self.shown), len(self.entries)
        games = f"{total} game" + ("" if total == 1 else "s")
        return games if n == total else f"{n} of {games} pass the filters"

    def draw_list(self, surface) -> None:
        r = self.rows_rect
        x = r.x + theme.PAD
        width = r.width - 2 * theme.PAD
        if not self.shown:
            if self.reader is not None:
                first = self.status_line()
            elif self.entries:
                first = "No game passes these filters."
            else:
                first = "No saved games yet."
            draw_text(surface, first, theme.FONT_SMALL, theme.TEXT, (x, r.y + theme.PAD))
            draw_text(
                surface,
                fit_text(f"Games are kept in {storage.data_dir()}", theme.FONT_TINY, width),
                theme.FONT_TINY,
                theme.TEXT_DIM,
                (x, r.y + theme.PAD + line_height(theme.FONT_SMALL)),
            )
            return
        draw_text(
            surface,
            fit_text(self.status_line(), theme.FONT_TINY, width),
            theme.FONT_TINY,
            theme.WARN if self.reader is not None else theme.TEXT_DIM,
            (r.right - theme.PAD, r.bottom - 6),
            "bottomright",
        )
        clip = surface.get_clip()
        surface.set_clip(r.inflate(-4, -4).clip(surface.get_rect()))
        for row, e in enumerate(self.shown[self.scroll : self.scroll + self.rows_visible()]):
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
            title = e.game_name or e.game_id or os.path.basename(e.path)
            if e.kind == keeping.IN_PROGRESS:
                title += "  (in progress)"
            draw_text(
                surface,
                fit_text(title, theme.FONT_SMALL, width * 3 // 5),
                theme.FONT_SMALL,
                theme.BAD if error else theme.GOOD if e.kind == keeping.IN_PROGRESS else theme.TEXT,
                (x, y + 6),
            )
            where = {keeping.ARCHIVE: "archive", keeping.SAVED: "saved"}.get(e.kind, "")
            stamp = f"{where}  {_when(e)}" if where else _when(e)
            draw_text(
                surface,
                fit_text(stamp, theme.FONT_TINY, width * 2 // 5),
                theme.FONT_TINY,
                theme.TEXT_DIM,
                (r.right - theme.PAD, y + 9),
                "topright",
            )
            if error:
                line = error  # the file's name is the row's title
            else:
                line = f"{e.seats}  -  {turns.moves_text(e.moves)}  -  {e.result}"
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
