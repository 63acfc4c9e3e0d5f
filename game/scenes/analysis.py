"""The analysis board: play any moves for both sides from a position, as a move tree.

A move made on the board from the position shown goes into the tree
(``game.session.tree.MoveTree``): it continues the line when the position has no move yet,
else it starts a variation (a move already there is just followed).  The tree is listed
beside the board, the main line with its variations indented under the move they stand in
for; a click on a move shows its position.  The computer analyses the position shown at
once and keeps at it (the win chance as a bar, its top moves, and its principal line);
a click on one of its moves plays it into the tree.

Keys: the board's as in a game (``game.ui.board_keys``: the arrows and Q E Z C move the
board cursor, Enter/Space click its cell, / types a move, ? the legend); , and . step back
and along the line, PageUp/PageDown go through the list, Home/End to the start and the
end of the line, Delete deletes the branch from the move shown, P
promotes it (its variation becomes the main one there), Ctrl+S saves, Esc goes back.
The analysis is saved as a record whose moves are the main line, with a ``variations``
entry holding the tree (older versions read the game and keep the entry unread).
"""

from __future__ import annotations

import pygame

from ai import winchance
from game import theme
from game.board_host import BoardHost
from game.scenes.base import Scene, draw_background
from game.session import records, storage
from game.session.match import by_force
from game.session.seats import Seat
from game.session.tree import MoveTree
from game.ui import flow
from game.ui.board_keys import BoardKeys
from game.ui.play_panel import draw_eval_bar, draw_verdict, verdict_rows
from game.ui.widgets import (
    Button,
    draw_text,
    fit_text,
    line_height,
    titled_panel,
    wrap_text,
)

SEARCH_SECONDS = 8.0  # how long the computer keeps analysing one position
KEPT_SEARCHES = 400  # finished searches kept, by position, for going back to them
TOP_SHOWN = 3
HELP = [  # the scene's own keys, for the ? legend
    ", and . : back and along the line; PageUp / PageDown: through the list",
    "Home, End: the start and the end of the line",
    "Delete: delete the branch; P: promote it; Ctrl+S: save; Esc: back",
]


