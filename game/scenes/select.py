"""Game select: a card per game, its rules summary, its options and who plays each seat."""

from __future__ import annotations

import pygame

from game import catalog, rules, theme
from game.scenes.base import Scene, draw_background, heading
from game.session.seats import CHOICES as SEAT_CHOICES
from game.session.seats import Seat
from game.ui import flow, widgets
from game.ui.widgets import (
    Button,
    Cycler,
    Widget,
    draw_text,
    fit_size,
    fit_text,
    line_height,
    panel,
    scrolls,
    text_size,
    wrap_text,
)

# a game never played here: a human against the computer's Easy level
FIRST_SEATS = (Seat("human"), Seat("computer", "easy"))


def _fmt_value(v) -> str:
    if isinstance(v, bool):
        return "Yes" if v else "No"
    if v is None:
        return "Random"  # a nullable option the game resolves (a seed)
    return str(v).capitalize() if isinstance(v, str) else str(v)


class GameCard(Widget):
    """One game: a small live-drawn board, the name, designer, year and summary."""

    focusable = True

    def __init__(self, scene, game_id: str):
        super().__init__()
        self.scene = scene
        self.game_id = game_id
        self.game = rules.get(game_id)
        self.error = ""
        self.view = None
        self.in_view = True  # False while scrolled out of the list
        self.preview = None  # the board drawn once into a small surface
        self.preview_key = None
        self.app = None

    @property
    def selected(self) -> bool:
        return self.scene.current == self.game_id

    def activate(self) -> None:
        self.scene.choose(self.game_id)

    def handle_event(self, event) -> bool:
        if self._mouse(event):
            self.scene.choose(self.game_id)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            return True
        return False

    def board_rect(self) -> pygame.Rect:
        s = self.rect.height - 2 * theme.GAP
        return pygame.Rect(self.rect.x + theme.GAP, self.rect.y + theme.GAP, s, s)

    def refresh_preview(self, state=None) -> None:
        """Draw the board (the start position, or ``state``) into the card's picture."""
        br = self.board_rect()
        if br.width < 8:
            return
        if state is None:
            state = self.game.start()
        key = (br.size, str(state))
        if key == self.preview_key:
            return
        surf = pygame.Surface(br.size, pygame.SRCALPHA)
        view = catalog.view_for(self.game, state)
        view.interactive = False
        view.layout(pygame.Rect(0, 0, br.width, br.height))
        view.update(10.0)
        view.skip_animation()
        view.draw(surf)
        self.preview = surf
        self.preview_key = key

    def draw(self, surface) -> None:
        if not self.in_view:
            return
        r = self.rect
        t = self.hover_t
        sel = self.selected
        fill = theme.mix(theme.PANEL, theme.ACCENT, 0.22 if sel else 0.08 * t)
        edge = theme.ACCENT if sel else theme.mix(theme.PANEL_EDGE, theme.ACCENT, t)
        grow = int(2 * t)
        rr = r.inflate(grow * 2, grow * 2)
        pygame.draw.rect(surface, fill, rr, border_radius=theme.RADIUS)
        pygame.draw.rect(surface, edge, rr, 3 if sel else 2, border_radius=theme.RADIUS)
        br = self.board_rect()
        if self.preview is not None:
            surface.blit(self.preview, br)
            widgets.note_blit(surface, self.preview, br)
        else:
            pygame.draw.rect(surface, theme.BOARD, br, border_radius=theme.RADIUS)
        x = br.right + theme.GAP + 2
        w = r.right - x - theme.GAP
        y = r.y + theme.GAP
        if self.game is None:
            draw_text(surface, self.game_id, theme.FONT_MEDIUM, theme.TEXT, (x, y))
            draw_text(
                surface,
                fit_text(self.error, theme.FONT_TINY, w),
                theme.FONT_TINY,
                theme.BAD,
                (x, y + 34),
            )
            return
        g = self.game
        draw_text(
            surface,
            fit_text(g.name or g.id, theme.FONT_MEDIUM, w),
            theme.FONT_MEDIUM,
            theme.TEXT,
            (x, y),
        )
        y += line_height(theme.FONT_MEDIUM) - 2
        by = ", ".join(str(p) for p in (g.designer, g.year) if p)
        if by:
            by_size = fit_size(by, theme.FONT_TINY, w)  # a long name: smaller, whole
            draw_text(
                surface,
                fit_text(by, by_size, w),
                by_size,
                theme.ACCENT_2 if sel else theme.TEXT_DIM,
                (x, y),
            )
            y += line_height(theme.FONT_TINY) + 2
        lh = line_height(theme.FONT_TINY)
        for line in wrap_text(g.summary or "", theme.FONT_TINY, w):
            if y + lh > r.bottom - 4:
                break
            draw_text(surface, line, theme.FONT_TINY, theme.TEXT_DIM, (x, y))
            y += lh


