"""Export a game as an animated GIF: which moves, animated or stills, how fast, a caption.

An overlay over the review.  The GIF is drawn a few frames per app frame
(``game.export.GifExport``), so the window keeps its pace and the progress shows; it is
encoded and written in a background thread, into the data folder's ``exports`` folder.
"""

from __future__ import annotations

import threading

import pygame

from game import export, theme
from game.scenes.base import Overlay
from game.session import turns
from game.ui.widgets import (
    Button,
    Cycler,
    Toggle,
    bar,
    draw_text,
    fit_text,
    line_height,
    text_size,
    wrap_text,
)

RANGES = ("whole", "from", "upto", "last10")
RANGE_NAMES = {
    "whole": "The whole game",
    "from": "From this move on",
    "upto": "Up to this move",
    "last10": "The 10 moves up to here",
}
SPEEDS = (0.5, 1.0, 1.5, 2.0, 3.0)
FRAMES_PER_STEP = 3  # GIF frames drawn per app frame


class ExportScene(Overlay):
    title = "Export a GIF"
    panel_size = (560, 470)

    def __init__(self, app, game, states, moves, index: int = 0):
        super().__init__(app)
        self.game = game
        self.states = list(states)
        self.moves = list(moves)
        self.index = max(0, min(len(self.moves), int(index)))
        self.turns = turns.turns_of(self.states, self.moves)
        self.job: export.GifExport | None = None
        self.writer: threading.Thread | None = None
        self.result: tuple[str, str] | None = None  # (kind, message) from the writer
        self.path = None
        self.c_range = self.ui.add(
            Cycler("Moves", RANGES, 0, fmt=lambda r: RANGE_NAMES[r], label_width=150)
        )
        self.c_frames = self.ui.add(
            Cycler(
                "Frames",
                [True, False],
                0,
                fmt=lambda a: "Each move animated" if a else "A still per move",
                label_width=150,
            )
        )
        self.c_speed = self.ui.add(
            Cycler("Speed", SPEEDS, 1, fmt=lambda s: f"{s:g}x", label_width=150)
        )
        self.t_caption = self.ui.add(Toggle("Move caption", True, label_width=150))
        self.b_write = self.ui.add(Button("Write GIF", self.start, accent=theme.GOOD))
        self.b_cancel = self.ui.add(Button("Cancel", self.cancel, accent=theme.WARN))
        self.ui.set_focus(self.b_write)

    def span(self) -> tuple[int, int]:
        """The positions first..last the chosen range covers."""
        n = len(self.moves)
        kind = self.c_range.value
        if kind == "from":
            return self.index, n
        if kind == "upto":
            return 0, self.index
        if kind == "last10":  # the rows up to this move: this one and the nine before it
            if self.index == 0:
                return 0, 0
            row = turns.move_number(self.turns, self.index - 1)
            return turns.row_span(self.turns, row - 9, row)[0], self.index
        return 0, n

    def layout(self, size) -> None:
        super().layout(size)
        r = self.panel_rect
        x = r.x + 2 * theme.PAD
        w = r.width - 4 * theme.PAD
        bh = max(40, line_height(theme.FONT_SMALL) + 14)
        y = r.y + theme.PAD + line_height(theme.FONT_LARGE) + 16
        rows = (self.c_range, self.c_frames, self.c_speed, self.t_caption)
        # the labels' column as wide as the widest label at this window's type size
        label_w = max(150, max(text_size(c.label, c.size)[0] for c in rows) + 2 * theme.GAP)
        for c in rows:
            c.rect = pygame.Rect(x, y, w, bh)
            c.label_width = min(label_w, w // 2)
            y += bh + theme.GAP
        self.info_y = y
        bw = (w - theme.GAP) // 2
        yb = r.bottom - theme.PAD - 52
        self.b_cancel.rect = pygame.Rect(x, yb, bw, 52)
        self.b_write.rect = pygame.Rect(x + bw + theme.GAP, yb, w - bw - theme.GAP, 52)

    # --- the work ------------------------------------------------------------------------
    def start(self) -> None:
        if self.job is not None:
            return
        first, last = self.span()
        if last <= first:
            self.app.message("That range holds no move: pick another.", "warn")
            self.app.play_sound("error")
            return
        try:
            self.job = export.GifExport(
                self.game,
                self.states,
                self.moves,
                first=first,
                last=last,
                animate=self.c_frames.value,
                speed=self.c_speed.value,
                caption=self.t_caption.value,
            )
            self.path = None  # a new name in the exports, claimed when it is written
        except (ValueError, OSError, RuntimeError, ImportError) as exc:
            self.job = None
            self.app.message(f"Cannot export: {exc}", "bad", 5.0)
            return
        for c in (self.c_range, self.c_frames, self.c_speed, self.t_caption):
            c.enabled = False
        self.b_write.enabled = False

    def _write(self, job, path) -> None:
        """In a thread: encode and write the GIF, leaving the outcome in ``result``."""
        try:
            done = job.save(path)
            self.result = ("good", f"GIF saved as {done} ({len(job.frames)} frames)")
        except (OSError, ValueError, RuntimeError, MemoryError) as exc:
            self.result = ("bad", f"Could not write the GIF: {exc}")

    def busy(self) -> str | None:
        """What quitting now cuts short (``App.request_quit`` asks first)."""
        job = self.job
        if job is not None and not job.cancelled and self.result is None:
            return "A GIF is being written and would be cut short."
        return None

    def cancel(self) -> None:
        if self.job is not None and self.writer is None:
            self.job.cancel()
        self.close()

    def update(self, dt: float) -> None:
        super().update(dt)
        job = self.job
        if job is None or job.cancelled:
            return
        if not job.done:
            try:
                job.step(FRAMES_PER_STEP)
            except (ValueError, OSError, RuntimeError, pygame.error) as exc:
                job.cancel()
                self.app.message(f"Could not draw the GIF: {exc}", "bad", 5.0)
                self.close()
            return
        if self.writer is None:
            self.writer = threading.Thread(target=self._write, args=(job, self.path), daemon=True)
            self.writer.start()
            return
        if self.result is not None:
            kind, text = self.result
            self.app.message(text, kind, 6.0)
            self.close()

    # --- drawing --------------------------------------------------------------------------
    def draw_body(self, surface) -> None:
        r = self.panel_rect
        x = r.x + 2 * theme.PAD
        w = r.width - 4 * theme.PAD
        y = self.info_y
        first, last = self.span()
        n = turns.rows_between(self.turns, first, last)  # counted as the move list counts
        what = (
            f"{turns.position_label(self.turns, first, ['', ''])} to "
            f"{turns.position_label(self.turns, last, ['', ''])}"
        ).replace(", :", ":")
        lines = [f"{turns.moves_text(n)}: {what}"] if n else ["No moves in this range"]
        if self.job is not None:
            phase = "Writing the file..." if self.job.done else "Drawing the frames..."
            lines = [phase]
        for line in lines:
            for part in wrap_text(line, theme.FONT_TINY, w)[:2]:
                draw_text(surface, part, theme.FONT_TINY, theme.TEXT_DIM, (x, y))
                y += line_height(theme.FONT_TINY)
        if self.job is not None:
            frac = 1.0 if self.job.done else self.job.progress()
            bar(surface, (x, y + 6, w, 12), frac, theme.ACCENT_2, radius=5)
            text = fit_text(f"into {export.exports_dir()}", theme.FONT_TINY, w)
            draw_text(surface, text, theme.FONT_TINY, theme.TEXT_DIM, (x, y + 24))
