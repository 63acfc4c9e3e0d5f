"""Now you try: a game's exercises (``game.lessons``), played by the player on the real board.

The board on the left takes clicks as in a game (the view makes a move of them); the panel on
the right shows the exercise's title and goal, par and the moves used, and what came of the
last move: the rules' refusal (nothing is played: try another), a wrong move (the reason, and
Retry), or the stars of a solved exercise (3 at par at the first try, fewer over par or after
a try that went wrong) and Next.  The scripted
replies are played on the board after the player's move.  Stars are kept in the data folder
(``game.session.progress``); a file that does not read, or cannot be written, is said in a
message and the exercises go on.

Keys: the board's as in a game (``game.ui.board_keys``: the arrows and Q E Z C move the board
cursor, Enter/Space click its cell, / types a move, ? the legend), R retry, H hint, . or
PageDown / , or PageUp the next / previous exercise, Esc (once nothing is picked) back.
Nothing in here raises into the app: an exercise that cannot be set up becomes a message.
"""

from __future__ import annotations

import math

import pygame

from game import catalog, lessons, rules, theme
from game.board_host import BoardHost
from game.scenes.base import Scene, TryBoard
from game.session import progress as progress_mod
from game.ui import flow
from game.ui.board_keys import BoardKeys
from game.ui.widgets import (
    Button,
    Paragraphs,
    draw_text,
    fit_text,
    line_height,
    panel,
    text_size,
)

HELP = [  # the scene's own keys, for the ? legend
    "R: retry; H: the hint; Esc or Backspace: back",
    ". or PageDown: the next exercise; , or PageUp: the previous one",
]


def star_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A five-pointed star's outline (the font may not have the glyph)."""
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return pts


def draw_stars(surface, x: int, cy: int, r: int, got: int, total: int = 3) -> int:
    """``total`` stars from ``x``, the first ``got`` filled; returns the right edge."""
    for i in range(total):
        pts = star_points(x + r + i * (2 * r + 4), cy, r)
        if i < got:
            pygame.draw.polygon(surface, theme.WARN, pts)
        pygame.draw.polygon(surface, theme.WARN if i < got else theme.TEXT_DIM, pts, 2)
    return x + total * (2 * r + 4)


