"""The side panel of a game in progress, shared by the play and demo scenes.

It shows the game's name and the move count, both seats (their colour as the state names
it, who plays them, the score), whose turn it is, the board view's own lines, the
computer's thinking (progress, its estimate of who is winning, its top candidates), the
move list and the latest message.  It reads a :class:`game.session.match.Match` and draws; it
changes nothing.
"""

from __future__ import annotations

import math

import pygame

from ai.winchance import percent
from game import theme
from game.session import announce, turns
from game.ui.move_list import MoveList
from game.ui.widgets import (
    Toast,
    bar,
    draw_text,
    fit_text,
    line_height,
    panel,
    text_scale,
    text_size,
    wrap_text,
)


def draw_swatch(surface, center, pal: dict, radius: int) -> None:
    """A player's piece: its colour, and the light inner ring when the colour is dark."""
    pygame.draw.circle(surface, pal["fill"], center, radius)
    pygame.draw.circle(surface, pal["edge"], center, radius, max(2, radius // 5))
    if pal.get("ring"):
        pygame.draw.circle(surface, pal["edge"], center, max(2, radius // 2), 2)


def draw_eval_bar(surface, rect, chance0: float | None, pals) -> None:
    """Who is winning: seat 0's colour from the left, seat 1's from the right, split at
    seat 0's chance of winning (``chance0`` in [0, 1]; ``pals``: both seats' palette
    entries).  The same orientation as the review graph."""
    rect = pygame.Rect(rect)
    c = 0.5 if chance0 is None else max(0.0, min(1.0, float(chance0)))
    split = rect.x + int(rect.width * c)
    pygame.draw.rect(surface, pals[1]["fill"], rect, border_radius=6)
    left = pygame.Rect(rect.x, rect.y, split - rect.x, rect.height)
    if left.width > 0:
        pygame.draw.rect(surface, pals[0]["fill"], left, border_radius=6)
    pygame.draw.line(surface, theme.ACCENT, (split, rect.y - 3), (split, rect.bottom + 2), 3)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2, border_radius=6)
    if chance0 is not None:
        p0 = percent(c)
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


def verdict(est, names) -> str:
    """One line on who is ahead, from ``Match.estimate()`` (or a bare chance for seat 0)."""
    if est is None:
        return "No estimate yet"
    if not isinstance(est, dict):
        est = {"chance": float(est), "proven": None, "moves": None}
    proven = est.get("proven")
    if proven is not None:
        if proven == 0:
            return "A draw by force"
        who = names[0] if proven > 0 else names[1]
        moves = est.get("moves")
        if moves:
            return f"{who} wins by force in {moves} move{'s' if moves != 1 else ''}"
        return f"{who} wins by force"
    c = float(est["chance"])
    lead = abs(c - 0.5)
    if lead < 0.05:
        return "Even game"
    who = names[0] if c > 0.5 else names[1]
    if lead >= 0.35:
        return f"{who} is winning"
    if lead >= 0.2:
        return f"{who} is well ahead"
    return f"{who} is slightly ahead"


def tries(iterations: int) -> str:
    """What an estimate rests on, for the panel and the review: "after 3,000 tries"."""
    n = int(iterations or 0)
    if n <= 0:
        return "without a search (one move possible)"
    return f"after {n:,} tr{'y' if n == 1 else 'ies'}"


def verdict_rows(names, w: int) -> int:
    """The lines ``verdict_lines`` takes in ``w`` pixels: 1 where the longest verdict with
    its tries fits, else 2; decided by the longest line, not the one shown, so that what
    is laid out below it does not jump as the verdict changes."""
    longest = f"{max(names, key=len)} is slightly ahead, {tries(999_999)}"
    return 1 if text_size(longest, theme.FONT_TINY)[0] <= w else 2


def verdict_lines(est, names, w: int) -> list[str]:
    """The verdict on ``est`` and the tries it rests on, in ``verdict_rows`` lines at
    most: the tries on a line of their own where one line would cut them (800x600)."""
    lines = [verdict(est, names)]
    if est is not None and est.get("proven") is None:
        basis = tries(est.get("iterations") or 0)
        if verdict_rows(names, w) == 1:
            lines[0] += ", " + basis
        else:
            lines.append(basis)
    return lines


def draw_verdict(surface, est, names, x: int, y: int, w: int) -> int:
    """Draw ``verdict_lines`` at (x, y) in ``w`` pixels; the y below its ``verdict_rows``
    (the play panel's and the analysis board's line under the bar)."""
    step = line_height(theme.FONT_TINY) + 2
    for k, line in enumerate(verdict_lines(est, names, w)):
        draw_text(
            surface,
            fit_text(line, theme.FONT_TINY, w),
            theme.FONT_TINY,
            theme.TEXT,
            (x, y + k * step),
        )
    return y + step * verdict_rows(names, w)


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
        self.moves = MoveList()  # the move list, a navigator (the scene handles its clicks)
        self.browsing: int | None = None  # the position the scene shows, None: the newest
        self.legend_rect = pygame.Rect(0, 0, 0, 0)  # the "?" beside "Moves"
        self.title_rect = pygame.Rect(0, 0, 0, 0)  # "Moves (L: log)": a click switches
        self.legend_open = False  # the mouse is on it: the notation legend shows
        self.list_top = 0
        self.note_lines: list[str] = []  # the message's lines (update wraps them)
        self.keys_open = False  # "?" pressed: the keys' legend shows over the board
        self.keys_help = lambda: []  # () -> the legend's lines (the scene's keys)
        self.show_log = False  # L: the log (every move in words) in the list's place
        self.log: list[str] = []  # the sentences so far (game.session.announce), oldest first
        self.log_scroll = 0  # lines scrolled back from the newest
        self._log_cache: list = []  # per move: (key, its sentences)
        self._log_lines: list[str] = []  # the log wrapped to the list's width
        self._log_width = 0

    def say(self, text: str, kind: str = "info", seconds: float = 2.5) -> None:
        self.note.show(text, kind, seconds)

    def toast_area(self) -> pygame.Rect:
        """Where the app's messages go over a play or demo scene: the panel down to the
        move list's bottom (the board and its labels stay clear)."""
        r = self.rect
        bottom = self.moves.rect.bottom if self.moves.rect.height else self.buttons_top
        return pygame.Rect(r.x + 6, r.y, r.width - 12, max(10, bottom - r.y))

    @staticmethod
    def split(size) -> tuple[pygame.Rect, pygame.Rect]:
        """The board's rect and the panel's for a window of ``size`` (play and demo)."""
        w, h = size
        pad = theme.PAD
        # (as wide as the theme's panel at the text scale of this window: the type grows
        # with the window, so a fixed width would cut its lines short on a large screen)
        pw = min(int(theme.PANEL_WIDTH * text_scale()), max(260, w // 3))
        panel_rect = pygame.Rect(w - pw - pad, pad, pw, h - 2 * pad)
        return pygame.Rect(pad, pad, panel_rect.x - 2 * pad, h - 2 * pad), panel_rect

    def update(self, dt: float) -> None:
        self.time += dt
        self.note.update(dt)
        m = self.match
        self.moves.set_game(m.states, m.move_objs, self.view.move_mark)
        live = self.browsing is None
        self.moves.show(m.ply if live else self.browsing, live)
        self.list_top = self._list_top()
        bottom = self.buttons_top - theme.GAP
        top = self.list_top + line_height(theme.FONT_TINY) + 2
        x = self.rect.x + theme.PAD
        w = self.rect.width - 2 * theme.PAD
        self.note_lines = []
        if self.note.active:
            # the whole message, however long: the move list gives up its room meanwhile
            lh = line_height(theme.FONT_SMALL)
            self.note_lines = wrap_text(self.note.text, theme.FONT_SMALL, w)
            room = max(2, (bottom - top - 8) // lh)
            if len(self.note_lines) > room:
                self.note_lines = self.note_lines[: room - 1] + [
                    fit_text(" ".join(self.note_lines[room - 1 :]), theme.FONT_SMALL, w)
                ]
            bottom -= lh * max(2, len(self.note_lines)) + 4
        self.moves.layout((x - 4, top, w + 8, max(0, bottom - 4 - top)))
        size = line_height(theme.FONT_TINY)
        self.legend_rect = pygame.Rect(x + w - size, self.list_top - 1, size, size)
        self.title_rect = pygame.Rect(x, self.list_top - 1, max(0, w - size - 8), size)
        self.update_log()

    def update_log(self) -> None:
        """The sentences of every move so far (worked out once per move)."""
        m = self.match
        cache = self._log_cache
        n = len(m.move_objs)
        width = self.moves.rect.width - 12
        stamp = (n, id(m.states[-1]), width)
        if stamp == getattr(self, "_log_stamp", None):
            return
        self._log_stamp = stamp
        del cache[n:]
        for i in range(n):
            key = (id(m.states[i]), str(m.move_objs[i]))
            if i < len(cache) and cache[i][0] == key:
                continue
            del cache[i:]
            cache.append((key, announce.sentences(m.states[i], m.move_objs[i], m.states[i + 1])))
        log = [t for _, texts in cache for t in texts]
        if log != self.log or width != self._log_width:
            self.log = log
            self._log_width = width
            self._log_lines = []
            for text in log:
                lines = wrap_text(text, theme.FONT_TINY, max(40, width))
                self._log_lines += lines[:1] + ["  " + ln for ln in lines[1:]]
        self.log_scroll = 0  # a new move: back to the newest

    def handle_event(self, event) -> int | None:
        """Clicks and the wheel on the move list: the position a click asks for, else None."""
        if event.type == pygame.MOUSEMOTION:
            self.legend_open = self.legend_rect.collidepoint(event.pos)
        if self.moves.rect.height < line_height(theme.FONT_SMALL):
            return None
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and getattr(event, "button", 1) == 1
            and self.title_rect.collidepoint(event.pos)
        ):  # the list's title: the move list or the log, as L does
            self.show_log = not self.show_log
            return None
        if self.show_log:  # the log: the wheel scrolls it, nothing is browsed
            if event.type == pygame.MOUSEWHEEL:
                mouse = pygame.mouse.get_pos()
                if self.moves.rect.collidepoint(mouse):
                    rows = max(1, self.moves.rect.height // line_height(theme.FONT_TINY))
                    most = max(0, len(self._log_lines) - rows)
                    step = int(getattr(event, "y", 0)) * 2
                    self.log_scroll = max(0, min(most, self.log_scroll + step))
            return None
        return self.moves.handle_event(event)

    # --- layout: the sections' heights, worked out in update (draw only draws) -------------
    def _row_height(self) -> int:
        return line_height(theme.FONT_SMALL) + line_height(theme.FONT_TINY) + 10

    def _thinking_height(self) -> int:
        m = self.match
        busy = m.thinking or m.hinting
        est = m.estimate()
        if not busy and est is None:
            return 0
        tiny = line_height(theme.FONT_TINY)
        rows = verdict_rows(self.names(), self.rect.width - 2 * theme.PAD)
        h = tiny + 2 + (12 if busy else 0) + 22 + (tiny + 2) * rows
        cands = len(m.candidates()[:3]) if busy else 0
        if cands:
            h += tiny * (cands + 1)
        return h + 6

    def _list_top(self) -> int:
        y = self.rect.y + theme.PAD - 2 + line_height(theme.FONT_MEDIUM) + 4
        y += 2 * self._row_height() + self._caption_height()
        y += line_height(theme.FONT_SMALL) + 6
        lines = len(self._view_lines(self.rect.width - 2 * theme.PAD))
        y += lines * (line_height(theme.FONT_TINY) + 2) + (4 if lines else 0)
        return y + self._thinking_height()

    def score_caption(self) -> str:
        """What the scores mean when the board view says they are not plain (Glades during
        play: the board scored as if the game ended now), else ""."""
        if self.match.state.scores() is None:
            return ""
        return str(self.view.score_caption() or "")

    def _caption_height(self) -> int:
        return line_height(theme.FONT_TINY) + 2 if self.score_caption() else 0

    # --- what it says ---------------------------------------------------------------------
    def names(self) -> list[str]:
        state = self.match.state
        return [state.seat_name(p) for p in (0, 1)]

    def corner_text(self) -> str:
        m = self.match
        ts = self.moves.turns
        if self.browsing is not None:
            return self.corner_prefix + f"viewing move {turns.move_number(ts, self.browsing - 1)}"
        if m.over:
            return self.corner_prefix + turns.moves_text(turns.rows(ts))
        return self.corner_prefix + f"move {turns.move_number(ts, m.ply)}"

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
        self.draw_thinking(surface, x, y, w)
        if self.note.active and self.note_lines:
            n = max(2, len(self.note_lines))
            bottom = self.buttons_top - theme.GAP - line_height(theme.FONT_SMALL) * n - 4
            self.draw_note(surface, x, bottom + 2, w)
        self.draw_moves(surface, x, self.list_top, w)

    def draw_players(self, surface, x, y, w) -> int:
        m = self.match
        state = m.state
        names = self.names()
        scores = state.scores()
        row_h = self._row_height()
        small = line_height(theme.FONT_SMALL)
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
            rad = max(13, small // 2)
            draw_swatch(surface, (x + rad + 3, r.centery), pal, rad)
            tx = x + 2 * rad + 12
            draw_text(
                surface,
                fit_text(names[p], theme.FONT_SMALL, w - 110),
                theme.FONT_SMALL,
                theme.TEXT,
                (tx, r.y + 4),
            )
            draw_text(
                surface, m.seats[p].label(), theme.FONT_TINY, theme.TEXT_DIM, (tx, r.y + 4 + small)
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
        caption = self.score_caption()
        if caption:  # under the scores, so a score and the estimate below never seem at odds
            draw_text(
                surface,
                fit_text(caption, theme.FONT_TINY, w),
                theme.FONT_TINY,
                theme.TEXT_DIM,
                (x + w, y - 4),
                "topright",
            )
            y += self._caption_height()
        return y

    def draw_status(self, surface, x, y, w) -> int:
        text, col = self.status_text()
        draw_text(surface, fit_text(text, theme.FONT_SMALL, w), theme.FONT_SMALL, col, (x, y))
        return y + line_height(theme.FONT_SMALL) + 6

    def draw_view_lines(self, surface, x, y, w) -> int:
        """The board view's own counts (Gliss: towers, bases, gliders per side)."""
        lines = self._view_lines(w)
        for text in lines:
            draw_text(surface, text, theme.FONT_TINY, theme.TEXT_DIM, (x, y))
            y += line_height(theme.FONT_TINY) + 2
        return y + (4 if lines else 0)

    def _view_lines(self, w: int) -> list[str]:
        """The view's lines (four at most), each wrapped to ``w``: none cut short."""
        out: list[str] = []
        for text in (self.view.panel_lines() or [])[:4]:
            out += wrap_text(str(text), theme.FONT_TINY, w)
        return out

    def draw_thinking(self, surface, x, y, w) -> int:
        m = self.match
        names = self.names()
        est = m.estimate()
        chance0 = None if est is None else est["chance"]
        busy = m.thinking or m.hinting
        if not busy and est is None:
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
            chance0,
            (theme.seat_colour(state, 0), theme.seat_colour(state, 1)),
        )
        y += 22
        y = draw_verdict(surface, est, names, x, y, w)
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
                win = percent(m.move_chance(val, notation))
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

    def draw_moves(self, surface, x, y, w) -> None:
        box = self.moves.rect
        if box.height < line_height(theme.FONT_SMALL):
            return
        if self.show_log:
            self.draw_log(surface, x, y, w)
            return
        title = "Moves (L: log)" if self.browsing is None else "Moves - viewing an earlier position"
        draw_text(
            surface,
            fit_text(title, theme.FONT_TINY, w - 30),
            theme.FONT_TINY,
            theme.TEXT_DIM if self.browsing is None else theme.WARN,
            (x, y),
        )
        help_text = getattr(self.match.game, "notation_help", "")
        if help_text:
            r = self.legend_rect
            col = theme.ACCENT_2 if self.legend_open else theme.TEXT_DIM
            pygame.draw.circle(surface, col, r.center, r.width // 2, 2)
            draw_text(surface, "?", theme.FONT_TINY, col, r.center, "center")
        self.moves.draw(surface)
        if help_text and self.legend_open:
            self.draw_legend(surface, help_text)

    def draw_log(self, surface, x, y, w) -> None:
        """Every move in words, newest at the bottom (the wheel scrolls back)."""
        draw_text(surface, "Log (L: moves)", theme.FONT_TINY, theme.TEXT_DIM, (x, y))
        box = self.moves.rect
        lh = line_height(theme.FONT_TINY)
        rows = max(1, box.height // lh)
        lines = self._log_lines
        end = len(lines) - self.log_scroll
        shown = lines[max(0, end - rows) : end]
        if not shown:
            draw_text(surface, "No moves yet", theme.FONT_TINY, theme.TEXT_DIM, (x, box.y + 2))
        for i, line in enumerate(shown):
            draw_text(surface, line, theme.FONT_TINY, theme.TEXT, (x, box.y + 2 + i * lh))

    def draw_legend(self, surface, text: str) -> None:
        """The game's notation, in a box over the move list."""
        w = self.rect.width - 2 * theme.PAD
        lines = wrap_text("Notation: " + text + " (? lists the keys)", theme.FONT_TINY, w - 16)
        lh = line_height(theme.FONT_TINY)
        box = pygame.Rect(
            self.rect.x + theme.PAD - 4, self.legend_rect.bottom + 4, w + 8, lh * len(lines) + 12
        )
        panel(surface, box, edge=theme.ACCENT_2)
        for i, line in enumerate(lines):
            draw_text(surface, line, theme.FONT_TINY, theme.TEXT, (box.x + 8, box.y + 6 + i * lh))

    def draw_note(self, surface, x, y, w) -> None:
        note = self.note
        for i, line in enumerate(self.note_lines):
            draw_text(
                surface,
                line,
                theme.FONT_SMALL,
                note.color,
                (x, y + i * line_height(theme.FONT_SMALL)),
                alpha=note.alpha,
            )
