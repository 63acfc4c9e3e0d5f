"""Learn from your mistakes: a reviewed game's marked moves, one at a time, to try again.

Opened from the review (L) with the game, its complete analysis and the seats whose
mistakes to go through (``game.session.teach.Lesson``).  The board shows the position *before*
each marked move and takes a move as the play scene does (clicks, drags, the view's
action buttons).  The computer judges the try with the review's own thresholds: the
computer's own move, good enough, or still a mistake; then the board plays out what
follows (for a try that fails, the line that refutes it).  Try again (T), Answer (A:
the better move and its line, with what it achieves), Next mistake (N), Back (Esc).  The
board's keys are a game's (``game.ui.board_keys``: the arrows and Q E Z C move the board
cursor, Enter/Space click its cell, / types a try, ? the legend).
"""

from __future__ import annotations

import pygame

from game import theme
from game.board_host import BoardHost
from game.scenes.base import Scene, draw_background
from game.session import teach, turns
from game.ui.board_keys import BoardKeys
from game.ui.review_graph import MARKS
from game.ui.widgets import Button, draw_text, line_height, titled_panel, wrap_text


class MistakesScene(Scene):
    """Step through the player's marked moves and find better ones."""

    LINE_TIME = 1.2  # seconds between the moves of a line played out

    def __init__(self, app, match, analysis, seats=(0, 1)):
        super().__init__(app)
        self.match = match
        self.game = match.game
        self.states = list(match.states)
        last = self.states[-1]
        self.names = [last.seat_name(p) for p in (0, 1)]
        it = getattr(app, "ai_overrides", {}).get("iterations")
        self.lesson = teach.Lesson(
            self.states, match.move_objs, analysis, seats=list(seats), iterations=it
        )
        self.turn_rows = turns.turns_of(self.states, list(match.move_objs))
        self.host = BoardHost(app, self.game, self.lesson.position or self.states[0])
        self.view = self.host.view
        self.board_keys = BoardKeys(
            lambda: self.host,
            lambda: self.lesson.position or self.states[0],
            self.attempt,
            self.handle_event,
            self.why_not,
            lambda text: app.message(text, "info", 1.5),
            ["T: try again; A: the answer; N: the next mistake; Esc or Backspace: back"],
            ui=self.ui,
        )
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self.panel_rect = pygame.Rect(0, 0, 10, 10)
        self.line: list = []  # [(move, position after it)] being played out
        self.line_step = 0
        self.line_timer = 0.0
        self.answer_shown = False
        self.action_buttons: list[Button] = []
        self._actions_key = None
        self._why: dict = {}  # (mistake, what, move) -> State.explain's sentence
        small = theme.FONT_SMALL
        add = self.ui.add
        self.b_retry = add(Button("Try again", self.retry, size=small, hotkey="T"))
        self.b_answer = add(
            Button("Answer", self.show_answer, size=small, hotkey="A", accent=theme.ACCENT_2)
        )
        self.b_next = add(
            Button("Next mistake", self.next, size=small, hotkey="N", accent=theme.GOOD)
        )
        self.b_back = add(Button("Back", self.back, size=small, accent=theme.WARN))
        self.show_position()

    # --- the lesson -------------------------------------------------------------------------
    @property
    def trying(self) -> bool:
        """The board waits for the player's try."""
        lesson = self.lesson
        return (
            lesson.current is not None
            and lesson.verdict is None
            and not lesson.judging
            and not self.answer_shown
        )

    def show_position(self) -> None:
        """The position before the current mistake, ready for a try."""
        rv = self.lesson.current
        if rv is None:
            return
        last = self.match.move_objs[rv.ply - 1] if rv.ply > 0 else None
        self.view.hint = None
        self.view.cancel_selection()
        self.host.show(self.states[rv.ply], last, animate=False)
        self.view.interactive = True
        self.line = []
        self.line_step = 0
        self.answer_shown = False

    def attempt(self, move) -> bool:
        """The player's try (a move object or notation) in the position shown."""
        if not self.trying:
            return False
        lesson = self.lesson
        if lesson.worker is None:
            lesson.worker = self.app.live_ai()  # None: the lesson searches inline
        try:
            lesson.attempt(move)
        except ValueError as exc:
            self.app.message(str(exc) or "That is not a legal move", "bad", 2.5)
            self.app.play_sound("error")
            return False
        state = lesson.position
        obj = state.find_move(move)
        self.view.interactive = False
        self.view.cancel_selection()
        self.host.show(state.play(obj), obj, animate=True)
        self.app.play_sound("click")
        if lesson.verdict is not None:
            self.judged()
        return True

    def judged(self) -> None:
        """The verdict came: play out what follows the try."""
        v = self.lesson.verdict
        after = self.lesson.position.play(self.lesson.position.find_move(v.move))
        self.start_line(after, v.line)
        self.app.play_sound("win" if v.solved else "error")

    def start_line(self, state, moves) -> None:
        self.line = teach.line_states(state, moves)
        self.line_step = 0
        self.line_timer = self.LINE_TIME

    def retry(self) -> None:
        if self.lesson.current is None or self.trying:
            return
        self.lesson.retry()
        self.show_position()

    def show_answer(self) -> None:
        """The better move, played out with its line."""
        lesson = self.lesson
        rv = lesson.current
        if rv is None:
            return
        lesson.cancel()
        lesson.verdict = None
        self.answer_shown = True
        self.view.interactive = False
        self.view.cancel_selection()
        before = self.states[rv.ply]
        last = self.match.move_objs[rv.ply - 1] if rv.ply > 0 else None
        self.host.show(before, last, animate=False)
        self.view.hint = rv.best
        self.start_line(before, lesson.best_line())

    def next(self) -> None:
        if self.lesson.next():
            self.show_position()
        else:
            self.app.message("That was the last marked move.", "info")

    def back(self) -> None:
        self.lesson.cancel()
        if self.app.scene is self:
            self.app.pop()

    def exit(self) -> None:
        self.lesson.cancel()

    # --- moves offered as buttons (the view's actions) ---------------------------------------
    def refresh_actions(self) -> None:
        actions = list(self.view.actions()) if self.trying else []
        key = (self.lesson.index, self.trying, tuple((a.label, str(a.move)) for a in actions))
        self.offer_actions(key, actions, lambda a: self.attempt(a.move))

    # --- layout --------------------------------------------------------------------------------
    def layout(self, size) -> None:
        pad = theme.PAD
        self.split_panel(size, 320, 480)
        self.host.layout(self.board_rect)
        inner = self.panel_rect.inflate(-2 * pad, -2 * pad)
        gap = theme.GAP
        bh = max(36, line_height(theme.FONT_SMALL) + 12)
        half = (inner.width - gap) // 2
        y = inner.bottom - bh
        self.b_next.rect = pygame.Rect(inner.x, y, half, bh)
        self.b_back.rect = pygame.Rect(inner.x + half + gap, y, half, bh)
        y -= bh + gap
        self.b_retry.rect = pygame.Rect(inner.x, y, half, bh)
        self.b_answer.rect = pygame.Rect(inner.x + half + gap, y, half, bh)
        for b in reversed(self.action_buttons):
            y -= bh + gap
            b.rect = pygame.Rect(inner.x, y, inner.width, bh)
        self.text_bottom = y - gap

    # --- events ---------------------------------------------------------------------------------
    @property
    def text_input_active(self) -> bool:
        """The move box is open: every key is text (the app keeps M for it)."""
        return self.board_keys.typing

    def why_not(self) -> str | None:
        """None when the board takes a try now, else why not."""
        if self.trying:
            return None
        if self.lesson.current is None:
            return "No mistake to try here"
        if self.lesson.verdict is None and not self.answer_shown:
            return "The computer is judging your move..."
        return "Try again (T) or the next mistake (N)"

    def handle_event(self, event) -> None:
        et = event.type
        if self.board_keys.typing and self.board_keys.handle_event(event):
            return
        if et == pygame.TEXTINPUT:
            return
        if et == pygame.KEYDOWN:
            if self.trying and event.key != pygame.K_ESCAPE and not self.view.animating:
                res = self.view.key(event.key)  # the view may want it (turn a picked tile)
                if res is not None:
                    self._handle_result(res)
                    return
            if self.board_keys.handle_event(event):
                return
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.back()
                return
            keys = {pygame.K_t: self.retry, pygame.K_a: self.show_answer, pygame.K_n: self.next}
            if event.key in keys:
                keys[event.key]()
                return
        if et == pygame.MOUSEMOTION:
            self.host.mouse_moved(event.pos)
        if et == pygame.MOUSEBUTTONDOWN and self.host.contains(event.pos):
            if self.host.skip():
                return
            button = getattr(event, "button", 1)
            if not self.trying:
                if button == 1 and self.lesson.verdict is None and not self.answer_shown:
                    self.app.message("The computer is judging your move...", "info", 1.5)
                return
            if button == 3:
                res = self.view.alt_click(event.pos)
                if res is None:
                    self.view.cancel_selection()
                else:
                    self._handle_result(res)
                return
            self._handle_result(self.view.click(event.pos, button))
            return
        if et == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            if self.trying and self.host.contains(event.pos):
                self._handle_result(self.view.release(event.pos, 1))
        self.ui.handle_event(event)

    def _handle_result(self, res) -> None:
        self.board_result(res, self.attempt, note_seconds=2.0)

    # --- update ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.host.update(dt)
        lesson = self.lesson
        if lesson.judging:
            lesson.update()
            if lesson.verdict is not None:
                self.judged()
            elif lesson.error:
                self.app.message(f"The computer could not judge it: {lesson.error}", "bad", 4.0)
                self.retry()
        if self.line and self.line_step < len(self.line) and not self.view.animating:
            self.line_timer -= dt
            if self.line_timer <= 0:
                move, state = self.line[self.line_step]
                self.view.hint = None
                self.host.show(state, move, animate=True)
                self.line_step += 1
                self.line_timer = self.LINE_TIME
        self.view.interactive = self.trying
        self.refresh_actions()
        done = lesson.verdict is not None or self.answer_shown
        self.b_retry.enabled = done
        self.b_answer.enabled = lesson.current is not None and not self.answer_shown
        self.b_next.enabled = lesson.index + 1 < len(lesson)

    # --- drawing --------------------------------------------------------------------------------
    def texts(self) -> list[tuple[str, int, tuple]]:
        """The panel's lines: which mistake, what happened, the verdict."""
        lesson = self.lesson
        rv = lesson.current
        tiny, small = theme.FONT_TINY, theme.FONT_SMALL
        if rv is None:
            return [("No marked moves to learn from.", small, theme.TEXT)]
        out = [(f"Mistake {lesson.index + 1} of {len(lesson)}", small, theme.TEXT)]
        state = self.states[rv.ply]
        who = self.names[rv.mover]
        row = turns.position_label(self.turn_rows, rv.ply + 1, self.names)
        out.append((row, tiny, theme.TEXT_DIM))
        out.append(
            (
                f"{who} played {state.move_words(rv.move)} here: a {rv.label} "
                f"(chances {rv.before:.0f}% -> {rv.after:.0f}%).",
                tiny,
                MARKS[rv.label][1],
            )
        )
        v = lesson.verdict
        if self.answer_shown:
            said = state.move_words(rv.best)
            out.append((f"The computer's move: {said}.", small, theme.ACCENT_2))
            reason = self.why("best", state, rv.best)
            if reason:
                out.append((f"It {reason}.", tiny, theme.TEXT))
            out.extend(self._line_words(state, [m for m, _ in self.line]))
        elif v is not None:
            tried = state.move_words(v.move)
            if v.kind == "best":
                out.append((f"{tried}: you found the computer's move!", small, theme.GOOD))
            elif v.kind == "good":
                out.append((f"{tried}: good enough.", small, theme.GOOD))
                out.append(
                    (
                        f"Chances {v.before:.0f}% -> {v.after:.0f}% "
                        f"(the computer's move: {state.move_words(v.best)}).",
                        tiny,
                        theme.TEXT_DIM,
                    )
                )
            else:
                out.append((f"{tried}: still a {v.kind}.", small, MARKS[v.kind][1]))
                out.append((f"Chances {v.before:.0f}% -> {v.after:.0f}%.", tiny, theme.TEXT_DIM))
            reason = self.why("tried", state, v.move)
            if reason:
                out.append((f"Your move {reason}.", tiny, theme.TEXT))
            after = state.play(state.find_move(v.move))
            if self.line:
                head = "What follows:" if v.solved else "The refutation:"
                out.append((head, tiny, theme.TEXT_DIM))
                reply = self.line[0][0]
                why = self.why(f"reply to {v.move}", after, reply)
                if why and not v.solved:
                    who = self.names[after.player]
                    out.append(
                        (f"{who} answers {after.move_words(reply)}: it {why}.", tiny, theme.BAD)
                    )
                out.extend(self._line_words(after, [m for m, _ in self.line]))
        elif lesson.judging:
            out.append(("The computer is judging your move...", small, theme.ACCENT_2))
        else:
            out.append((f"Find a better move for {who}.", small, theme.ACCENT_2))
        return out

    def why(self, what: str, state, move) -> str | None:
        """``state.explain(move)``, worked out once (the panel is drawn every frame)."""
        key = (self.lesson.index, what, str(move))
        if key not in self._why:
            self._why[key] = state.explain(move)
        return self._why[key]

    def _line_words(self, state, moves) -> list:
        words = []
        for k, m in enumerate(moves):
            said = state.move_words(m)
            words.append(f"[{said}]" if k < self.line_step else said)
            try:
                state = state.play(state.find_move(str(m)))
            except Exception:
                break
        if not words:
            return []
        return [(" ".join(words), theme.FONT_TINY, theme.TEXT_DIM)]

    def draw(self, surface) -> None:
        draw_background(surface, self.app.time, glow=False)
        self.host.draw(surface)
        inner = titled_panel(surface, self.panel_rect, "Learn from your mistakes")
        y = inner.y + line_height(theme.FONT_MEDIUM) + 8
        for text, size, col in self.texts():
            for line in wrap_text(text, size, inner.width):
                if y + line_height(size) > self.text_bottom:
                    break
                draw_text(surface, line, size, col, (inner.x, y))
                y += line_height(size) + 2
            y += 4
        self.ui.draw(surface)
        self.board_keys.draw(surface, self.board_rect)