class ExerciseScene(TryBoard, Scene):
    """The exercises of one game, from ``index``."""

    def __init__(self, app, game_id: str, index: int = 0, on_back=None, lesson=None):
        super().__init__(app)
        self.game_id = game_id
        self.on_back = on_back
        self.game = None
        self.exercises: tuple = ()
        self.lesson: int | None = None  # the tour's lesson these exercises practise
        self.lesson_title = ""
        self.more_lessons = False  # the tour has a lesson after it
        self.problem = ""
        if game_id in rules.GAMES:
            self.game = rules.get(game_id)
            self.exercises = catalog.exercises(game_id)
            tour = catalog.lessons(game_id)
            if lesson is not None and 0 <= int(lesson) < len(tour):
                # one lesson's exercises, from the tour; after them the tour goes on
                self.lesson = int(lesson)
                self.exercises = lessons.of_lesson(self.exercises, tour[self.lesson])
                self.lesson_title = tour[self.lesson].title
                self.more_lessons = self.lesson + 1 < len(tour)
            if not self.exercises:
                self.problem = f"There are no exercises for {self.game.name or game_id} yet."
        else:
            self.problem = f"There is no game {game_id!r}."
        self.progress, note = progress_mod.load()
        if note:
            app.message(note, "warn", 5.0)
        self.host: BoardHost | None = None
        self.board_keys = BoardKeys(
            lambda: self.host,
            lambda: None if self.attempt is None else self.attempt.state,
            self.try_move,
            self.handle_event,
            self.why_not,
            lambda text: app.message(text, "info", 1.5),
            HELP,
            ui=self.ui,
        )
        self.index = 0
        self.attempt: lessons.Attempt | None = None
        self.verdict: lessons.Verdict | None = None
        self.refusal = ""  # the rules' reason for the last refused move
        self.answer = ""  # the opponent's replies to the last move, in words
        self.init_replies()
        self.show_hint = False
        self.action_buttons: list = []
        self._actions_key = None
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self.panel_rect = pygame.Rect(0, 0, 10, 10)
        self.text_rect = pygame.Rect(0, 0, 10, 10)
        self.paras = Paragraphs()  # the panel's wrapped text
        small = theme.FONT_SMALL
        self.b_prev = self.ui.add(Button("Previous", self.prev, size=small, hotkey=","))
        self.b_next = self.ui.add(
            Button("Next", self.next, size=small, hotkey=".", accent=theme.GOOD)
        )
        self.b_retry = self.ui.add(
            Button("Retry", self.retry, size=small, hotkey="R", accent=theme.ACCENT_2)
        )
        self.b_hint = self.ui.add(
            Button("Hint", self.hint, size=small, hotkey="H", accent=theme.ACCENT_2)
        )
        self.b_back = self.ui.add(
            Button("Back", self.back, size=small, hotkey="Esc", accent=theme.WARN)
        )
        if self.exercises:
            self.load(max(0, min(int(index), len(self.exercises) - 1)))
        self._refresh_buttons()

    # --- exercises --------------------------------------------------------------------------
    @property
    def exercise(self):
        if 0 <= self.index < len(self.exercises):
            return self.exercises[self.index]
        return None

    @property
    def view(self):
        return None if self.host is None else self.host.view

    def stars_of(self, i: int) -> int:
        return self.progress.get(self.game_id, self.exercises[i].title)

    def load(self, index: int) -> None:
        """Set up exercise ``index`` from its start."""
        self.index = max(0, min(index, len(self.exercises) - 1))
        self.verdict = None
        self.refusal = ""
        self.answer = ""
        self.queue = []
        self.show_hint = False
        self.problem = ""
        try:
            self.attempt = lessons.Attempt(self.exercises[self.index])
        except (ValueError, rules.IllegalMove) as exc:  # a position that does not read
            self.attempt = None
            self.problem = f"This exercise cannot be set up: {exc}"
            return
        state = self.attempt.state
        if self.host is None:
            self.host = BoardHost(self.app, self.game, state)
            self.host.layout(self.board_rect)
        else:
            self.view.cancel_selection()
            self.view.hint = None
            self.host.show(state, None, animate=False)
        self._set_interactive()
        self._refresh_buttons()

    def _set_interactive(self) -> None:
        if self.view is not None:
            a = self.attempt
            self.view.interactive = a is not None and not a.over and not self.queue

    # --- the player's moves -------------------------------------------------------------------
    def try_move(self, move) -> bool:
        """The player's move (a move object or its notation): judged by the exercise."""
        a = self.attempt
        if a is None or a.over:
            return False
        verdict = a.play(move)
        if verdict.kind == "refused":
            self.refuse(verdict.reason)
            return False
        self.refusal = ""
        self.verdict = verdict
        self.show_hint = False
        first = verdict.played[0]
        self.view.cancel_selection()
        self.host.show(first[2], first[1], animate=True)
        self.queue_replies((after, mv) for _, mv, after in verdict.played[1:])
        self.answer = "; ".join(
            f"{before.seat_name(before.player)} answers {before.move_words(mv)}"
            for before, mv, _ in verdict.played[1:]
        )
        if verdict.kind == "solved":
            self.app.play_sound("win" if verdict.stars >= 3 else "move")
            self._keep(verdict.stars)
        elif verdict.kind == "wrong":
            self.flash_t = theme.FLASH_TIME
            self.app.play_sound("error")
            if verdict.refutation is not None:  # the engine's answer, marked on the board
                self.view.hint = verdict.refutation
        self._set_interactive()
        self._refresh_buttons()
        return True

    def refuse(self, reason: str) -> None:
        self.refusal = reason
        if self.board_keys.typing:  # said in the box too, where the player looks
            self.board_keys.box.reason = reason
        self.flash_t = theme.FLASH_TIME
        self.app.play_sound("error")

    def _keep(self, stars: int) -> None:
        ex = self.exercise
        if not self.progress.record(self.game_id, ex.title, stars):
            return
        try:
            progress_mod.save(self.progress)
        except OSError as exc:
            self.app.message(f"Could not keep your stars: {exc}", "warn", 4.0)

    def _handle_result(self, res) -> None:
        if res is None:
            return
        if res.move is not None:
            self.try_move(res.move)
        elif res.illegal:
            self.refuse(res.message)
        elif res.message:
            self.app.message(res.message, "info", 2.0)

    def take_action(self, action) -> None:
        self.try_move(action.move)

    # --- buttons --------------------------------------------------------------------------------
    def next(self) -> None:
        if not self.exercises:
            self.back()
            return
        if self.index + 1 < len(self.exercises):
            self.load(self.index + 1)
        elif self.lesson is not None and self.more_lessons:
            flow.replace(self.app, "tour", self.game_id, self.lesson + 1)  # the tour goes on
        else:
            self.back()

    def prev(self) -> None:
        if self.index > 0:
            self.load(self.index - 1)
        else:
            self.app.message("This is the first exercise.", "info", 1.5)

    def retry(self) -> None:
        """Start the exercise again (a try that went wrong costs a star when it is solved)."""
        a = self.attempt
        if a is None:
            if self.exercises:
                self.load(self.index)
            return
        a.retry()
        self.verdict = None
        self.refusal = self.answer = ""
        self.queue = []
        self.show_hint = False
        self.view.cancel_selection()
        self.view.hint = None
        self.host.show(a.state, None, animate=False)
        self._set_interactive()
        self._refresh_buttons()

    def hint(self) -> None:
        ex = self.exercise
        if ex is not None:
            self.show_hint = not self.show_hint
            if self.show_hint and not ex.hint:
                self.app.message("No hint for this one: read the goal again.", "info", 2.0)

    def back(self) -> None:
        if self.on_back is not None:
            self.on_back()
            return
        app = self.app
        if app.scene is self and len(app.scenes) > 1:
            app.pop()
            return
        flow.replace(app, "learn")

    def _refresh_buttons(self) -> None:
        has = self.attempt is not None
        last = self.index >= len(self.exercises) - 1
        self.b_prev.enabled = bool(self.exercises) and self.index > 0
        self.b_retry.enabled = has and (bool(self.attempt.line) or bool(self.refusal))
        self.b_hint.enabled = has and bool(self.exercise.hint)
        finish = "Next lesson" if self.more_lessons else "Finish"
        self.b_next.label = (finish if last else "Next") if self.exercises else "Back"
        self.b_next.accent = theme.GOOD if has and self.attempt.solved else theme.TEXT_DIM
        if self.attempt is not None and self.attempt.failed:
            self.ui.set_focus(self.b_retry)
        elif self.attempt is not None and self.attempt.solved:
            self.ui.set_focus(self.b_next)

    def refresh_actions(self) -> None:
        """Moves the view offers as buttons (a pass, a decline), while the player may move."""
        a = self.attempt
        live = a is not None and not a.over and not self.queue and self.view is not None
        actions = list(self.view.actions()) if live else []
        key = (len(a.line) if a else -1, tuple((x.label, str(x.move)) for x in actions))
        self.offer_actions(key, actions, self.take_action)

    # --- the frame ---------------------------------------------------------------------------
    def layout(self, size) -> None:
        self.split_panel(size, 320, 520, share=0.37)
        inner = self.panel_rect.inflate(-2 * theme.PAD, -2 * theme.PAD)
        bh = 44 if size[1] >= 700 else 38
        gap = theme.GAP
        rows = [(self.b_retry, self.b_next), (self.b_hint, self.b_prev), (self.b_back, None)]
        y1 = self.stack_button_rows(inner, bh, rows)
        top = y1
        if self.action_buttons:  # a row above the others
            n = len(self.action_buttons)
            aw = (inner.width - (n - 1) * gap) // n
            top = y1 - gap - bh
            for i, b in enumerate(self.action_buttons):
                b.rect = pygame.Rect(inner.x + i * (aw + gap), top, aw, bh)
        keys_h = line_height(theme.FONT_TINY) + 4
        self.text_rect = pygame.Rect(inner.x, inner.y, inner.width, top - keys_h - gap - inner.y)
        self.paras.clear()
        if self.host is not None:
            self.host.layout(self.board_rect)

    @property
    def text_input_active(self) -> bool:
        """The move box is open: every key is text (the app keeps M for it)."""
        return self.board_keys.typing

    def why_not(self) -> str | None:
        """None when the board takes a move now, else why not."""
        a = self.attempt
        if a is None or self.view is None:
            return self.problem or "There is no exercise here"
        if a.over:
            return f"This try is over: {'Next' if a.solved else 'Retry'}."
        if self.queue:
            return "Wait for the reply"
        return None

    def handle_event(self, event) -> None:
        et = event.type
        if self.board_keys.typing and self.board_keys.handle_event(event):
            return
        if et == pygame.TEXTINPUT:
            return
        if et == pygame.KEYDOWN:
            k = event.key
            view = self.view
            a = self.attempt
            if view is not None and a is not None and not a.over and view.interactive:
                if k != pygame.K_ESCAPE:
                    res = view.key(k)  # a view's own keys first (Glades turns its tile with R)
                    if res is not None:
                        self._handle_result(res)
                        return
            if self.board_keys.handle_event(event):
                return
            if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.back()
                return
            if k in (pygame.K_PERIOD, pygame.K_PAGEDOWN):
                self.next()
                return
            if k in (pygame.K_COMMA, pygame.K_PAGEUP):
                self.prev()
                return
            if k == pygame.K_r:
                self.retry()
                return
            if k == pygame.K_h:
                self.hint()
                return
        if self.pointer_event(event):
            return
        self.ui.handle_event(event)

    def board_click(self, pos, button: int = 1) -> None:
        if self.host is None or self.host.skip():
            return
        a = self.attempt
        if a is None:
            return
        if a.over:
            word = "Next" if a.solved else "Retry"
            self.app.message(f"This try is over: {word}.", "info", 1.5)
            return
        if self.queue:
            return
        self.click_view(self.view, pos, button, self._handle_result)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.update_replies(dt)
        self.refresh_actions()
        self._refresh_buttons()

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        k = self.draw_board_and_flash(surface)
        self.draw_text_panel(surface, k)
        keys = "? keys  |  / type a move  |  R retry  |  H hint  |  Esc back"
        if text_size(keys, theme.FONT_TINY)[0] > self.text_rect.width:
            keys = "? keys  / type  R retry  H hint  Esc back"
        top = min(b.rect.y for b in [self.b_retry, *self.action_buttons])
        draw_text(
            surface,
            fit_text(keys, theme.FONT_TINY, self.text_rect.width),
            theme.FONT_TINY,
            theme.TEXT_DIM,
            (self.text_rect.x, top - theme.GAP),
            "bottomleft",
        )
        self.ui.draw(surface)
        self.board_keys.draw(surface, self.board_rect)

    def _box(self, surface, y, bottom, title, text, colour, k) -> int:
        """A framed note (refusal, wrong move) with a heading; returns the next y."""
        r = self.text_rect
        x, w = r.x, r.width
        size = theme.FONT_SMALL
        for size in (theme.FONT_SMALL, theme.FONT_TINY):
            lines = self.paras.wrap(text, size, w - 2 * theme.GAP)
            need = 8 + line_height(theme.FONT_SMALL) + len(lines) * line_height(size) + 6
            if need <= bottom - y:
                break
        box_h = min(bottom - y, need)
        if box_h <= line_height(theme.FONT_SMALL) + 8:
            return y
        box = pygame.Rect(x, y, w, box_h)
        fill = theme.mix(theme.mix(theme.PANEL, colour, 0.12), colour, 0.45 * k)
        panel(surface, box, fill, colour)
        draw_text(surface, title, theme.FONT_SMALL, colour, (x + theme.GAP, y + 6))
        self.paras.draw(
            surface,
            text,
            size,
            theme.TEXT,
            x + theme.GAP,
            y + 8 + line_height(theme.FONT_SMALL),
            w - 2 * theme.GAP,
            box.bottom - 2,
        )
        return box.bottom + 8

    def draw_text_panel(self, surface, k: float) -> None:
        r = self.text_rect
        x, w, bottom = r.x, r.width, r.bottom
        y = r.y
        name = self.game.name if self.game is not None else self.game_id
        heading = f"{name}: now you try"
        if self.lesson_title:
            heading = f"Now you try: {self.lesson_title}"
        y = self.paras.draw(surface, heading, theme.FONT_SMALL, theme.ACCENT_2, x, y, w, bottom) + 2
        ex = self.exercise
        if ex is None or (self.problem and self.attempt is None):
            self.paras.draw(surface, self.problem, theme.FONT_SMALL, theme.BAD, x, y + 8, w, bottom)
            return
        # one mark per exercise: filled when solved, ringed for the current one
        n = len(self.exercises)
        step = max(8, min(20, (w - 150) // max(1, n)))
        for i in range(n):
            cx = x + 7 + i * step
            col = theme.WARN if self.stars_of(i) else theme.PANEL_EDGE
            if i == self.index:
                pygame.draw.circle(surface, theme.ACCENT, (cx, y + 9), 7, 2)
            pygame.draw.circle(surface, col, (cx, y + 9), 4)
        solved = sum(1 for i in range(n) if self.stars_of(i))
        label = f"Exercise {self.index + 1} of {n}  ({solved} solved)"
        at = x + 7 + n * step
        if at + text_size(label, theme.FONT_TINY)[0] > x + w:  # many marks: a line below
            at, y = x, y + 20
        draw_text(surface, label, theme.FONT_TINY, theme.TEXT_DIM, (at, y + 9), "midleft")
        y += 24
        y = self.paras.draw(surface, ex.title, theme.FONT_MEDIUM, theme.TEXT, x, y, w, bottom)
        y += 2
        a = self.attempt
        mover = a.start.seat_name(a.mover)
        y = self.paras.draw(surface, ex.goal.text, theme.FONT_SMALL, theme.WARN, x, y, w, bottom)
        best = self.stars_of(self.index)
        par = ex.par_moves
        line = f"You play {mover}.  Par: {par} move{'s' if par != 1 else ''}."
        line += f"  Played: {a.used}."
        y = self.paras.draw(surface, line, theme.FONT_TINY, theme.TEXT_DIM, x, y + 2, w, bottom)
        if best and y + 20 <= bottom:
            draw_text(surface, "Best:", theme.FONT_TINY, theme.TEXT_DIM, (x, y + 2))
            draw_stars(surface, x + 48, y + 2 + line_height(theme.FONT_TINY) // 2, 7, best)
            y += line_height(theme.FONT_TINY) + 4
        y += 6
        if y + 4 < bottom:
            pygame.draw.line(surface, theme.PANEL_EDGE, (x, y), (x + w, y), 1)
        y += 10
        if self.show_hint and ex.hint:
            y = (
                self.paras.draw(
                    surface, "Hint: " + ex.hint, theme.FONT_SMALL, theme.ACCENT_2, x, y, w, bottom
                )
                + 6
            )
        if a.solved:
            r_star = 16 if bottom - y > 90 else 10
            if y + 2 * r_star + 4 <= bottom:
                draw_stars(surface, x, y + r_star, r_star, a.stars)
                y += 2 * r_star + 8
            over = a.used - par
            said = (
                f"Solved in {a.used} move{'s' if a.used != 1 else ''}, at par!"
                if over <= 0
                else f"Solved in {a.used} moves, {over} over par."
            )
            last = self.index >= len(self.exercises) - 1
            if a.mistakes:
                said += f" ({a.mistakes} try{'s' if a.mistakes != 1 else ''} before: "
                said += "solve it at the first try for three stars.)"
            said += " Finish to go back." if last else " Next for the next one."
            self.paras.draw(surface, said, theme.FONT_SMALL, theme.GOOD, x, y, w, bottom)
            return
        if a.failed:
            self._box(surface, y, bottom, "Not this time:", a.failed, theme.BAD, k)
            return
        if self.refusal:
            y = self._box(surface, y, bottom, "Refused by the rules:", self.refusal, theme.BAD, k)
        left = a.moves_left
        if a.used == 0 and not self.refusal:
            text = "Your move: click the board (or the arrows and Enter, or / to type it)."
        else:
            text = f"Good so far: {left} more move{'s' if left != 1 else ''} to reach the goal."
            if self.answer:
                text = f"{self.answer}. {text}"
            if a.used == 0:
                text = "Try another move."
        self.paras.draw(surface, text, theme.FONT_SMALL, theme.TEXT, x, y, w, bottom)
