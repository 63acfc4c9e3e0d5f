"""Puzzles: a position where one move wins, from the engine's own games (``ai.puzzles``).

Pick a game (G) and a theme (T) or take the next one (N); Y looks through the saved games
for the player's own missed wins ("your puzzles"): the board shows the position and
"Orange to play and win"; the player moves with the mouse or types the move (/ opens the
move box), the defender's replies follow on their own, a wrong move shows why it fails (the
engine's answer, in the game's words, marked on the board), H gives a hint, R retries.  The
player's and each puzzle's Glicko-2 rating, the streak and the history are kept in the data
folder (``game.session.puzzles_store``); a record that does not read, or cannot be written,
is said in a message and the puzzles go on.

Nothing in here raises into the app: a puzzle that cannot be set up becomes a message.
"""

from __future__ import annotations

import pygame

from ai import puzzles as mining
from game import rules, theme
from game.board_host import BoardHost
from game.scenes.base import Scene, TryBoard
from game.session import puzzles_store as store
from game.ui import flow
from game.ui.board_keys import BoardKeys
from game.ui.widgets import (
    Button,
    Paragraphs,
    draw_text,
    fit_text,
    font,
    line_height,
)

HELP = [  # the scene's own keys, for the ? legend
    "N: the next puzzle; G: another game; T: another theme",
    "H: a hint; R: try again; Esc: back",
]


