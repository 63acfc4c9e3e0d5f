"""The side panel of a game in progress, shared by the play and demo scenes.

It shows the game's name and the move count, both seats (their colour as the state names
it, who plays them, the score), whose turn it is, the board view's own lines, the
computer's thinking (progress, its estimate of who is winning, its top candidates), the
move list and the latest message.  It reads a :class:`game.match.Match` and draws; it
changes nothing.
"""

from __future__ import annotations

import math

import pygame

from game import theme
from game.widgets import Toast, bar, draw_text, fit_text, line_height, panel, wrap_text


def draw_swatch(surface, center, pal: dict, radius: int) -> None:
    """A player's piece: its colour, and the light inner ring when the colour is dark."""
    pygame.draw.circle(surface, pal["fill"], center, radius)
    pygame.draw.circle(surface, pal["edge"], center, radius, max(2, radius // 5))
    if pal.get("ring"):
        pygame.draw.circle(surface, pal["edge"], center, max(2, radius // 2), 2)


def draw_eval_bar(surface, rect, value0: float | None, pals) -> None:
    """Who is winning: seat 0's colour from the left, seat 1's from the right, split by
    the estimate (``pals``: both seats' palette entries)."""
    rect = pygame.Rect(rect)
    v = 0.0 if value0 is None else max(-1.0, min(1.0, value0))
    split = rect.x + int(rect.width * (1 + v) / 2)
    pygame.draw.rect(surface, pals[1]["fill"], rect, border_radius=6)
    left = pygame.Rect(rect.x, rect.y, split - rect.x, rect.height)
    if left.width > 0:
        pygame.draw.rect(surface, pals[0]["fill"], left, border_radius=6)
    pygame.draw.line(surface, theme.ACCENT, (split, rect.y - 3), (split, rect.bottom + 2), 3)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2, border_radius=6)
    if value0 is not None:
        p0 = int(round(50 * (1 + v)))
        draw_text(
            surface,
            f"{p0}%",
            theme.FONT_TINY,
            pals[0]["ink"],
            (rect.x + 6, rect.centery),
            "midleft",
        )
        draw_text(
            surface,
            f"{100 - p0}%",
            theme.FONT_TINY,
            pals[1]["ink"],
            (rect.right - 6, rect.centery),
            "midright",
        )


def verdict(value0: float | None, names) -> str:
    if value0 is None:
        return "No estimate yet"
    if abs(value0) < 0.1:
        return "Even game"
    who = names[0] if value0 > 0 else names[1]
    if abs(value0) > 0.95:
        return f"{who} is winning"
    if abs(value0) > 0.5:
        return f"{who} is well ahead"
    return f"{who} is slightly ahead"


class PlayPanel:
    """Draws the panel of ``match`` into ``rect``; the scene places its buttons below
    ``buttons_top`` and sets ``status_override`` / ``corner_prefix`` when it needs to."""

    def __init__(self, match, view):
        self.match = match
        self.view = view
        self.note = Toast()
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.buttons_top = 0
        self.time = 0.0
        self.corner_prefix = ""
        self.status_override = None  # () -> (text, colour) or None
        self._only_key = None
        self._only = None

    def say(self, text: str, kind: str = "info", seconds: float = 2.5) -> None:
        self.note.show(text, kind, seconds)

    @staticmethod
    def split(size) -> tuple[pygame.Rect, pygame.Rect]:
        """The board's rect and the panel's for a window of ``size`` (play and demo)."""
        w, h = size
        pad = theme.PAD
        pw = min(theme.PANEL_WIDTH, max(260, w // 3))
        panel_rect = pygame.Rect(w - pw - pad, pad, pw, h - 2 * pad)
        return pygame.Rect(pad, pad, panel_rect.x - 2 * pad, h - 2 * pad), panel_rect

    def update(self, dt: float) -> None:
        self.time += dt
        self.note.update(dt)

    # --- what it says ---------------------------------------------------------------------
    def names(self) -> list[str]:
        state = self.match.state
        return [state.seat_name(p) for p in (0, 1)]

    def corner_text(self) -> str:
        m = self.match
        return self.corner_prefix + f"move {m.ply + (0 if m.over else 1)}"

    def only_move(self):
        """The human's one legal move (e.g. a forced pass), else None."""
        m = self.match
        key = m.ply, id(m.state)
        if self._only_key != key:
            self._only_key = key
            moves = m.state.legal_moves() if m.human_turn else []
            self._only = moves[0] if len(moves) == 1 else None
        return self._only

    def status_text(self) -> tuple[str, tuple]:
        if self.status_override is not None:
            over = self.status_override()
            if over is not None:
                return over
        m = self.match
        names = self.names()
        if m.over:
            w = m.winner()
            if w is None:
                return ("Unfinished" if m.unfinished else "Draw"), theme.WARN
            return f"{names[w]} wins!", theme.GOOD
        p = m.state.player
        if m.is_computer(p):
            return f"{names[p]}: computer to move", theme.TEXT_DIM
        only = self.only_move()
        if only is not None:
            return f"{names[p]}: your only move is {only}", theme.WARN
        if m.humans == 1:
            return "Your move", theme.ACCENT_2
        return f"{names[p]} to move", theme.ACCENT_2

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, surface) -> None:
        rect = self.rect
        panel(surface, rect)
        pad = theme.PAD
        x = rect.x + pad
        w = rect.width - 2 * pad
        y = rect.y + pad - 2
        game = self.match.game
        draw_text(
            surface,
            fit_text(game.name or game.id, theme.FONT_MEDIUM, w - 70),
            theme.FONT_MEDIUM,
            theme.TEXT,
            (x, y),
        )
        draw_text(
            surface,
            self.corner_text(),
            theme.FONT_TINY,
            theme.TEXT_DIM,
            (rect.right - pad, y + 6),
            "topright",
        )
        y += line_height(theme.FONT_MEDIUM) + 4
        y = self.draw_players(surface, x, y, w)
        y = self.draw_status(surface, x, y, w)
        y = self.draw_view_lines(surface, x, y, w)
        y = self.draw_thinking(surface, x, y, w)
        bottom = self.buttons_top - theme.GAP
        if self.note.active:
            bottom -= line_height(theme.FONT_SMALL) * 2 + 4
            self.draw_note(surface, x, bottom + 2, w)
        self.draw_moves(surface, pygame.Rect(x, y, w, max(0, bottom - y - 4)))

    def draw_players(self, surface, x, y, w) -> int:
        m = self.match
        state = m.state
        names = self.names()
        scores = state.scores()
        row_h = 50
        for p in (0, 1):
            pal = theme.seat_colour(state, p)
            r = pygame.Rect(x - 6, y, w + 12, row_h - 4)
            if not m.over and state.player == p:
                k = 0.5 + 0.5 * theme.pulse(self.time, 1.6)
                pygame.draw.rect(
                    surface,
                    theme.mix(theme.PANEL, theme.ACCENT, 0.18 + 0.12 * k),
                    r,
                    border_radius=theme.RADIUS,
                )
                pygame.draw.rect(surface, theme.ACCENT, r, 2, border_radius=theme.RADIUS)
            draw_swatch(surface, (x + 16, r.centery), pal, 13)
            draw_text(
                surface,
                fit_text(names[p], theme.FONT_SMALL, w - 110),
                theme.FONT_SMALL,
                theme.TEXT,
                (x + 38, r.y + 5),
            )
            draw_text(
                surface, m.seats[p].label(), theme.FONT_TINY, theme.TEXT_DIM, (x + 38, r.y + 26)
            )
            if scores is not None:
                draw_text(
                    surface,
                    str(scores[p]),
                    theme.FONT_MEDIUM,
                    pal["text"],
                    (r.right - 10, r.centery),
                    "midright",
                )
            y += row_h
        return y

    def draw_status(self, surface, x, y, w) -> int:
        text, col = self.status_text()
        draw_text(surface, fit_text(text, theme.FONT_SMALL, w), theme.FONT_SMALL, col, (x, y))
        return y + line_height(theme.FONT_SMALL) + 6

    def draw_view_lines(self, surface, x, y, w) -> int:
        """The board view's own counts (Gliss: towers, bases, gliders per side)."""
        lines = self.view.panel_lines() or []
        for text in lines[:4]:
            draw_text(
                surface,
                fit_text(str(text), theme.FONT_TINY, w),
                theme.FONT_TINY,
                theme.TEXT_DIM,
                (x, y),
            )
            y += line_height(theme.FONT_TINY) + 2
        return y + (4 if lines else 0)

    def draw_thinking(self, surface, x, y, w) -> int:
        m = self.match
        names = self.names()
        value0 = m.evaluation()
        busy = m.thinking or m.hinting
        if not busy and value0 is None:
            return y
        if busy:
            label = "Thinking" if m.thinking else "Finding a hint"
            dots = "." * (1 + int(self.time * 3) % 3)
            draw_text(surface, label + dots, theme.FONT_TINY, theme.ACCENT_2, (x, y))
            c = (x + w - 10, y + 7)  # a spinner
            a = self.time * 6
            for i in range(6):
                ang = a + i * math.pi / 3
                col = theme.mix(theme.PANEL, theme.ACCENT_2, (i + 1) / 6)
                pygame.draw.circle(
                    surface, col, (int(c[0] + 7 * math.cos(ang)), int(c[1] + 7 * math.sin(ang))), 2
                )
            y += line_height(theme.FONT_TINY) + 2
            bar(surface, (x, y, w, 6), m.thinking_fraction(), theme.ACCENT_2, radius=3)
            y += 12
        else:
            draw_text(surface, "Computer's last estimate", theme.FONT_TINY, theme.TEXT_DIM, (x, y))
            y += line_height(theme.FONT_TINY) + 2
        state = m.state
        draw_eval_bar(
            surface,
            (x, y, w, 18),
            value0,
            (theme.seat_colour(state, 0), theme.seat_colour(state, 1)),
        )
        y += 22
        draw_text(surface, verdict(value0, names), theme.FONT_TINY, theme.TEXT, (x, y))
        y += line_height(theme.FONT_TINY) + 2
        cands = m.candidates()[:3] if busy else []
        if cands:
            total = sum(c[1] for c in cands) or 1
            mover = names[m.req_player]
            draw_text(
                surface,
                f"Top moves (visits, {mover}'s chances)",
                theme.FONT_TINY,
                theme.TEXT_DIM,
                (x, y),
            )
            y += line_height(theme.FONT_TINY)
            for notation, visits, val in cands:
                share = visits / total
                win = int(round(50 * (1 + max(-1.0, min(1.0, float(val))))))
                draw_text(
                    surface,
                    fit_text(str(notation), theme.FONT_TINY, w // 2),
                    theme.FONT_TINY,
                    theme.TEXT,
                    (x + 4, y),
                )
                bx = x + w // 2
                bar(surface, (bx, y + 3, w // 2 - 44, 8), share, theme.ACCENT, radius=3)
                draw_text(
                    surface, f"{win}%", theme.FONT_TINY, theme.TEXT_DIM, (x + w, y), "topright"
                )
                y += line_height(theme.FONT_TINY)
        return y + 6

    def draw_moves(self, surface, rect) -> None:
        m = self.match
        if rect.height < line_height(theme.FONT_TINY) * 2:
            return
        draw_text(surface, "Moves", theme.FONT_TINY, theme.TEXT_DIM, (rect.x, rect.y))
        top = rect.y + line_height(theme.FONT_TINY) + 2
        box = pygame.Rect(rect.x - 4, top, rect.width + 8, rect.bottom - top)
        pygame.draw.rect(
            surface, theme.mix(theme.PANEL, theme.BG, 0.5), box, border_radius=theme.RADIUS // 2
        )
        lh = line_height(theme.FONT_SMALL)
        rows = max(1, (box.height - 8) // lh)
        moves = m.moves
        # one cell per turn: a player's plies in a row (Glorieta's stone and neutral,
        # a colour choice followed by a drop) read as one turn
        turns: list[tuple[int, list[str]]] = []
        for i, text in enumerate(moves):
            mover = m.states[i].player
            if turns and turns[-1][0] == mover:
                turns[-1][1].append(text)
            else:
                turns.append((mover, [text]))
        n_rows = (len(turns) + 1) // 2
        first = max(0, n_rows - rows)
        col_w = min(130, (box.width - 50) // 2)
        y = box.y + 4
        for r in range(first, n_rows):
            draw_text(
                surface, f"{r + 1}.", theme.FONT_SMALL, theme.TEXT_DIM, (box.x + 44, y), "topright"
            )
            for c in (0, 1):
                i = 2 * r + c
                if i >= len(turns):
                    break
                mover, plies = turns[i]
                last = i == len(turns) - 1
                col = theme.ACCENT if last else theme.seat_colour(m.state, mover)["text"]
                text = fit_text(" ".join(plies), theme.FONT_SMALL, col_w - 6)
                draw_text(surface, text, theme.FONT_SMALL, col, (box.x + 52 + c * col_w, y))
            y += lh
        if not moves:
            draw_text(
                surface, "No moves yet", theme.FONT_TINY, theme.TEXT_DIM, (box.x + 8, box.y + 6)
            )

    def draw_note(self, surface, x, y, w) -> None:
        note = self.note
        lines = wrap_text(note.text, theme.FONT_SMALL, w)[:2]
        for i, line in enumerate(lines):
            draw_text(
                surface,
                line,
                theme.FONT_SMALL,
                note.color,
                (x, y + i * line_height(theme.FONT_SMALL)),
                alpha=note.alpha,
            )