def _button_width(button: Button, least: int, most: int) -> int:
    """A button's width: ``least`` (its designed width), or its label's width with room on
    both sides when that is more, but never over ``most``."""
    need = text_size(button.label, button.size)[0] + 2 * theme.GAP + 12
    return max(least, min(need, max(least, most)))


class SelectScene(Scene):
    """Choose a game, its options and the seats, then Start."""

    def __init__(self, app, game_id: str | None = None):
        super().__init__(app)
        ids = list(rules.GAMES)
        self.cards = [self.ui.add(GameCard(self, gid)) for gid in ids]
        if game_id not in ids:  # else the game last played (remembered in the settings)
            game_id = getattr(app.settings, "last_game", None)
        self.current = game_id if game_id in ids else (ids[0] if ids else None)
        self.reveal = True  # the next layout scrolls the chosen game's card into view
        self.mouse_pos = None  # where the pointer was last seen (the wheel scrolls under it)
        self.option_values: dict[str, dict] = {}  # per game: chosen options
        self.seats: dict[str, list[Seat]] = {}
        self.option_widgets: list[Cycler] = []
        self.seat_widgets: list[Cycler] = []
        self.scroll = 0  # rules text scroll (lines)
        self.card_scroll = 0
        self.rules_rect = pygame.Rect(0, 0, 10, 10)
        self.list_rect = pygame.Rect(0, 0, 10, 10)
        self.detail_rect = pygame.Rect(0, 0, 10, 10)
        self.error = ""
        self.error_t = 0.0
        self.back = self.ui.add(
            Button("Back", self.go_back, size=theme.FONT_MEDIUM, accent=theme.WARN)
        )
        self.start_b = self.ui.add(
            Button("Start", self.start, size=theme.FONT_MEDIUM, accent=theme.GOOD)
        )
        self.tour_b = self.ui.add(
            Button("Learn the rules", self.learn, size=theme.FONT_SMALL, accent=theme.ACCENT_2)
        )
        self.editor_b = self.ui.add(
            Button("Editor", self.editor, size=theme.FONT_MEDIUM, accent=theme.ACCENT_2)
        )
        self.rules_lines: list[str] = []
        self.help_under = True
        self._build_controls()
        self.ui.set_focus(self.start_b)

    # --- the selected game ------------------------------------------------------------------
    @property
    def game(self):
        return None if self.current is None else rules.get(self.current)

    def choose(self, game_id: str) -> None:
        if game_id == self.current:
            return
        self.current = game_id
        self.scroll = 0
        self.error = ""
        self._build_controls()
        self.reveal = True
        self.layout(self.app.size)

    def _build_controls(self) -> None:
        for wdg in self.option_widgets + self.seat_widgets:
            if wdg in self.ui.widgets:
                self.ui.widgets.remove(wdg)
        self.option_widgets = []
        self.seat_widgets = []
        game = self.game
        if game is None:
            return
        chosen = self.option_values.setdefault(game.id, {})
        current = {o.name: chosen.get(o.name, o.default) for o in game.options}
        for opt in game.options:
            if not opt.applies_to(current):  # e.g. a setting of another variant
                continue
            values = list(opt.values()) or [opt.default]
            cur = current[opt.name]
            index = values.index(cur) if cur in values else 0
            label = opt.description or opt.name.replace("_", " ")
            cyc = Cycler(
                label[:1].upper() + label[1:],
                values,
                index,
                on_change=lambda v, name=opt.name: self._set_option(name, v),
                fmt=_fmt_value,
            )
            cyc.description = opt.help
            self.option_widgets.append(self._insert(cyc))
        # the seats last played in this game (remembered in the settings)
        seats = self.seats.setdefault(
            game.id, list(self.app.settings.seats.get(game.id, FIRST_SEATS))
        )
        preview = self._start_state()
        for p in (0, 1):
            name = preview.seat_name(p) if preview is not None else game.players[p]
            cyc = Cycler(
                str(name),
                SEAT_CHOICES,
                SEAT_CHOICES.index(seats[p]),
                on_change=lambda v, p=p: self._set_seat(p, v),
                fmt=lambda s: s.label(),
            )
            cyc.player = p
            self.seat_widgets.append(self._insert(cyc))
        self._check()

    def _insert(self, widget):
        """Add before the Back/Start buttons so that focus order reads top to bottom."""
        widget.app = self.app
        widget.grouped = True
        i = self.ui.widgets.index(self.back)
        self.ui.widgets.insert(i, widget)
        return widget

    def _set_option(self, name, value) -> None:
        game = self.game
        if game is None:
            return
        self.option_values.setdefault(game.id, {})[name] = value
        if any(o.applies is not None and o.applies[0] == name for o in game.options):
            self._build_controls()  # options that depend on this one come or go
            self.layout(self.app.size)
        self._check()

    def _start_state(self):
        """The start position with the chosen options, or None when they do not fit."""
        game = self.game
        try:
            return game.start(**game.validate(self.option_values.get(game.id, {})))
        except ValueError:
            return None

    def _set_seat(self, p: int, seat: Seat) -> None:
        if self.game is None:
            return
        self.seats[self.game.id][p] = seat

    def _check(self) -> bool:
        """Validate the options (and refresh the preview); False with a message if bad."""
        game = self.game
        if game is None:
            self.error = "No game is available."
            return False
        opts = self.option_values.get(game.id, {})
        try:
            full = game.validate(opts)
            state = game.start(**full)
        except ValueError as exc:
            self.error = f"These options do not work together: {exc}"
            self.start_b.enabled = True  # Start explains instead of silently failing
            return False
        self.error = ""
        for card in self.cards:
            if card.game_id == game.id and card.rect.width > 0:
                card.refresh_preview(state)
        return True

    # --- actions ------------------------------------------------------------------------------
    def start(self) -> None:
        game = self.game
        if game is None:
            self.flash_error("No game to start.")
            return
        if not self._check():
            self.flash_error(self.error)
            return
        opts = game.validate(self.option_values.get(game.id, {}))
        self.app.settings.seats[game.id] = list(self.seats[game.id])
        self.app.settings.last_game = game.id  # the select screen reopens on it
        self.app.remember()
        flow.replace(self.app, "play", game, opts, list(self.seats[game.id]))

    def editor(self) -> None:
        """The position editor on this game's start position, with the options chosen."""
        game = self.game
        if game is None or not game.edit_palette(str(game.start())):
            self.flash_error("This game has no position editor.")
            return
        if not self._check():
            self.flash_error(self.error)
            return
        opts = game.validate(self.option_values.get(game.id, {}))
        flow.push(self.app, "editor", game, str(game.start(**opts)))

    def learn(self) -> None:
        """The selected game's rules tour (Back returns here)."""
        if self.game is None or not catalog.has_tour(self.game.id):
            self.flash_error("There is no rules tour for this game yet.")
            return
        flow.push(self.app, "tour", self.game.id)

    def flash_error(self, text: str) -> None:
        self.error = text
        self.error_t = theme.FLASH_TIME
        self.app.play_sound("error")

    def go_back(self) -> None:
        self.app.go_title()

    # --- layout ---------------------------------------------------------------------------------
    def layout(self, size) -> None:
        w, h = size
        pad = theme.PAD
        top = pad + line_height(theme.FONT_LARGE) + 18
        bottom = h - pad
        lw = max(300, int(w * 0.40))
        self.list_rect = pygame.Rect(pad, top, lw, bottom - top)
        n = max(1, len(self.cards))
        ch = max(96, min(150, (self.list_rect.height - (n - 1) * theme.GAP) // n))
        self.card_h = ch
        visible = max(1, (self.list_rect.height + theme.GAP) // (ch + theme.GAP))
        self.cards_in_view = visible
        ids = [c.game_id for c in self.cards]
        if self.reveal and self.current in ids:  # on opening and on choosing: in view
            i = ids.index(self.current)
            if i < self.card_scroll or i >= self.card_scroll + visible:
                self.card_scroll = i - visible + 1 if i >= visible else i
        self.reveal = False  # then the wheel and the keys scroll the list freely
        self.card_scroll = max(0, min(self.card_scroll, n - visible))
        for i, card in enumerate(self.cards):
            j = i - self.card_scroll
            # a card scrolled out of the list keeps its place in the focus order (the
            # arrows reach it and scroll it in) but takes no room and no clicks
            card.in_view = 0 <= j < visible
            card.rect = (
                pygame.Rect(pad, top + j * (ch + theme.GAP), lw, ch)
                if card.in_view
                else pygame.Rect(pad, top, 0, 0)
            )
            if card.in_view:
                card.refresh_preview()
        # details on the right
        dx = self.list_rect.right + pad
        self.detail_rect = pygame.Rect(dx, top, w - dx - pad, bottom - top)
        d = self.detail_rect.inflate(-2 * pad, -2 * pad)
        bh = 52
        # each button at least its designed width, wider when its label (scaled with the
        # window) needs it, so that a large window never shows "Learn the rul..."
        back_w = _button_width(self.back, 150, d.width // 3)
        start_w = _button_width(self.start_b, 200, d.width // 2)
        tour_w = _button_width(self.tour_b, 180, d.width // 2)
        self.back.rect = pygame.Rect(d.x, d.bottom - bh, back_w, bh)
        self.start_b.rect = pygame.Rect(d.right - start_w, d.bottom - bh, start_w, bh)
        # the editor between them, in the room they leave
        editor_w = _button_width(self.editor_b, 120, d.width // 3)
        room = d.width - back_w - start_w - 2 * theme.GAP
        if editor_w > room:  # a narrow window: all three share the row
            back_w = self.back.rect.width = (d.width - 2 * theme.GAP) * 3 // 10
            start_w = (d.width - 2 * theme.GAP) * 4 // 10
            self.start_b.rect = pygame.Rect(d.right - start_w, d.bottom - bh, start_w, bh)
            editor_w = d.width - 2 * theme.GAP - back_w - start_w
        self.editor_b.rect = pygame.Rect(
            self.start_b.rect.x - theme.GAP - editor_w, d.bottom - bh, editor_w, bh
        )
        self.tour_b.visible = self.game is not None and catalog.has_tour(self.game.id)
        self.tour_b.rect = (
            pygame.Rect(d.right - tour_w, d.y - 4, tour_w, line_height(theme.FONT_MEDIUM) + 4)
            if self.tour_b.visible
            else pygame.Rect(0, 0, 0, 0)
        )
        row = 40
        n_rows = len(self.option_widgets) + len(self.seat_widgets)
        level_h = line_height(theme.FONT_TINY) + 2  # the computer level's line under the seats
        y = self.back.rect.y - theme.GAP - 26 - n_rows * (row + 4) - 30 - level_h
        # each option's one-line explanation goes under it when the rules text keeps at
        # least four lines; otherwise the focused option's explanation heads the options
        helps = sum(1 for w in self.option_widgets if w.description)
        help_h = line_height(theme.FONT_TINY)
        room = y - (d.y + line_height(theme.FONT_MEDIUM) + 6 + theme.GAP + help_h)
        self.help_under = room - helps * help_h >= 4 * line_height(theme.FONT_SMALL)
        if not self.help_under:
            help_h = 0
        y -= helps * help_h
        self.controls_top = y
        # the labels' column: the designed 200 px, wider when a label (scaled with the
        # window) needs it, up to half the panel
        widest = max(
            [text_size(w.label, w.size)[0] for w in self.option_widgets + self.seat_widgets] or [0]
        )
        label_w = min(max(min(200, d.width * 2 // 5), widest + 2 * theme.GAP + 4), d.width // 2)
        y += 26
        for wdg in self.option_widgets:
            wdg.rect = pygame.Rect(d.x, y, d.width, row)
            wdg.label_width = label_w
            y += row + 4 + (help_h if wdg.description else 0)
        y += 30
        self.seats_top = y - 26
        for wdg in self.seat_widgets:
            wdg.rect = pygame.Rect(d.x, y, d.width, row)
            wdg.label_width = label_w
            y += row + 4
        name_h = line_height(theme.FONT_MEDIUM) + 6
        hint_h = line_height(theme.FONT_TINY) + 2  # room for "more below"
        self.rules_rect = pygame.Rect(
            d.x,
            d.y + name_h,
            d.width,
            max(0, self.controls_top - d.y - name_h - theme.GAP - hint_h),
        )
        game = self.game
        text = game.rules_text or game.summary if game is not None else ""
        self.rules_lines = wrap_text(text or "", theme.FONT_SMALL, max(40, d.width - 8))
        scrolls(self.rules_lines)
        self.scroll = max(0, min(self.scroll, self.max_scroll()))
        if game is not None:
            self._check()

    def max_scroll(self) -> int:
        lh = line_height(theme.FONT_SMALL)
        visible = max(1, self.rules_rect.height // lh)
        return max(0, len(self.rules_lines) - visible)

    # --- events ----------------------------------------------------------------------------------
    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.go_back()
                return
            if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                step = 6 if event.key == pygame.K_PAGEDOWN else -6
                self.scroll = max(0, min(self.max_scroll(), self.scroll + step))
                return
        if (
            event.type == pygame.MOUSEBUTTONUP
            and getattr(event, "button", 1) == 1
            and self.rules_rect.collidepoint(event.pos)
            and self.game is not None
        ):
            flow.push(self.app, "rules", self.game)
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse_pos = event.pos
        if event.type == pygame.MOUSEWHEEL:
            pos = self.mouse_pos if self.mouse_pos is not None else pygame.mouse.get_pos()
            if self.rules_rect.collidepoint(pos):
                self.scroll = max(0, min(self.max_scroll(), self.scroll - event.y * 2))
                return
            if self.list_rect.collidepoint(pos) and len(self.cards) > 1:
                most = max(0, len(self.cards) - self.cards_in_view)
                self.card_scroll = max(0, min(most, self.card_scroll - event.y))
                self.layout(self.app.size)
                if self.ui.focused in self.cards and not self.ui.focused.in_view:
                    self.ui.set_focus(None)  # the wheel, not the focus, says what shows
                return
        self.ui.handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self._scroll_to_focus()
        if self.error_t > 0:
            self.error_t = max(0.0, self.error_t - dt)

    def _scroll_to_focus(self) -> None:
        """Keep the focused game card in the list's view."""
        focused = self.ui.focused
        if focused not in self.cards or getattr(focused, "in_view", True):
            return
        i = self.cards.index(focused)
        if i < self.card_scroll:
            self.card_scroll = i
        else:
            self.card_scroll = i - self.cards_in_view + 1
        self.layout(self.app.size)

    # --- draw ------------------------------------------------------------------------------------
    def level_line(self, focused=None) -> str:
        """What the computer level of the focused seat (else the first computer seat) means."""
        seats = [w.value for w in self.seat_widgets]
        if focused in self.seat_widgets and focused.value.computer:
            seats.insert(0, focused.value)
        seat = next((s for s in seats if s.computer), None)
        return "" if seat is None else f"{seat.level.capitalize()}: {seat.description(self.game)}"

    def _draw_level_line(self, surface, focused, d) -> None:
        text = self.level_line(focused)
        if text and self.seat_widgets:
            col = theme.TEXT if focused in self.seat_widgets else theme.TEXT_DIM
            draw_text(
                surface,
                fit_text(text, theme.FONT_TINY, d.width - 12),
                theme.FONT_TINY,
                col,
                (d.x + 10, self.seat_widgets[-1].rect.bottom + 2),
            )

    def _draw_help(self, surface, d, text: str, y: int, width: int) -> None:
        """The focused option's whole explanation, when its line (at ``y``, ``width``
        wide) is cut short: the line opens into a panel over the rows below it."""
        if text_size(text, theme.FONT_TINY)[0] <= width:
            return
        lines = wrap_text(text, theme.FONT_TINY, d.width - 24)
        lh = line_height(theme.FONT_TINY)
        top, bottom = y - 3, y + len(lines) * lh + 3
        rows = [w.rect for w in self.option_widgets + self.seat_widgets]
        rows.append(pygame.Rect(d.x, self.seats_top + 4, d.width, lh))  # "Players"
        for row in rows:  # a row half hidden is hidden whole
            if row.top < bottom < row.bottom:
                bottom = row.bottom
        bottom = min(bottom, self.back.rect.y - 4)
        box = pygame.Rect(d.x - 2, top, d.width + 4, max(lh, bottom - top))
        below = widgets.layer()
        widgets.set_layer((below, "popup"))  # over the scene's own words, on purpose
        panel(surface, box, edge=theme.ACCENT_2)
        for i, line in enumerate(lines):
            draw_text(surface, line, theme.FONT_TINY, theme.TEXT, (box.x + 10, y + i * lh))
        widgets.set_layer(below)

    def draw(self, surface) -> None:
        popup = None  # (text, y, width): the focused option's explanation
        draw_background(surface, self.app.time)
        w, _ = surface.get_size()
        heading(surface, "Choose a game", (w // 2, theme.PAD), self.time)
        panel(surface, self.detail_rect)
        game = self.game
        d = self.detail_rect.inflate(-2 * theme.PAD, -2 * theme.PAD)
        if game is not None:
            name_w = d.width - (self.tour_b.rect.width + theme.GAP if self.tour_b.visible else 0)
            head = f"How to play {game.name}"
            size = theme.FONT_MEDIUM
            if text_size(head, size)[0] > name_w:  # beside "Learn the rules": smaller type
                size = theme.FONT_SMALL
            draw_text(
                surface,
                fit_text(head, size, name_w),
                size,
                theme.ACCENT_2,
                (d.x, d.y + (line_height(theme.FONT_MEDIUM) - line_height(size)) // 2),
            )
            lh = line_height(theme.FONT_SMALL)
            y = self.rules_rect.y
            for line in self.rules_lines[self.scroll :]:
                if y + lh > self.rules_rect.bottom:
                    break
                draw_text(surface, line, theme.FONT_SMALL, theme.TEXT, (self.rules_rect.x, y))
                y += lh
            if self.max_scroll() > 0:
                more = (
                    "more below (wheel, or click to read it all)"
                    if self.scroll < self.max_scroll()
                    else "(wheel to scroll up)"
                )
                draw_text(
                    surface,
                    more,
                    theme.FONT_TINY,
                    theme.TEXT_DIM,
                    (self.rules_rect.right, self.rules_rect.bottom + 1),
                    "topright",
                )
            pygame.draw.line(
                surface,
                theme.PANEL_EDGE,
                (d.x, self.controls_top - 4),
                (d.right, self.controls_top - 4),
                1,
            )
            if self.option_widgets:
                draw_text(
                    surface,
                    "Options",
                    theme.FONT_TINY,
                    theme.TEXT_DIM,
                    (d.x, self.controls_top + 4),
                )
            draw_text(
                surface, "Players", theme.FONT_TINY, theme.TEXT_DIM, (d.x, self.seats_top + 4)
            )
            focused = self.ui.focused
            self._draw_level_line(surface, focused, d)
            if self.help_under:
                for wdg in self.option_widgets:  # what each option means, under it
                    if wdg.description:
                        col = theme.TEXT if wdg is focused else theme.TEXT_DIM
                        draw_text(
                            surface,
                            fit_text(wdg.description, theme.FONT_TINY, d.width - 12, True),
                            theme.FONT_TINY,
                            col,
                            (d.x + 10, wdg.rect.bottom + 1),
                        )
                        if wdg is focused:
                            popup = (wdg.description, wdg.rect.bottom + 1, d.width - 12)
            else:
                desc = getattr(focused, "description", "") if focused in self.option_widgets else ""
                if not desc and self.option_widgets:
                    desc = "Tab or the arrows to an option to see what it means"
                if desc:
                    draw_text(
                        surface,
                        fit_text(desc, theme.FONT_TINY, d.width - 80, True),
                        theme.FONT_TINY,
                        theme.TEXT_DIM,
                        (d.right, self.controls_top + 4),
                        "topright",
                    )
                    popup = (desc, self.controls_top + 4, d.width - 80)
        self.ui.draw(surface)
        if game is not None and popup is not None:
            self._draw_help(surface, d, *popup)
        if self.error:
            k = self.error_t / theme.FLASH_TIME if self.error_t > 0 else 0.0
            col = (
                theme.mix(theme.BAD, theme.TEXT, 0.0)
                if k == 0
                else theme.mix(theme.BAD, (255, 255, 255), k * 0.6)
            )
            lines = wrap_text(
                self.error,
                theme.FONT_TINY,
                self.start_b.rect.x - self.back.rect.right - 2 * theme.GAP,
            )[:3]
            y = self.back.rect.centery - len(lines) * line_height(theme.FONT_TINY) // 2
            for line in lines:
                draw_text(
                    surface, line, theme.FONT_TINY, col, (self.back.rect.right + theme.GAP, y)
                )
                y += line_height(theme.FONT_TINY)
        if len(self.cards) * (self.card_h + theme.GAP) > self.list_rect.height + theme.GAP:
            draw_text(
                surface,
                "wheel: more games",
                theme.FONT_TINY,
                theme.TEXT_DIM,
                (self.list_rect.centerx, self.list_rect.bottom),
                "midbottom",
            )