class PuzzlesScene(TryBoard, Scene):
    """Puzzles of ``game_id`` (the first game when None), of ``theme`` (any when None)."""

    def __init__(self, app, game_id: str | None = None, theme_name: str | None = None):
        super().__init__(app)
        self.record, note = store.load()
        if note:
            app.message(note, "warn", 5.0)
        self.game_id = game_id if game_id in rules.GAMES else rules.GAMES[0]
        self.theme: str | None = theme_name
        self.puzzles: list = []
        self.attempt: store.Attempt | None = None
        self.host: BoardHost | None = None
        self.game = None
        self.problem = ""
        self.status = ""  # what came of the last move (or the hint)
        self.status_kind = "info"  # info, good, bad
        self.change = None  # the player's rating change after a rated try
        self.init_replies()
        self.recent: list[str] = []  # ids shown this session, skipped by Next while others wait
        self.paras = Paragraphs()  # the panel's wrapped text
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self.panel_rect = pygame.Rect(0, 0, 10, 10)
        self.text_rect = pygame.Rect(0, 0, 10, 10)
        # the board's keys as in a game: the cursor (arrows, Q E Z C, Enter), / to type
        self.board_keys = BoardKeys(
            lambda: self.host,
            self._typed_state,
            self._typed,
            self.handle_event,
            lambda: None if self._can_move() else "Wait: it is not your move",
            lambda text: app.message(text, "info", 1.5),
            HELP,
            ui=self.ui,
        )
        small = theme.FONT_SMALL
        self.b_game = self.ui.add(Button("Game", self.cycle_game, size=small, hotkey="G"))
        self.b_theme = self.ui.add(
            Button("Theme", self.cycle_theme, size=small, hotkey="T", accent=theme.ACCENT_2)
        )
        self.b_next = self.ui.add(
            Button("Next puzzle", self.next_puzzle, size=small, hotkey="N", accent=theme.GOOD)
        )
        self.b_hint = self.ui.add(
            Button("Hint", self.hint, size=small, hotkey="H", accent=theme.ACCENT_2)
        )
        self.b_retry = self.ui.add(
            Button("Retry", self.retry, size=small, hotkey="R", accent=theme.ACCENT_2)
        )
        self.b_back = self.ui.add(
            Button("Back", self.back, size=small, hotkey="Esc", accent=theme.WARN)
        )
        self.set_game(self.game_id, theme_name)

    # --- choosing ----------------------------------------------------------------------------
    @property
    def view(self):
        return None if self.host is None else self.host.view

    def themes(self) -> list:
        """The themes of this game's puzzles, in the rules' order (None: any)."""
        present = {p.theme for p in self.puzzles}
        order = [entry[0] for entry in self.game.puzzle_themes] + [self.game.puzzle_theme_default]
        out = [t for t in dict.fromkeys(order) if t in present]
        out += sorted(present - set(out))
        return [None, *out]

    def set_game(self, game_id: str, theme_name: str | None = None) -> None:
        self.game_id = game_id
        self.game = rules.get(game_id)
        self.puzzles = mining.load(game_id) + store.load_yours(game_id)
        self.theme = theme_name if theme_name in self.themes() else None
        if self.host is not None:
            self.host = None
        self.next_puzzle()

    def cycle_game(self) -> None:
        games = list(rules.GAMES)
        self.set_game(games[(games.index(self.game_id) + 1) % len(games)])

    def cycle_theme(self) -> None:
        themes = self.themes()
        i = themes.index(self.theme) if self.theme in themes else 0
        self.theme = themes[(i + 1) % len(themes)]
        self.next_puzzle()

    def next_puzzle(self) -> None:
        puzzle = self.record.next_puzzle(self.puzzles, self.theme, skip=set(self.recent))
        if puzzle is None:
            self.attempt = None
            name = self.game.name or self.game_id
            self.problem = f"There are no {name} puzzles" + (
                f" on {self.theme}." if self.theme else " yet."
            )
            self.host = None
            return
        self.load(puzzle)

    def load(self, puzzle) -> None:
        self.problem = self.status = ""
        self.status_kind = "info"
        self.change = None
        self.queue = []
        try:
            self.attempt = store.Attempt(puzzle)
        except (ValueError, rules.IllegalMove) as exc:  # a position that does not read
            self.attempt = None
            self.problem = f"This puzzle cannot be set up: {exc}"
            return
        self.recent = [i for i in self.recent if i != puzzle.id][-20:] + [puzzle.id]
        state = self.attempt.state
        if self.host is None:
            self.host = BoardHost(self.app, self.game, state)
            self.host.layout(self.board_rect)
        else:
            self.view.cancel_selection()
            self.view.hint = None
            self.host.show(state, None, animate=False)
        self._set_interactive()

    def _set_interactive(self) -> None:
        if self.view is not None:
            a = self.attempt
            self.view.interactive = a is not None and not a.over and not self.queue

    # --- the player's moves ----------------------------------------------------------------------
    def try_move(self, move) -> bool:
        a = self.attempt
        if a is None or a.over or self.queue:
            return False
        rated = a.first_result
        verdict = a.play(move)
        if verdict.kind == "refused":
            self.status, self.status_kind = verdict.reason, "bad"
            self.flash_t = theme.FLASH_TIME
            self.app.play_sound("error")
            return False
        self.view.cancel_selection()
        self.view.hint = None
        before, first, after = verdict.played[0]
        self.host.show(after, first, animate=True)
        self.queue_replies((aft, mv) for _, mv, aft in verdict.played[1:])
        if verdict.kind == "wrong":
            self.status, self.status_kind = verdict.reason, "bad"
            self.flash_t = theme.FLASH_TIME
            self.app.play_sound("error")
            if verdict.refutation:
                self.queue = [(after.play(verdict.refutation[0]), verdict.refutation[0])]
        elif verdict.kind == "solved":
            self.status, self.status_kind = "Solved!", "good"
            self.app.play_sound("win")
        else:
            replies = "; ".join(b.describe(mv).rstrip(".") for b, mv, _ in verdict.played[1:])
            self.status = f"Good. {replies}. Keep going." if replies else "Good. Keep going."
            self.status_kind = "good"
            self.app.play_sound("move")
        if rated is None and a.first_result is not None:
            self._rate(a.first_result)
        self._set_interactive()
        return True

    def _rate(self, solved: bool) -> None:
        self.change = self.record.record(self.attempt.puzzle, solved)
        try:
            store.save(self.record)
        except OSError as exc:
            self.app.message(f"Could not keep your puzzle rating: {exc}", "warn", 4.0)

    def _typed_state(self):
        a = self.attempt
        return a.state if a is not None else None

    def _typed(self, move) -> bool:
        return self.try_move(move)

    def _handle_result(self, res) -> None:
        if res is None:
            return
        if res.move is not None:
            self.try_move(res.move)
        elif res.illegal:
            self.status, self.status_kind = res.message, "bad"
            self.flash_t = theme.FLASH_TIME
        elif res.message:
            self.app.message(res.message, "info", 2.0)

    def hint(self) -> None:
        a = self.attempt
        if a is None or a.over:
            return
        self.status, self.status_kind = a.hint(), "info"

    def retry(self) -> None:
        a = self.attempt
        if a is None:
            return
        a.retry()
        self.queue = []
        self.status = "Again, for practice (the rating counted the first try)."
        self.status_kind = "info"
        self.view.cancel_selection()
        self.view.hint = None
        self.host.show(a.state, None, animate=False)
        self._set_interactive()

    def find_yours(self) -> None:
        """Look through the saved games for the player's missed wins: "your puzzles"."""
        try:
            added, read = store.add_from_saved_games()
        except OSError as exc:
            self.app.message(f"Could not keep your puzzles: {exc}", "warn", 4.0)
            return
        mine = [p for p in added if p.game == self.game_id]
        self.app.message(
            f"{len(added)} new puzzle{'s' if len(added) != 1 else ''} of your own from "
            f"{read} saved game{'s' if read != 1 else ''}.",
            "info",
            3.0,
        )
        if mine:
            self.set_game(self.game_id, store.YOURS)

    def back(self) -> None:
        app = self.app
        if app.scene is self and len(app.scenes) > 1:
            app.pop()
            return
        flow.replace(app, "title")

    # --- the frame ----------------------------------------------------------------------------
    def layout(self, size) -> None:
        self.split_panel(size, 320, 520, share=0.37)
        inner = self.panel_rect.inflate(-2 * theme.PAD, -2 * theme.PAD)
        bh = 44 if size[1] >= 700 else 36
        gap = theme.GAP
        rows = [
            (self.b_game, self.b_theme),
            (self.b_hint, self.b_retry),
            (self.b_back, self.b_next),
        ]
        y1 = self.stack_button_rows(inner, bh, rows)
        keys_h = line_height(theme.FONT_TINY) + 4
        self.text_rect = pygame.Rect(inner.x, inner.y, inner.width, y1 - keys_h - gap - inner.y)
        if self.host is not None:
            self.host.layout(self.board_rect)

    def toast_area(self, size) -> pygame.Rect:
        """Messages go over the panel's text, off the board."""
        r = self.text_rect
        return pygame.Rect(r.x, r.y, r.width, max(10, r.height))

    @property
    def text_input_active(self) -> bool:
        """The move box is open: every key is text (the app keeps M for it)."""
        return self.board_keys.typing

    def handle_event(self, event) -> None:
        if self.board_keys.typing and self.board_keys.handle_event(event):
            return
        et = event.type
        if et == pygame.TEXTINPUT:
            return
        if et == pygame.KEYDOWN:
            k = event.key
            view = self.view
            if view is not None and self._can_move() and k != pygame.K_ESCAPE:
                res = view.key(k)
                if res is not None:
                    self._handle_result(res)
                    return
            if self.board_keys.handle_event(event):
                return
            keys = {
                pygame.K_ESCAPE: self.back,
                pygame.K_BACKSPACE: self.back,
                pygame.K_n: self.next_puzzle,
                pygame.K_h: self.hint,
                pygame.K_r: self.retry,
                pygame.K_g: self.cycle_game,
                pygame.K_t: self.cycle_theme,
                pygame.K_y: self.find_yours,
            }
            if k in keys:
                keys[k]()
                return
        if self.pointer_event(event):
            return
        self.ui.handle_event(event)

    def board_click(self, pos, button: int = 1) -> None:
        if self.host is None or self.host.skip():
            return
        a = self.attempt
        if a is None or self.queue:
            return
        if a.over:
            self.app.message("This try is over: N for the next puzzle, R to retry.", "info", 1.5)
            return
        self.click_view(self.view, pos, button, self._handle_result)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.update_replies(dt)
        a = self.attempt
        self.b_hint.enabled = a is not None and not a.over
        self.b_retry.enabled = a is not None and (a.over or a.done > 0)
        self.b_game.label = f"Game: {self.game.name or self.game_id}"
        name = self.theme or "any"
        label = f"Theme: {name}"
        if font(theme.FONT_SMALL).size(label)[0] > self.b_theme.rect.width - 28:
            label = name[:1].upper() + name[1:]  # a narrow button: the theme alone
        self.b_theme.label = label

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        self.draw_board_and_flash(surface)
        self.draw_text_panel(surface)
        keys = "Click, or / to type a move  |  Y your puzzles"
        draw_text(
            surface,
            fit_text(keys, theme.FONT_TINY, self.text_rect.width),
            theme.FONT_TINY,
            theme.TEXT_DIM,
            (self.text_rect.x, self.b_game.rect.y - theme.GAP),
            "bottomleft",
        )
        self.ui.draw(surface)
        self.board_keys.draw(surface, self.board_rect)

    def draw_text_panel(self, surface) -> None:
        r = self.text_rect
        x, w, bottom = r.x, r.width, r.bottom
        y = r.y
        name = self.game.name or self.game_id
        draw_text(
            surface,
            fit_text(f"Puzzles: {name}", theme.FONT_MEDIUM, w),
            theme.FONT_MEDIUM,
            theme.ACCENT_2,
            (x, y),
        )
        y += line_height(theme.FONT_MEDIUM) + 2
        rec = self.record
        line = (
            f"Your rating {rec.player.rating:.0f} (\u00b1{rec.player.rd:.0f}).  "
            f"Streak {rec.streak} (best {rec.best_streak})"
        )
        if self.change is not None:
            line += f"   {self.change:+.0f}"
        y = self.paras.draw(surface, line, theme.FONT_SMALL, theme.TEXT, x, y, w, bottom) + 4
        # the history: the last tries, green solved, red failed
        last = rec.history[-16:]
        for i, h in enumerate(last):
            col = theme.GOOD if h.get("solved") else theme.BAD
            pygame.draw.circle(surface, col, (x + 6 + i * 14, y + 6), 5)
        solved = sum(1 for h in rec.history if h.get("solved"))
        draw_text(
            surface,
            f"{solved} of {len(rec.history)} solved",
            theme.FONT_TINY,
            theme.TEXT_DIM,
            (x + 6 + len(last) * 14 + 4, y + 6),
            "midleft",
        )
        y += 18
        if self.problem or self.attempt is None:
            self.paras.draw(surface, self.problem, theme.FONT_SMALL, theme.BAD, x, y + 8, w, bottom)
            return
        a = self.attempt
        p = a.puzzle
        shown = rec.rating_of(p).rating
        info = f"Puzzle rating {shown:.0f} | theme: {p.theme} | {len(self.puzzles)} puzzles"
        y = self.paras.draw(surface, info, theme.FONT_TINY, theme.TEXT_DIM, x, y + 4, w, bottom)
        y = self.paras.draw(surface, a.prompt, theme.FONT_MEDIUM, theme.WARN, x, y + 6, w, bottom)
        y += 6
        pygame.draw.line(surface, theme.PANEL_EDGE, (x, y), (x + w, y), 1)
        y += 10
        colour = {"good": theme.GOOD, "bad": theme.BAD}.get(self.status_kind, theme.ACCENT_2)
        text = self.status
        if not text:
            text = "Your move: click the board, or type it after /."
            colour = theme.TEXT
        if a.failed:
            y = self.paras.draw(
                surface, "Not this one:", theme.FONT_SMALL, theme.BAD, x, y, w, bottom
            )
        y = self.paras.draw(surface, text, theme.FONT_SMALL, colour, x, y, w, bottom)
        if a.over:
            tail = "N for the next puzzle." + ("  R to try it again." if a.failed else "")
            self.paras.draw(surface, tail, theme.FONT_SMALL, theme.TEXT_DIM, x, y + 6, w, bottom)
