"""The move list as a navigator, shared by the play, demo, result and review screens.

Numbered rows of both players' turns (``game.session.turns``), scrolled with the wheel or the
scroll bar, the current position's turn highlighted and kept in view.  A click on a turn
asks for the position after it: ``handle_event`` returns that position's index (the
scene decides what showing it means).  Review marks (``?!``, ``?``, ``??``) are drawn
beside the turns that hold them, and so are the board view's marks of events (a splay's
``+5``: ``BoardView.move_mark``, passed to ``set_game``).  ``draw`` only draws.
"""

from __future__ import annotations

import pygame

from game import theme
from game.session import turns
from game.ui.widgets import draw_text, fit_size, fit_text, line_height, text_size


class MoveList:
    def __init__(self):
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.turns: list[turns.Turn] = []
        self.colours: list[tuple] = [theme.TEXT, theme.TEXT]  # the seats' text colours
        self.current = 0  # the position shown (0: the start)
        self.live = True  # the position shown is the newest one
        self.first_row = 0  # scroll
        self.marks: dict[int, tuple[str, tuple]] = {}  # ply -> (symbol, colour)
        self.events: dict[int, str] = {}  # ply -> the board view's mark of an event
        self.hover_turn: int | None = None
        self._key: tuple | None = None
        self._dragging = False

    # --- what it lists ------------------------------------------------------------------------
    def set_game(self, states, moves, mark=None) -> None:
        """Follow the game's history (cheap when nothing changed); ``mark(before, move)``
        (a board view's ``move_mark``) gives the events' marks."""
        key = (len(moves), id(states[-1]) if states else None)
        if key == self._key:
            return
        self._key = key
        self.turns = turns.turns_of(states, moves)
        self.events = {}
        if mark is not None:
            for ply, move in enumerate(moves[: max(0, len(states) - 1)]):
                text = mark(states[ply], move)
                if text:
                    self.events[ply] = str(text)
        if states:
            self.colours = [theme.seat_colour(states[-1], p)["text"] for p in (0, 1)]
        self.follow()

    def show(self, position: int, live: bool = False) -> None:
        """Highlight the turn that led to ``position`` and scroll it into view."""
        if position != self.current or live != self.live:
            self.current = position
            self.live = live
            self.follow()

    # --- geometry -----------------------------------------------------------------------------
    @property
    def row_height(self) -> int:
        return line_height(theme.FONT_SMALL) + 2

    @property
    def visible_rows(self) -> int:
        return max(1, (self.rect.height - 8) // self.row_height)

    @property
    def n_rows(self) -> int:
        return turns.rows(self.turns)

    def layout(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        self.follow()

    def _clamp(self) -> None:
        self.first_row = max(0, min(self.first_row, self.n_rows - self.visible_rows))

    def follow(self) -> None:
        """Scroll so that the current turn's row is in view."""
        t = turns.turn_at(self.turns, self.current - 1)
        row = (t.row - 1) if t is not None else (self.n_rows - 1 if self.live else 0)
        if row < self.first_row:
            self.first_row = row
        elif row >= self.first_row + self.visible_rows:
            self.first_row = row - self.visible_rows + 1
        self._clamp()

    def scroll(self, rows: int) -> None:
        self.first_row += rows
        self._clamp()

    def _columns(self) -> tuple[int, int, int]:
        """x of the numbers' right edge, x of the first column, a column's width."""
        num_w = line_height(theme.FONT_SMALL) * 2
        col_w = (self.rect.width - num_w - 14) // 2
        return self.rect.x + num_w, self.rect.x + num_w + 8, col_w

    def _bar(self) -> pygame.Rect | None:
        n, vis = self.n_rows, self.visible_rows
        if n <= vis:
            return None
        track = pygame.Rect(self.rect.right - 6, self.rect.y + 4, 4, self.rect.height - 8)
        h = max(16, track.height * vis // n)
        y = track.y + (track.height - h) * self.first_row // max(1, n - vis)
        return pygame.Rect(track.x - 2, y, 8, h)

    def turn_at_point(self, pos) -> int | None:
        """The index of the turn drawn at ``pos``, or None."""
        if not self.rect.collidepoint(pos):
            return None
        row = self.first_row + (pos[1] - self.rect.y - 4) // self.row_height
        _, x0, col_w = self._columns()
        col = 0 if pos[0] < x0 + col_w else 1
        i = 2 * row + col
        return i if 0 <= i < len(self.turns) and pos[0] >= x0 - 4 else None

    def point_of(self, turn_index: int) -> tuple[int, int] | None:
        """Where a click picks turn ``turn_index`` (in view now), or None."""
        if not 0 <= turn_index < len(self.turns):
            return None
        row = turn_index // 2 - self.first_row
        if not 0 <= row < self.visible_rows:
            return None
        _, x0, col_w = self._columns()
        x = x0 + (turn_index % 2) * col_w + col_w // 3
        return x, self.rect.y + 4 + row * self.row_height + self.row_height // 2

    # --- input --------------------------------------------------------------------------------
    def handle_event(self, event) -> int | None:
        """The position a click asks for, or None (the wheel and the scroll bar are
        handled here)."""
        et = event.type
        if et == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if self.rect.collidepoint(pos):
                self.scroll(-int(event.y) * 2)
            return None
        pos = getattr(event, "pos", None)
        if pos is None:
            return None
        if et == pygame.MOUSEMOTION:
            self.hover_turn = self.turn_at_point(pos)
            if self._dragging:
                self._drag_to(pos[1])
            return None
        if et == pygame.MOUSEBUTTONUP:
            self._dragging = False
            return None
        if et != pygame.MOUSEBUTTONDOWN or not self.rect.collidepoint(pos):
            return None
        button = getattr(event, "button", 1)
        if button in (4, 5):
            self.scroll(-2 if button == 4 else 2)
            return None
        if button != 1:
            return None
        bar = self._bar()
        if bar is not None and pos[0] >= bar.x - 4:
            self._dragging = True
            self._drag_to(pos[1])
            return None
        i = self.turn_at_point(pos)
        if i is None:
            return None
        return self.turns[i].position

    def _drag_to(self, y: int) -> None:
        n, vis = self.n_rows, self.visible_rows
        frac = (y - self.rect.y) / max(1, self.rect.height)
        self.first_row = int(round(frac * n - vis / 2))
        self._clamp()

    # --- drawing ------------------------------------------------------------------------------
    def _mark_of(self, turn) -> tuple[str, tuple] | None:
        worst = None
        for ply in range(turn.first, turn.last + 1):
            m = self.marks.get(ply)
            if m is not None and (worst is None or len(m[0]) >= len(worst[0])):
                worst = m
        return worst

    def _event_of(self, turn) -> str:
        """The events' marks of a turn's moves, joined ("" when none)."""
        return " ".join(
            self.events[ply] for ply in range(turn.first, turn.last + 1) if ply in self.events
        )

    def draw(self, surface) -> None:
        box = self.rect
        pygame.draw.rect(
            surface, theme.mix(theme.PANEL, theme.BG, 0.5), box, border_radius=theme.RADIUS // 2
        )
        if not self.turns:
            draw_text(
                surface, "No moves yet", theme.FONT_TINY, theme.TEXT_DIM, (box.x + 8, box.y + 6)
            )
            return
        num_x, x0, col_w = self._columns()
        lh = self.row_height
        cur = turns.turn_at(self.turns, self.current - 1)
        clip = surface.get_clip()
        surface.set_clip(box.clip(clip) if clip else box)
        y = box.y + 4
        last_row = min(self.n_rows, self.first_row + self.visible_rows)
        for r in range(self.first_row, last_row):
            draw_text(
                surface, f"{r + 1}.", theme.FONT_SMALL, theme.TEXT_DIM, (num_x, y), "topright"
            )
            for c in (0, 1):
                i = 2 * r + c
                if i >= len(self.turns):
                    break
                t = self.turns[i]
                cell = pygame.Rect(x0 + c * col_w - 4, y - 1, col_w - 2, lh)
                if cur is not None and t.index == cur.index:
                    fill = theme.mix(theme.PANEL, theme.ACCENT, 0.35 if not self.live else 0.2)
                    pygame.draw.rect(surface, fill, cell, border_radius=6)
                    pygame.draw.rect(surface, theme.ACCENT, cell, 2, border_radius=6)
                elif t.index == self.hover_turn:
                    pygame.draw.rect(
                        surface, theme.mix(theme.PANEL, theme.TEXT, 0.12), cell, border_radius=6
                    )
                mark = self._mark_of(t)
                mark_w = line_height(theme.FONT_SMALL) + 4 if mark else 0
                event = self._event_of(t)
                event_w = text_size(event, theme.FONT_TINY)[0] + 6 if event else 0
                # a long move ("take:orange" in a narrow window) a little smaller first, cut
                # short only below that
                room = col_w - 10 - mark_w - event_w
                size = fit_size(t.text, theme.FONT_SMALL, room, floor=11)
                text = fit_text(t.text, size, room)
                dy = (line_height(theme.FONT_SMALL) - line_height(size)) // 2
                draw_text(surface, text, size, self.colours[t.mover], (cell.x + 4, y + dy))
                if mark is not None:
                    draw_text(
                        surface, mark[0], theme.FONT_SMALL, mark[1], (cell.right - 4, y), "topright"
                    )
                if event:
                    draw_text(
                        surface,
                        event,
                        theme.FONT_TINY,
                        theme.ACCENT_2,
                        (cell.right - 4 - mark_w, y + lh // 2),
                        "midright",
                    )
            y += lh
        surface.set_clip(clip)
        bar = self._bar()
        if bar is not None:
            pygame.draw.rect(surface, theme.PANEL_EDGE, bar, border_radius=4)
