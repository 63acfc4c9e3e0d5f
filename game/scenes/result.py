"""The result screen: the winner, the score, how it ended, the moves; on to a review."""

from __future__ import annotations

import math

import pygame

from game import theme
from game.board_host import BoardHost
from game.scenes.base import Scene, draw_background
from game.session import keeping, turns
from game.ui import flow, opening
from game.ui.move_list import MoveList
from game.ui.play_panel import draw_swatch
from game.ui.widgets import (
    Button,
    draw_text,
    fit_text,
    line_height,
    panel,
    text_size,
    text_surface,
    wrap_text,
)


class Confetti:
    """Falling bits in the winner's colours; plain arithmetic in update, drawn in draw."""

    def __init__(self, rng, colors, n: int = 90):
        self.rng = rng
        self.colors = colors
        self.bits: list[list[float]] = []
        self.n = n
        self.size = (800, 600)

    def reset(self, size) -> None:
        self.size = size
        w, h = size
        self.bits = [self._bit(w, -self.rng.uniform(0, h)) for _ in range(self.n)]

    def _bit(self, w, y):
        r = self.rng
        return [
            r.uniform(0, w),
            y,
            r.uniform(-30, 30),
            r.uniform(80, 200),
            r.uniform(0, 6.3),
            r.uniform(-5, 5),
            r.randrange(len(self.colors)),
        ]

    def update(self, dt: float) -> None:
        w, h = self.size
        for b in self.bits:
            b[0] += b[2] * dt + math.sin(b[4]) * 20 * dt
            b[1] += b[3] * dt
            b[4] += b[5] * dt
            if b[1] > h + 10:
                b[:] = self._bit(w, -10)

    def draw(self, surface) -> None:
        for x, y, _, _, a, _, c in self.bits:
            wdt = 3 + 4 * abs(math.cos(a))
            pygame.draw.rect(surface, self.colors[c], (int(x), int(y), int(wdt) + 1, 8))


