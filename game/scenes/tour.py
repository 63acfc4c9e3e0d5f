"""The rules tour: a game's lessons (``game.lessons``) shown move by move on the real board.

The board view on the left only shows (it takes no moves); the panel on the right has the
lesson's title and caption, the step's caption, the counters, and Previous / Next / Replay
lesson / Auto / Back.  Each step first marks its move on the board (the view's ``hint``),
then plays it through the view's own animation; a step that *tries* an illegal move shows
the rules' refusal in the panel with a red flash.

Keys: Right / Left step, Space turns auto-advance on and off, Home (or R) replays the
lesson, E (Now you try) goes on to the current lesson's exercises (auto-advance waits for
it at the end of a lesson that has some; after them the tour goes on with the next lesson),
Esc goes back.  A click on the
board skips the running animation.
Nothing in here raises into the app: a lesson that cannot be built, or a view that fails,
becomes a message in the panel.
"""

from __future__ import annotations

import pygame

from game import catalog, lessons, rules, theme
from game.board_host import BoardHost
from game.scenes.base import Scene, draw_flashed_board
from game.ui import flow
from game.ui.widgets import (
    Button,
    Paragraphs,
    draw_text,
    fit_text,
    line_height,
    panel,
    text_size,
)

PREVIEW = 0.8  # seconds the move is marked on the board before it is played
REFUSE_DELAY = 0.6  # seconds before an illegal try is refused
READ_BASE = 2.2  # auto-advance: seconds to read a step, plus per character
READ_PER_CHAR = 0.045
READ_MAX = 10.0


def text_size_w(text: str, size: int = theme.FONT_TINY) -> int:
    return text_size(text, size)[0]


