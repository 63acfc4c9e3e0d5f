"""The position editor: set up any position of a game, see at once whether the rules
accept it and why not, then play it, analyse it, copy it as text or save it.

The editor holds the position as its *text* (``str(state)``, docs/games/<id>.md) and edits
it through the rules' editing hooks (``Game.edit_cell``, ``edit_field``, ...: see
game/rules/core.py), so a position the rules refuse can still be edited on towards one they
accept.  Whether it is legal, and the reason when it is not, is ``parse``'s alone: the
editor shows the message of the ValueError it raises, word for word.  The board draws
``Game.sketch`` of the text (the position without the rules' checks where the game can
build one), else the last position it could draw.

Mouse: a left click puts the chosen piece on a cell (the same piece again takes it off), a
right click empties it.  Keys: the arrows move a cursor over the board, Space puts the
piece there, Delete or Backspace empties it; [ and ] (or the wheel over the palette) choose
the piece, R turns it (a Glades tile), Ctrl+Z undoes an edit, Ctrl+C copies the text,
Ctrl+V pastes a position, Esc goes back.  The help under the palette says so, and how the
game's finished positions are set up (``Game.edit_end_help``); in a window too small for it,
H (or a click on its line) shows it in the palette's place.

A finished position the rules accept says who won and why (``winner``, ``end_reason``);
Play and Hotseat are off there, Analyse, Copy and Save are not.
"""

from __future__ import annotations

import pygame

from game import rules, theme
from game.board_host import BoardHost
from game.scenes.base import Scene, draw_background
from game.session import records, storage
from game.session.seats import DEFAULT_LEVEL, Seat
from game.ui import flow
from game.ui.widgets import (
    Button,
    Cycler,
    Widget,
    draw_text,
    fit_text,
    line_height,
    text_size,
    titled_panel,
    wrap_text,
)

ERASE = None  # the palette's eraser: a click empties the cell
HISTORY = 200  # edits Ctrl+Z takes back
SMALLEST_SWATCH = 30  # the palette shrinks this far to leave the help its room
HELP_KEY = ("H or a click here: how to edit", "H or a click here: the pieces again")


