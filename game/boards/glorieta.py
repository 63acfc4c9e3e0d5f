"""Glorieta's board: black, orange and neutral stones on a hexhex board of side 5..10.

Built on :class:`~game.boards.hexplace.HexPlaceView` (hit-testing, target dots, last
move, hint, hover, the refused click's shake, the bouncing drop); this module adds what
is Glorieta's own, all of it read from the rules' queries (``docs/games/glorieta.md``,
"Accessors for the board view"):

* **Stones.**  Black and orange wear their theme entries; a neutral stone is split
  across its diagonal into an orange and a black half inside a light rim, so it reads
  as both colours at once (the designer's wish: the eye groups it with either colour)
  and still differs from each.
* **Chicken's two clicks.**  The first click drops the mover's stone; the second drops
  the neutral stone.  Between the two, the new stone pulses, its group (the mover's
  stones and neutral stones connected to it) is ringed, and every empty cell where the
  neutral may not go (``state.neutral_forbidden()``) is dimmed with a small cross; a
  click there is refused with the rules' reason.  Declining is offered as an
  :class:`~game.boards.base.Action` with a one-line warning, also shown on the board.
* **Landscape's colour choice.**  A banner on the board asks the second player to take
  Black (the opening stone becomes theirs) or Orange, with two chips that answer it;
  ``actions()`` offers the same two moves as buttons.
* **The winning loop.**  The loop's stones (``state.loop()``) are joined by a glowing
  path traced around the enclosed cells, which fill softly with the winner's colour: a
  short reveal after the closing stone lands when the final state arrives animated, at
  once otherwise (the result screen).
* Short notices on the board say what a move without a drop did (a colour taken,
  declining, neutral play ending).

Cues for ``pop_events``: ``place`` when a stone lands, ``click`` for a colour choice or
a decline, ``splay`` when a winning loop lights up.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game import theme
from game.boards.base import Action, ClickResult, screen_point
from game.boards.hexboard import SUPERSAMPLE, hex_points
from game.boards.hexplace import HexPlaceView
from game.rules import IllegalMove
from game.ui.widgets import blit_text, font, line_height, note_blit, wrap_text

STONE_R = 0.76  # stone radius, in cell radii
# the six neighbour directions (column, row) in ring order: counter-clockwise on screen,
# and each one a neighbour of the next
RING = ((1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1))
REVEAL_TIME = 1.1  # the loop's path runs round in this many seconds
FILL_TIME = 0.6  # then the enclosed cells fill
NOTICE_TIME = 1.3  # a notice on the board (a colour taken, a decline)
DECLINE_WARNING = (
    "no more neutral stones for either player, and if the board fills with no loop, you lose"
)
LOOP_GLOW = theme.WARN  # the lit loop: a golden glow whoever made it
CHOICE_HINT = {"black": "Play Black", "orange": "Play Orange"}


@dataclass
class Chip:
    """A clickable answer drawn on the board (the colour choice): its move and rect."""

    label: str
    colour: str
    move: object
    rect: pygame.Rect


# ----------------------------------------------------------------------------------------
# pure geometry: the loop's path
# ----------------------------------------------------------------------------------------
def trace_loop(geo, ring, enclosed) -> list[list[int]]:
    """The loop's stones in path order: for each connected part of ``enclosed``, the
    cells around it (all of them in ``ring``), walked round its edge; consecutive
    repeats are dropped, the cycle is not closed (the last joins the first)."""
    inside = set(enclosed)
    if not inside:
        return [sorted(ring)] if ring else []
    index = geo.index
    coords = geo.coords

    def step(i, d):
        c, r = coords[i]
        dc, dr = RING[d]
        return index.get((c + dc, r + dr))

    cycles = []
    seen: set[int] = set()
    for start in sorted(inside, key=lambda i: (geo.center_xy(i)[0], geo.center_xy(i)[1])):
        if start in seen:
            continue
        # the connected part of the enclosed cells holding ``start``
        part = {start}
        todo = [start]
        while todo:
            y = todo.pop()
            for z in geo.neighbours[y]:
                if z in inside and z not in part:
                    part.add(z)
                    todo.append(z)
        seen |= part
        # ``start`` is the part's leftmost cell, so its west neighbour is outside it
        p, d = start, 3
        out: list[int] = []
        for _ in range(6 * len(part) + 6):
            o = step(p, d)
            if o is not None and (not out or out[-1] != o):
                out.append(o)
            t = step(p, (d + 1) % 6)
            if t is not None and t in part:
                p, d = t, (d - 1) % 6
            else:
                d = (d + 1) % 6
            if (p, d) == (start, 3):
                break
        if len(out) > 1 and out[0] == out[-1]:
            out.pop()
        cycles.append(out)
    return cycles


def group_of(state, cell: int) -> set[int]:
    """The group (rule 2: stones of the colour at ``cell`` and neutral stones, connected)
    holding the stone on ``cell``."""
    colour = state.stone_at(cell)
    if colour == "empty":
        return set()
    geo = state.geometry
    want = {colour, "neutral"}
    grp = {cell}
    todo = [cell]
    while todo:
        y = todo.pop()
        for z in geo.neighbours[y]:
            if z not in grp and state.stone_at(z) in want:
                grp.add(z)
                todo.append(z)
    return grp


class GlorietaView(HexPlaceView):
    """The Glorieta board view (see the module docstring)."""

    def __init__(self, game, state):
        self.forbidden: set[int] = set()  # cells the neutral stone may not take now
        self.group: set[int] = set()  # the new stone's group (second Chicken ply)
        self.loop_cells: tuple[list[int], list[int]] | None = None
        self.loop_paths: list[list[int]] = []
        self.notice = ""  # a short line shown on the board
        self._loop_cache = None
        self._mouse_pos = None
        super().__init__(game, state)
        self._read_state(state)

    # --- rules ----------------------------------------------------------------------------
    def targets_of(self, state) -> dict:
        """Cell -> the move a click there plays: the mover's stone, or in the second
        Chicken ply the neutral stone; nothing during the colour choice."""
        if state.is_over():
            return {}
        return {m.cell: m for m in state.legal_moves() if m.kind in ("stone", "neutral")}

    def notation_at(self, i: int) -> str:
        """What a click on cell ``i`` would play, in notation."""
        name = self.geo.names[i]
        return "n:" + name if self.state.phase == "neutral or decline" else name

    def why_not(self, i: int) -> str:
        s = self.state
        if s.phase == "choose colour":
            return (
                "first choose a colour: take Black (the stone on "
                f"{self._opening_name()} becomes yours) or Orange"
            )
        try:
            return s.why_illegal(self.notation_at(i))
        except IllegalMove as exc:  # pragma: no cover - every cell reads
            return str(exc)

    def _move(self, text: str):
        for m in self.state.legal_moves():
            if str(m) == text:
                return m
        return None

    def actions(self) -> list:
        s = self.state
        if s.is_over():
            return []
        if s.phase == "neutral or decline":
            m = self._move("decline")
            return [] if m is None else [Action("Decline the neutral", m, DECLINE_WARNING)]
        if s.phase == "choose colour":
            out = []
            for colour in ("black", "orange"):
                m = self._move("take:" + colour)
                if m is not None:
                    out.append(Action(CHOICE_HINT[colour], m, self._take_explain(colour)))
            return out
        return []

    def _take_explain(self, colour: str) -> str:
        if colour == "black":
            return f"you play Black: the stone on {self._opening_name()} is yours"
        return "you play Orange, and Orange moves next"

    def _opening_name(self) -> str:
        for i in range(self.geo.size):
            if self.state.stone_at(i) == "black":
                return self.geo.names[i]
        return "the board"

    # --- layout: Chicken keeps a strip of advice under the board -------------------------
    def layout(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        self.board.layout(self.board_rect())

    def board_rect(self) -> pygame.Rect:
        """Where the board goes: the whole rect, less the advice strip in Chicken and,
        while the colour question is open, less its panel above the board (the question
        never covers a row)."""
        r = pygame.Rect(self.rect)
        if self.state.variant == "chicken":
            h = self.strip_height()
            if r.h - h >= max(60, r.h // 2):
                r.h -= h
        if self.state.phase == "choose colour":
            h = self._question_size()[-1] + 4
            if r.h - h >= max(60, r.h // 2):
                r.y += h
                r.h -= h
        return r

    def strip_height(self) -> int:
        """Room for the longest advice (the neutral ply's) at this width, 2 or 3 lines."""
        width = max(40, self.rect.w - 8)
        lines = len(wrap_text(self._neutral_advice("Orange"), theme.FONT_TINY, width))
        return max(2, min(3, lines)) * line_height(theme.FONT_TINY) + 8

    @staticmethod
    def _neutral_advice(who: str) -> str:
        return (
            f"{who}: now a neutral stone, not on a crossed cell (it would join your new "
            f"stone's group). Or Decline: {DECLINE_WARNING}."
        )

    def strip_text(self) -> tuple[str, tuple]:
        """The advice under a Chicken board, and its colour."""
        s = self.state
        if s.variant != "chicken" or s.is_over():
            return "", theme.TEXT_DIM
        who = s.seat_name(s.player)
        if s.phase == "opening":
            return (
                f"{who} drops the opening black stone. Then each turn: a stone of your "
                f"colour and a neutral stone that must not join it."
            ), theme.TEXT_DIM
        if s.phase == "neutral or decline":
            return self._neutral_advice(who), theme.WARN
        if s.neutral_play:
            if s.pair_available():
                return (
                    f"{who}: drop a stone of your colour; a neutral stone follows (or decline it)."
                ), theme.TEXT_DIM
            return (
                f"{who}: no stone-and-neutral pair is left, so this turn is one stone "
                f"and neutral play ends."
            ), theme.TEXT_DIM
        if s.decliner is not None:
            return (
                f"Neutral play is over: one stone a turn. {s.seat_name(s.decliner)} "
                f"declined, and loses if the board fills with no loop."
            ), theme.TEXT_DIM
        return (
            "Neutral play is over: one stone a turn. A full board with no loop is a draw."
        ), theme.TEXT_DIM

    def hint_cell(self) -> int | None:
        """The hint's cell when the hint is a stone or a neutral stone (a hint to decline or
        to take a colour has no cell)."""
        if self.hint is None:
            return None
        key = (str(self.hint), id(self.state))
        if self._hint[0] != key:
            try:
                m = self.state.find_move(self.hint)
            except IllegalMove:
                m = None
            cell = m.cell if getattr(m, "kind", None) in ("stone", "neutral") else None
            self._hint = (key, cell)
        return self._hint[1]

    # --- input ------------------------------------------------------------------------
    def click(self, pos, button: int = 1) -> ClickResult:
        if button == 1 and self.interactive and not self.state.is_over():
            pt = screen_point(pos)
            if pt is not None and self.rect is not None:
                for chip in self.chips():
                    if chip.rect.collidepoint(pt):
                        return ClickResult(move=chip.move, message=self._take_explain(chip.colour))
        return super().click(pos, button)

    def click_cell(self, i: int) -> ClickResult:
        if i in self.targets:
            m = self.targets[i]
            if m.kind == "stone" and self.state.pair_available():
                return ClickResult(
                    move=m,
                    message="now your neutral stone: a cell away from your new stone's group",
                )
            return ClickResult(move=m)
        self.refuse(i)
        return ClickResult(illegal=True, message=self.why_not(i))

    def hover(self, pos) -> None:
        super().hover(pos)
        self._mouse_pos = screen_point(pos)

    def point_for(self, notation):
        """Where a click plays ``notation``: a cell's centre (``g7``; ``n:g7`` in the
        second Chicken ply), a chip of the colour question (``take:black``); None for
        ``decline`` (a button only: it is not something to do by a stray click)."""
        self._ensure_layout()
        text = str(notation).strip().lower()
        if text.startswith("take:"):
            for chip in self.chips():
                if str(chip.move) == text:
                    return chip.rect.center
            return None
        if text.startswith("n:"):
            if self.state.phase != "neutral or decline":
                return None
            text = text[2:].strip()
        elif self.state.phase == "neutral or decline":
            return None
        return super().point_for(text)

    # --- state ------------------------------------------------------------------------
    def _read_state(self, state) -> None:
        """What the drawing needs from a new state (queried once, not every frame)."""
        self.forbidden = set(state.neutral_forbidden())
        pend = state.pending_stone
        self.group = group_of(state, pend) if pend is not None else set()
        lp = state.loop()
        self.loop_cells = lp
        self.loop_paths = trace_loop(self.geo, lp[0], lp[1]) if lp else []
        self._loop_cache = None

    def set_state(self, state, move=None, animate: bool = True) -> None:
        prev = self.state
        m = self.begin_state(state, move)
        kind = getattr(m, "kind", None)
        if kind not in ("stone", "neutral"):
            # a decline or a colour choice drops nothing (their ``cell`` is no cell): mark
            # the stone dropped before a decline, the opening stone after the choice
            self.last_cell = None
            if kind == "decline" and prev is not None:
                self.last_cell = prev.pending_stone
            elif kind == "take":
                found = [i for i in range(self.geo.size) if state.stone_at(i) == "black"]
                self.last_cell = found[0] if len(found) == 1 else None
        self._read_state(state)
        self.notice = ""
        if self.rect is not None and self.board.rect != self.board_rect():
            self.layout(self.rect)  # a new size or variant (the tour changes boards)
        if prev is not None and getattr(prev, "geometry", None) is not state.geometry:
            prev = None
        if not animate or m is None or prev is None or prev is state:
            return
        tl = self.timeline
        end = 0.0
        if kind in ("stone", "neutral") and m.cell is not None:
            self.schedule_drop(m.cell)
            end = theme.MOVE_TIME
            if (
                kind == "stone"
                and prev.neutral_play
                and not state.neutral_play
                and not state.is_over()
                and state.phase == "stone"
            ):
                self._notify("No stone-and-neutral pair was left: neutral play ends", end)
        elif kind == "take":
            colour = "black" if str(m).endswith("black") else "orange"
            seat = prev.player
            self._notify(f"{prev.seat_name(seat)} plays {colour.capitalize()}", 0.0)
            tl.cue("click", 0.0)
        elif kind == "decline":
            self._notify(f"{state.seat_name(prev.player)} declines: no more neutral stones", 0.0)
            tl.cue("click", 0.0)
        if self.loop_cells is not None:
            t0 = end + 0.05
            tl.add("loop", REVEAL_TIME, theme.ease_in_out, delay=t0)
            tl.add("fill", FILL_TIME, theme.ease_out_cubic, delay=t0 + REVEAL_TIME * 0.55)
            tl.cue("splay", t0 + REVEAL_TIME * 0.9)

    def _notify(self, text: str, delay: float) -> None:
        self.notice = text
        self.timeline.add("notice", NOTICE_TIME, theme.linear, delay=delay)

    def _animation_ended(self) -> None:
        self.notice = ""

    # --- the side panel ---------------------------------------------------------------
    def panel_lines(self) -> list[str]:
        s = self.state
        lines = []
        opts = s.options
        if s.variant == "chicken":
            lines.append(f"Chicken, size {s.size}")
        else:
            lines.append(f"Landscape, size {s.size}, {opts.get('neutrals')} neutral stones")
        if s.seat_colour(0) is None:
            lines.append("Colours: Player 2 chooses")
        else:
            b = 0 if s.seat_colour(0) == "black" else 1
            lines.append(f"Black: Player {b + 1}, Orange: Player {2 - b}")
        if s.variant == "chicken":
            if s.neutral_play:
                lines.append("Neutral stones: on")
            elif s.decliner is not None:
                lines.append(f"Neutral stones: off, {s.seat_name(s.decliner)} declined")
            else:
                lines.append("Neutral stones: off (no pair was left)")
        c = s.counts()
        lines.append(
            f"{c['black']} black, {c['orange']} orange, {c['neutral']} neutral, {c['empty']} empty"
        )
        return lines

    # --- sprites ------------------------------------------------------------------------
    def _stone_scale(self) -> float:
        return STONE_R

    def colour_stone(self, colour: str, scale: float | None = None):
        """The sprite of a stone of ``colour`` ("black", "orange" or "neutral")."""
        scale = self._stone_scale() if scale is None else scale
        if colour == "neutral":
            return self.neutral_stone(scale)
        return self.stone(theme.colour(colour), scale)

    def neutral_stone(self, scale: float):
        """A stone split into an orange and a black half inside a light rim."""
        r = self.board.radius
        orange, black = theme.colour("orange"), theme.colour("black")
        rim = theme.colour("neutral")["edge"]

        def make():
            ss = SUPERSAMPLE
            R = r * scale
            size = int(math.ceil(2 * R)) + 6
            big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
            c = size * ss / 2
            pygame.draw.circle(big, theme.SHADE + (110,), (c, c + R * 0.12 * ss), R * ss)
            pygame.draw.circle(big, rim, (c, c), R * ss)
            inner = R * 0.84 * ss
            pygame.draw.circle(big, orange["fill"], (c, c), inner)
            half = pygame.Surface(big.get_size(), pygame.SRCALPHA)
            pygame.draw.circle(half, black["fill"], (c, c), inner)
            k = size * ss
            # clear the upper-left half: the black half is the lower right
            pygame.draw.polygon(half, (0, 0, 0, 0), [(0, 0), (k, 0), (0, k)])
            big.blit(half, (0, 0))
            # a light seam between the halves and a soft shine on the orange side
            w = max(1, int(R * 0.07 * ss))
            d = inner * math.sqrt(0.5)
            pygame.draw.line(big, rim, (c - d, c + d), (c + d, c - d), w)
            pygame.draw.circle(
                big,
                theme.mix(orange["fill"], theme.SHINE, 0.3),
                (c - R * 0.34 * ss, c - R * 0.34 * ss),
                R * 0.16 * ss,
            )
            if r >= 8:  # the black half keeps black's ring cue, as an arc
                arc = pygame.Rect(0, 0, 2 * R * 0.56 * ss, 2 * R * 0.56 * ss)
                arc.center = (c, c)
                pygame.draw.arc(
                    big,
                    black["edge"],
                    arc,
                    math.radians(-135 - 0),
                    math.radians(45),
                    max(1, int(R * 0.09 * ss)),
                )
            return pygame.transform.smoothscale(big, (size, size))

        return self.board.sprite(("neutral", scale), make)

    def cross_sprite(self):
        r = self.board.radius

        def make():
            ss = SUPERSAMPLE
            size = int(math.ceil(2 * r)) + 4
            big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
            c = size * ss / 2
            pygame.draw.polygon(big, theme.BG + (150,), hex_points(c, c, r * 0.93 * ss))
            a = r * 0.2 * ss
            w = max(1, int(r * 0.09 * ss))
            col = theme.mix(theme.BAD, theme.TEXT_DIM, 0.35) + (200,)
            pygame.draw.line(big, col, (c - a, c - a), (c + a, c + a), w)
            pygame.draw.line(big, col, (c - a, c + a), (c + a, c - a), w)
            return pygame.transform.smoothscale(big, (size, size))

        return self.board.sprite(("cross",), make)

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surface) -> None:
        self._ensure_layout(surface)
        b = self.board
        s = self.state
        b.draw_base(surface)
        n = self.geo.size
        # 1. the enclosed cells of a winning loop, under everything
        self._draw_loop_fill(surface)
        # 2. cells the neutral stone may not take (second Chicken ply)
        calm = theme.ease_out_cubic(self._calm / theme.FADE_TIME)
        if self.forbidden and not self.timeline.running:
            cross = self.cross_sprite()
            for i in self.forbidden:
                x, y = b.center(i)
                b.blit_center(surface, cross, x + self.shake_dx(i), y, int(255 * calm))
        # 3. targets, last move, hint, hover
        empty_targets = (
            [i for i in self.targets if s.stone_at(i) == "empty"] if self.showing_targets() else []
        )
        hint_cell = self.draw_marks(surface, empty_targets)
        # 4. the new stone glows under it (second Chicken ply)
        pend = s.pending_stone
        if pend is not None and self.drop_lift(pend) is None:
            x, y = b.center(pend)
            a = int((120 + 100 * theme.pulse(self.time, 1.2)) * calm)
            b.blit_center(surface, b.glow_sprite(theme.ACCENT, 0.98), x, y, a)
        # 5. the stones
        for i in range(n):
            colour = s.stone_at(i)
            if colour == "empty":
                continue
            x, y = b.center(i)
            x += self.shake_dx(i)
            drop = self.drop_lift(i)
            sprite = self.colour_stone(colour)
            if drop is None:
                b.blit_center(surface, sprite, x, y)
            else:
                lift, alpha = drop
                b.blit_center(surface, sprite, x, y - lift, alpha)
        # 6. ghosts of the stone a click would drop (hover, hint)
        ghost = "neutral" if s.phase == "neutral or decline" else s.mover_colour() or "black"
        hv = self.hover_cell if self.interactive else None
        for cell, alpha in ((hint_cell, 110), (hv, 140)):
            if cell is None or cell not in self.targets or s.is_over():
                continue
            if self.timeline.running or s.stone_at(cell) != "empty":
                continue
            x, y = b.center(cell)
            b.blit_center(surface, self.colour_stone(ghost), x, y, alpha)
        # 7. the new stone's group: the neutral stone may not join it
        if self.group and not self.timeline.running:
            ring = self.ring_sprite(theme.ACCENT, STONE_R + 0.03, 0.08)
            a = int((150 + 80 * theme.pulse(self.time, 1.2)) * calm)
            for i in self.group:
                x, y = b.center(i)
                b.blit_center(surface, ring, x, y, a)
        # 8. the winning loop's path
        self._draw_loop_path(surface)
        self.draw_shake(surface)
        # 9. words on the board
        if s.phase == "choose colour":
            self._draw_question(surface)
        self._draw_strip(surface)
        if self.notice and self.timeline.get("notice") is not None:
            t = self.timeline.raw("notice", 1.0)
            alpha = theme.clamp01(min(t / 0.12, (1.0 - t) / 0.3))
            self._draw_notice(surface, self.notice, alpha)

    # --- the loop -------------------------------------------------------------------------
    def _loop_colour(self) -> dict:
        return theme.colour(self.state.winning_colour())

    def _reveal(self) -> tuple[float, float]:
        """(path progress, fill progress), both 0..1."""
        return self.timeline.value("loop", 1.0), self.timeline.value("fill", 1.0)

    def _draw_loop_fill(self, surface) -> None:
        """The enclosed cells fill softly; the loop's stones get a halo under them."""
        if not self.loop_cells:
            return
        prog, fill = self._reveal()
        b = self.board
        lit = LOOP_GLOW
        pulse = 0.8 + 0.2 * theme.pulse(self.time, 2.0)
        if fill > 0:
            tile = b.hex_sprite(theme.mix(self._loop_colour()["fill"], lit, 0.45), 0.93)
            halo = b.glow_sprite(lit, 0.96)
            for i in self.loop_cells[1]:
                x, y = b.center(i)
                b.blit_center(surface, tile, x, y, int(120 * fill))
                b.blit_center(surface, halo, x, y, int(200 * fill * pulse))
        if prog > 0:
            halo = b.glow_sprite(lit, 1.0)
            for cycle in self.loop_paths:
                k = len(cycle)
                for j, i in enumerate(cycle):
                    if k and j / k <= prog:
                        x, y = b.center(i)
                        b.blit_center(surface, halo, x, y, int(230 * pulse))

    def _path_points(self, cycle) -> list[tuple[float, float]]:
        return [self.board.center(i) for i in cycle]

    def _draw_loop_path(self, surface) -> None:
        if not self.loop_paths:
            return
        prog, _ = self._reveal()
        if prog <= 0:
            return
        b = self.board
        key = (id(self.state), tuple(b.rect), round(prog, 3))
        if self._loop_cache is None or self._loop_cache[0] != key:
            self._loop_cache = (key, self._render_path(prog))
        layer, origin = self._loop_cache[1]
        a = int(205 + 50 * theme.pulse(self.time, 1.6)) if prog >= 1 else 255
        layer.set_alpha(a)
        surface.blit(layer, origin)
        layer.set_alpha(255)

    def _render_path(self, prog: float):
        """The glowing path (a translucent layer over the board) up to ``prog``."""
        b = self.board
        r = b.radius
        pts_all = [p for cyc in self.loop_paths for p in self._path_points(cyc)]
        pad = int(r) + 4
        left = int(min(x for x, _ in pts_all)) - pad
        top = int(min(y for _, y in pts_all)) - pad
        w = int(max(x for x, _ in pts_all)) + pad - left
        h = int(max(y for _, y in pts_all)) + pad - top
        layer = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
        core = theme.mix(LOOP_GLOW, theme.SHINE, 0.45)
        glow = LOOP_GLOW
        for cyc in self.loop_paths:
            pts = [(x - left, y - top) for x, y in self._path_points(cyc)]
            if len(pts) < 2:
                continue
            pts = pts + [pts[0]]
            seg = _partial(pts, prog)
            if len(seg) < 2:
                continue
            for width, colour, alpha in (
                (0.8, glow, 50),
                (0.5, glow, 90),
                (0.26, core, 200),
                (0.1, theme.SHINE, 240),
            ):
                wpx = max(1, int(r * width))
                tmp = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
                pygame.draw.lines(tmp, colour + (alpha,), False, seg, wpx)
                for p in seg:
                    pygame.draw.circle(tmp, colour + (alpha,), p, wpx / 2)
                layer.blit(tmp, (0, 0))
        return layer, (left, top)

    # --- words on the board ---------------------------------------------------------------
    def _banner_box(self, lines_h: int, width: int, avoid: list[int]) -> pygame.Rect:
        """A banner rect across the board, at the top unless a cell of ``avoid`` lies in
        the upper half (then at the bottom)."""
        rect = self.rect
        box = pygame.Rect(0, 0, width, lines_h)
        box.centerx = rect.centerx
        upper = any(self.board.center(i)[1] < rect.centery for i in avoid)
        margin = max(6, int(self.board.radius * 0.4))
        if upper:
            box.bottom = rect.bottom - margin
        else:
            box.top = rect.top + margin
        return box

    def chips(self) -> list[Chip]:
        """The colour question's answers (empty outside the colour choice)."""
        if self.state.phase != "choose colour" or self.rect is None:
            return []
        return self._question_layout()[1]

    def _question_size(self):
        """(width, type size, title, lines, chip height, height) of the colour question."""
        s = self.state
        rect = self.rect
        who = s.seat_name(s.player)
        width = min(rect.w - 8, max(320, int(rect.w * 0.82)))
        big = theme.FONT_MEDIUM if width >= 460 else theme.FONT_SMALL
        title = f"{who}: take Black or Orange?"
        if font(big).size(title)[0] > width - 2 * theme.GAP:
            big = theme.FONT_SMALL
        sub = f"Black: the stone on {self._opening_name()} becomes yours. Orange: you move next."
        pad = theme.GAP
        sub_lines = wrap_text(sub, theme.FONT_TINY, width - 2 * pad)
        chip_h = line_height(theme.FONT_SMALL) + 14
        h = (
            pad
            + line_height(big)
            + 2
            + len(sub_lines) * line_height(theme.FONT_TINY)
            + pad
            + chip_h
            + pad
        )
        return width, big, title, sub_lines, chip_h, h

    def _question_layout(self):
        s = self.state
        rect = self.rect
        width, big, title, sub_lines, chip_h, h = self._question_size()
        pad = theme.GAP
        if self.board.rect.top >= rect.top + h:  # the room board_rect keeps above the board
            box = pygame.Rect(0, rect.top + 2, width, h)
            box.centerx = rect.centerx
        else:  # no room to spare (a thumbnail): over the board, away from the stone
            stone = [i for i in range(self.geo.size) if s.stone_at(i) == "black"]
            box = self._banner_box(h, width, stone)
        chips = []
        # each chip as wide as its label (and stone) needs, at least the designed 170
        need = max(font(theme.FONT_SMALL).size(CHOICE_HINT[c])[0] for c in ("black", "orange"))
        cw = min(max(170, need + chip_h + 3 * pad), (width - 3 * pad) // 2)
        y = box.bottom - pad - chip_h
        for k, colour in enumerate(("black", "orange")):
            m = self._move("take:" + colour)
            if m is None:
                continue
            x = box.centerx - pad // 2 - cw if k == 0 else box.centerx + pad // 2
            chips.append(Chip(CHOICE_HINT[colour], colour, m, pygame.Rect(x, y, cw, chip_h)))
        return (box, title, big, sub_lines), chips

    def _draw_question(self, surface) -> None:
        (box, title, big, sub_lines), chips = self._question_layout()
        glow = int(150 + 90 * theme.pulse(self.time, 1.4))
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        rad = min(theme.RADIUS, box.h // 4)
        pygame.draw.rect(panel, theme.PANEL + (232,), panel.get_rect(), border_radius=rad)
        pygame.draw.rect(panel, theme.ACCENT_2 + (glow,), panel.get_rect(), 2, border_radius=rad)
        surface.blit(panel, box)
        pad = theme.GAP
        y = box.top + pad
        img = font(big).render(title, True, theme.TEXT)
        blit_text(surface, img, img.get_rect(midtop=(box.centerx, y)), title, box)
        y += line_height(big) + 2
        for line in sub_lines:
            img = font(theme.FONT_TINY).render(line, True, theme.TEXT_DIM)
            blit_text(surface, img, img.get_rect(midtop=(box.centerx, y)), line, box)
            y += line_height(theme.FONT_TINY)
        mouse = self._mouse_pos
        for chip in chips:
            e = theme.colour(chip.colour)
            hot = self.interactive and mouse is not None and chip.rect.collidepoint(mouse)
            hot = hot or (
                self.hint is not None
                and str(self.hint) == str(chip.move)
                and theme.pulse(self.time, 0.9) > 0.3
            )
            back = theme.mix(theme.PANEL, e["fill"], 0.35 if hot else 0.18)
            pygame.draw.rect(surface, back, chip.rect, border_radius=rad)
            edge = theme.ACCENT_2 if hot else theme.mix(e["fill"], theme.TEXT, 0.4)
            pygame.draw.rect(surface, edge, chip.rect, 2, border_radius=rad)
            sprite = self.stone(e, 0.5) if self.board.radius >= 10 else None
            img = font(theme.FONT_SMALL).render(
                chip.label, True, theme.TEXT if self.interactive else theme.TEXT_DIM
            )
            ir = img.get_rect()
            gap = 6
            sw = 0
            if sprite is not None:
                disc = min(sprite.get_width(), chip.rect.h - 8)
                sprite = pygame.transform.smoothscale(sprite, (disc, disc))
                sw = disc + gap
            x0 = chip.rect.centerx - (sw + ir.w) // 2
            if sprite is not None:
                surface.blit(sprite, sprite.get_rect(midleft=(x0, chip.rect.centery)))
            where = ir.move(x0 + sw - ir.x, chip.rect.centery - ir.h // 2)
            blit_text(surface, img, where, chip.label, chip.rect)

    def _draw_strip(self, surface) -> None:
        """The advice strip under a Chicken board (two lines at most)."""
        text, colour = self.strip_text()
        board = self.board_rect()
        if not text or board.bottom >= self.rect.bottom:
            return
        lh = line_height(theme.FONT_TINY)
        room = max(1, (self.rect.bottom - board.bottom - 4) // lh)
        lines = wrap_text(text, theme.FONT_TINY, self.rect.w - 8)[:room]
        y = board.bottom + 4
        for line in lines:
            img = font(theme.FONT_TINY).render(line, True, colour)
            blit_text(surface, img, img.get_rect(midtop=(self.rect.centerx, y)), line, self.rect)
            y += lh

    def _draw_notice(self, surface, text: str, alpha: float) -> None:
        if alpha <= 0:
            return
        rect = self.rect
        f = font(theme.FONT_SMALL)
        lines = wrap_text(text, theme.FONT_SMALL, max(100, int(rect.w * 0.8)))
        lh = line_height(theme.FONT_SMALL)
        w = max(f.size(line)[0] for line in lines) + 2 * theme.PAD
        h = lh * len(lines) + theme.GAP * 2
        box = pygame.Rect(0, 0, w, h)
        box.center = rect.center
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        rad = min(theme.RADIUS, h // 3)
        pygame.draw.rect(panel, theme.PANEL + (230,), panel.get_rect(), border_radius=rad)
        pygame.draw.rect(panel, theme.WARN + (220,), panel.get_rect(), 2, border_radius=rad)
        y = theme.GAP
        for line in lines:
            img = f.render(line, True, theme.TEXT)
            blit_text(panel, img, img.get_rect(midtop=(w // 2, y)), line)
            y += lh
        panel.set_alpha(int(255 * alpha))
        surface.blit(panel, box)
        note_blit(surface, panel, box)


def _partial(pts, prog: float):
    """The first ``prog`` (0..1) of a polyline, by length."""
    if prog >= 1:
        return pts
    lengths = [math.dist(pts[k], pts[k + 1]) for k in range(len(pts) - 1)]
    total = sum(lengths)
    want = total * max(0.0, prog)
    out = [pts[0]]
    for k, seg in enumerate(lengths):
        if want >= seg:
            out.append(pts[k + 1])
            want -= seg
            continue
        if seg > 0 and want > 0:
            t = want / seg
            a, b = pts[k], pts[k + 1]
            out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
        break
    return out


VIEW = GlorietaView