class AnalysisScene(Scene):
    """``start`` (a state) and ``moves`` from it as the main line; ``variations`` a tree's
    text (from a record) whose main line they are; ``at`` the ply to show first."""

    def __init__(
        self,
        app,
        game,
        start=None,
        moves=(),
        variations: str | None = None,
        at: int | None = None,
        seats=None,
        match=None,
    ):
        super().__init__(app)
        self.game = game
        self.match = match  # the game it was opened from (its file keeps the tree)
        start = start if start is not None else game.start()
        self.seats = [str(s) for s in (seats or ("human", "human"))]
        self.tree = MoveTree(start, [str(m) for m in moves])
        if variations:
            try:
                tree = MoveTree.from_text(start, variations)
            except ValueError as exc:
                app.message(f"The variations could not be read ({exc})", "warn", 4.0)
            else:
                if tree.main_moves() == self.tree.main_moves():
                    self.tree = tree
        line = self.tree.main_line()
        k = len(line) if at is None else max(0, min(len(line), int(at)))
        self.node = line[k - 1] if k > 0 else self.tree.root
        self.host = BoardHost(app, game, self.node.state)
        self.view = self.host.view
        self.board_keys = BoardKeys(
            lambda: self.host,
            lambda: self.node.state,
            self.play_move,
            self.handle_event,
            self.why_not,
            lambda text: app.message(text, "info", 1.5),
            HELP,
            ui=self.ui,
        )
        self.saved_path: str | None = None  # the file written last
        self.own_path: str | None = None  # the analysis' own file (never the game's)
        self.scroll = 0  # first row of the tree list shown
        self.rows: list = []
        self.row_rects: list = []
        self.top_rects: list = []
        self.verdict_y = 0
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self.panel_rect = pygame.Rect(0, 0, 10, 10)
        self.list_rect = pygame.Rect(0, 0, 10, 10)
        # the computer's live look at the position shown
        self.req_id = None
        self._ids = 0
        self.progress: dict | None = None
        self.searched = None  # the node whose search finished
        self.waiting = True  # a search to start as soon as the worker is there
        # every finished search by its position's text: stepping back to a position
        # analysed before shows its result at once instead of blanking the bar and
        # searching the same position again for SEARCH_SECONDS
        self.finished: dict[str, dict] = {}
        small = theme.FONT_SMALL
        add = self.ui.add
        self.b_prev = add(Button("<", self.prev, size=small, hotkey=","))
        self.b_next = add(Button(">", self.next, size=small, hotkey="."))
        self.b_promote = add(Button("Promote", self.promote, size=small, hotkey="P"))
        self.b_delete = add(
            Button(
                "Delete", self.delete, size=small, hotkey="Del", accent=theme.WARN, destructive=True
            )
        )
        self.b_save = add(Button("Save", self.save, size=small, accent=theme.GOOD))
        self.b_play = add(Button("Play here", self.play_here, size=small))
        self.b_edit = add(Button("Edit", self.edit_here, size=small, accent=theme.ACCENT_2))
        self.b_back = add(Button("Back", self.back, size=small, accent=theme.WARN))
        self.action_buttons: list[Button] = []  # moves not made on the board (a pass)
        self._actions_for = None
        self.refresh()
        self.go(self.node, animate=False)

    # --- the tree ------------------------------------------------------------------------
    def refresh(self) -> None:
        self.rows = self.tree.rows()

    def go(self, node, animate: bool = True) -> None:
        if node is None:
            return
        before = self.node
        self.node = node
        self.view.cancel_selection()
        self.view.interactive = not node.state.is_over()
        self.view.hint = None
        self.host.show(node.state, node.move_obj, animate=animate and node.parent is before)
        self.keep_visible()
        self.ask()

    def play_move(self, move) -> bool:
        """Play ``move`` (an object or notation) from the position shown, into the tree."""
        try:
            child = self.tree.add(self.node, move)
        except ValueError as exc:  # IllegalMove is a ValueError
            self.app.message(str(exc) or "That is not a legal move", "bad", 2.5)
            self.app.play_sound("error")
            return False
        self.refresh()
        self.go(child)
        return True

    def prev(self) -> None:
        if self.node.parent is not None:
            self.go(self.node.parent, animate=False)
            self.app.play_sound("click")

    def next(self) -> None:
        if self.node.children:
            self.go(self.node.children[0])

    def row_step(self, d: int) -> None:
        nodes = [n for _, n in self.rows]
        if not nodes:
            return
        if self.node not in nodes:
            self.go(nodes[0] if d > 0 else self.tree.root, animate=False)
            return
        k = nodes.index(self.node) + d
        if k < 0:
            self.go(self.tree.root, animate=False)
        elif k < len(nodes):
            self.go(nodes[k], animate=False)

    def to_start(self) -> None:
        self.go(self.tree.root, animate=False)

    def to_end(self) -> None:
        node = self.node
        while node.children:
            node = node.children[0]
        self.go(node, animate=False)

    def delete(self) -> None:
        if self.node.parent is None:
            self.app.message("Pick a move to delete: the start position stays", "warn")
            return
        parent = self.tree.delete(self.node)
        self.refresh()
        self.go(parent, animate=False)
        self.app.message("Branch deleted")

    def promote(self) -> None:
        if self.tree.promote(self.node):
            self.refresh()
            self.keep_visible()
            self.app.message(
                "Variation promoted" + (": now the main line" if self.node.is_main else "")
            )
            self.app.play_sound("click")
        else:
            self.app.message("This move is on the main line already")

    # --- saving and leaving ------------------------------------------------------------------
    def record_text(self) -> str:
        start = self.tree.start
        return records.dumps(
            self.game,
            dict(getattr(start, "options", None) or {}),
            self.seats,
            start,
            self.tree.main_moves(),
            variations=self.tree,
        )

    def save(self) -> None:
        """Save the analysis: with the game's file when it was opened from a saved game
        whose moves are still the main line (its other lines kept), else as a game of its
        own, the main line as its moves, the tree with it (the first save makes a new file
        among the saved games, later ones rewrite it)."""
        if self.keep_with_game():
            return
        try:
            text = self.record_text()
            if self.own_path:
                storage.atomic_write(self.own_path, text)
                path = self.own_path
            else:
                folder = storage.ensure(storage.saves_dir())
                path = records.save_file(text, self.game.id, str(folder))
        except (OSError, ValueError, storage.WriteError) as exc:
            self.app.message(f"Could not save the analysis: {exc}", "bad", 5.0)
            return
        self.saved_path = self.own_path = str(path)
        self.app.message(f"Analysis saved to {path}", "good", 4.0)

    def keep_with_game(self) -> bool:
        m = self.match
        if m is None:
            return False
        fits = [str(x) for x in m.moves] == self.tree.main_moves() and str(m.states[0]) == str(
            self.tree.start
        )
        if not fits:
            return False
        m.variations = self.tree.to_text() if self.tree.has_variations else None
        path = getattr(m, "saved_path", None)
        if not path:
            return False
        try:
            done = records.save_variations(path, self.tree)
        except (OSError, ValueError) as exc:
            self.app.message(f"Kept as a new game: {exc}", "warn", 4.0)
            return False
        self.saved_path = done
        self.app.message(f"Analysis saved with the game in {done}", "good", 4.0)
        return True

    def play_here(self) -> None:
        state = self.node.state
        if state.is_over():
            self.app.message("The game is over here", "warn")
            return
        self.cancel_search()
        match = self.app.new_match(
            self.game,
            dict(getattr(self.tree.start, "options", None) or {}),
            [Seat("human"), Seat("human")],
            start_state=self.tree.start,
            moves=self.node.moves(),
        )
        flow.reset(self.app, "play", self.game, match=match)

    def edit_here(self) -> None:
        self.cancel_search()
        flow.push(self.app, "editor", self.game, str(self.node.state))

    def back(self) -> None:
        self.cancel_search()
        if self.app.scene is self:
            if len(self.app.scenes) > 1:
                self.app.pop()
            else:
                flow.reset(self.app, "title")

    def exit(self) -> None:
        self.cancel_search()

    def pause(self) -> None:
        self.cancel_search()

    def resume(self) -> None:
        super().resume()
        self.ask()

    # --- the computer ------------------------------------------------------------------------
    def ask(self) -> None:
        """Analyse the position shown (the last search is dropped); a position whose
        search finished before shows that search's result."""
        self.cancel_search()
        done = self.finished.get(str(self.node.state))
        if done is not None:
            self.progress = done
            self.searched = self.node
            self.waiting = False
            return
        self.progress = None
        self.searched = None
        self.waiting = True
        self.start_search()

    def start_search(self) -> None:
        if self.node.state.is_over():
            self.waiting = False
            return
        ai = self.app.live_ai()
        if ai is None:
            return  # the worker starts after the first frame: update() asks again
        self.waiting = False
        self._ids += 1
        self.req_id = (id(self), self._ids)
        # (the whole time even over one forced move: here the value is the point)
        spec = {"level": "hard", "seed": 0, "time_limit": SEARCH_SECONDS, "one_move_tries": None}
        spec.update(getattr(self.app, "ai_overrides", {}) or {})
        try:
            ai.request(self.node.state, spec, self.req_id)
        except Exception as exc:  # a worker that cannot start: a message, no analysis
            self.req_id = None
            self.app.message(f"The computer could not start: {exc}", "bad", 4.0)

    def cancel_search(self) -> None:
        if self.req_id is not None:
            ai = self.app.live_ai()
            if ai is not None and getattr(ai, "current_id", None) == self.req_id:
                ai.cancel()
        self.req_id = None

    def poll(self) -> None:
        ai = self.app.live_ai()
        if ai is None or self.req_id is None:
            return
        for msg in ai.poll():
            if msg.get("id") != self.req_id:
                continue
            kind = msg.get("type")
            if kind in ("progress", "result"):
                self.progress = msg
                if kind == "result":
                    self.req_id = None
                    self.searched = self.node
                    if len(self.finished) >= KEPT_SEARCHES:
                        self.finished.pop(next(iter(self.finished)))
                    self.finished[str(self.node.state)] = msg
            elif kind == "error":
                self.req_id = None
                self.app.message(str(msg.get("message") or "The computer failed"), "bad", 4.0)

    @property
    def thinking(self) -> bool:
        return self.req_id is not None

    def chance0(self) -> float | None:
        """Seat 0's chance of winning in the position shown, in [0, 1]: the rules' result
        when it is over, else the computer's calibrated estimate (``ai.winchance``, as the
        game's bar), None before it has one."""
        state = self.node.state
        if state.is_over():
            return (1.0 + state.result()) / 2.0
        return winchance.of_message(state, self.progress or {})

    def estimate(self) -> dict | None:
        """The search's view of the position shown, as the play panel's bar reads it
        (``Match.estimate``): its chance, the tries it rests on and a proof; None
        before it has one or when the game is over there."""
        msg = self.progress
        chance = self.chance0()
        if not msg or chance is None or self.node.state.is_over():
            return None
        proven, moves = by_force(self.node.state, msg)
        return {
            "chance": chance,
            "iterations": int(msg.get("iterations") or 0),
            "proven": proven,
            "moves": moves,
        }

    def move_chance(self, value, move=None) -> float:
        """The mover's chance after one of the top moves, calibrated as the bar is, so the
        list and the bar agree."""
        return winchance.top_move_chance(self.node.state, self.progress, value, move=move)

    def top_moves(self) -> list[tuple[str, int, float]]:
        msg = self.progress
        return list((msg or {}).get("stats") or [])[:TOP_SHOWN]

    def line(self) -> list[str]:
        return list((self.progress or {}).get("pv") or [])

    # --- layout ----------------------------------------------------------------------------
    def layout(self, size) -> None:
        pad, gap = theme.PAD, theme.GAP
        self.split_panel(size, 330, 480)
        self.host.layout(self.board_rect)
        inner = self.panel_rect.inflate(-2 * pad, -2 * pad)
        bh = max(34, line_height(theme.FONT_SMALL) + 10)

        def row(buttons, y, weights=None):
            weights = weights or [1] * len(buttons)
            free = inner.width - gap * (len(buttons) - 1)
            x = inner.x
            for b, wt in zip(buttons, weights, strict=True):
                bw = free * wt // sum(weights)
                b.rect = pygame.Rect(x, y, bw, bh)
                x += bw + gap

        y = inner.bottom - bh
        row([self.b_play, self.b_edit, self.b_back], y, [3, 2, 2])
        y -= bh + gap
        row([self.b_promote, self.b_delete], y)
        y -= bh + gap
        row([self.b_prev, self.b_next, self.b_save], y, [1, 1, 2])
        for b in reversed(self.action_buttons):  # one row each, over the others
            y -= bh + gap
            b.rect = pygame.Rect(inner.x, y, inner.width, bh)
        self.list_bottom = y - gap
        tiny = line_height(theme.FONT_TINY)
        y = inner.y + line_height(theme.FONT_MEDIUM) + 4
        self.where_y = y
        y += 2 * line_height(theme.FONT_SMALL) + 4  # where we are: up to two lines
        self.bar_rect = pygame.Rect(inner.x, y, inner.width, 22)
        y += 22 + 4
        # who is ahead and the tries it rests on, as under the play panel's bar
        self.verdict_y = y
        y += verdict_rows(self.names(), inner.width) * (tiny + 2) + 2
        self.top_y = y
        self.top_rects = [
            pygame.Rect(inner.x, y + k * (tiny + 2), inner.width, tiny) for k in range(TOP_SHOWN)
        ]
        y += TOP_SHOWN * (tiny + 2)
        self.line_y = y
        y += tiny + gap
        self.list_rect = pygame.Rect(inner.x, y, inner.width, max(0, self.list_bottom - y))
        self.keep_visible()

    def row_height(self) -> int:
        return line_height(theme.FONT_TINY) + 4

    def visible_rows(self) -> int:
        return max(1, self.list_rect.height // self.row_height())

    def keep_visible(self) -> None:
        nodes = [n for _, n in self.rows]
        if self.node not in nodes:
            self.scroll = 0
            return
        k = nodes.index(self.node)
        shown = self.visible_rows()
        if k < self.scroll:
            self.scroll = k
        elif k >= self.scroll + shown:
            self.scroll = k - shown + 1
        self.scroll = max(0, min(self.scroll, len(nodes) - shown))

    # --- events ----------------------------------------------------------------------------
    @property
    def text_input_active(self) -> bool:
        """The move box is open: every key is text (the app keeps M for it)."""
        return self.board_keys.typing

    def why_not(self) -> str | None:
        """None when the board takes a move now, else why not."""
        if self.node.state.is_over():
            return "The game is over in this position"
        return None

    def handle_event(self, event) -> None:
        if self.board_keys.typing and self.board_keys.handle_event(event):
            return
        if event.type == pygame.KEYDOWN:
            ctrl = bool(getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META))
            if not ctrl and event.key != pygame.K_ESCAPE and self.view.interactive:
                res = self.view.key(event.key)  # the view's own keys first (a tile turned)
                if res is not None:
                    self.handle_result(res)
                    return
            if self.board_keys.handle_event(event):
                return
            keys = {
                pygame.K_COMMA: self.prev,
                pygame.K_PERIOD: self.next,
                pygame.K_PAGEUP: lambda: self.row_step(-1),
                pygame.K_PAGEDOWN: lambda: self.row_step(1),
                pygame.K_HOME: self.to_start,
                pygame.K_END: self.to_end,
                pygame.K_DELETE: self.delete,
                pygame.K_p: self.promote,
                pygame.K_ESCAPE: self.back,
            }
            if ctrl:
                keys = {pygame.K_s: self.save}
            if event.key in keys:
                keys[event.key]()
                return
        if event.type == pygame.TEXTINPUT:
            return
        if event.type == pygame.MOUSEMOTION:
            self.host.mouse_moved(event.pos)
        if event.type == pygame.MOUSEWHEEL and self.list_rect.collidepoint(pygame.mouse.get_pos()):
            most = max(0, len(self.rows) - self.visible_rows())
            self.scroll = max(0, min(most, self.scroll - int(event.y)))
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            button = getattr(event, "button", 1)
            if self.host.contains(event.pos):
                if self.host.skip():
                    return
                if button == 3:
                    res = self.view.alt_click(event.pos) if self.view.interactive else None
                    if res is None:
                        self.view.cancel_selection()
                    else:
                        self.handle_result(res)
                elif button == 1 and self.view.interactive:
                    self.handle_result(self.view.click(event.pos, 1))
                return
            if button == 1:
                for node, rect in self.row_rects:
                    if rect.collidepoint(event.pos):
                        self.go(node, animate=False)
                        return
                for (move, _v, _w), rect in zip(self.top_moves(), self.top_rects, strict=False):
                    if rect.collidepoint(event.pos):
                        self.play_move(move)
                        return
        if event.type == pygame.MOUSEBUTTONUP and self.host.contains(event.pos):
            if (
                getattr(event, "button", 1) == 1
                and self.view.interactive
                and not self.view.animating
            ):
                self.handle_result(self.view.release(event.pos, 1))
            return
        self.ui.handle_event(event)

    def handle_result(self, res) -> None:
        self.board_result(res, self.play_move)

    def refresh_actions(self) -> None:
        """The view's moves that are not made on the board (a forced pass, a colour to
        choose) as buttons, for the position shown."""
        if self._actions_for is self.node:
            return
        self._actions_for = self.node
        actions = [] if self.node.state.is_over() else list(self.view.actions())
        self.set_action_buttons(actions[:3], lambda a: self.play_move(a.move))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.host.update(dt)
        self.refresh_actions()
        if self.waiting:
            self.start_search()
        self.poll()
        self.b_prev.enabled = self.node.parent is not None
        self.b_next.enabled = bool(self.node.children)
        self.b_promote.enabled = not self.node.is_main
        self.b_delete.enabled = self.node.parent is not None
        self.b_play.enabled = not self.node.state.is_over()

    # --- drawing ---------------------------------------------------------------------------
    def names(self) -> list[str]:
        state = self.node.state
        return [state.seat_name(p) for p in (0, 1)]

    def where_text(self) -> str:
        state = self.node.state
        if self.node.parent is None:
            head = "Start position"
        else:
            words = self.node.parent.state.move_words(self.node.move)
            head = f"Move {self.node.ply}: {words}"
        if state.is_over():
            return head + " - " + (state.end_reason() or "the game is over")
        return head + f" - {state.seat_name(state.player)} to move"

    def draw(self, surface) -> None:
        draw_background(surface, self.app.time, glow=False)
        self.host.draw(surface)
        inner = titled_panel(surface, self.panel_rect, f"Analysis - {self.game.name}")
        size = theme.FONT_SMALL
        lines = wrap_text(self.where_text(), size, inner.width)
        if len(lines) > 2:  # a long ending: the smaller type, still whole
            size = theme.FONT_TINY
            lines = wrap_text(self.where_text(), size, inner.width)
        y = self.where_y
        for line in lines[:3]:
            draw_text(surface, line, size, theme.TEXT, (inner.x, y))
            y += line_height(size)
        state = self.node.state
        pals = (theme.seat_colour(state, 0), theme.seat_colour(state, 1))
        draw_eval_bar(surface, self.bar_rect, self.chance0(), pals)
        est = self.estimate()
        if est is not None:
            draw_verdict(surface, est, self.names(), inner.x, self.verdict_y, inner.width)
        self.draw_engine(surface, inner)
        self.draw_tree(surface)
        self.ui.draw(surface)
        self.board_keys.draw(surface, self.board_rect)

    def draw_engine(self, surface, inner) -> None:
        tiny = theme.FONT_TINY
        state = self.node.state
        top = self.top_moves()
        if state.is_over():
            texts = [("The game is over here", theme.TEXT_DIM)]
        elif not top:
            texts = [("The computer is looking at this position...", theme.TEXT_DIM)]
        else:
            texts = []
            who = state.seat_name(state.player)
            for k, (move, visits, value) in enumerate(top):
                chance = winchance.percent(self.move_chance(value, move))
                texts.append(
                    (
                        f"{k + 1}. {state.move_words(move)}   {who} {chance}%   ({visits} visits)",
                        theme.ACCENT_2 if k == 0 else theme.TEXT,
                    )
                )
        for (text, col), rect in zip(texts, self.top_rects, strict=False):
            draw_text(surface, fit_text(text, tiny, rect.width), tiny, col, rect.topleft)
        line = self.line()
        if line and not state.is_over():
            text = "Line: " + " ".join(line)
            col = theme.TEXT_DIM
        else:
            text = "Thinking..." if self.thinking else ""
            col = theme.TEXT_DIM
        if text:
            draw_text(surface, fit_text(text, tiny, inner.width), tiny, col, (inner.x, self.line_y))

    def draw_tree(self, surface) -> None:
        r = self.list_rect
        pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.BG, 0.45), r, border_radius=8)
        tiny = theme.FONT_TINY
        rh = self.row_height()
        self.row_rects = []
        if not self.rows:
            draw_text(
                surface,
                fit_text(
                    "The game is over: no move to play"
                    if self.tree.start.is_over()
                    else "Play a move on the board to start a line",
                    tiny,
                    r.width - 12,
                ),
                tiny,
                theme.TEXT_DIM,
                (r.x + 6, r.y + 4),
            )
            return
        shown = self.rows[self.scroll : self.scroll + self.visible_rows()]
        for k, (depth, node) in enumerate(shown):
            y = r.y + 2 + k * rh
            indent = 8 + 16 * min(depth, 8)
            rect = pygame.Rect(r.x + 2, y, r.width - 4, rh)
            self.row_rects.append((node, rect))
            if node is self.node:
                pygame.draw.rect(
                    surface, theme.mix(theme.PANEL, theme.ACCENT, 0.35), rect, border_radius=6
                )
            before = node.parent.state
            pal = theme.seat_colour(before, before.player)
            cx = r.x + indent + 5
            pygame.draw.circle(surface, pal["fill"], (cx, y + rh // 2), 5)
            pygame.draw.circle(surface, pal["edge"], (cx, y + rh // 2), 5, 1)
            first = depth > 0 and node.parent.children.index(node) > 0
            label = f"{node.ply}. "
            text = ("( " if first else "") + label + before.move_words(node.move)
            col = theme.TEXT if depth == 0 else theme.TEXT_DIM
            draw_text(surface, fit_text(text, tiny, r.right - cx - 14), tiny, col, (cx + 10, y + 1))
        if len(self.rows) > self.visible_rows():
            more = f"{self.scroll + 1}-{self.scroll + len(shown)} of {len(self.rows)}"
            draw_text(
                surface, more, tiny, theme.TEXT_DIM, (r.right - 6, r.bottom - 2), "bottomright"
            )