class TourScene(Scene):
    """The rules tour of one game, from ``lesson`` (an index)."""

    def __init__(self, app, game_id: str, lesson: int = 0, on_back=None):
        super().__init__(app)
        self.game_id = game_id
        self.on_back = on_back
        self.game = None
        self.lessons: tuple = ()
        self.problem = ""  # why the tour (or this lesson) cannot be shown
        if game_id in rules.GAMES:
            self.game = rules.get(game_id)
            self.lessons = catalog.lessons(game_id)
            if not self.lessons:
                self.problem = f"There is no rules tour for {self.game.name or game_id} yet."
        else:
            self.problem = f"There is no game {game_id!r}."
        self.host: BoardHost | None = None
        self.li = 0  # lesson index
        self.si = -1  # step index (-1: the lesson's introduction)
        self.start_state = None
        self.played: list = []
        self.pending = None  # the step waiting to be played (after its preview)
        self.wait_t = 0.0  # preview / refusal countdown
        self.refused = False  # the current illegal try has been refused
        self.dwell = 0.0  # seconds the finished step has been on screen
        self.flash_t = 0.0  # the red flash of a refusal
        self.auto = True
        self.finished = False  # the last step of the last lesson is done
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self.panel_rect = pygame.Rect(0, 0, 10, 10)
        self.text_rect = pygame.Rect(0, 0, 10, 10)
        self.paras = Paragraphs()  # the panel's wrapped text
        small = theme.FONT_SMALL
        self.b_prev = self.ui.add(Button("Previous", self.prev, size=small, hotkey="<"))
        self.b_next = self.ui.add(
            Button("Next", self.next, size=small, hotkey=">", accent=theme.GOOD)
        )
        self.b_replay = self.ui.add(
            Button("Replay lesson", self.replay, size=small, accent=theme.ACCENT_2)
        )
        self.b_auto = self.ui.add(
            Button("Auto: on", self.toggle_auto, size=small, hotkey="Spc", accent=theme.ACCENT_2)
        )
        self.b_back = self.ui.add(
            Button("Back", self.back, size=small, hotkey="Esc", accent=theme.WARN)
        )
        self.b_try = self.ui.add(
            Button("Now you try", self.try_exercises, size=small, hotkey="E", accent=theme.GOOD)
        )
        self.b_try.visible = False  # shown for a lesson with exercises of its own
        self.ui.set_focus(self.b_next)
        if self.lessons:
            self.load_lesson(max(0, min(int(lesson), len(self.lessons) - 1)))
        self._refresh_buttons()

    # --- lessons and steps ------------------------------------------------------------------
    @property
    def lesson(self):
        if 0 <= self.li < len(self.lessons):
            return self.lessons[self.li]
        return None

    @property
    def step(self):
        if 0 <= self.si < len(self.played):
            return self.played[self.si]
        return None

    def load_lesson(self, index: int) -> None:
        """Show lesson ``index`` from its introduction."""
        if not self.lessons:
            return
        self.li = max(0, min(index, len(self.lessons) - 1))
        self.si = -1
        self.finished = False
        self.problem = ""
        try:
            self.start_state, self.played = lessons.work_out(self.lessons[self.li])
        except ValueError as exc:  # a lesson's position that does not read
            self.start_state, self.played = None, []
            self.problem = f"This lesson cannot be set up: {exc}"
        self._show(self.start_state)
        self._begin_step()

    @property
    def view(self):
        return None if self.host is None else self.host.view

    def _make_view(self, state) -> None:
        self.host = BoardHost(self.app, self.game, state)
        self.host.layout(self.board_rect)

    def _show(self, state, move=None, animate: bool = False) -> None:
        """Put ``state`` on the board (animating ``move`` when asked)."""
        if state is None:
            return
        if self.host is None:
            self._make_view(state)
            return
        self.view.hint = None
        self.host.show(state, move, animate=animate)

    def _begin_step(self) -> None:
        """Start the current step: mark the move, then (in ``update``) play or refuse it."""
        self.dwell = 0.0
        self.refused = False
        self.pending = None
        self.wait_t = 0.0
        p = self.step
        if p is None:
            self._refresh_buttons()
            return
        self._show(p.before)
        if p.error:
            self._refresh_buttons()
            return
        self.pending = p
        self.wait_t = REFUSE_DELAY if p.step.illegal else PREVIEW
        self._set_hint(p.step.move)
        self._refresh_buttons()

    def _set_hint(self, notation) -> None:
        if self.view is not None:
            self.view.hint = notation

    def _resolve_pending(self, animate: bool = True) -> None:
        """The marked move now happens: it is played (animated) or refused (red flash)."""
        p = self.pending
        self.pending = None
        self.wait_t = 0.0
        if p is None:
            return
        self.dwell = 0.0
        if p.step.illegal:
            self.refused = True
            self.flash_t = theme.FLASH_TIME
            self.app.play_sound("error")
            return
        self._show(p.after, p.move, animate=animate)

    def _finish_now(self) -> None:
        """Jump the current step to its end (its move played, animation done)."""
        if self.pending is not None:
            self._resolve_pending(animate=False)
        if self.host is not None:
            self.host.skip()

    @property
    def step_done(self) -> bool:
        return self.pending is None and not (self.view is not None and self.view.animating)

    @property
    def at_end(self) -> bool:
        return self.li >= len(self.lessons) - 1 and self.si >= len(self.played) - 1

    # --- actions --------------------------------------------------------------------------------
    def next(self) -> None:
        if not self.lessons:
            self.back()
            return
        if self.at_end:
            if not self.step_done:
                self._finish_now()
                self._refresh_buttons()
                return
            if self.finished:
                self.back()
                return
            self.finished = True
            self.auto = False
            self._refresh_buttons()
            return
        self._finish_now()
        if self.si + 1 < len(self.played):
            self.si += 1
            self._begin_step()
        else:
            self.load_lesson(self.li + 1)

    def prev(self) -> None:
        if not self.lessons:
            return
        self._finish_now()
        self.finished = False
        if self.si >= 0:
            self.si -= 1
            if self.si == -1:
                self._show(self.start_state)
            self._begin_step()
        elif self.li > 0:
            self.load_lesson(self.li - 1)
        else:
            self.app.message("This is the first lesson.", "info", 1.5)

    def replay(self) -> None:
        if self.lessons:
            self.load_lesson(self.li)

    def toggle_auto(self) -> None:
        self.auto = not self.auto
        self.dwell = 0.0
        if self.auto and self.finished:
            self.load_lesson(0)
        self._refresh_buttons()
        self.app.message(
            "Auto-advance on" if self.auto else "Auto-advance off: Right arrow for the next step",
            "info",
            1.5,
        )

    @property
    def lesson_exercises(self) -> tuple:
        """The exercises of the current lesson (``Exercise.lesson``)."""
        lesson = self.lesson
        if lesson is None:
            return ()
        return lessons.of_lesson(catalog.exercises(self.game_id), lesson)

    @property
    def lesson_done(self) -> bool:
        """The current lesson's last step is done (its exercises come next)."""
        return bool(self.lessons) and self.si >= len(self.played) - 1 and self.step_done

    def try_exercises(self) -> None:
        """On to the current lesson's exercises, in this scene's place; after them the
        tour goes on with the next lesson."""
        if self.lesson_exercises:
            flow.replace(self.app, "exercise", self.game_id, lesson=self.li)

    def back(self) -> None:
        if self.on_back is not None:
            self.on_back()
            return
        app = self.app
        if app.scene is self and len(app.scenes) > 1:
            app.pop()
            return
        flow.replace(app, "select", self.game_id if self.game_id in rules.GAMES else None)

    def _refresh_buttons(self) -> None:
        has = bool(self.lessons)
        self.b_try.visible = bool(self.lesson_exercises)
        self.b_prev.enabled = has and (self.li > 0 or self.si >= 0)
        self.b_replay.enabled = has
        self.b_auto.enabled = has
        self.b_auto.label = "Auto: on" if self.auto else "Auto: off"
        if not has:
            self.b_next.label = "Back"
        elif self.at_end and self.finished:
            self.b_next.label = "Finish"
        elif self.si >= len(self.played) - 1 and self.li < len(self.lessons) - 1:
            self.b_next.label = "Next lesson"
        else:
            self.b_next.label = "Next"

    # --- the frame ---------------------------------------------------------------------------
    def toast_area(self, size) -> pygame.Rect:
        """Messages go over the lesson's panel, off the board."""
        r = self.panel_rect
        return pygame.Rect(r.x + 6, r.y, r.width - 12, max(10, self.text_rect.bottom - r.y))

    def layout(self, size) -> None:
        self.split_panel(size, 320, 520, share=0.37)
        inner = self.panel_rect.inflate(-2 * theme.PAD, -2 * theme.PAD)
        bh = 44 if size[1] >= 700 else 38
        gap = theme.GAP
        rows = [(self.b_prev, self.b_next), (self.b_replay, self.b_auto), (self.b_back, self.b_try)]
        y1 = self.stack_button_rows(inner, bh, rows)
        keys_h = line_height(theme.FONT_TINY) + 4
        self.text_rect = pygame.Rect(inner.x, inner.y, inner.width, y1 - keys_h - gap - inner.y)
        self.paras.clear()
        if self.host is not None:
            self.host.layout(self.board_rect)
        elif self.start_state is not None:
            self._make_view(self.start_state)

    def handle_event(self, event) -> None:
        et = event.type
        if et == pygame.KEYDOWN:
            k = event.key
            if k == pygame.K_SPACE:
                if self.lessons:
                    self.toggle_auto()
                return
            if k == pygame.K_RIGHT:
                self.next()
                return
            if k == pygame.K_LEFT:
                self.prev()
                return
            if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.back()
                return
            if k in (pygame.K_HOME, pygame.K_r):
                self.replay()
                return
            if k == pygame.K_e and self.b_try.visible:
                self.try_exercises()
                return
        if et == pygame.MOUSEBUTTONDOWN and self.board_rect.collidepoint(event.pos):
            if self.view is not None and (self.view.animating or self.pending is not None):
                self._finish_now()
            return
        self.ui.handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.flash_t > 0:
            self.flash_t = max(0.0, self.flash_t - dt)
        if self.pending is not None:
            self.wait_t -= dt
            if self.wait_t <= 0:
                self._resolve_pending()
        if self.host is not None:
            self.host.update(dt)
        if self.step_done and self.lessons:
            self.dwell += dt
            # (auto-advance stops at the end of a lesson with exercises: Now you try)
            waits = self.lesson_done and self.b_try.visible
            if self.auto and not self.finished and not waits and self.dwell >= self._read_time():
                self.next()
        self._refresh_buttons()

    def _read_time(self) -> float:
        p = self.step
        if p is None:
            lesson = self.lesson
            text = lesson.title + lesson.caption if lesson is not None else ""
        else:
            text = p.step.caption + p.refusal
        return min(READ_MAX, READ_BASE + READ_PER_CHAR * len(text))

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        k = draw_flashed_board(self, surface)
        self.draw_text_panel(surface, k)
        keys = "Right/Left step  |  Space auto  |  Esc back"
        if self.finished:
            keys = "End of the tour: Finish, Replay lesson" + (
                ", or Now you try" if self.b_try.visible else ""
            )
        elif self.lesson_done and self.b_try.visible:
            keys = "Lesson done: Now you try (E) or Next lesson"
        draw_text(
            surface,
            fit_text(keys, theme.FONT_TINY, self.text_rect.width),
            theme.FONT_TINY,
            theme.TEXT_DIM,
            (self.text_rect.x, self.b_prev.rect.y - theme.GAP),
            "bottomleft",
        )
        self.ui.draw(surface)

    def draw_legend(self, surface, x: int, cy: int, right: int) -> None:
        """Which colour is which player (the captions name the players)."""
        state = self.view.state if self.view is not None else None
        if state is None:
            return
        items = [(p, state.seat_name(p)) for p in (0, 1)]
        need = sum(16 + text_size_w(name) + theme.GAP for _, name in items)
        if x + need > right:
            return
        for p, name in items:
            pal = theme.seat_colour(state, p)
            pygame.draw.circle(surface, pal["fill"], (x + 6, cy), 6)
            pygame.draw.circle(surface, pal["edge"], (x + 6, cy), 6, 2)
            rect = draw_text(
                surface, name, theme.FONT_TINY, theme.TEXT_DIM, (x + 16, cy), "midleft"
            )
            x = rect.right + theme.GAP

    def draw_text_panel(self, surface, k: float) -> None:
        r = self.text_rect
        x, w, bottom = r.x, r.width, r.bottom
        y = r.y
        name = self.game.name if self.game is not None else self.game_id
        head = draw_text(
            surface,
            fit_text(f"{name}: rules tour", theme.FONT_SMALL, w),
            theme.FONT_SMALL,
            theme.ACCENT_2,
            (x, y),
        )
        self.draw_legend(surface, head.right + 2 * theme.GAP, head.centery, x + w)
        y += line_height(theme.FONT_SMALL) + 2
        if self.problem and not self.played:
            self.paras.draw(surface, self.problem, theme.FONT_SMALL, theme.BAD, x, y + 8, w, bottom)
            return
        lesson = self.lesson
        if lesson is None:
            return
        # lesson progress: one dot per lesson, then the counter
        n = len(self.lessons)
        for i in range(n):
            cx = x + 7 + i * 20
            col = (
                theme.ACCENT
                if i == self.li
                else (theme.TEXT_DIM if i < self.li else theme.PANEL_EDGE)
            )
            pygame.draw.circle(surface, col, (cx, y + 9), 6 if i == self.li else 4)
        draw_text(
            surface,
            f"Lesson {self.li + 1} of {n}",
            theme.FONT_TINY,
            theme.TEXT_DIM,
            (x + 7 + n * 20, y + 9),
            "midleft",
        )
        y += 24
        y = self.paras.draw(surface, lesson.title, theme.FONT_MEDIUM, theme.TEXT, x, y, w, bottom)
        y += 4
        y = self.paras.draw(
            surface, lesson.caption, theme.FONT_SMALL, theme.TEXT_DIM, x, y, w, bottom
        )
        y += 8
        if y + 4 < bottom:
            pygame.draw.line(surface, theme.PANEL_EDGE, (x, y), (x + w, y), 1)
        y += 10
        steps = len(self.played)
        p = self.step
        if p is None:
            counter = f"Step 0 of {steps}" if steps else "No moves in this lesson"
            if y + line_height(theme.FONT_SMALL) <= bottom:
                draw_text(surface, counter, theme.FONT_SMALL, theme.TEXT_DIM, (x, y))
            y += line_height(theme.FONT_SMALL) + 4
            if self.problem:
                self.paras.draw(surface, self.problem, theme.FONT_SMALL, theme.BAD, x, y, w, bottom)
            elif steps:
                self.paras.draw(
                    surface,
                    "Watch the board: Next (or Right) starts the moves.",
                    theme.FONT_SMALL,
                    theme.TEXT_DIM,
                    x,
                    y,
                    w,
                    bottom,
                )
            return
        st = p.step
        verb = "Try" if st.illegal else ("Again from the start" if st.fresh else "Move")
        said = f"{verb} {st.said}"
        if st.words and not (st.illegal or st.fresh):  # the words say the move themselves
            said = st.words[:1].upper() + st.words[1:]
        head = f"Step {self.si + 1} of {steps}:  {said}"
        col = theme.WARN if st.illegal else theme.ACCENT_2
        y = self.paras.draw(surface, head, theme.FONT_SMALL, col, x, y, w, bottom) + 4
        if p.error:
            self.paras.draw(
                surface,
                f"This step went wrong: {p.error}",
                theme.FONT_SMALL,
                theme.BAD,
                x,
                y,
                w,
                bottom,
            )
            return
        y = self.paras.draw(surface, st.caption, theme.FONT_SMALL, theme.TEXT, x, y, w, bottom)
        if st.illegal and self.refused:
            y += 8
            size = theme.FONT_SMALL  # the reason in small type, tiny when that would be cut
            for size in (theme.FONT_SMALL, theme.FONT_TINY):
                lines = self.paras.wrap(p.refusal, size, w - 2 * theme.GAP)
                lh = line_height(size)
                if 8 + line_height(theme.FONT_SMALL) + len(lines) * lh + 6 <= bottom - y:
                    break
            box_h = min(bottom - y, 8 + line_height(theme.FONT_SMALL) + len(lines) * lh + 6)
            if box_h > line_height(theme.FONT_SMALL) + 8:
                box = pygame.Rect(x, y, w, box_h)
                fill = theme.mix(theme.mix(theme.PANEL, theme.BAD, 0.12), theme.BAD, 0.45 * k)
                panel(surface, box, fill, theme.BAD)
                draw_text(
                    surface,
                    "Refused by the rules:",
                    theme.FONT_SMALL,
                    theme.mix(theme.BAD, (255, 255, 255), 0.5 * k),
                    (x + theme.GAP, y + 6),
                )
                self.paras.draw(
                    surface,
                    p.refusal,
                    size,
                    theme.TEXT,
                    x + theme.GAP,
                    y + 8 + line_height(theme.FONT_SMALL),
                    w - 2 * theme.GAP,
                    box.bottom - 2,
                )
