"""The fallback view: any registered game is playable before it has a board.

The left part shows ``str(state)`` (the game's text position) in a fixed-pitch
grid, so text boards line up; the right part lists the legal moves as chips
to click, paged when they do not fit (``< prev`` / ``next >`` chips, or the
mouse wheel).  ``cell_name`` names the chip under the mouse when its move is a bare
cell name.  Narrow rects (thumbnails) show the position text only.
"""

from __future__ import annotations

import re

import pygame

from game import theme
from game.boards.base import BoardView, ClickResult, screen_point
from game.boards.hexboard import font
from game.ui.anim import Timeline

PREV, NEXT = "< prev", "next >"
_CELL = re.compile(r"[a-z]{1,2}[0-9]{1,2}")


class GenericView(BoardView):
    def __init__(self, game, state):
        super().__init__(game, state)
        self.timeline = Timeline()
        self.page = 0
        self.hover_pos = None
        self._moves: list[str] = []
        self._by_text: dict = {}  # notation -> move object
        self._chips: list[tuple[pygame.Rect, str]] = []  # visible chips of this page
        self._pages = 1
        self._text_rect = pygame.Rect(0, 0, 0, 0)
        self._list_rect = pygame.Rect(0, 0, 0, 0)
        self._glyphs: dict = {}
        self._refresh()

    # --- state --------------------------------------------------------------------------
    def _refresh(self) -> None:
        moves = [] if self.state.is_over() else list(self.state.legal_moves())
        self._by_text = {str(m): m for m in moves}
        self._moves = list(self._by_text)
        self.page = 0
        self._paginate()

    def set_state(self, state, move=None, animate: bool = True) -> None:
        self.state = state
        self.last_move = move
        self._refresh()
        self.timeline.clear()
        if animate and move is not None:
            self.timeline.add("fade", theme.FADE_TIME, theme.ease_out_cubic)
            self.timeline.cue("place", 0.0)

    def update(self, dt: float) -> None:
        self.timeline.update(dt)

    @property
    def animating(self) -> bool:
        return self.timeline.running

    def skip_animation(self) -> None:
        self.timeline.finish()
        self.timeline.pop_cues()

    def pop_events(self) -> list[str]:
        return self.timeline.pop_cues()

    # --- layout -------------------------------------------------------------------------
    def layout(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        r = self.rect
        if r.w >= 420 and r.h >= 200:
            split = int(r.w * 0.58)
            self._text_rect = pygame.Rect(r.x, r.y, split - theme.GAP, r.h)
            self._list_rect = pygame.Rect(r.x + split, r.y, r.w - split, r.h)
        else:
            self._text_rect = pygame.Rect(r)
            self._list_rect = pygame.Rect(r.x, r.y, 0, 0)
        self._paginate()

    def _chip_font(self):
        return font(theme.FONT_SMALL)

    def _paginate(self) -> None:
        """Place this page's chips in the list area."""
        self._chips = []
        area = self._list_rect
        if area.w <= 0 or area.h <= 0:
            self._pages = 1
            return
        f = self._chip_font()
        pad, gap = theme.GAP, theme.GAP // 2 + 2
        head = f.get_height() + 2 * pad
        widest = max([f.size(t)[0] for t in self._moves + [PREV, NEXT]] + [40])
        cw = min(area.w - 2 * pad, widest + 2 * pad)
        ch = f.get_height() + pad
        cols = max(1, (area.w - 2 * pad + gap) // (cw + gap))
        rows = max(1, (area.h - head - pad + gap) // (ch + gap))
        per_page = cols * rows
        moves = self._moves
        if len(moves) > per_page:
            per_page = max(1, per_page - cols)  # the last row holds prev / next
        self._pages = max(1, -(-len(moves) // per_page))
        self._per_page = per_page
        self.page = min(self.page, self._pages - 1)
        start = self.page * per_page
        shown = moves[start : start + per_page]
        x0, y0 = area.x + pad, area.y + head
        self._cell = (x0, y0, cols, cw, ch, gap)
        yn = area.bottom - pad - ch
        self._nav = (pygame.Rect(x0, yn, cw, ch), pygame.Rect(area.right - pad - cw, yn, cw, ch))
        for k, text in enumerate(shown):
            c, rr = k % cols, k // cols
            self._chips.append(
                (pygame.Rect(x0 + c * (cw + gap), y0 + rr * (ch + gap), cw, ch), text)
            )
        if self._pages > 1:
            y = area.bottom - pad - ch
            if self.page > 0:
                self._chips.append((pygame.Rect(x0, y, cw, ch), PREV))
            if self.page < self._pages - 1:
                self._chips.append((pygame.Rect(area.right - pad - cw, y, cw, ch), NEXT))

    def _ensure_layout(self, surface=None) -> None:
        if self.rect is None:
            self.layout(
                surface.get_rect() if surface is not None else pygame.Rect(0, 0, *theme.MIN_SIZE)
            )

    # --- input --------------------------------------------------------------------------
    def point_for(self, notation):
        """The centre of the move's chip when it is on the current page, else None."""
        self._ensure_layout()
        text = str(notation).strip()
        for rect, t in self._chips:
            if t == text and t not in (PREV, NEXT):
                return rect.center
        return None

    def points_for(self, notation):
        """The clicks that play ``notation``: ``next >`` or ``< prev`` until its page
        shows, then its chip (None when it is not a legal move or no list is shown)."""
        self._ensure_layout()
        text = str(notation).strip()
        if text not in self._by_text or not self._chips:
            return None
        k = self._moves.index(text)
        page, at = divmod(k, self._per_page)
        step = self._nav[1] if page > self.page else self._nav[0]
        x0, y0, cols, cw, ch, gap = self._cell
        c, r = at % cols, at // cols
        chip = pygame.Rect(x0 + c * (cw + gap), y0 + r * (ch + gap), cw, ch)
        return [step.center] * abs(page - self.page) + [chip.center]

    def scroll(self, pages: int) -> None:
        self.page = max(0, min(self._pages - 1, self.page + pages))
        self._paginate()

    def hover(self, pos) -> None:
        self.hover_pos = screen_point(pos)

    def cell_name(self, pos) -> str | None:
        """With no board geometry, the only cells this view shows are the chips of moves
        that are a bare cell name (``f6``): over one of those, that name; else None."""
        pt = screen_point(pos)
        if self.rect is None or pt is None:
            return None
        for rect, text in self._chips:
            if rect.collidepoint(pt):
                return text if _CELL.fullmatch(text) else None
        return None

    def click(self, pos, button: int = 1) -> ClickResult:
        pos = screen_point(pos)
        if self.rect is None or pos is None:
            return ClickResult()
        if button in (4, 5):
            self.scroll(-1 if button == 4 else 1)
            return ClickResult()
        if button != 1:
            return ClickResult()
        for rect, text in self._chips:
            if rect.collidepoint(pos):
                if text == PREV:
                    self.scroll(-1)
                    return ClickResult(message=f"moves, page {self.page + 1} of {self._pages}")
                if text == NEXT:
                    self.scroll(1)
                    return ClickResult(message=f"moves, page {self.page + 1} of {self._pages}")
                if self.state.is_over():
                    return ClickResult(message="the game is over")
                if not self.interactive:
                    return ClickResult(message="wait: it is not your turn")
                return ClickResult(move=self._by_text[text])
        if self._list_rect.collidepoint(pos) or self._text_rect.collidepoint(pos):
            if self.state.is_over():
                return ClickResult(message="the game is over")
            return ClickResult(message="pick a move from the list")
        return ClickResult()

    # --- drawing ------------------------------------------------------------------------
    def _glyph(self, ch: str, size: int, color):
        key = (ch, size, color)
        g = self._glyphs.get(key)
        if g is None:
            g = font(size).render(ch, True, color)
            self._glyphs[key] = g
        return g

    def draw(self, surface) -> None:
        self._ensure_layout(surface)
        panel = self.rect
        pygame.draw.rect(surface, theme.BOARD, panel, border_radius=theme.RADIUS)
        pygame.draw.rect(surface, theme.BOARD_EDGE, panel, 2, border_radius=theme.RADIUS)
        self._draw_text(surface)
        if self._list_rect.w > 0:
            self._draw_list(surface)

    def _draw_text(self, surface) -> None:
        text = str(self.state)
        lines = text.rstrip("\n").split("\n") or [""]
        area = self._text_rect.inflate(-2 * theme.GAP, -2 * theme.GAP)
        cols = max(1, max(len(line) for line in lines))
        # a fixed pitch (a digit's width): each word starts at its column, so text
        # boards line up while words keep their natural shapes
        size = theme.FONT_SMALL
        pitch = font(size).size("0")[0]
        fit = min(area.w / (cols * pitch), area.h / (len(lines) * font(size).get_linesize()))
        if fit < 1:
            size = int(size * fit)
            if size < 6:
                return
            pitch = font(size).size("0")[0]
        lh = font(size).get_linesize()
        t = self.timeline.value("fade", 1.0)
        color = theme.mix(theme.TEXT_DIM, theme.TEXT, t)
        x0 = area.x + max(0, (area.w - cols * pitch) // 2)
        y = area.y
        clip = surface.get_clip()
        surface.set_clip(self._text_rect)
        for line in lines:
            k = 0
            for word in line.split(" "):
                if word:
                    surface.blit(self._glyph(word, size, color), (x0 + k * pitch, y))
                k += len(word) + 1
            y += lh
        surface.set_clip(clip)

    def _draw_list(self, surface) -> None:
        area = self._list_rect
        f = self._chip_font()
        if self.state.is_over():
            title = "game over"
        elif self.interactive:
            title = "your move:" if self._moves else "no moves"
        else:
            title = "waiting..."
        img = f.render(title, True, theme.TEXT)
        surface.blit(img, (area.x + theme.GAP, area.y + theme.GAP))
        if self._pages > 1:
            pg = font(theme.FONT_TINY).render(
                f"{self.page + 1}/{self._pages}", True, theme.TEXT_DIM
            )
            surface.blit(pg, pg.get_rect(topright=(area.right - theme.GAP, area.y + theme.GAP)))
        hint = None if self.hint is None else str(self.hint)
        for rect, text in self._chips:
            nav = text in (PREV, NEXT)
            hot = self.hover_pos is not None and rect.collidepoint(self.hover_pos)
            if nav:
                fill, edge, ink = theme.PANEL, theme.PANEL_EDGE, theme.TEXT_DIM
            elif text == hint:
                fill, edge, ink = theme.PANEL, theme.ACCENT_2, theme.ACCENT_2
            elif text == str(self.last_move):
                fill, edge, ink = theme.PANEL, theme.ACCENT, theme.TEXT
            else:
                fill, edge, ink = theme.PANEL, theme.PANEL_EDGE, theme.TEXT
            if not self.interactive and not nav:
                ink = theme.TEXT_DIM
            if hot and (self.interactive or nav):
                fill = theme.mix(fill, theme.ACCENT_2, 0.25)
                edge = theme.ACCENT_2
            pygame.draw.rect(surface, fill, rect, border_radius=theme.RADIUS // 2)
            pygame.draw.rect(surface, edge, rect, 2, border_radius=theme.RADIUS // 2)
            img = f.render(text, True, ink)
            surface.blit(img, img.get_rect(center=rect.center))