class Palette(Widget):
    """The pieces a cell can take as swatches, a row per colour, the eraser last; a click
    (or the wheel over it) picks one."""

    def __init__(self, pieces, on_pick):
        super().__init__()
        self.pieces = [*pieces, ERASE]
        self.on_pick = on_pick
        self.index = 0
        self.cell = 32
        self.places: list[tuple[int, int]] = []  # (row, column) of each swatch

    def _places(self, cols: int) -> list[tuple[int, int]]:
        """A row per colour (the eraser after the last), or one row when all fit on it."""
        out = []
        row = col = 0
        last = None
        by_colour = len(self.pieces) > cols
        for k, piece in enumerate(self.pieces):
            colour = piece.colour if piece is not ERASE else last
            if k and (col >= cols or (by_colour and colour != last)):
                row, col = row + 1, 0
            out.append((row, col))
            col += 1
            last = colour
        return out

    def layout(self, rect, smallest: int = 18) -> None:
        """Fit the swatches into ``rect``: as large as fit, at most an eighth of its width
        (and 46 pixels in a small window), at least ``smallest``."""
        self.rect = pygame.Rect(rect)
        size = max(46, min(72, self.rect.width // 8))
        while True:
            cols = max(1, (self.rect.width + 4) // (size + 4))
            places = self._places(cols)
            rows = places[-1][0] + 1 if places else 1
            if rows * (size + 4) <= self.rect.height or size <= smallest:
                break
            size -= 2
        self.cell = size
        self.places = places
        self.rect.height = rows * (size + 4)

    def swatch(self, k: int) -> pygame.Rect:
        row, col = self.places[k] if k < len(self.places) else (0, 0)
        step = self.cell + 4
        return pygame.Rect(self.rect.x + col * step, self.rect.y + row * step, self.cell, self.cell)

    def at(self, pos) -> int | None:
        for k in range(len(self.pieces)):
            if self.swatch(k).collidepoint(pos):
                return k
        return None

    @property
    def piece(self):
        return self.pieces[self.index]

    def step(self, d: int) -> None:
        self.index = (self.index + d) % len(self.pieces)
        self.on_pick(self.piece)

    def handle_event(self, event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(pygame.mouse.get_pos()):
                self.step(-1 if event.y > 0 else 1)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            k = self.at(event.pos)
            if k is not None:
                self.index = k
                self.on_pick(self.piece)
                return True
        return False

    def draw(self, surface) -> None:
        for k, piece in enumerate(self.pieces):
            r = self.swatch(k)
            pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.BG, 0.4), r, border_radius=6)
            if k == self.index:
                pygame.draw.rect(surface, theme.ACCENT, r, 3, border_radius=6)
            c = r.center
            rad = max(4, self.cell // 2 - 6)
            if piece is ERASE:
                d = rad // 1.4
                pygame.draw.line(surface, theme.BAD, (c[0] - d, c[1] - d), (c[0] + d, c[1] + d), 3)
                pygame.draw.line(surface, theme.BAD, (c[0] - d, c[1] + d), (c[0] + d, c[1] - d), 3)
                continue
            pal = theme.colour(piece.colour)
            if len(piece.short) > 2:  # a tile: a rounded bar with its values
                bar = r.inflate(-6, -2 * max(3, self.cell // 4))
                pygame.draw.rect(surface, pal["fill"], bar, border_radius=4)
                pygame.draw.rect(surface, pal["edge"], bar, 2, border_radius=4)
            else:
                pygame.draw.circle(surface, pal["fill"], c, rad)
                pygame.draw.circle(surface, pal["edge"], c, rad, 2)
            if piece.short:
                draw_text(surface, piece.short, theme.FONT_TINY, pal["ink"], c, "center")


class EditorScene(Scene):
    """Set up a position of ``game`` (its text ``text``; the start position by default)."""

    def __init__(self, app, game, text: str | None = None):
        super().__init__(app)
        self.game = game
        start = game.start()
        self.text = text if isinstance(text, str) else str(start)
        self.history: list[str] = []
        self.state = None  # the position when the rules accept it
        self.reason = ""  # why they do not
        self.shown = start  # what the board draws
        self.host = BoardHost(app, game, start)
        self.view = self.host.view
        self.cursor: str | None = None  # the keyboard's cell
        self.help_lines: list[str] = []  # the help as laid out under the palette
        self.help_fits = True  # else H shows it in the palette's place
        self.help_open = False
        self.help_top = self.fields_top = self.status_top = self.status_bottom = 0
        self.piece_line = 0
        self.status_need = 3  # the legality's lines the panel was laid out for
        self.saved_path: str | None = None  # where Save wrote the position
        self._centres: dict[str, tuple[int, int]] | None = None
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self.panel_rect = pygame.Rect(0, 0, 10, 10)
        self.piece = None
        small = theme.FONT_SMALL
        add = self.ui.add
        self.palette = add(Palette(game.edit_palette(self.text), self.pick))
        self.piece = self.palette.piece
        self.fields: list[tuple[object, Cycler]] = []
        self.make_fields()
        self.b_play = add(Button("Play", lambda: self.play(False), size=small, accent=theme.GOOD))
        self.b_hotseat = add(Button("Hotseat", lambda: self.play(True), size=small))
        self.b_analyse = add(Button("Analyse", self.analyse, size=small, accent=theme.ACCENT_2))
        self.b_copy = add(Button("Copy", self.copy, size=small, hotkey="Ctrl+C"))
        self.b_paste = add(Button("Paste", self.paste, size=small, hotkey="Ctrl+V"))
        self.b_save = add(Button("Save", self.save, size=small, accent=theme.ACCENT_2))
        self.b_start = add(Button("Start", self.reset_start, size=small))
        self.b_empty = add(Button("Empty", self.reset_empty, size=small))
        self.b_back = add(Button("Back", self.back, size=small, accent=theme.WARN))
        self.check()
        self.sync_fields()

    # --- the position ---------------------------------------------------------------------
    def check(self) -> None:
        """Read the text with the rules: legal (the state) or the rules' reason."""
        try:
            self.state = self.game.parse(self.text)
            self.reason = ""
        except ValueError as exc:  # IllegalMove is a ValueError too
            self.state = None
            self.reason = str(exc) or "the rules do not accept this position"
        drawn = self.state
        if drawn is None:
            try:
                drawn = self.game.sketch(self.text)
            except Exception:  # a text it cannot draw: the board keeps what it showed
                drawn = None
        if drawn is not None:
            if getattr(drawn, "options", None) != getattr(self.shown, "options", None):
                self._centres = None  # another board (a size, a variant): find its cells again
            self.shown = drawn
            self.host.show(drawn, None, animate=False)

    @property
    def legal(self) -> bool:
        return self.state is not None

    def set_text(self, text: str, sound: str = "place") -> None:
        if text == self.text:
            return
        self.history.append(self.text)
        del self.history[:-HISTORY]
        self.text = text
        self.check()
        if self.state is not None:
            self.text = str(self.state)  # the rules' own layout of it
        self.sync_fields()
        self.app.play_sound(sound)

    def fit_status(self) -> None:
        """Lay the panel out again when the legality needs more lines than it has (or
        fewer than before, giving the room back)."""
        inner_w = self.panel_rect.width - 2 * theme.PAD
        if inner_w > 0 and max(3, self.status_count(inner_w)) != max(3, self.status_need):
            self.layout_panel()

    def make_fields(self) -> None:
        """A cycler for each field the game offers for this text (they may differ from one
        text to another: Glorieta's Chicken has more)."""
        for _f, cyc in self.fields:
            self.ui.remove(cyc)
        self.fields = []
        for f in self.game.edit_fields(self.text):
            cyc = Cycler(
                f.label,
                list(f.choices),
                on_change=lambda value, key=f.key: self.set_field(key, value),
                fmt=f.shown,
                size=theme.FONT_TINY,
            )
            self.fields.append((f, self.ui.add(cyc)))

    def sync_fields(self) -> None:
        keys = [(f.key, f.choices) for f in self.game.edit_fields(self.text)]
        if keys != [(f.key, f.choices) for f, _ in self.fields]:
            self.make_fields()
            self.layout_panel()  # the board keeps its place (and its cells' centres)
        else:
            self.fit_status()
        for f, cyc in self.fields:
            value = self.game.edit_value(self.text, f.key)
            low = [str(c).lower() for c in cyc.values]
            if value is not None and value.lower() in low:
                cyc.index = low.index(value.lower())

    def edit(self, cell: str, piece) -> None:
        """Put ``piece`` (a palette piece, or ERASE) on ``cell``; a piece already there the
        same is taken off."""
        try:
            token = None if piece is ERASE else piece.token
            if token is not None and self.game.edit_token(self.text, cell) == token:
                token = None  # the same piece again: off
            text = self.game.edit_cell(self.text, cell, token)
        except ValueError as exc:
            self.app.message(str(exc), "warn")
            self.app.play_sound("error")
            return
        self.set_text(text, "place" if token is not None else "click")

    def set_field(self, key: str, value) -> None:
        try:
            self.set_text(self.game.edit_field(self.text, key, str(value)), "click")
        except ValueError as exc:
            self.app.message(str(exc), "warn")

    def pick(self, piece) -> None:
        self.piece = piece

    def turn(self) -> None:
        if self.piece is ERASE:
            return
        token = self.game.edit_turn(self.piece.token)
        if token != self.piece.token:
            self.piece = rules.EditPiece(
                token, self.piece.label, self.piece.colour, self.piece.short
            )
            self.app.play_sound("click")

    def undo(self) -> None:
        if not self.history:
            self.app.message("Nothing to undo")
            return
        self.text = self.history.pop()
        self.check()
        self.sync_fields()
        self.app.play_sound("click")

    def reset_start(self) -> None:
        self.set_text(str(self.game.start(**self._options())), "click")

    def reset_empty(self) -> None:
        try:
            self.set_text(self.game.empty(**self._options()), "click")
        except ValueError as exc:
            self.app.message(str(exc), "warn")

    def _options(self) -> dict:
        """The options of the position shown, the seed left to the game."""
        opts = dict(getattr(self.shown, "options", None) or {})
        if "seed" in opts:
            opts["seed"] = None
        try:
            return self.game.validate(opts)
        except ValueError:
            return {}

    # --- what to do with it -------------------------------------------------------------------
    def _need_legal(self, what: str) -> bool:
        if self.legal:
            return True
        self.app.message(f"Cannot {what}: {self.reason}", "warn", 4.0)
        self.app.play_sound("error")
        return False

    @property
    def over(self) -> bool:
        """The rules accept the position and the game is over in it."""
        return self.state is not None and self.state.is_over()

    def play(self, hotseat: bool) -> None:
        if not self._need_legal("play this position"):
            return
        state = self.state
        if state.is_over():
            self.app.message(NOTHING_TO_PLAY, "warn", 4.0)
            self.app.play_sound("error")
            return
        if hotseat:
            seats = [Seat("human"), Seat("human")]
        else:
            seats = [Seat("computer", DEFAULT_LEVEL), Seat("computer", DEFAULT_LEVEL)]
            seats[state.player] = Seat("human")
        match = self.app.new_match(self.game, state.options, seats, start_state=state)
        flow.reset(self.app, "play", self.game, match=match)

    def analyse(self) -> None:
        if self._need_legal("analyse this position"):
            flow.push(self.app, "analysis", self.game, self.state)

    def copy(self) -> None:
        self.app.clipboard_put(self.text)
        self.app.message("Position copied as text", "good")

    def paste(self) -> None:
        text = self.app.clipboard_get()
        if not text.strip():
            self.app.message("The clipboard holds no text", "warn")
            return
        try:
            game = rules.game_of(text)
        except ValueError as exc:
            self.app.message(f"Not a position: {exc}", "warn", 4.0)
            return
        if game.id != self.game.id:
            self.app.message(f"That is a position of {game.name}, not of {self.game.name}", "warn")
            return
        self.set_text(text.replace("\r\n", "\n"), "click")

    def save(self) -> None:
        """Save the position as a game that starts there (the Load screen opens it)."""
        if not self._need_legal("save this position"):
            return
        state = self.state
        try:
            text = records.dumps(self.game, state.options, ["human", "human"], state, [])
            folder = storage.ensure(storage.saves_dir())
            path = records.save_file(text, self.game.id, str(folder))
        except (OSError, ValueError) as exc:
            self.app.message(f"Could not save the position: {exc}", "bad", 5.0)
            return
        self.saved_path = path
        self.app.message(f"Position saved to {path}", "good", 4.0)

    def back(self) -> None:
        if self.app.scene is self:
            if len(self.app.scenes) > 1:
                self.app.pop()
            else:
                flow.reset(self.app, "title")

    # --- the keyboard's cursor -------------------------------------------------------------------
    def centres(self) -> dict[str, tuple[int, int]]:
        """Each cell's centre on the screen: the keyboard cursor's cells that the view reads
        back as themselves, else found by asking the view which cell lies under points
        spread over the board (so any view's geometry works)."""
        if self._centres is None:
            listed = {
                name: (round(x), round(y))
                for name, (x, y) in self.host.cursor_cells()
                if self.view.cell_name((round(x), round(y))) == name
            }
            if listed:
                self._centres = listed
                return listed
            r = self.board_rect
            step = max(3, min(r.width, r.height) // 110)
            sums: dict[str, list[int]] = {}
            for y in range(r.top, r.bottom, step):
                for x in range(r.left, r.right, step):
                    name = self.view.cell_name((x, y))
                    if name:
                        acc = sums.setdefault(name, [0, 0, 0])
                        acc[0] += x
                        acc[1] += y
                        acc[2] += 1
            found = {n: (a[0] // a[2], a[1] // a[2]) for n, a in sums.items()}
            if not found:  # the view lays itself out when first drawn: ask again then
                return {}
            self._centres = found
        return self._centres

    def move_cursor(self, dc: int, dr: int) -> None:
        cells = self.centres()
        if not cells:
            return
        if self.cursor not in cells:
            self.cursor = min(cells, key=lambda n: _distance(cells[n], self.board_rect.center))
            return
        c, r = _cell_xy(self.cursor)
        for k in range(1, 30):  # the next cell that way (hex rows start further along)
            for side in (0, -1, 1):
                name = _cell_name(
                    c + dc * k + (side if dr else 0), r + dr * k + (side if dc else 0)
                )
                if name in cells:
                    self.cursor = name
                    self.host.hover(cells[name])
                    return

    # --- layout -----------------------------------------------------------------------------
    def layout(self, size) -> None:
        self.split_panel(size, 320, 460)
        self.host.layout(self.board_rect)
        self._centres = None
        self.layout_panel()

    def layout_panel(self) -> None:
        """The panel, top down: the title and the piece, the palette, the help, the fields,
        the legality (all the room left), the buttons.  The palette's swatches shrink (to
        SMALLEST_SWATCH) to leave the help its room; where even then it cannot fit, a line
        says H shows it (in the palette's place)."""
        pad, gap = theme.PAD, theme.GAP
        inner = self.panel_rect.inflate(-2 * pad, -2 * pad)
        bh = max(34, line_height(theme.FONT_SMALL) + 10)
        lh = line_height(theme.FONT_TINY)

        def row(buttons, y):
            bw = (inner.width - gap * (len(buttons) - 1)) // len(buttons)
            for k, b in enumerate(buttons):
                b.rect = pygame.Rect(inner.x + k * (bw + gap), y, bw, bh)

        y = inner.bottom - bh
        row([self.b_start, self.b_empty, self.b_back], y)
        y -= bh + gap
        row([self.b_copy, self.b_paste, self.b_save], y)
        y -= bh + gap
        row([self.b_play, self.b_hotseat, self.b_analyse], y)
        self.status_bottom = y - gap
        fh = max(28, line_height(theme.FONT_TINY) + 8)
        fields_h = len(self.fields) * (fh + 4)
        top = inner.y + line_height(theme.FONT_MEDIUM) + 4 + lh + 8
        self.piece_line = top - lh - 4
        self.help_lines = wrap_text(help_text(self.game), theme.FONT_TINY, inner.width)
        help_h = len(self.help_lines) * lh
        # the palette's room once the fields, the legality (three lines at least, all its
        # lines when longer) and the help have theirs
        self.status_need = self.status_count(inner.width)
        room = self.status_bottom - top - fields_h - max(3, self.status_need) * lh - 4 - gap
        self.palette.layout(
            pygame.Rect(inner.x, top, inner.width, max(0, room - help_h - gap)), SMALLEST_SWATCH
        )
        self.help_fits = self.palette.rect.height + gap + help_h <= room
        if self.help_fits:  # (a larger window: the help under the palette again)
            self.help_open = False
            self.palette.visible = True
        else:  # the help on H, in the palette's place
            self.palette.layout(pygame.Rect(inner.x, top, inner.width, max(0, room - lh - gap)))
            self.help_lines = [HELP_KEY[self.help_open]]
            help_h = lh
        self.help_top = self.palette.rect.bottom + gap
        y = self.help_top + help_h + gap
        for _f, cyc in self.fields:
            cyc.rect = pygame.Rect(inner.x, y, inner.width, fh)
            y += fh + 4
        self.fields_top = self.help_top + help_h + gap
        self.status_top = y + gap // 2

    # --- events ----------------------------------------------------------------------------
    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            ctrl = bool(getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META))
            keys = {
                pygame.K_LEFT: lambda: self.move_cursor(-1, 0),
                pygame.K_RIGHT: lambda: self.move_cursor(1, 0),
                pygame.K_UP: lambda: self.move_cursor(0, 1),
                pygame.K_DOWN: lambda: self.move_cursor(0, -1),
                pygame.K_SPACE: lambda: self.cursor and self.edit(self.cursor, self.piece),
                pygame.K_DELETE: lambda: self.cursor and self.edit(self.cursor, ERASE),
                pygame.K_BACKSPACE: lambda: self.cursor and self.edit(self.cursor, ERASE),
                pygame.K_LEFTBRACKET: lambda: self.palette.step(-1),
                pygame.K_RIGHTBRACKET: lambda: self.palette.step(1),
                pygame.K_r: self.turn,
                pygame.K_h: self.toggle_help,
                pygame.K_ESCAPE: self.back,
            }
            if ctrl:
                keys = {pygame.K_z: self.undo, pygame.K_c: self.copy, pygame.K_v: self.paste}
            elif self.cursor is None:  # no cursor yet: Space and the rest go to the buttons
                for k in (pygame.K_SPACE, pygame.K_DELETE, pygame.K_BACKSPACE):
                    keys.pop(k)
            if event.key in keys:
                keys[event.key]()
                return
        if event.type == pygame.MOUSEMOTION:
            self.host.hover(event.pos)
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and getattr(event, "button", 1) == 1
            and not self.help_fits
            and self.help_rect().collidepoint(event.pos)
        ):
            self.toggle_help()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and self.host.contains(event.pos):
            cell = self.view.cell_name(event.pos)
            if cell is not None:
                button = getattr(event, "button", 1)
                if button == 1:
                    self.cursor = cell
                    self.edit(cell, self.piece)
                elif button == 3:
                    self.edit(cell, ERASE)
            return
        self.ui.handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.host.update(dt)
        for b in (self.b_analyse, self.b_save):
            b.enabled = self.legal
        for b in (self.b_play, self.b_hotseat):  # a finished game has nothing to play
            b.enabled = self.legal and not self.over

    # --- drawing ---------------------------------------------------------------------------
    def toggle_help(self) -> None:
        """H: where the help does not fit under the palette, show it in the palette's place
        (H again brings the palette back)."""
        if self.help_fits:
            return
        self.help_open = not self.help_open
        self.palette.visible = not self.help_open
        self.help_lines = [HELP_KEY[self.help_open]]
        self.app.play_sound("click")

    def help_rect(self) -> pygame.Rect:
        """Where the help (or the line that opens it) is drawn under the palette."""
        lh = line_height(theme.FONT_TINY)
        inner = self.panel_rect.inflate(-2 * theme.PAD, -2 * theme.PAD)
        return pygame.Rect(inner.x, self.help_top, inner.width, len(self.help_lines) * lh)

    def draw_help(self, surface, inner) -> None:
        """How to edit, under the palette (or, on H where it does not fit, in its place)."""
        lh = line_height(theme.FONT_TINY)
        if self.help_open and not self.help_fits:
            lines = wrap_text(help_text(self.game), theme.FONT_TINY, inner.width)
            top = self.palette.rect.y
            for k, line in enumerate(lines):
                draw_text(surface, line, theme.FONT_TINY, theme.TEXT, (inner.x, top + k * lh))
        colour = theme.TEXT_DIM if self.help_fits else theme.ACCENT
        for k, line in enumerate(self.help_lines):
            pos = (inner.x, self.help_top + k * lh)
            draw_text(surface, line, theme.FONT_TINY, colour, pos)

    def status_count(self, width: int) -> int:
        """The lines the legality takes at ``width``."""
        return sum(len(wrap_text(t, theme.FONT_TINY, width)) for t, _ in self.status_lines())

    def status_lines(self) -> list[tuple[str, tuple]]:
        if self.legal:
            s = self.state
            if s.is_over():
                w = s.winner()
                who = "a draw" if w is None else f"{s.seat_name(w)} wins"
                why = s.end_reason() or "The rules say the game is over."
                return [
                    (f"Legal. Game over: {who}. {why}", theme.GOOD),
                    (NOTHING_TO_PLAY, theme.TEXT_DIM),
                ]
            return [(f"Legal position: {s.seat_name(s.player)} to move", theme.GOOD)]
        return [("Not legal: " + self.reason, theme.BAD)]

    def draw(self, surface) -> None:
        draw_background(surface, self.app.time, glow=False)
        self.host.draw(surface)
        if self.cursor and self._centres and self.cursor in self._centres:
            x, y = self._centres[self.cursor]
            rad = max(8, min(self.board_rect.width, self.board_rect.height) // 40)
            pygame.draw.circle(surface, theme.ACCENT, (x, y), rad, 3)
        inner = titled_panel(surface, self.panel_rect, f"Position editor - {self.game.name}")
        piece = self.piece
        if piece is ERASE:
            what = "Eraser: a click empties a cell"
        else:
            what = f"Piece: {piece.label}"
            if self.game.edit_turn(piece.token) != piece.token:
                whole = what + f", {self.game.edit_words(piece.token)} (R turns it)"
                # the piece's words when they fit; else its name, which the board shows too
                fits = text_size(whole, theme.FONT_TINY)[0] <= inner.width
                what = whole if fits else what + " (R turns it)"
        draw_text(
            surface,
            fit_text(what, theme.FONT_TINY, inner.width),
            theme.FONT_TINY,
            theme.TEXT_DIM,
            (inner.x, self.piece_line),
        )
        self.draw_help(surface, inner)
        lh = line_height(theme.FONT_TINY)
        y = self.status_top
        for k, (text, col) in enumerate(self.status_lines()):
            lines = wrap_text(text, theme.FONT_TINY, inner.width)
            if k and y + len(lines) * lh > self.status_bottom:
                break  # a later paragraph drawn whole or not at all
            for line in lines:
                if y + lh > self.status_bottom:
                    break
                draw_text(surface, line, theme.FONT_TINY, col, (inner.x, y))
                y += lh
        self.ui.draw(surface)


HELP = (
    "Click a cell: put the piece (again: take it off); right click: empty it. Arrows move "
    "a cursor, Space puts, Delete empties; [ ] choose the piece, R turns it, Ctrl+Z undoes."
)
NOTHING_TO_PLAY = "Nothing to play from a finished game: Analyse, Copy or Save it."


def help_text(game) -> str:
    """The editor's help for ``game``: the keys, and how a finished game is set up."""
    end = getattr(game, "edit_end_help", "")
    return f"{HELP} {end}" if end else HELP


def _distance(a, b) -> float:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def _cell_xy(name: str) -> tuple[int, int]:
    """A cell name of the notation (a letter and a row number) as (column, row) from 1."""
    return ord(name[0]) - ord("a") + 1, int(name[1:])


def _cell_name(c: int, r: int) -> str | None:
    if c < 1 or r < 1 or c > 26:
        return None
    return f"{chr(ord('a') + c - 1)}{r}"