class ResultScene(Scene):
    """Who won, the score, why it ended; Rematch, Replay, Menu."""

    def __init__(self, app, match, rematch=None):
        super().__init__(app)
        self.match = match
        self.game = match.game
        self.host = BoardHost(app, self.game, match.state)
        if match.move_objs:
            self.host.show(match.state, match.move_objs[-1], animate=False)
        self.view = self.host.view
        self.rematch_fn = rematch
        self.winner = match.winner()
        self.scores = match.state.scores()
        self.reason = self._reason(match)
        self.history = self._score_history(match)
        self.pals = [theme.seat_colour(match.state, p) for p in (0, 1)]
        if self.winner is not None:
            pal = self.pals[self.winner]
            colors = [pal["fill"], pal["edge"], theme.ACCENT, theme.ACCENT_2]
        else:
            colors = [theme.WARN, theme.TEXT_DIM, theme.ACCENT_2]
        # celebrate a win, but not a human's loss to the computer
        winner_is_human = self.winner is not None and not match.is_computer(self.winner)
        self.celebrate = self.winner is not None and (winner_is_human or not match.any_human)
        if self.celebrate:
            app.play_sound("win")
        elif self.winner is not None:
            colors = [theme.TEXT_DIM, theme.PANEL_EDGE]
        self.confetti = Confetti(app.rng, colors, 110 if self.celebrate else 30)
        self.moves = MoveList()
        self.moves.set_game(match.states, match.move_objs, self.host.view.move_mark)
        self.index = match.ply  # the position the board shows
        self.moves.show(self.index, live=True)
        self.b_rematch = self.ui.add(Button("Rematch", self.rematch, accent=theme.GOOD))
        self.b_review = self.ui.add(Button("Review", self.review, accent=theme.GOOD))
        self.b_replay = self.ui.add(Button("Replay", self.replay, accent=theme.ACCENT_2))
        self.b_save = self.ui.add(Button("Save", self.save, accent=theme.ACCENT_2))
        self.b_menu = self.ui.add(Button("Menu", self.menu, accent=theme.WARN))
        self.ui.set_focus(self.b_rematch)
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self.panel_rect = pygame.Rect(0, 0, 10, 10)
        self.reason_lines: list[str] = []
        self.headline_lines: list[str] = [self.headline]
        self.chart_rect = pygame.Rect(0, 0, 0, 0)
        self.list_label_y = 0
        self.text_bottom = 0

    def _reason(self, match) -> str:
        """Why it ended, in a sentence; a resignation says when (the headline says who)."""
        if match.resigned is None:
            return match.end_reason()
        you = match.resigned == self.human_seat
        who = "You" if you else match.seat_name(match.resigned)
        played = match.move_count
        when = f"after {turns.moves_text(played)}" if played else "before the first move"
        if match.state.scores() is None:
            return f"{who} resigned {when}."
        return f"{who} resigned {when}: a resignation ends the game whatever the score."

    @staticmethod
    def _score_history(match) -> list[tuple[int, int]]:
        """Both scores after every move (empty for games without a score)."""
        out = []
        for st in match.states:
            sc = st.scores()
            if sc is None:
                return []
            out.append((int(sc[0]), int(sc[1])))
        return out

    def draw_chart(self, surface, rect) -> None:
        """The score of each player across the game, as two lines."""
        hist = self.history
        if len(hist) < 2 or rect.height < 70 or rect.width < 120:
            return
        draw_text(
            surface, "Score through the game", theme.FONT_TINY, theme.TEXT_DIM, (rect.x, rect.y)
        )
        box = pygame.Rect(
            rect.x,
            rect.y + line_height(theme.FONT_TINY) + 4,
            rect.width,
            rect.height - line_height(theme.FONT_TINY) - 4,
        )
        pygame.draw.rect(
            surface, theme.mix(theme.PANEL, theme.BG, 0.5), box, border_radius=theme.RADIUS // 2
        )
        inner = box.inflate(-16, -16)
        top = max(1, max(max(a, b) for a, b in hist))
        n = len(hist) - 1
        # reveal the lines from left to right as the screen opens
        k = theme.ease_in_out(min(1.0, self.time / 1.2))
        upto = max(1, int(round(n * k)))
        for p in (0, 1):
            pts = [
                (
                    inner.x + inner.width * i // n,
                    inner.bottom - int(inner.height * hist[i][p] / top),
                )
                for i in range(upto + 1)
            ]
            if len(pts) >= 2:
                pygame.draw.lines(surface, self.pals[p]["text"], False, pts, 3)
        draw_text(
            surface, str(top), theme.FONT_TINY, theme.TEXT_DIM, (box.x + 6, box.y + 4), "topleft"
        )

    @property
    def names(self) -> list[str]:
        return [self.match.state.seat_name(p) for p in (0, 1)]

    @property
    def human_seat(self) -> int | None:
        """The one human's seat when exactly one seat is human (then the screen says "You")."""
        humans = [p for p in (0, 1) if not self.match.is_computer(p)]
        return humans[0] if len(humans) == 1 else None

    @property
    def headline_parts(self) -> tuple[str, str]:
        """The headline and why, when the board does not say it ("Green resigned")."""
        m, names, you = self.match, self.names, self.human_seat
        if self.winner is None:
            return ("Unfinished" if m.unfinished else "Draw"), ""
        if you is None:
            main = f"{names[self.winner]} wins!"
        else:
            main = "You win!" if self.winner == you else "You lose"
        note = ""
        if m.resigned is not None:
            note = "you resigned" if m.resigned == you else f"{names[m.resigned]} resigned"
        return main, note

    @property
    def headline(self) -> str:
        main, note = self.headline_parts
        return f"{main} ({note})" if note else main

    @property
    def show_scores(self) -> bool:
        """The scoreboard, unless a resignation decided the game whatever the score said."""
        return self.scores is not None and self.match.resigned is None

    def layout(self, size) -> None:
        pad = theme.PAD
        self.split_panel(size, 330, 460)
        self.host.layout(self.board_rect)
        inner = self.panel_rect.inflate(-2 * pad, -2 * pad)
        bh = max(46, line_height(theme.FONT_MEDIUM) + 12)
        gap = theme.GAP + 4
        half = (inner.width - gap) // 2

        def pair(left, right, y):
            left.rect = pygame.Rect(inner.x, y, half, bh)
            right.rect = pygame.Rect(inner.x + half + gap, y, inner.width - half - gap, bh)

        y = inner.bottom - bh
        pair(self.b_save, self.b_menu, y)
        y -= gap + bh
        pair(self.b_review, self.b_replay, y)
        y -= gap + bh
        self.b_rematch.rect = pygame.Rect(inner.x, y, inner.width, bh)
        self.reason_lines = wrap_text(self.reason, theme.FONT_SMALL, inner.width)
        main, note = self.headline_parts
        if note and text_size(self.headline, theme.FONT_LARGE)[0] > inner.width:
            self.headline_lines = [main, f"({note})"]  # the why on a line of its own
        else:
            self.headline_lines = [self.headline]
        self.confetti.reset(size)
        # the panel's text, then the score chart (when there is room) and the move list
        top = inner.y + len(self.headline_lines) * line_height(theme.FONT_LARGE) + 10
        if self.show_scores:
            top += 72
        top += len(self.reason_lines) * line_height(theme.FONT_SMALL) + 6
        top += 2 * line_height(theme.FONT_TINY) + theme.GAP
        self.text_bottom = top
        room = self.b_rematch.rect.y - theme.GAP - top
        chart_h = min(160, room - 200) if self.history and room > 300 else 0
        self.chart_rect = pygame.Rect(inner.x, top, inner.width, max(0, chart_h))
        top += chart_h + (theme.GAP if chart_h else 0)
        list_top = top + line_height(theme.FONT_TINY) + 2
        self.list_label_y = top
        self.moves.layout(
            (
                inner.x - 4,
                list_top,
                inner.width + 8,
                max(0, self.b_rematch.rect.y - theme.GAP - list_top),
            )
        )

    def toast_area(self, size) -> pygame.Rect:
        """Messages ("Saved ...") go over the panel's move list, off the board."""
        r = self.panel_rect
        bottom = self.b_rematch.rect.y - theme.GAP
        return pygame.Rect(r.x + 6, r.y, r.width - 12, max(10, bottom - r.y))

    def exit(self) -> None:
        self.match.cancel()

    def rematch(self) -> None:
        if self.rematch_fn is not None:
            self.rematch_fn()
            return
        m = self.match
        args = m.rematch_args()
        flow.replace(
            self.app,
            "play",
            m.game,
            args["options"],
            m.seats,
            start_state=args["start_state"],
            move_cap=m.move_cap,
        )

    def replay(self) -> None:
        flow.push(self.app, "replay", self.match, start=0, playing=True)

    def review(self) -> None:
        """The review: the computer marks the mistakes (at once, unless already reviewed)."""
        flow.push(self.app, "review", self.match, start=self.index, analyse="quick")

    def save(self) -> None:
        """Keep the finished game (a resignation included) in the data folder."""
        path = keeping.save(self.app, self.match)
        if path:
            self.match.saved_path = path
            self.b_save.label = "Saved"

    # --- the move list: the board shows the position a click asks for ---------------------
    def go(self, index: int) -> None:
        m = self.match
        index = max(0, min(m.ply, int(index)))
        if index == self.index:
            return
        self.index = index
        last = m.move_objs[index - 1] if index > 0 else None
        self.host.show(m.states[index], last, animate=False)
        self.moves.show(index, live=index == m.ply)
        self.app.play_sound("click")

    def menu(self) -> None:
        self.app.go_title()

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.menu()
            return
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_c
            and getattr(event, "mod", 0) & pygame.KMOD_CTRL
        ):
            opening.copy_record(self.app, self.match, position=bool(event.mod & pygame.KMOD_SHIFT))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s:
            self.save()
            return
        if event.type == pygame.KEYDOWN:
            steps = {
                pygame.K_LEFT: self.index - 1,
                pygame.K_RIGHT: self.index + 1,
                pygame.K_HOME: 0,
                pygame.K_END: self.match.ply,
            }
            if event.key in steps:
                self.go(steps[event.key])
                return
        if event.type == pygame.MOUSEMOTION:
            self.host.hover(event.pos)
        position = self.moves.handle_event(event)
        if position is not None:
            self.go(position)
            return
        self.ui.handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.host.update(dt)
        self.confetti.update(dt)

    def draw(self, surface) -> None:
        draw_background(surface, self.app.time)
        self.confetti.draw(surface)  # behind the board and the words, never over them
        self.host.draw(surface)
        panel(surface, self.panel_rect, edge=theme.ACCENT)
        inner = self.panel_rect.inflate(-2 * theme.PAD, -2 * theme.PAD)
        y = inner.y
        # the headline pops in, then breathes
        k = theme.ease_out_back(min(1.0, self.time / 0.7))
        col = self.pals[self.winner]["text"] if self.winner is not None else theme.WARN
        size = theme.FONT_LARGE
        scale = max(0.05, k * (1 + 0.04 * math.sin(self.time * 3)))
        for line in self.headline_lines:
            surf = text_surface(fit_text(line, size, inner.width), size, col)
            if abs(scale - 1) > 0.01:
                surf = pygame.transform.smoothscale_by(surf, scale)
            rect = surf.get_rect(midtop=(inner.centerx, y + int((1 - min(1, k)) * 20)))
            surface.blit(surf, rect)
            y += line_height(size)
        y += 10
        names = self.names
        if self.show_scores:
            for p in (0, 1):
                cx = inner.x + inner.width * (1 + 2 * p) // 4
                draw_swatch(surface, (cx - 40, y + 20), self.pals[p], 14)
                draw_text(
                    surface,
                    str(self.scores[p]),
                    theme.FONT_LARGE,
                    self.pals[p]["text"],
                    (cx - 18, y + 20),
                    "midleft",
                )
                draw_text(
                    surface,
                    fit_text(str(names[p]), theme.FONT_TINY, inner.width // 2 - 10),
                    theme.FONT_TINY,
                    theme.TEXT_DIM,
                    (cx, y + 44),
                    "midtop",
                )
            y += 72
        for line in self.reason_lines:  # every line: the move list gives up the room
            draw_text(surface, line, theme.FONT_SMALL, theme.TEXT, (inner.x, y))
            y += line_height(theme.FONT_SMALL)
        y += 6
        m = self.match
        info = turns.moves_text(turns.rows(self.moves.turns))
        seats = " vs ".join(s.label() for s in m.seats)
        draw_text(surface, info, theme.FONT_TINY, theme.TEXT_DIM, (inner.x, y))
        y += line_height(theme.FONT_TINY)
        draw_text(
            surface,
            fit_text(seats, theme.FONT_TINY, inner.width),
            theme.FONT_TINY,
            theme.TEXT_DIM,
            (inner.x, y),
        )
        if self.chart_rect.height:
            self.draw_chart(surface, self.chart_rect)
        label = "Moves - click one to see it" if m.ply else "Moves"
        if self.index != m.ply:
            label = turns.position_label(self.moves.turns, self.index, names)
        draw_text(
            surface,
            fit_text(label, theme.FONT_TINY, inner.width),
            theme.FONT_TINY,
            theme.TEXT_DIM if self.index == m.ply else theme.WARN,
            (inner.x, self.list_label_y),
        )
        if self.moves.rect.height > line_height(theme.FONT_SMALL):
            self.moves.draw(surface)
        self.ui.draw(surface)
