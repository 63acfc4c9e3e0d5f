"""The play scene: the board fitted to the window and a side panel.

The panel (``game.ui.play_panel``) shows the players and whose turn it is, the scores, the
computer's thinking and the move list; below it the buttons (Undo U, Redo Y, Hint H,
Resign, Menu Esc) and, above them, the moves the board view offers as buttons (a forced
pass, declining, a colour choice).  Every move can be made from the keyboard: the board
cursor (arrows, Q E Z C, Enter/Space, Esc; ``BoardHost.move_cursor``), Tab through the
buttons, or a typed move after / (``game.ui.move_entry``); ? shows the keys (``game.ui.keys``),
L the log of every move in words (``game.session.announce``).  The game itself is a
``game.session.match.Match``; the board is hosted by a ``game.board_host.BoardHost``.

Coach mode (Settings: Coach), in a game of one human against the computer: after each of
the human's moves the computer's reply waits while the coach (``game.session.teach.Coach``)
values the move; when it drops the human's winning chance past the review's mistake
threshold, a box over the board offers "Take back and think again", saying what the
better move achieves (``State.explain``), or "Play on".
"""

from __future__ import annotations

import pygame

from game import theme
from game.board_host import BoardHost
from game.scenes.base import Scene, draw_background
from game.session import announce, keeping, teach
from game.session.seats import DEFAULT_SEATS
from game.ui import anim, flow, keys, opening
from game.ui.board_keys import click_cursor, step_cursor
from game.ui.move_entry import MoveBox
from game.ui.play_panel import PlayPanel
from game.ui.review_graph import MARKS
from game.ui.widgets import Button, draw_text, fit_text, line_height, text_size, wrap_text

RESULT_DELAY = 1.0  # seconds between the last move landing and the result screen


