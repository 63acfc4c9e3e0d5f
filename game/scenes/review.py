"""Replay and review a game: step through it, let the computer mark the mistakes, play on.

The board shows any position of the game; the move list (``game.ui.move_list``) and, once
the game is reviewed, the win-chance graph (``game.ui.review_graph``) take clicks to jump
there; Left/Right/Home/End step and Space plays the game through; a move typed after / plays on
from the position shown, hotseat.  A review sends every
position to the computer's process (``game.session.review.Analyser``) at the budget the player
picks, with a progress bar and Cancel; each move is then classed by how much it cost
its player's winning chances, and the better move of a marked one can be shown on the
board (B): the engine's line played out move by move, with what the move achieves in the
game's words (``State.explain``); N and P jump to the next and previous marked move, and
L opens "Learn from your mistakes" (the ``learn`` scene) on the player's marked moves.
"Play from here" on a marked move starts from the position before it, and says so.  A
finished review is saved with the game's record, so it reopens reviewed.  From any
position the game can be played on, against the computer or hotseat, in a new game that
keeps the moves so far; the game or a range of it can be exported as a GIF, the position
as a PNG.
"""

from __future__ import annotations

import pygame

from game import theme
from game.board_host import BoardHost
from game.scenes.base import Scene, draw_background
from game.session import keeping, puzzles_store, records, review, teach, turns
from game.session.seats import DEFAULT_LEVEL, Seat
from game.ui import flow
from game.ui.move_entry import MoveBox
from game.ui.move_list import MoveList
from game.ui.review_graph import MARKS, WinGraph
from game.ui.widgets import (
    Button,
    bar,
    draw_text,
    fit_text,
    line_height,
    titled_panel,
    wrap_text,
)


def _count(n: int, label: str) -> str:
    if n == 1:
        return f"1 {label}"
    return f"{n} " + (label[:-1] + "ies" if label.endswith("y") else label + "s")


