"""The play scene: the board fitted to the window and a side panel.

The panel shows the players and whose turn it is, the scores, the computer's thinking
(progress through its budget, its estimate of who is winning, its top candidates), the
move list and the buttons (Undo U, Redo R, Hint H, Resign, Menu Esc).
"""
from __future__ import annotations

import math

import pygame

from game import anim, theme
from game.scenes.base import Scene, draw_background
from game.scenes.match import Match, Seat
from game.widgets import (Button, Toast, bar, draw_text, fit_text, line_height, panel,
                          wrap_text)

RESULT_DELAY = 1.0        # seconds between the last move landing and the result screen


def player_text(p: int):
    """A player's colour for text on the dark panels (player 1's fill is too dark there)."""
    return theme.player_fill(0) if p == 0 else theme.player_edge(1)


def draw_swatch(surface, center, player: int, radius: int) -> None:
    """A player's piece: solid for player 0, with a light inner ring for player 1."""
    pygame.draw.circle(surface, theme.player_fill(player), center, radius)
    pygame.draw.circle(surface, theme.player_edge(player), center, radius, max(2, radius // 5))
    if player == 1:
        pygame.draw.circle(surface, theme.player_edge(player), center, max(2, radius // 2), 2)


def draw_eval_bar(surface, rect, value0: float | None, names, t: float,
                  slots=(0, 1)) -> None:
    """Who is winning: player 0's colour from the left, player 1's from the right, split
    by the estimate (``slots``: the palette colour of each player, see theme.colour_slot)."""
    rect = pygame.Rect(rect)
    v = 0.0 if value0 is None else max(-1.0, min(1.0, value0))
    split = rect.x + int(rect.width * (1 + v) / 2)
    pygame.draw.rect(surface, theme.player_fill(slots[1]), rect, border_radius=6)
    left = pygame.Rect(rect.x, rect.y, split - rect.x, rect.height)
    if left.width > 0:
        pygame.draw.rect(surface, theme.player_fill(slots[0]), left, border_radius=6)
    pygame.draw.line(surface, theme.ACCENT, (split, rect.y - 3), (split, rect.bottom + 2), 3)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2, border_radius=6)
    if value0 is not None:
        p0 = int(round(50 * (1 + v)))
        draw_text(surface, f"{p0}%", theme.FONT_TINY, theme.player_ink(slots[0]),
                  (rect.x + 6, rect.centery), "midleft")
        draw_text(surface, f"{100 - p0}%", theme.FONT_TINY, theme.player_ink(slots[1]),
                  (rect.right - 6, rect.centery), "midright")


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


class PlayScene(Scene):
    """A game on the board, between humans and/or the computer."""

    def __init__(self, app, game, options=None, seats=None, start_state=None,
                 move_cap: int | None = None, match: Match | None = None):
        super().__init__(app)
        if match is None:
            seats = list(seats or (Seat("human"), Seat("computer", "medium")))
            if move_cap is None and all(s.computer for s in seats):
                move_cap = app.move_cap
            match = Match(app, game, options, seats, move_cap=move_cap,
                          start_state=start_state)
        self.match = match
        self.game = match.game
        self.view = match.view
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self.panel_rect = pygame.Rect(0, 0, 10, 10)
        self.note = Toast()
        self.flash = anim.Timeline()
        self.over_timer = 0.0
        self.resign_armed = 0.0
        self.mouse_pos = (0, 0)
        self.b_undo = self.ui.add(Button("Undo", self.undo, size=theme.FONT_SMALL, hotkey="U"))
        self.b_redo = self.ui.add(Button("Redo", self.redo, size=theme.FONT_SMALL, hotkey="R"))
        self.b_hint = self.ui.add(Button("Hint", self.hint, size=theme.FONT_SMALL, hotkey="H",
                                         accent=theme.ACCENT_2))
        self.b_resign = self.ui.add(Button("Resign", self.resign, size=theme.FONT_SMALL,
                                           accent=theme.BAD))
        self.b_menu = self.ui.add(Button("Menu", self.open_pause, size=theme.FONT_SMALL,
                                         hotkey="Esc"))
        self.ended = False
        self.buttons_top = 0
        self._only_key = None
        self._only = None

    # --- life cycle -------------------------------------------------------------------------
    def layout(self, size) -> None:
        w, h = size
        pad = theme.PAD
        pw = min(theme.PANEL_WIDTH, max(260, w // 3))
        self.panel_rect = pygame.Rect(w - pw - pad, pad, pw, h - 2 * pad)
        self.board_rect = pygame.Rect(pad, pad, self.panel_rect.x - 2 * pad, h - 2 * pad)
        self.view.layout(self.board_rect.copy())
        self.place_buttons(self.panel_rect.inflate(-2 * pad, -2 * pad))

    def place_buttons(self, inner) -> None:
        """Two rows of buttons at the bottom of the panel."""
        bh = 40
        gap = theme.GAP
        bw3 = (inner.width - 2 * gap) // 3
        bw2 = (inner.width - gap) // 2
        y2 = inner.bottom - bh
        y1 = y2 - gap - bh
        self.buttons_top = y1
        self.b_undo.rect = pygame.Rect(inner.x, y1, bw3, bh)
        self.b_redo.rect = pygame.Rect(inner.x + bw3 + gap, y1, bw3, bh)
        self.b_hint.rect = pygame.Rect(inner.x + 2 * (bw3 + gap), y1, bw3, bh)
        self.b_resign.rect = pygame.Rect(inner.x, y2, bw2, bh)
        self.b_menu.rect = pygame.Rect(inner.x + bw2 + gap, y2, bw2, bh)

    def exit(self) -> None:
        self.match.cancel()

    def pause(self) -> None:
        self.match.cancel()

    # --- actions --------------------------------------------------------------------------
    def say(self, text: str, kind: str = "info", seconds: float = 2.5) -> None:
        self.note.show(text, kind, seconds)

    def slot(self, p: int) -> int:
        """The palette colour player ``p`` wears in this game (theme.colour_slot)."""
        return theme.colour_slot(self.game.id, p)

    def save_game(self, folder: str = "saves") -> str | None:
        """Write the game so far as a record file (``--load`` continues it)."""
        from game import records
        m = self.match
        seats = [f"computer:{s.level}" if s.computer else "human" for s in m.seats]
        try:
            text = records.dumps(self.game, m.options, seats, m.states[0], m.moves)
            path = records.save_file(text, self.game.id, folder)
        except (OSError, ValueError) as e:
            self.say(f"Could not save the game: {e}", "bad", 4.0)
            return None
        self.say(f"Saved to {path}", "good", 4.0)
        return path

    def undo(self) -> None:
        if self.match.undo():
            self.ended = False
            self.over_timer = 0.0
            self.say("Move taken back", "info", 1.5)
        else:
            self.say("Nothing to undo", "warn", 1.5)
            self.app.play_sound("error")

    def redo(self) -> None:
        if not self.match.redo():
            self.say("Nothing to redo", "warn", 1.5)
            self.app.play_sound("error")

    def hint(self) -> None:
        m = self.match
        if m.hinting:
            self.say("Still looking for a hint...", "info", 1.5)
        elif m.human_turn and m.ask_hint():
            self.say("Looking for a hint...", "info", 2.0)
        else:
            self.say("A hint is for your own turn", "warn", 1.5)
            self.app.play_sound("error")

    def resign(self) -> None:
        m = self.match
        if m.over:
            return
        if not m.any_human:
            self.end_now()
            return
        if self.resign_armed <= 0:
            self.resign_armed = 3.0
            self.b_resign.label = "Sure?"
            self.say("Click Resign again to resign", "warn", 3.0)
            return
        m.resign()
        self.over_timer = RESULT_DELAY

    def end_now(self) -> None:
        """Computer-vs-computer: stop here and call it unfinished."""
        self.match.cancel()
        self.match.unfinished = True
        self.over_timer = RESULT_DELAY

    def open_pause(self) -> None:
        from game.scenes.pause import PauseScene
        self.app.push(PauseScene(self.app, self))

    def restart(self) -> None:
        self.app.replace(PlayScene(self.app, self.game, self.match.options, self.match.seats,
                                   move_cap=self.match.move_cap))

    def try_move(self, notation: str) -> bool:
        """Play a move for the human to move (as a click on the board would)."""
        m = self.match
        if not m.human_turn:
            self.say("Wait for your turn", "warn", 1.5)
            return False
        try:
            m.play(notation)
        except ValueError as exc:     # IllegalMove is a ValueError
            self.refuse(str(exc))
            return False
        self.note.clear()
        return True

    def refuse(self, text: str) -> None:
        self.say(text or "That is not a legal move", "bad", 2.5)
        self.flash.add("illegal", theme.FLASH_TIME, theme.linear)
        self.app.play_sound("error")

    # --- events ------------------------------------------------------------------------------
    def handle_event(self, event) -> None:
        et = event.type
        if et == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_ESCAPE:
                self.view.cancel_selection()
                self.open_pause()
                return
            if key == pygame.K_u:
                self.undo()
                return
            if key == pygame.K_r:
                self.redo()
                return
            if key == pygame.K_h:
                self.hint()
                return
            if key == pygame.K_s:
                self.save_game()
                return
            if key == pygame.K_SPACE and self.view.animating:
                self.view.skip_animation()
                return
        if et == pygame.MOUSEMOTION:
            self.mouse_pos = event.pos
            if self.board_rect.collidepoint(event.pos):
                self.view.hover(event.pos)
        if et == pygame.MOUSEBUTTONDOWN and self.board_rect.collidepoint(event.pos):
            self.board_click(event.pos, getattr(event, "button", 1))
            return
        if et == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            self.board_release(event.pos)
        self.ui.handle_event(event)

    def board_click(self, pos, button: int = 1) -> None:
        view = self.view
        m = self.match
        if view.animating:
            view.skip_animation()
            return
        if button == 3:
            view.cancel_selection()
            return
        if button != 1:           # the wheel (4, 5) may page a view's move list
            try:
                view.click(pos, button)
            except Exception:
                pass
            return
        if m.over:
            self.say("The game is over", "info", 1.5)
            return
        if not m.human_turn:
            self.say("The computer is thinking...", "info", 1.5)
            return
        self._board_input(view.click, pos, button)

    def board_release(self, pos) -> None:
        """The mouse button went up: a view may finish a drag (Gess drags a piece)."""
        m = self.match
        if self.view.animating or m.over or not m.human_turn:
            return
        self._board_input(self.view.release, pos, 1)

    def _board_input(self, handler, pos, button) -> None:
        try:
            res = handler(pos, button)
        except Exception as exc:      # a view must never take the game down
            if self.app.strict:
                raise
            self.refuse(f"That click went wrong: {exc}")
            return
        if res is None:
            return
        if res.move:
            if self.try_move(res.move):
                if res.message:
                    self.say(res.message, "info", 1.5)
            return
        if res.illegal:
            self.refuse(res.message)
        elif res.message:
            self.say(res.message, "info", 2.0)
            self.app.play_sound("click")

    # --- update ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.note.update(dt)
        self.flash.update(dt)
        if self.resign_armed > 0:
            self.resign_armed -= dt
            if self.resign_armed <= 0:
                self.b_resign.label = "Resign"
        m = self.match
        m.update(dt)
        for kind, text in m.pop_events():
            self.say(text, kind, 3.0)
        if m.human_turn:
            self.only_move()
        self.b_undo.enabled = m.can_undo()
        self.b_redo.enabled = m.can_redo()
        self.b_hint.enabled = m.human_turn and not m.hinting
        self.b_resign.enabled = not m.over
        self.b_resign.label = "Sure?" if self.resign_armed > 0 else (
            "Resign" if m.any_human else "Stop")
        if m.over and not self.ended:
            if self.view.animating:
                return
            if self.over_timer <= 0:
                self.over_timer = RESULT_DELAY
            self.ended = True
        if self.ended:
            self.over_timer -= dt
            if self.over_timer <= 0:
                self.to_result()

    def to_result(self) -> None:
        from game.scenes.result import ResultScene
        self.app.replace(ResultScene(self.app, self.match))

    # --- draw --------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        draw_background(surface, self.app.time, glow=False)
        shake = 0
        fl = self.flash.get("illegal")
        if fl is not None:
            shake = int(6 * anim.shake(fl.raw))
        self.view.draw(surface)
        if fl is not None:
            k = anim.flash(fl.raw)
            col = theme.mix(theme.BOARD_EDGE, theme.BAD, k)
            pygame.draw.rect(surface, col, self.board_rect.move(shake, 0), 3,
                             border_radius=theme.RADIUS)
        self.draw_panel(surface)

    def draw_panel(self, surface) -> None:
        rect = self.panel_rect
        panel(surface, rect)
        pad = theme.PAD
        x = rect.x + pad
        w = rect.width - 2 * pad
        y = rect.y + pad - 2
        draw_text(surface, fit_text(self.game.name or self.game.id, theme.FONT_MEDIUM, w - 70),
                  theme.FONT_MEDIUM, theme.TEXT, (x, y))
        draw_text(surface, self.corner_text(), theme.FONT_TINY,
                  theme.TEXT_DIM, (rect.right - pad, y + 6), "topright")
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
        self.ui.draw(surface)

    def corner_text(self) -> str:
        m = self.match
        return f"move {m.ply + (0 if m.over else 1)}"

    def draw_players(self, surface, x, y, w) -> int:
        m = self.match
        names = self.game.players
        try:
            scores = m.state.scores()
        except Exception:
            scores = None
        row_h = 50
        for p in (0, 1):
            r = pygame.Rect(x - 6, y, w + 12, row_h - 4)
            to_move = not m.over and m.state.player == p
            if to_move:
                k = 0.5 + 0.5 * theme.pulse(self.time, 1.6)
                pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.ACCENT, 0.18 + 0.12 * k),
                                 r, border_radius=theme.RADIUS)
                pygame.draw.rect(surface, theme.ACCENT, r, 2, border_radius=theme.RADIUS)
            draw_swatch(surface, (x + 16, r.centery), self.slot(p), 13)
            name = names[p] if p < len(names) else f"Player {p}"
            draw_text(surface, fit_text(str(name), theme.FONT_SMALL, w - 110), theme.FONT_SMALL,
                      theme.TEXT, (x + 38, r.y + 5))
            draw_text(surface, m.seats[p].label(), theme.FONT_TINY, theme.TEXT_DIM,
                      (x + 38, r.y + 26))
            if scores is not None:
                draw_text(surface, str(scores[p]), theme.FONT_MEDIUM, player_text(self.slot(p)),
                          (r.right - 10, r.centery), "midright")
            y += row_h
        return y

    def status_text(self) -> tuple[str, tuple]:
        m = self.match
        names = self.game.players
        if m.over:
            w = m.winner()
            if w is None:
                return ("Unfinished" if m.unfinished else "Draw"), theme.WARN
            return f"{names[w]} wins!", theme.GOOD
        p = m.state.player
        if m.is_computer(p):
            return f"{names[p]}: computer to move", theme.TEXT_DIM
        only = self._only if self._only_key == (m.ply, id(m.state)) else None
        if only is not None:
            return f"{names[p]}: only move is {only} - click the board", theme.WARN
        if m.any_human and not m.all_computer and sum(not s.computer for s in m.seats) == 1:
            return "Your move", theme.ACCENT_2
        return f"{names[p]} to move", theme.ACCENT_2

    def only_move(self) -> str | None:
        """The notation of the human's one legal move (e.g. a forced pass), else None."""
        key = self.match.ply, id(self.match.state)
        if self._only_key != key:
            self._only_key = key
            try:
                moves = self.match.state.legal_moves()
                self._only = str(moves[0]) if len(moves) == 1 else None
            except Exception:
                self._only = None
        return self._only

    def draw_view_lines(self, surface, x, y, w) -> int:
        """The board view's own counts (Gliss: towers, bases, gliders per side)."""
        try:
            lines = self.view.panel_lines() or []
        except Exception:
            lines = []
        for text in lines[:4]:
            draw_text(surface, fit_text(str(text), theme.FONT_TINY, w), theme.FONT_TINY,
                      theme.TEXT_DIM, (x, y))
            y += line_height(theme.FONT_TINY) + 2
        return y + (4 if lines else 0)

    def draw_status(self, surface, x, y, w) -> int:
        text, col = self.status_text()
        draw_text(surface, fit_text(text, theme.FONT_SMALL, w), theme.FONT_SMALL, col, (x, y))
        return y + line_height(theme.FONT_SMALL) + 6

    def draw_thinking(self, surface, x, y, w) -> int:
        m = self.match
        names = self.game.players
        value0 = m.evaluation()
        busy = m.thinking or m.hinting
        if not busy and value0 is None:
            return y
        if busy:
            label = "Thinking" if m.thinking else "Finding a hint"
            dots = "." * (1 + int(self.time * 3) % 3)
            draw_text(surface, label + dots, theme.FONT_TINY, theme.ACCENT_2, (x, y))
            # a spinner
            c = (x + w - 10, y + 7)
            a = self.time * 6
            for i in range(6):
                ang = a + i * math.pi / 3
                col = theme.mix(theme.PANEL, theme.ACCENT_2, (i + 1) / 6)
                pygame.draw.circle(surface, col, (int(c[0] + 7 * math.cos(ang)),
                                                  int(c[1] + 7 * math.sin(ang))), 2)
            y += line_height(theme.FONT_TINY) + 2
            bar(surface, (x, y, w, 6), m.thinking_fraction(), theme.ACCENT_2, radius=3)
            y += 12
        else:
            draw_text(surface, "Computer's last estimate", theme.FONT_TINY, theme.TEXT_DIM, (x, y))
            y += line_height(theme.FONT_TINY) + 2
        draw_eval_bar(surface, (x, y, w, 18), value0, names, self.time,
                      (self.slot(0), self.slot(1)))
        y += 22
        draw_text(surface, verdict(value0, names), theme.FONT_TINY, theme.TEXT, (x, y))
        y += line_height(theme.FONT_TINY) + 2
        if busy and m.candidates():
            cands = m.candidates()[:3]
            total = sum(c[1] for c in cands) or 1
            mover = names[m.req_player] if m.req_player < len(names) else "?"
            draw_text(surface, f"Top moves (visits, {mover}'s chances)", theme.FONT_TINY,
                      theme.TEXT_DIM, (x, y))
            y += line_height(theme.FONT_TINY)
            for notation, visits, val in cands:
                share = visits / total
                win = int(round(50 * (1 + max(-1.0, min(1.0, float(val))))))
                draw_text(surface, fit_text(str(notation), theme.FONT_TINY, w // 2),
                          theme.FONT_TINY, theme.TEXT, (x + 4, y))
                bx = x + w // 2
                bar(surface, (bx, y + 3, w // 2 - 44, 8), share, theme.ACCENT, radius=3)
                draw_text(surface, f"{win}%", theme.FONT_TINY, theme.TEXT_DIM,
                          (x + w, y), "topright")
                y += line_height(theme.FONT_TINY)
        return y + 6

    def draw_moves(self, surface, rect) -> None:
        m = self.match
        if rect.height < line_height(theme.FONT_TINY) * 2:
            return
        draw_text(surface, "Moves", theme.FONT_TINY, theme.TEXT_DIM, (rect.x, rect.y))
        top = rect.y + line_height(theme.FONT_TINY) + 2
        box = pygame.Rect(rect.x - 4, top, rect.width + 8, rect.bottom - top)
        pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.BG, 0.5), box,
                         border_radius=theme.RADIUS // 2)
        lh = line_height(theme.FONT_SMALL)
        rows = max(1, (box.height - 8) // lh)
        moves = m.moves
        n_rows = (len(moves) + 1) // 2
        first = max(0, n_rows - rows)
        col_w = min(110, (box.width - 50) // 2)
        y = box.y + 4
        for r in range(first, n_rows):
            draw_text(surface, f"{r + 1}.", theme.FONT_SMALL, theme.TEXT_DIM,
                      (box.x + 44, y), "topright")
            for c in (0, 1):
                i = 2 * r + c
                if i >= len(moves):
                    break
                last = i == len(moves) - 1
                col = theme.ACCENT if last else player_text(self.slot(self._mover(i)))
                text = fit_text(moves[i], theme.FONT_SMALL, col_w - 6)
                draw_text(surface, text, theme.FONT_SMALL, col, (box.x + 52 + c * col_w, y))
            y += lh
        if not moves:
            draw_text(surface, "No moves yet", theme.FONT_TINY, theme.TEXT_DIM,
                      (box.x + 8, box.y + 6))

    def _mover(self, i: int) -> int:
        try:
            return self.match.states[i].player
        except (IndexError, AttributeError):
            return i % 2

    def draw_note(self, surface, x, y, w) -> None:
        note = self.note
        lines = wrap_text(note.text, theme.FONT_SMALL, w)[:2]
        for i, line in enumerate(lines):
            draw_text(surface, line, theme.FONT_SMALL, note.color,
                      (x, y + i * line_height(theme.FONT_SMALL)), alpha=note.alpha)
