"""The move box: a move typed as its notation ("/" opens it in a game, as lichess's move
input does).

The box reads the typed text (pygame TEXTINPUT events; keys only for Backspace, Tab,
Up/Down, Enter and Esc), lists the legal moves whose notation begins with it (case and
spaces forgiven, as ``State.play`` forgives them), says the rules' own reason when the
text can be no legal move, and hands the chosen move to its owner on Enter.  While it is
open it takes every key, so a game's one-letter shortcuts (H hint, R turn, M mute) never
eat the letters of a move.  It names no game: it only calls ``legal_moves``,
``find_move`` and ``str(move)``.
"""

from __future__ import annotations

import pygame

from game import theme
from game.ui.widgets import draw_text, fit_text, line_height, panel

SHOWN = 5  # completions listed under the box


def squash(text: str) -> str:
    """Text as the completion compares it: lower case, without spaces."""
    return "".join(str(text).split()).lower()


class MoveBox:
    """A one-line move input over the board (``open`` / ``close``; see the module doc).

    ``play(move)`` is called with a legal move object on Enter; it returns True when the
    move was played (the box then closes)."""

    def __init__(self, state_of, play):
        self.state_of = state_of  # () -> the position the typed move is for
        self.play = play
        self.active = False
        self.text = ""
        self.choice = 0  # the highlighted completion
        self.chosen = False  # Up/Down picked it (Enter then plays it)
        self.reason = ""  # why the text is no legal move ("" while it may still become one)
        self._moves_key = None
        self._moves: list = []
        self._found = None  # (squashed text, the moves' list, the completions)
        self._skip = ""  # the key's own character that opened the box, not to be typed

    # --- the moves ------------------------------------------------------------------------
    def legal(self) -> list:
        state = self.state_of()
        if self._moves_key is not state:
            self._moves_key = state
            try:
                self._moves = [] if state.is_over() else list(state.legal_moves())
            except Exception:  # noqa: BLE001 - a position that cannot list its moves
                self._moves = []
        return self._moves

    def completions(self) -> list:
        """The legal moves whose notation begins with the text (the exact one first)."""
        key = squash(self.text)
        legal = self.legal()
        cached = self._found
        if cached is not None and cached[0] == key and cached[1] is legal:
            return cached[2]
        found = [m for m in legal if squash(str(m)).startswith(key)]
        found.sort(key=lambda m: (squash(str(m)) != key, len(str(m)), str(m)))
        self._found = (key, legal, found)
        return found

    def _check(self) -> None:
        """The rules' reason, once no legal move begins with the text."""
        self.reason = ""
        self.choice = 0
        self.chosen = False
        if not self.text.strip() or self.completions():
            return
        try:
            self.state_of().find_move(self.text.strip())
        except ValueError as exc:  # IllegalMove: the rules' own words
            self.reason = str(exc) or "that is no legal move here"
        else:  # readable and legal, yet listed by no completion (a notation's other form)
            self.reason = ""

    # --- life cycle ---------------------------------------------------------------------------
    def open(self, skip: str = "") -> None:
        self.active = True
        self.text = ""
        self.reason = ""
        self.choice = 0
        self.chosen = False
        self._skip = skip
        self._moves_key = None
        try:
            pygame.key.start_text_input()
        except pygame.error:  # pragma: no cover - no window
            pass

    def close(self) -> None:
        self.active = False
        self.text = ""
        self.reason = ""
        self._skip = ""

    def type(self, text: str) -> None:
        """Characters typed (a TEXTINPUT event's text)."""
        text = "".join(ch for ch in str(text) if ch.isprintable())
        if self._skip and text.startswith(self._skip):
            text = text[len(self._skip) :]
        self._skip = ""
        if not text:
            return
        self.text = (self.text + text)[:60]
        self._check()

    def enter(self) -> bool:
        """Play the typed move, else the only move it begins, else the completion chosen
        with Up/Down; False (and a reason) when it is none of these."""
        text = self.text.strip()
        if not text:
            self.reason = "type a move, e.g. " + (str(self.legal()[0]) if self.legal() else "-")
            return False
        state = self.state_of()
        try:
            move = state.find_move(text)
        except ValueError as exc:
            options = self.completions()
            if not options:
                self.reason = str(exc) or "that is no legal move here"
                return False
            exact = [m for m in options if squash(str(m)) == squash(text)]
            if exact and not self.chosen:  # the notation, in other case or spacing
                options = exact
            if len(options) > 1 and not self.chosen:  # never a guess between several
                self.reason = (
                    f"{len(options)} moves begin with {text!r}: type more, or choose one "
                    f"with Up/Down (Tab completes it)"
                )
                return False
            move = options[min(self.choice, len(options) - 1)]
        if self.play(move):
            self.close()
            return True
        return False

    # --- events ----------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        """Every key and text event while open (True: used)."""
        if not self.active:
            return False
        if event.type == pygame.TEXTINPUT:
            self.type(getattr(event, "text", ""))
            return True
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        if key == pygame.K_ESCAPE:
            self.close()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.enter()
        elif key == pygame.K_BACKSPACE:
            self._skip = ""
            self.text = self.text[:-1]
            self._check()
        elif key == pygame.K_TAB:  # complete to the highlighted move
            options = self.completions()
            if options:
                self.text = str(options[min(self.choice, len(options) - 1)])
                self._check()
        elif key in (pygame.K_UP, pygame.K_DOWN):
            n = min(SHOWN, len(self.completions()))
            if n:
                self.choice = (self.choice + (1 if key == pygame.K_DOWN else -1)) % n
                self.chosen = True
                self.reason = ""
        elif key in (pygame.K_F11, pygame.K_F12):
            return False  # the app's own (full screen, screenshot)
        return True

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, surface, rect) -> None:
        """The box at the bottom of ``rect`` (the board), its completions above it."""
        if not self.active:
            return
        size = theme.FONT_SMALL
        tiny = theme.FONT_TINY
        lh = line_height(size)
        th = line_height(tiny)
        rect = pygame.Rect(rect)
        w = min(rect.width - 24, 560)
        options = self.completions()[:SHOWN] if self.text.strip() else []
        notes = 1
        h = lh + 14 + th * (len(options) + notes) + 8
        box = pygame.Rect(0, 0, w, h)
        box.midbottom = (rect.centerx, rect.bottom - 12)
        panel(surface, box, edge=theme.ACCENT)
        x = box.x + 10
        y = box.y + 6
        for i, m in enumerate(options):
            col = theme.ACCENT if i == self.choice else theme.TEXT_DIM
            words = self._words(m)
            label = str(m) if words == str(m) else f"{m}  ({words})"
            draw_text(
                surface,
                fit_text(("> " if i == self.choice else "  ") + label, tiny, w - 20),
                tiny,
                col,
                (x, y),
            )
            y += th
        if self.reason:
            note, col = self.reason, theme.BAD
        elif self.text.strip() and options:
            more = len(self.completions()) - len(options)
            note = "Up/Down choose, Tab completes, Enter plays" + (
                f" ({more} more)" if more > 0 else ""
            )
            col = theme.TEXT_DIM
        else:
            note, col = (
                "Type a move as the move list writes it; Enter plays, Esc closes",
                (theme.TEXT_DIM),
            )
        draw_text(surface, fit_text(note, tiny, w - 20), tiny, col, (x, y))
        y += th + 4
        field = pygame.Rect(x - 4, y, w - 12, lh + 6)
        pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.BG, 0.5), field, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT, field, 2, border_radius=6)
        shown = fit_text("Move: " + self.text, size, field.width - 16)
        r = draw_text(surface, shown, size, theme.TEXT, (field.x + 8, field.y + 3))
        pygame.draw.line(
            surface, theme.TEXT, (r.right + 2, r.y + 3), (r.right + 2, r.bottom - 3), 2
        )

    def _words(self, move) -> str:
        try:
            return str(self.state_of().move_words(move))
        except Exception:  # noqa: BLE001 - words are a courtesy
            return str(move)