class ReviewScene(Scene):
    """A finished (or stopped) game, position by position, with the computer's review."""

    STEP_TIME = 0.9
    LINE_TIME = 1.2  # seconds between the moves of a better move's line

    def __init__(self, app, match, start: int | None = None, playing: bool = False, analyse=None):
        super().__init__(app)
        self.match = match
        self.game = match.game
        self.states = list(match.states)
        self.moves = list(match.move_objs)
        last = self.states[-1]
        self.names = [last.seat_name(p) for p in (0, 1)]
        n = len(self.moves)
        self.index = n if start is None else max(0, min(n, int(start)))
        self.host = BoardHost(app, self.game, self.states[self.index])
        self.view = self.host.view
        if self.index > 0:
            self.host.show(self.states[self.index], self.moves[self.index - 1], animate=False)
        self.movebox = MoveBox(lambda: self.states[self.index], self.play_typed)
        self.list = MoveList()
        self.list.set_game(self.states, self.moves, self.view.move_mark)
        self.list.show(self.index)
        self.graph = WinGraph()
        self.graph.pals = (theme.seat_colour(last, 0), theme.seat_colour(last, 1))
        self.analysis = None
        self.reviews: list = []
        self.analyser = None
        self.better = False  # the board shows the better move of the marked move
        self.line: list = []  # its line: [(move, position after it)], the better move first
        self.line_step = 0  # moves of the line shown so far
        self.line_timer = 0.0
        self._learnable = False  # the lesson's button has a row (laid out when it has)
        self._reasons: dict = {}  # (ply, move) -> what the better move achieves
        self._valued = -1  # the analyser's revision when the graph was last brought up to date
        self.waiting_budget: str | None = None  # a review asked for before the worker ran
        self.playing = playing
        self.timer = 0.6
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self.panel_rect = pygame.Rect(0, 0, 10, 10)
        self.text_top = 0
        small = theme.FONT_SMALL
        add = self.ui.add
        self.b_first = add(Button("|<", self.first, size=small))
        self.b_prev = add(Button("<", self.prev, size=small))
        self.b_play = add(Button("Play", self.toggle, size=small, accent=theme.ACCENT_2))
        self.b_next = add(Button(">", self.next, size=small))
        self.b_last = add(Button(">|", self.last, size=small))
        self.b_quick = add(
            Button(
                "Quick review", lambda: self.start_review("quick"), size=small, accent=theme.GOOD
            )
        )
        self.b_deep = add(
            Button(
                "Deep review", lambda: self.start_review("deep"), size=small, accent=theme.ACCENT_2
            )
        )
        self.b_cancel = add(Button("Cancel", self.cancel_review, size=small, accent=theme.WARN))
        self.b_better = add(
            Button(
                "Show the better move",
                self.toggle_better,
                size=small,
                hotkey="B",
                accent=theme.ACCENT_2,
            )
        )
        self.b_retry = add(
            Button("Play from here", lambda: self.retry(False), size=small, accent=theme.GOOD)
        )
        self.b_learn = add(
            Button(
                "Learn from your mistakes",
                self.open_learn,
                size=small,
                hotkey="L",
                accent=theme.GOOD,
            )
        )
        self.b_practise = add(
            Button("Practise these as puzzles", self.practise, size=small, hotkey="U")
        )
        self.b_hotseat = add(Button("Hotseat here", lambda: self.retry(True), size=small))
        self.b_gif = add(Button("GIF", self.export_gif, size=small, accent=theme.ACCENT_2))
        self.b_png = add(Button("PNG", self.export_png, size=small, accent=theme.ACCENT_2))
        self.b_analyse = add(Button("Analyse", self.analyse, size=small, accent=theme.ACCENT_2))
        self.b_back = add(Button("Back", self.back, size=small, accent=theme.WARN))
        self.ui.set_focus(self.b_play if playing else self.b_quick)
        self.use_analysis(getattr(match, "analysis", None))
        if analyse and self.analysis is None:
            self.start_review(analyse)

    # --- the review ------------------------------------------------------
    def use_analysis(self, analysis) -> None:
        """Show ``analysis`` (complete or partial) in the graph, the list and the texts."""
        if analysis is None or len(getattr(analysis, "evals", ())) != len(self.states):
            return
        self.analysis = analysis
        self.graph.chances = list(analysis.graph_chances())
        self.graph.names = tuple(self.names)
        try:
            self.reviews = list(analysis.reviews(self.states, self.moves))
        except (ValueError, IndexError):
            self.reviews = []
        marks = {}
        gmarks = {}
        for rv in self.reviews:
            if rv.label:
                marks[rv.ply] = MARKS[rv.label]
                gmarks[rv.ply + 1] = rv.label
        self.list.marks = marks
        self.graph.marks = gmarks

    @property
    def reviewing(self) -> bool:
        return self.waiting_budget is not None or (
            self.analyser is not None and not self.analyser.done
        )

    def busy(self) -> str | None:
        """What quitting now cuts short (``App.request_quit`` asks first)."""
        return "The computer is still reviewing this game." if self.reviewing else None

    def start_review(self, budget: str) -> None:
        worker = self.app.live_ai()
        if worker is None:  # the computer's process starts after the first frame
            self.waiting_budget = budget  # update() starts the review when it is there
            return
        self.waiting_budget = None
        if self.reviewing:
            self.analyser.cancel()
        partial = None
        if self.analysis is not None and self.analysis.budget == budget:
            partial = self.analysis  # go on from where a cancelled review stopped
        self.analyser = review.Analyser(
            self.states,
            budget,
            worker=worker,
            seed=0,  # the same game gets the same review
            analysis=partial,
            moves=[str(m) for m in self.moves],
            **self._budget_overrides(),
        )
        self.ui.set_focus(self.b_cancel)
        self.app.play_sound("click")

    def _budget_overrides(self) -> dict:
        """The app's settings for the computer (tests make its searches tiny)."""
        it = getattr(self.app, "ai_overrides", {}).get("iterations")
        return {"iterations": it} if it else {}

    def cancel_review(self) -> None:
        self.waiting_budget = None
        if self.analyser is not None:
            self.analyser.cancel()
            self.app.message("Review cancelled: the positions looked at so far are shown.")
        self.ui.set_focus(self.b_quick)

    def _review_finished(self) -> None:
        an = self.analyser
        self.analyser = None
        if an.error:
            self.app.message(f"The review stopped: {an.error}", "bad", 5.0)
        self.use_analysis(an.analysis)
        if an.analysis is not None and an.analysis.complete and not an.cancelled:
            self.match.analysis = an.analysis
            self.keep()

    def keep(self) -> None:
        """Save the reviewed game: with the file it came from (its comments, unknown
        entries and date kept; a file outside the data folder is not touched, the review
        goes beside it), else as a new saved game."""
        m = self.match
        path = getattr(m, "saved_path", None)
        if path:
            ours = path == getattr(m, "review_written", None)
            try:
                done = records.save_analysis(path, m, in_place=ours)
            except (OSError, ValueError) as exc:
                self.app.message(
                    f"The review could not be kept with {path} ({exc}); saving it as a new game.",
                    "warn",
                    5.0,
                )
            else:
                m.saved_path = m.review_written = done  # a deeper review: the same file
                self.app.message(f"Review saved with the game in {done}", "good", 4.0)
                return
        path = keeping.save(self.app, m)
        if path:
            m.saved_path = path
            self.app.message(f"Review saved with the game in {path}", "good", 4.0)

    def review_of(self, position: int):
        """The review of the move that led to ``position``, or None."""
        if 0 < position <= len(self.reviews):
            return self.reviews[position - 1]
        return None

    def toggle_better(self) -> None:
        rv = self.review_of(self.index)
        if rv is None or not rv.label or not rv.best:
            self.better = False
            return
        self.better = not self.better
        if self.better:
            self.playing = False
            before = self.index - 1
            last = self.moves[before - 1] if before > 0 else None
            self.host.show(self.states[before], last, animate=False)
            self.view.hint = rv.best
            ev = self.analysis.evals[before] if self.analysis is not None else None
            pv = list(getattr(ev, "pv", None) or [])
            if not pv or pv[0] != rv.best:
                pv = [rv.best]
            self.line = teach.line_states(self.states[before], pv)
            self.line_step = 0
            self.line_timer = self.LINE_TIME
        else:
            self.view.hint = None
            self.line = []
            self.line_step = 0
            self.host.show(self.states[self.index], self.moves[self.index - 1], animate=False)
        self.place_board()

    def place_board(self) -> None:
        """The board in its rect; while the better move shows, above the banner."""
        r = self.board_rect
        if self.better:
            rows = self.banner_rows()
            h = line_height(theme.FONT_SMALL) * len(rows) + 14 + 8
            r = pygame.Rect(r.x, r.y, r.width, max(120, r.height - h))
        self.host.layout(r)

    def step_line(self) -> None:
        """The better move's line, one move further (the board animates it)."""
        if not self.better or self.line_step >= len(self.line):
            return
        move, state = self.line[self.line_step]
        self.view.hint = None
        self.host.show(state, move, animate=True)
        self.line_step += 1
        self.line_timer = self.LINE_TIME

    def better_reason(self) -> str | None:
        """What the better move of the marked move shown achieves, in the game's words."""
        rv = self.review_of(self.index)
        if rv is None or not rv.best:
            return None
        key = (rv.ply, rv.best)
        if key not in self._reasons:  # (worked out once: the banner is drawn every frame)
            self._reasons[key] = self.states[rv.ply].explain(rv.best)
        return self._reasons[key]

    def line_text(self) -> str:
        """The better move's line, the moves shown so far in brackets."""
        if not self.line:
            return ""
        start = self.states[self.index - 1]
        words = []
        state = start
        for k, (move, after) in enumerate(self.line):
            said = state.move_words(move)
            words.append(f"[{said}]" if k < self.line_step else said)
            state = after
        return "Line: " + " ".join(words)

    # --- moving through the game ------------------------------------------------------
    def go(self, index: int, animate: bool = False) -> None:
        index = max(0, min(len(self.states) - 1, int(index)))
        if self.better:
            self.better = False
            self.view.hint = None
            self.line = []
            self.line_step = 0
            self.place_board()
        elif index == self.index:
            return
        if animate and index == self.index + 1:
            self.host.show(self.states[index], self.moves[index - 1], animate=True)
        else:
            last = self.moves[index - 1] if index > 0 else None
            self.host.show(self.states[index], last, animate=False)
            self.app.play_sound("click")
        self.index = index
        self.list.show(index)
        self.graph.current = index

    def first(self) -> None:
        self.playing = False
        self.go(0)

    def last(self) -> None:
        self.playing = False
        self.go(len(self.states) - 1)

    def prev(self) -> None:
        self.playing = False
        self.go(self.index - 1)

    def next(self) -> None:
        self.playing = False
        self.go(self.index + 1, animate=True)

    def toggle(self) -> None:
        self.playing = not self.playing
        if self.playing and self.index >= len(self.states) - 1:
            self.go(0)
        self.timer = 0.3

    def next_mark(self, step: int = 1) -> None:
        """Jump to the next (or previous) marked move: N and P."""
        marked = [rv.ply + 1 for rv in self.reviews if rv.label]
        if step > 0:
            ahead = [p for p in marked if p > self.index]
        else:
            ahead = [p for p in reversed(marked) if p < self.index]
        if not ahead:
            self.app.message("No more marked moves that way" if marked else "No marked moves")
            return
        self.playing = False
        self.go(ahead[0])

    def back(self) -> None:
        if self.analyser is not None:
            self.analyser.cancel()
            self.analyser = None
        if self.app.scene is self:
            self.app.pop()

    def exit(self) -> None:
        if self.analyser is not None:
            self.analyser.cancel()

    # --- playing on from here ------------------------------------------------------
    def retry_seats(self, hotseat: bool) -> list[Seat]:
        """Who plays on: hotseat, two humans; else the human keeps their seat (the seat to
        move here when the game had no single human) against the game's computer level."""
        if hotseat:
            return [Seat("human"), Seat("human")]
        seats = list(self.match.seats)
        humans = [p for p in (0, 1) if not seats[p].computer]
        me = humans[0] if len(humans) == 1 else self.states[self.index].player
        levels = [s.level for s in seats if s.computer]
        level = levels[0] if levels else DEFAULT_LEVEL
        out = [Seat("computer", level), Seat("computer", level)]
        out[me] = Seat("human")
        return out

    def retry_from(self) -> int:
        """The position "Play from here" starts from: the one shown, or on a marked move
        (or its better move shown) the position before the mistake."""
        rv = self.review_of(self.index)
        if rv is not None and rv.label:
            return self.index - 1
        return self.index

    def retry(self, hotseat: bool) -> None:
        start = self.retry_from()
        state = self.states[start]
        if state.is_over():
            self.app.message("The game is over here: pick an earlier move to play on from.", "warn")
            self.app.play_sound("error")
            return
        m = self.match
        new = self.app.new_match(
            self.game,
            m.options,
            self.retry_seats(hotseat),
            start_state=self.states[0],
            moves=[str(mv) for mv in self.moves[:start]],
        )
        if self.analyser is not None:
            self.analyser.cancel()
        rv = self.review_of(self.index)
        if start < self.index and rv is not None:
            said = self.states[start].move_words(rv.move)
            self.app.message(
                f"Playing on from before the {rv.label} ({said}): "
                f"{self.names[rv.mover]} to move, try a better one.",
                "info",
                5.0,
            )
        flow.reset(self.app, "play", self.game, match=new)

    # --- a typed move: play on from here with it ------------------------------------
    @property
    def text_input_active(self) -> bool:
        return self.movebox.active

    def play_typed(self, move) -> bool:
        """The move box's move, from the position shown: the game goes on from there with
        it, hotseat (an analysis board: both sides are the player's)."""
        state = self.states[self.index]
        if state.is_over():
            self.app.message("The game is over here: pick an earlier move to play on from.", "warn")
            return False
        m = self.match
        new = self.app.new_match(
            self.game,
            m.options,
            self.retry_seats(True),
            start_state=self.states[0],
            moves=[str(mv) for mv in self.moves[: self.index]] + [str(move)],
        )
        if self.analyser is not None:
            self.analyser.cancel()
        flow.reset(self.app, "play", self.game, match=new)
        return True

    # --- learn from your mistakes ------------------------------------------------------
    def learn_seats(self) -> list[int]:
        """Whose marked moves the lesson goes through: the human's (both in a hotseat game
        or a game of two computers)."""
        humans = [p for p in (0, 1) if not self.match.seats[p].computer]
        return humans if len(humans) == 1 else [0, 1]

    def learn_count(self) -> int:
        seats = self.learn_seats()
        return sum(1 for rv in self.reviews if rv.label and rv.best and rv.mover in seats)

    def open_learn(self) -> None:
        if self.analysis is None or not self.analysis.complete or self.reviewing:
            self.app.message("Review the game first: the lesson uses its marked moves.", "warn")
            self.app.play_sound("error")
            return
        if not self.learn_count():
            self.app.message("No marked moves to learn from in this game.", "info")
            return
        flow.push(self.app, "mistakes", self.match, self.analysis, self.learn_seats())

    def practise(self) -> None:
        """The marked moves that turn out to be puzzles (one move won by force there)
        become "your puzzles", and the puzzle screen opens on them."""
        if self.analysis is None or not self.analysis.complete or self.reviewing:
            self.app.message("Review the game first: your puzzles come from its marks.", "warn")
            return
        try:
            found, looked = puzzles_store.from_review(self.states, self.reviews, self.learn_seats())
        except OSError as exc:
            self.app.message(f"Could not keep your puzzles: {exc.strerror or exc}", "warn")
            return
        if not found:
            which = "The marked move is" if looked == 1 else f"None of the {looked} marked moves is"
            self.app.message(f"{which} no puzzle: no single move won by force there.", "info")
            return
        flow.push(self.app, "puzzles", self.game.id, puzzles_store.YOURS)

    def analyse(self) -> None:
        """The analysis board from the position shown, the game's moves as its main line."""
        if self.reviewing:
            self.app.message("The review is still running: wait for it, or cancel it.", "warn")
            return
        m = self.match
        flow.push(
            self.app,
            "analysis",
            self.game,
            self.states[0],
            [str(mv) for mv in self.moves],
            getattr(m, "variations", None),
            self.index,
            seats=[s.spec() for s in m.seats],
            match=m,
        )

    # --- export ------------------------------------------------------
    def export_gif(self) -> None:
        flow.push(self.app, "export", self.game, self.states, self.moves, self.index)

    def export_png(self) -> None:
        from game import export

        try:
            last = self.moves[self.index - 1] if self.index > 0 else None
            caption = export.caption_for(self.states, self.moves, self.index)
            path = export.write_png(
                self.game, self.states[self.index], last, None, caption_text=caption
            )
        except (OSError, ValueError, RuntimeError, ImportError) as exc:
            self.app.message(f"Could not write the PNG: {exc}", "bad", 5.0)
            return
        self.app.message(f"Position saved as {path}", "good", 4.0)

    # --- layout ------------------------------------------------------
    def layout(self, size) -> None:
        pad = theme.PAD
        self.split_panel(size, 320, 480)
        self.place_board()
        inner = self.panel_rect.inflate(-2 * pad, -2 * pad)
        gap = theme.GAP
        bh = max(36, line_height(theme.FONT_SMALL) + 12)

        def row(buttons, y, weights=None):
            weights = weights or [1] * len(buttons)
            total = sum(weights)
            free = inner.width - gap * (len(buttons) - 1)
            x = inner.x
            for b, wt in zip(buttons, weights, strict=True):
                bw = free * wt // total
                b.rect = pygame.Rect(x, y, bw, bh)
                x += bw + gap

        y = inner.bottom - bh
        if inner.width >= 380 or inner.height < 640:
            # room for Analyse beside the exports; or a short panel, whose move list needs
            # the row more than the buttons need the width
            row([self.b_gif, self.b_png, self.b_analyse, self.b_back], y, [2, 2, 3, 2])
        else:  # a narrow panel: a row of its own
            row([self.b_gif, self.b_png, self.b_back], y)
            y -= bh + gap
            row([self.b_analyse], y)
        y -= bh + gap
        row([self.b_retry, self.b_hotseat], y, [3, 2])
        if self._learnable:
            y -= bh + gap
            if inner.height >= 640:  # room for a row each
                row([self.b_practise], y)
                y -= bh + gap
                row([self.b_learn], y)
            else:  # a short panel: one row, in fewer words
                row([self.b_learn, self.b_practise], y)
            short = inner.height < 640
            self.b_learn.label = "Learn" if short else "Learn from your mistakes"
            self.b_practise.label = "As puzzles" if short else "Practise these as puzzles"
        y -= bh + gap
        row([self.b_first, self.b_prev, self.b_play, self.b_next, self.b_last], y, [2, 2, 3, 2, 2])
        self.list_bottom = y - gap
        top = inner.y + line_height(theme.FONT_MEDIUM) + 4
        top += line_height(theme.FONT_SMALL) + 2 * line_height(theme.FONT_TINY) + 8
        self.text_top = inner.y + line_height(theme.FONT_MEDIUM) + 4
        graph_h = max(64, min(170, inner.height // 5))
        self.graph.layout((inner.x, top, inner.width, graph_h))
        y = top + graph_h + gap
        row([self.b_quick, self.b_deep], y)
        self.b_cancel.rect = pygame.Rect(inner.right - 110, y, 110, bh)
        self.progress_rect = pygame.Rect(inner.x, y + bh // 2 - 5, inner.width - 120, 10)
        self.b_better.rect = pygame.Rect(inner.x, y, inner.width, bh)
        y += bh + gap
        self.counts_top = y
        y += 3 * line_height(theme.FONT_TINY) + 6  # both sides' counts, what chances rest on
        self.list.layout((inner.x - 4, y, inner.width + 8, max(0, self.list_bottom - y)))

    def toast_area(self, size) -> pygame.Rect:
        """Messages go over the panel's move list, off the board."""
        r = self.panel_rect
        return pygame.Rect(r.x + 6, r.y, r.width - 12, max(10, self.list_bottom - r.y))

    # --- events ------------------------------------------------------
    def handle_event(self, event) -> None:
        if self.movebox.active and self.movebox.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and (
            event.key == pygame.K_SLASH or getattr(event, "unicode", "") == "/"
        ):
            self.playing = False
            self.movebox.open("/")
            return
        if event.type == pygame.KEYDOWN:
            actions = {
                pygame.K_RIGHT: self.next,
                pygame.K_LEFT: self.prev,
                pygame.K_HOME: self.first,
                pygame.K_END: self.last,
                pygame.K_SPACE: self.toggle,
                pygame.K_ESCAPE: self.back,
                pygame.K_BACKSPACE: self.back,
                pygame.K_b: self.toggle_better,
                pygame.K_n: self.next_mark,
                pygame.K_p: lambda: self.next_mark(-1),
                pygame.K_l: self.open_learn,
                pygame.K_u: self.practise,
                pygame.K_a: self.analyse,
            }
            if event.key in actions:
                actions[event.key]()
                return
        if event.type == pygame.MOUSEMOTION:
            self.host.hover(event.pos)
            self.graph.hover = self.graph.position_at(event.pos) if self.analysis else None
        position = self.list.handle_event(event)
        if position is not None:
            self.playing = False
            self.go(position)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            if self.analysis is not None:
                at = self.graph.position_at(event.pos)
                if at is not None:
                    self.playing = False
                    self.go(at)
                    return
            if self.host.contains(event.pos):
                self.host.skip()
                return
        self.ui.handle_event(event)

    # --- update ------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.host.update(dt)
        if self.waiting_budget is not None and self.app.live_ai() is not None:
            self.start_review(self.waiting_budget)
        an = self.analyser
        if an is not None:
            an.update()
            valued = an.revision  # a position valued, or checked again
            if an.analysis is not None and valued != self._valued:
                self._valued = valued
                self.use_analysis(an.analysis)  # the graph grows as positions are valued
            if an.done:
                self._review_finished()
        busy = self.reviewing
        rv = self.review_of(self.index)
        marked = rv is not None and bool(rv.label) and bool(rv.best)
        self.b_quick.visible = self.b_deep.visible = not busy and not marked
        self.b_cancel.visible = busy
        self.b_better.visible = marked and not busy
        self.b_better.label = "Back to the move played" if self.better else "Show the better move"
        self.b_play.label = "Pause" if self.playing else "Play"
        at_end = self.states[self.retry_from()].is_over()
        self.b_retry.enabled = self.b_hotseat.enabled = not at_end
        learnable = (
            not busy
            and self.analysis is not None
            and self.analysis.complete
            and self.learn_count() > 0
        )
        self.b_learn.visible = self.b_practise.visible = learnable
        if learnable != self._learnable:
            self._learnable = learnable
            self.layout(self.app.size)
        if self.better and not self.view.animating and self.line_step < len(self.line):
            self.line_timer -= dt
            if self.line_timer <= 0:
                self.step_line()
        if self.playing and not self.view.animating:
            self.timer -= dt
            if self.timer <= 0:
                if self.index >= len(self.states) - 1:
                    self.playing = False
                else:
                    self.go(self.index + 1, animate=True)
                    self.timer = self.STEP_TIME

    # --- drawing ------------------------------------------------------
    def position_text(self) -> list[tuple[str, int, tuple]]:
        """The lines about the position shown: what it is, and the review of its move."""
        lines = [
            (
                turns.position_label(self.list.turns, self.index, self.names),
                theme.FONT_SMALL,
                theme.TEXT,
            )
        ]
        rv = self.review_of(self.index)
        if self.better and rv is not None:
            said = self.states[self.index - 1].move_words  # the moves in words
            lines.append(
                (
                    f"Instead of {said(rv.move)}, the computer plays {said(rv.best)}",
                    theme.FONT_TINY,
                    theme.ACCENT_2,
                )
            )
            return lines  # (the reason and the line: in the banner over the board)
        if rv is not None and rv.before is not None and rv.after is not None:
            who = self.names[rv.mover]
            text = f"{who}'s chances {rv.before:.0f}% -> {rv.after:.0f}%"
            col = theme.TEXT_DIM
            if rv.label:
                text += f": {rv.label}"
                col = MARKS[rv.label][1]
            lines.append((text, theme.FONT_TINY, col))
            if rv.label and rv.best:
                said = self.states[rv.ply].move_words(rv.best)
                lines.append((f"Better: {said} (B shows it)", theme.FONT_TINY, theme.ACCENT_2))
        elif self.analysis is None and not self.reviewing:
            lines.append(
                ("Review: the computer marks each side's mistakes", theme.FONT_TINY, theme.TEXT_DIM)
            )
        return lines

    def counts_text(self) -> list[tuple[str, tuple]]:
        if self.analysis is None:
            return []
        counts = self.analysis.counts()
        out = []
        for p in (0, 1):
            c = counts.get(p, {})
            parts = [_count(c.get(label, 0), label) for label in review.LABELS[::-1]]
            out.append((f"{self.names[p]}: " + ", ".join(parts), self.graph.pals[p]["text"]))
        out.append((self.analysis.note(), theme.TEXT_DIM))  # Quick says it is rough
        return out

    def draw(self, surface) -> None:
        draw_background(surface, self.app.time, glow=False)
        self.host.draw(surface)
        if self.better:
            self.draw_banner(surface)
        inner = titled_panel(surface, self.panel_rect, f"Review - {self.game.name or self.game.id}")
        y = self.text_top
        tiny_room = 2  # the layout keeps two small lines under the position's name
        for text, size, col in self.position_text():
            parts = [fit_text(text, size, inner.width)]
            if size == theme.FONT_TINY:
                parts = wrap_text(text, size, inner.width)
                if len(parts) > tiny_room:
                    rest = " ".join(parts[max(0, tiny_room - 1) :])
                    parts = parts[: tiny_room - 1] + [fit_text(rest, size, inner.width)]
                    parts = parts[:tiny_room]
                tiny_room -= len(parts)
            for part in parts:
                draw_text(surface, part, size, col, (inner.x, y))
                y += line_height(size) + 2
        if self.analysis is not None:
            self.graph.draw(surface)
        else:
            self.draw_graph_placeholder(surface)
        if self.reviewing:
            done = self.analyser.progress if self.analyser is not None else 0.0
            bar(surface, self.progress_rect, done, theme.ACCENT_2, radius=4)
            pct = f"Reviewing... {int(done * 100)}%"
            draw_text(
                surface,
                pct,
                theme.FONT_TINY,
                theme.TEXT_DIM,
                (self.progress_rect.x, self.progress_rect.y - 2),
                "bottomleft",
            )
        y = self.counts_top
        for text, col in self.counts_text():
            draw_text(
                surface,
                fit_text(text, theme.FONT_TINY, inner.width),
                theme.FONT_TINY,
                col,
                (inner.x, y),
            )
            y += line_height(theme.FONT_TINY) + 2
        self.list.draw(surface)
        self.ui.draw(surface)
        self.movebox.draw(surface, self.host.rect)

    def draw_graph_placeholder(self, surface) -> None:
        r = self.graph.rect
        pygame.draw.rect(
            surface, theme.mix(theme.PANEL, theme.BG, 0.5), r, border_radius=theme.RADIUS // 2
        )
        text = (
            "The win-chance graph appears as the review goes"
            if self.reviewing
            else "Quick: seconds to half a minute. Deep: stronger, slower."
        )
        for i, line in enumerate(wrap_text(text, theme.FONT_TINY, r.width - 16)[:3]):
            draw_text(
                surface,
                line,
                theme.FONT_TINY,
                theme.TEXT_DIM,
                (r.x + 8, r.y + 8 + i * line_height(theme.FONT_TINY)),
            )

    def banner_lines(self) -> list[tuple[str, int, tuple]]:
        """The better move's banner: the move, what it achieves, and its line."""
        rv = self.review_of(self.index)
        if rv is None or not rv.best:
            return []
        said = self.states[rv.ply].move_words(rv.best)
        out = [(f"The better move: {said}  (B: back to the move played)", theme.ACCENT_2)]
        reason = self.better_reason()
        if reason:
            out.append((f"It {reason}.", theme.TEXT))
        if len(self.line) > 1:
            out.append((self.line_text(), theme.TEXT_DIM))
        return out

    def banner_rows(self) -> list[tuple[str, tuple]]:
        """The banner's lines wrapped to the board's width (3 lines per item at most)."""
        width = self.board_rect.width - 40
        rows = []
        for text, col in self.banner_lines():
            rows.extend((line, col) for line in wrap_text(text, theme.FONT_SMALL, width)[:3])
        return rows

    def draw_banner(self, surface) -> None:
        r = self.board_rect
        size = theme.FONT_SMALL
        rows = self.banner_rows()
        if not rows:
            return
        lh = line_height(size)
        box = pygame.Rect(r.x + 8, r.bottom - 8 - (lh * len(rows) + 14), r.width - 16, 0)
        box.height = lh * len(rows) + 14
        pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.BG, 0.2), box, border_radius=8)
        pygame.draw.rect(surface, theme.ACCENT_2, box, 2, border_radius=8)
        y = box.y + 7
        for text, col in rows:
            draw_text(surface, text, size, col, (box.x + 12, y))
            y += lh