class PlayScene(Scene):
    """A game on the board, between humans and/or the computer."""

    def __init__(
        self,
        app,
        game,
        options=None,
        seats=None,
        start_state=None,
        move_cap: int | None = None,
        match=None,
    ):
        super().__init__(app)
        if match is None:
            seats = list(seats or DEFAULT_SEATS)
            if move_cap is None and all(s.computer for s in seats):
                move_cap = app.move_cap
            match = app.new_match(game, options, seats, move_cap=move_cap, start_state=start_state)
        self.match = match
        self.game = match.game
        if match.any_human and hasattr(app, "settings"):  # the select screen reopens on it
            app.settings.last_game = self.game.id
        self.host = BoardHost(app, self.game, match=match)
        self.autosave = keeping.Autosaver(app, match)
        self.view = self.host.view
        self.panel = PlayPanel(match, self.view)
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self.panel_rect = pygame.Rect(0, 0, 10, 10)
        self.flash = anim.Timeline()
        self.over_timer = 0.0
        self.mouse_pos = (0, 0)
        self.b_undo = self.ui.add(Button("Undo", self.undo, size=theme.FONT_SMALL, hotkey="U"))
        self.b_redo = self.ui.add(Button("Redo", self.redo, size=theme.FONT_SMALL, hotkey="Y"))
        self.b_hint = self.ui.add(
            Button("Hint", self.hint, size=theme.FONT_SMALL, hotkey="H", accent=theme.ACCENT_2)
        )
        self.b_resign = self.ui.add(
            Button("Resign", self.resign, size=theme.FONT_SMALL, accent=theme.BAD)
        )
        self.b_menu = self.ui.add(
            Button("Menu", self.open_pause, size=theme.FONT_SMALL, hotkey="Esc")
        )
        self.movebox = MoveBox(lambda: self.match.state, self.type_move)
        self.panel.keys_help = lambda: keys.legend(self.view)
        self._said_ply = match.ply  # the computer's moves are said once they land
        self.ended = False
        self.action_buttons: list[Button] = []
        self._actions_key = None
        # coach mode (a setting): the coach, and its offer to take a mistake back
        self.coach: teach.Coach | None = None
        self.b_takeback = self.ui.add(
            Button(
                "Take back and think again",
                self.coach_take_back,
                size=theme.FONT_SMALL,
                accent=theme.GOOD,
            )
        )
        self.b_playon = self.ui.add(Button("Play on", self.coach_play_on, size=theme.FONT_SMALL))
        self.b_takeback.visible = self.b_playon.visible = False
        self.coach_rect = pygame.Rect(0, 0, 0, 0)
        self.sync_coach()

    # --- life cycle -------------------------------------------------------------------------
    def layout(self, size) -> None:
        self.board_rect, self.panel_rect = PlayPanel.split(size)
        self.panel.rect = self.panel_rect
        self.host.layout(self.board_rect)
        self.place_buttons(self.panel_rect.inflate(-2 * theme.PAD, -2 * theme.PAD))
        self.place_actions()
        self.place_coach()

    def place_buttons(self, inner) -> None:
        """Two rows of buttons at the bottom of the panel."""
        bh = 40
        gap = theme.GAP
        bw3 = (inner.width - 2 * gap) // 3
        bw2 = (inner.width - gap) // 2
        y2 = inner.bottom - bh
        y1 = y2 - gap - bh
        self.panel.buttons_top = y1
        self.b_undo.rect = pygame.Rect(inner.x, y1, bw3, bh)
        self.b_redo.rect = pygame.Rect(inner.x + bw3 + gap, y1, bw3, bh)
        self.b_hint.rect = pygame.Rect(inner.x + 2 * (bw3 + gap), y1, bw3, bh)
        self.b_resign.rect = pygame.Rect(inner.x, y2, bw2, bh)
        self.b_menu.rect = pygame.Rect(inner.x + bw2 + gap, y2, bw2, bh)

    def exit(self) -> None:
        self.match.cancel()
        if self.coach is not None:
            self.coach.close()

    # --- coach mode -------------------------------------------------------------------------
    def coach_wanted(self) -> bool:
        """Coach mode is on and this is one human against the computer, still playing."""
        settings = getattr(self.app, "settings", None)
        m = self.match
        return bool(getattr(settings, "coach", False)) and m.humans == 1 and not m.over

    def sync_coach(self) -> None:
        """Start or stop the coach as the setting and the game say."""
        want = self.coach_wanted()
        if want and self.coach is None:
            it = getattr(self.app, "ai_overrides", {}).get("iterations")
            self.coach = teach.Coach(self.match, self.app.live_ai, it)
            self.match.waits = self.coach.waits
        elif not want and self.coach is not None:
            self.coach.close()
            self.coach = None
            self.match.waits = lambda: False

    @property
    def coach_advice(self):
        return None if self.coach is None else self.coach.advice

    def coach_lines(self) -> list[tuple[str, int, tuple]]:
        """The coach's box: the verdict, the chances, what the better move achieves."""
        v = self.coach_advice
        if v is None:
            return []
        reason = self.coach.reason
        better = f"A better move {reason}." if reason else "There is a better move here."
        return [
            (f"Coach: that looks like a {v.kind}", theme.FONT_SMALL, MARKS[v.kind][1]),
            (
                f"Your winning chance drops from {v.before:.0f}% to {v.after:.0f}%.",
                theme.FONT_TINY,
                theme.TEXT,
            ),
            (better, theme.FONT_TINY, theme.ACCENT_2),
        ]

    def place_coach(self) -> None:
        """The coach's box at the bottom of the board, its two buttons inside it."""
        r = self.board_rect
        width = min(r.width - 16, 640)
        bh = 40
        lines = 0
        for text, size, _ in self.coach_lines():
            lines += len(wrap_text(text, size, width - 24)) * line_height(size) + 2
        height = lines + bh + 3 * theme.GAP + 8
        box = pygame.Rect(0, 0, width, height)
        box.midbottom = (r.centerx, r.bottom - 8)
        self.coach_rect = box
        gap = theme.GAP
        y = box.bottom - gap - bh
        w1 = (box.width - 3 * gap) * 3 // 5
        self.b_takeback.rect = pygame.Rect(box.x + gap, y, w1, bh)
        x2 = self.b_takeback.rect.right + gap
        self.b_playon.rect = pygame.Rect(x2, y, box.right - gap - x2, bh)

    def coach_take_back(self) -> None:
        if self.coach is None or self.coach.advice is None:
            return
        self.back_to_game()
        if self.coach.take_back():
            self.ended = False
            self.say("Taken back: think again", "info", 2.0)
        self.view.cancel_selection()

    def coach_play_on(self) -> None:
        if self.coach is not None:
            self.coach.play_on()

    def pause(self) -> None:
        self.match.cancel()

    # --- actions --------------------------------------------------------------------------
    @property
    def note(self):
        return self.panel.note

    def say(self, text: str, kind: str = "info", seconds: float = 2.5) -> None:
        self.panel.say(text, kind, seconds)

    def toast_area(self, size) -> pygame.Rect:
        """The side panel, above the move list's bottom: off the board and its labels."""
        return self.panel.toast_area()

    # --- moves offered as buttons (the board view's actions) --------------------------------
    def place_actions(self) -> None:
        """The view's action buttons above the standard buttons: side by side when their
        labels fit, else one row each."""
        if not self.action_buttons:
            return
        inner = self.panel_rect.inflate(-2 * theme.PAD, -2 * theme.PAD)
        gap = theme.GAP
        n = len(self.action_buttons)
        bh = 40
        bw = (inner.width - (n - 1) * gap) // n
        widest = max(text_size(b.label, b.size)[0] for b in self.action_buttons)
        rows = [self.action_buttons] if widest + 24 <= bw else [[b] for b in self.action_buttons]
        y = self.panel.buttons_top
        for row in reversed(rows):
            y -= gap + bh
            w = (inner.width - (len(row) - 1) * gap) // len(row)
            for i, b in enumerate(row):
                b.rect = pygame.Rect(inner.x + i * (w + gap), y, w, bh)
        self.panel.buttons_top = y

    def refresh_actions(self) -> None:
        """Rebuild the action buttons when the view offers different ones."""
        m = self.match
        actions = list(self.view.actions()) if m.human_turn else []
        key = (m.ply, tuple((a.label, str(a.move)) for a in actions))
        self.offer_actions(key, actions, self.take_action)

    def take_action(self, action) -> None:
        if self.try_move(action.move) and action.explain:
            self.say(action.explain, "info", 2.5)

    def save_game(self) -> str | None:
        """Save the game so far in the data folder (the Load screen and ``--load`` open it)."""
        path = keeping.save(self.app, self.match)
        if path:
            self.say(f"Saved to {path}", "good", 4.0)
        return path

    def busy(self) -> str | None:
        """What quitting now cuts short (``App.request_quit`` asks first); the game
        itself is autosaved, so only the computer's thinking."""
        if self.match.thinking:
            return "The computer is thinking about its move (it starts again on Continue)."
        return None

    @property
    def unfinished(self) -> bool:
        """A game with moves in it that is not over: leaving it asks first."""
        return self.match.ply > 0 and not self.match.over

    # --- browsing the move list (a view of an earlier position; the game waits at the end) --
    @property
    def browsing(self) -> int | None:
        return self.panel.browsing

    def browse_to(self, position: int) -> None:
        """Show position ``position`` of the game (its newest one: back to the game)."""
        m = self.match
        before = self.panel.browsing
        position = max(0, min(m.ply, int(position)))
        if position >= m.ply:
            if before is not None:
                self.panel.browsing = None
                self.host.live(animate_from=before)
            return
        self.panel.browsing = position
        last = m.move_objs[position - 1] if position > 0 else None
        self.host.browse(m.states[position], last, animate=before == position - 1)
        self.app.play_sound("click")

    def browse_step(self, step: int) -> None:
        m = self.match
        at = m.ply if self.browsing is None else self.browsing
        if self.browsing is None and step > 0:
            self.say("This is the newest position", "info", 1.2)
            return
        self.browse_to(at + step)

    def back_to_game(self) -> None:
        if self.browsing is not None:
            self.browse_to(self.match.ply)

    def undo(self) -> None:
        if self.coach_advice is not None:  # U answers the coach: take it back
            self.coach_take_back()
            return
        self.back_to_game()
        if self.match.undo():
            self.ended = False
            self.over_timer = 0.0
            self.say("Move taken back", "info", 1.5)
        else:
            self.say("Nothing to undo", "warn", 1.5)
            self.app.play_sound("error")

    def redo(self) -> None:
        self.back_to_game()
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
        seat = m.state.player if not m.is_computer(m.state.player) else 1 - m.state.player
        flow.push(
            self.app,
            "confirm",
            "Resign this game?",
            f"{m.seat_name(seat)} gives up, and {m.seat_name(1 - seat)} wins. "
            "The game is kept in the archive (Load a game lists it).",
            self._resign_now,
            yes="Resign",
            no="Play on",
        )

    def _resign_now(self) -> None:
        m = self.match
        if m.over:
            return
        m.resign()
        self.autosave.write()  # over: the game goes to the archive
        self.over_timer = RESULT_DELAY

    def end_now(self) -> None:
        """Computer-vs-computer: stop here and call it unfinished."""
        self.match.stop()
        self.autosave.write()  # over: the game goes to the archive
        self.over_timer = RESULT_DELAY

    def open_pause(self) -> None:
        flow.push(self.app, "pause", self)

    def restart(self) -> None:
        m = self.match
        self.autosave.discard()  # thrown away (after asking): not offered to Continue
        flow.replace(
            self.app,
            "play",
            self.game,
            m.options,
            m.seats,
            start_state=m.states[0],
            move_cap=m.move_cap,
        )

    def try_move(self, move) -> bool:
        """Play a move (object or notation) for the human to move, as a click would."""
        m = self.match
        if not m.human_turn:
            self.say("Wait for your turn", "warn", 1.5)
            return False
        try:
            m.play(move)
        except ValueError as exc:  # IllegalMove is a ValueError
            self.refuse(str(exc))
            return False
        self.note.clear()
        return True

    def refuse(self, text: str) -> None:
        self.say(text or "That is not a legal move", "bad", 2.5)
        self.flash.add("illegal", theme.FLASH_TIME, theme.linear)
        self.app.play_sound("error")

    # --- events ------------------------------------------------------------------------------
    # --- the keyboard: the board cursor, the move box, the keys' legend ----------------------
    @property
    def text_input_active(self) -> bool:
        """The move box is open: every key is text (the app keeps M for it)."""
        return self.movebox.active

    def open_move_box(self, skip: str = "/") -> None:
        m = self.match
        if m.over:
            self.say("The game is over", "info", 1.5)
            return
        self.back_to_game()
        self.panel.keys_open = False
        self.movebox.open(skip)

    def type_move(self, move) -> bool:
        """The move box's move: played for the human to move, as a click would."""
        return self.try_move(move)

    def board_key(self, event) -> bool:
        """The board's keys (``keys.BOARD``): the cursor, Enter/Space on its cell, Tab
        through the buttons, the move box and the legend.  True when the key was one."""
        key = event.key
        mod = getattr(event, "mod", 0)
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        shift = bool(mod & pygame.KMOD_SHIFT)
        char = getattr(event, "unicode", "") or ""
        if char == "?" or (key == pygame.K_SLASH and shift):
            self.panel.keys_open = not self.panel.keys_open
            return True
        if key == pygame.K_SLASH or char == "/":
            self.open_move_box("/")
            return True
        if key == pygame.K_l:
            self.panel.show_log = not self.panel.show_log
            self.say(
                "The log: every move in words" if self.panel.show_log else "The move list",
                "info",
                1.2,
            )
            return True
        if keys.step_of(key) is not None:
            self.ui.set_focus(None)  # the board takes the focus back from the buttons
            return step_cursor(self.host, key, self._say_keys)
        if key == pygame.K_TAB:
            self.tab_focus(-1 if shift else 1)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.ui.focused is not None:
                return False  # the focused button takes it
            if key == pygame.K_SPACE and self.host.skip():
                return True
            self.activate_cursor()
            return True
        return False

    def tab_focus(self, step: int) -> None:
        """Tab: the panel's buttons one by one, then the board (no button focused)."""
        items = self.ui.focusables()
        cur = self.ui.focused
        if not items:
            return
        if cur is None:
            self.ui.set_focus(items[0] if step > 0 else items[-1])
        elif cur in items and items.index(cur) == (len(items) - 1 if step > 0 else 0):
            self.ui.set_focus(None)
            self.host.start_cursor()
        else:
            self.ui.move_focus(step)

    def activate_cursor(self) -> None:
        """Enter or Space: what a click on the cursor's cell does (the first press only
        shows the cursor)."""
        click_cursor(self.host, self._click_release, self._say_keys)

    def _click_release(self, pt) -> None:
        self.board_click(pt, 1)
        self.board_release(pt)

    def _say_keys(self, text: str) -> None:
        self.say(text, "info", 2.0)

    def handle_event(self, event) -> None:
        et = event.type
        if self.movebox.active and self.movebox.handle_event(event):
            return
        if et == pygame.TEXTINPUT:  # text outside the move box: the keys did their work
            return
        pos = getattr(event, "pos", None)
        if self.coach_advice is not None and pos is not None and self.coach_rect.collidepoint(pos):
            self.ui.handle_event(event)  # the coach's box is over the board: its buttons
            return
        if et == pygame.KEYDOWN:
            key = event.key
            if (
                self.match.human_turn
                and not self.view.animating
                and self.browsing is None
                and key != pygame.K_ESCAPE
            ):
                res = self.view.key(key)  # the view may want it (turn a picked tile)
                if res is not None:
                    self._handle_result(res)
                    return
            if key == pygame.K_ESCAPE:
                if self.panel.keys_open:
                    self.panel.keys_open = False
                    return
                if self.browsing is not None:
                    self.back_to_game()
                    return
                if self.view.has_selection():  # a half-made move: Esc takes it back first
                    self.view.cancel_selection()
                    self.say("Selection cancelled", "info", 1.2)
                    return
                self.view.cancel_selection()
                self.open_pause()
                return
            if self.board_key(event):
                return
            steps = {
                pygame.K_COMMA: -1,
                pygame.K_PERIOD: 1,
                pygame.K_PAGEUP: -1,
                pygame.K_PAGEDOWN: 1,
            }
            if key in steps:
                self.browse_step(steps[key])
                return
            if key == pygame.K_HOME:
                self.browse_to(0)
                return
            if key == pygame.K_END:
                self.back_to_game()
                return
            ctrl = getattr(event, "mod", 0) & pygame.KMOD_CTRL
            shift = getattr(event, "mod", 0) & pygame.KMOD_SHIFT
            # one meaning per key in every game: U (Ctrl+Z) undo, Y (Ctrl+Y, Shift+U) redo
            if key == pygame.K_y or (key == pygame.K_u and shift):
                self.redo()
                return
            if key == pygame.K_u or (key == pygame.K_z and ctrl):
                self.undo()
                return
            if key == pygame.K_h:
                self.hint()
                return
            if key == pygame.K_c and ctrl:
                opening.copy_record(
                    self.app,
                    self.match,
                    position=bool(event.mod & pygame.KMOD_SHIFT),
                    comments=bool(event.mod & pygame.KMOD_ALT),
                )
                return
            if key == pygame.K_v and ctrl:
                opening.paste(self.app)
                return
            if key == pygame.K_s:
                self.save_game()
                return
            if key == pygame.K_SPACE and self.host.skip():
                return
        if et == pygame.MOUSEMOTION:
            self.mouse_pos = event.pos
            self.host.mouse_moved(event.pos)
        if et in (
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.MOUSEMOTION,
            pygame.MOUSEWHEEL,
        ):
            position = self.panel.handle_event(event)
            if position is not None:
                self.browse_to(position)
                return
        if et == pygame.MOUSEBUTTONDOWN and self.board_rect.collidepoint(event.pos):
            self.board_click(event.pos, getattr(event, "button", 1))
            return
        if et == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            self.board_release(event.pos)
        self.ui.handle_event(event)

    def board_click(self, pos, button: int = 1) -> None:
        view = self.view
        m = self.match
        if self.host.skip():
            return
        if self.browsing is not None:
            if button == 1:
                self.back_to_game()
                self.say("Back to the game", "info", 1.2)
            return
        if button == 3:
            res = view.alt_click(pos) if m.human_turn else None
            if res is None:
                view.cancel_selection()
            else:
                self._handle_result(res)
            return
        if button != 1:  # the wheel (4, 5) may page a view's move list
            view.click(pos, button)
            return
        if m.over:
            self.say("The game is over", "info", 1.5)
            return
        if not m.human_turn:
            self.say("The computer is thinking...", "info", 1.5)
            return
        if view.hint is not None and view.hint_at(pos):
            # a click on the hint's ghost plays the hint, whatever the player had picked
            hint = view.hint
            view.cancel_selection()
            if self.try_move(hint):
                self.say("The hint is played", "info", 1.5)
            return
        self._board_input(view.click, pos, button)

    def board_release(self, pos) -> None:
        """The mouse button went up: a view may finish a drag (Gess drags a piece)."""
        m = self.match
        if self.view.animating or m.over or not m.human_turn or self.browsing is not None:
            return
        self._board_input(self.view.release, pos, 1)

    def _board_input(self, handler, pos, button) -> None:
        self._handle_result(handler(pos, button))  # App._safe guards event handling

    def _handle_result(self, res) -> None:
        """Act on what the view made of an input: play its move, or say its message."""
        if res is None:
            return
        if res.move is not None:
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
        self.panel.update(dt)
        self.flash.update(dt)
        m = self.match
        self.host.update(dt)
        self.sync_coach()
        had = self.coach_advice
        if self.coach is not None:
            self.coach.update()  # (before the match: the computer's reply may wait for it)
        if self.coach_advice is not None and had is None:
            self.place_coach()
            self.ui.set_focus(self.b_takeback)
            self.app.play_sound("error")
        self.b_takeback.visible = self.b_playon.visible = self.coach_advice is not None
        m.update(dt)
        for kind, text in m.pop_events():
            self.say(text, kind, 3.0)
        self.announce_computer()
        self.refresh_actions()
        self.b_undo.enabled = m.can_undo()
        self.b_redo.enabled = m.can_redo()
        self.b_hint.enabled = m.human_turn and not m.hinting
        self.b_resign.enabled = not m.over
        self.b_resign.label = "Resign" if m.any_human else "Stop"
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

    def announce_computer(self) -> None:
        """The computer's move, in words, where the player's eyes are: the panel's note
        ("Black places on d4 and splays the tower: 5 markers"); the log keeps them all."""
        m = self.match
        said, self._said_ply = self._said_ply, m.ply
        if m.ply != said + 1 or not m.any_human or not m.move_objs:
            return
        before = m.states[-2]
        if not m.is_computer(before.player):
            return
        self.say(" ".join(announce.sentences(before, m.move_objs[-1], m.state)), "info", 4.0)

    def to_result(self) -> None:
        flow.replace(self.app, "result", self.match)

    # --- draw --------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        draw_background(surface, self.app.time, glow=False)
        shake = 0
        fl = self.flash.get("illegal")
        if fl is not None:
            shake = int(6 * anim.shake(fl.raw))
        self.host.draw(surface)
        if fl is not None:
            k = anim.flash(fl.raw)
            col = theme.mix(theme.BOARD_EDGE, theme.BAD, k)
            pygame.draw.rect(
                surface, col, self.board_rect.move(shake, 0), 3, border_radius=theme.RADIUS
            )
        if self.browsing is not None:
            self.draw_browse_banner(surface)
        if self.coach_advice is not None:
            self.draw_coach(surface)
        self.panel.draw(surface)
        self.ui.draw(surface)
        if self.panel.keys_open:
            keys.draw_legend(surface, self.board_rect, keys.legend(self.view))
        self.movebox.draw(surface, self.board_rect)

    def draw_coach(self, surface) -> None:
        box = self.coach_rect
        pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.BG, 0.15), box, border_radius=10)
        pygame.draw.rect(surface, theme.WARN, box, 2, border_radius=10)
        y = box.y + theme.GAP
        for text, size, col in self.coach_lines():
            for line in wrap_text(text, size, box.width - 24):
                draw_text(surface, line, size, col, (box.x + 12, y))
                y += line_height(size)
            y += 2

    def draw_browse_banner(self, surface) -> None:
        """While an earlier position shows: which, and how to get back to the game."""
        r = self.board_rect
        text = "Viewing an earlier position - End, Esc or a click on the board: back to the game"
        size = theme.FONT_SMALL
        h = line_height(size) + 10
        box = pygame.Rect(r.x + 8, r.y + 8, r.width - 16, h)
        pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.BG, 0.2), box, border_radius=8)
        pygame.draw.rect(surface, theme.WARN, box, 2, border_radius=8)
        draw_text(
            surface, fit_text(text, size, box.width - 16), size, theme.WARN, box.center, "center"
        )
